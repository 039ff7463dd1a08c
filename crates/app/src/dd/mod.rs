//! Double-dummy solving in the browser: a pool of Web Workers (the `fairdeal-dd-worker`
//! binary), one per `navigator.hardwareConcurrency`, each holding one sequential
//! [`fairdeal_dd::DdSolver`].
//!
//! * [`protocol`] — `Solve{id, deal}` in; `Solved{id, table}` out.
//! * [`agent`] — [`agent::DdWorker`], the gloo-worker actor: solves one deal per message
//!   (pons-dds's sequential API; its rayon path traps in wasm).
//! * [`pool`] — the page side: lazily spawned workers, a queue of distinct deals, a cache of
//!   solved tables (a deal is never solved twice in a page's life), batches with per-board
//!   callbacks and cancel (queued deals of a cancelled batch are dropped; a deal already in a
//!   worker finishes and is cached).
//! * [`lead_pool`] — the Simulate page's lead solves (`Leads{id, deal, strain, declarer}`):
//!   its own workers (as many as [`pool::max_workers`]), one batch at a time, results by
//!   deal index, cancel by dropping the queue.
//! * [`play_pool`] — the viewer's positions (`PlayPosition{id, deal, strain, declarer,
//!   cards}` → `PlayFigures`): one play at a time, the positions nearest the one on screen
//!   first.
//! * [`workers`] — the workers one pool owns (start up to a cap, pick an idle one, send,
//!   release), shared by the three pools.
//!
//! Panic policy: nothing here panics; a worker that cannot be started leaves the batch
//! unsolved and the components say so.

pub mod agent;
pub mod lead_pool;
pub mod play_pool;
pub mod pool;
pub mod protocol;
pub mod workers;

/// Where Trunk puts the DD worker's loader (`data-bin="fairdeal-dd-worker"`) before
/// `scripts/post-build.mjs` hashes its name (see `worker::link::worker_url`).
pub const DD_WORKER_PATH: &str = "/fairdeal-dd-worker.js";
