//! In-browser tests of the Score page's plain-Rust parts: the reducer (edits, undo coalescing,
//! paste, save bookkeeping), the model (setup pre-fill, movement checks, rankings with ties,
//! teams), the exports (CSV/PBN read back by the engine, formula-like cells neutralised) and
//! IndexedDB persistence (round trips, revision-checked writes, entries needing repair, the
//! journal's rules, workbook versions) in headless Chromium; the build's worker names.

use fairdeal_app::pages::score::export::{results_csv, results_pbn};
use fairdeal_app::pages::score::model::{score, EventKind, MovementChoice, Setup, Workbook};
use fairdeal_app::pages::score::persist;
use fairdeal_app::pages::score::setup::build;
use fairdeal_app::pages::score::state::{paste_lines, Action, ScoreState};
use fairdeal_scoring::read::read_results;
use fairdeal_scoring::{Column, Method, ResultRow};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mitchell(tables: u32, boards: u32) -> Workbook {
    let setup = Setup {
        tables,
        boards_per_round: boards,
        ..Setup::default()
    };
    let rows = setup.rows().expect("a valid Mitchell");
    Workbook::new("t1".into(), "Test".into(), Some(setup), rows)
}

fn open(book: Workbook) -> ScoreState {
    let mut s = ScoreState::default();
    s.apply(Action::Open(book));
    s
}

fn set(s: &mut ScoreState, row: usize, column: Column, text: &str) {
    s.apply(Action::SetCell {
        row,
        column,
        text: text.into(),
    });
}

fn rows(s: &ScoreState) -> &Vec<ResultRow> {
    &s.book.as_ref().unwrap().event.rows
}

#[wasm_bindgen_test]
fn typing_one_cell_is_one_undo_step_and_redo_restores_it() {
    let mut s = open(mitchell(3, 2));
    assert!(s.is_saved() && !s.can_undo());
    for t in ["4", "4S", "4SX"] {
        set(&mut s, 0, Column::Contract, t);
    }
    set(&mut s, 0, Column::Declarer, "S");
    assert_eq!(s.rev, 4);
    assert!(!s.is_saved());
    s.apply(Action::Undo);
    assert_eq!(rows(&s)[0].declarer, "");
    assert_eq!(rows(&s)[0].contract, "4SX");
    s.apply(Action::Undo);
    assert_eq!(
        rows(&s)[0].contract,
        "",
        "the three keystrokes undo together"
    );
    assert!(!s.can_undo());
    s.apply(Action::Redo);
    s.apply(Action::Redo);
    assert_eq!(rows(&s)[0].contract, "4SX");
    assert_eq!(rows(&s)[0].declarer, "S");
    // A new edit forgets the redo steps.
    s.apply(Action::Undo);
    set(&mut s, 0, Column::Result, "=");
    assert!(!s.can_redo());
}

#[wasm_bindgen_test]
fn saved_tracks_the_completed_write_of_the_newest_change() {
    let mut s = open(mitchell(3, 2));
    set(&mut s, 0, Column::Contract, "3NT");
    set(&mut s, 0, Column::Declarer, "N");
    let rev = s.rev;
    s.apply(Action::Saved {
        id: "t1".into(),
        rev: rev - 1,
        revision: 1,
    });
    assert!(
        !s.is_saved(),
        "an older write does not mark the newest change saved"
    );
    s.apply(Action::Saved {
        id: "other".into(),
        rev,
        revision: 1,
    });
    assert!(!s.is_saved(), "a write of another event does not count");
    s.apply(Action::SaveFailed {
        id: "t1".into(),
        message: "quota".into(),
    });
    assert_eq!(s.save_error.as_deref(), Some("quota"));
    s.apply(Action::Saved {
        id: "t1".into(),
        rev,
        revision: 1,
    });
    assert!(s.is_saved());
    assert_eq!(s.save_error, None);
    let mut c = ScoreState::default();
    c.apply(Action::Create(mitchell(3, 1)));
    assert!(!c.is_saved(), "a new event still has to be written");
}

