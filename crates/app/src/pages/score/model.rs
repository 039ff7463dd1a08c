//! What the Score page keeps and shows, in plain Rust (no DOM): the saved [`Workbook`] (an
//! engine [`Event`] plus the [`Setup`] that made it), movement checks, and [`Scored`], every
//! method's ranking computed from scratch after each edit.
//!
//! Invariants: a workbook's JSON carries its own format tag and version
//! ([`WORKBOOK_FORMAT`], [`WORKBOOK_VERSION`]) and embeds the engine's versioned event JSON, so
//! either can be imported. Rows that are still empty past the pairs (a pre-filled row nobody
//! has typed into yet) are *pending*: they are not results and show no error.
//!
//! Panic policy: nothing here panics on user data; bad setups return a message.

use fairdeal_scoring::imp_pairs::{butler_board, DatumRule};
use fairdeal_scoring::matchpoints::{matchpoint_board, MpScale};
use fairdeal_scoring::movement::{mitchell, round_robin, MitchellOptions, Movement};
use fairdeal_scoring::teams::{standings_over_rounds, TeamMatch};
use fairdeal_scoring::{
    imps, rank, score_event, CellError, CellProblem, Column, Event, EventScore, Field, Method,
    ResultRow, ScoringOptions, Standing, TableResult, METHODS,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};

/// The `format` tag of a workbook's JSON.
pub const WORKBOOK_FORMAT: &str = "fairdeal-score-workbook";
/// The workbook JSON version this build writes. Older versions are migrated on reading
/// ([`Workbook::from_json`]): version 1 had no `revision`/`writer` (they start at 0 and "").
pub const WORKBOOK_VERSION: u32 = 2;

/// Most table rounds (seatings) of an event on this page.
pub const MAX_TABLE_ROUNDS: u64 = 2000;
/// Most pre-filled result rows of an event on this page.
pub const MAX_ROWS: u64 = 20_000;

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

/// How the event was set up.
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

    /// The pre-filled rows: one per board of each table (two per board of each teams match,
    /// one for each room). Sizes over [`MAX_TABLE_ROUNDS`] table rounds or [`MAX_ROWS`] rows
    /// are refused before the movement is built.
    pub fn rows(&self) -> Result<Vec<ResultRow>, String> {
        let table_rounds = self.table_rounds();
        if table_rounds > MAX_TABLE_ROUNDS {
            return Err(format!(
                "{table_rounds} table rounds; this page keeps events up to {MAX_TABLE_ROUNDS}"
            ));
        }
        let rooms = if self.kind == EventKind::Teams { 2 } else { 1 };
        let rows = table_rounds * u64::from(self.boards_per_round) * rooms;
        if rows > MAX_ROWS {
            return Err(format!(
                "{rows} result rows; this page keeps events up to {MAX_ROWS} rows"
            ));
        }
        let m = self.movement()?;
        let rows = m.prefill_rows();
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

/// Parses a list of round numbers such as `3, 6`.
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

/// One saved event: the engine's event and how it was set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Workbook {
    /// Always [`WORKBOOK_FORMAT`].
    pub format: String,
    /// [`WORKBOOK_VERSION`].
    pub version: u32,
    /// The storage key.
    pub id: String,
    /// Milliseconds since 1970 of the last edit (for the list order).
    #[serde(default)]
    pub updated: f64,
    /// The setup, if the event was created here (imported results have none).
    #[serde(default)]
    pub setup: Option<Setup>,
    /// The engine's event (name and rows).
    pub event: Event,
    /// Completed writes of this event to storage (version 2): a write is accepted only on top
    /// of the revision the tab read, so a stale tab can never overwrite a newer one.
    #[serde(default)]
    pub revision: u64,
    /// The page session (tab) that made the stored write (version 2); see
    /// [`super::persist::journal_applies`].
    #[serde(default)]
    pub writer: String,
}

impl Workbook {
    /// A new workbook.
    pub fn new(id: String, name: String, setup: Option<Setup>, rows: Vec<ResultRow>) -> Workbook {
        Workbook {
            format: WORKBOOK_FORMAT.into(),
            version: WORKBOOK_VERSION,
            id,
            updated: 0.0,
            setup,
            event: Event {
                name,
                rows,
                ..Event::default()
            },
            revision: 0,
            writer: String::new(),
        }
    }

