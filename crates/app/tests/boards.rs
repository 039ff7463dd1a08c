//! In-browser tests of the Board sets page's plain-Rust parts and its store: import with
//! problem lines, DD boards and results by position, one board as PBN, export prefixes and
//! print options; sets saved to `localStorage`, listed newest first, loaded back exactly (DD
//! tables included), updated, deleted, and sent from another page (pending, read once).

use fairdeal_app::board_sets::{
    boards_from_deals, delete, fresh_id, list, load, parse_index, save, send_to_board_sets,
    take_pending, update, SetMeta,
};
use fairdeal_app::pages::boards::state::{
    apply_dd, board_pbn, dd_boards, file_prefix, import, print_options,
};
use fairdeal_interop::print::{PerPage, Sheets};
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{pavlicek, Seat, Strain, Vulnerability};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const TWO: &[u8] = b"[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n\n[Board \"2\"]\n[Dealer \"X\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n";

fn table() -> DdTable {
    let mut t = [[0u8; 4]; 5];
    t[Strain::Notrump.index()][Seat::North.index()] = 13;
    DdTable::new(t).unwrap()
}

#[wasm_bindgen_test]
fn import_lists_problems_with_line_and_tag() {
    let got = import("club.pbn", TWO);
    assert_eq!(got.boards.len(), 2);
    assert_eq!(got.problems.len(), 1);
    assert!(
        got.problems[0].starts_with("Line 5 [Dealer]: "),
        "{:?}",
        got.problems
    );
    let lin = import("x.lin", b"qx|o1|md|1SAKQJHAKQDAKQCAKQ,,,|");
    assert_eq!(lin.boards.len(), 1);
}

#[wasm_bindgen_test]
fn dd_boards_skip_partial_deals_and_results_land_by_position() {
    let mut boards = import("club.pbn", TWO).boards;
    let dd = dd_boards(&boards);
    assert_eq!(dd.len(), 1);
    assert_eq!(dd[0].0, 0);
    // Board 1: vulnerability and dealer follow the number when the file has none.
    assert_eq!((dd[0].2, dd[0].3), (Vulnerability::None, Seat::North));
    let par = Par {
        ns_score: 1520,
        contracts: vec![],
    };
    assert_eq!(
        apply_dd(&mut boards, &[(0, table(), par.clone()), (9, table(), par)]),
        1
    );
    assert_eq!(boards[0].dd, Some(table()));
    assert!(boards[1].dd.is_none());
}

#[wasm_bindgen_test]
fn board_pbn_is_one_game_without_header() {
    let boards = import("club.pbn", TWO).boards;
    let text = board_pbn(&boards[0]);
    assert!(text.starts_with("[Event \"?\"]"), "{text}");
    assert_eq!(text.matches("[Board ").count(), 1);
}

#[wasm_bindgen_test]
fn prefixes_and_print_options() {
    assert_eq!(file_prefix("club night.pbn"), "club-night");
    assert_eq!(file_prefix("???"), "boards");
    let o = print_options(6, false, [true, false, true, false], " Club ", "");
    assert_eq!(o.sheets, Sheets::Seats(vec![Seat::North, Seat::South]));
    assert_eq!(o.per_page, PerPage::Six);
    assert_eq!(o.title.as_deref(), Some("Club"));
    assert_eq!(o.date, None);
    assert_eq!(
        print_options(3, true, [false; 4], "", "").sheets,
        Sheets::HandRecords
    );
}

#[wasm_bindgen_test]
fn index_text_and_ids() {
    let index = vec![SetMeta {
        id: "ff-0".into(),
        name: "club.pbn".into(),
        boards: 24,
    }];
    let text = serde_json::to_string(&index).unwrap();
    assert_eq!(parse_index(Some(&text)), index);
    assert!(parse_index(Some("{not json")).is_empty());
    assert_eq!(fresh_id(&index, 255), "ff-1");
    assert_eq!(fresh_id(&[], 255), "ff-0");
}

#[wasm_bindgen_test]
fn sets_are_stored_listed_loaded_updated_sent_and_deleted() {
    for m in list() {
        delete(&m.id).unwrap();
    }
    let deals: Vec<_> = (1..=3)
        .map(|n| (n, pavlicek::deal_from_number(u128::from(n) * 977).unwrap()))
        .collect();
    let mut boards = boards_from_deals(&deals, Some("Club"));
    assert_eq!(boards[1].dealer, Some(Seat::East));
    assert_eq!(boards[1].vulnerability, Some(Vulnerability::NorthSouth));
    let a = save("a.pbn", &boards).unwrap();
    let b = save("b.pbn", &boards[..1]).unwrap();
    let names: Vec<String> = list().into_iter().map(|m| m.name).collect();
    assert_eq!(names, ["b.pbn", "a.pbn"]);
    assert_eq!(load(&a.id).unwrap(), boards);
    boards[0].dd = Some(table());
    boards[0].par = Some(Par {
        ns_score: 1520,
        contracts: vec![],
    });
    update(&a.id, &boards).unwrap();
    assert_eq!(load(&a.id).unwrap(), boards, "DD table and par kept");
    let sent = send_to_board_sets("Deal page", boards.clone()).unwrap();
    assert_eq!(take_pending(), Some(sent.clone()));
    assert_eq!(take_pending(), None, "read once");
    delete(&b.id).unwrap();
    let ids: Vec<String> = list().into_iter().map(|m| m.id).collect();
    assert_eq!(ids, [sent, a.id]);
    assert!(load(&b.id).is_none());
}
