//! Running a compiled script. This module owns [`Program`] (a compiled script, its
//! counts' tables, plans shared between runners) and the [`Runner`]'s state; the runner's
//! work is split by what it does: [`runner`] (the deal loop and when to accelerate),
//! [`actions`] (each produced deal), [`report`] (the end-of-run text and the [`Report`])
//! and [`shuffle`] (plain shuffles completing the predeal).

mod actions;
mod report;
mod runner;
mod shuffle;

use crate::accel;
use crate::ast::{Action, Script};
use crate::eval::{Ctx, DdCache, Tables};
use crate::parser::default_counts;
use crate::plan::{self, Planned, Screen, MAX_BUDGET};
use crate::union::Sampler;
use fairdeal_constrain::{Dealer, Options};
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::Deal;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::{Arc, Mutex};

/// At most this many produced deals are kept in a [`crate::Report`] (the rest are counted).
pub const MAX_REPORT_DEALS: usize = 10_000;
/// Text kept in a report before it is cut (the CLI drains it as it goes).
const MAX_TEXT: usize = 4 << 20;
/// The runner's cost model for building exact tables, in units of one rejection shuffle
/// (a shuffle and the condition tested, ~0.25 µs natively): DP steps of the exact engine
/// per shuffle (a step is ~16 ns: a 4-seat plan over a 30 M budget took 2.4 s here).
const STEPS_PER_SHUFFLE: f64 = 15.0;
/// Share of the rejection work still expected that a build's budget may stand for. A
/// build that fails spends up to ~5 times its budget (the joint tables, then fewer seats),
/// one that succeeds usually far less, so a failed try costs at most ~1/6 of the rejection
/// work that follows anyway.
const BUILD_SHARE: f64 = 1.0 / 8.0;
/// Smallest budget worth a build (a few milliseconds); budgets are this times powers of 4.
const MIN_BUDGET: u64 = 120_000;
/// How often (in generated deals) an undecided runner reconsiders exact sampling.
const CHECK_EVERY: u64 = 1 << 15;
/// Deals generated before the observed acceptance rate replaces the screen's estimate.
const OBSERVE_AFTER: u64 = 20_000;
/// dealer's default `generate`.
const DEFAULT_GENERATE: u64 = 10_000_000;

#[derive(Debug)]
struct Compiled {
    script: Script,
    tables: Arc<Tables>,
    /// False for [`crate::compile_unaccelerated`].
    accelerate: bool,
    /// The compile-time screen of the countable part.
    screen: Screen,
    /// Plans built so far, by budget (a plan is a pure function of script and budget, so
    /// sharing them between runners changes no deal).
    plans: Mutex<Vec<(u64, Arc<Planned>)>>,
    /// Exact sampler of the deals dealer shuffles when suit lengths are predealt.
    base: Option<Dealer>,
    /// Suit lengths are predealt but too many to count: shuffle and reject on them.
    length_rejection: bool,
    prints: bool,
}

/// A machine-readable output forced on a script ([`Program::with_format`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForcedFormat {
    /// dealer's `printoneline`: `n S.H.D.C e … s … w …`, one deal a line.
    OneLine,
    /// dealer's `printpbn`: PBN games.
    Pbn,
}

/// A compiled script.
#[derive(Debug, Clone)]
pub struct Program {
    inner: Arc<Compiled>,
    generate: u64,
    produce: u64,
    event: String,
    date: String,
}

fn will_print(actions: &Option<Vec<Action>>) -> bool {
    match actions {
        None => true,
        Some(list) => list
            .iter()
            .any(|a| !matches!(a, Action::Average { .. } | Action::Frequency { .. })),
    }
}

impl Program {
    pub(crate) fn new(script: Script, accelerate: bool) -> Program {
        // The standard counts' tables are built once per process and shared.
        static STANDARD: std::sync::OnceLock<Arc<Tables>> = std::sync::OnceLock::new();
        let tables = if script.counts == default_counts() {
            Arc::clone(STANDARD.get_or_init(|| Arc::new(Tables::new(&default_counts()))))
        } else {
            Arc::new(Tables::new(&script.counts))
        };
        let screen = if accelerate {
            plan::screen(&script)
        } else {
            Screen {
                candidate: false,
                p: 1.0,
            }
        };
        let base = if accel::has_predeal_lengths(&script) {
            Dealer::new(
                &accel::base_set(&script),
                Options {
                    budget: MAX_BUDGET,
                    ..Options::default()
                },
            )
            .ok()
            .filter(|d| d.count().is_exact())
        } else {
            None
        };
        let length_rejection = base.is_none() && accel::has_predeal_lengths(&script);
        let prints = will_print(&script.actions);
        let generate = script.generate.unwrap_or(DEFAULT_GENERATE);
        let produce = script.produce.unwrap_or(if prints { 40 } else { generate });
        Program {
            inner: Arc::new(Compiled {
                script,
                tables,
                accelerate,
                screen,
                plans: Mutex::new(Vec::new()),
                length_rejection,
                base,
                prints,
            }),
            generate,
            produce,
            event: "Hand simulated by fairdeal".into(),
            date: "?".into(),
        }
    }