    /// The workbook as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a workbook of any version up to [`WORKBOOK_VERSION`] (older ones migrated step
    /// by step), or a bare engine event (which gets `id` and no setup). A newer version or
    /// a damaged text is an error naming why; the caller keeps the raw text.
    pub fn from_json(text: &str, id: String) -> Result<Workbook, String> {
        #[derive(Deserialize)]
        struct Head {
            format: String,
            version: u32,
        }
        let head: Head = serde_json::from_str(text)
            .map_err(|e| format!("not a Fair Deal event or workbook: {e}"))?;
        if head.format == WORKBOOK_FORMAT {
            let mut w = match head.version {
                1 => migrate_v1(text)?,
                WORKBOOK_VERSION => serde_json::from_str(text)
                    .map_err(|e| format!("not a Fair Deal workbook: {e}"))?,
                v => {
                    return Err(format!(
                        "workbook version {v}; this build reads versions 1 to {WORKBOOK_VERSION}"
                    ))
                }
            };
            if w.id.is_empty() {
                w.id = id;
            }
            return Ok(w);
        }
        let event = Event::from_json(text).map_err(|e| e.to_string())?;
        Ok(Workbook {
            event,
            ..Workbook::new(id, String::new(), None, Vec::new())
        })
    }

    /// The ranking field: the setup's movement decides, else the engine's automatic rule.
    pub fn field(&self) -> Field {
        self.setup
            .as_ref()
            .and_then(|s| s.movement().ok())
            .map_or(Field::Auto, |m| m.field)
    }

    /// Whether this is a teams event.
    pub fn is_teams(&self) -> bool {
        self.setup
            .as_ref()
            .is_some_and(|s| s.kind == EventKind::Teams)
    }
}

/// Version 1 → 2: the same fields; the new `revision` and `writer` start at 0 and "".
fn migrate_v1(text: &str) -> Result<Workbook, String> {
    #[derive(Deserialize)]
    struct V1 {
        id: String,
        #[serde(default)]
        updated: f64,
        #[serde(default)]
        setup: Option<Setup>,
        event: Event,
    }
    let v1: V1 =
        serde_json::from_str(text).map_err(|e| format!("not a Fair Deal workbook (v1): {e}"))?;
    Ok(Workbook {
        updated: v1.updated,
        setup: v1.setup,
        ..Workbook::new(v1.id, String::new(), None, Vec::new())
    }
    .with_event(v1.event))
}

impl Workbook {
    fn with_event(mut self, event: Event) -> Workbook {
        self.event = event;
        self
    }
}

/// True when a row has nothing typed past its board and pairs.
pub fn is_pending(row: &ResultRow) -> bool {
    [
        Column::Contract,
        Column::Declarer,
        Column::Result,
        Column::Lead,
        Column::Score,
        Column::Adj,
    ]
    .iter()
    .all(|c| c.cell(row).trim().is_empty())
}

/// A message at one cell.
#[derive(Debug, Clone, PartialEq)]
pub struct CellMessage {
    /// 0-based row.
    pub row: usize,
    /// The column.
    pub column: Column,
    /// What is wrong, in words.
    pub text: String,
}

/// The ranking of one method.
#[derive(Debug, Clone, PartialEq)]
pub struct MethodRanking {
    /// The method.
    pub method: Method,
    /// The engine's scores.
    pub score: EventScore,
}

/// One teams match, summed.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchLine {
    /// The match.
    pub m: TeamMatch,
    /// VPs of home and away.
    pub vp: (f64, f64),
}

/// Everything derived from the rows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scored {
    /// Validated results.
    pub results: Vec<TableResult>,
    /// Cell messages to show (pending rows and half-typed rows' `missing` are left out).
    pub messages: Vec<CellMessage>,
    /// Pairs events: one ranking per method, in [`METHODS`] order.
    pub rankings: Vec<MethodRanking>,
    /// Teams events: VP standings.
    pub team_standings: Vec<Standing>,
    /// Teams events: the matches.
    pub matches: Vec<MatchLine>,
    /// Teams events: home-team IMPs per row (open-room row index → IMPs).
    pub team_imps: HashMap<usize, i32>,
    /// Teams events: each row against the whole field on its board (every table of every
    /// match): NS matchpoint % and Butler IMPs to NS (datum: mean without top and bottom).
    pub team_field: HashMap<usize, FieldPoints>,
}

/// A teams row compared with every table that played the board.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FieldPoints {
    /// NS matchpoint percentage across the field.
    pub ns_percent: f64,
    /// Butler IMPs to NS against the board's datum.
    pub butler: i32,
}

