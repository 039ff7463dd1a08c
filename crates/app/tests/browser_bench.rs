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

/// Constrained dealing in the browser (issue #4 item 9): the five cases of
/// `crates/constrain/examples/compare.rs`, measured as that example measures them natively —
/// one cold `Dealer::new` timed (preparation), then `n` exact samples from
/// `ChaCha8Rng::seed_from_u64(1)` — plus a warm preparation time (builds repeated for ≥ 200 ms,
/// mean), because `performance.now()` is coarsened to 0.1 ms in the test page.
/// Run by `scripts/bench-browser constrain`, interleaved with the native example.
#[wasm_bindgen_test]
fn constrained_cases() {
    use fairdeal_constrain::dealer::Dealer;
    use fairdeal_constrain::parse::parse;
    use fairdeal_constrain::Options;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
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
    let n = 200_000;
    for (name, text) in CASES {
        let set = parse(text)
            .expect("parses")
            .constraints(None)
            .expect("compiles");
        let t = now_ms();
        let mut d = Dealer::new(&set, Options::default()).expect("builds");
        let prep = now_ms() - t;
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // Untimed warm-up (the same in `compare`): Chromium runs new wasm code on its baseline
        // compiler first and swaps in optimised code after some calls; a page dealing a set
        // of boards runs at the optimised speed.
        for _ in 0..20_000 {
            std::hint::black_box(d.sample(&mut rng).expect("samples"));
        }
        let t = now_ms();
        for _ in 0..n {
            std::hint::black_box(d.sample(&mut rng).expect("samples"));
        }
        let rate = n as f64 / ((now_ms() - t) / 1000.0);
        let (t, mut builds) = (now_ms(), 0u32);
        while now_ms() - t < 200.0 || builds < 3 {
            std::hint::black_box(Dealer::new(&set, Options::default()).expect("builds"));
            builds += 1;
        }
        let warm = (now_ms() - t) / f64::from(builds);
        console_log!("browser constrain {name} {prep:.3} ms {rate:.0} deals/s warm {warm:.4} ms");
    }
}

/// Exact counting on three and four seats in the browser (issue #16 item 4): the cases of
/// `fairdeal_constrain::engine::BENCH_CASES`, measured as `examples/four_seats_bench.rs`
/// measures them natively (one cold `Dealer::new`, then samples after a warm-up, drawn with
/// `sample_many` 256 at a time).
/// Run by `scripts/bench-browser four`, interleaved with the native example.
#[wasm_bindgen_test]
fn four_seat_counts() {
    use fairdeal_constrain::engine::BENCH_CASES;
    use fairdeal_constrain::{parse, Dealer, Options};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let n = 100_000;
    for (name, text) in BENCH_CASES {
        let set = parse(text)
            .expect("parses")
            .constraints(None)
            .expect("compiles");
        let t = now_ms();
        let mut d = Dealer::new(&set, Options::default()).expect("builds");
        let prep = now_ms() - t;
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
        let t = now_ms();
        draw(&mut d, &mut rng, n);
        let rate = n as f64 / ((now_ms() - t) / 1000.0);
        console_log!("browser four {name} {prep:.1} ms {rate:.0} deals/s");
    }
}

/// Dealer scripts in the browser (issue #5 item 6): a few of `fairdeal_script::EXAMPLES`
/// (a plain one, a statistics-heavy one and the two rare, accelerated ones) run as
/// `fairdeal script` runs them (`crates/cli/src/cmd/script.rs`: seed `-s 1`, runner, steps of
/// 100 000, text taken), timed from the runner's creation to the summary. The produce counts
/// printed here are the ones `scripts/bench-browser script` passes to the native CLI.
#[wasm_bindgen_test]
fn script_examples() {
    use fairdeal_script::{compile, EXAMPLES};
    // (1-based example number, deals to produce)
    const RUNS: [(usize, u64); 5] = [
        (1, 200_000),
        (9, 400_000),
        (13, 150_000),
        (14, 30_000),
        (15, 30_000),
    ];
    for (number, produce) in RUNS {
        let mut program = compile(EXAMPLES[number - 1].source).expect("the example compiles");
        program.set_produce(produce);
        program.set_generate(10_000_000_000);
        let mut seed = [0u8; 32];
        seed[..8].copy_from_slice(&1u64.to_le_bytes());
        let start = now_ms();
        let mut runner = program.runner(seed);
        let mut bytes = 0usize;
        loop {
            let done = runner.step(100_000);
            bytes += runner.take_text().len();
            if done {
                break;
            }
        }
        bytes += runner.summary_text().len();
        let secs = (now_ms() - start) / 1000.0;
        std::hint::black_box(bytes);
        assert_eq!(runner.produced(), produce);
        console_log!(
            "browser script {number:02} {produce} {:.0} produced/s",
            produce as f64 / secs
        );
    }
}

/// Double dummy in the browser with one solver, in the test thread (8 MiB stack, see
/// `crates/app/build.rs`) (issue #7 item 5): 20 deals from `FastDealer::from_seed([11; 32])`,
/// printed so `scripts/bench-browser dd` solves the same deals natively with
/// `fairdeal dd -j 1`; one reused `DdSolver`, the tasks in the native pool's order (every
/// notrump row, then each suit, deal by deal — `fairdeal_dd::pool::solve_tables`).
#[wasm_bindgen_test]
fn dd_single_solver() {
    use fairdeal_dd::DdSolver;
    use fairdeal_model::Strain;
    let mut dealer = FastDealer::from_seed([11; 32]);
    let deals: Vec<Deal> = (0..20).map(|_| dealer.next_deal()).collect();
    for d in &deals {
        console_log!("browser dddeal {}", d.to_pbn(Seat::North));
    }
    let order = [
        Strain::Notrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];
    let mut solver = DdSolver::new();
    let start = now_ms();
    let mut total = 0u32;
    for s in order {
        for d in &deals {
            total += solver
                .strain_row(d, s)
                .iter()
                .map(|&t| u32::from(t))
                .sum::<u32>();
        }
    }
    let per_table = (now_ms() - start) / deals.len() as f64;
    std::hint::black_box(total);
    console_log!("browser dd1 {} tables {per_table:.1} ms/table", deals.len());
}
