//! Fuzzes the stored event JSON (what the app keeps per scoring event): any UTF-8 text is an
//! event or an error; an event validates and scores, and its JSON reads back unchanged.
#![no_main]
use fairdeal_scoring::{score_event, Event, ScoringOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(event) = Event::from_json(text) {
        let _ = event.validate();
        let _ = score_event(&event, &ScoringOptions::default());
        assert_eq!(Event::from_json(&event.to_json()).ok(), Some(event));
    }
});
