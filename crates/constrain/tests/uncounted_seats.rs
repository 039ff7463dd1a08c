//! Exact expectations for a seat without conditions beside counted ones (the statistics
//! analyser's third and fourth seats): its points and shape are read off what the counted
//! seats leave it (a hypergeometric draw from the pool), not by counting it. Checked against
//! Pavlicek's published two-hand table and against counting the seat in the tables (a
//! different code path: the seat's shape automaton or points counter inside the programme).

mod support;

use fairdeal_constrain::engine::{Observer, Tables};
use fairdeal_constrain::Scale;
use fairdeal_model::Seat;
use std::collections::BTreeMap;
use support::set;

fn binom(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn dist(t: &Tables) -> BTreeMap<Vec<u32>, u128> {
    t.distribution().into_iter().collect()
}

#[test]
fn partner_hcp_given_own_hcp_is_the_published_row() {
    let hcp = Scale::hcp().weights;
    for own in [0u32, 7, 15, 22] {
        let s = set(&format!("north: hcp {own}"));
        // South has no condition: only North is counted, South's points come from the pool.
        let t = Tables::observing(
            &s,
            &[Seat::North],
            u64::MAX,
            &[Observer::Points(Seat::South, hcp)],
        )
        .expect("tables");
        assert_eq!(t.seats(), [Seat::North]);
        let got = dist(&t);
        let mut rows = 0;
        for line in include_str!("data/partner-hcp-given-own-hcp.csv")
            .lines()
            .skip(1)
        {
            let f: Vec<&str> = line.split(',').collect();
            let (o, p): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
            if o != own {
                continue;
            }
            let pairs: u128 = f[2].parse().unwrap();
            assert_eq!(
                got.get(&vec![2 * p]).copied().unwrap_or(0),
                pairs * binom(26, 13),
                "North {own}, South {p}"
            );
            rows += 1;
        }
        assert!(rows > 5, "{rows} rows for {own}");
        assert_eq!(got.values().sum::<u128>(), t.deals());
    }
}

/// The pool draw and counting the seat give the same integers, for points and for shapes,
/// with shaped and loose seats counted and predealt cards on the observed seat.
#[test]
fn reading_the_pool_equals_counting_the_seat() {
    let hcp = Scale::hcp().weights;
    let controls = Scale::controls().weights;
    let cases: [(&str, &[Seat], Observer); 5] = [
        (
            "north: balanced, hcp 15-17",
            &[Seat::North],
            Observer::Shape(Seat::East),
        ),
        (
            "north: balanced, hcp 15-17",
            &[Seat::North],
            Observer::Points(Seat::West, hcp),
        ),
        (
            "north: spades 5+\nsouth: hearts 6+",
            &[Seat::North, Seat::South],
            Observer::Shape(Seat::West),
        ),
        (
            "north: hcp 12-14, spades 5+\nsouth: hcp 6-9\neast: has SA",
            &[Seat::North, Seat::South],
            Observer::Points(Seat::East, controls),
        ),
        (
            "north: spades 6+\nsouth: hearts 6+\nwest: has DK, has C2",
            &[Seat::North, Seat::South],
            Observer::Shape(Seat::West),
        ),
    ];
    for (text, seats, obs) in cases {
        let s = set(text);
        let pooled = Tables::observing(&s, seats, u64::MAX, &[obs])
            .unwrap_or_else(|e| panic!("{text} {obs:?}: {e}"));
        assert_eq!(
            pooled.seats(),
            seats,
            "{text}: the observed seat is not counted"
        );
        let mut with = seats.to_vec();
        with.extend(obs.seats());
        // Counting the seat too: it is then among the seats, so it is not read off the pool.
        let counted = Tables::observing(&s, &with, u64::MAX, &[obs]).expect("counted");
        assert_eq!(counted.seats().len(), seats.len() + 1);
        assert_eq!(pooled.deals(), counted.deals(), "{text}");
        assert_eq!(dist(&pooled), dist(&counted), "{text} {obs:?}");
    }
}

/// Deals meeting `text`, counted exactly (0 if none).
fn exact_deals(text: &str) -> u128 {
    use fairdeal_constrain::{Dealer, Options};
    match Dealer::new(&set(text), Options::default()) {
        Ok(d) => {
            let c = d.count();
            assert!(c.is_exact(), "{text}");
            c.deals
        }
        Err(_) => 0,
    }
}

/// Observes one quantity of `text` (on the seats its dealer counts exactly) and checks every
/// value's count against counting `text` plus `fixed` with `{v}` replaced by the value (read
/// from the observed one by `value`), and that the counts add up to the set's deals.
fn each_value_equals_its_count(
    text: &str,
    observer: Observer,
    fixed: &str,
    value: impl Fn(u32) -> u32,
) {
    use fairdeal_constrain::{Dealer, Options};
    let s = set(text);
    let whole = Dealer::new(&s, Options::default()).expect("builds");
    let seats = whole.count().exact_seats;
    let t = Tables::observing(&s, &seats, Options::default().budget, &[observer])
        .expect("tables within budget");
    assert_eq!(t.seats(), seats, "{text}: no seat added");
    let got = dist(&t);
    assert!(got.len() >= 2, "{text}: several values");
    for (v, n) in &got {
        assert_eq!(v.len(), 1, "one value per observer");
        let x = value(v[0]);
        let with = format!("{text}\n{}", fixed.replace("{v}", &x.to_string()));
        assert_eq!(*n, exact_deals(&with), "{text}: {fixed} = {x}");
    }
    assert_eq!(got.values().sum::<u128>(), whole.count().deals, "{text}");
}

/// A seat's points observed where the seat has a condition on the same scale: the condition's
/// own total is kept exact (not a second counter). Every value's count must equal counting
/// the set with that seat's total fixed — a separate build for each value — for a bounded
/// range, an open one (`8+`), a partnership's total, and the four seats of the HCP + suit
/// set that had no exact expectation before.
#[test]
fn observing_a_conditioned_total_equals_counting_each_value() {
    use fairdeal_constrain::Pair;
    let hcp = Scale::hcp().weights;
    let cases: [(&str, Observer, &str); 4] = [
        (
            "north: hcp 12-14, spades 5+\neast: hcp 8+, hearts 4-5\nsouth: hcp 6-10",
            Observer::Points(Seat::East, hcp),
            "east: hcp {v}",
        ),
        (
            "north: hcp 12-14, spades 5+\neast: hcp 8+, hearts 4-5\nsouth: hcp 6-10",
            Observer::Points(Seat::North, hcp),
            "north: hcp {v}",
        ),
        (
            "ns: hcp 23-26\nnorth: hcp 11-15, hearts 5+",
            Observer::PairPoints(Pair::NorthSouth, hcp),
            "ns: hcp {v}",
        ),
        (
            "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
            Observer::Points(Seat::West, hcp),
            "west: hcp {v}",
        ),
    ];
    for (text, observer, fixed) in cases {
        // Half-points to points.
        each_value_equals_its_count(text, observer, fixed, |v| v / 2);
    }
}

/// A seat's length in one suit, observed on its own: on a seat whose shape names that suit
/// (its automaton over the named suits keeps the lengths), on a suit its shape does not name
/// (the suit joins the named ones), on a seat with a full automaton, on a seat with no
/// condition (read off the pool), on seats that draw the suit at the end (the end table with
/// the seat barred from the suit counts the rest), and on four seats with points only (a
/// seat's high cards of the suit counted, its spot cards read off the pool). Every length's
/// count must equal counting the set with that length fixed, a separate build per value.
#[test]
fn observing_a_length_equals_counting_each_value() {
    use fairdeal_model::Suit;
    let four = "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4";
    let cases = [
        (four, Seat::North, Suit::Spades, "north: spades {v}"),
        (four, Seat::East, Suit::Hearts, "east: hearts {v}"),
        (
            "north: hcp 10, spades 5+\neast: hcp 10",
            Seat::North,
            Suit::Hearts,
            "north: hearts {v}",
        ),
        (
            "north: balanced, hcp 15-17\nsouth: hcp 8+, spades 4+",
            Seat::North,
            Suit::Diamonds,
            "north: diamonds {v}",
        ),
        (
            "north: hcp 15-17, balanced",
            Seat::South,
            Suit::Clubs,
            "south: clubs {v}",
        ),
        // Seats drawing a suit at the end (`draw::Draw`): a seat whose shape names another
        // suit, and a seat with points only beside shaped seats.
        (
            "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10",
            Seat::North,
            Suit::Hearts,
            "north: hearts {v}",
        ),
        (
            "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10",
            Seat::South,
            Suit::Clubs,
            "south: clubs {v}",
        ),
        (
            "north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12",
            Seat::East,
            Suit::Spades,
            "east: spades {v}",
        ),
        // Four seats with points only: the length is read off the pool of spot cards.
        (
            "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10",
            Seat::North,
            Suit::Spades,
            "north: spades {v}",
        ),
        // The same with predealt cards of the suit (one of them a spot card).
        (
            "north: hcp 12-14, has SA S4\neast: hcp 8-11\nsouth: hcp 6-10, has SK\nwest: hcp 5-12",
            Seat::North,
            Suit::Spades,
            "north: spades {v}",
        ),
        (
            "north: hcp 12-14, has SA S4\neast: hcp 8-11\nsouth: hcp 6-10, has SK\nwest: hcp 5-12",
            Seat::West,
            Suit::Spades,
            "west: spades {v}",
        ),
    ];
    for (text, seat, suit, fixed) in cases {
        each_value_equals_its_count(text, Observer::Length(seat, suit), fixed, |v| v);
    }
}
