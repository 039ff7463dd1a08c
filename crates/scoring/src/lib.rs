//! Bridge scoring for Fair Deal: contract scores, matchpoints, IMPs, Butler, cross-IMPs,
//! victory points, rankings, movements and results files.
//!
//! Modules and their key types:
//! * [`contract`] — [`Contract`], [`FinalContract`], parsing of `4SX`/`PASS` and `=`/`+1`/`-2`,
//!   and the Law 77 score ([`Contract::declarer_score`], [`ns_score`]).
//! * [`board`] — [`Vulnerability`] from the board number (16-board cycle) and the dealer.
//! * [`imps`] — the Law 78B IMP scale ([`imps()`]).
//! * [`vp`] — the WBF continuous 20-VP scale with the concavity correction ([`VpScale`]).
//! * [`matchpoints`] — one board's matchpoints with Neuberg, artificial scores.
//! * [`imp_pairs`] — one board's Butler datum variants and cross-IMPs.
//! * [`method`] — the table of scoring methods ([`METHODS`]) for help text and the UI.
//! * [`event`] — the editable [`Event`] (cells as text, versioned JSON) and per-cell
//!   validation ([`CellError`] names row, line, board, pairs and [`Column`]).
//! * [`compute`] — scoring a whole event into per-result points and a ranking.
//! * [`teams`] — team matches (two rooms) to IMPs and VPs, standings over rounds.
//! * [`team_event`] — the team-event use case: results → matches, VPs, standings, field
//!   comparison ([`team_event::score_team_event`]), for the Score page and the CLI.
//! * [`setup`] — an event's set-up (pairs/teams, movement, sizes) and the rows it pre-fills.
//! * [`checks`] — which cell problems to show, and rows that do not fit the movement.
//! * [`read`] — results CSV and PBN readers (text in, no files), reporting bad lines.
//! * [`records`] — the event's hand records ([`records::BoardRecord`]), each result against
//!   double dummy and par, and the fouled-board flag.
//! * [`csv_cell`] — [`csv_cell::neutralise_formula`]: text cells made safe for spreadsheets.
//! * [`pbn_results`] — PBN 2.1 results: `ScoreTable`, `TotalScoreTable`, `OptimumResultTable`
//!   written from a scored event and its records, `ScoreTable` read back.
//! * [`publish`] — the published results page: rankings, travellers against DD and par,
//!   personal scorecards, hand records, charts, one self-contained HTML string.
//! * [`movement`] — Mitchell (skip, arrow switch) and all-play-all round-robin schedules.
//!
//! Scores are always from North–South's point of view (positive = NS plus).
//!
//! Panic policy: every entry point that takes user text or user data returns a `Result` or
//! reports problems in its output; nothing here panics on user input. The crate has no I/O,
//! clock or randomness and builds for `wasm32-unknown-unknown`.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod board;
pub mod checks;
pub mod compute;
pub mod contract;
pub mod csv_cell;
pub mod event;
pub mod imp_pairs;
pub mod imps;
pub mod matchpoints;
pub mod method;
pub mod movement;
pub mod pbn_results;
pub mod publish;
pub mod read;
pub mod records;
pub mod setup;
pub mod synthetic;
pub mod team_event;
pub mod teams;
pub mod vp;

pub use board::{dealer_of_board, Vulnerability};
pub use compute::{
    rank, score_event, score_results, write_pairs_csv, EventScore, Field, RankBasis, ResultPoints,
    ScoringOptions, Standing,
};
pub use contract::{
    ns_score, parse_result, Contract, ContractParseError, FinalContract, ResultParseError, Risk,
    ScoreError, Strain,
};
pub use event::{
    CellError, CellProblem, Column, Direction, Event, EventJsonError, Outcome, ResultRow,
    TableResult, EVENT_FORMAT, EVENT_VERSION,
};
pub use imp_pairs::{butler_board, cross_imps_board, datum, DatumRule, Rounding, Trim};
pub use imps::{imps, IMP_LOWER_BOUNDS};
pub use matchpoints::{
    artificial_percent, matchpoint_board, Artificial, BoardMatchpoints, MpScale,
};
pub use method::{Method, ScoringMethod, METHODS};
pub use vp::VpScale;
