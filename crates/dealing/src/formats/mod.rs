//! Every Big Deal output format, table-driven and byte-exact.
//!
//! [`FORMATS`] is the one table of formats (Big Deal's `output_formats[]`, in its order): name,
//! Big Deal name, file suffix, text/binary, highest board, help line and a writer constructor.
//! The table is `'static` and immutable; per-run state lives in the [`DealWriter`] a
//! [`FormatSpec::writer`] call returns. Writers stream to any `io::Write`; [`write_all`] is the
//! one entry point that writes a whole set (in one format, or several at once from one pass
//! over the deals) — the app's downloads and the CLI's files both go through it — and
//! [`write_set`] the convenience that returns the bytes of a set of numbered boards.
//!
//! Layout: this module holds the public types (errors, options, ranges, [`FormatSpec`]) and
//! the entry points; `table` the [`FORMATS`] table; `writer` the machinery every writer shares
//! (board order, line endings); `cards` card layouts several formats use; `text`, `dlm`,
//! `binary` and `stats` the formats themselves.
//!
//! A writer is made for one [`BoardRange`] `L–H` and must then be given exactly boards `L, L+1,
//! …, H`, in order, followed by [`DealWriter::finish`]; anything else is a [`FormatError`]
//! (several formats write counts or fillers that depend on the range).
//!
//! Line endings: Big Deal's Unix build writes LF, the official Windows `bigdeal.exe` opens text
//! formats in C text mode and so writes CRLF. [`WriteOptions::line_ending`] chooses; binary
//! formats (dup, dupblind, bri, dge, ber, kops, cds) never change.
//!
//! # Quirks reproduced (for byte compatibility)
//!
//! * **DUP trailer** (dup, dupblind): every 156-byte record ends `Y N 1 ␠ ␠ 0 ␠ t u ␠`, where
//!   `tu` is the **number of boards** mod 100 — not the highest board Duplimate documents — and
//!   the start board is always written as `1`, even for a range such as 11–14.
//! * **dupblind** blanks (68 spaces) the hand diagram of the record whose *board number is 1*;
//!   with a range that does not include board 1 nothing is blanked.
//! * **DLM** always lists boards 1–99: boards outside the range get the dummy deal
//!   `aaaaaabffffffkkkkkklpppppp` with checksum `board ^ 14`.
//! * **BRI** holds North, East and South only (West is implied), padded with 32 spaces and 18 NULs.
//! * **KOPS** (.rzd) has no board numbers; its header holds the board *count* (16-bit LE).
//! * **CDS** stores the board number in one byte and numbers seats W0 N1 E2 S3.
//! * **BHG** (borel) starts with an empty line and lists hands from the dealer round.
//! * **LIN** omits East; dealer digits are BBO's (1 = S, 2 = W, 3 = N, 4 = E).
//! * **stats**: averages are rounded with Big Deal's integer `print_avg`; the theory column of
//!   the longest-suit table divides by `100000000 / boards`, truncated, as Big Deal does.
//!
//! # Traps replaced by errors
//!
//! * Big Deal silently *skips* dup/dupblind/dlm/dlmblind when the high board is above 99; here
//!   [`FormatSpec::writer`] returns [`FormatError::BoardTooHigh`]. CDS likewise refuses boards
//!   above 255 (Big Deal would wrap the byte) and KOPS more than 65 535 boards.
//! * Big Deal ignores (with a warning) formats beyond the tenth in `-f`; [`select_formats`] has
//!   no limit, and reports unknown names, repeats and suffix clashes (dup/dupblind, dlm/dlmblind)
//!   as errors.
//! * Big Deal's `stats` overflows 32-bit `int` arithmetic from about 537 boards on; we compute
//!   in 64 bits, so large sets get correct figures (small sets are byte-identical).
//!
//! Panic policy: no function here panics.

mod binary;
mod cards;
mod dlm;
mod stats;
mod table;
mod text;
mod writer;

pub use table::FORMATS;

use fairdeal_model::Deal;
use std::io::{self, Write};
use thiserror::Error;

/// The generator string Big Deal writes into PBN and DLM headers.
pub const GENERATOR: &str = "Big Deal version 2.0";

/// The warning Big Deal prints on standard output when it writes statistics.
pub const STATS_WARNING: &str = "\nStatistics will be produced in an accompanying file.\n\
Usage of these statistics for a decision on whether or when\n\
to play this set of deals is a violation of the spirit of the\n\
Laws of Duplicate Contract Bridge.\n\n\
STATISTICS ARE FOR DISPLAY PURPOSES ONLY!!\n\n";

