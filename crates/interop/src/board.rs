//! The board model shared by every reader and writer, and the problems readers report.
//!
//! A [`Board`] keeps what a hand record says and nothing it does not: every field is optional
//! (`?` and empty PBN values read as `None`), hands may be unknown, and tags the model has no
//! field for stay in [`Board::other_tags`] in their original order. Helpers here know the
//! play rules the converters need: the final contract of an auction and who wins a trick.
//!
//! Panic policy: nothing here panics.

use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Card, Deal, Hand, Seat, Suit, Vulnerability};
use thiserror::Error;

/// The PBN tags [`Board`] holds as fields (everything else goes to [`Board::other_tags`]).
pub const STANDARD_TAGS: [&str; 16] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Declarer",
    "Contract",
    "Result",
    "Auction",
    "Play",
];

/// A tag the model has no field for, with its section lines (tokens joined by one space).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    /// Tag name as written.
    pub name: String,
    /// Tag value (unescaped).
    pub value: String,
    /// Lines of the tag's section, if any.
    pub section: Vec<String>,
}

/// The auction: who calls first and the PBN call tokens (`Pass`, `1NT`, `X`, `XX`, `AP`,
/// note references `=1=` …).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auction {
    /// The first caller (normally the dealer).
    pub first: Seat,
    /// The tokens in order.
    pub calls: Vec<String>,
}

/// The play in PBN layout: for each trick, four tokens in seat order starting from
/// [`Play::leader`] (the opening leader), `-` for a card not played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    /// The opening leader.
    pub leader: Seat,
    /// The tokens, trick by trick.
    pub cards: Vec<String>,
}

/// One game of a hand record.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Board {
    /// Board number.
    pub number: Option<u32>,
    /// Dealer.
    pub dealer: Option<Seat>,
    /// Vulnerability.
    pub vulnerability: Option<Vulnerability>,
    /// The known hands, indexed by [`Seat::index`] (N E S W).
    pub hands: [Option<Hand>; 4],
    /// `Event` tag.
    pub event: Option<String>,
    /// `Site` tag.
    pub site: Option<String>,
    /// `Date` tag (PBN writes `YYYY.MM.DD`; kept as text).
    pub date: Option<String>,
    /// Player names, indexed by [`Seat::index`].
    pub players: [Option<String>; 4],
    /// Contract as PBN writes it (`4HX`, `3NT`, `Pass`).
    pub contract: Option<String>,
    /// Declarer.
    pub declarer: Option<Seat>,
    /// Result (tricks won by declarer, as text).
    pub result: Option<String>,
    /// Auction, if recorded.
    pub auction: Option<Auction>,
    /// Play, if recorded.
    pub play: Option<Play>,
    /// Double-dummy tricks (`OptimumResultTable`), when known.
    pub dd: Option<DdTable>,
    /// Par (`ParContract` and `OptimumScore`), when known.
    pub par: Option<Par>,
    /// Every other tag, in the order read.
    pub other_tags: Vec<Tag>,
}

impl Board {
    /// A board holding a full deal, with no other information.
    pub fn with_deal(number: Option<u32>, deal: &Deal) -> Board {
        Board {
            number,
            hands: deal.hands().map(Some),
            ..Board::default()
        }
    }

    /// The full deal, if all four hands are known, or three are and the fourth holds the
    /// remaining cards; `None` otherwise.
    pub fn deal(&self) -> Option<Deal> {
        let known = self
            .hands
            .iter()
            .flatten()
            .fold(Hand::EMPTY, |a, h| a.union(*h));
        let unknown = self.hands.iter().filter(|h| h.is_none()).count();
        if unknown > 1 {
            return None;
        }
        let rest = Hand::FULL_DECK.difference(known);
        Deal::new(self.hands.map(|h| h.unwrap_or(rest))).ok()
    }

    /// The hands to write: all four when [`Board::deal`] completes them, else those known.
    pub fn hands_for_output(&self) -> [Option<Hand>; 4] {
        match self.deal() {
            Some(d) => d.hands().map(Some),
            None => self.hands,
        }
    }
}

