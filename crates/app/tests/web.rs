//! In-browser tests (wasm-bindgen-test in headless Chromium): the hand diagram renders a deal
//! with HCP, dealer and vulnerability marks and hides seats; the browser CSPRNG path deals
//! valid, varying deals.

use fairdeal_app::components::hand_diagram::{HandDiagram, HandDiagramProps};
use fairdeal_app::pages::deal::{group_digits, random_deal};
use fairdeal_model::{kuipers, Deal, Seat, Vulnerability};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount(props: HandDiagramProps) -> web_sys::Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let host = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<HandDiagram>::with_root_and_props(host.clone(), props).render();
    host
}

// Board 1 of Big Deal 2.0's reference set (`bigdealx` with a fixed seed; Kuipers number).
fn board_one() -> Deal {
    kuipers::deal_from_number(10_072_384_477_273_865_916_944_991_809).unwrap()
}

#[wasm_bindgen_test]
async fn diagram_shows_hands_hcp_dealer_and_vulnerability() {
    let deal = board_one();
    let host = mount(HandDiagramProps {
        deal,
        board: Some(2),
        dealer: Some(Seat::East),
        vulnerability: Some(Vulnerability::NorthSouth),
        hidden: [false, false, false, true],
        on_toggle_seat: None,
    });
    yew::scheduler::flush().await;
    let html = host.inner_html();
    // North: A9.Q3.AK7.JT8632 = 4+2+7+1 = 14 HCP.
    let north = host.query_selector("[data-seat='N']").unwrap().unwrap();
    assert!(north.text_content().unwrap().contains("14 HCP"), "{html}");
    assert!(
        north.text_content().unwrap().contains("J 10 8 6 3 2"),
        "{html}"
    );
    let east = host.query_selector("[data-seat='E']").unwrap().unwrap();
    assert!(east.text_content().unwrap().contains("Dealer"), "{html}");
    // NS vulnerable: North and South names marked, East not.
    assert!(north.query_selector(".hd-vul").unwrap().is_some());
    assert!(east.query_selector(".hd-vul").unwrap().is_none());
    // West hidden: no cards in the DOM.
    let west = host.query_selector("[data-seat='W']").unwrap().unwrap();
    assert!(
        west.query_selector(".hd-holding").unwrap().is_none(),
        "{html}"
    );
    assert!(html.contains("Vul: N–S"));
}

#[wasm_bindgen_test]
fn browser_csprng_deals_valid_distinct_deals() {
    let deals: Vec<Deal> = (0..50)
        .map(|_| random_deal().expect("crypto.getRandomValues"))
        .collect();
    for d in &deals {
        for seat in Seat::ALL {
            assert_eq!(d.hand(seat).len(), 13);
        }
    }
    let mut unique = deals.clone();
    unique.sort_by_key(|d| d.hands().map(|h| h.bits()));
    unique.dedup();
    assert_eq!(unique.len(), deals.len());
}

#[wasm_bindgen_test]
fn digits_are_grouped_in_threes() {
    assert_eq!(group_digits(0), "0");
    assert_eq!(group_digits(1234567), "1\u{2009}234\u{2009}567");
}

#[wasm_bindgen_test]
fn zip_holds_every_file() {
    let files = vec![
        ("a.pbn".to_string(), b"[Board \"1\"]\n".to_vec()),
        ("a.dup".to_string(), vec![0u8; 156]),
    ];
    let zip = fairdeal_app::download::zip_files(&files).expect("zip");
    assert_eq!(&zip[..4], b"PK\x03\x04");
    let text = String::from_utf8_lossy(&zip);
    assert!(text.contains("a.pbn") && text.contains("a.dup"));
}

/// The browser build deals exactly what Big Deal and the native CLI write: set1 of the Big Deal
/// reference fixtures, every format, generated here in wasm and compared byte for byte with
/// the native fixture files (the CLI's integration tests compare the same files natively).
#[wasm_bindgen_test]
fn browser_deals_big_deal_reference_files() {
    use fairdeal_app::pages::tournament::{deal_range, session_files};
    use fairdeal_dealing::entropy::Seed;
    use fairdeal_dealing::formats::{select_formats, BoardRange, WriteOptions};
    macro_rules! fixture {
        ($name:literal) => {
            (
                $name,
                &include_bytes!(concat!("../../dealing/tests/data/set1/", $name))[..],
            )
        };
    }
    let expected = [
        fixture!("ref.pbn"),
        fixture!("ref.dup"),
        fixture!("ref.dlm"),
        fixture!("ref.bri"),
        fixture!("ref.dge"),
        fixture!("ref.lin"),
        fixture!("ref.csv"),
        fixture!("ref.ber"),
        fixture!("ref.bhg"),
        fixture!("ref.rzd"),
        fixture!("ref.cds"),
        fixture!("ref.goe"),
        fixture!("ref.txt"),
    ];
    let seed = Seed::from_hex("0123456789ABCDEF0123456789ABCDEF01234567").unwrap();
    let boards = deal_range(
        &seed,
        "Big Deal reference test",
        BoardRange::new(1, 4).unwrap(),
    );
    let formats =
        select_formats("pbn,dup,dlm,bri,dge,lin,csv,ber,borel,kops,cds,goedel,stats").unwrap();
    let files = session_files(&boards, &formats, "ref", &WriteOptions::default()).unwrap();
    assert_eq!(files.len(), expected.len());
    for ((name, bytes), (want_name, want)) in files.iter().zip(expected) {
        assert_eq!(name, want_name);
        assert!(
            bytes.as_slice() == want,
            "{name} differs from Big Deal's reference file"
        );
    }
}
