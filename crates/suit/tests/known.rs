//! Known answers, figure by figure. The model is SuitPlay's (the defence knows every card and
//! the line and falsecards at will; unlimited entries): see `crates/suit/src/lib.rs`. Where a
//! published figure assumes something else, the test says so and checks our exact figure.
//!
//! Sources: `/work/shared/reference/prob-tables/finesse-drop-restricted-choice.csv` (exact
//! fractions computed from the published lines: the double finesse 76 % quoted everywhere, the
//! 9- and 8-card AKJ lines with their published percentages); the classic finesse 50 %; the
//! other figures are derived below by hand from vacant places, `P(West holds a given k of the
//! n missing cards) = C(26−n, 13−k)/C(26, 13)`.

use fairdeal_prob::exact::binomial;
use fairdeal_prob::Fraction;
use fairdeal_suit::{solve, Entries, Objective, Problem, SuitError, Vacant};

mod support;
use support::solved;

fn frac(n: u128, d: u128) -> Fraction {
    Fraction::new(n, d).unwrap()
}

/// C(26−n, 13−k) / C(26, 13): West holds one given set of k of the n missing cards.
fn lie(n: u32, k: u32) -> Fraction {
    frac(binomial(26 - n, 13 - k), binomial(26, 13))
}

fn add(a: Fraction, b: Fraction) -> Fraction {
    a.checked_add(b).unwrap()
}

#[test]
fn aq_opposite_two_small_is_the_finesse_fifty_percent() {
    let s = solved("AQ", "xx", 2);
    assert_eq!(s.lines[0].probability, Some(frac(1, 2)));
    assert_eq!(s.lines[0].first, "lead low (the 2) from South");
    let text = s.lines[0].steps_text();
    assert!(text.contains("If West plays a low card"), "{text}");
    assert!(text.contains("North plays the Q"), "{text}");
    // Cashing the ace first leaves the queen to the king: far worse.
    let ace = s
        .lines
        .iter()
        .find(|l| l.first == "lead the A from North")
        .unwrap();
    assert!(ace.probability.unwrap().to_f64() < 0.01);
}

#[test]
fn aq10_opposite_three_small_is_the_double_finesse_76_percent() {
    // CSV row "AQ10 opp xxx (double finesse)": 19/25.
    let s = solved("AQ10", "xxx", 2);
    assert_eq!(s.lines[0].probability, Some(frac(19, 25)));
}

#[test]
fn kj10_opposite_three_small_makes_two_tricks_when_the_queen_is_onside() {
    // Two finesses against the Q and the A: the A always takes a trick, so two tricks need
    // the Q with West (in front of the KJ10) — exactly one half by symmetry.
    let s = solved("KJ10", "xxx", 2);
    assert_eq!(s.lines[0].probability, Some(frac(1, 2)));
    assert_eq!(s.lines[0].first, "lead low (the 2) from South");
}

#[test]
fn akj10x_opposite_four_small_drops_for_five_tricks() {
    // CSV "9-card fit AKJxx opp xxxx": drop line 333/575 beats the finesse 1293/2300.
    let s = solved("AKJ10x", "xxxx", 5);
    assert_eq!(s.lines[0].probability, Some(frac(333, 575)));
    assert!(frac(333, 575).to_f64() > frac(1293, 2300).to_f64());
}

#[test]
fn akjxx_opposite_three_small_finesses_for_five_tricks() {
    // CSV "8-card fit AKJxx opp xxx": cash A, then finesse J, 243/460 (52.83 %) — the chance
    // that the Q takes no trick, whatever the break. With AKJ109 the small cards never score,
    // so five tricks is exactly that event (with AKJxx a 4-1 break also loses a small card).
    // The published line also counts the 5-0 break with West (CSV "West holds all missing
    // cards", 9/460) as a win, but opposite three small there are only two leads towards the
    // AKJ: Q8765 with West keeps the Q guarded and it scores. Ours: 243/460 − 9/460.
    let s = solved("AKJ109", "xxx", 5);
    assert_eq!(s.lines[0].probability, Some(frac(243 - 9, 460)));
    assert_eq!(frac(243 - 9, 460), frac(117, 230));
}

