//! The constraint-text parser never panics: arbitrary strings and near-valid lines built from
//! the grammar's own words go through `parse`, `render`, `Display` and `constraints`, and every
//! answer is a value — a `Spec` or errors whose spans lie on character boundaries of the input.
//! The same checks run for much longer under `cargo fuzz` (`fuzz/`, see docs/FUZZING.md).

use fairdeal_constrain::{parse, ParseErrorKind};
use proptest::prelude::*;

/// Runs every entry point a user's text reaches and checks the shape of each answer.
fn exercise(src: &str) {
    match parse(src) {
        Ok(spec) => {
            let _ = spec.constraints(None);
            for i in 0..=spec.categories.len() {
                let _ = spec.constraints(Some(i));
            }
            let printed = spec.to_string();
            let back = parse(&printed)
                .unwrap_or_else(|e| panic!("printed spec does not parse:\n{printed}\n{e}"));
            assert_eq!(back, spec, "printed:\n{printed}");
        }
        Err(errors) => {
            assert!(!errors.0.is_empty());
            for e in &errors.0 {
                assert!(
                    e.span.start <= e.span.end && e.span.end <= src.len(),
                    "span {:?} outside {} bytes",
                    e.span,
                    src.len()
                );
                assert!(src.is_char_boundary(e.span.start) && src.is_char_boundary(e.span.end));
                let (line, col) = e.line_col(src);
                assert!(line >= 1 && col >= 1);
                assert!(!e.to_string().is_empty());
            }
            let _ = errors.render(src);
        }
    }
}

/// Words of the language, plus numbers and forms at and past its limits.
const WORDS: &[&str] = &[
    "north",
    "n",
    "east",
    "e",
    "south",
    "s",
    "west",
    "w",
    "ns",
    "ew",
    "scale",
    "category",
    "weight",
    "hcp",
    "controls",
    "zar",
    "shape",
    "has",
    "is",
    "fit",
    "any",
    "balanced",
    "semibalanced",
    "one-suited",
    "two-suited",
    "three-suited",
    "five-card-major",
    "spades",
    "hearts",
    "diamonds",
    "clubs",
    "majors",
    "minors",
    "4432",
    "4333",
    "7600",
    "9999",
    "5=4=x=x",
    "5+=x=x=x",
    "4-5=x=x=3",
    "x=x=x=x=x",
    "+",
    "-",
    "0",
    "5",
    "13",
    "14",
    "255",
    "256",
    "15-17",
    "17-15",
    "25+",
    "12.5",
    "12.5+",
    "9999.5",
    "99999",
    "4294967295",
    "4294967296",
    "18446744073709551616",
    "AKxx",
    "AKQJT98765432",
    "xxxxxxxxxxxxxx",
    "AKQJT98765432x",
    "SA",
    "H10",
    "♥T",
    "D2",
    "C",
    "AKQ2.JT3.K765.A9",
    "AKQJT98765432...",
    "-.-.-.-",
    "A4",
    "K3",
    "Q2",
    "J1",
    "T0.5",
    "A255",
    "A31.5",
    "\"quoted name\"",
    "[\"strong\"",
    "a\"b",
    "\"",
    "#",
    "é",
    "♠",
    "",
];

fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        8 => proptest::sample::select(WORDS).prop_map(str::to_string),
        1 => "[0-9x.+=-]{0,12}",
        1 => (1usize..300).prop_map(|n| "x".repeat(n)),
        1 => (0usize..300, 0usize..300).prop_map(|(a, b)| format!("A{}{}", "x".repeat(a), "x".repeat(b))),
    ]
}

fn line() -> impl Strategy<Value = String> {
    let sep = proptest::sample::select(&[" ", " ", ", ", ": ", ":", ",", "\t", " # "][..]);
    proptest::collection::vec((word(), sep), 0..9).prop_map(|parts| {
        parts
            .into_iter()
            .map(|(w, s)| format!("{w}{s}"))
            .collect::<String>()
    })
}

