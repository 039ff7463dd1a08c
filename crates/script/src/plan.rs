//! Planning exact acceleration: which part of a script's condition the exact engine can
//! count (per-seat HCP, controls, shapes and cards, partnership HCP sums, the parts of an
//! `or`), a cheap screen of its probability when the script is compiled, and builds of the
//! exact sampler under a work budget. The runner asks for a build only when the rejection
//! work it would replace is several times the build's budget, so a script never waits on
//! tables that do not pay (see [`Runner::step`](crate::Runner::step)).

use crate::accel::{self, Nec};
use crate::ast::Script;
use crate::parser::default_counts;
use crate::union::{self, Sampler};
use fairdeal_constrain::{ConstraintSet, Dealer, Options, ALL_DEALS};
use fairdeal_model::{Hand, Seat};

/// Exact sampling is used when the counted part keeps fewer deals than this fraction.
pub(crate) const ACCEL_BELOW: f64 = 0.05;
/// Largest budget (DP steps) for the exact tables: enough for any one or two seats.
pub(crate) const MAX_BUDGET: u64 = 30_000_000;
/// Budget of each one-seat count in the compile-time screen (a few milliseconds at most).
const SCREEN_BUDGET: u64 = 2_000_000;

#[derive(Debug)]
pub(crate) struct Accel {
    /// The exact sampler (None when the counted part is impossible).
    pub dealer: Option<Sampler>,
    /// The parts of a union (empty when one set is sampled).
    pub parts: Vec<Nec>,
    /// P(N) relative to the deals dealer shuffles (those respecting the predeal); for a
    /// union, S/base with S the sum of its parts' sizes (see [`crate::union`]).
    pub p: f64,
    pub nec: Nec,
    pub impossible: bool,
}

/// The outcome of planning under one budget.
#[derive(Debug)]
pub(crate) struct Planned {
    /// The exact sampler and what it counts (None: dealing by rejection).
    pub accel: Option<Accel>,
    /// Why there is no sampler (empty when there is one).
    pub note: String,
}

/// Plans exact sampling of the script's condition with at most `budget` DP steps per table.
pub(crate) fn plan(script: &Script, budget: u64) -> Planned {
    let (accel, note) = plan_inner(script, budget);
    Planned { accel, note }
}

/// What the compile-time screen found.
#[derive(Debug, Clone)]
pub(crate) struct Screen {
    /// True if some part of the condition can be counted exactly.
    pub candidate: bool,
    /// Estimated share of shuffled deals meeting the countable part (the product of each
    /// seat's own probability, summed over an `or`'s parts): the runner's prior for the
    /// acceptance rate, which it replaces by the rate it observes.
    pub p: f64,
}

/// The screen: cheap per-seat counts only (never the joint tables).
pub(crate) fn screen(script: &Script) -> Screen {
    let none = Screen {
        candidate: false,
        p: 1.0,
    };
    let Some((cond, _)) = &script.condition else {
        return none;
    };
    if cond.expanded_size() > crate::ast::MAX_ANALYSED {
        return none;
    }
    let default_hcp = script.counts[0] == default_counts()[0];
    let nec = accel::necessary(cond, false, default_hcp);
    let alts = accel::alternatives(cond, false, default_hcp);
    if nec.is_top() && alts.len() < 2 {
        return none;
    }
    let base_set = accel::base_set(script);
    let base = match Dealer::new(&base_set, options(SCREEN_BUDGET)) {
        Ok(d) if d.count().is_exact() => d.count().deals,
        _ => ALL_DEALS,
    };
    let one = |n: Nec| -> f64 {
        let n = accel::with_lengths(n, script);
        match accel::constraint_set(&n, &script.predeal) {
            Some(set) => estimate(&set, &base_set, base, SCREEN_BUDGET),
            None => 0.0,
        }
    };
    let mut p = if nec.is_top() { 1.0 } else { one(nec) };
    if alts.len() >= 2 {
        p = p.min(alts.into_iter().map(one).sum());
    }
    Screen {
        candidate: true,
        p: p.min(1.0),
    }
}

/// The product of each constrained seat's (and partnership's) own probability among the
/// deals dealt (`base` of them), each counted alone within `budget`; 0 when one alone is
/// impossible. Parts that cannot be counted alone are left out (the estimate stays high).
fn estimate(set: &ConstraintSet, base_set: &ConstraintSet, base: u128, budget: u64) -> f64 {
    // The deals dealt, with every seat's predealt cards: one part's conditions go on this.
    let mut dealt = base_set.clone();
    for j in 0..4 {
        dealt.seats[j].fixed = set.seats[j].fixed;
    }
    // One part counted alone: its share, 0 if impossible (the joint build says so
    // precisely), 1 if it cannot be counted alone.
    let share = |one: &ConstraintSet| match Dealer::new(one, options(budget)) {
        Ok(d) if d.count().is_exact() => d.count().deals as f64 / base as f64,
        Err(fairdeal_constrain::BuildError::NoDeal { .. }) => 0.0,
        _ => 1.0,
    };
    let seats = (0..4).filter(|&i| set.seats[i].constrained).map(|i| {
        let mut one = dealt.clone();
        one.seats[i] = set.seats[i].clone();
        share(&one)
    });
    let pairs = set.pairs.iter().map(|pc| {
        let mut one = dealt.clone();
        one.pairs.push(pc.clone());
        share(&one)
    });
    seats.chain(pairs).product()
}

/// Options of every build the planner makes: no fallback to fewer seats (a plan only uses
/// an exact count, so a table over budget is a plain failure that costs one budget).
fn options(budget: u64) -> Options {
    Options {
        budget,
        fallback: false,
        whole: false,
        ..Options::default()
    }
}

