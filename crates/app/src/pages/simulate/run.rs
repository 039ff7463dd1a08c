//! One simulation run of the Simulate page, shared by the lead panel and the "Which
//! contract?" panel: dealing in the dealing worker, then double dummy in a worker pool, the
//! report recomputed over the deals solved so far (in deal order) as answers arrive, Stop.
//! What differs between the panels — the problem, what one deal's DD answer becomes, the
//! report, the status words — is a [`RunKind`].

use crate::worker::protocol::FromWorker;
use fairdeal_model::Deal;
use std::rc::Rc;
use yew::Reducible;

/// Where a run is.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Nothing run yet.
    Idle,
    /// The dealing worker deals.
    Dealing {
        /// Deals dealt.
        done: usize,
    },
    /// The DD workers solve.
    Solving,
    /// Every deal solved.
    Done,
    /// Stopped by the user.
    Cancelled,
    /// A problem with the inputs or a worker.
    Failed(String),
}

/// What one kind of simulation puts into a [`Run`].
pub trait RunKind: 'static {
    /// The problem (`LeadProblem`, `ContractProblem`).
    type Problem;
    /// What the DD pool answers for one deal.
    type Raw;
    /// What the run keeps per deal.
    type Answer: Clone;
    /// The report over the deals solved.
    type Report;
    /// The DD pool's handle of a batch (for Stop).
    type Batch: Copy;
    /// The status line before any run.
    const IDLE: &'static str;
    /// What the DD workers do ("Solving every lead double dummy").
    const SOLVING: &'static str;
    /// One deal's answer from the pool's, or why it cannot be used.
    fn answer(
        problem: &Self::Problem,
        index: usize,
        deal: &Deal,
        raw: Self::Raw,
    ) -> Result<Self::Answer, String>;
    /// The report over `done` (the deals solved, in deal order).
    fn report(problem: &Self::Problem, done: &[Self::Answer]) -> Self::Report;
}

/// A run.
pub struct Run<K: RunKind> {
    /// The dealing job (answers of other jobs are ignored).
    pub job: u32,
    /// The DD pool's batch, once solving.
    pub batch: Option<K::Batch>,
    /// Where it is.
    pub phase: Phase,
    /// Deals asked for.
    pub total: usize,
    /// The problem.
    pub problem: Option<Rc<K::Problem>>,
    /// The seed (shown only through "Reveal seed").
    pub seed: [u8; 32],
    /// The deals, once dealt.
    pub deals: Rc<Vec<Deal>>,
    /// Per deal, its answer once solved.
    pub results: Vec<Option<K::Answer>>,
    /// Deals solved.
    pub solved: usize,
    /// The report over the deals solved so far (in deal order).
    pub report: Option<Rc<K::Report>>,
    /// The CLI command of this run (`{seed}` where the seed goes).
    pub command: String,
}

impl<K: RunKind> Clone for Run<K> {
    fn clone(&self) -> Self {
        Run {
            job: self.job,
            batch: self.batch,
            phase: self.phase.clone(),
            total: self.total,
            problem: self.problem.clone(),
            seed: self.seed,
            deals: self.deals.clone(),
            results: self.results.clone(),
            solved: self.solved,
            report: self.report.clone(),
            command: self.command.clone(),
        }
    }
}

impl<K: RunKind> Default for Run<K> {
    fn default() -> Self {
        Run {
            job: 0,
            batch: None,
            phase: Phase::Idle,
            total: 0,
            problem: None,
            seed: [0; 32],
            deals: Rc::new(Vec::new()),
            results: Vec::new(),
            solved: 0,
            report: None,
            command: String::new(),
        }
    }
}

/// What changes a run.
pub enum RunAction<K: RunKind> {
    /// A run was sent to the dealing worker.
    Start {
        /// The job.
        job: u32,
        /// Its seed.
        seed: [u8; 32],
        /// The problem.
        problem: Rc<K::Problem>,
        /// Deals asked for.
        total: usize,
        /// The CLI command giving the same figures (`{seed}` where the seed goes).
        command: String,
    },
    /// A message of the dealing worker.
    Worker(FromWorker),
    /// The DD pool started on the deals of `job`.
    Solving {
        /// The job.
        job: u32,
        /// The pool's batch.
        batch: K::Batch,
    },
    /// One deal's answer from the DD pool.
    Answer {
        /// The job whose deals they are.
        job: u32,
        /// Deal index.
        index: usize,
        /// What the pool answered.
        raw: K::Raw,
    },
    /// The user stopped the run.
    Cancel,
    /// A check failed.
    Fail(String),
}

impl<K: RunKind> Run<K> {
    /// True while dealing or solving.
    pub fn is_running(&self) -> bool {
        matches!(self.phase, Phase::Dealing { .. } | Phase::Solving)
    }

    /// The deals solved, in deal order (for the PBN export).
    pub fn solved_deals(&self) -> Vec<Deal> {
        self.deals
            .iter()
            .zip(&self.results)
            .filter(|(_, r)| r.is_some())
            .map(|(d, _)| *d)
            .collect()
    }