#[test]
fn akq10x_opposite_two_small_plays_for_the_drop_for_five_tricks() {
    // Missing J 9 8 7 6 5. Five tricks: the J must fall under the top three — every 3-3
    // break (the suit-break tables' 35.53 %) or the J doubleton in a 4-2 break (5 of the 15
    // doubletons on each side, 1.615 % each: 16.15 %); the bare J in a 5-1 does not do, the 9
    // then beats the last small card. Total 51.68 %, the textbooks' "play for the drop, 52 %"
    let s = solved("AKQ10x", "xx", 5);
    let p = frac(
        20 * binomial(20, 10) + 5 * binomial(20, 11) + 5 * binomial(20, 9),
        binomial(26, 13),
    );
    assert_eq!(s.lines[0].probability, Some(p));
    assert_eq!(p, frac(416, 805));
    // Every first play does as well at best (a low lead from South is followed by an honour),
    // so none beats the drop.
    assert!(s
        .lines
        .iter()
        .all(|l| l.probability.unwrap().to_f64() <= p.to_f64()));
}

#[test]
fn akjx_opposite_three_small_four_tricks_need_a_3_3_break_and_the_queen_onside() {
    // 6 missing (Q10 9876... with x = 2-5): four tricks need all six gone in three rounds
    // (3-3) and the Q caught by the finesse (with West): C(6,3)/2 lies of weight lie(6,3).
    let s = solved("AKJx", "xxx", 4);
    let p = frac(10 * binomial(20, 10), binomial(26, 13));
    assert_eq!(s.lines[0].probability, Some(p));
    assert_eq!(p, frac(143, 805));
}

#[test]
fn axx_opposite_kj10x_finesses_through_east_after_the_ace() {
    // A43 / KJ102, Q and five small out. Cash the A (drops a singleton Q with West), then
    // finesse through East: four tricks when East holds the Q (1/2) or West the bare Q.
    let s = solved("Axx", "KJ10x", 4);
    let p = add(frac(1, 2), lie(6, 1));
    assert_eq!(s.lines[0].probability, Some(p));
    assert_eq!(p, frac(1649, 3220));
    assert_eq!(s.lines[0].first, "lead the A from North");
}

#[test]
fn ak10x_opposite_four_small_four_tricks() {
    // QJ987 out. Lead towards AK10 and finesse the 10 unless West plays an honour: wins on
    // West QJx (three lies) and West QJ bare (the honour he plays is taken, the other drops);
    // East QJ bare is the one lie it gives up (cashing AK would win it but lose three).
    // 4 lies of weight lie(5, 3) = lie(5, 2).
    let s = solved("AK10x", "xxxx", 4);
    let p = frac(4 * binomial(21, 10), binomial(26, 13));
    assert_eq!(s.lines[0].probability, Some(p));
    assert_eq!(p, frac(78, 575));
}

#[test]
fn ak10xx_opposite_four_small_restricted_choice_lies() {
    // The published restricted-choice figure (11/17, CSV) assumes East plays the Q or the J
    // at random from QJ bare. Our defence chooses; the a-priori weights behind the 11:6 are
    // the lie table's: East bare Q (weight lie(4,3)) and East QJ (lie(4,2)), 11:12 before the
    // halving of the random choice.
    let s = solved("AK10xx", "xxxx", 5);
    let find = |west: &str| s.lies.iter().find(|l| l.west == west).unwrap().clone();
    // Q and J are one run of equal cards: West "J98" stands for West J98 and West Q98.
    let single = find("Q98");
    let double = find("98");
    assert_eq!(single.ways, 2);
    assert_eq!(single.count, 2 * binomial(22, 10));
    assert_eq!(double.count, binomial(22, 11));
    let half_double = double.count / 2;
    assert_eq!(
        Fraction::new(single.count / 2, single.count / 2 + half_double),
        Some(frac(11, 17))
    );
}