fn plan_inner(script: &Script, budget: u64) -> (Option<Accel>, String) {
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
        plan_nec(script, nec, true, budget)
    };
    if alts.len() < 2 || hull.0.as_ref().is_some_and(|a| a.impossible) {
        return hull;
    }
    // An `or` whose parts are rarer than their hull: sample the union exactly when that
    // beats the hull's plan clearly (or shuffling, when the hull gives none).
    let hull_p = hull.0.as_ref().map(|a| a.p);
    let better = |a: &Accel| a.impossible || hull_p.map_or(a.p < ACCEL_BELOW, |h| a.p < h / 2.0);
    match plan_union(script, alts, budget) {
        Some(u) if u.0.as_ref().is_some_and(better) => u,
        _ if hull.0.is_none() && hull.1.is_empty() => (None, "The parts of the condition's 'or' keep too many deals for exact sampling to pay, or their overlaps are beyond the exact engine's budget: every deal is shuffled and the whole condition tested.".into()),
        _ => hull,
    }
}

/// Plans exact sampling of the union of `alts` (the parts of an `or`); None when some part
/// cannot be counted within budget or the parts are not rare enough together.
fn plan_union(script: &Script, alts: Vec<Nec>, budget: u64) -> Option<(Option<Accel>, String)> {
    let parts: Vec<Nec> = alts
        .into_iter()
        .map(|n| accel::with_lengths(n, script))
        .collect();
    let base = match Dealer::new(&accel::base_set(script), options(budget)) {
        Ok(d) if d.count().is_exact() => d.count().deals,
        _ => ALL_DEALS,
    };
    let hull = accel::hull(&parts);
    match union::plan(parts.clone(), &script.predeal, options(budget)) {
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
fn plan_nec(script: &Script, nec: Nec, split: bool, budget: u64) -> (Option<Accel>, String) {
    let nec = accel::with_lengths(nec, script);
    let Some(set) = accel::constraint_set(&nec, &script.predeal) else {
        return (None, "The condition asks for cards predealt to another seat: no deal can qualify; dealing by rejection.".into());
    };
    let base_set = accel::base_set(script);
    let base = match Dealer::new(&base_set, options(budget)) {
        Ok(d) if d.count().is_exact() => d.count().deals,
        _ => ALL_DEALS,
    };
    // Cheap screen first: the product of the seats' own probabilities (each counted alone)
    // approximates P(N); building the joint tables is only worth it when that is small.
    let estimate = estimate(&set, &base_set, base, budget);
    if estimate >= ACCEL_BELOW {
        return (None, format!("The countable part of the condition keeps about {:.2}% of deals: plain shuffling is faster at that rate, so every deal is shuffled and the whole condition tested.", estimate * 100.0));
    }
    match Dealer::new(&set, options(budget)) {
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
        Err(e) => {
            let over_budget = matches!(
                e,
                fairdeal_constrain::BuildError::Tables(
                    fairdeal_constrain::engine::TablesError::Budget { .. }
                )
            );
            if over_budget {
                split_or_give_up(script, &nec, &set, split, budget)
            } else {
                (None, format!("The exact engine could not count the condition ({e}); dealing by rejection."))
            }
        }
        Ok(dealer) => {
            let count = dealer.count();
            if !count.is_exact() {
                return split_or_give_up(script, &nec, &set, split, budget);
            }
            let p = count.deals as f64 / base as f64;
            if p >= ACCEL_BELOW {
                return (None, format!("The countable part of the condition keeps {:.2}% of deals: plain shuffling is faster at that rate, so every deal is shuffled and the whole condition tested.", p * 100.0));
            }
            (Some(Accel { dealer: Some(Sampler::One(Box::new(dealer))), parts: Vec::new(), p, nec, impossible: false }), String::new())
        }
    }
}

/// What is sampled exactly and what by rejection, for a plan of `script`.
pub(crate) fn describe(script: &Script, planned: &Planned) -> String {
    let c = script;
    let predeal: Vec<String> = (0..4)
        .filter(|&i| c.predeal[i] != 0)
        .map(|i| {
            format!(
                "{} {} cards",
                Seat::ALL[i].name(),
                Hand::from_bits(c.predeal[i]).len()
            )
        })
        .collect();
    let mut s = String::new();
    let lengths: Vec<String> = (0..4)
        .flat_map(|i| (0..4).map(move |t| (i, t)))
        .filter_map(|(i, t)| {
            c.predeal_lengths[i][t].map(|n| {
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
    match &planned.accel {
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
        _ => s.push_str(&planned.note),
    }
    s
}

/// The joint tables are over budget: with partnership sums beside seat conditions, count
/// either the seats or the sums, whichever is rarer, and test the rest by rejection (the
/// whole condition is tested anyway); otherwise deal by rejection.
fn split_or_give_up(
    script: &Script,
    nec: &Nec,
    set: &ConstraintSet,
    split: bool,
    budget: u64,
) -> (Option<Accel>, String) {
    if split && !set.pairs.is_empty() {
        let mut seats = nec.clone();
        seats.pairs = Nec::top().pairs;
        let mut pairs = nec.clone();
        for (i, s) in pairs.seats.iter_mut().enumerate() {
            let cards = s.cards;
            *s = Nec::top().seats[i].clone();
            s.cards = cards;
        }
        let a = plan_nec(script, seats, false, budget);
        let b = plan_nec(script, pairs, false, budget);
        let p = |x: &(Option<Accel>, String)| x.0.as_ref().map_or(2.0, |a| a.p);
        return if p(&b) < p(&a) { b } else { a };
    }
    (
        None,
        "The counted part is too large for the exact engine's budget; dealing by rejection.".into(),
    )
}