/// What a reader could not read. Every variant says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProblemKind {
    /// A `Deal` (or LIN `md`) value that is not a valid deal.
    #[error("bad deal: {0}")]
    Deal(#[from] fairdeal_model::PbnDealError),
    /// A board number that is not a positive integer.
    #[error("board number {found:?} is not a positive whole number")]
    BoardNumber {
        /// The value found.
        found: String,
    },
    /// A seat that is not N, E, S or W.
    #[error("{found:?} is not a seat; expected N, E, S or W")]
    Seat {
        /// The value found.
        found: String,
    },
    /// A vulnerability that is not None/NS/EW/All.
    #[error("{found:?} is not a vulnerability; expected None, NS, EW or All")]
    Vulnerability {
        /// The value found.
        found: String,
    },
    /// `#` where no previous game has the tag.
    #[error("\"#\" copies the previous game's value, but no previous game has this tag")]
    NoPrevious,
    /// A `[` that does not make a `[Name "value"]` tag.
    #[error("malformed tag {text:?}; expected [Name \"value\"]")]
    MalformedTag {
        /// The text from `[`.
        text: String,
    },
    /// A `{` comment that never closes.
    #[error("comment opened here is never closed with '}}'")]
    UnclosedComment,
    /// Text outside any tag section.
    #[error("text {text:?} outside a tag section; expected a [Tag \"value\"] line")]
    StrayText {
        /// The text.
        text: String,
    },
    /// A LIN hand that does not parse.
    #[error("LIN hand {text:?} for {}: {reason}", .seat.name())]
    LinHand {
        /// The hand's seat.
        seat: Seat,
        /// The text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A LIN dealer digit that is not 1–4.
    #[error("LIN dealer {found:?} is not 1, 2, 3 or 4 (S, W, N, E)")]
    LinDealer {
        /// The value found.
        found: String,
    },
    /// A LIN `key|value|` pair cut short.
    #[error("LIN text {text:?} is not a complete key|value| pair")]
    LinPair {
        /// The text.
        text: String,
    },
    /// An `OptimumResultTable` that is not a full table of 20 rows.
    #[error("double-dummy table: {reason}; expected 20 rows \"Declarer Denomination Tricks\" such as \"N NT 9\"")]
    DdTable {
        /// What is wrong.
        reason: String,
    },
    /// A `ParContract` or `OptimumScore` that does not read.
    #[error("par {found:?}: {reason}")]
    Par {
        /// The value found.
        found: String,
        /// What was expected.
        reason: String,
    },
    /// A LIN `mb` value that is not a call.
    #[error("{found:?} is not a call; expected p, d, r or a bid such as 1N or 4s")]
    Call {
        /// The value found.
        found: String,
    },
    /// A card token that is not a suit letter and a rank.
    #[error("{found:?} is not a card; expected a suit letter and a rank such as SA or H7")]
    Card {
        /// The token found.
        found: String,
    },
}

/// One thing a reader could not read: where it is and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line in the input.
    pub line: usize,
    /// The tag (PBN) or key (LIN) concerned, if any.
    pub tag: Option<String>,
    /// What is wrong (the same text as `kind.to_string()`).
    pub message: String,
    /// The typed problem.
    pub kind: ProblemKind,
}

impl Problem {
    /// A problem at `line`.
    pub fn new(line: usize, tag: Option<&str>, kind: ProblemKind) -> Problem {
        Problem {
            line,
            tag: tag.map(str::to_string),
            message: kind.to_string(),
            kind,
        }
    }
}

