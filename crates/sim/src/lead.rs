//! The opening-lead simulation: the leader's hand fixed, conditions on the other three hands
//! (the auction), a contract and declarer. Each deal is solved once for every lead
//! ([`fairdeal_dd::DdSolver::leads`], DDS's `SolveBoard` with all solutions); the report gives,
//! per lead, the defence's mean tricks, % of deals set, matchpoints and IMPs against the
//! field of the other leads, each with a 95 % interval ([`crate::stats`]), and the paired
//! difference of the best lead against each other one on the same deals.
//!
//! Leads are *groups* of equal cards: touching cards in the leader's hand (♠KQ, ♥T9) give the
//! same double-dummy result on every deal (nothing is played before the lead, so touching
//! cards are always equals), and a group is named by its highest card. The matchpoint and
//! IMP "field" of a lead is the set of the other groups.

use crate::error::SimError;
use crate::stats::{bracketed, fixed, mean_interval, proportion_interval, scaled, Interval};
use fairdeal_constrain::{Cond, Spec, Statement, Who};
use fairdeal_dd::{DdSolver, Lead};
use fairdeal_model::{Card, Deal, Hand, Seat, Vulnerability};
use fairdeal_scoring::{imps, Contract};
use serde::{Deserialize, Serialize};
use std::io::{self, Write};

/// A lead problem, validated: the leader (declarer's left-hand opponent) holds a fixed hand.
#[derive(Debug, Clone)]
pub struct LeadProblem {
    spec: Spec,
    hand: Hand,
    contract: Contract,
    declarer: Seat,
    vul: Vulnerability,
    groups: Vec<Vec<Card>>,
}

/// The DD result of one deal: the defence's tricks after each lead group (in
/// [`LeadProblem::groups`] order).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealLeads {
    /// Defensive tricks per group.
    pub tricks: Vec<u8>,
}

/// The hand a spec fixes for `seat` with `seat: is …` (outside categories), if any; two
/// different ones are an error.
fn fixed_hand(spec: &Spec, seat: Seat) -> Result<Option<Hand>, SimError> {
    let mut found: Option<Hand> = None;
    for st in &spec.statements {
        if st.who != Who::Seat(seat) {
            continue;
        }
        for c in &st.conds {
            if let Cond::Is(h) = c {
                match found {
                    Some(f) if f != *h => {
                        return Err(SimError::LeaderConflict {
                            leader: seat,
                            first: f.to_string(),
                            second: h.to_string(),
                        })
                    }
                    _ => found = Some(*h),
                }
            }
        }
    }
    Ok(found)
}

/// The defensive tricks of every group but `g` on one deal.
fn others(r: &DealLeads, g: usize) -> impl Iterator<Item = u8> + '_ {
    r.tricks
        .iter()
        .enumerate()
        .filter(move |&(o, _)| o != g)
        .map(|(_, &t)| t)
}

/// Runs of touching cards in a hand, highest card first, suits ♠ ♥ ♦ ♣.
pub fn equal_groups(hand: Hand) -> Vec<Vec<Card>> {
    let mut groups: Vec<Vec<Card>> = Vec::new();
    for c in hand.cards() {
        match groups.last_mut() {
            Some(g)
                if g.last()
                    .is_some_and(|l| l.suit() == c.suit() && l.index() + 1 == c.index()) =>
            {
                g.push(c)
            }
            _ => groups.push(vec![c]),
        }
    }
    groups
}

impl LeadProblem {
    /// A problem from conditions (`spec`) and, optionally, the leader's hand given apart
    /// (it is then added to the conditions as `leader: is …`). The leader is declarer's
    /// left-hand opponent; their hand must be fixed one way or the other.
    pub fn new(
        mut spec: Spec,
        hand: Option<Hand>,
        contract: Contract,
        declarer: Seat,
        vul: Vulnerability,
    ) -> Result<LeadProblem, SimError> {
        let leader = declarer.lho();
        let in_spec = fixed_hand(&spec, leader)?;
        let hand = match (in_spec, hand) {
            (Some(a), Some(b)) if a != b => {
                return Err(SimError::LeaderConflict {
                    leader,
                    first: a.to_string(),
                    second: b.to_string(),
                })
            }
            (Some(a), _) => a,
            (None, Some(b)) => {
                if b.len() != 13 {
                    return Err(SimError::HandSize {
                        hand: b.to_string(),
                        len: b.len(),
                    });
                }
                spec.statements.push(Statement {
                    who: Who::Seat(leader),
                    conds: vec![Cond::Is(b)],
                });
                b
            }
            (None, None) => return Err(SimError::LeaderNotFixed { leader }),
        };
        Ok(LeadProblem {
            spec,
            hand,
            contract,
            declarer,
            vul,
            groups: equal_groups(hand),
        })
    }

    /// The conditions the deals meet (with the leader's hand).
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The opening leader: declarer's left-hand opponent.
    pub fn leader(&self) -> Seat {
        self.declarer.lho()
    }

    /// The leader's hand.
    pub fn hand(&self) -> Hand {
        self.hand
    }

