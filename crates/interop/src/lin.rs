//! LIN (Bridge Base Online): a reader for board-per-line and `qx`-separated files, and a
//! writer in Big Deal's layout.
//!
//! LIN is a stream of `key|value|` pairs; line breaks between pairs do not matter. A board
//! starts at `qx|` (`o7`/`c7`: open or closed room, board 7), or at an `md|` when the board
//! being read already has one. Keys read: `md` (dealer digit 1–4 = S W N E, then the hands of
//! S, W, N, E as `SAKQHJT…D…C…`; the last may be omitted), `sv` (`o`/`0`/`-` none, `n`, `e`,
//! `b`), `ah` (`Board 7`), `pn` (players S, W, N, E), `vg` (event name first), `mb` (one call),
//! `pc` (one card, in play order). Other keys (`rh`, `pg`, `an`, `mc`, `st` …) are skipped.
//!
//! Calls become PBN tokens (`p` → `Pass`, `d` → `X`, `r` → `XX`, `1n` → `1NT`, alerts `!`
//! dropped). The contract and declarer follow from the auction, and the play is turned into
//! PBN's layout (tricks in seat order from the opening leader) using the trump suit; the
//! writer does the reverse.
//!
//! Panic policy: nothing here panics, whatever the input.

use crate::board::{
    card_text, decode, final_contract, is_call, parse_card, seat_after, trick_winner, trumps,
    Auction, Board, Play, Problem, ProblemKind, ReadOutcome,
};
use fairdeal_model::{Card, Hand, Rank, Seat, Suit, Vulnerability};

/// LIN's seat order in `md` and `pn`, and its dealer digits 1–4.
const LIN_SEATS: [Seat; 4] = [Seat::South, Seat::West, Seat::North, Seat::East];

/// LIN vulnerability letters, by [`Vulnerability::ALL`] order.
const LIN_VUL: [(Vulnerability, &str); 4] = [
    (Vulnerability::None, "0"),
    (Vulnerability::NorthSouth, "n"),
    (Vulnerability::EastWest, "e"),
    (Vulnerability::Both, "b"),
];

/// Options for [`write_lin`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LinOptions {
    /// Leave East's hand out of `md` (as Big Deal does; readers complete it).
    pub omit_east: bool,
}

/// The board being read and where it started.
#[derive(Default)]
struct Building {
    board: Board,
    has_md: bool,
    started: bool,
    play_order: Vec<(Card, usize)>,
    calls: Vec<String>,
}

/// Parses one LIN hand (`SAKQHJT9D…C…`, any case, `10` for the ten); empty = unknown.
fn lin_hand(text: &str) -> Result<Option<Hand>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let mut hand = Hand::EMPTY;
    let mut suit: Option<Suit> = None;
    let mut chars = t.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(s) = Suit::from_char(c).filter(|_| !c.is_ascii_digit()) {
            suit = Some(s);
            continue;
        }
        let rank = if c == '1' && chars.peek() == Some(&'0') {
            chars.next();
            Some(Rank::TEN)
        } else {
            Rank::from_char(c)
        };
        let (Some(s), Some(r)) = (suit, rank) else {
            return Err(format!(
                "unexpected '{c}'; expected a suit letter S H D C then ranks"
            ));
        };
        if !hand.insert(Card::new(s, r)) {
            return Err(format!("{}{} is written twice", s.letter(), r.letter()));
        }
    }
    Ok(Some(hand))
}

/// Trailing board number of `Board 7`, `o7`, `c12`.
fn trailing_number(v: &str) -> Option<u32> {
    let digits: String = v
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    digits.parse().ok().filter(|&n| n > 0)
}

