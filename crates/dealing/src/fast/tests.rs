//! Unit tests of the fast dealer: the batched bounded integers exhaustively, value
//! stability, and `deal_rest`'s checks. Distribution tests live in tests/statistics.rs.

use super::*;
use fairdeal_model::{Rank, Suit};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Runs the 16-bit batched draw on every word and checks that each tuple of values is hit
/// equally often among accepted words, with exactly 2¹⁶ mod P words rejected.
fn check_exhaustive(bounds: &[u16]) {
    let product: u32 = bounds.iter().map(|&b| b as u32).product();
    assert!(product < 1 << 16, "test bounds must fit a 16-bit word");
    for (m, w) in bounds.windows(2).enumerate() {
        assert_eq!(w[0] - 1, w[1], "bounds must descend by one (position {m})");
    }
    let mut counts = vec![0u32; product as usize];
    let mut rejected = 0u32;
    let mut out = vec![0u8; bounds.len()];
    for x in 0..=u16::MAX {
        let mut calls = 0;
        bounded_batch_u16(
            || {
                calls += 1;
                // First call: the word under test; a second call means it was rejected, and
                // a word that is always accepted (the maximum) ends the loop.
                if calls == 1 {
                    x
                } else {
                    u16::MAX
                }
            },
            bounds[0],
            product as u16,
            &mut out,
        );
        if calls > 1 {
            rejected += 1;
            continue;
        }
        let mut code = 0u32;
        for (v, &b) in out.iter().zip(bounds) {
            assert!(
                (*v as u16) < b,
                "value {v} not below bound {b} for word {x}"
            );
            code = code * b as u32 + *v as u32;
        }
        counts[code as usize] += 1;
    }
    let per_value = (1u32 << 16) / product;
    assert_eq!(rejected, (1u32 << 16) % product, "bounds {bounds:?}");
    for (code, c) in counts.iter().enumerate() {
        assert_eq!(*c, per_value, "tuple {code} of bounds {bounds:?}");
    }
}

#[test]
fn batched_bounded_is_exactly_uniform() {
    check_exhaustive(&[52]);
    check_exhaustive(&[13, 12, 11]);
    check_exhaustive(&[7, 6, 5, 4, 3]);
    // Product 64770: almost every word is near the rejection boundary.
    check_exhaustive(&[255, 254]);
    check_exhaustive(&[3, 2, 1]);
}

#[test]
fn full_deal_batches_cover_the_39_draws_and_fit_a_word() {
    let total: u32 = FULL_DEAL_BATCHES.iter().map(|&(k, _)| k as u32).sum();
    assert_eq!(total, 39);
    let mut bound = 52u128;
    for (k, table_product) in FULL_DEAL_BATCHES {
        let mut product = 1u128;
        for _ in 0..k {
            product *= bound;
            bound -= 1;
        }
        assert_eq!(product, table_product as u128);
        assert!(product <= MAX_PRODUCT as u128);
        // Greedy: one more bound would exceed the limit (except after the last draw).
        if bound > 13 {
            assert!(product * bound > MAX_PRODUCT as u128);
        }
    }
}

fn seed(byte: u8) -> [u8; 32] {
    let mut s = [0u8; 32];
    for (i, b) in s.iter_mut().enumerate() {
        *b = byte.wrapping_add(i as u8);
    }
    s
}

#[test]
fn value_stability() {
    // Pinned so that any change to the mapping or the RNG shows up; regenerate only on
    // purpose (and say so in the changelog: seeds would give different deals).
    let mut d = FastDealer::from_seed([0u8; 32]);
    let first: Vec<String> = (0..3).map(|_| d.next_deal().to_string()).collect();
    assert_eq!(first, PINNED);
}

const PINNED: [&str; 3] = [
    "N:KQJT.J32.AKT94.T 9532.AK7.763.Q95 8764.QT96.2.J863 A.854.QJ85.AK742",
    "N:AT96.AQ73.9.KQT9 K32.T98.AJ82.863 54.62.K6543.AJ52 QJ87.KJ54.QT7.74",
    "N:AT32.JT42.K92.43 .A95.T85.AKJ8765 K98765.K873.AJ.T QJ4.Q6.Q7643.Q92",
];

