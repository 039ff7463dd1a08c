//! Plain uniform shuffles completing the predeal (ChaCha8, unbiased bounded draws), as
//! dealer shuffles; and, when suit lengths are predealt but too many to count, rejection
//! on those lengths.

use fairdeal_model::{Deal, Hand};
use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[derive(Debug, Clone)]
pub struct Shuffler {
    rng: ChaCha8Rng,
}

impl Shuffler {
    pub fn new(seed: [u8; 32]) -> Shuffler {
        Shuffler {
            rng: ChaCha8Rng::from_seed(seed),
        }
    }

    fn below(&mut self, n: u32) -> u32 {
        // Lemire's unbiased multiply-shift.
        loop {
            let x = self.rng.next_u32();
            let m = u64::from(x) * u64::from(n);
            let l = m as u32;
            if l >= n || l >= (u32::MAX - n + 1) % n {
                return (m >> 32) as u32;
            }
        }
    }

    /// A uniform deal where seat i holds at least `fixed[i]`.
    pub fn deal(&mut self, fixed: &[u64; 4]) -> Deal {
        let placed = fixed[0] | fixed[1] | fixed[2] | fixed[3];
        let mut deck = [0u8; 52];
        let mut n = 0usize;
        let mut free = ((1u64 << 52) - 1) & !placed;
        while free != 0 {
            deck[n] = free.trailing_zeros() as u8;
            free &= free - 1;
            n += 1;
        }
        let mut hands = *fixed;
        let mut k = 0usize;
        for (seat, hand) in hands.iter_mut().enumerate() {
            let need = 13 - hand.count_ones() as usize;
            if seat == 3 {
                for &c in &deck[k..n] {
                    *hand |= 1u64 << c;
                }
                break;
            }
            for _ in 0..need {
                let j = k + self.below((n - k) as u32) as usize;
                deck.swap(k, j);
                *hand |= 1u64 << deck[k];
                k += 1;
            }
        }
        Deal::new(hands.map(Hand::from_bits)).unwrap_or_else(|_| unreachable_deal())
    }

    /// A uniform deal with the predealt cards and suit lengths, by rejection on the
    /// lengths (only used when the exact engine could not count them within budget).
    pub fn deal_with_lengths(&mut self, fixed: &[u64; 4], lengths: &[[Option<u8>; 4]; 4]) -> Deal {
        loop {
            let d = self.deal(fixed);
            let ok = (0..4).all(|i| {
                let h = d.hand(fairdeal_model::Seat::ALL[i]).bits();
                (0..4).all(|t| {
                    lengths[i][t]
                        .is_none_or(|n| ((h >> (13 * t)) & 0x1fff).count_ones() == u32::from(n))
                })
            });
            if ok {
                return d;
            }
        }
    }
}

fn unreachable_deal() -> Deal {
    // Only reachable if the predeal were invalid, which the parser rules out.
    let mut owners = [fairdeal_model::Seat::North; 52];
    for (i, o) in owners.iter_mut().enumerate() {
        *o = fairdeal_model::Seat::ALL[i / 13];
    }
    Deal::from_owners(&owners).expect("a fixed valid deal")
}
