//! The `fairdeal-dd-worker` binary: the double-dummy Web Worker (built by Trunk with
//! `data-type="worker"`). It registers [`fairdeal_app::dd::agent::DdWorker`] and logs any
//! panic to the console instead of dying silently.

use fairdeal_app::dd::agent::DdWorker;
use gloo_worker::Registrable;

fn main() {
    fairdeal_app::browser::log_panics("fairdeal-dd-worker");
    DdWorker::registrar().register();
}
