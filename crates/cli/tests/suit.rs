//! `fairdeal suit` end to end: the text, CSV and JSON are `fairdeal_suit::solve`'s (the
//! engine the `/suit` page's worker calls) for the same problem, from arguments or the page's
//! query string; bad input is one line naming the holding and column (exit 1); `--output`
//! never replaces a file without `--force`.

mod common;

use common::{fairdeal, stdout_of};
use fairdeal_suit::{solve, solve_exhaustive, ProblemText, Solution};

fn engine(query: &str) -> Solution {
    solve(&ProblemText::from_query(query).problem().unwrap()).unwrap()
}

#[test]
fn the_cli_prints_the_engines_solution() {
    let s = engine("n=AQ10x&s=xxx&target=3");
    assert_eq!(
        stdout_of(&["suit", "AQ10x", "xxx", "--target", "3"]),
        s.text()
    );
    assert_eq!(
        stdout_of(&["suit", "--query", "n=AQ10x&s=xxx&target=3"]),
        s.text()
    );
    assert_eq!(
        stdout_of(&["suit", "AQ10x", "xxx", "--target", "3", "--csv"]),
        s.csv()
    );
    let json = stdout_of(&["suit", "AQ10x", "xxx", "--target", "3", "--format", "json"]);
    let back: Solution = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    // The best line in full on request: the engine's report with the tree.
    assert_eq!(
        stdout_of(&["suit", "AQ10x", "xxx", "--target", "3", "--tree"]),
        s.report(true)
    );
    assert_ne!(s.report(true), s.text());
    // The double finesse: 76 %, as published.
    let s = stdout_of(&["suit", "AQ10", "xxx", "--target", "2"]);
    assert!(s.contains("Best line: 76.00% (19/25)"), "{s}");
    // Entries and vacant places reach the engine.
    let e = engine("n=AQ10&s=xxx&target=2&entries=0:0&vacant=10:13");
    assert_eq!(
        stdout_of(&[
            "suit",
            "AQ10",
            "xxx",
            "--target",
            "2",
            "--entries",
            "0:0",
            "--vacant",
            "10:13"
        ]),
        e.text()
    );
}

#[test]
fn a_large_holding_is_solved_above_a_floor_and_in_full_on_request() {
    // 86 / KJ54: over the full search's budget, so the floored report (the best line, the
    // first plays that can match it, the others named); `--full` gives every first play.
    let problem = ProblemText::from_query("n=86&s=KJ54").problem().unwrap();
    let floored = solve(&problem).unwrap();
    assert!(floored.below.is_some());
    let text = stdout_of(&["suit", "86", "KJ54"]);
    assert_eq!(text, floored.text());
    assert!(text.contains("Not searched in full"), "{text}");
    let full = solve_exhaustive(&problem, None).unwrap();
    assert_eq!(stdout_of(&["suit", "86", "KJ54", "--full"]), full.text());
    assert_eq!(full.lines[0], floored.lines[0]);
    assert!(full.lines.len() > floored.lines.len());
}

#[test]
fn bad_input_is_one_line_with_where() {
    let out = fairdeal().args(["suit", "AQZ", "xx"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "fairdeal: error: North holding, column 3: 'Z' is not a card (expected A K Q J 10/T 9-2 or x)\n"
    );
    let out = fairdeal()
        .args(["suit", "AQ", "xx", "--entries", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("entries '1'"));
}

#[test]
fn output_needs_force_to_replace() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("aq.csv");
    std::fs::write(&path, "keep").unwrap();
    let p = path.to_str().unwrap();
    let out = fairdeal()
        .args(["suit", "AQ", "xx", "--csv", "-o", p])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep");
    let out = fairdeal()
        .args(["suit", "AQ", "xx", "--csv", "-o", p, "--force"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        engine("n=AQ&s=xx").csv()
    );
}
