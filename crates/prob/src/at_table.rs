//! Odds at the table: what the play so far says about the two hidden hands.
//!
//! A [`Position`] is declarer's knowledge: the two hands seen (declarer's and dummy's, full
//! 13 cards), the cards each defender has played, the suits each has shown out of, and what
//! the auction said — each defender's length range per suit and HCP range, as dealt. It turns
//! into a [`HiddenHands`] over the cards not yet seen (ranges moved by the cards already
//! played; a shown-out suit is length 0 from now on), whose exact counting gives:
//!
//! * [`Position::split_chart`] — how a suit's remaining cards lie between West and East;
//! * [`Position::honour_chart`] — for every unseen honour (A K Q J 10), the chance West holds
//!   it: the layouts with that card given to West (West one card fewer, its length and HCP
//!   ranges moved by the card) over all layouts — `HiddenHands::layouts` twice.
//!
//! With nothing played and nothing known these are the a-priori split and location tables; as
//! cards are played they become the vacant-places figures; ranges from the auction make them
//! the counting problem the hidden-hands generating function solves exactly.

use serde::{Deserialize, Serialize};

use fairdeal_model::{Card, Deal, Hand, Seat, Suit};

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::hidden::{HcpRange, HiddenHands};
use crate::shape::LengthRange;
use crate::ProbError;

/// What declarer knows at some point of the play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// Declarer's 13 cards as dealt.
    pub declarer: Hand,
    /// Dummy's 13 cards as dealt.
    pub dummy: Hand,
    /// Cards West has played.
    pub west_played: Hand,
    /// Cards East has played.
    pub east_played: Hand,
    /// Suits (♠ ♥ ♦ ♣) West has shown out of.
    pub west_void: [bool; 4],
    /// Suits East has shown out of.
    pub east_void: [bool; 4],
    /// West's length per suit as dealt (from the auction).
    pub west_lengths: [LengthRange; 4],
    /// East's length per suit as dealt.
    pub east_lengths: [LengthRange; 4],
    /// West's HCP as dealt.
    pub west_hcp: HcpRange,
    /// East's HCP as dealt.
    pub east_hcp: HcpRange,
    /// The seats of "West" and "East" (declarer's left- and right-hand opponents), whose
    /// names the charts use: West and East unless the position comes from a deal.
    pub seats: [Seat; 2],
}

fn shift_length(r: LengthRange, played: u32) -> Option<LengthRange> {
    let played = played as u8;
    if r.max < played {
        return None;
    }
    Some(LengthRange {
        min: r.min.saturating_sub(played),
        max: r.max - played,
    })
}

fn shift_hcp(r: HcpRange, played: u32) -> Option<HcpRange> {
    let played = played as u8;
    if r.max < played {
        return None;
    }
    Some(HcpRange {
        min: r.min.saturating_sub(played),
        max: r.max - played,
    })
}

/// A card as players write it: `♠K`, `♥10`.
pub fn card_label(card: Card) -> String {
    let r = card.rank();
    let rank = if r.value() == 10 {
        "10".to_string()
    } else {
        r.letter().to_string()
    };
    format!("{}{rank}", card.suit().symbol())
}

impl Position {
    /// Declarer's and dummy's hands, nothing played, nothing known.
    pub fn new(declarer: Hand, dummy: Hand) -> Position {
        Position {
            declarer,
            dummy,
            west_played: Hand::EMPTY,
            east_played: Hand::EMPTY,
            west_void: [false; 4],
            east_void: [false; 4],
            west_lengths: [LengthRange::ANY; 4],
            east_lengths: [LengthRange::ANY; 4],
            west_hcp: HcpRange::ANY,
            east_hcp: HcpRange::ANY,
            seats: [Seat::West, Seat::East],
        }
    }

    /// Declarer's view after `played` (the cards in play order from the opening lead):
    /// "West" is declarer's left-hand opponent, "East" the right-hand one; a defender who
    /// does not follow to a trick's led suit has shown out of it. A card that is no defender's
    /// card of the deal, or is given twice, is an error naming its place in `played`.
    pub fn from_play(deal: &Deal, declarer: Seat, played: &[Card]) -> Result<Position, ProbError> {
        let (lho, rho) = (declarer.lho(), declarer.rho());
        let mut p = Position::new(deal.hand(declarer), deal.hand(declarer.partner()));
        p.seats = [lho, rho];
        let mut seen = Hand::EMPTY;
        for (trick, cards) in played.chunks(4).enumerate() {
            let led = cards[0].suit();
            for (j, &card) in cards.iter().enumerate() {
                if !seen.insert(card) {
                    return Err(ProbError::BadHand {
                        what: format!(
                            "card {} ({}) is played twice",
                            trick * 4 + j + 1,
                            card_label(card)
                        ),
                        expected: "each card played once",
                    });
                }
                let (hand, void) = if deal.hand(lho).contains(card) {
                    (&mut p.west_played, &mut p.west_void)
                } else if deal.hand(rho).contains(card) {
                    (&mut p.east_played, &mut p.east_void)
                } else {
                    continue;
                };
                hand.insert(card);
                if card.suit() != led {
                    void[led.index()] = true;
                }
            }
        }
        Ok(p)
    }

