//! Messages between the page and the dealing worker.

use fairdeal_model::Deal;
use serde::{Deserialize, Serialize};

// Deals cross the thread in one form, `Deal`'s own: the four hands' card bitsets (gloo-worker's
// bincode writes four u64), read back through `Deal::new`'s checks, so a message can never
// carry an invalid deal.

/// A batch to deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BatchRequest {
    /// Identifies the batch; every answer carries it back.
    pub job: u32,
    /// The constraint file (text form).
    pub spec: String,
    /// How many boards.
    pub boards: u32,
    /// ChaCha20 key, from the browser's CSPRNG.
    pub seed: [u8; 32],
}

/// From the page to the worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToWorker {
    /// Start a batch (cancelling any batch still running).
    Start(BatchRequest),
    /// Stop batch `job` before its next chunk.
    Cancel(u32),
    /// Run a dealer script (cancelling any script still running); answered by
    /// `ScriptStarted`, then `ScriptProgress` after every slice, then `ScriptDone`, `Failed`
    /// or `Cancelled`.
    Script {
        /// Identifies the run; every answer carries it back.
        job: u32,
        /// The script's text.
        source: String,
        /// ChaCha key, from the browser's CSPRNG.
        seed: [u8; 32],
    },
    /// Check a script off the page thread: its problems, and when it compiles the dialect
    /// report and a pilot acceptance rate; answered at once by `ScriptChecked`.
    ScriptCheck {
        /// Identifies the check.
        job: u32,
        /// The script's text.
        source: String,
        /// Seed of the pilot shuffles (the browser's CSPRNG).
        seed: [u8; 32],
    },
    /// Run a simulated question (replacing any simulation running); answered by
    /// `SimProgress` after every slice, then `SimDone` (also on `Cancel`) or `Failed`.
    Simulate(SimRequest),
    /// Count a constraint text (replacing any count running): answered by `CountProgress`
    /// after every category, then `Counted` (see `worker::count_job`).
    Count {
        /// Identifies the count.
        job: u32,
        /// The constraint text.
        text: String,
    },
    /// Run the statistics analyser (replacing any run); answered by `StatsProgress` after
    /// every slice, then `StatsDone`, `Failed` or (on `Cancel`) `Cancelled`.
    Stats(StatsRequest),
}

/// One dealt board: its category (levelled sets; 0 otherwise) and the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackedBoard {
    /// Index into the spec's categories (0 for a plain set).
    pub category: u16,
    /// The deal (checked when the message is read).
    pub deal: Deal,
}

/// From the worker to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum FromWorker {
    /// The answer to `ScriptCheck`.
    ScriptChecked {
        /// The check.
        job: u32,
        /// The text checked.
        source: String,
        /// Its problems (empty when it compiles).
        diagnostics: Vec<fairdeal_script::Diagnostic>,
        /// The dialect report (None when it does not compile).
        lint: Option<fairdeal_script::lint::Lint>,
        /// Pilot (shuffled, kept); None when not measured (double dummy scripts).
        rate: Option<(u64, u64)>,
    },
    /// A count's progress: `done` of `total` categories of `text` counted.
    CountProgress {
        /// The count.
        job: u32,
        /// The text being counted.
        text: String,
        /// Categories counted.
        done: u32,
        /// Categories in all (1 for a plain set).
        total: u32,
    },
    /// The answer to `Count`: the Constrain page's analysis of `text`.
    Counted {
        /// The count.
        job: u32,
        /// The text counted.
        text: String,
        /// Errors, impossibility, or the count of the set or of each category.
        analysis: crate::pages::constrain::state::Analysis,
    },
    /// `done` of `total` boards dealt so far.
    Progress {
        /// The batch.
        job: u32,
        /// Boards dealt.
        done: u32,
        /// Boards asked for.
        total: u32,
    },
    /// The whole batch, in board order.
    Done {
        /// The batch.
        job: u32,
        /// The boards.
        boards: Vec<PackedBoard>,
    },
    /// The batch stopped on a `Cancel`, after `done` boards.
    Cancelled {
        /// The batch.
        job: u32,
        /// Boards dealt before it stopped.
        done: u32,
    },
    /// A script run compiled and started: what it samples exactly and what by rejection.
    ScriptStarted {
        /// The run.
        job: u32,
        /// `Program::acceleration`, for the user.
        acceleration: String,
    },
    /// A script run's counts so far, and the script's `generate`/`produce` limits.
    ScriptProgress {
        /// The run.
        job: u32,
        /// Deals generated so far.
        generated: u64,
        /// Deals produced (meeting the condition) so far.
        produced: u64,
        /// The script's `generate` limit.
        generate: u64,
        /// The script's `produce` target.
        produce: u64,
    },
    /// A script run finished: its deals, text output, averages and frequencies.
    ScriptDone {
        /// The run.
        job: u32,
        /// The results.
        report: Box<fairdeal_script::Report>,
    },
    /// The batch could not be dealt.
    Failed {
        /// The batch.
        job: u32,
        /// Why, for the user.
        message: String,
    },
    /// A simulation's estimate so far (see `worker::sim_job`).
    SimProgress {
        /// The run.
        job: u32,
        /// Samples and successes so far.
        estimator: fairdeal_prob::sim::ProportionEstimator,
        /// Samples asked for.
        total: u32,
        /// The exact answer, when the constraint engine counts it.
        exact: Option<fairdeal_prob::Fraction>,
    },
    /// A simulation ended: every sample drawn, or `stopped` early by `Cancel`.
    SimDone {
        /// The run.
        job: u32,
        /// Samples and successes.
        estimator: fairdeal_prob::sim::ProportionEstimator,
        /// Samples asked for.
        total: u32,
        /// The exact answer, when the constraint engine counts it.
        exact: Option<fairdeal_prob::Fraction>,
        /// True when stopped before `total`.
        stopped: bool,
    },
    /// A statistics run's progress: deals generated, then exact expectations computed.
    StatsProgress {
        /// The run.
        job: u32,
        /// Deals generated.
        done: u32,
        /// Deals asked for.
        total: u32,
        /// Tables whose exact expectation is computed.
        tables_done: u32,
        /// Tables in the run.
        tables: u32,
        /// Cells of the table under way counted so far, when it is counted cell by cell (0
        /// otherwise).
        cells_done: u32,
        /// That table's cells (0 when it is not counted cell by cell).
        cells: u32,
    },
    /// A statistics run finished: observed against expected, with chi-square.
    StatsDone {
        /// The run.
        job: u32,
        /// The report.
        report: Box<super::stats_job::StatsReport>,
    },
}

/// A statistics run for the worker (`ToWorker::Stats`, see `worker::stats_job`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatsRequest {
    /// Identifies the run; every answer carries it back.
    pub job: u32,
    /// The constraint file (text form).
    pub spec: String,
    /// Extra tables besides the defaults (`hcp:N,hcp:S`; one per line or `;`-separated).
    pub tables: String,
    /// How many deals to generate.
    pub deals: u32,
    /// ChaCha20 key, from the browser's CSPRNG.
    pub seed: [u8; 32],
}

/// A simulated question for the worker (`ToWorker::Simulate`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SimRequest {
    /// Identifies the run; every answer carries it back.
    pub job: u32,
    /// The deal conditions (constraint language), dealt by the exact constrained dealer.
    pub spec: String,
    /// What is counted on each deal.
    pub outcome: fairdeal_prob::simulate::Outcome,
    /// How many deals to sample.
    pub samples: u32,
    /// ChaCha20 key, from the browser's CSPRNG.
    pub seed: [u8; 32],
}
