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

// ---- fairdeal prob --simulate ----------------------------------------------------------

use fairdeal_prob::outcome_text::OutcomeText;
use fairdeal_prob::simulate::{exact_condition, no_solver, Simulation};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// A seeded run counts exactly what the page's simulation worker counts on the same stream
/// (ChaCha20 keyed by the seed, the engine's set options, the same outcome parse), and a
/// countable condition prints its exact value next to the estimate.
#[test]
fn simulate_counts_what_the_engine_counts_on_the_same_stream() {
    let spec = "south: is AKJ4.QT3.K82.964\n";
    let f = common::temp_file(spec, ".txt");
    let path = f.path().to_str().unwrap();
    let run = |samples: &str, seed: &str| {
        stdout_of(&[
            "prob",
            "--simulate",
            path,
            "--outcome",
            "condition",
            "--condition",
            "north: hcp 12+",
            "--samples",
            samples,
            "--seed",
            seed,
        ])
    };
    let outcome = OutcomeText {
        kind: "condition",
        condition: "north: hcp 12+",
        seat: "",
        suit: "",
        strain: "",
        number: "",
    }
    .outcome()
    .unwrap();
    let options = fairdeal_constrain::SET_OPTIONS;
    let exact = exact_condition(spec, "north: hcp 12+", options).unwrap();
    // "--seed 5" and "--seed 6": hex digits fill the seed from the left.
    for (hex, first_byte) in [("5", 0x50u8), ("6", 0x60)] {
        let out = run("3,000", hex);
        let mut sim = Simulation::new(spec, &outcome, options).unwrap();
        let mut seed = [0u8; 32];
        seed[0] = first_byte;
        sim.step(&mut ChaCha20Rng::from_seed(seed), 3000, &mut no_solver)
            .unwrap();
        let e = sim.estimator();
        assert!(
            out.starts_with(&format!("deals: 3000\nsuccesses: {}\n", e.successes())),
            "{out}"
        );
        let i = e.interval().unwrap();
        assert!(
            out.contains(&format!("estimate: {:.2} %", 100.0 * i.estimate)),
            "{out}"
        );
        assert!(
            out.contains(&format!("exact: {exact} = {} %", exact.percent(2))),
            "{out}"
        );
        // The same seed replays.
        assert_eq!(run("3000", hex), out);
    }
}

/// Double-dummy outcomes are solved: North–South hold every top card, so 3NT by South
/// always makes (the page's worker test, through the CLI).
#[test]
fn simulate_solves_double_dummy_outcomes() {
    let f = common::temp_file("north: is AKQJ.AKQ.AKQ.AKQ\nsouth: hcp 0+\n", ".txt");
    let out = stdout_of(&[
        "prob",
        "--simulate",
        f.path().to_str().unwrap(),
        "--outcome",
        "tricks",
        "--seat",
        "S",
        "--strain",
        "nt",
        "--number",
        "9",
        "--samples",
        "2",
        "--seed",
        "1",
    ]);
    assert!(out.starts_with("deals: 2\nsuccesses: 2\n"), "{out}");
}

#[test]
fn simulate_refuses_bad_fields_with_their_name() {
    let f = common::temp_file("north: hcp 12+\n", ".txt");
    let p = f.path().to_str().unwrap();
    for (extra, needle) in [
        (
            vec!["--outcome", "losers", "--number", "13"],
            "losers: expected a whole number 0 to 12",
        ),
        (vec!["--seat", "X"], "seat: expected N, E, S or W, got `X`"),
        (
            vec!["--outcome", "tricks", "--strain", "N"],
            "strain: expected C, D, H, S or NT",
        ),
        (
            vec!["--outcome", "sideways"],
            "outcome: expected one of longest, condition",
        ),
        (vec!["--samples", "0"], "samples: expected 1 to 10000000"),
        (
            vec!["--outcome", "condition", "--condition", "north: hcp"],
            "outcome",
        ),
        (vec!["--format", "json"], "--simulate prints a text report"),
    ] {
        let mut args = vec!["prob", "--simulate", p];
        args.extend(extra.iter().copied());
        let out = fairdeal().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("fairdeal: error: ") && err.contains(needle),
            "{args:?}: {err}"
        );
    }
    let bad_spec = common::temp_file("north: hcp 12+ banana\n", ".txt");
    let out = fairdeal()
        .args(["prob", "--simulate", bad_spec.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("deal conditions"));
}
