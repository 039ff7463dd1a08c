//! In-browser tests of double dummy: the sequential solver (what the DD worker runs) solves
//! extreme deals — whole suits, voids, 7-6 and 12-1 splits — inside the wasm stack the app
//! is linked with (8 MiB, set by crates/app/build.rs — with half of it taken first),
//! with the known table and par; `DdTableView` renders the table and par.

use fairdeal_app::components::dd_table::{DdTableView, DdTableViewProps};
use fairdeal_dd::DdSolver;
use fairdeal_model::{Deal, Seat, Strain, Vulnerability};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn deal_by(f: impl Fn(usize, usize) -> usize) -> Deal {
    let mut owners = [Seat::North; 52];
    for (i, o) in owners.iter_mut().enumerate() {
        *o = Seat::from_index(f(i / 13, i % 13) % 4).unwrap();
    }
    Deal::from_owners(&owners).unwrap()
}

const KNOWN: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";

#[wasm_bindgen_test]
fn solver_handles_extreme_deals_in_the_wasm_stack() {
    let mut solver = DdSolver::new();
    // Each hand one whole suit: trumps ruff everything; at notrump the leader runs 13.
    let t = solver.table(&deal_by(|s, _| s));
    assert_eq!(t.raw()[Strain::Spades.index()], [13, 0, 13, 0]);
    assert_eq!(t.raw()[Strain::Notrump.index()], [0, 0, 0, 0]);
    // 7-6-0-0, 12-1-0-0 and alternating 7-6 inside partnerships: deep, wide searches.
    for deal in [
        deal_by(|s, r| if r < 7 { s } else { s + 1 }),
        deal_by(|s, r| if r < 12 { s } else { s + 1 }),
        deal_by(|s, r| ((r + s / 2) % 2) * 2 + s % 2),
        deal_by(|s, r| s * 13 + r),
        Deal::from_pbn("N:K843.T542.J6.KQ4 AQJ7.AK9.Q972.J8 T962.8.AK3.A9752 5.QJ763.T854.T63")
            .unwrap(),
    ] {
        let t = solver.table(&deal);
        assert!(t.raw().iter().flatten().all(|&n| n <= 13));
    }
    let t = solver.table(&Deal::from_pbn(KNOWN).unwrap());
    assert_eq!(
        t.raw(),
        [
            [5, 7, 5, 7],
            [7, 5, 7, 5],
            [5, 7, 5, 7],
            [7, 5, 7, 5],
            [5, 5, 5, 5]
        ]
    );
    assert_eq!(
        fairdeal_dd::par(&t, Vulnerability::None, Seat::North).ns_score,
        80
    );
}

/// Runs `f` with `BYTES` bytes of the stack already taken by a live array, so the solve has only
/// the rest of the wasm stack.
#[inline(never)]
fn with_stack_taken<const BYTES: usize, R>(f: impl FnOnce() -> R) -> R {
    let mut pad = [0u8; BYTES];
    let pad = std::hint::black_box(&mut pad);
    pad[BYTES - 1] = 1;
    let r = f();
    std::hint::black_box(pad);
    r
}

#[wasm_bindgen_test]
fn solver_needs_under_half_of_the_wasm_stack() {
    // With 4 MiB of the 8 MiB stack (crates/app/build.rs, the same as the DD worker's)
    // taken, the deepest deals still solve: the worker's stack has at least a 2× margin.
    // (With Rust's default 1 MiB, 512 KiB taken overflows: the margin was under 2×.)
    let raw = with_stack_taken::<{ 4 * 1024 * 1024 }, _>(|| {
        let mut solver = DdSolver::new();
        let mut out = Vec::new();
        for deal in [
            deal_by(|s, _| s),
            deal_by(|s, r| ((r + s / 2) % 2) * 2 + s % 2),
            Deal::from_pbn(KNOWN).unwrap(),
        ] {
            out.push(solver.table(&deal).raw());
        }
        out
    });
    assert_eq!(
        raw[2],
        [
            [5, 7, 5, 7],
            [7, 5, 7, 5],
            [5, 7, 5, 7],
            [7, 5, 7, 5],
            [5, 5, 5, 5]
        ]
    );
}

#[wasm_bindgen_test]
async fn table_view_shows_tricks_and_par() {
    let mut solver = DdSolver::new();
    let table = solver.table(&Deal::from_pbn(KNOWN).unwrap());
    let par = fairdeal_dd::par(&table, Vulnerability::None, Seat::North);
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<DdTableView>::with_root_and_props(
        host.clone(),
        DdTableViewProps {
            table,
            par: Some(par),
        },
    )
    .render();
    yew::scheduler::flush().await;
    let html = host.inner_html();
    let cell = host
        .query_selector("tr[data-strain='S'] td[data-seat='N']")
        .unwrap()
        .unwrap();
    assert_eq!(cell.text_content().unwrap(), "7", "{html}");
    let cell = host
        .query_selector("tr[data-strain='C'] td[data-seat='E']")
        .unwrap()
        .unwrap();
    assert_eq!(cell.text_content().unwrap(), "7", "{html}");
    let par = host.query_selector(".dd-par").unwrap().unwrap();
    assert_eq!(par.text_content().unwrap(), "Par +80 NS: 1S NS", "{html}");
}