    /// The hidden cards now, with every condition moved to what is left.
    pub fn hidden(&self) -> Result<HiddenHands, ProbError> {
        let mut base = HiddenHands::from_seen(self.declarer, self.dummy)?;
        let played = self.west_played.union(self.east_played);
        if !self.west_played.intersection(self.east_played).is_empty()
            || played.len() != played.intersection(base.unseen).len()
        {
            return Err(ProbError::BadHand {
                what: "a defender's played card is also in another hand".into(),
                expected: "cards played by West and East from the unseen cards, each once",
            });
        }
        for (who, p) in [("West", self.west_played), ("East", self.east_played)] {
            if p.len() > 13 {
                return Err(ProbError::BadHand {
                    what: format!("{who} has played {} cards", p.len()),
                    expected: "at most 13 cards",
                });
            }
        }
        let west_cards = 13 - self.west_played.len();
        let mut hidden = HiddenHands::new(base.unseen.difference(played), west_cards)?;
        let impossible = |what: &str| ProbError::Impossible {
            what: what.to_string(),
        };
        for suit in Suit::ALL {
            let i = suit.index();
            let w = shift_length(self.west_lengths[i], self.west_played.suit_len(suit))
                .ok_or_else(|| impossible("West's length range and the cards West played"))?;
            let e = shift_length(self.east_lengths[i], self.east_played.suit_len(suit))
                .ok_or_else(|| impossible("East's length range and the cards East played"))?;
            hidden.west_lengths[i] = if self.west_void[i] {
                LengthRange { min: 0, max: 0 }
            } else {
                w
            };
            hidden.east_lengths[i] = if self.east_void[i] {
                LengthRange { min: 0, max: 0 }
            } else {
                e
            };
        }
        hidden.west_hcp = shift_hcp(self.west_hcp, self.west_played.hcp())
            .ok_or_else(|| impossible("West's HCP range and the honours West played"))?;
        hidden.east_hcp = shift_hcp(self.east_hcp, self.east_played.hcp())
            .ok_or_else(|| impossible("East's HCP range and the honours East played"))?;
        base = hidden;
        Ok(base)
    }

    /// How `suit`'s remaining unseen cards lie: rows `"k-m"` (West-East), exact.
    pub fn split_chart(&self, suit: Suit) -> Result<Chart, ProbError> {
        let hidden = self.hidden()?;
        let mut chart = hidden.west_length_chart(suit)?;
        chart.title = format!(
            "{} {}: the {} unseen cards, {}-{}",
            suit.symbol(),
            suit.name(),
            hidden.unseen.suit_len(suit),
            self.seats[0].name(),
            self.seats[1].name()
        );
        Ok(chart)
    }

    /// For every unseen honour (A K Q J 10, ♠ to ♣), the chance West holds it; rows
    /// `"♠K with West"`, over the layouts consistent with everything known.
    pub fn honour_chart(&self) -> Result<Chart, ProbError> {
        let hidden = self.hidden()?;
        let total = hidden.layouts()?;
        let mut rows = Vec::new();
        for suit in Suit::ALL {
            let held = hidden.unseen.holding(suit);
            for rank in held.ranks().filter(|r| r.value() >= 10) {
                let card = Card::new(suit, rank);
                let count = west_holds(&hidden, card)?;
                rows.push((
                    format!("{} with {}", card_label(card), self.seats[0].name()),
                    count,
                ));
            }
        }
        // Highest suit first, and within a suit the highest card first.
        rows.sort_by_key(|(label, _)| label_order(label));
        let west = self.seats[0].name();
        Chart::new(
            "Where the unseen honours are",
            format!("P({west} holds c) = layouts with c in {west}'s hand / all layouts (known lengths and HCP)"),
            "layouts of the hidden cards",
            total,
            DEFAULT_DECIMALS,
            rows,
        )
    }
}

fn label_order(label: &str) -> (usize, usize) {
    let suit = Suit::ALL
        .iter()
        .position(|s| label.starts_with(s.symbol()))
        .unwrap_or(4);
    let rank = ["A", "K", "Q", "J", "10"]
        .iter()
        .position(|r| label[label.char_indices().nth(1).map_or(0, |(i, _)| i)..].starts_with(r))
        .unwrap_or(5);
    (suit, rank)
}

/// Layouts with `card` in West's hand.
fn west_holds(hidden: &HiddenHands, card: Card) -> Result<u128, ProbError> {
    let i = card.suit().index();
    if hidden.west_cards == 0 || hidden.west_lengths[i].max == 0 {
        return Ok(0);
    }
    let hcp = card.rank().hcp();
    if hidden.west_hcp.max < hcp {
        return Ok(0);
    }
    let mut unseen = hidden.unseen;
    unseen.remove(card);
    let mut given = hidden.clone();
    given.unseen = unseen;
    given.west_cards -= 1;
    let l = hidden.west_lengths[i];
    given.west_lengths[i] = LengthRange {
        min: l.min.saturating_sub(1),
        max: l.max - 1,
    };
    given.west_hcp = HcpRange {
        min: hidden.west_hcp.min.saturating_sub(hcp),
        max: hidden.west_hcp.max - hcp,
    };
    match given.layouts() {
        Ok(n) => Ok(n),
        Err(ProbError::Impossible { .. }) => Ok(0),
        Err(e) => Err(e),
    }
}

mod shown;
#[cfg(test)]
mod tests;

pub use shown::{Shown, ShownError};
