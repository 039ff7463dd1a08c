//! PBN 2.1: a tolerant reader and a plain writer.
//!
//! The reader works line by line (1-based line numbers for problems) and accepts what real
//! files contain: `%` lines, `;` rest-of-line and `{…}` comments (which may span lines), tags
//! in any order and any case, `?`/empty values (read as unknown), `#` (the previous game's
//! value), `-` hands and any first seat in `Deal`, CRLF line ends, UTF-8 or Latin-1 bytes.
//! Games end at a blank line, or when an identifying tag (`Event`, `Board`, `Deal`, …) repeats.
//! Section data (the lines after `Auction`, `Play`, `OptimumResultTable` …) is kept as tokens.
//! Debian `dealer`'s statistics block between games is skipped; other stray text is one
//! problem per line.
//! A bad value is a [`Problem`] and leaves that field unknown; the game is still read.
//!
//! The writer emits the identification tags (unknown ones as `?`), the deal from North, then
//! contract, declarer, result, auction and play when known, the double-dummy table and par
//! when known (see [`crate::dd`]), then every other tag kept.
//!
//! Panic policy: nothing here panics, whatever the input.

use crate::board::{decode, is_call, Auction, Board, Play, Problem, ProblemKind, ReadOutcome, Tag};
use crate::dd;
use fairdeal_model::{parse_pbn_hands, Seat, Vulnerability};
use std::collections::HashMap;

/// Options for [`write_pbn`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PbnOptions {
    /// Write the `% PBN 2.1` / `% EXPORT` header.
    pub header: bool,
    /// Write the four player tags (`?` when unknown).
    pub players: bool,
    /// Write the tags kept in [`Board::other_tags`].
    pub other_tags: bool,
    /// End lines with CRLF instead of LF.
    pub crlf: bool,
}

impl Default for PbnOptions {
    fn default() -> Self {
        PbnOptions {
            header: true,
            players: true,
            other_tags: true,
            crlf: false,
        }
    }
}

/// Tags whose repetition starts a new game when no blank line came between.
const GAME_KEYS: [&str; 7] = [
    "Event",
    "Site",
    "Date",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
];

/// A tag as read, before interpretation.
#[derive(Debug, Clone)]
struct RawTag {
    name: String,
    value: String,
    line: usize,
    section: Vec<String>,
}

/// Reader state: the game being collected and the previous game's values (for `#`).
#[derive(Default)]
struct Reader {
    game: Vec<RawTag>,
    /// Tokens of the section line being read.
    pending: Vec<String>,
    previous: HashMap<String, String>,
    out: ReadOutcome,
}

impl Reader {
    fn tag(&mut self, name: String, value: String, line: usize) {
        self.end_line();
        let repeats = GAME_KEYS.iter().any(|k| k.eq_ignore_ascii_case(&name))
            && self.game.iter().any(|t| t.name.eq_ignore_ascii_case(&name));
        if repeats {
            self.end_game();
        }
        self.game.push(RawTag {
            name,
            value,
            line,
            section: Vec::new(),
        });
    }

    fn data(&mut self, token: &str, line: usize) {
        if self.game.is_empty() {
            // One problem per line of stray text, holding the whole text.
            if let Some(p) = self.out.problems.last_mut() {
                if let (true, ProblemKind::StrayText { text }) = (p.line == line, &p.kind) {
                    *p = Problem::new(
                        line,
                        None,
                        ProblemKind::StrayText {
                            text: format!("{text} {token}"),
                        },
                    );
                    return;
                }
            }
            self.out.problems.push(Problem::new(
                line,
                None,
                ProblemKind::StrayText {
                    text: token.to_string(),
                },
            ));
        } else {
            self.pending.push(token.to_string());
        }
    }

    fn end_line(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        let text = self.pending.join(" ");
        self.pending.clear();
        if let Some(t) = self.game.last_mut() {
            t.section.push(text);
        }
    }

    fn end_game(&mut self) {
        self.end_line();
        if self.game.is_empty() {
            return;
        }
        let mut tags = std::mem::take(&mut self.game);
        for t in &mut tags {
            if t.value.trim() == "#" {
                match self.previous.get(&t.name.to_ascii_lowercase()) {
                    Some(v) => t.value = v.clone(),
                    None => {
                        self.out.problems.push(Problem::new(
                            t.line,
                            Some(&t.name),
                            ProblemKind::NoPrevious,
                        ));
                        t.value = "?".to_string();
                    }
                }
            }
        }
        self.previous = tags
            .iter()
            .map(|t| (t.name.to_ascii_lowercase(), t.value.clone()))
            .collect();
        let board = interpret(&tags, &mut self.out.problems);
        self.out.boards.push(board);
    }
}

