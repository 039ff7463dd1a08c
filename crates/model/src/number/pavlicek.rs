//! Richard Pavlicek's deal numbers ("Mapping Bridge Deals", rpbridge.net article 7Z68).
//!
//! Cards are taken rank-major — ♠A ♥A ♦A ♣A ♠K ♥K … ♣2 — and each card's holder is one
//! "digit", seats in the order N E S W. With K the number of deals still possible (D at the
//! start), C the cards left and `need[s]` the empty slots of seat s, the space K splits into
//! parts `K·need[s]/C` (each an exact integer: a multinomial coefficient); the number picks a
//! part, the card goes to that seat, and the part becomes the new K. Number 0 gives North the
//! first 13 cards of that order (♠AKQJ ♥AKQ ♦AKQ ♣AKQ), D − 1 gives them to West.
//!
//! Arithmetic: `K·need/C` is an exact division, done as a shift by the power of two in C and
//! a multiplication by the inverse of C's odd part (mod 2¹²⁸ or 2⁶⁴), so the loop has no
//! division instruction, and the seat is chosen without branches. `u128` is used only while K is too big for `u64` (the first ~17
//! cards), then `u64`.

use super::{check_range, NumberError, DEAL_COUNT};
use crate::deal::Deal;
use crate::hand::Hand;

/// Card index ([`crate::Card::index`], suit-major) of the i-th card in Pavlicek's order.
const ORDER: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        t[i] = ((i % 4) * 13 + i / 4) as u8;
        i += 1;
    }
    t
};

/// Trailing zero bits of c, for c in 0..=52 (index 0 unused).
const TZ: [u32; 53] = {
    let mut t = [0u32; 53];
    let mut c = 1;
    while c < 53 {
        t[c] = (c as u32).trailing_zeros();
        c += 1;
    }
    t
};

/// Inverse mod 2¹²⁸ of the odd part of c, for c in 0..=52 (index 0 unused).
const INV: [u128; 53] = {
    let mut t = [0u128; 53];
    let mut c = 1;
    while c < 53 {
        let odd = (c >> (c as u32).trailing_zeros()) as u128;
        // Newton's iteration doubles the correct low bits: 3 → 6 → … → 192 ≥ 128.
        let mut x = odd;
        let mut i = 0;
        while i < 6 {
            x = x.wrapping_mul(2u128.wrapping_sub(odd.wrapping_mul(x)));
            i += 1;
        }
        t[c] = x;
        c += 1;
    }
    t
};

/// Below this K, `K·m` fits in a `u64` for every multiplier `m ≤ 52` (a seat's slots, or the
/// slots of several seats together), and the loops switch to `u64`.
const SMALL: u128 = (u64::MAX / 52) as u128;

/// `a / c` for `a` a multiple of `c` (1 ≤ c ≤ 52).
#[inline(always)]
fn exact_div128(a: u128, c: usize) -> u128 {
    (a >> TZ[c]).wrapping_mul(INV[c])
}

/// `a / c` for `a` a multiple of `c` (1 ≤ c ≤ 52).
#[inline(always)]
fn exact_div64(a: u64, c: usize) -> u64 {
    (a >> TZ[c]).wrapping_mul(INV[c] as u64)
}

/// The deal with Pavlicek number `n`, or [`NumberError::OutOfRange`] if `n ≥ D`.
///
/// ```
/// # use fairdeal_model::pavlicek;
/// let deal = pavlicek::deal_from_number(0).unwrap();
/// assert_eq!(
///     deal.to_string(),
///     "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432"
/// );
/// ```
pub fn deal_from_number(n: u128) -> Result<Deal, NumberError> {
    check_range(n)?;
    let mut hands = [0u64; 4];
    let mut need = [13u64; 4];
    let mut k = DEAL_COUNT;
    let mut i = n;
    let mut step = 0usize;
    // Branch-free seat choice: with the part boundaries P₀ = 0 ≤ P₁ ≤ P₂ ≤ P₃ ≤ P₄ = K,
    // Pₛ = K·(slots of the seats before s)/C, the seat is the number of boundaries P₁..P₃
    // at or below I. (A data-dependent branch here would mispredict on most cards.)
    // Wide phase: K does not fit the u64 products yet.
    while k > SMALL {
        let c = 52 - step;
        let s1 = u128::from(need[0]);
        let s2 = s1 + u128::from(need[1]);
        let s3 = s2 + u128::from(need[2]);
        let p = [
            0,
            exact_div128(k * s1, c),
            exact_div128(k * s2, c),
            exact_div128(k * s3, c),
            k,
        ];
        let seat = usize::from(i >= p[1]) + usize::from(i >= p[2]) + usize::from(i >= p[3]);
        i -= p[seat];
        k = p[seat + 1] - p[seat];
        hands[seat] |= 1u64 << ORDER[step];
        need[seat] -= 1;
        step += 1;
    }
    // Narrow phase: i < k ≤ SMALL, so both fit in u64.
    let mut k = k as u64;
    let mut i = i as u64;
    while step < 52 {
        let c = 52 - step;
        let s1 = need[0];
        let s2 = s1 + need[1];
        let s3 = s2 + need[2];
        let p = [
            0,
            exact_div64(k * s1, c),
            exact_div64(k * s2, c),
            exact_div64(k * s3, c),
            k,
        ];
        let seat = usize::from(i >= p[1]) + usize::from(i >= p[2]) + usize::from(i >= p[3]);
        i -= p[seat];
        k = p[seat + 1] - p[seat];
        hands[seat] |= 1u64 << ORDER[step];
        need[seat] -= 1;
        step += 1;
    }
    Ok(Deal::from_hands_unchecked(hands.map(Hand::from_bits)))
}

/// The Pavlicek number of `deal` (always below D).
pub fn number_of_deal(deal: &Deal) -> u128 {
    let [_, east, south, west] = deal.hands().map(Hand::bits);
    // Seat of card b = bit b of `low` + 2 · bit b of `high` (N 0, E 1, S 2, W 3).
    let low = east | west;
    let high = south | west;
    let mut need = [13u64; 4];
    let mut k = DEAL_COUNT;
    let mut i: u128 = 0;
    let mut step = 0usize;
    while k > SMALL {
        let c = 52 - step;
        let b = ORDER[step];
        let seat = (((low >> b) & 1) | (((high >> b) & 1) << 1)) as usize;
        // The parts of the seats before this one, summed: K·(their slots)/C, still exact.
        let before = [0, need[0], need[0] + need[1], need[0] + need[1] + need[2]][seat];
        i += exact_div128(k * u128::from(before), c);
        k = exact_div128(k * u128::from(need[seat]), c);
        need[seat] -= 1;
        step += 1;
    }
    let mut k = k as u64;
    let mut small_i = 0u64;
    while step < 52 {
        let c = 52 - step;
        let b = ORDER[step];
        let seat = (((low >> b) & 1) | (((high >> b) & 1) << 1)) as usize;
        let before = [0, need[0], need[0] + need[1], need[0] + need[1] + need[2]][seat];
        small_i += exact_div64(k * before, c);
        k = exact_div64(k * need[seat], c);
        need[seat] -= 1;
        step += 1;
    }
    i + u128::from(small_i)
}
