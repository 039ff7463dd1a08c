//! The fast simulation dealer: a seeded ChaCha8 stream mapped to deals without bias.
//!
//! [`FastDealer`] owns a [`ChaCha8Rng`] and turns it into uniformly distributed deals at
//! tens of millions per second per core. It is meant for simulation (statistics, constrained
//! dealing, Monte Carlo); tournament boards come from [`crate::bigdeal`], whose stream is
//! specified byte for byte by Big Deal.
//!
//! # The mapping
//!
//! A deal is a partial Fisher–Yates shuffle of the 52 cards: position *i* (0 ≤ *i* < 39)
//! swaps with a uniform position in `i..52`; positions 0–12 go to North, 13–25 to East,
//! 26–38 to South and the 13 cards left over to West. Every one of the
//! 52!/(13!)⁴ deals is equally likely, exactly (not just approximately).
//!
//! The 39 bounded integers (bounds 52, 51, …, 14) come from Lemire's multiply-shift
//! method, *batched* (Brackett-Rozinsky & Lemire, "Batched Ranged Random Integer
//! Generation", 2024): one 64-bit word yields several values whose bounds multiply to
//! *P* ≤ 2⁵², by repeated 64×64→128-bit multiplication. The leftover low word is compared
//! with 2⁶⁴ mod *P*, and the word is redrawn when it falls below — the rejection that makes
//! the values exactly uniform. A deal consumes 4 words (32 bytes) of ChaCha output (batches
//! of 9, 9, 10 and 11 bounds); a batch is redrawn with probability below 2⁻¹², about
//! 3 in 100,000 deals.
//!
//! [`FastDealer::deal_rest`] uses the same shuffle over the cards not yet placed, so the
//! placed cards stay where they are and every completion is equally likely.
//!
//! # Why ChaCha8
//!
//! The 8-round ChaCha is the fastest member of the family, and no attack is known beyond
//! 7 rounds (Aumasson, "Too Much Crypto", 2019), so for simulation its output is
//! indistinguishable from random. ChaCha12 (rand's `StdRng`) measured about 25–35 % slower
//! per byte here, about 5 % per deal; tournament deals, where the margin matters, come from
//! [`crate::bigdeal`] instead. Measurements: docs/BENCHMARKS.md.
//!
//! # Why this mapping
//!
//! The alternative — a uniform 96-bit number below D by rejection (acceptance 0.677), then
//! Big Deal's Kuipers decoder — measured about 6× slower per deal (docs/BENCHMARKS.md): the
//! decoder walks the deck once per hand, while the shuffle makes 39 swaps.
//!
//! # In the browser
//!
//! On wasm32 two steps take a different route to the same values: the Lemire products use
//! 32-bit halves (`fast/mul.rs`; wasm has no widening multiply), and with `simd128` the
//! ChaCha8 words come from a four-lane SIMD block function (`fast/chacha.rs`) instead of
//! rand_chacha. crates/app/tests/fast_dealer_wasm.rs checks in Chromium that the deals are
//! those of the native path.
//!
//! # Allocation and panic policy
//!
//! Nothing allocates per deal: the deck and the bounded integers live on the stack.
//! [`FastDealer::deal_rest`] checks its input and reports bad partial deals as
//! [`DealRestError`]; no function panics on caller input.

use fairdeal_model::{Card, Deal, Hand, Seat};
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use rand_chacha::ChaCha8Rng;
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
use rand_core::{RngCore, SeedableRng};
use thiserror::Error;

/// The ChaCha8 word source: rand_chacha's `ChaCha8Rng`, or on wasm32 with `simd128` the
/// same stream computed four blocks per SIMD pass ([`chacha`]), which rand_chacha's backend
/// lacks there.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
type Words = ChaCha8Rng;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
type Words = chacha::ChaCha8Words;

/// Stream `stream` of `seed`, as `ChaCha8Rng::from_seed(seed)` then `set_stream(stream)`.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn words(seed: [u8; 32], stream: u64) -> Words {
    let mut rng = ChaCha8Rng::from_seed(seed);
    if stream != 0 {
        rng.set_stream(stream);
    }
    rng
}
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn words(seed: [u8; 32], stream: u64) -> Words {
    chacha::ChaCha8Words::new(seed, stream)
}