/// What went wrong while choosing formats or writing a set.
#[derive(Debug, Error)]
pub enum FormatError {
    /// Writing to the output failed.
    #[error("could not write the output: {0}")]
    Io(#[from] io::Error),
    /// No format has this name.
    #[error("unknown format {name:?}; expected one of: {}", format_names())]
    UnknownFormat {
        /// The name asked for.
        name: String,
    },
    /// A format was named twice.
    #[error("format {name:?} is listed twice")]
    DuplicateFormat {
        /// The repeated name.
        name: String,
    },
    /// Two formats would write the same file.
    #[error("formats {first:?} and {second:?} both write {suffix} files; choose one per run")]
    SuffixClash {
        /// The format listed first.
        first: &'static str,
        /// The format listed second.
        second: &'static str,
        /// Their common suffix.
        suffix: &'static str,
    },
    /// A board range that is empty or starts below 1.
    #[error("a board range needs 1 <= low <= high; got {low}-{high}")]
    BadRange {
        /// Low board.
        low: u32,
        /// High board.
        high: u32,
    },
    /// The format cannot number boards this high.
    #[error("format {format:?} supports boards up to {max}; the set goes to board {high}")]
    BoardTooHigh {
        /// Format name.
        format: &'static str,
        /// Its highest board.
        max: u32,
        /// The high board asked for.
        high: u32,
    },
    /// The format cannot hold this many boards.
    #[error("format {format:?} holds at most {max} boards; the set has {count}")]
    TooManyBoards {
        /// Format name.
        format: &'static str,
        /// Its maximum count.
        max: u32,
        /// Boards in the set.
        count: u32,
    },
    /// Boards were not given in order.
    #[error("expected board {expected} next, got board {got}")]
    OutOfSequence {
        /// The board the writer expected.
        expected: u32,
        /// The board it was given.
        got: u32,
    },
    /// A board beyond the high end of the range.
    #[error("board {board} is outside the range {low}-{high} the writer was made for")]
    OutsideRange {
        /// The board given.
        board: u32,
        /// Low board.
        low: u32,
        /// High board.
        high: u32,
    },
    /// `finish` before every board of the range was written.
    #[error("the set is incomplete: {written} of {expected} boards written")]
    Incomplete {
        /// Boards written.
        written: u32,
        /// Boards in the range.
        expected: u32,
    },
    /// The writer was used after `finish`.
    #[error("the writer is already finished")]
    Finished,
    /// `write_set` got no boards.
    #[error("no boards to write")]
    NoBoards,
}

fn format_names() -> String {
    FORMATS
        .iter()
        .map(|f| f.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Line ending for text formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LineEnding {
    /// `\n`, as Big Deal's Unix build writes.
    #[default]
    Lf,
    /// `\r\n`, as the official Windows `bigdeal.exe` writes.
    CrLf,
}

/// Options for a run of writers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WriteOptions {
    /// Line ending of text formats.
    pub line_ending: LineEnding,
    /// PBN `Event` tag value; `None` writes `?` like Big Deal.
    pub event: Option<String>,
}

/// Boards `low..=high`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRange {
    low: u32,
    high: u32,
}

impl BoardRange {
    /// Validates `1 <= low <= high`.
    pub const fn new(low: u32, high: u32) -> Result<BoardRange, FormatError> {
        if low == 0 || low > high {
            return Err(FormatError::BadRange { low, high });
        }
        Ok(BoardRange { low, high })
    }

    /// The first board.
    pub const fn low(self) -> u32 {
        self.low
    }

    /// The last board.
    pub const fn high(self) -> u32 {
        self.high
    }

    /// Number of boards.
    pub const fn count(self) -> u32 {
        self.high - self.low + 1
    }

    /// Refuses, before anything is dealt, a range going past the highest board one of
    /// `formats` can hold (Big Deal would silently skip those boards).
    pub fn check_formats(self, formats: &[&FormatSpec]) -> Result<(), FormatError> {
        match formats
            .iter()
            .find_map(|f| f.max_board.filter(|&m| self.high > m).map(|m| (f.name, m)))
        {
            Some((format, max)) => Err(FormatError::BoardTooHigh {
                format,
                max,
                high: self.high,
            }),
            None => Ok(()),
        }
    }
}

/// Text (line endings may change) or binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormatKind {
    /// Text: LF or CRLF by [`WriteOptions::line_ending`].
    Text,
    /// Binary: identical bytes everywhere.
    Binary,
}

/// Builds a writer for one run.
pub type WriterConstructor = for<'w> fn(
    &'w mut dyn Write,
    &WriteOptions,
    BoardRange,
) -> Result<Box<dyn DealWriter + 'w>, FormatError>;

/// One row of [`FORMATS`].
#[derive(Clone, Copy)]
pub struct FormatSpec {
    /// Our name (used on the command line and in the UI).
    pub name: &'static str,
    /// Big Deal's name for `-f`.
    pub bigdeal_name: &'static str,
    /// File suffix including the dot.
    pub suffix: &'static str,
    /// Text or binary.
    pub kind: FormatKind,
    /// Highest board number the format can hold, if limited.
    pub max_board: Option<u32>,
    /// One-line description (Big Deal's help text).
    pub help: &'static str,
    constructor: WriterConstructor,
}

