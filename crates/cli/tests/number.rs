//! `fairdeal number` end to end: both directions, both mappings, and one-line errors.

mod common;

use common::{fairdeal, stdout_of};

const BOARD1: &str = "N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7";
const BOARD1_NUMBER: &str = "10072384477273865916944991809";
/// Pavlicek's deal for the same number (his "Mapping Bridge Deals", rpbridge.net 7z68,
/// computed by his published algorithm).
const BOARD1_PAVLICEK: &str =
    "N:A9.T3.AQT75.A972 KJ5.985.KJ832.KJ 7643.Q7642.4.QT5 QT82.AKJ.96.8643";

fn stderr_of_failure(args: &[&str]) -> String {
    let out = fairdeal().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    assert!(out.stdout.is_empty());
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn to_deal_under_both_mappings() {
    assert_eq!(
        stdout_of(&["number", "to-deal", BOARD1_NUMBER]),
        format!("{BOARD1}\n")
    );
    assert_eq!(
        stdout_of(&[
            "number",
            "to-deal",
            "0x208bae609e54b25ce4ebc641",
            "--mapping",
            "bigdeal"
        ]),
        format!("{BOARD1}\n")
    );
    assert_eq!(
        stdout_of(&[
            "number",
            "to-deal",
            "10,072,384,477,273,865,916,944,991,809",
            "-m",
            "pavlicek"
        ]),
        format!("{BOARD1_PAVLICEK}\n")
    );
    assert_eq!(
        stdout_of(&["number", "to-deal", BOARD1_NUMBER, "--first", "w"]),
        "W:43.AJT962.62.KQ7 A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54\n"
    );
}

#[test]
fn of_deal_prints_both_mappings_or_one() {
    let both = stdout_of(&["number", "of-deal", BOARD1]);
    let lines: Vec<&str> = both.lines().collect();
    assert_eq!(lines.len(), 2, "{both}");
    assert_eq!(lines[1], format!("bigdeal: {BOARD1_NUMBER}"));
    assert!(lines[0].starts_with("pavlicek: "));
    let pav = lines[0].trim_start_matches("pavlicek: ");
    assert_ne!(pav, BOARD1_NUMBER);
    // The Pavlicek number leads back to the same deal.
    assert_eq!(
        stdout_of(&["number", "to-deal", pav, "--mapping", "pavlicek"]),
        format!("{BOARD1}\n")
    );
    assert_eq!(
        stdout_of(&[
            "number",
            "of-deal",
            BOARD1_PAVLICEK,
            "--mapping",
            "pavlicek"
        ]),
        format!("{BOARD1_NUMBER}\n")
    );
    // One hand may be left out.
    let partial = "N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 -";
    assert_eq!(
        stdout_of(&["number", "of-deal", partial, "-m", "bigdeal"]),
        format!("{BOARD1_NUMBER}\n")
    );
}

#[test]
fn errors_are_one_line_with_exit_status_1() {
    let e = stderr_of_failure(&["number", "to-deal", "53644737765488792839237440000"]);
    assert_eq!(
        e,
        "fairdeal: error: deal number 53644737765488792839237440000 is out of range: deal \
         numbers run from 0 to 53644737765488792839237439999 (D - 1)\n"
    );
    let e = stderr_of_failure(&["number", "to-deal", "12x4"]);
    assert!(
        e.starts_with("fairdeal: error: unexpected character 'x' at column 3"),
        "{e}"
    );
    assert_eq!(e.lines().count(), 1);
    let bad = "N:AKQJT98765432... K.AKQJT9876543.. - -";
    let e = stderr_of_failure(&["number", "of-deal", bad]);
    assert_eq!(
        e,
        "fairdeal: error: invalid PBN deal (column 20): ♠K is in both North and East\n"
    );
    let e = stderr_of_failure(&["number", "of-deal", "N:- - - -"]);
    assert!(e.contains("4 hands are unknown"), "{e}");
}

#[test]
fn usage_errors_list_the_mappings() {
    let out = fairdeal()
        .args(["number", "to-deal", "1", "--mapping", "kuipers"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let e = String::from_utf8(out.stderr).unwrap();
    assert!(
        e.contains("unknown mapping 'kuipers'; expected one of: pavlicek, bigdeal"),
        "{e}"
    );
}
