//! Fuzzes probability questions as the Probability page's URL and `fairdeal prob` give them:
//! the input (lossy UTF-8) is a query string → `Question::from_query` / `FromStr`, `answer`,
//! `Display` → parse again (the same question), and `lesson_step`; its NUL-separated parts
//! are also read as the simulation form's outcome fields (`OutcomeText::outcome`).
#![no_main]
use fairdeal_prob::outcome_text::{parse_samples, parse_strain, OutcomeText};
use fairdeal_prob::question::{lesson_step, parse_hand, parse_holding, parse_rank, Question};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Some(q) = Question::from_query(&text) {
        let _ = q.answer();
        let again: Question = q.to_string().parse().expect("Display reads back");
        assert_eq!(again.to_query(), q.to_query());
    }
    let _ = text.parse::<Question>();
    if let Some((_, _, q)) = lesson_step(&text) {
        assert!(q.answer().is_ok(), "lesson steps answer");
    }
    let _ = (parse_hand(&text), parse_holding(&text), parse_rank(&text));
    let parts: Vec<&str> = text.split('\0').collect();
    let part = |i: usize| parts.get(i).copied().unwrap_or("");
    let fields = OutcomeText {
        kind: part(0),
        condition: part(1),
        seat: part(2),
        suit: part(3),
        strain: part(4),
        number: part(5),
    };
    let _ = (
        fields.outcome(),
        parse_strain(part(4)),
        parse_samples(part(5), 10_000_000),
    );
});
