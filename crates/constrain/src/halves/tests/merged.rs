//! A free ♦♣ half dealt as one suit ([`super::super::merged`]): its counts against the same
//! halves built from the half's pairs of columns, against the chain where it counts, and
//! against plain dealing; its deals meet the set, and its completions are found at exactly
//! their offsets.

use super::super::{Bounds, Halves, OneSuit, BOUNDS, WIDE_BUILD_WORK_MAX, WIDE_ENTRIES_MAX};
use super::{random_deal, seats, set, walk_completions};
use crate::engine::Tables;
use crate::ALL_DEALS;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Three seats with points and a length in ♠ or ♥: nothing looks into ♦♣ (the chain counts
/// it too).
const THREE_SEATS: &str =
    "north: spades 5+, hcp 12-14\neast: hearts 4-6, hcp 8-11\nsouth: spades 0-3, hcp 6-10";

/// Four seats, a fit in spades and shapes that fix only how many minor cards a seat holds
/// (5=5 in the majors leaves three, x=x leaves any split).
const FOUR_SEATS_FIT: &str = "north: shape 5=5=x=x, hcp 8-13\neast: hcp 6-12, controls 2+\nsouth: hearts 0-2, hcp 6-11\nwest: hcp 4+\nns: fit 8+ spades";

/// The set that had been out of reach of every exact route (past the chain's memory bound and
/// the halves' usual bounds): points on three seats, controls on one, a fit on each side,
/// both in the majors. Its ranges leave one way to share the points (North 20, East 8,
/// South 12, West none).
pub(crate) const FITS_IN_MAJORS: &str = "north: hcp 20-23\neast: hcp 8-11\nsouth: hcp 12-17, controls 4+\nns: fit 9+ spades\new: fit 9+ majors";

/// Common enough (about 1 deal in 8) for plain dealing to check: a fit in the majors on each
/// side, points on three seats.
const COMMON: &str =
    "north: hcp 10+\neast: hcp 0-12\nsouth: hcp 6+\nns: fit 8+ majors\new: fit 7+ majors";

/// The sets above, each counted by the halves (within their usual bounds, or the wide ones)
/// with ♦♣ dealt as one suit (as the dealer does only past the usual bounds).
const SETS: [&str; 4] = [THREE_SEATS, FOUR_SEATS_FIT, COMMON, FITS_IN_MAJORS];

fn merged(text: &str) -> Halves {
    let s = set(text);
    let usual = Bounds {
        one_suit: OneSuit::WhereFree,
        ..BOUNDS
    };
    let h = Halves::build(&s, &seats(&s), &[], usual)
        .or_else(|| Halves::wide(&s, &seats(&s), u64::MAX))
        .unwrap_or_else(|| panic!("{text}: not counted"));
    assert!(h.merged().is_some(), "{text}: ♦♣ dealt as one suit");
    h
}

/// Bounds wide enough to build a free half from its pairs of columns (its pairs of columns
/// still to be set).
fn wide() -> Bounds {
    Bounds {
        work: WIDE_BUILD_WORK_MAX,
        column_pairs: 0,
        entries: 4 * WIDE_ENTRIES_MAX,
        one_suit: OneSuit::WhereFree,
    }
}

/// The same set's halves with ♦♣ built from its pairs of columns (bounds wide enough for
/// the 560 × 560 pairs of a free half), or `None` past them.
fn by_columns(text: &str) -> Option<Halves> {
    let s = set(text);
    let bounds = Bounds {
        column_pairs: usize::MAX,
        one_suit: OneSuit::Never,
        ..wide()
    };
    let h = Halves::build(&s, &seats(&s), &[], bounds)?;
    assert!(h.merged().is_none(), "{text}");
    Some(h)
}

/// A half is dealt as one suit only where nothing looks into it suit by suit: a seat's
/// length in a minor, a pattern, a fit in a minor each keep the ♦♣ half's columns; where
/// only the ♠♥ half is free (a fit in clubs and nothing else on the suits), it is the one
/// dealt as one suit, by exchanging the halves.
#[test]
fn only_a_free_half_is_dealt_as_one_suit() {
    for (text, spades_hearts_free) in [
        (
            "north: spades 5+, hcp 12-14\neast: diamonds 4-6, hcp 8-11\nsouth: hcp 6-10",
            false,
        ),
        ("north: balanced, hcp 12-14\neast: hcp 8-11\nsouth: hcp 6-10", false),
        (
            "north: hcp 12-14\neast: hcp 8-11\nsouth: hcp 6-10\nns: fit 8+ clubs",
            true,
        ),
        (
            "north: hcp 12-14\neast: hcp 8-11\nsouth: hcp 6-10\nns: fit 8+ spades\new: fit 8+ minors",
            false,
        ),
    ] {
        let s = set(text);
        let bounds = Bounds {
            column_pairs: usize::MAX,
            ..wide()
        };
        let h = Halves::build(&s, &seats(&s), &[], bounds)
            .unwrap_or_else(|| panic!("{text}: not counted"));
        assert_eq!(h.merged().is_some(), spades_hearts_free, "{text}");
        assert_eq!(h.exchanged, spades_hearts_free, "{text}");
    }
}

/// The one-suit count equals the count from the half's pairs of columns (a route with no
/// part of the one-suit tables; 6 s and 480 MB for the fits in the majors, past the bounds of
/// every dealing route) on every set, and the chain's where it counts.
#[test]
fn counts_as_the_columns_and_the_chain() {
    let mut by_chain = 0;
    for text in SETS {
        let h = merged(text);
        assert!(h.deals() > 0, "{text}");
        let columns = by_columns(text).unwrap_or_else(|| panic!("{text}: by columns"));
        assert_eq!(h.deals(), columns.deals(), "{text}");
        let s = set(text);
        if let Ok(chain) = Tables::new(&s, &seats(&s), 2_000_000_000) {
            assert_eq!(h.deals(), chain.deals(), "{text}");
            by_chain += 1;
        }
    }
    assert!(by_chain >= 1, "the chain counted one of the sets");
}

/// Against plain dealing: the share of two million random deals meeting the common set is
/// within five standard errors of its count over all deals.
#[test]
fn counts_as_plain_dealing() {
    let s = set(COMMON);
    let p = merged(COMMON).deals() as f64 / ALL_DEALS as f64;
    assert!(p > 1e-3, "too rare for this check ({p})");
    let n = 2_000_000;
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let hits = (0..n).filter(|_| s.accepts(&random_deal(&mut rng))).count();
    let sd = (p * (1.0 - p) / n as f64).sqrt();
    let seen = hits as f64 / n as f64;
    assert!((seen - p).abs() < 5.0 * sd, "exact {p}, dealt {seen}");
}

/// Every sampled deal meets the set.
#[test]
fn sampled_deals_meet_the_set() {
    for text in SETS {
        let s = set(text);
        let mut deals = Vec::new();
        merged(text).sample_batch(&mut ChaCha8Rng::seed_from_u64(5), 2000, &mut deals);
        assert_eq!(deals.len(), 2000, "{text}");
        for d in &deals {
            assert!(s.accepts(d), "{text}: {d}");
        }
    }
}

/// Each ♦♣ completion is found at exactly its count of offsets, in one run (its first and
/// last offsets land on it), inside the box, in index order then the partners' order; the
/// counts add up to the completions the count used.
#[test]
fn completions_are_found_at_exactly_their_offsets() {
    for text in [THREE_SEATS, FOUR_SEATS_FIT] {
        let h = merged(text);
        let m = h.merged().expect("one suit");
        let first = &h.halves[0];
        let mut checked = 0;
        for (g, group) in first.groups.iter().enumerate().step_by(5) {
            for (e, a) in group.points.iter().enumerate().step_by(11) {
                let Some((lo, hi)) = h.space.completions(a) else {
                    continue;
                };
                let total = h.completions[g][e];
                let find = |r| {
                    let (k, at) = h.find_merged(m, g, &lo, &hi, r);
                    (k, at as usize)
                };
                let weigh = |k: usize, at: usize| {
                    let at = at as u32;
                    (m.count_at(k, at), h.space.point(at))
                };
                let what = format!("{text}: group {g}, entry {e}");
                checked += walk_completions(&h, g, (&lo, &hi, total), &find, &weigh, true, &what);
            }
        }
        assert!(checked > 1000, "{text}: {checked} completions checked");
    }
}

/// A group's counts added into a dense array and read at each vector agree, and (the points
/// open-ended, so no layout falls past a bound) add up to the ways to deal the half to the
/// group's lengths: 26! / Π lengths!.
#[test]
fn a_groups_counts_add_up_to_its_deals_of_the_half() {
    let h =
        merged("north: spades 5+, hcp 12+\neast: hearts 4-6, hcp 8+\nsouth: spades 0-3, hcp 6+");
    let m = h.merged().expect("one suit");
    assert!(m.lengths.len() > 100);
    let mut dense = vec![0u64; h.space.size];
    for g in (0..m.lengths.len()).step_by(3) {
        dense.fill(0);
        m.add_into(g, &mut dense);
        for (at, &w) in dense.iter().enumerate() {
            assert_eq!(m.count_at(g, at as u32), w);
        }
        let sum: u128 = dense.iter().map(|&w| u128::from(w)).sum();
        let l = m.lengths[g].map(usize::from);
        assert_eq!(sum, crate::combin::multinomial(26, &[l[0], l[1], l[2]]));
    }
}

/// Observed quantities of a set with a free half equal the chain's distributions: a points
/// observer keeps the half dealt as one suit (its totals are coordinates), and so does a
/// length or a shape looking into it — read from how its spot cards split between ♦ and ♣
/// ([`super::super::merged::Merged::add_split`]) — for one seat or two at once, and where
/// only the ♠♥ half is free (the halves exchanged, a shape's lengths put back in order).
#[test]
fn observed_values_equal_the_chains() {
    use crate::engine::Observer;
    use crate::spec::{Pair, Scale};
    use fairdeal_model::{Seat, Suit};
    let hcp = Scale::hcp().weights;
    let mirror = mirrored(THREE_SEATS);
    let cases: [(&str, Vec<Observer>); 7] = [
        (THREE_SEATS, vec![Observer::Points(Seat::West, hcp)]),
        (THREE_SEATS, vec![Observer::PairPoints(Pair::EastWest, hcp)]),
        (
            THREE_SEATS,
            vec![Observer::Length(Seat::East, Suit::Diamonds)],
        ),
        (THREE_SEATS, vec![Observer::Shape(Seat::North)]),
        (
            THREE_SEATS,
            vec![
                Observer::Length(Seat::West, Suit::Clubs),
                Observer::Length(Seat::South, Suit::Diamonds),
            ],
        ),
        (&mirror, vec![Observer::Shape(Seat::North)]),
        (&mirror, vec![Observer::Length(Seat::East, Suit::Hearts)]),
    ];
    let mut by_chain = 0;
    for (text, observers) in cases {
        let s = set(text);
        let deals = merged(text).deals();
        let bounds = Bounds {
            column_pairs: usize::MAX,
            ..wide()
        };
        let h = Halves::build(&s, &seats(&s), &observers, bounds)
            .unwrap_or_else(|| panic!("{observers:?}: declined"));
        assert!(h.one_suit_half(), "{text} {observers:?}");
        assert_eq!(h.exchanged(), text == mirror, "{text} {observers:?}");
        let ours = Halves::observing(&s, &seats(&s), &observers).expect("observed");
        // The chain where it counts; else the halves with ♦♣ built from its pairs of
        // columns, the watched lengths in its classes.
        let other = match Tables::observing(&s, &seats(&s), u64::MAX, &observers) {
            Ok(chain) => {
                by_chain += 1;
                chain.distribution()
            }
            Err(_) => {
                let bounds = Bounds {
                    column_pairs: usize::MAX,
                    entries: usize::MAX,
                    one_suit: OneSuit::Never,
                    ..wide()
                };
                let columns = Halves::build(&s, &seats(&s), &observers, bounds)
                    .unwrap_or_else(|| panic!("{observers:?}: by columns"));
                assert!(!columns.one_suit_half());
                columns.distribution().expect("observed by columns")
            }
        };
        assert!(ours.len() > 5, "{observers:?}: {ours:?}");
        let total: u128 = ours.iter().map(|e| e.1).sum();
        assert_eq!(total, deals, "{observers:?}");
        assert_eq!(
            super::sorted(ours),
            super::sorted(other),
            "{text} {observers:?}"
        );
    }
    assert!(by_chain >= 3, "the chain observed {by_chain} of the cases");
}

/// One million deals drawn with ♦♣ dealt as one suit, against the chain's exact counts of
/// West's HCP, East's diamonds and North's clubs. Chi-square at alpha 0.001 with small cells pooled,
/// no deal in a cell with none.
#[test]
fn deals_are_uniform_against_other_routes_counts() {
    use crate::engine::Observer;
    use crate::spec::Scale;
    use fairdeal_model::{Deal, Seat, Suit};
    let s = set(THREE_SEATS);
    let h = merged(THREE_SEATS);
    let mut deals: Vec<Deal> = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    h.sample_batch(&mut rng, 1_000_000, &mut deals);
    let by_chain = |observers: &[Observer]| {
        let d = Tables::observing(&s, &seats(&s), u64::MAX, observers)
            .expect("the chain")
            .distribution();
        super::sorted(d)
    };
    let west_hcp = by_chain(&[Observer::Points(Seat::West, Scale::hcp().weights)]);
    let east_diamonds = by_chain(&[Observer::Length(Seat::East, Suit::Diamonds)]);
    let north_clubs = by_chain(&[Observer::Length(Seat::North, Suit::Clubs)]);
    type Value = fn(&Deal) -> Vec<u32>;
    let cases: [(_, Value, usize); 3] = [
        (west_hcp, |d| vec![2 * d.hand(Seat::West).hcp()], 7),
        (
            east_diamonds,
            |d| vec![d.hand(Seat::East).suit_len(Suit::Diamonds)],
            5,
        ),
        (
            north_clubs,
            |d| vec![d.hand(Seat::North).suit_len(Suit::Clubs)],
            5,
        ),
    ];
    for (exact, value, df) in cases {
        assert_uniform(&h, &deals, &exact, value, df + 1);
    }
}

/// A set with `♠ ↔ ♦, ♥ ↔ ♣` exchanged in its text: the same conditions on the other half.
fn mirrored(text: &str) -> String {
    text.replace("spades", "SPADES")
        .replace("hearts", "HEARTS")
        .replace("majors", "MAJORS")
        .replace("diamonds", "spades")
        .replace("clubs", "hearts")
        .replace("minors", "majors")
        .replace("SPADES", "diamonds")
        .replace("HEARTS", "clubs")
        .replace("MAJORS", "minors")
}

/// A free ♠♥ half (nothing looks into ♠♥ suit by suit, the ♦♣ half has a fit or lengths) is
/// dealt as one suit by exchanging the halves: the mirrored text parses to the set with its
/// halves exchanged, and the exchanged halves count what the set's own structures count —
/// the chain, and the halves of the unmirrored set (the set out of every other route's reach
/// among them: both counts 4 398 164 910 487 416 573 648).
#[test]
fn a_free_spade_heart_half_is_dealt_as_one_suit_by_exchanging_the_halves() {
    for text in [THREE_SEATS, FITS_IN_MAJORS] {
        let mirror = mirrored(text);
        let (s, m) = (set(text), set(&mirror));
        assert_ne!(s, m, "{mirror}");
        assert_eq!(s.halves_exchanged(), m, "{mirror}");
        assert_eq!(m.halves_exchanged(), s, "{mirror}");
        let h = merged(&mirror);
        assert!(h.exchanged, "{mirror}");
        assert!(!merged(text).exchanged, "{text}");
        assert_eq!(h.deals(), merged(text).deals(), "{mirror}");
        if text == THREE_SEATS {
            let chain = Tables::new(&m, &seats(&m), u64::MAX).expect("the chain");
            assert_eq!(h.deals(), chain.deals());
        }
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut deals = Vec::new();
        h.sample_batch(&mut rng, 20_000, &mut deals);
        assert_eq!(deals.len(), 20_000);
        assert!(deals.iter().all(|d| m.accepts(d)), "{mirror}");
    }
}

/// Observed on exchanged halves, each value in the set's own suits: a seat's points and a
/// length in the half that is not free (read in the exchanged half) equal the chain's.
#[test]
fn observed_on_exchanged_halves_as_the_chain() {
    use crate::engine::Observer;
    use crate::spec::Scale;
    use fairdeal_model::{Seat, Suit};
    let m = set(&mirrored(THREE_SEATS));
    for observers in [
        vec![Observer::Points(Seat::West, Scale::hcp().weights)],
        vec![Observer::Length(Seat::North, Suit::Diamonds)],
        vec![
            Observer::Length(Seat::South, Suit::Diamonds),
            Observer::Points(Seat::East, Scale::hcp().weights),
        ],
    ] {
        let usual = Bounds {
            one_suit: OneSuit::WhereFree,
            ..BOUNDS
        };
        let h = Halves::build(&m, &seats(&m), &observers, usual)
            .unwrap_or_else(|| panic!("{observers:?}: declined"));
        assert!(h.exchanged && h.one_suit_half(), "{observers:?}");
        let ours = h.distribution().expect("observed");
        let chain = Tables::observing(&m, &seats(&m), u64::MAX, &observers)
            .expect("the chain")
            .distribution();
        assert!(ours.len() > 3, "{observers:?}: {ours:?}");
        assert_eq!(super::sorted(ours), super::sorted(chain), "{observers:?}");
    }
}

/// One million deals drawn by exchanged halves, against the chain's exact counts of the
/// mirrored set: West's HCP, North's diamonds (a length the set names, dealt in the
/// exchanged ♠♥ half) and East's spades (the free half, dealt as one suit). Chi-square at
/// alpha 0.001 with small cells pooled, no deal in a cell with none.
#[test]
fn deals_of_exchanged_halves_are_uniform() {
    use crate::engine::Observer;
    use crate::spec::Scale;
    use fairdeal_model::{Deal, Seat, Suit};
    let m = set(&mirrored(THREE_SEATS));
    let h = merged(&mirrored(THREE_SEATS));
    assert!(h.exchanged);
    let mut deals: Vec<Deal> = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2027);
    h.sample_batch(&mut rng, 1_000_000, &mut deals);
    let by_chain = |observers: &[Observer]| {
        let d = Tables::observing(&m, &seats(&m), u64::MAX, observers)
            .expect("the chain")
            .distribution();
        super::sorted(d)
    };
    type Value = fn(&Deal) -> Vec<u32>;
    let cases: [(_, Value, usize); 3] = [
        (
            by_chain(&[Observer::Points(Seat::West, Scale::hcp().weights)]),
            |d| vec![2 * d.hand(Seat::West).hcp()],
            7,
        ),
        (
            by_chain(&[Observer::Length(Seat::North, Suit::Diamonds)]),
            |d| vec![d.hand(Seat::North).suit_len(Suit::Diamonds)],
            2,
        ),
        (
            by_chain(&[Observer::Length(Seat::East, Suit::Spades)]),
            |d| vec![d.hand(Seat::East).suit_len(Suit::Spades)],
            5,
        ),
    ];
    for (exact, value, df) in cases {
        assert_uniform(&h, &deals, &exact, value, df);
    }
}

