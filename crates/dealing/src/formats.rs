//! Every Big Deal output format, table-driven and byte-exact.
//!
//! [`FORMATS`] is the one table of formats (Big Deal's `output_formats[]`, in its order): name,
//! Big Deal name, file suffix, text/binary, highest board, help line and a writer constructor.
//! The table is `'static` and immutable; per-run state lives in the [`DealWriter`] a
//! [`FormatSpec::writer`] call returns. Writers stream to any `io::Write`; [`write_set`] is the
//! convenience that returns the bytes of a whole set.
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

use fairdeal_model::{kuipers, Deal, Seat, Suit};
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

const fn spec(
    name: &'static str,
    bigdeal_name: &'static str,
    suffix: &'static str,
    kind: FormatKind,
    max_board: Option<u32>,
    help: &'static str,
    constructor: WriterConstructor,
) -> FormatSpec {
    FormatSpec {
        name,
        bigdeal_name,
        suffix,
        kind,
        max_board,
        help,
        constructor,
    }
}

use FormatKind::{Binary, Text};

/// Every format, in Big Deal's table order.
pub static FORMATS: &[FormatSpec] = &[
    spec(
        "dup",
        "dup",
        ".dup",
        Binary,
        Some(99),
        "Duplimate format",
        make::<Dup>,
    ),
    spec(
        "dupblind",
        "dupblind",
        ".dup",
        Binary,
        Some(99),
        "Duplimate format, no cards on screen",
        make::<DupBlind>,
    ),
    spec(
        "dlm",
        "dlm",
        ".dlm",
        Text,
        Some(99),
        "New Duplimate format",
        make::<Dlm>,
    ),
    spec(
        "dlmblind",
        "dlmblind",
        ".dlm",
        Text,
        Some(99),
        "New Duplimate format, no cards on screen",
        make::<DlmBlind>,
    ),
    spec(
        "bri",
        "bri",
        ".bri",
        Binary,
        None,
        "BRI format",
        make::<Bri>,
    ),
    spec(
        "dge",
        "dge",
        ".dge",
        Binary,
        None,
        "DGE format",
        make::<Dge>,
    ),
    spec(
        "pbn",
        "pbn",
        ".pbn",
        Text,
        None,
        "Portable Bridge Notation",
        make::<Pbn>,
    ),
    spec("lin", "lin", ".lin", Text, None, "BBO format", make::<Lin>),
    spec(
        "csv",
        "csv",
        ".csv",
        Text,
        None,
        "Comma Separated Values",
        make::<Csv>,
    ),
    spec(
        "ber",
        "ber",
        ".ber",
        Binary,
        None,
        "Bernasconi format",
        make::<Ber>,
    ),
    spec(
        "borel",
        "borel",
        ".bhg",
        Text,
        None,
        "Borel Hand Generator format",
        make::<Borel>,
    ),
    spec(
        "kops",
        "kops",
        ".rzd",
        Binary,
        None,
        "Kops format",
        make::<Kops>,
    ),
    spec(
        "cds",
        "cds",
        ".cds",
        Binary,
        Some(255),
        "Cds format",
        make::<Cds>,
    ),
    spec(
        "goedel",
        "goedel",
        ".goe",
        Text,
        None,
        "Big Deal deal numbers in decimal",
        make::<Goedel>,
    ),
    spec(
        "stats",
        "stats",
        ".txt",
        Text,
        None,
        "Statistics on set",
        make::<Stats>,
    ),
];

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

/// Writes `boards` (consecutive board numbers, in order) in `format` and returns the bytes.
pub fn write_set(
    format: &FormatSpec,
    boards: &[(u32, Deal)],
    options: &WriteOptions,
) -> Result<Vec<u8>, FormatError> {
    let (Some(first), Some(last)) = (boards.first(), boards.last()) else {
        return Err(FormatError::NoBoards);
    };
    let range = BoardRange::new(first.0, last.0)?;
    let mut buf = Vec::new();
    {
        let mut w = format.writer(&mut buf, options, range)?;
        for (board, deal) in boards {
            w.write_board(*board, deal)?;
        }
        w.finish()?;
    }
    Ok(buf)
}

// ---------------------------------------------------------------------------------------------
// Machinery shared by the writers.

