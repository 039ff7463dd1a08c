//! Shared widgets, one file each.

pub mod chart;
pub mod dd_table;
pub mod export_panel;
pub mod files;
pub mod form_field;
pub mod hand_diagram;
pub mod odds_panel;
pub mod reveal_seed;