#[test]
fn lies_sum_to_one_and_vacant_places_shift_the_odds() {
    let s = solved("AQ", "xx", 2);
    let sum: u128 = s.lies.iter().map(|l| l.count).sum();
    assert_eq!(sum, s.total);
    assert_eq!(s.total, binomial(26, 13));
    // West has shown 7 cards elsewhere (6 vacant places), East 13: the K is with West
    // 6/(6+13) — the finesse's chance.
    let p = Problem::parse(
        "AQ",
        "xx",
        Entries::Unlimited,
        Vacant { west: 6, east: 13 },
        Objective::Target(2),
    )
    .unwrap();
    let s = solve(&p).unwrap();
    assert_eq!(s.lines[0].probability, Some(frac(6, 19)));
    assert_eq!(s.total, binomial(19, 6));
}

#[test]
fn entries_limit_the_finesses() {
    // AQ10 / xxx with no entry to South after the first lead: one finesse only. The first
    // lead is from South (free); after that the lead can only be in North.
    let p = Problem::parse(
        "AQ10",
        "xxx",
        Entries::Limited { north: 0, south: 0 },
        Vacant::START,
        Objective::Target(2),
    )
    .unwrap();
    let limited = solve(&p).unwrap().lines[0].probability.unwrap();
    assert!(limited.to_f64() < 0.76 - 1e-9, "{limited:?}");
    // With one entry to South both finesses are back.
    let p = Problem::parse(
        "AQ10",
        "xxx",
        Entries::Limited { north: 0, south: 1 },
        Vacant::START,
        Objective::Target(2),
    )
    .unwrap();
    assert_eq!(solve(&p).unwrap().lines[0].probability, Some(frac(19, 25)));
}

#[test]
fn expected_tricks_and_the_distribution_agree() {
    let p = Problem::parse(
        "AKJx",
        "xxx",
        Entries::Unlimited,
        Vacant::START,
        Objective::MaxExpected,
    )
    .unwrap();
    let s = solve(&p).unwrap();
    let best = &s.lines[0];
    assert_eq!(best.probability, None);
    let mut e = Fraction::ZERO;
    for (k, f) in best.distribution.iter().enumerate() {
        for _ in 0..k {
            e = add(e, *f);
        }
    }
    assert_eq!(e, best.expected);
    // Every line's expected tricks are at most the best's.
    for l in &s.lines {
        assert!(l.expected.to_f64() <= best.expected.to_f64());
    }
}

#[test]
fn bad_input_says_where() {
    let e = Problem::parse(
        "AQZ",
        "xx",
        Entries::Unlimited,
        Vacant::START,
        Objective::MaxExpected,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "North holding, column 3: 'Z' is not a card (expected A K Q J 10/T 9-2 or x)"
    );
    let e = Problem::parse(
        "AQ",
        "KQ",
        Entries::Unlimited,
        Vacant::START,
        Objective::MaxExpected,
    )
    .unwrap_err();
    assert_eq!(e, SuitError::Both { card: "Q".into() });
    let e = Problem::parse(
        "AKQJ10987654",
        "xxx",
        Entries::Unlimited,
        Vacant::START,
        Objective::MaxExpected,
    )
    .unwrap_err();
    assert_eq!(e, SuitError::TooMany { total: 14 });
    let e = Problem::parse(
        "AQ",
        "xx",
        Entries::Unlimited,
        Vacant::START,
        Objective::Target(3),
    )
    .unwrap_err();
    assert_eq!(e, SuitError::Target { target: 3, most: 2 });
    assert!(Entries::parse("1:x").is_err());
    assert_eq!(
        Entries::parse("1:2").unwrap(),
        Entries::Limited { north: 1, south: 2 }
    );
}

