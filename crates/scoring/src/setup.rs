//! An event's set-up: pairs or teams, the movement, the sizes; the movement it makes and the
//! empty result rows it pre-fills (two rooms per board of each teams match).
//!
//! Owns [`Setup`] (stored inside the Score page's workbooks: its serde form is part of that
//! format), [`EventKind`], [`MovementChoice`], the size limits [`MAX_SETUP_TABLE_ROUNDS`] and
//! [`MAX_SETUP_ROWS`], and [`parse_rounds`] (a list of round numbers such as `3, 6`).
//!
//! Invariant: sizes are checked from the numbers alone (u64, no overflow) before any movement
//! is built, so an impossible set-up is refused at once with a message.

use crate::compute::Field;
use crate::event::ResultRow;
use crate::movement::{mitchell, round_robin, MitchellOptions, Movement};
use serde::{Deserialize, Serialize};

/// Most table rounds (seatings) of a set-up.
pub const MAX_SETUP_TABLE_ROUNDS: u64 = 2000;
/// Most pre-filled result rows of a set-up.
pub const MAX_SETUP_ROWS: u64 = 20_000;

/// Pairs or teams.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventKind {
    /// A pairs event (matchpoints, Butler, cross-IMPs, VP).
    Pairs,
    /// A teams round robin: each match is played in two rooms and scored IMPs → VPs.
    Teams,
}

/// Which movement pre-fills the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum MovementChoice {
    /// Mitchell (EW pairs move up, boards down; skip with an even number of tables).
    Mitchell,
    /// All-play-all round robin.
    RoundRobin,
}

/// How an event was set up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Pairs or teams.
    pub kind: EventKind,
    /// The movement (teams always play a round robin).
    pub movement: MovementChoice,
    /// Tables of a Mitchell.
    pub tables: u32,
    /// Pairs (or teams) of a round robin.
    pub entrants: u32,
    /// Boards per round.
    pub boards_per_round: u32,
    /// Rounds of a Mitchell (`None`: as many as possible).
    pub rounds: Option<u32>,
    /// Mitchell rounds (from 1) played arrow-switched.
    pub arrow_switch: Vec<u32>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            kind: EventKind::Pairs,
            movement: MovementChoice::Mitchell,
            tables: 3,
            entrants: 4,
            boards_per_round: 2,
            rounds: None,
            arrow_switch: Vec::new(),
        }
    }
}

impl Setup {
    /// A teams round robin of `teams` teams and `boards` boards a match.
    pub fn teams(teams: u32, boards: u32) -> Setup {
        Setup {
            kind: EventKind::Teams,
            movement: MovementChoice::RoundRobin,
            tables: 0,
            entrants: teams,
            boards_per_round: boards,
            rounds: None,
            arrow_switch: Vec::new(),
        }
    }

    /// Whether this is a teams event.
    pub fn is_teams(&self) -> bool {
        self.kind == EventKind::Teams
    }

    /// The movement, or the engine's message.
    pub fn movement(&self) -> Result<Movement, String> {
        match (self.kind, self.movement) {
            (EventKind::Pairs, MovementChoice::Mitchell) => mitchell(&MitchellOptions {
                tables: self.tables,
                boards_per_round: self.boards_per_round,
                rounds: self.rounds,
                arrow_switch_rounds: self.arrow_switch.clone(),
                ew_numbers_from: if self.arrow_switch.is_empty() {
                    1
                } else {
                    self.tables.saturating_add(1)
                },
            }),
            (EventKind::Pairs, MovementChoice::RoundRobin) | (EventKind::Teams, _) => {
                round_robin(self.entrants, self.boards_per_round)
            }
        }
        .map_err(|e| e.to_string())
    }

    /// The ranking field: the movement's, or the engine's automatic rule if it has none.
    pub fn field(&self) -> Field {
        self.movement().map_or(Field::Auto, |m| m.field)
    }

    /// Table rounds of the movement, computed from the sizes alone (u64: no overflow), so a
    /// huge setup is refused before any movement is built.
    pub fn table_rounds(&self) -> u64 {
        let mitchell = self.kind == EventKind::Pairs && self.movement == MovementChoice::Mitchell;
        if mitchell {
            let t = u64::from(self.tables);
            let rounds = self
                .rounds
                .map_or(if t % 2 == 0 { t.saturating_sub(1) } else { t }, u64::from);
            rounds * t
        } else {
            let m = u64::from(self.entrants) + u64::from(self.entrants % 2);
            (m / 2) * m.saturating_sub(1)
        }
    }

