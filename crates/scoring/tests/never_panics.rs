//! Every text parser of the scoring crate never panics: results CSV and PBN (`read_results`),
//! contract and result strings, and event JSON (`Event::from_json`) take arbitrary strings and
//! near-valid inputs built from their own tokens; whatever reads is validated and scored with
//! every method. Each answer is a value — rows, problems with a line inside the text, cell
//! errors, or a parse error. The same checks run longer under `cargo fuzz` (`fuzz/`, see
//! docs/FUZZING.md).

use fairdeal_scoring::read::{read_csv, read_pbn, read_results, ReadProblemKind};
use fairdeal_scoring::{
    parse_result, score_event, Contract, Event, FinalContract, Method, Risk, ScoringOptions, Strain,
};
use proptest::prelude::*;

const METHODS: [Method; 5] = [
    Method::Matchpoints,
    Method::MatchpointsAcbl,
    Method::Butler,
    Method::CrossImps,
    Method::Vp,
];

/// Validates and scores an event with every method, publishes it (pairs and teams) and
/// writes its PBN 2.1 results, which read back to as many rows.
fn score_all(event: &Event) {
    use fairdeal_scoring::pbn_results::write_results_pbn;
    use fairdeal_scoring::publish::{publish_html, Kind, PublishOptions};
    for kind in [
        Kind::Pairs(vec![ScoringOptions::default()]),
        Kind::Teams { vp_corrected: true },
    ] {
        let opts = PublishOptions {
            title: String::new(),
            kind,
            fingerprint: None,
        };
        assert!(publish_html(event, &[], &opts).ends_with("</html>\n"));
    }
    let (score, _) = score_event(event, &ScoringOptions::default());
    let pbn = write_results_pbn("e", event, &score, Method::Matchpoints, &[]);
    let back = read_pbn(&pbn);
    let numbered = event
        .rows
        .iter()
        .filter(|r| r.board.trim().parse::<u32>().is_ok())
        .count();
    assert_eq!(back.event.rows.len(), numbered, "{pbn}");
    let (_, errors) = event.validate();
    for e in &errors {
        assert!(e.row < event.rows.len());
        assert!(!e.to_string().is_empty());
    }
    for method in METHODS {
        let opts = ScoringOptions {
            method,
            ..ScoringOptions::default()
        };
        let _ = score_event(event, &opts);
    }
}

/// Reads `text` with every reader; problems must name lines of the text.
fn read_everything(text: &str) {
    let lines = text.lines().count().max(1);
    for out in [read_results(text), read_csv(text), read_pbn(text)] {
        for p in &out.problems {
            assert!(p.line >= 1 && p.line <= lines, "line {} of {lines}", p.line);
            assert!(!p.to_string().is_empty());
        }
        score_all(&out.event);
        let json = out.event.to_json();
        assert_eq!(Event::from_json(&json).ok().as_ref(), Some(&out.event));
    }
}

