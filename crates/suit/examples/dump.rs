//! Prints the full report (text and CSV) of each holding given, with its time on stderr:
//! `cargo run --release -p fairdeal-suit --example dump -- K1073 64 max Q1053 76 2`.
//! Used to compare the solver's output byte for byte before and after a change. `solve` by
//! default (what the page and the CLI give); `FULL=1`: the full search whatever its size
//! (`solve_exhaustive`); `FLOORED=1`: the search above a floor alone (`solve_floored`).

use std::time::Instant;

use fairdeal_suit::{solve, solve_exhaustive, solve_floored, Entries, Objective, Problem, Vacant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    for chunk in args.chunks(3) {
        let [n, s, goal] = chunk else {
            eprintln!("usage: dump NORTH SOUTH max|TARGET ...");
            std::process::exit(2);
        };
        let objective = match goal.as_str() {
            "max" => Objective::MaxExpected,
            t => Objective::Target(t.parse().expect("a target")),
        };
        let p = Problem::parse(n, s, Entries::Unlimited, Vacant::START, objective)
            .expect("a valid holding");
        let t = Instant::now();
        let r = if std::env::var_os("FLOORED").is_some() {
            solve_floored(&p, None)
        } else if std::env::var_os("FULL").is_some() {
            solve_exhaustive(&p, None)
        } else {
            solve(&p)
        };
        let d = t.elapsed();
        match r {
            Ok(sol) => {
                eprintln!(
                    "{n} / {s} {goal}: {:.1} ms, {} positions",
                    d.as_secs_f64() * 1e3,
                    sol.positions
                );
                print!("{}\n{}", sol.text(), sol.csv());
            }
            Err(e) => {
                eprintln!(
                    "{n} / {s} {goal}: {:.1} ms, error {e}",
                    d.as_secs_f64() * 1e3
                );
                println!("error: {e}");
            }
        }
    }
}
