//! Native throughput of the two generators on the workload the browser benchmark uses
//! (deal, then North's HCP), wall clock, median of 5 rounds. Run by `scripts/bench-browser`
//! next to the same workload in headless Chromium, so the wasm/native ratio is same-run.
//!
//! `cargo run --release -p fairdeal-dealing --example throughput -- [fast deals] [bigdeal deals]`

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Deal, Seat};
use std::time::Instant;

fn rate(deals: u64, mut next: impl FnMut() -> Deal) -> f64 {
    let mut rates: Vec<f64> = (0..5)
        .map(|_| {
            let start = Instant::now();
            let mut hcp = 0u64;
            for _ in 0..deals {
                hcp += u64::from(next().hand(Seat::North).hcp());
            }
            std::hint::black_box(hcp);
            deals as f64 / start.elapsed().as_secs_f64()
        })
        .collect();
    rates.sort_by(f64::total_cmp);
    rates[2]
}

fn main() {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let fast_n = args.next().and_then(Result::ok).unwrap_or(2_000_000);
    let big_n = args.next().and_then(Result::ok).unwrap_or(200_000);
    let mut fast = FastDealer::from_seed([7; 32]);
    let fast_rate = rate(fast_n, || fast.next_deal());
    let mut big = BigDealGenerator::new([7; 20], "throughput");
    let big_rate = rate(big_n, || big.next().expect("the generator never ends"));
    println!("native fast {fast_rate:.0} deals/s");
    println!("native bigdeal {big_rate:.0} deals/s");
}
