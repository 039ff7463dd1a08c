//! Hand records in and out: PBN 2.1 and LIN (BBO) readers and writers over one [`Board`] model.
//!
//! * [`Board`] — one game of a hand record: number, dealer, vulnerability, the hands that are
//!   known (`[Option<Hand>; 4]`, indexed N E S W), event/site/date, players, contract,
//!   declarer, result, the auction and play as text tokens, and every other tag in order.
//! * [`read_pbn`] / [`write_pbn`] — PBN 2.1 import (tolerant of real files) and export.
//! * [`read_lin`] / [`write_lin`] — BBO's LIN, one board per line or `qx`-separated.
//! * [`read_any`] — either, chosen by the file name or its first bytes.
//! * [`export`] — a set in any format: PBN/LIN here, every Big Deal format via `fairdeal-dealing`.
//! * [`print`] — printable hand records and per-seat practice sheets as one self-contained
//!   HTML page (1, 2, 4 or 6 boards a page, large print), for the CLI and the app.
//! * [`link`] — one board (deal, auction, play, title) as a short link for the viewer and a
//!   QR code, and BBO handviewer links in and out.
//! * [`dd`] — double-dummy tables and par as PBN tags (`OptimumResultTable`, `ParContract`,
//!   `OptimumScore`), read into [`Board::dd`] and [`Board::par`].
//!
//! Readers never fail as a whole: they return a [`ReadOutcome`] with every board they could
//! read and a [`Problem`] (1-based line, tag, message) for everything they could not. Bytes
//! are decoded as UTF-8 when valid, else as Latin-1 (see [`decode`]).
//!
//! Auction and play are kept in PBN's own layout: [`Auction::calls`] are PBN call tokens
//! (`Pass`, `1NT`, `X`, `XX`, plus notes such as `=1=`), and [`Play::cards`] lists each trick
//! as four tokens in seat order from the opening leader (`-` for a card not played). The LIN
//! side converts between that layout and LIN's play order.
//!
//! Panic policy: nothing here panics, whatever the input.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod board;
pub mod dd;
pub mod export;
mod lin;
pub mod link;
mod pbn;
pub mod print;

pub use board::{
    decode, Auction, Board, Play, Problem, ProblemKind, ReadOutcome, Tag, STANDARD_TAGS,
};
pub use lin::{read_lin, write_lin, LinOptions};
pub use pbn::{read_pbn, write_pbn, PbnOptions};

/// True when a file should be read as LIN: its name ends `.lin`, or (no known extension) it
/// starts like LIN (`qx|`, `md|` …: two letters and a bar).
pub fn looks_like_lin(name: &str, bytes: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".lin") {
        return true;
    }
    if lower.ends_with(".pbn") {
        return false;
    }
    let start: Vec<u8> = bytes
        .iter()
        .copied()
        .skip_while(u8::is_ascii_whitespace)
        .take(3)
        .collect();
    start.len() == 3 && start[2] == b'|' && start[..2].iter().all(u8::is_ascii_alphabetic)
}

/// Reads a hand record as LIN or PBN, chosen by [`looks_like_lin`].
pub fn read_any(name: &str, bytes: &[u8]) -> ReadOutcome {
    if looks_like_lin(name, bytes) {
        read_lin(bytes)
    } else {
        read_pbn(bytes)
    }
}
