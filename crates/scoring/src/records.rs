//! An event's hand records, and each table result checked against the deal.
//!
//! Owns [`BoardRecord`] (a board number with its [`Deal`], dealer, vulnerability and, when the
//! caller has solved it, the double-dummy table and par as plain data from
//! [`fairdeal_model::dd`]), [`check_results`] (every traveller line against double dummy
//! and par: [`LineCheck`]) and the fouled-board flag ([`BoardCheck`]).
//!
//! This crate solves nothing: the caller computes DD tables and par (`fairdeal_dd::solve_list`
//! and `fairdeal_dd::par` in the CLI, the DD worker in the app) and hands them in, so the
//! dependency graph stays `dd ← scoring`.
//!
//! **Against double dummy.** For a played contract, `tricks_vs_dd` is the declarer's tricks
//! minus the DD tricks of that declarer in that strain; `ns_tricks_vs_dd` is the same from
//! North–South's side (the negation when East or West declared). `score_vs_par` is the NS
//! score minus the par score (NS view), for every real score (pass-outs and assigned scores
//! included); artificial and not-played rows have none.
//!
//! **Fouled-board rule** ([`is_fouled`]). A board is flagged for the director when at least
//! [`FOUL_MIN_RESULTS`] contracts were played on it and *more than half* of them are
//! [`FOUL_TRICKS`] or more tricks off double dummy *in the same direction for North–South*
//! (NS took 2+ tricks more than DD at most tables, or 2+ fewer). Single-table swings of a
//! trick or two are normal play; a fouled board (cards in the wrong pockets, so the deal
//! played is not the record) moves most tables the same way. The flag asks a human to
//! check; it never changes a score.
//!
//! Panic policy: nothing here panics; results without a record are simply not checked.

use crate::contract::{is_ns, FinalContract};
use crate::event::{Outcome, TableResult};
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Deal, Seat, Vulnerability};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Tricks off double dummy (NS view) that count towards the fouled-board flag.
pub const FOUL_TRICKS: i8 = 2;
/// Played contracts a board needs before it can be flagged.
pub const FOUL_MIN_RESULTS: usize = 3;

/// One board of the session's hand records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardRecord {
    /// Board number (≥ 1).
    pub board: u32,
    /// The deal.
    pub deal: Deal,
    /// The dealer.
    pub dealer: Seat,
    /// The vulnerability.
    pub vulnerability: Vulnerability,
    /// The double-dummy table, when solved.
    pub dd: Option<DdTable>,
    /// Par, when known.
    pub par: Option<Par>,
}

impl BoardRecord {
    /// A record with the standard dealer and vulnerability of `board` and no DD data.
    pub fn standard(board: u32, deal: Deal) -> BoardRecord {
        BoardRecord {
            board,
            deal,
            dealer: Seat::dealer_of_board(board),
            vulnerability: Vulnerability::of_board(board),
            dd: None,
            par: None,
        }
    }

    /// A record from what a hand-record file says: its dealer and vulnerability where given,
    /// else the standard ones of `board`; DD table and par as given.
    pub fn from_file(
        board: u32,
        deal: Deal,
        dealer: Option<Seat>,
        vulnerability: Option<Vulnerability>,
        dd: Option<DdTable>,
        par: Option<Par>,
    ) -> BoardRecord {
        BoardRecord {
            dealer: dealer.unwrap_or_else(|| Seat::dealer_of_board(board)),
            vulnerability: vulnerability.unwrap_or_else(|| Vulnerability::of_board(board)),
            dd,
            par,
            ..BoardRecord::standard(board, deal)
        }
    }
}

/// The records by board number (a later record of the same board replaces an earlier one).
pub fn records_by_board(records: &[BoardRecord]) -> BTreeMap<u32, &BoardRecord> {
    records.iter().map(|r| (r.board, r)).collect()
}

