//! The statistics analyser: tabulate generated deals against exact theory, with chi-square.
//!
//! The 2013 study tests its dealer this way. An [`Analysis`] tallies deals into tables —
//! by default, for every seat, the pattern (39 values), the HCP and the four suit lengths
//! ([`TableSpec::defaults`]), plus any chosen one- or two-way table ([`TableSpec`], text
//! form `hcp:N,hcp:S`) — and sums per-seat HCP and lengths for averages.
//! [`Analysis::report`] sets each table against its exact expectation from a [`Theory`]
//! (the engine's counts with the quantities kept apart) and runs Pearson's chi-square with
//! small cells pooled ([`chi`]); each average gets its exact mean and a z-score.
//! [`Generator`] draws the deals a spec describes (a plain set, or a levelled set with
//! categories picked independently by weight) and knows the matching [`Theory`].
//!
//! Panic policy: nothing here panics on user input; impossible or uncountable cases come
//! back as errors or as [`Unavailable`].

pub mod chi;
pub mod honours;
pub mod theory;
pub mod var;

pub use chi::{chi_square, ChiSquare};
pub use theory::{ExactCounts, Expected, Theory, Unavailable};
pub use var::{patterns, StatParseError, TableSpec, Var};

use crate::dealer::{Dealer, Options, SampleError};
use crate::level::Levelled;
use crate::spec::Spec;
use fairdeal_model::{Deal, Seat, Suit};
use rand_core::RngCore;

/// Why a generator could not be built: the set dealer's error (the same three causes).
pub use crate::set::SetError as GeneratorError;

/// Draws the deals of a spec: exact sampling of a plain set, or of a levelled set whose
/// categories are picked independently by weight for each deal.
#[derive(Debug, Clone)]
pub struct Generator {
    source: Source,
    theory: Theory,
}

#[derive(Debug, Clone)]
enum Source {
    Plain(Box<Dealer>),
    Levelled(Levelled),
}

impl Generator {
    /// Builds the dealer(s) of `spec`; `options.budget` also bounds each expectation build.
    pub fn new(spec: &Spec, options: Options) -> Result<Generator, GeneratorError> {
        let mut theory = Theory::new(options.budget);
        if spec.categories.is_empty() {
            let set = spec.constraints(None)?;
            let d = Dealer::new(&set, options)?;
            theory.push(&d, 1);
            Ok(Generator {
                source: Source::Plain(Box::new(d)),
                theory,
            })
        } else {
            let l = Levelled::new(spec, options)?;
            for (i, c) in spec.categories.iter().enumerate() {
                if let Some(d) = l.dealer(i) {
                    theory.push(d, c.weight);
                }
            }
            Ok(Generator {
                source: Source::Levelled(l),
                theory,
            })
        }
    }

    /// One deal.
    pub fn sample<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> Result<Deal, SampleError> {
        match &mut self.source {
            Source::Plain(d) => d.sample(rng),
            Source::Levelled(l) => {
                let i = l.pick(rng);
                l.sample(rng, i)
            }
        }
    }

    /// `n` deals onto `out`: exactly those of `n` calls of [`Generator::sample`], faster for
    /// a plain set (see [`Dealer::sample_many`]). On an error, `out` holds the deals before it.
    pub fn sample_many<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        n: usize,
        out: &mut Vec<Deal>,
    ) -> Result<(), SampleError> {
        match &mut self.source {
            Source::Plain(d) => d.sample_many(rng, n, out),
            Source::Levelled(_) => {
                for _ in 0..n {
                    out.push(self.sample(rng)?);
                }
                Ok(())
            }
        }
    }

    /// Exact draws so far and how many were accepted (equal unless rejection is involved;
    /// summed over the categories of a levelled set).
    pub fn acceptance(&self) -> (u64, u64) {
        match &self.source {
            Source::Plain(d) => d.acceptance(),
            Source::Levelled(l) => (0..l.names().len())
                .filter_map(|i| l.dealer(i))
                .map(Dealer::acceptance)
                .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1)),
        }
    }

    /// The theory the deals follow (expectations are computed lazily and cached).
    pub fn theory(&mut self) -> &mut Theory {
        &mut self.theory
    }

    /// The theory alone, the dealers' tables freed: once every deal is drawn, the
    /// expectations are built without the dealing tables in memory (each expectation's
    /// tables would otherwise come on top of them).
    pub fn into_theory(self) -> Theory {
        self.theory
    }
}

