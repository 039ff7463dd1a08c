//! In-browser tests of the Script page's plain-Rust parts: the highlighted copy under the
//! editor (segments cover the text exactly; tokens and errors land where they should; empty
//! and end-of-line errors become markers that shift nothing), the editor state (checking,
//! examples keep what was typed, restore), the run reducer (progress, stale runs, cancel,
//! failure), the progress fraction, reference search, frequency charts, cursor insertion in
//! UTF-16, and the worker's script runner (compile errors with line:column, deterministic in
//! the seed however it is sliced, produced deals meeting the condition, adaptive slices).

use fairdeal_app::pages::script::highlight::{render_string, segments, Segment};
use fairdeal_app::pages::script::results::shown_text;
use fairdeal_app::pages::script::state::{
    byte_of_utf16, filter_reference, format_number, frequency_chart, frequency_total, insert_word,
    numbered_deals, progress_fraction, utf16_of_byte, CheckReport, Counts, Editor, EditorAction,
    Run, RunAction,
};
use fairdeal_app::worker::protocol::FromWorker;
use fairdeal_app::worker::script_job::{
    check_message, next_slice, render_diagnostics, ScriptJob, MAX_SLICE, MIN_SLICE, TARGET_MS,
};
use fairdeal_model::Seat;
use fairdeal_script::{
    check, highlight, Diagnostic, Frequency, Report, TokenKind, EXAMPLES, REFERENCE,
};
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn diag(span: std::ops::Range<usize>) -> Diagnostic {
    Diagnostic {
        span,
        line: 1,
        column: 1,
        message: "test".into(),
    }
}

/// The text of the segments, concatenated (markers contribute nothing).
fn joined(text: &str, segs: &[Segment]) -> String {
    segs.iter().map(|s| &text[s.range.clone()]).collect()
}

fn segment_at(segs: &[Segment], byte: usize) -> &Segment {
    segs.iter()
        .find(|s| s.range.start <= byte && byte < s.range.end)
        .expect("a segment covers the byte")
}

// ---------- highlighted copy ----------

#[wasm_bindgen_test]
fn segments_cover_the_text_exactly_in_order() {
    let text = "condition hcp(north) >= 15 # ♠ comment\nproduce 10\n";
    let tokens = vec![
        (0..9, TokenKind::Keyword),
        (10..13, TokenKind::Function),
        (13..14, TokenKind::Punctuation),
        (14..19, TokenKind::Seat),
        (21..23, TokenKind::Operator),
        (24..26, TokenKind::Number),
        (27..41, TokenKind::Comment),
    ];
    let segs = segments(text, &tokens, &[diag(14..19), diag(3..11)]);
    assert_eq!(joined(text, &segs), text);
    let mut at = 0;
    for s in &segs {
        assert_eq!(s.range.start, at, "segments are contiguous");
        at = s.range.end;
    }
    assert_eq!(at, text.len());
    assert_eq!(segment_at(&segs, 0).kind, Some(TokenKind::Keyword));
    assert!(!segment_at(&segs, 0).error);
    assert!(segment_at(&segs, 5).error, "error inside the keyword");
    assert_eq!(segment_at(&segs, 5).kind, Some(TokenKind::Keyword));
    assert!(segment_at(&segs, 10).error && segment_at(&segs, 10).kind == Some(TokenKind::Function));
    assert!(!segment_at(&segs, 12).error);
    assert!(segment_at(&segs, 16).error && segment_at(&segs, 16).kind == Some(TokenKind::Seat));
    assert_eq!(segment_at(&segs, 30).kind, Some(TokenKind::Comment));
    assert_eq!(segment_at(&segs, 19).kind, None, "space between tokens");
}

#[wasm_bindgen_test]
fn adjacent_equal_runs_merge() {
    let text = "abc def";
    let segs = segments(text, &[], &[]);
    assert_eq!(
        segs,
        vec![Segment {
            range: 0..7,
            kind: None,
            error: false
        }]
    );
    assert!(segments("", &[], &[]).is_empty());
}

