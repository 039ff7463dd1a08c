//! The Fair Deal web app: thin Yew glue over the domain crates.
//!
//! * [`app`] — the [`Route`] table, the page frame (top bar, navigation, theme) and `switch`.
//! * `pages/` — one file per route; page state lives in plain-Rust reducers where it grows.
//! * `components/` — shared widgets, above all the [`components::hand_diagram::HandDiagram`]
//!   used everywhere a deal is shown.
//! * [`theme`] — light/dark theme, remembered in `localStorage`.
//! * [`board_sets`] — the Board sets kept in `localStorage`, and `send_to_board_sets` for
//!   the pages that deal.
//! * [`browser`] — the few browser services the pages use (CSPRNG bytes, clipboard, storage).
//!
//! Invariant: no domain logic lives here — dealing, numbering, scoring and probability are
//! called from the domain crates; this crate only renders and wires events.
//! Panic policy: nothing reachable from user input may panic; browser calls that can fail
//! return `Option`/`Result` and the page shows a message.

pub mod app;
pub mod board_sets;
pub mod browser;
pub mod components;
pub mod dd;
pub mod download;
pub mod format;
pub mod pages;
pub mod theme;
pub mod worker;

pub use app::{App, Route};
