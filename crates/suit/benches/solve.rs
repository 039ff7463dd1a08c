//! Timings of the suit solver: the published combinations, then the slowest of a seeded sample
//! of holdings (every rank given to North, South or the defenders by a fixed LCG stream).
//! `cargo bench -p fairdeal-suit --bench solve` (goal: every holding under 1 s natively).

use std::time::{Duration, Instant};

use fairdeal_suit::{solve, Entries, Objective, Problem, Vacant};

/// Time and positions; positions 0 when the solver gave up (`SuitError::TooLarge`).
fn time(north: &str, south: &str, objective: Objective) -> (Duration, usize) {
    let p = Problem::parse(north, south, Entries::Unlimited, Vacant::START, objective)
        .expect("a valid holding");
    let t = Instant::now();
    let positions = solve(&p).map_or(0, |s| s.positions);
    (t.elapsed(), positions)
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
    let named = [
        ("AQ", "xx"),
        ("AKJx", "xxx"),
        ("AKQ10x", "xx"),
        ("KJ10", "xxx"),
        ("Axx", "KJ10x"),
        ("AK10x", "xxxx"),
        ("AQ10", "xxx"),
        ("AKJ10x", "xxxx"),
    ];
    for (n, s) in named {
        let (d, positions) = time(n, s, Objective::MaxExpected);
        println!(
            "{n:>8} / {s:<8} {:>9.3} ms  {positions} positions",
            d.as_secs_f64() * 1e3
        );
    }
    let samples: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(2000);
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut worst = (Duration::ZERO, String::new(), 0);
    let mut sum = Duration::ZERO;
    let mut too_large: Vec<String> = Vec::new();
    for _ in 0..samples {
        let (mut n, mut s) = (0u16, 0u16);
        for r in 0..13 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            match (x >> 33) % 3 {
                0 => n |= 1 << r,
                1 => s |= 1 << r,
                _ => {}
            }
        }
        if n | s == 0 {
            continue;
        }
        eprint!("{} / {} ", text(n), text(s));
        let (d, positions) = time(&text(n), &text(s), Objective::MaxExpected);
        eprintln!("{:.1} ms", d.as_secs_f64() * 1e3);
        sum += d;
        if positions == 0 {
            too_large.push(format!(
                "{} / {} ({:.2} s)",
                text(n),
                text(s),
                d.as_secs_f64()
            ));
        }
        if d > worst.0 {
            worst = (d, format!("{} / {}", text(n), text(s)), positions);
        }
    }
    println!(
        "{samples} random holdings: mean {:.3} ms, slowest {:.3} ms ({}, {} positions)",
        sum.as_secs_f64() * 1e3 / samples as f64,
        worst.0.as_secs_f64() * 1e3,
        worst.1,
        worst.2
    );
    println!(
        "{} holding(s) given up as too large: {}",
        too_large.len(),
        too_large.join(", ")
    );
}
