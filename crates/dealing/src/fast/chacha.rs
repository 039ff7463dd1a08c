//! ChaCha8 words for the fast dealer on wasm32 with `simd128`: exactly the stream of
//! rand_chacha 0.3's `ChaCha8Rng` read by `next_u64`, four blocks at a time in SIMD lanes.
//!
//! rand_chacha's SIMD backend (ppv-lite86) has no wasm implementation, so in the browser it
//! runs a scalar generic one. Here each of the 16 state words is one `v128` holding that word
//! of four consecutive blocks; rotations by 16 and 8 are byte shuffles, by 12 and 7 shifts
//! and an or. Layout as rand_chacha: words 0–3 the constants, 4–11 the seed (little-endian),
//! 12–13 the 64-bit block counter (low word first, wrapping), 14–15 the 64-bit stream; a
//! refill produces blocks n, n+1, n+2, n+3 and `next_u64` returns word 2k | word 2k+1 << 32.
//! The dealer only ever draws `u64`s, so the odd-index case of rand_core's `BlockRng` never
//! arises. A scalar block function with the same layout serves the native tests, which
//! compare this buffer logic with `ChaCha8Rng`; the browser test
//! (crates/app/tests/fast_dealer_wasm.rs) compares the SIMD path through whole deals.

use std::fmt;

/// "expand 32-byte k".
const SIGMA: [u32; 4] = [0x6170_7865, 0x3320_646e, 0x7962_2d32, 0x6b20_6574];

/// 64-bit words per refill: four 64-byte blocks.
const BUF_WORDS: usize = 32;

/// A ChaCha8 keystream read 64 bits at a time.
#[derive(Clone)]
pub(super) struct ChaCha8Words {
    /// The block input: constants, key, counter of the next block to produce, stream.
    input: [u32; 16],
    buf: [u64; BUF_WORDS],
    index: usize,
}

/// Like rand_chacha, shows no key material.
impl fmt::Debug for ChaCha8Words {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ChaCha8Words { .. }")
    }
}

impl ChaCha8Words {
    /// The stream `stream` of `seed`, from block 0 (as `ChaCha8Rng::from_seed` then
    /// `set_stream`).
    pub(super) fn new(seed: [u8; 32], stream: u64) -> ChaCha8Words {
        ChaCha8Words::at_block(seed, stream, 0)
    }

    /// Starting at block `block` (as `set_word_pos(16 · block)`).
    pub(super) fn at_block(seed: [u8; 32], stream: u64, block: u64) -> ChaCha8Words {
        let mut input = [0u32; 16];
        input[..4].copy_from_slice(&SIGMA);
        for (w, chunk) in input[4..12].iter_mut().zip(seed.chunks_exact(4)) {
            *w = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
        }
        input[12] = block as u32;
        input[13] = (block >> 32) as u32;
        input[14] = stream as u32;
        input[15] = (stream >> 32) as u32;
        ChaCha8Words {
            input,
            buf: [0; BUF_WORDS],
            index: BUF_WORDS,
        }
    }

    /// The next 64 bits of the stream.
    #[inline(always)]
    pub(super) fn next_u64(&mut self) -> u64 {
        if self.index >= BUF_WORDS {
            self.refill();
        }
        let w = self.buf[self.index];
        self.index += 1;
        w
    }

    #[inline(never)]
    fn refill(&mut self) {
        four_blocks(&self.input, &mut self.buf);
        let next = block_counter(&self.input).wrapping_add(4);
        self.input[12] = next as u32;
        self.input[13] = (next >> 32) as u32;
        self.index = 0;
    }
}

fn block_counter(input: &[u32; 16]) -> u64 {
    u64::from(input[12]) | u64::from(input[13]) << 32
}

/// Column then diagonal quarter-rounds: one double round (the SIMD path spells them out).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
const QUARTERS: [[usize; 4]; 8] = [
    [0, 4, 8, 12],
    [1, 5, 9, 13],
    [2, 6, 10, 14],
    [3, 7, 11, 15],
    [0, 5, 10, 15],
    [1, 6, 11, 12],
    [2, 7, 8, 13],
    [3, 4, 9, 14],
];

