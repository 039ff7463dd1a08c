//! Richard Pavlicek's deal numbers ("Mapping Bridge Deals", rpbridge.net article 7Z68).
//!
//! Cards are taken rank-major — ♠A ♥A ♦A ♣A ♠K ♥K … ♣2 — and each card's holder is one
//! "digit", seats in the order N E S W. With K the number of deals still possible (D at the
//! start), C the cards left and `need[s]` the empty slots of seat s, the space K splits into
//! parts `K·need[s]/C` (each an exact integer: a multinomial coefficient); the number picks a
//! part, the card goes to that seat, and the part becomes the new K. Number 0 gives North the
//! first 13 cards of that order (♠AKQJ ♥AKQ ♦AKQ ♣AKQ), D − 1 gives them to West.
//!
//! Arithmetic: `K·need/C` is an exact division, done as a multiplication by the inverse of
//! C's odd part (mod 2¹²⁸ or 2⁶⁴) and a shift by C's power of two, so the
//! loop has no division instruction, and the seat is chosen without branches. `u128` is used only while K is too big for `u64` (the first ~17
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

/// Below this K the loops switch to `u64`: every value they form is at most 2ᵗ·K with
/// 2ᵗ ≤ 32 the power of two in C (≤ 52), which then stays below 2⁶⁴.
const SMALL: u128 = (u64::MAX / 52) as u128;

/// Exact division by the cards left: `Scaled128::new(k, c).times(m)` = `k·m / c` whenever
/// `c` divides `k·m`. With c = 2ᵗ·o (o odd), `k·o⁻¹·m ≡ 2ᵗ·(k·m/c)` mod 2¹²⁸, and that
/// value is below 2¹²⁸, so one wide multiplication per card serves every multiplier `m`.
#[derive(Clone, Copy)]
struct Scaled128 {
    w: u128,
    shift: u32,
}

impl Scaled128 {
    #[inline(always)]
    fn new(k: u128, c: usize) -> Scaled128 {
        Scaled128 {
            w: k.wrapping_mul(INV[c]),
            shift: TZ[c],
        }
    }

    #[inline(always)]
    fn times(self, m: u64) -> u128 {
        self.w.wrapping_mul(u128::from(m)) >> self.shift
    }
}

/// [`Scaled128`] in `u64` (for K ≤ [`SMALL`]).
#[derive(Clone, Copy)]
struct Scaled64 {
    w: u64,
    shift: u32,
}

impl Scaled64 {
    #[inline(always)]
    fn new(k: u64, c: usize) -> Scaled64 {
        Scaled64 {
            w: k.wrapping_mul(INV[c] as u64),
            shift: TZ[c],
        }
    }

    #[inline(always)]
    fn times(self, m: u64) -> u64 {
        self.w.wrapping_mul(m) >> self.shift
    }
}

/// The open slots before seats E, S and W, packed in 16-bit lanes: lane j (j = 0, 1, 2) holds
/// the slots of seats 0..=j together. Kept in a register, not an array, because the next
/// card's arithmetic waits on it.
const CUM_START: u64 = 13 | 26 << 16 | 39 << 32;

/// What giving a card to `seat` subtracts from the packed slots: one from every lane that
/// counts that seat (lanes `seat..3`).
#[inline(always)]
fn taken(seat: usize) -> u64 {
    (0x0001_0001_0001u64 << (16 * seat)) & 0xFFFF_FFFF_FFFF
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
    let mut cum = CUM_START;
    let mut k = DEAL_COUNT;
    let mut i = n;
    let mut step = 0usize;
    // Branch-free seat choice: with the part boundaries P₀ = 0 ≤ P₁ ≤ P₂ ≤ P₃ ≤ P₄ = K,
    // Pₛ = K·(slots of the seats before s)/C, the seat is the number of boundaries P₁..P₃
    // at or below I. (A data-dependent branch here would mispredict on most cards.)
    // Wide phase: K does not fit the u64 products yet.
    while k > SMALL {
        let part = Scaled128::new(k, 52 - step);
        let p1 = part.times(cum & 0xFFFF);
        let p2 = part.times((cum >> 16) & 0xFFFF);
        let p3 = part.times(cum >> 32);
        let p = [0, p1, p2, p3, k];
        let seat = usize::from(i >= p1) + usize::from(i >= p2) + usize::from(i >= p3);
        i -= p[seat];
        k = p[seat + 1] - p[seat];
        hands[seat] |= 1u64 << ORDER[step];
        cum -= taken(seat);
        step += 1;
    }
    // Narrow phase: i < k ≤ SMALL, so both fit in u64.
    let mut k = k as u64;
    let mut i = i as u64;
    while step < 52 {
        let part = Scaled64::new(k, 52 - step);
        let p1 = part.times(cum & 0xFFFF);
        let p2 = part.times((cum >> 16) & 0xFFFF);
        let p3 = part.times(cum >> 32);
        let p = [0, p1, p2, p3, k];
        let seat = usize::from(i >= p1) + usize::from(i >= p2) + usize::from(i >= p3);
        i -= p[seat];
        k = p[seat + 1] - p[seat];
        hands[seat] |= 1u64 << ORDER[step];
        cum -= taken(seat);
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
        let part = Scaled128::new(k, c);
        i += part.times(before);
        k = part.times(need[seat]);
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
        let part = Scaled64::new(k, c);
        small_i += part.times(before);
        k = part.times(need[seat]);
        need[seat] -= 1;
        step += 1;
    }
    i + u128::from(small_i)
}