/// Output with line-ending translation for text formats.
struct Out<'w> {
    w: &'w mut dyn Write,
    crlf: bool,
}

impl Out<'_> {
    /// Writes text, turning `\n` into `\r\n` when asked.
    fn text(&mut self, s: &str) -> io::Result<()> {
        if !self.crlf {
            return self.w.write_all(s.as_bytes());
        }
        for (i, part) in s.split('\n').enumerate() {
            if i > 0 {
                self.w.write_all(b"\r\n")?;
            }
            self.w.write_all(part.as_bytes())?;
        }
        Ok(())
    }

    fn bytes(&mut self, b: &[u8]) -> io::Result<()> {
        self.w.write_all(b)
    }
}

/// What a format knows of its run.
struct Run {
    range: BoardRange,
    event: Option<String>,
}

/// One format's behaviour; the generic [`Writer`] does sequencing and line endings.
trait Format: Default {
    const KIND: FormatKind;
    const NAME: &'static str;
    fn begin(&mut self, _out: &mut Out<'_>, _run: &Run) -> Result<(), FormatError> {
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()>;
    fn end(&mut self, _out: &mut Out<'_>, _run: &Run) -> io::Result<()> {
        Ok(())
    }
}

struct Writer<'w, F: Format> {
    out: Out<'w>,
    run: Run,
    /// The next board expected (u64: after board u32::MAX it is 2^32).
    next: u64,
    finished: bool,
    format: F,
}

fn make<'w, F: Format + 'static>(
    out: &'w mut dyn Write,
    options: &WriteOptions,
    range: BoardRange,
) -> Result<Box<dyn DealWriter + 'w>, FormatError> {
    let crlf = F::KIND == Text && options.line_ending == LineEnding::CrLf;
    let mut w = Writer {
        out: Out { w: out, crlf },
        run: Run {
            range,
            event: options.event.clone(),
        },
        next: u64::from(range.low),
        finished: false,
        format: F::default(),
    };
    w.format.begin(&mut w.out, &w.run)?;
    Ok(Box::new(w))
}

impl<F: Format> DealWriter for Writer<'_, F> {
    fn write_board(&mut self, board: u32, deal: &Deal) -> Result<(), FormatError> {
        if self.finished {
            return Err(FormatError::Finished);
        }
        let r = self.run.range;
        if board < r.low || board > r.high {
            return Err(FormatError::OutsideRange {
                board,
                low: r.low,
                high: r.high,
            });
        }
        if u64::from(board) != self.next {
            return Err(FormatError::OutOfSequence {
                // next <= high here, as board is in the range.
                expected: u32::try_from(self.next).unwrap_or(u32::MAX),
                got: board,
            });
        }
        self.format.board(&mut self.out, &self.run, board, deal)?;
        self.next = u64::from(board) + 1;
        Ok(())
    }

    fn finish(&mut self) -> Result<(), FormatError> {
        if self.finished {
            return Err(FormatError::Finished);
        }
        let r = self.run.range;
        let written = u32::try_from(self.next - u64::from(r.low)).unwrap_or(u32::MAX);
        if written != r.count() {
            return Err(FormatError::Incomplete {
                written,
                expected: r.count(),
            });
        }
        self.format.end(&mut self.out, &self.run)?;
        self.out.w.flush()?;
        self.finished = true;
        Ok(())
    }
}

const RANKS: &[u8; 13] = b"AKQJT98765432";

/// Big Deal's `dealerstr[board % 4]`.
fn dealer_letter(board: u32) -> &'static str {
    ["W", "N", "E", "S"][(board % 4) as usize]
}

/// Big Deal's `vuln_index[board % 16]`: 0 None, 1 NS, 2 EW, 3 All.
fn vul_index(board: u32) -> usize {
    const VULN_INDEX: [usize; 16] = [2, 0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1];
    VULN_INDEX[(board % 16) as usize]
}

/// The 13 card indices (0-based, ascending) of each seat.
fn by_hand(deal: &Deal) -> [[u8; 13]; 4] {
    let mut out = [[0u8; 13]; 4];
    for seat in Seat::ALL {
        for (slot, card) in out[seat.index()].iter_mut().zip(deal.hand(seat).cards()) {
            *slot = card.index() as u8;
        }
    }
    out
}

