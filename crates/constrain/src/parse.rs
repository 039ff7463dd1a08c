//! The text form of constraint files: parser and positioned errors.
//!
//! # Format
//!
//! One statement per line; `#` starts a comment. Statements:
//!
//! ```text
//! # North opens 1NT, South has 5 spades and 4 hearts with invitational values
//! north: balanced, hcp 15-17
//! south: hcp 10+, shape 5=4=x=x
//! ns: hcp 25+, fit 8+ majors
//! west: spades 9                    # exactly nine spades
//! east: shape 4432 + 4333 - 4=4=3=2 # union and exclusion
//! east: spades AKxx, has HA D2      # ♠AK + two cards below the ten; ♥A and ♦2 too
//! south: is AKQ2.JT3.K765.A9        # the whole hand
//! scale zar A4 K3 Q2 J1 T0.5        # declare a scale (half-points allowed) …
//! north: zar 12.5+                  # … then use it like hcp
//! category strong weight 2          # levelled sets: each category adds its lines
//! north: hcp 20+
//! category weak
//! north: hcp 0-9
//! ```
//!
//! * Subjects: `north east south west` (or `n e s w`), pairs `ns ew`. Conditions after the
//!   colon are separated by commas; all must hold, and several lines about one subject add up.
//! * Points: `hcp`, `controls` (A 2, K 1) or a declared scale, then `15`, `15-17`, `25+`
//!   (values may end in `.5`). On a pair the range applies to the sum of both hands.
//! * Suit length: `spades 5+`, `hearts 4-5`, `clubs 0`. Holding: `spades AKxx` — exactly
//!   those cards, each `x` a card below the ten (a word with a letter is a holding).
//! * Shapes: see [`crate::shape`]; a bare class name (`balanced`) means `shape balanced`.
//!   Dealer's compact patterns take `any`: `any 4333`, `any 5xxx`, `any 54xx` (any suit
//!   order); bare four digits (`4432`) also mean any order, while a bare `5xxx` is refused
//!   with a hint (`any 5xxx`, or `5=x=x=x` for spades) since dealer reads it in suit order.
//! * Cards: `has SA HK` (suit letter or symbol, then rank; `10` = `T`); `is` takes a PBN
//!   hand with `-` for a void.
//! * Fit: `fit 8+` or `fit 8-9` with an optional `spades`…`clubs`, `majors` or `minors`
//!   (pairs only): the pair's longest combined suit among those is in the range.
//! * Categories: `category NAME [weight N]` (name a word or `"quoted"`).
//! * A condition every hand meets (`hcp 0+`, `hcp 0-37`, `spades 0+`, `ns: fit 0+`) asks
//!   nothing: the compiled set leaves it out, so its seat is not counted
//!   ([`crate::ConstraintSet::without_vacuous`]).
//!
//! Errors carry a byte span; [`ParseError::line_col`] and [`ParseErrors::render`] turn it
//! into `line:column` with a caret. The parser reports every bad line, not just the first.

use crate::shape::{class_by_name, LenRange, ShapeExpr, ShapeItem};
use crate::spec::{
    Category, Cond, FitSuits, HoldingPattern, Pair, PointRange, Scale, Spec, Statement, Who,
};
use fairdeal_model::{Card, Hand, Holding, Rank, Seat, Suit};
use std::fmt;
use std::ops::Range;
use thiserror::Error;

/// What went wrong at a place in the text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// Something else was expected here.
    #[error("expected {expected}, found `{found}`")]
    Expected {
        /// What would have been valid.
        expected: &'static str,
        /// The text found (empty at end of line).
        found: String,
    },
    /// A point scale that was not declared.
    #[error("unknown scale or condition `{name}`; expected hcp, controls, a declared scale, shape, a class name, a suit, has, is or fit")]
    UnknownWord {
        /// The word.
        name: String,
    },
    /// A condition used on the wrong subject.
    #[error("`{what}` applies to {expected}")]
    WrongSubject {
        /// The condition keyword.
        what: String,
        /// "a seat" or "a pair".
        expected: &'static str,
    },
    /// A scale whose values are too large.
    #[error("scale `{name}` gives {} points per suit; at most 31.5 are allowed", *half_points as f64 / 2.0)]
    ScaleTooHeavy {
        /// Scale name.
        name: String,
        /// Half-points per suit.
        half_points: u32,
    },
    /// A scale name that is already taken.
    #[error("`{name}` is already a scale or keyword; choose another name")]
    NameTaken {
        /// The name.
        name: String,
    },
}

