//! The Score page: a scoring spreadsheet in the browser over the `fairdeal-scoring` engine.
//!
//! Modules:
//! * [`model`] — the saved [`model::Workbook`] (engine event + setup, versions) and
//!   [`model::score`] (every method's ranking, recomputed after each edit, from the scoring
//!   crate's entry points: no scoring rule lives in the page).
//! * [`state`] — the page state and its plain-Rust reducer (edits, paste, undo/redo, save
//!   bookkeeping).
//! * [`persist`] — IndexedDB storage of workbooks; writes resolve when they have completed and
//!   are accepted only on top of the revision the tab read (a stale tab is told, never
//!   overwrites); unreadable entries are listed as needing repair; the per-event journal.
//! * [`setup`] — the new-event form (pairs or teams, Mitchell or round robin).
//! * [`grid`] — the keyboard-first results grid.
//! * [`tables`] — rankings side by side, travellers, teams standings.
//! * [`charts`] — SVG charts drawn by the page.
//! * [`projector`] — the charts one per screen in projector mode (shared overlay of the
//!   Probability page).
//! * [`export`] — CSV and PBN results files.
//! * [`publish`] — attach hand records (DD in the workers), results against DD and par, the
//!   fouled-board flag, and the "Publish" download (the page `fairdeal publish` writes).
//! * [`page`] — the [`ScorePage`] component wiring them together.
//!
//! Panic policy: nothing reachable from user input panics; storage failures show a message
//! and the "Saved" indicator says "Not saved".

pub mod charts;
pub mod export;
pub mod grid;
pub mod model;
pub mod page;
pub mod persist;
pub mod projector;
pub mod publish;
pub mod setup;
pub mod state;
pub mod tables;

pub use page::ScorePage;
