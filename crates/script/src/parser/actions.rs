//! The `action` list: print actions, `printes`, `average` and `frequency` (with its bounds).

use super::{PResult, Parser};
use crate::ast::*;
use crate::error::ErrorKind;
use crate::lexer::Tok;
use crate::reference::lookup;

impl Parser<'_> {
    pub(super) fn is_action_word(&self, k: usize) -> bool {
        matches!(self.peek_at(k), Some(t) if t.tok == Tok::Word && lookup(self.text(t)).is_some_and(|d| d.kind == "action"))
    }

    /// `action a, b, …` as dealer's grammar has it: the list may be empty (`action` alone
    /// prints nothing) and may end with a comma (real BBO scripts nearly all do); a later
    /// `action` statement replaces the earlier list, as in dealer.
    pub(super) fn actions(&mut self) -> PResult<()> {
        let mut list = Vec::new();
        let r = (|| {
            if !self.is_action_word(0) {
                return Ok(());
            }
            loop {
                let a = self.action()?;
                list.push(a);
                if !self.is_sym(",") {
                    return Ok(());
                }
                self.pos += 1;
                // A comma after the last action ends the list.
                if !self.is_action_word(0) {
                    return Ok(());
                }
            }
        })();
        self.script.actions = Some(list);
        r
    }

    pub(super) fn opt_paren_expr(&mut self) -> PResult<Option<Expr>> {
        if self.is_sym("(") {
            self.pos += 1;
            let e = self.expr()?;
            self.expect_sym(")")?;
            Ok(Some(e))
        } else {
            Ok(None)
        }
    }

    pub(super) fn opt_label(&mut self) -> Option<String> {
        match self.peek() {
            Some(t) if t.tok == Tok::Str => {
                let s = self.text(t);
                let s = s[1..s.len() - 1].to_string();
                self.pos += 1;
                Some(s)
            }
            _ => None,
        }
    }

    pub(super) fn action(&mut self) -> PResult<Action> {
        let Some(t) = self.peek().cloned() else {
            return self.expected("an action (printall, printew, printpbn, printcompact, printoneline, print, printes, average, frequency)");
        };
        let w = self.text(&t);
        if !self.is_action_word(0) {
            return self.expected("an action (printall, printew, printpbn, printcompact, printoneline, print, printes, average, frequency)");
        }
        self.pos += 1;
        Ok(match w {
            "printall" => Action::PrintAll,
            "printew" => Action::PrintEw,
            "printpbn" => Action::PrintPbn,
            "printcompact" => Action::PrintCompact(self.opt_paren_expr()?),
            "printoneline" => Action::PrintOneLine(self.opt_paren_expr()?),
            "print" => {
                self.expect_sym("(")?;
                let mut mask = 0u8;
                loop {
                    mask |= 1 << self.seat()?;
                    if self.is_sym(",") {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                self.expect_sym(")")?;
                Action::Print(mask)
            }
            "printes" => {
                let paren = self.is_sym("(")
                    && matches!(self.peek_at(1), Some(n) if n.tok == Tok::Str || n.tok == Tok::Newline);
                if paren {
                    self.pos += 1;
                }
                let mut items = Vec::new();
                loop {
                    match self.peek() {
                        Some(n) if n.tok == Tok::Str => {
                            let s = self.text(n);
                            items.push(EsItem::Text(s[1..s.len() - 1].to_string()));
                            self.pos += 1;
                        }
                        Some(n) if n.tok == Tok::Newline => {
                            items.push(EsItem::Text("\n".into()));
                            self.pos += 1;
                        }
                        _ => items.push(EsItem::Value(self.expr()?)),
                    }
                    // Continue while a comma is followed by something that is not an action.
                    // (a trailing comma before the next statement ends the list, as after
                    // any action).
                    if self.is_sym(",") && !self.is_action_word(1) && self.peek_at(1).is_some() {
                        self.pos += 1;
                        if self.at_statement_start() {
                            break;
                        }
                    } else {
                        break;
                    }
                }
                if paren {
                    self.expect_sym(")")?;
                }
                Action::PrintEs(items)
            }
            "average" => {
                let label = self.opt_label();
                let start = self.here().start;
                let expr = self.expr()?;
                let text = self.src[start..self.prev_end()].to_string();
                Action::Average { label, text, expr }
            }
            "frequency" => {
                let label = self.opt_label();
                self.expect_sym("(")?;
                let start = self.here().start;
                let e1 = self.expr()?;
                let text = self.src[start..self.prev_end()].to_string();
                let first = self.bounds(e1)?;
                let second = if self.is_sym(",") {
                    self.pos += 1;
                    let e2_start = self.here().start;
                    let e2 = self.expr()?;
                    let b = self.bounds(e2)?;
                    let cells = (first.2 - first.1 + 3) * (b.2 - b.1 + 3);
                    if cells > 1_000_000 {
                        let span = e2_start..self.prev_end();
                        self.error_at(span, ErrorKind::FrequencyTooLarge { cells });
                        return Err(());
                    }
                    Some(b)
                } else {
                    None
                };
                self.expect_sym(")")?;
                Action::Frequency {
                    label,
                    text,
                    first,
                    second,
                }
            }
            _ => {
                self.error_at(
                    t.span.clone(),
                    ErrorKind::NeedsDoubleDummy {
                        word: w.to_string(),
                    },
                );
                return Err(());
            }
        })
    }

    pub(super) fn bounds(&mut self, e: Expr) -> PResult<(Expr, i64, i64)> {
        self.expect_sym(",")?;
        let lo_span = self.here();
        let lo = self.number()?;
        self.expect_sym(",")?;
        let hi = self.number()?;
        let span = lo_span.start..self.prev_end();
        if lo > hi {
            self.error_at(span, ErrorKind::FrequencyReversed { lo, hi });
            return Err(());
        }
        if hi - lo > 100_000 {
            self.error_at(span, ErrorKind::FrequencyTooWide { lo, hi });
            return Err(());
        }
        Ok((e, lo, hi))
    }
}
