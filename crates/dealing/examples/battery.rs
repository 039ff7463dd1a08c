//! The long statistical battery: the same chi-square tests as tests/statistics.rs, on as
//! many deals as asked (≥ 100 M for a release check).
//!
//! `cargo run --release -p fairdeal-dealing --example battery -- 100000000 [fast|bigdeal|both] [alpha]`
//!
//! Defaults: both generators, alpha 1e-4. Each test prints its statistic next to the
//! critical value; the exit status is 1 if any test rejects. With 8 tests per run at alpha
//! 1e-4 a false alarm has probability below 1e-3. Seeds are fixed (and differ from the CI
//! tests'), so a run is reproducible; pass a different count to see fresh deals.

#[path = "../tests/stats_support/mod.rs"]
mod stats_support;

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::Deal;
use stats_support::Tally;
use std::time::Instant;

fn run(name: &str, deals: u64, generator: impl Iterator<Item = Deal>, alpha: f64) -> bool {
    let start = Instant::now();
    let mut tally = Tally::new();
    let step = (deals / 10).max(1);
    for deal in generator.take(deals as usize) {
        tally.add(&deal);
        if tally.deals.is_multiple_of(step) {
            eprintln!(
                "{name}: {} of {deals} deals, {:.0} s",
                tally.deals,
                start.elapsed().as_secs_f64()
            );
        }
    }
    println!(
        "== {name}: {} deals in {:.1} s",
        tally.deals,
        start.elapsed().as_secs_f64()
    );
    let mut ok = true;
    for r in tally.all_tests(alpha) {
        println!("{}", r.line());
        ok &= r.passes();
    }
    ok
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals: u64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000_000);
    let which = args.get(1).map_or("both", String::as_str);
    let alpha: f64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1e-4);
    let mut ok = true;
    if which == "fast" || which == "both" {
        let dealer = FastDealer::from_seed(*b"fairdeal battery: fast dealer...");
        ok &= run("fast (ChaCha8)", deals, dealer, alpha);
    }
    if which == "bigdeal" || which == "both" {
        let generator = BigDealGenerator::new(*b"fairdeal battery....", "Fair Deal battery");
        ok &= run("Big Deal-compatible", deals, generator, alpha);
    }
    if !matches!(which, "fast" | "bigdeal" | "both") {
        eprintln!("unknown generator {which:?}: use fast, bigdeal or both");
        std::process::exit(2);
    }
    std::process::exit(if ok { 0 } else { 1 });
}