/// Contract and result text: parsed, and a parsed contract takes any result text.
fn contract_and_result(contract: &str, result: &str) {
    match contract.parse::<FinalContract>() {
        Ok(FinalContract::Bid(c)) => {
            assert_eq!(
                c.to_string().parse::<FinalContract>(),
                Ok(FinalContract::Bid(c))
            );
            if let Ok(tricks) = parse_result(result, c) {
                assert!(tricks <= 13);
                for vul in [false, true] {
                    assert!(c.declarer_score(vul, tricks).is_ok());
                }
            }
        }
        Ok(FinalContract::PassedOut) => {}
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}

fn every_contract() -> impl Strategy<Value = Contract> {
    (
        1u8..=7,
        proptest::sample::select(
            &[
                Strain::Clubs,
                Strain::Diamonds,
                Strain::Hearts,
                Strain::Spades,
                Strain::Notrump,
            ][..],
        ),
        proptest::sample::select(&[Risk::Undoubled, Risk::Doubled, Risk::Redoubled][..]),
    )
        .prop_filter_map("levels 1-7", |(level, strain, risk)| {
            Contract::new(level, strain, risk)
        })
}

/// Cell values of a results file, valid and not, including numbers at type limits.
const CELLS: &[&str] = &[
    "1",
    "2",
    "16",
    "0",
    "-1",
    "4294967295",
    "4294967296",
    "99999999999",
    "3NT",
    "4S",
    "4SX",
    "7NTXX",
    "1C",
    "8H",
    "0S",
    "4♠",
    "PASS",
    "p",
    "-",
    "",
    "N",
    "E",
    "S",
    "W",
    "X",
    "=",
    "+1",
    "-2",
    "+6",
    "-13",
    "+999",
    "-999",
    "13",
    "14",
    "=0",
    "M",
    "SA",
    "H10",
    "♥T",
    "420",
    "-420",
    "+2147483647",
    "-2147483648",
    "2147483648",
    "−100",
    "A+",
    "A-",
    "A",
    "A+/A-",
    "NP",
    "60%",
    "1 & 2",
    "\"quoted, cell\"",
    "\"",
    "é",
    "=1+2",
    "@SUM(A1)",
];

const HEADERS: &[&str] = &[
    "board", "ns", "ew", "contract", "declarer", "result", "lead", "score", "adj", "Board",
    "unknown", "",
];

fn csv() -> impl Strategy<Value = String> {
    let header = proptest::collection::vec(proptest::sample::select(HEADERS), 1..10);
    let row = proptest::collection::vec(proptest::sample::select(CELLS), 0..10);
    (header, proptest::collection::vec(row, 0..12)).prop_map(|(h, rows)| {
        let mut s = h.join(",");
        for r in rows {
            s.push('\n');
            s.push_str(&r.join(","));
        }
        s
    })
}

const TAGS: &[&str] = &[
    "Board",
    "Contract",
    "Declarer",
    "Result",
    "PairId_NS",
    "PairId_EW",
    "PairNS",
    "PairEW",
    "North",
    "South",
    "East",
    "West",
    "Score",
    "Auction",
    "Play",
    "Event",
    "ScoreTable",
];

const TAG_VALUES: &[&str] = &[
    "1",
    "4294967295",
    "0",
    "#",
    "?",
    "",
    "4S",
    "3NT",
    "Pass",
    "N",
    "S",
    "10",
    "13",
    "NS 420",
    "EW 100",
    "EW -2147483648",
    "NS -2147483648",
    "EW 2147483647",
    "NS",
    "EW",
    "420",
    "1 2 3",
    "A",
    "\\\"",
    "\\\\",
    "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;Adj",
    "+Rank\\\\3R;PairId_NS\\\\2R;Names_EW;Contract\\\\4L;Result",
    "Contract;Result",
];

fn pbn_line() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => (proptest::sample::select(TAGS), proptest::sample::select(TAG_VALUES))
            .prop_map(|(t, v)| format!("[{t} \"{v}\"]")),
        1 => Just(String::new()),
        1 => proptest::sample::select(&["{ comment", "}", "{a}", "% x", "; x", "*", "1S 2H", "[Bad", "[]"][..])
            .prop_map(str::to_string),
        2 => proptest::sample::select(&[
            "1 2 4S N 10 420 - -", "\"Ann & Bob\" 3 Pass - - 0 - A+/A-", "3 4 - - - - - NP",
            "5 6 3NT S 8 - 50", "\"open", "^2.00 ? - 7 8", "1 2 4S N 99 x y z",
        ][..]).prop_map(str::to_string),
        1 => "[^\n]{0,20}",
    ]
}

fn pbn() -> impl Strategy<Value = String> {
    proptest::collection::vec(pbn_line(), 0..30).prop_map(|l| l.join("\n"))
}

