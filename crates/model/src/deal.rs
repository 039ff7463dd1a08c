//! A complete deal: four 13-card hands that partition the deck.

use crate::card::{Card, Seat};
use crate::hand::Hand;
use serde::{Deserialize, Serialize};
use std::fmt;
use thiserror::Error;

/// Why four hands do not make a deal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DealError {
    /// A hand does not hold 13 cards.
    #[error("{seat} has {count} cards; a hand needs 13")]
    WrongCount {
        /// The seat whose hand is wrong.
        seat: Seat,
        /// How many cards it holds.
        count: u32,
    },
    /// A card is in two hands.
    #[error("{card} is in both {first} and {second}")]
    Duplicate {
        /// The card.
        card: Card,
        /// The first seat holding it.
        first: Seat,
        /// The second seat holding it.
        second: Seat,
    },
}

/// Four 13-card hands, indexed by [`Seat`], holding every card once.
///
/// Its one serialised form is the packed one, [`DealFields`]: the four hands' card bitsets
/// (N E S W, one `u64` each; `{"hands":[n,e,s,w]}` in JSON, four `u64` in bincode, as deals
/// cross the app's worker boundary). Serialising writes it; deserialising reads it and goes
/// through [`Deal::new`], so stored data or a message can never make an invalid deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "DealFields", into = "DealFields")]
pub struct Deal {
    hands: [Hand; 4],
}

/// The serialised (packed) form of a [`Deal`]: each hand's card bitset, before it is checked.
#[derive(Serialize, Deserialize)]
struct DealFields {
    hands: [Hand; 4],
}

impl From<Deal> for DealFields {
    fn from(d: Deal) -> DealFields {
        DealFields { hands: d.hands }
    }
}

impl TryFrom<DealFields> for Deal {
    type Error = DealError;

    fn try_from(f: DealFields) -> Result<Deal, DealError> {
        Deal::new(f.hands)
    }
}

impl Deal {
    /// Validates four hands (N, E, S, W) as a deal.
    pub fn new(hands: [Hand; 4]) -> Result<Deal, DealError> {
        for (i, a) in hands.iter().enumerate() {
            for (j, b) in hands.iter().enumerate().skip(i + 1) {
                if let Some(card) = a.intersection(*b).cards().next() {
                    return Err(DealError::Duplicate {
                        card,
                        first: Seat::ALL[i],
                        second: Seat::ALL[j],
                    });
                }
            }
        }
        for seat in Seat::ALL {
            let count = hands[seat.index()].len();
            if count != 13 {
                return Err(DealError::WrongCount { seat, count });
            }
        }
        Ok(Deal { hands })
    }

    /// Four hands that a generator has built as a partition of the deck by construction
    /// (a shuffle dealing each card once, 13 per seat): checked in debug builds only, so
    /// a generator's hot loop does not pay for [`Deal::new`]'s checks on every deal. Input
    /// from outside (text, files, stored JSON) must go through [`Deal::new`].
    pub fn from_shuffle(hands: [Hand; 4]) -> Deal {
        Deal::from_hands_unchecked(hands)
    }

    /// Wraps four hands that the caller has built as a partition of the deck (the deal-number
    /// decoders). Checked in debug builds only.
    pub(crate) fn from_hands_unchecked(hands: [Hand; 4]) -> Deal {
        debug_assert!(Deal::new(hands).is_ok(), "not a deal: {hands:?}");
        Deal { hands }
    }

    /// Builds a deal from the holder of each card (indexed by [`Card::index`]).
    pub fn from_owners(owners: &[Seat; 52]) -> Result<Deal, DealError> {
        let mut hands = [Hand::EMPTY; 4];
        for (i, seat) in owners.iter().enumerate() {
            hands[seat.index()] = hands[seat.index()].union(Hand::from_bits(1 << i));
        }
        Deal::new(hands)
    }

    /// The hand of a seat.
    pub const fn hand(&self, seat: Seat) -> Hand {
        self.hands[seat as usize]
    }

    /// The four hands, N E S W.
    pub const fn hands(&self) -> [Hand; 4] {
        self.hands
    }

    /// Who holds this card.
    pub fn owner(&self, card: Card) -> Seat {
        Seat::ALL
            .into_iter()
            .find(|s| self.hands[s.index()].contains(card))
            .unwrap_or(Seat::West)
    }

    /// The holder of every card, indexed by [`Card::index`].
    pub fn owners(&self) -> [Seat; 52] {
        let mut o = [Seat::North; 52];
        for seat in Seat::ALL {
            for c in self.hands[seat.index()].cards() {
                o[c.index()] = seat;
            }
        }
        o
    }

    /// PBN deal notation starting from `first`: `N:AK2.QJT.98765.43 …` (seats clockwise).
    pub fn to_pbn(&self, first: Seat) -> String {
        let mut s = String::with_capacity(70);
        s.push(first.letter());
        s.push(':');
        let mut seat = first;
        for i in 0..4 {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&self.hand(seat).to_string());
            seat = seat.lho();
        }
        s
    }
}

impl fmt::Display for Deal {
    /// PBN deal notation from North.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_pbn(Seat::North))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted_deal() -> Deal {
        let mut owners = [Seat::North; 52];
        for (i, o) in owners.iter_mut().enumerate() {
            *o = Seat::ALL[i / 13];
        }
        Deal::from_owners(&owners).unwrap()
    }

    #[test]
    fn owners_round_trip_and_pbn() {
        let d = sorted_deal();
        assert_eq!(Deal::from_owners(&d.owners()).unwrap(), d);
        assert_eq!(
            d.to_pbn(Seat::North),
            "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
        );
        assert!(d.to_pbn(Seat::East).starts_with("E:.AKQJT98765432.. "));
    }

    #[test]
    fn rejects_bad_hands() {
        let d = sorted_deal();
        let mut hands = d.hands();
        hands[1] = hands[0];
        assert!(matches!(Deal::new(hands), Err(DealError::Duplicate { .. })));
        let mut hands = d.hands();
        hands[3] = Hand::EMPTY;
        assert_eq!(
            Deal::new(hands),
            Err(DealError::WrongCount {
                seat: Seat::West,
                count: 0
            })
        );
    }
}
