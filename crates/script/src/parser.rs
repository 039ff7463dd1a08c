//! Recursive-descent parser with a Pratt loop for operators, reporting every error.
//!
//! Each statement is parsed on its own; after an error the parser skips to the next token
//! that can start a statement and carries on, so one pass reports several problems.
//! Reserved words are recognised through [`crate::reference::lookup`].
//!
//! This module owns the parser's state, its token cursor, error reporting and recovery;
//! the grammar is split by what it reads: `statements`, `predeal`, `actions`,
//! `expressions` and `shapes` (one-token arguments and shape lists).

mod actions;
mod expressions;
mod predeal;
mod shapes;
mod statements;

pub use shapes::apply_shape;

use crate::ast::*;
use crate::error::{ErrorKind, ScriptError};
use crate::lexer::{tokens, Tok, Token};
use crate::reference::lookup;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

const SEATS: [&str; 4] = ["north", "east", "south", "west"];
const SUITS: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

/// Default alternate counts (pt0 … pt9) and hcp, A first; index 11 is controls.
pub fn default_counts() -> [[i32; 13]; 12] {
    let mut c = [[0i32; 13]; 12];
    c[COUNT_HCP][..4].copy_from_slice(&[4, 3, 2, 1]);
    c[COUNT_PT0][4] = 1; // tens
    c[COUNT_PT0 + 1][3] = 1; // jacks
    c[COUNT_PT0 + 2][2] = 1; // queens
    c[COUNT_PT0 + 3][1] = 1; // kings
    c[COUNT_PT0 + 4][0] = 1; // aces
    c[COUNT_PT0 + 5][..2].copy_from_slice(&[1, 1]);
    c[COUNT_PT0 + 6][..3].copy_from_slice(&[1, 1, 1]);
    c[COUNT_PT0 + 7][..4].copy_from_slice(&[1, 1, 1, 1]);
    c[COUNT_PT0 + 8][..5].copy_from_slice(&[1, 1, 1, 1, 1]);
    c[COUNT_PT0 + 9][..4].copy_from_slice(&[6, 4, 2, 1]);
    c[COUNT_CONTROL][..2].copy_from_slice(&[2, 1]);
    c
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    diags: Vec<ScriptError>,
    /// Variables defined so far, with where each was defined.
    defs: HashMap<String, (Arc<VarDef>, Range<usize>)>,
    script: Script,
    predeal_owner: [Option<usize>; 52],
    /// Where each `predeal <suit>(seat) == n` is, for errors found once the file is read.
    length_spans: Vec<(usize, usize, Range<usize>)>,
    depth: u32,
}

type PResult<T> = Result<T, ()>;

fn seat_of(w: &str) -> Option<usize> {
    SEATS.iter().position(|s| *s == w)
}

/// Suit index (S H D C = 0..4) of a suit word, singular or plural.
fn suit_of(w: &str) -> Option<usize> {
    match w {
        "spade" | "spades" => Some(0),
        "heart" | "hearts" => Some(1),
        "diamond" | "diamonds" => Some(2),
        "club" | "clubs" => Some(3),
        _ => None,
    }
}

