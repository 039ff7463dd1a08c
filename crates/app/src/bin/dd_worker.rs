//! The `fairdeal-dd-worker` binary: the double-dummy Web Worker (built by Trunk with
//! `data-type="worker"`). It registers [`fairdeal_app::dd::agent::DdWorker`] and logs any
//! panic to the console instead of dying silently.

use fairdeal_app::dd::agent::DdWorker;
use gloo_worker::Registrable;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

fn main() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("fairdeal-dd-worker: {info}"))
    }));
    DdWorker::registrar().register();
}
