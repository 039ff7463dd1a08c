//! [`DdWorker`]: the gloo-worker actor of the `fairdeal-dd-worker` binary. One solver per
//! worker, reused across deals (its transposition table stays allocated); one deal per
//! message, solved synchronously — the pool never sends a worker a second deal before the
//! first is answered, so cancelling is done page-side by not sending more.

use super::protocol::{FromDdWorker, ToDdWorker};
use fairdeal_dd::play::solve_position;
use fairdeal_dd::DdSolver;
use fairdeal_model::play::PlayState;
use gloo_worker::{HandlerId, Worker, WorkerScope};

/// The DD worker.
pub struct DdWorker {
    solver: DdSolver,
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

impl Worker for DdWorker {
    type Message = ();
    type Input = ToDdWorker;
    type Output = FromDdWorker;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        DdWorker {
            solver: DdSolver::new(),
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: ToDdWorker, handler: HandlerId) {
        match msg {
            ToDdWorker::Solve { id, deal } => {
                let start = now_ms();
                let table = self.solver.table(&deal);
                scope.respond(
                    handler,
                    FromDdWorker::Solved {
                        id,
                        table,
                        ms: now_ms() - start,
                    },
                );
            }
            ToDdWorker::Leads {
                id,
                deal,
                strain,
                declarer,
            } => {
                let start = now_ms();
                let leads = self.solver.leads(&deal, strain, declarer);
                scope.respond(
                    handler,
                    FromDdWorker::Leads {
                        id,
                        leads,
                        ms: now_ms() - start,
                    },
                );
            }
            ToDdWorker::PlayPosition {
                id,
                deal,
                strain,
                declarer,
                cards,
            } => {
                let start = now_ms();
                let figures = match PlayState::after(deal, strain, declarer, &cards) {
                    Ok(state) => solve_position(&mut self.solver, &state),
                    Err(_) => Vec::new(),
                };
                scope.respond(
                    handler,
                    FromDdWorker::PlayFigures {
                        id,
                        figures,
                        ms: now_ms() - start,
                    },
                );
            }
        }
    }
}
