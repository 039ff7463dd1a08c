//! Exact weighted picks from 32 random bits: a list of cumulative weights is stored as one
//! `u32` threshold per boundary, and a pick reads one `u32` from the generator and compares
//! it with the thresholds — no `u128` in the sampler's hot loop — yet every entry is picked
//! with probability exactly its weight / the total.
//!
//! # Why it is exact
//!
//! Think of a uniform real `U` in `[0, 1)`: entry `i` is picked when
//! `cum[i-1] ≤ U·total < cum[i]`, i.e. the pick is the number of inner boundaries
//! `B_i = cum[i] / total` (all but the last) that are `≤ U`. This has exactly the weights'
//! law. The generator's 32 bits `u` are the first binary digits of `U`, so
//! `U ∈ [u, u + 1) / 2³²`. With `T_i = ⌊B_i · 2³²⌋` (the stored threshold):
//!
//! * `T_i < u`: `B_i < (T_i + 1) / 2³² ≤ U`, boundary passed;
//! * `T_i > u`: `B_i ≥ T_i / 2³² ≥ (u + 1) / 2³² > U`, boundary not passed;
//! * `T_i = u` (probability at most one in 2³² per boundary): undecided by these bits.
//!   `U`'s further digits are a uniform `V ∈ [0, 1)` and `B_i ≤ U` exactly when
//!   `m_i / total ≤ V`, with `m_i = (cum[i] · 2³²) mod total`. [`resolve`] draws
//!   `r` uniform in `0..total` (so that `P(m ≤ r) = P(m / total ≤ V)` for every `m`) and
//!   counts the tied boundaries with `m_i ≤ r`, one `r` for all of them, as one `V` would.
//!
//! [`pick_fast`] takes the first two cases; on a tie the caller rebuilds the exact
//! cumulative weights and calls [`resolve`]. The tests check the law exhaustively at a
//! few bits of precision ([`resolve_with`]), where ties are common.

use crate::combin::below;
use rand_core::RngCore;

/// `⌊cum · 2³² / total⌋` for `cum < total`: the threshold stored for an inner boundary.
pub(crate) fn threshold(cum: u128, total: u128) -> u32 {
    split(cum, total, 32).0 as u32
}

/// The threshold stored with a list's entry whose cumulative weight is `cum` (`≤ total`):
/// [`threshold`] for an inner boundary; `u32::MAX` for the last entry, whose threshold is
/// never read.
pub(crate) fn stored_threshold(cum: u128, total: u128) -> u32 {
    if cum < total {
        threshold(cum, total)
    } else {
        u32::MAX
    }
}

/// `(⌊cum · 2^bits / total⌋, (cum · 2^bits) mod total)` for `cum < total`, without overflow
/// for any `total` (binary long division; one division when `total < 2⁹⁶`).
fn split(cum: u128, total: u128, bits: u32) -> (u64, u128) {
    debug_assert!(cum < total && bits <= 32);
    if total >> (128 - bits) == 0 {
        let x = cum << bits;
        return ((x / total) as u64, x % total);
    }
    let (mut q, mut rem) = (0u64, cum);
    for _ in 0..bits {
        // rem < total: 2·rem ≥ total exactly when rem ≥ total − rem.
        q <<= 1;
        if rem >= total - rem {
            rem -= total - rem;
            q |= 1;
        } else {
            rem <<= 1;
        }
    }
    (q, rem)
}

/// What 32 bits decide of a pick among thresholds (the list's inner boundaries).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fast<T> {
    /// The pick.
    Picked(usize),
    /// A threshold equals the bits: call [`resolve`] with the same `u`.
    Tie(T),
}

/// The pick the bits `u` decide among `thresholds` (one per inner boundary, ascending).
#[inline]
pub(crate) fn pick_fast<T: Copy + Ord>(u: T, thresholds: impl Iterator<Item = T>) -> Fast<T> {
    let (mut below, mut ties) = (0usize, 0usize);
    for t in thresholds {
        below += usize::from(t < u);
        ties += usize::from(t == u);
    }
    if ties == 0 {
        Fast::Picked(below)
    } else {
        Fast::Tie(u)
    }
}

/// The exact pick for bits `u` that tie a threshold, given the list's cumulative weights
/// (`cums`, ascending, the last the total): draws the further digits from `rng`.
pub(crate) fn resolve<R: RngCore + ?Sized>(rng: &mut R, u: u32, cums: &[u128]) -> usize {
    let Some(&total) = cums.last() else {
        return 0;
    };
    resolve_with(u64::from(u), below(rng, total), cums, 32)
}

