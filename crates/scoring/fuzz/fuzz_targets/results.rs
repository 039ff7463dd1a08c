//! Fuzzes the results readers: any UTF-8 text read as CSV, PBN and by content; every problem
//! names a line of the input; the event read is validated and scored with every method, and
//! survives its JSON form unchanged.
#![no_main]
use fairdeal_scoring::read::{read_csv, read_pbn, read_results};
use fairdeal_scoring::{score_event, Event, Method, ScoringOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.lines().count().max(1);
    for out in [read_results(text), read_csv(text), read_pbn(text)] {
        for p in &out.problems {
            assert!(p.line >= 1 && p.line <= lines, "line {} of {lines}", p.line);
        }
        let (_, errors) = out.event.validate();
        assert!(errors.iter().all(|e| e.row < out.event.rows.len()));
        for method in [
            Method::Matchpoints,
            Method::MatchpointsAcbl,
            Method::Butler,
            Method::CrossImps,
            Method::Vp,
        ] {
            let opts = ScoringOptions {
                method,
                ..ScoringOptions::default()
            };
            let _ = score_event(&out.event, &opts);
        }
        let json = out.event.to_json();
        assert_eq!(Event::from_json(&json).ok().as_ref(), Some(&out.event));
    }
});
