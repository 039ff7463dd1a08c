//! Measures one constraint text: preparation time, the count, table size and sampling rate
//! (`Dealer::sample_many`, as the set dealer and the statistics draw; with `ONE_AT_A_TIME`
//! set, also `Dealer::sample` one deal at a time; with `CHECK` set, every deal is tested
//! against the set and the failures counted, which must be none, and a digest of the deals
//! printed, to compare two builds' draws for the same seed; `PER_CALL` sets the deals asked
//! of each `sample_many` call, 10 000 by default, 256 as the page and the CLI ask).
//!
//! `cargo run --release -p fairdeal-constrain --example measure -- 'north: balanced, hcp 27+' 100000`
//! (`\n` in the text separates lines). Run it under `/usr/bin/time -f %M` for peak memory.

use fairdeal_constrain::{parse, Dealer, Options};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::time::Instant;
fn main() {
    let text = std::env::args()
        .nth(1)
        .expect("a constraint text")
        .replace("\\n", "\n");
    let n: usize = std::env::args()
        .nth(2)
        .map_or(100_000, |s| s.parse().expect("a number of deals"));
    let set = parse(&text)
        .expect("parses")
        .constraints(None)
        .expect("compiles");
    let t = Instant::now();
    let mut d = Dealer::new(&set, Options::default()).expect("builds");
    let c = d.count();
    match (d.tables(), d.halves()) {
        (Some(tables), _) => println!(
            "build {:?}: {:?} states {} work {} table bytes {}",
            t.elapsed(),
            c,
            tables.states(),
            tables.work(),
            tables.bytes()
        ),
        (None, Some(halves)) => println!(
            "build {:?}: {:?} by halves{}, entries {} table bytes {}",
            t.elapsed(),
            c,
            match (halves.one_suit_half(), halves.exchanged()) {
                (true, false) => " (♦♣ as one suit)",
                (true, true) => " (♠♥ as one suit)",
                (false, _) => "",
            },
            halves.entries(),
            halves.bytes()
        ),
        (None, None) => println!(
            "build {:?}: {:?} in {} cells without fits",
            t.elapsed(),
            c,
            d.cells().unwrap_or(0)
        ),
    }
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let t = Instant::now();
    let mut left = n;
    let mut deals = Vec::new();
    let check = std::env::var_os("CHECK").is_some();
    let per_call: usize = std::env::var("PER_CALL")
        .map_or(10_000, |s| s.parse().expect("PER_CALL: a number of deals"));
    let mut failing = 0usize;
    // FNV-1a over the deals' PBN text.
    let mut digest = 0xcbf2_9ce4_8422_2325u64;
    while left > 0 {
        let k = left.min(per_call);
        deals.clear();
        d.sample_many(&mut rng, k, &mut deals).expect("samples");
        if check {
            failing += deals.iter().filter(|deal| !set.accepts(deal)).count();
            for byte in deals.iter().flat_map(|deal| deal.to_string().into_bytes()) {
                digest = (digest ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        left -= k;
    }
    if check {
        println!("deals failing the set: {failing}; digest of the deals {digest:016x}");
    }
    let e = t.elapsed();
    println!("sample {n}: {:?} = {:.0}/s", e, n as f64 / e.as_secs_f64());
    if std::env::var_os("ONE_AT_A_TIME").is_some() {
        let t = Instant::now();
        for _ in 0..n {
            d.sample(&mut rng).expect("samples");
        }
        let e = t.elapsed();
        println!(
            "one at a time {n}: {:?} = {:.0}/s",
            e,
            n as f64 / e.as_secs_f64()
        );
    }
}
