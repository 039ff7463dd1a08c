//! Ready-made lessons: the table is `fairdeal_prob::question::lessons` (shared with
//! `fairdeal prob --lesson`); the page adds only what the projector trims.
//!
//! Panic policy: none; lookups return `Option`.

pub use fairdeal_prob::question::lessons::{lesson_step, Lesson, LESSONS};

use super::question::Kind;

/// Whether a question kind draws long charts that the projector trims to its top rows.
pub fn trimmed_in_projector(kind: Kind) -> bool {
    matches!(kind, Kind::Patterns)
}
