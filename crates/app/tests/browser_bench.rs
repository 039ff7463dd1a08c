//! Benchmark (not a test): dealing throughput inside headless Chromium, the same workload as
//! `crates/dealing/examples/throughput.rs` (deal, then North's HCP; median of 5 rounds, wall
//! clock by `performance.now()`). Built only with the `browser-bench` feature; run through
//! `scripts/bench-browser`, which also runs the native side and prints the ratios.

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Deal, Seat};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn now_ms() -> f64 {
    web_sys::window().unwrap().performance().unwrap().now()
}

fn rate(deals: u64, mut next: impl FnMut() -> Deal) -> f64 {
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let start = now_ms();
            let mut hcp = 0u64;
            for _ in 0..deals {
                hcp += u64::from(next().hand(Seat::North).hcp());
            }
            std::hint::black_box(hcp);
            deals as f64 / ((now_ms() - start) / 1000.0)
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[2]
}

#[wasm_bindgen_test]
fn dealing_throughput() {
    let mut fast = FastDealer::from_seed([7; 32]);
    let fast_rate = rate(2_000_000, || fast.next_deal());
    let mut big = BigDealGenerator::new([7; 20], "throughput");
    let big_rate = rate(200_000, || big.next().expect("the generator never ends"));
    console_log!("browser fast {fast_rate:.0} deals/s");
    console_log!("browser bigdeal {big_rate:.0} deals/s");
}

/// Scoring in the browser: the same 60-table × 36-board event as
/// `cargo bench -p fairdeal-scoring --bench event`, recomputed from scratch per method
/// (median of 7). Goal: < 60 ms.
#[wasm_bindgen_test]
fn scoring_recompute() {
    use fairdeal_scoring::synthetic::synthetic_event;
    use fairdeal_scoring::{score_event, ScoringOptions, METHODS};
    let event = synthetic_event(60, 36, 2024);
    for m in METHODS {
        let options = ScoringOptions {
            method: m.method,
            ..ScoringOptions::default()
        };
        let mut times: Vec<f64> = (0..7)
            .map(|_| {
                let start = now_ms();
                let (score, errors) = score_event(&event, &options);
                assert!(errors.is_empty());
                std::hint::black_box(score.standings.len());
                now_ms() - start
            })
            .collect();
        times.sort_by(f64::total_cmp);
        console_log!("browser scoring {} {:.2} ms", m.name, times[3]);
    }
}
