//! A constrained batch dealt in chunks: the runner both the worker and the page use.
//!
//! [`Job::new`] parses the spec and starts a [`fairdeal_constrain::SetDealer`] — the same
//! set dealer as `fairdeal constrain` (ChaCha8 keyed by the seed, the engine built with
//! `SET_OPTIONS`, levelled boards interleaved by weight), so a revealed seed gives the same
//! boards in the CLI; [`Job::step`] deals up to `n` more boards.

use super::protocol::PackedBoard;
use fairdeal_constrain::{parse, BoardOrder, Options, SetDealer, SET_OPTIONS};

/// Dealer tuning used by the app's live count and statistics: the set dealer's options.
pub const APP_OPTIONS: Options = SET_OPTIONS;

/// The most boards one batch may hold.
pub const MAX_BOARDS: u32 = 20_000;

/// Boards dealt between two progress reports (and cancel checks) in the worker.
pub const CHUNK: u32 = 25;

/// A batch in progress.
pub struct Job {
    set: SetDealer,
    total: u32,
    boards: Vec<PackedBoard>,
}

impl Job {
    /// Parses and builds; the error is a message for the user.
    pub fn new(spec: &str, boards: u32, seed: [u8; 32]) -> Result<Job, String> {
        if boards == 0 || boards > MAX_BOARDS {
            return Err(format!("expected 1 to {MAX_BOARDS} boards, got {boards}"));
        }
        let parsed = parse(spec).map_err(|e| e.render(spec))?;
        let set = SetDealer::new(&parsed, boards as usize, BoardOrder::Interleaved, seed)
            .map_err(|e| e.to_string())?;
        Ok(Job {
            set,
            total: boards,
            boards: Vec::with_capacity(boards as usize),
        })
    }

    /// Deals up to `n` more boards; true once the batch is complete.
    pub fn step(&mut self, n: u32) -> Result<bool, String> {
        for _ in 0..n {
            let Some(board) = self.set.next() else { break };
            let (category, deal) = board.map_err(|e| e.to_string())?;
            self.boards.push(PackedBoard {
                category: u16::try_from(category).unwrap_or(u16::MAX),
                deal,
            });
        }
        Ok(self.is_done())
    }

    /// True when every board is dealt.
    pub fn is_done(&self) -> bool {
        self.boards.len() >= self.total as usize
    }

    /// Boards dealt so far.
    pub fn done(&self) -> u32 {
        self.boards.len() as u32
    }

    /// Boards asked for.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The boards dealt, in order.
    pub fn into_boards(self) -> Vec<PackedBoard> {
        self.boards
    }
}
