//! Exact bridge probabilities as rational numbers, and simulation with confidence intervals.
//!
//! Every exact question returns a [`Chart`]: labelled rows, each with an integer count, the
//! reduced [`Fraction`] and a percentage rounded half-up on the exact value, plus a one-line
//! formula saying how it was computed — serialisable, ready to draw.
//!
//! * [`at_table`] — odds during the play: each suit's remaining split and where the unseen
//!   honours are, from the cards seen, shown out and played and the auction's ranges.
//! * [`splits`] — suit splits a priori and given [`VacantPlaces`]; specific layouts.
//! * [`location`] — where the missing honours are: [`Condition`] queries over layouts,
//!   finesse vs drop lines, combined chances, restricted choice.
//! * [`shape`] — 560 ordered patterns, 39 patterns, longest/shortest suit, voids, …
//! * [`hcp`] — HCP of a hand, aces per hand, HCP within a pattern, partner's HCP.
//! * [`hidden`] — the two hidden hands given yours and dummy's (HCP and length charts under
//!   known lengths and HCP ranges).
//! * [`fit`] — partner's length, eight-card-fit chances, a partnership's longest suit.
//! * [`finesse`] — the finesse-or-drop chart for one missing honour.
//! * [`question`] — questions as values: the query-string form the Probability page and
//!   `fairdeal prob` share, its parsers, [`question::Question::answer`] and the lessons.
//! * [`sim`] — Wilson and t intervals for outcomes sampled by the caller.
//! * [`simulate`] — simulated questions: deals from the exact constrained dealer, an
//!   [`simulate::Outcome`] counted on each (conditions, losers, double-dummy tricks);
//!   [`outcome_text`] reads an outcome from typed fields (the page's form, `fairdeal prob
//!   --simulate`).
//!
//! Arithmetic is exact in `u128` (see [`exact`]); nothing here reads files, clocks or
//! ambient randomness (simulations use the caller's generator), so the crate builds for `wasm32-unknown-unknown`.
//!
//! Panic policy: no function panics on any input; bad input is a [`ProbError`].
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod at_table;
pub mod chart;
mod error;
pub mod exact;
pub mod finesse;
pub mod fit;
pub mod hcp;
pub mod hidden;
pub mod location;
pub mod outcome_text;
pub mod question;
pub mod shape;
pub mod sim;
pub mod simulate;
pub mod splits;

pub use chart::{Chart, Row};
pub use error::ProbError;
pub use exact::Fraction;
pub use hidden::{HcpRange, HiddenHands};
pub use location::{Condition, Defender, SuitCondition};
pub use question::{Answer, FieldError, Question};
pub use shape::{LengthRange, Pattern};
pub use splits::VacantPlaces;