fn event_json() -> impl Strategy<Value = String> {
    let cell = proptest::sample::select(CELLS);
    let row = (cell.clone(), cell.clone(), cell.clone(), cell.clone(), cell.clone(), cell)
        .prop_map(|(b, c, d, r, s, a)| {
            format!(
                r#"{{"board":{b:?},"ns":"1","ew":"2","contract":{c:?},"declarer":{d:?},"result":{r:?},"score":{s:?},"adj":{a:?}}}"#
            )
        });
    let version =
        proptest::sample::select(&["1", "2", "0", "-1", "4294967296", "1.5", "\"1\""][..]);
    (version, proptest::collection::vec(row, 0..8), any::<bool>()).prop_map(|(v, rows, cut)| {
        let text = format!(
            r#"{{"format":"fairdeal-scoring-event","version":{v},"name":"e","rows":[{}]}}"#,
            rows.join(",")
        );
        if cut {
            // A truncated save: cut at a character boundary in the middle.
            let mut at = text.len() / 2;
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text[..at].to_string()
        } else {
            text
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_reads_without_panic(text in any::<String>()) {
        read_everything(&text);
        let _ = Event::from_json(&text);
    }

    #[test]
    fn near_valid_csv_reads_without_panic(text in csv()) {
        read_everything(&text);
    }

    #[test]
    fn near_valid_pbn_reads_without_panic(text in pbn()) {
        read_everything(&text);
    }

    #[test]
    fn contract_text_never_panics(contract in any::<String>(), result in any::<String>()) {
        contract_and_result(&contract, &result);
    }

    #[test]
    fn contract_tokens_never_panic(
        contract in "[0-9]{0,2}[CDHSNTcdhsnt♠♥♦♣]{0,2}[Xx*×]{0,3}",
        result in proptest::sample::select(CELLS),
        c in every_contract(),
    ) {
        contract_and_result(&contract, result);
        if let Ok(tricks) = parse_result(result, c) {
            prop_assert!(tricks <= 13);
        }
    }

    #[test]
    fn event_json_never_panics(text in event_json()) {
        if let Ok(event) = Event::from_json(&text) {
            score_all(&event);
        }
    }
}

/// `EW -2147483648` negated `i32::MIN`: a panic in debug builds, and in release the score
/// stayed -2147483648 (NS's view of EW's huge minus would have been the wrong sign).
#[test]
fn pbn_score_ew_i32_min_is_a_problem_not_an_overflow() {
    let text = "[Board \"1\"]\n[PairId_NS \"1\"]\n[PairId_EW \"2\"]\n[Score \"EW -2147483648\"]\n";
    let out = read_pbn(text);
    assert!(out.event.rows.is_empty(), "{:?}", out.event.rows);
    assert_eq!(out.problems.len(), 1, "{:?}", out.problems);
    assert_eq!(out.problems[0].line, 1);
    assert_eq!(
        out.problems[0].kind,
        ReadProblemKind::BadScore {
            text: "EW -2147483648".into()
        }
    );
    // The largest EW score still reads, negated for NS.
    let ok = read_pbn(&text.replace("-2147483648", "2147483647"));
    assert_eq!(ok.event.rows[0].score, "-2147483647");
}

/// Board 4294967295 (`u32::MAX`) reads, validates and scores: the vulnerability cycle and the
/// dealer take any board number.
#[test]
fn board_u32_max_scores() {
    let text =
        "board,ns,ew,contract,declarer,result\n4294967295,1,2,4S,N,=\n4294967295,3,4,4S,N,+1\n";
    let out = read_csv(text);
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let (results, errors) = out.event.validate();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(results[0].board, u32::MAX);
    // Board 4294967295 is board 15 of the cycle: NS vulnerable, so 4S= scores 620.
    assert_eq!(results[0].ns_score, Some(620));
    score_all(&out.event);
    let too_big = read_csv(&text.replace("4294967295", "4294967296"));
    assert!(!too_big.event.validate().1.is_empty());
}

/// A stored contract with level 250 deserialised as is, and `tricks_needed` (level + 6)
/// overflowed `u8`; levels outside 1–7 are now refused when read.
#[test]
fn deserialised_contract_levels_are_checked() {
    for level in [0, 8, 250, 255] {
        let json = format!(r#"{{"level":{level},"strain":"Spades","risk":"Undoubled"}}"#);
        let err = serde_json::from_str::<Contract>(&json).expect_err("level out of range");
        assert!(err.to_string().contains("level"), "{err}");
    }
    let c = Contract::new(4, Strain::Spades, Risk::Doubled).expect("4SX");
    let json = serde_json::to_string(&c).expect("serialises");
    assert_eq!(serde_json::from_str::<Contract>(&json).ok(), Some(c));
    assert_eq!(
        serde_json::from_str::<Contract>(&json.replace('4', "7"))
            .map(|c| c.tricks_needed())
            .ok(),
        Some(13)
    );
}
