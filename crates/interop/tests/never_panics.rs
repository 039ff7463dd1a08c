//! The PBN and LIN readers never panic — the property-test counterpart of the `pbn` and `lin`
//! fuzz targets (`fuzz/`, see docs/FUZZING.md), run in every `cargo test`. Arbitrary bytes and
//! near-valid files built from each format's own tags and tokens are read; every problem names
//! a line of the input; what was read writes back and reads back unchanged.

use fairdeal_interop::dd::parse_par;
use fairdeal_interop::{read_lin, read_pbn, write_lin, write_pbn, LinOptions, PbnOptions};
use proptest::prelude::*;

/// The `pbn` fuzz target's checks.
fn pbn(data: &[u8]) {
    let out = read_pbn(data);
    let lines = data.split(|&b| b == b'\n').count();
    for p in &out.problems {
        assert!(p.line >= 1 && p.line <= lines, "line {} of {lines}", p.line);
    }
    let text = write_pbn(&out.boards, &PbnOptions::default());
    let again = read_pbn(text.as_bytes());
    let mut expected = out.boards.clone();
    for b in &mut expected {
        b.hands = b.hands_for_output();
    }
    assert_eq!(
        again.boards, expected,
        "write → read changed the boards:\n{text}"
    );
}

/// The `lin` fuzz target's checks.
fn lin(data: &[u8]) {
    let out = read_lin(data);
    let lines = data.split(|&b| b == b'\n').count();
    for p in &out.problems {
        assert!(p.line >= 1 && p.line <= lines, "line {} of {lines}", p.line);
    }
    let _ = write_lin(&out.boards, &LinOptions::default());
    let text = write_pbn(&out.boards, &PbnOptions::default());
    let again = read_pbn(text.as_bytes());
    let mut expected = out.boards.clone();
    for b in &mut expected {
        b.hands = b.hands_for_output();
    }
    assert_eq!(
        again.boards, expected,
        "LIN → PBN → model changed the boards:\n{text}"
    );
}

const PBN_TAGS: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Board",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Contract",
    "Declarer",
    "Result",
    "Auction",
    "Play",
    "North",
    "Score",
    "OptimumResultTable",
    "ParContract",
    "OptimumScore",
    "Note",
];

const PBN_VALUES: &[&str] = &[
    "1",
    "0",
    "4294967295",
    "4294967296",
    "N",
    "E",
    "None",
    "All",
    "NS",
    "N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432",
    "E:AKQJ.AKQ.AKQ.AKQ - - -",
    "N:AKQJ.AKQ.AKQ.AKQ",
    "4S",
    "3NTX",
    "Pass",
    "10",
    "13",
    "14",
    "#",
    "?",
    "",
    "Declarer;Denomination\\2R;Result\\2R",
    "4S NS",
    "3NT+1 N",
    "7NTX-13 EW",
    "NS 420",
    "EW 100",
    "EW -2147483648",
    "NS -2147483648",
    "EW 2147483647",
    "é",
    "\\\"",
];

const PBN_LINES: &[&str] = &[
    "",
    "1S Pass 2H Pass",
    "Pass Pass Pass",
    "AP",
    "=1=",
    "S A H 2 D K C 3",
    "SA HK - -",
    "N S 4",
    "N NT 13",
    "S H 99",
    "*",
    "; comment",
    "{ open comment",
    "}",
    "% PBN 2.1",
    "[Bad",
];

fn pbn_text() -> impl Strategy<Value = Vec<u8>> {
    let line = prop_oneof![
        6 => (proptest::sample::select(PBN_TAGS), proptest::sample::select(PBN_VALUES))
            .prop_map(|(t, v)| format!("[{t} \"{v}\"]")),
        3 => proptest::sample::select(PBN_LINES).prop_map(str::to_string),
        1 => "[^\n]{0,24}",
    ];
    (proptest::collection::vec(line, 0..24), any::<bool>())
        .prop_map(|(lines, crlf)| lines.join(if crlf { "\r\n" } else { "\n" }).into_bytes())
}

const LIN_KEYS: &[&str] = &[
    "pn", "st", "md", "rh", "ah", "sv", "mb", "an", "pc", "mc", "qx", "vg", "pg", "nt", "",
];

const LIN_VALUES: &[&str] = &[
    "a,b,c,d",
    "",
    "3SAKQJHAKQDAKQCAKQ,ST98HJT98DJT9CJT9,S765H765D8765C876,",
    "1S2H3D4C,,,",
    "4S5,,,",
    "Board 1",
    "Board 4294967296",
    "o",
    "n",
    "b",
    "e",
    "1S",
    "1s!",
    "p",
    "d",
    "r",
    "7N",
    "8S",
    "SA",
    "HT",
    "C2",
    "13",
    "99",
    "é",
    "o1",
];

fn lin_text() -> impl Strategy<Value = Vec<u8>> {
    let pair = prop_oneof![
        8 => (proptest::sample::select(LIN_KEYS), proptest::sample::select(LIN_VALUES))
            .prop_map(|(k, v)| format!("{k}|{v}|")),
        1 => Just("\n".to_string()),
        1 => "[^|]{0,10}\\|",
    ];
    proptest::collection::vec(pair, 0..40).prop_map(|p| p.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes_never_panic(data in any::<Vec<u8>>()) {
        pbn(&data);
        lin(&data);
    }

    #[test]
    fn near_valid_pbn_never_panics(data in pbn_text()) {
        pbn(&data);
    }

    #[test]
    fn near_valid_lin_never_panics(data in lin_text()) {
        lin(&data);
    }

    #[test]
    fn par_text_never_panics(
        contract in prop_oneof![any::<String>(), "[1-8]?(NT|[SHDCN])?X?[+=-]?[0-9]{0,2} ?(NS|EW|N|S|E|W)?(; )?"],
        score in prop_oneof![any::<String>(), "(NS|EW|ns|X)? ?-?[0-9]{0,11}"],
    ) {
        let _ = parse_par(&contract, &score);
    }
}

/// `EW -2147483648` was negated in `i32`: a panic in debug builds, a wrong-signed par in
/// release. It is now an error naming the value, reported as a problem of the board.
#[test]
fn optimum_score_ew_i32_min_is_an_error() {
    let err = parse_par("4S N", "EW -2147483648").expect_err("no NS score in i32");
    assert!(err.contains("-2147483648"), "{err}");
    assert_eq!(
        parse_par("4S N", "EW 2147483647").map(|p| p.ns_score),
        Ok(-2147483647)
    );
    let file = "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT98.JT9.JT9 765.765.8765.876 432.432.432.5432\"]\n\
                [ParContract \"4S N\"]\n[OptimumScore \"EW -2147483648\"]\n";
    let out = read_pbn(file.as_bytes());
    assert_eq!(out.boards.len(), 1);
    assert!(out.boards[0].par.is_none());
    assert!(!out.problems.is_empty());
}

/// Found by the `lin` fuzz target (run with overflow checks): a LIN event or player name `#`
/// was written to PBN as `[Event "#"]`, which PBN reads as "the previous game's value", so the
/// board changed on the way. A lone `#` now reads as unknown, like `?`.
#[test]
fn lin_hash_names_read_as_unknown() {
    let data =
        b"vg|#,x|pn|#,b,c,d|qx|o1|md|3SAKQJHAKQDAKQCAKQ,ST98HJT98DJT9CJT9,S765H765D8765C876,|";
    let out = read_lin(data);
    assert_eq!(out.boards.len(), 1);
    assert_eq!(out.boards[0].event, None);
    lin(data);
    lin(b"qx|o1|vg|#|qx|o2|vg|#|");
}
