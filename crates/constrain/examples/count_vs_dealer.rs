//! Same-run comparison on three- and four-seat conditions: the exact engine (count, then
//! draw `n` deals) against Debian's `/usr/games/dealer` producing the same `n` deals by
//! rejection, one case after the other so the same load slows both.
//!
//! `cargo run --release -p fairdeal-constrain --example count_vs_dealer -- [n] [dealer path] [name part]`
//! (defaults 10000, /usr/games/dealer and every case). Prints a Markdown table row per case.

use fairdeal_constrain::{parse, Dealer, Options};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::process::Command;
use std::time::Instant;

/// (name, constraint text, the same condition in dealer's language).
const CASES: [(&str, &str, &str); 21] = [
    (
        "every seat 10 HCP",
        "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10",
        "hcp(north)==10 && hcp(east)==10 && hcp(south)==10 && hcp(west)==10",
    ),
    (
        "N 15-17, E 0-9, S 8+, W 0-12",
        "north: hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12",
        "hcp(north)>=15 && hcp(north)<=17 && hcp(east)<=9 && hcp(south)>=8 && hcp(west)<=12",
    ),
    (
        "N 20-21, E 0-5, W 6-9",
        "north: hcp 20-21\neast: hcp 0-5\nwest: hcp 6-9",
        "hcp(north)>=20 && hcp(north)<=21 && hcp(east)<=5 && hcp(west)>=6 && hcp(west)<=9",
    ),
    (
        "N 12-14, E 11-13, S 8-10, W 5-9",
        "north: hcp 12-14\neast: hcp 11-13\nsouth: hcp 8-10\nwest: hcp 5-9",
        "hcp(north)>=12 && hcp(north)<=14 && hcp(east)>=11 && hcp(east)<=13 && hcp(south)>=8 && hcp(south)<=10 && hcp(west)>=5 && hcp(west)<=9",
    ),
    (
        "N balanced 15-17, E 0-9, S 8+, W 0-12",
        "north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12",
        "shape(north, any 4333 + any 4432 + any 5332) && hcp(north)>=15 && hcp(north)<=17 && hcp(east)<=9 && hcp(south)>=8 && hcp(west)<=12",
    ),
    (
        "Pavlicek 1999: W 11-15 5-6♠ 4♥, E 10 4+♦",
        "west: hcp 11-15, spades 5-6, hearts 4\neast: hcp 10, diamonds 4+",
        "hcp(west)>=11 && hcp(west)<=15 && spades(west)>=5 && spades(west)<=6 && hearts(west)==4 && hcp(east)==10 && diamonds(east)>=4",
    ),
    (
        "Pavlicek 1999 'crazy eights': W 5+♠, N 5+♥, E 5+♦, S 0-4♣",
        "west: spades 5+\nnorth: hearts 5+\neast: diamonds 5+\nsouth: clubs 0-4",
        "spades(west)>=5 && hearts(north)>=5 && diamonds(east)>=5 && clubs(south)<=4",
    ),
    (
        "two shaped seats: N balanced 15-17, S 8+ 4+♠",
        "north: balanced, hcp 15-17\nsouth: hcp 8+, spades 4+",
        "shape(north, any 4333 + any 4432 + any 5332) && hcp(north)>=15 && hcp(north)<=17 && hcp(south)>=8 && spades(south)>=4",
    ),
    (
        "a fit with points: NS fit 8-9 in a major, 20-25, N 10+",
        "ns: fit 8-9 majors, hcp 20-25\nnorth: hcp 10+",
        "(spades(north)+spades(south)>=8 || hearts(north)+hearts(south)>=8) && spades(north)+spades(south)<=9 && hearts(north)+hearts(south)<=9 && hcp(north)+hcp(south)>=20 && hcp(north)+hcp(south)<=25 && hcp(north)>=10",
    ),
    (
        "HCP and a suit on every seat: N 12-14 5+♠, E 8-11 4-5♥, S 6-10 3+♦, W 5-12 2-4♣",
        "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
        "hcp(north)>=12 && hcp(north)<=14 && spades(north)>=5 && hcp(east)>=8 && hcp(east)<=11 && hearts(east)>=4 && hearts(east)<=5 && hcp(south)>=6 && hcp(south)<=10 && diamonds(south)>=3 && hcp(west)>=5 && hcp(west)<=12 && clubs(west)>=2 && clubs(west)<=4",
    ),
    (
        "a balanced seat beside three suited seats: N balanced 12-14, E 8-11 4-5♥, S 6-10 3+♦, W 5-12 2-4♣",
        "north: balanced, hcp 12-14\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
        "shape(north, any 4333 + any 4432 + any 5332) && hcp(north)>=12 && hcp(north)<=14 && hcp(east)>=8 && hcp(east)<=11 && hearts(east)>=4 && hearts(east)<=5 && hcp(south)>=6 && hcp(south)<=10 && diamonds(south)>=3 && hcp(west)>=5 && hcp(west)<=12 && clubs(west)>=2 && clubs(west)<=4",
    ),
    (
        "four balanced seats (halves): N 12-14, E 8-11, S 6-10, W 5-12",
        "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12",
        "shape(north, any 4333 + any 4432 + any 5332) && shape(east, any 4333 + any 4432 + any 5332) && shape(south, any 4333 + any 4432 + any 5332) && shape(west, any 4333 + any 4432 + any 5332) && hcp(north)>=12 && hcp(north)<=14 && hcp(east)>=8 && hcp(east)<=11 && hcp(south)>=6 && hcp(south)<=10 && hcp(west)>=5 && hcp(west)<=12",
    ),
    (
        "patterns and NS's sum (halves): N 4432/5422 15+, E 5431, S 4333/5332, W 6322 3+, NS 31+",
        "north: shape any 4432 + any 5422, hcp 15+\neast: shape any 5431\nsouth: shape any 4333 + any 5332\nwest: shape any 6322, hcp 3+\nns: hcp 31+",
        "shape(north, any 4432 + any 5422) && hcp(north)>=15 && shape(east, any 5431) && shape(south, any 4333 + any 5332) && shape(west, any 6322) && hcp(west)>=3 && hcp(north)+hcp(south)>=31",
    ),
    (
        "two suits named on each seat (halves): N 2-5S 2-5H 11-15, E 2-5S 2-5D 6-10, S 2-5H 2-5C 8-12, W 2-5D 2-5C 5-9",
        "north: spades 2-5, hearts 2-5, hcp 11-15\neast: spades 2-5, diamonds 2-5, hcp 6-10\nsouth: hearts 2-5, clubs 2-5, hcp 8-12\nwest: diamonds 2-5, clubs 2-5, hcp 5-9",
        "spades(north)>=2 && spades(north)<=5 && hearts(north)>=2 && hearts(north)<=5 && hcp(north)>=11 && hcp(north)<=15 && spades(east)>=2 && spades(east)<=5 && diamonds(east)>=2 && diamonds(east)<=5 && hcp(east)>=6 && hcp(east)<=10 && hearts(south)>=2 && hearts(south)<=5 && clubs(south)>=2 && clubs(south)<=5 && hcp(south)>=8 && hcp(south)<=12 && diamonds(west)>=2 && diamonds(west)<=5 && clubs(west)>=2 && clubs(west)<=5 && hcp(west)>=5 && hcp(west)<=9",
    ),
    (
        "seven totals: N 15-17 3+ controls, E 8-11 2-4 controls, S 6-10 4+S, W 5-12 2-4C, NS 22+",
        "north: hcp 15-17, controls 3+\neast: hcp 8-11, controls 2-4\nsouth: hcp 6-10, spades 4+\nwest: hcp 5-12, clubs 2-4\nns: hcp 22+",
        "hcp(north)>=15 && hcp(north)<=17 && control(north)>=3 && hcp(east)>=8 && hcp(east)<=11 && control(east)>=2 && control(east)<=4 && hcp(south)>=6 && hcp(south)<=10 && spades(south)>=4 && hcp(west)>=5 && hcp(west)<=12 && clubs(west)>=2 && clubs(west)<=4 && hcp(north)+hcp(south)>=22",
    ),
    (
        "a fit on each side: NS 8+S, EW 8+H, N 12+, E 10+",
        "ns: fit 8+ spades\new: fit 8+ hearts\nnorth: hcp 12+\neast: hcp 10+",
        "spades(north)+spades(south)>=8 && hearts(east)+hearts(west)>=8 && hcp(north)>=12 && hcp(east)>=10",
    ),
    (
        "a fit beside an overcall: NS 8+S 22+, E 5+H 8+, W 0-10",
        "ns: fit 8+ spades, hcp 22+\neast: hearts 5+, hcp 8+\nwest: hcp 0-10",
        "spades(north)+spades(south)>=8 && hcp(north)+hcp(south)>=22 && hearts(east)>=5 && hcp(east)>=8 && hcp(west)<=10",
    ),
    (
        "an overcall in the fit suit: NS 8+S 22+, E 5+S 8+, W 0-10",
        "ns: fit 8+ spades, hcp 22+\neast: spades 5+, hcp 8+\nwest: hcp 0-10",
        "spades(north)+spades(south)>=8 && hcp(north)+hcp(south)>=22 && spades(east)>=5 && hcp(east)>=8 && hcp(west)<=10",
    ),
    (
        "a major fit beside an overcall: NS 8+ majors, E 5+H 8+, W 0-10",
        "ns: fit 8+ majors\neast: hearts 5+, hcp 8+\nwest: hcp 0-10",
        "(spades(north)+spades(south)>=8 || hearts(north)+hearts(south)>=8) && hearts(east)>=5 && hcp(east)>=8 && hcp(west)<=10",
    ),
    (
        "their minor fit beside a strong hand: E 20-25, W 10-15 4432/5332, NS 8+ minors",
        "east: hcp 20-25\nwest: hcp 10-15, shape any 4432 + any 5332\nns: fit 8+ minors",
        "hcp(east)>=20 && hcp(east)<=25 && hcp(west)>=10 && hcp(west)<=15 && shape(west, any 4432 + any 5332) && (clubs(north)+clubs(south)>=8 || diamonds(north)+diamonds(south)>=8)",
    ),
    (
        "1NT, a responder with hearts, their spade fit: N bal 15-17, S 8+ 4+H, EW 8+S",
        "north: balanced, hcp 15-17\nsouth: hcp 8+, hearts 4+\new: fit 8+ spades",
        "shape(north, any 4333 + any 4432 + any 5332) && hcp(north)>=15 && hcp(north)<=17 && hcp(south)>=8 && hearts(south)>=4 && spades(east)+spades(west)>=8",
    ),
];

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args
        .next()
        .map_or(10_000, |s| s.parse().expect("a number of deals"));
    let dealer_path = args.next().unwrap_or_else(|| "/usr/games/dealer".into());
    // Only the cases whose name contains this (all by default).
    let only = args.next().unwrap_or_default();
    println!("| case | exact count (deals) | count | count + {n} deals | dealer: {n} deals (shuffles) | ratio |");
    println!("|---|---|---|---|---|---|");
    for (name, text, cond) in CASES.into_iter().filter(|c| c.0.contains(only.as_str())) {
        let set = parse(text)
            .expect("parses")
            .constraints(None)
            .expect("compiles");
        let t = Instant::now();
        let mut d = Dealer::new(&set, Options::default()).expect("builds");
        let count = d.count();
        let prep = t.elapsed().as_secs_f64();
        assert!(count.is_exact(), "{name}: {count:?}");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..n {
            d.sample(&mut rng).expect("a deal");
        }
        let ours = t.elapsed().as_secs_f64();
        let script = std::env::temp_dir().join(format!("vs_dealer_{}.dl", std::process::id()));
        std::fs::write(
            &script,
            format!("condition {cond}\nproduce {n}\naction printoneline\n"),
        )
        .expect("writes the script");
        let t = Instant::now();
        let out = Command::new(&dealer_path)
            .args(["-s", "1"])
            .arg(&script)
            .output()
            .expect("runs dealer");
        let theirs = t.elapsed().as_secs_f64();
        let _ = std::fs::remove_file(&script);
        let text = String::from_utf8_lossy(&out.stdout);
        let generated = text
            .lines()
            .find_map(|l| l.strip_prefix("Generated "))
            .and_then(|l| l.split_whitespace().next())
            .unwrap_or("?");
        let produced: usize = text
            .lines()
            .find_map(|l| l.strip_prefix("Produced "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|p| p.parse().ok())
            .unwrap_or(0);
        // Dealer stops at 10 M shuffles: its time for `n` deals is then extrapolated from
        // the deals it produced (said in the row).
        let (theirs, note) = if produced < n && produced > 0 {
            (
                theirs * n as f64 / produced as f64,
                format!(", only {produced} produced: time scaled to {n}"),
            )
        } else {
            (theirs, String::new())
        };
        println!(
            "| {name} | {} | {:.3} s | {ours:.2} s | {theirs:.2} s ({generated}{note}) | {:.1}× |",
            count.deals,
            prep,
            theirs / ours
        );
    }
}