/// The holder (0 N … 3 W) of each card index.
fn by_card(deal: &Deal) -> [u8; 52] {
    let mut out = [0u8; 52];
    for (o, s) in out.iter_mut().zip(deal.owners()) {
        *o = s.index() as u8;
    }
    out
}

/// `S<ranks>H<ranks>…` style hand with a prefix per suit.
fn hand_text(deal: &Deal, seat: Seat, suit_prefix: [&str; 4], s: &mut String) {
    let hand = deal.hand(seat);
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        s.push_str(suit_prefix[i]);
        for r in hand.holding(suit).ranks() {
            s.push(r.letter());
        }
    }
}

/// The 78-byte BRI part: N, E, S card numbers `01`..`52`.
fn bri_part(deal: &Deal, buf: &mut Vec<u8>) {
    let h = by_hand(deal);
    for hand in &h[0..3] {
        for &c in hand {
            let n = c + 1;
            buf.push(b'0' + n / 10);
            buf.push(b'0' + n % 10);
        }
    }
}

/// The 68-byte DGE part: per seat and suit, a CP437 suit glyph then the rank letters.
fn dge_part(deal: &Deal, buf: &mut Vec<u8>) {
    const GLYPH: [u8; 4] = [6, 3, 4, 5];
    for seat in Seat::ALL {
        let hand = deal.hand(seat);
        for suit in Suit::ALL {
            buf.push(GLYPH[suit.index()]);
            for r in hand.holding(suit).ranks() {
                buf.push(RANKS[r.from_top()]);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The formats.

#[derive(Default)]
struct Pbn;
impl Format for Pbn {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "pbn";
    fn begin(&mut self, out: &mut Out<'_>, _run: &Run) -> Result<(), FormatError> {
        out.text(&format!(
            "% PBN 2.1\n% EXPORT\n%\n[Generator \"{GENERATOR}\"]\n"
        ))?;
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        const VUL: [&str; 4] = ["None", "NS", "EW", "All"];
        let event = match &run.event {
            Some(e) => e.replace('\\', "\\\\").replace('"', "\\\""),
            None => "?".to_string(),
        };
        let s = format!(
            "[Event \"{event}\"]\n[Site \"?\"]\n[Date \"?\"]\n[Board \"{board}\"]\n\
             [West \"?\"]\n[North \"?\"]\n[East \"?\"]\n[South \"?\"]\n\
             [Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\
             [Scoring \"?\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n",
            dealer_letter(board),
            VUL[vul_index(board)],
            deal.to_pbn(Seat::North),
        );
        out.text(&s)
    }
}

#[derive(Default)]
struct Lin;
impl Format for Lin {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "lin";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        const VUL: [&str; 4] = ["0", "n", "e", "b"];
        let mut s = format!("qx|o{board}|md|{}", (board % 4 + 1) % 4 + 1);
        let p = ["S", "H", "D", "C"];
        hand_text(deal, Seat::South, p, &mut s);
        s.push(',');
        hand_text(deal, Seat::West, p, &mut s);
        s.push(',');
        hand_text(deal, Seat::North, p, &mut s);
        s.push_str(&format!(
            "|rh||ah|Board {board}|sv|{}|pg||\n",
            VUL[vul_index(board)]
        ));
        out.text(&s)
    }
}

#[derive(Default)]
struct Csv;
impl Format for Csv {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "csv";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        const VUL: [&str; 4] = ["-", "NS", "EW", "All"];
        let mut s = String::with_capacity(120);
        for seat in Seat::ALL {
            let first = if seat == Seat::North { "\"" } else { "\",\"" };
            hand_text(deal, seat, [first, "\",\"", "\",\"", "\",\""], &mut s);
        }
        s.push_str(&format!(
            "\",\"{board}\",\"{}/{}\"\n",
            dealer_letter(board),
            VUL[vul_index(board)]
        ));
        out.text(&s)
    }
}

#[derive(Default)]
struct Bri;
impl Format for Bri {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "bri";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        let mut buf = Vec::with_capacity(128);
        bri_part(deal, &mut buf);
        buf.extend_from_slice(&[b' '; 32]);
        buf.extend_from_slice(&[0u8; 18]);
        out.bytes(&buf)
    }
}

#[derive(Default)]
struct Dge;
impl Format for Dge {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "dge";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        let mut buf = Vec::with_capacity(128);
        dge_part(deal, &mut buf);
        buf.extend_from_slice(&[0u8; 60]);
        out.bytes(&buf)
    }
}

