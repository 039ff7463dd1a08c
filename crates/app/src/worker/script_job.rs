//! A dealer script run in slices: what the worker does with `ToWorker::Script`.
//!
//! [`ScriptJob::new`] compiles the script (its diagnostics become one message with
//! `line:column` per problem) and starts a [`fairdeal_script::Runner`] from the seed;
//! [`ScriptJob::slice`] generates up to [`ScriptJob::slice_size`] more deals. The slice size
//! adapts ([`next_slice`]) so that a slice takes about [`TARGET_MS`] whatever the script
//! costs per deal: short enough for `Cancel` and progress to feel immediate, long enough that
//! messages stay cheap. Everything is deterministic in the seed (the slice sizes only decide
//! where the runner pauses).
//!
//! The worker side ([`start`], [`on_step`], [`cancel`]) keeps at most one run per worker,
//! answers `ScriptStarted` (what is sampled exactly), then `ScriptProgress` after every slice, then `ScriptDone` (or `Failed`/`Cancelled`),
//! and schedules each slice with a zero-delay timer so a queued `Cancel` is handled first.
//!
//! Panic policy: no panics; a script that does not compile is answered with `Failed`.

use super::agent::{DealWorker, Step};
use super::protocol::FromWorker;
use fairdeal_script::{compile, Diagnostic, Report, Runner};
use gloo_worker::{HandlerId, WorkerScope};

/// Wanted duration of one slice, in milliseconds.
pub const TARGET_MS: f64 = 40.0;
/// First slice, in deals generated.
pub const FIRST_SLICE: u64 = 1_000;
/// Smallest slice.
pub const MIN_SLICE: u64 = 16;
/// Largest slice.
pub const MAX_SLICE: u64 = 1 << 22;

/// The slice size after one that generated with `size` and took `elapsed_ms`: doubled when
/// it took under half the target, halved when over twice the target, else kept.
pub fn next_slice(size: u64, elapsed_ms: f64) -> u64 {
    let next = if elapsed_ms < TARGET_MS / 2.0 {
        size.saturating_mul(2)
    } else if elapsed_ms > TARGET_MS * 2.0 {
        size / 2
    } else {
        size
    };
    next.clamp(MIN_SLICE, MAX_SLICE)
}

/// The diagnostics as one message: `line:column message` per problem, one per line.
pub fn render_diagnostics(list: &[Diagnostic]) -> String {
    list.iter()
        .map(|d| format!("{}:{} {}", d.line, d.column, d.message))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A script being run.
pub struct ScriptJob {
    runner: Runner,
    acceleration: String,
    generate: u64,
    produce: u64,
    slice: u64,
    finished: bool,
}

impl ScriptJob {
    /// Compiles `source` and starts a runner keyed by `seed`; the error is a message for the
    /// user (every diagnostic with its line:column).
    pub fn new(source: &str, seed: [u8; 32]) -> Result<ScriptJob, String> {
        let program = compile(source).map_err(|d| render_diagnostics(&d))?;
        Ok(ScriptJob {
            runner: program.runner(seed),
            acceleration: program.acceleration(),
            generate: program.generate(),
            produce: program.produce(),
            slice: FIRST_SLICE,
            finished: false,
        })
    }

    /// Generates up to `max_generated` more deals; true once the run is finished.
    pub fn step(&mut self, max_generated: u64) -> bool {
        if !self.finished {
            self.finished = self.runner.step(max_generated);
        }
        self.finished
    }

    /// One slice of the current size, timed with `now` (milliseconds), after which the size
    /// adapts; true once the run is finished.
    pub fn slice(&mut self, now: impl Fn() -> f64) -> bool {
        let t0 = now();
        let done = self.step(self.slice);
        self.slice = next_slice(self.slice, now() - t0);
        done
    }

    /// The current slice size.
    pub fn slice_size(&self) -> u64 {
        self.slice
    }

    /// True once the run is finished.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// Deals generated so far.
    pub fn generated(&self) -> u64 {
        self.runner.generated()
    }

    /// Deals produced so far.
    pub fn produced(&self) -> u64 {
        self.runner.produced()
    }

    /// The script's `generate` limit.
    pub fn generate(&self) -> u64 {
        self.generate
    }

    /// The script's `produce` target.
    pub fn produce(&self) -> u64 {
        self.produce
    }

    /// What the program samples exactly and what by rejection (for the user).
    pub fn acceleration(&self) -> &str {
        &self.acceleration
    }

    /// The progress message for run `job`.
    pub fn progress(&self, job: u32) -> FromWorker {
        FromWorker::ScriptProgress {
            job,
            generated: self.generated(),
            produced: self.produced(),
            generate: self.generate,
            produce: self.produce,
        }
    }

    /// The results so far.
    pub fn report(&self) -> Report {
        self.runner.report()
    }
}

/// A run in the worker: who asked, its id, the job.
pub struct Running {
    handler: HandlerId,
    id: u32,
    job: ScriptJob,
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

fn schedule(scope: &WorkerScope<DealWorker>, id: u32) {
    let scope = scope.clone();
    gloo_timers::callback::Timeout::new(0, move || scope.send_message(Step(id))).forget();
}

/// Handles `ToWorker::Script`: replaces any run in `slot` and schedules the first slice.
pub fn start(
    slot: &mut Option<Running>,
    scope: &WorkerScope<DealWorker>,
    handler: HandlerId,
    id: u32,
    source: &str,
    seed: [u8; 32],
) {
    *slot = None;
    match ScriptJob::new(source, seed) {
        Ok(job) => {
            scope.respond(
                handler,
                FromWorker::ScriptStarted {
                    job: id,
                    acceleration: job.acceleration.clone(),
                },
            );
            scope.respond(handler, job.progress(id));
            *slot = Some(Running { handler, id, job });
            schedule(scope, id);
        }
        Err(message) => scope.respond(handler, FromWorker::Failed { job: id, message }),
    }
}

/// Handles a `Step(id)`: runs one slice if `id` is the script run in `slot`. Returns false
/// when the step is not for a script run (the caller then treats it as its own).
pub fn on_step(slot: &mut Option<Running>, scope: &WorkerScope<DealWorker>, id: u32) -> bool {
    let Some(run) = slot.as_mut().filter(|r| r.id == id) else {
        return false;
    };
    if run.job.slice(now_ms) {
        if let Some(run) = slot.take() {
            scope.respond(run.handler, run.job.progress(id));
            scope.respond(
                run.handler,
                FromWorker::ScriptDone {
                    job: id,
                    report: Box::new(run.job.report()),
                },
            );
        }
    } else {
        scope.respond(run.handler, run.job.progress(id));
        schedule(scope, id);
    }
    true
}

/// Handles `ToWorker::Cancel(id)` for a script run: stops it and answers `Cancelled` with
/// the deals produced so far. Returns false when `id` is not the script run.
pub fn cancel(slot: &mut Option<Running>, scope: &WorkerScope<DealWorker>, id: u32) -> bool {
    let Some(run) = slot.take_if(|r| r.id == id) else {
        return false;
    };
    scope.respond(
        run.handler,
        FromWorker::Cancelled {
            job: id,
            done: u32::try_from(run.job.produced()).unwrap_or(u32::MAX),
        },
    );
    true
}

/// Handles a disconnected page: drops its run.
pub fn disconnected(slot: &mut Option<Running>, handler: HandlerId) {
    if slot.as_ref().is_some_and(|r| r.handler == handler) {
        *slot = None;
    }
}
