//! Statistical tests of the two generators against exact theory.
//!
//! Each test is a seeded Pearson chi-square test at alpha = 1e-4 and prints its statistic
//! next to the critical value (`cargo test -p fairdeal-dealing --test statistics --
//! --nocapture`). Per generator, one pass over 1,000,000 deals feeds:
//!
//! * card × seat uniformity (52×4, 153 degrees of freedom),
//! * the 39 hand patterns against prob-tables/hand-patterns.csv (rare tail merged),
//! * HCP 0–37 against prob-tables/hcp-distribution.csv (high tail merged),
//! * the owner of ♠A in consecutive deals (4×4, independence of deals).
//!
//! The fast dealer's `deal_rest` is tested on a small partial deal with 12 completions
//! (every completion equally likely), on a realistic one (free cards spread by quota, East's
//! HCP against the exact distribution computed here), and on an empty one (the full
//! battery). A deliberately biased dealer checks that the battery can fail.
//!
//! A counting allocator checks that `next_deal` and `deal_rest` allocate nothing.
//!
//! The long version (≥ 100 M deals) is examples/battery.rs:
//! `cargo run --release -p fairdeal-dealing --example battery -- 100000000`.

mod stats_support;

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Card, Deal, Hand, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use stats_support::{
    chi2_critical, chi2_sf, pearson_merged_ends, quota_card_seat_test, ChiSquare, Tally,
};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::OnceLock;

thread_local! {
    /// Allocations made by this thread (the tests run in parallel threads).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

/// The system allocator, counting allocations per thread.
struct CountingAllocator;

// SAFETY: every call is forwarded unchanged to `System`; the counter is a const-initialised
// thread-local `Cell`, which never allocates.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: forwarded with the caller's layout.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

const ALPHA: f64 = 1e-4;
const DEALS: usize = 1_000_000;
const FAST_SEED: [u8; 32] = *b"fairdeal statistics: fast seed..";
const BIGDEAL_SEED: [u8; 20] = *b"fairdeal statistics.";
const BIGDEAL_OWNER: &str = "Fair Deal statistical battery";

fn check(result: ChiSquare) {
    println!("{}", result.line());
    assert!(result.passes(), "{}", result.line());
}

fn fast_tally() -> &'static Tally {
    static TALLY: OnceLock<Tally> = OnceLock::new();
    TALLY.get_or_init(|| {
        let mut t = Tally::new();
        for deal in FastDealer::from_seed(FAST_SEED).take(DEALS) {
            t.add(&deal);
        }
        t
    })
}

fn bigdeal_tally() -> &'static Tally {
    static TALLY: OnceLock<Tally> = OnceLock::new();
    TALLY.get_or_init(|| {
        let mut t = Tally::new();
        for deal in BigDealGenerator::new(BIGDEAL_SEED, BIGDEAL_OWNER).take(DEALS) {
            t.add(&deal);
        }
        t
    })
}

#[test]
fn chi_square_helpers_match_published_quantiles() {
    // Quantiles from standard tables (NIST/SEMATECH e-Handbook 1.3.6.7.4).
    for (alpha, dof, expected) in [
        (0.05, 1, 3.841),
        (0.05, 10, 18.307),
        (0.001, 10, 29.588),
        (0.01, 100, 135.807),
        (0.001, 100, 149.449),
    ] {
        let c = chi2_critical(alpha, dof);
        assert!((c - expected).abs() < 1e-3, "dof {dof} alpha {alpha}: {c}");
        assert!((chi2_sf(c, dof) - alpha).abs() < 1e-9);
    }
    // Merging: both rare ends fold into their neighbours, giving cells (51 vs 50) and
    // (50 vs 50): statistic 1/50 on one degree of freedom.
    let (stat, dof) = pearson_merged_ends(&[1, 50, 50, 0], &[0.001, 0.499, 0.499, 0.001], 100);
    assert_eq!(dof, 1);
    assert!((stat - 0.02).abs() < 1e-9, "{stat}");
}