fn dup_record(
    out: &mut Out<'_>,
    run: &Run,
    board: u32,
    deal: &Deal,
    blind: bool,
) -> io::Result<()> {
    let mut buf = Vec::with_capacity(156);
    bri_part(deal, &mut buf);
    if blind && board == 1 {
        buf.extend_from_slice(&[b' '; 68]);
    } else {
        dge_part(deal, &mut buf);
    }
    let n = run.range.count();
    buf.extend_from_slice(b"YN1  0 ");
    buf.push(b'0' + ((n / 10) % 10) as u8);
    buf.push(b'0' + (n % 10) as u8);
    buf.push(b' ');
    out.bytes(&buf)
}

#[derive(Default)]
struct Dup;
impl Format for Dup {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "dup";
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        dup_record(out, run, board, deal, false)
    }
}

#[derive(Default)]
struct DupBlind;
impl Format for DupBlind {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "dupblind";
    fn board(&mut self, out: &mut Out<'_>, run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        dup_record(out, run, board, deal, true)
    }
}

fn dlm_fill(out: &mut Out<'_>, from_excl: u32, to_excl: u32) -> io::Result<()> {
    let mut s = String::new();
    for i in from_excl.saturating_add(1)..to_excl {
        s.push_str(&format!(
            "Duplicates {i:02}=0\nBoard {i:02}=aaaaaabffffffkkkkkklpppppp{:03}\n",
            i ^ 14
        ));
    }
    out.text(&s)
}

fn dlm_begin(out: &mut Out<'_>, run: &Run, show: bool) -> Result<(), FormatError> {
    let (low, high) = (run.range.low, run.range.high);
    let checksum = low ^ high ^ u32::from(show);
    out.text(&format!(
        "[Document]\nHeadline=Generated by {GENERATOR}\nStatus={}\nDuplicates=0\n\
         From board={}\nTo board={}\nNext board to duplimate=0\nPrintOuts=0\nCrypto key=0\n\
         Checksum={checksum}\n",
        if show { "Show" } else { "Sealed" },
        low.min(99),
        high.min(99),
    ))?;
    dlm_fill(out, 0, low)?;
    Ok(())
}

fn dlm_board(out: &mut Out<'_>, board: u32, deal: &Deal) -> io::Result<()> {
    let owners = by_card(deal);
    let mut s = format!("Duplicates {board:02}=0\nBoard {board:02}=");
    let mut checksum = board;
    for pair in owners.chunks_exact(2) {
        let c = b'a' + (pair[0] << 2) + pair[1];
        s.push(char::from(c));
        checksum ^= u32::from(c);
    }
    s.push_str(&format!("{checksum:03}\n"));
    out.text(&s)
}

#[derive(Default)]
struct Dlm;
impl Format for Dlm {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "dlm";
    fn begin(&mut self, out: &mut Out<'_>, run: &Run) -> Result<(), FormatError> {
        dlm_begin(out, run, true)
    }
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        dlm_board(out, board, deal)
    }
    fn end(&mut self, out: &mut Out<'_>, run: &Run) -> io::Result<()> {
        dlm_fill(out, run.range.high, 100)
    }
}

#[derive(Default)]
struct DlmBlind;
impl Format for DlmBlind {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "dlmblind";
    fn begin(&mut self, out: &mut Out<'_>, run: &Run) -> Result<(), FormatError> {
        dlm_begin(out, run, false)
    }
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        dlm_board(out, board, deal)
    }
    fn end(&mut self, out: &mut Out<'_>, run: &Run) -> io::Result<()> {
        dlm_fill(out, run.range.high, 100)
    }
}

#[derive(Default)]
struct Ber;
impl Format for Ber {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "ber";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        let mut buf = by_card(deal);
        for b in &mut buf {
            *b += b'1';
        }
        out.bytes(&buf)
    }
}

