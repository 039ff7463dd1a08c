//! The `fairdeal-worker` binary: the dealing Web Worker (built by Trunk with
//! `data-type="worker"`). It registers [`fairdeal_app::worker::agent::DealWorker`] and logs
//! any panic to the console instead of dying silently.

use fairdeal_app::worker::agent::DealWorker;
use gloo_worker::Registrable;

fn main() {
    fairdeal_app::browser::log_panics("fairdeal-worker");
    DealWorker::registrar().register();
}
