//! Double-dummy analysis for Fair Deal, over [`pons_dds`] (a pure-Rust, line-by-line port of
//! DDS 2.9): the DD table of a [`Deal`](fairdeal_model::Deal) (tricks for each strain ×
//! declarer), par (contracts and North–South score for a vulnerability and dealer), the DD
//! score of a given contract, and the result of every opening lead.
//!
//! Results are the model's plain data ([`fairdeal_model::dd::DdTable`],
//! [`fairdeal_model::dd::Par`]). Two ways to solve:
//! * [`DdSolver`] — sequential, on the calling thread; the only one usable in WebAssembly
//!   (pons-dds's rayon pool traps there). It needs a deep stack (see [`STACK_BYTES`]).
//! * [`solve_tables`] (native only) — a batch on `threads` OS threads of our own, each with a
//!   [`STACK_BYTES`] stack and a reused solver, with a per-deal progress callback.
//!
//! **Invariant:** no I/O; the same deal gives the same table on every target.

mod convert;
mod lead;
mod par;
#[cfg(not(target_arch = "wasm32"))]
mod pool;
mod solver;

pub use convert::{from_pons_table, to_pons_deal};
pub use lead::Lead;
pub use par::{contract_score, par};
#[cfg(not(target_arch = "wasm32"))]
pub use pool::solve_tables;
pub use solver::{DdSolver, STACK_BYTES};
