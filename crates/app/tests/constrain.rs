//! In-browser tests of the Constrain page's plain-Rust parts: form ⇄ text sync (canonical
//! text from the form, form from representable text, "edited as text" otherwise), field and
//! text errors with line:column, the live analysis (exact count, impossible sets, levelled
//! sets), the batch reducer (progress, stale and cancelled batches) and the job runner the
//! worker uses (deterministic in the seed, every board meeting the conditions, categories).

use fairdeal_app::pages::constrain::state::{
    analyse, check_field, group_digits, parse_board_count, unpack_boards, Analysis, Batch,
    BatchAction, ConstrainState, CountView, EditAction, FieldKind, Form,
};
use fairdeal_app::worker::job::{Job, MAX_BOARDS};
use fairdeal_app::worker::protocol::FromWorker;
use fairdeal_constrain::analysis::SetCount;
use fairdeal_constrain::{parse, Dealer, Options, Who};
use fairdeal_model::{Seat, Suit};
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn field(state: &ConstrainState, who: Who, kind: FieldKind) -> usize {
    state.form.index(who, kind).expect("field exists")
}

const NORTH: Who = Who::Seat(Seat::North);
const SOUTH: Who = Who::Seat(Seat::South);

#[wasm_bindgen_test]
fn form_edits_write_canonical_text() {
    let mut s = ConstrainState::new("");
    s.apply(EditAction::Field(
        field(&s, NORTH, FieldKind::Hcp),
        "15-17".into(),
    ));
    s.apply(EditAction::Field(
        field(&s, NORTH, FieldKind::Shape),
        "balanced".into(),
    ));
    s.apply(EditAction::Field(
        field(&s, SOUTH, FieldKind::Suit(Suit::Spades)),
        " AKxx ".into(),
    ));
    assert_eq!(
        s.text,
        "north: hcp 15-17, shape balanced\nsouth: spades AKxx\n"
    );
    assert!(s.form_synced);
    // Valid: the worker counts it (here: the same analysis, applied as its answer).
    assert!(s.counting());
    let (answer, _) = analyse(&s.text);
    s.apply(EditAction::Counted {
        text: s.text.clone(),
        analysis: answer,
    });
    assert!(s.can_deal());
    // The text is the Spec's Display: parsing it gives it back.
    assert_eq!(parse(&s.text).unwrap().to_string(), s.text);
}

#[wasm_bindgen_test]
fn bad_field_shows_at_field_and_in_text() {
    let mut s = ConstrainState::new("");
    let i = field(&s, NORTH, FieldKind::Suit(Suit::Hearts));
    s.apply(EditAction::Field(i, "14".into()));
    assert!(s.form.fields[i].error.is_some());
    match &s.analysis {
        Analysis::Errors(list) => {
            assert_eq!(list[0].line, 1);
            assert!(list[0].col > 1);
        }
        other => panic!("expected errors, got {other:?}"),
    }
    assert!(!s.can_deal());
    // Two conditions in one field are refused with a message.
    assert!(check_field(NORTH, FieldKind::Hcp, "12, spades 5").is_some());
    assert!(check_field(NORTH, FieldKind::Hcp, "12+").is_none());
    assert!(check_field(Who::Seat(Seat::East), FieldKind::Has, "SA HK").is_none());
}

#[wasm_bindgen_test]
fn text_fills_the_form_when_representable() {
    let mut s = ConstrainState::new("");
    s.apply(EditAction::Text(
        "west: spades 6+, hcp 5-10\nns: hcp 25+, fit 8+ majors\n".into(),
    ));
    assert!(s.form_synced);
    let v = |who, kind| {
        s.form.fields[s.form.index(who, kind).unwrap()]
            .value
            .clone()
    };
    assert_eq!(
        v(Who::Seat(Seat::West), FieldKind::Suit(Suit::Spades)),
        "6+"
    );
    assert_eq!(v(Who::Seat(Seat::West), FieldKind::Hcp), "5-10");
    let ns = Who::Pair(fairdeal_constrain::spec::Pair::NorthSouth);
    assert_eq!(v(ns, FieldKind::Hcp), "25+");
    assert_eq!(v(ns, FieldKind::Fit), "8+ majors");
    // And back: the form's text means the same conditions (in the form's field order).
    let meaning = |t: &str| parse(t).unwrap().constraints(None).unwrap();
    assert_eq!(meaning(&s.form.to_text()), meaning(&s.text));
}

