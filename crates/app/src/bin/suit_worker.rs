//! The `fairdeal-suit-worker` binary: the `/suit` page's own Web Worker (built by Trunk with
//! `data-type="worker"`), one solve per message
//! ([`fairdeal_app::pages::suit::solver::serve`]); the page terminates it to cancel.

use std::rc::Rc;

use fairdeal_app::pages::suit::solver::{serve, Reply};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

fn main() {
    fairdeal_app::browser::log_panics("fairdeal-suit-worker");
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let out = scope.clone();
    let post: Rc<dyn Fn(Reply)> = Rc::new(move |r: Reply| {
        if let Ok(text) = serde_json::to_string(&r) {
            let _ = out.post_message(&text.into());
        }
    });
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            let text = e.data().as_string().unwrap_or_default();
            serve(&text, js_sys::Date::now, post.clone());
        });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    if let Ok(text) = serde_json::to_string(&Reply::Ready) {
        let _ = scope.post_message(&text.into());
    }
}
