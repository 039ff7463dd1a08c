//! Criterion timings of every exact chart function (goal: each well under 50 ms).

use criterion::{black_box, criterion_group, criterion_main, Criterion};

use fairdeal_model::{Hand, Holding, Rank, Suit};
use fairdeal_prob::hcp::{
    aces_per_hand, hcp_distribution, partner_hcp_given_hand, partner_hcp_given_own_hcp, pattern_hcp,
};
use fairdeal_prob::location::{honour_location, probability_any, restricted_choice};
use fairdeal_prob::shape::{hand_patterns, ordered_pattern_chart, shape_statistic, ShapeStatistic};
use fairdeal_prob::splits::{suit_splits, suit_splits_given};
use fairdeal_prob::{
    fit, Condition, Defender, HcpRange, HiddenHands, Pattern, SuitCondition, VacantPlaces,
};

fn holding(s: &str) -> Holding {
    s.chars()
        .filter_map(Rank::from_char)
        .fold(Holding::EMPTY, |h, r| h.with(r))
}

fn hand(pbn: &str) -> Hand {
    let mut parts = pbn.split('.').map(holding);
    Hand::from_holdings(std::array::from_fn(|_| {
        parts.next().unwrap_or(Holding::EMPTY)
    }))
}

fn benches(c: &mut Criterion) {
    let mine = hand("AKJ52.Q73.A84.K6");
    let dummy = hand("Q943.AK5.KQ6.A82");
    let v = VacantPlaces::START;
    c.bench_function("suit_splits(7)", |b| b.iter(|| suit_splits(black_box(7))));
    c.bench_function("suit_splits_given(5, 7/11)", |b| {
        b.iter(|| suit_splits_given(black_box(5), VacantPlaces::new(7, 11).unwrap()))
    });
    c.bench_function("honour_location(13 missing, AKQJ)", |b| {
        b.iter(|| honour_location(black_box(Holding::FULL), holding("AKQJ"), v))
    });
    c.bench_function("restricted_choice", |b| {
        b.iter(|| {
            restricted_choice(
                holding("QJ98"),
                v,
                Defender::East,
                Rank::QUEEN,
                holding("QJ"),
            )
        })
    });
    c.bench_function("probability_any(3-3 or finesse)", |b| {
        let q = [
            SuitCondition {
                missing: holding("T98765"),
                condition: Condition::Length(Defender::West, 3, 3),
            },
            SuitCondition {
                missing: holding("K7654"),
                condition: Condition::HoldsAll(Defender::West, holding("K")),
            },
        ];
        b.iter(|| probability_any(v, black_box(&q)))
    });
    c.bench_function("hand_patterns", |b| b.iter(hand_patterns));
    c.bench_function("ordered_pattern_chart", |b| b.iter(ordered_pattern_chart));
    c.bench_function("shape_statistic(longest)", |b| {
        b.iter(|| shape_statistic(black_box(ShapeStatistic::Longest)))
    });
    c.bench_function("hcp_distribution", |b| b.iter(hcp_distribution));
    c.bench_function("aces_per_hand", |b| b.iter(aces_per_hand));
    c.bench_function("pattern_hcp(5-3-3-2)", |b| {
        b.iter(|| pattern_hcp(black_box(Pattern::new([5, 3, 3, 2]).unwrap())))
    });
    c.bench_function("partner_hcp_given_own_hcp(12)", |b| {
        b.iter(|| partner_hcp_given_own_hcp(black_box(12)))
    });
    c.bench_function("partner_hcp_given_hand", |b| {
        b.iter(|| partner_hcp_given_hand(black_box(mine)))
    });
    c.bench_function("fit_chances", |b| {
        b.iter(|| fit::fit_chances(black_box(mine)))
    });
    c.bench_function("partner_length", |b| {
        b.iter(|| fit::partner_length(black_box(mine), Suit::Spades))
    });
    c.bench_function("partnership_longest_fit", |b| {
        b.iter(fit::partnership_longest_fit)
    });
    let mut hidden = HiddenHands::from_seen(mine, dummy).unwrap();
    c.bench_function("hidden west_hcp_chart", |b| {
        b.iter(|| black_box(&hidden).west_hcp_chart())
    });
    hidden.west_hcp = HcpRange::new(15, 17).unwrap();
    c.bench_function("hidden west_length_chart (West 15-17)", |b| {
        b.iter(|| black_box(&hidden).west_length_chart(Suit::Hearts))
    });
}

criterion_group!(charts, benches);
criterion_main!(charts);
