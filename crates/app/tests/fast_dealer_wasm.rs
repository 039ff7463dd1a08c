//! The fast dealer gives the same deals in the browser as natively. On wasm32,
//! `fairdeal_dealing::fast` draws its bounded integers with split 32-bit multiplies instead
//! of 128-bit products, and with `simd128` computes ChaCha8 itself, four blocks per SIMD
//! pass, instead of rand_chacha (docs/BENCHMARKS.md, fast path); this checks, in headless Chromium,
//! `next_deal` and `deal_rest` against a reference written here the slow, obvious way
//! (ChaCha8Rng words, `u128` arithmetic, mixed-radix digits by division, textbook partial
//! Fisher–Yates), and a digest of 10,000 deals computed natively.

use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Card, Deal, Hand};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Uniform digits below `bounds[0]`, `bounds[1]`, … from one accepted word (redrawn while
/// the leftover x·P mod 2⁶⁴ is below 2⁶⁴ mod P), most significant digit first.
fn reference_batch(words: &mut ChaCha8Rng, bounds: &[u128]) -> Vec<u128> {
    let product: u128 = bounds.iter().product();
    let mut x = u128::from(words.next_u64());
    while (x * product) % (1 << 64) < (1u128 << 64) % product {
        x = u128::from(words.next_u64());
    }
    let mut v = (x * product) >> 64;
    let mut digits = vec![0u128; bounds.len()];
    for (d, b) in digits.iter_mut().zip(bounds).rev() {
        *d = v % b;
        v /= b;
    }
    digits
}

/// Offsets for positions 0..draws of a shuffle over `n` cards, batched greedily while the
/// product of the bounds stays at most 2⁵² (the dealer's documented batching).
fn reference_offsets(words: &mut ChaCha8Rng, n: u128, draws: usize) -> Vec<u128> {
    let mut offsets = Vec::new();
    while offsets.len() < draws {
        let mut bounds = Vec::new();
        let mut product = 1u128;
        while offsets.len() + bounds.len() < draws {
            let b = n - (offsets.len() + bounds.len()) as u128;
            if product * b > 1 << 52 {
                break;
            }
            product *= b;
            bounds.push(b);
        }
        offsets.extend(reference_batch(words, &bounds));
    }
    offsets
}

/// Shuffles `deck` by `offsets` and gives positions in order to the seats that still need
/// cards (North, East, South); West keeps the rest.
fn reference_deal(fixed: &[Hand; 4], words: &mut ChaCha8Rng) -> Deal {
    let placed = fixed.iter().fold(Hand::EMPTY, |u, h| u.union(*h));
    let mut deck: Vec<usize> = (0..52).filter(|&c| placed.bits() >> c & 1 == 0).collect();
    let needs: Vec<usize> = fixed.iter().map(|h| 13 - h.len() as usize).collect();
    let draws = needs[0] + needs[1] + needs[2];
    let offsets = reference_offsets(words, deck.len() as u128, draws);
    for (i, off) in offsets.iter().enumerate() {
        deck.swap(i, i + *off as usize);
    }
    let mut hands = *fixed;
    let mut cards = deck.into_iter();
    for (seat, need) in needs.iter().enumerate() {
        for c in cards.by_ref().take(*need) {
            hands[seat].insert(Card::from_index(c).unwrap());
        }
    }
    Deal::new(hands).unwrap()
}

fn seed(byte: u8) -> [u8; 32] {
    std::array::from_fn(|i| byte.wrapping_mul(31).wrapping_add(i as u8))
}

#[wasm_bindgen_test]
fn next_deal_equals_the_reference_in_the_browser() {
    let mut compared = 0;
    for (s, stream) in [(0u8, 0u64), (1, 0), (2, 7), (3, u64::MAX), (4, 1 << 40)] {
        let mut words = ChaCha8Rng::from_seed(seed(s));
        words.set_stream(stream);
        let mut dealer = FastDealer::from_seed_and_stream(seed(s), stream);
        for i in 0..4_000 {
            let want = reference_deal(&[Hand::EMPTY; 4], &mut words);
            assert_eq!(
                dealer.next_deal(),
                want,
                "seed {s}, stream {stream}, deal {i}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 20_000);
}

#[wasm_bindgen_test]
fn deal_rest_equals_the_reference_in_the_browser() {
    let mut shapes = ChaCha8Rng::from_seed(seed(9));
    for (s, stream) in [(5u8, 0u64), (6, 3)] {
        let mut words = ChaCha8Rng::from_seed(seed(s));
        words.set_stream(stream);
        let mut dealer = FastDealer::from_seed_and_stream(seed(s), stream);
        for i in 0..5_000 {
            // A random partial deal: each card fixed to a random seat with probability 1/4,
            // keeping at most 13 per seat (0 to 52 fixed cards in all).
            let mut fixed = [Hand::EMPTY; 4];
            for c in 0..52usize {
                let r = shapes.next_u32();
                let seat = (r % 4) as usize;
                if (r >> 8) & 3 == 0 && fixed[seat].len() < 13 {
                    fixed[seat].insert(Card::from_index(c).unwrap());
                }
            }
            let want = reference_deal(&fixed, &mut words);
            let got = dealer.deal_rest(&fixed).unwrap();
            assert_eq!(got, want, "seed {s}, stream {stream}, partial deal {i}");
        }
    }
}

/// FNV-1a over the hands of the first 10,000 deals of seed [0; 32]; the constant was
/// computed natively (x86-64, 128-bit products), so this pins cross-platform equality.
#[wasm_bindgen_test]
fn ten_thousand_deals_match_the_native_digest() {
    let mut dealer = FastDealer::from_seed([0; 32]);
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for _ in 0..10_000 {
        for hand in dealer.next_deal().hands() {
            h = (h ^ hand.bits()).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    assert_eq!(h, NATIVE_DIGEST);
}

const NATIVE_DIGEST: u64 = 0xf7aa_9096_f960_291f;
