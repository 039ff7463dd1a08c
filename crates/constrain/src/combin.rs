//! Exact combinatorics and unbiased random choices.
//!
//! Owns the binomial table (`u128`, exact up to C(52, 26)), multinomials, and the two
//! random primitives every sampler in this crate uses: a uniform integer below a bound
//! (`u128` or `usize`) by masked rejection — never `% n`, so never biased — and a partial
//! Fisher–Yates selection of *k* of *n* items.
//!
//! Panic policy: [`below`] and [`below_usize`] require a non-zero bound; callers in this
//! crate only call them with counts they have checked to be positive.

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// One generator per deal of a batch, each a ChaCha8 keyed by the next 32 bytes of `rng`:
/// a deal depends only on its own key, so how the samplers group deals never changes them.
pub fn deal_generators<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> Vec<ChaCha8Rng> {
    (0..n)
        .map(|_| {
            let mut key = [0u8; 32];
            rng.fill_bytes(&mut key);
            ChaCha8Rng::from_seed(key)
        })
        .collect()
}

/// C(n, k) for n ≤ 52, exact.
static BINOM: [[u128; 53]; 53] = {
    let mut t = [[0u128; 53]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// C(n, k); zero when k > n or n > 52. The workspace's one binomial table
/// (`fairdeal_prob::exact::binomial` is its `u32` face).
pub fn binomial(n: usize, k: usize) -> u128 {
    if k > n || n > 52 {
        0
    } else {
        BINOM[n][k]
    }
}

/// The number of ways to split `n` cards into groups of the given sizes plus a leftover group.
pub fn multinomial(n: usize, sizes: &[usize]) -> u128 {
    let mut rem = n;
    let mut w = 1u128;
    for &s in sizes {
        if s > rem {
            return 0;
        }
        w *= binomial(rem, s);
        rem -= s;
    }
    w
}

/// Greatest common divisor.
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// A uniform integer in `0..n` (`n > 0`), by rejection from the smallest covering power of two.
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: u128) -> u128 {
    debug_assert!(n > 0);
    if n <= 1 {
        return 0;
    }
    let bits = 128 - (n - 1).leading_zeros();
    let mask = if bits == 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    };
    loop {
        let x = if bits <= 64 {
            u128::from(rng.next_u64())
        } else {
            (u128::from(rng.next_u64()) << 64) | u128::from(rng.next_u64())
        } & mask;
        if x < n {
            return x;
        }
    }
}

/// A uniform integer in `0..n` (`0 < n < 2³²`), by rejection from a power of two.
pub fn below_usize<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0 && n <= u32::MAX as usize);
    if n <= 1 {
        return 0;
    }
    let bits = 32 - ((n - 1) as u32).leading_zeros();
    let mask = if bits == 32 {
        u32::MAX
    } else {
        (1u32 << bits) - 1
    };
    loop {
        let x = (rng.next_u32() & mask) as usize;
        if x < n {
            return x;
        }
    }
}

/// Moves a uniformly chosen `k`-subset of `items` (in uniformly random order) to `items[..k]`.
pub fn choose_front<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T], k: usize) {
    let n = items.len();
    for i in 0..k.min(n) {
        let j = i + below_usize(rng, n - i);
        items.swap(i, j);
    }
}

/// Moves a uniformly chosen `k`-subset of `items` to `items[..k]`, in no particular order:
/// when `k` is more than half, it chooses the `len - k` items left out instead (to the back),
/// so it never draws more than half the items (the last hand of a deal draws none).
pub fn choose_set_front<T, R: RngCore + ?Sized>(rng: &mut R, items: &mut [T], k: usize) {
    let n = items.len();
    let k = k.min(n);
    if 2 * k <= n {
        choose_front(rng, items, k);
    } else {
        for i in 0..n - k {
            let j = below_usize(rng, n - i);
            items.swap(j, n - 1 - i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn binomials_known() {
        assert_eq!(binomial(52, 13), 635_013_559_600);
        assert_eq!(binomial(13, 9), 715);
        assert_eq!(binomial(26, 13), 10_400_600);
        assert_eq!(binomial(39, 13), 8_122_425_444);
        assert_eq!(binomial(52, 26), 495_918_532_948_104);
        assert_eq!(binomial(5, 6), 0);
        assert_eq!(binomial(53, 0), 0);
        assert_eq!(
            multinomial(52, &[13, 13, 13]),
            53_644_737_765_488_792_839_237_440_000
        );
        assert_eq!(gcd(12, 18), 6);
    }

    /// Chi-square of `below(7)` over 70 000 draws, alpha = 0.001 (6 d.f.: 22.46).
    #[test]
    fn below_is_uniform() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut c = [0u32; 7];
        for _ in 0..70_000 {
            c[below(&mut rng, 7) as usize] += 1;
            assert!(below_usize(&mut rng, 3) < 3);
        }
        let chi: f64 = c
            .iter()
            .map(|&o| (f64::from(o) - 10_000.0).powi(2) / 10_000.0)
            .sum();
        assert!(chi < 22.46, "chi-square {chi} ≥ 22.46 (alpha 0.001)");
        let big = 3u128 << 100;
        assert!(below(&mut rng, big) < big);
    }

    /// Every 2-subset and 4-subset of 6 items comes to the front equally often (15 subsets
    /// each; chi-square over 60 000 draws, alpha = 0.001, 14 d.f.: 36.12): the two ways of
    /// `choose_set_front`, choosing the subset and choosing what is left out.
    #[test]
    fn chosen_sets_are_uniform() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for k in [2usize, 4] {
            let mut seen = std::collections::BTreeMap::<u8, u32>::new();
            for _ in 0..60_000 {
                let mut items = [0u8, 1, 2, 3, 4, 5];
                choose_set_front(&mut rng, &mut items, k);
                let set = items[..k].iter().fold(0u8, |m, &x| m | 1 << x);
                assert_eq!(set.count_ones() as usize, k);
                *seen.entry(set).or_default() += 1;
            }
            assert_eq!(seen.len(), 15, "k = {k}: every subset appears");
            let chi: f64 = seen
                .values()
                .map(|&o| (f64::from(o) - 4_000.0).powi(2) / 4_000.0)
                .sum();
            assert!(
                chi < 36.12,
                "k = {k}: chi-square {chi} ≥ 36.12 (alpha 0.001)"
            );
        }
        // All of them, and none: no draw at all.
        let mut items = [1, 2, 3];
        choose_set_front(&mut rng, &mut items, 3);
        assert_eq!(items, [1, 2, 3]);
    }
}
