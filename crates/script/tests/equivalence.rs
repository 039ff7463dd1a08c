//! Equivalence with Debian's `dealer` (/usr/games/dealer, installed by scripts/setup):
//! every example script is run by both programs with fixed seeds, and the produced deals
//! must be statistically indistinguishable — two-sample chi-square on each seat's HCP,
//! suit lengths and pattern class, the rate of kept deals (produced / generated), and the
//! `average` / `frequency` results. These tests fail (never skip) when dealer is missing.

mod support;

use fairdeal_constrain::stats::chi::gamma_q;
use fairdeal_script::{compile, EXAMPLES};
use support::{
    compare, histograms, run_both, run_dealer, run_ours, two_sample, Comparison, Run, Thresholds,
};

/// The examples are few: a per-test p below 1e-4 (and 4.5 standard errors) is strict enough.
const STRICT: Thresholds = Thresholds { p: 1e-4, z: 4.5 };

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

fn check_example(index: usize, produce: u64) {
    let ex = &EXAMPLES[index];
    let src = with_oneline(ex.source);
    let seed = 1000 + index as u32;
    let (theirs, (ours, report)) = run_both(&src, &src, produce, seed);
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
    let Comparison { failures, tested } =
        compare(ex.title, &theirs, &ours, &report, produce, STRICT);
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