/// Per-board field comparison of teams rows: matchpoints and Butler IMPs across every table.
pub fn team_field(results: &[TableResult]) -> HashMap<usize, FieldPoints> {
    let mut boards: BTreeMap<u32, Vec<(usize, i32)>> = BTreeMap::new();
    for r in results {
        if let Some(s) = r.ns_score {
            boards.entry(r.board).or_default().push((r.row, s));
        }
    }
    let mut out = HashMap::new();
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

impl Scored {
    /// The ranking of `method`, if scored.
    pub fn ranking(&self, method: Method) -> Option<&EventScore> {
        self.rankings
            .iter()
            .find(|r| r.method == method)
            .map(|r| &r.score)
    }
}

/// Scores a workbook with every method and collects the messages to show.
pub fn score(book: &Workbook) -> Scored {
    let event = &book.event;
    let field = book.field();
    let teams = book.is_teams();
    let (results, errors) = if teams {
        validate_rows_alone(event)
    } else {
        event.validate_with(field)
    };
    let mut messages: Vec<CellMessage> = errors
        .iter()
        .filter(|e| show_error(event, e))
        .map(|e| CellMessage {
            row: e.row,
            column: e.column,
            text: e.problem.to_string(),
        })
        .collect();
    let movement = book.setup.as_ref().and_then(|s| s.movement().ok());
    if let Some(m) = movement.as_ref() {
        messages.extend(movement_messages(&event.rows, m, teams));
    }
    messages.sort_by_key(|m| (m.row, Column::ALL.iter().position(|c| *c == m.column)));
    let bad_rows: HashSet<usize> = messages.iter().map(|m| m.row).collect();
    let results: Vec<TableResult> = results
        .into_iter()
        .filter(|r| !bad_rows.contains(&r.row))
        .collect();
    let mut scored = Scored {
        messages,
        ..Scored::default()
    };
    if teams {
        team_scores(&results, &mut scored);
        scored.team_field = team_field(&results);
    } else {
        let good = Event {
            rows: results.iter().map(|r| event.rows[r.row].clone()).collect(),
            ..event.clone()
        };
        for m in &METHODS {
            let opts = ScoringOptions {
                method: m.method,
                field,
                ..ScoringOptions::default()
            };
            let (mut s, _) = score_event(&good, &opts);
            // Rows of `good` are a subset: map them back to the event's row numbers.
            for p in &mut s.results {
                p.row = results.get(p.row).map_or(p.row, |r| r.row);
            }
            scored.rankings.push(MethodRanking {
                method: m.method,
                score: s,
            });
        }
    }
    scored.results = results;
    scored
}

/// Teams rows are validated one by one: the same team sits NS in one room and EW in the
/// other, which a pairs check would call a duplicate.
fn validate_rows_alone(event: &Event) -> (Vec<TableResult>, Vec<CellError>) {
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

/// Pending rows show nothing; a `missing` cell shows only once the row has a result typed.
fn show_error(event: &Event, e: &CellError) -> bool {
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

/// Rows whose board or pairs do not fit the movement.
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

/// Teams: pair the two rooms of each board of each match, IMP them, then VPs.
fn team_scores(results: &[TableResult], scored: &mut Scored) {
    // (board, home, away) → (open NS score + row, closed NS score).
    type Rooms = (Option<(i32, usize)>, Option<i32>);
    let mut rooms: BTreeMap<(String, String), BTreeMap<u32, Rooms>> = BTreeMap::new();
    for r in results {
        let Some(s) = r.ns_score else { continue };
        let home_ns = pair_order(&r.ns, &r.ew);
        let (home, away) = if home_ns {
            (r.ns.clone(), r.ew.clone())
        } else {
            (r.ew.clone(), r.ns.clone())
        };
        let e = rooms
            .entry((home, away))
            .or_default()
            .entry(r.board)
            .or_default();
        if home_ns {
            e.0 = Some((s, r.row));
        } else {
            e.1 = Some(s);
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
        for (open, closed) in boards.values() {
            if let (Some((o, row)), Some(c)) = (open, closed) {
                let i = imps(i64::from(*o) - i64::from(*c));
                scored.team_imps.insert(*row, i);
                if i >= 0 {
                    m.home_imps += i;
                } else {
                    m.away_imps -= i;
                }
                m.boards += 1;
            }
        }
        if m.boards > 0 {
            matches.push(m);
        }
    }
    let mut standings = standings_over_rounds(&matches, true);
    rank(&mut standings);
    scored.team_standings = standings;
    scored.matches = matches
        .into_iter()
        .map(|m| {
            let (h, a) = m.vp_centi(true);
            MatchLine {
                m,
                vp: (f64::from(h) / 100.0, f64::from(a) / 100.0),
            }
        })
        .collect();
}

/// True when `a` is the home team against `b`: the smaller number (or name).
fn pair_order(a: &str, b: &str) -> bool {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(x), Ok(y)) => x < y,
        _ => a < b,
    }
}

/// A standing's key across methods: direction and pair.
pub fn pair_key(s: &Standing) -> String {
    match s.direction {
        Some(d) => format!("{d} {}", s.pair),
        None => s.pair.clone(),
    }
}
