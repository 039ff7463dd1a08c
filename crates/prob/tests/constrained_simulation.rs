//! Simulated questions through the exact constrained dealer, against exact answers
//! (issue #8 item 5): repeated seeded runs of [`Simulation`] give Wilson 95 % intervals, and
//! these must cover the exact value — `count(deal ∧ outcome) / count(deal)` from the
//! constraint engine — in as many of 200 runs as the interval's exact coverage makes likely
//! (a count that low has probability under 0.001), and over 1,000 further runs within
//! ±3 standard errors of the Wilson interval's own exact coverage at that n and p (computed
//! here by summing the binomial distribution), so an interval too wide fails as well as one
//! too narrow, and so does a dealer that is not uniform.
//!
//! Runs are seeded (ChaCha8, seed = base + run), so results are reproducible.

use fairdeal_constrain::Options;
use fairdeal_model::{Seat, Suit};
use fairdeal_prob::sim::{Interval, ProportionEstimator};
use fairdeal_prob::simulate::{exact_condition, no_solver, Outcome, Simulation};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

const RUNS: u64 = 200;
const LONG_RUNS: u64 = 1_000;

/// The chance that at most `c` of `n` runs cover when each does with probability `q`.
fn at_most(n: u64, q: f64, c: u64) -> f64 {
    (0..=c)
        .map(|k| {
            let ln_choose: f64 = (1..=k).map(|i| ((n - k + i) as f64 / i as f64).ln()).sum();
            (ln_choose + k as f64 * q.ln() + (n - k) as f64 * (1.0 - q).ln()).exp()
        })
        .sum()
}

/// Exact coverage of the Wilson 95 % interval for `n` samples at true proportion `p`.
fn wilson_coverage(n: u64, p: f64) -> f64 {
    // pmf by the ratio recurrence in logs, summed where the interval covers p.
    let mut log_pmf = n as f64 * (1.0 - p).ln();
    let mut total = 0.0;
    for k in 0..=n {
        if k > 0 {
            log_pmf += ((n - k + 1) as f64 / k as f64).ln() + (p / (1.0 - p)).ln();
        }
        let mut e = ProportionEstimator::new();
        e.extend((0..n).map(|i| i < k));
        if e.interval().is_some_and(|i| i.contains(p)) {
            total += log_pmf.exp();
        }
    }
    total
}

fn run(spec: &str, outcome: &Outcome, n: u32, seed: u64) -> Interval {
    let mut sim = Simulation::new(spec, outcome, Options::default()).expect("builds");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // In chunks, as the worker does.
    for _ in 0..n / 50 {
        sim.step(&mut rng, 50, &mut no_solver).expect("samples");
    }
    sim.estimator().interval().expect("samples")
}

fn check(name: &str, spec: &str, condition: &str, n: u32, base: u64) {
    let exact = exact_condition(spec, condition, Options::default())
        .expect("counted exactly")
        .to_f64();
    let outcome = Outcome::Condition(condition.to_string());
    let expected = wilson_coverage(u64::from(n), exact);
    let short: Vec<Interval> = (0..RUNS)
        .map(|r| run(spec, &outcome, n, base + r))
        .collect();
    let c = short.iter().filter(|i| i.contains(exact)).count();
    // A value 0.1 away is almost never covered (the intervals are narrow enough to matter).
    let wrong = short.iter().filter(|i| i.contains(exact + 0.1)).count();
    eprintln!("{name}: exact {exact:.6}, Wilson coverage at n={n}: {expected:.4}; {c}/{RUNS} cover; {wrong} cover exact+0.1");
    // As few covering runs as this, with each covering with the exact probability, has a
    // chance under 0.001 (at 95 % coverage: 178 of 200 or fewer; a fixed floor of 186, 93 %,
    // failed one stream in thirteen by chance).
    let tail = at_most(RUNS, expected, c as u64);
    assert!(
        tail >= 0.001,
        "{name}: {c} of {RUNS} cover, P(at most {c}) = {tail:.2e} at coverage {expected:.4}"
    );
    assert!(wrong < 10, "{name}: {wrong} cover the wrong value");
    let long = (0..LONG_RUNS)
        .filter(|r| run(spec, &outcome, n, base + RUNS + r).contains(exact))
        .count() as f64
        / LONG_RUNS as f64;
    let se = (expected * (1.0 - expected) / LONG_RUNS as f64).sqrt();
    eprintln!(
        "{name}: coverage over {LONG_RUNS} runs {:.2} %",
        100.0 * long
    );
    assert!(
        (long - expected).abs() <= 3.0 * se,
        "{name}: coverage {long} vs {expected} ± {}",
        3.0 * se
    );
}

#[test]
fn responder_values_opposite_a_strong_notrump() {
    check(
        "South 8+ opposite 15-17 balanced",
        "north: hcp 15-17, balanced",
        "south: hcp 8+",
        400,
        0x5113_0000,
    );
}

#[test]
fn a_fit_given_both_hands_shapes() {
    check(
        "NS 8+ spades given North 5 spades",
        "north: spades 5, hcp 12-14",
        "ns: fit 8+ spades",
        400,
        0x5113_1000_0000,
    );
}

#[test]
fn losers_and_longest_suit_outcomes_agree_with_their_condition_form() {
    // "North's longest suit is spades" cannot be written as one condition, but with North
    // holding exactly 6 spades it is `north: hearts 0-6, diamonds 0-6, clubs 0-6`, which is
    // counted exactly: the same seeded deals must give the same estimate both ways.
    let spec = "north: spades 6";
    let a = run(
        spec,
        &Outcome::LongestSuit {
            seat: Seat::North,
            suit: Suit::Spades,
        },
        500,
        3,
    );
    let b = run(
        spec,
        &Outcome::Condition("north: hearts 0-6, diamonds 0-6, clubs 0-6".into()),
        500,
        3,
    );
    assert_eq!(a, b);
    // A hand with at most 12 losers always: every deal counts.
    let all = run(
        "",
        &Outcome::Losers {
            seat: Seat::West,
            max: 12,
        },
        100,
        4,
    );
    assert_eq!(all.estimate, 1.0);
}
