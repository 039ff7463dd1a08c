//! Exact bridge probabilities (rational results) and simulation with confidence intervals.
#![warn(missing_docs)]