/// The card × seat statistic is scaled by 51/52 for drawing without replacement; check the
/// scaling itself: over 1000 batches of 2000 fair deals its mean must be 153 (the χ²(153)
/// mean) within 4 standard errors (√(2·153/1000) ≈ 0.55; two-sided alpha ≈ 6e-5). The
/// unscaled statistic would average 156 and fail.
#[test]
fn card_seat_statistic_is_calibrated() {
    let mut dealer = FastDealer::from_seed([10; 32]);
    let batches = 1000;
    let mut sum = 0.0;
    for _ in 0..batches {
        let mut t = Tally::new();
        for _ in 0..2000 {
            t.add(&dealer.next_deal());
        }
        sum += t.card_seat_test(ALPHA).stat;
    }
    let mean = sum / batches as f64;
    let se = (2.0 * 153.0 / batches as f64).sqrt();
    println!(
        "card x seat statistic: mean {mean:.2} over {batches} batches, expected 153 ± {se:.2}"
    );
    assert!((mean - 153.0).abs() < 4.0 * se, "mean {mean}");
}

#[test]
fn dealing_does_not_allocate() {
    let mut dealer = FastDealer::from_seed([9; 32]);
    let fixed = [hand("SA SK HQ"), Hand::EMPTY, hand("C2"), Hand::EMPTY];
    let before = allocations();
    let mut hcp = 0u64;
    for _ in 0..10_000 {
        hcp += u64::from(dealer.next_deal().hand(Seat::North).hcp());
        if let Ok(deal) = dealer.deal_rest(&fixed) {
            hcp += u64::from(deal.hand(Seat::East).hcp());
        }
    }
    let after = allocations();
    assert!(hcp > 0);
    assert_eq!(after - before, 0, "allocations while dealing 20,000 deals");
    // The counter works: a Vec allocates.
    let v = std::hint::black_box(vec![1u8; 100]);
    assert!(allocations() > after && v.len() == 100);
}

#[test]
fn fast_card_by_seat_is_uniform() {
    check(fast_tally().card_seat_test(ALPHA));
}

#[test]
fn fast_patterns_match_exact_table() {
    check(fast_tally().pattern_test(ALPHA));
}

#[test]
fn fast_hcp_matches_exact_table() {
    check(fast_tally().hcp_test(ALPHA));
}

#[test]
fn fast_consecutive_deals_are_independent() {
    check(fast_tally().serial_test(ALPHA));
}

#[test]
fn bigdeal_card_by_seat_is_uniform() {
    check(bigdeal_tally().card_seat_test(ALPHA));
}

#[test]
fn bigdeal_patterns_match_exact_table() {
    check(bigdeal_tally().pattern_test(ALPHA));
}

#[test]
fn bigdeal_hcp_matches_exact_table() {
    check(bigdeal_tally().hcp_test(ALPHA));
}

#[test]
fn bigdeal_consecutive_deals_are_independent() {
    check(bigdeal_tally().serial_test(ALPHA));
}

fn hand(cards: &str) -> Hand {
    // Tests' own notation: "SA SK HQ" (suit letter, rank letter).
    cards
        .split_whitespace()
        .map(|c| {
            let mut ch = c.chars();
            let suit = fairdeal_model::Suit::from_char(ch.next().unwrap()).unwrap();
            let rank = fairdeal_model::Rank::from_char(ch.next().unwrap()).unwrap();
            Card::new(suit, rank)
        })
        .collect()
}

#[test]
fn deal_rest_small_partial_deal_gives_every_completion_equally() {
    // Four free cards (the spade honours); North needs 2, East 1, South 0, West 1:
    // 4!/(2!·1!·0!·1!) = 12 completions.
    let free = hand("SA SK SQ SJ");
    let mut rest: Vec<Card> = Card::all().filter(|c| !free.contains(*c)).collect();
    let mut fixed = [Hand::EMPTY; 4];
    for (seat, take) in [(0, 11), (1, 12), (2, 13), (3, 12)] {
        fixed[seat] = rest.drain(..take).collect();
    }
    let mut dealer = FastDealer::from_seed([5; 32]);
    let mut counts = std::collections::BTreeMap::<[usize; 4], u64>::new();
    let n = 240_000;
    for _ in 0..n {
        let deal = dealer.deal_rest(&fixed).unwrap();
        for seat in Seat::ALL {
            assert_eq!(
                deal.hand(seat).intersection(fixed[seat.index()]),
                fixed[seat.index()]
            );
        }
        let owners = deal.owners();
        *counts
            .entry([0, 1, 2, 3].map(|c| owners[c].index()))
            .or_default() += 1;
    }
    assert_eq!(counts.len(), 12, "exactly the 12 completions occur");
    let observed: Vec<u64> = counts.values().copied().collect();
    let (stat, dof) = pearson_merged_ends(&observed, &[1.0 / 12.0; 12], n);
    check(ChiSquare::new(
        "deal_rest: 12 completions equally likely",
        stat,
        dof,
        ALPHA,
    ));
}

