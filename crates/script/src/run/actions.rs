//! The actions on each produced deal: printing (dealer's formats), `printes`, and the
//! running sums of `average` and `frequency`; the per-deal text kept for streaming.

use super::{Compiled, Runner, MAX_REPORT_DEALS, MAX_TEXT};
use crate::ast::{Action, EsItem};
use crate::eval::Ctx;
use crate::output;
use fairdeal_model::Deal;

impl Runner {
    pub(super) fn act(&mut self, c: &Compiled, deal: &Deal) {
        if self.deals.len() < MAX_REPORT_DEALS {
            self.deals.push(*deal);
        }
        let mut out = String::new();
        let mut ai = 0;
        let mut fi = 0;
        let default = [Action::PrintAll];
        let actions: &[Action] = c.script.actions.as_deref().unwrap_or(&default);
        let mut ctx = Ctx::new(deal, &c.tables, &mut self.rng, &mut self.dd);
        for a in actions {
            match a {
                Action::PrintAll => output::printall(&mut out, deal, self.produced + 1),
                Action::PrintEw => output::printew(&mut out, deal),
                Action::PrintPbn => output::printpbn(
                    &mut out,
                    deal,
                    self.produced,
                    &self.program.event,
                    &self.program.date,
                    c.script.dealer,
                    c.script.vulnerable,
                ),
                Action::PrintCompact(e) => {
                    let v = e.as_ref().map(|e| ctx.eval(e));
                    output::printcompact(&mut out, deal, v)
                }
                Action::PrintOneLine(e) => {
                    let v = e.as_ref().map(|e| ctx.eval(e));
                    output::printoneline(&mut out, deal, v)
                }
                Action::Print(_) => {
                    if self.print_deals.len()
                        < MAX_REPORT_DEALS.max(self.program.produce.min(1 << 20) as usize)
                    {
                        self.print_deals.push(*deal);
                    }
                }
                Action::PrintEs(items) => {
                    for it in items {
                        match it {
                            EsItem::Text(t) => out.push_str(t),
                            EsItem::Value(e) => out.push_str(&ctx.eval(e).to_string()),
                        }
                    }
                }
                Action::Average { expr, .. } => {
                    let v = ctx.eval(expr);
                    let (sum, mean, m2) = &mut self.averages[ai];
                    *sum += i128::from(v);
                    let n = (self.produced + 1) as f64;
                    let d = v as f64 - *mean;
                    *mean += d / n;
                    *m2 += d * (v as f64 - *mean);
                    ai += 1;
                }
                Action::Frequency { first, second, .. } => {
                    let cells = &mut self.freqs[fi];
                    let v1 = ctx.eval(&first.0);
                    let idx1 = bucket(v1, first.1, first.2);
                    match second {
                        None => cells[idx1] += 1,
                        Some(s) => {
                            let v2 = ctx.eval(&s.0);
                            let idx2 = bucket(v2, s.1, s.2);
                            let cols = (s.2 - s.1 + 3) as usize;
                            cells[idx1 * cols + idx2] += 1;
                        }
                    }
                    fi += 1;
                }
            }
        }
        self.push_text(&out);
    }

    pub(super) fn push_text(&mut self, s: &str) {
        if self.text.len() + s.len() > MAX_TEXT {
            if !self.truncated {
                self.text.push_str("\n[output truncated: the report keeps the first 4 MB; the CLI prints everything]\n");
                self.truncated = true;
            }
        } else {
            self.text.push_str(s);
        }
    }

    /// Removes and returns the per-deal output printed so far (for streaming).
    pub fn take_text(&mut self) -> String {
        // The next slice's text starts with the room this one needed (no regrowth).
        let room = self.text.capacity().min(MAX_TEXT);
        std::mem::replace(&mut self.text, String::with_capacity(room))
    }
}

/// Bucket of a value: 0 = Low, 1..=n values, n+1 = High.
fn bucket(v: i64, lo: i64, hi: i64) -> usize {
    if v < lo {
        0
    } else if v > hi {
        (hi - lo + 2) as usize
    } else {
        (v - lo + 1) as usize
    }
}