#[wasm_bindgen_test]
fn empty_error_mid_line_underlines_one_character() {
    let text = "hcp(♠x)";
    // Points at the ♠ (3 bytes): the whole character is underlined.
    let segs = segments(text, &[], &[diag(4..4)]);
    assert_eq!(joined(text, &segs), text);
    let s = segment_at(&segs, 4);
    assert!(s.error);
    assert_eq!(s.range, 4..7);
    assert!(!segment_at(&segs, 7).error);
}

#[wasm_bindgen_test]
fn errors_at_line_end_and_text_end_are_markers_that_shift_nothing() {
    let text = "produce\ngenerate";
    let segs = segments(text, &[], &[diag(7..7), diag(16..16)]);
    assert_eq!(joined(text, &segs), text, "markers add no text");
    let markers: Vec<usize> = segs
        .iter()
        .filter(|s| s.range.is_empty())
        .map(|s| s.range.start)
        .collect();
    assert_eq!(markers, vec![7, 16]);
    assert!(segs.iter().filter(|s| s.range.is_empty()).all(|s| s.error));
    // The marker at 7 comes before the line break, so it ends line 1.
    let i = segs.iter().position(|s| s.range == (7..7)).unwrap();
    assert_eq!(segs[i + 1].range.start, 7);
    assert!(text[segs[i + 1].range.clone()].starts_with('\n'));
    // A span of only a line break is a marker too; an empty text can still show one.
    let segs = segments("a\nb", &[], &[diag(1..2)]);
    assert!(segs.iter().any(|s| s.range == (1..1) && s.error));
    assert_eq!(
        segments("", &[], &[diag(0..0)]),
        vec![Segment {
            range: 0..0,
            kind: None,
            error: true
        }]
    );
}

#[wasm_bindgen_test]
fn spans_out_of_range_or_inside_characters_are_clamped() {
    let text = "♠♥";
    let segs = segments(
        text,
        &[(1..5, TokenKind::Suit), (4..100, TokenKind::Card)],
        &[diag(2..200)],
    );
    assert_eq!(joined(text, &segs), text);
    for s in &segs {
        assert!(text.is_char_boundary(s.range.start) && text.is_char_boundary(s.range.end));
    }
}

// ---------- editor state ----------

fn valid_script() -> &'static str {
    EXAMPLES
        .first()
        .map(|e| e.source)
        .unwrap_or("produce 5\ncondition hcp(north) >= 12\naction printall\n")
}

#[wasm_bindgen_test]
fn every_example_checks_clean_and_is_highlighted() {
    assert!(EXAMPLES.len() >= 12, "a dozen examples to start from");
    for e in EXAMPLES {
        let d = check(e.source);
        assert!(d.is_empty(), "{}: {}", e.title, render_diagnostics(&d));
        let tokens = highlight(e.source);
        assert!(
            tokens
                .iter()
                .any(|(_, k)| *k == TokenKind::Keyword || *k == TokenKind::Action),
            "{}: keywords highlighted",
            e.title
        );
        assert!(
            !tokens.iter().any(|(_, k)| *k == TokenKind::Error),
            "{}: no error tokens",
            e.title
        );
    }
}

/// What the page does with the worker's answer to `ScriptCheck` for the editor's text.
fn checked(e: &mut Editor) {
    let (job, seed) = (7, [5u8; 32]);
    match check_message(job, &e.text, seed) {
        FromWorker::ScriptChecked {
            source,
            diagnostics,
            lint,
            rate,
            ..
        } => e.apply(EditorAction::Checked {
            text: source,
            report: lint.map(|l| CheckReport {
                lint: Some(l),
                rate,
            }),
            diagnostics,
        }),
        other => panic!("{other:?}"),
    }
}