/// Why cards already placed cannot be completed to a deal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealRestError {
    /// The same card was placed in two seats.
    #[error("{card} is placed with both {first} and {second}; each card can go to one seat")]
    Overlap {
        /// The card placed twice.
        card: Card,
        /// The first seat given it.
        first: Seat,
        /// The second seat given it.
        second: Seat,
    },
    /// A seat was given more than 13 cards.
    #[error("{seat} is given {count} cards; a hand holds at most 13")]
    TooMany {
        /// The seat.
        seat: Seat,
        /// How many cards it was given.
        count: u32,
    },
}

/// A seeded stream of uniformly random deals (ChaCha8 + unbiased partial Fisher–Yates).
///
/// The same seed (and stream) always gives the same deals, on every platform.
#[derive(Debug, Clone)]
pub struct FastDealer {
    rng: Words,
}

/// The deck in card-index order, the starting point of every shuffle.
const DECK: [u8; 52] = {
    let mut d = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        d[i] = i as u8;
        i += 1;
    }
    d
};

/// The largest product of bounds drawn from one 64-bit word. A batch is rejected with
/// probability (2⁶⁴ mod P)/2⁶⁴ < P/2⁶⁴ ≤ 2⁻¹²; packing words fuller (P near 2⁶⁴) would
/// reject up to half of them.
const MAX_PRODUCT: u64 = 1 << 52;

/// Batches for drawing the bounds 52, 51, …, 14 of a full deal, as (size, product of the
/// bounds): the greedy split into runs whose product stays at most [`MAX_PRODUCT`],
/// computed at compile time (sizes 9, 9, 10, 11: four words per deal).
const FULL_DEAL_BATCHES: [(u8, u64); 4] = full_deal_batches();

const fn full_deal_batches() -> [(u8, u64); 4] {
    let mut out = [(0u8, 0u64); 4];
    let mut batch = 0;
    let mut bound = 52u64;
    while bound > 13 {
        let mut product = 1u64;
        let mut k = 0u8;
        while bound > 13 && product * bound <= MAX_PRODUCT {
            product *= bound;
            bound -= 1;
            k += 1;
        }
        // Four batches suffice; a fifth would not fit the array and fail compilation.
        out[batch] = (k, product);
        batch += 1;
    }
    out
}

