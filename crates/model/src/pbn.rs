//! PBN deal notation (the value of the PBN `Deal` tag): `N:AK2.QJT.98765.43 … … …`.
//!
//! Grammar: a first seat `N`/`E`/`S`/`W` (either case) and `:`, then four hands in clockwise
//! order from that seat, separated by white space (one space is standard; more is accepted).
//! A hand is `-` (unknown) or four holdings ♠.♥.♦.♣ separated by dots, each a string of rank
//! characters `AKQJT98765432` in any order and either case (`10` is accepted for the ten).
//! Suit symbols are not part of the notation and are rejected with a message saying so.
//!
//! [`parse_pbn_hands`] returns the hands it was given (a `-` gives `None`); every given hand
//! must hold 13 cards and no card may appear twice. [`Deal::from_pbn`] (also `str::parse`)
//! wants a full deal, but completes it when exactly one hand is `-`. Printing is
//! [`Deal::to_pbn`].
//!
//! Errors are [`PbnDealError`]s: each names the seat and the problem and carries the byte
//! span of the offending text, so the CLI can print a caret and the UI can highlight it.
//!
//! Panic policy: nothing here panics, whatever the input.

use crate::card::{Card, Rank, Seat, Suit};
use crate::deal::Deal;
use crate::hand::Hand;
use std::ops::Range;
use std::str::FromStr;
use thiserror::Error;

/// What is wrong with a PBN deal string. Every variant carries `span`, the byte range of the
/// offending text in the input (see [`PbnDealError::span`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PbnDealError {
    /// The input is empty or blank.
    #[error("expected a PBN deal such as \"N:AKQ2.JT9.876.543 - - -\", found nothing")]
    Empty {
        /// Where the deal was expected.
        span: Range<usize>,
    },
    /// The deal does not start with a seat letter and a colon.
    #[error("a PBN deal starts with the first seat and a colon (N:, E:, S: or W:)")]
    MissingFirstSeat {
        /// The text where the prefix was expected.
        span: Range<usize>,
    },
    /// The first-seat prefix names no seat.
    #[error("unknown first seat '{found}'; expected N, E, S or W before the ':'")]
    UnknownFirstSeat {
        /// The character found.
        found: char,
        /// Its byte span.
        span: Range<usize>,
    },
    /// Not four hands after the prefix.
    #[error("found {found} hands; a deal needs 4 (write - for an unknown hand)")]
    HandCount {
        /// How many hands were found.
        found: usize,
        /// The missing place (end of input) or the surplus hands.
        span: Range<usize>,
    },
    /// A suit symbol inside a hand.
    #[error(
        "suit symbol '{symbol}' in {}'s hand: PBN deal notation has no suit symbols; write the \
         holdings in the order ♠.♥.♦.♣ separated by dots",
        .seat.name()
    )]
    SuitSymbol {
        /// The hand's seat.
        seat: Seat,
        /// The symbol found.
        symbol: char,
        /// Its byte span.
        span: Range<usize>,
    },
    /// A hand without exactly four dot-separated holdings.
    #[error(
        "{}'s hand has {count} suits; a hand needs 4 holdings (♠.♥.♦.♣) separated by dots",
        .seat.name()
    )]
    SuitCount {
        /// The hand's seat.
        seat: Seat,
        /// How many holdings it has.
        count: usize,
        /// The hand's byte span.
        span: Range<usize>,
    },
    /// A character that is not a rank.
    #[error(
        "unknown rank '{found}' at column {column} in {}'s hand; expected one of \
         AKQJT98765432 (or 10)",
        .seat.name()
    )]
    UnknownRank {
        /// The hand's seat.
        seat: Seat,
        /// The character found.
        found: char,
        /// 1-based column (in characters) in the input.
        column: usize,
        /// Its byte span.
        span: Range<usize>,
    },
    /// A hand that does not hold 13 cards.
    #[error("{} has {count} cards; a hand needs 13", .seat.name())]
    CardCount {
        /// The hand's seat.
        seat: Seat,
        /// How many cards it holds.
        count: u32,
        /// The hand's byte span.
        span: Range<usize>,
    },
    /// A card written twice in one hand.
    #[error("{} is twice in {}'s hand", symbol(.card), .seat.name())]
    DuplicateInHand {
        /// The card.
        card: Card,
        /// The hand's seat.
        seat: Seat,
        /// The second occurrence.
        span: Range<usize>,
    },
    /// A card in two hands.
    #[error("{} is in both {} and {}", symbol(.card), .first.name(), .second.name())]
    DuplicateCard {
        /// The card.
        card: Card,
        /// The seat that holds it first (in the order written).
        first: Seat,
        /// The other seat.
        second: Seat,
        /// The occurrence in `second`'s hand.
        span: Range<usize>,
    },
    /// A full deal was wanted but more than one hand is `-`.
    #[error("{unknown} hands are unknown (-); a complete deal may leave out at most one")]
    TooManyUnknown {
        /// How many hands are `-`.
        unknown: usize,
        /// The second `-`.
        span: Range<usize>,
    },
}

