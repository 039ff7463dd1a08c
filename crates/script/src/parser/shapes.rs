//! Arguments read from one token: cards (`AS`), contracts (`x3N`), dealer's shape lists
//! (`shape(north, any 4333 + 5431 - 54xx)`) and DealerV2's `shape{seat, …}` (see
//! [`crate::dpp`]). Shape patterns are matched by the constraint language's
//! [`ShapeItem`], so both languages agree on what `any` means.

use super::{PResult, Parser};
use crate::ast::*;
use crate::error::ErrorKind;
use crate::lexer::Tok;
use fairdeal_constrain::shape::{all_shapes, LenRange, ShapeItem};
use fairdeal_model::{Card, Rank, Suit};

impl Parser<'_> {
    /// DealerV2's `shape{seat, …}` in Dellacherie's notation (see [`crate::dpp`]).
    pub(super) fn dellacherie(&mut self) -> PResult<Expr> {
        self.expect_sym("{")?;
        let seat = self.seat()?;
        self.expect_sym(",")?;
        let Some(k) = (self.pos..self.toks.len())
            .find(|&i| self.toks[i].tok == Tok::Sym && self.text(&self.toks[i]) == "}")
        else {
            return self.expected("a shape description closed by '}'");
        };
        let start = self.toks[self.pos].span.start;
        let end = self.toks[k].span.start;
        match crate::dpp::expand(&self.src[start..end]) {
            Ok(bits) => {
                self.pos = k + 1;
                Ok(Expr::Shape(seat, Box::new(bits)))
            }
            Err(e) => {
                let at = fairdeal_model::source::floor_boundary(self.src, (start + e.at).min(end));
                let to = self.src[at..end]
                    .chars()
                    .next()
                    .map_or(at, |c| at + c.len_utf8());
                self.error_at(at..to.max(at), ErrorKind::Shape(e));
                Err(())
            }
        }
    }

    /// The current token read by `read` (a word, or a number too when `numbers`); the
    /// cursor moves past it only when `read` accepts it.
    fn one_token<T>(&mut self, numbers: bool, read: impl FnOnce(&str) -> Option<T>) -> Option<T> {
        let t = self.peek()?;
        let kind_ok = t.tok == Tok::Word || (numbers && t.tok == Tok::Number);
        let value = read(self.text(t)).filter(|_| kind_ok)?;
        self.pos += 1;
        Some(value)
    }

    pub(super) fn card(&mut self) -> PResult<usize> {
        match self.one_token(true, card_index) {
            Some(c) => Ok(c),
            None => self.expected("a card, rank then suit (AS, TC, 2D)"),
        }
    }

    pub(super) fn contract(&mut self) -> PResult<(i64, usize)> {
        match self.one_token(false, contract_of) {
            Some(c) => Ok(c),
            None => self.expected("a contract such as x3N or x4S (x, level 1-7, strain C D H S N)"),
        }
    }

    pub(super) fn shape_list(&mut self) -> PResult<ShapeBits> {
        let mut bits = ShapeBits::empty();
        let mut first = true;
        loop {
            let mut add = true;
            if self.is_sym("+") {
                self.pos += 1;
            } else if self.is_sym("-") {
                self.pos += 1;
                add = false;
            } else if !first {
                break;
            }
            first = false;
            let any = if self.peek_text() == Some("any") {
                self.pos += 1;
                true
            } else {
                false
            };
            let Some(pat) = self.one_token(true, pattern_of) else {
                return self.expected(
                    "a shape: four lengths S-H-D-C, each a digit or x (5431, 54xx, any 4333)",
                );
            };
            apply_shape(&mut bits, pat, any, add);
        }
        Ok(bits)
    }
}

/// A rank letter of a card or holding (`A K Q J T 9 … 2`).
pub(super) fn rank_of(c: char) -> Option<Rank> {
    Rank::from_char(c).filter(|_| "AKQJT98765432".contains(c))
}

/// `AS`, `TC`: the card's index.
fn card_index(w: &str) -> Option<usize> {
    let w = w.as_bytes();
    if w.len() != 2 {
        return None;
    }
    let rank = rank_of(w[0] as char)?;
    let suit = "SHDC".find(w[1] as char)?;
    Some(Card::new(Suit::ALL[suit], rank).index())
}

/// `x3N`: level and strain (0 C … 3 S, 4 NT).
fn contract_of(w: &str) -> Option<(i64, usize)> {
    let w = w.as_bytes();
    if w.len() == 3 && w[0] == b'x' && (b'1'..=b'7').contains(&w[1]) {
        "CDHSN"
            .find(w[2] as char)
            .map(|s| (i64::from(w[1] - b'0'), s))
    } else {
        None
    }
}

/// `54xx`: four lengths S H D C, `None` for `x`.
fn pattern_of(w: &str) -> Option<[Option<u8>; 4]> {
    if w.len() != 4 || !w.bytes().all(|c| c.is_ascii_digit() || c == b'x') {
        return None;
    }
    let mut p = [None; 4];
    for (i, c) in w.bytes().enumerate() {
        if c != b'x' {
            p[i] = Some(c - b'0');
        }
    }
    Some(p)
}

/// Adds (or removes) every shape matching `pat` (each suit Some(len) or None for x), in
/// every order of the four suits when `any`: the constraint language's [`ShapeItem`] does
/// the matching.
pub fn apply_shape(bits: &mut ShapeBits, pat: [Option<u8>; 4], any: bool, add: bool) {
    let lengths = pat.map(|p| p.map_or(LenRange::ANY, |l| LenRange { lo: l, hi: l }));
    let item = if any {
        ShapeItem::AnyOrder(lengths)
    } else {
        ShapeItem::Exact(lengths)
    };
    for &shape in all_shapes() {
        if item.matches(shape) {
            bits.set(shape, add);
        }
    }
}
