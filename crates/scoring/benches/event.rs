//! Recomputes a 60-table × 36-board event from scratch (validation, parsing, scoring,
//! ranking) with each scoring method. Goal: under 20 ms per recomputation natively.
//! Inputs come from a fixed-seed generator so runs are comparable.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use fairdeal_scoring::{score_event, Event, ResultRow, ScoringOptions, METHODS};

/// A small fixed-seed generator (SplitMix64), so the bench needs no RNG crate.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// 36 boards, each played at 60 tables: NS pair t, EW pair 101 + (t + b) mod 60.
fn event(tables: u32, boards: u32, seed: u64) -> Event {
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

fn bench(c: &mut Criterion) {
    let ev = event(60, 36, 2024);
    let mut g = c.benchmark_group("event_60x36");
    for m in METHODS {
        let opts = ScoringOptions {
            method: m.method,
            ..ScoringOptions::default()
        };
        g.bench_function(m.name, |bch| {
            bch.iter(|| {
                let (score, errors) = score_event(black_box(&ev), &opts);
                assert!(errors.is_empty());
                black_box(score.standings.len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
