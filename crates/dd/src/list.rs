//! Solving a list of deals on every core — a hand record, or a club results file where the
//! same deal comes back at every table: each distinct deal is solved once (the cache is keyed
//! by the deal, see [`DistinctDeals`]), progress is reported per solved deal, and a table
//! comes back for every item of the list, in input order.

use crate::{solve_tables, DistinctDeals};
use fairdeal_model::dd::DdTable;
use fairdeal_model::Deal;
use std::sync::Mutex;

/// How [`solve_list`] runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListOptions {
    /// Solver threads (at least 1 is used).
    pub threads: usize,
    /// Solve each distinct deal once and share its table (`false`: solve every item, repeats
    /// included — the uncached path, for comparison).
    pub cache: bool,
}

/// One solved deal, as reported to [`solve_list`]'s progress callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Deals solved so far, this one included (1 to `total`, each value once, in order).
    pub done: usize,
    /// Deals to solve in all (the distinct deals when caching).
    pub total: usize,
    /// Index in the input list of the first item holding this deal.
    pub first: usize,
}

/// What [`solve_list`] found and did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListTables {
    /// One table per item of the input list, in input order.
    pub tables: Vec<DdTable>,
    /// Full tables the solver computed (the distinct deals when caching, else every item).
    pub solved: usize,
}

/// Solves the full table of every deal of `deals` on `options.threads` threads, each
/// distinct deal once when `options.cache` is set. `on_progress` is called once per solved
/// deal, from a worker thread, one call at a time, with `done` counting up from 1.
pub fn solve_list(
    deals: &[Deal],
    options: ListOptions,
    on_progress: impl Fn(Progress) + Sync,
) -> ListTables {
    let groups = if options.cache {
        DistinctDeals::of(deals)
    } else {
        DistinctDeals::every(deals)
    };
    let total = groups.deals().len();
    let done = Mutex::new(0usize);
    let per_deal = solve_tables(groups.deals(), options.threads, |k, _| {
        let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
        *done += 1;
        on_progress(Progress {
            done: *done,
            total,
            first: groups.first(k).unwrap_or(k),
        });
    });
    let tables = groups
        .spread(&per_deal)
        .unwrap_or_else(|| unreachable!("solve_tables returns one table per deal"));
    ListTables {
        tables,
        solved: done.into_inner().unwrap_or_else(|e| e.into_inner()),
    }
}
