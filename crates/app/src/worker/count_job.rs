//! The Constrain page's live count, off the page thread: what the worker does with
//! `ToWorker::Count`.
//!
//! [`CountJob::new`] parses the text (a syntax error is answered as the page's
//! `Analysis::Errors`, so a text the page parsed differently still gets an answer); each
//! slice counts one part — the set of a plain file, or one category of a levelled file —
//! with [`fairdeal_constrain::analysis::analyse_category`], the same engine and options as
//! `fairdeal count`. `CountProgress` follows every slice; `Counted` carries the page's view
//! of the whole analysis (or of the first category that fails).
//!
//! The worker's count slot holds one job: a newer text replaces the older job before its
//! next slice, so typing never queues stale counts; the page also waits a short pause
//! between keystrokes before asking ([`crate::pages::constrain`]).
//!
//! Panic policy: no panics; every failure is a message in the analysis.

use super::protocol::FromWorker;
use super::sliced::SlicedJob;
use crate::pages::constrain::state::{analysis_view, parse_text, Analysis};
use fairdeal_constrain::analysis::{analyse_category, assemble, parts, CategoryCount};
use fairdeal_constrain::Spec;

/// A count in progress.
pub struct CountJob {
    /// The text counted (sent back with every answer).
    text: String,
    /// What is being counted: the spec and the parts counted so far, or the answer already.
    state: CountState,
}

enum CountState {
    Counting {
        spec: Spec,
        done: Vec<CategoryCount>,
    },
    Finished(Analysis),
}

impl CountJob {
    /// A job for `text`; never fails (a bad text is answered with its errors).
    pub fn new(text: &str) -> Result<CountJob, String> {
        let state = match parse_text(text) {
            Ok(spec) => CountState::Counting {
                spec,
                done: Vec::new(),
            },
            Err(list) => CountState::Finished(Analysis::Errors(list)),
        };
        Ok(CountJob {
            text: text.to_string(),
            state,
        })
    }

    /// (parts counted, parts in all).
    fn progress(&self) -> (u32, u32) {
        match &self.state {
            CountState::Counting { spec, done } => (done.len() as u32, parts(spec) as u32),
            CountState::Finished(_) => (1, 1),
        }
    }

    /// Counts the next part; true once the analysis is complete.
    pub fn step(&mut self) -> bool {
        let CountState::Counting { spec, done } = &mut self.state else {
            return true;
        };
        match analyse_category(spec, done.len()) {
            Ok(part) => done.push(part),
            Err(e) => {
                self.state = CountState::Finished(analysis_view(Err(e)));
                return true;
            }
        }
        if done.len() < parts(spec) {
            return false;
        }
        let view = analysis_view(Ok(assemble(spec, std::mem::take(done))));
        self.state = CountState::Finished(view);
        true
    }

    /// The finished analysis (`Counting` when not finished).
    pub fn analysis(&self) -> Analysis {
        match &self.state {
            CountState::Finished(a) => a.clone(),
            CountState::Counting { .. } => {
                let (done, total) = self.progress();
                Analysis::Counting { done, total }
            }
        }
    }
}

impl SlicedJob for CountJob {
    fn run_slice(&mut self) -> Result<bool, String> {
        Ok(self.step())
    }

    fn progress_message(&self, job: u32) -> FromWorker {
        let (done, total) = self.progress();
        FromWorker::CountProgress {
            job,
            text: self.text.clone(),
            done,
            total,
        }
    }

    fn done_messages(self, job: u32) -> Vec<FromWorker> {
        let analysis = self.analysis();
        vec![FromWorker::Counted {
            job,
            text: self.text,
            analysis,
        }]
    }

    fn cancel_message(self, job: u32) -> FromWorker {
        let (done, _) = self.progress();
        FromWorker::Cancelled { job, done }
    }
}
