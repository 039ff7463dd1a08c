//! Native batch work of any kind on our solver threads: [`solve_each`] runs a closure with a
//! reused [`DdSolver`] over every item of a slice on `threads` OS threads (each with a
//! [`STACK_BYTES`] stack), pulling items from a shared counter, and returns the results in
//! input order — so what is computed from them does not depend on the thread count.

use crate::{DdSolver, STACK_BYTES};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Runs `work(solver, item)` for every item on `threads` threads (at least 1); `on_done(index,
/// &result)` is called from a worker thread as each item finishes. Results come back in input
/// order.
pub fn solve_each<I: Sync, T: Send>(
    items: &[I],
    threads: usize,
    work: impl Fn(&mut DdSolver, &I) -> T + Sync,
    on_done: impl Fn(usize, &T) + Sync,
) -> Vec<T> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<T>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    let threads = threads.clamp(1, items.len().max(1));
    std::thread::scope(|scope| {
        for _ in 0..threads {
            std::thread::Builder::new()
                .stack_size(STACK_BYTES)
                .spawn_scoped(scope, || {
                    let mut solver = DdSolver::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else {
                            break;
                        };
                        let value = work(&mut solver, item);
                        on_done(i, &value);
                        results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(value);
                    }
                })
                .unwrap_or_else(|e| panic!("cannot start a solver thread: {e}"));
        }
    });
    results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|v| v.unwrap_or_else(|| unreachable!("every item is taken by one thread")))
        .collect()
}
