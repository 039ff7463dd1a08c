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
//! Speed: the candidates are hashed eight at a time by a private RIPEMD-160 compression
//! specialised to this one-block message (only word 0, the counter, differs between lanes;
//! the other 15 words and the round constants are added once per stream), written as a lane
//! loop that the compiler vectorises (SSE2 on x86-64, no `unsafe`). The `ripemd` crate (used
//! for [`owner_hash`] and as the reference in the tests) hashes one block at a time and
//! exposes no multi-block compression; a candidate costs ≈ 4× as much through it
//! (docs/BENCHMARKS.md). Hashes computed ahead of
//! use are buffered, so [`BigDealGenerator::next_candidate`] and
//! [`BigDealGenerator::hashes_used`] still see one candidate at a time.
//!
//! Panic policy: nothing here panics.

use crate::entropy::Seed;
use fairdeal_model::Deal;
use ripemd::{Digest, Ripemd160};
use std::fmt;

/// D, the number of deals (re-exported from the model crate: one constant, one place).
pub use fairdeal_model::DEAL_COUNT;

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

/// Candidates hashed together by [`lanes::compress`].
const LANES: usize = lanes::LANES;

/// Big Deal's deal stream for one seed and owner.
#[derive(Clone)]
pub struct BigDealGenerator {
    /// `seqno (4) ‖ seed (20) ‖ owner hash (20)`; only the first 4 bytes change.
    input: [u8; 44],
    /// Words 1–15 of the padded block plus the step constants (see [`lanes::schedule`]).
    schedule: lanes::Schedule,
    /// Candidates handed out (the last counter value used).
    seqno: u32,
    /// Digest words (`[word][lane]`) of the counters `seqno + 1 − next_lane + lane`.
    batch: [lanes::Lanes; 5],
    /// The next unused lane of `batch`; [`LANES`] when the batch is used up.
    next_lane: usize,
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
        BigDealGenerator {
            input,
            schedule: lanes::schedule(&input),
            seqno: 0,
            batch: [[0; LANES]; 5],
            next_lane: LANES,
        }
    }

    /// The stream for a [`Seed`].
    pub fn from_seed(seed: &Seed, owner: &str) -> BigDealGenerator {
        BigDealGenerator::new(seed.to_bytes(), owner)
    }

    /// Candidates hashed so far (= the last counter value used).
    pub const fn hashes_used(&self) -> u32 {
        self.seqno
    }

    /// The digest words of the next candidate (counter `seqno + 1`), and advances the counter.
    #[inline]
    fn next_digest_words(&mut self) -> [u32; 5] {
        if self.next_lane == LANES {
            let first = self.seqno.wrapping_add(1);
            let counters: lanes::Lanes =
                std::array::from_fn(|lane| first.wrapping_add(lane as u32));
            self.batch = lanes::compress(&counters, &self.schedule);
            self.next_lane = 0;
        }
        let lane = self.next_lane;
        self.next_lane += 1;
        self.seqno = self.seqno.wrapping_add(1);
        self.batch.map(|word| word[lane])
    }

    /// Hashes the next candidate, accepted or not.
    pub fn next_candidate(&mut self) -> Candidate {
        let h = self.next_digest_words();
        self.input[0..4].copy_from_slice(&self.seqno.to_le_bytes());
        let mut digest = [0u8; 20];
        for (chunk, word) in digest.chunks_exact_mut(4).zip(h) {
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        Candidate {
            seqno: self.seqno,
            input: self.input,
            digest,
            value: value_of(h),
        }
    }

    /// The next accepted deal number (< D).
    pub fn next_number(&mut self) -> u128 {
        loop {
            let value = value_of(self.next_digest_words());
            if value < DEAL_COUNT {
                return value;
            }
        }
    }
}

/// The first 12 digest bytes read big-endian: the digest is the words little-endian.
#[inline]
fn value_of(h: [u32; 5]) -> u128 {
    (u128::from(h[0].swap_bytes()) << 64)
        | (u128::from(h[1].swap_bytes()) << 32)
        | u128::from(h[2].swap_bytes())
}