#[wasm_bindgen_test]
fn typing_an_error_is_reported_with_its_position_and_fixing_it_clears_it() {
    let good = "produce 5\ncondition hcp(north) >= 12\naction printall\n";
    let mut e = Editor::new(good, None);
    assert!(!e.can_run(), "not before the worker has checked it");
    checked(&mut e);
    assert!(e.diagnostics.is_empty(), "{:?}", e.diagnostics);
    assert!(e.can_run());
    let report = e
        .report
        .clone()
        .expect("a script that compiles has a dialect report");
    let (n, k) = report.rate.expect("a pilot rate");
    assert_eq!(n, fairdeal_app::worker::script_job::PILOT);
    // P(hcp >= 12) = 35.2 %: the pilot of 50 000 lands within 1 %.
    assert!((k as f64 / n as f64 - 0.352).abs() < 0.01, "{k}/{n}");
    let bad = "produce 5\ncondition hcp(nort) >= 12\naction printall\n";
    e.apply(EditorAction::Text(bad.into()));
    assert!(!e.can_run());
    // An answer for an older text is ignored.
    e.apply(EditorAction::Checked {
        text: good.into(),
        diagnostics: Vec::new(),
        report: None,
    });
    assert!(!e.checked);
    checked(&mut e);
    assert!(!e.can_run());
    let d = &e.diagnostics[0];
    assert_eq!(d.line, 2, "{d:?}");
    assert!(
        d.span.start >= bad.find("nort").unwrap() - 1 && d.span.start <= bad.find("nort").unwrap(),
        "{d:?}"
    );
    assert!(
        d.message.to_lowercase().contains("seat") || d.message.contains("north"),
        "{d:?}"
    );
    e.apply(EditorAction::Text(good.into()));
    checked(&mut e);
    assert!(e.diagnostics.is_empty());
    assert!(e.can_run());
}

#[wasm_bindgen_test]
fn a_script_that_once_exploded_is_checked_at_once() {
    // 30 variables each doubling the previous: 2^30 nodes if expanded as text; it used to
    // abort with "memory allocation failed" and brick the page that stored it.
    let mut src = String::from("a0 = hcp(north)\n");
    for i in 1..=30 {
        src.push_str(&format!("a{i} = a{} + a{}\n", i - 1, i - 1));
    }
    src.push_str("a30 > 0\naction printoneline,\n");
    let mut e = Editor::new(src, None);
    checked(&mut e);
    assert!(e.can_run(), "{:?}", e.diagnostics);
}

#[wasm_bindgen_test]
fn an_example_keeps_the_typed_text_for_restore() {
    let mine = "# my script\nproduce 3\ncondition hcp(south) > 10\n";
    let mut e = Editor::new(mine, None);
    let example = valid_script().to_string();
    e.apply(EditorAction::Example(example.clone()));
    assert_eq!(e.text, example);
    assert_eq!(e.previous.as_deref(), Some(mine));
    e.apply(EditorAction::Restore);
    assert_eq!(e.text, mine);
    assert_eq!(e.previous.as_deref(), Some(example.as_str()));
    // Loading the text already shown changes nothing; an empty text is not kept.
    let mut e = Editor::new("  \n", None);
    e.apply(EditorAction::Example(example.clone()));
    assert_eq!(e.previous, None);
    let before = e.clone();
    e.apply(EditorAction::Example(example));
    assert_eq!(e, before);
    assert!(!Editor::new("   ", None).can_run());
}

// ---------- run reducer ----------

fn progress(job: u32, generated: u64, produced: u64) -> FromWorker {
    FromWorker::ScriptProgress {
        job,
        generated,
        produced,
        generate: 1000,
        produce: 10,
    }
}

fn empty_report() -> Report {
    Report {
        deals: vec![],
        text: "x".into(),
        averages: vec![],
        frequencies: vec![],
        generated: 7,
        produced: 1,
        dealer: None,
        vulnerability: None,
        why: vec![],
    }
}

