//! Intervals against hand computations on tiny inputs.

use super::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Values 3, 4, 5, 4: mean 4, s² = (1 + 0 + 1 + 0)/3 = 2/3, t(0.975, 3) = 3.182446305,
/// half-width = 3.182446305 · √(2/3 / 4) = 3.182446305 · 0.408248290 = 1.299228…
#[test]
fn t_interval_by_hand() {
    let i = mean_interval([3.0, 4.0, 5.0, 4.0]);
    let half = 3.182_446_305 * (2.0f64 / 3.0 / 4.0).sqrt();
    assert!(close(i.estimate, 4.0));
    assert!(close(i.low, 4.0 - half), "{i:?}");
    assert!(close(i.high, 4.0 + half), "{i:?}");
    assert!((half - 1.299_228).abs() < 1e-6);
    assert_eq!(i.samples, 4);
}

/// 3 successes of 10: p = 0.3, z² = 3.841459, centre = (0.3 + 0.192073)/1.384146 = 0.355507,
/// half = 1.959964·√(0.021 + 0.009604)/1.384146 = 0.247715 → [0.107791, 0.603222].
#[test]
fn wilson_interval_by_hand() {
    let i = proportion_interval((0..10).map(|k| k < 3));
    assert!(close(i.estimate, 0.3));
    assert!((i.low - 0.107_791).abs() < 1e-6, "{i:?}");
    assert!((i.high - 0.603_222).abs() < 1e-6, "{i:?}");
    let pct = scaled(i, 100.0);
    assert!((pct.low - 10.7791).abs() < 1e-4);
}

/// Equal values: zero variance, the interval is the point.
#[test]
fn constant_values_give_a_point() {
    let i = mean_interval([2.0; 5]);
    assert_eq!((i.low, i.estimate, i.high), (2.0, 2.0, 2.0));
}

/// One value has no interval.
#[test]
fn one_value_has_no_interval() {
    let i = mean_interval([7.0]);
    assert_eq!(i.estimate, 7.0);
    assert!(i.low.is_infinite() && i.high.is_infinite());
}
