//! The contract simulation: a partnership's hands (both fixed, or one fixed and conditions on
//! the other, in the constraint language) and two or more contracts of that side. Each deal's
//! full DD table gives the trick distribution of every strain × declarer, % making each
//! contract, its mean score, and, for every two contracts, the mean IMP difference and the
//! matchpoints (100 % better, 50 % equal, 0 % worse) on the same deals, with 95 % intervals.

use crate::error::SimError;
use crate::stats::{
    bracketed, csv_triple, fixed, mean_interval, proportion_interval, scaled, Interval,
};
use fairdeal_constrain::Spec;
use fairdeal_model::dd::DdTable;
use fairdeal_model::{Deal, Seat, Strain, Vulnerability};
use fairdeal_scoring::{imps, Contract, FinalContract};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{self, Write};

/// A contract and its declarer, written `3NT:S`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContractChoice {
    /// The contract.
    pub contract: Contract,
    /// Declarer.
    pub declarer: Seat,
}

impl fmt::Display for ContractChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.contract, self.declarer.letter())
    }
}

/// Why a list of contracts did not parse: the item (1-based) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("contract {item} `{text}`: {message}")]
pub struct ChoiceError {
    /// 1-based position in the list.
    pub item: usize,
    /// The item's text.
    pub text: String,
    /// What was expected.
    pub message: String,
}

/// Reads `3NT:S,4S:N` (contracts as score sheets write them, `:` then the declarer's letter).
pub fn parse_choices(text: &str) -> Result<Vec<ContractChoice>, ChoiceError> {
    text.split(',')
        .enumerate()
        .map(|(i, item)| {
            let err = |message: String| ChoiceError {
                item: i + 1,
                text: item.trim().to_string(),
                message,
            };
            let (c, d) = item
                .split_once(':')
                .ok_or_else(|| err("expected CONTRACT:DECLARER, e.g. `3NT:S`".into()))?;
            let contract = match c.parse::<FinalContract>() {
                Ok(FinalContract::Bid(c)) => c,
                Ok(FinalContract::PassedOut) => {
                    return Err(err("a passed-out board has no declarer".into()))
                }
                Err(e) => return Err(err(e.to_string())),
            };
            let mut dc = d.trim().chars();
            let declarer = match (dc.next().and_then(Seat::from_char), dc.next()) {
                (Some(s), None) => s,
                _ => {
                    return Err(err(format!(
                        "declarer `{}`; expected N, E, S or W",
                        d.trim()
                    )))
                }
            };
            Ok(ContractChoice { contract, declarer })
        })
        .collect()
}

/// A contract problem, validated: at least one contract, all of one side, none twice.
#[derive(Debug, Clone)]
pub struct ContractProblem {
    spec: Spec,
    choices: Vec<ContractChoice>,
    vul: Vulnerability,
}

/// DD table's strains in the order reports print them.
pub const STRAINS: [Strain; 5] = [
    Strain::Notrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

impl ContractProblem {
    /// A problem over the deals of `spec`.
    pub fn new(
        spec: Spec,
        choices: Vec<ContractChoice>,
        vul: Vulnerability,
    ) -> Result<ContractProblem, SimError> {
        let first = *choices.first().ok_or(SimError::NoContract)?;
        let side = |s: Seat| s.index() % 2;
        for (i, c) in choices.iter().enumerate() {
            if side(c.declarer) != side(first.declarer) {
                return Err(SimError::MixedSides {
                    a: first.to_string(),
                    b: c.to_string(),
                });
            }
            if choices[..i].contains(c) {
                return Err(SimError::Duplicate(c.to_string()));
            }
        }
        Ok(ContractProblem { spec, choices, vul })
    }

    /// The conditions.
    pub fn spec(&self) -> &Spec {
        &self.spec
    }

    /// The contracts compared.
    pub fn choices(&self) -> &[ContractChoice] {
        &self.choices
    }

    /// Vulnerability.
    pub fn vul(&self) -> Vulnerability {
        self.vul
    }

    /// The `n` deals from `seed` (see [`crate::deal_set`]).
    pub fn deals(&self, n: usize, seed: [u8; 32]) -> Result<Vec<Deal>, SimError> {
        crate::deal_set(&self.spec, n, seed)
    }

    /// Deals and solves on `threads` threads (native); `progress(done)` after each deal.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn run(
        &self,
        n: usize,
        seed: [u8; 32],
        threads: usize,
        progress: impl Fn(usize) + Sync,
    ) -> Result<(Vec<Deal>, ContractReport), SimError> {
        let deals = self.deals(n, seed)?;
        let done = std::sync::atomic::AtomicUsize::new(0);
        let tables = fairdeal_dd::solve_tables(&deals, threads, |_, _| {
            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1)
        });
        Ok((deals, self.report(&tables)))
    }

    /// The declaring side's score for a choice on a table.
    fn score(&self, c: ContractChoice, t: &DdTable) -> i64 {
        let tricks = t.tricks(c.contract.strain(), c.declarer);
        i64::from(
            c.contract
                .declarer_score(self.vul.is_vulnerable(c.declarer), tricks)
                .unwrap_or_else(|_| unreachable!("a DD table holds at most 13 tricks")),
        )
    }

    /// The report over per-deal DD tables in deal order.
    pub fn report(&self, tables: &[DdTable]) -> ContractReport {
        let mut distribution = [[[0u32; 14]; 4]; 5];
        for t in tables {
            for s in STRAINS {
                for d in Seat::ALL {
                    distribution[s.index()][d.index()][usize::from(t.tricks(s, d))] += 1;
                }
            }
        }
        let mean_tricks = STRAINS.map(|s| {
            Seat::ALL.map(|d| mean_interval(tables.iter().map(|t| f64::from(t.tricks(s, d)))))
        });
        let rows = self
            .choices
            .iter()
            .map(|&c| ContractRow {
                choice: c,
                make_pct: scaled(
                    proportion_interval(tables.iter().map(|t| {
                        t.tricks(c.contract.strain(), c.declarer) >= c.contract.tricks_needed()
                    })),
                    100.0,
                ),
                score: mean_interval(tables.iter().map(|t| self.score(c, t) as f64)),
            })
            .collect();
        let mut pairs = Vec::new();
        for (i, &a) in self.choices.iter().enumerate() {
            for &b in &self.choices[i + 1..] {
                let diffs: Vec<i64> = tables
                    .iter()
                    .map(|t| self.score(a, t) - self.score(b, t))
                    .collect();
                pairs.push(ContractPair {
                    a,
                    b,
                    imps: mean_interval(diffs.iter().map(|&d| f64::from(imps(d)))),
                    mp_pct: mean_interval(diffs.iter().map(|&d| match d.signum() {
                        1 => 100.0,
                        0 => 50.0,
                        _ => 0.0,
                    })),
                });
            }
        }
        ContractReport {
            deals: tables.len(),
            vul: self.vul,
            distribution,
            mean_tricks,
            rows,
            pairs,
        }
    }
}