#[wasm_bindgen_test]
fn paste_fills_from_the_cell_and_grows_the_grid() {
    let mut s = open(mitchell(3, 2));
    let n = rows(&s).len();
    let text = "4S\tS\t=\r\n3NT\tN\t+1\n\n";
    assert_eq!(paste_lines(text).len(), 2);
    s.apply(Action::Paste {
        row: 0,
        column: Column::Contract,
        text: text.into(),
    });
    assert_eq!(rows(&s)[0].contract, "4S");
    assert_eq!(rows(&s)[1].result, "+1");
    assert_eq!(rows(&s)[1].board, "1", "cells left of the paste are kept");
    s.apply(Action::Paste {
        row: n - 1,
        column: Column::Board,
        text: "9\t1\t2\n9\t3\t1".into(),
    });
    assert_eq!(rows(&s).len(), n + 1);
    assert_eq!(rows(&s)[n].ns, "3");
    s.apply(Action::Undo);
    assert_eq!(rows(&s).len(), n);
    // Out-of-range edits are ignored, not a panic.
    set(&mut s, 10_000, Column::Contract, "1C");
    s.apply(Action::DeleteRow(10_000));
    assert_eq!(rows(&s).len(), n);
}

#[wasm_bindgen_test]
fn mitchell_prefill_scores_and_ties_show_equal_ranks() {
    // 3 tables × 2 boards: boards 1-6, each played 3 times.
    let mut s = open(mitchell(3, 2));
    assert_eq!(rows(&s).len(), 18);
    let book = s.book.clone().unwrap();
    let pending = score(&book);
    assert!(
        pending.messages.is_empty(),
        "empty pre-filled rows show no errors"
    );
    assert!(pending.results.is_empty());
    // Board 1, three tables: 4S= by S, 4S= by S, 4S-1 by S.
    let b1: Vec<usize> = (0..rows(&s).len())
        .filter(|&i| rows(&s)[i].board == "1")
        .collect();
    assert_eq!(b1.len(), 3);
    for (k, &i) in b1.iter().enumerate() {
        set(&mut s, i, Column::Contract, "4S");
        set(&mut s, i, Column::Declarer, "S");
        set(&mut s, i, Column::Result, if k == 2 { "-1" } else { "=" });
    }
    let sc = score(s.book.as_ref().unwrap());
    assert!(sc.messages.is_empty(), "{:?}", sc.messages);
    assert_eq!(sc.results.len(), 3);
    assert_eq!(sc.results[0].ns_score, Some(420));
    let mp = sc.ranking(Method::Matchpoints).unwrap();
    assert!(mp.two_winners);
    let ns: Vec<String> = mp
        .standings
        .iter()
        .filter(|x| x.direction == Some(fairdeal_scoring::Direction::NorthSouth))
        .map(|x| x.rank_text())
        .collect();
    assert_eq!(ns, ["1=", "1=", "3"]);
    assert_eq!(sc.rankings.len(), 5, "every method is ranked");
}

#[wasm_bindgen_test]
fn cell_messages_name_the_cell_with_the_engine_message() {
    let mut s = open(mitchell(3, 2));
    set(&mut s, 0, Column::Contract, "8S");
    set(&mut s, 1, Column::Contract, "1NT");
    set(&mut s, 1, Column::Declarer, "N");
    set(&mut s, 1, Column::Result, "+7");
    // Board 1 is played by NS 1, 2, 3; pair 9 is not in this round.
    set(&mut s, 2, Column::Ns, "9");
    set(&mut s, 2, Column::Contract, "2H");
    set(&mut s, 2, Column::Declarer, "E");
    set(&mut s, 2, Column::Result, "=");
    let sc = score(s.book.as_ref().unwrap());
    let at = |row: usize, col: Column| {
        sc.messages
            .iter()
            .find(|m| m.row == row && m.column == col)
            .map(|m| m.text.clone())
            .unwrap_or_default()
    };
    assert!(!at(0, Column::Contract).is_empty(), "{:?}", sc.messages);
    assert!(!at(1, Column::Result).is_empty(), "{:?}", sc.messages);
    assert!(at(2, Column::Ns).contains("pair 9"), "{:?}", sc.messages);
    assert!(sc.results.is_empty());
    // A board entered twice.
    let mut s = open(mitchell(3, 2));
    for i in [0, 1] {
        set(&mut s, i, Column::Ns, "1");
        set(&mut s, i, Column::Ew, "1");
        set(&mut s, i, Column::Score, "100");
    }
    let sc = score(s.book.as_ref().unwrap());
    assert!(
        sc.messages
            .iter()
            .any(|m| m.row == 1 && m.text.contains("already has a result")),
        "{:?}",
        sc.messages
    );
}

