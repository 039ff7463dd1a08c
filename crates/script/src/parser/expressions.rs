//! Expressions: the Pratt loop for binary operators and `?:`, unary operators, names
//! (variables and reserved words) and function calls with their arguments.

use super::{suit_of, PResult, Parser};
use crate::ast::*;
use crate::error::ErrorKind;
use crate::lexer::Tok;
use crate::reference::lookup;
use std::ops::Range;
use std::sync::Arc;

/// Operators written as words, with their binding powers.
const WORD_OPERATORS: &[(&str, BinOp, u8)] = &[("or", BinOp::Or, 2), ("and", BinOp::And, 3)];

/// Operators written as symbols, with their binding powers (higher binds tighter).
const SYMBOL_OPERATORS: &[(&str, BinOp, u8)] = &[
    ("||", BinOp::Or, 2),
    ("&&", BinOp::And, 3),
    ("==", BinOp::Eq, 4),
    ("!=", BinOp::Ne, 4),
    ("<", BinOp::Lt, 5),
    ("<=", BinOp::Le, 5),
    (">", BinOp::Gt, 5),
    (">=", BinOp::Ge, 5),
    ("+", BinOp::Add, 6),
    ("-", BinOp::Sub, 6),
    ("*", BinOp::Mul, 7),
    ("/", BinOp::Div, 7),
    ("%", BinOp::Rem, 7),
];

