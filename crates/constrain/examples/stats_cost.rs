//! Times the exact expectation of each table for a constraint text (development aid).
//!
//! `cargo run --release -p fairdeal-constrain --example stats_cost -- 'north: hcp 15-17' hcp:N,hcp:S`
use fairdeal_constrain::stats::{TableSpec, Theory};
use fairdeal_constrain::{parse, Dealer, Options};
use std::time::Instant;
fn main() {
    let mut args = std::env::args().skip(1);
    let text = args.next().unwrap_or_default().replace("\\n", "\n");
    let mut tables: Vec<TableSpec> = args.map(|a| a.parse().expect("a table")).collect();
    if tables.is_empty() {
        tables = TableSpec::defaults();
    }
    let set = parse(&text)
        .expect("parses")
        .constraints(None)
        .expect("compiles");
    let d = Dealer::new(&set, Options::default()).expect("builds");
    let budget: u64 =
        std::env::var("BUDGET").map_or(Options::default().budget, |b| b.parse().expect("a number"));
    let mut t = Theory::new(budget);
    t.push(&d, 1);
    for spec in &tables {
        let t0 = Instant::now();
        let e = t.expected(spec);
        println!(
            "{spec}: {:?} {}",
            t0.elapsed(),
            match e {
                Ok(_) => "ok".to_string(),
                Err(e) => e.to_string(),
            }
        );
    }
}
