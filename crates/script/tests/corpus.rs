//! The practice-script corpus (tests/corpus/*.dlr: scripts written for this project in the
//! style of the BBO practice scripts bridge teachers publish) against Debian's `dealer`:
//! each script runs in both programs with a fixed seed, unchanged but for `printpbn` /
//! `printall` read as `printoneline` (the form both print one deal a line in), and the
//! produced deals must be statistically indistinguishable — per-seat HCP, suit lengths and
//! pattern class, the kept-deal rate, every `average` and `frequency`.
//!
//! About 1,500 tests run over the corpus, so each uses a Bonferroni-style threshold
//! (p < 1e-6, 5 standard errors): a false alarm somewhere in the whole run has a chance
//! of about 1 in 700. `produce` per script follows its acceptance rate so that dealer
//! deals about 1.5 million hands (about a second) per script. These tests fail (never
//! skip) when dealer is missing.

mod support;

use fairdeal_script::{compile, render_diagnostics};
use support::{compare, run_both, Comparison, Thresholds};

/// The per-test threshold for ~1,500 tests over the corpus.
const CORPUS: Thresholds = Thresholds { p: 1e-6, z: 5.0 };

/// A script as both programs run it: the printing actions that do not print one deal a
/// line become `printoneline`, nothing else changes.
fn oneline(src: &str) -> String {
    src.replace("printpbn", "printoneline")
        .replace("printall", "printoneline")
}

/// Runs `dealer_src` in dealer and `ours_src` in fairdeal and lists their differences.
fn differences(
    name: &str,
    dealer_src: &str,
    ours_src: &str,
    produce: u64,
    seed: u32,
) -> Vec<String> {
    if let Err(d) = compile(ours_src) {
        panic!(
            "{name}: fairdeal does not compile it:\n{}",
            render_diagnostics(ours_src, &d)
        );
    }
    let (theirs, (ours, report)) = run_both(dealer_src, ours_src, produce, seed);
    assert_eq!(theirs.produced, produce, "{name}: dealer produced too few");
    assert_eq!(ours.produced, produce, "{name}: fairdeal produced too few");
    assert_eq!(ours.deals.len() as u64, produce, "{name}: deals printed");
    let Comparison { failures, tested } = compare(name, &theirs, &ours, &report, produce, CORPUS);
    assert_eq!(tested, 24, "{name}: 6 histograms for each of the 4 seats");
    failures
}

fn check(name: &str, src: &str, produce: u64, seed: u32) {
    let src = oneline(src);
    let failures = differences(name, &src, &src, produce, seed);
    assert!(
        failures.is_empty(),
        "{name} differs from dealer:\n{}",
        failures.join("\n")
    );
}

macro_rules! corpus {
    ($($test:ident: $file:literal, $produce:expr;)*) => {
        $(
            #[test]
            fn $test() {
                let seed = 2000 + $file[..2].parse::<u32>().unwrap();
                check($file, include_str!(concat!("corpus/", $file)), $produce, seed);
            }
        )*
        /// Every script of the directory is in the list above, once.
        const FILES: &[&str] = &[$($file),*];
    };
}