#[wasm_bindgen_test]
fn text_only_sets_leave_the_form_marked() {
    for text in [
        "scale zar A4 K3 Q2 J1 T0.5\nnorth: zar 12.5+\n",
        "north: hcp 10+\ncategory a\nnorth: hcp 12\n",
        "north: hcp 10+\nnorth: hcp 12-14\n",
        "south: is AKQ2.JT3.K765.A9\n",
    ] {
        let s = ConstrainState::new(text);
        assert!(!s.form_synced, "{text}");
        assert_eq!(s.text, text);
        assert!(Form::from_spec(&parse(text).unwrap()).is_none());
    }
    // A syntax error leaves the form as it was (neither synced anew nor cleared).
    let mut s = ConstrainState::new("north: hcp 15-17\n");
    s.apply(EditAction::Text("north: hcp 15-17\nsouth: hcp lots".into()));
    assert!(s.form_synced);
    assert_eq!(s.form.fields[0].value, "15-17");
}

#[wasm_bindgen_test]
fn syntax_errors_carry_line_and_column() {
    let (a, spec) = analyse("north: hcp 15-17\nsouth: hcp 10+, spades lots\n");
    assert!(spec.is_none());
    let Analysis::Errors(list) = a else {
        panic!("expected errors")
    };
    assert_eq!((list[0].line, list[0].col), (2, 24));
}

#[wasm_bindgen_test]
fn count_is_the_engines_exact_figure() {
    let text = "north: balanced, hcp 15-17\n";
    let (a, _) = analyse(text);
    let set = parse(text).unwrap().constraints(None).unwrap();
    let exact = Dealer::new(&set, Options::default()).unwrap().count();
    match a {
        Analysis::Count(c) => {
            assert_eq!(c.deals, exact.deals);
            assert_eq!(c.deals, 2_610_137_721_058_114_653_884_217_600);
            assert_eq!(c.fraction, exact.probability());
            assert!(c.exact && c.note.is_none());
        }
        other => panic!("expected a count, got {other:?}"),
    }
}

/// A count made in part says on the page what is left to rejection, why, and the pilot's
/// acceptance (the engine's words, as `fairdeal count` prints them).
#[wasm_bindgen_test]
fn an_inexact_count_says_why() {
    let why = "counting North, East, South and West together needs tables larger than their memory bound (144 MB)";
    let c = SetCount {
        exact_seats: vec![Seat::North, Seat::East, Seat::South],
        hands: 7,
        deals: 7,
        fraction: (7, 11),
        percent: 63.6,
        rejected: vec!["west".to_string(), "ns".to_string()],
        acceptance: Some((28, 20)),
        why: Some(why.to_string()),
        dealing: None,
    };
    let v = CountView::of(&c);
    assert!(!v.exact);
    let note = v.note.expect("a note");
    assert!(
        note.starts_with(&format!(
            "Over the counting budget ({why}): the conditions on west, NS are applied by rejection"
        )),
        "{note}"
    );
    assert!(note.contains("71.429 % (20 of 28 draws)"), "{note}");
}

/// A count made whole cell by cell, dealt in part, is exact on the page and says what
/// dealing leaves to rejection and the exact share kept.
#[wasm_bindgen_test]
fn a_count_made_whole_says_how_it_is_dealt() {
    use fairdeal_constrain::analysis::Rejection;
    let why = "counting North, East, South and West together needs tables larger than their memory bound (144 MB)";
    let c = SetCount {
        exact_seats: Seat::ALL.to_vec(),
        hands: 1,
        deals: 1,
        fraction: (1, 8),
        percent: 12.5,
        rejected: Vec::new(),
        acceptance: None,
        why: None,
        dealing: Some(Box::new(Rejection {
            conditions: vec!["East".to_string(), "ew".to_string()],
            kept: (1, 8),
            why: Some(why.to_string()),
        })),
    };
    let v = CountView::of(&c);
    assert!(v.exact);
    let note = v.note.expect("a note");
    assert_eq!(
        note,
        format!("Counted exactly, cell by cell. The dealing tables cannot hold every condition ({why}): the conditions on East, EW are applied by rejection, and exactly 12.500 % of the draws are kept.")
    );
}

#[wasm_bindgen_test]
fn impossible_sets_name_the_culprit() {
    let (a, _) = analyse("north: hcp 15-17\nsouth: hcp 38\n");
    match a {
        Analysis::Impossible(m) => assert!(m.contains("South"), "{m}"),
        other => panic!("expected impossible, got {other:?}"),
    }
    let (a, _) = analyse("north: has SA\nsouth: has SA\n");
    assert!(matches!(a, Analysis::Impossible(m) if m.contains("SA") || m.contains('♠')));
    let (a, _) = analyse("ns: hcp 41\n");
    assert!(matches!(a, Analysis::Impossible(_)));
}

