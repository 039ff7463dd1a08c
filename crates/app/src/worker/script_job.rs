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
//! In the worker [`ScriptJob`] is a [`SlicedJob`] run by a [`super::sliced::Slot`]: it
//! answers `ScriptStarted` (what is sampled exactly) and a first `ScriptProgress`, then
//! `ScriptProgress` after every slice, then `ScriptDone` (or `Failed`/`Cancelled`).
//!
//! Panic policy: no panics; a script that does not compile is answered with `Failed`.

use super::protocol::FromWorker;
use super::sliced::SlicedJob;
use fairdeal_script::{compile, compile_unaccelerated, Diagnostic, Report, Runner};

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

/// Shuffles of the pilot that measures a script's acceptance rate when it is checked.
pub const PILOT: u64 = 50_000;

/// The answer to `ToWorker::ScriptCheck`: problems, and for a script that compiles the
/// dialect report and a pilot acceptance rate (not for double dummy scripts: a pilot would
/// solve thousands of deals). The parse is linear in the text; the pilot is bounded.
pub fn check_message(job: u32, source: &str, seed: [u8; 32]) -> FromWorker {
    // The dialect report parses once and returns the problems when there are any.
    let (diagnostics, lint) = match fairdeal_script::lint::lint(source) {
        Ok(l) => (Vec::new(), Some(l)),
        Err(d) => (d, None),
    };
    let double_dummy = lint
        .as_ref()
        .is_some_and(|l| l.findings.iter().any(|f| f.feature == "double-dummy"));
    let rate = if lint.is_none() || double_dummy {
        None
    } else {
        compile_unaccelerated(source)
            .ok()
            .map(|p| p.pilot(PILOT, seed))
    };
    FromWorker::ScriptChecked {
        job,
        source: source.to_string(),
        diagnostics,
        lint,
        rate,
    }
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
        let runner = program.runner(seed);
        Ok(ScriptJob {
            // What the run does now: cheap, never a table build (those come only when the
            // run shows they repay themselves).
            acceleration: runner.acceleration(),
            runner,
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

fn now_ms() -> f64 {
    js_sys::Date::now()
}

impl SlicedJob for ScriptJob {
    fn run_slice(&mut self) -> Result<bool, String> {
        Ok(self.slice(now_ms))
    }

    fn progress_message(&self, job: u32) -> FromWorker {
        self.progress(job)
    }

    /// `ScriptStarted` (what is sampled exactly), then the progress.
    fn start_messages(&self, job: u32) -> Vec<FromWorker> {
        let acceleration = self.acceleration.clone();
        vec![
            FromWorker::ScriptStarted { job, acceleration },
            self.progress(job),
        ]
    }

    /// The final progress, then `ScriptDone` with the report.
    fn done_messages(self, job: u32) -> Vec<FromWorker> {
        let report = Box::new(self.report());
        vec![self.progress(job), FromWorker::ScriptDone { job, report }]
    }

    /// `Cancelled` with the deals produced so far.
    fn cancel_message(self, job: u32) -> FromWorker {
        FromWorker::Cancelled {
            job,
            done: u32::try_from(self.produced()).unwrap_or(u32::MAX),
        }
    }
}