/// The per-seat quantities averaged: HCP then the four suit lengths.
pub fn average_vars(seat: Seat) -> [Var; 5] {
    [
        Var::Hcp(seat),
        Var::Length(seat, Suit::Spades),
        Var::Length(seat, Suit::Hearts),
        Var::Length(seat, Suit::Diamonds),
        Var::Length(seat, Suit::Clubs),
    ]
}

/// Tallies of generated deals.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    tables: Vec<TableSpec>,
    observed: Vec<Vec<u64>>,
    sums: [[u64; 5]; 4],
    n: u64,
}

/// One table of a report.
#[derive(Debug, Clone, PartialEq)]
pub struct TableReport {
    /// What is tabulated.
    pub spec: TableSpec,
    /// Observed count per cell (row-major for two-way tables).
    pub observed: Vec<u64>,
    /// The exact expectation, or why there is none.
    pub expected: Result<Expected, Unavailable>,
    /// The chi-square test (when there is an expectation and something to test).
    pub chi: Option<ChiSquare>,
}

/// One per-seat average.
#[derive(Debug, Clone, PartialEq)]
pub struct Average {
    /// The quantity (HCP or a suit length of a seat).
    pub var: Var,
    /// The sample mean.
    pub observed: f64,
    /// The exact mean and standard deviation of one deal's value, or why there are none.
    pub expected: Result<(f64, f64), Unavailable>,
    /// (observed − expected) / (sd / √n), when there is an expectation and sd > 0.
    pub z: Option<f64>,
}

/// The analysis of a sample against theory.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Deals analysed.
    pub n: u64,
    /// The tables, in the order given.
    pub tables: Vec<TableReport>,
    /// Per-seat averages, N E S W, each HCP then ♠ ♥ ♦ ♣ lengths.
    pub averages: Vec<Average>,
}

impl Report {
    /// The smallest chi-square p-value over the tables (1 if none was tested).
    pub fn min_p(&self) -> f64 {
        self.tables
            .iter()
            .filter_map(|t| t.chi.as_ref().map(|c| c.p))
            .fold(1.0, f64::min)
    }
}

impl Analysis {
    /// An empty analysis of these tables.
    pub fn new(tables: Vec<TableSpec>) -> Analysis {
        let observed = tables.iter().map(|t| vec![0; t.cells()]).collect();
        Analysis {
            tables,
            observed,
            sums: [[0; 5]; 4],
            n: 0,
        }
    }

    /// Tallies one deal.
    pub fn add(&mut self, deal: &Deal) {
        for (t, o) in self.tables.iter().zip(&mut self.observed) {
            o[t.cell(deal)] += 1;
        }
        for s in Seat::ALL {
            for (sum, v) in self.sums[s.index()].iter_mut().zip(average_vars(s)) {
                *sum += v.cell(deal) as u64;
            }
        }
        self.n += 1;
    }

    /// Deals tallied.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The tables.
    pub fn tables(&self) -> &[TableSpec] {
        &self.tables
    }

    /// Compares the tallies with `theory`.
    pub fn report(&self, theory: &mut Theory) -> Report {
        let tables = self
            .tables
            .iter()
            .zip(&self.observed)
            .map(|(spec, observed)| {
                let expected = theory.expected(spec);
                let chi = expected
                    .as_ref()
                    .ok()
                    .and_then(|e| chi_square(observed, &e.probs));
                TableReport {
                    spec: spec.clone(),
                    observed: observed.clone(),
                    expected,
                    chi,
                }
            })
            .collect();
        let mut averages = Vec::new();
        for s in Seat::ALL {
            for (sum, v) in self.sums[s.index()].iter().zip(average_vars(s)) {
                let observed = if self.n == 0 {
                    0.0
                } else {
                    *sum as f64 / self.n as f64
                };
                let expected = theory.moments(v);
                let z = match &expected {
                    Ok((m, sd)) if *sd > 0.0 && self.n > 0 => {
                        Some((observed - m) / (sd / (self.n as f64).sqrt()))
                    }
                    _ => None,
                };
                averages.push(Average {
                    var: v,
                    observed,
                    expected,
                    z,
                });
            }
        }
        Report {
            n: self.n,
            tables,
            averages,
        }
    }
}

#[cfg(test)]
mod tests;
