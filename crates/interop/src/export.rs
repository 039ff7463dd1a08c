//! Hand records out in any format: PBN and LIN by this crate's writers (everything the model
//! holds is kept), every other format by Big Deal's writers in `fairdeal-dealing`, which need
//! a full deal on every board and consecutive board numbers. Used by `fairdeal convert` and
//! the app's Board sets page.
//!
//! Panic policy: nothing here panics.

use crate::{write_lin, write_pbn, Board, LinOptions, PbnOptions};
use fairdeal_dealing::formats::{write_set, FormatError, FormatSpec, WriteOptions};
use fairdeal_model::Deal;
use thiserror::Error;

/// Why a set cannot be written in a Big Deal format.
#[derive(Debug, Error)]
pub enum ExportError {
    /// A game without a board number.
    #[error("game {game} has no board number; Big Deal formats need one")]
    NoNumber {
        /// 1-based position of the game in the set.
        game: usize,
    },
    /// A board without a full deal.
    #[error("board {board} has no complete deal; Big Deal formats need four hands")]
    IncompleteDeal {
        /// The board.
        board: u32,
    },
    /// Board numbers that are not consecutive.
    #[error("board {board} follows board {previous}; Big Deal formats need consecutive boards")]
    NotConsecutive {
        /// The board.
        board: u32,
        /// The board before it.
        previous: u32,
    },
    /// The format's writer failed.
    #[error("cannot write format {name}: {source}")]
    Format {
        /// The format.
        name: &'static str,
        /// Why.
        source: FormatError,
    },
}

/// The boards as `(number, deal)` for Big Deal's writers.
pub fn numbered_deals(boards: &[Board]) -> Result<Vec<(u32, Deal)>, ExportError> {
    let mut out: Vec<(u32, Deal)> = Vec::with_capacity(boards.len());
    for (i, b) in boards.iter().enumerate() {
        let board = b.number.ok_or(ExportError::NoNumber { game: i + 1 })?;
        let deal = b.deal().ok_or(ExportError::IncompleteDeal { board })?;
        if let Some(&(previous, _)) = out.last() {
            if previous.checked_add(1) != Some(board) {
                return Err(ExportError::NotConsecutive { board, previous });
            }
        }
        out.push((board, deal));
    }
    Ok(out)
}

/// Writes `boards` in each format, as `(prefix + suffix, bytes)`.
pub fn export_files(
    boards: &[Board],
    formats: &[&'static FormatSpec],
    prefix: &str,
) -> Result<Vec<(String, Vec<u8>)>, ExportError> {
    let mut deals: Option<Vec<(u32, Deal)>> = None;
    let mut files = Vec::with_capacity(formats.len());
    for &spec in formats {
        let bytes = match spec.name {
            "pbn" => write_pbn(boards, &PbnOptions::default()).into_bytes(),
            "lin" => write_lin(boards, &LinOptions::default()).into_bytes(),
            _ => {
                if deals.is_none() {
                    deals = Some(numbered_deals(boards)?);
                }
                let options = WriteOptions {
                    event: boards.first().and_then(|b| b.event.clone()),
                    ..WriteOptions::default()
                };
                write_set(spec, deals.as_deref().unwrap_or_default(), &options).map_err(
                    |source| ExportError::Format {
                        name: spec.name,
                        source,
                    },
                )?
            }
        };
        files.push((spec.file_name(prefix), bytes));
    }
    Ok(files)
}