/// Exact distribution of the HCP of a uniform `k`-subset of `cards`.
fn exact_subset_hcp(cards: Hand, k: usize) -> Vec<f64> {
    // ways[j][h]: subsets of the cards seen so far with j cards and h points.
    let mut ways = vec![vec![0f64; 41]; k + 1];
    ways[0][0] = 1.0;
    for c in cards.cards() {
        let p = c.rank().hcp() as usize;
        for j in (1..=k).rev() {
            for h in (p..=40).rev() {
                ways[j][h] += ways[j - 1][h - p];
            }
        }
    }
    let total: f64 = ways[k].iter().sum();
    ways[k].iter().map(|w| w / total).collect()
}

#[test]
fn deal_rest_realistic_partial_deal_matches_theory() {
    // North is fixed completely, South holds five known cards: 34 free cards, of which East
    // gets 13, South 8 and West 13.
    let north = hand("SA SK SQ SJ HT H9 H8 D7 D6 D5 C4 C3 C2");
    let south = hand("HA HK DQ CJ CT");
    let fixed = [north, Hand::EMPTY, south, Hand::EMPTY];
    let free: Vec<Card> = Card::all()
        .filter(|c| !north.contains(*c) && !south.contains(*c))
        .collect();
    assert_eq!(free.len(), 34);
    let n = 300_000u64;
    let mut dealer = FastDealer::from_seed([6; 32]);
    let mut counts = vec![[0u64; 4]; free.len()];
    let mut east_hcp = vec![0u64; 41];
    for _ in 0..n {
        let deal: Deal = dealer.deal_rest(&fixed).unwrap();
        assert_eq!(deal.hand(Seat::North), north);
        assert_eq!(deal.hand(Seat::South).intersection(south), south);
        let owners = deal.owners();
        for (row, c) in counts.iter_mut().zip(&free) {
            row[owners[c.index()].index()] += 1;
        }
        east_hcp[deal.hand(Seat::East).hcp() as usize] += 1;
    }
    check(quota_card_seat_test(
        "deal_rest: free cards by quota (34x3)",
        &counts,
        [0, 13, 8, 13],
        n,
        ALPHA,
    ));
    let exact = exact_subset_hcp(free.iter().copied().collect(), 13);
    let (stat, dof) = pearson_merged_ends(&east_hcp, &exact, n);
    check(ChiSquare::new(
        "deal_rest: East HCP vs exact subset count",
        stat,
        dof,
        ALPHA,
    ));
}

#[test]
fn deal_rest_with_nothing_fixed_passes_the_battery() {
    let mut dealer = FastDealer::from_seed([7; 32]);
    let mut t = Tally::new();
    for _ in 0..DEALS {
        t.add(&dealer.deal_rest(&[Hand::EMPTY; 4]).unwrap());
    }
    for r in t.all_tests(ALPHA) {
        check(r);
    }
}

/// A dealer with the classic modulo bias: Fisher–Yates with `byte % bound`.
fn biased_deal(rng: &mut ChaCha8Rng) -> Deal {
    let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
    for i in 0..51 {
        let bound = 52 - i;
        let j = i + (rng.next_u32() as u8 as usize) % bound;
        deck.swap(i, j);
    }
    let mut hands = [Hand::EMPTY; 4];
    for (i, c) in deck.iter().enumerate() {
        hands[i / 13] = hands[i / 13].union(Hand::from_bits(1 << c));
    }
    Deal::new(hands).unwrap()
}

#[test]
fn the_battery_rejects_a_modulo_biased_dealer() {
    let mut rng = ChaCha8Rng::from_seed([8; 32]);
    let mut t = Tally::new();
    for _ in 0..200_000 {
        t.add(&biased_deal(&mut rng));
    }
    let r = t.card_seat_test(ALPHA);
    println!("{}  (expected to REJECT)", r.line());
    assert!(
        !r.passes(),
        "the biased dealer went unnoticed: {}",
        r.line()
    );
    // The critical value is the one a fair dealer is held to.
    assert!((r.critical - chi2_critical(ALPHA, 153)).abs() < 1e-9);
}
