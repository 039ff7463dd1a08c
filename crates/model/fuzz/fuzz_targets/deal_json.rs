//! Fuzzes stored deals (JSON, as worker messages and saved state carry them): whatever reads
//! as a `Deal` is a real deal, so both mappings number it and decode it back.
#![no_main]
use fairdeal_model::{Deal, Mapping, Seat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(deal) = serde_json::from_slice::<Deal>(data) {
        for m in Mapping::ALL {
            assert_eq!(m.deal(m.number(&deal)), Ok(deal));
        }
        let _ = deal.to_pbn(Seat::North);
    }
});
