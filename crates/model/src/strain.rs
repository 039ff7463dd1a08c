//! [`Strain`]: a denomination — one of the four suits or notrump — as contracts and
//! double-dummy tables name it.

use crate::Suit;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A denomination: a suit or notrump. Ordered as in bidding (♣ < ♦ < ♥ < ♠ < NT).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Strain {
    /// ♣
    Clubs,
    /// ♦
    Diamonds,
    /// ♥
    Hearts,
    /// ♠
    Spades,
    /// Notrump.
    Notrump,
}

impl Strain {
    /// All strains in ascending bidding order.
    pub const ASC: [Strain; 5] = [
        Strain::Clubs,
        Strain::Diamonds,
        Strain::Hearts,
        Strain::Spades,
        Strain::Notrump,
    ];

    /// Position in [`Strain::ASC`] (♣ = 0 … NT = 4).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The short letter(s) used in contract text: `C D H S NT`.
    pub const fn text(self) -> &'static str {
        match self {
            Strain::Clubs => "C",
            Strain::Diamonds => "D",
            Strain::Hearts => "H",
            Strain::Spades => "S",
            Strain::Notrump => "NT",
        }
    }

    /// The suit, or `None` for notrump.
    pub const fn suit(self) -> Option<Suit> {
        match self {
            Strain::Clubs => Some(Suit::Clubs),
            Strain::Diamonds => Some(Suit::Diamonds),
            Strain::Hearts => Some(Suit::Hearts),
            Strain::Spades => Some(Suit::Spades),
            Strain::Notrump => None,
        }
    }
}

impl From<Suit> for Strain {
    fn from(s: Suit) -> Strain {
        match s {
            Suit::Spades => Strain::Spades,
            Suit::Hearts => Strain::Hearts,
            Suit::Diamonds => Strain::Diamonds,
            Suit::Clubs => Strain::Clubs,
        }
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_follows_bidding_order_and_suits_map_back() {
        for (i, s) in Strain::ASC.iter().enumerate() {
            assert_eq!(s.index(), i);
        }
        for suit in Suit::ALL {
            assert_eq!(Strain::from(suit).suit(), Some(suit));
        }
        assert_eq!(Strain::Notrump.suit(), None);
        assert_eq!(Strain::Notrump.to_string(), "NT");
    }
}