impl PbnDealError {
    /// The byte range of the offending text in the input.
    pub fn span(&self) -> Range<usize> {
        match self {
            PbnDealError::Empty { span }
            | PbnDealError::MissingFirstSeat { span }
            | PbnDealError::UnknownFirstSeat { span, .. }
            | PbnDealError::HandCount { span, .. }
            | PbnDealError::SuitSymbol { span, .. }
            | PbnDealError::SuitCount { span, .. }
            | PbnDealError::UnknownRank { span, .. }
            | PbnDealError::CardCount { span, .. }
            | PbnDealError::DuplicateInHand { span, .. }
            | PbnDealError::DuplicateCard { span, .. }
            | PbnDealError::TooManyUnknown { span, .. } => span.clone(),
        }
    }
}

/// `♠K`: the card with its suit symbol, as messages show it.
fn symbol(card: &Card) -> String {
    format!("{}{}", card.suit().symbol(), card.rank().letter())
}

/// True for the suit symbols people paste from other software.
fn is_suit_symbol(c: char) -> bool {
    matches!(c, '♠' | '♥' | '♦' | '♣' | '♤' | '♡' | '♢' | '♧')
}

/// One parsed hand: its cards and where each card was written.
struct ParsedHand {
    hand: Hand,
    /// Byte span of each card's text, by [`Card::index`] (empty when absent).
    spans: [Range<usize>; 52],
    /// The hand's whole text.
    span: Range<usize>,
}

/// Parses PBN deal notation, keeping unknown (`-`) hands as `None`. The result is indexed
/// by seat (N E S W), whatever the first seat. Every given hand holds 13 cards and no card
/// is given twice.
///
/// ```
/// # use fairdeal_model::{parse_pbn_hands, Seat};
/// let hands = parse_pbn_hands("S:- AKQJT98765432... - ...AKQJT98765432").unwrap();
/// assert!(hands[Seat::South.index()].is_none());
/// assert_eq!(hands[Seat::West.index()].unwrap().len(), 13);
/// ```
pub fn parse_pbn_hands(text: &str) -> Result<[Option<Hand>; 4], PbnDealError> {
    Ok(parse(text)?.map(|h| h.map(|p| p.hand)))
}

/// The full parse: prefix, tokens, hands, cross-hand checks.
fn parse(text: &str) -> Result<[Option<ParsedHand>; 4], PbnDealError> {
    let start = text.len() - text.trim_start().len();
    let end = text.trim_end().len().max(start);
    if start == end {
        return Err(PbnDealError::Empty { span: start..end });
    }
    let mut chars = text[start..end].char_indices();
    let first = chars.next().map(|(_, c)| c);
    let second = chars.next().map(|(_, c)| c);
    let first = match (first, second) {
        (Some(c), Some(':')) => Seat::from_char(c).ok_or(PbnDealError::UnknownFirstSeat {
            found: c,
            span: start..start + c.len_utf8(),
        })?,
        (Some(c), _) => {
            return Err(PbnDealError::MissingFirstSeat {
                span: start..start + c.len_utf8(),
            })
        }
        (None, _) => return Err(PbnDealError::Empty { span: start..end }),
    };
    // Both prefix characters are known here: the seat letter is ASCII, so the body begins
    // two bytes in.
    let body_at = start + 2;
    let tokens: Vec<Range<usize>> = tokens(text, body_at, end);
    if tokens.len() != 4 {
        let span = match tokens.get(4) {
            Some(extra) => extra.start..end,
            None => end..end,
        };
        return Err(PbnDealError::HandCount {
            found: tokens.len(),
            span,
        });
    }
    let mut hands: [Option<ParsedHand>; 4] = [None, None, None, None];
    let mut seat = first;
    let mut written: Vec<Seat> = Vec::with_capacity(4);
    for token in tokens {
        if &text[token.clone()] != "-" {
            hands[seat.index()] = Some(parse_hand(text, token, seat)?);
            written.push(seat);
        }
        seat = seat.lho();
    }
    // Cross-hand duplicates, in the order the hands were written.
    for (i, &a) in written.iter().enumerate() {
        for &b in &written[i + 1..] {
            if let (Some(ha), Some(hb)) = (&hands[a.index()], &hands[b.index()]) {
                if let Some(card) = ha.hand.intersection(hb.hand).cards().next() {
                    return Err(PbnDealError::DuplicateCard {
                        card,
                        first: a,
                        second: b,
                        span: hb.spans[card.index()].clone(),
                    });
                }
            }
        }
    }
    for &s in &written {
        if let Some(h) = &hands[s.index()] {
            if h.hand.len() != 13 {
                return Err(PbnDealError::CardCount {
                    seat: s,
                    count: h.hand.len(),
                    span: h.span.clone(),
                });
            }
        }
    }
    Ok(hands)
}

