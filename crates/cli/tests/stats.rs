//! `fairdeal stats` end to end: exact expectations in the CSV equal the published tables,
//! seeded replay, text and CSV reports with chi-square, and errors with the column.

mod common;

use common::{fairdeal, stdout_of, temp_file};

/// Deals per hand: the other 39 cards dealt 13-13-13.
const DEALS_PER_HAND: u128 = 84_478_098_072_866_400;

#[test]
fn csv_expectations_are_the_published_exact_counts() {
    let f = temp_file("", ".txt");
    let p = f.path().to_str().unwrap();
    let out = stdout_of(&[
        "stats",
        p,
        "-n",
        "2000",
        "--seed",
        "5",
        "--csv",
        "--stat",
        "hcp:W",
        "--stat",
        "pattern:N",
    ]);
    let mut lines = out.lines();
    assert_eq!(
        lines.next().unwrap(),
        "kind,table,x,y,observed,expected,probability,exact_deals,chi_square,df,p_value,z,note"
    );
    let exact = |table: &str, x: &str| -> u128 {
        out.lines()
            .find(|l| l.starts_with(&format!("cell,{table},{x},")))
            .unwrap_or_else(|| panic!("{table} {x} in\n{out}"))
            .split(',')
            .nth(7)
            .unwrap()
            .parse()
            .unwrap()
    };
    // prob-tables: 59,723,754,816 hands with 10 HCP; 4 with 37; 136,852,887,600 4-4-3-2.
    assert_eq!(exact("hcp:W", "10"), 59_723_754_816 * DEALS_PER_HAND);
    assert_eq!(exact("hcp:W", "37"), 4 * DEALS_PER_HAND);
    assert_eq!(
        exact("pattern:N", "4-4-3-2"),
        136_852_887_600 * DEALS_PER_HAND
    );
    let tests: Vec<&str> = out.lines().filter(|l| l.starts_with("test,")).collect();
    assert_eq!(tests.len(), 2, "{out}");
    for t in tests {
        let f: Vec<&str> = t.split(',').collect();
        assert_eq!(f[4], "2000");
        let p: f64 = f[10].parse().unwrap();
        assert!((0.0..=1.0).contains(&p), "{t}");
    }
    assert_eq!(
        out.lines().filter(|l| l.starts_with("average,")).count(),
        20
    );
}

#[test]
fn text_report_is_seeded_and_tests_every_table() {
    let f = temp_file("north: balanced, hcp 15-17\n", ".txt");
    let p = f.path().to_str().unwrap();
    let args = [
        "stats",
        p,
        "-n",
        "3000",
        "--seed",
        "abc",
        "--stat",
        "hcp:N",
        "--stat",
        "pattern:N",
    ];
    let a = stdout_of(&args);
    assert_eq!(a, stdout_of(&args), "same seed, same report");
    assert!(a.starts_with("3000 deals\n"), "{a}");
    assert!(a.contains("\nHCP North (hcp:N)\n"), "{a}");
    assert_eq!(a.matches("chi-square ").count(), 2, "{a}");
    assert!(a.contains("df 2, p = "), "{a}");
    // Only 15, 16 and 17 are possible for North.
    for line in a
        .lines()
        .skip_while(|l| !l.starts_with("HCP North"))
        .skip(2)
        .take(3)
    {
        let v: u32 = line.split_whitespace().next().unwrap().parse().unwrap();
        assert!((15..=17).contains(&v), "{line}");
    }
    assert!(a.contains("HCP North"), "{a}");
    assert!(a.contains("per-seat averages"));
}

/// Every hand is tested, not only the conditioned ones: with North and South counted, East's
/// and West's tables have exact expectations too (read off the cards the counted seats leave);
/// with four balanced seats with points (counted by the two halves of the deck), every seat's;
/// with every seat at 10 HCP (the shapes counted over the honour layouts), every seat's.
#[test]
fn the_default_report_tests_all_four_hands() {
    for spec in [
        "north: hcp 15-17, balanced\nsouth: hcp 8+, spades 4+\n",
        "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12\n",
        // Points on every seat and nothing else: the shapes are counted over the honours.
        "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10\n",
    ] {
        let f = temp_file(spec, ".txt");
        let p = f.path().to_str().unwrap();
        let a = stdout_of(&["stats", p, "-n", "2000", "--seed", "5"]);
        assert!(!a.contains("not available"), "{a}");
        for seat in ["North", "East", "South", "West"] {
            for table in ["pattern", "HCP", "♠ length", "♣ length"] {
                let head = format!("{table} {seat} (");
                let block: Vec<&str> = a
                    .lines()
                    .skip_while(|l| !l.starts_with(&head))
                    .take_while(|l| !l.is_empty())
                    .collect();
                // Exactly 10 HCP is a single cell: nothing to test, but not unavailable.
                let single = table == "HCP" && spec.contains("hcp 10\n");
                let tested = if single {
                    "chi-square: nothing to test (a single possible cell)"
                } else {
                    "chi-square "
                };
                assert!(
                    block.iter().any(|l| l.starts_with(tested)),
                    "{spec}{head}: {block:?}"
                );
            }
        }
    }
}

#[test]
fn bad_tables_name_the_column_and_bad_files_the_line() {
    let f = temp_file("north: hcp 10-12\n", ".txt");
    let p = f.path().to_str().unwrap();
    let out = fairdeal()
        .args(["stats", p, "--stat", "hcp:N,lenght:S"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("column 7: unknown quantity `lenght`"), "{err}");
    let f = temp_file("north: hcp 10-12\nsouth: hpc 4\n", ".txt");
    let out = fairdeal()
        .args([
            "stats",
            f.path().to_str().unwrap(),
            "-n",
            "5",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("2:8: unknown scale or condition `hpc`"),
        "{err}"
    );
}
