//! Same-run throughput comparison with Debian's `dealer`.
//!
//! `cargo run --release -p fairdeal-dealing --example vs_dealer -- [deals] [rounds] [dealer]`
//! (Linux: CPU times come from `/proc/thread-self/schedstat` and `sh`'s `times`)
//! (defaults: 10,000,000 deals, 5 rounds, `/usr/games/dealer`).
//!
//! The fair workload (dealer's own speed test, as its manual describes): `dealer` deals `deals` hands and tests one
//! condition per deal that never holds (`hcp(north) > 37`), so it prints nothing and the
//! time is generation plus one hand evaluation. Our two generators do the same in-process:
//! deal, compute North's HCP, count the impossible hits. Each round runs `dealer` (wall
//! clock of the whole process, start-up included — a few ms in 10 s), then the fast dealer,
//! then the Big Deal generator (a tenth of the deals: it is ~10× slower), one after the
//! other on one core; the ratios are taken within a round and the medians over rounds
//! are printed, so a busy machine slows all three alike.

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Deal, Seat};
use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Instant;

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// One measurement: deals per second by wall clock and by CPU time.
#[derive(Clone, Copy)]
struct Rate {
    wall: f64,
    cpu: f64,
}

/// Parses a POSIX `times` field such as `0m0.750000s` into seconds.
fn parse_times_field(f: &str) -> Option<f64> {
    let (m, s) = f.strip_suffix('s')?.split_once('m')?;
    Some(m.parse::<f64>().ok()? * 60.0 + s.parse::<f64>().ok()?)
}

/// CPU time of the calling thread in seconds (Linux `/proc/thread-self/schedstat`).
fn thread_cpu() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(text.split_whitespace().next()?.parse::<f64>().ok()? / 1e9)
}

/// Runs `dealer` on the impossible-condition script under `sh`, whose `times` builtin then
/// reports the child's user and system CPU time.
fn run_dealer(path: &str, deals: u64, seed: u64) -> Result<Rate, String> {
    let script =
        format!("generate {deals}\nproduce 1\ncondition hcp(north) > 37\naction printall\n");
    let start = Instant::now();
    let mut child = Command::new("sh")
        .args(["-c", "\"$0\" -s \"$1\"; times", path, &seed.to_string()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run sh: {e}"))?;
    child
        .stdin
        .take()
        .ok_or("no stdin")?
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let wall = start.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let expected = format!("Generated {deals} hands");
    if !text.contains(&expected) {
        return Err(format!(
            "{path} did not report {expected:?} (apt-get install dealer?):\n{text}{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    // The last line of `times` is the children's "user sys".
    let cpu = text
        .lines()
        .last()
        .and_then(|l| {
            let mut f = l.split_whitespace().map(parse_times_field);
            Some(f.next()?? + f.next()??)
        })
        .ok_or_else(|| format!("no `times` line in:\n{text}"))?;
    Ok(Rate {
        wall: deals as f64 / wall,
        cpu: deals as f64 / cpu,
    })
}

/// Deals `deals` from the generator, testing North's HCP as `dealer` does.
fn run_ours(deals: u64, generator: impl Iterator<Item = Deal>) -> (Rate, u64) {
    let cpu0 = thread_cpu();
    let start = Instant::now();
    let mut dealt = 0u64;
    let mut hits = 0u64;
    for deal in generator.take(deals as usize) {
        dealt += 1;
        if deal.hand(Seat::North).hcp() > 37 {
            hits += 1;
        }
    }
    let wall = start.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu()) {
        (Some(a), Some(b)) if b > a => b - a,
        _ => wall,
    };
    (
        Rate {
            wall: dealt as f64 / wall,
            cpu: dealt as f64 / cpu,
        },
        hits,
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals: u64 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000_000);
    let rounds: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let dealer = args.get(2).map_or("/usr/games/dealer", String::as_str);
    let big_deals = (deals / 10).max(1);

    // rates[generator][clock] per round; generators dealer, fast, bigdeal; clocks cpu, wall.
    let mut rates: [[Vec<f64>; 2]; 3] = Default::default();
    let mut ratios: [[Vec<f64>; 2]; 2] = Default::default();
    println!("deals per round: dealer {deals}, fast {deals}, bigdeal {big_deals}; {rounds} rounds");
    println!("deals/s by CPU time (wall clock in brackets)");
    println!(
        "round {:>24} {:>24} {:>24} {:>16} {:>16}",
        "dealer", "fast", "bigdeal", "fast/dealer", "bigdeal/dealer"
    );
    for round in 0..rounds {
        let d = match run_dealer(dealer, deals, round as u64 + 1) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let mut seed = [0u8; 32];
        seed[0] = round as u8;
        let (f, f_hits) = run_ours(deals, FastDealer::from_seed(seed));
        let big = BigDealGenerator::new([round as u8; 20], "Fair Deal vs dealer");
        let (b, b_hits) = run_ours(big_deals, big);
        // 38+ HCP does not exist; the count only keeps the test from being optimised away.
        assert_eq!(f_hits + b_hits, 0);
        for (g, r) in [d, f, b].iter().enumerate() {
            rates[g][0].push(r.cpu);
            rates[g][1].push(r.wall);
        }
        ratios[0][0].push(f.cpu / d.cpu);
        ratios[0][1].push(f.wall / d.wall);
        ratios[1][0].push(b.cpu / d.cpu);
        ratios[1][1].push(b.wall / d.wall);
        let cell = |r: Rate| format!("{:.0} ({:.0})", r.cpu, r.wall);
        println!(
            "{round:>5} {:>24} {:>24} {:>24} {:>16} {:>16}",
            cell(d),
            cell(f),
            cell(b),
            format!("{:.2} ({:.2})", f.cpu / d.cpu, f.wall / d.wall),
            format!("{:.3} ({:.3})", b.cpu / d.cpu, b.wall / d.wall),
        );
    }
    let med = |v: &mut Vec<f64>| median(v);
    let m: Vec<[f64; 2]> = rates.iter_mut().map(|[c, w]| [med(c), med(w)]).collect();
    let q: Vec<[f64; 2]> = ratios.iter_mut().map(|[c, w]| [med(c), med(w)]).collect();
    println!(
        "median {:>23} {:>24} {:>24} {:>16} {:>16}",
        format!("{:.0} ({:.0})", m[0][0], m[0][1]),
        format!("{:.0} ({:.0})", m[1][0], m[1][1]),
        format!("{:.0} ({:.0})", m[2][0], m[2][1]),
        format!("{:.2} ({:.2})", q[0][0], q[0][1]),
        format!("{:.3} ({:.3})", q[1][0], q[1][1]),
    );
}
