//! Dealer scripts never panic — the property-test counterpart of the `script` fuzz target
//! (`fuzz/`, see docs/FUZZING.md), run in every `cargo test`. Arbitrary text, token soup from
//! the dealer language, and the example scripts with pieces cut out or spliced in go through
//! `check`, `render_diagnostics`, `highlight` and, when they compile, a short unaccelerated run.

use fairdeal_script::{check, compile_unaccelerated, highlight, render_diagnostics, EXAMPLES};
use proptest::prelude::*;

/// The `script` fuzz target's checks.
fn script(src: &str) {
    let diags = check(src);
    for d in &diags {
        assert!(
            d.span.start <= d.span.end && d.span.end <= src.len(),
            "{d:?}"
        );
        assert!(d.line >= 1 && d.column >= 1);
        assert!(!d.message.is_empty());
    }
    let _ = render_diagnostics(src, &diags);
    let mut last = 0;
    for (span, _) in highlight(src) {
        assert!(
            span.start >= last
                && span.end <= src.len()
                && src.is_char_boundary(span.start)
                && src.is_char_boundary(span.end),
            "{span:?}"
        );
        last = span.end;
    }
    // Double dummy needs a 16 MiB stack (the CLI gives it a thread): compiled, not run.
    if src.contains("trick") {
        let _ = compile_unaccelerated(src);
        return;
    }
    if let Ok(mut p) = compile_unaccelerated(src) {
        p.set_generate(50);
        p.set_produce(5);
        let _ = p.acceleration();
        let mut r = p.runner([7; 32]);
        r.step(50);
        let _ = r.report();
    }
}

const TOKENS: &[&str] = &[
    "generate",
    "produce",
    "condition",
    "action",
    "dealer",
    "vulnerable",
    "predeal",
    "north",
    "east",
    "south",
    "west",
    "none",
    "all",
    "NS",
    "EW",
    "printall",
    "printcompact",
    "printew",
    "printpbn",
    "printes",
    "print",
    "average",
    "frequency",
    "hcp",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "shape",
    "any",
    "4333",
    "54xx",
    "5+xx5+",
    "5s(431)",
    "[013-68]",
    "M",
    "m",
    "controls",
    "losers",
    "quality",
    "cccc",
    "pt1",
    "altcount",
    "pointcount",
    "top2",
    "hascard",
    "AS",
    "TC",
    "SAQ542",
    "x3N",
    "score",
    "imps",
    "abs",
    "not",
    "and",
    "or",
    "&&",
    "||",
    "!",
    "==",
    "!=",
    "<",
    ">=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "?",
    ":",
    "(",
    ")",
    ",",
    "=",
    "a",
    "b",
    "a0",
    "\"text\"",
    "\"",
    "0",
    "1",
    "13",
    "37",
    "-1",
    "2147483647",
    "2147483648",
    "-2147483648",
    "99999999999999999999",
    "#",
    "//",
    "/*",
    "*/",
    "\n",
    "é",
];

fn token_soup() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        (
            proptest::sample::select(TOKENS),
            proptest::sample::select(&[" ", "", "\n"][..]),
        ),
        0..40,
    )
    .prop_map(|parts| parts.into_iter().map(|(t, s)| format!("{t}{s}")).collect())
}

/// The largest index `<= at` on a character boundary of `s`.
fn floor_boundary(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

/// An example with a piece cut out and a token spliced in.
fn mutated_example() -> impl Strategy<Value = String> {
    (
        0..EXAMPLES.len(),
        any::<prop::sample::Index>(),
        0usize..40,
        any::<prop::sample::Index>(),
        proptest::sample::select(TOKENS),
    )
        .prop_map(|(e, cut_at, cut_len, put_at, token)| {
            let src = EXAMPLES[e].source;
            let a = floor_boundary(src, cut_at.index(src.len() + 1));
            let b = floor_boundary(src, a + cut_len);
            let mut s = format!("{}{}", &src[..a], &src[b.max(a)..]);
            let p = floor_boundary(&s, put_at.index(s.len() + 1));
            s.insert_str(p, token);
            s
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn arbitrary_text_never_panics(src in any::<String>()) {
        script(&src);
    }

    #[test]
    fn token_soup_never_panics(src in token_soup()) {
        script(&src);
    }

    #[test]
    fn mutated_examples_never_panic(src in mutated_example()) {
        script(&src);
    }
}

/// Shapes, numbers and counts at the edges of their types: long `x` runs, 10+ card suits,
/// numbers past `i32`/`i64`, huge generate/produce counts.
#[test]
fn edge_numbers_and_shapes_never_panic() {
    let xs = "x".repeat(300);
    for src in [
        format!("condition shape(north, {xs})"),
        format!("condition shape(north, any {xs})"),
        "condition shape(north, 99999999999xx)".to_string(),
        "condition shape(north, 13+xxx - 4333)".to_string(),
        "condition hcp(north) >= 99999999999999999999999".to_string(),
        "condition hcp(north) * 2147483647 * 2147483647 > 0".to_string(),
        "condition -(-9223372036854775807 - 1) > 0".to_string(),
        "condition (0 - 2147483647 - 1) / -1 > 0".to_string(),
        "condition (0 - 9223372036854775807 - 1) % -1 == 0".to_string(),
        "generate 4294967296\nproduce 4294967296\ncondition hcp(north) > 10".to_string(),
        "altcount 4294967296 1 2 3\ncondition pt0(north) > 1".to_string(),
        "predeal north S".to_string() + &"A".repeat(300),
    ] {
        script(&src);
    }
}
