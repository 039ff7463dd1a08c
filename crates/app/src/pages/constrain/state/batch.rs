//! Dealt boards and the batch's progress (idle, running in the worker, done, cancelled).

use crate::worker::protocol::PackedBoard;
use fairdeal_constrain::ALL_DEALS;
use fairdeal_model::Deal;
use std::rc::Rc;
use yew::Reducible;

/// One dealt board, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub struct DealtBoard {
    /// Board number (1-based).
    pub number: u32,
    /// The category it came from (levelled sets).
    pub category: Option<String>,
    /// The deal.
    pub deal: Deal,
}

/// Numbers a batch's boards from 1 and names their categories (the deals were checked when
/// the worker's message was read).
pub fn unpack_boards(packed: &[PackedBoard], categories: &[String]) -> Vec<DealtBoard> {
    packed
        .iter()
        .map(|b| (b.category, b.deal))
        .zip(1u32..)
        .map(|((c, deal), number)| DealtBoard {
            number,
            category: categories.get(usize::from(c)).cloned(),
            deal,
        })
        .collect()
}

/// Parses the board count field: 1 to `max`.
pub fn parse_board_count(text: &str, max: u32) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("Boards: expected a whole number from 1 to {max}")),
    }
}

/// The number of all deals, for the page's "of" line.
pub const TOTAL_DEALS: u128 = ALL_DEALS;

/// Where a batch stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Batch {
    /// Nothing dealt yet.
    Idle,
    /// Dealing in the worker.
    Running {
        /// The batch id.
        job: u32,
        /// Boards dealt so far.
        done: u32,
        /// Boards asked for.
        total: u32,
        /// Category names to label the boards with.
        categories: Rc<Vec<String>>,
    },
    /// Dealt.
    Done {
        /// The boards.
        boards: Rc<Vec<DealtBoard>>,
    },
    /// Stopped by the user.
    Cancelled {
        /// Boards dealt before it stopped.
        done: u32,
        /// Boards asked for.
        total: u32,
    },
    /// Could not deal.
    Failed(String),
}

/// Events of a batch.
#[derive(Debug, Clone, PartialEq)]
pub enum BatchAction {
    /// A batch starts.
    Start {
        /// Its id.
        job: u32,
        /// Boards asked for.
        total: u32,
        /// Category names.
        categories: Rc<Vec<String>>,
    },
    /// A message from the worker.
    Worker(crate::worker::protocol::FromWorker),
    /// The user pressed Cancel.
    Cancel,
    /// Dealing failed before the worker was asked.
    Fail(String),
}

impl Batch {
    /// The id of the running batch, if any.
    pub fn running_job(&self) -> Option<u32> {
        match self {
            Batch::Running { job, .. } => Some(*job),
            _ => None,
        }
    }

    /// The next state.
    pub fn next(&self, action: BatchAction) -> Batch {
        use crate::worker::protocol::FromWorker;
        match (self, action) {
            (
                _,
                BatchAction::Start {
                    job,
                    total,
                    categories,
                },
            ) => Batch::Running {
                job,
                done: 0,
                total,
                categories,
            },
            (_, BatchAction::Fail(m)) => Batch::Failed(m),
            (Batch::Running { done, total, .. }, BatchAction::Cancel) => Batch::Cancelled {
                done: *done,
                total: *total,
            },
            (
                Batch::Running {
                    job,
                    total,
                    categories,
                    ..
                },
                BatchAction::Worker(msg),
            ) => match msg {
                FromWorker::Progress { job: j, done, .. } if j == *job => Batch::Running {
                    job: *job,
                    done,
                    total: *total,
                    categories: categories.clone(),
                },
                FromWorker::Done { job: j, boards } if j == *job => Batch::Done {
                    boards: Rc::new(unpack_boards(&boards, categories)),
                },
                FromWorker::Cancelled { job: j, done } if j == *job => Batch::Cancelled {
                    done,
                    total: *total,
                },
                FromWorker::Failed { job: j, message } if j == *job => Batch::Failed(message),
                _ => self.clone(),
            },
            (_, BatchAction::Cancel | BatchAction::Worker(_)) => self.clone(),
        }
    }
}

impl Reducible for Batch {
    type Action = BatchAction;

    fn reduce(self: Rc<Self>, action: BatchAction) -> Rc<Self> {
        let next = self.next(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}