    /// The pre-filled rows: one per board of each table; for teams two per board of each
    /// match, the open room (the movement's NS team sits NS) then the closed room (seats
    /// swapped). Sizes over [`MAX_SETUP_TABLE_ROUNDS`] table rounds or [`MAX_SETUP_ROWS`]
    /// rows are refused before the movement is built.
    pub fn rows(&self) -> Result<Vec<ResultRow>, String> {
        let table_rounds = self.table_rounds();
        if table_rounds > MAX_SETUP_TABLE_ROUNDS {
            return Err(format!(
                "{table_rounds} table rounds; this page keeps events up to {MAX_SETUP_TABLE_ROUNDS}"
            ));
        }
        let rooms = if self.is_teams() { 2 } else { 1 };
        let rows = table_rounds * u64::from(self.boards_per_round) * rooms;
        if rows > MAX_SETUP_ROWS {
            return Err(format!(
                "{rows} result rows; this page keeps events up to {MAX_SETUP_ROWS} rows"
            ));
        }
        let rows = self.movement()?.prefill_rows();
        Ok(match self.kind {
            EventKind::Pairs => rows,
            EventKind::Teams => rows
                .into_iter()
                .flat_map(|r| {
                    let closed = ResultRow {
                        ns: r.ew.clone(),
                        ew: r.ns.clone(),
                        ..r.clone()
                    };
                    [r, closed]
                })
                .collect(),
        })
    }

    /// One line describing the setup.
    pub fn describe(&self) -> String {
        match (self.kind, self.movement) {
            (EventKind::Teams, _) => format!(
                "Teams round robin, {} teams, {} boards a match",
                self.entrants, self.boards_per_round
            ),
            (EventKind::Pairs, MovementChoice::RoundRobin) => format!(
                "Pairs round robin, {} pairs, {} boards a round",
                self.entrants, self.boards_per_round
            ),
            (EventKind::Pairs, MovementChoice::Mitchell) => {
                let mut s = format!(
                    "Mitchell, {} tables, {} boards a round",
                    self.tables, self.boards_per_round
                );
                if !self.arrow_switch.is_empty() {
                    let r: Vec<String> = self.arrow_switch.iter().map(u32::to_string).collect();
                    s.push_str(&format!(", arrow switch in round {}", r.join(", ")));
                }
                s
            }
        }
    }
}

/// Parses a list of round numbers such as `3, 6` (commas, spaces or semicolons between).
pub fn parse_rounds(text: &str) -> Result<Vec<u32>, String> {
    text.split([',', ' ', ';'])
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| format!("`{}` is not a round number; expected e.g. 3, 6", t.trim()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_parse_or_name_the_bad_one() {
        assert_eq!(parse_rounds(" 3, 6;7 "), Ok(vec![3, 6, 7]));
        assert_eq!(parse_rounds(""), Ok(vec![]));
        let e = parse_rounds("3, x").unwrap_err();
        assert!(e.contains("`x` is not a round number"), "{e}");
    }

    #[test]
    fn teams_rows_have_two_rooms_and_huge_setups_are_refused() {
        let rows = Setup::teams(3, 2).rows().unwrap();
        // 3 teams: 3 rounds of one match (one team sits out), 2 boards, 2 rooms.
        assert_eq!(rows.len(), 3 * 2 * 2);
        assert_eq!((&rows[1].ns, &rows[1].ew), (&rows[0].ew, &rows[0].ns));
        assert_eq!(rows[0].board, rows[1].board);
        assert!(Setup::teams(u32::MAX, 1)
            .rows()
            .unwrap_err()
            .contains("table rounds"));
        assert!(Setup::teams(40, 30)
            .rows()
            .unwrap_err()
            .contains("result rows"));
    }

    #[test]
    fn the_stored_form_is_the_page_workbooks() {
        // Saved Score-page workbooks embed this JSON: the field and variant names are a format.
        let json = serde_json::to_string(&Setup::teams(4, 2)).unwrap();
        assert_eq!(
            json,
            r#"{"kind":"Teams","movement":"RoundRobin","tables":0,"entrants":4,"boards_per_round":2,"rounds":null,"arrow_switch":[]}"#
        );
        let back: Setup = serde_json::from_str(&json).unwrap();
        assert_eq!(back, Setup::teams(4, 2));
    }
}
