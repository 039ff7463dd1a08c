//! Shared widgets, one file each.

pub mod hand_diagram;
