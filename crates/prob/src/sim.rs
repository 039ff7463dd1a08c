//! Simulation helpers for what exact counting cannot reach (trick-taking, whole-hand play):
//! running estimates with 95 % confidence intervals from outcomes the caller samples.
//! No random numbers are drawn here.
//!
//! * [`ProportionEstimator`] — yes/no outcomes; Wilson score interval
//!   `(p̂ + z²/2n ± z·√(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)`, z = 1.959964.
//! * [`MeanEstimator`] — numeric outcomes (Welford's running mean and variance);
//!   interval `x̄ ± t_{0.975, n−1}·s/√n`.
//!
//! Both merge, so chunks simulated separately (e.g. in a worker) combine exactly.

use serde::{Deserialize, Serialize};

use crate::ProbError;

/// The standard normal 97.5 % quantile.
pub const Z_975: f64 = 1.959_963_984_540_054;

/// Student's t 97.5 % quantiles for 1..=30 degrees of freedom.
const T_975: [f64; 30] = [
    12.706_204_736,
    4.302_652_730,
    3.182_446_305,
    2.776_445_105,
    2.570_581_836,
    2.446_911_851,
    2.364_624_252,
    2.306_004_135,
    2.262_157_163,
    2.228_138_852,
    2.200_985_160,
    2.178_812_830,
    2.160_368_656,
    2.144_786_688,
    2.131_449_546,
    2.119_905_299,
    2.109_815_578,
    2.100_922_040,
    2.093_024_054,
    2.085_963_447,
    2.079_613_845,
    2.073_873_068,
    2.068_657_610,
    2.063_898_562,
    2.059_538_553,
    2.055_529_439,
    2.051_830_516,
    2.048_407_142,
    2.045_229_642,
    2.042_272_456,
];

/// Student's t 97.5 % quantile for `df` degrees of freedom (exact table to 30, then the
/// Cornish–Fisher expansion in 1/df, accurate to better than 1e-6 there). `None` for df = 0.
pub fn t_975(df: u64) -> Option<f64> {
    match df {
        0 => None,
        1..=30 => Some(T_975[df as usize - 1]),
        _ => {
            let z = Z_975;
            let v = df as f64;
            let (z2, z3) = (z * z, z * z * z);
            let z5 = z3 * z2;
            let z7 = z5 * z2;
            let z9 = z7 * z2;
            Some(
                z + (z3 + z) / (4.0 * v)
                    + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * v * v)
                    + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * v * v * v)
                    + (79.0 * z9 + 776.0 * z7 + 1482.0 * z5 - 1920.0 * z3 - 945.0 * z)
                        / (92_160.0 * v * v * v * v),
            )
        }
    }
}

/// An estimate with its 95 % confidence interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// The point estimate (proportion or mean).
    pub estimate: f64,
    /// Lower end of the interval.
    pub low: f64,
    /// Upper end of the interval.
    pub high: f64,
    /// Samples behind it.
    pub samples: u64,
}

impl Interval {
    /// Whether `x` lies in `[low, high]`.
    pub fn contains(&self, x: f64) -> bool {
        self.low <= x && x <= self.high
    }
}

/// Running count of yes/no outcomes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProportionEstimator {
    samples: u64,
    successes: u64,
}

impl ProportionEstimator {
    /// No samples yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records one outcome.
    pub fn push(&mut self, success: bool) {
        self.samples += 1;
        self.successes += u64::from(success);
    }

    /// Adds another estimator's samples.
    pub fn merge(&mut self, other: &ProportionEstimator) {
        self.samples += other.samples;
        self.successes += other.successes;
    }

    /// Samples so far.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Successes so far.
    pub fn successes(&self) -> u64 {
        self.successes
    }

    /// The Wilson 95 % interval, or `None` before the first sample.
    pub fn interval(&self) -> Option<Interval> {
        if self.samples == 0 {
            return None;
        }
        let n = self.samples as f64;
        let p = self.successes as f64 / n;
        let z2 = Z_975 * Z_975;
        let denom = 1.0 + z2 / n;
        let centre = (p + z2 / (2.0 * n)) / denom;
        let half = Z_975 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
        Some(Interval {
            estimate: p,
            low: (centre - half).max(0.0),
            high: (centre + half).min(1.0),
            samples: self.samples,
        })
    }
}

impl Extend<bool> for ProportionEstimator {
    fn extend<I: IntoIterator<Item = bool>>(&mut self, iter: I) {
        for b in iter {
            self.push(b);
        }
    }
}

/// Running mean and variance of numeric outcomes (Welford).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct MeanEstimator {
    samples: u64,
    mean: f64,
    m2: f64,
}

