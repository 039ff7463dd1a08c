//! The honour count against independent figures: the engine's tables where both reach, the
//! dealer's count of the set narrowed to one shape, the published hand patterns, and the
//! four seats of a symmetric set against each other.

use super::{observing, HONOUR_WORK};
use crate::engine::{Observer, Tables};
use crate::halves::Halves;
use crate::spec::{Pair, Scale};
use crate::{parse, ConstraintSet, Dealer, Options};
use fairdeal_model::{Seat, Suit};

fn set(text: &str) -> ConstraintSet {
    parse(text)
        .unwrap_or_else(|e| panic!("{}", e.render(text)))
        .constraints(None)
        .expect("compiles")
}

fn conditioned(s: &ConstraintSet) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|&x| s.seat(x).constrained || s.pairs.iter().any(|p| p.pair.seats().contains(&x)))
        .collect()
}

fn sorted(mut d: Vec<(Vec<u32>, u128)>) -> Vec<(Vec<u32>, u128)> {
    d.sort();
    d
}

/// The dealer's exact count of a set (the engine's own structure, halves or chain).
fn dealer_count(s: &ConstraintSet) -> u128 {
    let d = Dealer::new(s, Options::default()).expect("builds");
    let c = d.count();
    assert!(c.is_exact(), "not counted exactly");
    c.deals
}

const EVERY_SEAT_TEN: &str = "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10";

/// Sets the engine also observes (by its chain of tables or by the halves of the deck) (one or two conditioned seats, a partnership's sum,
/// controls beside HCP, a user scale that counts the ten): the same distribution, value for
/// value, and its total is the dealer's count.
#[test]
fn agrees_with_the_engine_where_both_reach() {
    let hcp = Scale::hcp().weights;
    let zar = [8, 6, 4, 2, 1];
    let cases: Vec<(&str, Vec<Observer>)> = vec![
        (
            "north: hcp 10\neast: hcp 10",
            vec![Observer::Shape(Seat::North)],
        ),
        // A seat without conditions beside the conditioned ones.
        ("north: hcp 10", vec![Observer::Shape(Seat::South)]),
        (
            "north: hcp 12-14",
            vec![
                Observer::Length(Seat::North, Suit::Hearts),
                Observer::Points(Seat::North, hcp),
            ],
        ),
        (
            "north: hcp 10\neast: hcp 10",
            vec![
                Observer::Points(Seat::East, hcp),
                Observer::Length(Seat::East, Suit::Clubs),
            ],
        ),
        (
            "north: hcp 15-17\nsouth: hcp 8+\nns: hcp 25+",
            vec![Observer::Shape(Seat::South)],
        ),
        (
            "north: hcp 15-17\nsouth: hcp 8+\nns: hcp 25+",
            vec![
                Observer::PairPoints(Pair::NorthSouth, hcp),
                Observer::Points(Seat::West, hcp),
            ],
        ),
        (
            "north: controls 5+, hcp 15-17\nsouth: controls 0-3, hcp 8-10",
            vec![
                Observer::Points(Seat::North, hcp),
                Observer::Shape(Seat::North),
            ],
        ),
        (
            "scale zar A4 K3 Q2 J1 T0.5\nnorth: zar 20-21\nsouth: zar 20-21",
            vec![
                Observer::Shape(Seat::North),
                Observer::Points(Seat::South, zar),
            ],
        ),
        ("", vec![Observer::Shape(Seat::West)]),
    ];
    for (text, observers) in cases {
        let s = set(text);
        let ours = observing(&s, &observers, HONOUR_WORK)
            .unwrap_or_else(|| panic!("{text}: {observers:?}: declined"));
        // The chain's tables, or where they are too large the two halves of the deck.
        let engine = Tables::observing(&s, &conditioned(&s), u64::MAX, &observers)
            .map(|t| t.distribution())
            .ok()
            .or_else(|| Halves::observing(&s, &conditioned(&s), &observers))
            .unwrap_or_else(|| panic!("{text}: {observers:?}: the engine cannot observe"));
        assert!(ours.len() > 10, "{text}: {observers:?}: {ours:?}");
        let total: u128 = ours.iter().map(|e| e.1).sum();
        assert_eq!(total, dealer_count(&s), "{text}: {observers:?}");
        assert_eq!(sorted(ours), sorted(engine), "{text}: {observers:?}");
    }
}

