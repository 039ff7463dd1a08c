use super::*;
use crate::compute::{score_event, ScoringOptions};
use crate::read::read_pbn;
use fairdeal_model::Deal;

#[allow(clippy::too_many_arguments)] // one cell per column, as the rows read
fn row(
    b: &str,
    ns: &str,
    ew: &str,
    c: &str,
    d: &str,
    r: &str,
    score: &str,
    adj: &str,
) -> ResultRow {
    ResultRow {
        board: b.into(),
        ns: ns.into(),
        ew: ew.into(),
        contract: c.into(),
        declarer: d.into(),
        result: r.into(),
        score: score.into(),
        adj: adj.into(),
        ..ResultRow::default()
    }
}

fn event() -> Event {
    Event {
        name: "Club \"Tuesday\" pairs".into(),
        rows: vec![
            row("1", "1", "11", "4S", "N", "+1", "", ""),
            row("1", "2", "12", "3NT", "S", "-1", "", ""),
            row("1", "3", "13", "PASS", "", "", "", ""),
            row("1", "Ann & Bob", "14", "", "", "", "-110", ""),
            row("2", "1", "12", "2HX", "E", "8", "", ""),
            row("2", "2", "13", "", "", "", "", "A+/A-"),
            row("2", "3", "14", "1NT", "N", "=", "", ""),
            row("2", "Ann & Bob", "11", "", "", "", "", "NP"),
        ],
        ..Event::default()
    }
}

fn record() -> BoardRecord {
    let deal =
        Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
            .unwrap();
    let mut t = [[0u8; 4]; 5];
    t[Strain::Spades.index()] = [13, 0, 13, 0];
    BoardRecord {
        dd: DdTable::new(t),
        par: Some(Par {
            ns_score: 2210,
            contracts: vec![],
        }),
        ..BoardRecord::standard(1, deal)
    }
}

