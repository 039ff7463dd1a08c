//! Fuzzes simulated questions: the input up to the first NUL byte is the deal conditions, the
//! rest the outcome — a condition in the constraint language, or (if it reads as JSON) an
//! `Outcome` as the page sends it. A question that builds runs a few deals; the exact value,
//! when there is one, is a fraction in [0, 1]. The engine budget is small so each input is fast.
#![no_main]
use fairdeal_constrain::Options;
use fairdeal_prob::simulate::{exact_condition, no_solver, Outcome, Simulation};
use libfuzzer_sys::fuzz_target;
use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};

fn options() -> Options {
    Options {
        budget: 300_000,
        max_tries: 2_000,
        ..Options::default()
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (spec, rest) = text.split_once('\0').unwrap_or((text, ""));
    let outcome = serde_json::from_str::<Outcome>(rest)
        .unwrap_or_else(|_| Outcome::Condition(rest.to_string()));
    if let Ok(mut sim) = Simulation::new(spec, &outcome, options()) {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let _ = sim.step(&mut rng, 8, &mut no_solver);
        let est = sim.estimator();
        assert!(est.successes() <= est.samples());
    }
    if let Outcome::Condition(c) = &outcome {
        if let Some(f) = exact_condition(spec, c, options()) {
            assert!(f.numerator <= f.denominator && f.denominator > 0);
        }
    }
});
