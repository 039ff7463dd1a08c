//! The card play of one board as plain data and rules: [`PlayState`] holds who is on lead,
//! the trick in progress, the cards left in each hand and the tricks won by each side, and
//! [`PlayState::play`] accepts a card only when the player to move holds it and follows suit
//! when able. [`trick_winner`] names who wins a complete trick with or without trumps.
//!
//! Sides: [`Side`] (the model's, from [`crate::dd`]) is North–South or East–West; a seat's
//! side is [`Side::of`], and [`side_index`] numbers them NS 0, EW 1.
//!
//! Panic policy: nothing here panics; an illegal card is a [`PlayError`].

use crate::{Card, Deal, Hand, Seat, Strain, Suit};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use crate::dd::Side;

/// 0 for NS, 1 for EW: the index of [`PlayState::tricks_won`]'s counts.
pub const fn side_index(side: Side) -> usize {
    match side {
        Side::NorthSouth => 0,
        Side::EastWest => 1,
    }
}

/// Why a card cannot be played now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum PlayError {
    /// All 52 cards have been played.
    #[error("{card} is one card too many: all 52 cards have been played")]
    PlayOver {
        /// The card offered.
        card: Card,
    },
    /// The player to move does not hold the card (it is someone else's or already played).
    #[error("{card} is not in {}'s hand; {} is to play", .seat.name(), .seat.name())]
    NotHeld {
        /// The card offered.
        card: Card,
        /// The player to move.
        seat: Seat,
    },
    /// The player to move holds the suit led but offered another suit.
    #[error("{card} is a revoke: {} must follow {} (led)", .seat.name(), .led.name())]
    Revoke {
        /// The card offered.
        card: Card,
        /// The player to move.
        seat: Seat,
        /// The suit led.
        led: Suit,
    },
}

/// Which of four cards, played in order from the first, wins the trick: index 0..4.
/// A card beats the best so far when it is higher in the same suit, or a trump over a
/// non-trump.
pub fn trick_winner(cards: &[Card; 4], trumps: Option<Suit>) -> usize {
    let mut best = 0;
    for (i, c) in cards.iter().enumerate().skip(1) {
        let b = cards[best];
        let beats = if c.suit() == b.suit() {
            c.rank() > b.rank()
        } else {
            Some(c.suit()) == trumps
        };
        if beats {
            best = i;
        }
    }
    best
}

/// The play of a board at some point: the cards left, the trick in progress, who is on
/// lead, the tricks each side has won and every card played so far.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayState {
    deal: Deal,
    strain: Strain,
    declarer: Seat,
    remaining: [Hand; 4],
    leader: Seat,
    trick: Vec<Card>,
    won: [u8; 2],
    played: Vec<Card>,
}

impl PlayState {
    /// The start of play: `declarer`'s left-hand opponent on lead, nothing played.
    pub fn new(deal: Deal, strain: Strain, declarer: Seat) -> PlayState {
        PlayState {
            deal,
            strain,
            declarer,
            remaining: deal.hands(),
            leader: declarer.lho(),
            trick: Vec::with_capacity(4),
            won: [0; 2],
            played: Vec::with_capacity(52),
        }
    }

    /// The state after playing `cards` in order from the start; the first illegal card is
    /// an error with its index in `cards`.
    pub fn after(
        deal: Deal,
        strain: Strain,
        declarer: Seat,
        cards: &[Card],
    ) -> Result<PlayState, (usize, PlayError)> {
        let mut s = PlayState::new(deal, strain, declarer);
        for (i, c) in cards.iter().enumerate() {
            s.play(*c).map_err(|e| (i, e))?;
        }
        Ok(s)
    }

    /// The deal as dealt.
    pub const fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The contract's strain.
    pub const fn strain(&self) -> Strain {
        self.strain
    }

    /// Declarer.
    pub const fn declarer(&self) -> Seat {
        self.declarer
    }

    /// The trump suit, `None` in notrump.
    pub const fn trumps(&self) -> Option<Suit> {
        self.strain.suit()
    }

    /// The cards a seat has not played yet.
    pub const fn remaining(&self, seat: Seat) -> Hand {
        self.remaining[seat as usize]
    }

    /// The seat that led (or is to lead) the trick in progress.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// The cards of the trick in progress (0 to 3), in the order played.
    pub fn current_trick(&self) -> &[Card] {
        &self.trick
    }

    /// Every card played so far, in order.
    pub fn played(&self) -> &[Card] {
        &self.played
    }

    /// Tricks completed so far (0..=13).
    pub fn completed_tricks(&self) -> u8 {
        self.won[0] + self.won[1]
    }

    /// Tricks a side has won so far.
    pub const fn tricks_won(&self, side: Side) -> u8 {
        self.won[side_index(side)]
    }

    /// True when all 52 cards have been played.
    pub fn is_over(&self) -> bool {
        self.played.len() == 52
    }

    /// The player to move, or `None` when play is over.
    pub fn to_move(&self) -> Option<Seat> {
        (!self.is_over()).then(|| Seat::ALL[(self.leader.index() + self.trick.len()) % 4])
    }

    /// The cards the player to move may play (following suit when able); empty when play
    /// is over.
    pub fn legal_cards(&self) -> Hand {
        let Some(seat) = self.to_move() else {
            return Hand::EMPTY;
        };
        let hand = self.remaining(seat);
        match self.trick.first() {
            Some(led) => {
                let follow = hand.intersection(suit_mask(led.suit()));
                if follow.is_empty() {
                    hand
                } else {
                    follow
                }
            }
            None => hand,
        }
    }

