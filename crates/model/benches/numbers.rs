//! Deal-number throughput: decode (number → deal) and encode (deal → number) for both
//! mappings, over 1024 seeded pseudo-random numbers below D.
//!
//! Run: `cargo bench -p fairdeal-model --bench numbers`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairdeal_model::{Deal, Mapping, DEAL_COUNT};
use std::hint::black_box;

/// SplitMix64: a fixed, seeded input generator (bench inputs only, not dealing).
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn numbers(count: usize, seed: u64) -> Vec<u128> {
    let mut s = seed;
    (0..count)
        .map(|_| {
            let wide = (u128::from(splitmix(&mut s)) << 64) | u128::from(splitmix(&mut s));
            wide % DEAL_COUNT
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let ns = numbers(1024, 2026);
    for m in Mapping::ALL {
        let deals: Vec<Deal> = ns.iter().map(|&n| m.deal(n).unwrap()).collect();
        let mut g = c.benchmark_group(m.name());
        g.throughput(Throughput::Elements(ns.len() as u64));
        g.bench_function("decode", |b| {
            b.iter(|| {
                for &n in &ns {
                    black_box(m.deal(black_box(n)).unwrap());
                }
            })
        });
        g.bench_function("encode", |b| {
            b.iter(|| {
                for d in &deals {
                    black_box(m.number(black_box(d)));
                }
            })
        });
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
