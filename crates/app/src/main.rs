//! Browser entry point: mounts [`fairdeal_app::App`] into `#app`, replacing the static
//! loading shell that `index.html` shows until the wasm is ready.

fn main() {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            root.set_inner_html("");
            yew::Renderer::<fairdeal_app::App>::with_root(root).render();
        }
        None => {
            yew::Renderer::<fairdeal_app::App>::new().render();
        }
    }
}
