//! Statements: `generate`, `produce`, `vulnerable`, `dealer`, `pointcount`, `altcount`,
//! `condition` (or a bare expression), `action` and `name = expression` definitions.
//! Predeal lives in [`super::predeal`], actions in [`super::actions`].

use super::{PResult, Parser, SpanExt};
use crate::ast::*;
use crate::error::{position, ErrorKind};
use crate::lexer::Tok;
use crate::reference::lookup;
use std::ops::Range;
use std::sync::Arc;

impl Parser<'_> {
    pub(super) fn statement(&mut self) -> PResult<()> {
        let t = self.peek().cloned().ok_or(())?;
        let w = self.text(&t);
        if t.tok == Tok::Word {
            match w {
                "generate" | "produce" => {
                    self.pos += 1;
                    let n = self.number()?;
                    if n <= 0 {
                        let span = t.start_to(self.prev_end());
                        self.error_at(
                            span,
                            ErrorKind::NotPositive {
                                statement: w.to_string(),
                            },
                        );
                        return Err(());
                    }
                    if w == "generate" {
                        self.script.generate = Some(n as u64);
                    } else {
                        self.script.produce = Some(n as u64);
                    }
                    return Ok(());
                }
                "vulnerable" => {
                    self.pos += 1;
                    let v = match self.peek_text().map(str::to_ascii_lowercase).as_deref() {
                        Some("none") => 0,
                        Some("ns") => 1,
                        Some("ew") => 2,
                        Some("all") | Some("both") => 3,
                        _ => return self.expected("a vulnerability (none, NS, EW, all)"),
                    };
                    self.pos += 1;
                    self.script.vulnerable = Some(v);
                    return Ok(());
                }
                "dealer" => {
                    self.pos += 1;
                    let s = self.seat()?;
                    self.script.dealer = Some(s);
                    return Ok(());
                }
                "predeal" => {
                    self.pos += 1;
                    return self.predeal();
                }
                "pointcount" => {
                    self.pos += 1;
                    return self.count_list(COUNT_HCP, t.span.clone());
                }
                "altcount" => {
                    self.pos += 1;
                    let span = self.here();
                    let n = self.number()?;
                    if !(0..=9).contains(&n) {
                        self.error_at(span, ErrorKind::AltcountOutOfRange { found: n });
                        return Err(());
                    }
                    return self.count_list(COUNT_PT0 + n as usize, t.span.clone());
                }
                "condition" => {
                    self.pos += 1;
                    return self.condition();
                }
                "action" => {
                    self.pos += 1;
                    self.script.action_spans.push(t.span.clone());
                    return self.actions();
                }
                _ => {}
            }
            if lookup(w).is_none()
                && matches!(self.peek_at(1), Some(n) if n.tok == Tok::Sym && self.text(n) == "=")
            {
                self.pos += 2;
                let e = self.expr()?;
                return self.define(w, t.span.clone(), e);
            }
            if let Some(k) = lookup(w) {
                if k.kind == "action" {
                    self.error_at(
                        t.span.clone(),
                        ErrorKind::ActionAsStatement {
                            word: w.to_string(),
                        },
                    );
                    return Err(());
                }
            }
        }
        // A bare expression is a condition (the word `condition` may be omitted).
        self.condition()
    }

    /// `name = e`: a new variable. Redefining one is an error, as in dealer ("redefined
    /// variable"); so is a definition whose evaluation would be too large or too deep once
    /// the variables it uses are followed (a chain of doubling variables, say).
    pub(super) fn define(&mut self, name: &str, span: Range<usize>, e: Expr) -> PResult<()> {
        if let Some((_, first)) = self.defs.get(name) {
            let (line, column) = position(self.src, first.start);
            self.error_at(
                span,
                ErrorKind::Redefined {
                    name: name.to_string(),
                    line,
                    column,
                },
            );
            return Err(());
        }
        let (cost, depth, pure) = e.measure();
        if depth > MAX_EVAL_DEPTH || (!pure && cost > MAX_EVAL_COST) {
            self.error_at(
                span.clone(),
                ErrorKind::VariableTooLarge {
                    name: name.to_string(),
                    cost,
                    depth,
                },
            );
            // Defined all the same (as 0), so its uses do not add "unknown name" errors.
            return self.define(name, span, Expr::Num(0)).and(Err(()));
        }
        let e_expanded = e.expanded_size();
        let def = Arc::new(VarDef {
            index: self.script.vars.len(),
            name: name.to_string(),
            expr: e,
            pure,
            cost,
            depth,
            expanded: e_expanded,
        });
        self.script.vars.push(Arc::clone(&def));
        self.script.var_spans.push(span.clone());
        self.script.var_uses.push(0);
        self.defs.insert(name.to_string(), (def, span));
        Ok(())
    }

    pub(super) fn condition(&mut self) -> PResult<()> {
        let start = self.here().start;
        let e = self.expr()?;
        let end = self.prev_end();
        self.script.condition_spans.push(start..end);
        self.script.condition = Some((e, start..end));
        Ok(())
    }

    pub(super) fn count_list(&mut self, idx: usize, kw: Range<usize>) -> PResult<()> {
        let mut vals = Vec::new();
        loop {
            match self.peek() {
                Some(t) if t.tok == Tok::Number => vals.push(self.number()?),
                Some(t) if t.tok == Tok::Sym && self.text(t) == "," && !vals.is_empty() => {
                    self.pos += 1;
                }
                _ => break,
            }
        }
        if vals.is_empty() {
            return self.expected("a list of values (A K Q J T 9 … 2)");
        }
        if vals.len() > 13 {
            self.error_at(kw, ErrorKind::TooManyValues { given: vals.len() });
            return Err(());
        }
        let mut row = [0i32; 13];
        for (r, v) in vals.iter().enumerate() {
            row[r] = *v as i32;
        }
        self.script.counts[idx] = row;
        Ok(())
    }
}
