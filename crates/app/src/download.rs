//! Getting files out of the browser: a download of bytes (Blob + object URL + `<a download>`)
//! and a zip of several files (the `zip` crate, deflate via pure-Rust miniz_oxide).

use std::io::{Cursor, Write};
use wasm_bindgen::JsCast;

/// Offers `bytes` as a download named `name`. Returns false if the browser refused.
pub fn download_bytes(name: &str, bytes: &[u8], mime: &str) -> bool {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return false;
    };
    let array = js_sys::Uint8Array::from(bytes);
    let parts = js_sys::Array::of1(&array);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options) else {
        return false;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return false;
    };
    let ok = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
        .map(|a| {
            a.set_href(&url);
            a.set_download(name);
            a.click();
        })
        .is_some();
    // The download reads the blob asynchronously: revoke the URL only well after it started.
    gloo_timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    ok
}

/// A zip archive of `(name, bytes)` files, deflated.
pub fn zip_files(files: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in files {
        zip.start_file(name.as_str(), options)
            .map_err(|e| format!("zip {name}: {e}"))?;
        zip.write_all(bytes)
            .map_err(|e| format!("zip {name}: {e}"))?;
    }
    zip.finish()
        .map(|c| c.into_inner())
        .map_err(|e| format!("zip: {e}"))
}
