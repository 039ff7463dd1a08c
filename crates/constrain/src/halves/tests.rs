//! The halves' counts against the chain's (an independent structure) where both count, the
//! same set turned a quarter and with its suits renamed, and a count by plain dealing.

use super::Halves;
use crate::combin::below_usize;
use crate::engine::{Observer, Tables};
use crate::spec::{Pair, Scale};
use crate::{parse, ConstraintSet, ALL_DEALS};
use fairdeal_model::{Card, Deal, Hand, Seat, Suit};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

mod fixed;
mod merged;

pub(crate) fn set(text: &str) -> ConstraintSet {
    parse(text)
        .unwrap_or_else(|e| panic!("{}", e.render(text)))
        .constraints(None)
        .expect("compiles")
}

pub(crate) fn seats(s: &ConstraintSet) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|&x| s.seat(x).constrained || s.pairs.iter().any(|p| p.pair.seats().contains(&x)))
        .collect()
}

fn halves(text: &str) -> Halves {
    let s = set(text);
    Halves::new(&s, &seats(&s)).unwrap_or_else(|| panic!("{text}: not counted by halves"))
}

/// Each seat names two suits, with points: the others' lengths are free, so each suit has
/// about a hundred columns (the chain counts three seats of it).
const TWO_SUITS_EACH: &str = "north: spades 2-5, hearts 2-5, hcp 11-15\neast: spades 2-5, diamonds 2-5, hcp 6-10\nsouth: hearts 2-5, clubs 2-5, hcp 8-12\nwest: diamonds 2-5, clubs 2-5, hcp 5-9";

/// Open-ended two-suited seats with points and a partnership's sum: the chain counts two
/// seats of it; every coordinate is open-ended, so the halves' vectors are not packed.
const OPEN_TWO_SUITED: &str = "north: spades 4+, hearts 4+, hcp 15+\neast: diamonds 4+, hcp 5+\nsouth: hearts 3+, clubs 4+, hcp 8+\nwest: clubs 0-3, hcp 3+\nns: hcp 25+";

/// Four balanced seats with points on every seat: the set the chain cannot count.
const FOUR_BALANCED: &str = "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12";

#[test]
fn counts_what_the_chain_counts() {
    for text in [
        "north: balanced\neast: balanced\nsouth: balanced\nwest: balanced",
        "north: balanced, controls 3+\neast: shape any 4432\nsouth: balanced, controls 0-2\nwest: shape any 5332",
        "north: shape 4=3=3=3, hcp 10-12\neast: shape 3=4=3=3, hcp 10-12\nsouth: shape 3=3=4=3, hcp 10-12\nwest: shape 3=3=3=4",
        "north: shape 4=3=3=3\neast: shape 3=4=3=3\nsouth: shape 3=3=4=3\nwest: shape 3=3=3=4\nns: hcp 20-24\new: hcp 15+",
        "north: shape 5=3=3=2 + 3=5=3=2, hcp 12+\neast: shape 2=3=4=4\nsouth: shape 3=2=3=5 + 3=2=5=3, hcp 0-7\nwest: shape 3=5=3=2 + 3=5=2=3",
    ] {
        let s = set(text);
        let chain = Tables::new(&s, &seats(&s), u64::MAX)
            .unwrap_or_else(|e| panic!("{text}: the chain: {e}"));
        assert!(chain.deals() > 0, "{text}");
        assert_eq!(halves(text).deals(), chain.deals(), "{text}");
    }
}

/// The same set with every seat moved round a quarter, and with ♠♥ swapped with ♦♣
/// (the two halves trade places), counts the same deals.
#[test]
fn turned_and_renamed_sets_agree() {
    let base = "north: balanced, hcp 12-14\neast: shape any 4432, hcp 8-11\nsouth: shape 5=3=3=2 + 3=5=3=2, hcp 6-10\nwest: balanced, hcp 5-12\new: hcp 14-20";
    let turned = "east: balanced, hcp 12-14\nsouth: shape any 4432, hcp 8-11\nwest: shape 5=3=3=2 + 3=5=3=2, hcp 6-10\nnorth: balanced, hcp 5-12\nns: hcp 14-20";
    let renamed = "north: balanced, hcp 12-14\neast: shape any 4432, hcp 8-11\nsouth: shape 3=2=5=3 + 3=2=3=5, hcp 6-10\nwest: balanced, hcp 5-12\new: hcp 14-20";
    let n = halves(base).deals();
    assert!(n > 0);
    assert_eq!(halves(turned).deals(), n);
    assert_eq!(halves(renamed).deals(), n);
    let swapped = "south: balanced, hcp 12-14\neast: balanced, hcp 8-11\nnorth: balanced, hcp 6-10\nwest: balanced, hcp 5-12";
    assert_eq!(halves(swapped).deals(), halves(FOUR_BALANCED).deals());
}

