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
//! * [`solve_list`] (native only) — the use case "solve a list of deals" (`fairdeal dd`): each
//!   distinct deal once ([`DistinctDeals`], keyed by the deal, not the board number) through
//!   [`solve_tables`], with per-deal progress and the count of solves; a table for every item.
//! * [`solve_each`] (native only) — any per-item work (e.g. every opening lead of each deal)
//!   on the same kind of threads, results in input order.
//!
//! * [`play`] — DD on every card of a played board ([`play::analyse_play`]): each position's
//!   legal cards with declarer's tricks, the cards that cost a trick, tricks lost per side.
//!
//! **Invariants:** no I/O; the same deal gives the same table on every target; a list is
//! solved once per distinct deal (equal hands, whatever the board number or first seat).

mod convert;
mod distinct;
#[cfg(not(target_arch = "wasm32"))]
mod each;
mod lead;
#[cfg(not(target_arch = "wasm32"))]
mod list;
mod par;
pub mod play;
#[cfg(not(target_arch = "wasm32"))]
mod pool;
mod solver;

pub use convert::{from_pons_table, to_pons_deal};
pub use distinct::DistinctDeals;
#[cfg(not(target_arch = "wasm32"))]
pub use each::solve_each;
pub use lead::Lead;
#[cfg(not(target_arch = "wasm32"))]
pub use list::{solve_list, ListOptions, ListTables, Progress};
pub use par::{contract_score, par};
pub use play::{analyse_play, PlayAnalysis};
#[cfg(not(target_arch = "wasm32"))]
pub use pool::solve_tables;
pub use solver::{DdSolver, STACK_BYTES};
