//! Recomputes a 60-table × 36-board event from scratch (validation, parsing, scoring,
//! ranking) with each scoring method. Goal: under 20 ms per recomputation natively.
//! Inputs come from a fixed-seed generator so runs are comparable.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use fairdeal_scoring::synthetic::synthetic_event;
use fairdeal_scoring::{score_event, ScoringOptions, METHODS};

fn bench(c: &mut Criterion) {
    let ev = synthetic_event(60, 36, 2024);
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
