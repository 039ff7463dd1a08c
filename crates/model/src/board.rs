//! Board conventions: vulnerability and dealer by board number (the standard 16-board cycle).

use crate::card::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which sides are vulnerable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Vulnerability {
    /// Nobody vulnerable.
    None,
    /// North–South vulnerable.
    NorthSouth,
    /// East–West vulnerable.
    EastWest,
    /// Both sides vulnerable.
    Both,
}

impl Vulnerability {
    /// All four, in the order None, NS, EW, Both.
    pub const ALL: [Vulnerability; 4] = [
        Vulnerability::None,
        Vulnerability::NorthSouth,
        Vulnerability::EastWest,
        Vulnerability::Both,
    ];

    /// The vulnerability of a board by the standard cycle (board 1 None, 2 NS, 3 EW, 4 All, …;
    /// repeats every 16 boards).
    pub const fn of_board(board: u32) -> Vulnerability {
        // Board 1..=16, indexed by (board - 1) % 16.
        const CYCLE: [Vulnerability; 16] = [
            Vulnerability::None,
            Vulnerability::NorthSouth,
            Vulnerability::EastWest,
            Vulnerability::Both,
            Vulnerability::NorthSouth,
            Vulnerability::EastWest,
            Vulnerability::Both,
            Vulnerability::None,
            Vulnerability::EastWest,
            Vulnerability::Both,
            Vulnerability::None,
            Vulnerability::NorthSouth,
            Vulnerability::Both,
            Vulnerability::None,
            Vulnerability::NorthSouth,
            Vulnerability::EastWest,
        ];
        // `board % 16` first: `board + 15` would overflow for the last 15 `u32` boards.
        CYCLE[((board % 16 + 15) % 16) as usize]
    }

    /// True if the seat's side is vulnerable.
    pub const fn is_vulnerable(self, seat: Seat) -> bool {
        match self {
            Vulnerability::None => false,
            Vulnerability::Both => true,
            Vulnerability::NorthSouth => matches!(seat, Seat::North | Seat::South),
            Vulnerability::EastWest => matches!(seat, Seat::East | Seat::West),
        }
    }

    /// PBN spelling: `None`, `NS`, `EW`, `All`.
    pub const fn pbn(self) -> &'static str {
        match self {
            Vulnerability::None => "None",
            Vulnerability::NorthSouth => "NS",
            Vulnerability::EastWest => "EW",
            Vulnerability::Both => "All",
        }
    }

    /// Parses the PBN spellings (`None`/`Love`/`-`, `NS`, `EW`, `All`/`Both`), any case.
    pub fn from_pbn(s: &str) -> Option<Vulnerability> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" | "love" | "-" | "o" => Some(Vulnerability::None),
            "ns" | "n-s" => Some(Vulnerability::NorthSouth),
            "ew" | "e-w" => Some(Vulnerability::EastWest),
            "all" | "both" | "b" => Some(Vulnerability::Both),
            _ => None,
        }
    }
}

impl fmt::Display for Vulnerability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.pbn())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_cycle() {
        use Vulnerability::*;
        let expected = [
            None, NorthSouth, EastWest, Both, NorthSouth, EastWest, Both, None, EastWest, Both,
            None, NorthSouth, Both, None, NorthSouth, EastWest,
        ];
        for (i, v) in expected.iter().enumerate() {
            assert_eq!(Vulnerability::of_board(i as u32 + 1), *v, "board {}", i + 1);
            assert_eq!(
                Vulnerability::of_board(i as u32 + 17),
                *v,
                "board {}",
                i + 17
            );
        }
        assert!(Both.is_vulnerable(Seat::West));
        assert!(!NorthSouth.is_vulnerable(Seat::East));
        for v in Vulnerability::ALL {
            assert_eq!(Vulnerability::from_pbn(v.pbn()), Some(v));
        }
    }
}