#[wasm_bindgen_test]
fn setups_from_the_form_and_their_errors() {
    let e = build(
        "",
        EventKind::Pairs,
        MovementChoice::Mitchell,
        "4",
        "",
        "3",
        "",
    )
    .unwrap();
    assert_eq!(
        e.rows.len(),
        4 * 3 * 3,
        "4 tables with the skip play 3 rounds"
    );
    let e = build(
        "RR",
        EventKind::Pairs,
        MovementChoice::RoundRobin,
        "",
        "5",
        "2",
        "",
    )
    .unwrap();
    assert_eq!(e.name, "RR");
    assert!(build(
        "",
        EventKind::Pairs,
        MovementChoice::Mitchell,
        "x",
        "",
        "2",
        ""
    )
    .is_err());
    assert!(build(
        "",
        EventKind::Pairs,
        MovementChoice::Mitchell,
        "3",
        "",
        "0",
        ""
    )
    .is_err());
    assert!(build(
        "",
        EventKind::Pairs,
        MovementChoice::Mitchell,
        "3",
        "",
        "2",
        "7"
    )
    .is_err());
    let arrow = build(
        "",
        EventKind::Pairs,
        MovementChoice::Mitchell,
        "3",
        "",
        "2",
        "3",
    )
    .unwrap();
    assert!(
        arrow.rows.iter().any(|r| r.ns == "4"),
        "arrow switch puts an EW pair NS"
    );
    let teams = build(
        "",
        EventKind::Teams,
        MovementChoice::Mitchell,
        "",
        "4",
        "2",
        "",
    )
    .unwrap();
    assert_eq!(
        teams.rows.len(),
        3 * 2 * 2 * 2,
        "two rooms per board of each match"
    );
}

#[wasm_bindgen_test]
fn teams_match_is_imped_and_ranked_in_vps() {
    let e = build(
        "",
        EventKind::Teams,
        MovementChoice::Mitchell,
        "",
        "2",
        "1",
        "",
    )
    .unwrap();
    let mut s = ScoreState::default();
    s.apply(Action::Create(Workbook::new(
        "tm".into(),
        e.name,
        Some(e.setup),
        e.rows,
    )));
    assert_eq!(rows(&s).len(), 2);
    // Team 1 (home: the lower number) sits NS in the open room.
    let open_room = rows(&s).iter().position(|r| r.ns == "1").unwrap();
    set(&mut s, open_room, Column::Score, "620");
    set(&mut s, 1 - open_room, Column::Score, "-170");
    let sc = score(s.book.as_ref().unwrap());
    assert!(sc.messages.is_empty(), "{:?}", sc.messages);
    assert_eq!(sc.matches.len(), 1);
    let m = &sc.matches[0].m;
    assert_eq!(
        (m.home.as_str(), m.home_imps, m.away_imps),
        ("1", 13, 0),
        "620 in one room, +170 for team 1 in the other: 790, 13 IMPs"
    );
    assert_eq!(sc.team_imps.get(&open_room), Some(&13));
    assert_eq!(sc.team_standings[0].rank_text(), "1");
    assert!(sc.matches[0].vp.0 > 10.0);
    // The field comparison across every table of the board (by hand): 620 beats −170, so
    // 100 % and 0 %; Butler datum of two results (nothing trimmed) is (620 − 170)/2 = 225 →
    // 230 (nearest ten, halves up); 620 − 230 = 390 → +9 IMPs, −170 − 230 = −400 → −9.
    let f = |row: usize| sc.team_field.get(&row).copied().unwrap();
    assert_eq!((f(open_room).ns_percent, f(open_room).butler), (100.0, 9));
    assert_eq!(
        (f(1 - open_room).ns_percent, f(1 - open_room).butler),
        (0.0, -9)
    );
}

