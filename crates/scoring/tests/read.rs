//! The CSV and PBN results readers: good input, every kind of bad line reported with its
//! line number and skipped, and both readers agreeing on the same results.

use fairdeal_scoring::read::{read_csv, read_pbn, read_results, ReadProblemKind};
use fairdeal_scoring::{score_event, Column, ScoringOptions};

#[test]
fn csv_columns_in_any_order_with_quotes_and_comments() {
    let text = "\u{feff}# exported\nNS,EW,Board,Result,Declarer,Contract,Lead\n\n1,2,\"3\",=,N,\"4S\",SA\n# note\n3,4,3,-1,E,3NT,\n";
    let r = read_csv(text);
    assert!(r.problems.is_empty(), "{:?}", r.problems);
    assert_eq!(r.event.rows.len(), 2);
    let row = &r.event.rows[0];
    assert_eq!(
        (row.board.as_str(), row.contract.as_str(), row.lead.as_str()),
        ("3", "4S", "SA")
    );
    assert_eq!(row.line, Some(4));
    assert_eq!(r.event.rows[1].line, Some(6));
    let (results, errors) = r.event.validate();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(results[0].ns_score, Some(420));
    assert_eq!(results[1].ns_score, Some(100)); // 3NT −1 by EW vulnerable on board 3
}

#[test]
fn csv_bad_lines_are_reported_and_skipped() {
    let text = "board,ns,ew,contract,declarer,result,colour\n1,1,2,4S,N,=,red\n2,1,2,4S\n3,1,2,\"4S,N,=,x\n4,1,2,4S,N,=,blue\n";
    let r = read_csv(text);
    let got: Vec<(usize, ReadProblemKind)> = r
        .problems
        .iter()
        .map(|p| (p.line, p.kind.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                1,
                ReadProblemKind::UnknownColumn {
                    name: "colour".into()
                }
            ),
            (
                3,
                ReadProblemKind::FieldCount {
                    expected: 7,
                    found: 4
                }
            ),
            (4, ReadProblemKind::UnclosedQuote),
        ]
    );
    assert_eq!(r.event.rows.len(), 2);
    assert_eq!(
        r.problems[1].to_string(),
        "line 3: 4 fields; the header has 7"
    );
}

#[test]
fn csv_header_problems() {
    let r = read_csv("board,ns,contract\n1,2,4S\n");
    let missing: Vec<&ReadProblemKind> = r.problems.iter().map(|p| &p.kind).collect();
    assert_eq!(
        missing,
        vec![
            &ReadProblemKind::MissingColumn { name: "ew" },
            &ReadProblemKind::MissingColumn { name: "declarer" },
            &ReadProblemKind::MissingColumn { name: "result" },
        ]
    );
    assert!(r.event.rows.is_empty());
    assert_eq!(read_csv("\n\n").problems[0].kind, ReadProblemKind::NoHeader);
    let dup = read_csv("board,ns,ew,score,score\n1,1,2,10,20\n");
    assert_eq!(
        dup.problems[0].kind,
        ReadProblemKind::DuplicateColumn {
            name: "score".into()
        }
    );
    // A score-only sheet needs no contract columns.
    let s = read_csv("board,ns,ew,score,adj\n1,1,2,420,\n1,3,4,,A\n");
    assert!(s.problems.is_empty());
    assert_eq!(s.event.validate().1, vec![]);
}

const PBN: &str = include_str!("data/results.pbn");

