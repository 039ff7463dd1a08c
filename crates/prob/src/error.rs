//! The crate's one error type, [`ProbError`]: every rejected input says what was expected.

use thiserror::Error;

/// Why a probability question could not be answered.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ProbError {
    /// More missing cards than a suit has.
    #[error("{missing} missing cards in one suit: expected 0 to 13")]
    TooManyMissing {
        /// The number given.
        missing: u32,
    },
    /// A hand was said to hold more than 13 cards, or more unseen cards than exist.
    #[error("{what} is {given}: expected at most {max}")]
    TooMany {
        /// What was counted ("West's vacant places", "known cards for East", …).
        what: &'static str,
        /// The number given.
        given: u32,
        /// The largest allowed.
        max: u32,
    },
    /// The vacant places cannot hold the missing cards.
    #[error(
        "{missing} missing cards do not fit in {west} + {east} vacant places: expected the \
         vacant places to add up to at least the number of missing cards"
    )]
    NoRoom {
        /// Missing cards.
        missing: u32,
        /// West's vacant places.
        west: u32,
        /// East's vacant places.
        east: u32,
    },
    /// No layout at all is possible under the conditions, so no probability exists.
    #[error("no layout is consistent with {what}: expected conditions that can happen")]
    Impossible {
        /// The condition that rules everything out.
        what: String,
    },
    /// A card was named that is not among the missing (or unseen) cards.
    #[error("{card} is not among the {what}: expected one of {allowed}")]
    NotMissing {
        /// The card or rank named.
        card: String,
        /// Which set it should have been in.
        what: &'static str,
        /// The set, printed.
        allowed: String,
    },
    /// A hand pattern that is not four lengths summing to 13.
    #[error("pattern {given:?}: expected four suit lengths 0..=13 adding up to 13")]
    BadPattern {
        /// The lengths given.
        given: Vec<u32>,
    },
    /// A hand of the wrong size, or two hands that overlap.
    #[error("{what}: expected {expected}")]
    BadHand {
        /// What is wrong.
        what: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A length range whose minimum exceeds its maximum or 13.
    #[error("length range {min}..={max}: expected min <= max <= 13")]
    BadRange {
        /// Minimum.
        min: u32,
        /// Maximum.
        max: u32,
    },
    /// A simulation sample that is not a finite number.
    #[error("sample {value} is not a finite number: expected a finite value")]
    NotFinite {
        /// The sample, printed.
        value: String,
    },
    /// A count overflowed 128-bit arithmetic (never expected for bridge-sized questions).
    #[error("a count in {context} overflowed 128-bit integers: expected a bridge-sized question")]
    Overflow {
        /// Where.
        context: &'static str,
    },
}
