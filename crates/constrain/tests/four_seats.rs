//! Exact counts with conditions on three and four seats, checked against answers computed
//! independently of the engine:
//!
//! * HCP-only conditions on every seat: a separate count over how the sixteen honours fall,
//!   rank by rank (each rank's four cards among four seats), with the 36 spot cards dealt by
//!   one multinomial — no suit-by-suit tables involved;
//! * symmetry: every seat at exactly 10 HCP counted four ways (four seats, each set of three
//!   seats — the fourth is then forced —, and the rank-by-rank count) agrees;
//! * brute force over a reduced deck: 40 cards predealt, every one of the 369 600 ways to
//!   deal the last 12 checked against the conditions directly ([`ConstraintSet::accepts`]);
//! * published marginals: with all four seats in the tables, North's HCP distribution and
//!   the North × South joint HCP table equal the published integers.

use fairdeal_constrain::engine::{Observer, Tables};
use fairdeal_constrain::{ConstraintSet, Count, Dealer, Options, Pair, Scale, ALL_DEALS};
use fairdeal_model::{Card, Deal, Hand, Rank, Seat, Suit};
use std::collections::BTreeMap;

mod support;
use support::set;

fn count(text: &str) -> Count {
    Dealer::new(&set(text), Options::default())
        .expect("builds")
        .count()
}

