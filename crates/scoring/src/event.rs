//! The event model a scoring spreadsheet edits, its versioned JSON form, and cell validation.
//!
//! Owns [`Event`] (name + rows of [`ResultRow`], each cell kept as the text the user typed,
//! so nothing is lost while it is wrong), [`Event::to_json`]/[`Event::from_json`] (format tag
//! [`EVENT_FORMAT`], version [`EVENT_VERSION`]), and [`Event::validate`], which turns rows into
//! typed [`TableResult`]s and reports every bad cell as a [`CellError`] naming the row, its
//! source line (if read from a file), board, pairs, [`Column`] and the [`CellProblem`]. Rows
//! with an error are left out of the results, never silently: each has at least one error.
//!
//! A row is one of: a played contract (`contract`, `declarer`, `result`; `score` optional and
//! checked), a pass-out (`PASS`), a raw NS score (`score` only), an artificial score (`adj`:
//! `A+/A-` for NS/EW, or one value for both), or a board not played (`adj` = `NP`).

use crate::board::Vulnerability;
use crate::compute::Field;
use crate::contract::{
    ns_score, parse_result, ContractParseError, FinalContract, ResultParseError,
};
use crate::matchpoints::Artificial;
use fairdeal_model::{Card, Seat};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::fmt;
use thiserror::Error;

/// The `format` tag of event JSON.
pub const EVENT_FORMAT: &str = "fairdeal-scoring-event";
/// The current event JSON version.
pub const EVENT_VERSION: u32 = 1;

/// A scoring event: every table result as typed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Always [`EVENT_FORMAT`].
    pub format: String,
    /// The JSON layout version ([`EVENT_VERSION`]).
    pub version: u32,
    /// Event name (free text).
    #[serde(default)]
    pub name: String,
    /// Table results in entry order.
    #[serde(default)]
    pub rows: Vec<ResultRow>,
}

impl Default for Event {
    fn default() -> Event {
        Event {
            format: EVENT_FORMAT.into(),
            version: EVENT_VERSION,
            name: String::new(),
            rows: Vec::new(),
        }
    }
}

/// One table result, cell by cell, as text.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ResultRow {
    /// Board number.
    pub board: String,
    /// The pair sitting North–South.
    pub ns: String,
    /// The pair sitting East–West.
    pub ew: String,
    /// Contract (`4S`, `3NTX`, `PASS`); empty for a raw score or an artificial score.
    #[serde(default)]
    pub contract: String,
    /// Declarer `N`/`E`/`S`/`W`.
    #[serde(default)]
    pub declarer: String,
    /// `=`, `+1`, `-2` or tricks taken.
    #[serde(default)]
    pub result: String,
    /// Opening lead, e.g. `SA`, `H10` (optional, checked).
    #[serde(default)]
    pub lead: String,
    /// NS score, e.g. `420`, `-100` (optional with a contract, then checked).
    #[serde(default)]
    pub score: String,
    /// Artificial score `A+/A-` (NS/EW), `A` (both), or `NP` (not played).
    #[serde(default)]
    pub adj: String,
    /// 1-based line in the file it was read from, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// A column of the results grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Column {
    /// `board`
    Board,
    /// `ns`
    Ns,
    /// `ew`
    Ew,
    /// `contract`
    Contract,
    /// `declarer`
    Declarer,
    /// `result`
    Result,
    /// `lead`
    Lead,
    /// `score`
    Score,
    /// `adj`
    Adj,
}

impl Column {
    /// Every column, in CSV order.
    pub const ALL: [Column; 9] = [
        Column::Board,
        Column::Ns,
        Column::Ew,
        Column::Contract,
        Column::Declarer,
        Column::Result,
        Column::Lead,
        Column::Score,
        Column::Adj,
    ];