#[wasm_bindgen_test]
fn exports_read_back_with_the_engine_readers() {
    let mut s = open(mitchell(3, 1));
    set(&mut s, 0, Column::Contract, "4SX");
    set(&mut s, 0, Column::Declarer, "S");
    set(&mut s, 0, Column::Result, "-2");
    set(&mut s, 1, Column::Contract, "pass");
    let book = s.book.clone().unwrap();
    let csv = results_csv(&book.event);
    let back = read_results(&csv);
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!(back.event.rows.len(), book.event.rows.len());
    assert_eq!(back.event.rows[0].contract, "4SX");
    let sc = score(&book);
    let pbn = results_pbn(&book.event, &sc);
    assert!(pbn.contains("[ScoreTable"));
    let back = read_results(&pbn);
    assert!(back.problems.is_empty(), "{:?}", back.problems);
    assert_eq!(back.event.rows.len(), 2);
    assert_eq!(
        back.event.rows[0].score, "-300",
        "4SX-2 doubled, not vulnerable: NS -300"
    );
    // Workbook JSON round trip, and a bare engine event is accepted.
    let again = Workbook::from_json(&book.to_json(), "x".into()).unwrap();
    assert_eq!(again, book);
    let bare = Workbook::from_json(&book.event.to_json(), "x".into()).unwrap();
    assert_eq!(bare.event, book.event);
    assert!(Workbook::from_json("{\"format\":\"nope\",\"version\":1}", "x".into()).is_err());
    assert!(Workbook::from_json("not json", "x".into()).is_err());
}

#[wasm_bindgen_test]
async fn indexeddb_put_get_list_delete() {
    let mut a = mitchell(3, 1);
    a.id = format!("test-{}", persist::new_id());
    a.updated = 1.0;
    a.event.rows[0].contract = "3NT".into();
    let mut b = a.clone();
    b.id = format!("test-{}", persist::new_id());
    b.event.name = "Second".into();
    b.updated = 2.0;
    assert_eq!(persist::put(&a, 0).await, Ok(1));
    assert_eq!(persist::put(&b, 0).await, Ok(1));
    let got = persist::get(&a.id).await.unwrap().unwrap();
    assert_eq!((got.revision, got.event.clone()), (1, a.event.clone()));
    assert_eq!(got.writer, persist::session_id());
    let list = persist::list().await.unwrap().events;
    let ia = list.iter().position(|s| s.id == a.id).unwrap();
    let ib = list.iter().position(|s| s.id == b.id).unwrap();
    assert!(ib < ia, "newest first");
    assert_eq!(list[ib].name, "Second");
    // Overwrite on top of revision 1, then delete.
    a.event.rows[0].contract = "4H".into();
    assert_eq!(persist::put(&a, 1).await, Ok(2));
    let got = persist::get(&a.id).await.unwrap().unwrap();
    assert_eq!(got.event.rows[0].contract, "4H");
    persist::delete(&a.id).await.unwrap();
    assert_eq!(persist::get(&a.id).await.unwrap(), None);
    assert!(persist::list()
        .await
        .unwrap()
        .events
        .iter()
        .all(|s| s.id != a.id));
    persist::delete(&b.id).await.unwrap();
}

/// Two tabs on one event: a write based on an older revision is refused (nothing written),
/// and a write to a deleted event does not bring it back.
#[wasm_bindgen_test]
async fn a_stale_write_is_refused_and_never_overwrites() {
    let mut a = mitchell(3, 1);
    a.id = format!("test-{}", persist::new_id());
    assert_eq!(persist::put(&a, 0).await, Ok(1));
    let mut tab1 = a.clone();
    tab1.event.rows[0].contract = "3NT".into();
    let mut tab2 = a.clone();
    tab2.event.rows[0].contract = "7NT".into();
    assert_eq!(persist::put(&tab1, 1).await, Ok(2));
    assert_eq!(
        persist::put(&tab2, 1).await,
        Err(persist::PutError::Stale { stored: Some(2) })
    );
    let got = persist::get(&a.id).await.unwrap().unwrap();
    assert_eq!(
        got.event.rows[0].contract, "3NT",
        "the stale tab did not overwrite"
    );
    // A new event cannot be created over an existing one either.
    assert!(matches!(
        persist::put(&tab2, 0).await,
        Err(persist::PutError::Stale { .. })
    ));
    persist::delete(&a.id).await.unwrap();
    assert_eq!(
        persist::put(&tab1, 2).await,
        Err(persist::PutError::Stale { stored: None })
    );
    assert_eq!(persist::get(&a.id).await.unwrap(), None, "stays deleted");
}