#[wasm_bindgen_test]
fn run_reducer_follows_its_own_job_only() {
    let r = Run::Idle.next(RunAction::Start(3));
    assert_eq!(r.running_job(), Some(3));
    let r = r.next(RunAction::Worker(FromWorker::ScriptStarted {
        job: 3,
        acceleration: "north exact".into(),
    }));
    let r = r.next(RunAction::Worker(progress(3, 100, 2)));
    let Run::Running { counts, .. } = &r else {
        panic!("running")
    };
    assert_eq!((counts.generated, counts.produced), (100, 2));
    // A stale run's messages change nothing.
    let stale = r.next(RunAction::Worker(progress(2, 999, 9)));
    assert_eq!(stale, r);
    let stale = r.next(RunAction::Worker(FromWorker::ScriptDone {
        job: 2,
        report: Box::new(empty_report()),
    }));
    assert_eq!(stale, r);
    let done = r.next(RunAction::Worker(FromWorker::ScriptDone {
        job: 3,
        report: Box::new(empty_report()),
    }));
    assert_eq!(
        done,
        Run::Done {
            report: Rc::new(empty_report()),
            acceleration: Some("north exact".into())
        }
    );
    assert_eq!(done.running_job(), None);
    // Progress after the end is ignored.
    assert_eq!(done.next(RunAction::Worker(progress(3, 1, 1))), done);
}

#[wasm_bindgen_test]
fn run_reducer_cancel_and_failure() {
    let r = Run::Idle
        .next(RunAction::Start(1))
        .next(RunAction::Worker(progress(1, 500, 4)));
    let c = r.next(RunAction::Cancel);
    assert_eq!(
        c,
        Run::Cancelled(Counts {
            generated: 500,
            produced: 4,
            generate: 1000,
            produce: 10
        })
    );
    assert_eq!(c.next(RunAction::Cancel), c, "cancel when not running");
    let f = Run::Idle
        .next(RunAction::Start(5))
        .next(RunAction::Worker(FromWorker::Failed {
            job: 5,
            message: "2:3 nope".into(),
        }));
    assert_eq!(f, Run::Failed("2:3 nope".into()));
    assert_eq!(
        Run::Idle.next(RunAction::Fail("no".into())),
        Run::Failed("no".into())
    );
}

#[wasm_bindgen_test]
fn progress_is_the_nearer_limit() {
    let c = |generated, produced, generate, produce| Counts {
        generated,
        produced,
        generate,
        produce,
    };
    assert_eq!(progress_fraction(&c(0, 0, 0, 0)), 0.0);
    assert_eq!(progress_fraction(&c(250, 1, 1000, 10)), 0.25);
    assert_eq!(progress_fraction(&c(100, 5, 1000, 10)), 0.5);
    assert_eq!(progress_fraction(&c(5000, 50, 1000, 10)), 1.0);
}

#[wasm_bindgen_test]
fn numbers_are_grouped() {
    assert_eq!(format_number(0), "0");
    assert_eq!(format_number(999), "999");
    assert_eq!(format_number(1000), "1\u{2009}000");
    assert_eq!(format_number(10_400_600), "10\u{2009}400\u{2009}600");
}

// ---------- reference, frequencies, text ----------

#[wasm_bindgen_test]
fn reference_search_matches_every_word_and_puts_names_first() {
    assert_eq!(filter_reference("").len(), REFERENCE.len());
    assert_eq!(filter_reference("   ").len(), REFERENCE.len());
    for q in ["hcp", "shape", "average", "print", "seat north"] {
        let list = filter_reference(q);
        for k in &list {
            let hay = format!("{} {} {} {}", k.name, k.kind, k.signature, k.doc).to_lowercase();
            for w in q.split_whitespace() {
                assert!(hay.contains(w), "{q}: {} lacks {w}", k.name);
            }
        }
    }
    let hcp = filter_reference("HCP");
    assert_eq!(hcp.first().map(|k| k.name), Some("hcp"), "exact name first");
    assert!(filter_reference("zzzz-no-such-word").is_empty());
    for word in [
        "generate",
        "produce",
        "condition",
        "shape",
        "frequency",
        "printall",
    ] {
        assert!(
            REFERENCE.iter().any(|k| k.name == word),
            "{word} in the reference"
        );
    }
}

