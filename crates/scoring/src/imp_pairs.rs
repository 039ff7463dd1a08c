//! IMP pairs scoring of one board: Butler (IMPs against a datum) and cross-IMPs.
//!
//! Owns [`DatumRule`] (which results the datum averages: all, a trimmed count or fraction at
//! each end, or bridge-scorer's size-dependent trim) with [`Rounding`] to a multiple of 10,
//! [`datum`], [`butler_board`] and [`cross_imps_board`]. Scores are NS points; EW gets the
//! negative of every NS figure. The datum is computed in exact integer arithmetic, so rounding
//! of halves (e.g. a mean of −295) is exactly as specified.

use crate::imps::imps;
use serde::{Deserialize, Serialize};

/// How many results to drop at each end before averaging.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Trim {
    /// Mean of all results.
    None,
    /// Drop this many from the top and from the bottom (1 = "without top and bottom").
    Count(u32),
    /// Drop ⌊f·n⌋ from each end (0 ≤ f < 0.5).
    Fraction(f64),
    /// bridge-scorer's rule: n ≤ 3 → none, else ⌈(n − 10)/15⌉ + 1 from each end.
    SizeDependent,
}

/// How the mean is rounded to a multiple of 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Rounding {
    /// Nearest, halves upward (JavaScript `Math.round`): −295 → −290, 295 → 300.
    NearestHalfUp,
    /// Nearest, halves away from zero: −295 → −300, 295 → 300.
    NearestHalfAway,
    /// Toward zero (JFR Pary): −96.7 → −90, −445 → −440.
    TowardZero,
}

/// The datum of a Butler board: trim then round.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct DatumRule {
    /// Results dropped at each end.
    pub trim: Trim,
    /// Rounding of the mean to 10.
    pub rounding: Rounding,
}

impl Default for DatumRule {
    /// Drop the top and bottom result, round to the nearest 10 with halves up.
    fn default() -> DatumRule {
        DatumRule {
            trim: Trim::Count(1),
            rounding: Rounding::NearestHalfUp,
        }
    }
}

impl DatumRule {
    /// Results dropped at each end for `n` results; never so many that none remain
    /// (at most ⌊(n − 1)/2⌋, so 3 results trimmed by 1 leave the median).
    pub fn trim_count(&self, n: usize) -> usize {
        let k = match self.trim {
            Trim::None => 0,
            Trim::Count(k) => k as usize,
            Trim::Fraction(f) if f.is_finite() && f > 0.0 => (f * n as f64).floor() as usize,
            Trim::Fraction(_) => 0,
            Trim::SizeDependent if n <= 3 => 0,
            Trim::SizeDependent => (n.saturating_sub(10)).div_ceil(15) + 1,
        };
        k.min(n.saturating_sub(1) / 2)
    }
}

/// Rounds `sum / count` to a multiple of 10 (`count` > 0).
fn round_mean(sum: i64, count: i64, rounding: Rounding) -> i64 {
    let d = 20 * count;
    match rounding {
        Rounding::NearestHalfUp => (2 * sum + 10 * count).div_euclid(d) * 10,
        Rounding::NearestHalfAway => sum.signum() * ((2 * sum.abs() + 10 * count) / d) * 10,
        Rounding::TowardZero => sum / (10 * count) * 10,
    }
}

/// The datum of a board's NS scores, or `None` if there are none.
pub fn datum(scores: &[i32], rule: &DatumRule) -> Option<i64> {
    if scores.is_empty() {
        return None;
    }
    let mut s: Vec<i64> = scores.iter().map(|&x| i64::from(x)).collect();
    s.sort_unstable();
    let k = rule.trim_count(s.len());
    let kept = &s[k..s.len() - k];
    let sum: i64 = kept.iter().sum();
    Some(round_mean(sum, kept.len() as i64, rule.rounding))
}

/// Butler IMPs for each NS score (EW gets the negative), with the datum used.
pub fn butler_board(scores: &[i32], rule: &DatumRule) -> (Option<i64>, Vec<i32>) {
    match datum(scores, rule) {
        None => (None, Vec::new()),
        Some(d) => (
            Some(d),
            scores.iter().map(|&s| imps(i64::from(s) - d)).collect(),
        ),
    }
}

