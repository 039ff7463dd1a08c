//! Team events from table results: the one entry point for team matches and team events that
//! the Score page and `fairdeal score --method teams` both call.
//!
//! Owns [`score_team_event`] (rows validated one by one, then scored), [`score_team_results`]
//! (validated results → [`TeamScore`]), [`is_home`] (the pair order), [`team_field`] and
//! [`write_team_csv`] (the report the CLI prints).
//!
//! **Pair order.** Of the two teams of a match, the *home* team is the one with the lower
//! number (compared as numbers when both are whole numbers, else as text), whatever the
//! movement or the row order says. The *open room* of a board is the table where home sits
//! NS; the *closed room* the one where away sits NS. Per board home gains
//! IMPs(open NS score − closed NS score) on the Law 78B scale ([`crate::imps()`]); a match's
//! IMPs convert to WBF continuous VPs over the boards that counted ([`TeamMatch::vp_centi`]).
//! Matches are listed by (home, away) as text; standings are VP totals ranked with ties.
//!
//! Only real scores count (a played contract, a pass-out, an assigned NS score): a board
//! counts for a match when both rooms have one. Anything else (an artificial score, a room
//! missing, a second result in a room, where the later row counts) is a [`TeamNote`].

use crate::checks::validate_each_row;
use crate::compute::{rank, Standing};
use crate::csv_cell::csv_field;
use crate::event::{CellError, Event, TableResult};
use crate::imp_pairs::{butler_board, DatumRule};
use crate::imps::imps;
use crate::matchpoints::{matchpoint_board, MpScale};
use crate::teams::{standings_over_rounds, TeamMatch};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One teams match, summed.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLine {
    /// The match (round 0: rounds are not inferred from results).
    pub m: TeamMatch,
    /// VPs of home and away.
    pub vp: (f64, f64),
}

/// A teams row compared with every table that played the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldPoints {
    /// NS matchpoint percentage across the field.
    pub ns_percent: f64,
    /// Butler IMPs to NS against the board's datum (mean without top and bottom, to 10).
    pub butler: i32,
}

/// Something in the results that did not count, with the row it is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamNote {
    /// 0-based row in the event.
    pub row: usize,
    /// What happened, in words.
    pub text: String,
}

/// A scored team event.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamScore {
    /// The results scored (row order).
    pub results: Vec<TableResult>,
    /// Every match with at least one board counted, by (home, away) as text.
    pub matches: Vec<MatchLine>,
    /// VP standings, ranked with ties.
    pub standings: Vec<Standing>,
    /// Home IMPs of each board that counted, at its open-room row.
    pub board_imps: BTreeMap<usize, i32>,
    /// Each row with a score against the whole field on its board (every table of every
    /// match): NS matchpoint % and Butler IMPs to NS.
    pub field: BTreeMap<usize, FieldPoints>,
    /// What did not count, by row.
    pub notes: Vec<TeamNote>,
}

/// True when team `a` is home against team `b`: the lower number (or name), see the module
/// doc.
pub fn is_home(a: &str, b: &str) -> bool {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(x), Ok(y)) => x < y,
        _ => a < b,
    }
}

/// Validates each row on its own and scores the results; returns the cell errors too.
pub fn score_team_event(event: &Event, vp_corrected: bool) -> (TeamScore, Vec<CellError>) {
    let (results, errors) = validate_each_row(event);
    (score_team_results(results, vp_corrected), errors)
}

/// One room of one board of one match: its NS score and row, and any earlier row replaced.
type Room = Option<(i32, usize)>;

