//! Native side of the three/four-seat benchmark (`scripts/bench-browser four`): for each of
//! [`BENCH_CASES`], one cold `Dealer::new` (the exact count), then `n` samples (`sample_many`,
//! 256 at a time, as the page and the CLI draw) after a 20 000-deal warm-up, printed as
//! `native four NAME PREP ms RATE deals/s` — the line format of the browser side
//! (`crates/app/tests/browser_bench.rs`, `four_seat_counts`).
//!
//! `cargo run --release -p fairdeal-constrain --example four_seats_bench -- [n]`
use fairdeal_constrain::engine::BENCH_CASES;
use fairdeal_constrain::{parse, Dealer, Options};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::time::Instant;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(200_000, |s| s.parse().expect("a number of deals"));
    for (name, text) in BENCH_CASES {
        let set = parse(text)
            .expect("parses")
            .constraints(None)
            .expect("compiles");
        let t = Instant::now();
        let mut d = Dealer::new(&set, Options::default()).expect("builds");
        let prep = t.elapsed().as_secs_f64() * 1000.0;
        assert!(d.count().is_exact(), "{name}");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // As the page and the CLI draw: `sample_many`, 256 deals at a time.
        let mut deals = Vec::with_capacity(256);
        let mut draw = |d: &mut Dealer, rng: &mut ChaCha8Rng, n: usize| {
            let mut left = n;
            while left > 0 {
                let k = left.min(256);
                deals.clear();
                d.sample_many(rng, k, &mut deals).expect("samples");
                std::hint::black_box(&deals);
                left -= k;
            }
        };
        draw(&mut d, &mut rng, 20_000);
        let t = Instant::now();
        draw(&mut d, &mut rng, n);
        let rate = n as f64 / t.elapsed().as_secs_f64();
        println!("native four {name} {prep:.1} ms {rate:.0} deals/s");
    }
}