/// A uniform random deal (Fisher–Yates over the deck; also the fit cells' tests').
pub(crate) fn random_deal(rng: &mut ChaCha8Rng) -> Deal {
    let mut cards: Vec<Card> = (0..52)
        .map(|i| Card::from_index(i).expect("a card"))
        .collect();
    for i in 0..51 {
        let j = i + below_usize(rng, 52 - i);
        cards.swap(i, j);
    }
    let hands: [Hand; 4] =
        std::array::from_fn(|s| cards[s * 13..s * 13 + 13].iter().copied().collect());
    Deal::from_shuffle(hands)
}

/// Counts against plain dealing: the share of two million random deals meeting each set is
/// within five standard errors of count / all deals (a check that shares no code with the
/// count but [`ConstraintSet::accepts`]).
#[test]
fn counts_match_plain_dealing() {
    for (text, seed) in [
        (FOUR_BALANCED, 16),
        ("north: shape any 4432, hcp 11+\neast: balanced\nsouth: shape any 5332 + any 4333\nwest: balanced, controls 0-3\nns: hcp 22-26", 17),
        // Each seat names two suits (the other two free), points on every seat.
        (TWO_SUITS_EACH, 18),
        // A fit over two suits on each side.
        (FITS_BOTH_SIDES_COMMON, 19),
    ] {
        let s = set(text);
        let p = halves(text).deals() as f64 / ALL_DEALS as f64;
        let n = 2_000_000;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let hits = (0..n)
            .filter(|_| s.accepts(&random_deal(&mut rng)))
            .count();
        let sd = (p * (1.0 - p) / n as f64).sqrt();
        let seen = hits as f64 / n as f64;
        println!("{text:?}: exact {p:.6}, dealt {seen:.6} ({hits} of {n})");
        assert!(p > 1e-3, "{text}: too rare for this check ({p})");
        assert!((seen - p).abs() < 5.0 * sd, "{text}: exact {p}, dealt {seen}");
    }
}

/// Every sampled deal meets the set.
#[test]
fn sampled_deals_meet_the_set() {
    for text in [FOUR_BALANCED, TWO_SUITS_EACH, OPEN_ENDED, OPEN_TWO_SUITED]
        .into_iter()
        .chain(FIT_SETS)
    {
        let s = set(text);
        let h = halves(text);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut deals = Vec::new();
        h.sample_batch(&mut rng, 2000, &mut deals);
        assert_eq!(deals.len(), 2000);
        for d in &deals {
            assert!(s.accepts(d), "{d}");
        }
    }
}

/// Fits on both sides, each over two suits, with points on three seats: common enough (about
/// 1 deal in 94) for plain dealing to check.
const FITS_BOTH_SIDES_COMMON: &str = "north: balanced, hcp 10+\neast: shape any 5431 + any 5422 + any 4432\nsouth: hcp 6+, shape any 4432 + any 5332 + any 5422\nwest: hcp 0-12\nns: fit 8+ majors\new: fit 8+ minors";

/// Fits on both sides, each over two suits, beside shapes and points on every seat.
const FITS_BOTH_SIDES: &str = "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\nns: fit 8+ majors\new: fit 8+ minors";

/// Sets with fits the halves filter their pairs of columns by, with the sets' other
/// conditions the same: a fit in one suit, over two suits on each side, a fit on each side in
/// the same suit (one with an upper bound), a fit that is only an upper bound.
const FIT_SETS: [&str; 7] = [
    "north: hcp 12-14, hearts 2-5\neast: balanced\nsouth: hcp 6-10, hearts 3-6\nwest: shape any 5431 + any 4432\nns: fit 8+ hearts",
    "north: hcp 12-14, hearts 2-5\neast: balanced\nsouth: hcp 6-10, hearts 3-6\nwest: shape any 5431 + any 4432\nns: fit 7-8 hearts",
    "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\nns: fit 8+ hearts",
    "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\nns: fit 8+ majors\new: fit 7+ clubs",
    "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\nns: fit 8+ spades\new: fit 5-6 spades",
    "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\new: fit 0-6 clubs",
    "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\nns: fit 9+ minors\new: fit 7-8 hearts",
];

