//! The statistics analyser run in slices: what the worker does with `ToWorker::Stats`.
//!
//! [`StatsJob::new`] parses the spec and the chosen tables and builds the generator
//! ([`fairdeal_constrain::stats::Generator`]); [`StatsJob::slice`] first generates deals for
//! about [`TARGET_MS`] per slice, then computes one table's exact expectation per slice
//! (each is one table build of the engine, the slow part; a table counted cell by cell takes
//! one cell per slice, [`fairdeal_constrain::stats::Theory::advance`]), so `Cancel` is
//! honoured between slices. [`StatsJob::report`] turns the analysis into [`StatsReport`], plain data for the
//! page. Everything is deterministic in the seed, with `fairdeal stats`'s stream (ChaCha8
//! keyed by the seed) and engine options (the defaults), so a seed gives the same deals in both.
//!
//! In the worker [`StatsJob`] is a [`SlicedJob`] run by a [`super::sliced::Slot`]:
//! `StatsProgress` at the start and after every slice, then `StatsDone`, `Failed`, or
//! `Cancelled` on `Cancel`.
//!
//! Panic policy: no panics; bad text is answered with `Failed` (with line:column or column).

use super::protocol::FromWorker;
use super::sliced::SlicedJob;
use fairdeal_constrain::stats::{Analysis, Generator, Report, TableSpec, Theory};
use fairdeal_constrain::{parse, Options};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::{Deserialize, Serialize};

/// Deals drawn between two looks at the clock.
const DEALS_PER_CHECK: usize = 256;

/// Wanted duration of one sampling slice, in milliseconds.
pub const TARGET_MS: f64 = 40.0;
/// The most deals one run may ask for.
pub const MAX_DEALS: u32 = 1_000_000;

/// One table of a report, as plain data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatsTable {
    /// Title (`HCP North × HCP South`).
    pub title: String,
    /// Text form (`hcp:N,hcp:S`).
    pub text: String,
    /// Labels of each cell (one per quantity).
    pub labels: Vec<Vec<String>>,
    /// Observed counts.
    pub observed: Vec<u64>,
    /// Exact cell probabilities, or why there are none.
    pub expected: Result<Vec<f64>, String>,
    /// Chi-square: statistic, df, p-value, pooled cells, observations in impossible cells.
    pub chi: Option<(f64, usize, f64, usize, u64)>,
}

/// One per-seat average.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatsAverage {
    /// What (`HCP North`).
    pub title: String,
    /// Sample mean.
    pub observed: f64,
    /// Exact mean, if available.
    pub expected: Option<f64>,
    /// z-score, if available.
    pub z: Option<f64>,
}

/// A finished analysis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StatsReport {
    /// Deals analysed.
    pub n: u64,
    /// Tables.
    pub tables: Vec<StatsTable>,
    /// Per-seat averages.
    pub averages: Vec<StatsAverage>,
}

impl StatsReport {
    /// Converts a domain report.
    pub fn from_report(r: &Report) -> StatsReport {
        StatsReport {
            n: r.n,
            tables: r
                .tables
                .iter()
                .map(|t| StatsTable {
                    title: t.spec.title(),
                    text: t.spec.to_string(),
                    labels: (0..t.observed.len()).map(|i| t.spec.labels(i)).collect(),
                    observed: t.observed.clone(),
                    expected: t
                        .expected
                        .as_ref()
                        .map(|e| e.probs.clone())
                        .map_err(|e| e.to_string()),
                    chi: t
                        .chi
                        .as_ref()
                        .map(|c| (c.stat, c.df, c.p, c.pooled, c.impossible)),
                })
                .collect(),
            averages: r
                .averages
                .iter()
                .map(|a| StatsAverage {
                    title: a.var.title(),
                    observed: a.observed,
                    expected: a.expected.as_ref().ok().map(|e| e.0),
                    z: a.z,
                })
                .collect(),
        }
    }
}

/// Parses the extra tables (one per line or separated by `;`); errors name the table.
pub fn parse_tables(text: &str) -> Result<Vec<TableSpec>, String> {
    text.split([';', '\n'])
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|t| {
            t.parse::<TableSpec>()
                .map_err(|e| format!("table `{t}`: {e}"))
        })
        .collect()
}

/// Where a run is: drawing its deals, or (the dealers' tables freed) computing the
/// expectations.
enum Stage {
    Dealing(Box<Generator>),
    Theory(Theory),
}