    /// The CSV header name.
    pub const fn name(self) -> &'static str {
        match self {
            Column::Board => "board",
            Column::Ns => "ns",
            Column::Ew => "ew",
            Column::Contract => "contract",
            Column::Declarer => "declarer",
            Column::Result => "result",
            Column::Lead => "lead",
            Column::Score => "score",
            Column::Adj => "adj",
        }
    }

    /// The column with this header name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Column> {
        Column::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The cell of a row in this column.
    pub fn cell(self, row: &ResultRow) -> &str {
        match self {
            Column::Board => &row.board,
            Column::Ns => &row.ns,
            Column::Ew => &row.ew,
            Column::Contract => &row.contract,
            Column::Declarer => &row.declarer,
            Column::Result => &row.result,
            Column::Lead => &row.lead,
            Column::Score => &row.score,
            Column::Adj => &row.adj,
        }
    }

    /// The cell of a row in this column, for writing.
    pub fn cell_mut(self, row: &mut ResultRow) -> &mut String {
        match self {
            Column::Board => &mut row.board,
            Column::Ns => &mut row.ns,
            Column::Ew => &mut row.ew,
            Column::Contract => &mut row.contract,
            Column::Declarer => &mut row.declarer,
            Column::Result => &mut row.result,
            Column::Lead => &mut row.lead,
            Column::Score => &mut row.score,
            Column::Adj => &mut row.adj,
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What is wrong with one cell.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CellProblem {
    /// A required cell is empty.
    #[error("missing; this row needs it")]
    Missing,
    /// Board is not a whole number ≥ 1.
    #[error("`{text}` is not a board number; expected a whole number from 1")]
    Board {
        /// The cell text.
        text: String,
    },
    /// The contract did not parse.
    #[error(transparent)]
    Contract(ContractParseError),
    /// Declarer is not N, E, S or W.
    #[error("`{text}` is not a seat; expected N, E, S or W")]
    Declarer {
        /// The cell text.
        text: String,
    },
    /// The result did not parse or is impossible for the contract.
    #[error(transparent)]
    Result(ResultParseError),
    /// The lead is not a card.
    #[error("`{text}` is not a card; expected suit then rank, e.g. SA, H10, DT")]
    Lead {
        /// The cell text.
        text: String,
    },
    /// The score is not a whole number.
    #[error("`{text}` is not a score; expected a whole number of points from NS's side, e.g. 420 or -100")]
    Score {
        /// The cell text.
        text: String,
    },
    /// The score given disagrees with the contract and result.
    #[error("score {given} does not match the contract, which scores {computed} for NS")]
    ScoreMismatch {
        /// The score typed.
        given: i32,
        /// The score from the contract.
        computed: i32,
    },
    /// The artificial score did not parse.
    #[error("`{text}` is not an artificial score; expected A+, A, A- for both sides, NS/EW like A+/A-, or NP (not played)")]
    Adj {
        /// The cell text.
        text: String,
    },
    /// An artificial score and a contract or score in the same row.
    #[error("an artificial score cannot be given together with a contract or a score")]
    AdjWithResult,
    /// Neither a contract, a score nor an artificial score.
    #[error(
        "no result: give a contract with declarer and result, a score, or an artificial score"
    )]
    NoResult,
    /// NS and EW are the same pair.
    #[error("pair `{pair}` cannot play against itself")]
    SamePair {
        /// The pair.
        pair: String,
    },
    /// A pair has two results on one board.
    #[error("pair `{pair}` already has a result on this board (row {first_row})")]
    Duplicate {
        /// The pair.
        pair: String,
        /// 1-based row of the first result.
        first_row: usize,
    },
    /// Declarer or result given for a pass-out.
    #[error("a passed-out board has no declarer or result")]
    PassWithResult,
}

/// One bad cell: where it is and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{}board {board}, NS {ns} v EW {ew}, {column}: {problem}", line_prefix(*.line))]
pub struct CellError {
    /// 0-based index of the row in [`Event::rows`].
    pub row: usize,
    /// 1-based source line, if the row came from a file.
    pub line: Option<usize>,
    /// The board cell as typed.
    pub board: String,
    /// The NS pair cell as typed.
    pub ns: String,
    /// The EW pair cell as typed.
    pub ew: String,
    /// The column at fault.
    pub column: Column,
    /// What is wrong.
    pub problem: CellProblem,
}

fn line_prefix(line: Option<usize>) -> String {
    line.map_or(String::new(), |l| format!("line {l}: "))
}

/// North–South or East–West.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// North–South.
    NorthSouth,
    /// East–West.
    EastWest,
}

impl Direction {
    /// `NS` or `EW`.
    pub const fn text(self) -> &'static str {
        match self {
            Direction::NorthSouth => "NS",
            Direction::EastWest => "EW",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// What happened at the table, validated.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Outcome {
    /// A contract (or pass-out) was played; `declarer` is `None` for a pass-out.
    Played {
        /// The final contract.
        contract: FinalContract,
        /// The declarer.
        declarer: Option<Seat>,
        /// Tricks taken by declarer (0 for a pass-out).
        tricks: u8,
    },
    /// Only the NS score is known.
    Score,
    /// Artificial adjusted scores for each side.
    Artificial {
        /// NS's award.
        ns: Artificial,
        /// EW's award.
        ew: Artificial,
    },
    /// The board was not played at this table: it does not count for either pair.
    NotPlayed,
}

/// One validated table result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableResult {
    /// 0-based row in the event.
    pub row: usize,
    /// Board number (≥ 1).
    pub board: u32,
    /// The NS pair.
    pub ns: String,
    /// The EW pair.
    pub ew: String,
    /// What happened.
    pub outcome: Outcome,
    /// The NS score for real results (`Played`, `Score`), `None` otherwise.
    pub ns_score: Option<i32>,
    /// The opening lead, if given.
    pub lead: Option<Card>,
}