/// White-space separated tokens of `text[from..to]`, as byte ranges of `text`.
fn tokens(text: &str, from: usize, to: usize) -> Vec<Range<usize>> {
    let mut out = Vec::with_capacity(4);
    let mut open: Option<usize> = None;
    for (off, c) in text[from..to].char_indices() {
        let at = from + off;
        match (c.is_whitespace(), open) {
            (true, Some(s)) => {
                out.push(s..at);
                open = None;
            }
            (false, None) => open = Some(at),
            _ => {}
        }
    }
    if let Some(s) = open {
        out.push(s..to);
    }
    out
}

/// Parses one hand `text[span]` belonging to `seat` (card count is checked by the caller).
fn parse_hand(text: &str, span: Range<usize>, seat: Seat) -> Result<ParsedHand, PbnDealError> {
    let body = &text[span.clone()];
    if let Some((off, c)) = body.char_indices().find(|&(_, c)| is_suit_symbol(c)) {
        let at = span.start + off;
        return Err(PbnDealError::SuitSymbol {
            seat,
            symbol: c,
            span: at..at + c.len_utf8(),
        });
    }
    let count = body.split('.').count();
    if count != 4 {
        return Err(PbnDealError::SuitCount { seat, count, span });
    }
    let mut hand = Hand::EMPTY;
    let mut spans: [Range<usize>; 52] = std::array::from_fn(|_| 0..0);
    let mut suit = 0usize;
    let mut iter = body.char_indices().peekable();
    while let Some((off, c)) = iter.next() {
        let at = span.start + off;
        if c == '.' {
            suit += 1;
            continue;
        }
        let (rank, len) = match (c, iter.peek()) {
            ('1', Some(&(_, '0'))) => {
                iter.next();
                (Some(Rank::TEN), 2)
            }
            _ => (Rank::from_char(c), c.len_utf8()),
        };
        let Some(rank) = rank else {
            return Err(PbnDealError::UnknownRank {
                seat,
                found: c,
                column: text[..at].chars().count() + 1,
                span: at..at + c.len_utf8(),
            });
        };
        // `suit` < 4: the hand has exactly three dots.
        let card = Card::new(Suit::ALL[suit.min(3)], rank);
        if !hand.insert(card) {
            return Err(PbnDealError::DuplicateInHand {
                card,
                seat,
                span: at..at + len,
            });
        }
        spans[card.index()] = at..at + len;
    }
    Ok(ParsedHand { hand, spans, span })
}

impl Deal {
    /// Parses PBN deal notation: a first seat and `:`, then four hands clockwise, each
    /// `♠.♥.♦.♣` holdings of rank letters (see [`parse_pbn_hands`]). If exactly one hand is
    /// `-`, it gets the 13 cards the others do not hold.
    ///
    /// ```
    /// # use fairdeal_model::{Deal, Seat};
    /// let deal = Deal::from_pbn("e:akqjt98765432... .AKQJT98765432.. ..AKQJT98765432. -").unwrap();
    /// assert_eq!(deal.hand(Seat::North).to_string(), "...AKQJT98765432");
    /// ```
    pub fn from_pbn(text: &str) -> Result<Deal, PbnDealError> {
        let hands = parse(text)?;
        let unknown = hands.iter().filter(|h| h.is_none()).count();
        if unknown > 1 {
            // Point at the second `-` in the order written.
            let start = text.len() - text.trim_start().len();
            let end = text.trim_end().len().max(start);
            let dashes: Vec<Range<usize>> = tokens(text, start + 2, end)
                .into_iter()
                .filter(|t| &text[t.clone()] == "-")
                .collect();
            return Err(PbnDealError::TooManyUnknown {
                unknown,
                span: dashes.get(1).cloned().unwrap_or(start..end),
            });
        }
        let known = hands
            .iter()
            .flatten()
            .fold(Hand::EMPTY, |acc, h| acc.union(h.hand));
        let rest = Hand::FULL_DECK.difference(known);
        let hands = hands.map(|h| h.map_or(rest, |p| p.hand));
        // Given hands hold 13 cards each and are disjoint, so the completion holds the rest.
        Ok(Deal::from_hands_unchecked(hands))
    }
}

impl FromStr for Deal {
    type Err = PbnDealError;

    /// Same as [`Deal::from_pbn`].
    fn from_str(s: &str) -> Result<Deal, PbnDealError> {
        Deal::from_pbn(s)
    }
}