/// The same mapping written the slow, obvious way: each 64-bit word x gives the value
/// floor(x·P / 2⁶⁴) of its batch, split into mixed-radix digits by division (most
/// significant digit first), then a textbook partial Fisher–Yates.
#[test]
fn batched_mapping_equals_mixed_radix_division() {
    let seed = seed(42);
    let mut words = ChaCha8Rng::from_seed(seed);
    let mut dealer = FastDealer::from_seed(seed);
    for _ in 0..20_000 {
        let mut offsets = Vec::new();
        let mut bound = 52u128;
        for (k, _) in FULL_DEAL_BATCHES {
            let bounds: Vec<u128> = (0..k as u128).map(|m| bound - m).collect();
            let product: u128 = bounds.iter().product();
            let mut x = words.next_u64() as u128;
            while (x * product) % (1 << 64) < (1u128 << 64) % product {
                x = words.next_u64() as u128;
            }
            let mut v = (x * product) >> 64;
            let mut digits = vec![0u128; bounds.len()];
            for (d, b) in digits.iter_mut().zip(&bounds).rev() {
                *d = v % b;
                v /= b;
            }
            offsets.extend(digits);
            bound -= k as u128;
        }
        let mut deck: Vec<usize> = (0..52).collect();
        let mut hands = [Hand::EMPTY; 4];
        for (i, off) in offsets.iter().enumerate() {
            deck.swap(i, i + *off as usize);
        }
        for (i, c) in deck.iter().enumerate() {
            hands[i / 13].insert(Card::from_index(*c).unwrap());
        }
        assert_eq!(dealer.next_deal(), Deal::new(hands).unwrap());
    }
}

#[test]
fn same_seed_same_deals_and_streams_differ() {
    let a: Vec<Deal> = FastDealer::from_seed(seed(7)).take(50).collect();
    let b: Vec<Deal> = FastDealer::from_seed(seed(7)).take(50).collect();
    assert_eq!(a, b);
    let s0: Vec<Deal> = FastDealer::from_seed_and_stream(seed(7), 0)
        .take(50)
        .collect();
    assert_eq!(a, s0, "stream 0 is the default stream");
    let s1: Vec<Deal> = FastDealer::from_seed_and_stream(seed(7), 1)
        .take(50)
        .collect();
    assert!(a.iter().zip(&s1).all(|(x, y)| x != y));
    let other: Vec<Deal> = FastDealer::from_seed(seed(8)).take(50).collect();
    assert!(a.iter().zip(&other).all(|(x, y)| x != y));
}

fn card(s: Suit, r: u8) -> Card {
    Card::new(s, Rank::new(r).unwrap())
}

#[test]
fn deal_rest_keeps_fixed_cards() {
    let mut d = FastDealer::from_seed(seed(1));
    let mut fixed = [Hand::EMPTY; 4];
    fixed[0].insert(card(Suit::Spades, 14));
    fixed[0].insert(card(Suit::Hearts, 14));
    fixed[2].insert(card(Suit::Clubs, 2));
    for c in Card::all().filter(|c| c.suit() == Suit::Diamonds) {
        fixed[3].insert(c);
    }
    for _ in 0..1000 {
        let deal = d.deal_rest(&fixed).unwrap();
        for seat in Seat::ALL {
            let h = deal.hand(seat);
            assert_eq!(h.len(), 13);
            assert_eq!(h.intersection(fixed[seat.index()]), fixed[seat.index()]);
        }
        assert_eq!(deal.hand(Seat::West), fixed[3]);
    }
}

#[test]
fn deal_rest_of_a_full_deal_is_that_deal_and_of_nothing_is_a_deal() {
    let mut d = FastDealer::from_seed(seed(2));
    let deal = d.next_deal();
    assert_eq!(d.deal_rest(&deal.hands()), Ok(deal));
    let empty = d.deal_rest(&[Hand::EMPTY; 4]).unwrap();
    assert_ne!(empty, deal);
}

#[test]
fn deal_rest_rejects_bad_partial_deals() {
    let mut d = FastDealer::from_seed(seed(3));
    let ace = card(Suit::Spades, 14);
    let mut fixed = [Hand::EMPTY; 4];
    fixed[1].insert(ace);
    fixed[3].insert(ace);
    assert_eq!(
        d.deal_rest(&fixed),
        Err(DealRestError::Overlap {
            card: ace,
            first: Seat::East,
            second: Seat::West
        })
    );
    let mut fixed = [Hand::EMPTY; 4];
    fixed[2] = Card::all().take(14).collect();
    let err = d.deal_rest(&fixed).unwrap_err();
    assert_eq!(
        err,
        DealRestError::TooMany {
            seat: Seat::South,
            count: 14
        }
    );
    assert_eq!(
        err.to_string(),
        "S is given 14 cards; a hand holds at most 13"
    );
}