/// A damaged entry and one of a future version are listed as needing repair, with their
/// exact stored text; readable events are still listed.
#[wasm_bindgen_test]
async fn unreadable_entries_are_listed_with_their_raw_text() {
    use wasm_bindgen::JsCast;
    let db = persist::open().await.unwrap();
    let tx = db
        .transaction_with_str_and_mode(persist::STORE, web_sys::IdbTransactionMode::Readwrite)
        .unwrap();
    let st = tx.object_store(persist::STORE).unwrap();
    let (bad, future) = (
        format!("test-bad-{}", persist::new_id()),
        format!("test-future-{}", persist::new_id()),
    );
    let future_text =
        format!("{{\"format\":\"fairdeal-score-workbook\",\"version\":99,\"id\":\"{future}\"}}");
    st.put_with_key(
        &"{\"format\": \"fairdeal-score-wo".into(),
        &bad.clone().into(),
    )
    .unwrap();
    st.put_with_key(&future_text.clone().into(), &future.clone().into())
        .unwrap();
    let done = js_sys::Promise::new(&mut |resolve, _| {
        tx.set_oncomplete(Some(resolve.unchecked_ref()));
    });
    wasm_bindgen_futures::JsFuture::from(done).await.unwrap();
    let listing = persist::list().await.unwrap();
    let b = listing
        .broken
        .iter()
        .find(|b| b.id == bad)
        .expect("damaged entry listed");
    assert_eq!(b.raw, "{\"format\": \"fairdeal-score-wo");
    assert!(b.reason.contains("not a Fair Deal"), "{}", b.reason);
    let f = listing
        .broken
        .iter()
        .find(|b| b.id == future)
        .expect("future version listed");
    assert_eq!(f.raw, future_text);
    assert!(f.reason.contains("version 99"), "{}", f.reason);
    persist::delete(&bad).await.unwrap();
    persist::delete(&future).await.unwrap();
}

/// The write-ahead journal: written synchronously, read back, and preferred over the stored
/// copy only when it holds an edit that never reached storage: same event, newer, and made
/// on top of the stored revision or by the tab that made the stored write.
#[wasm_bindgen_test]
fn journal_applies_only_to_unsaved_edits_of_a_current_tab() {
    use persist::{journal_applies, journal_clear, journal_read, journal_write, newer_of};
    let mut stored = Workbook::new("ev-1".into(), "Journal".into(), None, Vec::new());
    stored.updated = 100.0;
    stored.revision = 4;
    stored.writer = "other-tab".into();
    let mut newer = stored.clone();
    newer.updated = 200.0;
    newer.event.name = "Journal (typed after the last save)".into();
    journal_write(&newer, 4).unwrap();
    let journal = journal_read("ev-1").expect("journal readable");
    assert_eq!(
        (journal.revision, &journal.writer),
        (4, &persist::session_id())
    );
    let (book, from_journal) = newer_of(stored.clone(), Some(journal.clone()));
    assert!(from_journal);
    assert_eq!(
        (book.event.name.as_str(), book.revision),
        (newer.event.name.as_str(), 4)
    );
    // Older than the stored copy, another event, or a stale tab's (based on revision 3
    // while another tab wrote 4): never.
    let mut older = journal.clone();
    older.updated = 50.0;
    assert!(!journal_applies(&stored, &older));
    let mut other = journal.clone();
    other.id = "ev-2".into();
    assert!(!journal_applies(&stored, &other));
    let mut stale = journal.clone();
    stale.revision = 3;
    assert!(!journal_applies(&stored, &stale));
    // This tab's own later edit while its write of revision 5 was in flight: applies.
    let mut mine = stored.clone();
    mine.revision = 5;
    mine.writer = persist::session_id();
    assert!(journal_applies(&mine, &journal));
    journal_clear("ev-1");
    assert_eq!(journal_read("ev-1"), None);
}