#[derive(Default)]
struct Borel;
impl Format for Borel {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "borel";
    fn begin(&mut self, out: &mut Out<'_>, _run: &Run) -> Result<(), FormatError> {
        out.text("\n")?;
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        let h = by_hand(deal);
        let mut s = String::with_capacity(54);
        for i in 0..4u32 {
            let seat = (board.wrapping_sub(1).wrapping_add(i) % 4) as usize;
            for &c in &h[seat] {
                s.push(char::from(if c < 26 { b'A' + c } else { b'a' + c - 26 }));
            }
        }
        s.push('\n');
        out.text(&s)
    }
}

/// 13 bytes: byte r = seats of ♠r ♥r ♦r ♣r, two bits each, seat codes rotated by `rot`.
fn kops_bytes(deal: &Deal, rot: u8) -> [u8; 13] {
    let owners = by_card(deal);
    let mut out = [0u8; 13];
    for (r, byte) in out.iter_mut().enumerate() {
        for suit in 0..4 {
            let seat = (owners[13 * suit + r] + rot) % 4;
            *byte |= seat << (2 * (3 - suit));
        }
    }
    out
}

#[derive(Default)]
struct Kops;
impl Format for Kops {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "kops";
    fn begin(&mut self, out: &mut Out<'_>, run: &Run) -> Result<(), FormatError> {
        let n = run.range.count();
        let Ok(n16) = u16::try_from(n) else {
            return Err(FormatError::TooManyBoards {
                format: Self::NAME,
                max: u32::from(u16::MAX),
                count: n,
            });
        };
        let mut buf = n16.to_le_bytes().to_vec();
        buf.extend_from_slice(&[b' '; 11]);
        out.bytes(&buf)?;
        Ok(())
    }
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        out.bytes(&kops_bytes(deal, 0))
    }
}

#[derive(Default)]
struct Cds;
impl Format for Cds {
    const KIND: FormatKind = Binary;
    const NAME: &'static str = "cds";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, board: u32, deal: &Deal) -> io::Result<()> {
        out.bytes(&[(board & 0xFF) as u8])?;
        out.bytes(&kops_bytes(deal, 1))
    }
}

/// Big Deal's 29-digit, comma-grouped, right-aligned decimal.
fn goedel_line(n: u128) -> String {
    let digits = format!("{n:029}");
    let mut s = String::with_capacity(39);
    let mut suppress = true;
    for (pos, ch) in digits.chars().enumerate() {
        let i = 28 - pos;
        if ch != '0' || i == 0 {
            suppress = false;
        }
        s.push(if suppress { ' ' } else { ch });
        if i % 3 == 0 {
            s.push(if i == 0 {
                '\n'
            } else if suppress {
                ' '
            } else {
                ','
            });
        }
    }
    s
}

#[derive(Default)]
struct Goedel;
impl Format for Goedel {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "goedel";
    fn board(&mut self, out: &mut Out<'_>, _run: &Run, _board: u32, deal: &Deal) -> io::Result<()> {
        out.text(&goedel_line(kuipers::number_of_deal(deal)))
    }
}

struct Stats {
    sum_squares: i64,
    hcp: [i64; 4],
    hcp_freq: [i64; 38],
    longest_freq: [[i64; 14]; 4],
    longest: usize,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            sum_squares: 0,
            hcp: [0; 4],
            hcp_freq: [0; 38],
            longest_freq: [[0; 14]; 4],
            longest: 0,
        }
    }
}

/// Encyclopedia (4th ed.) HCP distribution × 10⁴ (percent with 4 decimals), as in Big Deal.
const THEORY_HCP: [i64; 38] = [
    3639, 7884, 13561, 24624, 38454, 51862, 65541, 80281, 88922, 93562, 94051, 89447, 80269, 69143,
    56933, 44237, 33109, 23617, 16051, 10362, 6435, 3779, 2100, 1119, 559, 264, 117, 49, 19, 7, 2,
    1, 1, 1, 1, 1, 1, 1,
];

/// Longest-suit probabilities × 10⁶, as in Big Deal.
const THEORY_LONGEST: [i64; 14] = [
    0, 0, 0, 0, 350805, 443596, 165477, 35265, 4668, 370, 16, 0, 0, 0,
];