impl std::fmt::Display for Problem {
    /// `line 12: [Deal] bad deal: …`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.tag {
            Some(t) => write!(f, "line {}: [{t}] {}", self.line, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

/// What a reader returns: every board it could read and every problem it met.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReadOutcome {
    /// The boards, in file order.
    pub boards: Vec<Board>,
    /// The problems, in file order.
    pub problems: Vec<Problem>,
}

/// Decodes a file: UTF-8 when valid (a byte-order mark is dropped), else Latin-1 (every byte
/// is the code point of the same value).
pub fn decode(bytes: &[u8]) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.strip_prefix('\u{feff}').unwrap_or(s).to_string(),
        Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

/// The seat `k` places clockwise after `s`.
pub(crate) fn seat_after(s: Seat, k: usize) -> Seat {
    Seat::ALL[(s.index() + k) % 4]
}

/// Parses `SA`, `h7`, `D10` (suit letter then rank).
pub(crate) fn parse_card(token: &str) -> Option<Card> {
    // The model's one card reader (suit letter or symbol, rank letter or `10`).
    token.parse().ok()
}

/// PBN spelling of a card: `SA`, `HT`.
pub(crate) fn card_text(card: Card) -> String {
    format!("{}{}", card.suit().letter(), card.rank().letter())
}

/// A bid's level and strain (`None` = notrump), from `1NT`/`1N`/`4h`.
fn bid(token: &str) -> Option<(u8, Option<Suit>)> {
    let mut chars = token.chars();
    let level = chars.next()?.to_digit(10)?;
    if !(1..=7).contains(&level) {
        return None;
    }
    let rest: String = chars.collect::<String>().to_ascii_uppercase();
    let strain = match rest.as_str() {
        "N" | "NT" => None,
        s if s.chars().count() == 1 => Some(Suit::from_char(s.chars().next()?)?),
        _ => return None,
    };
    Some((level as u8, strain))
}

/// True for PBN auction tokens that are calls (not notes, NAGs or `*`).
pub(crate) fn is_call(token: &str) -> bool {
    let t = token.to_ascii_uppercase();
    matches!(t.as_str(), "PASS" | "X" | "XX" | "AP") || bid(token).is_some()
}

/// The contract an auction ends in, PBN style (`4HX`, `Pass`), and its declarer.
pub(crate) fn final_contract(auction: &Auction) -> Option<(String, Option<Seat>)> {
    let mut seat = auction.first;
    let mut last: Option<(u8, Option<Suit>, Seat)> = None;
    let mut doubled = "";
    let mut firsts: Vec<(Option<Suit>, Seat)> = Vec::new();
    let mut calls = 0;
    for t in auction.calls.iter().filter(|t| is_call(t)) {
        calls += 1;
        match t.to_ascii_uppercase().as_str() {
            "PASS" => {}
            "AP" => break,
            "X" => doubled = "X",
            "XX" => doubled = "XX",
            _ => {
                if let Some((level, strain)) = bid(t) {
                    last = Some((level, strain, seat));
                    doubled = "";
                    if !firsts
                        .iter()
                        .any(|&(s, who)| s == strain && (who == seat || who == seat.partner()))
                    {
                        firsts.push((strain, seat));
                    }
                }
            }
        }
        seat = seat.lho();
    }
    match last {
        None if calls > 0 => Some(("Pass".to_string(), None)),
        None => None,
        Some((level, strain, who)) => {
            let declarer = firsts
                .iter()
                .find(|&&(s, w)| s == strain && (w == who || w == who.partner()))
                .map(|&(_, w)| w);
            let strain_text = strain.map_or("NT".to_string(), |s| s.letter().to_string());
            Some((format!("{level}{strain_text}{doubled}"), declarer))
        }
    }
}

/// The trump suit of a PBN contract (`None` for notrump or an unreadable contract).
pub(crate) fn trumps(contract: &str) -> Option<Suit> {
    let c = contract.trim_end_matches(['X', 'x']);
    bid(c).and_then(|(_, s)| s)
}

/// Which of four cards played in order (led first) wins the trick.
pub(crate) fn trick_winner(cards: &[Card], trumps: Option<Suit>) -> usize {
    let mut best = 0;
    for (i, c) in cards.iter().enumerate().skip(1) {
        let b = cards[best];
        let beats = if c.suit() == b.suit() {
            c.rank().value() > b.rank().value()
        } else {
            // `b` is of the led suit or a trump; a card of another suit wins only as a trump.
            Some(c.suit()) == trumps
        };
        if beats {
            best = i;
        }
    }
    best
}