/// The pick for bits `u` (of `bits`) and the further digits' `r`, uniform in `0..total`:
/// the boundaries passed by `u` alone, plus those it ties whose remainder `m ≤ r`.
fn resolve_with(u: u64, r: u128, cums: &[u128], bits: u32) -> usize {
    let Some((&total, inner)) = cums.split_last() else {
        return 0;
    };
    inner
        .iter()
        .map(|&c| {
            let (t, m) = split(c, total, bits);
            usize::from(t < u || (t == u && m <= r))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    /// The pick for bits `u` (of `bits`) and the further digits' `r` (uniform in `0..total`),
    /// as the sampler takes it: the fast rule where it decides, `resolve` on a tie.
    fn pick(u: u64, r: u128, cums: &[u128], bits: u32) -> usize {
        let total = *cums.last().unwrap();
        let inner = &cums[..cums.len() - 1];
        // Thresholds at `bits` precision, the fast rule's comparisons.
        let ts: Vec<u64> = inner.iter().map(|&c| split(c, total, bits).0).collect();
        match pick_fast(u, ts.iter().copied()) {
            Fast::Picked(i) => i,
            Fast::Tie(u) => resolve_with(u, r, cums, bits),
        }
    }

    /// For every `u` of `bits` bits and every `r < total`, the pairs that pick entry `i`
    /// number exactly `w_i · 2^bits`: the law is the weights' law, exactly.
    fn check_exact(weights: &[u128], bits: u32) {
        let cums: Vec<u128> = weights
            .iter()
            .scan(0, |s, &w| {
                *s += w;
                Some(*s)
            })
            .collect();
        let total = *cums.last().unwrap();
        let mut hits = vec![0u128; weights.len()];
        for u in 0..1u64 << bits {
            for r in 0..total {
                hits[pick(u, r, &cums, bits)] += 1;
            }
        }
        let want: Vec<u128> = weights.iter().map(|&w| w << bits).collect();
        assert_eq!(hits, want, "weights {weights:?} at {bits} bits");
    }

    #[test]
    fn the_law_is_exact_where_ties_are_common() {
        // Totals that do and do not divide 2^bits, zero weights (never picked), one entry.
        for weights in [
            vec![1, 1, 1],
            vec![1, 2, 3, 4, 5, 6, 7],
            vec![5, 0, 3, 0, 0, 9],
            vec![1, 1000],
            vec![999, 1],
            vec![37],
            vec![13, 13, 13, 13],
            vec![1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
            vec![3, 41, 7, 2, 60],
        ] {
            for bits in [1, 2, 3, 5] {
                check_exact(&weights, bits);
            }
        }
    }

    #[test]
    fn split_agrees_with_long_division_for_huge_totals() {
        let total = (1u128 << 127) + 12_345;
        for cum in [0, 1, total / 3, total - 1, 1 << 100] {
            let (q, m) = split(cum, total, 32);
            // cum · 2³² = q · total + m, checked in 256-bit halves via u128 on 64-bit limbs.
            let lhs = (cum >> 96, cum << 32);
            let (hi, lo) = mul_add(total, q, m);
            assert_eq!((lhs.0, lhs.1), (hi, lo), "cum {cum}");
            assert!(m < total);
        }
        // The one-division path gives the same as the loop.
        let total = 53_644_737_765_488_792_839_237_440_000u128;
        for cum in [1, total / 7, total - 1] {
            let fast = split(cum, total, 32);
            let (mut q, mut rem) = (0u64, cum);
            for _ in 0..32 {
                q <<= 1;
                rem <<= 1;
                if rem >= total {
                    rem -= total;
                    q |= 1;
                }
            }
            assert_eq!(fast, (q, rem));
        }
    }

    /// `total · q + m` as (high, low) 128-bit words, for `q < 2⁶⁴`.
    fn mul_add(total: u128, q: u64, m: u128) -> (u128, u128) {
        let a = (total as u64 as u128) * u128::from(q);
        let b = (total >> 64) * u128::from(q);
        let (lo, c1) = a.overflowing_add(b << 64);
        let (lo, c2) = lo.overflowing_add(m);
        ((b >> 64) + u128::from(c1) + u128::from(c2), lo)
    }

    #[test]
    fn fast_picks_follow_the_weights() {
        // A chi-square-free sanity check of the 32-bit path on a skewed list: the fast rule
        // never ties here, and 200 000 picks land within 5 s.e. of each weight.
        let weights = [1u128 << 90, 3 << 90, 1 << 88, 7 << 89];
        let mut cums = Vec::new();
        let mut s = 0;
        for w in weights {
            s += w;
            cums.push(s);
        }
        let ts: Vec<u32> = cums[..3].iter().map(|&c| threshold(c, s)).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let n = 200_000;
        let mut hits = [0u32; 4];
        for _ in 0..n {
            let u = rng.next_u32();
            let i = match pick_fast(u, ts.iter().copied()) {
                Fast::Picked(i) => i,
                Fast::Tie(u) => resolve(&mut rng, u, &cums),
            };
            hits[i] += 1;
        }
        for (i, &w) in weights.iter().enumerate() {
            let p = w as f64 / s as f64;
            let mean = p * f64::from(n);
            let se = (mean * (1.0 - p)).sqrt();
            assert!((f64::from(hits[i]) - mean).abs() < 5.0 * se, "{hits:?}");
        }
    }
}
