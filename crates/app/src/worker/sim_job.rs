//! A simulated question run in slices: what the worker does with `ToWorker::Simulate`.
//!
//! [`SimJob::new`] builds the exact constrained dealer and the outcome test
//! (`fairdeal_prob::simulate::Simulation`), keys ChaCha20 with the seed, and computes the
//! exact answer when the constraint engine can count it (a `Condition` outcome), so the page
//! can show the estimate next to the truth; [`SimJob::slice`] samples deals for about
//! [`TARGET_MS`] (at least one deal, so a double-dummy question at ~0.5 s a solve still
//! advances). Double-dummy outcomes are solved here too, one deal at a time, by
//! `fairdeal_dd::DdSolver` (sequential pons-dds). Everything is deterministic in the seed.
//!
//! In the worker [`SimJob`] is a [`SlicedJob`] run by a [`super::sliced::Slot`]:
//! `SimProgress` at the start and after every slice, `SimDone` when the sample count is
//! reached or on `Cancel` (the estimate so far is kept: stopping is not failing).
//!
//! Panic policy: no panics; bad text is answered with `Failed` (with line:column).

use std::cell::RefCell;

use super::job::APP_OPTIONS;
use super::protocol::FromWorker;
use super::sliced::SlicedJob;
use fairdeal_model::{Deal, Seat, Strain};
use fairdeal_prob::simulate::{exact_condition, Outcome, Simulation};
use fairdeal_prob::Fraction;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// Wanted duration of one slice, in milliseconds.
pub const TARGET_MS: f64 = 40.0;
/// The most samples one run may ask for.
pub const MAX_SAMPLES: u32 = 10_000_000;
/// Deals sampled between two clock readings inside a slice (1 for double-dummy outcomes).
pub const BATCH: u32 = 32;

/// Milliseconds from a monotonic-enough clock (`Date.now()`, available in workers too).
fn now_ms() -> f64 {
    js_sys::Date::now()
}

thread_local! {
    /// The worker's double-dummy solver (pons-dds's sequential API), made on first use and
    /// kept: its transposition table is reused between deals.
    static SOLVER: RefCell<Option<fairdeal_dd::DdSolver>> = const { RefCell::new(None) };
}

/// Double-dummy tricks for `declarer` in `strain` (one strain solved, ~0.5 s a deal).
pub fn solve(deal: &Deal, strain: Strain, declarer: Seat) -> Result<u8, String> {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(fairdeal_dd::DdSolver::new);
        let row = solver.strain_row(deal, strain);
        row.get(declarer.index())
            .copied()
            .ok_or_else(|| "the solver gave no result for that declarer".to_string())
    })
}

/// A simulation being run.
pub struct SimJob {
    sim: Simulation,
    rng: ChaCha20Rng,
    total: u32,
    batch: u32,
    exact: Option<Fraction>,
}

impl SimJob {
    /// Builds the simulation; the error is a message for the user.
    pub fn new(
        spec: &str,
        outcome: &Outcome,
        samples: u32,
        seed: [u8; 32],
    ) -> Result<SimJob, String> {
        if samples == 0 || samples > MAX_SAMPLES {
            return Err(format!(
                "samples: expected 1 to {MAX_SAMPLES}, got {samples}"
            ));
        }
        let sim = Simulation::new(spec, outcome, APP_OPTIONS)?;
        let exact = match outcome {
            Outcome::Condition(c) => exact_condition(spec, c, APP_OPTIONS),
            _ => None,
        };
        Ok(SimJob {
            sim,
            rng: ChaCha20Rng::from_seed(seed),
            total: samples,
            batch: if outcome.needs_solver() { 1 } else { BATCH },
            exact,
        })
    }

    /// Samples for about `budget_ms` (at least one batch); true once every sample is drawn.
    pub fn slice(&mut self, budget_ms: f64) -> Result<bool, String> {
        let t0 = now_ms();
        loop {
            let left = self.total - self.done();
            if left == 0 {
                return Ok(true);
            }
            self.sim
                .step(&mut self.rng, left.min(self.batch), &mut solve)?;
            if now_ms() - t0 >= budget_ms {
                return Ok(self.done() >= self.total);
            }
        }
    }

    /// Samples drawn so far.
    pub fn done(&self) -> u32 {
        self.sim.estimator().samples() as u32
    }

    /// Samples asked for.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The answer message for the page now.
    pub fn progress(&self, job: u32) -> FromWorker {
        FromWorker::SimProgress {
            job,
            estimator: self.sim.estimator(),
            total: self.total,
            exact: self.exact,
        }
    }

    /// The final message (complete, or stopped early).
    pub fn finished(&self, job: u32, stopped: bool) -> FromWorker {
        FromWorker::SimDone {
            job,
            estimator: self.sim.estimator(),
            total: self.total,
            exact: self.exact,
            stopped,
        }
    }
}

impl SlicedJob for SimJob {
    fn run_slice(&mut self) -> Result<bool, String> {
        self.slice(TARGET_MS)
    }

    fn progress_message(&self, job: u32) -> FromWorker {
        self.progress(job)
    }

    fn done_messages(self, job: u32) -> Vec<FromWorker> {
        vec![self.finished(job, false)]
    }

    /// Stopping is not failing: `SimDone{stopped}` with the estimate so far.
    fn cancel_message(self, job: u32) -> FromWorker {
        self.finished(job, true)
    }
}
