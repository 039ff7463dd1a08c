//! [`SuitError`]: what is wrong with a suit-combination problem, with where.

use thiserror::Error;

use crate::problem::Side;

/// A problem that cannot be solved as written.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SuitError {
    /// A character that is not a card.
    #[error("{} holding, column {column}: '{found}' is not a card (expected A K Q J 10/T 9-2 or x)", side.name())]
    Card {
        /// Which holding.
        side: Side,
        /// 1-based column in that holding's text.
        column: usize,
        /// The character found.
        found: char,
    },
    /// A card given twice in one holding.
    #[error("{} holding, column {column}: the {card} is given twice", side.name())]
    Repeated {
        /// Which holding.
        side: Side,
        /// 1-based column.
        column: usize,
        /// The card.
        card: String,
    },
    /// A card in both holdings.
    #[error("{card} given to both North and South")]
    Both {
        /// The cards.
        card: String,
    },
    /// More than 13 cards.
    #[error("North and South hold {total} cards of the suit; a suit has 13")]
    TooMany {
        /// Cards given.
        total: u32,
    },
    /// No card at all.
    #[error("North and South hold no card of the suit")]
    NoCards,
    /// Entries not `unlimited` or `N:S`.
    #[error("entries '{text}': expected 'unlimited' or N:S with numbers 0-13 (e.g. 1:2)")]
    Entries {
        /// The text.
        text: String,
    },
    /// Vacant places not `W:E`.
    #[error("vacant places '{text}': expected W:E with numbers 0-13 (e.g. 10:13)")]
    Vacant {
        /// The text.
        text: String,
    },
    /// Fewer places than missing cards.
    #[error("the defenders have {places} vacant places for {missing} missing cards")]
    VacantTooFew {
        /// West's plus East's places.
        places: u8,
        /// Missing cards.
        missing: u8,
    },
    /// A target that is 0 or more than the longer hand.
    #[error("target {target}: expected 1 to {most} tricks (the longer hand's length)")]
    Target {
        /// The target.
        target: u8,
        /// The longer hand's length.
        most: u8,
    },
    /// A target that is not a number.
    #[error("target '{text}': expected a number of tricks (1-13) or nothing for the most tricks on average")]
    TargetText {
        /// The text.
        text: String,
    },
    /// The search went past its size limit.
    #[error("this holding's search is too large for the solver (stopped after {states} positions): its defenders' cards fall into too many runs; try it with fewer small cards")]
    TooLarge {
        /// Positions searched when it stopped.
        states: usize,
    },
    /// The search was cancelled by its caller.
    #[error("cancelled")]
    Cancelled,
}
