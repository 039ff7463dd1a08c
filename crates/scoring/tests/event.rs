//! Whole events scored end to end: a hand-made 3-table Mitchell whose matchpoint
//! percentages, Butler and cross-IMP totals are worked out by hand below, a VP round, cell
//! validation, and the versioned JSON form.

use fairdeal_scoring::read::read_csv;
use fairdeal_scoring::{
    score_event, CellProblem, Column, Direction, Event, EventJsonError, EventScore, Field, Method,
    RankBasis, ResultRow, ScoringOptions, VpScale,
};

const THREE: &str = include_str!("data/three_boards.csv");

fn score(method: Method) -> EventScore {
    let read = read_csv(THREE);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let opts = ScoringOptions {
        method,
        field: Field::TwoWinners,
        ..ScoringOptions::default()
    };
    let (s, errors) = score_event(&read.event, &opts);
    assert!(errors.is_empty(), "{errors:?}");
    s
}

/// (rank text, direction, pair, score) per standing.
fn table(s: &EventScore) -> Vec<(String, &'static str, String, f64)> {
    s.standings
        .iter()
        .map(|x| {
            let d = x.direction.map_or("", Direction::text);
            (
                x.rank_text(),
                d,
                x.pair.clone(),
                (x.score * 1e6).round() / 1e6,
            )
        })
        .collect()
}

fn row(rank: &str, d: &'static str, pair: &str, score: f64) -> (String, &'static str, String, f64) {
    (rank.into(), d, pair.into(), (score * 1e6f64).round() / 1e6)
}

#[test]
fn matchpoints_by_hand() {
    // Board 1: +420, +450, +50 → NS 2, 4, 0 of 4. Board 2: +600, −140, −100 → 4, 0, 2.
    // Board 3: +90, +200 real, NS3 A+ / EW2 A−. Neuberg to 3 results: 0 → 0.5, 2 → 3.5.
    // NS3's session is (0 + 50)/2 = 25% → A+ is 60%; EW2's session is 0% → A− is 0%.
    let s = score(Method::Matchpoints);
    assert_eq!(s.basis, RankBasis::Percent);
    assert_eq!(s.expected, Some(3));
    assert_eq!(
        table(&s),
        vec![
            row("1", "NS", "2", (100.0 + 0.0 + 87.5) / 3.0),
            row("2", "NS", "1", (50.0 + 100.0 + 12.5) / 3.0),
            row("3", "NS", "3", (0.0 + 50.0 + 60.0) / 3.0),
            row("1", "EW", "3", (100.0 + 100.0 + 87.5) / 3.0),
            row("2", "EW", "1", (50.0 + 50.0 + 12.5) / 3.0),
            row("3", "EW", "2", 0.0),
        ]
    );
    let b3: Vec<(f64, f64)> = s
        .results
        .iter()
        .filter(|r| r.board == 3)
        .map(|r| (r.ns_points, r.ew_points))
        .collect();
    assert_eq!(b3, vec![(0.5, 3.5), (3.5, 0.5), (2.4, 0.0)]);
    // The ACBL scale gives the same percentages and half the points.
    let acbl = score(Method::MatchpointsAcbl);
    for (a, b) in acbl.standings.iter().zip(&s.standings) {
        assert!((a.score - b.score).abs() < 1e-9 && (2.0 * a.total - b.total).abs() < 1e-9);
    }
}

#[test]
fn butler_by_hand() {
    // Board 1 datum (drop top and bottom of 3) 420: NS 0, +1, −9.
    // Board 2 datum −100: NS +12, −1, 0.
    // Board 3: two real results, nothing dropped, mean 145 → 150: NS1 −2, NS2 +2; A+ +3, A− −3.
    let s = score(Method::Butler);
    assert_eq!(s.basis, RankBasis::TotalImps);
    assert_eq!(s.datums, vec![(1, 420), (2, -100), (3, 150)]);
    assert_eq!(
        table(&s),
        vec![
            row("1", "NS", "1", 10.0),
            row("2", "NS", "2", 2.0),
            row("3", "NS", "3", -6.0),
            row("1", "EW", "3", 12.0),
            row("2", "EW", "1", -2.0),
            row("3", "EW", "2", -16.0),
        ]
    );
}

#[test]
fn cross_imps_by_hand() {
    // Board 1: 420 → (−1 + 9)/2 = 4, 450 → (1 + 9)/2 = 5 (400 is 9 IMPs), 50 → −9.
    // Board 2: 600 → 12, −140 → −6.5, −100 → −5.5. Board 3: 90 → −3, 200 → +3; A± → ±3.
    let s = score(Method::CrossImps);
    assert_eq!(
        table(&s),
        vec![
            row("1", "NS", "1", 4.0 + 12.0 - 3.0),
            row("2", "NS", "2", 5.0 - 6.5 + 3.0),
            row("3", "NS", "3", -9.0 - 5.5 + 3.0),
            row("1", "EW", "3", 9.0 + 6.5 + 3.0),
            row("2", "EW", "1", -4.0 + 5.5 - 3.0),
            row("3", "EW", "2", -5.0 - 12.0 - 3.0),
        ]
    );
}