/// Stored workbooks of every version: version 1 (no revision) migrates, version 2 reads,
/// later versions and damaged text are errors that say why.
#[wasm_bindgen_test]
fn workbook_versions_migrate_or_say_why_not() {
    let v1 = r#"{"format":"fairdeal-score-workbook","version":1,"id":"e1","updated":5.0,"setup":null,"event":{"format":"fairdeal-scoring-event","version":1,"name":"Old club night","rows":[]}}"#;
    let book = Workbook::from_json(v1, String::new()).expect("version 1 migrates");
    assert_eq!(
        (
            book.version,
            book.revision,
            book.id.as_str(),
            book.event.name.as_str(),
            book.updated
        ),
        (2, 0, "e1", "Old club night", 5.0)
    );
    let mut w = mitchell(3, 1);
    w.revision = 7;
    w.writer = "tab".into();
    let v2 = w.to_json();
    assert!(v2.contains("\"version\":2"), "{v2}");
    assert_eq!(Workbook::from_json(&v2, String::new()).unwrap(), w);
    let v3 = v2.replace("\"version\":2", "\"version\":3");
    let e = Workbook::from_json(&v3, String::new()).unwrap_err();
    assert!(e.contains("version 3") && e.contains("1 to 2"), "{e}");
    assert!(Workbook::from_json(&v2[..v2.len() / 2], String::new()).is_err());
}

/// Once another tab changed the event, edits are refused (the tab must reload).
#[wasm_bindgen_test]
fn a_stale_tab_refuses_edits() {
    let mut s = open(mitchell(3, 1));
    set(&mut s, 0, Column::Contract, "3NT");
    s.apply(Action::Stale {
        id: "t1".into(),
        message: "changed in another tab".into(),
    });
    let before = s.clone();
    set(&mut s, 0, Column::Contract, "7NT");
    s.apply(Action::AddRow);
    s.apply(Action::Undo);
    s.apply(Action::Rename("x".into()));
    assert_eq!(s, before);
    assert_eq!(s.stale.as_deref(), Some("changed in another tab"));
}

/// Spreadsheet formulas in a name are neutralised in the CSV export.
#[wasm_bindgen_test]
fn csv_export_neutralises_formula_like_names() {
    let mut w = mitchell(3, 1);
    w.event.rows[0].ns = "=HYPERLINK(\"http://x\")".into();
    w.event.rows[0].ew = "@SUM(A1)".into();
    w.event.rows[0].contract = "4S".into();
    w.event.rows[0].declarer = "S".into();
    w.event.rows[0].result = "=".into();
    let csv = results_csv(&w.event);
    let line = csv.lines().nth(1).unwrap();
    assert!(line.contains("\"'=HYPERLINK(\"\"http://x\"\")\""), "{line}");
    assert!(line.contains(",'@SUM(A1),"), "{line}");
    assert!(line.contains(",4S,S,=,"), "results stay readable: {line}");
}

/// The worker URL comes from the build's `fairdeal-workers` meta (hashed names).
#[wasm_bindgen_test]
fn worker_urls_come_from_the_build_meta() {
    use fairdeal_app::worker::link::worker_url_in;
    let meta =
        "fairdeal-worker=/fairdeal-worker-0123abcd.js;fairdeal-dd-worker=/fairdeal-dd-worker-99.js";
    assert_eq!(
        worker_url_in(meta, "fairdeal-dd-worker").as_deref(),
        Some("/fairdeal-dd-worker-99.js")
    );
    assert_eq!(
        worker_url_in(meta, "fairdeal-worker").as_deref(),
        Some("/fairdeal-worker-0123abcd.js")
    );
    assert_eq!(worker_url_in(meta, "other"), None);
    assert_eq!(
        worker_url_in(
            "fairdeal-worker=https://evil.example/w.js",
            "fairdeal-worker"
        ),
        None
    );
    assert_eq!(
        worker_url_in("fairdeal-worker=//evil.example/w.js", "fairdeal-worker"),
        None
    );
}

/// A journal the browser refuses (over the localStorage quota) is an error the page shows,
/// not silently dropped.
#[wasm_bindgen_test]
fn a_refused_journal_write_is_an_error() {
    let mut big = Workbook::new("ev-big".into(), String::new(), None, Vec::new());
    big.event.name = "x".repeat(12 * 1024 * 1024);
    let e = persist::journal_write(&big, 0).unwrap_err();
    assert!(e.contains("edit journal"), "{e}");
    assert_eq!(persist::journal_read("ev-big"), None);
}

