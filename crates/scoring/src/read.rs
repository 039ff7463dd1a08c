//! Results readers: CSV and PBN text in, an [`Event`] plus a list of problems out.
//!
//! Owns [`read_csv`], [`read_pbn`], [`read_results`] (picks by content) and [`ReadProblem`].
//! Readers never touch files. Every line that cannot become a row is reported with its
//! 1-based line number and reason and skipped; rows keep their source line in
//! [`ResultRow::line`], so the cell errors of [`Event::validate`] can name it too.
//!
//! CSV: a header naming the columns (`board,ns,ew,contract,declarer,result`, optional `lead`,
//! `score`, `adj`; any order, any case), then one row per table result. Fields may be quoted
//! with `"` (a doubled `""` inside quotes is a quote). Blank lines and lines starting with `#`
//! are skipped.
//!
//! PBN: one game per table result, with tags `Board`, `Contract` (`Pass` allowed),
//! `Declarer`, `Result` (tricks taken) and the pairs: `PairId_NS`/`PairId_EW` (also
//! `PairNS`/`PairEW`), else the player names `North`+`South` and `East`+`West`. An optional
//! `Score` tag (`NS 420`, `EW 100`) is kept and checked. A value `#` repeats the previous
//! game's value (PBN export form). Comments (`;` lines, `{…}`) and play sections are skipped.
//! A game with a `ScoreTable` section (PBN 2.1 §5.7, as [`crate::pbn_results`] writes it)
//! gives one row per table row instead, numbered by the game's `Board` tag.

use crate::event::{Column, Event, ResultRow};
use crate::pbn_results::TableProblem;
use std::collections::{HashMap, HashSet};
use thiserror::Error;

/// Why a line was skipped or a header is incomplete.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadProblemKind {
    /// No header line.
    #[error("no header; expected a first line like `board,ns,ew,contract,declarer,result`")]
    NoHeader,
    /// A required column is not in the header.
    #[error("the header has no `{name}` column; expected at least board, ns, ew and contract, declarer, result (or score or adj)")]
    MissingColumn {
        /// The column.
        name: &'static str,
    },
    /// A header name that is not a known column (its values are ignored).
    #[error("unknown column `{name}` ignored; known columns are board, ns, ew, contract, declarer, result, lead, score, adj")]
    UnknownColumn {
        /// The name.
        name: String,
    },
    /// A column named twice.
    #[error("column `{name}` appears twice in the header")]
    DuplicateColumn {
        /// The name.
        name: String,
    },
    /// A row with the wrong number of fields.
    #[error("{found} fields; the header has {expected}")]
    FieldCount {
        /// Fields in the header.
        expected: usize,
        /// Fields in this row.
        found: usize,
    },
    /// A quoted field that does not end.
    #[error("a quoted field is not closed")]
    UnclosedQuote,
    /// A PBN game without a needed tag.
    #[error("PBN game has no {tag} tag; skipped")]
    MissingTag {
        /// The tag(s) looked for.
        tag: &'static str,
    },
    /// A PBN line that is not a tag.
    #[error("`{text}` is not a PBN tag; expected [Name \"value\"]")]
    BadTag {
        /// The line.
        text: String,
    },
    /// A PBN `ScoreTable` section that cannot be read.
    #[error("PBN ScoreTable skipped: {text}")]
    ScoreTable {
        /// What is wrong.
        text: String,
    },
    /// An unreadable PBN `Score` tag.
    #[error("PBN Score `{text}` not understood; expected e.g. `NS 420` or `EW 100`")]
    BadScore {
        /// The value.
        text: String,
    },
}

/// A problem on one line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct ReadProblem {
    /// 1-based line.
    pub line: usize,
    /// What is wrong.
    pub kind: ReadProblemKind,
}

/// Rows read and problems met.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadOutcome {
    /// The rows read (each with its source line).
    pub event: Event,
    /// Lines skipped and header problems.
    pub problems: Vec<ReadProblem>,
}

