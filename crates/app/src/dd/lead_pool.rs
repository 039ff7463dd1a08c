//! The page side of the lead simulation's DD work: a pool of DD workers of its own (as many
//! as [`super::pool::max_workers`]), one batch at a time, one deal per worker message.
//!
//! [`solve`] queues every deal of a batch (replacing any batch running) and calls
//! `on_leads(index, leads)` as each worker answers; [`cancel`] drops the queue (deals already
//! in a worker finish and are ignored). Results arrive in any order; the page keeps them by
//! deal index, so the figures do not depend on the number of workers.

use super::protocol::{FromDdWorker, ToDdWorker};
use super::workers::Workers;
use fairdeal_dd::Lead;
use fairdeal_model::{Deal, Seat, Strain};
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

/// Called once per deal of the batch with its index and its leads.
pub type OnLeads = Rc<dyn Fn(usize, Vec<Lead>)>;

#[derive(Default)]
struct LeadPool {
    workers: Workers,
    /// (batch, index, deal) waiting for a worker.
    queue: VecDeque<(u64, usize, Deal)>,
    /// Request id → (worker, batch, index).
    in_flight: HashMap<u32, (usize, u64, usize)>,
    /// The batch running, its strain, declarer and callback.
    batch: Option<(u64, Strain, Seat, OnLeads)>,
    next_batch: u64,
}

thread_local! {
    static POOL: RefCell<LeadPool> = RefCell::new(LeadPool::default());
}

/// Starts solving every lead of `deals` (replacing any batch running); returns the batch id.
pub fn solve(deals: &[Deal], strain: Strain, declarer: Seat, on_leads: OnLeads) -> u64 {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.next_batch += 1;
        let id = p.next_batch;
        p.queue = deals.iter().enumerate().map(|(i, d)| (id, i, *d)).collect();
        p.batch = Some((id, strain, declarer, on_leads));
        pump(&mut p);
        id
    })
}

/// Stops batch `id`: its queued deals are dropped, answers still to come are ignored.
pub fn cancel(id: u64) {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.batch.as_ref().is_some_and(|b| b.0 == id) {
            p.batch = None;
            p.queue.clear();
        }
    });
}

/// Workers started so far.
pub fn workers() -> usize {
    POOL.with(|p| p.borrow().workers.started())
}

fn pump(p: &mut LeadPool) {
    let cap = super::pool::max_workers();
    let Some((_, strain, declarer, _)) = p.batch.clone() else {
        return;
    };
    while !p.queue.is_empty() {
        let Some(w) = p.workers.idle(cap, on_message) else {
            return;
        };
        let Some((batch, index, deal)) = p.queue.pop_front() else {
            return;
        };
        let id = p.workers.send(w, |id| ToDdWorker::Leads {
            id,
            deal,
            strain,
            declarer,
        });
        p.in_flight.insert(id, (w, batch, index));
    }
}

fn on_message(worker: usize, msg: FromDdWorker) {
    let FromDdWorker::Leads { id, leads, .. } = msg else {
        return;
    };
    let call = POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.workers.release(worker);
        let found = p.in_flight.remove(&id);
        let call = match (found, &p.batch) {
            (Some((_, batch, index)), Some((current, _, _, f))) if batch == *current => {
                Some((f.clone(), index))
            }
            _ => None,
        };
        pump(&mut p);
        call
    });
    if let Some((f, index)) = call {
        f(index, leads);
    }
}
