//! The gloo-worker actor that runs batches off the page's thread.
//!
//! Rhythm: a `Start` builds the [`Job`] and answers `Progress{0,total}`; then each step
//! deals [`CHUNK`] boards, answers `Progress`, and schedules the next step with a zero-delay
//! timer — a macrotask, so any `Cancel` already posted to the worker is handled first.

use super::job::{Job, CHUNK};
use super::protocol::{FromWorker, ToWorker};
use super::script_job;
use super::sim_job;
use super::stats_job;
use gloo_worker::{HandlerId, Worker, WorkerScope};

/// Internal message: deal the next chunk of batch `job`.
#[derive(Debug, Clone, Copy)]
pub struct Step(pub(crate) u32);

struct Running {
    handler: HandlerId,
    id: u32,
    job: Job,
}

/// The dealing worker: at most one batch at a time.
pub struct DealWorker {
    current: Option<Running>,
    /// The dealer-script run, if any (see [`script_job`]).
    script: Option<script_job::Running>,
    /// The simulated question, if any (see [`sim_job`]).
    sim: sim_job::Slot,
    /// The statistics run, if any (see [`stats_job`]).
    stats: stats_job::Slot,
}

fn schedule(scope: &WorkerScope<DealWorker>, id: u32) {
    let scope = scope.clone();
    gloo_timers::callback::Timeout::new(0, move || scope.send_message(Step(id))).forget();
}

impl Worker for DealWorker {
    type Message = Step;
    type Input = ToWorker;
    type Output = FromWorker;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        DealWorker {
            current: None,
            script: None,
            sim: sim_job::Slot::default(),
            stats: stats_job::Slot::default(),
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, Step(id): Step) {
        if script_job::on_step(&mut self.script, scope, id) {
            return;
        }
        let Some(run) = self.current.as_mut().filter(|r| r.id == id) else {
            return;
        };
        match run.job.step(CHUNK) {
            Ok(false) => {
                scope.respond(
                    run.handler,
                    FromWorker::Progress {
                        job: id,
                        done: run.job.done(),
                        total: run.job.total(),
                    },
                );
                schedule(scope, id);
            }
            Ok(true) => {
                if let Some(run) = self.current.take() {
                    let (handler, total) = (run.handler, run.job.total());
                    scope.respond(
                        handler,
                        FromWorker::Progress {
                            job: id,
                            done: total,
                            total,
                        },
                    );
                    scope.respond(
                        handler,
                        FromWorker::Done {
                            job: id,
                            boards: run.job.into_boards(),
                        },
                    );
                }
            }
            Err(message) => {
                let handler = run.handler;
                self.current = None;
                scope.respond(handler, FromWorker::Failed { job: id, message });
            }
        }
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: ToWorker, handler: HandlerId) {
        match msg {
            ToWorker::Start(req) => {
                self.current = None;
                match Job::new(&req.spec, req.boards, req.seed) {
                    Ok(job) => {
                        scope.respond(
                            handler,
                            FromWorker::Progress {
                                job: req.job,
                                done: 0,
                                total: job.total(),
                            },
                        );
                        self.current = Some(Running {
                            handler,
                            id: req.job,
                            job,
                        });
                        schedule(scope, req.job);
                    }
                    Err(message) => scope.respond(
                        handler,
                        FromWorker::Failed {
                            job: req.job,
                            message,
                        },
                    ),
                }
            }
            ToWorker::Script { job, source, seed } => {
                script_job::start(&mut self.script, scope, handler, job, &source, seed);
            }
            ToWorker::Simulate(req) => sim_job::start(&self.sim, scope, handler, req),
            ToWorker::Stats(req) => stats_job::start(&self.stats, scope, handler, req),
            ToWorker::Cancel(id) => {
                if stats_job::cancel(&self.stats, scope, id) {
                    return;
                }
                if sim_job::cancel(&self.sim, scope, id) {
                    return;
                }
                if script_job::cancel(&mut self.script, scope, id) {
                    return;
                }
                if let Some(run) = self.current.take_if(|r| r.id == id) {
                    scope.respond(
                        run.handler,
                        FromWorker::Cancelled {
                            job: id,
                            done: run.job.done(),
                        },
                    );
                }
            }
        }
    }

    fn disconnected(&mut self, _scope: &WorkerScope<Self>, handler: HandlerId) {
        script_job::disconnected(&mut self.script, handler);
        sim_job::disconnected(&self.sim, handler);
        stats_job::disconnected(&self.stats, handler);
        if self.current.as_ref().is_some_and(|r| r.handler == handler) {
            self.current = None;
        }
    }
}
