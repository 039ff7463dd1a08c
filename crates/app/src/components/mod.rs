//! Shared widgets, one file each.

pub mod chart;
pub mod hand_diagram;