/// Scores validated teams results: pairs the two rooms of each board of each match, IMPs
/// them, sums matches, converts to VPs (`vp_corrected`: with the concavity correction) and
/// ranks the teams.
pub fn score_team_results(results: Vec<TableResult>, vp_corrected: bool) -> TeamScore {
    let mut out = TeamScore::default();
    // (home, away) → board → (open room, closed room).
    let mut rooms: BTreeMap<(String, String), BTreeMap<u32, (Room, Room)>> = BTreeMap::new();
    for r in &results {
        let Some(s) = r.ns_score else {
            out.notes.push(TeamNote {
                row: r.row,
                text: format!(
                    "board {}, {} v {}: no NS score (artificial or not played); a teams board counts only real scores",
                    r.board, r.ns, r.ew
                ),
            });
            continue;
        };
        let home_ns = is_home(&r.ns, &r.ew);
        let (home, away) = if home_ns {
            (r.ns.clone(), r.ew.clone())
        } else {
            (r.ew.clone(), r.ns.clone())
        };
        let (open, closed) = rooms
            .entry((home.clone(), away.clone()))
            .or_default()
            .entry(r.board)
            .or_default();
        let (room, name) = if home_ns {
            (open, "open")
        } else {
            (closed, "closed")
        };
        if let Some((_, before)) = room.replace((s, r.row)) {
            out.notes.push(TeamNote {
                row: before,
                text: format!(
                    "board {}, {home} v {away}: a second result in the {name} room (row {}) replaces this one",
                    r.board,
                    r.row + 1
                ),
            });
        }
    }
    let mut matches = Vec::new();
    for ((home, away), boards) in rooms {
        let mut m = TeamMatch {
            round: 0,
            home,
            away,
            home_imps: 0,
            away_imps: 0,
            boards: 0,
        };
        for (board, rooms) in &boards {
            match rooms {
                (Some((open, row)), Some((closed, _))) => {
                    let i = imps(i64::from(*open) - i64::from(*closed));
                    out.board_imps.insert(*row, i);
                    if i >= 0 {
                        m.home_imps += i;
                    } else {
                        m.away_imps -= i;
                    }
                    m.boards += 1;
                }
                (Some((_, row)), None) | (None, Some((_, row))) => out.notes.push(TeamNote {
                    row: *row,
                    text: format!(
                        "board {board}, {} v {}: only one room has a score; the board does not count",
                        m.home, m.away
                    ),
                }),
                (None, None) => {}
            }
        }
        if m.boards > 0 {
            matches.push(m);
        }
    }
    out.standings = standings_over_rounds(&matches, vp_corrected);
    rank(&mut out.standings);
    out.matches = matches
        .into_iter()
        .map(|m| {
            let (h, a) = m.vp_centi(vp_corrected);
            MatchLine {
                m,
                vp: (f64::from(h) / 100.0, f64::from(a) / 100.0),
            }
        })
        .collect();
    out.field = team_field(&results);
    out.notes.sort_by_key(|n| n.row);
    out.results = results;
    out
}

/// Per-board field comparison of teams rows: matchpoints (2 per win) and Butler IMPs
/// (default datum) across every table that has a score on the board.
pub fn team_field(results: &[TableResult]) -> BTreeMap<usize, FieldPoints> {
    let mut boards: BTreeMap<u32, Vec<(usize, i32)>> = BTreeMap::new();
    for r in results {
        if let Some(s) = r.ns_score {
            boards.entry(r.board).or_default().push((r.row, s));
        }
    }
    let mut out = BTreeMap::new();
    for list in boards.values() {
        let scores: Vec<i32> = list.iter().map(|x| x.1).collect();
        let mp = matchpoint_board(&scores, scores.len(), MpScale::TwoPerWin);
        let (_, butler) = butler_board(&scores, &DatumRule::default());
        for (i, (row, _)) in list.iter().enumerate() {
            out.insert(
                *row,
                FieldPoints {
                    ns_percent: mp.ns_percent(i),
                    butler: butler.get(i).copied().unwrap_or(0),
                },
            );
        }
    }
    out
}

