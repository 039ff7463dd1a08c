//! The `/suit` page's run: idle, solving (job number), solved, failed — a plain reducer.

use std::rc::Rc;

use fairdeal_suit::Solution;
use yew::Reducible;

use super::solver::Reply;

/// What the page shows under the form.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Run {
    /// Nothing asked yet.
    #[default]
    Idle,
    /// Job `job` is solving.
    Solving {
        /// The job.
        job: u32,
        /// Positions searched, once the worker has said (after about 200 ms).
        positions: Option<usize>,
    },
    /// The last job's solution.
    Solved(Rc<Solution>),
    /// The problem's error or the worker's.
    Failed(String),
    /// Stopped by the user.
    Cancelled,
}

/// What happens to the run.
pub enum RunAction {
    /// Job `job` was sent.
    Start(u32),
    /// The user pressed Cancel.
    Cancel,
    /// A worker answer (ignored unless it is the running job's).
    Worker(Reply),
    /// A message (bad problem, no worker).
    Fail(String),
}

impl Run {
    /// The running job, if any.
    pub fn running_job(&self) -> Option<u32> {
        match self {
            Run::Solving { job, .. } => Some(*job),
            _ => None,
        }
    }
}

impl Reducible for Run {
    type Action = RunAction;

    fn reduce(self: Rc<Self>, action: RunAction) -> Rc<Self> {
        let current = self.running_job();
        match action {
            RunAction::Start(job) => Rc::new(Run::Solving {
                job,
                positions: None,
            }),
            RunAction::Cancel => Rc::new(Run::Cancelled),
            RunAction::Fail(m) => Rc::new(Run::Failed(m)),
            RunAction::Worker(msg) => match msg {
                Reply::Progress { job, positions } if current == Some(job) => {
                    Rc::new(Run::Solving {
                        job,
                        positions: Some(positions),
                    })
                }
                Reply::Done { job, solution } if current == Some(job) => {
                    Rc::new(Run::Solved(Rc::new(*solution)))
                }
                Reply::Failed { job, message } if current == Some(job) => {
                    Rc::new(Run::Failed(message))
                }
                _ => self,
            },
        }
    }
}
