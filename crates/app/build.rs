//! Build script: gives the double-dummy Web Worker (`fairdeal-dd-worker`), the dealing worker
//! (`fairdeal-worker`, which also solves double dummy for simulations and dealer scripts'
//! `tricks()`), the suit worker (`fairdeal-suit-worker`: the search recurses once per card played) and the app's wasm tests an 8 MiB stack instead of Rust's default 1 MiB for wasm32. The DD search
//! (pons-dds, a port of DDS) recurses up to 52 plies with large frames and needs more than
//! 512 KiB in wasm; `tests/dd.rs` checks that it still solves the deepest deals with half of
//! this stack already taken.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        const STACK: &str = "-zstack-size=8388608";
        println!("cargo:rustc-link-arg-bin=fairdeal-dd-worker={STACK}");
        println!("cargo:rustc-link-arg-bin=fairdeal-worker={STACK}");
        println!("cargo:rustc-link-arg-bin=fairdeal-suit-worker={STACK}");
        println!("cargo:rustc-link-arg-tests={STACK}");
    }
}
