//! Synthetic events for benchmarks and demonstrations: a fixed-seed generator of plausible
//! table results, so the native and in-browser benchmarks score exactly the same event.

use crate::event::{Event, ResultRow};

/// A small fixed-seed generator (SplitMix64): reproducible inputs, no RNG crate needed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Roughly uniform below `n` (modulo bias is irrelevant for benchmark inputs).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// `boards` boards, each played at `tables` tables: NS pair *t*, EW pair
/// 101 + (*t* + *b*) mod `tables`; contracts and results drawn from a fixed list by `seed`.
pub fn synthetic_event(tables: u32, boards: u32, seed: u64) -> Event {
    let mut rng = SplitMix(seed);
    let contracts = [
        "4S", "3NT", "4H", "2S", "3NTX", "6D", "1NT", "5CX", "PASS", "2HXX",
    ];
    let seats = ["N", "E", "S", "W"];
    let mut e = Event::default();
    for b in 1..=boards {
        for t in 1..=tables {
            let c = contracts[rng.below(contracts.len() as u64) as usize];
            let (declarer, result) = if c == "PASS" {
                (String::new(), String::new())
            } else {
                let level = u64::from(c.as_bytes()[0] - b'0');
                let tricks = (level + 6 + rng.below(4)).saturating_sub(2).min(13);
                (seats[rng.below(4) as usize].to_string(), tricks.to_string())
            };
            e.rows.push(ResultRow {
                board: b.to_string(),
                ns: t.to_string(),
                ew: (101 + (t + b) % tables).to_string(),
                contract: c.into(),
                declarer,
                result,
                ..ResultRow::default()
            });
        }
    }
    e
}
