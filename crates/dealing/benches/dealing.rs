//! Dealing throughput (criterion): the fast ChaCha8 dealer, `deal_rest`, the Big Deal-compatible
//! generator and its candidate hash (against the `ripemd` crate), the raw ChaCha8/ChaCha12
//! streams, and the rejected alternative mapping (uniform 96-bit number < D by rejection,
//! then Big Deal's Kuipers decoder).
//!
//! `cargo bench -p fairdeal-dealing --bench dealing`; figures in docs/BENCHMARKS.md. Every
//! input is seeded; each iteration is one deal (criterion reports deals/s as elements/s).
//! The same-run comparison with Debian `dealer` is examples/vs_dealer.rs.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{kuipers, Card, Hand, Rank, Suit, DEAL_COUNT};
use rand_chacha::{ChaCha12Rng, ChaCha8Rng};
use rand_core::{RngCore, SeedableRng};
use std::hint::black_box;

fn dealers(c: &mut Criterion) {
    let mut g = c.benchmark_group("deal");
    g.throughput(Throughput::Elements(1));

    let mut fast = FastDealer::from_seed([1; 32]);
    g.bench_function("fast next_deal", |b| b.iter(|| black_box(fast.next_deal())));

    // North's 13 cards known, 39 to deal: the simulation workload ("what do the others
    // hold?").
    let north: Hand = [
        (Suit::Spades, 14),
        (Suit::Spades, 13),
        (Suit::Spades, 5),
        (Suit::Hearts, 12),
        (Suit::Hearts, 11),
        (Suit::Hearts, 4),
        (Suit::Diamonds, 10),
        (Suit::Diamonds, 9),
        (Suit::Diamonds, 8),
        (Suit::Clubs, 14),
        (Suit::Clubs, 7),
        (Suit::Clubs, 3),
        (Suit::Clubs, 2),
    ]
    .into_iter()
    .map(|(s, r)| Card::new(s, Rank::new(r).unwrap_or(Rank::TWO)))
    .collect();
    let fixed = [north, Hand::EMPTY, Hand::EMPTY, Hand::EMPTY];
    let mut rest = FastDealer::from_seed([2; 32]);
    g.bench_function("fast deal_rest (north fixed)", |b| {
        b.iter(|| black_box(rest.deal_rest(black_box(&fixed))))
    });

    let mut big = BigDealGenerator::new([3; 20], "Fair Deal benchmark");
    g.bench_function("bigdeal generator", |b| b.iter(|| black_box(big.next())));

    // The alternative mapping, measured to choose between them: a uniform 96-bit number
    // below D by rejection (acceptance 0.677) and the Kuipers decoder.
    let mut rng = ChaCha8Rng::from_seed([4; 32]);
    g.bench_function("alt: u96 < D + kuipers decode", |b| {
        b.iter(|| loop {
            let n = (u128::from(rng.next_u64()) << 32) | u128::from(rng.next_u32());
            if n < DEAL_COUNT {
                break black_box(kuipers::deal_from_number(n).ok());
            }
        })
    });
    g.finish();
}

fn streams(c: &mut Criterion) {
    // The 32 bytes one fast deal consumes, from each ChaCha variant.
    let mut g = c.benchmark_group("chacha 32 bytes");
    g.throughput(Throughput::Bytes(32));
    let mut r8 = ChaCha8Rng::from_seed([5; 32]);
    g.bench_function("ChaCha8", |b| {
        b.iter(|| {
            let mut buf = [0u8; 32];
            r8.fill_bytes(&mut buf);
            black_box(buf)
        })
    });
    let mut r12 = ChaCha12Rng::from_seed([5; 32]);
    g.bench_function("ChaCha12", |b| {
        b.iter(|| {
            let mut buf = [0u8; 32];
            r12.fill_bytes(&mut buf);
            black_box(buf)
        })
    });
    g.finish();

    // Start-up cost matters for short simulations in the browser.
    c.bench_function("FastDealer::from_seed + first deal", |b| {
        b.iter_batched(
            || [6u8; 32],
            |seed| black_box(FastDealer::from_seed(seed).next_deal()),
            BatchSize::SmallInput,
        )
    });
}

/// One Big Deal candidate hash: the generator's 8-lane compression (buffered, one candidate
/// per iteration) against the `ripemd` crate's `Digest` API on the same 44-byte input.
fn candidate_hash(c: &mut Criterion) {
    let mut g = c.benchmark_group("bigdeal candidate");
    g.throughput(Throughput::Elements(1));
    let mut big = BigDealGenerator::new([8; 20], "Fair Deal benchmark");
    g.bench_function("next_candidate (8 lanes)", |b| {
        b.iter(|| black_box(big.next_candidate().value))
    });
    let mut input = [8u8; 44];
    let mut seqno = 0u32;
    g.bench_function("ripemd crate digest", |b| {
        b.iter(|| {
            seqno = seqno.wrapping_add(1);
            input[0..4].copy_from_slice(&seqno.to_le_bytes());
            black_box(<ripemd::Ripemd160 as ripemd::Digest>::digest(input))
        })
    });
    g.finish();
}

criterion_group!(benches, dealers, candidate_hash, streams);
criterion_main!(benches);
