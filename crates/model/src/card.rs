//! Suits, ranks, cards and seats.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A suit. Discriminants follow display order: ♠ ♥ ♦ ♣.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    /// ♠
    Spades = 0,
    /// ♥
    Hearts = 1,
    /// ♦
    Diamonds = 2,
    /// ♣
    Clubs = 3,
}

impl Suit {
    /// All suits in display order ♠ ♥ ♦ ♣.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// Index 0..4 in display order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit with this display-order index (0..4), or `None`.
    pub const fn from_index(i: usize) -> Option<Suit> {
        match i {
            0 => Some(Suit::Spades),
            1 => Some(Suit::Hearts),
            2 => Some(Suit::Diamonds),
            3 => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// Letter `S`, `H`, `D` or `C`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit symbol `♠ ♥ ♦ ♣`.
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// English name in lower case ("spades").
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// Parses `S H D C` (either case) or a suit symbol (black or white).
    pub fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            _ => None,
        }
    }

    /// True for ♠ and ♥.
    pub const fn is_major(self) -> bool {
        matches!(self, Suit::Spades | Suit::Hearts)
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A rank, 2 (deuce) to 14 (ace).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rank(u8);

impl Rank {
    /// The ace.
    pub const ACE: Rank = Rank(14);
    /// The king.
    pub const KING: Rank = Rank(13);
    /// The queen.
    pub const QUEEN: Rank = Rank(12);
    /// The jack.
    pub const JACK: Rank = Rank(11);
    /// The ten.
    pub const TEN: Rank = Rank(10);
    /// The deuce.
    pub const TWO: Rank = Rank(2);

    /// All ranks from ace down to deuce (the order cards are printed in).
    pub const DESCENDING: [Rank; 13] = [
        Rank(14),
        Rank(13),
        Rank(12),
        Rank(11),
        Rank(10),
        Rank(9),
        Rank(8),
        Rank(7),
        Rank(6),
        Rank(5),
        Rank(4),
        Rank(3),
        Rank(2),
    ];

    /// The rank with value 2..=14, or `None`.
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 2 && value <= 14 {
            Some(Rank(value))
        } else {
            None
        }
    }

    /// Value 2..=14.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// Position from the top: ace 0, king 1, … deuce 12.
    pub const fn from_top(self) -> usize {
        (14 - self.0) as usize
    }

    /// The character `AKQJT98765432`.
    pub const fn letter(self) -> char {
        b"23456789TJQKA"[(self.0 - 2) as usize] as char
    }

    /// Parses `AKQJT98765432` (either case); `10` is handled by callers that read strings.
    pub fn from_char(c: char) -> Option<Rank> {
        let v = match c.to_ascii_uppercase() {
            'A' => 14,
            'K' => 13,
            'Q' => 12,
            'J' => 11,
            'T' => 10,
            d @ '2'..='9' => d as u8 - b'0',
            _ => return None,
        };
        Some(Rank(v))
    }

    /// Milton Work high-card points: A 4, K 3, Q 2, J 1.
    pub const fn hcp(self) -> u8 {
        match self.0 {
            14 => 4,
            13 => 3,
            12 => 2,
            11 => 1,
            _ => 0,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A playing card, stored as its suit-major index 0..52 (♠A = 0 … ♣2 = 51).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Card(u8);

impl Card {
    /// The card of this suit and rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card((suit as u8) * 13 + (14 - rank.0))
    }

    /// The card with suit-major index 0..52, or `None`.
    pub const fn from_index(index: usize) -> Option<Card> {
        if index < 52 {
            Some(Card(index as u8))
        } else {
            None
        }
    }

    /// Suit-major index: ♠A = 0, ♠K = 1, … ♣2 = 51.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 13 {
            0 => Suit::Spades,
            1 => Suit::Hearts,
            2 => Suit::Diamonds,
            _ => Suit::Clubs,
        }
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank(14 - self.0 % 13)
    }

    /// All 52 cards in suit-major order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52u8).map(Card)
    }
}

impl fmt::Display for Card {
    /// `SA`, `HT`, `C2`: suit letter then rank letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank().letter())
    }
}

