//! Exact integer arithmetic: binomial coefficients up to C(52, k), greatest common divisors,
//! and [`Fraction`], a reduced `u128` fraction that prints as a percentage rounded half-up.
//!
//! Why `u128` and no bignum: the largest count this crate forms is a number of full deals
//! (52!/(13!)^4 ≈ 5.4e28) and the largest product formed on the way to a percentage is that
//! times 10^8, both far below `u128::MAX` ≈ 3.4e38; every multiplication is still checked.

use serde::{Deserialize, Serialize};

use crate::ProbError;

/// C(n, k) for n ≤ 52; 0 when k > n or n > 52 (no way to choose). The table is
/// `fairdeal_constrain::combin`'s (one binomial table in the workspace); this is its `u32` face.
pub fn binomial(n: u32, k: u32) -> u128 {
    fairdeal_constrain::combin::binomial(n as usize, k as usize)
}

/// C(n, k) with signed arguments: 0 when k < 0 or k > n (convenient in sums over splits).
pub(crate) fn binomial_i(n: i64, k: i64) -> u128 {
    if n < 0 || k < 0 || k > n {
        0
    } else {
        binomial(n as u32, k as u32)
    }
}

/// Greatest common divisor (gcd(0, 0) = 0), `fairdeal_constrain::combin`'s.
pub use fairdeal_constrain::combin::gcd;

/// Checked product of counts.
pub(crate) fn mul(a: u128, b: u128, context: &'static str) -> Result<u128, ProbError> {
    a.checked_mul(b).ok_or(ProbError::Overflow { context })
}

/// Checked sum of counts.
pub(crate) fn add(a: u128, b: u128, context: &'static str) -> Result<u128, ProbError> {
    a.checked_add(b).ok_or(ProbError::Overflow { context })
}

/// An exact probability `numerator / denominator`, always reduced, denominator > 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Fraction {
    /// Numerator (≤ denominator for a probability).
    pub numerator: u128,
    /// Denominator, > 0.
    pub denominator: u128,
}

impl Fraction {
    /// Probability 0.
    pub const ZERO: Fraction = Fraction {
        numerator: 0,
        denominator: 1,
    };
    /// Probability 1.
    pub const ONE: Fraction = Fraction {
        numerator: 1,
        denominator: 1,
    };

    /// `count / total`, reduced; `None` if `total` is 0.
    pub fn new(count: u128, total: u128) -> Option<Fraction> {
        if total == 0 {
            return None;
        }
        let g = gcd(count, total);
        Some(Fraction {
            numerator: count / g,
            denominator: total / g,
        })
    }

    /// The value as a float (for drawing; never for comparisons in tests).
    pub fn to_f64(self) -> f64 {
        self.numerator as f64 / self.denominator as f64
    }

    /// `1 − self` for a probability (saturating at 0 if `self` > 1).
    pub fn complement(self) -> Fraction {
        Fraction {
            numerator: self.denominator.saturating_sub(self.numerator),
            denominator: self.denominator,
        }
    }

    /// The sum of two fractions, reduced, or `None` on overflow.
    pub fn checked_add(self, other: Fraction) -> Option<Fraction> {
        let g = gcd(self.denominator, other.denominator);
        let d = (self.denominator / g).checked_mul(other.denominator)?;
        let n = self
            .numerator
            .checked_mul(other.denominator / g)?
            .checked_add(other.numerator.checked_mul(self.denominator / g)?)?;
        Fraction::new(n, d)
    }