#[wasm_bindgen_test]
fn levelled_sets_count_each_category() {
    let (a, _) = analyse("north: hcp 10+\ncategory strong weight 2\nnorth: hcp 20+\ncategory weak\nnorth: hcp 10-12\n");
    let Analysis::Levelled(list) = a else {
        panic!("expected a levelled set")
    };
    let names: Vec<_> = list.iter().map(|(n, w, _)| (n.as_str(), *w)).collect();
    assert_eq!(names, [("strong", 2), ("weak", 1)]);
}

#[wasm_bindgen_test]
fn job_is_deterministic_and_meets_the_conditions() {
    let text = "north: balanced, hcp 15-17\nsouth: spades 5+\n";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let run = |seed: [u8; 32], chunks: u32| {
        let mut j = Job::new(text, 30, seed).unwrap();
        while !j.step(chunks).unwrap() {}
        j.into_boards()
    };
    let a = run([7; 32], 30);
    assert_eq!(a, run([7; 32], 4), "chunking does not change the boards");
    assert_ne!(a, run([8; 32], 30));
    let boards = unpack_boards(&a, &[]);
    assert_eq!(boards.len(), 30);
    for (i, b) in boards.iter().enumerate() {
        assert_eq!(b.number, i as u32 + 1);
        assert!(set.accepts(&b.deal));
    }
    assert!(Job::new(text, 0, [0; 32]).is_err());
    assert!(Job::new(text, MAX_BOARDS + 1, [0; 32]).is_err());
    assert!(Job::new("north: hcp 38", 5, [0; 32]).is_err());
    assert!(Job::new("north: hcp lots", 5, [0; 32]).is_err_and(|m| m.contains("1:")));
}

#[wasm_bindgen_test]
fn levelled_job_labels_categories() {
    let text = "category strong weight 2\nnorth: hcp 20+\ncategory weak\nnorth: hcp 0-5\n";
    let mut j = Job::new(text, 9, [3; 32]).unwrap();
    assert!(j.step(9).unwrap());
    let names = vec!["strong".to_string(), "weak".to_string()];
    let boards = unpack_boards(&j.into_boards(), &names);
    assert_eq!(
        boards
            .iter()
            .filter(|b| b.category.as_deref() == Some("strong"))
            .count(),
        6
    );
    for b in &boards {
        let hcp = b.deal.hand(Seat::North).hcp();
        match b.category.as_deref() {
            Some("strong") => assert!(hcp >= 20),
            Some("weak") => assert!(hcp <= 5),
            other => panic!("category {other:?}"),
        }
    }
}

#[wasm_bindgen_test]
fn batch_reducer_follows_its_job_only() {
    let cats = Rc::new(Vec::new());
    let b = Batch::Idle.next(BatchAction::Start {
        job: 2,
        total: 100,
        categories: cats,
    });
    let b = b.next(BatchAction::Worker(FromWorker::Progress {
        job: 2,
        done: 25,
        total: 100,
    }));
    assert!(matches!(b, Batch::Running { done: 25, .. }));
    // A stale batch's messages are ignored.
    let same = b.next(BatchAction::Worker(FromWorker::Progress {
        job: 1,
        done: 99,
        total: 100,
    }));
    assert_eq!(same, b);
    let cancelled = b.next(BatchAction::Cancel);
    assert_eq!(
        cancelled,
        Batch::Cancelled {
            done: 25,
            total: 100
        }
    );
    // After Cancel, the worker's late answers change nothing.
    let late = cancelled.next(BatchAction::Worker(FromWorker::Done {
        job: 2,
        boards: vec![],
    }));
    assert_eq!(late, cancelled);
    let failed = b.next(BatchAction::Worker(FromWorker::Failed {
        job: 2,
        message: "x".into(),
    }));
    assert_eq!(failed, Batch::Failed("x".into()));
    let done = b.next(BatchAction::Worker(FromWorker::Done {
        job: 2,
        boards: vec![],
    }));
    assert!(matches!(done, Batch::Done { ref boards } if boards.is_empty()));
}