impl std::fmt::Debug for FormatSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FormatSpec")
            .field("name", &self.name)
            .field("suffix", &self.suffix)
            .field("kind", &self.kind)
            .field("max_board", &self.max_board)
            .finish_non_exhaustive()
    }
}

impl PartialEq for FormatSpec {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl FormatSpec {
    /// A writer streaming this format to `out` for boards `range`. Text formats write their
    /// header here.
    pub fn writer<'w>(
        &self,
        out: &'w mut dyn Write,
        options: &WriteOptions,
        range: BoardRange,
    ) -> Result<Box<dyn DealWriter + 'w>, FormatError> {
        if let Some(max) = self.max_board {
            if range.high > max {
                return Err(FormatError::BoardTooHigh {
                    format: self.name,
                    max,
                    high: range.high,
                });
            }
        }
        (self.constructor)(out, options, range)
    }

    /// The file name for a prefix: `prefix + suffix`.
    pub fn file_name(&self, prefix: &str) -> String {
        format!("{prefix}{}", self.suffix)
    }
}

/// A per-run writer: boards in order, then `finish`.
pub trait DealWriter {
    /// Writes the next board.
    fn write_board(&mut self, board: u32, deal: &Deal) -> Result<(), FormatError>;
    /// Writes any trailer and flushes. Every board of the range must have been written.
    fn finish(&mut self) -> Result<(), FormatError>;
}

/// The format called `name` (our name or Big Deal's, case-insensitive).
pub fn find_format(name: &str) -> Result<&'static FormatSpec, FormatError> {
    let n = name.trim();
    FORMATS
        .iter()
        .find(|f| f.name.eq_ignore_ascii_case(n) || f.bigdeal_name.eq_ignore_ascii_case(n))
        .ok_or_else(|| FormatError::UnknownFormat {
            name: n.to_string(),
        })
}

/// Parses a comma-separated list (`pbn,dup,…`) into formats for one run: unknown names,
/// repeats and two formats writing the same suffix are errors.
pub fn select_formats(list: &str) -> Result<Vec<&'static FormatSpec>, FormatError> {
    let mut out: Vec<&'static FormatSpec> = Vec::new();
    for name in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let f = find_format(name)?;
        if let Some(prev) = out.iter().find(|p| p.name == f.name) {
            return Err(FormatError::DuplicateFormat {
                name: prev.name.to_string(),
            });
        }
        if let Some(prev) = out.iter().find(|p| p.suffix == f.suffix) {
            return Err(FormatError::SuffixClash {
                first: prev.name,
                second: f.name,
                suffix: f.suffix,
            });
        }
        out.push(f);
    }
    Ok(out)
}

/// Writes boards `range` to every output at once, each in its format: the deals come from
/// `deals` in board order (board `range.low()` first), one pass, so a generator is consumed
/// once however many formats are written. A set in one format is a one-element `outputs`.
///
/// Every writer is built (headers written, board limits checked) before the first deal is
/// drawn; a deal that fails stops the run with its error; a stream that ends before
/// `range.high()` is [`FormatError::Incomplete`]; deals past the range are not drawn.
pub fn write_all<E: From<FormatError>>(
    outputs: &mut [(&FormatSpec, &mut dyn Write)],
    range: BoardRange,
    deals: impl IntoIterator<Item = Result<Deal, E>>,
    options: &WriteOptions,
) -> Result<(), E> {
    let mut writers = Vec::with_capacity(outputs.len());
    for (format, out) in outputs.iter_mut() {
        writers.push(format.writer(&mut **out, options, range)?);
    }
    let mut deals = deals.into_iter();
    for board in range.low..=range.high {
        let Some(deal) = deals.next() else {
            break;
        };
        let deal = deal?;
        for w in &mut writers {
            w.write_board(board, &deal)?;
        }
    }
    for w in &mut writers {
        w.finish()?;
    }
    Ok(())
}

/// Writes `boards` (consecutive board numbers, in order) in `format` and returns the bytes,
/// through [`write_all`].
pub fn write_set(
    format: &FormatSpec,
    boards: &[(u32, Deal)],
    options: &WriteOptions,
) -> Result<Vec<u8>, FormatError> {
    let (Some(first), Some(last)) = (boards.first(), boards.last()) else {
        return Err(FormatError::NoBoards);
    };
    let range = BoardRange::new(first.0, last.0)?;
    // The numbers must run first, first + 1, …: a gap or a repeat is refused as the writer
    // would refuse it.
    for (expected, (board, _)) in (u64::from(first.0)..).zip(boards) {
        if u64::from(*board) != expected {
            return Err(FormatError::OutOfSequence {
                expected: u32::try_from(expected).unwrap_or(u32::MAX),
                got: *board,
            });
        }
    }
    let mut buf = Vec::new();
    write_all(
        &mut [(format, &mut buf as &mut dyn Write)],
        range,
        boards.iter().map(|(_, d)| Ok::<Deal, FormatError>(*d)),
        options,
    )?;
    Ok(buf)
}