/// The halves' counts of sets with fits against a route the fit filter has no part in: the
/// set's cells without fits ([`crate::fit_cells`]: one seat's lengths in the fit suits fixed,
/// its partner's shapes narrowed to meet the fits), each counted by the halves without a fit.
/// (The chain passes its memory bound on every one of these sets.) Each fit removes deals
/// (the set without it counts more), and no set is empty.
#[test]
fn fits_count_as_their_cells_count() {
    for text in FIT_SETS {
        let s = set(text);
        let n = halves(text).deals();
        assert!(n > 0, "{text}");
        let mut without = s.clone();
        without.pairs.clear();
        assert!(
            halves_of(&without).deals() > n,
            "{text}: the fits remove deals"
        );
        let cells = crate::fit_cells::cells(&s).expect("at most 64 cells");
        let sum: u128 = cells
            .iter()
            .map(|cell| {
                assert!(cell.pairs.is_empty(), "{text}: a cell without fits");
                Halves::new(cell, &seats(cell)).map_or(0, |h| h.deals())
            })
            .sum();
        assert_eq!(n, sum, "{text}: {} cells", cells.len());
    }
}

/// A fit over two suits is met where either suit's is: for fits over two suits on both
/// sides (past the chain's bounds and 64 cells), the count is the inclusion–exclusion of the
/// one-suit fits' counts, each side's fits in ♠ alone, ♥ alone and both (nine terms), each
/// term counted as a set of its own (one-suit fits, checked against the cells and the chain
/// above).
#[test]
fn a_fit_over_two_suits_is_the_union_of_its_suits_fits() {
    let base = FITS_BOTH_SIDES
        .lines()
        .filter(|l| !l.contains("fit"))
        .collect::<Vec<_>>()
        .join("\n");
    let ns = [
        (1i128, "ns: fit 8+ spades"),
        (1, "ns: fit 8+ hearts"),
        (-1, "ns: fit 8+ spades\nns: fit 8+ hearts"),
    ];
    let ew = [
        (1i128, "ew: fit 8+ diamonds"),
        (1, "ew: fit 8+ clubs"),
        (-1, "ew: fit 8+ diamonds\new: fit 8+ clubs"),
    ];
    let mut total = 0i128;
    for (a, x) in ns {
        for (b, y) in ew {
            let n = halves_of(&set(&format!("{base}\n{x}\n{y}"))).deals();
            total += a * b * n as i128;
        }
    }
    assert_eq!(total, halves(FITS_BOTH_SIDES).deals() as i128);
}

fn halves_of(s: &ConstraintSet) -> Halves {
    Halves::new(s, &seats(s)).expect("counted by halves")
}

/// Outside its scope it says so: a fit in any suit (its suits in both halves), predealt
/// cards, a seat with no bounded shape.
#[test]
fn declines_what_it_does_not_count() {
    for text in [
        "north: balanced\neast: balanced\nsouth: balanced\nwest: balanced\nns: fit 8+",
        "north: balanced, has SA\neast: balanced\nsouth: balanced\nwest: balanced",
        "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10",
    ] {
        let s = set(text);
        assert!(Halves::new(&s, &seats(&s)).is_none(), "{text}");
    }
}

fn sorted(mut d: Vec<(Vec<u32>, u128)>) -> Vec<(Vec<u32>, u128)> {
    d.sort();
    d
}

const CONTROLS: &str = "north: balanced, controls 3+\neast: shape any 4432\nsouth: balanced, controls 0-2\nwest: shape any 5332";
const PATTERNS: &str = "north: shape 4=3=3=3, hcp 10-12\neast: shape 3=4=3=3, hcp 10-12\nsouth: shape 3=3=4=3, hcp 10-12\nwest: shape 3=3=3=4";
const UNIONS: &str = "north: shape 5=3=3=2 + 3=5=3=2, hcp 12+\neast: shape 2=3=4=4\nsouth: shape 3=2=3=5 + 3=2=5=3, hcp 0-7\nwest: shape 3=5=3=2 + 3=5=2=3";

