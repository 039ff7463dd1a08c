//! Questions as values, natively: the query string round-trips for every kind, known answers
//! from the reference tables come out of `Question::answer`, bad input is a message at the
//! field, every lesson step parses and answers, and thousands of junk query strings never
//! panic. (The app's wasm test `crates/app/tests/probability.rs` checks the same through the
//! page's re-exports in Chromium.)

use fairdeal_model::{Rank, Suit};
use fairdeal_prob::question::{
    lesson_step, parse_hand, parse_holding, parse_rank, parse_stat, percent_decode, percent_encode,
    Field, Kind, Layout, Question, KINDS, LESSONS,
};
use fairdeal_prob::shape::ShapeStatistic;
use fairdeal_prob::Fraction;

fn answer(q: &str) -> fairdeal_prob::Answer {
    Question::from_query(q).unwrap().answer().unwrap()
}

fn percent_of(q: &str, label: &str) -> String {
    answer(q).chart.row(label).unwrap().percent.clone()
}

fn fraction(f: Fraction) -> (u128, u128) {
    (f.numerator, f.denominator)
}

#[test]
fn known_answers_from_the_reference_tables() {
    assert_eq!(percent_of("q=splits&n=4", "3-1"), "49.74");
    assert_eq!(percent_of("q=splits&n=4", "2-2"), "40.70");
    assert_eq!(percent_of("q=splits&n=4", "4-0"), "9.57");
    assert_eq!(percent_of("?q=splits&n=5&w=13&e=13", "3-2"), "67.83");
    // Eight ever, nine never.
    let nine = answer("q=finesse&cards=Qxxx&honours=Q").chart;
    assert_eq!(fraction(nine.rows[0].probability), (333, 575));
    assert_eq!(fraction(nine.rows[1].probability), (1293, 2300));
    let eight = answer("q=finesse&cards=Qxxxx&honours=Q").chart;
    assert_eq!(fraction(eight.rows[0].probability), (799, 2300));
    assert_eq!(fraction(eight.rows[1].probability), (243, 460));
    // Restricted choice: East dropped the Q from QJ.
    let rc = answer("q=restricted&cards=QJxx&honours=QJ&player=E&played=Q").chart;
    assert_eq!(fraction(rc.row("East Q").unwrap().probability), (11, 17));
    assert_eq!(fraction(rc.row("East QJ").unwrap().probability), (6, 17));
    // Vacant places.
    let v = answer("q=vacant&w=7&e=11").chart;
    assert_eq!(fraction(v.row("West").unwrap().probability), (7, 18));
    // Layouts: labels read as bars, numeric scales as columns.
    assert_eq!(answer("q=splits&n=4").layout, Layout::Bars);
    assert_eq!(answer("q=hcp").layout, Layout::Columns);
}

#[test]
fn display_and_from_str_round_trip_every_kind_and_every_field() {
    let keys: std::collections::HashSet<&str> = KINDS.iter().map(|k| k.key).collect();
    assert_eq!(keys.len(), KINDS.len(), "unique kind keys");
    let fields: std::collections::HashSet<&str> = Field::ALL.iter().map(|f| f.key()).collect();
    assert_eq!(fields.len(), Field::ALL.len(), "unique field keys");
    for info in KINDS {
        // Every field set to text that needs percent-encoding (spaces, symbols, ♠).
        let mut q = Question {
            kind: info.kind,
            ..Question::default()
        };
        for f in Field::ALL {
            q.set(f, format!("{} &=+%♠ {}", f.key(), info.key));
        }
        let back: Question = q.to_string().parse().unwrap();
        assert_eq!(back.kind, q.kind);
        for f in Field::ALL {
            let expected = if info.fields.contains(&f) {
                q.get(f).to_string()
            } else {
                Question::default().get(f).to_string()
            };
            assert_eq!(back.get(f), expected, "{} {}", info.key, f.key());
        }
        for f in info.fields {
            assert_eq!(Field::from_key(f.key()), Some(*f));
        }
    }
    for info in KINDS {
        let q = Question {
            kind: info.kind,
            ..Question::default()
        };
        assert!(q.answer().is_ok(), "{} answers by default", info.key);
    }
    assert_eq!(percent_encode("K J/♠"), "K%20J%2F%E2%99%A0");
    assert_eq!(percent_decode("K%20J%2F%E2%99%A0"), "K J/♠");
    assert_eq!(percent_decode("a+b%zz%4"), "a b%zz%4");
    let err = "q=nonsense&n=4".parse::<Question>().unwrap_err();
    assert_eq!(err.field, None);
    assert!(
        err.to_string()
            .contains("q=nonsense: expected q= one of splits"),
        "{err}"
    );
    assert!("n=4"
        .parse::<Question>()
        .unwrap_err()
        .message
        .starts_with("no q=:"));
}

