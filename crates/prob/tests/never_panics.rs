//! The probability crate never panics on what a question can carry. It has no query-string
//! parser of its own (the app's question form parses ranks, holdings and hands in
//! `crates/app/src/pages/probability/question.rs`); what it takes from users is constraint
//! text (simulated questions: deal conditions and a condition outcome, through
//! `fairdeal-constrain`'s parser), the `Outcome` a page sends as JSON, and numbers (missing
//! cards, vacant places, lengths, HCP ranges, hidden hands). Arbitrary and near-valid values of
//! each go in here; every answer is a value. The same checks run longer under `cargo fuzz`
//! (`fuzz/`, see docs/FUZZING.md).

use fairdeal_constrain::Options;
use fairdeal_model::{Hand, Rank, Seat, Strain, Suit};
use fairdeal_prob::simulate::{exact_condition, no_solver, Outcome, Simulation};
use fairdeal_prob::VacantPlaces;
use fairdeal_prob::{fit, hcp, shape, splits, HcpRange, HiddenHands, LengthRange, Pattern};
use proptest::prelude::*;
use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};

/// A small engine budget: a property case must stay fast whatever the text asks.
fn options() -> Options {
    Options {
        budget: 300_000,
        max_tries: 2_000,
        ..Options::default()
    }
}

/// A simulated question from text: built, stepped a few deals, and its exact value asked.
fn simulated(spec: &str, outcome: &Outcome) {
    if let Ok(mut sim) = Simulation::new(spec, outcome, options()) {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let _ = sim.step(&mut rng, 8, &mut no_solver);
        let est = sim.estimator();
        assert!(est.successes() <= est.samples());
    }
    if let Outcome::Condition(c) = outcome {
        if let Some(f) = exact_condition(spec, c, options()) {
            assert!(f.numerator <= f.denominator && f.denominator > 0);
        }
    }
}

/// Numbers a question form can send, used in every numeric entry point.
fn numbers(a: u32, b: u32, c: u32, d: u32, hand: Hand, other: Hand) {
    let _ = splits::suit_splits(a);
    let _ = splits::split_layouts(a);
    for v in [VacantPlaces::new(b, c), VacantPlaces::after_known(b, c)]
        .into_iter()
        .flatten()
    {
        let _ = splits::card_location(v);
        let _ = splits::suit_splits_given(a, v);
        let _ = splits::specific_layout(a, v, d);
    }
    if let Ok(p) = Pattern::new([a, b, c, d]) {
        let _ = hcp::pattern_hcp(p);
    }
    let _ = LengthRange::new(a, b);
    let _ = LengthRange::exactly(c);
    let _ = HcpRange::new(a, b);
    let _ = hcp::partner_hcp_given_own_hcp(a);
    let _ = hcp::partner_hcp_given_hand(hand);
    for suit in Suit::ALL {
        let _ = fit::partner_length(hand, suit);
    }
    let _ = fit::fit_chances(hand);
    for hidden in [
        HiddenHands::new(hand, d),
        HiddenHands::from_seen(hand, other),
    ]
    .into_iter()
    .flatten()
    {
        let _ = hidden.layouts();
        let _ = hidden.west_hcp_chart();
        let _ = hidden.west_length_chart(Suit::Spades);
    }
    let _ = shape::ordered_pattern_chart();
    let _ = hcp::rank_count_per_hand(Rank::ACE);
}

/// Lines of the constraint language, for deal conditions and outcomes.
const LINES: &[&str] = &[
    "north: hcp 15-17, balanced",
    "south: hcp 10+",
    "ns: hcp 25+",
    "ew: fit 8+ majors",
    "west: spades 9",
    "east: shape 4432 + 4333",
    "north: is AKQ2.JT3.K765.A9",
    "south: is AKQ2.JT3.K765.A9",
    "north: has SA, hcp 37",
    "north: hcp 40",
    "north: spades 13\nsouth: spades 13",
    "category a weight 2",
    "scale zar A4 K3\nnorth: zar 10+",
    "north: hcp 9999",
    "north: spades xxxxxxxxx",
    "",
    "north",
    "#",
];

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::collection::vec(proptest::sample::select(LINES), 0..4).prop_map(|l| l.join("\n")),
        1 => any::<String>(),
    ]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    let seat = proptest::sample::select(&Seat::ALL[..]);
    let suit = proptest::sample::select(&Suit::ALL[..]);
    prop_oneof![
        3 => text().prop_map(Outcome::Condition),
        1 => (seat.clone(), suit).prop_map(|(seat, suit)| Outcome::LongestSuit { seat, suit }),
        1 => (seat.clone(), any::<u8>()).prop_map(|(seat, max)| Outcome::Losers { seat, max }),
        1 => (seat, any::<u8>()).prop_map(|(declarer, at_least)| Outcome::Tricks {
            declarer,
            strain: Strain::Notrump,
            at_least,
        }),
    ]
}

fn number() -> impl Strategy<Value = u32> {
    prop_oneof![4 => 0u32..20, 1 => 20u32..60, 1 => any::<u32>()]
}

fn hand() -> impl Strategy<Value = Hand> {
    prop_oneof![
        any::<u64>().prop_map(Hand::from_bits),
        // Thirteen-card hands, the usual case.
        Just(()).prop_perturb(|_, mut rng| {
            let mut h = Hand::EMPTY;
            while h.len() < 13 {
                h = h.union(Hand::from_bits(1 << (rng.next_u32() % 52)));
            }
            h
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn simulated_questions_never_panic(spec in text(), outcome in outcome()) {
        simulated(&spec, &outcome);
    }

    #[test]
    fn outcome_json_never_panics(json in prop_oneof![
        any::<String>(),
        "\\{\"(Condition|LongestSuit|Losers|Tricks)\":(\"[a-z: 0-9+]{0,12}\"|\\{\"seat\":\"(North|x)\",\"(suit|max)\":(\"Spades\"|[0-9]{1,4})\\})\\}",
    ]) {
        if let Ok(outcome) = serde_json::from_str::<Outcome>(&json) {
            simulated("north: hcp 12+", &outcome);
        }
    }

    #[test]
    fn numeric_questions_never_panic(
        a in number(), b in number(), c in number(), d in number(),
        hand in hand(), other in hand(),
    ) {
        numbers(a, b, c, d, hand, other);
    }
}