/// Reads PBN if the text looks like PBN (its first non-blank line starts with `[` or `%`),
/// else CSV.
pub fn read_results(text: &str) -> ReadOutcome {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first.starts_with('[') || first.starts_with('%') {
        read_pbn(text)
    } else {
        read_csv(text)
    }
}

/// Splits one CSV line into fields.
fn split_csv(line: &str) -> Result<Vec<String>, ReadProblemKind> {
    let mut fields = Vec::new();
    let mut cur = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                cur.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => cur.push(c),
            (false, '"') if cur.trim().is_empty() => {
                cur.clear();
                quoted = true;
            }
            (false, ',') => fields.push(std::mem::take(&mut cur)),
            (false, c) => cur.push(c),
        }
    }
    if quoted {
        return Err(ReadProblemKind::UnclosedQuote);
    }
    fields.push(cur);
    Ok(fields)
}

/// Reads a results CSV.
pub fn read_csv(text: &str) -> ReadOutcome {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut event = Event::default();
    let mut problems = Vec::new();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
    let Some((hline, header)) = lines.next() else {
        problems.push(ReadProblem {
            line: 1,
            kind: ReadProblemKind::NoHeader,
        });
        return ReadOutcome { event, problems };
    };
    let header = match split_csv(header) {
        Ok(h) => h,
        Err(kind) => {
            problems.push(ReadProblem { line: hline, kind });
            return ReadOutcome { event, problems };
        }
    };
    let mut columns: Vec<Option<Column>> = Vec::with_capacity(header.len());
    for name in &header {
        let c = Column::from_name(name);
        match c {
            None => problems.push(ReadProblem {
                line: hline,
                kind: ReadProblemKind::UnknownColumn {
                    name: name.trim().into(),
                },
            }),
            Some(c) if columns.contains(&Some(c)) => {
                problems.push(ReadProblem {
                    line: hline,
                    kind: ReadProblemKind::DuplicateColumn {
                        name: c.name().into(),
                    },
                });
                columns.push(None);
                continue;
            }
            Some(_) => {}
        }
        columns.push(c);
    }
    let has = |c: Column| columns.contains(&Some(c));
    let mut required = vec![Column::Board, Column::Ns, Column::Ew];
    if has(Column::Contract) || !(has(Column::Score) || has(Column::Adj)) {
        required.extend([Column::Contract, Column::Declarer, Column::Result]);
    }
    let missing: Vec<Column> = required.into_iter().filter(|&c| !has(c)).collect();
    if !missing.is_empty() {
        for c in missing {
            problems.push(ReadProblem {
                line: hline,
                kind: ReadProblemKind::MissingColumn { name: c.name() },
            });
        }
        return ReadOutcome { event, problems };
    }
    for (line, l) in lines {
        let fields = match split_csv(l) {
            Ok(f) => f,
            Err(kind) => {
                problems.push(ReadProblem { line, kind });
                continue;
            }
        };
        if fields.len() != columns.len() {
            problems.push(ReadProblem {
                line,
                kind: ReadProblemKind::FieldCount {
                    expected: columns.len(),
                    found: fields.len(),
                },
            });
            continue;
        }
        let mut row = ResultRow {
            line: Some(line),
            ..ResultRow::default()
        };
        for (c, f) in columns.iter().zip(fields) {
            if let Some(c) = c {
                *c.cell_mut(&mut row) = f.trim().to_string();
            }
        }
        event.rows.push(row);
    }
    ReadOutcome { event, problems }
}

/// Parses `[Name "value"]`; `None` if the line is not a tag.
fn parse_tag(line: &str) -> Option<(&str, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let v = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, v.replace("\\\"", "\"").replace("\\\\", "\\")))
}

