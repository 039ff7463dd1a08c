//! Fuzzes the dealing crate's one-line readers on any UTF-8 text: SquareDeal board
//! specifications (for several sessions), delayed values (canonical form is stable), `#`
//! templates, hex seeds (round trip) and format lists.
#![no_main]
use fairdeal_dealing::formats::select_formats;
use fairdeal_dealing::squaredeal::{canonical_delayed_value, session_boards, sharp_fill};
use fairdeal_dealing::{find_format, Seed};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let n = text.len() as u32;
    for session in [0, 1, n, u32::MAX] {
        if let Ok(Some(r)) = session_boards(text, session) {
            assert!(r.low() >= 1 && r.low() <= r.high());
        }
    }
    let c = canonical_delayed_value(text);
    assert_eq!(canonical_delayed_value(&c), c);
    let _ = sharp_fill(text, n);
    if let Ok(seed) = Seed::from_hex(text) {
        assert!(Seed::from_hex(&seed.reveal_hex()) == Ok(seed));
    }
    let _ = find_format(text);
    let _ = select_formats(text);
});
