//! Big Deal's deal numbers (Jeroen Kuipers' "Gödel" mapping), byte-compatible with `bigdealx`.
//!
//! Cards are numbered suit-major (♠A = 0 … ♣2 = 51, as [`crate::Card::index`]). A number
//! `g < D` is read as the mixed-radix value
//! `g = rankN·C(39,13)·C(26,13) + rankE·C(26,13) + rankS`, where each rank is the
//! lexicographic rank of that seat's 13 card positions among the cards not yet given to an
//! earlier seat (ascending position lists; rank 0 = the first 13 positions). West gets the
//! remaining 13 cards. Number 0 gives N all spades, E all hearts, S all diamonds, W all clubs.
//!
//! Arithmetic: one `u128` split of the top part (`g / (C(39,13)·C(26,13))`); everything
//! else is `u64` with a constant binomial table, walking the remaining-card bit set once per
//! hand without data-dependent branches.

use super::{check_range, NumberError, BINOM};
use crate::deal::Deal;
use crate::hand::Hand;

/// C(26,13): the radix of East's rank.
const M_E: u64 = BINOM[26][13];
/// C(39,13)·C(26,13): the radix of North's rank.
const M_N: u64 = BINOM[39][13] * BINOM[26][13];
/// Bits of all 52 cards.
const FULL: u64 = (1u64 << 52) - 1;

/// The deal with Big Deal number `n`, or [`NumberError::OutOfRange`] if `n ≥ D`.
///
/// ```
/// # use fairdeal_model::kuipers;
/// let deal = kuipers::deal_from_number(0).unwrap();
/// assert_eq!(
///     deal.to_string(),
///     "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
/// );
/// ```
pub fn deal_from_number(n: u128) -> Result<Deal, NumberError> {
    check_range(n)?;
    let m_n = u128::from(M_N);
    let rank_n = n / m_n;
    // rank_n < C(52,13) < 2^40 and the rest < M_N < 2^57: both fit in u64.
    let low = (n - rank_n * m_n) as u64;
    let rank_n = rank_n as u64;
    let (rank_e, rank_s) = (low / M_E, low % M_E);
    let north = unrank(rank_n, 52, FULL);
    let rest = FULL ^ north;
    let east = unrank(rank_e, 39, rest);
    let rest = rest ^ east;
    let south = unrank(rank_s, 26, rest);
    let west = rest ^ south;
    Ok(Deal::from_hands_unchecked([
        Hand::from_bits(north),
        Hand::from_bits(east),
        Hand::from_bits(south),
        Hand::from_bits(west),
    ]))
}

/// The Big Deal number of `deal` (always below D).
pub fn number_of_deal(deal: &Deal) -> u128 {
    let [north, east, south, _] = deal.hands().map(Hand::bits);
    let rank_n = rank(north, 52, FULL);
    let rest = FULL ^ north;
    let rank_e = rank(east, 39, rest);
    let rank_s = rank(south, 26, rest ^ east);
    u128::from(rank_n) * u128::from(M_N) + u128::from(rank_e * M_E + rank_s)
}

/// The 13 cards of `rest` (which holds `n` cards) whose positions have lexicographic rank `r`
/// (`r < C(n,13)`).
#[inline]
fn unrank(mut r: u64, n: usize, mut rest: u64) -> u64 {
    let mut hand = 0u64;
    let mut need = 13usize;
    let mut left = n;
    while need > 0 {
        left -= 1;
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        // Subsets that take this position come first: C(left, need - 1) of them. Branch-free
        // (take or skip is data-dependent and would mispredict).
        let count = BINOM[left][need - 1];
        let take = u64::from(r < count);
        let mask = take.wrapping_neg();
        hand |= bit & mask;
        r -= count & !mask;
        need -= take as usize;
    }
    hand
}

/// The lexicographic rank of `hand`'s positions within `rest` (which holds `n` cards).
///
/// With positions p₀ < … < p₁₂ the rank is C(n,13) − 1 − Σⱼ C(n−1−pⱼ, 13−j): reversing the
/// positions turns lexicographic order into reversed colexicographic order, whose rank is
/// the combinatorial number system.
#[inline]
fn rank(hand: u64, n: usize, rest: u64) -> u64 {
    let mut bits = hand;
    let mut sum = 0u64;
    let mut k = 13usize;
    while bits != 0 {
        let bit = bits & bits.wrapping_neg();
        bits ^= bit;
        let p = (rest & (bit - 1)).count_ones() as usize;
        sum += BINOM[n - 1 - p][k];
        k -= 1;
    }
    BINOM[n][13] - 1 - sum
}