/// The error of [`Event::from_json`].
#[derive(Debug, Error)]
pub enum EventJsonError {
    /// Not valid JSON or not an event.
    #[error("not a Fair Deal scoring event: {0}")]
    Json(#[from] serde_json::Error),
    /// The format tag is wrong.
    #[error("format is `{found}`; expected `{EVENT_FORMAT}`")]
    Format {
        /// The tag found.
        found: String,
    },
    /// A version this build cannot read.
    #[error("event version {found}; this build reads version {EVENT_VERSION}")]
    Version {
        /// The version found.
        found: u32,
    },
}

impl Event {
    /// The event as pretty JSON.
    pub fn to_json(&self) -> String {
        // Serialising plain strings and numbers cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Reads event JSON, checking the format tag and version.
    pub fn from_json(text: &str) -> Result<Event, EventJsonError> {
        let e: Event = serde_json::from_str(text)?;
        if e.format != EVENT_FORMAT {
            return Err(EventJsonError::Format { found: e.format });
        }
        if e.version != EVENT_VERSION {
            return Err(EventJsonError::Version { found: e.version });
        }
        Ok(e)
    }

    /// Validates every row with the field decided by [`resolve_field`] ([`Field::Auto`]).
    pub fn validate(&self) -> (Vec<TableResult>, Vec<CellError>) {
        self.validate_with(Field::Auto)
    }

    /// Validates every row: the good ones as [`TableResult`]s, every bad cell as an error.
    ///
    /// With two winners a pair is its direction and number (NS 1 and EW 1 differ); with one
    /// winner the number alone, so a pair cannot meet itself or sit in two directions on one
    /// board.
    pub fn validate_with(&self, field: Field) -> (Vec<TableResult>, Vec<CellError>) {
        let two = resolve_field(&self.rows, field);
        let mut results = Vec::with_capacity(self.rows.len());
        let mut errors = Vec::new();
        // (board, direction if two winners, pair) → first row index.
        let mut seen: HashMap<(u32, Option<Direction>, &str), usize> = HashMap::new();
        for (i, row) in self.rows.iter().enumerate() {
            let before = errors.len();
            let mut err = |column: Column, problem: CellProblem| {
                errors.push(CellError {
                    row: i,
                    line: row.line,
                    board: row.board.clone(),
                    ns: row.ns.clone(),
                    ew: row.ew.clone(),
                    column,
                    problem,
                })
            };
            let (ns, ew) = (row.ns.trim(), row.ew.trim());
            if !two && !ns.is_empty() && ns == ew {
                err(Column::Ew, CellProblem::SamePair { pair: ns.into() });
            }
            let parsed = validate_row(row, &mut err);
            let keys = [
                (Column::Ns, two.then_some(Direction::NorthSouth), ns),
                (Column::Ew, two.then_some(Direction::EastWest), ew),
            ];
            if let Some(r) = parsed.as_ref() {
                for (col, dir, pair) in keys {
                    if let Some(&first) = seen.get(&(r.board, dir, pair)) {
                        err(
                            col,
                            CellProblem::Duplicate {
                                pair: pair.into(),
                                first_row: first + 1,
                            },
                        );
                    }
                }
            }
            if errors.len() == before {
                if let Some(mut r) = parsed {
                    for (_, dir, pair) in keys {
                        seen.insert((r.board, dir, pair), i);
                    }
                    r.row = i;
                    results.push(r);
                }
            }
        }
        (results, errors)
    }
}

/// Whether the event is ranked in two fields: [`Field::TwoWinners`] → yes,
/// [`Field::OneWinner`] → no, [`Field::Auto`] → yes exactly when no pair name appears both
/// as NS and as EW.
pub fn resolve_field(rows: &[ResultRow], field: Field) -> bool {
    match field {
        Field::OneWinner => false,
        Field::TwoWinners => true,
        Field::Auto => {
            let ns: HashSet<&str> = rows.iter().map(|r| r.ns.trim()).collect();
            !rows.iter().any(|r| ns.contains(r.ew.trim()))
        }
    }
}

/// Parses a card such as `SA`, `s10`, `♥T`, `HQ` (the model's one card reader).
pub fn parse_card(text: &str) -> Option<Card> {
    text.parse().ok()
}

/// Parses the `adj` cell: `None` if empty, else the outcome or `Err(())`.
fn parse_adj(text: &str) -> Option<Result<Outcome, ()>> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if t.eq_ignore_ascii_case("np") || t.eq_ignore_ascii_case("not played") {
        return Some(Ok(Outcome::NotPlayed));
    }
    let (a, b) = match t.split_once('/') {
        Some((a, b)) => (Artificial::parse(a), Artificial::parse(b)),
        None => (Artificial::parse(t), Artificial::parse(t)),
    };
    Some(match (a, b) {
        (Some(ns), Some(ew)) => Ok(Outcome::Artificial { ns, ew }),
        _ => Err(()),
    })
}

fn parse_score(text: &str) -> Option<Result<i32, ()>> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    let t = t.strip_prefix('+').unwrap_or(t);
    Some(t.replace('−', "-").parse::<i32>().map_err(|_| ()))
}