/// A LIN call as a PBN token.
fn pbn_call(v: &str) -> String {
    let v = v.trim().trim_end_matches('!');
    match v.to_ascii_lowercase().as_str() {
        "p" | "pass" => "Pass".to_string(),
        "d" | "x" | "dbl" => "X".to_string(),
        "r" | "xx" | "rdbl" => "XX".to_string(),
        other => {
            let mut s = other.to_ascii_uppercase();
            if s.ends_with('N') {
                s.push('T');
            }
            s
        }
    }
}

/// A PBN call token as LIN's `mb` value (`None` for notes and `*`).
fn lin_calls(token: &str) -> Vec<String> {
    if !is_call(token) {
        return Vec::new();
    }
    match token.to_ascii_uppercase().as_str() {
        "PASS" => vec!["p".to_string()],
        "X" => vec!["d".to_string()],
        "XX" => vec!["r".to_string()],
        "AP" => vec!["p".to_string(); 3],
        other => vec![other.trim_end_matches('T').to_string()],
    }
}

impl Building {
    fn md(&mut self, value: &str, line: usize, problems: &mut Vec<Problem>) {
        self.has_md = true;
        let mut v = value.trim();
        if let Some(c) = v.chars().next().filter(char::is_ascii_digit) {
            match c.to_digit(10).filter(|d| (1..=4).contains(d)) {
                Some(d) => self.board.dealer = Some(LIN_SEATS[d as usize - 1]),
                None => problems.push(Problem::new(
                    line,
                    Some("md"),
                    ProblemKind::LinDealer {
                        found: c.to_string(),
                    },
                )),
            }
            v = &v[1..];
        }
        let mut hands = [None; 4];
        for (seat, text) in LIN_SEATS.iter().zip(v.split(',')) {
            match lin_hand(text) {
                Ok(h) => hands[seat.index()] = h,
                Err(reason) => problems.push(Problem::new(
                    line,
                    Some("md"),
                    ProblemKind::LinHand {
                        seat: *seat,
                        text: text.to_string(),
                        reason,
                    },
                )),
            }
        }
        // Check the deal as a whole through the PBN parser, which names the problem.
        let pbn: Vec<String> = Seat::ALL
            .iter()
            .map(|s| hands[s.index()].map_or("-".to_string(), |h| h.to_string()))
            .collect();
        let pbn = format!("N:{}", pbn.join(" "));
        match fairdeal_model::parse_pbn_hands(&pbn) {
            Ok(_) => {
                // An omitted hand (Big Deal leaves out East) holds the remaining cards.
                self.board.hands = match fairdeal_model::Deal::from_pbn(&pbn) {
                    Ok(deal) => deal.hands().map(Some),
                    Err(_) => hands,
                }
            }
            Err(e) => problems.push(Problem::new(line, Some("md"), e.into())),
        }
    }

    /// Finishes the board: contract from the auction, play in PBN layout.
    fn finish(mut self) -> Board {
        let dealer = self.board.dealer.unwrap_or(Seat::North);
        if !self.calls.is_empty() {
            let auction = Auction {
                first: dealer,
                calls: std::mem::take(&mut self.calls),
            };
            if let Some((contract, declarer)) = final_contract(&auction) {
                self.board.contract = Some(contract);
                self.board.declarer = declarer;
            }
            self.board.auction = Some(auction);
        }
        if let (Some(declarer), false) = (self.board.declarer, self.play_order.is_empty()) {
            let trump = self.board.contract.as_deref().and_then(trumps);
            let cards: Vec<Card> = self.play_order.iter().map(|c| c.0).collect();
            self.board.play = Some(to_pbn_play(declarer.lho(), &cards, trump));
        }
        self.board
    }
}

/// Play order → PBN layout.
pub(crate) fn to_pbn_play(leader: Seat, cards: &[Card], trump: Option<Suit>) -> Play {
    let mut out = Vec::with_capacity(cards.len() + 3);
    let mut on_lead = leader;
    for trick in cards.chunks(4) {
        let mut row = vec!["-".to_string(); 4];
        for (i, c) in trick.iter().enumerate() {
            let seat = seat_after(on_lead, i);
            row[(seat.index() + 4 - leader.index()) % 4] = card_text(*c);
        }
        out.extend(row);
        if trick.len() == 4 {
            on_lead = seat_after(on_lead, trick_winner(trick, trump));
        }
    }
    Play { leader, cards: out }
}

