//! Results files written from the grid: CSV (the columns the engine's reader takes back) and
//! PBN (one game per table result with `Board`, `PairId_NS/EW`, `Contract`, `Declarer`,
//! `Result` in tricks and `Score`, the first game of each board carrying a PBN 2.1
//! `ScoreTable` of the whole board with matchpoints and percentages).
//!
//! Pure functions of the rows and the computed scores: text out, no I/O.

use super::model::Scored;
use fairdeal_scoring::csv_cell::csv_field;
use fairdeal_scoring::{Column, Event, FinalContract, Method, Outcome, Vulnerability};
use std::collections::BTreeMap;
use std::fmt::Write;

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

/// A played outcome in PBN's words: the contract (`Pass` for a pass-out), the declarer's
/// letter and the tricks taken (neither for a pass-out); `None` when nothing was played.
fn played(outcome: &Outcome) -> Option<(String, Option<char>, Option<u8>)> {
    match *outcome {
        Outcome::Played {
            contract: FinalContract::PassedOut,
            ..
        } => Some(("Pass".into(), None, None)),
        Outcome::Played {
            contract: FinalContract::Bid(c),
            declarer,
            tricks,
        } => Some((c.to_string(), declarer.map(|d| d.letter()), Some(tricks))),
        Outcome::Score | Outcome::Artificial { .. } | Outcome::NotPlayed => None,
    }
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
            if let Some((contract, declarer, tricks)) = played(&r.outcome) {
                let _ = writeln!(out, "[Contract \"{contract}\"]");
                if let Some(d) = declarer {
                    let _ = writeln!(out, "[Declarer \"{d}\"]");
                }
                if let Some(t) = tricks {
                    let _ = writeln!(out, "[Result \"{t}\"]");
                }
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
        let dash = || "-".to_string();
        let (contract, decl, res) = match played(&r.outcome) {
            Some((c, d, t)) => (
                c,
                d.map_or_else(dash, String::from),
                t.map_or_else(dash, |t| t.to_string()),
            ),
            None => (dash(), dash(), dash()),
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
