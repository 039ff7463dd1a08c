//! The team-event use case on the shared data file (tests/data/teams.csv, worked out by hand
//! in its comments): IMPs per board, match totals, VPs, ranking and the field comparison
//! equal tests/data/teams.expected.csv, which `fairdeal score --method teams --boards` and
//! the Score page (a wasm test in Chromium) reproduce too. The same results as PBN score the
//! same.

use fairdeal_scoring::read::{read_csv, read_results};
use fairdeal_scoring::team_event::{score_team_event, write_team_csv};

const TEAMS: &str = include_str!("data/teams.csv");
const EXPECTED: &str = include_str!("data/teams.expected.csv");

#[test]
fn the_shared_team_event_scores_as_worked_out_by_hand() {
    let read = read_csv(TEAMS);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let (scored, errors) = score_team_event(&read.event, true);
    assert!(errors.is_empty(), "{errors:?}");
    assert!(scored.notes.is_empty(), "{:?}", scored.notes);
    assert_eq!(write_team_csv(&scored, true), EXPECTED);
    // Without --boards: the ranking alone, the first block of the report.
    let ranking = EXPECTED.split("\n\n").next().unwrap();
    assert_eq!(write_team_csv(&scored, false), format!("{ranking}\n"));
}

/// The same results as PBN, one game per room (the Score page's export form).
fn as_pbn(csv: &str) -> String {
    let mut out = String::from("% PBN 2.1\n");
    for line in csv.lines().filter(|l| !l.starts_with('#')).skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (contract, result) = match (f[3], f[5]) {
            ("", _) => continue, // a score-only row has no PBN game of its own below
            ("PASS", _) => ("Pass".to_string(), String::new()),
            (c, r) => (c.to_string(), r.to_string()),
        };
        out.push_str(&format!(
            "[Board \"{}\"]\n[PairId_NS \"{}\"]\n[PairId_EW \"{}\"]\n[Contract \"{contract}\"]\n",
            f[0], f[1], f[2]
        ));
        if !f[4].is_empty() {
            out.push_str(&format!("[Declarer \"{}\"]\n", f[4]));
        }
        if !result.is_empty() {
            out.push_str(&format!("[Result \"{result}\"]\n"));
        }
        out.push('\n');
    }
    out
}

#[test]
fn pbn_results_score_like_the_csv() {
    let csv = read_csv(TEAMS);
    let pbn = read_results(&as_pbn(TEAMS));
    // PBN's Result is tricks taken; the CSV's relative results are read the same by the
    // engine, so compare the scored rows rather than the text.
    let (from_csv, _) = score_team_event(&csv.event, true);
    let (from_pbn, errors) = score_team_event(&pbn.event, true);
    assert!(errors.is_empty(), "{errors:?}");
    // The PBN has no game for board 4's assigned score: match 1 v 3 has one board.
    let one_v_three = |s: &fairdeal_scoring::team_event::TeamScore| {
        s.matches
            .iter()
            .find(|m| m.m.home == "1" && m.m.away == "3")
            .map(|m| (m.m.boards, m.m.home_imps, m.m.away_imps))
    };
    assert_eq!(one_v_three(&from_csv), Some((2, 12, 7)));
    assert_eq!(one_v_three(&from_pbn), Some((1, 12, 0)));
    let others = |s: &fairdeal_scoring::team_event::TeamScore| {
        s.matches
            .iter()
            .filter(|m| m.m.away != "3" || m.m.home != "1")
            .cloned()
            .collect::<Vec<_>>()
    };
    assert_eq!(others(&from_csv), others(&from_pbn));
}
