//! Running a compiled script: the deal loop (plain shuffles or exact acceleration), the
//! actions' state, and the report.

use crate::accel;
use crate::ast::{Action, EsItem, Script};
use crate::eval::{Ctx, DdCache, Tables};
use crate::output;
use crate::parser::default_counts;
use crate::plan::{self, Planned, Screen, ACCEL_BELOW, MAX_BUDGET};
use crate::union::Sampler;
use crate::{Average, Frequency, Frequency2D, Report};
use fairdeal_constrain::{Dealer, Options};
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Deal, Hand, Seat};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::{Arc, Mutex};

/// At most this many produced deals are kept in a [`Report`] (the rest are counted).
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
            shuffler: fairdeal_dealing_free::Shuffler::new(seed),
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

mod fairdeal_dealing_free {
    //! Plain uniform shuffles completing the predeal (ChaCha8, unbiased bounded draws).
    use fairdeal_model::{Deal, Hand};
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[derive(Debug, Clone)]
    pub struct Shuffler {
        rng: ChaCha8Rng,
    }

    impl Shuffler {
        pub fn new(seed: [u8; 32]) -> Shuffler {
            Shuffler {
                rng: ChaCha8Rng::from_seed(seed),
            }
        }

        fn below(&mut self, n: u32) -> u32 {
            // Lemire's unbiased multiply-shift.
            loop {
                let x = self.rng.next_u32();
                let m = u64::from(x) * u64::from(n);
                let l = m as u32;
                if l >= n || l >= (u32::MAX - n + 1) % n {
                    return (m >> 32) as u32;
                }
            }
        }

        /// A uniform deal where seat i holds at least `fixed[i]`.
        pub fn deal(&mut self, fixed: &[u64; 4]) -> Deal {
            let placed = fixed[0] | fixed[1] | fixed[2] | fixed[3];
            let mut deck = [0u8; 52];
            let mut n = 0usize;
            let mut free = ((1u64 << 52) - 1) & !placed;
            while free != 0 {
                deck[n] = free.trailing_zeros() as u8;
                free &= free - 1;
                n += 1;
            }
            let mut hands = *fixed;
            let mut k = 0usize;
            for (seat, hand) in hands.iter_mut().enumerate() {
                let need = 13 - hand.count_ones() as usize;
                if seat == 3 {
                    for &c in &deck[k..n] {
                        *hand |= 1u64 << c;
                    }
                    break;
                }
                for _ in 0..need {
                    let j = k + self.below((n - k) as u32) as usize;
                    deck.swap(k, j);
                    *hand |= 1u64 << deck[k];
                    k += 1;
                }
            }
            Deal::new(hands.map(Hand::from_bits)).unwrap_or_else(|_| unreachable_deal())
        }

        /// A uniform deal with the predealt cards and suit lengths, by rejection on the
        /// lengths (only used when the exact engine could not count them within budget).
        pub fn deal_with_lengths(
            &mut self,
            fixed: &[u64; 4],
            lengths: &[[Option<u8>; 4]; 4],
        ) -> Deal {
            loop {
                let d = self.deal(fixed);
                let ok = (0..4).all(|i| {
                    let h = d.hand(fairdeal_model::Seat::ALL[i]).bits();
                    (0..4).all(|t| {
                        lengths[i][t]
                            .is_none_or(|n| ((h >> (13 * t)) & 0x1fff).count_ones() == u32::from(n))
                    })
                });
                if ok {
                    return d;
                }
            }
        }
    }

    fn unreachable_deal() -> Deal {
        // Only reachable if the predeal were invalid, which the parser rules out.
        let mut owners = [fairdeal_model::Seat::North; 52];
        for (i, o) in owners.iter_mut().enumerate() {
            *o = fairdeal_model::Seat::ALL[i / 13];
        }
        Deal::from_owners(&owners).expect("a fixed valid deal")
    }
}

/// Runs a program in slices.
#[derive(Debug, Clone)]
pub struct Runner {
    program: Program,
    shuffler: fairdeal_dealing_free::Shuffler,
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
                        None if c.length_rejection => self
                            .shuffler
                            .deal_with_lengths(&c.script.predeal, &c.script.predeal_lengths),
                        None if c.script.predeal == [0; 4] => self.fast.next_deal(),
                        None => match self.fast.deal_rest(&c.script.predeal.map(Hand::from_bits)) {
                            Ok(d) => d,
                            // Unreachable: the parser refuses overlapping or oversized predeals.
                            Err(_) => self.shuffler.deal(&c.script.predeal),
                        },
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

