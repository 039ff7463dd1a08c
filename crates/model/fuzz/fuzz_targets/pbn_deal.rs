//! Fuzzes PBN deal notation: any UTF-8 text is a deal — which prints from every first seat and
//! parses back, and maps to a number and back — or an error whose span lies on character
//! boundaries of the text.
#![no_main]
use fairdeal_model::{parse_pbn_hands, Deal, Mapping, Seat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Deal::from_pbn(text) {
        Ok(deal) => {
            for first in Seat::ALL {
                assert_eq!(Deal::from_pbn(&deal.to_pbn(first)), Ok(deal));
            }
            for m in Mapping::ALL {
                assert_eq!(m.deal(m.number(&deal)), Ok(deal));
            }
        }
        Err(e) => {
            let span = e.span();
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "{span:?}: {e}"
            );
            assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        }
    }
    if let Err(e) = parse_pbn_hands(text) {
        assert!(e.span().end <= text.len());
    }
});