fn describe(src: &str, t: Option<&Token>) -> String {
    match t {
        None => "the end of the script".into(),
        Some(t) => {
            let text: String = src[t.span.clone()].chars().take(30).collect();
            format!("'{text}'")
        }
    }
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Parser<'a> {
        let toks = tokens(src);
        let mut diags = Vec::new();
        for t in &toks {
            if t.tok == Tok::Error {
                let text = &src[t.span.clone()];
                let kind = if text.starts_with("/*") {
                    ErrorKind::UnterminatedComment
                } else if text.starts_with('"') {
                    ErrorKind::UnterminatedString
                } else {
                    ErrorKind::UnexpectedCharacter {
                        text: text.to_string(),
                    }
                };
                diags.push(ScriptError::new(t.span.clone(), kind));
            }
        }
        let toks = toks
            .into_iter()
            .filter(|t| t.tok != Tok::Comment && t.tok != Tok::Error)
            .collect();
        Parser {
            src,
            toks,
            pos: 0,
            diags,
            defs: HashMap::new(),
            script: Script {
                generate: None,
                produce: None,
                vulnerable: None,
                dealer: None,
                predeal: [0; 4],
                predeal_lengths: [[None; 4]; 4],
                condition: None,
                actions: None,
                counts: default_counts(),
                vars: Vec::new(),
                var_spans: Vec::new(),
                var_uses: Vec::new(),
                action_spans: Vec::new(),
                condition_spans: Vec::new(),
            },
            predeal_owner: [None; 52],
            length_spans: Vec::new(),
            depth: 0,
        }
    }

    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }
    fn peek_at(&self, k: usize) -> Option<&Token> {
        self.toks.get(self.pos + k)
    }
    fn text(&self, t: &Token) -> &'a str {
        &self.src[t.span.clone()]
    }
    fn peek_text(&self) -> Option<&'a str> {
        self.peek().map(|t| &self.src[t.span.clone()])
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(t) if t.tok == Tok::Sym && self.text(t) == s)
    }
    fn here(&self) -> Range<usize> {
        match self.peek() {
            Some(t) => t.span.clone(),
            None => self.src.len()..self.src.len(),
        }
    }
    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }

    fn error_at(&mut self, span: Range<usize>, kind: ErrorKind) {
        self.diags.push(ScriptError::new(span, kind));
    }

    /// "expected X after 'prev', found Y" at the current token.
    fn expected<T>(&mut self, what: &str) -> PResult<T> {
        let found = describe(self.src, self.peek());
        let after = if self.pos > 0 {
            let t = &self.toks[self.pos - 1];
            let mut text = self.src[t.span.clone()].to_string();
            if text == "(" && self.pos > 1 {
                let w = &self.toks[self.pos - 2];
                if w.tok == Tok::Word {
                    text = format!("{}(", &self.src[w.span.clone()]);
                }
            }
            Some(text)
        } else {
            None
        };
        // When the unexpected token starts a new line, point at the end of the previous one.
        let span = match (self.pos.checked_sub(1).map(|i| &self.toks[i]), self.peek()) {
            (Some(prev), Some(t)) if self.src[prev.span.end..t.span.start].contains('\n') => {
                prev.span.end..prev.span.end
            }
            (Some(prev), None) => prev.span.end..prev.span.end,
            _ => self.here(),
        };
        self.error_at(
            span,
            ErrorKind::Expected {
                expected: what.to_string(),
                after,
                found,
            },
        );
        Err(())
    }

    fn expect_sym(&mut self, s: &str) -> PResult<()> {
        if self.is_sym(s) {
            self.pos += 1;
            Ok(())
        } else {
            self.expected(&format!("'{s}'"))
        }
    }

    fn number(&mut self) -> PResult<i64> {
        let neg = if self.is_sym("-") {
            self.pos += 1;
            true
        } else {
            false
        };
        match self.peek() {
            Some(t) if t.tok == Tok::Number => {
                let text = self.text(t);
                let span = t.span.clone();
                self.pos += 1;
                match text.parse::<i64>() {
                    Ok(v) if v <= i64::from(i32::MAX) => Ok(if neg { -v } else { v }),
                    _ => {
                        self.error_at(
                            span,
                            ErrorKind::NumberTooLarge {
                                text: text.to_string(),
                            },
                        );
                        Err(())
                    }
                }
            }
            _ => self.expected("a number"),
        }
    }

    /// The word at the cursor read by `read` (a seat or suit name), or "expected `what`".
    fn named(&mut self, read: fn(&str) -> Option<usize>, what: &str) -> PResult<usize> {
        match self.peek_text().and_then(read) {
            Some(v) => {
                self.pos += 1;
                Ok(v)
            }
            None => self.expected(what),
        }
    }

    fn seat(&mut self) -> PResult<usize> {
        self.named(seat_of, "a seat (north, east, south, west)")
    }

    fn suit(&mut self) -> PResult<usize> {
        self.named(suit_of, "a suit (spades, hearts, diamonds, clubs)")
    }

    fn at_statement_start(&self) -> bool {
        let Some(t) = self.peek() else { return true };
        if t.tok != Tok::Word {
            return false;
        }
        let w = self.text(t);
        if let Some(k) = lookup(w) {
            return k.kind == "statement";
        }
        matches!(self.peek_at(1), Some(n) if n.tok == Tok::Sym && self.text(n) == "=")
    }

    /// Skips to the next token that can start a statement.
    fn recover(&mut self) {
        while self.pos < self.toks.len() && !self.at_statement_start() {
            self.pos += 1;
        }
    }

    fn program(&mut self) {
        while self.peek().is_some() {
            let start = self.pos;
            if self.statement().is_err() {
                if self.pos == start {
                    self.pos += 1;
                }
                self.recover();
            }
        }
    }
}

trait SpanExt {
    fn start_to(&self, end: usize) -> Range<usize>;
}
impl SpanExt for Token {
    fn start_to(&self, end: usize) -> Range<usize> {
        self.span.start..end.max(self.span.end)
    }
}

/// Parses a script; every problem found is returned.
pub fn parse(src: &str) -> Result<Script, Vec<ScriptError>> {
    let mut p = Parser::new(src);
    p.program();
    if p.diags.is_empty() {
        p.check_predeal_lengths();
    }
    if p.diags.is_empty() {
        Ok(p.script)
    } else {
        p.diags.sort_by_key(|d| d.span.start);
        Err(p.diags)
    }
}
