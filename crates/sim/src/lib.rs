//! Lead and contract simulation: "which opening lead?" and "which contract?" answered over
//! deals consistent with the auction.
//!
//! Deals come from [`fairdeal_constrain::SetDealer`] (exactly uniform over the conditions,
//! ChaCha8 keyed by a 32-byte seed), so a simulation is a pure function of (problem, seed,
//! N): the same in the CLI and in the browser, whatever the number of threads or workers,
//! because every figure is computed from the per-deal results in deal order.
//!
//! * [`lead`] — [`LeadProblem`]: the leader's hand fixed, conditions on the other hands, a
//!   contract and declarer; per deal the DD tricks after every lead ([`DealLeads`], one
//!   `SolveBoard` per deal); [`LeadReport`]: per lead (equal cards grouped) mean defensive
//!   tricks, % set, matchpoints and IMPs against the field of other leads, each with a 95 %
//!   interval, and paired differences between the best leads.
//! * [`contract`] — [`ContractProblem`]: two or more contracts of one side; per deal the DD
//!   table; [`ContractReport`]: the trick distribution of every strain × declarer, % making,
//!   mean score, and IMP and matchpoint differences between the contracts, with intervals.
//! * [`stats`] — the intervals (Student t on per-deal values, Wilson for proportions; from
//!   [`fairdeal_prob::sim`]).
//! * [`pbn`] — the deals used, as PBN, so anyone can recompute with another DD solver.
//!
//! Panic policy: no public function panics on user input; bad problems are [`SimError`]s.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod contract;
mod error;
pub mod lead;
pub mod pbn;
pub mod stats;

pub use contract::{ContractChoice, ContractProblem, ContractReport};
pub use error::SimError;
pub use lead::{DealLeads, LeadProblem, LeadReport};

use fairdeal_constrain::{BoardOrder, SetDealer, Spec};
use fairdeal_model::Deal;

/// What double dummy assumes and how the intervals are computed: the one line the page and
/// the CLI's readable reports show.
pub const HONESTY: &str = "Double dummy: every player sees all 52 cards and plays perfectly. \
Intervals are 95 %: Student t on the per-deal values (tricks, scores, MP, IMPs, paired \
differences), Wilson for percentages (set, making).";

/// Fewest deals a simulation accepts (a t interval needs two values).
pub const MIN_DEALS: usize = 2;
/// Most deals a simulation accepts (each one is a DD solve).
pub const MAX_DEALS: usize = 1_000_000;

/// The `n` deals of `spec` from `seed`: the Constrain page's and `fairdeal constrain`'s
/// stream (interleaved order for levelled specs), so the same seed gives the same deals.
pub fn deal_set(spec: &Spec, n: usize, seed: [u8; 32]) -> Result<Vec<Deal>, SimError> {
    check_count(n)?;
    let set = SetDealer::new(spec, n, BoardOrder::Interleaved, seed)?;
    set.map(|b| b.map(|(_, d)| d).map_err(SimError::from))
        .collect()
}

/// Refuses a deal count outside [`MIN_DEALS`]..=[`MAX_DEALS`].
pub fn check_count(n: usize) -> Result<(), SimError> {
    if (MIN_DEALS..=MAX_DEALS).contains(&n) {
        Ok(())
    } else {
        Err(SimError::Count { n })
    }
}