/// The halves' distributions of observed quantities equal the chain's (an independent
/// structure) where the chain can observe them, and add up to the count.
#[test]
fn observed_distributions_equal_the_chains() {
    let hcp = Scale::hcp().weights;
    for (text, observers) in [
        (CONTROLS, vec![Observer::Shape(Seat::West)]),
        (CONTROLS, vec![Observer::Length(Seat::East, Suit::Hearts)]),
        (CONTROLS, vec![Observer::Length(Seat::North, Suit::Clubs)]),
        (
            PATTERNS,
            vec![
                Observer::Points(Seat::West, hcp),
                Observer::Shape(Seat::North),
            ],
        ),
        (
            UNIONS,
            vec![
                Observer::Points(Seat::West, hcp),
                Observer::Shape(Seat::North),
            ],
        ),
    ] {
        let s = set(text);
        let ours = Halves::observing(&s, &seats(&s), &observers)
            .unwrap_or_else(|| panic!("{text}: {observers:?}: declined"));
        let chain = Tables::observing(&s, &seats(&s), u64::MAX, &observers)
            .unwrap_or_else(|e| panic!("{text}: the chain: {e}"))
            .distribution();
        assert!(ours.len() > 2, "{text}: {observers:?}: {ours:?}");
        let total: u128 = ours.iter().map(|e| e.1).sum();
        assert_eq!(total, halves(text).deals(), "{text}: {observers:?}");
        assert_eq!(sorted(ours), sorted(chain), "{text}: {observers:?}");
    }
}