/// Boards `range` (numbered from its first board) dealt from `seed` and `owner`: the set
/// `bigdealx -n low-high` writes, and what the Tournament page shows.
pub fn deal_range(seed: &Seed, owner: &str, range: crate::formats::BoardRange) -> Vec<(u32, Deal)> {
    (range.low()..=range.high())
        .zip(BigDealGenerator::from_seed(seed, owner))
        .collect()
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

/// RIPEMD-160 compression of [`LANES`] one-block messages that differ only in word 0.
///
/// The message is Big Deal's 44-byte input padded to one block: words 0–10 are the input
/// (little-endian), word 11 is the `0x80` padding byte, word 14 the bit length 352, the rest
/// zero. Steps follow the RIPEMD-160 specification (Dobbertin, Bosselaers, Preneel 1996), as
/// the `ripemd` crate does; the tests compare both on many inputs.
mod lanes {
    /// Candidates per compression: two SSE2 vectors' worth (eight measured ≈ 6 % faster per
    /// hash than four, sixteen no faster).
    pub(super) const LANES: usize = 8;

    /// One 32-bit word per lane.
    pub(super) type Lanes = [u32; LANES];

    /// Per step (left line, right line): the message word plus the round constant, with the
    /// counter word (word 0) left out — it is added per lane.
    pub(super) type Schedule = [[u32; 80]; 2];

    /// Message word of each left-line step.
    const WORD_L: [usize; 80] = [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, //
        7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, //
        3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, //
        1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2, //
        4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13, //
    ];
    /// Rotation of each left-line step.
    const ROT_L: [u32; 80] = [
        11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, //
        7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, //
        11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, //
        11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, //
        9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6, //
    ];
    /// Message word of each right-line step.
    const WORD_R: [usize; 80] = [
        5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, //
        6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, //
        15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, //
        8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14, //
        12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11, //
    ];
    /// Rotation of each right-line step.
    const ROT_R: [u32; 80] = [
        8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, //
        9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, //
        9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, //
        15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8, //
        8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11, //
    ];
    /// Round constants, left line.
    const K_L: [u32; 5] = [0, 0x5a82_7999, 0x6ed9_eba1, 0x8f1b_bcdc, 0xa953_fd4e];
    /// Round constants, right line.
    const K_R: [u32; 5] = [0x50a2_8be6, 0x5c4d_d124, 0x6d70_3ef3, 0x7a6d_76e9, 0];
    /// Initial chaining value.
    const H0: [u32; 5] = [
        0x6745_2301,
        0xefcd_ab89,
        0x98ba_dcfe,
        0x1032_5476,
        0xc3d2_e1f0,
    ];

    /// The schedule for `input` (its counter bytes are ignored).
    pub(super) fn schedule(input: &[u8; 44]) -> Schedule {
        let mut block = [0u8; 64];
        block[..44].copy_from_slice(input);
        block[44] = 0x80;
        block[56..60].copy_from_slice(&(44u32 * 8).to_le_bytes());
        let mut words = [0u32; 16];
        for (w, chunk) in words.iter_mut().zip(block.chunks_exact(4)) {
            *w = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        words[0] = 0;
        let mut s = [[0u32; 80]; 2];
        for j in 0..80 {
            s[0][j] = words[WORD_L[j]].wrapping_add(K_L[j / 16]);
            s[1][j] = words[WORD_R[j]].wrapping_add(K_R[j / 16]);
        }
        s
    }

    /// The five boolean functions; `F` is constant after inlining.
    #[inline(always)]
    fn f<const F: usize>(x: u32, y: u32, z: u32) -> u32 {
        match F {
            0 => x ^ y ^ z,
            1 => (x & y) | (!x & z),
            2 => (x | !y) ^ z,
            3 => (x & z) | (y & !z),
            _ => x ^ (y | !z),
        }
    }

    /// One step of one line: `st` is (A, B, C, D, E), `wk` the scheduled word plus constant,
    /// to which the counter is added when the step reads word 0.
    #[inline(always)]
    fn line<const F: usize>(st: &mut [u32; 5], counter: u32, uses_counter: bool, wk: u32, s: u32) {
        let [a, b, c, d, e] = *st;
        let w = if uses_counter {
            counter.wrapping_add(wk)
        } else {
            wk
        };
        let t = a
            .wrapping_add(f::<F>(b, c, d))
            .wrapping_add(w)
            .rotate_left(s)
            .wrapping_add(e);
        *st = [e, t, b, c.rotate_left(10), d];
    }

    /// Step `J` (0–79) of both lines; everything but the state and counter is constant.
    #[inline(always)]
    fn step<const J: usize>(l: &mut [u32; 5], r: &mut [u32; 5], counter: u32, s: &Schedule) {
        let (wl, wr) = (WORD_L[J] == 0, WORD_R[J] == 0);
        let (kl, kr) = (s[0][J], s[1][J]);
        match J / 16 {
            0 => line::<0>(l, counter, wl, kl, ROT_L[J]),
            1 => line::<1>(l, counter, wl, kl, ROT_L[J]),
            2 => line::<2>(l, counter, wl, kl, ROT_L[J]),
            3 => line::<3>(l, counter, wl, kl, ROT_L[J]),
            _ => line::<4>(l, counter, wl, kl, ROT_L[J]),
        }
        match J / 16 {
            0 => line::<4>(r, counter, wr, kr, ROT_R[J]),
            1 => line::<3>(r, counter, wr, kr, ROT_R[J]),
            2 => line::<2>(r, counter, wr, kr, ROT_R[J]),
            3 => line::<1>(r, counter, wr, kr, ROT_R[J]),
            _ => line::<0>(r, counter, wr, kr, ROT_R[J]),
        }
    }

    /// Expands to `step::<J>` for each listed `J`: straight-line code, constant rotations.
    macro_rules! steps {
        ($l:ident, $r:ident, $counter:ident, $s:ident; $($j:literal)*) => {
            $( step::<$j>(&mut $l, &mut $r, $counter, $s); )*
        };
    }

    /// The digest words (`[word][lane]`, each little-endian in the digest) of the messages
    /// whose word 0 is `counter[lane]`.
    ///
    /// The lane loop has independent iterations over straight-line bodies, which the
    /// compiler's loop vectoriser turns into SIMD (four lanes per SSE2 instruction on
    /// x86-64); where it cannot, the lanes simply run one after the other.
    #[inline(never)]
    pub(super) fn compress(counter: &Lanes, s: &Schedule) -> [Lanes; 5] {
        let mut out = [[0u32; LANES]; 5];
        for lane in 0..LANES {
            let x0 = counter[lane];
            let (mut l, mut r) = (H0, H0);
            steps!(l, r, x0, s;
                0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28
                29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54
                55 56 57 58 59 60 61 62 63 64 65 66 67 68 69 70 71 72 73 74 75 76 77 78 79);
            out[0][lane] = H0[1].wrapping_add(l[2]).wrapping_add(r[3]);
            out[1][lane] = H0[2].wrapping_add(l[3]).wrapping_add(r[4]);
            out[2][lane] = H0[3].wrapping_add(l[4]).wrapping_add(r[0]);
            out[3][lane] = H0[4].wrapping_add(l[0]).wrapping_add(r[1]);
            out[4][lane] = H0[0].wrapping_add(l[1]).wrapping_add(r[2]);
        }
        out
    }
}

#[cfg(test)]
mod tests;
