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

/// A uniform integer in `0..n` (`n > 0`): below 2⁶⁴ by [`below_u64`]; above, by rejection
/// from the smallest covering power of two.
pub fn below<R: RngCore + ?Sized>(rng: &mut R, n: u128) -> u128 {
    debug_assert!(n > 0);
    if n <= 1 {
        return 0;
    }
    if let Ok(n) = u64::try_from(n) {
        return u128::from(below_u64(rng, n));
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

/// A uniform integer in `0..n` (`n > 0`): the high word of a random `u64` times `n`,
/// rejecting the `2⁶⁴ mod n` low words that would favour some values (Lemire's method, as
/// [`below_usize`] in 64 bits).
pub fn below_u64<R: RngCore + ?Sized>(rng: &mut R, n: u64) -> u64 {
    debug_assert!(n > 0);
    if n <= 1 {
        return 0;
    }
    let mut x = u128::from(rng.next_u64()) * u128::from(n);
    if (x as u64) < n {
        let surplus = n.wrapping_neg() % n;
        while (x as u64) < surplus {
            x = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (x >> 64) as u64
}

/// A uniform integer in `0..n` (`0 < n < 2³²`): the high word of a random `u32` times `n`,
/// rejecting the `2³² mod n` low words that would favour some values (Lemire's method:
/// for the small `n` dealt here, about one draw in 10⁸ is rejected, where rejection from a
/// power of two rejected up to half).
pub fn below_usize<R: RngCore + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0 && n <= u32::MAX as usize);
    if n <= 1 {
        return 0;
    }
    let n = n as u32;
    let mut x = u64::from(rng.next_u32()) * u64::from(n);
    if (x as u32) < n {
        // The low words below 2³² mod n are the surplus: each value keeps ⌊2³² / n⌋.
        let surplus = n.wrapping_neg() % n;
        while (x as u32) < surplus {
            x = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (x >> 32) as usize
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

    /// `below_usize` over 52 values (the deck), 520 000 draws: chi-square at alpha 0.001
    /// (51 d.f.: 87.97); and its rejection: with n = 3 the one surplus low word (2³² mod 3 =
    /// 1) is word 0, which is drawn again.
    #[test]
    fn below_usize_is_uniform_and_rejects_the_surplus() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut c = [0u32; 52];
        for _ in 0..520_000 {
            c[below_usize(&mut rng, 52)] += 1;
        }
        let chi: f64 = c
            .iter()
            .map(|&o| (f64::from(o) - 10_000.0).powi(2) / 10_000.0)
            .sum();
        assert!(chi < 87.97, "chi-square {chi} ≥ 87.97 (alpha 0.001)");

        /// Yields the given words in turn (as `u32`s, truncated, or as `u64`s).
        struct Words(Vec<u64>);
        impl RngCore for Words {
            fn next_u32(&mut self) -> u32 {
                self.0.remove(0) as u32
            }
            fn next_u64(&mut self) -> u64 {
                self.0.remove(0)
            }
            fn fill_bytes(&mut self, _: &mut [u8]) {
                unreachable!("the bounded integers draw words")
            }
            fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), rand_core::Error> {
                unreachable!("the bounded integers draw words")
            }
        }
        // Word 0 is the surplus: rejected, then 0x8000_0000 · 3 / 2³² = 1.
        let mut words = Words(vec![0, 0x8000_0000]);
        assert_eq!(below_usize(&mut words, 3), 1);
        assert!(words.0.is_empty());
        // The top word gives the top value; 1 is kept (its low word 3 is not surplus).
        assert_eq!(below_usize(&mut Words(vec![u64::from(u32::MAX)]), 3), 2);
        assert_eq!(below_usize(&mut Words(vec![1]), 3), 0);
        // n = 1 draws nothing.
        assert_eq!(below_usize(&mut Words(vec![]), 1), 0);

        // 2⁶⁴ mod 3 = 1: word 0 is the surplus, drawn again; `below` takes this path
        // below 2⁶⁴.
        let mut words = Words(vec![0, 1 << 63]);
        assert_eq!(below(&mut words, 3), 1);
        assert!(words.0.is_empty());
        assert_eq!(below_u64(&mut Words(vec![u64::MAX]), 3), 2);
        // A huge n with many surplus words: 2⁶⁴ mod (2⁶³ + 1) = 2⁶³ − 1, so every low
        // word below it is drawn again.
        let n = (1u64 << 63) + 1;
        let mut words = Words(vec![1, 2, u64::MAX]);
        // 1 · n = n: low word n − 2⁶⁴·0 = n ≥ 2⁶³ − 1, kept: value 0.
        assert_eq!(below_u64(&mut words, n), 0);
        // 2 · n = 2⁶⁴ + 2: low word 2 < 2⁶³ − 1, rejected; u64::MAX · n: value n − 1.
        assert_eq!(below_u64(&mut words, n), n - 1);
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
