//! Board conventions: vulnerability (and dealer) from the board number.
//!
//! Owns [`Vulnerability`] and the standard 16-board cycle: boards 1–16 are None, NS, EW, All,
//! NS, EW, All, None, EW, All, None, NS, All, None, NS, EW, then the cycle repeats. Dealer is
//! [`fairdeal_model::Seat::dealer_of_board`] (N, E, S, W repeating), re-exported as
//! [`dealer_of_board`].

use fairdeal_model::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who is vulnerable on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Vulnerability {
    /// Nobody.
    None,
    /// North–South only.
    NorthSouth,
    /// East–West only.
    EastWest,
    /// Both sides.
    All,
}

/// The vulnerability of boards 1..=16 in order.
const CYCLE: [Vulnerability; 16] = {
    use Vulnerability::{All, EastWest as E, None as O, NorthSouth as N};
    [O, N, E, All, N, E, All, O, E, All, O, N, All, O, N, E]
};

impl Vulnerability {
    /// The vulnerability of a board by the 16-board cycle (board 0 counts as board 16).
    pub const fn of_board(board: u32) -> Vulnerability {
        CYCLE[(board.wrapping_sub(1) % 16) as usize]
    }

    /// Is this seat's side vulnerable?
    pub const fn is_vulnerable(self, seat: Seat) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::All => true,
            Vulnerability::NorthSouth => matches!(seat, Seat::North | Seat::South),
            Vulnerability::EastWest => matches!(seat, Seat::East | Seat::West),
        }
    }

    /// The PBN `[Vulnerable]` spelling: `None`, `NS`, `EW`, `All`.
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::All => "All",
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pbn())
    }
}

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
    }
}
