//! The gloo-worker actor that runs jobs off the page's thread.
//!
//! It keeps one [`Slot`] per kind of job — the dealing batch, the dealer script, the
//! simulated question, the statistics run, the Constrain page's live count — and hands each
//! request to its slot: the slot answers the start, runs the job in slices from zero-delay
//! timers (so any `Cancel` already posted to the worker is handled between slices), and
//! answers progress, then done, `Failed` or the job's cancel message (see [`super::sliced`]).
//!
//! The dealing batch's rhythm: a `Start` builds the [`Job`] and answers `Progress{0,total}`;
//! then each slice deals [`CHUNK`] boards and answers `Progress`; the last answers
//! `Progress{total,total}` and `Done` with the boards; `Cancel` answers `Cancelled{done}`.

use super::count_job::CountJob;
use super::job::{Job, CHUNK};
use super::protocol::{FromWorker, ToWorker};
use super::script_job::ScriptJob;
use super::sim_job::SimJob;
use super::sliced::{SlicedJob, Slot};
use super::stats_job::StatsJob;
use gloo_worker::{HandlerId, Worker, WorkerScope};

impl SlicedJob for Job {
    fn run_slice(&mut self) -> Result<bool, String> {
        self.step(CHUNK)
    }

    fn progress_message(&self, job: u32) -> FromWorker {
        FromWorker::Progress {
            job,
            done: self.done(),
            total: self.total(),
        }
    }

    /// `Progress{total,total}`, then `Done` with the boards.
    fn done_messages(self, job: u32) -> Vec<FromWorker> {
        let total = self.total();
        vec![
            FromWorker::Progress {
                job,
                done: total,
                total,
            },
            FromWorker::Done {
                job,
                boards: self.into_boards(),
            },
        ]
    }

    /// `Cancelled` with the boards dealt so far.
    fn cancel_message(self, job: u32) -> FromWorker {
        FromWorker::Cancelled {
            job,
            done: self.done(),
        }
    }
}

/// The dealing worker: at most one job of each kind at a time.
#[derive(Default)]
pub struct DealWorker {
    /// The dealing batch, if any (see [`super::job`]).
    batch: Slot<Job>,
    /// The dealer-script run, if any (see [`super::script_job`]).
    script: Slot<ScriptJob>,
    /// The simulated question, if any (see [`super::sim_job`]).
    sim: Slot<SimJob>,
    /// The statistics run, if any (see [`super::stats_job`]).
    stats: Slot<StatsJob>,
    /// The Constrain page's live count, if any (see [`super::count_job`]).
    count: Slot<CountJob>,
}

impl Worker for DealWorker {
    /// Unused: every job is stepped by its slot's timers.
    type Message = ();
    type Input = ToWorker;
    type Output = FromWorker;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        DealWorker::default()
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: ToWorker, handler: HandlerId) {
        match msg {
            ToWorker::Start(req) => self.batch.start(scope, handler, req.job, || {
                Job::new(&req.spec, req.boards, req.seed)
            }),
            ToWorker::Script { job, source, seed } => {
                self.script
                    .start(scope, handler, job, || ScriptJob::new(&source, seed))
            }
            ToWorker::ScriptCheck { job, source, seed } => scope.respond(
                handler,
                super::script_job::check_message(job, &source, seed),
            ),
            ToWorker::Simulate(req) => self.sim.start(scope, handler, req.job, || {
                SimJob::new(&req.spec, &req.outcome, req.samples, req.seed)
            }),
            ToWorker::Stats(req) => self.stats.start(scope, handler, req.job, || {
                StatsJob::new(&req.spec, &req.tables, req.deals, req.seed)
            }),
            ToWorker::Count { job, text } => self
                .count
                .start(scope, handler, job, || CountJob::new(&text)),
            ToWorker::Cancel(id) => {
                // The first slot whose job has this id answers.
                let _ = self.count.cancel(scope, id)
                    || self.stats.cancel(scope, id)
                    || self.sim.cancel(scope, id)
                    || self.script.cancel(scope, id)
                    || self.batch.cancel(scope, id);
            }
        }
    }

    fn disconnected(&mut self, _scope: &WorkerScope<Self>, handler: HandlerId) {
        self.count.disconnected(handler);
        self.script.disconnected(handler);
        self.sim.disconnected(handler);
        self.stats.disconnected(handler);
        self.batch.disconnected(handler);
    }
}
