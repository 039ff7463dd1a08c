//! The one runner behind every job of the dealing worker: a job that works in short slices.
//!
//! A job ([`SlicedJob`]) says how to run one slice and which messages the page gets: at the
//! start, after each slice, when it finishes, and when it is cancelled. A [`Slot`] holds at
//! most one such job per worker, with who asked for it and its id, and does the rest the same
//! way for all of them:
//!
//! * [`Slot::start`] drops any job running, builds the new one, answers its start messages
//!   (or `Failed` when it cannot be built), then schedules the first slice;
//! * each slice runs from a zero-delay timer — a macrotask, so a `Cancel` already posted to
//!   the worker is handled before the next slice — and is answered with the progress
//!   message, then the next slice is scheduled; once the job is finished it answers its done
//!   messages, or `Failed` on an error, and leaves the slot;
//! * [`Slot::cancel`] takes the job if the id is its own and answers its cancel message;
//! * [`Slot::disconnected`] drops the job of a page that went away.
//!
//! The slot is an `Rc<RefCell<…>>` shared with its timers; a timer whose job was replaced or
//! cancelled finds another id (or nothing) and does nothing.
//!
//! Panic policy: no panics; the `RefCell` is never borrowed across a call that could reenter
//! (the worker handles one message or timer at a time).

use std::cell::RefCell;
use std::rc::Rc;

use super::agent::DealWorker;
use super::protocol::FromWorker;
use gloo_worker::{HandlerId, WorkerScope};

/// A job the worker runs in slices.
pub trait SlicedJob: Sized + 'static {
    /// Runs one slice (about 40 ms of work, or one fixed chunk); true once the job is
    /// finished, an error is a message for the user.
    fn run_slice(&mut self) -> Result<bool, String>;

    /// What job `job` has done so far, answered after every slice.
    fn progress_message(&self, job: u32) -> FromWorker;

    /// The messages answered when job `job` starts, before its first slice: by default its
    /// progress.
    fn start_messages(&self, job: u32) -> Vec<FromWorker> {
        vec![self.progress_message(job)]
    }

    /// The messages answered, in order, when job `job` finishes.
    fn done_messages(self, job: u32) -> Vec<FromWorker>;

    /// The message answered when job `job` is cancelled.
    fn cancel_message(self, job: u32) -> FromWorker;
}

/// A job being run: who asked, its id, the job.
struct Running<J> {
    handler: HandlerId,
    id: u32,
    job: J,
}

/// The worker's slot for one kind of job, shared with its timers.
pub struct Slot<J>(Rc<RefCell<Option<Running<J>>>>);

impl<J> Default for Slot<J> {
    fn default() -> Self {
        Slot(Rc::new(RefCell::new(None)))
    }
}

impl<J: SlicedJob> Slot<J> {
    /// Starts job `id` for `handler` (replacing the job running, which is dropped before
    /// `make` builds the new one): answers its start messages and schedules its first slice,
    /// or answers `Failed` with `make`'s error.
    pub fn start(
        &self,
        scope: &WorkerScope<DealWorker>,
        handler: HandlerId,
        id: u32,
        make: impl FnOnce() -> Result<J, String>,
    ) {
        *self.0.borrow_mut() = None;
        match make() {
            Ok(job) => {
                for message in job.start_messages(id) {
                    scope.respond(handler, message);
                }
                *self.0.borrow_mut() = Some(Running { handler, id, job });
                self.schedule(scope, id);
            }
            Err(message) => scope.respond(handler, FromWorker::Failed { job: id, message }),
        }
    }

    /// Stops job `id` if it is the one in this slot, answering its cancel message; false if
    /// it is not ours.
    pub fn cancel(&self, scope: &WorkerScope<DealWorker>, id: u32) -> bool {
        let taken = self.0.borrow_mut().take_if(|r| r.id == id);
        match taken {
            Some(run) => {
                scope.respond(run.handler, run.job.cancel_message(id));
                true
            }
            None => false,
        }
    }

    /// Drops the job of a page that went away.
    pub fn disconnected(&self, handler: HandlerId) {
        let _ = self.0.borrow_mut().take_if(|r| r.handler == handler);
    }

    fn schedule(&self, scope: &WorkerScope<DealWorker>, id: u32) {
        let (slot, scope) = (Slot(self.0.clone()), scope.clone());
        gloo_timers::callback::Timeout::new(0, move || slot.step(&scope, id)).forget();
    }

    /// Runs one slice of job `id` if it is still the one in this slot.
    fn step(&self, scope: &WorkerScope<DealWorker>, id: u32) {
        let mut guard = self.0.borrow_mut();
        let Some(run) = guard.as_mut().filter(|r| r.id == id) else {
            return;
        };
        match run.job.run_slice() {
            Ok(false) => {
                scope.respond(run.handler, run.job.progress_message(id));
                drop(guard);
                self.schedule(scope, id);
            }
            Ok(true) => {
                let Some(run) = guard.take() else { return };
                drop(guard);
                for message in run.job.done_messages(id) {
                    scope.respond(run.handler, message);
                }
            }
            Err(message) => {
                let handler = run.handler;
                *guard = None;
                drop(guard);
                scope.respond(handler, FromWorker::Failed { job: id, message });
            }
        }
    }
}
