//! In-browser tests of the field caps: every user-chosen size is refused with a message
//! naming the field before any work (no deal, no movement), on the Score setup form, the
//! Tournament page's boards and SquareDeal phases, and the Statistics deals field.

use fairdeal_app::pages::constrain::stats::parse_deals;
use fairdeal_app::pages::score::model::{EventKind, MovementChoice, Setup};
use fairdeal_app::pages::score::setup::build;
use fairdeal_app::pages::tournament::{session_range, MAX_SESSION_BOARDS};
use fairdeal_dealing::formats::FORMATS;
use fairdeal_dealing::squaredeal::Phases;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn setup(
    tables: &str,
    entrants: &str,
    boards: &str,
    movement: MovementChoice,
) -> Result<usize, String> {
    build("", EventKind::Pairs, movement, tables, entrants, boards, "").map(|e| e.rows.len())
}

#[wasm_bindgen_test]
fn score_setup_sizes_are_capped_at_the_field() {
    // 100 000 tables used to overflow a u32 inside the movement before the 2000 cap.
    let e = setup("100000", "4", "2", MovementChoice::Mitchell).unwrap_err();
    assert!(e.starts_with("Tables: 100000 is out of range"), "{e}");
    let e = setup("3", "4", "1000000", MovementChoice::Mitchell).unwrap_err();
    assert!(e.starts_with("Boards per round:"), "{e}");
    let e = setup("3", "100000", "2", MovementChoice::RoundRobin).unwrap_err();
    assert!(e.starts_with("Pairs or teams:"), "{e}");
    // Within the field caps but too many table rounds: refused before the movement.
    let e = setup("60", "4", "2", MovementChoice::Mitchell).unwrap_err();
    assert!(e.contains("3540 table rounds"), "{e}");
    assert_eq!(setup("3", "4", "2", MovementChoice::Mitchell), Ok(18));
    // The model refuses huge sizes by arithmetic alone (no movement is built).
    let huge = Setup {
        tables: 100_000,
        ..Setup::default()
    };
    assert!(huge.rows().unwrap_err().contains("table rounds"));
}

#[wasm_bindgen_test]
fn tournament_boards_are_checked_before_dealing() {
    let pbn = vec!["pbn".to_string()];
    let e = session_range("1", "4000000000", &pbn).unwrap_err();
    assert!(e.contains("at most 100"), "{e}");
    assert!(session_range("1", &MAX_SESSION_BOARDS.to_string(), &pbn).is_ok());
    assert!(
        session_range("91", "110", &pbn).is_ok(),
        "a count, not the highest board"
    );
    assert!(session_range("5", "4", &pbn).is_err());
    assert!(session_range("x", "4", &pbn)
        .unwrap_err()
        .starts_with("Boards:"));
    // A format's own highest board is checked at the field too.
    if let Some(f) = FORMATS.iter().find(|f| f.max_board.is_some()) {
        let max = f.max_board.unwrap_or(0);
        let e = session_range(
            &max.to_string(),
            &(max + 1).to_string(),
            &[f.name.to_string()],
        )
        .unwrap_err();
        assert!(e.contains(&format!("up to {max}")), "{e}");
    }
    // The page reads phases with the dealing crate's grammar (`Phases`).
    let e = "1000000000:1-16:x:big"
        .parse::<Phases>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("1 to 1000"), "{e}");
    assert!("2:1-16:x:fine".parse::<Phases>().is_ok());
}

#[wasm_bindgen_test]
fn statistics_deals_are_capped() {
    assert!(parse_deals("4000000000").is_err());
    assert!(parse_deals("0").is_err());
    assert_eq!(parse_deals("20,000"), Ok(20_000));
}
