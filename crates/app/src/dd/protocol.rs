//! Messages between the page's [`super::pool`] and a DD worker (gloo-worker's bincode codec).

use fairdeal_model::dd::DdTable;
use fairdeal_model::Deal;
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
}