    fn refresh(&mut self) {
        let Some(p) = &self.problem else { return };
        let done: Vec<K::Answer> = self.results.iter().flatten().cloned().collect();
        self.report = (done.len() >= fairdeal_sim::MIN_DEALS).then(|| Rc::new(K::report(p, &done)));
    }

    /// The state after `action`.
    pub fn next(&self, action: RunAction<K>) -> Run<K> {
        let mut s = self.clone();
        match action {
            RunAction::Start {
                job,
                seed,
                problem,
                total,
                command,
            } => {
                return Run {
                    job,
                    command,
                    seed,
                    problem: Some(problem),
                    total,
                    phase: Phase::Dealing { done: 0 },
                    ..Run::default()
                }
            }
            RunAction::Fail(m) => s.phase = Phase::Failed(m),
            RunAction::Cancel => {
                if s.is_running() {
                    s.phase = Phase::Cancelled;
                    s.refresh();
                }
            }
            RunAction::Worker(msg) => match msg {
                FromWorker::Progress { job, done, .. } if job == s.job => {
                    if let Phase::Dealing { .. } = s.phase {
                        s.phase = Phase::Dealing {
                            done: done as usize,
                        };
                    }
                }
                FromWorker::Done { job, boards } if job == s.job => {
                    if let Phase::Dealing { .. } = s.phase {
                        s.deals = Rc::new(boards.iter().map(|b| b.deal).collect());
                        s.results = vec![None; s.deals.len()];
                        s.phase = Phase::Solving;
                    }
                }
                FromWorker::Failed { job, message } if job == s.job => {
                    s.phase = Phase::Failed(message)
                }
                _ => {}
            },
            RunAction::Solving { job, batch } => {
                if job == s.job {
                    s.batch = Some(batch);
                }
            }
            RunAction::Answer { job, index, raw } => {
                if job != s.job || s.phase != Phase::Solving {
                    return s;
                }
                let (Some(p), Some(deal)) = (s.problem.clone(), s.deals.get(index).copied()) else {
                    return s;
                };
                match K::answer(&p, index, &deal, raw) {
                    Ok(a) => {
                        if s.results[index].is_none() {
                            s.solved += 1;
                        }
                        s.results[index] = Some(a);
                    }
                    Err(e) => {
                        s.phase = Phase::Failed(e);
                        return s;
                    }
                }
                // The report is redrawn about 40 times in a run, and at the end.
                let step = (s.total / 40).max(1);
                if s.solved == s.total {
                    s.phase = Phase::Done;
                    s.refresh();
                } else if s.solved.is_multiple_of(step) {
                    s.refresh();
                }
            }
        }
        s
    }

    /// The phase's name (`Idle`, `Dealing`, `Solving`, `Done`, `Cancelled`, `Failed`).
    pub fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::Idle => "Idle",
            Phase::Dealing { .. } => "Dealing",
            Phase::Solving => "Solving",
            Phase::Done => "Done",
            Phase::Cancelled => "Cancelled",
            Phase::Failed(_) => "Failed",
        }
    }

    /// Progress as (done, total) over dealing and solving (each half of the bar).
    pub fn progress(&self) -> (usize, usize) {
        match self.phase {
            Phase::Dealing { done } => (done, self.total.max(1) * 2),
            Phase::Idle | Phase::Failed(_) => (0, 1),
            _ => (self.total + self.solved, self.total.max(1) * 2),
        }
    }

    /// The status line.
    pub fn status(&self) -> String {
        match &self.phase {
            Phase::Idle => K::IDLE.into(),
            Phase::Dealing { done } => format!("Dealing: {done} of {} deals…", self.total),
            Phase::Solving => format!("{}: {} of {} deals…", K::SOLVING, self.solved, self.total),
            Phase::Done => format!("Done: {} deals.", self.total),
            Phase::Cancelled => format!(
                "Stopped after {} of {} deals; the figures are over those.",
                self.solved, self.total
            ),
            Phase::Failed(m) => m.clone(),
        }
    }
}

impl<K: RunKind> Reducible for Run<K> {
    type Action = RunAction<K>;
    fn reduce(self: Rc<Self>, action: RunAction<K>) -> Rc<Self> {
        Rc::new(self.next(action))
    }
}

/// Stop: cancels the dealing job while dealing, or calls `cancel_solving` (which drops the
/// DD pool's batch) while solving; the figures stay over the deals solved so far.
pub fn stop<K: RunKind>(
    run: &yew::UseReducerHandle<Run<K>>,
    link: &crate::worker::link::WorkerLink,
    cancel_solving: impl FnOnce(),
) {
    match run.phase {
        Phase::Dealing { .. } => link.cancel(run.job),
        Phase::Solving => cancel_solving(),
        _ => {}
    }
    run.dispatch(RunAction::Cancel);
}
