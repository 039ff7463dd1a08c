//! Fuzzes contract and result text: the input's first line is a contract, the rest a result.
//! A contract prints and parses back; a result read against it is 0–13 tricks and scores.
#![no_main]
use fairdeal_scoring::{parse_result, FinalContract};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (contract, result) = text.split_once('\n').unwrap_or((text, ""));
    if let Ok(FinalContract::Bid(c)) = contract.parse::<FinalContract>() {
        assert_eq!(
            c.to_string().parse::<FinalContract>(),
            Ok(FinalContract::Bid(c))
        );
        if let Ok(tricks) = parse_result(result, c) {
            assert!(tricks <= 13);
            assert!(c.declarer_score(true, tricks).is_ok());
            assert!(c.declarer_score(false, tricks).is_ok());
        }
    }
});
