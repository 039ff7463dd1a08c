//! The intervals every report uses, over per-deal values in deal order:
//!
//! * means (defensive tricks, matchpoints, IMPs, scores, paired differences):
//!   `x̄ ± t₀.₉₇₅,ₙ₋₁ · s/√n` (Student t, sample standard deviation `s` with n − 1);
//! * proportions (% set, % making): the Wilson score interval at z = 1.959964.
//!
//! Both come from [`fairdeal_prob::sim`] (the Probability page's simulations use them too).
//! With fewer than two values a mean has no interval: its ends are −∞ and +∞.

pub use fairdeal_prob::sim::{t_975, Interval, Z_975};
use fairdeal_prob::sim::{MeanEstimator, ProportionEstimator};

/// The mean of `values` with its 95 % Student t interval (values are pushed in order, so the
/// result does not depend on how they were computed).
pub fn mean_interval(values: impl IntoIterator<Item = f64>) -> Interval {
    let mut est = MeanEstimator::new();
    for x in values {
        // Our values are tricks, scores and their differences: always finite.
        if est.push(x).is_err() {
            unreachable!("simulation values are finite");
        }
    }
    est.interval().unwrap_or(Interval {
        estimate: if est.samples() == 0 {
            f64::NAN
        } else {
            est.mean()
        },
        low: f64::NEG_INFINITY,
        high: f64::INFINITY,
        samples: est.samples(),
    })
}

/// The proportion of `true` with its 95 % Wilson interval (0 samples: NaN, no interval).
pub fn proportion_interval(values: impl IntoIterator<Item = bool>) -> Interval {
    let mut est = ProportionEstimator::new();
    est.extend(values);
    est.interval().unwrap_or(Interval {
        estimate: f64::NAN,
        low: 0.0,
        high: 1.0,
        samples: 0,
    })
}

/// An interval scaled by `k` (a proportion as a percentage).
pub fn scaled(i: Interval, k: f64) -> Interval {
    Interval {
        estimate: i.estimate * k,
        low: i.low * k,
        high: i.high * k,
        samples: i.samples,
    }
}

#[cfg(test)]
mod tests;