#[wasm_bindgen_test]
fn small_helpers() {
    assert_eq!(parse_board_count(" 8 ", 100), Ok(8));
    assert!(parse_board_count("0", 100).is_err());
    assert!(parse_board_count("101", 100).is_err());
    assert!(parse_board_count("ten", 100).is_err());
    assert_eq!(group_digits(1_234_567), "1\u{2009}234\u{2009}567");
    assert_eq!(group_digits(999), "999");
}

mod stats {
    //! The Statistics panel: the worker's run (deterministic, exact expectations, chi-square),
    //! the panel's reducer, its chart and verdicts.

    use fairdeal_app::pages::constrain::stats::{chart_svg, verdict, StatsAction, StatsRun};
    use fairdeal_app::worker::protocol::FromWorker;
    use fairdeal_app::worker::stats_job::{parse_tables, StatsJob, StatsReport};
    use std::rc::Rc;
    use wasm_bindgen_test::*;

    fn run(spec: &str, tables: &str, n: u32, seed: u8) -> StatsReport {
        let mut job = StatsJob::new(spec, tables, n, [seed; 32]).expect("starts");
        let mut slices = 0;
        // A clock that says each batch of 32 deals took 10 ms: four batches per slice.
        let clock = std::cell::Cell::new(0.0);
        while !job
            .slice(40.0, || {
                clock.set(clock.get() + 10.0);
                clock.get()
            })
            .expect("runs")
        {
            slices += 1;
            assert!(slices < 10_000);
        }
        assert_eq!(job.done(), n);
        let want = 24 + parse_tables(tables).unwrap().len();
        assert_eq!(job.tables_done(), (want, want));
        job.report()
    }

    #[wasm_bindgen_test]
    fn unconstrained_run_matches_the_exact_tables() {
        let r = run("", "hcp:NS", 3000, 4);
        assert_eq!(r.n, 3000);
        assert_eq!(r.tables.len(), 25);
        let pattern = &r.tables[0];
        assert_eq!(pattern.text, "pattern:N");
        assert_eq!(pattern.labels[0], ["4-4-3-2"]);
        let p = pattern.expected.as_ref().unwrap()[0];
        assert!((p - 136_852_887_600.0 / 635_013_559_600.0).abs() < 1e-15);
        for t in &r.tables {
            let c = t.chi.expect("tested");
            assert!(c.2 > 0.001, "{}: p = {}", t.text, c.2);
            assert_eq!(t.observed.iter().sum::<u64>(), 3000);
        }
        assert_eq!(r.tables[24].text, "hcp:NS");
        assert_eq!(r.averages.len(), 20);
        assert!(r
            .averages
            .iter()
            .all(|a| a.z.is_some_and(|z| z.abs() < 4.5)));
        assert_eq!(r, run("", "hcp:NS", 3000, 4), "same seed, same report");
    }

    #[wasm_bindgen_test]
    fn bad_input_is_a_message() {
        assert!(StatsJob::new("north: hcp lots", "", 10, [0; 32]).is_err_and(|m| m.contains("1:")));
        assert!(StatsJob::new("", "", 0, [0; 32]).is_err());
        assert!(StatsJob::new("north: hcp 38", "", 10, [0; 32]).is_err());
        let e = parse_tables("hcp:N; hcp:Q").unwrap_err();
        assert!(e.contains("table `hcp:Q`") && e.contains("column 5"), "{e}");
        assert_eq!(parse_tables("hcp:N;\nspades:S").unwrap().len(), 2);
    }

    #[wasm_bindgen_test]
    fn reducer_chart_and_verdicts() {
        let r = run("north: hcp 20+", "", 200, 1);
        let s = StatsRun::default().next(StatsAction::Start { job: 3, total: 200 });
        let stale = s.next(StatsAction::Worker(FromWorker::StatsProgress {
            job: 2,
            done: 5,
            total: 9,
            tables_done: 0,
            tables: 0,
            cells_done: 0,
            cells: 0,
        }));
        assert_eq!(stale, s, "other jobs are ignored");
        let s = s.next(StatsAction::Worker(FromWorker::StatsProgress {
            job: 3,
            done: 200,
            total: 200,
            tables_done: 4,
            tables: 24,
            cells_done: 7,
            cells: 39,
        }));
        assert!(matches!(
            s,
            StatsRun::Running {
                tables_done: 4,
                cells_done: 7,
                cells: 39,
                ..
            }
        ));
        let done = s.next(StatsAction::Worker(FromWorker::StatsDone {
            job: 3,
            report: Box::new(r.clone()),
        }));
        assert_eq!(done, StatsRun::Done(Rc::new(r.clone())));
        assert_eq!(
            s.next(StatsAction::Cancel),
            StatsRun::Cancelled,
            "Cancel stops a run"
        );
        // HCP North: only 20+ possible; one bar per value observed or possible.
        let hcp = &r.tables[1];
        let svg = chart_svg(hcp, r.n);
        let possible = hcp
            .expected
            .as_ref()
            .unwrap()
            .iter()
            .filter(|p| **p > 0.0)
            .count();
        assert_eq!(possible, 18, "20..=37");
        assert_eq!(svg.matches("<rect").count(), possible);
        assert!(svg.starts_with("<svg") && svg.contains("role=\"img\""));
        assert!(verdict(hcp).contains("consistent") || verdict(hcp).contains("rejects"));
    }
}