/// One traveller line against the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineCheck {
    /// 0-based row in the event.
    pub row: usize,
    /// Board.
    pub board: u32,
    /// DD tricks for this declarer in this strain (played contracts with a DD table).
    pub dd_tricks: Option<u8>,
    /// Declarer's tricks minus `dd_tricks`.
    pub tricks_vs_dd: Option<i8>,
    /// The same from North–South's side.
    pub ns_tricks_vs_dd: Option<i8>,
    /// The board's par score (NS view), when known.
    pub par_score: Option<i32>,
    /// NS score minus par score (real scores only).
    pub score_vs_par: Option<i32>,
}

/// One board's fouled-board evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardCheck {
    /// Board.
    pub board: u32,
    /// Played contracts compared with double dummy.
    pub compared: usize,
    /// Of those, NS took [`FOUL_TRICKS`] or more tricks more than DD.
    pub ns_over: usize,
    /// Of those, NS took [`FOUL_TRICKS`] or more tricks fewer than DD.
    pub ns_under: usize,
    /// The board is flagged ([`is_fouled`]).
    pub fouled: bool,
}

/// The fouled-board rule of the module doc: at least [`FOUL_MIN_RESULTS`] compared and more
/// than half of them [`FOUL_TRICKS`]+ off in one direction.
pub const fn is_fouled(compared: usize, ns_over: usize, ns_under: usize) -> bool {
    let most = if ns_over > ns_under {
        ns_over
    } else {
        ns_under
    };
    compared >= FOUL_MIN_RESULTS && most * 2 > compared
}

/// Checks one result against its board's record.
pub fn check_line(result: &TableResult, record: Option<&BoardRecord>) -> LineCheck {
    let mut out = LineCheck {
        row: result.row,
        board: result.board,
        dd_tricks: None,
        tricks_vs_dd: None,
        ns_tricks_vs_dd: None,
        par_score: None,
        score_vs_par: None,
    };
    let Some(rec) = record else {
        return out;
    };
    out.par_score = rec.par.as_ref().map(|p| p.ns_score);
    if let (Some(s), Some(p)) = (result.ns_score, out.par_score) {
        out.score_vs_par = s.checked_sub(p);
    }
    if let (
        Outcome::Played {
            contract: FinalContract::Bid(c),
            declarer: Some(d),
            tricks,
        },
        Some(table),
    ) = (result.outcome, rec.dd.as_ref())
    {
        let dd = table.tricks(c.strain(), d);
        let off = tricks as i8 - dd as i8;
        out.dd_tricks = Some(dd);
        out.tricks_vs_dd = Some(off);
        out.ns_tricks_vs_dd = Some(if is_ns(d) { off } else { -off });
    }
    out
}

/// Every result against the records, in result order, and one [`BoardCheck`] per board
/// that has a record with a DD table and at least one result, by board number.
pub fn check_results(
    results: &[TableResult],
    records: &[BoardRecord],
) -> (Vec<LineCheck>, Vec<BoardCheck>) {
    let by_board = records_by_board(records);
    let lines: Vec<LineCheck> = results
        .iter()
        .map(|r| check_line(r, by_board.get(&r.board).copied()))
        .collect();
    let mut boards: BTreeMap<u32, BoardCheck> = BTreeMap::new();
    for (r, l) in results.iter().zip(&lines) {
        let has_dd = by_board.get(&r.board).is_some_and(|rec| rec.dd.is_some());
        if !has_dd {
            continue;
        }
        let b = boards.entry(r.board).or_insert(BoardCheck {
            board: r.board,
            compared: 0,
            ns_over: 0,
            ns_under: 0,
            fouled: false,
        });
        if let Some(off) = l.ns_tricks_vs_dd {
            b.compared += 1;
            if off >= FOUL_TRICKS {
                b.ns_over += 1;
            } else if off <= -FOUL_TRICKS {
                b.ns_under += 1;
            }
        }
    }
    let checks = boards
        .into_values()
        .map(|mut b| {
            b.fouled = is_fouled(b.compared, b.ns_over, b.ns_under);
            b
        })
        .collect();
    (lines, checks)
}

#[cfg(test)]
mod tests;
