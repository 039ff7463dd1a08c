//! Fuzzes deal-number text: any UTF-8 text is a number below D — which is a deal under both
//! mappings and maps back — or an error whose span lies on character boundaries of the text.
#![no_main]
use fairdeal_model::{parse_deal_number, Mapping, NumberError, DEAL_COUNT};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match parse_deal_number(text) {
        Ok(n) => {
            assert!(n < DEAL_COUNT);
            for m in Mapping::ALL {
                let deal = m.deal(n).expect("below D");
                assert_eq!(m.number(&deal), n);
            }
        }
        Err(
            NumberError::Empty { span }
            | NumberError::UnexpectedChar { span, .. }
            | NumberError::TooLarge { span },
        ) => {
            assert!(span.start <= span.end && span.end <= text.len());
            assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        }
        Err(NumberError::OutOfRange { number }) => assert!(number >= DEAL_COUNT),
    }
    // Raw bytes as a number: a deal exactly when below D.
    let mut raw = [0u8; 16];
    let k = data.len().min(16);
    raw[..k].copy_from_slice(&data[..k]);
    let n = u128::from_le_bytes(raw);
    for m in Mapping::ALL {
        assert_eq!(m.deal(n).is_ok(), n < DEAL_COUNT);
    }
});