/// Where the chain cannot observe (a points observer beside four counted seats), each
/// value's count is the chain's count of the set narrowed to that value: a seat's HCP, a
/// partnership's, a seat's exact shape (`{}` in the template is the range, then the value).
#[test]
fn each_observed_value_counts_as_the_narrowed_set() {
    let hcp = Scale::hcp().weights;
    let cases: [(&str, &str, Observer, &[u32]); 4] = [
        (
            "north: balanced, controls 3+\neast: shape any 4432\nsouth: balanced, controls 0-2\nwest: shape any 5332, hcp {}",
            "0-37",
            Observer::Points(Seat::West, hcp),
            &[0, 27, 28, 29, 30, 31],
        ),
        (
            "north: shape 5=3=3=2 + 3=5=3=2, hcp 12+\neast: shape 2=3=4=4\nsouth: shape 3=2=3=5 + 3=2=5=3, hcp {}\nwest: shape 3=5=3=2 + 3=5=2=3",
            "0-7",
            Observer::Points(Seat::South, hcp),
            &[0, 1, 2, 3],
        ),
        (
            "north: shape 4=3=3=3, hcp 11\neast: shape 3=4=3=3, hcp 10-12\nsouth: shape 3=3=4=3\nwest: shape 3=3=3=4\nns: hcp {}",
            "20-24",
            Observer::PairPoints(Pair::NorthSouth, hcp),
            &[20, 24],
        ),
        (
            "north: balanced, controls 3+\neast: shape any 4432\nsouth: balanced, controls 0-2\nwest: shape {}",
            "any 5332",
            Observer::Shape(Seat::West),
            &[],
        ),
    ];
    for (template, range, observer, values) in cases {
        let text = template.replace("{}", range);
        let s = set(&text);
        let ours = Halves::observing(&s, &seats(&s), &[observer]).expect("observed");
        let total: u128 = ours.iter().map(|e| e.1).sum();
        assert_eq!(total, halves(&text).deals(), "{text}");
        let mut checked = 0;
        for (v, n) in &ours {
            let narrow = match observer {
                Observer::Shape(_) => format!("{}={}={}={}", v[0], v[1], v[2], v[3]),
                _ if values.contains(&(v[0] / 2)) => format!("{}", v[0] / 2),
                _ => continue,
            };
            let narrowed = set(&template.replace("{}", &narrow));
            let chain = Tables::new(&narrowed, &seats(&narrowed), u64::MAX)
                .unwrap_or_else(|e| panic!("{text}: {narrow}: the chain: {e}"));
            assert_eq!(*n, chain.deals(), "{text}: {narrow}");
            checked += 1;
        }
        let expected = if values.is_empty() { 12 } else { values.len() };
        assert_eq!(checked, expected, "{text}: values checked");
    }
}
/// Four balanced seats with points, which the chain cannot observe: every seat's HCP and
/// shape add up to the count, the same set turned a quarter gives the same distributions
/// seat for seat, and the HCP stay in each seat's range.
#[test]
fn four_balanced_seats_are_observed_on_every_seat() {
    let hcp = Scale::hcp().weights;
    let base = set(FOUR_BALANCED);
    let turned = set("east: balanced, hcp 12-14\nsouth: balanced, hcp 8-11\nwest: balanced, hcp 6-10\nnorth: balanced, hcp 5-12");
    let count = halves(FOUR_BALANCED).deals();
    let ranges = [(12, 14), (8, 11), (6, 10), (5, 12)];
    for (seat, (lo, hi)) in Seat::ALL.into_iter().zip(ranges) {
        let next = Seat::ALL[(seat.index() + 1) % 4];
        for (ours, theirs) in [
            (Observer::Points(seat, hcp), Observer::Points(next, hcp)),
            (Observer::Shape(seat), Observer::Shape(next)),
        ] {
            let d = Halves::observing(&base, &Seat::ALL, &[ours]).expect("observed");
            assert_eq!(d.iter().map(|e| e.1).sum::<u128>(), count, "{ours:?}");
            let t = Halves::observing(&turned, &Seat::ALL, &[theirs]).expect("observed");
            assert_eq!(sorted(d.clone()), sorted(t), "{ours:?}");
            if let Observer::Points(..) = ours {
                let values: Vec<u32> = d.iter().map(|e| e.0[0] / 2).collect();
                assert_eq!(values, (lo..=hi).collect::<Vec<u32>>(), "{seat:?}");
            }
        }
    }
    // A partnership's HCP, read as the sum of its seats' coordinates, is the joint table of
    // the two seats summed.
    let pair = Halves::observing(
        &base,
        &Seat::ALL,
        &[Observer::PairPoints(Pair::NorthSouth, hcp)],
    )
    .expect("observed");
    let joint = Halves::observing(
        &base,
        &Seat::ALL,
        &[
            Observer::Points(Seat::North, hcp),
            Observer::Points(Seat::South, hcp),
        ],
    )
    .expect("observed");
    let mut summed: std::collections::BTreeMap<Vec<u32>, u128> = Default::default();
    for (v, n) in joint {
        *summed.entry(vec![v[0] + v[1]]).or_default() += n;
    }
    assert_eq!(pair.len(), (12 + 6..=14 + 10).count());
    assert_eq!(pair, summed.into_iter().collect::<Vec<_>>());
}

/// Patterns, open-ended points and a partnership's sum: coordinates without an upper bound,
/// so the sampler's unpacked path.
const OPEN_ENDED: &str = "north: shape any 4432 + any 5422, hcp 15+\neast: shape any 5431\nsouth: shape any 4333 + any 5332\nwest: shape any 6322, hcp 3+\nns: hcp 31+";

/// Walks ♠♥ group `g`'s completions in the box `lo..=hi` through `find` (offset → ♦♣ group and
/// entry; `weigh` gives an entry's count and vector): each is found at exactly its count of
/// offsets, in one run (its first and last offsets land on it), inside the box, and with
/// `ordered` by dense index, then in the partners' order (the order the deals drawn for a
/// seed depend on); the counts add up to `total`. Returns the completions walked.
pub(crate) fn walk_completions(
    h: &Halves,
    g: usize,
    (lo, hi, total): (&super::Pt, &super::Pt, u64),
    find: &dyn Fn(u64) -> (usize, usize),
    weigh: &dyn Fn(usize, usize) -> (u64, super::Pt),
    ordered: bool,
    what: &str,
) -> usize {
    let mut r = 0u64;
    let mut last = None;
    let mut walked = 0;
    while r < total {
        let (k, at) = find(r);
        let (w, b) = weigh(k, at);
        assert!(w > 0, "{what}");
        assert!((0..h.space.coords.len()).all(|c| lo[c] <= b[c] && b[c] <= hi[c]));
        assert_eq!(find(r + w - 1), (k, at), "{what}");
        if ordered {
            let place = h.partners[g].iter().position(|&p| p as usize == k);
            let key = (h.space.index(&b), place.expect("a partner"));
            assert!(last < Some(key), "{what}");
            last = Some(key);
        }
        r += w;
        walked += 1;
    }
    assert_eq!(r, total, "{what}: the weights add up");
    walked
}