#[test]
fn pbn_games_become_rows() {
    let r = read_pbn(PBN);
    let rows: Vec<(&str, &str, &str, &str, &str, &str, &str)> = r
        .event
        .rows
        .iter()
        .map(|x| {
            (
                x.board.as_str(),
                x.ns.as_str(),
                x.ew.as_str(),
                x.contract.as_str(),
                x.declarer.as_str(),
                x.result.as_str(),
                x.score.as_str(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("1", "1", "2", "4S", "N", "10", ""),
            ("1", "3", "4", "3NTX", "E", "8", ""),
            ("1", "Ann & Bob", "Cy & Di", "Pass", "", "", ""),
            ("2", "1", "4", "", "", "", "-110"),
        ]
    );
    assert_eq!(r.event.rows[0].line, Some(3));
    let got: Vec<(usize, ReadProblemKind)> = r
        .problems
        .iter()
        .map(|p| (p.line, p.kind.clone()))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                42,
                ReadProblemKind::MissingTag {
                    tag: "PairId_EW (or East and West)"
                }
            ),
            (
                52,
                ReadProblemKind::BadTag {
                    text: "this line is not a tag".into()
                }
            ),
            (
                48,
                ReadProblemKind::BadScore {
                    text: "NSX 10".into()
                }
            ),
        ]
    );
    let (results, errors) = r.event.validate();
    assert!(errors.is_empty(), "{errors:?}");
    let scores: Vec<Option<i32>> = results.iter().map(|x| x.ns_score).collect();
    assert_eq!(scores, vec![Some(420), Some(100), Some(0), Some(-110)]); // 3NTX-1 NV = 100
}

#[test]
fn csv_and_pbn_of_the_same_results_score_the_same() {
    let csv = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,4S,N,+1\n2,1,4,3NT,W,-2\n2,3,2,2D,E,=\n";
    let mut pbn = String::new();
    for line in csv.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let rows = fairdeal_scoring::read::read_csv(&format!(
            "board,ns,ew,contract,declarer,result\n{line}\n"
        ));
        let (res, _) = rows.event.validate();
        let tricks = match res[0].outcome {
            fairdeal_scoring::Outcome::Played { tricks, .. } => tricks,
            _ => unreachable!("a played contract"),
        };
        pbn.push_str(&format!(
            "[Board \"{}\"]\n[PairId_NS \"{}\"]\n[PairId_EW \"{}\"]\n[Contract \"{}\"]\n[Declarer \"{}\"]\n[Result \"{tricks}\"]\n\n",
            f[0], f[1], f[2], f[3], f[4]
        ));
    }
    let a = read_results(csv);
    let b = read_results(&pbn);
    assert!(
        a.problems.is_empty() && b.problems.is_empty(),
        "{:?} {:?}",
        a.problems,
        b.problems
    );
    let opts = ScoringOptions::default();
    let (sa, _) = score_event(&a.event, &opts);
    let (sb, _) = score_event(&b.event, &opts);
    assert_eq!(sa.standings, sb.standings);
    assert_eq!(Column::from_name("RESULT"), Some(Column::Result));
}

/// A board's `ScoreTable` is its whole traveller: the same results given again as single
/// games (the Score page's PBN export writes both) are read once; a board without a table
/// keeps its games.
#[test]
fn a_score_table_and_single_games_of_one_board_read_once() {
    let pbn = "% PBN 2.1\n\
        [Event \"Club\"]\n[Board \"1\"]\n[PairId_NS \"1\"]\n[PairId_EW \"11\"]\n\
        [Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]\n\
        [ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R\"]\n\
        1 11 \"4S\" N 10 \"420\" \"-\"\n\
        2 12 \"3NT\" S 8 \"-\" \"50\"\n\
        \n\
        [Event \"Club\"]\n[Board \"1\"]\n[PairId_NS \"2\"]\n[PairId_EW \"12\"]\n\
        [Contract \"3NT\"]\n[Declarer \"S\"]\n[Result \"8\"]\n\
        \n\
        [Event \"Club\"]\n[Board \"2\"]\n[PairId_NS \"1\"]\n[PairId_EW \"12\"]\n\
        [Contract \"2H\"]\n[Declarer \"E\"]\n[Result \"8\"]\n";
    let got = read_pbn(pbn);
    assert!(got.problems.is_empty(), "{:?}", got.problems);
    let rows: Vec<(&str, &str, &str)> = got
        .event
        .rows
        .iter()
        .map(|r| (r.board.as_str(), r.ns.as_str(), r.contract.as_str()))
        .collect();
    assert_eq!(
        rows,
        [("1", "1", "4S"), ("1", "2", "3NT"), ("2", "1", "2H")]
    );
}
