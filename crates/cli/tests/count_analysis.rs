//! `fairdeal count` prints the one analysis the Constrain page shows
//! (`fairdeal_constrain::analysis::analyse`, computed there in the worker): the same seats,
//! hands, deals and fraction for plain and levelled files, and the same refusal for
//! impossible ones.

mod common;

use common::{fairdeal, temp_file};
use fairdeal_constrain::analysis::{analyse, Analysis, SetCount};
use fairdeal_constrain::parse;

/// The lines `fairdeal count` prints for one count, up to the rounded percentage.
fn expected_lines(c: &SetCount) -> Vec<String> {
    let seats: Vec<&str> = c.exact_seats.iter().map(|s| s.name()).collect();
    let mut lines = vec![
        format!("exact seats: {}", seats.join(", ")),
        format!("hands: {} (", c.hands),
        format!("deals: {} of 53644737765488792839237440000", c.deals),
        format!("probability: {}/{} = ", c.fraction.0, c.fraction.1),
    ];
    if let Some(d) = &c.dealing {
        lines.push(format!(
            "dealt by rejection (counted exactly, cell by cell): conditions on {}",
            d.conditions.join(", ")
        ));
        lines.push(format!(
            "kept: {} of {} deals the tables draw (",
            d.kept.0, d.kept.1
        ));
        if let Some(why) = &d.why {
            lines.push(format!("why: {why}"));
        }
    }
    if !c.is_exact() {
        lines.push(format!(
            "not counted (applied by rejection when dealing): conditions on {}",
            c.rejected.join(", ")
        ));
        if let Some(why) = &c.why {
            lines.push(format!("why: {why}"));
        }
        if let Some((tried, kept)) = c.acceptance {
            lines.push(format!("acceptance: {kept} of {tried} draws kept"));
        }
    }
    lines
}

fn run_count(text: &str) -> std::process::Output {
    let f = temp_file(text, ".txt");
    fairdeal()
        .args(["count", f.path().to_str().unwrap()])
        .output()
        .unwrap()
}

#[test]
fn the_cli_prints_the_pages_analysis() {
    for text in [
        "north: balanced, hcp 15-17\n",
        "north: hcp 20-21\nsouth: hcp 8+, spades 4+\n",
        "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10\n",
        "ns: hcp 25+, fit 8+ majors\n",
        // Counted on three seats (the four together pass the tables' memory bound: fifteen
        // totals with the suits' leftovers, too many for high cards first), West by
        // rejection: the reason and the pilot's acceptance are printed too.
        "scale aces A1\nnorth: hcp 15-17, controls 3+, aces 1+\neast: hcp 8-11, controls 2-4, aces 0-1\nsouth: hcp 6-10, controls 1-3, aces 1-2, spades 4+\nwest: hcp 5-12, controls 0-4, clubs 2-4\nns: hcp 22+\new: hcp 14+\n",
        // Seventeen totals: more than the tables hold, so fewer seats are counted.
        "scale aces A1\nscale kings K1\nnorth: hcp 12-17, controls 2+, aces 1+, kings 0-2\neast: hcp 6-12, controls 0-5, aces 0-2, kings 0-3\nsouth: hcp 6-12, controls 1+, aces 0-2, kings 1+\nwest: hcp 4-12, controls 0-6, aces 0-2, kings 0-3\nns: hcp 20+\n",
        "north: hcp 10+\ncategory strong weight 2\nnorth: hcp 20+\ncategory weak\nnorth: hcp 10-12\n",
        // Dealt from three seats, East and the fit by rejection, but counted whole in its
        // 45 cells without fits: the exact share kept and the reason are printed. (North's
        // ♣A keeps the halves out; without it they count all four seats.)
        "north: hcp 8-12, has CA\nsouth: hcp 15-21\nwest: hcp 10-12, spades 5+, hearts 0-3\new: fit 9+ minors\n",
    ] {
        let out = run_count(text);
        assert!(out.status.success(), "{text}: {}", String::from_utf8_lossy(&out.stderr));
        let stdout = String::from_utf8(out.stdout).unwrap();
        let parts: Vec<(Option<String>, SetCount)> = match analyse(&parse(text).unwrap()).unwrap() {
            Analysis::Plain(c) => vec![(None, c)],
            Analysis::Levelled(list) => list
                .into_iter()
                .map(|c| (Some(format!("category {} (weight {})\n", c.name, c.weight)), c.count))
                .collect(),
        };
        if text.contains("fit 9+ minors") {
            assert!(
                parts.iter().all(|(_, c)| c.is_exact() && c.dealing.is_some()),
                "{text}: counted whole, dealt in part"
            );
        }
        if parts
            .iter()
            .any(|(_, c)| !c.is_exact() || c.dealing.is_some())
        {
            assert!(
                stdout.contains("\nwhy: counting North, East, South and West together needs "),
                "{text}: an inexact count says why: {stdout}"
            );
        }
        let mut expected = Vec::new();
        for (heading, c) in parts {
            expected.extend(heading.map(|h| h.trim_end().to_string()));
            expected.extend(expected_lines(&c));
        }
        let printed: Vec<&str> = stdout.lines().collect();
        assert_eq!(printed.len(), expected.len(), "{text}: {stdout}");
        for (line, want) in printed.iter().zip(&expected) {
            assert!(line.starts_with(want.as_str()), "{text}: {line:?} should start {want:?}");
        }
    }
}

#[test]
fn impossible_files_are_refused_with_the_pages_reason() {
    for (text, reason) in [
        ("north: hcp 15-17\nsouth: hcp 38\n", "South"),
        (
            "category a\nnorth: hcp 10\ncategory b\nns: hcp 41\n",
            "category `b`: ",
        ),
    ] {
        let out = run_count(text);
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        let expected = analyse(&parse(text).unwrap()).unwrap_err().to_string();
        assert!(err.contains(&expected), "{err} vs {expected}");
        assert!(err.contains(reason), "{err}");
        assert_eq!(err.lines().count(), 1, "one line: {err}");
    }
}
