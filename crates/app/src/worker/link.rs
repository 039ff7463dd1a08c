//! The page's side of the dealing worker: one [`WorkerLink`] per page or panel.
//!
//! It numbers the page's jobs (so a late answer to an older job is recognised and ignored),
//! draws each job's 32-byte seed from the browser's CSPRNG, spawns the `fairdeal-worker`
//! instance on first use with the page's message handler, and sends requests and cancels.

use super::agent::DealWorker;
use super::protocol::{FromWorker, ToWorker};
use crate::browser;
use gloo_worker::{Spawnable, WorkerBridge};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Where Trunk puts the dealing worker's loader before `scripts/post-build.mjs` gives it its
/// hashed name (the fallback when the page has no `fairdeal-workers` meta, e.g. in tests).
pub const WORKER_PATH: &str = "/fairdeal-worker.js";

/// The `fairdeal-workers` meta's content (`name=/url;name=/url`): the URL of worker `name`,
/// or `None`. Only same-origin absolute paths are accepted.
pub fn worker_url_in(meta: &str, name: &str) -> Option<String> {
    meta.split(';').find_map(|pair| {
        let (n, url) = pair.trim().split_once('=')?;
        (n == name && url.starts_with('/') && !url.starts_with("//")).then(|| url.to_string())
    })
}

/// The script URL of this build's worker `name` (`fairdeal-worker`, `fairdeal-dd-worker`):
/// the hashed name `scripts/post-build.mjs` wrote into the page, else `fallback`. The page
/// and its workers come from the same build, so an old page never starts a new build's worker.
pub fn worker_url(name: &str, fallback: &str) -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector("meta[name=fairdeal-workers]")
                .ok()
                .flatten()
        })
        .and_then(|m| m.get_attribute("content"))
        .and_then(|c| worker_url_in(&c, name))
        .unwrap_or_else(|| fallback.to_string())
}

/// A page's handle on its dealing worker (cheap to clone: clones share the worker).
#[derive(Clone, Default)]
pub struct WorkerLink {
    bridge: Rc<RefCell<Option<WorkerBridge<DealWorker>>>>,
    last_job: Rc<Cell<u32>>,
}

impl PartialEq for WorkerLink {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.bridge, &other.bridge)
    }
}

impl WorkerLink {
    /// A new job number and its seed; the error is the message to show when the browser
    /// has no secure random generator (Fair Deal never falls back to a weaker one).
    pub fn next_job(&self) -> Result<(u32, [u8; 32]), String> {
        let mut seed = [0u8; 32];
        if !browser::fill_random(&mut seed) {
            return Err("This browser offers no secure random generator; Fair Deal will not deal from a weaker one.".into());
        }
        let job = self.last_job.get().wrapping_add(1);
        self.last_job.set(job);
        Ok((job, seed))
    }

    /// A new job number for work that draws nothing at random (a count, a solve): no seed
    /// is drawn, so it works where the browser has no secure generator.
    pub fn next_plain_job(&self) -> u32 {
        let job = self.last_job.get().wrapping_add(1);
        self.last_job.set(job);
        job
    }

    /// Sends `request`, spawning the worker first (answers go to `on_message`) if this page
    /// has none yet.
    pub fn send(&self, request: ToWorker, on_message: impl Fn(FromWorker) + 'static) {
        let mut slot = self.bridge.borrow_mut();
        let bridge = slot.get_or_insert_with(|| {
            DealWorker::spawner()
                .callback(on_message)
                .spawn(&worker_url("fairdeal-worker", WORKER_PATH))
        });
        bridge.send(request);
    }

    /// Asks the worker to stop `job` (nothing to do when no worker was ever spawned).
    pub fn cancel(&self, job: u32) {
        if let Some(bridge) = self.bridge.borrow().as_ref() {
            bridge.send(ToWorker::Cancel(job));
        }
    }
}
