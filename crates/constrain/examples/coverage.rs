//! How much of what players write is counted exactly, and how fast: random constraint sets in
//! the style of practice scripts (points on one to four seats, an opening shape or a suit,
//! sometimes controls, a fit or a partnership's points), each counted once by `Dealer::new`.
//! Prints the share exact on every constrained seat, the count times (median, 90th centile,
//! worst, all together), and the sets counted on fewer seats or over one second, with the reason.
//! Counted with the options `fairdeal count` and the page use ([`analysis::COUNT_OPTIONS`]):
//! a set dealt in part may still be counted whole, cell by cell (`Count::whole`); those are
//! exact and reported apart.
//!
//! `cargo run --release -p fairdeal-constrain --example coverage -- [sets] [seed]`
use fairdeal_constrain::{analysis, parse, BuildError, Dealer};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::time::Instant;

/// Shapes and suit lengths as opening and overcall scripts write them.
const SHAPES: [&str; 14] = [
    "balanced",
    "balanced",
    "spades 5+",
    "hearts 5+",
    "diamonds 4+",
    "clubs 4+",
    "hearts 4-5",
    "spades 0-3",
    "shape any 4432 + any 5332",
    "shape any 5431",
    "spades 4+, hearts 4+",
    "clubs 6+",
    "spades 5+, hearts 0-3",
    "shape any 4333",
];

const FITS: [&str; 6] = ["spades", "hearts", "diamonds", "clubs", "majors", "minors"];

fn pick<'a>(rng: &mut ChaCha8Rng, xs: &[&'a str]) -> &'a str {
    xs[rng.next_u32() as usize % xs.len()]
}

fn chance(rng: &mut ChaCha8Rng, percent: u32) -> bool {
    rng.next_u32() % 100 < percent
}

/// One random set: every seat's line and the partnerships' lines.
fn random_set(rng: &mut ChaCha8Rng) -> String {
    let mut lines = Vec::new();
    for seat in ["north", "east", "south", "west"] {
        if !chance(rng, 70) {
            continue;
        }
        let mut parts = Vec::new();
        let lo = [0, 0, 5, 6, 8, 10, 11, 12, 15, 20][rng.next_u32() as usize % 10];
        match rng.next_u32() % 3 {
            0 => parts.push(format!("hcp {lo}+")),
            _ => parts.push(format!("hcp {lo}-{}", lo + 2 + rng.next_u32() % 5)),
        }
        if chance(rng, 50) {
            parts.push(pick(rng, &SHAPES).to_string());
        }
        if chance(rng, 10) {
            parts.push(format!("controls {}+", 1 + rng.next_u32() % 4));
        }
        lines.push(format!("{seat}: {}", parts.join(", ")));
    }
    for pair in ["ns", "ew"] {
        if chance(rng, 25) {
            let min = 8 + rng.next_u32() % 2;
            lines.push(format!("{pair}: fit {min}+ {}", pick(rng, &FITS)));
        } else if chance(rng, 15) {
            lines.push(format!("{pair}: hcp {}+", 20 + rng.next_u32() % 8));
        }
    }
    lines.join("\n")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let sets: usize = args
        .next()
        .map_or(200, |s| s.parse().expect("a number of sets"));
    let seed: u64 = args.next().map_or(1, |s| s.parse().expect("a seed"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut exact, mut impossible, mut counted, mut whole) = (0usize, 0usize, 0usize, 0usize);
    let mut times = Vec::new();
    let mut notes = Vec::new();
    for _ in 0..sets {
        let text = random_set(&mut rng);
        if text.is_empty() {
            continue;
        }
        let set = parse(&text)
            .expect("parses")
            .constraints(None)
            .expect("compiles");
        let t = Instant::now();
        let d = Dealer::new(&set, analysis::COUNT_OPTIONS);
        let secs = t.elapsed().as_secs_f64();
        let one_line = text.replace('\n', " / ");
        match d {
            Err(BuildError::NoDeal { .. }) => impossible += 1,
            Err(e) => notes.push(format!("refused {secs:.2} s: {one_line}: {e}")),
            Ok(d) => {
                counted += 1;
                times.push(secs);
                let c = d.count();
                if c.is_exact() || c.whole.is_some() {
                    exact += 1;
                    if c.whole.is_some() {
                        whole += 1;
                        notes.push(format!(
                            "exact cell by cell, dealt on {} seats, {secs:.2} s: {one_line}",
                            c.exact_seats.len()
                        ));
                    } else if secs > 1.0 {
                        notes.push(format!("exact, slow {secs:.2} s: {one_line}"));
                    }
                } else {
                    notes.push(format!(
                        "{} seats exact {secs:.2} s: {one_line}: {}",
                        c.exact_seats.len(),
                        c.why.unwrap_or_default()
                    ));
                }
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize];
    println!(
        "{counted} sets counted ({impossible} impossible, answered at once): {exact} exact on every seat ({:.1} %; {whole} of them counted whole cell by cell, dealt in part); count time median {:.3} s, 90th centile {:.3} s, worst {:.2} s, all {:.1} s",
        100.0 * exact as f64 / counted.max(1) as f64,
        at(0.5),
        at(0.9),
        at(1.0),
        times.iter().sum::<f64>()
    );
    for n in notes {
        println!("  {n}");
    }
}
