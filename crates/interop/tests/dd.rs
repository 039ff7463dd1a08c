//! Double-dummy results in PBN: `OptimumResultTable`, `ParContract` and `OptimumScore` are
//! written from [`Board::dd`] / [`Board::par`] and read back exactly; tables other programs
//! write (other column order, symbols) read too; broken ones are problems that lose nothing.

use fairdeal_interop::{read_pbn, write_pbn, Board, PbnOptions, ProblemKind};
use fairdeal_model::dd::{DdTable, Par, ParContract, Side};
use fairdeal_model::{pavlicek, Seat, Strain, Vulnerability, DEAL_COUNT};
use proptest::prelude::*;

fn par_contract() -> impl Strategy<Value = ParContract> {
    (
        1u8..=7,
        0usize..5,
        any::<bool>(),
        0usize..4,
        0usize..3,
        -13i8..=6,
    )
        .prop_map(|(level, strain, doubled, first, which, overtricks)| {
            let seat = Seat::ALL[first];
            let declarers = match which {
                0 => vec![seat],
                1 => vec![seat, seat.partner()],
                _ => vec![seat.partner(), seat],
            };
            ParContract {
                level,
                strain: Strain::ASC[strain],
                doubled,
                side: Side::of(seat),
                declarers,
                overtricks,
            }
        })
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (
        0..DEAL_COUNT,
        1u32..100,
        proptest::option::of(proptest::array::uniform5(proptest::array::uniform4(
            0u8..=13,
        ))),
        proptest::option::of((
            -7600i32..=7600,
            proptest::collection::vec(par_contract(), 0..3),
        )),
    )
        .prop_map(|(n, number, dd, par)| {
            let deal = pavlicek::deal_from_number(n).expect("n < D");
            let mut b = Board::with_deal(Some(number), &deal);
            b.dealer = Some(Seat::dealer_of_board(number));
            b.vulnerability = Some(Vulnerability::of_board(number));
            b.dd = dd.and_then(DdTable::new);
            b.par = par.map(|(ns_score, contracts)| Par {
                ns_score,
                contracts,
            });
            b
        })
}

proptest! {
    #[test]
    fn dd_and_par_round_trip(boards in proptest::collection::vec(board_strategy(), 1..4)) {
        let text = write_pbn(&boards, &PbnOptions::default());
        let out = read_pbn(text.as_bytes());
        prop_assert!(out.problems.is_empty(), "{:?}", out.problems);
        prop_assert_eq!(&out.boards, &boards);
        prop_assert_eq!(write_pbn(&out.boards, &PbnOptions::default()), text);
    }
}

/// A table as a known answer: every cell distinct enough to catch a transposed row.
fn known_table() -> DdTable {
    let mut t = [[0u8; 4]; 5];
    for s in Strain::ASC {
        for seat in Seat::ALL {
            t[s.index()][seat.index()] = (s.index() * 2 + seat.index()) as u8;
        }
    }
    DdTable::new(t).unwrap()
}

#[test]
fn written_table_has_the_pbn_layout() {
    let mut b = Board::with_deal(Some(1), &pavlicek::deal_from_number(0).unwrap());
    b.dd = Some(known_table());
    b.par = Some(Par {
        ns_score: 420,
        contracts: vec![ParContract {
            level: 4,
            strain: Strain::Spades,
            doubled: false,
            side: Side::NorthSouth,
            declarers: vec![Seat::North, Seat::South],
            overtricks: 0,
        }],
    });
    let text = write_pbn(&[b], &PbnOptions::default());
    let expected = "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
                    N NT  8\nN  S  6\nN  H  4\nN  D  2\nN  C  0\n\
                    S NT 10\nS  S  8\nS  H  6\nS  D  4\nS  C  2\n\
                    E NT  9\nE  S  7\nE  H  5\nE  D  3\nE  C  1\n\
                    W NT 11\nW  S  9\nW  H  7\nW  D  5\nW  C  3\n\
                    [ParContract \"4S NS\"]\n[OptimumScore \"NS 420\"]\n";
    assert!(text.ends_with(expected), "{text}");
}

#[test]
fn other_writers_tables_read() {
    // Columns in another order, suit symbols, lower case, EW score and side-first par.
    let mut rows = String::new();
    for seat in ['W', 'E', 'S', 'N'] {
        for (den, s) in [
            ("c", Strain::Clubs),
            ("♦", Strain::Diamonds),
            ("H", Strain::Hearts),
            ("♠", Strain::Spades),
            ("N", Strain::Notrump),
        ] {
            let st = Seat::from_char(seat).unwrap();
            rows.push_str(&format!("{den} {} {seat}\n", known_table().tricks(s, st)));
        }
    }
    let text = format!(
        "[Board \"3\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n\
         [OptimumScore \"EW 50\"]\n[OptimumResultTable \"Denomination;Result;Declarer\"]\n{rows}\
         [ParContract \"EW 1NTX-3\"]\n"
    );
    let out = read_pbn(text.as_bytes());
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let b = &out.boards[0];
    assert_eq!(b.dd, Some(known_table()));
    let par = b.par.as_ref().unwrap();
    assert_eq!(par.ns_score, -50);
    assert_eq!(par.contracts[0].to_string(), "1NTX-3 EW");
    assert!(b.other_tags.is_empty(), "{:?}", b.other_tags);
}

#[test]
fn broken_tables_are_problems_at_their_line_and_are_kept() {
    let text = "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n\
                [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nN S 14\n\
                [ParContract \"4S\"]\n[OptimumScore \"NS 420\"]\n";
    let out = read_pbn(text.as_bytes());
    let found: Vec<(usize, Option<&str>)> = out
        .problems
        .iter()
        .map(|p| (p.line, p.tag.as_deref()))
        .collect();
    assert_eq!(
        found,
        [(3, Some("OptimumResultTable")), (6, Some("ParContract"))]
    );
    assert!(matches!(out.problems[0].kind, ProblemKind::DdTable { .. }));
    assert!(
        out.problems[0].message.contains("row 2"),
        "{}",
        out.problems[0].message
    );
    let b = &out.boards[0];
    assert_eq!((b.dd, &b.par), (None, &None));
    let names: Vec<&str> = b.other_tags.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["OptimumResultTable", "ParContract", "OptimumScore"]);
    // Written back unchanged, so nothing is lost.
    let again = write_pbn(&out.boards, &PbnOptions::default());
    assert!(
        again.contains("N NT 9\nN S 14\n[ParContract \"4S\"]"),
        "{again}"
    );
}
