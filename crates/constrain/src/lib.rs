//! Exact constrained dealing (being written).
