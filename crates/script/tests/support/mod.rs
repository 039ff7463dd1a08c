//! Helpers shared by the tests that compare fairdeal with Debian's `dealer`
//! (/usr/games/dealer, installed by scripts/setup): running both programs with fixed seeds,
//! reading their printed deals and end-of-run lines, and the two-sample tests that decide
//! whether the two outputs are statistically the same (per-seat HCP, suit lengths and
//! pattern class, the kept-deal rate, `average` and `frequency` results).
#![allow(dead_code)] // each test file uses its own subset

use fairdeal_constrain::stats::chi::gamma_q;
use fairdeal_script::compile;
use std::collections::BTreeMap;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

pub const DEALER: &str = "/usr/games/dealer";

/// Two-sample chi-square homogeneity test; adjacent sparse cells are merged until each
/// merged cell holds at least 20 observations. Returns (statistic, df, p).
pub fn two_sample(a: &[u64], b: &[u64]) -> (f64, usize, f64) {
    let mut cells: Vec<(u64, u64)> = Vec::new();
    let mut cur = (0u64, 0u64);
    for (x, y) in a.iter().zip(b) {
        cur.0 += x;
        cur.1 += y;
        if cur.0 + cur.1 >= 20 {
            cells.push(cur);
            cur = (0, 0);
        }
    }
    if cur.0 + cur.1 > 0 {
        match cells.last_mut() {
            Some(l) => {
                l.0 += cur.0;
                l.1 += cur.1;
            }
            None => cells.push(cur),
        }
    }
    let na: u64 = cells.iter().map(|c| c.0).sum();
    let nb: u64 = cells.iter().map(|c| c.1).sum();
    if cells.len() < 2 || na == 0 || nb == 0 {
        return (0.0, 0, 1.0);
    }
    let k1 = (nb as f64 / na as f64).sqrt();
    let k2 = (na as f64 / nb as f64).sqrt();
    let stat: f64 = cells
        .iter()
        .map(|&(x, y)| (x as f64 * k1 - y as f64 * k2).powi(2) / (x + y) as f64)
        .sum();
    let df = cells.len() - 1;
    (stat, df, gamma_q(df as f64 / 2.0, stat / 2.0))
}

/// What one program printed: the deals' hands (S H D C holdings as strings) and the
/// end-of-run lines.
#[derive(Default)]
pub struct Run {
    pub deals: Vec<[[String; 4]; 4]>,
    pub summary: Vec<String>,
    pub generated: u64,
    pub produced: u64,
}

pub fn parse_output(text: &str) -> Run {
    let mut run = Run::default();
    for line in text.lines() {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() >= 8 && f[0] == "n" && f[2] == "e" && f[4] == "s" && f[6] == "w" {
            let hand = |s: &str| -> [String; 4] {
                let mut it = s.split('.').map(str::to_string);
                std::array::from_fn(|_| it.next().unwrap_or_default())
            };
            run.deals
                .push([hand(f[1]), hand(f[3]), hand(f[5]), hand(f[7])]);
        } else if let Some(n) = line.strip_prefix("Generated ") {
            run.generated = n.trim_end_matches(" hands").parse().unwrap();
        } else if let Some(n) = line.strip_prefix("Produced ") {
            run.produced = n.trim_end_matches(" hands").parse().unwrap();
        } else if !line.starts_with("Initial random seed") && !line.starts_with("Time needed") {
            run.summary.push(line.to_string());
        }
    }
    run
}

pub fn run_dealer(src: &str, produce: u64, seed: u32) -> Run {
    assert!(
        std::path::Path::new(DEALER).exists(),
        "{DEALER} is missing: install Debian's dealer (scripts/setup does: apt-get install dealer)"
    );
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "fairdeal-equiv-{}-{seed}-{produce}-{}.dl",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&path, src).unwrap();
    let out = Command::new(DEALER)
        .args([
            "-s",
            &seed.to_string(),
            "-p",
            &produce.to_string(),
            "-g",
            "200000000",
        ])
        .arg(&path)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("run dealer");
    let _ = std::fs::remove_file(&path);
    assert!(
        out.status.success(),
        "dealer failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    parse_output(&String::from_utf8_lossy(&out.stdout))
}