/// Big Deal's `print_avg`: rounded integer division shown with `decimals` decimals.
fn print_avg(sum: i64, divisor: i64, decimals: u32, term: &str) -> String {
    let divisor = divisor.max(1);
    let mut p = 10i64.pow(decimals);
    let mut result = (sum * p + divisor / 2) / divisor;
    let mut s = format!("{}", result / p);
    if decimals > 0 {
        s.push('.');
        for _ in 0..decimals {
            result -= result / p * p;
            p /= 10;
            s.push_str(&format!("{}", result / p));
        }
    }
    s.push_str(term);
    s
}

impl Format for Stats {
    const KIND: FormatKind = Text;
    const NAME: &'static str = "stats";
    fn board(
        &mut self,
        _out: &mut Out<'_>,
        _run: &Run,
        _board: u32,
        deal: &Deal,
    ) -> io::Result<()> {
        for seat in Seat::ALL {
            let hand = deal.hand(seat);
            let hcp = hand.hcp() as usize;
            self.hcp[seat.index()] += hcp as i64;
            if let Some(f) = self.hcp_freq.get_mut(hcp) {
                *f += 1;
            }
            let shape = hand.shape();
            let mut max = 0usize;
            for len in shape {
                let len = usize::from(len);
                max = max.max(len);
                self.sum_squares += (len * len) as i64;
            }
            self.longest = self.longest.max(max);
            if let Some(f) = self.longest_freq[seat.index()].get_mut(max) {
                *f += 1;
            }
        }
        Ok(())
    }
    fn end(&mut self, out: &mut Out<'_>, run: &Run) -> io::Result<()> {
        let n = i64::from(run.range.count());
        let mut s = format!("Number of deals: {n}\n");
        s.push_str("Average sum of squares: ");
        s.push_str(&print_avg(self.sum_squares, n, 0, "\n"));
        s.push_str("Average points NESW: ");
        for (i, h) in self.hcp.iter().enumerate() {
            s.push_str(&print_avg(*h, n, 2, if i == 3 { "\n" } else { " " }));
        }
        s.push_str("Frequency of high card points per hand:\n");
        for (i, f) in self.hcp_freq.iter().enumerate() {
            if *f == 0 {
                continue;
            }
            s.push_str(&format!("{i:2} points: "));
            s.push_str(&print_avg(f * 100, n * 4, 4, "% ("));
            s.push_str(&print_avg(THEORY_HCP[i], 10000, 4, "%)\n"));
        }
        s.push_str("Frequency of longest suitlength per compass:\n");
        s.push_str(&format!(
            "{:>8}{:>8}{:>8}{:>8}{:>8} Theory\n",
            "Length", "North", "East", "South", "West"
        ));
        for len in 4..=self.longest.min(13) {
            let f = &self.longest_freq;
            s.push_str(&format!(
                "{len:8}{:8}{:8}{:8}{:8} ",
                f[0][len], f[1][len], f[2][len], f[3][len]
            ));
            s.push_str(&print_avg(
                100 * THEORY_LONGEST[len],
                100_000_000 / n,
                1,
                "\n",
            ));
        }
        out.text(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn goedel_layout() {
        assert_eq!(
            goedel_line(1_419_832_207_285_612_374_337_491_273),
            " 1,419,832,207,285,612,374,337,491,273\n"
        );
        assert_eq!(goedel_line(0), format!("{}0\n", " ".repeat(37)));
        assert_eq!(goedel_line(1234), format!("{}1,234\n", " ".repeat(33)));
        assert_eq!(goedel_line(1000).len(), 39);
    }

    #[test]
    fn print_avg_matches_big_deal() {
        assert_eq!(print_avg(41, 4, 2, ""), "10.25");
        assert_eq!(print_avg(200, 16, 4, "%"), "12.5000%");
        assert_eq!(print_avg(38454, 10000, 4, ""), "3.8454");
        assert_eq!(print_avg(35_080_500, 25_000_000, 1, ""), "1.4");
        assert_eq!(print_avg(776, 4, 0, ""), "194");
    }

    #[test]
    fn vulnerability_cycle() {
        let names = ["None", "NS", "EW", "All"];
        let cycle: Vec<&str> = (1..=16).map(|b| names[vul_index(b)]).collect();
        assert_eq!(
            cycle,
            [
                "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS",
                "All", "None", "NS", "EW"
            ]
        );
        assert_eq!(dealer_letter(1), "N");
        assert_eq!(dealer_letter(4), "W");
    }
}
