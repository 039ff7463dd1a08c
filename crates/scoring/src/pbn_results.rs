//! PBN 2.1 results interchange: a scored event as PBN games with the `ScoreTable`,
//! `TotalScoreTable` and `OptimumResultTable` supplemental sections, and the `ScoreTable`
//! reader [`read::read_pbn`](crate::read::read_pbn) uses.
//!
//! PBN 2.1 (the "Portable Bridge Notation" standard, chapter 5 "Supplemental sections"):
//! §5.2 describes tables — the tag value names the columns separated by `;`, a column name may
//! end in `\` + minimum width + `L`/`R` alignment, `?` is an unknown element, `-` an
//! irrelevant one, and `^` precedes an artificial score value; in import format the elements
//! of a row may spread over several lines; a user-defined column name may be added. §5.7
//! `ScoreTable` (per game: `PairId_NS`, `PairId_EW`, `Contract`, `Declarer`, `Result`
//! (tricks), `Score_NS`, `Score_EW`, `IMP_NS`/`IMP_EW`, `MP_NS`/`MP_EW`,
//! `Percentage_NS`/`Percentage_EW`; artificial scores with `-` for contract, declarer and
//! result). §5.8 `TotalScoreTable` (`Rank`, `PairId`, `TotalMP`, `TotalIMP`,
//! `TotalPercentage`, `MeanIMP`, `NrBoards`, …). The `OptimumResultTable`, `ParContract` and
//! `OptimumScore` are written in the layout of `fairdeal-interop`'s `dd` module, so its PBN
//! reader reads the records back (tested in the CLI crate).
//!
//! What [`write_results_pbn`] writes, one game per board (records and results, by number):
//! `Event`, `Board`, `Dealer`, `Vulnerable`, `Deal` (when the record is known), `Scoring`,
//! the DD table and par (when solved), and the `ScoreTable` of every row of that board in row
//! order, with two user-defined columns so an event reads back cell for cell: `Lead` and
//! `Adj` (the artificial-score cell, `A+/A-`, `NP`). The first game also carries the
//! `TotalScoreTable` of the ranking (with two winners, a user-defined `Direction` column).
//! Points of artificial scores are written with `^`.
//!
//! Panic policy: nothing here panics, whatever the input.

use crate::compute::{EventScore, RankBasis};
use crate::event::{Event, ResultRow};
use crate::method::Method;
use crate::records::{records_by_board, BoardRecord};
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Seat, Strain};
use std::collections::{BTreeSet, HashMap};
use std::fmt::Write as _;

/// A column of a written table: name, right-aligned or not, and the cells.
struct Col {
    name: &'static str,
    right: bool,
    cells: Vec<String>,
}

/// One table section: the tag value (with minimum widths) and the aligned rows.
fn table(cols: &[Col]) -> (String, Vec<String>) {
    let widths: Vec<usize> = cols
        .iter()
        .map(|c| {
            c.cells
                .iter()
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(1)
                .max(1)
        })
        .collect();
    let header = cols
        .iter()
        .zip(&widths)
        .map(|(c, w)| format!("{}\\{w}{}", c.name, if c.right { 'R' } else { 'L' }))
        .collect::<Vec<_>>()
        .join(";");
    let rows = cols.first().map_or(0, |c| c.cells.len());
    let lines = (0..rows)
        .map(|i| {
            let parts: Vec<String> = cols
                .iter()
                .zip(&widths)
                .map(|(c, &w)| {
                    let s = &c.cells[i];
                    if c.right {
                        format!("{s:>w$}")
                    } else {
                        format!("{s:<w$}")
                    }
                })
                .collect();
            parts.join(" ").trim_end().to_string()
        })
        .collect();
    (header, lines)
}

/// A table element: `-` for an empty cell, a string token when it has spaces or quotes.
fn element(text: &str) -> String {
    let t = text.trim();
    if t.is_empty() {
        "-".into()
    } else if t
        .chars()
        .any(|c| c.is_whitespace() || matches!(c, '"' | ';' | '{' | '}'))
        || t == "-"
        || t == "?"
    {
        format!("\"{}\"", t.replace('\\', "\\\\").replace('"', "\\\""))
    } else {
        t.to_string()
    }
}

fn quote_tag(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

fn points(v: f64) -> String {
    format!("{v:.2}")
}

/// The PBN `Scoring` tag value of a method.
fn scoring_tag(method: Method) -> &'static str {
    match method {
        Method::Matchpoints | Method::MatchpointsAcbl => "MP",
        Method::Butler => "Butler",
        Method::CrossImps => "Cross-IMP",
        Method::Vp => "IMP;VP",
    }
}

