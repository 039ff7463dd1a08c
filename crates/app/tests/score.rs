//! In-browser tests of the Score page's plain-Rust parts: the reducer (edits, undo coalescing,
//! paste, save bookkeeping), the model (setup pre-fill, movement checks, rankings with ties,
//! teams), the exports (CSV/PBN read back by the engine) and IndexedDB persistence
//! (put/get/list/delete round trips in headless Chromium).

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
    });
    assert!(
        !s.is_saved(),
        "an older write does not mark the newest change saved"
    );
    s.apply(Action::Saved {
        id: "other".into(),
        rev,
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
    persist::put(&a).await.unwrap();
    persist::put(&b).await.unwrap();
    assert_eq!(persist::get(&a.id).await.unwrap(), Some(a.clone()));
    let list = persist::list().await.unwrap();
    let ia = list.iter().position(|s| s.id == a.id).unwrap();
    let ib = list.iter().position(|s| s.id == b.id).unwrap();
    assert!(ib < ia, "newest first");
    assert_eq!(list[ib].name, "Second");
    // Overwrite, then delete.
    a.event.rows[0].contract = "4H".into();
    persist::put(&a).await.unwrap();
    let got = persist::get(&a.id).await.unwrap().unwrap();
    assert_eq!(got.event.rows[0].contract, "4H");
    persist::delete(&a.id).await.unwrap();
    assert_eq!(persist::get(&a.id).await.unwrap(), None);
    assert!(persist::list().await.unwrap().iter().all(|s| s.id != a.id));
    persist::delete(&b.id).await.unwrap();
}

/// The write-ahead journal: written synchronously, read back, and preferred over the stored
/// copy only when it is the same event and newer.
#[wasm_bindgen_test]
fn journal_wins_only_when_newer() {
    use fairdeal_app::pages::score::model::Workbook;
    use fairdeal_app::pages::score::persist::{journal_read, journal_write, newer_of};
    let mut stored = Workbook::new("ev-1".into(), "Journal".into(), None, Vec::new());
    stored.updated = 100.0;
    let mut newer = stored.clone();
    newer.updated = 200.0;
    newer.event.name = "Journal (typed after the last save)".into();
    journal_write(&newer);
    let journal = journal_read().expect("journal readable");
    assert_eq!(journal, newer);
    let (book, from_journal) = newer_of(stored.clone(), Some(journal.clone()));
    assert!(from_journal);
    assert_eq!(book.event.name, newer.event.name);
    let mut older = journal.clone();
    older.updated = 50.0;
    assert!(!newer_of(stored.clone(), Some(older)).1);
    let mut other = journal;
    other.id = "ev-2".into();
    assert!(!newer_of(stored, Some(other)).1);
}