impl Stage {
    /// The theory, freeing the dealers' tables first if they are still held, so that the
    /// expectations' tables never come on top of them.
    fn theory(&mut self) -> &mut Theory {
        if let Stage::Dealing(_) = self {
            if let Stage::Dealing(g) = std::mem::replace(self, Stage::Theory(Theory::new(0))) {
                *self = Stage::Theory(g.into_theory());
            }
        }
        match self {
            Stage::Theory(t) => t,
            Stage::Dealing(g) => g.theory(),
        }
    }
}

/// A statistics run.
pub struct StatsJob {
    stage: Stage,
    analysis: Analysis,
    rng: ChaCha8Rng,
    total: u32,
    theory_done: usize,
}

impl StatsJob {
    /// Builds the run; the error is a message for the user.
    pub fn new(spec: &str, tables: &str, deals: u32, seed: [u8; 32]) -> Result<StatsJob, String> {
        if deals == 0 || deals > MAX_DEALS {
            return Err(format!("deals: expected 1 to {MAX_DEALS}, got {deals}"));
        }
        let spec = parse(spec).map_err(|e| e.render(spec).trim_end().to_string())?;
        let mut list = TableSpec::defaults();
        list.extend(parse_tables(tables)?);
        // `fairdeal stats`'s options: the engine's defaults.
        let options = Options::default();
        let generator = Generator::new(&spec, options).map_err(|e| e.to_string())?;
        Ok(StatsJob {
            stage: Stage::Dealing(Box::new(generator)),
            analysis: Analysis::new(list),
            // The same stream as `fairdeal stats --seed` (ChaCha8 keyed by the seed).
            rng: ChaCha8Rng::from_seed(seed),
            total: deals,
            theory_done: 0,
        })
    }

    /// Deals generated so far.
    pub fn done(&self) -> u32 {
        self.analysis.n() as u32
    }

    /// Expectations computed so far, and how many tables there are.
    pub fn tables_done(&self) -> (usize, usize) {
        (self.theory_done, self.analysis.tables().len())
    }

    /// Samples for about `budget_ms`, or computes one table's expectation (or one cell of a
    /// table counted by narrowing) once every deal is drawn; true when the report is ready.
    pub fn slice(&mut self, budget_ms: f64, now: impl Fn() -> f64) -> Result<bool, String> {
        if self.done() < self.total {
            let t0 = now();
            let Stage::Dealing(generator) = &mut self.stage else {
                return Err("the deals were already drawn".into());
            };
            while self.analysis.n() < u64::from(self.total) {
                // The same deals as one call per deal (so as the CLI's), drawn together.
                let n = DEALS_PER_CHECK.min((u64::from(self.total) - self.analysis.n()) as usize);
                let mut deals = Vec::with_capacity(n);
                generator
                    .sample_many(&mut self.rng, n, &mut deals)
                    .map_err(|e| e.to_string())?;
                for d in &deals {
                    self.analysis.add(d);
                }
                if now() - t0 >= budget_ms {
                    break;
                }
            }
            return Ok(false);
        }
        let tables = self.analysis.tables();
        if let Some(t) = tables.get(self.theory_done) {
            // Cached inside the theory: the report reuses it. A table counted cell by cell
            // takes one cell a slice, so a cancel is heard between cells.
            if self.stage.theory().advance(t) {
                self.theory_done += 1;
            }
            return Ok(false);
        }
        Ok(true)
    }

    /// The report (cheap once every expectation is cached).
    pub fn report(&mut self) -> StatsReport {
        StatsReport::from_report(&self.analysis.report(self.stage.theory()))
    }

    /// The progress message.
    pub fn progress(&self, job: u32) -> FromWorker {
        let (tables_done, tables) = self.tables_done();
        let (cells_done, cells) = match &self.stage {
            Stage::Theory(theory) => self
                .analysis
                .tables()
                .get(tables_done)
                .and_then(|t| theory.cells_counted(t)),
            Stage::Dealing(_) => None,
        }
        .unwrap_or((0, 0));
        FromWorker::StatsProgress {
            job,
            done: self.done(),
            total: self.total,
            tables_done: tables_done as u32,
            tables: tables as u32,
            cells_done: cells_done as u32,
            cells: cells as u32,
        }
    }
}

impl SlicedJob for StatsJob {
    fn run_slice(&mut self) -> Result<bool, String> {
        self.slice(TARGET_MS, js_sys::Date::now)
    }

    fn progress_message(&self, job: u32) -> FromWorker {
        self.progress(job)
    }

    fn done_messages(mut self, job: u32) -> Vec<FromWorker> {
        let report = Box::new(self.report());
        vec![FromWorker::StatsDone { job, report }]
    }

    /// `Cancelled` with the deals generated so far.
    fn cancel_message(self, job: u32) -> FromWorker {
        FromWorker::Cancelled {
            job,
            done: self.done(),
        }
    }
}
