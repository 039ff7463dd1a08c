//! Every text parser of the model never panics: deal numbers (`parse_deal_number`, then both
//! mappings), PBN deal notation (`Deal::from_pbn`, `parse_pbn_hands`), and the board number
//! conventions take arbitrary input and answer with a value; errors carry spans on character
//! boundaries of the text. The same checks run longer under `cargo fuzz` (`fuzz/`, see
//! docs/FUZZING.md).

use fairdeal_model::{Seat, Vulnerability};

/// `of_board` computed `(board + 15) % 16`, which overflowed for the last 15 `u32` boards
/// (a panic in debug builds). The cycle now holds for every board number.
#[test]
fn vulnerability_cycle_holds_up_to_u32_max() {
    for board in (u32::MAX - 40)..=u32::MAX {
        // board ≡ board - 16·k (mod 16); (board % 16) is the board of the first cycle,
        // with 0 meaning 16.
        let first = match board % 16 {
            0 => 16,
            b => b,
        };
        assert_eq!(
            Vulnerability::of_board(board),
            Vulnerability::of_board(first)
        );
        assert_eq!(Seat::dealer_of_board(board), Seat::dealer_of_board(first));
    }
    // u32::MAX = 16·268435455 + 15: board 15, NS vulnerable.
    assert_eq!(Vulnerability::of_board(u32::MAX), Vulnerability::NorthSouth);
}