/// Text that is not a card.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("expected a card, suit then rank (SA, hT, ♥10), found {0:?}")]
pub struct ParseCardError(pub String);

impl FromStr for Card {
    type Err = ParseCardError;

    /// A card as PBN, LIN and score sheets spell it: a suit ([`Suit::from_char`]: `S H D C`
    /// in either case, or a suit symbol) then a rank ([`Rank::from_char`]: `AKQJT98765432`
    /// in either case, or `10`); spaces around it are ignored.
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let bad = || ParseCardError(text.to_string());
        let mut chars = text.trim().chars();
        let suit = chars.next().and_then(Suit::from_char).ok_or_else(bad)?;
        let rest = chars.as_str();
        let rank = if rest == "10" {
            Rank::TEN
        } else {
            let mut rc = rest.chars();
            match (rc.next().and_then(Rank::from_char), rc.next()) {
                (Some(r), None) => r,
                _ => return Err(bad()),
            }
        };
        Ok(Card::new(suit, rank))
    }
}

/// A seat at the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Seat {
    /// North
    North = 0,
    /// East
    East = 1,
    /// South
    South = 2,
    /// West
    West = 3,
}

impl Seat {
    /// N, E, S, W.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];

    /// Index 0..4 (N E S W).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with index 0..4 (N E S W), or `None`.
    pub const fn from_index(i: usize) -> Option<Seat> {
        match i {
            0 => Some(Seat::North),
            1 => Some(Seat::East),
            2 => Some(Seat::South),
            3 => Some(Seat::West),
            _ => None,
        }
    }

    /// The next seat clockwise (left-hand opponent).
    pub const fn lho(self) -> Seat {
        match self {
            Seat::North => Seat::East,
            Seat::East => Seat::South,
            Seat::South => Seat::West,
            Seat::West => Seat::North,
        }
    }

    /// The partner.
    pub const fn partner(self) -> Seat {
        self.lho().lho()
    }

    /// The right-hand opponent.
    pub const fn rho(self) -> Seat {
        self.lho().lho().lho()
    }

    /// Letter `N E S W`.
    pub const fn letter(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    /// English name ("North").
    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }

    /// Parses `N E S W` in either case.
    pub fn from_char(c: char) -> Option<Seat> {
        match c.to_ascii_uppercase() {
            'N' => Some(Seat::North),
            'E' => Some(Seat::East),
            'S' => Some(Seat::South),
            'W' => Some(Seat::West),
            _ => None,
        }
    }

    /// The dealer of a board by the standard cycle: 1 → N, 2 → E, 3 → S, 4 → W, …
    pub const fn dealer_of_board(board: u32) -> Seat {
        match board % 4 {
            1 => Seat::North,
            2 => Seat::East,
            3 => Seat::South,
            _ => Seat::West,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_index_is_suit_major() {
        assert_eq!(Card::new(Suit::Spades, Rank::ACE).index(), 0);
        assert_eq!(Card::new(Suit::Spades, Rank::TWO).index(), 12);
        assert_eq!(Card::new(Suit::Hearts, Rank::ACE).index(), 13);
        assert_eq!(Card::new(Suit::Clubs, Rank::TWO).index(), 51);
        for c in Card::all() {
            assert_eq!(Card::new(c.suit(), c.rank()), c);
        }
    }

    #[test]
    fn seat_rotation() {
        for s in Seat::ALL {
            assert_eq!(s.lho().rho(), s);
            assert_eq!(s.partner().partner(), s);
            assert_ne!(s.partner(), s);
        }
        assert_eq!(Seat::dealer_of_board(1), Seat::North);
        assert_eq!(Seat::dealer_of_board(4), Seat::West);
        assert_eq!(Seat::dealer_of_board(6), Seat::East);
    }

    #[test]
    fn rank_letters_round_trip() {
        for r in Rank::DESCENDING {
            assert_eq!(Rank::from_char(r.letter()), Some(r));
        }
        assert_eq!(Rank::from_char('x'), None);
        assert_eq!(Rank::new(1), None);
    }
}