/// The best line's figures (expected tricks, and the target's chance when `target` is some)
/// and its first play.
fn best(north: &str, south: &str, objective: Objective) -> (Option<Fraction>, Fraction, String) {
    let p = Problem::parse(north, south, Entries::Unlimited, Vacant::START, objective).unwrap();
    let s = solve(&p).expect("solves");
    let l = &s.lines[0];
    (l.probability, l.expected, l.first.clone())
}

/// Pins a holding's best line for most expected tricks and for two tricks: the same first
/// play, the expected tricks `expected` under both targets, and the chance `two` of two.
fn pinned_max_and_two(holding: (&str, &str), expected: Fraction, two: Fraction, first: &str) {
    let (p, e, f) = best(holding.0, holding.1, Objective::MaxExpected);
    assert_eq!((p, e), (None, expected));
    assert_eq!(f, first);
    let (p, e, f) = best(holding.0, holding.1, Objective::Target(2));
    assert_eq!((p, e), (Some(two), expected));
    assert_eq!(f, first);
}

// The three slowest holdings of the sampled bench before the Pareto filter's speed-ups (1.4 s,
// 1.6 s, and K1073 / 64 refused at the work limit after 8 s): each now solves, and its figures
// are pinned. Cross-checked two ways: the solver before the speed-ups printed the same report
// byte for byte (K3 / 10975 and Q1053 / 76 at its commit cd69b1e; K1073 / 64 with its work
// limit lifted), and the expected tricks agree with the target figures below (a line's
// expected tricks are the same whatever the target).

#[test]
fn k3_opposite_10975_is_pinned() {
    pinned_max_and_two(
        ("K3", "10975"),
        frac(13513, 16100),
        frac(767, 16100),
        "lead the 5 from South",
    );
}

#[test]
fn q1053_opposite_76_is_pinned() {
    pinned_max_and_two(
        ("Q1053", "76"),
        frac(1733, 4025),
        frac(143, 16100),
        "lead the 6 from South",
    );
}

#[test]
fn k1073_opposite_64_once_refused_is_solved_and_pinned() {
    // The defenders' A, QJ, 98, 5 and 2 in five runs opposite six declarer cards: the Pareto
    // sets grow to thousands of vectors over 72 lies.
    pinned_max_and_two(
        ("K1073", "64"),
        frac(2708, 4025),
        frac(403, 16100),
        "lead the 4 from South",
    );
}

#[test]
fn holding_86_opposite_kj54_once_refused_is_solved_and_pinned() {
    // 86 / KJ54: the defenders' A, Q, 10 9, 7 and 32 in five runs; refused at the work limit
    // until the Pareto filters' signatures (now about 2 s natively). Cross-checked: the solver
    // before the signatures, its work limit lifted, printed the same reports byte for byte
    // (max and target 2) in 4.5 s each; and the expected tricks agree across the two targets.
    pinned_max_and_two(
        ("86", "KJ54"),
        frac(8297, 8050),
        frac(6, 25),
        "lead the 6 from North",
    );
}

#[test]
fn holdings_once_refused_solve_with_the_index_and_are_pinned() {
    // Q1053 / 97 (the defenders' A K, J, 8, 6, 4 and 2 in six runs: 96 lies, a Pareto set of
    // 101 044 vectors after the first lead) and J / K9643: refused at the work limit until
    // the large Pareto filters found dominators through the bitset index (now about 3.5 s
    // and 1 s natively). Cross-checked: the solver before the index, its work limit lifted,
    // printed the same reports byte for byte (30 s and 6 s).
    let (p, e, first) = best("Q1053", "97", Objective::MaxExpected);
    assert_eq!((p, e), (None, frac(4943, 8050)));
    assert_eq!(first, "lead the 3 from North");
    let (p, e, first) = best("J", "K9643", Objective::MaxExpected);
    assert_eq!((p, e), (None, frac(1381, 1150)));
    assert_eq!(first, "lead the J from North");
}
