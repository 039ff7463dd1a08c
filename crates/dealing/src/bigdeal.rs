//! Big Deal 2.0's generator, byte-compatible with `bigdealx`.
//!
//! For each candidate *k* = 1, 2, … (a 32-bit counter, global to the run):
//!
//! ```text
//! H = RIPEMD160( LE32(k) ‖ seed_random[20] ‖ RIPEMD160(owner)[20] )     (44 bytes, one block)
//! value = H[0..12] read big-endian                                      (96 bits)
//! accept iff value < D = 52!/(13!)^4, then deal = Kuipers-decode(value)
//! ```
//!
//! The counter advances on every candidate, accepted or not (acceptance rate D/2⁹⁶ ≈ 0.677),
//! and never depends on board numbers: boards 11–14 get the same deals as boards 1–4.
//!
//! * [`BigDealGenerator`] — an `Iterator<Item = Deal>`; [`BigDealGenerator::next_candidate`]
//!   exposes every hash (for traces), [`BigDealGenerator::hashes_used`] counts them.
//! * [`owner_hash`] — `RIPEMD160(owner)`, no terminator.
//! * [`DEFAULT_OWNER`] — Big Deal's default owner string.
//!
//! Cost: one RIPEMD-160 compression per candidate, no allocation per deal. The 32-bit counter
//! wraps after 2³² candidates exactly as Big Deal's does (≈ 2.9·10⁹ deals, beyond any real run).
//!
//! Panic policy: nothing here panics.

use crate::entropy::Seed;
use fairdeal_model::Deal;
use ripemd::{Digest, Ripemd160};
use std::fmt;

/// D = 52!/(13!)⁴, the number of deals; candidates ≥ D are rejected.
pub const DEAL_COUNT: u128 = 53_644_737_765_488_792_839_237_440_000;

/// The owner string Big Deal uses when the user just presses Enter at the owner prompt.
pub const DEFAULT_OWNER: &str = "Identification of owner or tournament";

/// `RIPEMD160(owner bytes)` — Big Deal's `seed_owner`.
pub fn owner_hash(owner: &str) -> [u8; 20] {
    Ripemd160::digest(owner.as_bytes()).into()
}

/// One hash of the stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Candidate {
    /// The counter (`seqno`), from 1.
    pub seqno: u32,
    /// The 44-byte hash input.
    pub input: [u8; 44],
    /// `RIPEMD160(input)`.
    pub digest: [u8; 20],
    /// The first 12 digest bytes, big-endian.
    pub value: u128,
}

impl Candidate {
    /// Whether the value is a deal number (< D).
    pub const fn accepted(&self) -> bool {
        self.value < DEAL_COUNT
    }
}

/// Big Deal's deal stream for one seed and owner.
#[derive(Clone)]
pub struct BigDealGenerator {
    /// `seqno (4) ‖ seed (20) ‖ owner hash (20)`; only the first 4 bytes change.
    input: [u8; 44],
    seqno: u32,
}

impl fmt::Debug for BigDealGenerator {
    /// Redacted: the seed never prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BigDealGenerator")
            .field("hashes_used", &self.seqno)
            .finish_non_exhaustive()
    }
}

impl BigDealGenerator {
    /// The stream for `seed` (Big Deal's `seed_random`) and `owner` (its init-file owner or `-W`).
    pub fn new(seed: [u8; 20], owner: &str) -> BigDealGenerator {
        let mut input = [0u8; 44];
        input[4..24].copy_from_slice(&seed);
        input[24..44].copy_from_slice(&owner_hash(owner));
        BigDealGenerator { input, seqno: 0 }
    }

    /// The stream for a [`Seed`].
    pub fn from_seed(seed: &Seed, owner: &str) -> BigDealGenerator {
        BigDealGenerator::new(seed.to_bytes(), owner)
    }

    /// Candidates hashed so far (= the last counter value used).
    pub const fn hashes_used(&self) -> u32 {
        self.seqno
    }

    /// Hashes the next candidate, accepted or not.
    pub fn next_candidate(&mut self) -> Candidate {
        self.seqno = self.seqno.wrapping_add(1);
        self.input[0..4].copy_from_slice(&self.seqno.to_le_bytes());
        let digest: [u8; 20] = Ripemd160::digest(self.input).into();
        let mut v = [0u8; 16];
        v[4..16].copy_from_slice(&digest[0..12]);
        Candidate {
            seqno: self.seqno,
            input: self.input,
            digest,
            value: u128::from_be_bytes(v),
        }
    }

    /// The next accepted deal number (< D).
    pub fn next_number(&mut self) -> u128 {
        loop {
            let c = self.next_candidate();
            if c.accepted() {
                return c.value;
            }
        }
    }
}

impl Iterator for BigDealGenerator {
    type Item = Deal;

    /// Never `None`: the stream is endless.
    fn next(&mut self) -> Option<Deal> {
        loop {
            let n = self.next_number();
            // n < D, so decoding cannot fail; the loop keeps this total without a panic.
            if let Ok(d) = fairdeal_model::kuipers::deal_from_number(n) {
                return Some(d);
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::MAX, None)
    }
}