fn freq(rows: Vec<(i64, u64)>, low: u64, high: u64) -> Frequency {
    Frequency {
        label: "hcp(north)".into(),
        rows,
        low,
        high,
        table: None,
    }
}

#[wasm_bindgen_test]
fn frequency_charts_count_low_and_high_only_when_present() {
    let f = freq(vec![(10, 1), (11, 3)], 0, 0);
    assert_eq!(frequency_total(&f), 4);
    let c = frequency_chart(&f).unwrap();
    let labels: Vec<&str> = c.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["10", "11"]);
    assert_eq!(c.rows[1].percent, "75.00");
    assert_eq!(c.title, "hcp(north)");
    let f = freq(vec![(10, 2)], 1, 1);
    let c = frequency_chart(&f).unwrap();
    let labels: Vec<&str> = c.rows.iter().map(|r| r.label.as_str()).collect();
    assert_eq!(labels, ["Low", "10", "High"]);
    assert_eq!(c.rows[1].percent, "50.00");
    assert!(frequency_chart(&freq(vec![(1, 0), (2, 0)], 0, 0)).is_none());
}

#[wasm_bindgen_test]
fn long_output_is_cut_at_a_line_end() {
    let text = "aaaa\nbbbb\ncccc\n";
    assert_eq!(shown_text(text, 100), (text, false));
    assert_eq!(shown_text(text, 12), ("aaaa\nbbbb\n", true));
    let (s, cut) = shown_text("♠♠♠♠", 4);
    assert!(cut && s == "♠");
}

#[wasm_bindgen_test]
fn insertion_follows_the_textarea_utf16_selection() {
    // ♠ is one UTF-16 unit (3 bytes); 🂡 is two units (4 bytes).
    let text = "♠🂡 hcp";
    assert_eq!(byte_of_utf16(text, 0), 0);
    assert_eq!(byte_of_utf16(text, 1), 3);
    assert_eq!(byte_of_utf16(text, 3), 7);
    assert_eq!(byte_of_utf16(text, 99), text.len());
    assert_eq!(utf16_of_byte(text, 7), 3);
    assert_eq!(utf16_of_byte(text, 5), 1, "floored to a boundary");
    let (out, cursor) = insert_word(text, 3, 3, "shape");
    assert_eq!(out, "♠🂡shape hcp");
    assert_eq!(cursor, 8);
    let (out, cursor) = insert_word(text, 8, 4, "loser");
    assert_eq!(out, "♠🂡 loser");
    assert_eq!(cursor, 9);
}

// ---------- the worker's runner ----------

#[wasm_bindgen_test]
fn slices_adapt_to_the_target_time_within_bounds() {
    assert_eq!(next_slice(1000, 1.0), 2000);
    assert_eq!(next_slice(1000, TARGET_MS), 1000);
    assert_eq!(next_slice(1000, TARGET_MS * 3.0), 500);
    assert_eq!(next_slice(MIN_SLICE, 1e9), MIN_SLICE);
    assert_eq!(next_slice(MAX_SLICE, 0.0), MAX_SLICE);
}

#[wasm_bindgen_test]
fn a_script_with_errors_is_refused_with_positions() {
    let Err(message) = ScriptJob::new("produce 5\ncondition hcp(nort) > 3\n", [1; 32]) else {
        panic!("compiles")
    };
    assert!(message.starts_with("2:"), "{message}");
    assert_eq!(
        render_diagnostics(&[
            Diagnostic {
                span: 0..1,
                line: 3,
                column: 9,
                message: "expected a seat".into()
            },
            Diagnostic {
                span: 0..1,
                line: 4,
                column: 1,
                message: "unknown word".into()
            },
        ]),
        "3:9 expected a seat\n4:1 unknown word"
    );
}