    /// Maximum number of deals generated (the script's `generate`, or dealer's default).
    pub fn generate(&self) -> u64 {
        self.generate
    }
    /// Number of deals to produce (the script's `produce`, or dealer's default).
    pub fn produce(&self) -> u64 {
        self.produce
    }
    /// Overrides `generate` (dealer's `-g`).
    pub fn set_generate(&mut self, n: u64) {
        self.generate = n;
    }
    /// Overrides `produce` (dealer's `-p`).
    pub fn set_produce(&mut self, n: u64) {
        self.produce = n;
    }
    /// Sets the PBN `Event` text and `Date` (dealer writes today's date).
    pub fn set_pbn_header(&mut self, event: &str, date: &str) {
        self.event = event.to_string();
        self.date = date.to_string();
    }
    /// True if the script prints deals (dealer's default produce is 40 then).
    pub fn prints(&self) -> bool {
        self.inner.prints
    }

    /// A runner dealing from a 32-byte seed (same seed, same deals).
    pub fn runner(&self, seed: [u8; 32]) -> Runner {
        let c = &self.inner;
        let mut averages = Vec::new();
        let mut freqs = Vec::new();
        for a in c.script.actions.iter().flatten() {
            match a {
                Action::Average { .. } => averages.push((0i128, 0f64, 0f64)),
                Action::Frequency { first, second, .. } => {
                    let n1 = (first.2 - first.1 + 1) as usize;
                    let cells = match second {
                        None => n1 + 2,
                        Some(s) => (n1 + 2) * ((s.2 - s.1 + 1) as usize + 2),
                    };
                    freqs.push(vec![0u64; cells]);
                }
                _ => {}
            }
        }
        let mut rng = ChaCha8Rng::from_seed(seed);
        rng.set_stream(1);
        Runner {
            program: self.clone(),
            fast: FastDealer::from_seed(seed),
            rng,
            accel: None,
            planned: None,
            settled: false,
            next_check: 0,
            tried_budget: 0,
            quiet: false,
            last: None,
            base: c.base.clone(),
            generated: 0,
            produced: 0,
            finished: false,
            text: String::new(),
            truncated: false,
            deals: Vec::new(),
            print_deals: Vec::new(),
            averages,
            freqs,
            dd: DdCache::default(),
            memo: Vec::new(),
        }
    }