// produce ≈ 1.5 million × acceptance rate (Debian dealer, seed 7), at most 20,000.
corpus! {
    s01_notrump_transfers: "01_notrump_transfers.dlr", 5_500;
    s02_jacoby_2nt: "02_jacoby_2nt.dlr", 1_300;
    s03_michaels: "03_michaels.dlr", 630;
    s04_weak_two_hearts: "04_weak_two_hearts.dlr", 4_800;
    s05_minor_opening_basic: "05_minor_opening_basic.dlr", 20_000;
    s06_stayman: "06_stayman.dlr", 13_000;
    s07_preempt_three: "07_preempt_three.dlr", 5_200;
    s08_strong_two_clubs: "08_strong_two_clubs.dlr", 16_300;
    s09_splinter_raise: "09_splinter_raise.dlr", 960;
    s10_keycard_slam: "10_keycard_slam.dlr", 4_700;
    s11_negative_double: "11_negative_double.dlr", 2_200;
    s12_two_over_one: "12_two_over_one.dlr", 1_600;
    s13_lebensohl: "13_lebensohl.dlr", 1_100;
    s14_weak_twos_leveled: "14_weak_twos_leveled.dlr", 6_600;
    s15_opening_lead_predeal: "15_opening_lead_predeal.dlr", 7_900;
    s16_unusual_2nt: "16_unusual_2nt.dlr", 840;
    s17_takeout_double: "17_takeout_double.dlr", 17_700;
    s18_notrump_overcall: "18_notrump_overcall.dlr", 6_500;
    s19_inverted_minors: "19_inverted_minors.dlr", 6_700;
    s20_drury: "20_drury.dlr", 17_400;
    s21_fourth_suit_forcing: "21_fourth_suit_forcing.dlr", 1_300;
    s22_reverse: "22_reverse.dlr", 3_400;
    s23_new_minor_forcing: "23_new_minor_forcing.dlr", 2_400;
    s24_dont_over_notrump: "24_dont_over_notrump.dlr", 16_800;
    s25_balancing: "25_balancing.dlr", 6_000;
    s26_gambling_3nt: "26_gambling_3nt.dlr", 850;
    s27_weak_notrump: "27_weak_notrump.dlr", 20_000;
    s28_major_opening_any: "28_major_opening_any.dlr", 20_000;
    s29_controls_response: "29_controls_response.dlr", 8_900;
    s30_predeal_south_hand: "30_predeal_south_hand.dlr", 20_000;
    s31_texas_transfer: "31_texas_transfer.dlr", 1_900;
    s32_minor_suit_stayman: "32_minor_suit_stayman.dlr", 510;
    s33_notrump_pbn: "33_notrump_pbn.dlr", 20_000;
    s34_two_notrump_opening: "34_two_notrump_opening.dlr", 6_900;
    s35_jump_shift: "35_jump_shift.dlr", 1_300;
    s36_rare_balanced_26: "36_rare_balanced_26.dlr", 190;
    s37_rare_ten_card_suit: "37_rare_ten_card_suit.dlr", 25;
    s38_overcall_twice: "38_overcall_twice.dlr", 20_000;
    s39_rare_two_long_suits: "39_rare_two_long_suits.dlr", 75;
    s40_rare_big_4441: "40_rare_big_4441.dlr", 630;
    // 6, not 2: two deals with the same South HCP give our mean a zero-width interval,
    // and then any difference from dealer's mean failed (it did when the stream changed).
    s41_rare_huge_hand: "41_rare_huge_hand.dlr", 6;
    s42_ltc_raise: "42_ltc_raise.dlr", 20_000;
    s43_distribution_points: "43_distribution_points.dlr", 20_000;
    s44_predeal_card_lead: "44_predeal_card_lead.dlr", 10_200;
    s45_leveling_ranges: "45_leveling_ranges.dlr", 5_500;
    s46_repeated_action_lists: "46_repeated_action_lists.dlr", 4_500;
}

#[test]
fn every_corpus_file_is_tested() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".dlr"))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = FILES.iter().map(|s| s.to_string()).collect();
    listed.sort();
    listed.dedup();
    assert_eq!(listed.len(), FILES.len(), "a script is listed twice");
    assert_eq!(on_disk, listed);
    assert!(on_disk.len() >= 40);
}

/// The comparison is not blind: dealer's 15-17 notrump against a 15-18 one is rejected
/// (the HCP histograms), and so is a leveling block keeping 25% of a hand type against
/// one keeping 35% (the kept-deal rate, as the deals' own statistics barely move).
#[test]
fn a_wrong_variant_is_rejected() {
    let right = "dealer south\nnt = hcp(south) >= 15 and hcp(south) <= 17\nnt and shape(south, any 4333 + any 4432 + any 5332)\naction printoneline,\naverage \"hcp\" hcp(south),\n";
    let wrong = right.replace("<= 17", "<= 18");
    let failures = differences("15-17 vs 15-18", right, &wrong, 5_000, 1);
    assert!(
        failures.iter().any(|f| f.starts_with("south hcp")),
        "{failures:?}"
    );
    assert!(
        failures.iter().any(|f| f.starts_with("average")),
        "{failures:?}"
    );

    let level = "x = hcp(north) >= 10\nlevelTheDeal = x and rnd(100) < 25\nlevelTheDeal\naction printoneline,\n";
    let more = level.replace("< 25", "< 35");
    let failures = differences("rnd 25% vs 35%", level, &more, 5_000, 2);
    assert!(
        failures.iter().any(|f| f.starts_with("generated")),
        "{failures:?}"
    );
    // and the same scripts pass when they are the same.
    assert!(differences("rnd 25%", level, level, 5_000, 3).is_empty());
}

/// A variable is a macro in dealer: each mention of `lev = rnd(100)` draws anew. Script 45
/// run by a program that drew `lev` once per deal keeps 10% of the middle hand type, not
/// 30%: written out for fairdeal, that variant is rejected against dealer's run.
#[test]
fn drawing_rnd_once_per_deal_would_be_rejected() {
    let src = include_str!("corpus/45_leveling_ranges.dlr");
    let ranges = "levelTheDeal = (HandType_Min and lev < 40) or (HandType_Avg and lev >= 40 and lev < 50) or (HandType_Max and lev >= 50)";
    assert!(src.contains(ranges));
    let once = src.replace(
        ranges,
        "levelTheDeal = (HandType_Min and rnd(100) < 40) or (HandType_Avg and rnd(100) < 10) or (HandType_Max and rnd(100) < 50)",
    );
    let failures = differences("45 with one draw", src, &once, 5_500, 2045);
    assert!(
        failures.iter().any(|f| f.starts_with("generated"))
            && failures.iter().any(|f| f.starts_with("frequency")),
        "{failures:?}"
    );
}
