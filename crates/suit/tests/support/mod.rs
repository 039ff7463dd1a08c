//! Set-up shared by the suit tests: a holding solved with unlimited entries and the vacant
//! places of the start.

#![allow(dead_code)] // each test file uses its own part

use fairdeal_suit::{solve, Entries, Objective, Problem, Solution, Vacant};

/// The solution of North's and South's holdings for an objective.
pub fn solved_for(north: &str, south: &str, objective: Objective) -> Solution {
    let p =
        Problem::parse(north, south, Entries::Unlimited, Vacant::START, objective).expect("valid");
    solve(&p).expect("solves")
}

/// The solution of North's and South's holdings for `target` tricks.
pub fn solved(north: &str, south: &str, target: u8) -> Solution {
    solved_for(north, south, Objective::Target(target))
}
