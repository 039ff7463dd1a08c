//! Native batch solving: our own pool of OS threads (each with a [`STACK_BYTES`] stack and one
//! reused [`DdSolver`]) pulling (deal, strain) tasks from a shared counter — so `-j` is
//! honoured exactly and progress is reported per finished deal.

use crate::{DdSolver, STACK_BYTES};
use fairdeal_model::dd::DdTable;
use fairdeal_model::{Deal, Strain};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Solves every deal's full table on `threads` threads (at least 1). `on_done(index, table)`
/// is called once per deal, from a worker thread, as soon as its five strains are solved.
/// Results come back in input order. Notrump tasks go first: they have the longest tail.
pub fn solve_tables(
    deals: &[Deal],
    threads: usize,
    on_done: impl Fn(usize, &DdTable) + Sync,
) -> Vec<DdTable> {
    // Task order: all NT rows first, then the suits, each in deal order.
    let order = [
        Strain::Notrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];
    let tasks: Vec<(usize, Strain)> = order
        .iter()
        .flat_map(|&s| (0..deals.len()).map(move |d| (d, s)))
        .collect();
    let next = AtomicUsize::new(0);
    // Per deal: rows so far and how many strains are solved.
    let partial: Mutex<Vec<([[u8; 4]; 5], u8)>> = Mutex::new(vec![([[0; 4]; 5], 0); deals.len()]);
    let threads = threads.clamp(1, tasks.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, || {
                    let mut solver = DdSolver::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&(d, strain)) = tasks.get(i) else {
                            break;
                        };
                        let row = solver.strain_row(&deals[d], strain);
                        let finished = {
                            let mut p = partial.lock().unwrap_or_else(|e| e.into_inner());
                            let entry = &mut p[d];
                            entry.0[strain.index()] = row;
                            entry.1 += 1;
                            (entry.1 == 5).then_some(entry.0)
                        };
                        if let Some(raw) = finished {
                            let table = DdTable::new(raw)
                                .unwrap_or_else(|| unreachable!("tricks are 0..=13"));
                            on_done(d, &table);
                        }
                    }
                })
                .unwrap_or_else(|e| panic!("cannot start a solver thread: {e}"));
        }
    });
    partial
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|(raw, _)| DdTable::new(raw).unwrap_or_else(|| unreachable!("tricks are 0..=13")))
        .collect()
}