/// A parse error with its byte span in the input.
#[derive(Debug, Clone, PartialEq, Error)]
#[error("{kind}")]
pub struct ParseError {
    /// Byte range of the offending text.
    pub span: Range<usize>,
    /// What went wrong.
    pub kind: ParseErrorKind,
}

impl ParseError {
    /// 1-based line and column (in characters) of the span start within `src`.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        fairdeal_model::source::line_col(src, self.span.start)
    }
}

/// Every error found in a file (at least one).
#[derive(Debug, Clone, PartialEq, Error)]
pub struct ParseErrors(pub Vec<ParseError>);

impl fmt::Display for ParseErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl ParseErrors {
    /// `line:col: message`, the source line and a caret line, for each error (the one
    /// renderer, [`fairdeal_model::source::render`]).
    pub fn render(&self, src: &str) -> String {
        self.0
            .iter()
            .map(|e| fairdeal_model::source::render(src, &e.span, &e.to_string()))
            .collect()
    }
}

#[derive(Debug, Clone, Copy)]
struct Tok<'a> {
    text: &'a str,
    start: usize,
}

impl Tok<'_> {
    fn span(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }
}

fn lex(line: &str, offset: usize) -> Vec<Tok<'_>> {
    let code = line.split('#').next().unwrap_or("");
    let mut toks = Vec::new();
    let mut start: Option<usize> = None;
    for (i, c) in code.char_indices() {
        let sep = c.is_whitespace() || c == ',' || c == ':';
        if sep {
            if let Some(s) = start.take() {
                toks.push(Tok {
                    text: &code[s..i],
                    start: offset + s,
                });
            }
            if c == ',' || c == ':' {
                toks.push(Tok {
                    text: &code[i..i + 1],
                    start: offset + i,
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(s) = start {
        toks.push(Tok {
            text: &code[s..],
            start: offset + s,
        });
    }
    toks
}

type PResult<T> = Result<T, ParseError>;

fn expected(expected: &'static str, tok: Option<&Tok<'_>>, end: usize) -> ParseError {
    ParseError {
        span: tok.map_or(end..end, |t| t.span()),
        kind: ParseErrorKind::Expected {
            expected,
            found: tok.map_or(String::new(), |t| t.text.to_string()),
        },
    }
}

/// Parses `15`, `12.5` into half-points.
fn half_points(s: &str) -> Option<u32> {
    let (int, half) = match s.strip_suffix(".5") {
        Some(i) => (i, 1),
        None => (s.strip_suffix(".0").unwrap_or(s), 0),
    };
    if int.is_empty() || int.len() > 4 || !int.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    int.parse::<u32>().ok().map(|v| v * 2 + half)
}

fn point_range(s: &str) -> Option<PointRange> {
    if let Some(lo) = s.strip_suffix('+') {
        return Some(PointRange {
            lo: half_points(lo)?,
            hi: None,
        });
    }
    if let Some((a, b)) = s.split_once('-') {
        let (lo, hi) = (half_points(a)?, half_points(b)?);
        return (lo <= hi).then_some(PointRange { lo, hi: Some(hi) });
    }
    let v = half_points(s)?;
    Some(PointRange { lo: v, hi: Some(v) })
}

fn len_value(s: &str) -> Option<u8> {
    let v: u8 = s
        .parse()
        .ok()
        .filter(|_| s.bytes().all(|b| b.is_ascii_digit()))?;
    (v <= 13).then_some(v)
}

fn len_range(s: &str, allow_x: bool) -> Option<LenRange> {
    if allow_x && s.eq_ignore_ascii_case("x") {
        return Some(LenRange::ANY);
    }
    if let Some(lo) = s.strip_suffix('+') {
        return Some(LenRange {
            lo: len_value(lo)?,
            hi: 13,
        });
    }
    if let Some((a, b)) = s.split_once('-') {
        let (lo, hi) = (len_value(a)?, len_value(b)?);
        return (lo <= hi).then_some(LenRange { lo, hi });
    }
    len_value(s).map(|v| LenRange { lo: v, hi: v })
}

fn pattern(s: &str) -> Option<[LenRange; 4]> {
    let parts: Vec<&str> = s.split('=').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut r = [LenRange::ANY; 4];
    for (i, p) in parts.iter().enumerate() {
        r[i] = len_range(p, true)?;
    }
    Some(r)
}

/// Dealer's compact pattern: four characters, each a length digit or `x` (`5xxx`, `4333`),
/// as lengths in ♠ ♥ ♦ ♣ order. `None` if the text is not of that form.
fn compact_pattern(s: &str) -> Option<[LenRange; 4]> {
    let b = s.as_bytes();
    if b.len() != 4
        || !b
            .iter()
            .all(|c| c.is_ascii_digit() || c.eq_ignore_ascii_case(&b'x'))
    {
        return None;
    }
    Some(std::array::from_fn(|i| {
        if b[i].is_ascii_digit() {
            LenRange {
                lo: b[i] - b'0',
                hi: b[i] - b'0',
            }
        } else {
            LenRange::ANY
        }
    }))
}

/// Checks that the fixed lengths of a compact pattern can make a hand: they add up to 13
/// exactly when there is no `x`, to at most 13 otherwise.
fn compact_fits(p: &[LenRange; 4]) -> bool {
    let fixed: u32 = p
        .iter()
        .filter(|r| r.lo == r.hi)
        .map(|r| u32::from(r.lo))
        .sum();
    if p.iter().all(|r| r.lo == r.hi) {
        fixed == 13
    } else {
        fixed <= 13
    }
}

const SHAPE_ITEM: &str = "a shape: 5=4=3=1, 5+=x=x=x, 4432, any 5=4=x=x, any 5xxx or a class (balanced, semibalanced, one-suited, two-suited, three-suited, five-card-major)";

fn shape_expr(toks: &[Tok<'_>], end: usize) -> PResult<ShapeExpr> {
    let mut items = Vec::new();
    let mut i = 0;
    let mut sign = true;
    if toks.first().is_some_and(|t| t.text == "-") {
        sign = false;
        i = 1;
    }
    loop {
        let t = toks.get(i).ok_or_else(|| expected(SHAPE_ITEM, None, end))?;
        let item = if t.text.eq_ignore_ascii_case("any") {
            i += 1;
            let p = toks.get(i);
            const ANY: &str = "a pattern after `any`, such as 4333, 5xxx or 5=4=x=x";
            if let Some(c) = p.and_then(|p| compact_pattern(p.text)) {
                if !compact_fits(&c) {
                    return Err(expected(
                        "lengths adding up to 13 (at most 13 with an x), such as 4333 or 54xx",
                        p,
                        end,
                    ));
                }
                ShapeItem::AnyOrder(c)
            } else {
                ShapeItem::AnyOrder(
                    p.and_then(|p| pattern(p.text))
                        .ok_or_else(|| expected(ANY, p, end))?,
                )
            }
        } else if let Some(c) = class_by_name(t.text) {
            ShapeItem::Class(c)
        } else if t.text.len() == 4 && t.text.bytes().all(|b| b.is_ascii_digit()) {
            let d: Vec<u8> = t.text.bytes().map(|b| b - b'0').collect();
            if d.iter().map(|&x| u32::from(x)).sum::<u32>() != 13 {
                return Err(expected(
                    "four digits adding up to 13, such as 4432",
                    Some(t),
                    end,
                ));
            }
            ShapeItem::AnyOrder([0, 1, 2, 3].map(|k| LenRange { lo: d[k], hi: d[k] }))
        } else if let Some(p) = pattern(t.text) {
            ShapeItem::Exact(p)
        } else if compact_pattern(t.text).is_some() {
            // `5xxx` alone: dealer reads it in suit order, while bare `4432` here means
            // any order — ask which one is meant rather than guess.
            return Err(expected(
                    "`any 5xxx` (any suit order) or 5=x=x=x (this order, ♠ ♥ ♦ ♣): a pattern with x needs `any` or `=`",
                    Some(t),
                    end,
                ));
        } else {
            return Err(expected(SHAPE_ITEM, Some(t), end));
        };
        items.push((sign, item));
        i += 1;
        match toks.get(i) {
            None => return Ok(ShapeExpr { items }),
            Some(t) if t.text == "+" => sign = true,
            Some(t) if t.text == "-" => sign = false,
            Some(t) => return Err(expected("` + `, ` - ` or `,` between shapes", Some(t), end)),
        }
        i += 1;
    }
}

fn suit_word(s: &str) -> Option<Suit> {
    Suit::ALL
        .into_iter()
        .find(|x| x.name().eq_ignore_ascii_case(s))
}

fn rank_chars(s: &str) -> Option<Vec<Rank>> {
    let s = s.replace("10", "T");
    s.chars().map(Rank::from_char).collect()
}

fn card(s: &str) -> Option<Card> {
    let mut it = s.chars();
    let suit = Suit::from_char(it.next()?)?;
    let ranks = rank_chars(it.as_str())?;
    match ranks.as_slice() {
        [r] => Some(Card::new(suit, *r)),
        _ => None,
    }
}

fn hand(s: &str) -> Option<Hand> {
    let parts: Vec<&str> = s.split('.').collect();
    if parts.len() != 4 {
        return None;
    }
    let mut h = Hand::EMPTY;
    for (suit, p) in Suit::ALL.into_iter().zip(parts) {
        if p == "-" {
            continue;
        }
        for r in rank_chars(p)? {
            if !h.insert(Card::new(suit, r)) {
                return None;
            }
        }
    }
    (h.len() == 13).then_some(h)
}

/// `AKxx`: named ranks plus spot cards, at most 13 cards (counted in `usize`, so no number of
/// `x` can wrap the count).
fn holding_pattern(s: &str) -> Option<HoldingPattern> {
    let mut ranks = Holding::EMPTY;
    let named: String = s
        .chars()
        .filter(|c| !c.eq_ignore_ascii_case(&'x'))
        .collect();
    let spots = s.chars().filter(|c| c.eq_ignore_ascii_case(&'x')).count();
    for r in rank_chars(&named)? {
        if ranks.contains(r) {
            return None;
        }
        ranks = ranks.with(r);
    }
    let cards = ranks.len() as usize + spots;
    let spots = u8::try_from(spots).ok().filter(|_| cards <= 13)?;
    Some(HoldingPattern { ranks, spots })
}

struct Parser {
    scales: Vec<Scale>,
}

const RESERVED: &[&str] = &[
    "shape", "has", "is", "fit", "any", "category", "scale", "weight",
];

impl Parser {
    fn scale(&self, name: &str) -> Option<Scale> {
        Scale::builtins()
            .into_iter()
            .chain(self.scales.iter().cloned())
            .find(|s| s.name.eq_ignore_ascii_case(name))
    }

    fn cond(&self, who: Who, toks: &[Tok<'_>], end: usize) -> PResult<Cond> {
        let head = toks
            .first()
            .ok_or_else(|| expected("a condition", None, end))?;
        let word = head.text.to_ascii_lowercase();
        let rest = &toks[1..];
        let seat_only = |c: Cond| match who {
            Who::Seat(_) => Ok(c),
            Who::Pair(_) => Err(ParseError {
                span: head.span(),
                kind: ParseErrorKind::WrongSubject {
                    what: word.clone(),
                    expected: "a seat",
                },
            }),
        };
        let one = |what: &'static str| -> PResult<&Tok<'_>> {
            let t = rest.first().ok_or_else(|| expected(what, None, end))?;
            if let Some(extra) = rest.get(1) {
                return Err(expected("`,` or the end of the line", Some(extra), end));
            }
            Ok(t)
        };
        if word == "shape" {
            return seat_only(Cond::Shape(shape_expr(rest, end)?));
        }
        if class_by_name(&word).is_some() {
            return seat_only(Cond::Shape(shape_expr(toks, end)?));
        }
        if let Some(suit) = suit_word(&word) {
            const WHAT: &str = "a length (5, 4-5, 5+) or a holding (AKxx)";
            let t = one(WHAT)?;
            let c = if t.text.chars().any(|c| c.is_ascii_alphabetic()) {
                Cond::Holding(
                    suit,
                    holding_pattern(t.text).ok_or_else(|| expected(WHAT, Some(t), end))?,
                )
            } else {
                Cond::Length(
                    suit,
                    len_range(t.text, false).ok_or_else(|| expected(WHAT, Some(t), end))?,
                )
            };
            return seat_only(c);
        }
        if word == "has" {
            if rest.is_empty() {
                return Err(expected("cards such as SA HK", None, end));
            }
            let mut cards = Vec::new();
            for t in rest {
                cards.push(card(t.text).ok_or_else(|| {
                    expected("a card: suit then rank, such as SA or ♥10", Some(t), end)
                })?);
            }
            return seat_only(Cond::Has(cards));
        }
        if word == "is" {
            let t = one("a 13-card PBN hand such as AKQ2.JT3.K765.A9")?;
            let h = hand(t.text).ok_or_else(|| {
                expected("a 13-card PBN hand such as AKQ2.JT3.K765.A9", Some(t), end)
            })?;
            return seat_only(Cond::Is(h));
        }
        if word == "fit" {
            if matches!(who, Who::Seat(_)) {
                return Err(ParseError {
                    span: head.span(),
                    kind: ParseErrorKind::WrongSubject {
                        what: word,
                        expected: "a pair (ns or ew)",
                    },
                });
            }
            const WHAT: &str = "a fit length such as 8+ or 8-9 (combined cards, 0 to 13)";
            let t = rest.first().ok_or_else(|| expected(WHAT, None, end))?;
            let r = Some(t.text)
                .filter(|x| x.contains(['+', '-']))
                .and_then(|x| len_range(x, false))
                .ok_or_else(|| expected(WHAT, Some(t), end))?;
            let (min, max) = (r.lo, (r.hi < 13).then_some(r.hi));
            let suits = match rest.get(1) {
                None => FitSuits::Any,
                Some(s) => match s.text.to_ascii_lowercase().as_str() {
                    "majors" => FitSuits::Majors,
                    "minors" => FitSuits::Minors,
                    w => FitSuits::Suit(suit_word(w).ok_or_else(|| {
                        expected(
                            "spades, hearts, diamonds, clubs, majors or minors",
                            Some(s),
                            end,
                        )
                    })?),
                },
            };
            if let Some(extra) = rest.get(2) {
                return Err(expected("`,` or the end of the line", Some(extra), end));
            }
            return Ok(Cond::Fit { min, max, suits });
        }
        if let Some(scale) = self.scale(&word) {
            const WHAT: &str = "a point range such as 15, 15-17 or 25+";
            let t = one(WHAT)?;
            let r = point_range(t.text).ok_or_else(|| expected(WHAT, Some(t), end))?;
            return Ok(Cond::Points(scale, r));
        }
        Err(ParseError {
            span: head.span(),
            kind: ParseErrorKind::UnknownWord {
                name: head.text.to_string(),
            },
        })
    }

    fn statement(&self, toks: &[Tok<'_>], end: usize) -> PResult<Statement> {
        let first = &toks[0];
        let who = match first.text.to_ascii_lowercase().as_str() {
            "ns" => Who::Pair(Pair::NorthSouth),
            "ew" => Who::Pair(Pair::EastWest),
            w => Seat::ALL
                .into_iter()
                .find(|s| {
                    s.name().eq_ignore_ascii_case(w)
                        || (w.len() == 1
                            && Seat::from_char(s.letter())
                                == w.chars().next().and_then(Seat::from_char))
                })
                .map(Who::Seat)
                .ok_or_else(|| {
                    expected(
                        "north, east, south, west, ns, ew, scale or category",
                        Some(first),
                        end,
                    )
                })?,
        };
        match toks.get(1) {
            Some(t) if t.text == ":" => {}
            t => return Err(expected("`:` after the seat or pair", t, end)),
        }
        let mut conds = Vec::new();
        for part in toks[2..].split(|t| t.text == ",") {
            let part_end = part.last().map_or(end, |t| t.start + t.text.len());
            conds.push(self.cond(who, part, part_end)?);
        }
        Ok(Statement { who, conds })
    }

    fn scale_decl(&self, toks: &[Tok<'_>], end: usize) -> PResult<Scale> {
        let name_tok = toks
            .get(1)
            .ok_or_else(|| expected("a scale name", None, end))?;
        let name = name_tok.text.to_ascii_lowercase();
        let taken = RESERVED.contains(&name.as_str())
            || self.scale(&name).is_some()
            || class_by_name(&name).is_some()
            || suit_word(&name).is_some()
            || !name.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
        if taken {
            return Err(ParseError {
                span: name_tok.span(),
                kind: ParseErrorKind::NameTaken { name },
            });
        }
        const WHAT: &str = "a rank A K Q J or T followed by its value, such as A4 or T0.5";
        let mut weights = [0u8; 5];
        let mut seen = [false; 5];
        if toks.len() < 3 {
            return Err(expected(WHAT, None, end));
        }
        for t in &toks[2..] {
            let mut it = t.text.chars();
            let r = it
                .next()
                .and_then(Rank::from_char)
                .map(|r| r.from_top())
                .filter(|&r| r < 5);
            let v = half_points(it.as_str()).filter(|&v| v <= 255);
            match (r, v) {
                (Some(r), Some(v)) if !seen[r] => {
                    seen[r] = true;
                    weights[r] = v as u8;
                }
                _ => return Err(expected(WHAT, Some(t), end)),
            }
        }
        let total: u32 = weights.iter().map(|&w| u32::from(w)).sum();
        if total > 63 {
            return Err(ParseError {
                span: name_tok.span(),
                kind: ParseErrorKind::ScaleTooHeavy {
                    name,
                    half_points: total,
                },
            });
        }
        Ok(Scale { name, weights })
    }
}

/// A `"quoted"` category name: the name and the index of the first token after it.
fn quoted_name(
    line: &str,
    line_start: usize,
    toks: &[Tok<'_>],
    end: usize,
) -> PResult<Option<(String, usize)>> {
    let Some(first) = toks.get(1) else {
        return Ok(None);
    };
    if !first.text.starts_with('"') {
        return Ok(None);
    }
    let from = first.start - line_start + 1;
    let rest = line.get(from..).unwrap_or("");
    let close = rest
        .find('"')
        .ok_or_else(|| expected("a closing `\"`", None, end))?;
    let end_abs = line_start + from + close + 1;
    let next = toks
        .iter()
        .position(|t| t.start >= end_abs)
        .unwrap_or(toks.len());
    Ok(Some((rest[..close].to_string(), next)))
}

/// Parses a constraint file; on failure returns every error found (one per bad line).
pub fn parse(src: &str) -> Result<Spec, ParseErrors> {
    let mut spec = Spec::default();
    let mut errors = Vec::new();
    let mut p = Parser { scales: Vec::new() };
    let mut offset = 0;
    for line in src.split('\n') {
        let line_start = offset;
        offset += line.len() + 1;
        let code = line.split('#').next().unwrap_or("");
        let end = line_start + code.trim_end().len();
        let toks = lex(line, line_start);
        let Some(first) = toks.first() else { continue };
        let head = first.text.to_ascii_lowercase();
        let result: PResult<()> = (|| {
            if head == "scale" && toks.get(1).is_some_and(|t| t.text != ":") {
                let s = p.scale_decl(&toks, end)?;
                p.scales.push(s.clone());
                spec.scales.push(s);
            } else if head == "category" && toks.get(1).is_some_and(|t| t.text != ":") {
                let (name, next) = match quoted_name(line, line_start, &toks, end)? {
                    Some(q) => q,
                    // A bare name with a quote inside could not be printed back.
                    None if toks[1].text.contains('"') => {
                        return Err(expected(
                            "a category name: a word, or text in quotes",
                            Some(&toks[1]),
                            end,
                        ))
                    }
                    None => (toks[1].text.to_string(), 2),
                };
                let mut weight = 1;
                match toks.get(next) {
                    None => {}
                    Some(t) if t.text.eq_ignore_ascii_case("weight") => {
                        let w = toks.get(next + 1);
                        weight = w
                            .and_then(|w| w.text.parse::<u32>().ok())
                            .filter(|&w| w > 0)
                            .ok_or_else(|| expected("a positive whole-number weight", w, end))?;
                        if let Some(extra) = toks.get(next + 2) {
                            return Err(expected("the end of the line", Some(extra), end));
                        }
                    }
                    Some(t) => {
                        return Err(expected("`weight N` or the end of the line", Some(t), end))
                    }
                }
                spec.categories.push(Category {
                    name,
                    weight,
                    statements: Vec::new(),
                });
            } else {
                let st = p.statement(&toks, end)?;
                match spec.categories.last_mut() {
                    Some(c) => c.statements.push(st),
                    None => spec.statements.push(st),
                }
            }
            Ok(())
        })();
        if let Err(e) = result {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(spec)
    } else {
        Err(ParseErrors(errors))
    }
}