    /// Plays a card for the player to move. A fourth card completes the trick: its winner
    /// leads next and their side's count goes up.
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        let Some(seat) = self.to_move() else {
            return Err(PlayError::PlayOver { card });
        };
        if !self.remaining(seat).contains(card) {
            return Err(PlayError::NotHeld { card, seat });
        }
        if !self.legal_cards().contains(card) {
            let led = self.trick.first().map_or(card.suit(), |c| c.suit());
            return Err(PlayError::Revoke { card, seat, led });
        }
        self.remaining[seat.index()].remove(card);
        self.trick.push(card);
        self.played.push(card);
        if let [a, b, c, d] = self.trick[..] {
            let w = trick_winner(&[a, b, c, d], self.trumps());
            let winner = Seat::ALL[(self.leader.index() + w) % 4];
            self.won[side_index(Side::of(winner))] += 1;
            self.leader = winner;
            self.trick.clear();
        }
        Ok(())
    }
}

/// Every card of one suit.
pub const fn suit_mask(suit: Suit) -> Hand {
    Hand::from_bits(0x1FFFu64 << (13 * suit as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rank;

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn deal() -> Deal {
        // N spades, E hearts, S diamonds, W clubs.
        Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
            .unwrap()
    }

    #[test]
    fn trumps_win_and_the_highest_of_the_led_suit_otherwise() {
        let t = [c("S2"), c("SA"), c("H2"), c("S3")];
        assert_eq!(trick_winner(&t, None), 1);
        assert_eq!(trick_winner(&t, Some(Suit::Hearts)), 2);
        assert_eq!(trick_winner(&t, Some(Suit::Clubs)), 1);
        let t = [c("D5"), c("C2"), c("C3"), c("D4")];
        assert_eq!(trick_winner(&t, Some(Suit::Clubs)), 2);
        assert_eq!(trick_winner(&t, None), 0);
    }

    #[test]
    fn a_trick_goes_to_its_winner_who_leads_next() {
        // 7NT by South (W leads): W leads a club and wins every trick.
        let mut s = PlayState::new(deal(), Strain::Notrump, Seat::South);
        assert_eq!(s.to_move(), Some(Seat::West));
        for card in ["CA", "S2", "H2", "D2"] {
            s.play(c(card)).unwrap();
        }
        assert_eq!(s.leader(), Seat::West);
        assert_eq!(s.tricks_won(Side::EastWest), 1);
        assert_eq!(s.tricks_won(Side::NorthSouth), 0);
        assert_eq!(s.completed_tricks(), 1);
        assert!(s.current_trick().is_empty());
        // In hearts, East's trump wins the next trick.
        let mut s = PlayState::new(deal(), Strain::Hearts, Seat::South);
        for card in ["CA", "S2", "H2", "D2"] {
            s.play(c(card)).unwrap();
        }
        assert_eq!(s.leader(), Seat::East);
    }

    #[test]
    fn illegal_cards_are_refused_with_the_reason() {
        let d =
            Deal::from_pbn("N:AK2.QJ3.T987.654 QJ3.AK2.654.T987 T98.7654.AKQJ.32 7654.T98.32.AKQJ")
                .unwrap();
        let mut s = PlayState::new(d, Strain::Notrump, Seat::North);
        // East leads.
        assert_eq!(
            s.play(c("SA")),
            Err(PlayError::NotHeld {
                card: c("SA"),
                seat: Seat::East
            })
        );
        s.play(c("SQ")).unwrap();
        // South holds spades: a heart is a revoke.
        let e = s.play(c("H7")).unwrap_err();
        assert_eq!(
            e,
            PlayError::Revoke {
                card: c("H7"),
                seat: Seat::South,
                led: Suit::Spades
            }
        );
        assert_eq!(
            e.to_string(),
            "H7 is a revoke: South must follow spades (led)"
        );
        assert_eq!(
            s.legal_cards(),
            Hand::from_iter([c("ST"), c("S9"), c("S8")])
        );
        s.play(c("S8")).unwrap();
        assert_eq!(s.to_move(), Some(Seat::West));
    }

    #[test]
    fn a_void_may_discard_and_play_ends_after_52_cards() {
        let mut s = PlayState::new(deal(), Strain::Spades, Seat::North);
        // East on lead with hearts; everyone else is void in hearts.
        assert_eq!(s.legal_cards(), deal().hand(Seat::East));
        let mut n = 0;
        while let Some(seat) = s.to_move() {
            let card = s.legal_cards().cards().next().unwrap();
            assert_eq!(seat, s.deal().owner(card));
            s.play(card).unwrap();
            n += 1;
        }
        assert_eq!(n, 52);
        assert!(s.is_over());
        assert_eq!(
            s.tricks_won(Side::NorthSouth) + s.tricks_won(Side::EastWest),
            13
        );
        assert_eq!(
            s.play(Card::new(Suit::Spades, Rank::ACE)),
            Err(PlayError::PlayOver {
                card: Card::new(Suit::Spades, Rank::ACE)
            })
        );
        let replay = PlayState::after(deal(), Strain::Spades, Seat::North, s.played()).unwrap();
        assert_eq!(replay, s);
        // Spades are trumps: North ruffs the first heart and then draws every trick.
        assert_eq!(s.tricks_won(Side::NorthSouth), 13);
    }
}
