//! The machinery every format's writer shares: line-ending translation ([`Out`]), what a
//! format knows of its run ([`Run`]), the per-format behaviour ([`Format`]) and the generic
//! [`Writer`] that enforces board order and the finishing trailer.

use super::{BoardRange, DealWriter, FormatError, FormatKind, LineEnding, WriteOptions};
use fairdeal_model::Deal;
use std::io::{self, Write};
use FormatKind::Text;

/// Output with line-ending translation for text formats.
pub(super) struct Out<'w> {
    w: &'w mut dyn Write,
    crlf: bool,
}

impl Out<'_> {
    /// Writes text, turning `\n` into `\r\n` when asked.
    pub(super) fn text(&mut self, s: &str) -> io::Result<()> {
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

    pub(super) fn bytes(&mut self, b: &[u8]) -> io::Result<()> {
        self.w.write_all(b)
    }
}

/// What a format knows of its run.
pub(super) struct Run {
    pub(super) range: BoardRange,
    pub(super) event: Option<String>,
}

/// One format's behaviour; the generic [`Writer`] does sequencing and line endings.
pub(super) trait Format: Default {
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

pub(super) struct Writer<'w, F: Format> {
    out: Out<'w>,
    run: Run,
    /// The next board expected (u64: after board u32::MAX it is 2^32).
    next: u64,
    finished: bool,
    format: F,
}

pub(super) fn make<'w, F: Format + 'static>(
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