impl MeanEstimator {
    /// No samples yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Records one outcome; refuses NaN and infinities.
    pub fn push(&mut self, x: f64) -> Result<(), ProbError> {
        if !x.is_finite() {
            return Err(ProbError::NotFinite {
                value: x.to_string(),
            });
        }
        self.samples += 1;
        let d = x - self.mean;
        self.mean += d / self.samples as f64;
        self.m2 += d * (x - self.mean);
        Ok(())
    }

    /// Adds another estimator's samples (Chan et al.'s pairwise update).
    pub fn merge(&mut self, other: &MeanEstimator) {
        if other.samples == 0 {
            return;
        }
        if self.samples == 0 {
            *self = *other;
            return;
        }
        let (na, nb) = (self.samples as f64, other.samples as f64);
        let n = na + nb;
        let d = other.mean - self.mean;
        self.mean += d * nb / n;
        self.m2 += other.m2 + d * d * na * nb / n;
        self.samples += other.samples;
    }

    /// Samples so far.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// The running mean (0 before any sample).
    pub fn mean(&self) -> f64 {
        self.mean
    }

    /// The sample variance (n − 1 denominator), or `None` with fewer than 2 samples.
    pub fn variance(&self) -> Option<f64> {
        (self.samples >= 2).then(|| self.m2 / (self.samples - 1) as f64)
    }

    /// `mean ± t·s/√n`, or `None` with fewer than 2 samples.
    pub fn interval(&self) -> Option<Interval> {
        let var = self.variance()?;
        let t = t_975(self.samples - 1)?;
        let half = t * (var / self.samples as f64).sqrt();
        Some(Interval {
            estimate: self.mean,
            low: self.mean - half,
            high: self.mean + half,
            samples: self.samples,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_expansion_joins_the_table() {
        // At 30 df the expansion must agree with the exact table value.
        let v = 30.0f64;
        let z = Z_975;
        let approx = z
            + (z.powi(3) + z) / (4.0 * v)
            + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
            + (3.0 * z.powi(7) + 19.0 * z.powi(5) + 17.0 * z.powi(3) - 15.0 * z)
                / (384.0 * v.powi(3))
            + (79.0 * z.powi(9) + 776.0 * z.powi(7) + 1482.0 * z.powi(5)
                - 1920.0 * z.powi(3)
                - 945.0 * z)
                / (92_160.0 * v.powi(4));
        assert!((approx - T_975[29]).abs() < 1e-5, "{approx}");
        // Known values: t(0.975, 60) = 2.000298, t(0.975, 120) = 1.979930.
        assert!((t_975(60).unwrap() - 2.000_297_822).abs() < 1e-6);
        assert!((t_975(120).unwrap() - 1.979_930_405).abs() < 1e-6);
        assert!(t_975(0).is_none());
        // Decreasing towards z.
        assert!(t_975(31).unwrap() < T_975[29] && t_975(1_000_000).unwrap() > Z_975);
    }

    #[test]
    fn wilson_known_answer() {
        // 7 of 10: Wilson 95 % interval is (0.3968, 0.8922).
        let mut e = ProportionEstimator::new();
        e.extend([true; 7]);
        e.extend([false; 3]);
        let i = e.interval().unwrap();
        assert!(
            (i.low - 0.396_8).abs() < 1e-4 && (i.high - 0.892_2).abs() < 1e-4,
            "{i:?}"
        );
        assert!(ProportionEstimator::new().interval().is_none());
        // 0 of 5 still gives a proper interval with the lower end at 0.
        let mut z = ProportionEstimator::new();
        z.extend([false; 5]);
        let i = z.interval().unwrap();
        assert_eq!(i.low, 0.0);
        assert!(i.high > 0.4 && i.high < 0.44, "{i:?}");
    }

    #[test]
    fn mean_known_answer_and_merge() {
        let xs = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        let mut all = MeanEstimator::new();
        for x in xs {
            all.push(x).unwrap();
        }
        assert_eq!(all.mean(), 5.0);
        assert!((all.variance().unwrap() - 32.0 / 7.0).abs() < 1e-12);
        let i = all.interval().unwrap();
        let half = 2.364_624_252 * (32.0f64 / 7.0 / 8.0).sqrt();
        assert!((i.high - 5.0 - half).abs() < 1e-9);
        let (mut a, mut b) = (MeanEstimator::new(), MeanEstimator::new());
        for x in &xs[..3] {
            a.push(*x).unwrap();
        }
        for x in &xs[3..] {
            b.push(*x).unwrap();
        }
        a.merge(&b);
        assert_eq!(a.samples(), 8);
        assert!((a.mean() - 5.0).abs() < 1e-12);
        assert!((a.variance().unwrap() - 32.0 / 7.0).abs() < 1e-12);
        assert!(all.push(f64::NAN).is_err());
        assert_eq!(all.samples(), 8);
    }
}
