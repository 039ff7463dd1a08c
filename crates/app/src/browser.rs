//! Browser services used by the pages: CSPRNG bytes (`crypto.getRandomValues` through
//! getrandom), the clipboard and `localStorage`, and the workers' panic log. Every call
//! degrades to `None`/`false` instead of panicking when the browser refuses.

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(s: &str);
}

/// Logs any panic of this worker to the console under its name, instead of dying silently
/// (each worker binary calls it first).
pub fn log_panics(worker: &'static str) {
    std::panic::set_hook(Box::new(move |info| {
        console_error(&format!("{worker}: {info}"))
    }));
}

/// Fills `buf` from the browser's CSPRNG. Returns false if the browser has none.
pub fn fill_random(buf: &mut [u8]) -> bool {
    getrandom::fill(buf).is_ok()
}

/// Reads a value from `localStorage`.
pub fn storage_get(key: &str) -> Option<String> {
    web_sys::window()?
        .local_storage()
        .ok()??
        .get_item(key)
        .ok()?
}

/// Writes a value to `localStorage`; returns false if storage is unavailable or full.
pub fn storage_set(key: &str, value: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .map(|s| s.set_item(key, value).is_ok())
        .unwrap_or(false)
}

/// Copies text to the clipboard (asynchronously; failures are ignored).
pub fn copy_text(text: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().clipboard().write_text(text);
    }
}

/// A ChaCha20 CSPRNG keyed with 32 bytes from the browser's CSPRNG, for APIs that take an
/// `RngCore + CryptoRng` (SquareDeal keys). `None` if the browser has no CSPRNG.
pub fn csprng() -> Option<rand_chacha::ChaCha20Rng> {
    use rand_core::SeedableRng;
    let mut seed = [0u8; 32];
    fill_random(&mut seed).then(|| rand_chacha::ChaCha20Rng::from_seed(seed))
}

/// Microseconds since the page started (`performance.now()`), for keystroke timing entropy.
pub fn now_micros() -> u64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| (p.now() * 1000.0) as u64)
        .unwrap_or(0)
}
