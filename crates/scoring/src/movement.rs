//! Movements: who plays which boards against whom, round by round.
//!
//! Owns [`Movement`] (a list of [`Seating`]s plus sit-outs and the [`Field`] to score it
//! with), [`mitchell`] and [`round_robin`], and [`Movement::prefill_rows`] for a results grid.
//!
//! Mitchell ([`MitchellOptions`]): NS pair *t* stays at table *t*; EW pairs move up one table
//! each round, board sets move down one. With an even number of tables the EW pairs skip a
//! table after half the rounds, so nobody meets a board set twice; that allows at most T − 1
//! rounds (T with an odd number of tables). In arrow-switch rounds the EW pair sits NS. Board
//! set *s* (0-based) is boards *s·k* + 1 ..= (*s* + 1)·*k*. EW pair numbers start at
//! `ew_numbers_from` (1 by default, i.e. NS 1 and EW 1 are different pairs of two fields).
//!
//! Round robin (all-play-all pairs, by the circle method): n pairs (a bye added when n is
//! odd) play n − 1 rounds (n when odd) at ⌈n/2⌉ tables; in round *r* every table plays board
//! set *r* (the boards are duplicated), so each round is an IMP-pairs or VP match. Directions
//! are balanced: each pair sits NS in half its rounds, give or take one.

use crate::compute::Field;
use crate::event::ResultRow;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One table in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Seating {
    /// Round, from 1.
    pub round: u32,
    /// Table, from 1.
    pub table: u32,
    /// The pair sitting North–South this round.
    pub ns: u32,
    /// The pair sitting East–West this round.
    pub ew: u32,
    /// First board played.
    pub first_board: u32,
    /// Last board played (inclusive).
    pub last_board: u32,
}

/// Which movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MovementKind {
    /// Mitchell (two fields unless arrow-switched).
    Mitchell,
    /// All-play-all pairs round robin (one field).
    RoundRobin,
}

/// A complete schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Movement {
    /// Which movement.
    pub kind: MovementKind,
    /// Tables in play.
    pub tables: u32,
    /// Rounds.
    pub rounds: u32,
    /// Boards per round.
    pub boards_per_round: u32,
    /// Every seating, by round then table.
    pub seatings: Vec<Seating>,
    /// (round, pair) of each pair sitting out.
    pub sit_outs: Vec<(u32, u32)>,
    /// How to rank the event.
    pub field: Field,
}

impl Movement {
    /// One empty results row per board of every seating (board, ns, ew filled in), in
    /// board order then table order.
    pub fn prefill_rows(&self) -> Vec<ResultRow> {
        let mut rows: Vec<(u32, u32, ResultRow)> = Vec::new();
        for s in &self.seatings {
            for b in s.first_board..=s.last_board {
                rows.push((
                    b,
                    s.table,
                    ResultRow {
                        board: b.to_string(),
                        ns: s.ns.to_string(),
                        ew: s.ew.to_string(),
                        ..ResultRow::default()
                    },
                ));
            }
        }
        rows.sort_by_key(|r| (r.0, r.1));
        rows.into_iter().map(|r| r.2).collect()
    }
}

/// Why a movement cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MovementError {
    /// No tables or too few pairs.
    #[error("{pairs} pairs; a movement needs at least 2")]
    TooFewPairs {
        /// Pairs given.
        pairs: u32,
    },
    /// Zero boards per round.
    #[error("0 boards per round; expected at least 1")]
    NoBoards,
    /// More rounds than the movement allows.
    #[error("{rounds} rounds asked for; with {tables} tables this movement allows 1 to {max}")]
    Rounds {
        /// Rounds asked for.
        rounds: u32,
        /// Tables.
        tables: u32,
        /// Most rounds possible.
        max: u32,
    },
    /// An arrow-switch round outside the movement.
    #[error("arrow switch in round {round}; the movement has rounds 1 to {rounds}")]
    ArrowRound {
        /// The round given.
        round: u32,
        /// Rounds in the movement.
        rounds: u32,
    },
    /// Arrow switch needs EW numbers distinct from NS numbers.
    #[error("arrow switch makes one field, so EW pair numbers must not reuse NS numbers 1 to {tables}; start them at {tables} + 1 or more")]
    NumbersClash {
        /// Tables (NS pairs are 1..=tables).
        tables: u32,
    },
    /// The event would have more boards than a u32 holds.
    #[error("too many boards")]
    TooManyBoards,
    /// More table rounds (seatings) than [`MAX_TABLE_ROUNDS`].
    #[error("{table_rounds} table rounds; a movement has at most {max}")]
    TooLarge {
        /// Table rounds the movement would have (computed without overflow).
        table_rounds: u64,
        /// The most allowed ([`MAX_TABLE_ROUNDS`]).
        max: u32,
    },
}

/// The most table rounds (seatings) a movement may have: a 1000-table Mitchell. Sizes are
/// checked against it before anything is allocated.
pub const MAX_TABLE_ROUNDS: u32 = 1_000_000;

/// Refuses `rounds × tables` table rounds over [`MAX_TABLE_ROUNDS`] (in u64: no overflow).
fn check_size(rounds: u32, tables: u32) -> Result<usize, MovementError> {
    let table_rounds = u64::from(rounds) * u64::from(tables);
    if table_rounds > u64::from(MAX_TABLE_ROUNDS) {
        return Err(MovementError::TooLarge {
            table_rounds,
            max: MAX_TABLE_ROUNDS,
        });
    }
    // At most MAX_TABLE_ROUNDS, so it fits a usize on every target.
    Ok(table_rounds as usize)
}