/// The report of `fairdeal score --method teams`: the ranking
/// `rank,team,vp,boards`; then, with `boards`, a blank line and the matches
/// `home,away,boards,home_imps,away_imps,home_vp,away_vp`, and a blank line and one line per
/// scored row `board,ns,ew,ns_score,home_imps,field_ns_percent,field_butler` in board then
/// row order (`home_imps` on the open-room row of a board that counted, else empty).
pub fn write_team_csv(s: &TeamScore, boards: bool) -> String {
    let mut out = String::from("rank,team,vp,boards\n");
    for x in &s.standings {
        let _ = writeln!(
            out,
            "{},{},{:.2},{}",
            x.rank_text(),
            csv_field(&x.pair),
            x.score,
            x.boards
        );
    }
    if !boards {
        return out;
    }
    out.push_str("\nhome,away,boards,home_imps,away_imps,home_vp,away_vp\n");
    for l in &s.matches {
        let _ = writeln!(
            out,
            "{},{},{},{},{},{:.2},{:.2}",
            csv_field(&l.m.home),
            csv_field(&l.m.away),
            l.m.boards,
            l.m.home_imps,
            l.m.away_imps,
            l.vp.0,
            l.vp.1
        );
    }
    out.push_str("\nboard,ns,ew,ns_score,home_imps,field_ns_percent,field_butler\n");
    let mut rows: Vec<&TableResult> = s.results.iter().filter(|r| r.ns_score.is_some()).collect();
    rows.sort_by_key(|r| (r.board, r.row));
    for r in rows {
        let score = r.ns_score.map_or(String::new(), |v| v.to_string());
        let imps = s
            .board_imps
            .get(&r.row)
            .map_or(String::new(), i32::to_string);
        let (pct, butler) = s
            .field
            .get(&r.row)
            .map_or((String::new(), String::new()), |f| {
                (format!("{:.2}", f.ns_percent), f.butler.to_string())
            });
        let _ = writeln!(
            out,
            "{},{},{},{score},{imps},{pct},{butler}",
            r.board,
            csv_field(&r.ns),
            csv_field(&r.ew)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::ResultRow;

    fn row(board: &str, ns: &str, ew: &str, score: &str) -> ResultRow {
        ResultRow {
            board: board.into(),
            ns: ns.into(),
            ew: ew.into(),
            score: score.into(),
            ..ResultRow::default()
        }
    }

    #[test]
    fn home_is_the_lower_number_as_a_number() {
        assert!(is_home("2", "10"));
        assert!(!is_home("10", "2"));
        assert!(is_home("Aces", "Kings"));
    }

    #[test]
    fn the_open_room_is_where_home_sits_ns_whatever_the_row_order() {
        // Closed room first, teams 10 and 9: home is 9 (9 < 10 as numbers).
        let event = Event {
            rows: vec![row("1", "10", "9", "-170"), row("1", "9", "10", "620")],
            ..Event::default()
        };
        let (s, errors) = score_team_event(&event, true);
        assert!(errors.is_empty(), "{errors:?}");
        let m = &s.matches[0].m;
        assert_eq!((m.home.as_str(), m.home_imps, m.away_imps), ("9", 13, 0));
        assert_eq!(s.board_imps.get(&1), Some(&13), "at the open-room row");
        assert!(s.notes.is_empty(), "{:?}", s.notes);
    }

    #[test]
    fn a_board_with_one_room_does_not_count_and_is_noted() {
        let event = Event {
            rows: vec![
                row("1", "1", "2", "420"),
                row("1", "2", "1", "-420"),
                row("2", "1", "2", "100"),
                row("2", "1", "2", "200"),
            ],
            ..Event::default()
        };
        let (s, _) = score_team_event(&event, true);
        assert_eq!(s.matches[0].m.boards, 1);
        assert_eq!(s.notes.len(), 2, "{:?}", s.notes);
        assert!(s.notes[0]
            .text
            .contains("second result in the open room (row 4)"));
        assert!(s.notes[1].text.contains("only one room"));
    }
}
