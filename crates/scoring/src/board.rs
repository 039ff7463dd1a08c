//! Board conventions: vulnerability (and dealer) from the board number.
//!
//! [`Vulnerability`] is the model crate's type ([`fairdeal_model::Vulnerability`]), re-exported
//! so scoring code and its users name one type: the standard 16-board cycle, boards 1–16 None,
//! NS, EW, All, NS, EW, All, None, EW, All, None, NS, All, None, NS, EW, then the cycle repeats
//! ([`Vulnerability::of_board`], [`Vulnerability::is_vulnerable`]). Dealer is
//! [`fairdeal_model::Seat::dealer_of_board`] (N, E, S, W repeating), re-exported as
//! [`dealer_of_board`].

use fairdeal_model::Seat;
pub use fairdeal_model::Vulnerability;

/// The dealer of a board: N, E, S, W repeating from board 1.
pub const fn dealer_of_board(board: u32) -> Seat {
    Seat::dealer_of_board(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_matches_the_reference() {
        let text = "None NS EW All NS EW All None EW All None NS All None NS EW";
        for (i, want) in text.split(' ').enumerate() {
            let b = i as u32 + 1;
            assert_eq!(Vulnerability::of_board(b).pbn(), want, "board {b}");
            assert_eq!(
                Vulnerability::of_board(b + 16).pbn(),
                want,
                "board {}",
                b + 16
            );
        }
        assert_eq!(Vulnerability::of_board(0), Vulnerability::of_board(16));
        assert_eq!(dealer_of_board(5), Seat::North);
        assert!(Vulnerability::of_board(2).is_vulnerable(Seat::South));
        assert!(!Vulnerability::of_board(2).is_vulnerable(Seat::East));
        assert!(Vulnerability::of_board(4).is_vulnerable(Seat::West));
    }
}