    /// The contract.
    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// Declarer.
    pub fn declarer(&self) -> Seat {
        self.declarer
    }

    /// Vulnerability (for the IMP view).
    pub fn vul(&self) -> Vulnerability {
        self.vul
    }

    /// The lead groups (touching cards), highest card first.
    pub fn groups(&self) -> &[Vec<Card>] {
        &self.groups
    }

    /// The `n` deals of this problem from `seed` (see [`crate::deal_set`]).
    pub fn deals(&self, n: usize, seed: [u8; 32]) -> Result<Vec<Deal>, SimError> {
        crate::deal_set(&self.spec, n, seed)
    }

    /// Reads deal `index`'s DD leads (as a DD worker or [`DdSolver::leads`] returns them)
    /// into tricks per group; checks that every card of the leader has a result.
    pub fn deal_leads(
        &self,
        index: usize,
        deal: &Deal,
        leads: &[Lead],
    ) -> Result<DealLeads, SimError> {
        if deal.hand(self.leader()) != self.hand {
            return Err(SimError::WrongDeal { deal: index });
        }
        let tricks = self
            .groups
            .iter()
            .map(|g| {
                let card = g[0];
                leads
                    .iter()
                    .find(|l| l.card == card || l.equals.contains(&card))
                    .map(|l| 13 - l.declarer_tricks)
                    .ok_or(SimError::MissingLead { deal: index, card })
            })
            .collect::<Result<Vec<u8>, SimError>>()?;
        Ok(DealLeads { tricks })
    }

    /// Solves deal `index` (every lead, one search).
    pub fn solve(
        &self,
        solver: &mut DdSolver,
        index: usize,
        deal: &Deal,
    ) -> Result<DealLeads, SimError> {
        let leads = solver.leads(deal, self.contract.strain(), self.declarer);
        self.deal_leads(index, deal, &leads)
    }

    /// Deals `n` deals from `seed` and solves them on `threads` threads (native);
    /// `progress(done)` is called after each deal. The report does not depend on `threads`.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn run(
        &self,
        n: usize,
        seed: [u8; 32],
        threads: usize,
        progress: impl Fn(usize) + Sync,
    ) -> Result<(Vec<Deal>, LeadReport), SimError> {
        let deals = self.deals(n, seed)?;
        let indexed: Vec<(usize, Deal)> = deals.iter().copied().enumerate().collect();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let results = fairdeal_dd::solve_each(
            &indexed,
            threads,
            |solver, (i, deal)| self.solve(solver, *i, deal),
            |_, _| {
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                progress(d);
            },
        );
        let results = results.into_iter().collect::<Result<Vec<_>, _>>()?;
        Ok((deals, self.report(&results)))
    }

    /// The defence's score (Law 77, its own view) when it takes `def` tricks.
    fn defence_score(&self, def: u8) -> i64 {
        let tricks = 13u8.saturating_sub(def);
        let s = self
            .contract
            .declarer_score(self.vul.is_vulnerable(self.declarer), tricks)
            .unwrap_or_else(|_| unreachable!("at most 13 tricks"));
        -i64::from(s)
    }

    /// The report over per-deal results in deal order.
    pub fn report(&self, results: &[DealLeads]) -> LeadReport {
        let k = self.groups.len();
        let needed_to_set = 14 - self.contract.tricks_needed();
        let mut rows: Vec<LeadRow> = self
            .groups
            .iter()
            .enumerate()
            .map(|(g, cards)| {
                let mine = |r: &DealLeads| r.tricks[g];
                LeadRow {
                    card: cards[0],
                    equals: cards[1..].to_vec(),
                    tricks: mean_interval(results.iter().map(|r| f64::from(mine(r)))),
                    set_pct: scaled(
                        proportion_interval(results.iter().map(|r| mine(r) >= needed_to_set)),
                        100.0,
                    ),
                    mp_pct: mean_interval(results.iter().map(|r| {
                        if k == 1 {
                            return 50.0;
                        }
                        let t = mine(r);
                        let pts: f64 = others(r, g)
                            .map(|o| match t.cmp(&o) {
                                std::cmp::Ordering::Greater => 1.0,
                                std::cmp::Ordering::Equal => 0.5,
                                std::cmp::Ordering::Less => 0.0,
                            })
                            .sum();
                        100.0 * pts / (k - 1) as f64
                    })),
                    imps: mean_interval(results.iter().map(|r| {
                        if k == 1 {
                            return 0.0;
                        }
                        let s = self.defence_score(mine(r));
                        let sum: i64 = others(r, g)
                            .map(|o| i64::from(imps(s - self.defence_score(o))))
                            .sum();
                        sum as f64 / (k - 1) as f64
                    })),
                    group: g,
                }
            })
            .collect();
        // Order on exact integer sums (float means of equal sums are equal, but say so).
        let key = |row: &LeadRow| {
            let g = row.group;
            let tricks: u64 = results.iter().map(|r| u64::from(r.tricks[g])).sum();
            let set = results
                .iter()
                .filter(|r| r.tricks[g] >= needed_to_set)
                .count();
            (
                std::cmp::Reverse(tricks),
                std::cmp::Reverse(set),
                row.card.index(),
            )
        };
        rows.sort_by_cached_key(key);
        let paired = match rows.first() {
            Some(best) => rows[1..]
                .iter()
                .map(|other| {
                    let diff = mean_interval(results.iter().map(|r| {
                        f64::from(r.tricks[best.group]) - f64::from(r.tricks[other.group])
                    }));
                    PairedDiff {
                        best: best.card,
                        other: other.card,
                        indistinguishable: diff.contains(0.0),
                        diff,
                    }
                })
                .collect(),
            None => Vec::new(),
        };
        LeadReport {
            deals: results.len(),
            contract: self.contract,
            declarer: self.declarer,
            vul: self.vul,
            rows,
            paired,
        }
    }
}

