//! In-browser test that the Board sets page prints what `fairdeal print` writes: a file
//! imported by the page and printed with the page's choices (boards per page, practice seats,
//! large print, title, date) is byte for byte the HTML the CLI test checks for the same file
//! and the same options (crates/cli/tests/print.rs, `print_documents_are_the_shared_files`).

use fairdeal_app::pages::boards::state::{import, print_document};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Set 1's four boards, the file the CLI test prints.
const REF_PBN: &[u8] = include_bytes!("../../dealing/tests/data/set1/ref.pbn");

#[wasm_bindgen_test]
fn print_html_matches_the_cli() {
    let set = import("ref.pbn", REF_PBN);
    assert!(set.problems.is_empty(), "{:?}", set.problems);
    assert_eq!(set.boards.len(), 4);
    // `fairdeal print ref.pbn --per-page 2 --title "Club night" --date "25 November 2026"`
    let records = print_document(
        &set.boards,
        2,
        false,
        [false; 4],
        "Club night",
        "25 November 2026",
    );
    assert_eq!(
        records,
        include_str!("../../cli/tests/data/ref.print.html"),
        "hand records"
    );
    // `fairdeal print ref.pbn --per-page 1 --large --seats N,S --title Practice --date Wednesday`
    let sheets = print_document(
        &set.boards,
        1,
        true,
        [true, false, true, false],
        "Practice",
        "Wednesday",
    );
    assert_eq!(
        sheets,
        include_str!("../../cli/tests/data/ref.seats.print.html"),
        "practice sheets"
    );
}