    /// The percentage `100·n/d` with `decimals` places, rounded half-up on the exact value
    /// (e.g. 611/1150 at 2 places is `"53.13"`). Long division, so it cannot overflow.
    pub fn percent(self, decimals: u8) -> String {
        let (n, d) = (self.numerator, self.denominator);
        // Integer part of 100·n/d without forming 100·n.
        let whole = n / d;
        let mut rem = n % d;
        let mut digits: Vec<u8> = Vec::with_capacity(decimals as usize + 3);
        // Two digits for the ×100, `decimals` more, one extra to round on.
        for _ in 0..(decimals as usize + 2) {
            let (q, r) = times_ten_div(rem, d);
            digits.push(q);
            rem = r;
        }
        // Round half-up: look at the remainder as the next digit and beyond.
        let (next, _) = times_ten_div(rem, d);
        let mut round_up = next >= 5;
        // Propagate the carry through the digits.
        let mut i = digits.len();
        while round_up && i > 0 {
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                round_up = false;
            }
        }
        let whole_percent = whole * 100
            + u128::from(digits[0]) * 10
            + u128::from(digits[1])
            + if round_up { 100 } else { 0 };
        let mut s = whole_percent.to_string();
        if decimals > 0 {
            s.push('.');
            for &dg in &digits[2..] {
                s.push(char::from(b'0' + dg));
            }
        }
        s
    }
}

/// `(10·rem) / d` and its remainder for `rem < d`, without overflow for any `d`.
fn times_ten_div(rem: u128, d: u128) -> (u8, u128) {
    // 10·rem may overflow when d is huge: subtract d at most 9 times instead.
    let mut q = 0u8;
    let mut r = 0u128;
    for _ in 0..10 {
        // r += rem, reducing mod d as we go (r < d and rem < d, so r + rem < 2d).
        let gap = d - r;
        if rem >= gap {
            r = rem - gap;
            q += 1;
        } else {
            r += rem;
        }
    }
    (q, r)
}

impl std::fmt::Display for Fraction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.numerator, self.denominator)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomial_faces_keep_their_edges() {
        // The table is tested in fairdeal-constrain; here the u32 and signed faces.
        assert_eq!(binomial(53, 1), 0, "n > 52 has no table row");
        assert_eq!(binomial(u32::MAX, 0), 0);
        assert_eq!(binomial_i(5, -1), 0);
        assert_eq!(binomial_i(-1, 0), 0);
        assert_eq!(binomial_i(26, 13), 10_400_600);
    }

    #[test]
    fn fractions_reduce_and_round_half_up() {
        let f = Fraction::new(5_525_884, 10_400_600).unwrap();
        assert_eq!((f.numerator, f.denominator), (611, 1150));
        assert_eq!(f.percent(2), "53.13");
        assert_eq!(f.percent(4), "53.1304");
        // 1/8 = 12.5 % exactly: half-up gives 13 at 0 places.
        assert_eq!(Fraction::new(1, 8).unwrap().percent(0), "13");
        assert_eq!(Fraction::new(1, 8).unwrap().percent(1), "12.5");
        // 2/3 = 66.666…: 66.67; 1/1 = 100.00; 0 = 0.00; 999999/1000000 carries to 100.00.
        assert_eq!(Fraction::new(2, 3).unwrap().percent(2), "66.67");
        assert_eq!(Fraction::ONE.percent(2), "100.00");
        assert_eq!(Fraction::ZERO.percent(2), "0.00");
        assert_eq!(
            Fraction::new(999_999, 1_000_000).unwrap().percent(2),
            "100.00"
        );
        assert!(Fraction::new(1, 0).is_none());
    }

    #[test]
    fn percent_survives_huge_denominators() {
        // gcd(k, 2k + 1) = 1, so this stays unreduced: just under one half.
        let f = Fraction::new(u128::MAX / 2, u128::MAX).unwrap();
        assert_eq!(f.denominator, u128::MAX);
        assert_eq!(f.percent(3), "50.000");
    }

    #[test]
    fn add_and_complement() {
        let a = Fraction::new(1, 2).unwrap();
        let b = Fraction::new(143, 2300).unwrap();
        assert_eq!(
            a.checked_add(b).unwrap(),
            Fraction::new(1293, 2300).unwrap()
        );
        assert_eq!(
            Fraction::new(6, 25).unwrap().complement(),
            Fraction::new(19, 25).unwrap()
        );
    }
}
