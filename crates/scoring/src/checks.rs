//! Which problems of a results grid to show, and where: a pending row (nothing typed past its
//! board and pairs) shows none, a `missing` cell shows once the row has a result typed, and a
//! row whose board or pairs do not fit the movement gets a message at that cell.
//!
//! Owns [`CellMessage`], [`is_pending`], [`shown_messages`] and [`movement_messages`]. Teams
//! rows are checked one by one ([`validate_each_row`]): the same team sits NS in one room and
//! EW in the other, which the pairs check would call a duplicate.

use crate::compute::Field;
use crate::event::{CellError, CellProblem, Column, Event, ResultRow, TableResult};
use crate::movement::Movement;
use std::collections::BTreeMap;

/// A message at one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellMessage {
    /// 0-based row.
    pub row: usize,
    /// The column.
    pub column: Column,
    /// What is wrong, in words.
    pub text: String,
}

/// True when a row has nothing typed past its board and pairs.
pub fn is_pending(row: &ResultRow) -> bool {
    Column::ALL
        .iter()
        .filter(|c| !matches!(c, Column::Board | Column::Ns | Column::Ew))
        .all(|c| c.cell(row).trim().is_empty())
}

/// The cell errors worth showing: none on pending rows; a `missing` cell only once the row
/// has a result, score or adjustment typed.
pub fn shown_messages(event: &Event, errors: &[CellError]) -> Vec<CellMessage> {
    errors
        .iter()
        .filter(|e| is_shown(event, e))
        .map(|e| CellMessage {
            row: e.row,
            column: e.column,
            text: e.problem.to_string(),
        })
        .collect()
}

fn is_shown(event: &Event, e: &CellError) -> bool {
    let Some(row) = event.rows.get(e.row) else {
        return false;
    };
    if is_pending(row) {
        return false;
    }
    match e.problem {
        CellProblem::Missing => [Column::Result, Column::Score, Column::Adj]
            .iter()
            .any(|c| !c.cell(row).trim().is_empty()),
        _ => true,
    }
}

/// Validates each row on its own (teams: a team sits NS in one room and EW in the other);
/// results and errors keep the event's row numbers.
pub fn validate_each_row(event: &Event) -> (Vec<TableResult>, Vec<CellError>) {
    let mut results = Vec::new();
    let mut errors = Vec::new();
    for (i, row) in event.rows.iter().enumerate() {
        let one = Event {
            rows: vec![row.clone()],
            ..event.clone()
        };
        let (r, e) = one.validate_with(Field::TwoWinners);
        results.extend(r.into_iter().map(|mut r| {
            r.row = i;
            r
        }));
        errors.extend(e.into_iter().map(|mut e| {
            e.row = i;
            e
        }));
    }
    (results, errors)
}

/// Rows whose board or pairs do not fit the movement (with `teams`, each seating is played
/// in two rooms, seats swapped).
pub fn movement_messages(rows: &[ResultRow], m: &Movement, teams: bool) -> Vec<CellMessage> {
    // board → (ns, ew) pairs that play it.
    let mut plays: BTreeMap<u32, Vec<(String, String)>> = BTreeMap::new();
    for s in &m.seatings {
        for b in s.first_board..=s.last_board {
            let e = plays.entry(b).or_default();
            e.push((s.ns.to_string(), s.ew.to_string()));
            if teams {
                e.push((s.ew.to_string(), s.ns.to_string()));
            }
        }
    }
    let last = plays.keys().next_back().copied().unwrap_or(0);
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let (ns, ew) = (row.ns.trim(), row.ew.trim());
        let Ok(board) = row.board.trim().parse::<u32>() else {
            continue;
        };
        let Some(tables) = plays.get(&board) else {
            out.push(CellMessage {
                row: i,
                column: Column::Board,
                text: format!("board {board} is not in this movement; it has boards 1 to {last}"),
            });
            continue;
        };
        if ns.is_empty() || ew.is_empty() {
            continue;
        }
        let word = if teams { "team" } else { "pair" };
        if !tables.iter().any(|(n, _)| n == ns) {
            let list: Vec<&str> = tables.iter().map(|(n, _)| n.as_str()).collect();
            out.push(CellMessage {
                row: i,
                column: Column::Ns,
                text: format!(
                    "{word} {ns} does not sit NS on board {board} in this round; NS {word}s on it: {}",
                    list.join(", ")
                ),
            });
        } else if let Some((_, want)) = tables.iter().find(|(n, e)| n == ns && e != ew) {
            if !tables.iter().any(|(n, e)| n == ns && e == ew) {
                out.push(CellMessage {
                    row: i,
                    column: Column::Ew,
                    text: format!(
                        "{word} {ew} is not in this round against NS {ns} on board {board}; expected EW {want}"
                    ),
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Setup;

    fn row(board: &str, ns: &str, ew: &str, contract: &str) -> ResultRow {
        ResultRow {
            board: board.into(),
            ns: ns.into(),
            ew: ew.into(),
            contract: contract.into(),
            ..ResultRow::default()
        }
    }

    #[test]
    fn pending_rows_show_nothing_and_missing_shows_once_a_result_is_typed() {
        let mut lead_only = row("1", "1", "", "");
        lead_only.lead = "SA".into();
        let mut scored = row("1", "1", "", "");
        scored.score = "420".into();
        let event = Event {
            rows: vec![row("1", "1", "", ""), lead_only, scored],
            ..Event::default()
        };
        let (_, errors) = validate_each_row(&event);
        assert!(errors
            .iter()
            .any(|e| e.row == 1 && e.problem == CellProblem::Missing));
        let shown = shown_messages(&event, &errors);
        let missing = CellProblem::Missing.to_string();
        assert!(shown.iter().all(|m| m.row != 0), "pending: {shown:?}");
        assert!(
            !shown.iter().any(|m| m.row == 1 && m.text == missing),
            "no result typed yet: {shown:?}"
        );
        assert!(
            shown
                .iter()
                .any(|m| (m.row, m.column) == (2, Column::Ew) && m.text == missing),
            "{shown:?}"
        );
    }

    #[test]
    fn teams_rows_must_fit_the_round_robin() {
        // 3 teams, 1 board a match: board 1 is 2 v 3 (team 1 sits out), both rooms.
        let setup = Setup::teams(3, 1);
        let m = setup.movement().unwrap();
        let rows = [
            row("1", "2", "3", ""),
            row("1", "3", "2", ""),
            row("1", "1", "2", ""),
            row("1", "2", "1", ""),
            row("9", "1", "2", ""),
        ];
        let got: Vec<(usize, Column)> = movement_messages(&rows, &m, true)
            .iter()
            .map(|c| (c.row, c.column))
            .collect();
        assert_eq!(
            got,
            vec![(2, Column::Ns), (3, Column::Ew), (4, Column::Board)]
        );
        let msgs = movement_messages(&rows, &m, true);
        assert!(
            msgs[0]
                .text
                .starts_with("team 1 does not sit NS on board 1"),
            "{}",
            msgs[0].text
        );
        assert!(
            msgs[2].text.contains("it has boards 1 to 3"),
            "{}",
            msgs[2].text
        );
    }
}
