//! The DD workers one pool owns: started lazily up to a cap, each busy with one request at a
//! time. [`pool`](super::pool), [`lead_pool`](super::lead_pool) and
//! [`play_pool`](super::play_pool) each keep their own [`Workers`] (their own queues and
//! callbacks) and share this start / pick-idle / send / release logic.

use super::agent::DdWorker;
use super::protocol::{FromDdWorker, ToDdWorker};
use super::DD_WORKER_PATH;
use gloo_worker::{Spawnable, WorkerBridge};

struct Slot {
    bridge: WorkerBridge<DdWorker>,
    busy: bool,
}

/// One pool's workers and its request numbering.
#[derive(Default)]
pub struct Workers {
    slots: Vec<Slot>,
    next_request: u32,
}

impl Workers {
    /// An idle worker among the first `cap`, starting a new one (whose answers go to
    /// `on_message(worker index, message)`) when all are busy and fewer than `cap` run;
    /// `None` when `cap` workers are busy.
    pub fn idle(&mut self, cap: usize, on_message: fn(usize, FromDdWorker)) -> Option<usize> {
        if let Some(w) = self.slots.iter().take(cap).position(|w| !w.busy) {
            return Some(w);
        }
        if self.slots.len() >= cap {
            return None;
        }
        let index = self.slots.len();
        let bridge = DdWorker::spawner()
            .callback(move |msg| on_message(index, msg))
            .spawn(&crate::worker::link::worker_url(
                "fairdeal-dd-worker",
                DD_WORKER_PATH,
            ));
        self.slots.push(Slot {
            bridge,
            busy: false,
        });
        Some(index)
    }

    /// Numbers a new request, sends `message(request id)` to worker `w` and marks it busy;
    /// returns the request id.
    pub fn send(&mut self, w: usize, message: impl FnOnce(u32) -> ToDdWorker) -> u32 {
        self.next_request = self.next_request.wrapping_add(1);
        let id = self.next_request;
        self.slots[w].busy = true;
        self.slots[w].bridge.send(message(id));
        id
    }

    /// Marks worker `w` idle (it answered).
    pub fn release(&mut self, w: usize) {
        if let Some(slot) = self.slots.get_mut(w) {
            slot.busy = false;
        }
    }

    /// Workers started so far.
    pub fn started(&self) -> usize {
        self.slots.len()
    }
}
