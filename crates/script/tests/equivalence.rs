//! Equivalence with Debian's `dealer` (/usr/games/dealer, installed by scripts/setup):
//! every example script is run by both programs with fixed seeds, and the produced deals
//! must be statistically indistinguishable — two-sample chi-square on each seat's HCP,
//! suit lengths and pattern class, the rate of kept deals (produced / generated), and the
//! `average` / `frequency` results. These tests fail (never skip) when dealer is missing.

use fairdeal_constrain::stats::chi::gamma_q;
use fairdeal_script::{compile, EXAMPLES};
use std::collections::BTreeMap;
use std::process::Command;

const DEALER: &str = "/usr/games/dealer";

/// Two-sample chi-square homogeneity test; adjacent sparse cells are merged until each
/// merged cell holds at least 20 observations. Returns (statistic, df, p).
fn two_sample(a: &[u64], b: &[u64]) -> (f64, usize, f64) {
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
struct Run {
    deals: Vec<[[String; 4]; 4]>,
    summary: Vec<String>,
    generated: u64,
    produced: u64,
}

fn parse_output(text: &str) -> Run {
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

/// The example with its actions replaced by `printoneline` (or, for a statistics-only
/// script, `printoneline` added to them).
fn with_oneline(src: &str) -> String {
    let i = src
        .find("\naction")
        .expect("every example has an action statement");
    let actions = &src[i..];
    if actions.contains("print") {
        format!("{}\naction printoneline\n", &src[..i])
    } else {
        format!("{}, printoneline\n", actions_trimmed(src, i))
    }
}

fn actions_trimmed(src: &str, _i: usize) -> &str {
    src.trim_end()
}

fn run_dealer(src: &str, produce: u64, seed: u32) -> Run {
    assert!(
        std::path::Path::new(DEALER).exists(),
        "{DEALER} is missing: install Debian's dealer (scripts/setup does: apt-get install dealer)"
    );
    let path = std::env::temp_dir().join(format!(
        "fairdeal-equiv-{}-{seed}-{produce}.dl",
        std::process::id()
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

fn run_ours(src: &str, produce: u64, seed: u32) -> (Run, fairdeal_script::Report) {
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

const HCP: [u32; 13] = [4, 3, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

fn hcp(h: &[String; 4]) -> usize {
    h.iter()
        .flat_map(|s| s.chars())
        .map(|c| HCP["AKQJT98765432".find(c).unwrap()] as usize)
        .sum()
}

/// The histograms compared: per seat HCP, each suit's length, and the pattern class.
fn histograms(run: &Run) -> BTreeMap<String, Vec<u64>> {
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
fn parse_summary(lines: &[String]) -> (Vec<f64>, Vec<Vec<u64>>) {
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
fn close_1d(t: Option<&mut Vec<u64>>) {
    let Some(t) = t else { return };
    if let Some(pos) = t.iter().position(|&v| v > u64::MAX / 2) {
        let v = u64::MAX - t.remove(pos);
        t.push(v);
    } else {
        t.push(0);
    }
}

fn check_example(index: usize, produce: u64) {
    let ex = &EXAMPLES[index];
    let src = with_oneline(ex.source);
    let seed = 1000 + index as u32;
    let dealer = std::thread::scope(|s| {
        let h = s.spawn(|| run_dealer(&src, produce, seed));
        let ours = run_ours(&src, produce, seed);
        (h.join().unwrap(), ours)
    });
    let (theirs, (ours, report)) = dealer;
    assert_eq!(
        theirs.produced, produce,
        "{}: dealer produced too few",
        ex.title
    );
    assert_eq!(
        ours.produced, produce,
        "{}: fairdeal produced too few",
        ex.title
    );
    assert_eq!(ours.deals.len() as u64, produce);
    let mut failures = Vec::new();
    let ha = histograms(&theirs);
    let hb = histograms(&ours);
    let mut tested = 0;
    for (k, a) in &ha {
        let (stat, df, p) = two_sample(a, &hb[k]);
        tested += 1;
        if p < 1e-4 {
            failures.push(format!("{k}: chi2 {stat:.1} df {df} p {p:.2e}"));
        }
    }
    // Rate of kept deals: produced / generated agree (log-ratio z test).
    let p_hat = produce as f64 / theirs.generated as f64;
    let z = (theirs.generated as f64 / ours.generated as f64).ln()
        / (2.0 * (1.0 - p_hat) / produce as f64).sqrt();
    if z.abs() > 4.5 {
        failures.push(format!(
            "generated: dealer {} vs fairdeal {} (z {z:.1})",
            theirs.generated, ours.generated
        ));
    }
    // averages and frequencies.
    let (da, df) = parse_summary(&theirs.summary);
    let (oa, of) = parse_summary(&ours.summary);
    assert_eq!(
        da.len(),
        report.averages.len(),
        "{}: average count",
        ex.title
    );
    assert_eq!(oa.len(), da.len());
    for (d, o) in da.iter().zip(&report.averages) {
        let half = (o.ci95.1 - o.ci95.0) / 2.0;
        // Both means carry about the same standard error: compare with √2 of it.
        let tol = 4.5 / 1.96 * half * std::f64::consts::SQRT_2 + 1e-9;
        if (d - o.mean).abs() > tol {
            failures.push(format!(
                "average {}: dealer {d} vs fairdeal {} (tolerance {tol:.3})",
                o.label, o.mean
            ));
        }
    }
    assert_eq!(df.len(), of.len(), "{}: frequency count", ex.title);
    for (i, (a, b)) in df.iter().zip(&of).enumerate() {
        assert_eq!(a.len(), b.len(), "frequency {i} layout");
        let (stat, dof, p) = two_sample(a, b);
        if p < 1e-4 {
            failures.push(format!("frequency {i}: chi2 {stat:.1} df {dof} p {p:.2e}"));
        }
    }
    assert!(tested >= 24);
    assert!(
        failures.is_empty(),
        "{} differs from dealer:\n{}",
        ex.title,
        failures.join("\n")
    );
}

macro_rules! equivalence {
    ($($name:ident: $idx:expr, $n:expr;)*) => {$(
        #[test]
        fn $name() {
            assert!(EXAMPLES[$idx].source.contains("\naction"));
            check_example($idx, $n);
        }
    )*};
}

equivalence! {
    one_notrump: 0, 50_000;
    weak_two: 1, 50_000;
    stayman: 2, 50_000;
    overcall_with_predeal: 3, 5_000;
    michaels_pbn: 4, 5_000;
    preempt: 5, 50_000;
    slam_statistics: 6, 50_000;
    strong_two_clubs: 7, 50_000;
    evaluation_statistics: 8, 50_000;
    custom_pointcount: 9, 50_000;
    lead_with_predeal: 10, 50_000;
    scoring_and_rnd: 11, 50_000;
    rare_balanced_27: 12, 100;
    rare_two_hands: 13, 1_000;
    or_across_seats: 14, 20_000;
}

#[test]
fn chi_square_helper_detects_differences() {
    assert!(gamma_q(1.0, 1.0) - (-1f64).exp() < 1e-12);
    let a = vec![1000u64, 2000, 3000, 4000];
    let b = vec![1000u64, 2000, 3000, 4000];
    assert!(two_sample(&a, &b).2 > 0.99);
    let c = vec![1200u64, 2000, 3000, 3800];
    assert!(two_sample(&a, &c).2 < 1e-4);
}

/// Extensions dealer cannot run are compared with the dealer script that says the same by a
/// condition: Dellacherie shapes (DealerV2) against the plain shape lists they expand to
/// (dpp's README), and suokko's predeal by suit length against `spades(north) == 5` tested
/// by rejection.
fn check_against_dealer(ours_src: &str, dealer_src: &str, produce: u64, seed: u32) -> (Run, Run) {
    let (theirs, (ours, _)) = std::thread::scope(|s| {
        let h = s.spawn(|| run_dealer(dealer_src, produce, seed));
        (h.join().unwrap(), run_ours(ours_src, produce, seed))
    });
    assert_eq!((theirs.produced, ours.produced), (produce, produce));
    let ha = histograms(&theirs);
    let hb = histograms(&ours);
    let failures: Vec<String> = ha
        .iter()
        .filter_map(|(k, a)| {
            let (stat, df, p) = two_sample(a, &hb[k]);
            (p < 1e-4).then(|| format!("{k}: chi2 {stat:.1} df {df} p {p:.2e}"))
        })
        .collect();
    assert!(failures.is_empty(), "{ours_src}:\n{}", failures.join("\n"));
    (theirs, ours)
}

#[test]
fn dellacherie_shapes_match_their_dealer_expansion() {
    // "Michaels, spades and a minor" and "a balanced hand with a 4-card major" (dpp's README).
    check_against_dealer(
        "condition shape{north, 5+s5+m(xx)} && hcp(north) >= 8\naction printoneline\n",
        "condition shape(north, 5xx5 + 5x5x + 6xx5 + 6x5x + 5xx6 + 5x6x + 7xx5 + 7x5x + 5xx7 + 5x7x + 6xx6 + 6x6x + 8xx5 + 8x5x + 5xx8 + 5x8x + 7xx6 + 7x6x + 6xx7 + 6x7x) && hcp(north) >= 8\naction printoneline\n",
        20_000,
        91,
    );
    check_against_dealer(
        "condition shape{south, 4M(3+3+2+)} && hcp(south) >= 15\naction printoneline\n",
        "condition shape(south, 2443 + 2434 + 3424 + 3442 + 3433 + 4243 + 4423 + 4234 + 4432 + 4324 + 4342 + 4333) && hcp(south) >= 15\naction printoneline\n",
        20_000,
        92,
    );
}

#[test]
fn predeal_by_suit_length_matches_dealer_rejection() {
    let ours_src = "predeal spades(north) == 5\npredeal hearts(south) == 4\ncondition hcp(north) >= 12\naction printoneline\n";
    let dealer_src = "condition spades(north) == 5 && hearts(south) == 4 && hcp(north) >= 12\naction printoneline\n";
    let produce = 50_000;
    let (theirs, ours) = check_against_dealer(ours_src, dealer_src, produce, 93);
    for d in &ours.deals {
        assert_eq!((d[0][0].len(), d[2][1].len()), (5, 4));
    }
    // `generated` counts only deals with the predealt lengths (dealer's counts every
    // shuffle): ours ≈ dealer's × P(lengths), with P(lengths) counted exactly.
    let script = fairdeal_script::parser::parse(ours_src).unwrap();
    let base = fairdeal_constrain::Dealer::new(
        &fairdeal_script::accel::base_set(&script),
        fairdeal_constrain::Options::default(),
    )
    .unwrap();
    let p_lengths = base.count().deals as f64 / fairdeal_constrain::ALL_DEALS as f64;
    let expected = theirs.generated as f64 * p_lengths;
    let p_hat = produce as f64 / ours.generated as f64;
    let z = (expected / ours.generated as f64).ln() / (2.0 * (1.0 - p_hat) / produce as f64).sqrt();
    assert!(
        z.abs() < 4.5,
        "generated: ours {} vs dealer {} × P(lengths) {p_lengths:.5} = {expected:.0} (z {z:.1})",
        ours.generated,
        theirs.generated
    );
}

#[test]
fn or_across_seats_sampled_as_a_union_matches_dealer() {
    let scripts = [
        "condition hcp(north) >= 20 or hcp(south) >= 20\naction printoneline\n",
        "condition (hcp(north) >= 20 && shape(north, any 4333 + any 4432 + any 5332)) or (hcp(east) >= 20 && shape(east, any 4333 + any 4432 + any 5332)) or shape(west, any 7xxx) && hcp(west) <= 9\naction printoneline\n",
    ];
    let produce = 20_000;
    for (i, src) in scripts.iter().enumerate() {
        let acc = compile(src).unwrap().acceleration();
        assert!(acc.contains("union of"), "{src}: {acc}");
        let (theirs, ours) = check_against_dealer(src, src, produce, 94 + i as u32);
        // `generated` follows dealer's law: compare the kept rates (log-ratio z test).
        let p_hat = produce as f64 / theirs.generated as f64;
        let z = (theirs.generated as f64 / ours.generated as f64).ln()
            / (2.0 * (1.0 - p_hat) / produce as f64).sqrt();
        assert!(
            z.abs() < 4.5,
            "{src}: generated dealer {} vs fairdeal {} (z {z:.1})",
            theirs.generated,
            ours.generated
        );
    }
}
