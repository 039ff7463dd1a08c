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

/// The next holding of a fixed LCG stream (as the benchmark draws them): each rank to North,
/// South, or (the other `ways − 2` outcomes) the defenders. North's and South's rank masks.
pub fn draw(x: &mut u64, ways: u64) -> (u16, u16) {
    let (mut n, mut s) = (0u16, 0u16);
    for r in 0..13 {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        match (*x >> 33) % ways {
            0 => n |= 1 << r,
            1 => s |= 1 << r,
            _ => {}
        }
    }
    (n, s)
}

/// The published combinations the benchmark times first and the tests check (North, South).
pub const PUBLISHED: [(&str, &str); 8] = [
    ("AQ", "xx"),
    ("AKJx", "xxx"),
    ("AKQ10x", "xx"),
    ("KJ10", "xxx"),
    ("Axx", "KJ10x"),
    ("AK10x", "xxxx"),
    ("AQ10", "xxx"),
    ("AKJ10x", "xxxx"),
];
