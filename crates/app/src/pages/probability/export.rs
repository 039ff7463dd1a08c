//! Chart exports: SVG (the standalone markup of [`svg_markup`]) and PNG (that SVG drawn as
//! an image onto an offscreen canvas at twice its size, then encoded by the canvas), both
//! offered through [`download_bytes`].
//!
//! Panic policy: no panics; a refused step (no canvas, image not decodable) ends the export
//! and reports `false` / an error message.

use fairdeal_prob::Chart;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::components::chart::{svg_markup, ChartStyle, Orientation};
use crate::download::download_bytes;

/// A file name from a chart title: lower case, letters and digits, dashes between.
pub fn file_stem(chart: &Chart) -> String {
    let mut out = String::new();
    for c in chart.title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    let mut stem: String = out.chars().take(60).collect();
    if stem.is_empty() {
        stem.push_str("chart");
    }
    stem
}

/// The standalone SVG of a chart (embedded title, formula and light palette).
pub fn standalone_svg(chart: &Chart, orientation: Orientation) -> String {
    svg_markup(
        chart,
        ChartStyle {
            orientation,
            large: false,
            standalone: true,
        },
    )
}

/// Downloads the chart as `<title>.svg`. Returns false if the browser refused.
pub fn export_svg(chart: &Chart, orientation: Orientation) -> bool {
    let svg = standalone_svg(chart, orientation);
    download_bytes(
        &format!("{}.svg", file_stem(chart)),
        svg.as_bytes(),
        "image/svg+xml",
    )
}

/// Downloads the chart as `<title>.png`, drawn by the browser from the SVG (asynchronous:
/// the download starts once the image has decoded). Errors are reported to `on_error`.
pub fn export_png(chart: &Chart, orientation: Orientation, on_error: impl Fn(String) + 'static) {
    let svg = standalone_svg(chart, orientation);
    let name = format!("{}.png", file_stem(chart));
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        on_error("no document".into());
        return;
    };
    let Ok(img) = web_sys::HtmlImageElement::new() else {
        on_error("the browser could not create an image".into());
        return;
    };
    let url = format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(&svg))
    );
    let img2 = img.clone();
    let on_error = std::rc::Rc::new(on_error);
    let on_error2 = on_error.clone();
    let onload = Closure::once(Box::new(move || {
        let result = (|| -> Result<(), String> {
            let canvas = document
                .create_element("canvas")
                .map_err(|_| "no canvas".to_string())?
                .dyn_into::<web_sys::HtmlCanvasElement>()
                .map_err(|_| "no canvas".to_string())?;
            let (w, h) = (img2.natural_width().max(1), img2.natural_height().max(1));
            canvas.set_width(w * 2);
            canvas.set_height(h * 2);
            let ctx = canvas
                .get_context("2d")
                .ok()
                .flatten()
                .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
                .ok_or("no 2d context")?;
            ctx.scale(2.0, 2.0).map_err(|_| "canvas refused to scale")?;
            ctx.draw_image_with_html_image_element(&img2, 0.0, 0.0)
                .map_err(|_| "canvas refused the image")?;
            let data_url = canvas
                .to_data_url_with_type("image/png")
                .map_err(|_| "canvas refused to encode")?;
            let b64 = data_url.split_once(',').map(|(_, b)| b).unwrap_or("");
            let window = web_sys::window().ok_or("no window")?;
            let binary = window.atob(b64).map_err(|_| "bad PNG data")?;
            let bytes: Vec<u8> = binary.chars().map(|c| c as u32 as u8).collect();
            if download_bytes(&name, &bytes, "image/png") {
                Ok(())
            } else {
                Err("the browser refused the download".into())
            }
        })();
        if let Err(e) = result {
            on_error2(e);
        }
    }) as Box<dyn FnOnce()>);
    img.set_onload(Some(onload.as_ref().unchecked_ref()));
    onload.forget();
    let onerror = Closure::once(
        Box::new(move || on_error("the SVG could not be drawn".into())) as Box<dyn FnOnce()>,
    );
    img.set_onerror(Some(onerror.as_ref().unchecked_ref()));
    onerror.forget();
    img.set_src(&url);
}
