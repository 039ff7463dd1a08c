//! `fairdeal prob` end to end: for questions of the page's lessons (every step of every
//! lesson, through the lesson step and through the step's own query string), the CLI's rows
//! equal `Question::answer`'s — the engine the Probability page calls — in JSON, CSV and the
//! table; flags build the same question as the query string; bad input is one line naming the
//! field (exit 1).

mod common;

use common::{fairdeal, stdout_of};
use fairdeal_prob::question::{Question, LESSONS};
use fairdeal_prob::Chart;

fn engine(query: &str) -> Chart {
    Question::from_query(query).unwrap().answer().unwrap().chart
}

#[test]
fn every_lesson_step_prints_the_engines_chart() {
    for lesson in LESSONS {
        for (step, query) in lesson.steps.iter().enumerate() {
            let expected = engine(query);
            let json = stdout_of(&["prob", query, "--format", "json"]);
            let got: Chart = serde_json::from_str(&json).unwrap();
            assert_eq!(got, expected, "{query}");
            let by_step = stdout_of(&[
                "prob",
                "--lesson",
                lesson.key,
                "--step",
                &step.to_string(),
                "--format",
                "json",
            ]);
            assert_eq!(by_step, json, "{} step {step}", lesson.key);
            let url = format!("?lesson={}&step={step}", lesson.key);
            assert_eq!(stdout_of(&["prob", &url, "--format", "json"]), json);
        }
    }
}

#[test]
fn csv_and_table_rows_are_label_fraction_percent() {
    for query in [
        "q=splits&n=5",
        "q=finesse&cards=Qxxx&honours=Q",
        "q=restricted&cards=QJxx&honours=QJ&player=E&played=Q",
        "q=vacant&w=7&e=11",
        "q=partner&hcp=12",
    ] {
        let chart = engine(query);
        let csv = stdout_of(&["prob", query, "--format", "csv"]);
        let mut lines = csv.lines();
        assert_eq!(lines.next(), Some("label,count,total,fraction,percent"));
        for (line, r) in lines.zip(&chart.rows) {
            assert_eq!(
                line,
                format!(
                    "{},{},{},{}/{},{}",
                    r.label,
                    r.count,
                    chart.total,
                    r.probability.numerator,
                    r.probability.denominator,
                    r.percent
                )
            );
        }
        assert_eq!(csv.lines().count(), chart.rows.len() + 1);
        let table = stdout_of(&["prob", query]);
        let lines: Vec<&str> = table.lines().collect();
        assert_eq!(lines[0], chart.title);
        assert_eq!(lines[1], chart.formula);
        for (line, r) in lines[2..].iter().zip(&chart.rows) {
            let cells: Vec<&str> = line.split("  ").filter(|c| !c.is_empty()).collect();
            let cells: Vec<&str> = cells.iter().map(|c| c.trim()).collect();
            let fraction = r.probability.to_string();
            let percent = format!("{} %", r.percent);
            assert_eq!(
                cells,
                [r.label.as_str(), fraction.as_str(), percent.as_str()],
                "{query}"
            );
        }
        assert_eq!(
            lines.last().copied(),
            Some(format!("total: {} {}", chart.total, chart.unit).as_str())
        );
    }
    // Eight ever, nine never: the numbers the lesson teaches.
    let nine = stdout_of(&["prob", "q=finesse&cards=Qxxx&honours=Q"]);
    assert!(
        nine.contains("333/575") && nine.contains("57.91 %"),
        "{nine}"
    );
}

#[test]
fn flags_build_the_same_question_as_the_query() {
    let by_query = stdout_of(&["prob", "q=honour&cards=Qxxx&honours=Q&w=7&e=11"]);
    let by_flags = stdout_of(&[
        "prob",
        "--kind",
        "honour",
        "--cards",
        "Qxxx",
        "--honours",
        "Q",
        "--west",
        "7",
        "--east",
        "11",
    ]);
    assert_eq!(by_flags, by_query);
    // A flag overrides the query's field; a query without q= takes --kind.
    let n4 = stdout_of(&["prob", "q=splits&n=5", "--missing", "4"]);
    assert_eq!(n4, stdout_of(&["prob", "q=splits&n=4"]));
    assert_eq!(stdout_of(&["prob", "n=4", "--kind", "splits"]), n4);
    let list = stdout_of(&["prob", "--list"]);
    assert!(list.contains("finesse") && list.contains("eight-ever-nine-never"));
}

#[test]
fn bad_questions_are_one_line_naming_the_field() {
    for (args, needle) in [
        (
            vec!["prob", "q=splits&n=14"],
            "(n=): “14”: expected a whole number from 1 to 13",
        ),
        (
            vec!["prob", "q=honour&cards=Q4Z2"],
            "(cards=): “Z” in “Q4Z2”",
        ),
        (vec!["prob", "q=fit&hand=AKQ.234"], "(hand=)"),
        (
            vec!["prob", "q=nonsense"],
            "q=nonsense: expected q= one of splits",
        ),
        (
            vec!["prob", "--kind", "nope"],
            "--kind nope: expected one of splits",
        ),
        (
            vec!["prob", "--lesson", "hcp", "--step", "9"],
            "--step 9: expected 0 to 4",
        ),
        (
            vec!["prob", "--lesson", "nope"],
            "--lesson nope: expected one of",
        ),
        (vec!["prob"], "expected a question"),
    ] {
        let out = fairdeal().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("fairdeal: error: "), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

/// The CLI's rows for the "eight ever, nine never" lesson equal the vector
/// `crates/prob/tests/data/cli-lesson-eight-ever-nine-never.csv`, which the wasm test
/// `page_shows_the_clis_percentages_for_a_lesson` (crates/app/tests/probability.rs) checks
/// the mounted Probability page against: the page and the CLI show the same numbers.
#[test]
fn the_lesson_vector_the_page_is_checked_against_is_the_clis_output() {
    let vector = include_str!("../../prob/tests/data/cli-lesson-eight-ever-nine-never.csv");
    let lesson = LESSONS
        .iter()
        .find(|l| l.key == "eight-ever-nine-never")
        .unwrap();
    let mut got = String::from("step,label,fraction,percent\n");
    for step in 0..lesson.steps.len() {
        let step = step.to_string();
        let csv = stdout_of(&[
            "prob", "--lesson", lesson.key, "--step", &step, "--format", "csv",
        ]);
        for line in csv.lines().skip(1) {
            let f: Vec<&str> = line.split(',').collect();
            got.push_str(&format!("{step},{},{},{}\n", f[0], f[3], f[4]));
        }
    }
    assert_eq!(got, vector);
}