#[test]
fn unequal_boards_rank_per_board_and_ties_share_a_rank() {
    let mut e = read_csv(THREE).event;
    e.rows.truncate(8); // drop the artificial row: NS3 and EW2 play 2 boards
    let opts = ScoringOptions {
        method: Method::Butler,
        field: Field::TwoWinners,
        ..ScoringOptions::default()
    };
    let (s, _) = score_event(&e, &opts);
    assert_eq!(s.basis, RankBasis::ImpsPerBoard);
    let ns3 = s
        .standings
        .iter()
        .find(|x| x.pair == "3" && x.direction == Some(Direction::NorthSouth));
    assert_eq!(
        ns3.map(|x| (x.total, x.boards, x.score)),
        Some((-9.0, 2, -4.5))
    );
    // Two equal pairs tie.
    let rows = "board,ns,ew,score\n1,1,2,100\n1,3,4,100\n1,5,6,-50\n";
    let (s, _) = score_event(&read_csv(rows).event, &ScoringOptions::default());
    let ns: Vec<String> = s
        .standings
        .iter()
        .filter(|x| x.direction == Some(Direction::NorthSouth))
        .map(|x| x.rank_text())
        .collect();
    assert_eq!(ns, vec!["1=", "1=", "3"]);
}

#[test]
fn vp_round_by_hand() {
    // A v B and C v D play boards 1–2. Board 1: +620, +170 → datum 400: A +6, C −6.
    // Board 2: −100, +140 → datum 20: A −3, C +3. A wins by 3 IMPs over 2 boards.
    let csv = "board,ns,ew,score\n1,A,B,620\n1,C,D,170\n2,A,B,-100\n2,C,D,140\n";
    let opts = ScoringOptions {
        method: Method::Vp,
        field: Field::OneWinner,
        ..ScoringOptions::default()
    };
    let (s, errors) = score_event(&read_csv(csv).event, &opts);
    assert!(errors.is_empty());
    assert_eq!(s.basis, RankBasis::TotalVp);
    // 10 + 10·(1 − τ^(3·3/(15√2)))/(1 − τ³) = 12.417… → 12.42.
    let want = VpScale::wbf_continuous(2, true).vp_for_margin(3);
    assert_eq!(want, 12.42);
    let got: Vec<(String, f64)> = s
        .standings
        .iter()
        .map(|x| (x.pair.clone(), x.score))
        .collect();
    let want: Vec<(String, f64)> = [("A", 12.42), ("D", 12.42), ("B", 7.58), ("C", 7.58)]
        .iter()
        .map(|&(p, v)| (p.to_string(), v))
        .collect();
    assert_eq!(got, want);
    let ranks: Vec<String> = s.standings.iter().map(|x| x.rank_text()).collect();
    assert_eq!(ranks, vec!["1=", "1=", "3=", "3="]);
}

#[test]
fn cell_errors_name_the_cell() {
    let csv = "board,ns,ew,contract,declarer,result,score\n\
               1,1,2,4Q,N,=,\n\
               2,1,2,7NT,S,+1,\n\
               x,1,2,4S,N,=,\n\
               3,1,1,4S,N,=,\n\
               4,1,2,4S,N,=,400\n\
               5,1,2,,,,\n\
               6,1,2,3NT,Z,=,\n";
    let (results, errors) = read_csv(csv).event.validate();
    assert_eq!(results.len(), 0);
    let got: Vec<(Option<usize>, Column)> = errors.iter().map(|e| (e.line, e.column)).collect();
    assert_eq!(
        got,
        vec![
            (Some(2), Column::Contract),
            (Some(3), Column::Result),
            (Some(4), Column::Board),
            (Some(5), Column::Ew),
            (Some(6), Column::Score),
            (Some(7), Column::Contract),
            (Some(8), Column::Declarer),
        ]
    );
    // Board 4 is vulnerable for both sides: 4S= is 620.
    assert_eq!(
        errors[4].problem,
        CellProblem::ScoreMismatch {
            given: 400,
            computed: 620
        }
    );
    assert_eq!(errors[5].problem, CellProblem::NoResult);
    assert_eq!(
        errors[3].problem,
        CellProblem::SamePair { pair: "1".into() }
    );
    let text = errors[0].to_string();
    assert!(
        text.starts_with("line 2: board 1, NS 1 v EW 2, contract: unknown strain `Q`"),
        "{text}"
    );
    let text = errors[1].to_string();
    assert!(text.contains("result `+1` is impossible for 7NT"), "{text}");
}

#[test]
fn duplicate_pair_on_a_board_is_reported() {
    let csv = "board,ns,ew,score\n1,1,2,100\n1,3,2,50\n";
    let (results, errors) = read_csv(csv).event.validate();
    assert_eq!(results.len(), 1);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].column, Column::Ew);
    assert_eq!(
        errors[0].problem,
        CellProblem::Duplicate {
            pair: "2".into(),
            first_row: 1
        }
    );
}

#[test]
fn json_round_trip_and_version_check() {
    let mut e = read_csv(THREE).event;
    e.name = "Club pairs".into();
    let json = e.to_json();
    assert!(json.contains("\"format\": \"fairdeal-scoring-event\""));
    assert_eq!(Event::from_json(&json).expect("round trip"), e);
    let v2 = json.replace("\"version\": 1", "\"version\": 2");
    assert!(matches!(
        Event::from_json(&v2),
        Err(EventJsonError::Version { found: 2 })
    ));
    let other = json.replace("fairdeal-scoring-event", "something-else");
    assert!(matches!(
        Event::from_json(&other),
        Err(EventJsonError::Format { .. })
    ));
    assert!(matches!(
        Event::from_json("{"),
        Err(EventJsonError::Json(_))
    ));
    let row = ResultRow {
        board: "1".into(),
        ..ResultRow::default()
    };
    assert!(!serde_json::to_string(&row)
        .expect("serialise")
        .contains("line"));
}
