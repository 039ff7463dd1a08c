//! The page side of DD solving: one pool of DD workers per page (thread-local), a queue of
//! distinct deals, the cache of solved tables and the batches waiting for them.
//!
//! A batch is a list of deals and a callback `(index, table)` called once per deal — from
//! the cache at once (on a zero-delay timer, never inside [`solve`]) or when a worker
//! answers. [`cancel`] forgets a batch: its queued deals that no other batch wants are
//! dropped; deals already in a worker finish and are cached.

use super::protocol::{FromDdWorker, ToDdWorker};
use super::workers::Workers;
use fairdeal_model::dd::DdTable;
use fairdeal_model::Deal;
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

/// Called once per deal of a batch with its index in the batch and its table.
pub type OnSolved = Rc<dyn Fn(usize, DdTable)>;

/// A batch's handle, for [`cancel`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BatchId(u64);

#[derive(Default)]
struct Pool {
    workers: Workers,
    /// Upper bound on workers; 0 = not chosen yet (then `hardwareConcurrency`).
    max_workers: usize,
    cache: HashMap<Deal, DdTable>,
    queue: VecDeque<Deal>,
    waiters: HashMap<Deal, Vec<(BatchId, usize)>>,
    batches: HashMap<BatchId, OnSolved>,
    in_flight: HashMap<u32, (usize, Deal)>,
    next_batch: u64,
    /// Worker solve times (ms) of every deal solved so far, for the benchmark and the UI.
    solve_ms: Vec<f64>,
}

thread_local! {
    static POOL: RefCell<Pool> = RefCell::new(Pool::default());
}

/// Logical cores the browser reports (1 when it reports none), capped at 16.
pub fn hardware_workers() -> usize {
    web_sys::window()
        .map(|w| w.navigator().hardware_concurrency())
        .filter(|n| n.is_finite() && *n >= 1.0)
        .map_or(1, |n| (n as usize).min(16))
}

/// How many workers the pool may run (default: [`hardware_workers`]).
pub fn max_workers() -> usize {
    POOL.with(|p| {
        let m = p.borrow().max_workers;
        if m == 0 {
            hardware_workers()
        } else {
            m
        }
    })
}

/// Caps the pool at `n` workers (at least 1). Workers beyond `n` already running stay
/// until the page closes but get no new deals.
pub fn set_max_workers(n: usize) {
    POOL.with(|p| p.borrow_mut().max_workers = n.max(1));
}

/// The table of `deal` if it was solved already in this page.
pub fn cached(deal: &Deal) -> Option<DdTable> {
    POOL.with(|p| p.borrow().cache.get(deal).copied())
}

/// Forgets every cached table (for benchmarks that must solve again).
pub fn clear_cache() {
    POOL.with(|p| p.borrow_mut().cache.clear());
}

/// Worker solve times in ms of every deal solved so far.
pub fn solve_times() -> Vec<f64> {
    POOL.with(|p| p.borrow().solve_ms.clone())
}

/// Starts solving `deals`; `on_solved(index, table)` is called once per deal.
pub fn solve(deals: &[Deal], on_solved: OnSolved) -> BatchId {
    let (id, ready) = POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.next_batch += 1;
        let id = BatchId(p.next_batch);
        p.batches.insert(id, on_solved.clone());
        let mut ready = Vec::new();
        for (i, deal) in deals.iter().enumerate() {
            if let Some(t) = p.cache.get(deal) {
                ready.push((i, *t));
                continue;
            }
            let pending = p.waiters.contains_key(deal);
            p.waiters.entry(*deal).or_default().push((id, i));
            if !pending {
                p.queue.push_back(*deal);
            }
        }
        pump(&mut p);
        (id, ready)
    });
    if !ready.is_empty() {
        gloo_timers::callback::Timeout::new(0, move || {
            // Skip if the batch was cancelled meanwhile.
            if POOL.with(|p| p.borrow().batches.contains_key(&id)) {
                for (i, t) in ready {
                    on_solved(i, t);
                }
            }
        })
        .forget();
    }
    id
}

/// Forgets batch `id`: no more callbacks; its queued deals nobody else wants are dropped.
pub fn cancel(id: BatchId) {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.batches.remove(&id);
        p.waiters.retain(|_, w| {
            w.retain(|(b, _)| *b != id);
            !w.is_empty()
        });
        let Pool { queue, waiters, .. } = &mut *p;
        queue.retain(|d| waiters.contains_key(d));
    });
}

/// Deals waiting for a worker or in one, over every batch.
pub fn pending() -> usize {
    POOL.with(|p| {
        let p = p.borrow();
        p.queue.len() + p.in_flight.len()
    })
}

/// Sends queued deals to idle workers, spawning workers up to the cap.
fn pump(p: &mut Pool) {
    let cap = if p.max_workers == 0 {
        hardware_workers()
    } else {
        p.max_workers
    };
    while let Some(deal) = p.queue.front().copied() {
        if !p.waiters.contains_key(&deal) {
            p.queue.pop_front();
            continue;
        }
        let Some(w) = p.workers.idle(cap, on_message) else {
            return;
        };
        p.queue.pop_front();
        let id = p.workers.send(w, |id| ToDdWorker::Solve { id, deal });
        p.in_flight.insert(id, (w, deal));
    }
}

fn on_message(worker: usize, msg: FromDdWorker) {
    // Leads go to the lead pool's own workers (`lead_pool`), never to these.
    let FromDdWorker::Solved { id, table, ms } = msg else {
        return;
    };
    let calls: Vec<(OnSolved, usize)> = POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.workers.release(worker);
        let Some((_, deal)) = p.in_flight.remove(&id) else {
            return Vec::new();
        };
        p.solve_ms.push(ms);
        p.cache.insert(deal, table);
        let waiting = p.waiters.remove(&deal).unwrap_or_default();
        let calls = waiting
            .into_iter()
            .filter_map(|(b, i)| p.batches.get(&b).map(|f| (f.clone(), i)))
            .collect();
        pump(&mut p);
        calls
    });
    for (f, i) in calls {
        f(i, table);
    }
}