const ROW_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
const ROW_STRAINS: [Strain; 5] = [
    Strain::Notrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// `OptimumResultTable` rows in `fairdeal-interop`'s layout.
fn dd_lines(t: &DdTable) -> Vec<String> {
    let mut out = Vec::with_capacity(20);
    for seat in ROW_SEATS {
        for strain in ROW_STRAINS {
            out.push(format!(
                "{} {:>2} {:>2}",
                seat.letter(),
                strain.text(),
                t.tricks(strain, seat)
            ));
        }
    }
    out
}

fn par_text(par: &Par) -> String {
    if par.contracts.is_empty() {
        "Pass".into()
    } else {
        par.contracts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    }
}

/// Writes the event, scored with `method` into `score`, as PBN 2.1 games (module doc).
pub fn write_results_pbn(
    name: &str,
    event: &Event,
    score: &EventScore,
    method: Method,
    records: &[BoardRecord],
) -> String {
    let by_board = records_by_board(records);
    let mut rows_of: HashMap<u32, Vec<(usize, &ResultRow)>> = HashMap::new();
    let mut numbers: BTreeSet<u32> = by_board.keys().copied().collect();
    for (i, r) in event.rows.iter().enumerate() {
        if let Ok(b) = r.board.trim().parse::<u32>() {
            rows_of.entry(b).or_default().push((i, r));
            numbers.insert(b);
        }
    }
    let points_of: HashMap<usize, &crate::compute::ResultPoints> =
        score.results.iter().map(|p| (p.row, p)).collect();
    let mp = matches!(method, Method::Matchpoints | Method::MatchpointsAcbl);
    // The matchpoint top of a board (Neuberg: every board factored to `expected`).
    let top = match (method, score.expected) {
        (Method::Matchpoints, Some(e)) => 2.0 * e.saturating_sub(1) as f64,
        (Method::MatchpointsAcbl, Some(e)) => e.saturating_sub(1) as f64,
        _ => 0.0,
    };
    let mut out = String::from("% PBN 2.1\n% EXPORT\n");
    for (k, &board) in numbers.iter().enumerate() {
        if k > 0 {
            out.push('\n');
        }
        let _ = writeln!(out, "[Event \"{}\"]", quote_tag(name));
        let _ = writeln!(out, "[Board \"{board}\"]");
        let rec = by_board.get(&board).copied();
        let dealer = rec.map_or(Seat::dealer_of_board(board), |r| r.dealer);
        let vul = rec.map_or(fairdeal_model::Vulnerability::of_board(board), |r| {
            r.vulnerability
        });
        let _ = writeln!(out, "[Dealer \"{}\"]", dealer.letter());
        let _ = writeln!(out, "[Vulnerable \"{}\"]", vul.pbn());
        if let Some(r) = rec {
            let _ = writeln!(out, "[Deal \"{}\"]", r.deal.to_pbn(dealer));
        }
        let _ = writeln!(out, "[Scoring \"{}\"]", scoring_tag(method));
        if let Some(t) = rec.and_then(|r| r.dd.as_ref()) {
            out.push_str("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n");
            for l in dd_lines(t) {
                out.push_str(&l);
                out.push('\n');
            }
        }
        if let Some(p) = rec.and_then(|r| r.par.as_ref()) {
            let _ = writeln!(out, "[ParContract \"{}\"]", par_text(p));
            let _ = writeln!(out, "[OptimumScore \"NS {}\"]", p.ns_score);
        }
        if k == 0 && !score.standings.is_empty() {
            let (h, lines) = total_table(score);
            let _ = writeln!(out, "[TotalScoreTable \"{h}\"]");
            for l in lines {
                out.push_str(&l);
                out.push('\n');
            }
        }
        let rows = rows_of.get(&board).map(Vec::as_slice).unwrap_or(&[]);
        if rows.is_empty() {
            continue;
        }
        let mut cols: Vec<Col> = Vec::new();
        let mut col = |name, right| {
            cols.push(Col {
                name,
                right,
                cells: Vec::with_capacity(rows.len()),
            });
            cols.len() - 1
        };
        let c_ns = col("PairId_NS", true);
        let c_ew = col("PairId_EW", true);
        let c_contract = col("Contract", false);
        let c_decl = col("Declarer", false);
        let c_result = col("Result", true);
        let c_lead = col("Lead", false);
        let c_sns = col("Score_NS", true);
        let c_sew = col("Score_EW", true);
        let (c_pns, c_pew) = if mp {
            (col("MP_NS", true), col("MP_EW", true))
        } else {
            (col("IMP_NS", true), col("IMP_EW", true))
        };
        let c_pct = mp.then(|| (col("Percentage_NS", true), col("Percentage_EW", true)));
        let c_adj = col("Adj", false);
        for &(i, r) in rows {
            let p = points_of.get(&i);
            let artificial = !r.adj.trim().is_empty();
            let mark = if artificial { "^" } else { "" };
            cols[c_ns].cells.push(element(&r.ns));
            cols[c_ew].cells.push(element(&r.ew));
            let contract = r.contract.trim();
            let passed = contract.eq_ignore_ascii_case("pass");
            cols[c_contract].cells.push(if passed {
                "Pass".into()
            } else {
                element(contract)
            });
            cols[c_decl].cells.push(if passed {
                "-".into()
            } else {
                element(&r.declarer)
            });
            // Result is tricks taken (§5.7); the typed `=`/`+1` is turned into tricks when it
            // parses, else kept as typed.
            let result = match (contract.parse::<crate::FinalContract>(), passed) {
                (_, true) => "-".into(),
                (Ok(crate::FinalContract::Bid(c)), false) => {
                    match crate::parse_result(&r.result, c) {
                        Ok(t) => t.to_string(),
                        Err(_) => element(&r.result),
                    }
                }
                _ => element(&r.result),
            };
            cols[c_result].cells.push(result);
            cols[c_lead].cells.push(element(&r.lead));
            let ns_score = p.and_then(|p| p.ns_score).or_else(|| {
                r.score
                    .trim()
                    .trim_start_matches('+')
                    .replace('−', "-")
                    .parse::<i32>()
                    .ok()
            });
            let (sns, sew) = match ns_score {
                Some(s) if s < 0 => ("-".to_string(), s.unsigned_abs().to_string()),
                Some(s) => (s.to_string(), "-".to_string()),
                None if r.score.trim().is_empty() => ("-".into(), "-".into()),
                None => (element(&r.score), "-".into()),
            };
            cols[c_sns].cells.push(sns);
            cols[c_sew].cells.push(sew);
            let (pns, pew) = match p {
                Some(p) => (
                    format!("{mark}{}", points(p.ns_points)),
                    format!("{mark}{}", points(p.ew_points)),
                ),
                None => ("-".into(), "-".into()),
            };
            cols[c_pns].cells.push(pns);
            cols[c_pew].cells.push(pew);
            if let Some((a, b)) = c_pct {
                // A real result's sides share the top; an artificial one is each side's award.
                let ew_percent = |p: &crate::compute::ResultPoints, ns: f64| {
                    if artificial && top > 0.0 {
                        p.ew_points * 100.0 / top
                    } else {
                        100.0 - ns
                    }
                };
                let (x, y) = match p.and_then(|p| p.ns_percent.map(|v| (v, ew_percent(p, v)))) {
                    Some((v, w)) => (format!("{mark}{v:.2}"), format!("{mark}{w:.2}")),
                    None => ("-".into(), "-".into()),
                };
                cols[a].cells.push(x);
                cols[b].cells.push(y);
            }
            cols[c_adj].cells.push(element(&r.adj));
        }
        let (h, lines) = table(&cols);
        let _ = writeln!(out, "[ScoreTable \"{h}\"]");
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
    }
    out
}

/// The `TotalScoreTable` of the ranking.
fn total_table(score: &EventScore) -> (String, Vec<String>) {
    let n = score.standings.len();
    let mut cols = vec![
        Col {
            name: "Rank",
            right: true,
            cells: Vec::with_capacity(n),
        },
        Col {
            name: "PairId",
            right: true,
            cells: Vec::with_capacity(n),
        },
    ];
    if score.two_winners {
        cols.push(Col {
            name: "Direction",
            right: false,
            cells: Vec::new(),
        });
    }
    let (total, mean) = match score.basis {
        RankBasis::Percent => ("TotalMP", "TotalPercentage"),
        RankBasis::TotalImps | RankBasis::ImpsPerBoard => ("TotalIMP", "MeanIMP"),
        RankBasis::TotalVp => ("TotalVP", "TotalScore"),
    };
    cols.push(Col {
        name: total,
        right: true,
        cells: Vec::new(),
    });
    if score.basis != RankBasis::TotalVp {
        cols.push(Col {
            name: mean,
            right: true,
            cells: Vec::new(),
        });
    }
    cols.push(Col {
        name: "NrBoards",
        right: true,
        cells: Vec::new(),
    });
    for s in &score.standings {
        let mut i = 0;
        let mut push = |v: String| {
            cols[i].cells.push(v);
            i += 1;
        };
        push(s.rank.to_string());
        push(element(&s.pair));
        if score.two_winners {
            push(s.direction.map_or("-", |d| d.text()).to_string());
        }
        push(points(s.total));
        if score.basis != RankBasis::TotalVp {
            push(points(match score.basis {
                RankBasis::Percent => s.score,
                _ => s.total / f64::from(s.boards.max(1)),
            }));
        }
        push(s.boards.to_string());
    }
    table(&cols)
}

/// Splits table text into elements (whitespace separated; `"…"` string tokens may hold
/// spaces, `\"` and `\\` inside them), each with its 1-based line.
pub fn table_elements(lines: &[(usize, String)]) -> Result<Vec<(usize, String)>, usize> {
    let mut out = Vec::new();
    for (line, text) in lines {
        let mut chars = text.chars().peekable();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
                continue;
            }
            let mut tok = String::new();
            if c == '"' {
                chars.next();
                let mut closed = false;
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            if let Some(n) = chars.next() {
                                tok.push(n);
                            }
                        }
                        '"' => {
                            closed = true;
                            break;
                        }
                        c => tok.push(c),
                    }
                }
                if !closed {
                    return Err(*line);
                }
                // A quoted element is never the `-`/`?` marker.
                out.push((*line, format!("\"{tok}")));
            } else {
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() {
                        break;
                    }
                    tok.push(c);
                    chars.next();
                }
                out.push((*line, tok));
            }
        }
    }
    Ok(out)
}

