//! Set-up shared by the suit tests: a holding solved for a target with unlimited entries and
//! the vacant places of the start.

use fairdeal_suit::{solve, Entries, Objective, Problem, Solution, Vacant};

/// The solution of North's and South's holdings for `target` tricks.
pub fn solved(north: &str, south: &str, target: u8) -> Solution {
    let p = Problem::parse(
        north,
        south,
        Entries::Unlimited,
        Vacant::START,
        Objective::Target(target),
    )
    .expect("valid");
    solve(&p).expect("solves")
}
