//! Benchmarks of the five reference cases: table preparation time and sampling rate.
//!
//! (a) West exactly 9 spades; (b) plus East 6-6 in the minors; (c) North balanced 27+;
//! (d) North balanced 15-17, South 10+ HCP with exactly 5 spades and 4 hearts;
//! (e) North balanced 10-12 opposite South 11-15 three-suiter (4-4-4-1 or 5-4-4-0).
//! Run with `cargo bench -p fairdeal-constrain`; figures go to docs/BENCHMARKS.md.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use fairdeal_constrain::{parse, ConstraintSet, Dealer, Options};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::hint::black_box;

const CASES: [(&str, &str); 5] = [
    ("a_west_9_spades", "west: spades 9"),
    (
        "b_plus_east_6_6_minors",
        "west: spades 9\neast: shape x=x=6=6",
    ),
    ("c_north_balanced_27plus", "north: balanced, hcp 27+"),
    (
        "d_1nt_south_5s4h_10plus",
        "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x",
    ),
    (
        "e_flat_10_12_opp_three_suiter",
        "north: balanced, hcp 10-12\nsouth: hcp 11-15, shape 4441 + 5440",
    ),
];

fn set(text: &str) -> ConstraintSet {
    parse(text)
        .expect("parses")
        .constraints(None)
        .expect("compiles")
}

fn prepare(c: &mut Criterion) {
    let mut g = c.benchmark_group("prepare");
    g.sample_size(10);
    for (name, text) in CASES {
        let s = set(text);
        g.bench_function(name, |b| {
            b.iter(|| Dealer::new(black_box(&s), Options::default()).expect("builds"))
        });
    }
    g.finish();
}

fn sample(c: &mut Criterion) {
    let mut g = c.benchmark_group("sample");
    g.throughput(Throughput::Elements(1));
    for (name, text) in CASES {
        let mut d = Dealer::new(&set(text), Options::default()).expect("builds");
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        g.bench_function(name, |b| b.iter(|| d.sample(&mut rng).expect("samples")));
    }
    g.finish();
}

criterion_group!(benches, prepare, sample);
criterion_main!(benches);
