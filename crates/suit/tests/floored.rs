//! The search above a floor (`solve_floored`) against the full search (`solve_exhaustive`):
//! the same best line, the same line for every first play it keeps, and every first play it
//! leaves out ranked below its floor in the full search. Then holdings the full search could
//! not finish, solved by `solve` through the floor.

mod support;

use fairdeal_suit::{
    solve, solve_exhaustive, solve_floored, Entries, Line, Objective, Problem, Solution, Vacant,
};

fn problem(north: &str, south: &str, objective: Objective) -> Problem {
    Problem::parse(north, south, Entries::Unlimited, Vacant::START, objective).expect("valid")
}

/// A line's rank as the report ranks it: the chance (when there is a target), then expected
/// tricks, compared as exact fractions.
fn below(
    line: &Line,
    chance: Option<fairdeal_prob::Fraction>,
    expected: fairdeal_prob::Fraction,
) -> bool {
    let less = |a: fairdeal_prob::Fraction, b: fairdeal_prob::Fraction| {
        a.numerator * b.denominator < b.numerator * a.denominator
    };
    let equal = |a: fairdeal_prob::Fraction, b: fairdeal_prob::Fraction| {
        a.numerator * b.denominator == b.numerator * a.denominator
    };
    match (line.probability, chance) {
        (Some(p), Some(c)) => less(p, c) || equal(p, c) && less(line.expected, expected),
        _ => less(line.expected, expected),
    }
}

fn compare(north: &str, south: &str, objective: Objective) -> usize {
    compare_with(north, south, objective, |p| solve_floored(p, None))
}

/// `solve`'s report (through the full search's budget) against the full search's.
fn compare_with(
    north: &str,
    south: &str,
    objective: Objective,
    solver: impl Fn(&Problem) -> Result<Solution, fairdeal_suit::SuitError>,
) -> usize {
    let p = problem(north, south, objective);
    let full: Solution = solve_exhaustive(&p, None).expect("the full search solves it");
    let floored = solver(&p).expect("the floored search solves it");
    let name = format!("{north} / {south} {objective:?}");
    assert!(full.below.is_none(), "{name}");
    assert_eq!(floored.lines[0], full.lines[0], "{name}: the best line");
    for line in &floored.lines {
        let same = full.lines.iter().find(|l| l.first == line.first);
        assert_eq!(Some(line), same, "{name}: {}", line.first);
    }
    let left = floored
        .below
        .as_ref()
        .expect("a floored report says what it left out");
    assert_eq!(
        floored.lines.len() + left.first_plays.len(),
        full.lines.len(),
        "{name}: every first play is shown or named"
    );
    for first in &left.first_plays {
        let line = full
            .lines
            .iter()
            .find(|l| &l.first == first)
            .expect("a first play");
        assert!(
            below(line, left.chance, left.expected),
            "{name}: {first} ranks below the floor"
        );
    }
    assert_eq!(floored.lies, full.lies);
    left.first_plays.len()
}

/// Holdings drawn as the benchmark draws them (each rank to North, South or the defenders).
fn sampled(count: usize) -> Vec<(String, String)> {
    let mut x: u64 = 0x5DEE_CE66_D1CE_4E5B;
    let mut out = Vec::new();
    while out.len() < count {
        let (n, s) = support::draw(&mut x, 3);
        // Small enough for the full search to be quick in a test: at most 8 defenders' cards
        // and at least one card on each side.
        if n != 0 && s != 0 && (n | s).count_ones() >= 5 {
            let text = |m: u16| fairdeal_suit::problem::cards_text(m);
            out.push((text(n), text(s)));
        }
    }
    out
}

#[test]
fn the_floor_keeps_the_full_searchs_best_line_and_its_lines_above_the_floor() {
    let mut holdings: Vec<(String, String)> = support::PUBLISHED
        .iter()
        .chain(&[("K3", "10975"), ("Q1087", "52"), ("K1073", "64")])
        .map(|&(n, s)| (n.to_string(), s.to_string()))
        .collect();
    holdings.extend(sampled(40));
    let mut left_out = 0;
    for (n, s) in &holdings {
        left_out += compare(n, s, Objective::MaxExpected);
        let most = problem(n, s, Objective::MaxExpected);
        if most.north.count_ones().max(most.south.count_ones()) >= 2 {
            left_out += compare(n, s, Objective::Target(2));
        }
    }
    // The floor is not vacuous: most first plays are left out.
    assert!(left_out > holdings.len(), "{left_out} first plays left out");
}

#[test]
fn over_the_full_searchs_budget_solve_keeps_its_lines() {
    // Past the budget `solve` keeps the positions the full search finished and searches the
    // rest above a floor: the lines it shows are still the full search's.
    for (n, s) in [
        ("K1073", "64"),
        ("86", "KJ54"),
        ("K3", "10975"),
        ("Q1053", "97"),
    ] {
        let sol = solve(&problem(n, s, Objective::MaxExpected)).unwrap();
        assert!(sol.below.is_some(), "{n} / {s} is over the budget");
        compare_with(n, s, Objective::MaxExpected, solve);
    }
}

#[test]
fn holdings_the_full_search_cannot_finish_are_solved_above_a_floor() {
    // Refused before (the full search past its guards after 10-40 s natively): the
    // defenders' cards in five or six runs. Their best lines, from the search above the
    // floor (the test above checks that search against the full one on other holdings).
    let cases: [(&str, &str, Objective, u128, u128, &str); 3] = [
        (
            "Q975",
            "103",
            Objective::MaxExpected,
            10601,
            16100,
            "lead the 5 from North",
        ),
        ("5", "KJ863", Objective::MaxExpected, 0, 0, ""),
        ("Q1084", "A6", Objective::MaxExpected, 0, 0, ""),
    ];
    for (n, s, objective, num, den, first) in cases {
        let sol = solve(&problem(n, s, objective)).expect("solved through the floor");
        let best = &sol.lines[0];
        let below = sol.below.as_ref().expect("the floored report");
        eprintln!(
            "{n} / {s}: {:?} {} {:?}",
            best.expected, best.first, below.first_plays
        );
        if den > 0 {
            assert_eq!(
                (best.expected.numerator, best.expected.denominator),
                (num, den)
            );
            assert_eq!(best.first, first);
        }
        assert!(
            sol.text().contains("Not searched in full"),
            "{}",
            sol.text()
        );
    }
}