/// A workbook created by the page's own form (`build` with these fields), with every row of
/// a shared results file typed into its pre-filled row (same board, NS and EW).
fn typed_in(
    id: &str,
    kind: EventKind,
    tables: &str,
    teams: &str,
    per_round: &str,
    file: &fairdeal_scoring::read::ReadOutcome,
) -> ScoreState {
    let e = build(
        "",
        kind,
        MovementChoice::Mitchell,
        tables,
        teams,
        per_round,
        "",
    )
    .unwrap();
    let mut s = ScoreState::default();
    s.apply(Action::Create(Workbook::new(
        id.into(),
        e.name,
        Some(e.setup),
        e.rows,
    )));
    for typed in &file.event.rows {
        let at = rows(&s)
            .iter()
            .position(|r| (&r.board, &r.ns, &r.ew) == (&typed.board, &typed.ns, &typed.ew))
            .unwrap_or_else(|| panic!("no pre-filled row for {typed:?}"));
        for c in [
            Column::Contract,
            Column::Declarer,
            Column::Result,
            Column::Lead,
            Column::Score,
            Column::Adj,
        ] {
            set(&mut s, at, c, c.cell(typed));
        }
    }
    s
}

/// The shared team event of fairdeal-scoring's tests (worked out by hand in its comments),
/// typed into a teams round robin made by the page's form: the page's team results are the
/// report `fairdeal score --method teams --boards` prints for the same file.
#[wasm_bindgen_test]
fn teams_results_match_the_cli_on_the_shared_event() {
    use fairdeal_scoring::read::read_csv;
    use fairdeal_scoring::team_event::{write_team_csv, TeamScore};
    let file = read_csv(include_str!("../../scoring/tests/data/teams.csv"));
    assert!(file.problems.is_empty(), "{:?}", file.problems);
    let s = typed_in("teams", EventKind::Teams, "", "3", "2", &file);
    assert_eq!(rows(&s).len(), file.event.rows.len(), "one row per room");
    let sc = score(s.book.as_ref().unwrap());
    assert!(sc.messages.is_empty(), "{:?}", sc.messages);
    let page = TeamScore {
        results: sc.results.clone(),
        matches: sc.matches.clone(),
        standings: sc.team_standings.clone(),
        board_imps: sc.team_imps.clone(),
        field: sc.team_field.clone(),
        notes: Vec::new(),
    };
    assert_eq!(
        write_team_csv(&page, true),
        include_str!("../../scoring/tests/data/teams.expected.csv")
    );
}

/// The shared pairs event of fairdeal-scoring's tests (worked out by hand in its comments),
/// typed into a five-table Mitchell made by the page's form: for matchpoints, Butler and
/// cross-IMPs, the page's ranking and per-result points, written as `fairdeal score --field
/// two --method M --boards` writes them (results in the file's order), are the CLI's reports.
#[wasm_bindgen_test]
fn pairs_results_match_the_cli_on_the_shared_event() {
    use fairdeal_scoring::read::read_csv;
    use fairdeal_scoring::{write_pairs_csv, EventScore};
    let file = read_csv(include_str!("../../scoring/tests/data/pairs.csv"));
    assert!(file.problems.is_empty(), "{:?}", file.problems);
    let s = typed_in("pairs", EventKind::Pairs, "5", "", "1", &file);
    let book = s.book.as_ref().unwrap();
    let sc = score(book);
    assert!(sc.messages.is_empty(), "{:?}", sc.messages);
    // The CLI lists results by board, then in the file's order.
    let file_order = |board: u32, ns: &str, ew: &str| {
        file.event
            .rows
            .iter()
            .position(|r| r.board == board.to_string() && r.ns == ns && r.ew == ew)
            .unwrap_or_else(|| panic!("board {board}, NS {ns} v EW {ew} is not in the file"))
    };
    // The CLI's report, from the page's results put in the file's row order.
    let report = |x: &EventScore| {
        let mut x = x.clone();
        for r in &mut x.results {
            r.row = file_order(r.board, &r.ns, &r.ew);
        }
        write_pairs_csv(&x, true)
    };
    for (method, expected) in [
        (
            Method::Matchpoints,
            include_str!("../../scoring/tests/data/pairs.mp.expected.csv"),
        ),
        (
            Method::Butler,
            include_str!("../../scoring/tests/data/pairs.butler.expected.csv"),
        ),
        (
            Method::CrossImps,
            include_str!("../../scoring/tests/data/pairs.cross-imps.expected.csv"),
        ),
    ] {
        let page = sc.ranking(method).expect("every pairs method is scored");
        assert_eq!(report(page), expected, "{method:?}");
    }
}