/// The worker's batch is the CLI's set dealer: the shared known-answer vectors (seed →
/// first boards, plain and levelled) come out the same here, in Chromium, as natively and
/// from `fairdeal constrain --seed` (issue: a seed revealed in one front end must reproduce
/// in the other).
#[wasm_bindgen_test]
fn batches_follow_the_shared_seed_vectors() {
    let (seed, sets) = fairdeal_constrain::set::read_vectors(include_str!(
        "../../constrain/tests/data/set-vectors.txt"
    ))
    .expect("the vector file reads");
    assert_eq!(sets.len(), 2);
    for v in sets {
        let mut job = Job::new(&v.spec, v.boards.len() as u32, seed).unwrap();
        while !job.step(2).unwrap() {}
        let got: Vec<(usize, String)> = job
            .into_boards()
            .iter()
            .map(|b| (usize::from(b.category), b.deal.to_string()))
            .collect();
        assert_eq!(got, v.boards, "{}", v.name);
    }
}

/// The live count moved off the page thread: the page parses, waits for the worker's
/// answer for the current text, and ignores answers for older texts.
#[wasm_bindgen_test]
fn valid_text_waits_for_the_workers_count_and_ignores_stale_answers() {
    let mut s = ConstrainState::new("north: hcp 15-17\n");
    assert_eq!(s.analysis, Analysis::Counting { done: 0, total: 1 });
    assert!(s.counting() && !s.can_deal());
    let (old, _) = analyse("north: hcp 15-17\n");
    s.apply(EditAction::Text("north: hcp 20+\n".into()));
    // An answer for the previous text changes nothing.
    s.apply(EditAction::Counted {
        text: "north: hcp 15-17\n".into(),
        analysis: old,
    });
    assert!(s.counting());
    let (new, _) = analyse("north: hcp 20+\n");
    s.apply(EditAction::CountProgress {
        text: "north: hcp 20+\n".into(),
        done: 0,
        total: 1,
    });
    s.apply(EditAction::Counted {
        text: "north: hcp 20+\n".into(),
        analysis: new.clone(),
    });
    assert_eq!(s.analysis, new);
    assert!(s.can_deal());
    // Syntax errors need no worker.
    s.apply(EditAction::Text("north: hcp lots\n".into()));
    assert!(matches!(s.analysis, Analysis::Errors(ref l) if !l.is_empty()));
    // Levelled sets count category by category.
    let s = ConstrainState::new("category a\nnorth: hcp 10\ncategory b\nnorth: hcp 12\n");
    assert_eq!(s.analysis, Analysis::Counting { done: 0, total: 2 });
}

/// The worker's count job answers exactly what the one-shot analysis gives, one category per
/// slice, and errors without a slice.
#[wasm_bindgen_test]
fn count_job_answers_the_same_analysis_in_steps() {
    use fairdeal_app::worker::count_job::CountJob;
    for text in [
        "north: balanced, hcp 15-17\n",
        "north: hcp 10+\ncategory strong weight 2\nnorth: hcp 20+\ncategory weak\nnorth: hcp 10-12\n",
        "north: hcp 15-17\nsouth: hcp 38\n",
        "category a\nnorth: hcp 10\ncategory b\nns: hcp 41\n",
        "north: hcp lots\n",
    ] {
        let mut job = CountJob::new(text).unwrap();
        let mut slices = 1;
        while !job.step() {
            slices += 1;
            assert!(matches!(job.analysis(), Analysis::Counting { done, .. } if done as usize + 1 == slices));
        }
        assert_eq!(job.analysis(), analyse(text).0, "{text}");
        assert!(slices <= 2, "{text}: {slices} slices");
    }
}