/// One contract over all deals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContractRow {
    /// The contract and declarer.
    pub choice: ContractChoice,
    /// % of deals it makes (Wilson, in %).
    pub make_pct: Interval,
    /// Mean score of the declaring side (t interval).
    pub score: Interval,
}

/// Two contracts on the same deals, the declaring side's view of `a` against `b`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContractPair {
    /// The first contract.
    pub a: ContractChoice,
    /// The second.
    pub b: ContractChoice,
    /// Mean IMPs of a against b (t interval).
    pub imps: Interval,
    /// Matchpoints of a against b in % (100 better, 50 equal, 0 worse; t interval).
    pub mp_pct: Interval,
}

/// Everything a contract simulation reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContractReport {
    /// Deals simulated.
    pub deals: usize,
    /// Vulnerability.
    pub vul: Vulnerability,
    /// `distribution[strain.index()][declarer.index()][tricks]`: deals with that many tricks.
    pub distribution: [[[u32; 14]; 4]; 5],
    /// Mean tricks, `[strain.index()][declarer.index()]` (t interval).
    pub mean_tricks: [[Interval; 4]; 5],
    /// One row per contract, in the order given.
    pub rows: Vec<ContractRow>,
    /// Every two contracts (i < j, in the order given).
    pub pairs: Vec<ContractPair>,
}

impl ContractReport {
    /// CSV, two tables separated by an empty line: `contract,make_pct,make_low,make_high,
    /// mean_score,score_low,score_high` (one row per contract), then `a,b,mean_imps,imps_low,
    /// imps_high,mp_pct,mp_low,mp_high` (every two contracts).
    pub fn write_csv(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(
            w,
            "contract,make_pct,make_low,make_high,mean_score,score_low,score_high"
        )?;
        for r in &self.rows {
            writeln!(
                w,
                "{},{},{}",
                r.choice,
                csv_triple(&r.make_pct, 1),
                csv_triple(&r.score, 1)
            )?;
        }
        writeln!(w)?;
        writeln!(w, "a,b,mean_imps,imps_low,imps_high,mp_pct,mp_low,mp_high")?;
        for p in &self.pairs {
            writeln!(
                w,
                "{},{},{},{}",
                p.a,
                p.b,
                csv_triple(&p.imps, 2),
                csv_triple(&p.mp_pct, 1)
            )?;
        }
        Ok(())
    }

    /// The readable report.
    pub fn write_text(&self, w: &mut impl Write) -> io::Result<()> {
        writeln!(
            w,
            "Contracts over {} deals, vulnerability {}",
            self.deals, self.vul
        )?;
        writeln!(
            w,
            "DD tricks (deals with 0..13 tricks) by strain and declarer:"
        )?;
        write!(w, "{:<7} {:>6}", "strain", "mean")?;
        for t in 0..14 {
            write!(w, " {t:>4}")?;
        }
        writeln!(w)?;
        for s in STRAINS {
            for d in Seat::ALL {
                write!(
                    w,
                    "{:<7} {:>6}",
                    format!("{}:{}", s, d.letter()),
                    fixed(self.mean_tricks[s.index()][d.index()].estimate, 2)
                )?;
                for n in self.distribution[s.index()][d.index()] {
                    write!(w, " {n:>4}")?;
                }
                writeln!(w)?;
            }
        }
        for r in &self.rows {
            writeln!(
                w,
                "{}: makes {}, mean score {}",
                r.choice,
                bracketed(&r.make_pct, 1, " %"),
                bracketed(&r.score, 1, "")
            )?;
        }
        for p in &self.pairs {
            writeln!(
                w,
                "{} vs {}: {}, {}",
                p.a,
                p.b,
                bracketed(&p.imps, 2, " IMPs"),
                bracketed(&p.mp_pct, 1, " % matchpoints")
            )?;
        }
        writeln!(w, "{}", crate::HONESTY)
    }

    /// The CSV as a string.
    pub fn csv(&self) -> String {
        let mut v = Vec::new();
        self.write_csv(&mut v)
            .unwrap_or_else(|_| unreachable!("writing to a Vec cannot fail"));
        String::from_utf8(v).unwrap_or_else(|_| unreachable!("the CSV is ASCII"))
    }
}

#[cfg(test)]
mod tests;