/// `None` for PBN's unknown values (`?`, empty).
fn known(value: &str) -> Option<&str> {
    let v = value.trim();
    (!v.is_empty() && v != "?").then_some(v)
}

fn seat(value: &str, t: &RawTag, problems: &mut Vec<Problem>) -> Option<Seat> {
    let v = known(value)?;
    let v = v.trim_start_matches('^');
    let mut chars = v.chars();
    match (chars.next().and_then(Seat::from_char), chars.next()) {
        (Some(s), None) => Some(s),
        _ => {
            problems.push(Problem::new(
                t.line,
                Some(&t.name),
                ProblemKind::Seat {
                    found: v.to_string(),
                },
            ));
            None
        }
    }
}

/// Turns one game's tags into a [`Board`], reporting bad values.
fn interpret(tags: &[RawTag], problems: &mut Vec<Problem>) -> Board {
    let mut b = Board::default();
    for t in tags {
        let text = known(&t.value).map(str::to_string);
        let tokens = || -> Vec<String> {
            t.section
                .iter()
                .flat_map(|l| l.split_whitespace())
                .map(str::to_string)
                .collect()
        };
        match t.name.to_ascii_lowercase().as_str() {
            "event" => b.event = text,
            "site" => b.site = text,
            "date" => b.date = text,
            "board" => {
                b.number = text.and_then(|v| match v.parse::<u32>() {
                    Ok(n) if n > 0 => Some(n),
                    _ => {
                        problems.push(Problem::new(
                            t.line,
                            Some(&t.name),
                            ProblemKind::BoardNumber { found: v },
                        ));
                        None
                    }
                })
            }
            "north" => b.players[Seat::North.index()] = text,
            "east" => b.players[Seat::East.index()] = text,
            "south" => b.players[Seat::South.index()] = text,
            "west" => b.players[Seat::West.index()] = text,
            "dealer" => b.dealer = seat(&t.value, t, problems),
            "vulnerable" => {
                b.vulnerability = text.and_then(|v| {
                    let vul = Vulnerability::from_pbn(&v);
                    if vul.is_none() {
                        problems.push(Problem::new(
                            t.line,
                            Some(&t.name),
                            ProblemKind::Vulnerability { found: v },
                        ));
                    }
                    vul
                })
            }
            "deal" => {
                if let Some(v) = text {
                    match parse_pbn_hands(&v) {
                        Ok(h) => b.hands = h,
                        Err(e) => problems.push(Problem::new(t.line, Some(&t.name), e.into())),
                    }
                }
            }
            "declarer" => b.declarer = seat(&t.value, t, problems),
            "contract" => b.contract = text,
            "result" => b.result = text,
            "auction" => {
                if let Some(first) = seat(&t.value, t, problems) {
                    b.auction = Some(Auction {
                        first,
                        calls: tokens(),
                    });
                }
            }
            "play" => {
                if let Some(leader) = seat(&t.value, t, problems) {
                    b.play = Some(Play {
                        leader,
                        cards: tokens(),
                    });
                }
            }
            _ => b.other_tags.push(Tag {
                name: t.name.clone(),
                value: t.value.clone(),
                section: t.section.clone(),
            }),
        }
    }
    take_dd(&mut b, tags, problems);
    b
}

/// The line of the first tag named `name` (case-insensitive), for problems.
fn line_of(tags: &[RawTag], name: &str) -> usize {
    tags.iter()
        .find(|t| t.name.eq_ignore_ascii_case(name))
        .map_or(0, |t| t.line)
}

