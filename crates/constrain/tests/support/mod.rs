//! Helpers shared by the engine's statistical and counting tests: a constraint set from text,
//! its dealer with the default options, and the chi-square critical value they test against.
#![allow(dead_code)] // each test binary uses its own subset

use fairdeal_constrain::{parse, ConstraintSet, Dealer, Options};

/// Upper 0.001 quantile of chi-square with `df` degrees of freedom (Wilson–Hilferty).
pub fn critical_001(df: usize) -> f64 {
    let z = 3.090_232;
    let k = df as f64;
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

/// The compiled set of a constraint text (panics with the rendered parse errors).
pub fn set(text: &str) -> ConstraintSet {
    parse(text)
        .unwrap_or_else(|e| panic!("{}", e.render(text)))
        .constraints(None)
        .expect("compiles")
}

/// The dealer of a constraint text, with the engine's default options.
pub fn dealer(text: &str) -> Dealer {
    Dealer::new(&set(text), Options::default()).expect("builds")
}