/// Reads PBN result games.
pub fn read_pbn(text: &str) -> ReadOutcome {
    let mut event = Event::default();
    let mut problems = Vec::new();
    let mut previous: HashMap<String, String> = HashMap::new();
    let mut game: HashMap<String, String> = HashMap::new();
    let mut game_line = 0usize;
    let mut in_comment = false;
    let mut in_section = false;
    let mut in_table = false;
    // The lines of the current game's `ScoreTable` section (PBN 2.1 §5.7).
    let mut table: Vec<(usize, String)> = Vec::new();
    // Boards whose results came from a `ScoreTable`: the table is the board's whole traveller,
    // so the same board's results given again as single games (Fair Deal's own export writes
    // both) are not read twice.
    let mut tabled: HashSet<String> = HashSet::new();
    let mut from_table: HashSet<usize> = HashSet::new();
    let mut finish = |game: &mut HashMap<String, String>,
                      previous: &mut HashMap<String, String>,
                      table: &mut Vec<(usize, String)>,
                      line: usize,
                      event: &mut Event,
                      problems: &mut Vec<ReadProblem>| {
        if game.is_empty() {
            return;
        }
        // Resolve `#` (same as the previous game).
        for (k, v) in game.iter_mut() {
            if v == "#" {
                *v = previous.get(k).cloned().unwrap_or_default();
            }
        }
        if let Some(header) = game.get("ScoreTable") {
            let before = event.rows.len();
            table_rows(game, header, table, line, event, problems);
            for (i, r) in event.rows.iter().enumerate().skip(before) {
                tabled.insert(r.board.clone());
                from_table.insert(i);
            }
        } else if let Some(row) = pbn_row(game, line, problems) {
            event.rows.push(row);
        }
        table.clear();
        *previous = std::mem::take(game);
    };
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let mut l = raw.trim();
        if in_comment {
            match l.find('}') {
                Some(p) => {
                    in_comment = false;
                    l = l[p + 1..].trim();
                }
                None => continue,
            }
        }
        if l.starts_with('{') {
            match l.find('}') {
                Some(p) => l = l[p + 1..].trim(),
                None => {
                    in_comment = true;
                    continue;
                }
            }
        }
        if l.starts_with('%') || l.starts_with(';') {
            continue;
        }
        if l.is_empty() {
            finish(
                &mut game,
                &mut previous,
                &mut table,
                game_line,
                &mut event,
                &mut problems,
            );
            in_section = false;
            in_table = false;
            continue;
        }
        if l.starts_with('[') {
            match parse_tag(l) {
                Some((name, value)) => {
                    if game.is_empty() {
                        game_line = line_no;
                    }
                    in_table = name == "ScoreTable";
                    in_section = matches!(
                        name,
                        "Auction"
                            | "Play"
                            | "Note"
                            | "OptimumResultTable"
                            | "ScoreTable"
                            | "TotalScoreTable"
                            | "ActionTable"
                            | "InstantScoreTable"
                    );
                    game.insert(name.to_string(), value);
                }
                None => problems.push(ReadProblem {
                    line: line_no,
                    kind: ReadProblemKind::BadTag { text: l.into() },
                }),
            }
        } else if in_table {
            table.push((line_no, l.to_string()));
        } else if !in_section && !l.starts_with('*') {
            problems.push(ReadProblem {
                line: line_no,
                kind: ReadProblemKind::BadTag { text: l.into() },
            });
        }
    }
    finish(
        &mut game,
        &mut previous,
        &mut table,
        game_line,
        &mut event,
        &mut problems,
    );
    if !tabled.is_empty() {
        // A tabled board keeps only the rows its table gave (in file order).
        let rows = std::mem::take(&mut event.rows);
        event.rows = rows
            .into_iter()
            .enumerate()
            .filter(|(i, r)| from_table.contains(i) || !tabled.contains(&r.board))
            .map(|(_, r)| r)
            .collect();
    }
    ReadOutcome { event, problems }
}