fn points(s: &EventScore) -> Vec<(u32, String, String, Option<i32>, String, String)> {
    let mut v: Vec<_> = s
        .results
        .iter()
        .map(|p| {
            (
                p.board,
                p.ns.clone(),
                p.ew.clone(),
                p.ns_score,
                format!("{:.4}", p.ns_points),
                format!("{:.4}", p.ew_points),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_scored_event_round_trips_through_pbn_results() {
    for method in [Method::Matchpoints, Method::Butler, Method::CrossImps] {
        let opts = ScoringOptions {
            method,
            ..ScoringOptions::default()
        };
        let e = event();
        let (score, errors) = score_event(&e, &opts);
        assert!(errors.is_empty(), "{errors:?}");
        let text = write_results_pbn(&e.name, &e, &score, method, &[record()]);
        let read = read_pbn(&text);
        assert!(read.problems.is_empty(), "{:?}\n{text}", read.problems);
        assert_eq!(read.event.rows.len(), e.rows.len(), "{text}");
        let (again, errors) = score_event(&read.event, &opts);
        assert!(errors.is_empty(), "{errors:?}\n{text}");
        assert_eq!(points(&again), points(&score), "{method:?}\n{text}");
        let st = |s: &EventScore| {
            s.standings
                .iter()
                .map(|x| (x.rank_text(), x.key(), format!("{:.4}", x.score), x.boards))
                .collect::<Vec<_>>()
        };
        assert_eq!(st(&again), st(&score));
        // Adjusted and not-played cells come back as typed.
        let adj: Vec<&str> = read.event.rows.iter().map(|r| r.adj.as_str()).collect();
        assert_eq!(adj.iter().filter(|a| !a.is_empty()).count(), 2);
        assert!(adj.contains(&"A+/A-") && adj.contains(&"NP"));
    }
}

#[test]
fn the_written_tables_follow_pbn_2_1() {
    let e = event();
    let (score, _) = score_event(&e, &ScoringOptions::default());
    let text = write_results_pbn(&e.name, &e, &score, Method::Matchpoints, &[record()]);
    // Board 1's game: records, DD table, par, the ranking and the score table.
    let want_head = "% PBN 2.1\n% EXPORT\n[Event \"Club \\\"Tuesday\\\" pairs\"]\n[Board \"1\"]\n\
[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\n\
[Scoring \"MP\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT  0\nN  S 13\n";
    assert!(text.starts_with(want_head), "{text}");
    assert!(text.contains("[ParContract \"Pass\"]\n[OptimumScore \"NS 2210\"]\n"));
    let totals = "[TotalScoreTable \"Rank\\1R;PairId\\11R;Direction\\2L;TotalMP\\4R;TotalPercentage\\5R;NrBoards\\1R\"]\n\
1           3 NS 9.00 75.00 2\n\
2           1 NS 7.00 58.33 2\n\
3           2 NS 5.60 46.67 2\n\
4 \"Ann & Bob\" NS 0.00  0.00 1\n\
1          12 EW 9.00 75.00 2\n\
2          14 EW 7.00 58.33 2\n\
3          13 EW 4.00 33.33 2\n\
4          11 EW 0.00  0.00 1\n";
    assert!(text.contains(totals), "{text}");
    // Worked by hand (none vulnerable, top 6): 450 beats three → 6; pass-out 0 beats −50 and
    // −110 → 4; −50 → 2; −110 → 0.
    let table = [
        "[ScoreTable \"PairId_NS\\11R;PairId_EW\\2R;Contract\\4L;Declarer\\1L;Result\\2R;Lead\\1L;Score_NS\\3R;Score_EW\\3R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\6R;Percentage_EW\\6R;Adj\\1L\"]",
        "          1 11 4S   N 11 - 450   - 6.00 0.00 100.00   0.00 -",
        "          2 12 3NT  S  8 -   -  50 2.00 4.00  33.33  66.67 -",
        "          3 13 Pass -  - -   0   - 4.00 2.00  66.67  33.33 -",
        "\"Ann & Bob\" 14 -    -  - -   - 110 0.00 6.00   0.00 100.00 -\n",
    ]
    .join("\n");
    assert!(text.contains(&table), "{text}");
    // Board 2 (NS vulnerable): 2HX= by E is 470 to EW; two real results factored to four
    // (Neuberg): 90 → (2 + 1) × 4/2 − 1 = 5. The adjusted score is marked `^`: NS 3 average
    // plus (60% = 3.60), EW 13 average minus capped by its 33.33% session → 2.00.
    let board2 = "          2 13 -   - - -  -   - ^3.60 ^2.00 ^60.00 ^33.33 A+/A-\n";
    assert!(text.contains(board2), "{text}");
    // Board 2: no record, so no deal; the artificial score is marked `^`.
    assert!(text.contains(
        "[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Scoring \"MP\"]\n[ScoreTable"
    ));
}

#[test]
fn table_elements_spread_over_lines_and_bad_tables_are_reported() {
    let header = "PairId_NS;PairId_EW;Contract;Declarer;Result";
    let lines = vec![
        (5, "1 2 4S".to_string()),
        (6, "N 10 3 4".to_string()),
        (7, "3NT S 9".to_string()),
    ];
    let rows = score_table_rows("7", header, &lines).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(
        (rows[1].ns.as_str(), rows[1].contract.as_str(), rows[1].line),
        ("3", "3NT", Some(6))
    );
    assert_eq!(rows[0].board, "7");
    let short = vec![(5, "1 2 4S N 10 3 4".to_string())];
    assert_eq!(
        score_table_rows("7", header, &short),
        Err(TableProblem::Incomplete(5))
    );
    let open = vec![(9, "\"Ann 2 4S N 10".to_string())];
    assert_eq!(
        score_table_rows("7", header, &open),
        Err(TableProblem::Unclosed(9))
    );
    assert_eq!(
        score_table_rows("7", "Contract", &lines),
        Err(TableProblem::NoPairs)
    );
    assert_eq!(column_name("+Rank\\3R"), "Rank");
}

#[test]
fn the_reader_reports_a_bad_score_table_by_line() {
    let text =
        "[Board \"3\"]\n[ScoreTable \"PairId_NS;PairId_EW;Contract;Declarer;Result\"]\n1 2 4S N\n";
    let r = read_pbn(text);
    assert!(r.event.rows.is_empty());
    assert_eq!(r.problems.len(), 1);
    assert_eq!(r.problems[0].line, 3);
    assert_eq!(
        r.problems[0].to_string(),
        "line 3: PBN ScoreTable skipped: the last row has fewer elements than the header has columns"
    );
}
