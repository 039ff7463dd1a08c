//! The intervals every report uses, over per-deal values in deal order:
//!
//! * means (defensive tricks, matchpoints, IMPs, scores, paired differences):
//!   `x̄ ± t₀.₉₇₅,ₙ₋₁ · s/√n` (Student t, sample standard deviation `s` with n − 1);
//! * proportions (% set, % making): the Wilson score interval at z = 1.959964.
//!
//! Both come from [`fairdeal_prob::sim`] (the Probability page's simulations use them too).
//! With fewer than two values a mean has no interval: its ends are −∞ and +∞.

use fairdeal_prob::sim::ProportionEstimator;
pub use fairdeal_prob::sim::{t_975, Interval, Z_975};

/// The mean of `values` with its 95 % Student t interval, in two passes over the values in
/// order: mean = Σx/n, s² = Σ(x − mean)²/(n − 1), half-width t₀.₉₇₅,ₙ₋₁·s/√n. (Sums of small
/// integers are exact, so equal sums give equal means, and the printed mean is the exact one.)
pub fn mean_interval(values: impl IntoIterator<Item = f64>) -> Interval {
    let values: Vec<f64> = values.into_iter().collect();
    let n = values.len();
    if n == 0 {
        return Interval {
            estimate: f64::NAN,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
            samples: 0,
        };
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let Some(t) = t_975(n as u64 - 1) else {
        return Interval {
            estimate: mean,
            low: f64::NEG_INFINITY,
            high: f64::INFINITY,
            samples: n as u64,
        };
    };
    let var = values.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
    let half = t * (var / n as f64).sqrt();
    Interval {
        estimate: mean,
        low: mean - half,
        high: mean + half,
        samples: n as u64,
    }
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

/// A number with fixed decimals (`inf` written as such: one deal has no interval).
pub(crate) fn fixed(x: f64, decimals: usize) -> String {
    format!("{x:.decimals$}")
}

/// `estimate{unit} [low, high]`, each with `decimals` decimals: the text reports' form
/// (`57.1 % [50.2, 63.8]` with the unit `" %"`).
pub(crate) fn bracketed(i: &Interval, decimals: usize, unit: &str) -> String {
    format!(
        "{}{unit} [{}, {}]",
        fixed(i.estimate, decimals),
        fixed(i.low, decimals),
        fixed(i.high, decimals)
    )
}

/// `estimate,low,high`, each with `decimals` decimals: the CSV reports' form.
pub(crate) fn csv_triple(i: &Interval, decimals: usize) -> String {
    format!(
        "{},{},{}",
        fixed(i.estimate, decimals),
        fixed(i.low, decimals),
        fixed(i.high, decimals)
    )
}