/// The two ways of finding a ♦♣ completion at an offset — by the group's row sums and by
/// scanning the completing groups — each give every completion exactly its weight of
/// offsets: its first and last offsets land on it, in each way's own order, and the weights
/// add up to the completions the count used.
#[test]
fn completions_are_found_at_exactly_their_offsets() {
    for text in [FOUR_BALANCED, OPEN_ENDED] {
        let h = halves(text);
        assert!(
            !h.completing.is_empty(),
            "{text}: the sampler's row sums are built"
        );
        let first = &h.halves[0];
        let mut checked = 0;
        for (g, group) in first.groups.iter().enumerate().step_by(7) {
            let rows = h.rows(g).expect("row sums");
            for (e, a) in group.points.iter().enumerate().step_by(13) {
                let Some((lo, hi)) = h.space.completions(a) else {
                    continue;
                };
                let total = h.completions[g][e];
                let by_rows = |r| {
                    let first = h.first_row(rows, &lo, &hi);
                    let (k, e) = rows.items[h.descend(rows, &lo, &hi, first, r)];
                    (k as usize, e as usize)
                };
                let by_scan = |r| h.scan(g, &lo, &hi, r);
                let weigh = |k: usize, at: usize| {
                    let group = &h.halves[1].groups[k];
                    (group.entries[at].1, group.points[at])
                };
                for (way, find) in [&by_rows as &dyn Fn(u64) -> (usize, usize), &by_scan]
                    .into_iter()
                    .enumerate()
                {
                    let what = format!("{text}: group {g}, entry {e}");
                    checked +=
                        walk_completions(&h, g, (&lo, &hi, total), find, &weigh, way == 0, &what);
                }
            }
        }
        assert!(checked > 1000, "{text}: {checked} completions checked");
    }
}

/// The sampler's other lookups add up to the counts: each half group's per-pair counts at an
/// entry ([`Halves::runs`]) to the entry's count, and each column's layouts adding a vector
/// to the column's count of that vector.
#[test]
fn the_samplers_lookups_add_up_to_the_counts() {
    for text in [FOUR_BALANCED, OPEN_ENDED, TWO_SUITS_EACH] {
        let h = halves(text);
        let mask = (1u64 << super::COUNT_BITS) - 1;
        for (i, half) in h.halves.iter().enumerate() {
            assert!(!half.runs.is_empty(), "{text}: runs are kept");
            for (g, group) in half.groups.iter().enumerate().step_by(5) {
                let runs = h.runs_built(i, g).expect("runs");
                for (e, &(_, total)) in group.entries.iter().enumerate() {
                    let items = &runs.items[runs.starts[e] as usize..runs.starts[e + 1] as usize];
                    assert!(items
                        .iter()
                        .all(|&x| ((x >> super::COUNT_BITS) as usize) < group.pairs.len()));
                    assert_eq!(
                        items.iter().map(|&x| x & mask).sum::<u64>(),
                        total,
                        "{text}"
                    );
                }
            }
        }
        for column in h.columns.iter().flatten() {
            assert_eq!(column.by_adds[0], 0, "{text}");
            for (id, &w) in column.by_adds[1..].iter().enumerate() {
                let run = column.layout_starts[id] as usize..column.layout_starts[id + 1] as usize;
                let layouts = &column.layouts[run];
                assert_eq!(layouts.iter().map(|l| l.1).sum::<u64>(), w, "{text}");
                for &(l, _) in layouts {
                    let adds = h.layouts[usize::from(l)].adds;
                    assert_eq!(
                        usize::from(h.adds_at[h.space.index(&adds) as usize]),
                        id + 1
                    );
                }
            }
        }
    }
}

