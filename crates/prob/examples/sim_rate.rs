//! Simulation rate natively: the workloads of `fairdeal_prob::simulate::bench_workloads`
//! through the exact constrained dealer over ChaCha20 (as the app's worker), median of 3
//! runs each. `cargo run --release -p fairdeal-prob --example sim_rate`; the browser side is
//! `simulation_rate` in `crates/app/tests/browser_bench.rs` (`scripts/bench-browser prob`).

use std::time::Instant;

use fairdeal_constrain::Options;
use fairdeal_prob::simulate::{bench_workloads, no_solver, Simulation};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha20Rng;

fn main() {
    for (name, spec, outcome, deals) in bench_workloads() {
        let mut rates: Vec<f64> = (0..3)
            .map(|_| {
                let mut sim = Simulation::new(spec, &outcome, Options::default()).expect("builds");
                let mut rng = ChaCha20Rng::from_seed([9; 32]);
                let start = Instant::now();
                sim.step(&mut rng, deals, &mut no_solver).expect("samples");
                f64::from(deals) / start.elapsed().as_secs_f64()
            })
            .collect();
        rates.sort_by(f64::total_cmp);
        println!("native simulate {name} {:.0} deals/s", rates[1]);
    }
}