/// Moves `OptimumResultTable`, `ParContract` and `OptimumScore` from the other tags into
/// [`Board::dd`] and [`Board::par`] when they read; when they do not, they stay where they
/// were (nothing is lost) and a problem says why.
fn take_dd(b: &mut Board, tags: &[RawTag], problems: &mut Vec<Problem>) {
    let pos = |b: &Board, name: &str| {
        b.other_tags
            .iter()
            .position(|t| t.name.eq_ignore_ascii_case(name))
    };
    if let Some(i) = pos(b, "OptimumResultTable") {
        let t = &b.other_tags[i];
        match dd::parse_dd_table(&t.value, &t.section) {
            Ok(table) => {
                b.dd = Some(table);
                b.other_tags.remove(i);
            }
            Err(reason) => problems.push(Problem::new(
                line_of(tags, "OptimumResultTable"),
                Some("OptimumResultTable"),
                ProblemKind::DdTable { reason },
            )),
        }
    }
    if let (Some(c), Some(s)) = (pos(b, "ParContract"), pos(b, "OptimumScore")) {
        let (contract, score) = (&b.other_tags[c].value, &b.other_tags[s].value);
        if known(contract).is_none() || known(score).is_none() {
            return;
        }
        match dd::parse_par(contract, score) {
            Ok(par) => {
                b.par = Some(par);
                b.other_tags.remove(c.max(s));
                b.other_tags.remove(c.min(s));
            }
            Err(reason) => problems.push(Problem::new(
                line_of(tags, "ParContract"),
                Some("ParContract"),
                ProblemKind::Par {
                    found: format!("{contract} / {score}"),
                    reason,
                },
            )),
        }
    }
}

/// Parses `[Name "value"]` at the start of `s`; returns name, value and bytes used.
fn parse_tag(s: &str) -> Option<(String, String, usize)> {
    let body = s.strip_prefix('[')?;
    let name_end = body.find(|c: char| c.is_whitespace() || c == '"' || c == ']')?;
    let name = &body[..name_end];
    if name.is_empty() {
        return None;
    }
    let after = &body[name_end..];
    let rest = after.trim_start();
    let mut used = 1 + name_end + (after.len() - rest.len());
    let value = if let Some(q) = rest.strip_prefix('"') {
        let mut value = String::new();
        let mut chars = q.char_indices();
        let mut closed = None;
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    // `\"` and `\\` are escapes; any other backslash (the `\2R` column
                    // formats of PBN tables) is kept as written.
                    if let Some((_, n)) = chars.next() {
                        if n != '"' && n != '\\' {
                            value.push('\\');
                        }
                        value.push(n);
                    }
                }
                '"' => {
                    closed = Some(i);
                    break;
                }
                _ => value.push(c),
            }
        }
        used += 1 + closed? + 1;
        value
    } else {
        // Tolerated: an unquoted value up to ']'.
        let end = rest.find(']')?;
        used += end;
        rest[..end].trim().to_string()
    };
    let tail = &s[used..];
    let trimmed = tail.trim_start();
    let close = trimmed.strip_prefix(']')?;
    used = s.len() - close.len();
    Some((name.to_string(), value, used))
}

/// The statistics block Debian's `dealer` prints after its PBN output (`Generated 8 hands`,
/// `Produced 8 hands`, `Initial random seed 42`, `Time needed 0.000 sec`), skipped between
/// games.
fn is_statistics(line: &str) -> bool {
    let t = line.trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    let number = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_digit() || c == '.');
    match words.as_slice() {
        ["Generated" | "Produced", n, "hands"] => number(n),
        ["Initial", "random", "seed", n] => number(n),
        ["Time", "needed", n, "sec"] => number(n),
        _ => false,
    }
}

/// Reads a PBN file. Never fails: unreadable parts become [`Problem`]s.
pub fn read_pbn(bytes: &[u8]) -> ReadOutcome {
    let text = decode(bytes);
    let mut r = Reader::default();
    let mut comment_from: Option<usize> = None;
    for (i, raw) in text.split('\n').enumerate() {
        let line_no = i + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let mut rest = line;
        if comment_from.is_some() {
            match rest.find('}') {
                Some(p) => {
                    rest = &rest[p + 1..];
                    comment_from = None;
                }
                None => continue,
            }
        } else if line.starts_with('%') || (r.game.is_empty() && is_statistics(line)) {
            continue;
        } else if line.trim().is_empty() {
            r.end_game();
            continue;
        }
        loop {
            rest = rest.trim_start();
            let Some(c) = rest.chars().next() else { break };
            match c {
                '[' => match parse_tag(rest) {
                    Some((name, value, used)) => {
                        r.tag(name, value, line_no);
                        rest = &rest[used..];
                    }
                    None => {
                        r.out.problems.push(Problem::new(
                            line_no,
                            None,
                            ProblemKind::MalformedTag {
                                text: rest.to_string(),
                            },
                        ));
                        break;
                    }
                },
                '{' => match rest[1..].find('}') {
                    Some(p) => rest = &rest[p + 2..],
                    None => {
                        comment_from = Some(line_no);
                        break;
                    }
                },
                ';' => break,
                _ => {
                    let end = rest
                        .find(|c: char| c.is_whitespace() || matches!(c, '[' | '{' | ';'))
                        .unwrap_or(rest.len());
                    r.data(&rest[..end], line_no);
                    rest = &rest[end..];
                }
            }
        }
        r.end_line();
    }
    if let Some(line) = comment_from {
        r.out
            .problems
            .push(Problem::new(line, None, ProblemKind::UnclosedComment));
    }
    r.end_game();
    r.out
}

