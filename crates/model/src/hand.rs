//! Hands and holdings as bit sets.
//!
//! A [`Hand`] is a set of cards in a `u64`: bit *i* is the card with [`Card::index`] *i*
//! (suit-major, ♠A = bit 0). A [`Holding`] is one suit of a hand in 13 bits: bit *k* is the
//! card *k* places from the top (ace = bit 0, deuce = bit 12). Neither type enforces a card
//! count; [`crate::Deal`] does.

use crate::card::{Card, Rank, Suit};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One suit's cards in one hand: bit *k* = the card *k* places from the top (A = bit 0).
/// Read from JSON as its bits, refused if a bit above 12 is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "u16")]
pub struct Holding(u16);

impl TryFrom<u16> for Holding {
    type Error = String;

    fn try_from(bits: u16) -> Result<Holding, String> {
        if bits & !Holding::FULL.0 == 0 {
            Ok(Holding(bits))
        } else {
            Err(format!(
                "holding bits {bits:#x} name a card past the 13th (bits above 12)"
            ))
        }
    }
}

/// HCP of the top four bits (A K Q J) of a holding, indexed by those four bits.
const TOP4_HCP: [u8; 16] = {
    let mut t = [0u8; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = (i & 1) as u8 * 4
            + ((i >> 1) & 1) as u8 * 3
            + ((i >> 2) & 1) as u8 * 2
            + ((i >> 3) & 1) as u8;
        i += 1;
    }
    t
};

impl Holding {
    /// The void.
    pub const EMPTY: Holding = Holding(0);
    /// All 13 cards.
    pub const FULL: Holding = Holding(0x1FFF);

    /// From raw bits (bit *k* = *k* places from the top); bits above 12 are dropped.
    pub const fn from_bits(bits: u16) -> Holding {
        Holding(bits & 0x1FFF)
    }

    /// Raw bits (bit *k* = *k* places from the top).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True for a void.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the holding has this rank.
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.from_top()) != 0
    }

    /// Adds a rank.
    pub const fn with(self, rank: Rank) -> Holding {
        Holding(self.0 | (1 << rank.from_top()))
    }

    /// Milton Work points (A 4, K 3, Q 2, J 1).
    pub const fn hcp(self) -> u32 {
        TOP4_HCP[(self.0 & 0xF) as usize] as u32
    }

    /// Ranks from the top down.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        Rank::DESCENDING
            .into_iter()
            .filter(move |r| self.contains(*r))
    }
}

impl fmt::Display for Holding {
    /// Rank letters from the top, e.g. `AKT2`; a void prints as nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in self.ranks() {
            write!(f, "{}", r.letter())?;
        }
        Ok(())
    }
}

/// A set of cards (normally 13), bit *i* = card with index *i*.
/// Read from JSON as its bits, refused if a bit above 51 is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(try_from = "u64")]
pub struct Hand(u64);

impl TryFrom<u64> for Hand {
    type Error = String;

    fn try_from(bits: u64) -> Result<Hand, String> {
        if bits & !Hand::FULL_DECK.0 == 0 {
            Ok(Hand(bits))
        } else {
            Err(format!(
                "hand bits {bits:#x} name a card past the 52nd (bits above 51)"
            ))
        }
    }
}

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const FULL_DECK: Hand = Hand((1u64 << 52) - 1);

    /// From raw bits (bit *i* = card index *i*); bits above 51 are dropped.
    pub const fn from_bits(bits: u64) -> Hand {
        Hand(bits & ((1u64 << 52) - 1))
    }

    /// Raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// A hand from four holdings in ♠ ♥ ♦ ♣ order.
    pub const fn from_holdings(h: [Holding; 4]) -> Hand {
        Hand(
            (h[0].0 as u64) | (h[1].0 as u64) << 13 | (h[2].0 as u64) << 26 | (h[3].0 as u64) << 39,
        )
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True if no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the hand holds this card.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.index()) != 0
    }

    /// Adds a card; returns false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= 1 << card.index();
        !had
    }

    /// Removes a card; returns false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !(1 << card.index());
        had
    }

    /// Union.
    pub const fn union(self, other: Hand) -> Hand {
        Hand(self.0 | other.0)
    }

    /// Intersection.
    pub const fn intersection(self, other: Hand) -> Hand {
        Hand(self.0 & other.0)
    }

    /// Cards in `self` but not in `other`.
    pub const fn difference(self, other: Hand) -> Hand {
        Hand(self.0 & !other.0)
    }

    /// The cards of one suit.
    pub const fn holding(self, suit: Suit) -> Holding {
        Holding(((self.0 >> (13 * suit as u32)) & 0x1FFF) as u16)
    }

    /// Length of one suit.
    pub const fn suit_len(self, suit: Suit) -> u32 {
        self.holding(suit).len()
    }

    /// Suit lengths in ♠ ♥ ♦ ♣ order.
    pub const fn shape(self) -> [u8; 4] {
        [
            self.holding(Suit::Spades).len() as u8,
            self.holding(Suit::Hearts).len() as u8,
            self.holding(Suit::Diamonds).len() as u8,
            self.holding(Suit::Clubs).len() as u8,
        ]
    }

    /// Milton Work high-card points.
    pub const fn hcp(self) -> u32 {
        self.holding(Suit::Spades).hcp()
            + self.holding(Suit::Hearts).hcp()
            + self.holding(Suit::Diamonds).hcp()
            + self.holding(Suit::Clubs).hcp()
    }

    /// Cards in suit-major order (♠A first).
    pub fn cards(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Card::from_index(i)
            }
        })
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut h = Hand::EMPTY;
        for c in iter {
            h.insert(c);
        }
        h
    }
}

impl fmt::Display for Hand {
    /// PBN hand notation: holdings ♠.♥.♦.♣ separated by dots, e.g. `AK2.QJT.98765.43`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in Suit::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str(".")?;
            }
            write!(f, "{}", self.holding(s))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holdings_and_hcp() {
        let mut h = Hand::EMPTY;
        for (s, r) in [
            (Suit::Spades, Rank::ACE),
            (Suit::Spades, Rank::KING),
            (Suit::Hearts, Rank::QUEEN),
            (Suit::Clubs, Rank::JACK),
            (Suit::Clubs, Rank::TWO),
        ] {
            assert!(h.insert(Card::new(s, r)));
        }
        assert_eq!(h.len(), 5);
        assert_eq!(h.hcp(), 10);
        assert_eq!(h.shape(), [2, 1, 0, 2]);
        assert_eq!(h.to_string(), "AK.Q..J2");
        assert_eq!(Hand::FULL_DECK.hcp(), 40);
        let rebuilt = Hand::from_holdings(Suit::ALL.map(|s| h.holding(s)));
        assert_eq!(rebuilt, h);
        assert_eq!(h.cards().count(), 5);
    }
}
