//! Same-run comparison for the five cases of issue 4: exact constrained sampling against
//! deal-and-select with the fast dealer (`fairdeal_dealing::fast::FastDealer`), interleaved
//! per case so the same load slows both.
//!
//! `cargo run --release -p fairdeal-constrain --example compare -- [exact_deals] [select_seconds]`
//! (defaults 200000 and 3). Deal-and-select stops after `select_seconds` of dealing; its
//! rate is accepted deals per second (an estimate from the acceptances seen, or an upper
//! bound when none were seen).

use fairdeal_constrain::{parse, Dealer, Options};
use fairdeal_dealing::fast::FastDealer;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::time::Instant;

/// Samples drawn before the timed ones.
const WARM_UP: u32 = 20_000;

const CASES: [(&str, &str); 5] = [
    ("(a)", "west: spades 9"),
    ("(b)", "west: spades 9\neast: shape x=x=6=6"),
    ("(c)", "north: balanced, hcp 27+"),
    (
        "(d)",
        "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x",
    ),
    (
        "(e)",
        "north: balanced, hcp 10-12\nsouth: hcp 11-15, three-suited",
    ),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map_or(200_000, |s| s.parse().expect("a number"));
    let secs: f64 = args.next().map_or(3.0, |s| s.parse().expect("seconds"));
    println!(
        "| case | preparation | exact deals/s | deal-and-select deals/s (fast dealer) | ratio |"
    );
    println!("|---|---:|---:|---:|---:|");
    for (name, text) in CASES {
        let set = parse(text)
            .expect("parses")
            .constraints(None)
            .expect("compiles");
        let t = Instant::now();
        let mut d = Dealer::new(&set, Options::default()).expect("builds");
        let prep = t.elapsed();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // Untimed warm-up, as in the browser benchmark (whose optimising compiler takes over
        // only after the first calls).
        for _ in 0..WARM_UP {
            std::hint::black_box(d.sample(&mut rng).expect("samples"));
        }
        let t = Instant::now();
        for _ in 0..n {
            d.sample(&mut rng).expect("samples");
        }
        let exact = n as f64 / t.elapsed().as_secs_f64();
        let mut fast = FastDealer::from_seed([9; 32]);
        let t = Instant::now();
        let (mut dealt, mut hit) = (0u64, 0u64);
        while t.elapsed().as_secs_f64() < secs {
            for _ in 0..4096 {
                let deal = fast.next_deal();
                dealt += 1;
                hit += u64::from(set.accepts(&deal));
            }
        }
        let el = t.elapsed().as_secs_f64();
        let (select, bound) = if hit > 0 {
            (hit as f64 / el, "")
        } else {
            (1.0 / el, "< ")
        };
        println!(
            "| {name} | {:.2} ms | {:.0} | {bound}{:.3} ({hit} of {dealt}) | {}{:.0}× |",
            prep.as_secs_f64() * 1e3,
            exact,
            select,
            if bound.is_empty() { "" } else { "> " },
            exact / select
        );
    }
}