/// A half's pair found through its runs is the pair a scan of every pair finds, with the
/// same offset left: the same seed deals the same deals with the runs and without them (so
/// a group left without runs by the memory bound changes nothing but the speed).
#[test]
fn runs_change_no_deal() {
    for text in [FOUR_BALANCED, OPEN_ENDED] {
        let with = halves(text);
        let mut without = with.clone();
        for half in &mut without.halves {
            half.runs = Vec::new();
        }
        // Every group's runs built at once (within their bound), not as deals ask.
        for h in 0..2 {
            for g in 0..with.halves[h].groups.len() {
                with.runs_built(h, g);
            }
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        with.sample_batch(&mut ChaCha8Rng::seed_from_u64(9), 3000, &mut a);
        without.sample_batch(&mut ChaCha8Rng::seed_from_u64(9), 3000, &mut b);
        assert_eq!(a, b, "{text}");
        assert!(with
            .halves
            .iter()
            .flat_map(|h| &h.runs)
            .any(|r| r.get().is_some_and(|r| !r.starts.is_empty())));
    }
}

/// Where every group's runs fit their bound, a group's come with its first draw; where they
/// might not, a group waits for a draw per [`super::RUNS_BYTES_PER_DRAW`] its runs may take
/// (at most [`super::RUNS_AFTER_DRAWS`]), so the bound goes to the groups drawn most.
#[test]
fn runs_wait_for_draws_where_they_are_scarce() {
    let built = |h: &Halves| {
        h.halves
            .iter()
            .flat_map(|half| &half.runs)
            .filter(|r| r.get().is_some())
            .count()
    };
    let plenty = halves(FOUR_BALANCED);
    assert!(!plenty.runs_scarce);
    assert!(plenty.runs(0, 0).is_some());
    let mut scarce = halves(FOUR_BALANCED);
    scarce.runs_scarce = true;
    let (g, group) = scarce.halves[0]
        .groups
        .iter()
        .enumerate()
        .max_by_key(|(_, group)| super::runs_bytes_most(group))
        .expect("groups");
    let wait = (super::runs_bytes_most(group) / super::RUNS_BYTES_PER_DRAW)
        .clamp(1, super::RUNS_AFTER_DRAWS);
    assert!(wait > 1, "the largest group's runs wait");
    for _ in 1..wait {
        assert!(scarce.runs(0, g).is_none());
    }
    assert!(!scarce
        .runs(0, g)
        .expect("built at the figure")
        .starts
        .is_empty());
    assert_eq!(built(&scarce), 1);
}

/// Open-ended two-suited seats with a partnership's sum, counted by an independent route:
/// North and South's conditions alone are counted exactly by the chain, and the share of
/// 200 000 of their deals (drawn by the chain) that meet the whole set is within five
/// standard errors of the halves' count over theirs.
#[test]
fn open_two_suited_seats_count_as_the_chain_and_rejection_estimate() {
    let full = set(OPEN_TWO_SUITED);
    let count = halves(OPEN_TWO_SUITED).deals();
    let ns = "north: spades 4+, hearts 4+, hcp 15+\nsouth: hearts 3+, clubs 4+, hcp 8+";
    let mut d = crate::Dealer::new(&set(ns), crate::Options::default()).expect("builds");
    assert!(d.halves().is_none(), "two seats: the chain");
    let c = d.count();
    assert!(c.is_exact(), "{c:?}");
    let n = 200_000;
    let mut deals = Vec::with_capacity(n);
    d.sample_many(&mut ChaCha8Rng::seed_from_u64(19), n, &mut deals)
        .expect("samples");
    let hits = deals.iter().filter(|x| full.accepts(x)).count();
    let p = count as f64 / c.deals as f64;
    let sd = (p * (1.0 - p) / n as f64).sqrt();
    let seen = hits as f64 / n as f64;
    println!("exact share {p:.5}, dealt {seen:.5} ({hits} of {n})");
    assert!(p > 0.01 && p < 0.99, "a share this check can see ({p})");
    assert!((seen - p).abs() < 5.0 * sd, "exact {p}, dealt {seen}");
}

/// The packed sum's dense index is the index of [`super::Space::add`]'s stored sum, and past
/// an upper bound both say none: for bounded and saturating coordinates side by side, every
/// pair of the stored vectors of a small space, and for the six-coordinate space of a
/// four-seat set (narrow lanes), pairs drawn at random.
#[test]
fn packed_sums_are_the_stored_sums() {
    use super::{Coord, Packing, Pt, Space, MAX_COORDS};
    fn space(ranges: &[(u16, Option<u16>)]) -> Space {
        let coords: Vec<Coord> = ranges
            .iter()
            .map(|&(lo, hi)| Coord {
                seats: 1,
                weights: [4, 3, 2, 1, 0],
                lo,
                hi,
                unit: 2,
            })
            .collect();
        Space::new(coords).expect("a space of a few hundred million points")
    }
    fn check(space: &Space, a: &Pt, b: &Pt) {
        let k = Packing::of(space).expect("packs");
        let got = k.sum_index(k.pack(a), space.index(a), k.pack(b), space.index(b));
        let want = space.add(a, b).map(|p| space.index(&p));
        assert_eq!(got, want, "{a:?} + {b:?}");
    }
    // Every pair of stored vectors: a bounded coordinate, two saturating, a bounded one
    // starting above 0.
    let small = space(&[(0, Some(4)), (3, None), (0, None), (2, Some(5))]);
    let points: Vec<Pt> = (0..small.size as u32).map(|i| small.point(i)).collect();
    for a in &points {
        for b in &points {
            check(&small, a, b);
        }
    }
    // Six coordinates (10-bit lanes), one saturating past half its lane.
    let wide = space(&[
        (20, Some(23)),
        (37, None),
        (12, Some(40)),
        (300, None),
        (0, Some(9)),
        (1, None),
    ]);
    assert!(wide.coords.len() == MAX_COORDS);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200_000 {
        let a = wide.point(below_usize(&mut rng, wide.size) as u32);
        let b = wide.point(below_usize(&mut rng, wide.size) as u32);
        check(&wide, &a, &b);
    }
    // A space with an unbounded coordinate whose bound fills its lane does not pack.
    assert!(Packing::of(&space(&[
        (0, Some(9)),
        (600, None),
        (1, None),
        (1, None),
        (1, None),
        (1, None)
    ]))
    .is_none());
}

/// A half's two columns and vectors are found at exactly their offsets: every pair of
/// vectors adding to a group's entry, listed by a plain search (each pair of columns in the
/// group's order, every vector of the first column against every vector of the second, their
/// sum stored as the space adds), is what [`Halves::pick_at`] finds at its first and last
/// offset — with runs and without, where every coordinate is bounded and where open-ended
/// ones saturate (the target at their bound: several preimages).
#[test]
fn halves_pick_their_vectors_at_exactly_their_offsets() {
    for text in [FOUR_BALANCED, OPEN_ENDED] {
        let mut h = halves(text);
        let mut saturated = 0;
        for with_runs in [true, false] {
            if !with_runs {
                for half in &mut h.halves {
                    half.runs = Vec::new();
                }
            }
            for half in 0..2 {
                let suits = h.halves[half].suits;
                for (g, group) in h.halves[half].groups.iter().enumerate().step_by(11) {
                    for (e, target) in group.points.iter().enumerate().step_by(17) {
                        saturated += usize::from(h.space.saturated(target));
                        let mut offset = 0u64;
                        for &(i0, i1) in &group.pairs {
                            let c0 = &h.columns[suits[0]][i0 as usize];
                            let c1 = &h.columns[suits[1]][i1 as usize];
                            for (p0, w0) in &c0.vectors {
                                for (p1, w1) in &c1.vectors {
                                    if h.space.add(p0, p1).as_ref() != Some(target) {
                                        continue;
                                    }
                                    let want = (
                                        (suits[0], h.space.index(p0), *w0),
                                        (suits[1], h.space.index(p1), *w1),
                                    );
                                    for r in [offset, offset + w0 * w1 - 1] {
                                        let [a, b] = h.pick_at(half, g, h.entry(half, g, e), r);
                                        assert!(std::ptr::eq(a.column, c0), "{text}");
                                        assert!(std::ptr::eq(b.column, c1), "{text}");
                                        assert_eq!(
                                            (
                                                (a.suit, a.adds, a.weight),
                                                (b.suit, b.adds, b.weight)
                                            ),
                                            want,
                                            "{text}: half {half}, group {g}, entry {e}, offset {r}"
                                        );
                                    }
                                    offset += w0 * w1;
                                }
                            }
                        }
                        assert_eq!(offset, group.entries[e].1, "{text}: the weights add up");
                    }
                }
            }
        }
        if text == OPEN_ENDED {
            assert!(
                saturated > 100,
                "{text}: {saturated} saturated targets checked"
            );
        }
    }
}