/// With no condition, North's shapes are the published hand patterns times the ways to deal
/// the other 39 cards: 4-4-3-2 (all twelve orders) is 136,852,887,600 hands of
/// 635,013,559,600, and each hand leaves 84,478,098,072,866,400 deals.
#[test]
fn with_no_condition_the_shapes_are_the_published_patterns() {
    let d = observing(&set(""), &[Observer::Shape(Seat::North)], HONOUR_WORK).expect("counts");
    assert_eq!(d.len(), 560);
    let per_hand: u128 = 84_478_098_072_866_400;
    let total: u128 = d.iter().map(|e| e.1).sum();
    assert_eq!(total, 635_013_559_600 * per_hand);
    let of_pattern = |p: [u32; 4]| -> u128 {
        d.iter()
            .filter(|(v, _)| {
                let mut s = v.clone();
                s.sort_unstable_by(|a, b| b.cmp(a));
                s == p
            })
            .map(|e| e.1)
            .sum()
    };
    assert_eq!(of_pattern([4, 4, 3, 2]), 136_852_887_600 * per_hand);
    assert_eq!(of_pattern([4, 3, 3, 3]), 66_905_856_160 * per_hand);
    assert_eq!(of_pattern([13, 0, 0, 0]), 4 * per_hand);
}

/// Every seat at exactly 10 HCP (the set the engine's tables cannot observe a shape of): the
/// total is the dealer's count (by the halves of the deck), the four seats' shapes agree
/// (the set is the same turned a quarter), and a shape's count is the dealer's count of the
/// set with that seat's shape added as a condition.
#[test]
fn every_seat_at_ten_is_observed_on_every_seat() {
    let s = set(EVERY_SEAT_TEN);
    let count = dealer_count(&s);
    let shapes: Vec<Vec<(Vec<u32>, u128)>> = Seat::ALL
        .iter()
        .map(|&seat| {
            observing(&s, &[Observer::Shape(seat)], HONOUR_WORK)
                .unwrap_or_else(|| panic!("{seat:?}: declined"))
        })
        .collect();
    for (seat, d) in Seat::ALL.iter().zip(&shapes) {
        assert_eq!(d.iter().map(|e| e.1).sum::<u128>(), count, "{seat:?}");
        assert_eq!(*d, shapes[0], "{seat:?} against North");
    }
    // 4-3-3-3, 4-4-3-2 (in one order), 7-2-2-2 and 10-1-1-1: each narrowed set is counted by
    // the dealer. (North cannot hold 10-3-0-0 with 10 HCP and the others too: checked absent
    // or equal.)
    let narrowed = |seat: &str, shape: [u32; 4]| {
        let text = EVERY_SEAT_TEN.replace(
            &format!("{seat}: hcp 10"),
            &format!(
                "{seat}: hcp 10, shape {}={}={}={}",
                shape[0], shape[1], shape[2], shape[3]
            ),
        );
        dealer_count(&set(&text))
    };
    for (seat, shape) in [
        ("north", [4, 3, 3, 3]),
        ("east", [2, 4, 3, 4]),
        ("west", [7, 2, 2, 2]),
        ("south", [1, 1, 10, 1]),
    ] {
        let i = ["north", "east", "south", "west"]
            .iter()
            .position(|s| *s == seat)
            .unwrap();
        let ours = shapes[i]
            .iter()
            .find(|(v, _)| v[..] == shape[..])
            .map_or(0, |e| e.1);
        assert!(ours > 0, "{seat} {shape:?}");
        assert_eq!(ours, narrowed(seat, shape), "{seat} {shape:?}");
    }
}

/// What the method cannot count is declined, so that the statistics try the engine: a shape,
/// a fit or a card as a condition; two seats' shapes; a third scale; a set past the work.
#[test]
fn declines_what_it_cannot_count() {
    let north = [Observer::Shape(Seat::North)];
    for text in [
        "north: hcp 10, balanced",
        "north: hcp 10\nsouth: spades 4+",
        "ns: fit 8+ spades",
        "north: has SA",
    ] {
        assert!(
            observing(&set(text), &north, HONOUR_WORK).is_none(),
            "{text}"
        );
    }
    let s = set(EVERY_SEAT_TEN);
    assert!(observing(
        &s,
        &[Observer::Shape(Seat::North), Observer::Shape(Seat::South)],
        HONOUR_WORK
    )
    .is_none());
    let three = set("scale zar A4 K3 Q2 J1 T0.5\nnorth: hcp 10, controls 3\nsouth: zar 9");
    assert!(observing(&three, &north, HONOUR_WORK).is_none());
    assert!(observing(&set("north: hcp 10"), &north, 1000).is_none());
    assert!(observing(&set("north: hcp 10"), &north, HONOUR_WORK).is_some());
    assert!(observing(&set("north: hcp 0-30"), &north, HONOUR_WORK).is_none());
}