fn validate_row(row: &ResultRow, err: &mut impl FnMut(Column, CellProblem)) -> Option<TableResult> {
    let mut ok = true;
    let board = match row.board.trim() {
        "" => {
            err(Column::Board, CellProblem::Missing);
            None
        }
        t => match t.parse::<u32>() {
            Ok(b) if b >= 1 => Some(b),
            _ => {
                err(Column::Board, CellProblem::Board { text: t.into() });
                None
            }
        },
    };
    let ns = row.ns.trim();
    let ew = row.ew.trim();
    if ns.is_empty() {
        err(Column::Ns, CellProblem::Missing);
        ok = false;
    }
    if ew.is_empty() {
        err(Column::Ew, CellProblem::Missing);
        ok = false;
    }
    let lead = match row.lead.trim() {
        "" => None,
        t => match parse_card(t) {
            Some(c) => Some(c),
            None => {
                err(Column::Lead, CellProblem::Lead { text: t.into() });
                ok = false;
                None
            }
        },
    };
    let score = match parse_score(&row.score) {
        None => None,
        Some(Ok(s)) => Some(s),
        Some(Err(())) => {
            err(
                Column::Score,
                CellProblem::Score {
                    text: row.score.trim().into(),
                },
            );
            ok = false;
            None
        }
    };
    let has_contract = !row.contract.trim().is_empty();
    let (outcome, ns_score) = match parse_adj(&row.adj) {
        Some(Err(())) => {
            err(
                Column::Adj,
                CellProblem::Adj {
                    text: row.adj.trim().into(),
                },
            );
            return None;
        }
        Some(Ok(o)) => {
            if has_contract || !row.score.trim().is_empty() {
                err(Column::Adj, CellProblem::AdjWithResult);
                return None;
            }
            (o, None)
        }
        None if has_contract => {
            let board = board?;
            let contract = match row.contract.parse::<FinalContract>() {
                Ok(c) => c,
                Err(e) => {
                    err(Column::Contract, CellProblem::Contract(e));
                    return None;
                }
            };
            let (declarer, tricks) = match contract {
                FinalContract::PassedOut => {
                    if !row.declarer.trim().is_empty() && row.declarer.trim() != "-"
                        || !row.result.trim().is_empty() && row.result.trim() != "-"
                    {
                        err(Column::Result, CellProblem::PassWithResult);
                        return None;
                    }
                    (None, 0)
                }
                FinalContract::Bid(c) => {
                    let d = row.declarer.trim();
                    let declarer = match d.chars().count() {
                        0 => {
                            err(Column::Declarer, CellProblem::Missing);
                            None
                        }
                        1 => {
                            let s = d.chars().next().and_then(Seat::from_char);
                            if s.is_none() {
                                err(Column::Declarer, CellProblem::Declarer { text: d.into() });
                            }
                            s
                        }
                        _ => {
                            err(Column::Declarer, CellProblem::Declarer { text: d.into() });
                            None
                        }
                    };
                    let tricks = match parse_result(&row.result, c) {
                        Ok(t) => Some(t),
                        Err(e) => {
                            err(Column::Result, CellProblem::Result(e));
                            None
                        }
                    };
                    (Some(declarer?), tricks?)
                }
            };
            let vul = declarer
                .map(|d| Vulnerability::of_board(board).is_vulnerable(d))
                .unwrap_or(false);
            let computed = ns_score(contract, declarer.unwrap_or(Seat::North), vul, tricks).ok()?;
            if let Some(given) = score {
                if given != computed {
                    err(
                        Column::Score,
                        CellProblem::ScoreMismatch { given, computed },
                    );
                    return None;
                }
            }
            (
                Outcome::Played {
                    contract,
                    declarer,
                    tricks,
                },
                Some(computed),
            )
        }
        None => match score {
            Some(s) => (Outcome::Score, Some(s)),
            None => {
                if ok {
                    err(Column::Contract, CellProblem::NoResult);
                }
                return None;
            }
        },
    };
    if !ok {
        return None;
    }
    Some(TableResult {
        row: 0,
        board: board?,
        ns: ns.into(),
        ew: ew.into(),
        outcome,
        ns_score,
        lead,
    })
}
