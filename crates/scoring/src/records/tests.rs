use super::*;
use crate::event::{Event, ResultRow};
use fairdeal_model::dd::{ParContract, Side};
use fairdeal_model::Strain;

fn deal() -> Deal {
    Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432").unwrap()
}

/// A table where N/S take 10 tricks in spades and 9 in notrump, E/W 3 in spades.
fn table() -> DdTable {
    let mut t = [[0u8; 4]; 5];
    for seat in Seat::ALL {
        let ns = is_ns(seat);
        t[Strain::Spades.index()][seat.index()] = if ns { 10 } else { 3 };
        t[Strain::Notrump.index()][seat.index()] = if ns { 9 } else { 4 };
        t[Strain::Hearts.index()][seat.index()] = if ns { 6 } else { 7 };
    }
    DdTable::new(t).unwrap()
}

fn record(board: u32) -> BoardRecord {
    BoardRecord {
        dd: Some(table()),
        par: Some(Par {
            ns_score: 420,
            contracts: vec![ParContract {
                level: 4,
                strain: Strain::Spades,
                doubled: false,
                side: Side::NorthSouth,
                declarers: vec![Seat::North, Seat::South],
                overtricks: 0,
            }],
        }),
        ..BoardRecord::standard(board, deal())
    }
}

fn row(board: u32, ns: &str, ew: &str, c: &str, d: &str, r: &str) -> ResultRow {
    ResultRow {
        board: board.to_string(),
        ns: ns.into(),
        ew: ew.into(),
        contract: c.into(),
        declarer: d.into(),
        result: r.into(),
        ..ResultRow::default()
    }
}

fn results(rows: Vec<ResultRow>) -> Vec<TableResult> {
    let event = Event {
        rows,
        ..Event::default()
    };
    let (results, errors) = event.validate();
    assert!(errors.is_empty(), "{errors:?}");
    results
}

#[test]
fn lines_against_dd_and_par_known_answers() {
    // Board 1: none vulnerable.
    let rs = results(vec![
        row(1, "1", "11", "4S", "N", "+1"), // 11 tricks, DD 10 → +1; 450 − 420 = +30
        row(1, "2", "12", "3NT", "S", "-1"), // 8 tricks, DD 9 → −1; −50 − 420 = −470
        row(1, "3", "13", "3H", "E", "="),  // 9 tricks, DD 7 → +2 for E, −2 for NS; −140 − 420
        row(1, "4", "14", "PASS", "", ""),
    ]);
    let (lines, boards) = check_results(&rs, &[record(1)]);
    let got: Vec<_> = lines
        .iter()
        .map(|l| {
            (
                l.dd_tricks,
                l.tricks_vs_dd,
                l.ns_tricks_vs_dd,
                l.score_vs_par,
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            (Some(10), Some(1), Some(1), Some(30)),
            (Some(9), Some(-1), Some(-1), Some(-470)),
            (Some(7), Some(2), Some(-2), Some(-560)),
            (None, None, None, Some(-420)),
        ]
    );
    assert!(lines.iter().all(|l| l.par_score == Some(420)));
    assert_eq!(
        boards,
        vec![BoardCheck {
            board: 1,
            compared: 3,
            ns_over: 0,
            ns_under: 1,
            fouled: false,
        }]
    );
}

#[test]
fn a_fouled_board_is_flagged_and_a_normal_one_is_not() {
    // Board 2 (NS vulnerable): the record gives NS ten tricks in spades, but four of five
    // tables took twelve or more — the deal they played was not the record.
    let mut rows = vec![
        row(2, "1", "11", "4S", "N", "+2"),
        row(2, "2", "12", "4S", "S", "+3"),
        row(2, "3", "13", "6S", "N", "="),
        row(2, "4", "14", "4S", "N", "="),
        row(2, "5", "15", "5H", "E", "-5"), // E took 6 vs DD 7: NS +1
    ];
    // Board 3: ordinary spread, one table +2 and one −2.
    rows.extend([
        row(3, "1", "11", "4S", "N", "+2"),
        row(3, "2", "12", "4S", "N", "-2"),
        row(3, "3", "13", "4S", "N", "="),
        row(3, "4", "14", "4S", "N", "-1"),
    ]);
    let rs = results(rows);
    let (_, boards) = check_results(&rs, &[record(2), record(3)]);
    assert_eq!(
        boards,
        vec![
            BoardCheck {
                board: 2,
                compared: 5,
                ns_over: 3,
                ns_under: 0,
                fouled: true,
            },
            BoardCheck {
                board: 3,
                compared: 4,
                ns_over: 1,
                ns_under: 1,
                fouled: false,
            },
        ]
    );
}

#[test]
fn the_rule_needs_more_than_half_and_three_results() {
    assert!(!is_fouled(2, 2, 0), "two results are too few");
    assert!(is_fouled(3, 2, 0));
    assert!(!is_fouled(4, 2, 0), "exactly half is not more than half");
    assert!(is_fouled(4, 0, 3));
    assert!(!is_fouled(6, 3, 3), "split both ways is play, not a foul");
}

#[test]
fn results_without_a_record_are_not_checked() {
    let rs = results(vec![row(9, "1", "2", "4S", "N", "=")]);
    let (lines, boards) = check_results(&rs, &[record(1)]);
    assert_eq!(lines[0].dd_tricks, None);
    assert_eq!(lines[0].score_vs_par, None);
    assert!(boards.is_empty());
}

#[test]
fn a_files_record_keeps_what_the_file_says_and_fills_the_rest_by_board_number() {
    // Board 6: standard dealer East, vulnerability East–West.
    let bare = BoardRecord::from_file(6, deal(), None, None, None, None);
    assert_eq!(bare.dealer, Seat::East);
    assert_eq!(bare.vulnerability, Vulnerability::EastWest);
    assert_eq!((bare.dd, bare.par.clone()), (None, None));
    let given = BoardRecord::from_file(
        6,
        deal(),
        Some(Seat::South),
        Some(Vulnerability::Both),
        Some(table()),
        record(6).par,
    );
    assert_eq!(given.dealer, Seat::South);
    assert_eq!(given.vulnerability, Vulnerability::Both);
    assert_eq!(given.dd, Some(table()));
    assert_eq!(given.par, record(6).par);
}