fn binom(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Deals with every seat's HCP in `ranges[seat]` (inclusive, whole points), counted over
/// the honours rank by rank: state = (honours per seat, HCP per seat).
fn hcp_deals_by_ranks(ranges: [(u32, u32); 4]) -> u128 {
    let mut states: BTreeMap<([u32; 4], [u32; 4]), u128> = BTreeMap::new();
    states.insert(([0; 4], [0; 4]), 1);
    for value in [4u32, 3, 2, 1] {
        let mut next = BTreeMap::new();
        for ((h, p), w) in states {
            // The four cards of this rank: seat of each card, 4^4 ways.
            for code in 0..256u32 {
                let (mut h2, mut p2) = (h, p);
                for card in 0..4 {
                    let seat = (code >> (2 * card) & 3) as usize;
                    h2[seat] += 1;
                    p2[seat] += value;
                }
                if (0..4).all(|s| p2[s] <= ranges[s].1 && h2[s] <= 13) {
                    *next.entry((h2, p2)).or_insert(0) += w;
                }
            }
        }
        states = next;
    }
    states
        .into_iter()
        .filter(|((_, p), _)| (0..4).all(|s| p[s] >= ranges[s].0))
        .map(|((h, _), w)| {
            // 36 spot cards: 13 - h[s] to each seat.
            let mut left = 36u128;
            let mut ways = 1u128;
            for hs in h {
                let need = 13 - u128::from(hs);
                ways *= binom(left, need);
                left -= need;
            }
            w * ways
        })
        .sum()
}

fn hcp_text(ranges: [(u32, u32); 4]) -> String {
    Seat::ALL
        .iter()
        .zip(ranges)
        .map(|(s, (lo, hi))| format!("{}: hcp {lo}-{hi}\n", s.name().to_ascii_lowercase()))
        .collect()
}

#[test]
fn every_seat_ten_hcp_counted_four_ways_agrees() {
    let independent = hcp_deals_by_ranks([(10, 10); 4]);
    let four = count("north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10");
    assert!(four.is_exact(), "{four:?}");
    assert_eq!(four.exact_seats, Seat::ALL.to_vec());
    assert_eq!(four.deals, independent);
    assert_eq!(four.hands, four.deals, "four seats: tuples are deals");
    let names = ["north", "east", "south", "west"];
    for left_out in 0..4 {
        let text: String = (0..4)
            .filter(|&s| s != left_out)
            .map(|s| format!("{}: hcp 10\n", names[s]))
            .collect();
        let three = count(&text);
        assert!(three.is_exact(), "{text}");
        assert_eq!(three.exact_seats.len(), 3);
        assert_eq!(three.deals, independent, "{text}");
    }
    assert!(independent > 0 && independent < ALL_DEALS);
}

#[test]
fn four_seat_hcp_ranges_match_the_rank_by_rank_count() {
    for ranges in [
        [(15, 17), (0, 9), (8, 40), (0, 12)],
        [(20, 21), (0, 5), (0, 40), (6, 9)],
        [(0, 7), (0, 7), (0, 40), (0, 40)],
        [(12, 14), (11, 13), (8, 10), (5, 9)],
        [(37, 37), (0, 40), (0, 40), (0, 40)],
        [(29, 40), (11, 40), (0, 40), (0, 40)],
    ] {
        let text = hcp_text(ranges);
        let c = count(&text);
        assert!(c.is_exact(), "{text}");
        assert_eq!(c.deals, hcp_deals_by_ranks(ranges), "{text}");
    }
}

/// A balanced seat beside three seats with a suit each, points on all four (a 1NT opener
/// and three suits shown in the auction): counted on all four seats, and the same count
/// with the seats turned a quarter and the suits renamed (♠↔♥, ♦↔♣), which gives the
/// balanced seat other suits to name and the chain another order.
#[test]
fn balanced_beside_three_suited_seats_counts_exactly_turned_and_renamed() {
    let first = count(
        "north: balanced, hcp 12-14\neast: hcp 8-11, hearts 4-5\n\
         south: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
    );
    let turned = count(
        "east: balanced, hcp 12-14\nsouth: hcp 8-11, spades 4-5\n\
         west: hcp 6-10, clubs 3+\nnorth: hcp 5-12, diamonds 2-4",
    );
    for c in [&first, &turned] {
        assert!(c.is_exact(), "{c:?}");
        assert_eq!(c.exact_seats, Seat::ALL.to_vec());
    }
    assert_eq!(first.deals, turned.deals);
    // Between the deals with North in range and the deals with every seat in range.
    let north = count("north: balanced, hcp 12-14").deals;
    assert!(first.deals > 0 && first.deals < north / 10);
}

#[test]
fn impossible_four_seat_sets_are_refused() {
    let s = set(&hcp_text([(11, 40); 4]));
    assert!(Dealer::new(&s, Options::default()).is_err());
}

/// The 12 cards left undealt by [`PREDEALT`]: four honours of spades, two of hearts, one
/// each of diamonds and clubs, and four spots.
const PREDEALT: [&str; 4] = [
    "has S9 S8 H9 H8 D9 D8 C9 C8 HQ HJ",
    "has S7 S6 H7 H6 D7 D6 C7 C6 DA DK",
    "has S5 S4 H5 H4 D5 DJ C4 C3 CA CK",
    "has S3 ST H2 HT DT D3 C2 CT CQ D2",
];

/// The cards no seat holds in `set`.
fn remaining(set: &ConstraintSet) -> Vec<Card> {
    let used = set
        .seats
        .iter()
        .fold(Hand::EMPTY, |a, sc| a.union(sc.fixed));
    Suit::ALL
        .iter()
        .flat_map(|&s| Rank::DESCENDING.map(move |r| Card::new(s, r)))
        .filter(|c| !used.contains(*c))
        .collect()
}

/// Every deal of the 12 remaining cards, three to each seat, checked by `accepts`.
fn brute_force(set: &ConstraintSet) -> u128 {
    brute_force_by(set, |_| 0).values().sum()
}

/// [`brute_force`] with the deals meeting the set split by `value`.
fn brute_force_by(set: &ConstraintSet, value: impl Fn(&Deal) -> u32) -> BTreeMap<u32, u128> {
    let cards = remaining(set);
    assert_eq!(cards.len(), 12);
    let mut base = [Hand::EMPTY; 4];
    for (i, sc) in set.seats.iter().enumerate() {
        base[i] = sc.fixed;
    }
    let mut owner = [0usize; 12];
    let mut by = BTreeMap::new();
    #[allow(clippy::too_many_arguments)]
    fn rec(
        i: usize,
        fill: &mut [usize; 4],
        owner: &mut [usize; 12],
        cards: &[Card],
        base: &[Hand; 4],
        set: &ConstraintSet,
        value: &dyn Fn(&Deal) -> u32,
        by: &mut BTreeMap<u32, u128>,
    ) {
        if i == cards.len() {
            let mut hands = *base;
            for (c, &o) in cards.iter().zip(owner.iter()) {
                hands[o].insert(*c);
            }
            let deal = Deal::new(hands).expect("a deal");
            if set.accepts(&deal) {
                *by.entry(value(&deal)).or_insert(0) += 1;
            }
            return;
        }
        for s in 0..4 {
            if fill[s] < 3 {
                fill[s] += 1;
                owner[i] = s;
                rec(i + 1, fill, owner, cards, base, set, value, by);
                fill[s] -= 1;
            }
        }
    }
    rec(
        0,
        &mut [0; 4],
        &mut owner,
        &cards,
        &base,
        set,
        &value,
        &mut by,
    );
    by
}

/// The lines giving each seat its predealt cards (`north: has …`, N E S W).
fn predeal_lines(predealt: [&str; 4]) -> String {
    ["north", "east", "south", "west"]
        .iter()
        .zip(predealt)
        .map(|(n, p)| format!("{n}: {p}\n"))
        .collect()
}

/// Counts each set of `conditions`, with the 40 cards of `predealt` given out first, and
/// checks the exact count against brute force over the last 12 cards.
fn check_reduced_deck(predealt: [&str; 4], conditions: &[&str]) {
    let predeal = predeal_lines(predealt);
    for conditions in conditions {
        let text = format!("{predeal}{conditions}");
        let s = set(&text);
        let expected = brute_force(&s);
        let c = Dealer::new(&s, Options::default())
            .unwrap_or_else(|e| panic!("{conditions}: {e}"))
            .count();
        assert!(c.is_exact(), "{conditions}: {c:?}");
        assert_eq!(c.deals, expected, "{conditions}");
        assert!(expected > 0, "{conditions}: a test that cannot fail");
    }
}

#[test]
fn reduced_deck_counts_equal_brute_force() {
    check_reduced_deck(
        PREDEALT,
        &[
            // HCP on all four seats (loose seats only).
            "north: hcp 4-7\neast: hcp 10-12\nsouth: hcp 13+\nwest: hcp 0-9",
            "north: hcp 3-12\neast: hcp 7-9\nsouth: hcp 10-14\nwest: hcp 6-12",
            // Shapes and suit lengths with HCP on every seat.
            "north: spades 3+, hcp 3-8\neast: hcp 8-10\nsouth: shape 4432 + 4333, hcp 9+\nwest: hcp 6-9",
            "north: hcp 4-9\neast: hearts 2-3\nsouth: hcp 10+\nwest: shape x=x=4=x, hcp 0-7",
            // Three seats, and a partnership sum.
            "north: hcp 4-8\neast: hcp 9+\nsouth: hcp 9-12",
            "ns: hcp 17-20\neast: hcp 8+\nwest: hcp 0-9",
            "north: controls 1+\neast: hcp 9-11\nsouth: controls 2-4\nwest: hcp 0-8",
            // A fit with points (the fit's two seats take their spot cards in one step).
            "ns: fit 5+ spades, hcp 10+\neast: hcp 4+",
            "ew: fit 6-7 hearts\nnorth: hcp 3+",
            "ns: fit 5+ spades\neast: hcp 4+\nwest: hcp 2+",
            // Every seat shaped (the last two seats' spot cards in one step, the last takes all).
            "north: spades 3+, hcp 5+\neast: diamonds 4-5\nsouth: clubs 3+\nwest: hearts 2+",
        ],
    );
}

/// A second reduced deck that leaves spot cards in every suit: the last 12 cards are A♠ K♥
/// Q♦ J♣ and two low cards of each suit, so seats whose shapes name some suits draw their
/// other cards from what the named seats leave in each suit (counted by the engine's end
/// table, `engine::draw`).
const PREDEALT_SPOTS: [&str; 4] = [
    "has SK ST S9 HA H9 H8 DJ D9 CA C9",
    "has SQ S8 S7 HQ H7 H6 DA DT C8 C7",
    "has SJ S6 S5 HJ H5 DK D8 D7 CK C6",
    "has S4 HT H4 D6 D5 D4 CQ CT C5 C4",
];

#[test]
fn reduced_deck_with_spots_left_counts_equal_brute_force() {
    check_reduced_deck(
        PREDEALT_SPOTS,
        &[
            // Every seat names one suit and has points (all high cards first, then each named
            // seat's spot cards, then the end table over what is left).
            "north: spades 4+, hcp 13+\neast: hearts 4+, hcp 9+\nsouth: diamonds 4+\nwest: clubs 5, hcp 3+",
            "north: spades 3-4, hcp 12-15\neast: hearts 3+, hcp 8-10\nsouth: diamonds 3-4, hcp 8+\nwest: clubs 4+",
            // Two named suits on one seat, and a seat with points only.
            "north: spades 4+, hearts 3-4, hcp 12-15\neast: hcp 9+\nsouth: clubs 3+, hcp 8-10\nwest: diamonds 3-4",
            // A balanced seat (named by three suits; the fourth is what is left).
            "north: balanced, hcp 13+\neast: spades 4+\nsouth: hcp 9+\nwest: hearts 3+, hcp 2-4",
            "north: shape any 4333, hcp 12+\neast: hcp 8-11\nsouth: shape any 4432 + any 5332\nwest: hcp 3+",
            // Three seats and two seats (the untracked seats take what is left).
            "north: spades 4+, hcp 13+\neast: hearts 4+\nsouth: hcp 9+",
            "north: diamonds 3+, hcp 12-14\nwest: clubs 4-5",
            // Every seat names spades (and hearts): no seat draws those suits at the end, so
            // their spot steps must use up every spot card left there.
            "north: spades 4+, hcp 10+\neast: spades 3-4\nsouth: spades 3+\nwest: spades 1-2",
            "north: spades 3-4, hearts 2+, hcp 9+\neast: spades 3+, hearts 3+\nsouth: spades 0-4, hearts 2+\nwest: spades 0-2, hearts 0-3",
            // The same with the two-suit rule of older sets: no projection (a fit).
            "ns: fit 7+ spades\neast: hearts 4+, hcp 9+",
            // A fit on each partnership, each in one suit: each pair takes its fit suit's
            // spot cards and draws the other pair's fit suit at the end.
            "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+",
            "ns: fit 7+ spades, hcp 24+\new: fit 6-7 hearts\nnorth: hcp 11-14\nwest: hcp 3+",
            "ns: fit 6-7 diamonds\new: fit 6+ clubs, hcp 12+\nsouth: hcp 9+\neast: hcp 9-11",
            // A fit beside seats whose shapes name other suits (an overcall beside the fit):
            // the fit's pair takes its suit, the named seats theirs, and all draw the rest.
            "ns: fit 7+ spades, hcp 20+\neast: hearts 4+, hcp 6+\nwest: hcp 0-9",
            "ns: fit 6+ hearts\neast: spades 4+, hcp 8+\nwest: spades 3+\nnorth: hcp 10+",
            "ew: fit 6+ clubs, hcp 14+\nnorth: diamonds 3-4, hcp 9+\nsouth: spades 4+",
            // A fit seat with a shape of its own (it names its fit suit among its suits).
            "ns: fit 7+ spades\nnorth: spades 4+, hcp 10+\neast: hearts 4+, hcp 5+",
            "north: balanced, hcp 12+\nns: fit 6+ spades\neast: hearts 3+\nwest: hcp 2+",
            // A seat outside the fit naming the fit suit (an overcall in it, a balanced
            // opener beside the other side's fit): it takes its spot cards there first, the
            // fit's two seats last, in the paired step.
            "ns: fit 6+ spades, hcp 18+\neast: spades 3+, hcp 6+\nwest: hcp 0-9",
            "north: balanced, hcp 12+\nsouth: hearts 3+\new: fit 6+ spades",
            "ew: fit 6+ hearts\nnorth: hearts 2-3, spades 3+, hcp 9+\nsouth: hcp 8+",
            // Two fits in one suit, one on each side: counted suit by suit (the paired step
            // gives one fit its first seat's length; these were counted wrongly before).
            "ns: fit 7+ spades\new: fit 5+ spades\nnorth: balanced, hcp 10+",
            "ns: fit 6+ spades\new: fit 6+ spades\nnorth: hearts 3+, hcp 10+\neast: hcp 6+",
            // A fit over two suits beside named seats (each fit suit taken in a paired
            // step, the named seat's takes first where it names a fit suit).
            "ns: fit 6+ majors\neast: hearts 3+, hcp 6+\nwest: hcp 0-9",
            "ns: fit 6-7 majors, hcp 18+\neast: spades 3+\nwest: hcp 2+",
            "ew: fit 6+ minors\nnorth: clubs 2-3, hcp 9+\nsouth: hcp 6+",
        ],
    );
}

/// Lengths observed on sets with fits drawn at the end (one fit beside points; a fit on
/// each partnership, each pair drawing the other's fit suit): each length's exact count
/// equals brute force over the reduced deck that leaves spot cards in every suit.
#[test]
fn lengths_observed_beside_fits_equal_brute_force() {
    let predeal = predeal_lines(PREDEALT_SPOTS);
    let cases = [
        (
            "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+",
            Seat::North,
            Suit::Diamonds,
        ),
        (
            "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+",
            Seat::West,
            Suit::Spades,
        ),
        (
            "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+",
            Seat::South,
            Suit::Hearts,
        ),
        (
            "ns: fit 7+ spades, hcp 24+\neast: hcp 8+\nwest: hcp 2+",
            Seat::North,
            Suit::Hearts,
        ),
        (
            "ns: fit 7+ spades, hcp 24+\neast: hcp 8+\nwest: hcp 2+",
            Seat::East,
            Suit::Spades,
        ),
        // Beside a seat whose shape names another suit.
        (
            "ns: fit 7+ spades, hcp 20+\neast: hearts 4+, hcp 6+\nwest: hcp 0-9",
            Seat::East,
            Suit::Spades,
        ),
        (
            "ns: fit 7+ spades, hcp 20+\neast: hearts 4+, hcp 6+\nwest: hcp 0-9",
            Seat::North,
            Suit::Spades,
        ),
        (
            "ns: fit 7+ spades, hcp 20+\neast: hearts 4+, hcp 6+\nwest: hcp 0-9",
            Seat::South,
            Suit::Hearts,
        ),
        // A balanced fit seat (naming its fit suit) beside an overcall.
        (
            "north: balanced, hcp 12+\nns: fit 6+ spades\neast: hearts 3+\nwest: hcp 2+",
            Seat::South,
            Suit::Spades,
        ),
        (
            "north: balanced, hcp 12+\nns: fit 6+ spades\neast: hearts 3+\nwest: hcp 2+",
            Seat::West,
            Suit::Hearts,
        ),
        // A fit seat's length in its fit suit, whose spot cards it takes in the chain.
        (
            "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+",
            Seat::North,
            Suit::Spades,
        ),
        (
            "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+",
            Seat::West,
            Suit::Hearts,
        ),
        (
            "ns: fit 7+ spades, hcp 24+\neast: hcp 8+\nwest: hcp 2+",
            Seat::South,
            Suit::Spades,
        ),
    ];
    for (conditions, seat, suit) in cases {
        let s = set(&format!("{predeal}{conditions}"));
        let want = brute_force_by(&s, |d| d.hand(seat).suit_len(suit));
        assert!(want.len() >= 2, "{conditions}: several lengths");
        let t = Tables::observing(&s, &Seat::ALL, u64::MAX, &[Observer::Length(seat, suit)])
            .unwrap_or_else(|e| panic!("{conditions}: {e}"));
        let got: BTreeMap<u32, u128> = t
            .distribution()
            .into_iter()
            .map(|(v, n)| (v[0], n))
            .filter(|x| x.1 > 0)
            .collect();
        assert_eq!(got, want, "{conditions}: {seat:?} {suit:?}");
    }
}

/// A seat's pattern or suit length counted cell by cell (the set narrowed to each cell's
/// shapes, as the statistics do where the observing tables are out of reach) equals brute
/// force over the last 12 cards, on four- and three-seat sets with points, suits and fits.
#[test]
fn patterns_and_lengths_counted_cell_by_cell_equal_brute_force() {
    use fairdeal_constrain::stats::var::pattern_index;
    use fairdeal_constrain::stats::{TableSpec, Theory, Var};
    let predeal = predeal_lines(PREDEALT_SPOTS);
    let fits = "ns: fit 7+ spades\new: fit 6+ hearts\nnorth: hcp 12+\neast: hcp 9+";
    let suits = "north: spades 4+, hcp 13+\neast: hearts 4+, hcp 9+\nsouth: diamonds 4+\nwest: clubs 5, hcp 3+";
    let overcall = "ns: fit 7+ spades, hcp 20+\neast: hearts 4+, hcp 6+\nwest: hcp 0-9";
    let three = "north: spades 4+, hcp 13+\neast: hearts 4+\nsouth: hcp 9+";
    let cases = [
        (fits, Var::Pattern(Seat::North)),
        (fits, Var::Pattern(Seat::West)),
        (fits, Var::Length(Seat::West, Suit::Clubs)),
        (suits, Var::Pattern(Seat::South)),
        (suits, Var::Length(Seat::North, Suit::Spades)),
        (overcall, Var::Pattern(Seat::East)),
        (overcall, Var::Pattern(Seat::South)),
        (three, Var::Pattern(Seat::West)),
        (three, Var::Length(Seat::West, Suit::Hearts)),
    ];
    for (conditions, var) in cases {
        let s = set(&format!("{predeal}{conditions}"));
        let value = |d: &Deal| match var {
            Var::Pattern(seat) => pattern_index(d.hand(seat).shape()) as u32,
            Var::Length(seat, suit) => d.hand(seat).suit_len(suit),
            _ => unreachable!("a shape quantity"),
        };
        let want = brute_force_by(&s, value);
        assert!(want.len() >= 2, "{conditions}: several values of {var:?}");
        let dealer = Dealer::new(&s, Options::default()).expect("builds");
        let mut theory = Theory::new(Options::default().budget);
        theory.push(&dealer, 1);
        let exact = theory
            .cell_by_cell(&TableSpec::one(var))
            .expect("a shape quantity")
            .unwrap_or_else(|e| panic!("{conditions}: {var:?}: {e}"));
        let got: BTreeMap<u32, u128> = exact
            .deals
            .iter()
            .enumerate()
            .filter(|x| *x.1 > 0)
            .map(|(v, &n)| (v as u32, n))
            .collect();
        assert_eq!(got, want, "{conditions}: {var:?}");
        assert_eq!(exact.total, dealer.count().deals, "{conditions}: {var:?}");
    }
}

fn rows(csv: &str) -> impl Iterator<Item = Vec<&str>> {
    csv.lines().skip(1).map(|l| l.split(',').collect())
}

#[test]
fn four_seat_tables_reproduce_the_published_marginals() {
    let hcp = Scale::hcp().weights;
    let free = ConstraintSet::unconstrained();
    // Other three hands: 39! / (13!)^3 deals for each North hand.
    let others = binom(39, 13) * binom(26, 13);
    let t = Tables::observing(
        &free,
        &Seat::ALL,
        u64::MAX,
        &[Observer::Points(Seat::North, hcp)],
    )
    .expect("tables");
    assert_eq!(t.seats(), Seat::ALL);
    assert_eq!(t.deals(), ALL_DEALS);
    let dist = t.distribution();
    let csv = include_str!("data/hcp-distribution.csv");
    let mut n = 0;
    for f in rows(csv) {
        let v: u32 = f[0].parse().expect("hcp");
        let hands: u128 = f[1].parse().expect("hands");
        let got = dist.iter().find(|(k, _)| k[0] == 2 * v).map_or(0, |x| x.1);
        assert_eq!(got, hands * others, "North {v} HCP");
        n += 1;
    }
    assert_eq!(n, 38);

    // North × South: East and West share the other 26 cards.
    let t = Tables::observing(
        &free,
        &Seat::ALL,
        u64::MAX,
        &[
            Observer::Points(Seat::North, hcp),
            Observer::Points(Seat::South, hcp),
        ],
    )
    .expect("tables");
    let dist: BTreeMap<Vec<u32>, u128> = t.distribution().into_iter().collect();
    let ew = binom(26, 13);
    let mut n = 0;
    for f in rows(include_str!("data/partner-hcp-given-own-hcp.csv")) {
        let (own, partner): (u32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        let pairs: u128 = f[2].parse().expect("pairs");
        let got = dist.get(&vec![2 * own, 2 * partner]).copied().unwrap_or(0);
        assert_eq!(got, pairs * ew, "North {own}, South {partner}");
        n += 1;
    }
    assert!(n > 500, "{n} rows");
    // A partnership observer on four seats: NS total 40 means EW hold no honour.
    let t = Tables::observing(
        &free,
        &Seat::ALL,
        u64::MAX,
        &[Observer::PairPoints(Pair::NorthSouth, hcp)],
    )
    .expect("tables");
    let all40 = t
        .distribution()
        .into_iter()
        .find(|(k, _)| k[0] == 80)
        .map(|x| x.1);
    assert_eq!(all40, Some(count("ns: hcp 40").hands * binom(26, 13)));
}

/// The statistics analyser on a four-seat set: the third and fourth seats' HCP tables have
/// exact expectations, equal to the rank-by-rank count with that seat pinned to each value.
#[test]
fn statistics_expect_every_seat_of_a_four_seat_set() {
    use fairdeal_constrain::stats::{TableSpec, Theory};
    let ranges = [(15, 17), (0, 9), (8, 40), (0, 12)];
    let s = set(&hcp_text(ranges));
    let dealer = Dealer::new(&s, Options::default()).expect("builds");
    let mut theory = Theory::new(Options::default().budget);
    theory.push(&dealer, 1);
    for (seat, name) in [(2, "S"), (3, "W")] {
        let table: TableSpec = format!("hcp:{name}").parse().expect("a table");
        let e = theory
            .expected(&table)
            .unwrap_or_else(|u| panic!("hcp:{name}: {u}"));
        let exact = e.exact.expect("a plain set has exact counts");
        assert_eq!(exact.total, hcp_deals_by_ranks(ranges));
        for (v, &deals) in exact.deals.iter().enumerate() {
            let v = v as u32;
            let mut pinned = ranges;
            let (lo, hi) = ranges[seat];
            let want = if (lo..=hi).contains(&v) {
                pinned[seat] = (v, v);
                hcp_deals_by_ranks(pinned)
            } else {
                0
            };
            assert_eq!(deals, want, "hcp:{name} = {v}");
        }
    }
}

/// The ways to deal the four cards of one rank as counts per seat, each with its number of
/// deals (4! / ∏ nᵢ!): 35 compositions of 4.
fn rank_splits() -> Vec<([u32; 4], u128)> {
    let fact = |n: u32| (1..=u128::from(n)).product::<u128>();
    let mut out = Vec::new();
    for a in 0..=4 {
        for b in 0..=4 - a {
            for c in 0..=4 - a - b {
                let n = [a, b, c, 4 - a - b - c];
                out.push((n, 24 / n.iter().map(|&x| fact(x)).product::<u128>()));
            }
        }
    }
    out
}

/// Deals whose honours, as `held[seat] = [aces, kings, queens, jacks]`, pass `accept`,
/// counted over every 4 × 4 matrix of honours by seat (each rank's split weighted by its
/// multinomial) with the 36 spot cards by one multinomial: any condition on points of any
/// scale over the honours, on any seat or partnership, without the engine's tables.
fn deals_by_honour_matrix(accept: impl Fn(&[[u32; 4]; 4]) -> bool) -> u128 {
    let splits = rank_splits();
    let mut total = 0u128;
    for (aces, wa) in &splits {
        for (kings, wk) in &splits {
            for (queens, wq) in &splits {
                for (jacks, wj) in &splits {
                    let held: [[u32; 4]; 4] =
                        std::array::from_fn(|s| [aces[s], kings[s], queens[s], jacks[s]]);
                    let honours: [u32; 4] = held.map(|h| h.iter().sum());
                    if honours.iter().any(|&h| h > 13) || !accept(&held) {
                        continue;
                    }
                    let mut left = 36u128;
                    let mut spots = 1u128;
                    for h in honours {
                        let need = u128::from(13 - h);
                        spots *= binom(left, need);
                        left -= need;
                    }
                    total += wa * wk * wq * wj * spots;
                }
            }
        }
    }
    total
}

/// HCP, controls and aces of a seat's honours `[A, K, Q, J]`.
fn hcp_of(h: &[u32; 4]) -> u32 {
    4 * h[0] + 3 * h[1] + 2 * h[2] + h[3]
}
fn controls_of(h: &[u32; 4]) -> u32 {
    2 * h[0] + h[1]
}

/// Sets with more totals than the tables used to hold (ten): two scales on every seat, a
/// user scale, and partnership sums on both scales — 11 to 13 totals, which the engine
/// refused before (`TooManyCounters`). Each count is exact on four seats and equals the count
/// over the honour matrices.
#[test]
fn many_point_totals_on_every_seat_match_the_honour_matrix_count() {
    type Accept = fn(&[[u32; 4]; 4]) -> bool;
    let cases: [(&str, Accept); 3] = [
        (
            "scale aces A1\nnorth: hcp 15-17, controls 3+, aces 1+\neast: hcp 8-11, controls 2-4\n\
             south: hcp 6-10, controls 1-3\nwest: hcp 5-12, controls 0-4\nns: hcp 22+\new: hcp 14+",
            |h| {
                let p = h.map(|s| hcp_of(&s));
                let c = h.map(|s| controls_of(&s));
                (15..=17).contains(&p[0])
                    && c[0] >= 3
                    && h[0][0] >= 1
                    && (8..=11).contains(&p[1])
                    && (2..=4).contains(&c[1])
                    && (6..=10).contains(&p[2])
                    && (1..=3).contains(&c[2])
                    && (5..=12).contains(&p[3])
                    && c[3] <= 4
                    && p[0] + p[2] >= 22
                    && p[1] + p[3] >= 14
            },
        ),
        (
            "north: hcp 11-15, controls 2-5\neast: hcp 6-10, controls 1-4\n\
             south: hcp 8-12, controls 2+\nwest: hcp 5-12, controls 0-3\n\
             ns: hcp 21-26, controls 5-9\new: hcp 13-19",
            |h| {
                let p = h.map(|s| hcp_of(&s));
                let c = h.map(|s| controls_of(&s));
                (11..=15).contains(&p[0])
                    && (2..=5).contains(&c[0])
                    && (6..=10).contains(&p[1])
                    && (1..=4).contains(&c[1])
                    && (8..=12).contains(&p[2])
                    && c[2] >= 2
                    && (5..=12).contains(&p[3])
                    && c[3] <= 3
                    && (21..=26).contains(&(p[0] + p[2]))
                    && (5..=9).contains(&(c[0] + c[2]))
                    && (13..=19).contains(&(p[1] + p[3]))
            },
        ),
        (
            "scale kings K1\nnorth: hcp 12-14, controls 2-4, kings 1-2\neast: hcp 9-13, kings 0-1\n\
             south: hcp 4-9, controls 1+\nwest: hcp 7-12, controls 1-4, kings 1+\n\
             ns: controls 4-7\new: controls 3-8, hcp 17-23",
            |h| {
                let p = h.map(|s| hcp_of(&s));
                let c = h.map(|s| controls_of(&s));
                (12..=14).contains(&p[0])
                    && (2..=4).contains(&c[0])
                    && (1..=2).contains(&h[0][1])
                    && (9..=13).contains(&p[1])
                    && h[1][1] <= 1
                    && (4..=9).contains(&p[2])
                    && c[2] >= 1
                    && (7..=12).contains(&p[3])
                    && (1..=4).contains(&c[3])
                    && h[3][1] >= 1
                    && (4..=7).contains(&(c[0] + c[2]))
                    && (3..=8).contains(&(c[1] + c[3]))
                    && (17..=23).contains(&(p[1] + p[3]))
            },
        ),
    ];
    for (text, accept) in cases {
        let c = count(text);
        assert!(c.is_exact(), "{text}: {c:?}");
        assert_eq!(c.exact_seats, Seat::ALL.to_vec(), "{text}");
        let independent = deals_by_honour_matrix(accept);
        assert!(independent > 0, "{text}: the case is possible");
        assert_eq!(c.deals, independent, "{text}");
    }
}

/// A partnership's sum beside two point scales and a suit on two seats (`N 15-17 3+
/// controls, E 8-11 2-4 controls, S 6-10 4+♠, W 5-12 2-4♣, NS 22+`: seven totals and two
/// suits' leftovers, which sent the set suit by suit, past the memory bound, until the
/// structure took more than eight): exact on four seats; the deals with NS 22+ and those
/// with NS 0-21 add up to the count without the sum; and the sum's share estimated from
/// deals drawn without it agrees with the exact share.
#[test]
fn a_partnership_sum_beside_two_scales_counts_on_four_seats() {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let seats = "north: hcp 15-17, controls 3+\neast: hcp 8-11, controls 2-4\n\
                 south: hcp 6-10, spades 4+\nwest: hcp 5-12, clubs 2-4\n";
    let with = count(&format!("{seats}ns: hcp 22+"));
    let below = count(&format!("{seats}ns: hcp 0-21"));
    let without = count(seats);
    for c in [&with, &below, &without] {
        assert!(c.is_exact(), "{c:?}");
        assert_eq!(c.exact_seats, Seat::ALL.to_vec());
    }
    assert!(with.deals > 0 && below.deals > 0);
    assert_eq!(with.deals + below.deals, without.deals);

    // The share, by drawing deals without the sum (exactly uniform, by the set's older
    // route) and testing it on each.
    let mut dealer = Dealer::new(&set(seats), Options::default()).expect("builds");
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let n = 100_000;
    let mut deals = Vec::new();
    dealer
        .sample_many(&mut rng, n, &mut deals)
        .expect("samples");
    let hcp = |h: Hand| Scale::hcp().of_hand(h);
    let met = deals
        .iter()
        .filter(|d| hcp(d.hand(Seat::North)) + hcp(d.hand(Seat::South)) >= 44)
        .count();
    let p = with.deals as f64 / without.deals as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt();
    let z = (met as f64 / n as f64 - p) / se;
    assert!(z.abs() < 4.0, "share {met}/{n} against {p:.5}: z = {z:.2}");
}

/// Sets with fits split into cells without fits (`fit_cells`): on the reduced deck the cells'
/// brute-force counts add up to the set's, each cell's exact count equals its brute force,
/// and no cell keeps a fit — fits over one and two suits, on one side and on both, beside
/// patterns and named suits.
#[test]
fn fit_cells_add_up_to_the_set_by_brute_force() {
    let predeal = predeal_lines(PREDEALT_SPOTS);
    for conditions in [
        "ns: fit 7+ spades, hcp 20+\neast: hearts 4+, hcp 6+\nwest: hcp 0-9",
        "north: balanced, hcp 12+\nns: fit 6+ spades\neast: hearts 3+",
        "ns: fit 6+ majors\nnorth: shape any 4333 + any 4432\new: fit 6+ clubs\nwest: balanced",
        "south: shape any 4333 + any 4432\nwest: hcp 3+\nns: fit 6-7 hearts",
        "ns: fit 7+ spades\new: fit 5+ spades\nnorth: balanced, hcp 10+\neast: shape any 4432 + any 5332",
    ] {
        let text = format!("{predeal}{conditions}");
        let s = set(&text);
        let cells = fairdeal_constrain::fit_cells::cells(&s).expect("cells");
        let expected = brute_force(&s);
        assert!(expected > 0, "{conditions}: a test that cannot fail");
        let mut sum = 0;
        for cell in &cells {
            assert!(cell
                .pairs
                .iter()
                .all(|p| !matches!(p.kind, fairdeal_constrain::conditions::PairKind::Fit { .. })));
            let b = brute_force(cell);
            let deals = match Dealer::new(cell, Options::default()) {
                Ok(d) => {
                    let c = d.count();
                    assert!(c.is_exact(), "{conditions}: {c:?}");
                    c.deals
                }
                Err(fairdeal_constrain::BuildError::NoDeal { .. }) => 0,
                Err(e) => panic!("{conditions}: {e}"),
            };
            assert_eq!(deals, b, "{conditions}: a cell");
            sum += b;
        }
        assert_eq!(sum, expected, "{conditions}: the cells add up");
    }
}