/// Chi-square of one value of `deals` drawn by `h` against its exact counts `exact` (sorted
/// by value, adding up to the deals of `h`): small cells pooled, at least `df` degrees of
/// freedom, p above 0.001 and no deal in a cell with none.
fn assert_uniform(
    h: &Halves,
    deals: &[fairdeal_model::Deal],
    exact: &[(Vec<u32>, u128)],
    value: fn(&fairdeal_model::Deal) -> Vec<u32>,
    df: usize,
) {
    use crate::stats::chi::chi_square;
    assert_eq!(exact.iter().map(|e| e.1).sum::<u128>(), h.deals());
    let mut observed = vec![0u64; exact.len()];
    for d in deals {
        let v = value(d);
        let i = exact
            .binary_search_by(|e| e.0.cmp(&v))
            .unwrap_or_else(|_| panic!("{v:?}: a cell with no deal"));
        observed[i] += 1;
    }
    let probs: Vec<f64> = exact
        .iter()
        .map(|e| e.1 as f64 / h.deals() as f64)
        .collect();
    let c = chi_square(&observed, &probs).expect("cells");
    println!("{c:?}");
    assert_eq!(c.impossible, 0);
    assert!(c.df >= df, "{c:?}");
    assert!(c.p > 0.001, "{c:?}");
}
