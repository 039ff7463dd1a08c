//! Messages between the page's [`super::pool`] and a DD worker (gloo-worker's bincode codec).

use fairdeal_dd::play::CardFigure;
use fairdeal_dd::Lead;
use fairdeal_model::dd::DdTable;
use fairdeal_model::{Card, Deal, Seat, Strain};
use serde::{Deserialize, Serialize};

/// Page → worker.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum ToDdWorker {
    /// Solve the full table of `deal`; answer with the same `id`.
    Solve {
        /// Chosen by the pool; echoed back.
        id: u32,
        /// The deal.
        deal: Deal,
    },
    /// Every opening lead of `deal` against `declarer` in `strain` (one `SolveBoard`; the
    /// Simulate page's lead simulation); answered by `Leads` with the same `id`.
    Leads {
        /// Chosen by the lead pool; echoed back.
        id: u32,
        /// The deal.
        deal: Deal,
        /// The contract's strain.
        strain: Strain,
        /// Declarer (the lead is made by the left-hand opponent).
        declarer: Seat,
    },
    /// The DD figure of every legal card at one position of a play (the viewer's positions,
    /// see `fairdeal_dd::play::solve_position`); answered by `PlayFigures` with the same `id`.
    PlayPosition {
        /// Chosen by the play pool; echoed back.
        id: u32,
        /// The deal.
        deal: Deal,
        /// The contract's strain.
        strain: Strain,
        /// Declarer.
        declarer: Seat,
        /// The cards played before the position, in order (an illegal play gives no figures).
        cards: Vec<Card>,
    },
}

/// Worker → page.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub enum FromDdWorker {
    /// The table of request `id`, and how long the solve took in the worker (ms).
    Solved {
        /// The request's id.
        id: u32,
        /// Tricks for each strain × declarer.
        table: DdTable,
        /// Solve time in the worker, milliseconds.
        ms: f64,
    },
    /// The leads of request `id` (see `fairdeal_dd::DdSolver::leads`).
    Leads {
        /// The request's id.
        id: u32,
        /// Every lead, touching cards grouped, with declarer's tricks.
        leads: Vec<Lead>,
        /// Solve time in the worker, milliseconds.
        ms: f64,
    },
    /// The figures of request `id` (every legal card, in card order; empty when the play
    /// is over or not legal).
    PlayFigures {
        /// The request's id.
        id: u32,
        /// Declarer's tricks and cost of each legal card.
        figures: Vec<CardFigure>,
        /// Solve time in the worker, milliseconds.
        ms: f64,
    },
}
