//! Deals cross the worker boundary in one form, `Deal`'s own (the packed card bitsets):
//! gloo-worker's codec carries a batch's boards there and back unchanged, as four u64 a deal.

use fairdeal_app::worker::protocol::{FromWorker, PackedBoard};
use fairdeal_model::{Deal, Seat};
use gloo_worker::{Bincode, Codec};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn deal(step: usize) -> Deal {
    let mut owners = [Seat::North; 52];
    for (i, o) in owners.iter_mut().enumerate() {
        *o = Seat::ALL[(i * step) % 4];
    }
    Deal::from_owners(&owners).expect("deal")
}

#[wasm_bindgen_test]
fn a_batch_round_trips_through_the_worker_codec() {
    let boards = vec![
        PackedBoard {
            category: 0,
            deal: deal(1),
        },
        PackedBoard {
            category: 2,
            deal: deal(3),
        },
    ];
    let message = FromWorker::Done {
        job: 7,
        boards: boards.clone(),
    };
    let back: FromWorker = Bincode::decode(Bincode::encode(message.clone()));
    assert_eq!(back, message);
}

#[wasm_bindgen_test]
fn a_deal_travels_as_its_four_bitsets() {
    let d = deal(3);
    let bytes = js_sys::Uint8Array::new(&Bincode::encode(d)).to_vec();
    let expected: Vec<u8> = d
        .hands()
        .iter()
        .flat_map(|h| h.bits().to_le_bytes())
        .collect();
    assert_eq!(bytes, expected);
    let back: Deal = Bincode::decode(js_sys::Uint8Array::from(&bytes[..]).into());
    assert_eq!(back, d);
}
