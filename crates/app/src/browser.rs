//! Browser services used by the pages: CSPRNG bytes (`crypto.getRandomValues` through
//! getrandom), the clipboard and `localStorage`. Every call degrades to `None`/`false`
//! instead of panicking when the browser refuses.

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