/// Escapes `\` and `"` in a tag value.
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

fn tag_line(out: &mut String, name: &str, value: &str) {
    out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
}

/// Tokens laid out four calls (or cards) to a line; notes stay with their call.
fn section(out: &mut String, tokens: &[String], counts: impl Fn(&str) -> bool) {
    let mut on_line = 0;
    let mut line = String::new();
    for t in tokens {
        if counts(t) && on_line == 4 {
            section_line(out, &line);
            line.clear();
            on_line = 0;
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
        if counts(t) {
            on_line += 1;
        }
    }
    if !line.is_empty() {
        section_line(out, &line);
    }
}

/// One line of section data. A line starting with `%` would read as a comment, so it is
/// indented by a space (the reader skips leading spaces).
fn section_line(out: &mut String, line: &str) {
    if line.starts_with('%') {
        out.push(' ');
    }
    out.push_str(line);
    out.push('\n');
}

/// Writes boards as PBN 2.1 export text.
pub fn write_pbn(boards: &[Board], options: &PbnOptions) -> String {
    let mut out = String::new();
    if options.header {
        out.push_str("% PBN 2.1\n% EXPORT\n%\n");
    }
    let q = |v: &Option<String>| v.clone().unwrap_or_else(|| "?".to_string());
    for (i, b) in boards.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        tag_line(&mut out, "Event", &q(&b.event));
        tag_line(&mut out, "Site", &q(&b.site));
        tag_line(&mut out, "Date", &q(&b.date));
        tag_line(&mut out, "Board", &q(&b.number.map(|n| n.to_string())));
        if options.players {
            for s in [Seat::West, Seat::North, Seat::East, Seat::South] {
                tag_line(&mut out, s.name(), &q(&b.players[s.index()]));
            }
        }
        tag_line(
            &mut out,
            "Dealer",
            &q(&b.dealer.map(|s| s.letter().to_string())),
        );
        tag_line(
            &mut out,
            "Vulnerable",
            &q(&b.vulnerability.map(|v| v.pbn().to_string())),
        );
        let hands = b.hands_for_output();
        if hands.iter().any(Option::is_some) {
            let text: Vec<String> = Seat::ALL
                .iter()
                .map(|s| hands[s.index()].map_or("-".to_string(), |h| h.to_string()))
                .collect();
            tag_line(&mut out, "Deal", &format!("N:{}", text.join(" ")));
        } else {
            tag_line(&mut out, "Deal", "?");
        }
        if let Some(d) = b.declarer {
            tag_line(&mut out, "Declarer", &d.letter().to_string());
        }
        if let Some(c) = &b.contract {
            tag_line(&mut out, "Contract", c);
        }
        if let Some(r) = &b.result {
            tag_line(&mut out, "Result", r);
        }
        if let Some(a) = &b.auction {
            tag_line(&mut out, "Auction", &a.first.letter().to_string());
            section(&mut out, &a.calls, is_call);
        }
        if let Some(p) = &b.play {
            tag_line(&mut out, "Play", &p.leader.letter().to_string());
            section(&mut out, &p.cards, |t| {
                !t.starts_with('$') && !t.starts_with('=')
            });
        }
        if let Some(table) = &b.dd {
            // Written raw: PBN's own examples keep the `\2R` backslashes single.
            out.push_str(&format!("[OptimumResultTable \"{}\"]\n", dd::DD_HEADER));
            for row in dd::dd_rows(table) {
                out.push_str(&row);
                out.push('\n');
            }
        }
        if let Some(par) = &b.par {
            tag_line(&mut out, "ParContract", &dd::par_contract_text(par));
            tag_line(&mut out, "OptimumScore", &dd::optimum_score_text(par));
        }
        if options.other_tags {
            for t in &b.other_tags {
                tag_line(&mut out, &t.name, &t.value);
                for l in &t.section {
                    section_line(&mut out, l);
                }
            }
        }
    }
    if options.crlf {
        out.replace('\n', "\r\n")
    } else {
        out
    }
}