/// Cross-IMPs for each NS score: the IMPs against every other score, summed and divided by
/// the number of comparisons n − 1 (0 for a board played once). The board sums to zero.
pub fn cross_imps_board(scores: &[i32]) -> Vec<f64> {
    let n = scores.len();
    if n < 2 {
        return vec![0.0; n];
    }
    let mut sorted: Vec<i64> = scores.iter().map(|&x| i64::from(x)).collect();
    sorted.sort_unstable();
    // Group equal scores: the IMP sum of a value depends only on the value.
    let mut cache: Vec<(i64, i64)> = Vec::new();
    let mut i = 0;
    while i < n {
        let v = sorted[i];
        let total: i64 = sorted.iter().map(|&o| i64::from(imps(v - o))).sum();
        cache.push((v, total));
        while i < n && sorted[i] == v {
            i += 1;
        }
    }
    scores
        .iter()
        .map(|&s| {
            let s = i64::from(s);
            let idx = cache.partition_point(|&(v, _)| v < s);
            cache[idx].1 as f64 / (n - 1) as f64
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(trim: Trim, rounding: Rounding) -> DatumRule {
        DatumRule { trim, rounding }
    }

    #[test]
    fn bermuda_bowl_2011() {
        let mut s = vec![980; 3];
        s.extend([480; 11]);
        s.extend([450; 7]);
        s.push(-50);
        let (d, i) = butler_board(&s, &rule(Trim::None, Rounding::NearestHalfUp));
        assert_eq!(d, Some(510));
        assert_eq!((i[0], i[3], i[14], i[21]), (10, -1, -2, -11));
    }

    #[test]
    fn woburn_sands_and_small_boards() {
        let s = [-650, -170, -1440, 100, -170, -200];
        let (d, i) = butler_board(&s, &DatumRule::default());
        assert_eq!(d, Some(-300));
        assert_eq!(i, vec![-8, 4, -15, 9, 4, 3]);
        let s = [650, 170, 200];
        assert_eq!(
            datum(&s, &rule(Trim::SizeDependent, Rounding::NearestHalfUp)),
            Some(340)
        );
        // Hemel: EW +620 ×4 and EW +170 ×3 → datum EW 440.
        let s = [-620, -620, -620, -620, -170, -170, -170];
        let (d, i) = butler_board(&s, &DatumRule::default());
        assert_eq!(d, Some(-440));
        assert_eq!((i[0], i[4]), (-5, 7));
    }

    #[test]
    fn rounding_modes_on_negative_halves() {
        let s = [-290, -300];
        assert_eq!(
            datum(&s, &rule(Trim::None, Rounding::NearestHalfUp)),
            Some(-290)
        );
        assert_eq!(
            datum(&s, &rule(Trim::None, Rounding::NearestHalfAway)),
            Some(-300)
        );
        assert_eq!(
            datum(&s, &rule(Trim::None, Rounding::TowardZero)),
            Some(-290)
        );
        assert_eq!(
            datum(&[-97, -96, -97], &rule(Trim::None, Rounding::TowardZero)),
            Some(-90)
        );
        assert_eq!(
            datum(&[-445], &rule(Trim::None, Rounding::TowardZero)),
            Some(-440)
        );
        assert_eq!(
            datum(&[290, 300], &rule(Trim::None, Rounding::NearestHalfAway)),
            Some(300)
        );
        assert_eq!(datum(&[], &DatumRule::default()), None);
    }

    #[test]
    fn trim_counts() {
        let r = rule(Trim::SizeDependent, Rounding::NearestHalfUp);
        assert_eq!(
            (r.trim_count(3), r.trim_count(4), r.trim_count(10)),
            (0, 1, 1)
        );
        assert_eq!(
            (r.trim_count(11), r.trim_count(25), r.trim_count(26)),
            (2, 2, 3)
        );
        let f = rule(Trim::Fraction(0.25), Rounding::NearestHalfUp);
        assert_eq!((f.trim_count(8), f.trim_count(3)), (2, 0));
        let c = rule(Trim::Count(19), Rounding::TowardZero);
        assert_eq!(
            (c.trim_count(42), c.trim_count(5), c.trim_count(2)),
            (19, 2, 0)
        );
    }

    #[test]
    fn cross_imps_bridge_tips_vector() {
        let x = cross_imps_board(&[620, 170, 140, 140, -100]);
        assert_eq!(x, vec![10.5, -0.25, -1.25, -1.25, -7.75]);
        assert_eq!(cross_imps_board(&[420]), vec![0.0]);
    }
}