/// PBN layout → play order (stops at the first trick that cannot be followed).
pub(crate) fn to_play_order(play: &Play, trump: Option<Suit>) -> Vec<Card> {
    let tokens: Vec<&String> = play
        .cards
        .iter()
        .filter(|t| !t.starts_with('$') && !t.starts_with('=') && *t != "*")
        .collect();
    let mut out = Vec::new();
    let mut on_lead = play.leader;
    for row in tokens.chunks(4) {
        let mut trick = Vec::with_capacity(4);
        for i in 0..4 {
            let seat = seat_after(on_lead, i);
            let col = (seat.index() + 4 - play.leader.index()) % 4;
            match row.get(col).and_then(|t| parse_card(t)) {
                Some(c) => trick.push(c),
                None => break,
            }
        }
        out.extend(&trick);
        if trick.len() < 4 {
            break;
        }
        on_lead = seat_after(on_lead, trick_winner(&trick, trump));
    }
    out
}

/// Splits LIN text into `(key, value, line)`; reports a trailing partial pair.
fn pairs(text: &str, problems: &mut Vec<Problem>) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut line = 1;
    let mut pieces = Vec::new();
    let mut start_line = 1;
    let mut current = String::new();
    for c in text.chars() {
        if c == '|' {
            pieces.push((std::mem::take(&mut current), start_line));
            start_line = line;
        } else {
            if c == '\n' {
                line += 1;
                if current.trim().is_empty() {
                    start_line = line;
                }
            }
            current.push(c);
        }
    }
    let mut it = pieces.into_iter();
    while let Some((key, l)) = it.next() {
        let key = key.trim().to_ascii_lowercase();
        match it.next() {
            Some((value, _)) => out.push((key, value, l)),
            None => problems.push(Problem::new(l, None, ProblemKind::LinPair { text: key })),
        }
    }
    if !current.trim().is_empty() {
        problems.push(Problem::new(
            start_line,
            None,
            ProblemKind::LinPair {
                text: current.trim().to_string(),
            },
        ));
    }
    out
}

/// Reads a LIN file. Never fails: unreadable parts become [`Problem`]s.
pub fn read_lin(bytes: &[u8]) -> ReadOutcome {
    let text = decode(bytes);
    let mut out = ReadOutcome::default();
    let mut cur = Building::default();
    let mut event: Option<String> = None;
    for (key, value, line) in pairs(&text, &mut out.problems) {
        let new_board = match key.as_str() {
            "qx" => cur.started,
            "md" => cur.has_md,
            _ => false,
        };
        if new_board {
            out.boards.push(std::mem::take(&mut cur).finish());
        }
        match key.as_str() {
            "qx" => {
                cur.started = true;
                if cur.board.number.is_none() {
                    cur.board.number = trailing_number(&value);
                }
            }
            "md" => {
                cur.started = true;
                cur.md(&value, line, &mut out.problems);
            }
            "ah" => cur.board.number = trailing_number(&value).or(cur.board.number),
            "sv" => {
                let v = value.trim().to_ascii_lowercase();
                cur.board.vulnerability = match v.as_str() {
                    "o" | "0" | "-" | "z" => Some(Vulnerability::None),
                    _ => {
                        let vul = LIN_VUL.iter().find(|(_, l)| *l == v).map(|(x, _)| *x);
                        if vul.is_none() {
                            out.problems.push(Problem::new(
                                line,
                                Some("sv"),
                                ProblemKind::Vulnerability { found: value },
                            ));
                        }
                        vul
                    }
                }
            }
            "pn" => {
                for (seat, name) in LIN_SEATS.iter().zip(value.split(',')) {
                    cur.board.players[seat.index()] = lin_text(name);
                }
            }
            "vg" => event = value.split(',').next().and_then(lin_text),
            "mb" => {
                let call = pbn_call(&value);
                if is_call(&call) {
                    cur.calls.push(call);
                } else {
                    out.problems.push(Problem::new(
                        line,
                        Some("mb"),
                        ProblemKind::Call { found: value },
                    ));
                }
            }
            "pc" => match parse_card(value.trim()) {
                Some(c) => cur.play_order.push((c, line)),
                None => out.problems.push(Problem::new(
                    line,
                    Some("pc"),
                    ProblemKind::Card { found: value },
                )),
            },
            _ => {}
        }
        if cur.board.event.is_none() {
            cur.board.event.clone_from(&event);
        }
    }
    if cur.started {
        out.boards.push(cur.finish());
    }
    out
}

