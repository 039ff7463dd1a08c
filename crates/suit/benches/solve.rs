//! Timings of the suit solver: the published combinations, then the slowest of a seeded sample
//! of holdings (every rank given to North, South or the defenders by a fixed LCG stream).
//! `cargo bench -p fairdeal-suit --bench solve -- 10000 --family 2000` (goal: every holding
//! under 1 s natively).

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use fairdeal_suit::{solve, Entries, Objective, Problem, Vacant};

/// Time and positions; positions 0 when the solver gave up (`SuitError::TooLarge`); whether
/// the full search was over its budget and the search above a floor answered.
fn time(north: &str, south: &str, objective: Objective) -> (Duration, usize, bool) {
    let p = Problem::parse(north, south, Entries::Unlimited, Vacant::START, objective)
        .expect("a valid holding");
    let t = Instant::now();
    let solved = solve(&p);
    let d = t.elapsed();
    let floored = solved.as_ref().is_ok_and(|s| s.below.is_some());
    (d, solved.map_or(0, |s| s.positions), floored)
}

fn text(mask: u16) -> String {
    let s = fairdeal_suit::problem::cards_text(mask);
    if s == "—" {
        "-".to_string()
    } else {
        s
    }
}

fn main() {
    let named = support::PUBLISHED;
    for (n, s) in named {
        let (d, positions, _) = time(n, s, Objective::MaxExpected);
        println!(
            "{n:>8} / {s:<8} {:>9.3} ms  {positions} positions",
            d.as_secs_f64() * 1e3
        );
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let samples: usize = args.iter().find_map(|a| a.parse().ok()).unwrap_or(2000);
    // `--family M`: M more holdings drawn from the hardest shapes (the defenders hold 6-8
    // cards; North and South each 1-2 of the A K Q J 10).
    let family: usize = args
        .iter()
        .position(|a| a == "--family")
        .and_then(|i| args.get(i + 1))
        .and_then(|a| a.parse().ok())
        .unwrap_or(0);
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut draw = || support::draw(&mut x, 3);
    let mut sampled = Vec::new();
    while sampled.len() < samples {
        let (n, s) = draw();
        if n | s != 0 {
            sampled.push((n, s));
        }
    }
    let honours = 0b1_1111_0000_0000u16;
    let mut hard = Vec::new();
    while hard.len() < family {
        let (n, s) = draw();
        let defenders = 13 - (n | s).count_ones();
        let (hn, hs) = ((n & honours).count_ones(), (s & honours).count_ones());
        if (6..=8).contains(&defenders) && (1..=2).contains(&hn) && (1..=2).contains(&hs) {
            hard.push((n, s));
        }
    }
    for (label, set) in [
        ("random holdings", &sampled),
        ("hard-family holdings", &hard),
    ] {
        if set.is_empty() {
            continue;
        }
        let mut times: Vec<(Duration, String, usize)> = Vec::new();
        let mut floored = Vec::new();
        for &(n, s) in set {
            let name = format!("{} / {}", text(n), text(s));
            let (d, positions, above_floor) = time(&text(n), &text(s), Objective::MaxExpected);
            eprintln!("{name} {:.1} ms", d.as_secs_f64() * 1e3);
            if above_floor {
                floored.push(name.clone());
            }
            times.push((d, name, positions));
        }
        let sum: Duration = times.iter().map(|t| t.0).sum();
        times.sort_by_key(|t| std::cmp::Reverse(t.0));
        let mut sorted: Vec<Duration> = times.iter().map(|t| t.0).collect();
        sorted.reverse();
        let pct = |p: f64| sorted[((sorted.len() - 1) as f64 * p) as usize].as_secs_f64() * 1e3;
        println!(
            "{} {label}: mean {:.3} ms, median {:.3} ms, 99th percentile {:.1} ms, over 1 s: {}",
            set.len(),
            sum.as_secs_f64() * 1e3 / set.len() as f64,
            pct(0.5),
            pct(0.99),
            times
                .iter()
                .filter(|t| t.0 > Duration::from_secs(1))
                .count()
        );
        for (d, name, positions) in times.iter().take(8) {
            let note = if *positions == 0 {
                " (refused: too large)".to_string()
            } else {
                format!(", {positions} positions")
            };
            println!("  slowest: {name} {:.3} ms{note}", d.as_secs_f64() * 1e3);
        }
        let refused: Vec<&str> = times
            .iter()
            .filter(|t| t.2 == 0)
            .map(|t| t.1.as_str())
            .collect();
        println!(
            "  refused as too large: {} {}",
            refused.len(),
            refused.join(", ")
        );
        println!(
            "  over the full search's budget, solved above a floor: {} {}",
            floored.len(),
            floored.join(", ")
        );
    }
}
