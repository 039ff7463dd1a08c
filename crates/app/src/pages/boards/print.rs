//! Printing from the page: the interop crate's hand-record HTML goes into a hidden iframe
//! (`#bs-print-frame`, its `srcdoc`) whose window is asked to print once it has loaded.
//!
//! Panic policy: browser refusals return `false`; nothing panics.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// `id` of the print iframe.
pub const FRAME_ID: &str = "bs-print-frame";

/// Loads `html` into the print iframe and calls `print()` on it when loaded.
pub fn print_html(html: &str) -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    if let Some(old) = document.get_element_by_id(FRAME_ID) {
        old.remove();
    }
    let Ok(frame) = document.create_element("iframe") else {
        return false;
    };
    let Ok(frame) = frame.dyn_into::<web_sys::HtmlIFrameElement>() else {
        return false;
    };
    frame.set_id(FRAME_ID);
    frame.set_title("Hand records for printing");
    let _ = frame.set_attribute("class", "bs-print-frame");
    let _ = frame.set_attribute("aria-hidden", "true");
    let target = frame.clone();
    let onload = Closure::once_into_js(move || {
        if let Some(w) = target.content_window() {
            let _ = w.print();
        }
    });
    frame.set_onload(Some(onload.unchecked_ref()));
    frame.set_srcdoc(html);
    document
        .body()
        .map(|b| b.append_child(&frame).is_ok())
        .unwrap_or(false)
}