/// One lead (a group of equal cards) over all deals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeadRow {
    /// The card led (the highest of its group).
    pub card: Card,
    /// The lower cards of the group.
    pub equals: Vec<Card>,
    /// Mean defensive tricks (t interval).
    pub tricks: Interval,
    /// % of deals the contract is set (Wilson interval, in %).
    pub set_pct: Interval,
    /// Matchpoints in % against the other leads on the same deal (t interval).
    pub mp_pct: Interval,
    /// Mean IMPs against each other lead on the same deal, the defence's view (t interval).
    pub imps: Interval,
    /// Index into [`LeadProblem::groups`].
    pub group: usize,
}

/// The best lead against another, on the same deals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PairedDiff {
    /// The best lead (most mean defensive tricks).
    pub best: Card,
    /// The other lead.
    pub other: Card,
    /// Mean of (best − other) defensive tricks per deal (paired t interval).
    pub diff: Interval,
    /// The interval holds 0: the two leads cannot be told apart at this number of deals.
    pub indistinguishable: bool,
}

/// Everything a lead simulation reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeadReport {
    /// Deals simulated.
    pub deals: usize,
    /// The contract.
    pub contract: Contract,
    /// Declarer.
    pub declarer: Seat,
    /// Vulnerability.
    pub vul: Vulnerability,
    /// Leads, best first (most defensive tricks in total, then most deals set, then card order).
    pub rows: Vec<LeadRow>,
    /// The best lead against each other lead, in row order.
    pub paired: Vec<PairedDiff>,
}

impl LeadReport {
    /// CSV `card,mean_tricks,set_pct,ci_low,ci_high`: one row per lead (equal cards share the
    /// row of the highest), best first; the interval is the 95 % t interval of the mean
    /// defensive tricks. `fairdeal simulate lead --csv` and the page's CSV are these bytes.
    pub fn write_csv(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(w, "card,mean_tricks,set_pct,ci_low,ci_high")?;
        for r in &self.rows {
            writeln!(
                w,
                "{},{},{},{},{}",
                r.card,
                fixed(r.tricks.estimate, 3),
                fixed(r.set_pct.estimate, 1),
                fixed(r.tricks.low, 3),
                fixed(r.tricks.high, 3)
            )?;
        }
        Ok(())
    }

    /// The CSV as a string.
    pub fn csv(&self) -> String {
        let mut v = Vec::new();
        self.write_csv(&mut v)
            .unwrap_or_else(|_| unreachable!("writing to a Vec cannot fail"));
        String::from_utf8(v).unwrap_or_else(|_| unreachable!("the CSV is ASCII"))
    }

    /// The readable report: every view with its interval, the paired comparisons and what
    /// the figures assume.
    pub fn write_text(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(
            w,
            "Opening lead against {} by {} (leader {}), vulnerability {}, {} deals",
            self.contract,
            self.declarer.name(),
            self.declarer.lho().name(),
            self.vul,
            self.deals
        )?;
        writeln!(
            w,
            "{:<5} {:<8} {:>16} {:>22} {:>22} {:>20}",
            "lead",
            "equals",
            "defence tricks",
            "set %",
            "MP % vs other leads",
            "IMPs vs other leads"
        )?;
        for r in &self.rows {
            let eq: String = r.equals.iter().map(|c| c.rank().letter()).collect();
            writeln!(
                w,
                "{:<5} {:<8} {:>16} {:>22} {:>22} {:>20}",
                r.card.to_string(),
                eq,
                bracketed(&r.tricks, 2, ""),
                bracketed(&r.set_pct, 1, ""),
                bracketed(&r.mp_pct, 1, ""),
                bracketed(&r.imps, 2, ""),
            )?;
        }
        for p in &self.paired {
            writeln!(
                w,
                "{} vs {}: {} tricks [{}, {}] on the same deals: {}",
                p.best,
                p.other,
                format_args!("{:+.3}", p.diff.estimate),
                fixed(p.diff.low, 3),
                fixed(p.diff.high, 3),
                if p.indistinguishable {
                    "indistinguishable at this number of deals"
                } else {
                    "the difference is significant (95 %)"
                }
            )?;
        }
        writeln!(w, "{}", crate::HONESTY)
    }
}

#[cfg(test)]
mod tests;