const STRONG_NORTH: &str =
    "generate 2000000\nproduce 40\ncondition hcp(north) >= 20\naction printall, average \"south hcp\" hcp(south)\n";

fn run_to_end(job: &mut ScriptJob, slice: u64) -> Report {
    for _ in 0..1_000_000 {
        if job.step(slice) {
            return job.report();
        }
    }
    panic!("the run never finished")
}

#[wasm_bindgen_test]
fn runs_are_deterministic_in_the_seed_however_sliced() {
    let mut a = ScriptJob::new(STRONG_NORTH, [7; 32]).unwrap();
    let mut b = ScriptJob::new(STRONG_NORTH, [7; 32]).unwrap();
    let mut c = ScriptJob::new(STRONG_NORTH, [8; 32]).unwrap();
    let (ra, rb, rc) = (
        run_to_end(&mut a, 1 << 20),
        run_to_end(&mut b, 37),
        run_to_end(&mut c, 1 << 20),
    );
    assert_eq!(ra.deals, rb.deals);
    assert_eq!(ra.text, rb.text);
    assert_ne!(ra.deals, rc.deals, "another seed, other deals");
    assert_eq!(ra.produced, 40);
    assert_eq!(ra.deals.len(), 40);
    assert!(ra.generated >= 40);
    assert_eq!(a.produce(), 40);
    assert!(!a.acceleration().is_empty());
    assert_eq!(a.generate(), 2_000_000);
    for d in &ra.deals {
        assert!(d.hand(Seat::North).hcp() >= 20, "condition holds");
    }
    let avg = &ra.averages[0];
    assert_eq!(avg.count, 40);
    let mean = ra
        .deals
        .iter()
        .map(|d| f64::from(d.hand(Seat::South).hcp()))
        .sum::<f64>()
        / 40.0;
    assert!((avg.mean - mean).abs() < 1e-9, "{} vs {mean}", avg.mean);
    assert!(avg.ci95.0 <= avg.mean && avg.mean <= avg.ci95.1);
    let numbered = numbered_deals(&ra.deals);
    assert_eq!(numbered.first().map(|b| b.0), Some(1));
    assert_eq!(numbered.last().map(|b| b.0), Some(40));
}

#[wasm_bindgen_test]
fn progress_messages_carry_the_counts_and_limits() {
    let mut j = ScriptJob::new(STRONG_NORTH, [3; 32]).unwrap();
    assert!(!j.is_finished());
    j.step(10_000);
    match j.progress(9) {
        FromWorker::ScriptProgress {
            job,
            generated,
            produced,
            generate,
            produce,
        } => {
            assert_eq!(job, 9);
            assert_eq!((generated, produced), (j.generated(), j.produced()));
            assert!(generated <= 10_000 && generated > 0);
            assert_eq!((generate, produce), (2_000_000, 40));
        }
        other => panic!("{other:?}"),
    }
    // A timed slice grows the slice when it is quick (a clock that never moves).
    let before = j.slice_size();
    j.slice(|| 0.0);
    assert!(j.slice_size() >= before);
}

#[wasm_bindgen_test]
fn the_highlighted_copy_escapes_every_character_and_keeps_the_text() {
    let text = "# <b>&'\"\ncondition hcp(north) < 12 && \"x\" > 1\nprintes \"<i>\"\n";
    let html = render_string(text, &segments(text, &highlight(text), &check(text)));
    // Parsed back by the browser, the text is exactly the script's (plus the space that
    // keeps an empty last line's height), and no markup came from the script.
    let doc = web_sys::window().unwrap().document().unwrap();
    let pre = doc.create_element("pre").unwrap();
    pre.set_inner_html(&html);
    let shown = pre.text_content().unwrap_or_default();
    assert!(
        shown == text.to_string() + " " || shown == text,
        "{shown:?}"
    );
    assert_eq!(
        pre.query_selector_all("b, i").unwrap().length(),
        0,
        "{html}"
    );
    assert!(
        pre.query_selector_all("span").unwrap().length() > 5,
        "{html}"
    );
}
