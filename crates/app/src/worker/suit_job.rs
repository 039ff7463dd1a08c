//! The suit-combination solve (`ToWorker::Suit`): `fairdeal_suit::solve` on the problem the
//! `/suit` page's form (or URL) gives, the same call `fairdeal suit` makes.
//!
//! The search is one recursive call (no holding takes more than a couple of seconds), so the
//! job runs in a single slice: `SuitProgress` at the start, then `SuitDone` with the solution
//! or `Failed` with the problem's error. A `Cancel` that arrives before the slice stops it;
//! one that arrives during it is answered when it ends, and the page ignores the late result
//! (its job number is no longer the page's).

use fairdeal_suit::{solve, ProblemText, Solution};

use super::protocol::FromWorker;
use super::sliced::SlicedJob;

/// One solve.
pub struct SuitJob {
    problem: fairdeal_suit::Problem,
    solution: Option<Solution>,
}

impl SuitJob {
    /// Reads the problem; the error is the message the page shows.
    pub fn new(text: &ProblemText) -> Result<SuitJob, String> {
        let problem = text.problem().map_err(|e| e.to_string())?;
        Ok(SuitJob {
            problem,
            solution: None,
        })
    }
}

impl SlicedJob for SuitJob {
    fn run_slice(&mut self) -> Result<bool, String> {
        self.solution = Some(solve(&self.problem).map_err(|e| e.to_string())?);
        Ok(true)
    }

    fn progress_message(&self, job: u32) -> FromWorker {
        FromWorker::SuitProgress { job }
    }

    fn done_messages(self, job: u32) -> Vec<FromWorker> {
        match self.solution {
            Some(solution) => vec![FromWorker::SuitDone {
                job,
                solution: Box::new(solution),
            }],
            None => vec![FromWorker::Failed {
                job,
                message: "the solve did not run".into(),
            }],
        }
    }

    fn cancel_message(self, job: u32) -> FromWorker {
        FromWorker::Cancelled { job, done: 0 }
    }
}