#[test]
fn bad_input_is_a_message_at_the_field() {
    let cases = [
        ("q=splits&n=14", Field::Missing),
        ("q=splits&n=abc", Field::Missing),
        ("q=splits&n=5&w=2&e=2", Field::Missing),
        ("q=splits&n=5&w=20", Field::WestVacant),
        ("q=honour&cards=Q4Z2&honours=Q", Field::Cards),
        ("q=honour&cards=Q432&honours=K", Field::Honours),
        ("q=finesse&cards=KQxx&honours=KQ", Field::Honours),
        ("q=restricted&cards=QJxx&honours=QJ&player=N", Field::Player),
        (
            "q=restricted&cards=QJxx&honours=QJ&player=E&played=K",
            Field::Played,
        ),
        ("q=shape&stat=widest", Field::Stat),
        ("q=partner&hcp=40", Field::OwnHcp),
        ("q=fit&hand=AKQ.234", Field::Hand),
        ("q=partnerhand&hand=AKQJ.AKQJ.AKQJ.AK", Field::Hand),
    ];
    for (query, field) in cases {
        let err = Question::from_query(query).unwrap().answer().unwrap_err();
        assert_eq!(err.field, Some(field), "{query}: {}", err.message);
        assert!(err.message.contains("expected"), "{query}: {}", err.message);
        assert!(err.to_string().contains(field.key()), "{query}: {err}");
    }
    assert_eq!(parse_holding("QJxx").unwrap().to_string(), "QJ32");
    assert_eq!(parse_holding("KJ1032").unwrap().to_string(), "KJT32");
    assert!(parse_holding("AA").unwrap_err().contains("A twice"));
    assert!(parse_holding("xxxxxxxxxxxxxx")
        .unwrap_err()
        .contains("at most 13"));
    assert_eq!(parse_hand("AKJ4.QT3.K82.964").unwrap().len(), 13);
    assert!(parse_hand("AKJx.QT3.K82.964").unwrap_err().contains("no x"));
    assert_eq!(parse_rank("10"), Ok(Rank::TEN));
    assert!(parse_rank("QJ").is_err());
    assert_eq!(
        parse_stat("H"),
        Ok(ShapeStatistic::SuitLength(Suit::Hearts))
    );
    assert_eq!(parse_stat(" voids "), Ok(ShapeStatistic::Voids));
}

#[test]
fn lessons_parse_and_answer() {
    let mut keys: Vec<&str> = LESSONS.iter().map(|l| l.key).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), LESSONS.len(), "unique lesson keys");
    for lesson in LESSONS {
        let qs = lesson.questions();
        assert_eq!(qs.len(), lesson.steps.len(), "{}", lesson.key);
        for (step, q) in lesson.steps.iter().zip(&qs) {
            assert!(q.answer().is_ok(), "{} {step}", lesson.key);
            // A step's query string is its question's own form.
            assert_eq!(Question::from_query(&q.to_query()).as_ref(), Some(q));
        }
    }
    let (lesson, step, q) = lesson_step("?lesson=hcp&step=2").unwrap();
    assert_eq!((lesson.key, step, q.kind), ("hcp", 2, Kind::PartnerHcp));
    assert_eq!(q.own_hcp, "12");
    let (_, last, q) = lesson_step("lesson=hcp&step=99").unwrap();
    assert_eq!(
        (last, q.kind),
        (4, Kind::LongestFit),
        "clamped to the last step"
    );
    assert_eq!(lesson_step("lesson=hcp").unwrap().1, 0);
    assert!(lesson_step("lesson=nope&step=1").is_none());
    assert!(lesson_step("q=hcp").is_none());
}

/// 20,000 query strings from valid, out-of-range, percent-encoded and junk tokens (a fixed
/// xorshift stream, so a failure reproduces): each opens no question or one whose answer is
/// a chart or a message; parsers never panic.
#[test]
fn query_strings_never_panic() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut pick = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let keys: Vec<String> = KINDS
        .iter()
        .map(|k| format!("q={}", k.key))
        .chain(["q=", "q=%", "q=zz"].map(String::from))
        .collect();
    let fields = [
        "n", "w", "e", "cards", "honours", "player", "played", "stat", "hcp", "hand", "x", "",
    ];
    let values = [
        "",
        "0",
        "1",
        "4",
        "13",
        "26",
        "27",
        "-1",
        "99999999999999999999",
        "3.5",
        "AK",
        "KQJT9",
        "AKQJT98765432",
        "AKQJT98765432A",
        "xx",
        "S:AK H:QJ",
        "AKQ2.JT3.K765.A9",
        "AKQ2.JT3.K765",
        "%",
        "%4",
        "%41%4B",
        "%FF%FE",
        "+",
        "W",
        "E",
        "N",
        "hcp",
        "shape",
        "é",
        "♠AK",
        "\u{0}",
        "Q",
        "QJ",
        "10",
    ];
    for _ in 0..20_000 {
        let mut q = keys[pick(keys.len())].clone();
        for _ in 0..pick(6) {
            q.push('&');
            q.push_str(fields[pick(fields.len())]);
            if pick(5) > 0 {
                q.push('=');
            }
            q.push_str(values[pick(values.len())]);
            if pick(4) == 0 {
                q.push_str(values[pick(values.len())]);
            }
        }
        if let Some(question) = Question::from_query(&q) {
            let _ = question.answer();
        }
        let text = values[pick(values.len())].to_string() + values[pick(values.len())];
        let _ = parse_hand(&text);
        let _ = parse_holding(&text);
        let _ = parse_rank(&text);
        let _ = parse_stat(&text);
    }
}