pub fn run_ours(src: &str, produce: u64, seed: u32) -> (Run, fairdeal_script::Report) {
    let mut p = compile(src).unwrap_or_else(|d| panic!("{d:?}"));
    p.set_produce(produce);
    p.set_generate(200_000_000);
    let mut s = [0u8; 32];
    s[..4].copy_from_slice(&seed.to_le_bytes());
    s[31] = 0x5c;
    let mut r = p.runner(s);
    let mut text = String::new();
    while !r.step(1 << 20) {
        text.push_str(&r.take_text());
    }
    text.push_str(&r.take_text());
    text.push_str(&r.summary_text());
    text.push_str(&format!(
        "Generated {} hands\nProduced {} hands\n",
        r.generated(),
        r.produced()
    ));
    (parse_output(&text), r.report())
}

pub const HCP: [u32; 13] = [4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

pub fn hcp(h: &[String; 4]) -> usize {
    h.iter()
        .flat_map(|s| s.chars())
        .map(|c| HCP["AKQJT98765432".find(c).unwrap()] as usize)
        .sum()
}

/// The histograms compared: per seat HCP, each suit's length, and the pattern class.
pub fn histograms(run: &Run) -> BTreeMap<String, Vec<u64>> {
    let mut m: BTreeMap<String, Vec<u64>> = BTreeMap::new();
    let classes: Vec<[usize; 4]> = {
        let mut v = Vec::new();
        for a in (0..=13usize).rev() {
            for b in (0..=a).rev() {
                for c in (0..=b).rev() {
                    if a + b + c <= 13 && 13 - a - b - c <= c {
                        v.push([a, b, c, 13 - a - b - c]);
                    }
                }
            }
        }
        v
    };
    for d in &run.deals {
        for (seat, name) in ["north", "east", "south", "west"].iter().enumerate() {
            let h = &d[seat];
            m.entry(format!("{name} hcp"))
                .or_insert_with(|| vec![0; 38])[hcp(h)] += 1;
            let mut lens = [0usize; 4];
            for (s, suit) in ["spades", "hearts", "diamonds", "clubs"].iter().enumerate() {
                lens[s] = h[s].len();
                m.entry(format!("{name} {suit}"))
                    .or_insert_with(|| vec![0; 14])[lens[s]] += 1;
            }
            lens.sort_unstable_by(|a, b| b.cmp(a));
            let k = classes.iter().position(|c| *c == lens).unwrap();
            m.entry(format!("{name} pattern"))
                .or_insert_with(|| vec![0; classes.len()])[k] += 1;
        }
    }
    m
}

/// Parses dealer's end-of-run lines into averages (label → value) and frequency tables
/// (label → counts in printed order, 2-D without the Sum row and column).
pub fn parse_summary(lines: &[String]) -> (Vec<f64>, Vec<Vec<u64>>) {
    let mut avgs = Vec::new();
    let mut freqs: Vec<Vec<u64>> = Vec::new();
    let mut in_freq = false;
    for l in lines {
        if l.starts_with("Frequency ") {
            close_1d(freqs.last_mut());
            freqs.push(vec![0]);
            in_freq = true;
            continue;
        }
        if in_freq {
            let f: Vec<&str> = l.split_whitespace().collect();
            if f.is_empty() {
                continue;
            }
            if f.last() == Some(&"Sum") {
                continue; // 2-D header
            }
            if f[0] == "Sum" {
                in_freq = false;
                continue;
            }
            if f.len() == 2 {
                // 1-D rows: stored as [Low, values…, High] (dealer omits zero Low/High).
                let v: u64 = f[1].parse().unwrap();
                let t = freqs.last_mut().unwrap();
                match f[0] {
                    "Low" => t[0] = v,
                    "High" => t.push(u64::MAX - v),
                    _ => t.push(v),
                }
                continue;
            }
            if f.len() > 2 && (f[0] == "Low" || f[0] == "High" || f[0].parse::<i64>().is_ok()) {
                let cells: Vec<u64> = f[1..f.len() - 1]
                    .iter()
                    .map(|x| x.parse().unwrap())
                    .collect();
                freqs.last_mut().unwrap().extend(cells);
                continue;
            }
            in_freq = false;
        }
        if let Some((_, v)) = l.rsplit_once(": ") {
            if let Ok(x) = v.parse::<f64>() {
                avgs.push(x);
                continue;
            }
        }
        if let Ok(x) = l.trim().parse::<f64>() {
            avgs.push(x);
        }
    }
    close_1d(freqs.last_mut());
    (avgs, freqs)
}

/// Finishes a 1-D table: the High slot (marked as u64::MAX - v) goes last, 0 if absent.
/// A 2-D table gets the same placeholders on both sides, which the test ignores.
pub fn close_1d(t: Option<&mut Vec<u64>>) {
    let Some(t) = t else { return };
    if let Some(pos) = t.iter().position(|&v| v > u64::MAX / 2) {
        let v = u64::MAX - t.remove(pos);
        t.push(v);
    } else {
        t.push(0);
    }
}

/// How strict a comparison is: a chi-square test fails below `p`, the kept-rate and the
/// averages fail beyond `z` standard errors.
#[derive(Clone, Copy)]
pub struct Thresholds {
    pub p: f64,
    pub z: f64,
}

/// The outcome of one comparison: what differed, and how many histograms were tested.
pub struct Comparison {
    pub failures: Vec<String>,
    pub tested: usize,
}

/// Runs `dealer_src` in dealer and `ours_src` in fairdeal side by side (the same script
/// unless a test wants them to differ), with the same produce count and seed number.
pub fn run_both(
    dealer_src: &str,
    ours_src: &str,
    produce: u64,
    seed: u32,
) -> (Run, (Run, fairdeal_script::Report)) {
    std::thread::scope(|s| {
        let h = s.spawn(|| run_dealer(dealer_src, produce, seed));
        let ours = run_ours(ours_src, produce, seed);
        (h.join().unwrap(), ours)
    })
}

/// Compares two runs of `produce` deals: every per-seat histogram (chi-square), the rate of
/// kept deals (log-ratio z test on `generated`), each `average` (means within `z` of their
/// joint standard error) and each `frequency` table (chi-square). Layout mismatches (a
/// different number of averages or frequencies) are assertion failures naming `title`.
pub fn compare(
    title: &str,
    theirs: &Run,
    ours: &Run,
    report: &fairdeal_script::Report,
    produce: u64,
    t: Thresholds,
) -> Comparison {
    let mut failures = Vec::new();
    let ha = histograms(theirs);
    let hb = histograms(ours);
    let mut tested = 0;
    for (k, a) in &ha {
        let (stat, df, p) = two_sample(a, &hb[k]);
        tested += 1;
        if p < t.p {
            failures.push(format!("{k}: chi2 {stat:.1} df {df} p {p:.2e}"));
        }
    }
    // Rate of kept deals: produced / generated agree (log-ratio z test).
    let p_hat = produce as f64 / theirs.generated as f64;
    let z = (theirs.generated as f64 / ours.generated as f64).ln()
        / (2.0 * (1.0 - p_hat) / produce as f64).sqrt();
    if z.abs() > t.z {
        failures.push(format!(
            "generated: dealer {} vs fairdeal {} (z {z:.1})",
            theirs.generated, ours.generated
        ));
    }
    // averages and frequencies.
    let (da, df) = parse_summary(&theirs.summary);
    let (oa, of) = parse_summary(&ours.summary);
    assert_eq!(da.len(), report.averages.len(), "{title}: average count");
    assert_eq!(oa.len(), da.len());
    for (d, o) in da.iter().zip(&report.averages) {
        let half = (o.ci95.1 - o.ci95.0) / 2.0;
        // Both means carry about the same standard error: compare with √2 of it.
        let tol = t.z / 1.96 * half * std::f64::consts::SQRT_2 + 1e-9;
        if (d - o.mean).abs() > tol {
            failures.push(format!(
                "average {}: dealer {d} vs fairdeal {} (tolerance {tol:.3})",
                o.label, o.mean
            ));
        }
    }
    assert_eq!(df.len(), of.len(), "{title}: frequency count");
    for (i, (a, b)) in df.iter().zip(&of).enumerate() {
        assert_eq!(a.len(), b.len(), "frequency {i} layout");
        let (stat, dof, p) = two_sample(a, b);
        if p < t.p {
            failures.push(format!("frequency {i}: chi2 {stat:.1} df {dof} p {p:.2e}"));
        }
    }
    Comparison { failures, tested }
}