/// Blocks n..n+4 (n the input's counter) into `out`, by the SIMD lanes.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
fn four_blocks(input: &[u32; 16], out: &mut [u64; BUF_WORDS]) {
    use core::arch::wasm32::*;

    #[inline(always)]
    fn rotl16(x: v128) -> v128 {
        i8x16_shuffle::<2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13>(x, x)
    }
    #[inline(always)]
    fn rotl8(x: v128) -> v128 {
        i8x16_shuffle::<3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14>(x, x)
    }
    #[inline(always)]
    fn rotl12(x: v128) -> v128 {
        v128_or(u32x4_shl(x, 12), u32x4_shr(x, 20))
    }
    #[inline(always)]
    fn rotl7(x: v128) -> v128 {
        v128_or(u32x4_shl(x, 7), u32x4_shr(x, 25))
    }

    let n = block_counter(input);
    let ctr = [0, 1, 2, 3].map(|j| n.wrapping_add(j));
    let mut start = [u32x4_splat(0); 16];
    for (v, &w) in start.iter_mut().zip(input) {
        *v = u32x4_splat(w);
    }
    start[12] = u32x4(ctr[0] as u32, ctr[1] as u32, ctr[2] as u32, ctr[3] as u32);
    start[13] = u32x4(
        (ctr[0] >> 32) as u32,
        (ctr[1] >> 32) as u32,
        (ctr[2] >> 32) as u32,
        (ctr[3] >> 32) as u32,
    );
    // Written out with constant indices (a loop over `QUARTERS` kept the state in memory).
    macro_rules! quarter {
        ($x:ident, $a:literal, $b:literal, $c:literal, $d:literal) => {
            $x[$a] = u32x4_add($x[$a], $x[$b]);
            $x[$d] = rotl16(v128_xor($x[$d], $x[$a]));
            $x[$c] = u32x4_add($x[$c], $x[$d]);
            $x[$b] = rotl12(v128_xor($x[$b], $x[$c]));
            $x[$a] = u32x4_add($x[$a], $x[$b]);
            $x[$d] = rotl8(v128_xor($x[$d], $x[$a]));
            $x[$c] = u32x4_add($x[$c], $x[$d]);
            $x[$b] = rotl7(v128_xor($x[$b], $x[$c]));
        };
    }
    let mut x = start;
    for _ in 0..4 {
        quarter!(x, 0, 4, 8, 12);
        quarter!(x, 1, 5, 9, 13);
        quarter!(x, 2, 6, 10, 14);
        quarter!(x, 3, 7, 11, 15);
        quarter!(x, 0, 5, 10, 15);
        quarter!(x, 1, 6, 11, 12);
        quarter!(x, 2, 7, 8, 13);
        quarter!(x, 3, 4, 9, 14);
    }
    for i in 0..16 {
        x[i] = u32x4_add(x[i], start[i]);
    }
    // Transpose each group of four words: lane j of x[i..i + 4] is words i..i + 4 of block j,
    // i.e. the 64-bit words (16j + i) / 2 and the next one of the output.
    for i in (0..16).step_by(4) {
        let t0 = i32x4_shuffle::<0, 4, 1, 5>(x[i], x[i + 1]);
        let t1 = i32x4_shuffle::<2, 6, 3, 7>(x[i], x[i + 1]);
        let t2 = i32x4_shuffle::<0, 4, 1, 5>(x[i + 2], x[i + 3]);
        let t3 = i32x4_shuffle::<2, 6, 3, 7>(x[i + 2], x[i + 3]);
        let blocks = [
            i64x2_shuffle::<0, 2>(t0, t2),
            i64x2_shuffle::<1, 3>(t0, t2),
            i64x2_shuffle::<0, 2>(t1, t3),
            i64x2_shuffle::<1, 3>(t1, t3),
        ];
        for (j, v) in blocks.into_iter().enumerate() {
            let k = (16 * j + i) / 2;
            out[k] = u64x2_extract_lane::<0>(v);
            out[k + 1] = u64x2_extract_lane::<1>(v);
        }
    }
}

/// Blocks n..n+4 (n the input's counter) into `out`, one at a time (native tests).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
fn four_blocks(input: &[u32; 16], out: &mut [u64; BUF_WORDS]) {
    let n = block_counter(input);
    for (j, block_out) in out.chunks_exact_mut(8).enumerate() {
        let mut start = *input;
        let ctr = n.wrapping_add(j as u64);
        start[12] = ctr as u32;
        start[13] = (ctr >> 32) as u32;
        let mut x = start;
        for _ in 0..4 {
            for [a, b, c, d] in QUARTERS {
                x[a] = x[a].wrapping_add(x[b]);
                x[d] = (x[d] ^ x[a]).rotate_left(16);
                x[c] = x[c].wrapping_add(x[d]);
                x[b] = (x[b] ^ x[c]).rotate_left(12);
                x[a] = x[a].wrapping_add(x[b]);
                x[d] = (x[d] ^ x[a]).rotate_left(8);
                x[c] = x[c].wrapping_add(x[d]);
                x[b] = (x[b] ^ x[c]).rotate_left(7);
            }
        }
        for (k, w) in block_out.iter_mut().enumerate() {
            let lo = x[2 * k].wrapping_add(start[2 * k]);
            let hi = x[2 * k + 1].wrapping_add(start[2 * k + 1]);
            *w = u64::from(lo) | u64::from(hi) << 32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    fn seed(byte: u8) -> [u8; 32] {
        std::array::from_fn(|i| byte.wrapping_mul(77).wrapping_add(i as u8))
    }

    /// 10,000 words (over 300 refills) for several seeds and streams, and across the
    /// counter's carry into its high word and its wrap to 0.
    #[test]
    fn words_equal_rand_chacha() {
        for (s, stream, block) in [
            (0u8, 0u64, 0u64),
            (1, 5, 0),
            (2, u64::MAX, 0),
            (3, 1 << 33, (1 << 32) - 2),
            (4, 9, u64::MAX - 1),
            (5, 0, u64::MAX - 5),
        ] {
            let mut want = ChaCha8Rng::from_seed(seed(s));
            want.set_stream(stream);
            want.set_word_pos(u128::from(block) * 16);
            let mut got = ChaCha8Words::at_block(seed(s), stream, block);
            for i in 0..10_000 {
                assert_eq!(
                    got.next_u64(),
                    want.next_u64(),
                    "seed {s} stream {stream} word {i}"
                );
            }
        }
    }

    #[test]
    fn zero_key_block_known_answer() {
        // ChaCha8, zero key and nonce, block 0: the first keystream bytes of the published
        // 8-round test vector (3e00ef2f 895f40d6 …).
        let mut w = ChaCha8Words::new([0; 32], 0);
        assert_eq!(
            w.next_u64().to_le_bytes(),
            [0x3e, 0x00, 0xef, 0x2f, 0x89, 0x5f, 0x40, 0xd6]
        );
    }

    #[test]
    fn debug_shows_no_key() {
        let w = ChaCha8Words::new([0xAB; 32], 0);
        assert_eq!(format!("{w:?}"), "ChaCha8Words { .. }");
    }
}