/// A name or event from LIN as a one-line tag value: line breaks and other control
/// characters become spaces, runs of spaces one; empty and `?` (PBN's "unknown") are `None`.
fn lin_text(raw: &str) -> Option<String> {
    let text = raw
        .split(|c: char| c.is_whitespace() || c.is_control())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    // `?` is PBN's "unknown", and a lone `#` is PBN's "as the previous game": neither can be
    // carried as a value, so both read as unknown.
    (!text.is_empty() && text != "?" && text != "#").then_some(text)
}

/// One LIN hand: `SAKQHJT…D…C…`.
fn hand_text(h: Option<Hand>) -> String {
    let Some(h) = h else {
        return String::new();
    };
    Suit::ALL
        .iter()
        .map(|s| format!("{}{}", s.letter(), h.holding(*s)))
        .collect()
}

/// Writes boards as LIN, one board per line, in Big Deal's layout
/// (`qx|o1|md|3…|rh||ah|Board 1|sv|0|pg||`), followed by the auction and play when known.
pub fn write_lin(boards: &[Board], options: &LinOptions) -> String {
    let mut out = String::new();
    for b in boards {
        if let Some(n) = b.number {
            out.push_str(&format!("qx|o{n}|"));
        }
        if b.players.iter().any(Option::is_some) {
            let names: Vec<&str> = LIN_SEATS
                .iter()
                .map(|s| b.players[s.index()].as_deref().unwrap_or(""))
                .collect();
            out.push_str(&format!("pn|{}|", names.join(",")));
        }
        let dealer = b
            .dealer
            .or(b.number.map(Seat::dealer_of_board))
            .unwrap_or(Seat::North);
        let digit = LIN_SEATS.iter().position(|s| *s == dealer).unwrap_or(2) + 1;
        let hands = b.hands_for_output();
        let shown = if options.omit_east { 3 } else { 4 };
        let md: Vec<String> = LIN_SEATS[..shown]
            .iter()
            .map(|s| hand_text(hands[s.index()]))
            .collect();
        out.push_str(&format!("md|{digit}{}|rh||", md.join(",")));
        if let Some(n) = b.number {
            out.push_str(&format!("ah|Board {n}|"));
        }
        if let Some(v) = b.vulnerability {
            let l = LIN_VUL
                .iter()
                .find(|(x, _)| *x == v)
                .map_or("0", |(_, l)| l);
            out.push_str(&format!("sv|{l}|"));
        }
        if let Some(a) = &b.auction {
            for t in &a.calls {
                for c in lin_calls(t) {
                    out.push_str(&format!("mb|{c}|"));
                }
            }
        }
        out.push_str("pg||");
        if let Some(p) = &b.play {
            let trump = b.contract.as_deref().and_then(trumps);
            for (i, c) in to_play_order(p, trump).iter().enumerate() {
                out.push_str(&format!("pc|{}|", card_text(*c)));
                if i % 4 == 3 {
                    out.push_str("pg||");
                }
            }
        }
        out.push('\n');
    }
    out
}