    fn act(&mut self, c: &Compiled, deal: &Deal) {
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

    fn push_text(&mut self, s: &str) {
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

    /// The end-of-run output dealer prints after the deals: print(seats) pages, averages
    /// and frequencies, in action order.
    pub fn summary_text(&self) -> String {
        let c = &self.program.inner;
        let mut out = String::new();
        let mut ai = 0;
        let mut fi = 0;
        for a in c.script.actions.iter().flatten() {
            match a {
                Action::Print(mask) => output::print_seats(&mut out, &self.print_deals, *mask),
                Action::Average { label, .. } => {
                    let (sum, _, _) = self.averages[ai];
                    output::average(
                        &mut out,
                        label.as_deref(),
                        sum as f64 / self.produced as f64,
                    );
                    ai += 1;
                }
                Action::Frequency {
                    label,
                    first,
                    second,
                    ..
                } => {
                    let cells = &self.freqs[fi];
                    match second {
                        None => {
                            let n = cells.len();
                            output::frequency(
                                &mut out,
                                label.as_deref(),
                                first.1,
                                &cells[1..n - 1],
                                cells[0],
                                cells[n - 1],
                            );
                        }
                        Some(s) => output::frequency2(
                            &mut out,
                            label.as_deref(),
                            first.1,
                            first.2,
                            s.1,
                            s.2,
                            cells,
                        ),
                    }
                    fi += 1;
                }
                _ => {}
            }
        }
        out
    }

    /// What this run is doing: the exact plan it samples from, or that it shuffles and
    /// why. Cheap (never builds tables), unlike [`Program::acceleration`], which plans
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

    /// The results so far; `text` holds the undrained per-deal output and, once finished,
    /// the end-of-run output.
    pub fn report(&self) -> Report {
        let c = &self.program.inner;
        let mut text = self.text.clone();
        if self.finished {
            text.push_str(&self.summary_text());
        }
        let mut averages = Vec::new();
        let mut frequencies = Vec::new();
        let mut ai = 0;
        let mut fi = 0;
        for a in c.script.actions.iter().flatten() {
            match a {
                Action::Average {
                    label, text: src, ..
                } => {
                    let (sum, mean, m2) = self.averages[ai];
                    let n = self.produced;
                    let exact_mean = if n > 0 {
                        sum as f64 / n as f64
                    } else {
                        f64::NAN
                    };
                    let _ = mean;
                    let half = if n > 1 {
                        1.96 * (m2 / (n - 1) as f64).sqrt() / (n as f64).sqrt()
                    } else {
                        f64::INFINITY
                    };
                    averages.push(Average {
                        label: label.clone().unwrap_or_else(|| src.clone()),
                        mean: exact_mean,
                        ci95: (exact_mean - half, exact_mean + half),
                        count: n,
                    });
                    ai += 1;
                }
                Action::Frequency {
                    label,
                    text: src,
                    first,
                    second,
                } => {
                    let cells = &self.freqs[fi];
                    let label = label.clone().unwrap_or_else(|| src.clone());
                    match second {
                        None => {
                            let n = cells.len();
                            frequencies.push(Frequency {
                                label,
                                rows: (first.1..=first.2)
                                    .zip(cells[1..n - 1].iter().copied())
                                    .collect(),
                                low: cells[0],
                                high: cells[n - 1],
                                table: None,
                            });
                        }
                        Some(s) => {
                            let cols = (s.2 - s.1 + 3) as usize;
                            frequencies.push(Frequency {
                                label,
                                rows: Vec::new(),
                                low: 0,
                                high: 0,
                                table: Some(Frequency2D {
                                    row_values: (first.1..=first.2).collect(),
                                    column_values: (s.1..=s.2).collect(),
                                    counts: cells.chunks(cols).map(<[u64]>::to_vec).collect(),
                                }),
                            });
                        }
                    }
                    fi += 1;
                }
                _ => {}
            }
        }
        Report {
            deals: self.deals.clone(),
            text,
            averages,
            frequencies,
            generated: self.generated,
            produced: self.produced,
            dealer: c.script.dealer.and_then(|d| Seat::ALL.get(d).copied()),
            vulnerability: c
                .script
                .vulnerable
                .and_then(|v| fairdeal_model::Vulnerability::ALL.get(v).copied()),
            why: self
                .deals
                .iter()
                .take(crate::WHY_DEALS)
                .map(|d| self.program.why(d))
                .collect(),
        }
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
