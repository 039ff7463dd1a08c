//! The page side of the viewer's DD work: every position of one play, solved ahead of the
//! user in DD workers of its own (as many as [`super::pool::max_workers`]), the positions
//! nearest the one on screen first.
//!
//! [`solve`] queues positions (replacing any job running) and calls
//! `on_figures(position, figures)` as each worker answers; [`focus`] reorders the queue by
//! distance from the position the user is looking at; [`cancel`] drops the queue (positions
//! already in a worker finish and are ignored).

use super::protocol::{FromDdWorker, ToDdWorker};
use super::workers::Workers;
use fairdeal_dd::play::CardFigure;
use fairdeal_model::{Card, Deal, Seat, Strain};
use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::rc::Rc;

/// Called once per position with its index (cards played before it) and its figures.
pub type OnFigures = Rc<dyn Fn(usize, Vec<CardFigure>)>;

struct Job {
    id: u64,
    deal: Deal,
    strain: Strain,
    declarer: Seat,
    cards: Vec<Card>,
    on_figures: OnFigures,
}

#[derive(Default)]
struct PlayPool {
    workers: Workers,
    /// Positions waiting for a worker.
    queue: VecDeque<usize>,
    /// Request id → (worker, job, position).
    in_flight: HashMap<u32, (usize, u64, usize)>,
    job: Option<Job>,
    next_job: u64,
}

thread_local! {
    static POOL: RefCell<PlayPool> = RefCell::new(PlayPool::default());
}

/// Starts solving `positions` of the play `cards` (position *i* = after `cards[..i]`),
/// replacing any job running, nearest to `around` first; returns the job id.
pub fn solve(
    deal: Deal,
    strain: Strain,
    declarer: Seat,
    cards: Vec<Card>,
    positions: Vec<usize>,
    around: usize,
    on_figures: OnFigures,
) -> u64 {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.next_job += 1;
        let id = p.next_job;
        p.queue = positions.into_iter().collect();
        sort_queue(&mut p.queue, around);
        p.job = Some(Job {
            id,
            deal,
            strain,
            declarer,
            cards,
            on_figures,
        });
        pump(&mut p);
        id
    })
}

fn sort_queue(queue: &mut VecDeque<usize>, around: usize) {
    // Nearest first; ahead of the user before behind at the same distance.
    queue
        .make_contiguous()
        .sort_by_key(|&i| (i.abs_diff(around), i < around));
}

/// Puts the positions nearest `around` first in job `id`'s queue.
pub fn focus(id: u64, around: usize) {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.job.as_ref().is_some_and(|j| j.id == id) {
            sort_queue(&mut p.queue, around);
        }
    });
}

/// Stops job `id`: its queued positions are dropped, answers still to come are ignored.
pub fn cancel(id: u64) {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.job.as_ref().is_some_and(|j| j.id == id) {
            p.job = None;
            p.queue.clear();
        }
    });
}

/// Positions waiting or in a worker for the current job.
pub fn pending() -> usize {
    POOL.with(|p| {
        let p = p.borrow();
        let current = p.job.as_ref().map(|j| j.id);
        p.queue.len()
            + p.in_flight
                .values()
                .filter(|(_, j, _)| Some(*j) == current)
                .count()
    })
}

fn pump(p: &mut PlayPool) {
    let cap = super::pool::max_workers();
    let Some(job) = p.job.as_ref() else {
        return;
    };
    let (id, deal, strain, declarer) = (job.id, job.deal, job.strain, job.declarer);
    while !p.queue.is_empty() {
        let Some(w) = p.workers.idle(cap, on_message) else {
            return;
        };
        let Some(position) = p.queue.pop_front() else {
            return;
        };
        let cards = p
            .job
            .as_ref()
            .map(|j| j.cards[..position.min(j.cards.len())].to_vec())
            .unwrap_or_default();
        let request = p.workers.send(w, |id| ToDdWorker::PlayPosition {
            id,
            deal,
            strain,
            declarer,
            cards,
        });
        p.in_flight.insert(request, (w, id, position));
    }
}

fn on_message(worker: usize, msg: FromDdWorker) {
    let FromDdWorker::PlayFigures { id, figures, .. } = msg else {
        return;
    };
    let call = POOL.with(|p| {
        let mut p = p.borrow_mut();
        p.workers.release(worker);
        let found = p.in_flight.remove(&id);
        let call = match (found, &p.job) {
            (Some((_, job, position)), Some(current)) if job == current.id => {
                Some((current.on_figures.clone(), position))
            }
            _ => None,
        };
        pump(&mut p);
        call
    });
    if let Some((f, position)) = call {
        f(position, figures);
    }
}