/// A column name of a table header without its order sign and width (`+Rank\3R` → `Rank`).
pub fn column_name(spec: &str) -> &str {
    let s = spec.trim();
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    s.split('\\').next().unwrap_or(s).trim()
}

/// The value of an element as a cell: quoted elements as they are, `-`/`?` empty, `^`
/// dropped (an artificial mark).
fn cell(elem: &str) -> String {
    if let Some(q) = elem.strip_prefix('"') {
        return q.to_string();
    }
    match elem {
        "-" | "?" => String::new(),
        e => e.strip_prefix('^').unwrap_or(e).to_string(),
    }
}

/// Why a `ScoreTable` could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableProblem {
    /// A string token without its closing quote, on this line.
    Unclosed(usize),
    /// Elements left over: the last row is incomplete (line of its first element).
    Incomplete(usize),
    /// The header names no pair column.
    NoPairs,
}

/// The rows of a `ScoreTable` (`header` = the tag value) for board `board`: one
/// [`ResultRow`] per table row with its line; `Score_NS`/`Score_EW` become the NS score,
/// `Adj` the artificial cell, `Names_NS`/`Names_EW` stand in for missing pair ids.
pub fn score_table_rows(
    board: &str,
    header: &str,
    lines: &[(usize, String)],
) -> Result<Vec<ResultRow>, TableProblem> {
    let names: Vec<&str> = header.split(';').map(column_name).collect();
    let at = |n: &str| names.iter().position(|c| c.eq_ignore_ascii_case(n));
    let ns_col = at("PairId_NS").or_else(|| at("Names_NS"));
    let ew_col = at("PairId_EW").or_else(|| at("Names_EW"));
    let (Some(ns_col), Some(ew_col)) = (ns_col, ew_col) else {
        return Err(TableProblem::NoPairs);
    };
    let elems = table_elements(lines).map_err(TableProblem::Unclosed)?;
    let width = names.len().max(1);
    if elems.len() % width != 0 {
        let first = elems.len() / width * width;
        return Err(TableProblem::Incomplete(elems[first].0));
    }
    let mut rows = Vec::new();
    for chunk in elems.chunks(width) {
        let get = |i: Option<usize>| i.map(|i| cell(&chunk[i].1)).unwrap_or_default();
        let contract = get(at("Contract"));
        // A score written as the string "-" (as some exporters, Fair Deal's Score page among
        // them, quote every score) is no score, as the bare `-` is.
        let score_cell = |i| {
            Some(get(i))
                .filter(|v| v != "-" && v != "?")
                .unwrap_or_default()
        };
        let sns = score_cell(at("Score_NS"));
        let sew = score_cell(at("Score_EW"));
        let adj = get(at("Adj"));
        let score = if !adj.is_empty() {
            String::new()
        } else if !sns.is_empty() {
            sns
        } else if !sew.is_empty() {
            match sew.trim_start_matches('+').parse::<i64>() {
                Ok(v) => (-v).to_string(),
                Err(_) => format!("-{sew}"),
            }
        } else {
            String::new()
        };
        let passed = contract.eq_ignore_ascii_case("pass");
        rows.push(ResultRow {
            board: board.to_string(),
            ns: get(Some(ns_col)),
            ew: get(Some(ew_col)),
            declarer: if passed {
                String::new()
            } else {
                get(at("Declarer"))
            },
            result: if passed {
                String::new()
            } else {
                get(at("Result"))
            },
            contract,
            lead: get(at("Lead")),
            score,
            adj,
            line: Some(chunk[0].0),
        });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests;