/// Options of a Mitchell.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MitchellOptions {
    /// Tables (≥ 1).
    pub tables: u32,
    /// Boards per round (≥ 1).
    pub boards_per_round: u32,
    /// Rounds (`None`: as many as possible: T odd → T, T even → T − 1).
    pub rounds: Option<u32>,
    /// Rounds (from 1) in which the EW pair sits NS.
    pub arrow_switch_rounds: Vec<u32>,
    /// Number of the first EW pair.
    pub ew_numbers_from: u32,
}

impl MitchellOptions {
    /// A plain Mitchell with as many rounds as possible.
    pub fn new(tables: u32, boards_per_round: u32) -> MitchellOptions {
        MitchellOptions {
            tables,
            boards_per_round,
            rounds: None,
            arrow_switch_rounds: Vec::new(),
            ew_numbers_from: 1,
        }
    }
}

fn board_range(set: u32, k: u32) -> Result<(u32, u32), MovementError> {
    let first = set
        .checked_mul(k)
        .and_then(|x| x.checked_add(1))
        .ok_or(MovementError::TooManyBoards)?;
    Ok((first, first + (k - 1)))
}

/// A Mitchell movement.
pub fn mitchell(o: &MitchellOptions) -> Result<Movement, MovementError> {
    let t = o.tables;
    if t == 0 {
        return Err(MovementError::TooFewPairs { pairs: 0 });
    }
    if o.boards_per_round == 0 {
        return Err(MovementError::NoBoards);
    }
    let max = if t.is_multiple_of(2) { t - 1 } else { t };
    let rounds = o.rounds.unwrap_or(max);
    if rounds == 0 || rounds > max {
        return Err(MovementError::Rounds {
            rounds,
            tables: t,
            max,
        });
    }
    if let Some(&round) = o
        .arrow_switch_rounds
        .iter()
        .find(|&&r| r == 0 || r > rounds)
    {
        return Err(MovementError::ArrowRound { round, rounds });
    }
    if !o.arrow_switch_rounds.is_empty() && o.ew_numbers_from <= t {
        return Err(MovementError::NumbersClash { tables: t });
    }
    let table_rounds = check_size(rounds, t)?;
    board_range(t, o.boards_per_round)?;
    o.ew_numbers_from
        .checked_add(t)
        .ok_or(MovementError::TooManyBoards)?;
    let mut seatings = Vec::with_capacity(table_rounds);
    for r in 0..rounds {
        let skip = u32::from(t.is_multiple_of(2) && r >= t / 2);
        for ti in 0..t {
            // In u64: with t near u32::MAX the sums would overflow a u32. Each result is < t.
            let (ti64, t64, r64) = (u64::from(ti), u64::from(t), u64::from(r));
            let e = ((ti64 + 2 * t64 - r64 % t64 - u64::from(skip)) % t64) as u32;
            let set = ((ti64 + r64) % t64) as u32;
            let (first_board, last_board) = board_range(set, o.boards_per_round)?;
            let (mut ns, mut ew) = (ti + 1, o.ew_numbers_from + e);
            if o.arrow_switch_rounds.contains(&(r + 1)) {
                std::mem::swap(&mut ns, &mut ew);
            }
            seatings.push(Seating {
                round: r + 1,
                table: ti + 1,
                ns,
                ew,
                first_board,
                last_board,
            });
        }
    }
    Ok(Movement {
        kind: MovementKind::Mitchell,
        tables: t,
        rounds,
        boards_per_round: o.boards_per_round,
        seatings,
        sit_outs: Vec::new(),
        field: if o.arrow_switch_rounds.is_empty() {
            Field::TwoWinners
        } else {
            Field::OneWinner
        },
    })
}

/// An all-play-all round robin of `pairs` pairs numbered 1..=pairs.
pub fn round_robin(pairs: u32, boards_per_round: u32) -> Result<Movement, MovementError> {
    if pairs < 2 {
        return Err(MovementError::TooFewPairs { pairs });
    }
    if boards_per_round == 0 {
        return Err(MovementError::NoBoards);
    }
    // With a bye when odd; pairs = u32::MAX would overflow, and is far over the size limit.
    let Some(m) = pairs.checked_add(pairs % 2) else {
        return Err(MovementError::TooLarge {
            table_rounds: u64::from(pairs / 2 + 1) * u64::from(pairs),
            max: MAX_TABLE_ROUNDS,
        });
    };
    let rounds = m - 1;
    check_size(rounds, m / 2)?;
    board_range(rounds, boards_per_round)?;
    let mut seatings = Vec::new();
    let mut sit_outs = Vec::new();
    for r in 0..rounds {
        let pos = |i: u32| if i == m - 1 { m - 1 } else { (i + r) % (m - 1) };
        let (first_board, last_board) = board_range(r, boards_per_round)?;
        let mut table = 0;
        for k in 0..m / 2 {
            let (a, b) = (pos(k), pos(m - 1 - k));
            // The fixed pair (b at table 0) sits NS in even rounds; other pairs by the
            // balanced cyclic rule: the lower number sits NS when the sum is odd.
            let a_ns = if k == 0 {
                r % 2 == 1
            } else {
                ((a + b) % 2 == 1) == (a < b)
            };
            let (ns, ew) = if a_ns { (a + 1, b + 1) } else { (b + 1, a + 1) };
            if ns > pairs || ew > pairs {
                sit_outs.push((r + 1, ns.min(ew)));
                continue;
            }
            table += 1;
            seatings.push(Seating {
                round: r + 1,
                table,
                ns,
                ew,
                first_board,
                last_board,
            });
        }
    }
    Ok(Movement {
        kind: MovementKind::RoundRobin,
        tables: pairs / 2,
        rounds,
        boards_per_round,
        seatings,
        sit_outs,
        field: Field::OneWinner,
    })
}

#[cfg(test)]
mod tests;
