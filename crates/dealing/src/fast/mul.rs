//! The one multiplication step of the batched Lemire draw, `low × bound` split into its
//! high and low 64-bit words, in two exact forms chosen per target.
//!
//! Natively a 64×64→128-bit product is one instruction. wasm32 has no widening multiply,
//! so a `u128` product becomes a call to `__multi3` (four 64-bit multiplies and carries):
//! measured in headless Chromium, the 39 products of a deal cost about 175 ns of the
//! 245 ns per deal. The bounds are below 2³² (at most 52), so splitting `low` into 32-bit
//! halves gives the same two words from two 64-bit multiplies that cannot overflow; on
//! wasm that is about 2.7× faster for the draws, natively it is slower, hence the `cfg`.
//! Both forms are compiled and compared in the tests on every target.

/// `(low × bound) >> 64` and `(low × bound) mod 2⁶⁴`, by a 128-bit product.
#[cfg(any(not(target_arch = "wasm32"), test))]
#[inline(always)]
pub(super) fn mul_wide(low: u64, bound: u64) -> (u64, u64) {
    let wide = u128::from(low) * u128::from(bound);
    ((wide >> 64) as u64, wide as u64)
}

/// The same two words for `bound < 2³²`, from 32-bit halves of `low`: with
/// `low = h·2³² + l`, `low × bound = (h·bound + ⌊l·bound / 2³²⌋)·2³² + (l·bound mod 2³²)`,
/// and `h·bound + ⌊l·bound / 2³²⌋ < 2⁶⁴` because `bound < 2³²`. The dealer's bounds are at
/// most 52 by construction; no check here, as this runs 39 times per deal.
#[cfg(any(target_arch = "wasm32", test))]
#[inline(always)]
pub(super) fn mul_split(low: u64, bound: u64) -> (u64, u64) {
    let lo = (low & 0xFFFF_FFFF) * bound;
    let hi = (low >> 32) * bound + (lo >> 32);
    (hi >> 32, (hi << 32) | (lo & 0xFFFF_FFFF))
}

/// The form this target uses in [`super::FastDealer`].
#[cfg(not(target_arch = "wasm32"))]
pub(super) use mul_wide as mul_small;

/// The form this target uses in [`super::FastDealer`].
#[cfg(target_arch = "wasm32")]
pub(super) use mul_split as mul_small;

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// Every bound up to 2¹⁶ and a spread of larger ones (up to 2³² − 1) against 2,000 words
    /// each: random ones plus the extremes, where carries between the halves happen.
    #[test]
    fn split_product_equals_the_128_bit_product() {
        let mut rng = ChaCha8Rng::from_seed([3; 32]);
        let edges = [
            0,
            1,
            u64::MAX,
            u64::MAX - 1,
            1 << 32,
            (1 << 32) - 1,
            1 << 63,
        ];
        let large = (0..2_000u64).map(|_| rng.next_u32() as u64);
        let bounds: Vec<u64> = (0..=1u64 << 16)
            .chain(large)
            .chain([u32::MAX as u64])
            .collect();
        for bound in bounds {
            for low in edges
                .iter()
                .copied()
                .chain((0..2_000).map(|_| rng.next_u64()))
            {
                assert_eq!(
                    mul_split(low, bound),
                    mul_wide(low, bound),
                    "{low} x {bound}"
                );
            }
        }
    }

    #[test]
    fn the_target_form_is_one_of_the_two() {
        assert_eq!(mul_small(u64::MAX, 52), (51, u64::MAX - 51));
    }
}
