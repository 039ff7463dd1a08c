//! The runner loop: [`Runner::step`] deals in slices (plain shuffles, the exact sampler
//! with its geometric gaps, or rejection on predealt lengths), decides when exact tables
//! pay for the rest of the run, and answers what the run is doing.

use super::{
    Compiled, Runner, BUILD_SHARE, CHECK_EVERY, MIN_BUDGET, OBSERVE_AFTER, STEPS_PER_SHUFFLE,
};
use crate::eval::Ctx;
use crate::plan::{self, ACCEL_BELOW, MAX_BUDGET};
use fairdeal_model::{Deal, Hand};
use rand_chacha::rand_core::RngCore;
use std::sync::Arc;

impl Runner {
    /// Performs at most `max_generated` shuffles (or exact draws) and returns true when
    /// finished (produce reached or generate exhausted).
    pub fn step(&mut self, max_generated: u64) -> bool {
        let c = Arc::clone(&self.program.inner);
        let generate = self.program.generate;
        let produce = self.program.produce;
        let mut budget = max_generated;
        while !self.finished && budget > 0 {
            if self.generated >= generate || self.produced >= produce {
                self.finished = true;
                break;
            }
            budget -= 1;
            if !self.settled && self.generated >= self.next_check {
                self.consider_exact(&c);
            }
            let planned = self.planned.as_ref().and_then(|p| p.accel.as_ref());
            let deal = match (&mut self.accel, planned) {
                (_, Some(a)) if a.impossible => {
                    self.generated = generate;
                    continue;
                }
                (Some(sampler), Some(a)) => {
                    let gap = geometric(&mut self.rng, a.p);
                    if gap > generate - self.generated {
                        self.generated = generate;
                        continue;
                    }
                    self.generated += gap;
                    match sampler.round(&mut self.rng) {
                        Ok(Some(d)) => d,
                        // A union round that kept nothing: its shuffles stay counted.
                        Ok(None) => continue,
                        Err(_) => {
                            self.generated = generate;
                            continue;
                        }
                    }
                }
                _ => {
                    self.generated += 1;
                    match &mut self.base {
                        Some(base) => match base.sample(&mut self.rng) {
                            Ok(d) => d,
                            Err(_) => {
                                self.generated = generate;
                                continue;
                            }
                        },
                        None if c.script.predeal == [0; 4] && !c.length_rejection => {
                            self.fast.next_deal()
                        }
                        None => {
                            let dealt = if c.length_rejection {
                                super::shuffle::deal_with_lengths(
                                    &mut self.fast,
                                    &c.script.predeal,
                                    &c.script.predeal_lengths,
                                )
                            } else {
                                self.fast.deal_rest(&c.script.predeal.map(Hand::from_bits))
                            };
                            match dealt {
                                Ok(d) => d,
                                // Unreachable: the parser refuses overlapping or oversized
                                // predeals; the run ends rather than deal something else.
                                Err(_) => {
                                    self.generated = generate;
                                    continue;
                                }
                            }
                        }
                    }
                }
            };
            let keep = match &c.script.condition {
                None => true,
                Some((e, _)) => {
                    let mut ctx = Ctx::new(&deal, &c.tables, &mut self.rng, &mut self.dd)
                        .with_memo(std::mem::take(&mut self.memo), c.script.vars.len());
                    let keep = ctx.eval(e) != 0;
                    self.memo = ctx.into_memo();
                    keep
                }
            };
            if keep {
                if !self.quiet {
                    self.act(&c, &deal);
                }
                self.last = Some(deal);
                self.produced += 1;
            }
        }
        if self.generated >= generate || self.produced >= produce {
            self.finished = true;
        }
        self.finished
    }

    /// Decides whether exact tables pay for the rest of this run: the rejection shuffles
    /// still expected (from the screen's estimate, then from the rate observed so far)
    /// bound the budget a build may use, in steps of 4×; a plan that yields a sampler is
    /// used from the next deal on. Depends only on counts, so a seed gives the same deals
    /// on every machine.
    fn consider_exact(&mut self, c: &Compiled) {
        self.next_check = self.generated + CHECK_EVERY;
        if !c.screen.candidate || c.screen.p >= ACCEL_BELOW {
            self.settled = true;
            return;
        }
        // The screen multiplies the seats' own probabilities, which can be far off when
        // seats interact (four seats at 10 HCP: 8e-5 by the product, 1e-3 in fact): build
        // only once the rate has been observed, except for a condition the screen finds
        // impossible (answered at once).
        if self.generated < OBSERVE_AFTER && c.screen.p > 0.0 {
            self.next_check = OBSERVE_AFTER;
            return;
        }
        let remaining = self.program.produce.saturating_sub(self.produced) as f64;
        let left = self.program.generate.saturating_sub(self.generated) as f64;
        let mut p = c.screen.p;
        if self.generated >= OBSERVE_AFTER {
            p = p.min((self.produced as f64 + 1.0) / self.generated as f64);
        }
        let shuffles = if p > 0.0 {
            (remaining / p).min(left)
        } else {
            left
        };
        let allowed = shuffles * STEPS_PER_SHUFFLE * BUILD_SHARE;
        let mut budget = MIN_BUDGET;
        while budget < MAX_BUDGET && (budget * 4) as f64 <= allowed {
            budget *= 4;
        }
        let budget = budget.min(MAX_BUDGET);
        if (budget as f64) > allowed || budget <= self.tried_budget {
            return;
        }
        self.tried_budget = budget;
        let planned = self.program.plan_with(budget);
        if planned.accel.is_some() {
            self.accel = planned.accel.as_ref().and_then(|a| a.dealer.clone());
            self.planned = Some(planned);
            self.settled = true;
        } else if budget >= MAX_BUDGET {
            self.settled = true;
        }
    }

    /// What this run is doing: the exact plan it samples from, or that it shuffles and
    /// why. Cheap (never builds tables), unlike [`crate::Program::acceleration`], which plans
    /// under the largest budget to say what a run *could* count.
    pub fn acceleration(&self) -> String {
        let c = &self.program.inner;
        if let Some(p) = &self.planned {
            return plan::describe(&c.script, p);
        }
        if !c.accelerate {
            return "Acceleration is off: every deal is shuffled and the whole condition tested, as dealer does.".into();
        }
        if !c.screen.candidate {
            return "Nothing in the condition can be counted exactly: every deal is shuffled and the whole condition tested, as dealer does.".into();
        }
        format!(
            "Shuffling and testing the whole condition, as dealer does; the countable part keeps about {:.3}% of deals, so exact tables are built only if the run shows they repay their cost.",
            c.screen.p * 100.0
        )
    }

    /// The last produced deal.
    pub fn last_deal(&self) -> Option<Deal> {
        self.last
    }

    /// Deals generated so far.
    pub fn generated(&self) -> u64 {
        self.generated
    }
    /// Deals produced so far.
    pub fn produced(&self) -> u64 {
        self.produced
    }
}

/// Number of trials up to and including the first success, success probability `p`.
fn geometric<R: RngCore>(rng: &mut R, p: f64) -> u64 {
    if p >= 1.0 {
        return 1;
    }
    if p <= 0.0 {
        return u64::MAX;
    }
    // u in (0, 1].
    let u = ((rng.next_u64() >> 11) + 1) as f64 / (1u64 << 53) as f64;
    let g = (u.ln() / (-p).ln_1p()).floor() + 1.0;
    if g >= 1.8e19 {
        u64::MAX
    } else {
        g.max(1.0) as u64
    }
}