/// The rows of a game's `ScoreTable` (see [`crate::pbn_results`]); the game's `Board` tag
/// numbers them.
fn table_rows(
    game: &HashMap<String, String>,
    header: &str,
    table: &[(usize, String)],
    line: usize,
    event: &mut Event,
    problems: &mut Vec<ReadProblem>,
) {
    let Some(board) = game
        .get("Board")
        .map(|b| b.trim())
        .filter(|b| !b.is_empty())
    else {
        problems.push(ReadProblem {
            line,
            kind: ReadProblemKind::MissingTag { tag: "Board" },
        });
        return;
    };
    match crate::pbn_results::score_table_rows(board, header, table) {
        Ok(rows) => event.rows.extend(rows),
        Err(e) => {
            let (at, text) = match e {
                TableProblem::Unclosed(l) => (l, "a string token (\"…\") is not closed"),
                TableProblem::Incomplete(l) => (
                    l,
                    "the last row has fewer elements than the header has columns",
                ),
                TableProblem::NoPairs => (
                    line,
                    "the header has no PairId_NS/PairId_EW (or Names_NS/Names_EW) column",
                ),
            };
            problems.push(ReadProblem {
                line: at,
                kind: ReadProblemKind::ScoreTable { text: text.into() },
            });
        }
    }
}

fn pbn_row(
    game: &HashMap<String, String>,
    line: usize,
    problems: &mut Vec<ReadProblem>,
) -> Option<ResultRow> {
    let get = |k: &str| {
        game.get(k)
            .map(|v| v.trim())
            .filter(|v| !v.is_empty() && *v != "?")
    };
    let missing = |tag| ReadProblem {
        line,
        kind: ReadProblemKind::MissingTag { tag },
    };
    let Some(board) = get("Board") else {
        problems.push(missing("Board"));
        return None;
    };
    let pair = |id: [&str; 2], a: &str, b: &str| -> Option<String> {
        id.iter()
            .find_map(|k| get(k))
            .map(str::to_string)
            .or_else(|| match (get(a), get(b)) {
                (Some(x), Some(y)) => Some(format!("{x} & {y}")),
                _ => None,
            })
    };
    let Some(ns) = pair(["PairId_NS", "PairNS"], "North", "South") else {
        problems.push(missing("PairId_NS (or North and South)"));
        return None;
    };
    let Some(ew) = pair(["PairId_EW", "PairEW"], "East", "West") else {
        problems.push(missing("PairId_EW (or East and West)"));
        return None;
    };
    let score = match get("Score") {
        None => String::new(),
        Some(s) => {
            let mut parts = s.split_whitespace();
            let (side, value) = match (parts.next(), parts.next(), parts.next()) {
                (Some(a), Some(b), None) => (Some(a), b),
                (Some(a), None, None) => (None, a),
                _ => (Some(""), ""),
            };
            // EW's score is negated for NS: `EW -2147483648` has no NS value in `i32`.
            let value = value.parse::<i32>().ok();
            let ns_value = match (side.map(str::to_ascii_uppercase).as_deref(), value) {
                (None | Some("NS"), v) => v,
                (Some("EW"), v) => v.and_then(i32::checked_neg),
                _ => None,
            };
            match ns_value {
                Some(v) => v.to_string(),
                None => {
                    problems.push(ReadProblem {
                        line,
                        kind: ReadProblemKind::BadScore { text: s.into() },
                    });
                    return None;
                }
            }
        }
    };
    let contract = get("Contract").unwrap_or("").to_string();
    if contract.is_empty() && score.is_empty() {
        problems.push(missing("Contract (or Score)"));
        return None;
    }
    let passed = contract.eq_ignore_ascii_case("pass");
    Some(ResultRow {
        board: board.into(),
        ns,
        ew,
        declarer: if passed {
            String::new()
        } else {
            get("Declarer").unwrap_or("").into()
        },
        result: if passed {
            String::new()
        } else {
            get("Result").unwrap_or("").into()
        },
        contract,
        lead: String::new(),
        score,
        adj: String::new(),
        line: Some(line),
    })
}
