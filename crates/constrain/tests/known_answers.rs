//! Known answers: Pavlicek's 2013 tables, the deal total, and the 1NT breakdown table.

use fairdeal_constrain::{parse, Count, Dealer, Options, ALL_DEALS};
use fairdeal_model::Seat;

fn count(text: &str) -> Count {
    let spec = parse(text).unwrap_or_else(|e| panic!("{}", e.render(text)));
    let set = spec.constraints(None).expect("compiles");
    Dealer::new(&set, Options::default())
        .expect("builds")
        .count()
}

#[test]
fn west_exactly_nine_spades() {
    let c = count("west: spades 9");
    assert_eq!(c.exact_seats, vec![Seat::West]);
    assert_eq!(c.hands, 58_809_465, "hands");
    assert!(c.is_exact());
}

#[test]
fn nine_spades_opposite_six_six_minors() {
    let c = count("west: spades 9\neast: shape x=x=6=6");
    assert_eq!(
        c.hands, 556_991_252_532_000,
        "ordered (East, West) hand pairs"
    );
}

#[test]
fn north_exactly_three_hcp() {
    assert_eq!(count("north: hcp 3").hands, 15_636_342_960);
}

#[test]
fn north_two_south_zero_to_one() {
    let c = count("north: hcp 2\nsouth: hcp 0-1");
    assert_eq!(c.exact_seats, vec![Seat::North, Seat::South]);
    assert_eq!(c.hands, 122_891_799_377_692_800);
}

#[test]
fn east_5332_with_34() {
    assert_eq!(count("east: shape 5332, hcp 34").hands, 756);
}

#[test]
fn unconstrained_totals() {
    let c = count("");
    assert_eq!(c.deals, ALL_DEALS);
    assert_eq!(c.hands, 1);
    // What every hand meets is no condition: no seat is counted.
    let c = count("north: hcp 0-37");
    assert!(c.exact_seats.is_empty() && c.is_exact());
    assert_eq!(c.hands, 1);
    assert_eq!(c.deals, ALL_DEALS);
    assert_eq!(c.probability(), (1, 1));
    let c = count("north: hcp 0+\nsouth: shape x=x=x=x");
    assert!(c.exact_seats.is_empty());
    assert_eq!(c.deals, ALL_DEALS);
    // One point less leaves out the four hands of 37 (the aces, kings, queens and a jack).
    let c = count("north: hcp 0-36");
    assert_eq!(c.hands, 635_013_559_600 - 4);
    let c = count("north: hcp 0-36\nsouth: hcp 0-36");
    assert_eq!(c.hands, (635_013_559_600 - 2 * 4) * 8_122_425_444);
}

/// `prob-tables/n-bal-15-17-breakdown.csv`: hands per pattern × HCP for North balanced 15-17.
#[test]
fn balanced_15_17_breakdown() {
    let csv = include_str!("data/n-bal-15-17-breakdown.csv");
    let mut total = 0u128;
    let mut rows = 0;
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let pattern: String = f[0].split('-').collect();
        let text = format!("north: shape {pattern}, hcp {}", f[1]);
        let expected: u128 = f[2].parse().expect("hands column");
        assert_eq!(count(&text).hands, expected, "{text}");
        total += expected;
        rows += 1;
    }
    assert_eq!(rows, 9);
    assert_eq!(total, 30_897_212_184);
    assert_eq!(count("north: balanced, hcp 15-17").hands, total);
}

#[test]
fn probabilities_are_reduced_fractions() {
    let c = count("west: spades 9");
    let (n, d) = c.probability();
    assert_eq!(u128::from(58_809_465u64) * d, n * 635_013_559_600);
    assert!((c.percent() - 58_809_465.0 / 635_013_559_600.0 * 100.0).abs() < 1e-12);
}

fn binom(n: u128, k: u128) -> u128 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn other_scales_known_answers() {
    // Twelve controls = all four aces and kings, plus 5 of the other 44 cards.
    assert_eq!(count("north: controls 12").hands, binom(44, 5));
    // A scale on tens only, in half-points: exactly four tens.
    assert_eq!(count("scale tens T0.5\nnorth: tens 2").hands, binom(48, 9));
    // Zero HCP and no ten (depth 5 with a user scale): 13 cards from the 32 below the ten.
    assert_eq!(
        count("scale big A1 K1 Q1 J1 T1\neast: big 0").hands,
        binom(32, 13)
    );
}

#[test]
fn fit_and_partnership_known_answers() {
    // North and South hold all 13 spades: North k spades, 13-k others; South the rest.
    let expected: u128 = (0..=13)
        .map(|k| binom(13, k) * binom(39, 13 - k) * binom(26 + k, k))
        .sum();
    let c = count("ns: fit 13+ spades");
    assert_eq!(c.exact_seats, vec![Seat::North, Seat::South]);
    assert_eq!(c.hands, expected);
    // A fit in a range: North a of the suit's 13 cards, South b of the 13 - a left and
    // 13 - b of the 26 + a other cards left.
    let fit = |range: std::ops::RangeInclusive<u128>| -> u128 {
        let mut total = 0;
        for a in 0..=13u128 {
            for b in 0..=13 - a {
                if range.contains(&(a + b)) {
                    total +=
                        binom(13, a) * binom(39, 13 - a) * binom(13 - a, b) * binom(26 + a, 13 - b);
                }
            }
        }
        total
    };
    assert_eq!(count("ns: fit 8+ spades").hands, fit(8..=13));
    assert_eq!(count("ew: fit 8-9 hearts").hands, fit(8..=9));
    assert_eq!(count("ns: fit 0-6 clubs").hands, fit(0..=6));
    // Partnership points: N+S hold all 40 HCP, i.e. all 16 honours. North takes h of them
    // (3 ≤ h ≤ 13) and 13-h of the 36 spots; South the other 16-h honours and h-3 spots.
    let expected: u128 = (3..=13)
        .map(|h| binom(16, h) * binom(36, 13 - h) * binom(23 + h, h - 3))
        .sum();
    assert_eq!(count("ns: hcp 40").hands, expected);
}
