//! Pearson's chi-square goodness of fit with pooled small cells, and its p-value.
//!
//! Cells expected fewer than [`MIN_EXPECTED`] times are pooled into one cell (and that cell
//! into the smallest other one if it is still too small), so every cell tested expects at
//! least 5. Cells with probability 0 are not cells of the test; if one of them is observed
//! at all, the sample is impossible under the theory and the p-value is 0. The p-value is
//! the regularized upper incomplete gamma function Q(df/2, χ²/2) (series below a + 1,
//! Lentz continued fraction above), accurate to about 1e-12.

/// The least expectation a tested cell may have.
pub const MIN_EXPECTED: f64 = 5.0;

/// The outcome of one chi-square test.
#[derive(Debug, Clone, PartialEq)]
pub struct ChiSquare {
    /// Pearson's statistic.
    pub stat: f64,
    /// Degrees of freedom (tested cells − 1).
    pub df: usize,
    /// P(χ²(df) ≥ stat); 0 if an impossible cell was observed.
    pub p: f64,
    /// How many cells expected fewer than 5 and were pooled.
    pub pooled: usize,
    /// Observations in cells the theory says are impossible.
    pub impossible: u64,
}

/// Tests `observed` counts against cell probabilities `probs` (summing to 1). `None` when
/// there is nothing to test (no observation, or fewer than two cells after pooling).
pub fn chi_square(observed: &[u64], probs: &[f64]) -> Option<ChiSquare> {
    let n: u64 = observed.iter().sum();
    if n == 0 {
        return None;
    }
    let mut impossible = 0;
    let mut cells: Vec<(f64, f64)> = Vec::new();
    for (&o, &p) in observed.iter().zip(probs) {
        if p <= 0.0 {
            impossible += o;
        } else {
            cells.push((o as f64, p * n as f64));
        }
    }
    cells.sort_by(|a, b| a.1.total_cmp(&b.1));
    let small = cells.partition_point(|c| c.1 < MIN_EXPECTED);
    let mut pooled = 0;
    let mut tested: Vec<(f64, f64)> = cells[small..].to_vec();
    if small > 0 {
        let pool = cells[..small]
            .iter()
            .fold((0.0, 0.0), |a, c| (a.0 + c.0, a.1 + c.1));
        pooled = small;
        if pool.1 < MIN_EXPECTED && !tested.is_empty() {
            // Still too small: fold it into the smallest tested cell.
            tested[0].0 += pool.0;
            tested[0].1 += pool.1;
        } else {
            tested.push(pool);
        }
    }
    if tested.len() < 2 {
        return None;
    }
    let stat: f64 = tested.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    let df = tested.len() - 1;
    let p = if impossible > 0 {
        0.0
    } else {
        chi2_sf(stat, df)
    };
    Some(ChiSquare {
        stat,
        df,
        p,
        pooled,
        impossible,
    })
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, n = 9).
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = C[0];
    let t = x + G + 0.5;
    for (i, c) in C.iter().enumerate().skip(1) {
        a += c / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularized upper incomplete gamma function Q(a, x), a > 0.
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let ln_front = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        let mut sum = 1.0 / a;
        let mut term = sum;
        let mut n = a;
        for _ in 0..10_000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term.abs() < sum.abs() * 1e-16 {
                break;
            }
        }
        (1.0 - sum * ln_front.exp()).clamp(0.0, 1.0)
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            h *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (ln_front.exp() * h).clamp(0.0, 1.0)
    }
}

/// P(χ²(df) ≥ stat).
pub fn chi2_sf(stat: f64, df: usize) -> f64 {
    if df == 0 {
        return 1.0;
    }
    gamma_q(df as f64 / 2.0, stat / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn p_values_match_published_quantiles() {
        // Upper quantiles from standard tables: χ²(1) 3.841 at 0.05, χ²(10) 23.209 at 0.01,
        // χ²(30) 59.703 at 0.001, χ²(100) 124.342 at 0.05.
        for (x, df, p) in [
            (3.841_459, 1, 0.05),
            (23.209_251, 10, 0.01),
            (59.702_8, 30, 0.001),
            (124.342_1, 100, 0.05),
        ] {
            assert!((chi2_sf(x, df) - p).abs() < p * 1e-4, "{x} {df}");
        }
        assert!((chi2_sf(2.0, 2) - (-1.0f64).exp()).abs() < 1e-12);
    }

    #[test]
    fn pools_small_cells_and_flags_impossible_ones() {
        // 100 draws, expectations 50, 45, 3, 2: the last two pool into one cell of 5.
        let c = chi_square(&[50, 45, 3, 2], &[0.5, 0.45, 0.03, 0.02]).unwrap();
        assert_eq!((c.df, c.pooled), (2, 2));
        assert!(c.stat.abs() < 1e-12 && (c.p - 1.0).abs() < 1e-9);
        // Expectations 60, 38, 2: the lone small cell is folded into the 38.
        let c = chi_square(&[60, 38, 2], &[0.6, 0.38, 0.02]).unwrap();
        assert_eq!((c.df, c.pooled), (1, 1));
        let c = chi_square(&[50, 49, 1], &[0.5, 0.5, 0.0]).unwrap();
        assert_eq!((c.impossible, c.p), (1, 0.0));
        assert!(chi_square(&[0, 0], &[0.5, 0.5]).is_none());
        assert!(chi_square(&[10], &[1.0]).is_none());
    }
}