fn near_valid() -> impl Strategy<Value = String> {
    proptest::collection::vec(line(), 1..6).prop_map(|lines| lines.join("\n"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_text_never_panics(src in any::<String>()) {
        exercise(&src);
    }

    #[test]
    fn near_valid_text_never_panics(src in near_valid()) {
        exercise(&src);
    }

    #[test]
    fn statements_with_grammar_words_never_panic(
        who in proptest::sample::select(&["north", "ns", "s", "ew", "w"][..]),
        conds in proptest::collection::vec(line(), 1..4),
    ) {
        exercise(&format!("scale zar A4 K3 Q2 J1 T0.5\n{who}: {}", conds.join(", ")));
    }
}

/// 256 spot cards used to wrap the `u8` spot counter (a panic in debug builds, a 0-card
/// holding in release); now it is a positioned error.
#[test]
fn holding_with_256_spots_is_an_error() {
    let src = format!("north: spades {}", "x".repeat(256));
    let errors = parse(&src).expect_err("no suit holds 256 cards");
    assert_eq!(errors.0.len(), 1);
    assert_eq!(errors.0[0].span, 14..src.len());
    assert!(matches!(errors.0[0].kind, ParseErrorKind::Expected { .. }));
}

/// 13 named ranks plus 243 spots summed past 255 in `u8`.
#[test]
fn holding_whose_count_passes_255_is_an_error() {
    let src = format!("south: hearts AKQJT98765432{}", "x".repeat(243));
    let errors = parse(&src).expect_err("no suit holds 256 cards");
    assert_eq!(errors.0[0].span, 14..src.len());
}

/// Fourteen cards in one suit (the largest count that fits in `u8` and is still wrong).
#[test]
fn holding_with_fourteen_cards_is_an_error() {
    assert!(parse(&format!("west: clubs {}", "x".repeat(14))).is_err());
    assert!(parse("west: clubs AKQJT98765432x").is_err());
    let ok = parse(&format!("west: clubs {}", "x".repeat(8))).expect("eight spot cards");
    assert_eq!(ok.to_string(), "west: clubs xxxxxxxx\n");
}

/// The largest numbers the parser accepts reach the engine, which answers with a count or an
/// error — never an arithmetic panic.
#[test]
fn extreme_accepted_numbers_reach_the_engine() {
    use fairdeal_constrain::{Dealer, Options};
    let options = Options {
        budget: 2_000_000,
        max_tries: 1_000,
        ..Options::default()
    };
    for src in [
        "north: hcp 9999.5+",
        "north: hcp 0-9999.5",
        "ns: hcp 9999.5",
        "ew: controls 9999+",
        "scale big A31.5\nnorth: big 9999.5\nns: big 0-9999",
        "ns: fit 13+ majors\nnorth: spades 13",
        "north: spades xxxxxxxx\nsouth: spades xxxxxxxx",
        "category a weight 4294967295\nnorth: hcp 37",
    ] {
        let spec = parse(src).unwrap_or_else(|e| panic!("{src}: {e}"));
        for category in [None, Some(0)] {
            if let Ok(set) = spec.constraints(category) {
                if let Ok(dealer) = Dealer::new(&set, options) {
                    let _ = dealer.count();
                }
            }
        }
    }
}

/// Found by the `parse` fuzz target: a bare category name with a quote inside (`["strong"`)
/// printed as `"["strong""`, which reads back as another name. It is now an error at the name.
#[test]
fn bare_category_name_with_a_quote_is_an_error() {
    let src = "category [\"strong\" weight 2\nnorth: hcp 20+";
    let errors = parse(src).expect_err("a quote inside a bare name");
    assert_eq!(errors.0.len(), 1);
    assert_eq!(errors.0[0].span, 9..18);
    let quoted = parse("category \"[strong\" weight 2\nnorth: hcp 20+").expect("quoted");
    assert_eq!(quoted.categories[0].name, "[strong");
    assert_eq!(parse(&quoted.to_string()), Ok(quoted));
}

/// Found by the `parse` fuzz target: a scale whose values are all zero (`scale z T0`) printed
/// as `scale z`, which does not read. It now prints `scale z A0`.
#[test]
fn all_zero_scale_prints_back() {
    let spec = parse("scale z T0\nnorth: z 0").expect("a zero scale is allowed");
    assert_eq!(spec.scales[0].weights, [0; 5]);
    let printed = spec.to_string();
    assert_eq!(printed, "scale z A0\nnorth: z 0\n");
    assert_eq!(parse(&printed), Ok(spec));
}
