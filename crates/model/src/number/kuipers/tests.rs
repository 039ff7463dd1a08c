//! The table-driven decoder against the straightforward one it replaced.

use super::*;
use crate::number::DEAL_COUNT;

/// The previous decoder, kept as the reference: one step per position, reading C(left,
/// need − 1) from [`BINOM`] after each decision, stopping once 13 cards are taken.
fn reference_unrank(mut r: u64, n: usize, mut rest: u64) -> u64 {
    let mut hand = 0u64;
    let mut need = 13usize;
    let mut left = n;
    while need > 0 {
        left -= 1;
        let bit = rest & rest.wrapping_neg();
        rest ^= bit;
        let count = BINOM[left][need - 1];
        if r < count {
            hand |= bit;
            need -= 1;
        } else {
            r -= count;
        }
    }
    hand
}

/// The previous `deal_from_number` (for `n < D`), as the four hands' bits.
fn reference_hands(n: u128) -> [u64; 4] {
    let m_n = u128::from(M_N);
    let rank_n = (n / m_n) as u64;
    let low = (n % m_n) as u64;
    let north = reference_unrank(rank_n, 52, FULL);
    let rest = FULL ^ north;
    let east = reference_unrank(low / M_E, 39, rest);
    let rest = rest ^ east;
    let south = reference_unrank(low % M_E, 26, rest);
    [north, east, south, rest ^ south]
}

/// SplitMix64: seeded test inputs.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn check(n: u128) {
    let deal = deal_from_number(n).unwrap();
    assert_eq!(
        deal.hands().map(Hand::bits),
        reference_hands(n),
        "number {n}"
    );
    assert_eq!(number_of_deal(&deal), n);
}

#[test]
fn decoder_matches_the_reference_on_200k_seeded_numbers() {
    let mut s = 0x004B_7569_7065_7273_u64;
    for _ in 0..200_000 {
        let wide = (u128::from(splitmix(&mut s)) << 64) | u128::from(splitmix(&mut s));
        check(wide % DEAL_COUNT);
    }
}

#[test]
fn decoder_matches_the_reference_at_the_edges_of_every_rank() {
    // Extreme ranks per seat: each of rank N, rank E, rank S at 0, 1, its maximum − 1 and its
    // maximum, in every combination.
    let m_n = u128::from(M_N);
    let edges = |max: u64| [0, 1, max - 1, max];
    for rn in edges(BINOM[52][13] - 1) {
        for re in edges(BINOM[39][13] - 1) {
            for rs in edges(M_E - 1) {
                check(u128::from(rn) * m_n + u128::from(re * M_E + rs));
            }
        }
    }
}

#[test]
fn table_holds_the_binomials_and_zeros_elsewhere() {
    for (i, &v) in TAKE_COUNT.iter().enumerate() {
        let expected = match i.checked_sub(SHIFT) {
            Some(j) if (1..=13).contains(&(j / STRIDE)) && j % STRIDE <= 52 => {
                BINOM[j % STRIDE][j / STRIDE - 1]
            }
            _ => 0,
        };
        assert_eq!(v, expected, "entry {i}");
    }
}
