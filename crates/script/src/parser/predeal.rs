//! `predeal`: cards given to a seat (`predeal north SAQ542, HK`) and suokko's suit lengths
//! (`predeal spades(north) == 5`), with the checks once the whole script is read (lengths
//! that fit the cards and add up, and a deal left at all).

use super::shapes::rank_of;
use super::{seat_of, suit_of, PResult, Parser, SEATS, SUITS};
use crate::error::ErrorKind;
use crate::lexer::Tok;
use crate::reference::lookup;
use fairdeal_model::{Card, Hand, Suit};

impl Parser<'_> {
    pub(super) fn predeal(&mut self) -> PResult<()> {
        let mut any = false;
        while let Some(seat) = self.peek_text().and_then(seat_of) {
            any = true;
            self.pos += 1;
            if self.is_sym(",") {
                self.pos += 1;
            }
            loop {
                self.holding(seat)?;
                let next_is_holding = self.is_sym(",")
                    && matches!(self.peek_at(1), Some(t) if t.tok == Tok::Word && seat_of(self.text(t)).is_none() && lookup(self.text(t)).is_none());
                if next_is_holding {
                    self.pos += 1;
                } else {
                    break;
                }
            }
            if self.is_sym(",")
                && matches!(self.peek_at(1), Some(t) if seat_of(self.text(t)).is_some())
            {
                self.pos += 1;
            }
        }
        if !any {
            if self.peek_text().and_then(suit_of).is_some() {
                return self.predeal_length();
            }
            return self.expected(
                "a seat (north, east, south, west) or a suit length such as spades(north) == 5",
            );
        }
        Ok(())
    }

    /// suokko's `predeal spades(north) == 5`: that seat gets exactly that many cards of the
    /// suit, the deal otherwise uniform (checked against the predealt cards at the end).
    pub(super) fn predeal_length(&mut self) -> PResult<()> {
        let start = self.here().start;
        let suit = self.peek_text().and_then(suit_of).unwrap_or(0);
        self.pos += 1;
        self.expect_sym("(")?;
        let seat = self.seat()?;
        self.expect_sym(")")?;
        if !self.is_sym("==") {
            return self.expected("'==' and a length: predeal by suit length fixes an exact length (predeal spades(north) == 5)");
        }
        self.pos += 1;
        let span = self.here();
        let n = self.number()?;
        let whole = start..self.prev_end();
        if !(0..=13).contains(&n) {
            self.error_at(span, ErrorKind::SuitLengthOutOfRange { found: n });
            return Err(());
        }
        let slot = &mut self.script.predeal_lengths[seat][suit];
        if let Some(old) = *slot {
            if i64::from(old) != n {
                self.error_at(
                    whole,
                    ErrorKind::LengthPredealtTwice {
                        seat: SEATS[seat],
                        suit: SUITS[suit],
                        old,
                    },
                );
                return Err(());
            }
        }
        *slot = Some(n as u8);
        self.length_spans.push((seat, suit, whole));
        Ok(())
    }

    /// Once every statement is read: the predealt lengths must fit the predealt cards and
    /// add up (13 cards a hand, 13 a suit).
    pub(super) fn check_predeal_lengths(&mut self) {
        let spans = std::mem::take(&mut self.length_spans);
        let lens = self.script.predeal_lengths;
        for (seat, suit, span) in &spans {
            let n = lens[*seat][*suit].unwrap_or(0) as usize;
            let held = |who: usize| (self.script.predeal[who] >> (13 * suit)) & 0x1fff;
            let mine = held(*seat).count_ones() as usize;
            let others: usize = (0..4)
                .filter(|&w| w != *seat)
                .map(|w| held(w).count_ones() as usize)
                .sum();
            let kind = if mine > n {
                Some(ErrorKind::CardsExceedLength {
                    seat: SEATS[*seat],
                    held: mine,
                    suit: SUITS[*suit],
                    length: n,
                })
            } else if n + others > 13 {
                Some(ErrorKind::LengthLeavesTooFew {
                    length: n,
                    suit: SUITS[*suit],
                    seat: SEATS[*seat],
                    others,
                })
            } else {
                let in_suit: usize = (0..4).map(|w| lens[w][*suit].map_or(0, usize::from)).sum();
                let in_hand: usize = (0..4).map(|t| lens[*seat][t].map_or(0, usize::from)).sum();
                let suit_full = (0..4).all(|w| lens[w][*suit].is_some());
                let hand_full = (0..4).all(|t| lens[*seat][t].is_some());
                if in_suit > 13 || (suit_full && in_suit != 13) {
                    Some(ErrorKind::SuitLengthsSum {
                        suit: SUITS[*suit],
                        sum: in_suit,
                    })
                } else if in_hand > 13 || (hand_full && in_hand != 13) {
                    Some(ErrorKind::HandLengthsSum {
                        seat: SEATS[*seat],
                        sum: in_hand,
                    })
                } else {
                    None
                }
            };
            if let Some(kind) = kind {
                self.error_at(span.clone(), kind);
                return;
            }
        }
        // What the simple sums cannot see (cards of other suits filling the hand, …): ask
        // the exact engine whether any deal is left.
        if !spans.is_empty() && !crate::accel::lengths_possible(&self.script) {
            let span = spans[0].2.clone();
            self.error_at(span, ErrorKind::NoDealFits);
        }
    }

    pub(super) fn holding(&mut self, seat: usize) -> PResult<()> {
        let t = match self.peek() {
            Some(t) if t.tok == Tok::Word => t.clone(),
            _ => {
                return self
                    .expected("a holding such as SAQ542 (suit letter S, H, D or C, then ranks)")
            }
        };
        let text = self.text(&t);
        let mut chars = text.chars();
        let suit = match chars.next().and_then(|c| "SHDC".find(c)) {
            Some(s) => s,
            None => {
                return self
                    .expected("a holding such as SAQ542 (suit letter S, H, D or C, then ranks)")
            }
        };
        self.pos += 1;
        for (k, c) in chars.enumerate() {
            let at = t.span.start + 1 + k;
            let Some(rank) = rank_of(c) else {
                self.error_at(
                    at..at + c.len_utf8(),
                    ErrorKind::NotARank {
                        rank: c,
                        holding: text.to_string(),
                    },
                );
                return Err(());
            };
            let card = Card::new(Suit::ALL[suit], rank);
            if let Some(owner) = self.predeal_owner[card.index()] {
                self.error_at(
                    t.span.clone(),
                    ErrorKind::CardPredealtTwice {
                        card: format!("{}{c}", "SHDC".as_bytes()[suit] as char),
                        owner: SEATS[owner],
                    },
                );
                return Err(());
            }
            self.predeal_owner[card.index()] = Some(seat);
            let mut h = Hand::from_bits(self.script.predeal[seat]);
            h.insert(card);
            self.script.predeal[seat] = h.bits();
            if h.len() > 13 {
                self.error_at(
                    t.span.clone(),
                    ErrorKind::TooManyCardsPredealt { seat: SEATS[seat] },
                );
                return Err(());
            }
        }
        Ok(())
    }
}