    /// The plan under `budget` (built once per program and budget).
    fn plan_with(&self, budget: u64) -> Arc<Planned> {
        let mut plans = self.inner.plans.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, p)) = plans.iter().find(|(b, _)| *b == budget) {
            return Arc::clone(p);
        }
        let p = Arc::new(plan::plan(&self.inner.script, budget));
        plans.push((budget, Arc::clone(&p)));
        p
    }

    /// What is sampled exactly and what by rejection when a run needs it. Exact tables
    /// are built (under the largest budget here) only when the rejection work they replace
    /// is large: a run with a common condition deals by rejection from its first deal.
    pub fn acceleration(&self) -> String {
        if !self.inner.accelerate {
            return "Acceleration is off: every deal is shuffled and the whole condition tested, as dealer does.".into();
        }
        plan::describe(&self.inner.script, &self.plan_with(MAX_BUDGET))
    }

    /// The same program printing every produced deal in one machine-readable format,
    /// whatever its own actions (statistics actions are dropped too), for tools and
    /// editors. `produce` and `generate` stay as set; an unset `produce` becomes dealer's
    /// default for printing scripts (40).
    pub fn with_format(&self, format: ForcedFormat) -> Program {
        let mut script = self.inner.script.clone();
        script.actions = Some(vec![match format {
            ForcedFormat::OneLine => Action::PrintOneLine(None),
            ForcedFormat::Pbn => Action::PrintPbn,
        }]);
        let own_produce = script.produce.is_some() || self.produce != self.default_produce();
        let mut p = Program::new(script, self.inner.accelerate);
        p.generate = self.generate;
        if own_produce {
            p.produce = self.produce;
        }
        p.event = self.event.clone();
        p.date = self.date.clone();
        p
    }

    fn default_produce(&self) -> u64 {
        if self.inner.prints {
            40
        } else {
            self.inner.script.generate.unwrap_or(DEFAULT_GENERATE)
        }
    }

    /// Shuffles `n` deals from `seed` by plain rejection (never exact sampling, no actions)
    /// and returns (generated, kept): a pilot estimate of the acceptance rate.
    pub fn pilot(&self, n: u64, seed: [u8; 32]) -> (u64, u64) {
        let mut p = self.clone();
        p.generate = n;
        p.produce = u64::MAX;
        let mut r = p.runner(seed);
        r.settled = true;
        r.quiet = true;
        while !r.step(1 << 16) {}
        (r.generated, r.produced)
    }

    /// The value of every variable the condition uses (directly or through others), in
    /// definition order, and the condition's own value, on `deal`: which clauses made a deal
    /// match. Variables using `rnd` are left out (they draw again at each use).
    pub fn why(&self, deal: &Deal) -> Vec<(String, i64)> {
        let script = &self.inner.script;
        let Some((cond, _)) = &script.condition else {
            return Vec::new();
        };
        let mut used = vec![false; script.vars.len()];
        let mut stack: Vec<&crate::ast::Expr> = vec![cond];
        while let Some(e) = stack.pop() {
            use crate::ast::Expr::*;
            match e {
                Var(v) if !used.get(v.index).copied().unwrap_or(true) => {
                    used[v.index] = true;
                    stack.push(&v.expr);
                }
                Abs(x) | Imps(x) | Not(x) | Neg(x) | Rnd(x) | Score(_, _, _, x) => stack.push(x),
                Bin(_, a, b) => stack.extend([&**a, &**b]),
                Cond(c, a, b) => stack.extend([&**c, &**a, &**b]),
                _ => {}
            }
        }
        let mut rng = ChaCha8Rng::from_seed([0; 32]);
        let mut dd = DdCache::default();
        let mut ctx = Ctx::new(deal, &self.inner.tables, &mut rng, &mut dd);
        let mut out: Vec<(String, i64)> = script
            .vars
            .iter()
            .filter(|v| used[v.index] && v.pure)
            .map(|v| {
                (
                    v.name.clone(),
                    ctx.eval(&crate::ast::Expr::Var(Arc::clone(v))),
                )
            })
            .collect();
        out.push(("condition".into(), ctx.eval(cond)));
        out
    }

    /// The compile-time estimate of the share of shuffled deals meeting the countable part
    /// of the condition (roughly an upper bound of the acceptance rate); None when nothing
    /// in the condition can be counted.
    pub fn estimated_rate(&self) -> Option<f64> {
        self.inner.screen.candidate.then_some(self.inner.screen.p)
    }
}

/// Runs a program in slices.
#[derive(Debug, Clone)]
pub struct Runner {
    program: Program,
    /// Plain shuffles: the project's fast generator (batched unbiased draws from ChaCha8).
    fast: FastDealer,
    rng: ChaCha8Rng,
    /// The exact sampler in use (None: shuffling).
    accel: Option<Sampler>,
    /// The plan the sampler comes from (its P(N), or that nothing can be produced).
    planned: Option<Arc<Planned>>,
    /// True once the runner will not reconsider exact sampling.
    settled: bool,
    /// `generated` at which to reconsider next.
    next_check: u64,
    /// Largest budget tried so far.
    tried_budget: u64,
    /// No actions (a pilot run only counts).
    quiet: bool,
    /// The last produced deal.
    last: Option<Deal>,
    base: Option<Dealer>,
    generated: u64,
    produced: u64,
    finished: bool,
    text: String,
    truncated: bool,
    deals: Vec<Deal>,
    print_deals: Vec<Deal>,
    /// (sum, mean, M2) per average (Welford for the variance).
    averages: Vec<(i128, f64, f64)>,
    freqs: Vec<Vec<u64>>,
    dd: DdCache,
    /// Pure variables' values on the current deal (see [`Ctx::with_memo`]).
    memo: Vec<Option<i64>>,
}
