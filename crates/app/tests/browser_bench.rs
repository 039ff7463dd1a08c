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

/// Exact probability charts in the browser: every lesson step and every kind's default
/// question, answered as the page does (`timed_answer`, `performance.now()`), median of 5
/// each. Goal (#8 item 6): every chart < 50 ms.
#[wasm_bindgen_test]
fn probability_charts() {
    use fairdeal_app::pages::probability::lessons::LESSONS;
    use fairdeal_app::pages::probability::question::{Question, KINDS};
    use fairdeal_app::pages::probability::timed_answer;
    let mut questions: Vec<(String, Question)> = KINDS
        .iter()
        .map(|k| {
            let q = Question {
                kind: k.kind,
                ..Question::default()
            };
            (format!("kind:{}", k.key), q)
        })
        .collect();
    for l in LESSONS.iter() {
        for (i, q) in l.questions().into_iter().enumerate() {
            questions.push((format!("{}:{}", l.key, i + 1), q));
        }
    }
    let mut medians: Vec<(f64, String)> = questions
        .iter()
        .map(|(name, q)| {
            let mut t: Vec<f64> = (0..5).map(|_| timed_answer(q).1).collect();
            t.sort_by(f64::total_cmp);
            (t[2], name.clone())
        })
        .collect();
    medians.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = medians.len();
    let (slowest, name) = medians[n - 1].clone();
    console_log!(
        "browser probchart {n} charts: median {:.3} ms, slowest {slowest:.3} ms ({name}), fastest {:.3} ms",
        medians[n / 2].0,
        medians[0].0
    );
}

/// Simulation rate in the browser with the worker's runner (`fairdeal_prob::simulate` over
/// ChaCha20, the exact constrained dealer), the same workloads as
/// `cargo run --release -p fairdeal-prob --example sim_rate`; median of 3 runs.
#[wasm_bindgen_test]
fn simulation_rate() {
    use fairdeal_prob::simulate::{bench_workloads, no_solver, Simulation};
    use rand_chacha::ChaCha20Rng;
    use rand_core::SeedableRng;
    for (name, spec, outcome, deals) in bench_workloads() {
        let mut rates: Vec<f64> = (0..3)
            .map(|_| {
                let mut sim = Simulation::new(spec, &outcome, Default::default()).unwrap();
                let mut rng = ChaCha20Rng::from_seed([9; 32]);
                let start = now_ms();
                sim.step(&mut rng, deals, &mut no_solver).unwrap();
                deals as f64 / ((now_ms() - start) / 1000.0)
            })
            .collect();
        rates.sort_by(f64::total_cmp);
        console_log!("browser simulate {name} {:.0} deals/s", rates[1]);
    }
}
