//! The hash of the end draw's memo keys (`u64`, 4-bit fields packed): one 64-bit multiply
//! and xor-shift.
//!
//! Written here because the hashers at hand do badly on these keys on wasm32, where the page
//! counts: `rustc-hash`'s `FxHasher` works in `usize`, so there it hashes a key in two 32-bit
//! rounds, and the memo's lookups took far longer than natively (the four-seat HCP + suit
//! count in V8, alternating runs: median 3.0 s with it, 1.9 s with this hasher, same build
//! otherwise); `foldhash` emulates its 64×64→128-bit multiply in 32-bit halves on wasm32
//! (2.0–2.6 s).
//! wasm32 multiplies 64-bit words natively. The layers' `u128` states keep `FxHasher`: this
//! hasher measured slower there (the same count 2.1–2.5 s in V8).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Hashes `u64` keys (other writes byte by byte, which the memo never makes).
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    #[inline]
    fn write_u64(&mut self, k: u64) {
        let h = (self.0 ^ k ^ (k >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map by packed key.
pub(super) type KeyMap<K, V> = HashMap<K, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    /// Memo keys (the suit in the low 4 bits, then 4-bit counts) get distinct hashes, and
    /// over 2^16 of them the low 16 bits of the hash (a table's slot) and the top 7 bits of
    /// its low 32 (`hashbrown`'s tag on wasm32) are at least as even as random ones.
    #[test]
    fn packed_keys_spread_over_slots_and_tags() {
        let keys: Vec<u64> = (0..1u64 << 16).map(|i| 1 | i << 4).collect();
        let mut slots = vec![0u32; 1 << 16];
        let mut tags = [0u32; 128];
        for &k in &keys {
            let mut h = KeyHasher::default();
            h.write_u64(k);
            let h = h.finish();
            slots[(h & 0xFFFF) as usize] += 1;
            tags[((h as u32) >> 25) as usize] += 1;
        }
        // Random hashing leaves about 1/e of 2^16 slots empty (24 109, s.d. about 110); a
        // multiplicative hash of consecutive keys spreads them more evenly (fewer empty).
        let empty = slots.iter().filter(|&&c| c == 0).count();
        assert!(empty < 24_500, "{empty} empty slots");
        // 512 keys a tag expected: chi-square on 127 degrees of freedom below 190 (p ≈ 0.0002).
        let chi2: f64 = tags
            .iter()
            .map(|&c| (f64::from(c) - 512.0).powi(2) / 512.0)
            .sum();
        assert!(chi2 < 190.0, "tag chi-square {chi2}");
        // And distinct keys hash apart.
        let mut hashes: Vec<u64> = keys
            .iter()
            .map(|&k| {
                let mut h = KeyHasher::default();
                h.write_u64(k);
                h.finish()
            })
            .collect();
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), keys.len());
    }
}