impl Parser<'_> {
    pub(super) fn expr(&mut self) -> PResult<Expr> {
        self.expr_bp(0)
    }

    /// The binary operator at the cursor, with its binding power.
    pub(super) fn binop(&self) -> Option<(BinOp, u8)> {
        let t = self.peek()?;
        let s = self.text(t);
        let table: &[(&str, BinOp, u8)] = match t.tok {
            Tok::Word => WORD_OPERATORS,
            Tok::Sym => SYMBOL_OPERATORS,
            _ => return None,
        };
        table
            .iter()
            .find(|(text, _, _)| *text == s)
            .map(|&(_, op, bp)| (op, bp))
    }

    /// `inner` one nesting level deeper: past 120 levels an error, never a stack overflow.
    fn nested<T>(&mut self, inner: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        self.depth += 1;
        let r = if self.depth > 120 {
            let span = self.here();
            self.error_at(span, ErrorKind::NestedTooDeeply);
            Err(())
        } else {
            inner(self)
        };
        self.depth -= 1;
        r
    }

    pub(super) fn expr_bp(&mut self, min: u8) -> PResult<Expr> {
        self.nested(|p| p.expr_bp_inner(min))
    }

    pub(super) fn expr_bp_inner(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        loop {
            if self.is_sym("?") && min <= 1 {
                self.pos += 1;
                let a = self.expr_bp(1)?;
                self.expect_sym(":")?;
                let b = self.expr_bp(1)?;
                lhs = Expr::Cond(Box::new(lhs), Box::new(a), Box::new(b));
                continue;
            }
            if self.is_sym("=") {
                let span = self.here();
                self.error_at(span, ErrorKind::AssignmentInExpression);
                return Err(());
            }
            let Some((op, bp)) = self.binop() else { break };
            if bp < min.max(2) {
                break;
            }
            self.pos += 1;
            let rhs = self.expr_bp(bp + 1)?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    pub(super) fn unary(&mut self) -> PResult<Expr> {
        let prefix = if self.is_sym("!") || self.peek_text() == Some("not") {
            Some(true)
        } else if self.is_sym("-") {
            Some(false)
        } else {
            None
        };
        if let Some(not) = prefix {
            self.pos += 1;
            let r = self.nested(Self::unary);
            let e = Box::new(r?);
            return Ok(if not { Expr::Not(e) } else { Expr::Neg(e) });
        }
        if self.is_sym("(") {
            self.pos += 1;
            let e = self.expr()?;
            self.expect_sym(")")?;
            return Ok(e);
        }
        self.primary()
    }

    pub(super) fn primary(&mut self) -> PResult<Expr> {
        let Some(t) = self.peek().cloned() else {
            return self.expected("an expression");
        };
        let w = self.text(&t);
        match t.tok {
            Tok::Number => return Ok(Expr::Num(self.number()?)),
            Tok::Word => {}
            _ => return self.expected("an expression"),
        }
        let Some(doc) = lookup(w) else {
            if let Some((v, _)) = self.defs.get(w) {
                self.pos += 1;
                if let Some(n) = self.script.var_uses.get_mut(v.index) {
                    *n += 1;
                }
                return Ok(Expr::Var(Arc::clone(v)));
            }
            let span = t.span.clone();
            let mut defined: Vec<String> = self.defs.keys().cloned().collect();
            defined.sort_unstable();
            self.error_at(
                span,
                ErrorKind::UnknownName {
                    name: w.to_string(),
                    defined,
                },
            );
            return Err(());
        };
        if doc.kind != "function" {
            let what = match doc.kind {
                "seat" => "a seat",
                "statement" => "a statement keyword",
                "action" => "an action",
                _ => "a reserved word",
            };
            return self.expected(&format!("an expression (not {what})"));
        }
        self.pos += 1;
        self.call(w, t.span.clone())
    }

    pub(super) fn call(&mut self, f: &str, fspan: Range<usize>) -> PResult<Expr> {
        if f == "shape" && self.is_sym("{") {
            return self.dellacherie();
        }
        self.expect_sym("(")?;
        let e = match f {
            "hcp" | "hcps" => self.seat_opt_suit(COUNT_HCP)?,
            "control" | "controls" => self.seat_opt_suit(COUNT_CONTROL)?,
            "tens" | "ten" => self.seat_opt_suit(COUNT_PT0)?,
            "jacks" | "jack" => self.seat_opt_suit(COUNT_PT0 + 1)?,
            "queens" | "queen" => self.seat_opt_suit(COUNT_PT0 + 2)?,
            "kings" | "king" => self.seat_opt_suit(COUNT_PT0 + 3)?,
            "aces" | "ace" => self.seat_opt_suit(COUNT_PT0 + 4)?,
            "top2" => self.seat_opt_suit(COUNT_PT0 + 5)?,
            "top3" => self.seat_opt_suit(COUNT_PT0 + 6)?,
            "top4" => self.seat_opt_suit(COUNT_PT0 + 7)?,
            "top5" => self.seat_opt_suit(COUNT_PT0 + 8)?,
            "c13" => self.seat_opt_suit(COUNT_PT0 + 9)?,
            _ if f.len() == 3 && f.starts_with("pt") => {
                let n = (f.as_bytes()[2] - b'0') as usize;
                self.seat_opt_suit(COUNT_PT0 + n)?
            }
            _ if suit_of(f).is_some() => {
                let s = self.seat()?;
                Expr::Len(s, suit_of(f).unwrap_or(0))
            }
            "loser" | "losers" => {
                let s = self.seat()?;
                let suit = self.opt_suit()?;
                Expr::Loser(s, suit)
            }
            "cccc" => Expr::Cccc(self.seat()?),
            "quality" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                Expr::Quality(s, self.suit()?)
            }
            "hascard" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                Expr::HasCard(s, self.card()?)
            }
            "shape" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                Expr::Shape(s, Box::new(self.shape_list()?))
            }
            "abs" => Expr::Abs(Box::new(self.expr()?)),
            "rnd" => Expr::Rnd(Box::new(self.expr()?)),
            "imps" | "imp" => Expr::Imps(Box::new(self.expr()?)),
            "score" => {
                let vul = match self.peek_text() {
                    Some("vul") => true,
                    Some("nv" | "nonvul") => false,
                    _ => return self.expected("vul or nv (not vulnerable)"),
                };
                self.pos += 1;
                self.expect_sym(",")?;
                let (level, strain) = self.contract()?;
                self.expect_sym(",")?;
                let tricks = self.expr()?;
                Expr::Score(vul, level, strain, Box::new(tricks))
            }
            "tricks" | "trick" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                let strain = match self.peek_text() {
                    Some("notrump" | "notrumps") => 4,
                    Some(w) if suit_of(w).is_some() => 3 - suit_of(w).unwrap_or(0),
                    _ => {
                        return self.expected("a strain (spades, hearts, diamonds, clubs, notrump)")
                    }
                };
                self.pos += 1;
                if !crate::eval::DD_AVAILABLE {
                    self.error_at(fspan, ErrorKind::TricksUnavailable);
                    return Err(());
                }
                Expr::Tricks(s, strain)
            }
            _ => {
                self.error_at(
                    fspan,
                    ErrorKind::NotAvailable {
                        name: f.to_string(),
                    },
                );
                return Err(());
            }
        };
        self.expect_sym(")")?;
        Ok(e)
    }

    pub(super) fn opt_suit(&mut self) -> PResult<Option<usize>> {
        if self.is_sym(",") {
            self.pos += 1;
            Ok(Some(self.suit()?))
        } else {
            Ok(None)
        }
    }

    pub(super) fn seat_opt_suit(&mut self, count: usize) -> PResult<Expr> {
        let s = self.seat()?;
        let suit = self.opt_suit()?;
        Ok(Expr::Count(count, s, suit))
    }
}