/// Defines a batched bounded-integer function for one word size (the `u64` one is used;
/// tests instantiate a `u16` one with the same body and check it exhaustively). `$mul`
/// gives `low × bound` as its (high, low) words; for `u64` it is [`mul::mul_small`], whose
/// form depends on the target (same values everywhere).
macro_rules! batched_bounded {
    ($(#[$meta:meta])* $name:ident, $word:ty, $mul:path) => {
        $(#[$meta])*
        ///
        /// Fills `out[m]` with a uniform integer below `first - m`, for every `m`, from words
        /// drawn by `next`. `product` must be the product of the bounds (it fits the word).
        #[inline(always)]
        fn $name(mut next: impl FnMut() -> $word, first: $word, product: $word, out: &mut [u8]) {
            loop {
                let mut low = next();
                let mut bound = first;
                for o in out.iter_mut() {
                    let (high, rest) = $mul(low, bound);
                    *o = high as u8;
                    low = rest;
                    bound -= 1;
                }
                // Lemire: reject iff the leftover is below 2^BITS mod product (< product).
                if low >= product || low >= product.wrapping_neg() % product {
                    return;
                }
            }
        }
    };
}

batched_bounded!(
    /// Batched Lemire over 64-bit ChaCha words.
    bounded_batch_u64,
    u64,
    mul::mul_small
);

#[cfg(test)]
batched_bounded!(
    /// The same algorithm over 16-bit words, small enough to check exhaustively.
    bounded_batch_u16,
    u16,
    mul_u16
);

/// `low × bound` as (high, low) 16-bit words, for [`bounded_batch_u16`].
#[cfg(test)]
fn mul_u16(low: u16, bound: u16) -> (u16, u16) {
    let wide = u32::from(low) * u32::from(bound);
    ((wide >> 16) as u16, wide as u16)
}

impl FastDealer {
    /// A dealer whose stream is fully determined by a 32-byte seed (stream 0).
    pub fn from_seed(seed: [u8; 32]) -> FastDealer {
        FastDealer {
            rng: words(seed, 0),
        }
    }

    /// A dealer on one of 2⁶⁴ independent streams of the same seed, for parallel workers:
    /// worker *k* uses stream *k* and no two workers ever share output.
    pub fn from_seed_and_stream(seed: [u8; 32], stream: u64) -> FastDealer {
        FastDealer {
            rng: words(seed, stream),
        }
    }

    /// The next uniformly random deal.
    pub fn next_deal(&mut self) -> Deal {
        let mut offsets = [0u8; 39];
        let mut start = 0usize;
        let mut bound = 52u64;
        for (k, product) in FULL_DEAL_BATCHES {
            let k = k as usize;
            let rng = &mut self.rng;
            bounded_batch_u64(
                || rng.next_u64(),
                bound,
                product,
                &mut offsets[start..start + k],
            );
            start += k;
            bound -= k as u64;
        }
        let mut deck = DECK;
        let mut hands = [0u64; 4];
        for (seat, hand) in hands.iter_mut().take(3).enumerate() {
            for i in 13 * seat..13 * seat + 13 {
                // offsets[i] < 52 - i, so j < 52.
                let j = i + offsets[i] as usize;
                deck.swap(i, j);
                *hand |= 1u64 << deck[i];
            }
        }
        hands[3] = Hand::FULL_DECK.bits() ^ (hands[0] | hands[1] | hands[2]);
        assemble(hands)
    }

    /// Completes a partial deal: the cards in `fixed` stay with their seats, and each seat
    /// is filled up to 13 cards from the rest, every completion being equally likely.
    ///
    /// `fixed` may hold any number of cards per seat (0 to 13), or none at all, in which
    /// case this is [`FastDealer::next_deal`] (with a different, slower use of the stream).
    pub fn deal_rest(&mut self, fixed: &[Hand; 4]) -> Result<Deal, DealRestError> {
        for (i, a) in fixed.iter().enumerate() {
            for (j, b) in fixed.iter().enumerate().skip(i + 1) {
                if let Some(card) = a.intersection(*b).cards().next() {
                    return Err(DealRestError::Overlap {
                        card,
                        first: Seat::ALL[i],
                        second: Seat::ALL[j],
                    });
                }
            }
        }
        let mut needs = [0usize; 4];
        for seat in Seat::ALL {
            let count = fixed[seat.index()].len();
            if count > 13 {
                return Err(DealRestError::TooMany { seat, count });
            }
            needs[seat.index()] = 13 - count as usize;
        }
        let placed = fixed.iter().fold(Hand::EMPTY, |u, h| u.union(*h));
        let mut deck = [0u8; 52];
        let mut n = 0usize;
        let mut free = Hand::FULL_DECK.bits() & !placed.bits();
        while free != 0 {
            deck[n] = free.trailing_zeros() as u8;
            free &= free - 1;
            n += 1;
        }
        // The free cards number exactly the sum of the needs; West takes what is left.
        let draws = needs[0] + needs[1] + needs[2];
        let mut offsets = [0u8; 52];
        let mut start = 0usize;
        while start < draws {
            let first = (n - start) as u64;
            let mut product = 1u64;
            let mut k = 0usize;
            while start + k < draws && product * (first - k as u64) <= MAX_PRODUCT {
                product *= first - k as u64;
                k += 1;
            }
            let rng = &mut self.rng;
            bounded_batch_u64(
                || rng.next_u64(),
                first,
                product,
                &mut offsets[start..start + k],
            );
            start += k;
        }
        let mut hands = fixed.map(|h| h.bits());
        let mut i = 0usize;
        for (seat, need) in needs.iter().take(3).enumerate() {
            for _ in 0..*need {
                let j = i + offsets[i] as usize;
                deck.swap(i, j);
                hands[seat] |= 1u64 << deck[i];
                i += 1;
            }
        }
        hands[3] = Hand::FULL_DECK.bits() ^ (hands[0] | hands[1] | hands[2]);
        Ok(assemble(hands))
    }
}

/// Builds the deal from four bit sets that partition the deck by construction.
fn assemble(hands: [u64; 4]) -> Deal {
    // The shuffle hands out every card once and 13 per seat (checked in debug builds, and
    // by the tests that compare whole streams with a plain reference).
    Deal::from_shuffle(hands.map(Hand::from_bits))
}

impl Iterator for FastDealer {
    type Item = Deal;

    /// Never ends.
    fn next(&mut self) -> Option<Deal> {
        Some(self.next_deal())
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (usize::MAX, None)
    }
}

#[cfg(any(all(target_arch = "wasm32", target_feature = "simd128"), test))]
mod chacha;
mod mul;

#[cfg(test)]
mod tests;
