//! The question builder's model is `fairdeal_prob::question` (kinds, fields, the query
//! string, parsers and the exact answer — shared with `fairdeal prob`); this module
//! re-exports it for the page and maps an answer's [`Layout`] to the chart component's
//! [`Orientation`], the one display choice that belongs to the app.

use crate::components::chart::Orientation;

pub use fairdeal_prob::question::{
    parse_hand, parse_holding, parse_rank, percent_decode, percent_encode, query_pairs, Answer,
    Field, FieldError, Kind, KindInfo, Layout, Question, KINDS, STATS,
};

/// The chart component's orientation for an answer's preferred layout.
pub fn orientation(layout: Layout) -> Orientation {
    match layout {
        Layout::Bars => Orientation::Bars,
        Layout::Columns => Orientation::Columns,
    }
}
