//! Running a compiled script: the deal loop (plain shuffles or exact acceleration), the
//! actions' state, and the report.

use crate::accel::{self, Nec};
use crate::ast::{Action, EsItem, Script};
use crate::eval::{Ctx, DdCache, Tables};
use crate::output;
use crate::parser::default_counts;
use crate::union::{self, Sampler};
use crate::{Average, Frequency, Frequency2D, Report};
use fairdeal_constrain::{Dealer, Options, ALL_DEALS};
use fairdeal_model::{Deal, Hand, Seat};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;

/// At most this many produced deals are kept in a [`Report`] (the rest are counted).
pub const MAX_REPORT_DEALS: usize = 10_000;
/// Text kept in a report before it is cut (the CLI drains it as it goes).
const MAX_TEXT: usize = 4 << 20;
/// Exact sampling is used when the counted part keeps fewer deals than this fraction.
const ACCEL_BELOW: f64 = 0.05;
/// dealer's default `generate`.
const DEFAULT_GENERATE: u64 = 10_000_000;

#[derive(Debug)]
struct Accel {
    /// The exact sampler (None when the counted part is impossible).
    dealer: Option<Sampler>,
    /// The parts of a union (empty when one set is sampled).
    parts: Vec<Nec>,
    /// P(N) relative to the deals dealer shuffles (those respecting the predeal); for a
    /// union, S/base with S the sum of its parts' sizes (see [`crate::union`]).
    p: f64,
    nec: Nec,
    impossible: bool,
}

