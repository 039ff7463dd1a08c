//! Results files written from the grid: CSV (the columns the engine's reader takes back) and
//! PBN (one game per table result with `Board`, `PairId_NS/EW`, `Contract`, `Declarer`,
//! `Result` in tricks and `Score`, the first game of each board carrying a PBN 2.1
//! `ScoreTable` of the whole board with matchpoints and percentages).
//!
//! Pure functions of the rows and the computed scores: text out, no I/O.

use super::model::Scored;
use fairdeal_scoring::csv_cell::neutralise_formula;
use fairdeal_scoring::{Column, Event, Method, Outcome, Vulnerability};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Quotes a CSV field when it needs it; formula-like text (`=`, `+`, `-`, `@` first) is
/// neutralised by the scoring crate's rule so a spreadsheet shows it as text.
fn csv_field(s: &str) -> String {
    let s = neutralise_formula(s);
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The rows as CSV with a header of every column (pending rows included, as typed).
pub fn results_csv(event: &Event) -> String {
    let mut out = String::new();
    let head: Vec<&str> = Column::ALL.iter().map(|c| c.name()).collect();
    out.push_str(&head.join(","));
    out.push('\n');
    for r in &event.rows {
        let f: Vec<String> = Column::ALL
            .iter()
            .map(|c| csv_field(c.cell(r).trim()))
            .collect();
        out.push_str(&f.join(","));
        out.push('\n');
    }
    out
}

fn pbn_value(s: &str) -> String {
    s.replace(['"', '\\'], "")
}

/// The valid played results as PBN games, with a `ScoreTable` per board.
pub fn results_pbn(event: &Event, scored: &Scored) -> String {
    let mut out = String::from("% PBN 2.1\n% EXPORT\n% Fair Deal scoring\n");
    let mp = scored.ranking(Method::Matchpoints);
    let mut by_board: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, r) in scored.results.iter().enumerate() {
        if matches!(r.outcome, Outcome::Played { .. } | Outcome::Score) {
            by_board.entry(r.board).or_default().push(i);
        }
    }
    for (board, list) in by_board {
        for (k, &i) in list.iter().enumerate() {
            let r = &scored.results[i];
            let _ = writeln!(out, "\n[Event \"{}\"]", pbn_value(&event.name));
            let _ = writeln!(out, "[Board \"{board}\"]");
            let _ = writeln!(
                out,
                "[Dealer \"{}\"]",
                fairdeal_scoring::dealer_of_board(board).letter()
            );
            let _ = writeln!(
                out,
                "[Vulnerable \"{}\"]",
                Vulnerability::of_board(board).pbn()
            );
            let _ = writeln!(out, "[PairId_NS \"{}\"]", pbn_value(&r.ns));
            let _ = writeln!(out, "[PairId_EW \"{}\"]", pbn_value(&r.ew));
            match r.outcome {
                Outcome::Played {
                    contract,
                    declarer,
                    tricks,
                } => match contract {
                    fairdeal_scoring::FinalContract::PassedOut => {
                        let _ = writeln!(out, "[Contract \"Pass\"]");
                    }
                    fairdeal_scoring::FinalContract::Bid(c) => {
                        let _ = writeln!(out, "[Contract \"{c}\"]");
                        if let Some(d) = declarer {
                            let _ = writeln!(out, "[Declarer \"{}\"]", d.letter());
                        }
                        let _ = writeln!(out, "[Result \"{tricks}\"]");
                    }
                },
                Outcome::Score | Outcome::Artificial { .. } | Outcome::NotPlayed => {}
            }
            if let Some(s) = r.ns_score {
                let _ = writeln!(out, "[Score \"NS {s}\"]");
            }
            if k == 0 {
                write_score_table(&mut out, scored, &list, mp);
            }
        }
    }
    out
}

fn write_score_table(
    out: &mut String,
    scored: &Scored,
    list: &[usize],
    mp: Option<&fairdeal_scoring::EventScore>,
) {
    let _ = writeln!(
        out,
        "[ScoreTable \"PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R;Score_EW\\6R;MP_NS\\5R;MP_EW\\5R;Percentage_NS\\3R;Percentage_EW\\3R\"]"
    );
    for &i in list {
        let r = &scored.results[i];
        let (contract, decl, res) = match r.outcome {
            Outcome::Played {
                contract,
                declarer,
                tricks,
            } => match contract {
                fairdeal_scoring::FinalContract::PassedOut => {
                    ("Pass".to_string(), "-".into(), "-".into())
                }
                fairdeal_scoring::FinalContract::Bid(c) => (
                    c.to_string(),
                    declarer.map_or("-".to_string(), |d| d.letter().to_string()),
                    tricks.to_string(),
                ),
            },
            Outcome::Score | Outcome::Artificial { .. } | Outcome::NotPlayed => {
                ("-".into(), "-".into(), "-".into())
            }
        };
        let (sn, se) = match r.ns_score {
            Some(s) if s > 0 => (s.to_string(), "-".to_string()),
            Some(s) if s < 0 => ("-".to_string(), (-s).to_string()),
            Some(_) => ("0".to_string(), "0".to_string()),
            None => ("?".to_string(), "?".to_string()),
        };
        let pts = mp.and_then(|m| m.results.iter().find(|p| p.row == r.row));
        let (mn, me, pn, pe) = match pts {
            Some(p) => (
                format!("{:.1}", p.ns_points),
                format!("{:.1}", p.ew_points),
                p.ns_percent.map_or("?".into(), |x| format!("{x:.0}")),
                p.ns_percent
                    .map_or("?".into(), |x| format!("{:.0}", 100.0 - x)),
            ),
            None => ("?".into(), "?".into(), "?".into(), "?".into()),
        };
        let _ = writeln!(
            out,
            "\"{}\" \"{}\" {contract} {decl} {res} \"{sn}\" \"{se}\" {mn} {me} {pn} {pe}",
            pbn_value(&r.ns),
            pbn_value(&r.ew)
        );
    }
}

/// A file name made from the event name (letters, digits, `-`), or `event`.
pub fn file_stem(name: &str) -> String {
    let s: String = name
        .trim()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() {
        "event".into()
    } else {
        s
    }
}