#[derive(Debug)]
struct Compiled {
    script: Script,
    tables: Arc<Tables>,
    accel: Option<Accel>,
    accel_note: String,
    /// Exact sampler of the deals dealer shuffles when suit lengths are predealt.
    base: Option<Dealer>,
    /// Suit lengths are predealt but too many to count: shuffle and reject on them.
    length_rejection: bool,
    prints: bool,
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

/// Budget for the exact tables: enough for any one or two seats, bounded so that compiling
/// never takes long (beyond it the engine reports an inexact count and we shuffle instead).
fn options() -> Options {
    Options {
        budget: 30_000_000,
        ..Options::default()
    }
}

fn plan(script: &Script) -> (Option<Accel>, String) {
    let Some((cond, _)) = &script.condition else {
        return (None, "No condition: every shuffle is kept.".into());
    };
    if cond.expanded_size() > crate::ast::MAX_ANALYSED {
        return (None, format!("The condition is too large to analyse for exact sampling (over {} terms once its variables are written out): every deal is shuffled and the whole condition tested, as dealer does.", crate::ast::MAX_ANALYSED));
    }
    let default_hcp = script.counts[0] == default_counts()[0];
    let nec = accel::necessary(cond, false, default_hcp);
    let alts = accel::alternatives(cond, false, default_hcp);
    if nec.is_top() && alts.len() < 2 {
        return (None, "Nothing in the condition can be counted exactly (per-seat HCP with the standard pointcount, controls, suit lengths, shapes, hascard, partnership HCP sums): every deal is shuffled and the whole condition tested, as dealer does.".into());
    }
    let hull = if nec.is_top() {
        (None, String::new())
    } else {
        plan_nec(script, nec, true)
    };
    if alts.len() < 2 || hull.0.as_ref().is_some_and(|a| a.impossible) {
        return hull;
    }
    // An `or` whose parts are rarer than their hull: sample the union exactly when that
    // beats the hull's plan clearly (or shuffling, when the hull gives none).
    let hull_p = hull.0.as_ref().map(|a| a.p);
    let better = |a: &Accel| a.impossible || hull_p.map_or(a.p < ACCEL_BELOW, |h| a.p < h / 2.0);
    match plan_union(script, alts) {
        Some(u) if u.0.as_ref().is_some_and(better) => u,
        _ if hull.0.is_none() && hull.1.is_empty() => (None, "The parts of the condition's 'or' keep too many deals for exact sampling to pay, or their overlaps are beyond the exact engine's budget: every deal is shuffled and the whole condition tested.".into()),
        _ => hull,
    }
}

/// Plans exact sampling of the union of `alts` (the parts of an `or`); None when some part
/// cannot be counted within budget or the parts are not rare enough together.
fn plan_union(script: &Script, alts: Vec<Nec>) -> Option<(Option<Accel>, String)> {
    let parts: Vec<Nec> = alts
        .into_iter()
        .map(|n| accel::with_lengths(n, script))
        .collect();
    let base = match Dealer::new(&accel::base_set(script), options()) {
        Ok(d) if d.count().is_exact() => d.count().deals,
        _ => ALL_DEALS,
    };
    let hull = accel::hull(&parts);
    match union::plan(parts.clone(), &script.predeal, options()) {
        union::Plan::Unavailable => None,
        union::Plan::Impossible => Some((
            Some(Accel { dealer: None, parts, p: 0.0, nec: hull, impossible: true }),
            "No part of the condition's 'or' admits a deal: nothing can be produced; the generate limit is used up at once, as dealer would after shuffling it all.".into(),
        )),
        union::Plan::Ready(sampler, count) => {
            let p = count as f64 / base as f64;
            if p >= ACCEL_BELOW {
                return None;
            }
            Some((Some(Accel { dealer: Some(sampler), parts, p, nec: hull, impossible: false }), String::new()))
        }
    }
}

/// Plans exact sampling of `nec`; `split` allows one retry with seats or sums alone.
fn plan_nec(script: &Script, nec: Nec, split: bool) -> (Option<Accel>, String) {
    let nec = accel::with_lengths(nec, script);
    let Some(set) = accel::constraint_set(&nec, &script.predeal) else {
        return (None, "The condition asks for cards predealt to another seat: no deal can qualify; dealing by rejection.".into());
    };
    let base_set = accel::base_set(script);
    let base = match Dealer::new(&base_set, options()) {
        Ok(d) if d.count().is_exact() => d.count().deals,
        _ => ALL_DEALS,
    };
    // Cheap screen first: the product of the seats' own probabilities (each counted alone)
    // approximates P(N); building the joint tables is only worth it when that is small.
    let mut estimate = 1.0f64;
    for i in 0..4 {
        if !set.seats[i].constrained {
            continue;
        }
        let mut one = base_set.clone();
        for j in 0..4 {
            one.seats[j].fixed = set.seats[j].fixed;
        }
        one.seats[i] = set.seats[i].clone();
        match Dealer::new(&one, options()) {
            Ok(d) => {
                let c = d.count();
                if c.is_exact() {
                    estimate *= c.deals as f64 / base as f64;
                }
            }
            // Impossible alone: the joint build below says so precisely.
            Err(fairdeal_constrain::BuildError::NoDeal { .. }) => estimate = 0.0,
            Err(_) => {}
        }
    }
    for pc in &set.pairs {
        let mut one = base_set.clone();
        for j in 0..4 {
            one.seats[j].fixed = set.seats[j].fixed;
        }
        one.pairs.push(pc.clone());
        match Dealer::new(&one, options()) {
            Ok(d) => {
                let c = d.count();
                if c.is_exact() {
                    estimate *= c.deals as f64 / base as f64;
                }
            }
            Err(fairdeal_constrain::BuildError::NoDeal { .. }) => estimate = 0.0,
            Err(_) => {}
        }
    }
    if estimate >= ACCEL_BELOW {
        return (None, format!("The countable part of the condition keeps about {:.2}% of deals: plain shuffling is faster at that rate, so every deal is shuffled and the whole condition tested.", estimate * 100.0));
    }
    match Dealer::new(&set, options()) {
        Err(fairdeal_constrain::BuildError::NoDeal { culprit }) => (
            Some(Accel {
                dealer: None,
                parts: Vec::new(),
                p: 0.0,
                nec,
                impossible: true,
            }),
            format!("The counted part of the condition admits no deal ({culprit}): nothing can be produced; the generate limit is used up at once, as dealer would after shuffling it all."),
        ),
        Err(e) => (None, format!("The exact engine could not count the condition ({e}); dealing by rejection.")),
        Ok(dealer) => {
            let count = dealer.count();
            if !count.is_exact() {
                if split && !set.pairs.is_empty() {
                    // Partnership sums with seat conditions can exceed the table budget:
                    // count either the seats or the sums, whichever is rarer, and test the
                    // rest by rejection (the whole condition is tested anyway).
                    let mut seats = nec.clone();
                    seats.pairs = Nec::top().pairs;
                    let mut pairs = nec.clone();
                    for (i, s) in pairs.seats.iter_mut().enumerate() {
                        let cards = s.cards;
                        *s = Nec::top().seats[i].clone();
                        s.cards = cards;
                    }
                    let a = plan_nec(script, seats, false);
                    let b = plan_nec(script, pairs, false);
                    let p = |x: &(Option<Accel>, String)| x.0.as_ref().map_or(2.0, |a| a.p);
                    return if p(&b) < p(&a) { b } else { a };
                }
                return (None, "The counted part is too large for the exact engine's budget; dealing by rejection.".into());
            }
            let p = count.deals as f64 / base as f64;
            if p >= ACCEL_BELOW {
                return (None, format!("The countable part of the condition keeps {:.2}% of deals: plain shuffling is faster at that rate, so every deal is shuffled and the whole condition tested.", p * 100.0));
            }
            (Some(Accel { dealer: Some(Sampler::One(Box::new(dealer))), parts: Vec::new(), p, nec, impossible: false }), String::new())
        }
    }
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
        let (accel, accel_note) = if accelerate {
            plan(&script)
        } else {
            (None, "Acceleration is off: every deal is shuffled and the whole condition tested, as dealer does.".into())
        };
        let base = if accel::has_predeal_lengths(&script) {
            Dealer::new(&accel::base_set(&script), options())
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
                accel,
                accel_note,
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
            rng,
            accel: c.accel.as_ref().and_then(|a| a.dealer.clone()),
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

    /// What is sampled exactly and what by rejection.
    pub fn acceleration(&self) -> String {
        let c = &self.inner;
        let predeal: Vec<String> = (0..4)
            .filter(|&i| c.script.predeal[i] != 0)
            .map(|i| {
                format!(
                    "{} {} cards",
                    Seat::ALL[i].name(),
                    Hand::from_bits(c.script.predeal[i]).len()
                )
            })
            .collect();
        let mut s = String::new();
        let lengths: Vec<String> = (0..4)
            .flat_map(|i| (0..4).map(move |t| (i, t)))
            .filter_map(|(i, t)| {
                c.script.predeal_lengths[i][t].map(|n| {
                    format!(
                        "{} {n} {}",
                        Seat::ALL[i].name(),
                        ["spades", "hearts", "diamonds", "clubs"][t]
                    )
                })
            })
            .collect();
        if !lengths.is_empty() {
            s.push_str(&format!(
                "Predealt suit lengths are dealt exactly ({}): every deal with them is equally likely. ",
                lengths.join(", ")
            ));
        }
        if !predeal.is_empty() {
            s.push_str(&format!(
                "Predealt cards are placed exactly ({}); the rest are shuffled. ",
                predeal.join(", ")
            ));
        }
        match &c.accel {
            Some(a) if !a.impossible => {
                let describe = |nec: &Nec| {
                    let mut parts: Vec<String> = (0..4)
                        .filter_map(|i| {
                            let d = accel::describe_seat(&nec.seats[i]);
                            (!d.is_empty())
                                .then(|| format!("{}: {}", Seat::ALL[i].name(), d.join(", ")))
                        })
                        .collect();
                    parts.extend(accel::describe_pairs(nec));
                    parts.join("; ")
                };
                let parts = if a.parts.is_empty() {
                    vec![describe(&a.nec)]
                } else {
                    vec![format!(
                        "the union of {} parts of the condition's 'or' (a part drawn by its size, a deal in m parts kept with chance 1/m) — {}",
                        a.parts.len(),
                        a.parts.iter().map(|n| format!("({})", describe(n))).collect::<Vec<_>>().join(" or ")
                    )]
                };
                let share = if a.parts.is_empty() {
                    format!("{:.3e} of the deals dealer shuffles, so about 1 exact draw replaces {:.0} shuffles", a.p, 1.0 / a.p)
                } else {
                    format!("the parts add up to {:.3e} of the deals dealer shuffles (a deal in two parts counts twice), so about 1 exact draw replaces {:.0} shuffles", a.p, 1.0 / a.p)
                };
                s.push_str(&format!(
                    "Sampled exactly: {} — {share}. The whole condition is still tested on every draw (rejection for the rest), so kept deals follow dealer's distribution; 'generated' counts the shuffles dealer would have made (drawn from the exact geometric law).",
                    parts.join("; "),
                ));
            }
            _ => s.push_str(&c.accel_note),
        }
        s
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
    rng: ChaCha8Rng,
    accel: Option<Sampler>,
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
            let deal = match (&mut self.accel, &c.accel) {
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
                        None => self.shuffler.deal(&c.script.predeal),
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
                self.act(&c, &deal);
                self.produced += 1;
            }
        }
        if self.generated >= generate || self.produced >= produce {
            self.finished = true;
        }
        self.finished
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
        std::mem::take(&mut self.text)
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
