//! An impossible seat is answered before any joint table is built: with a budget far too
//! small for the two seats together, the answer is still "no deal satisfies South", not a
//! budget error (the joint build is where the seconds go; a seat's own check is tiny).

use fairdeal_constrain::{parse, BuildError, Culprit, Dealer, Options};
use fairdeal_model::Seat;

fn build(text: &str, budget: u64) -> Result<Dealer, BuildError> {
    let set = parse(text).unwrap().constraints(None).unwrap();
    Dealer::new(
        &set,
        Options {
            budget,
            max_tries: 1_000,
            fallback: false,
            whole: false,
        },
    )
}

#[test]
fn an_impossible_seat_is_named_before_the_joint_tables() {
    // South cannot hold 38 HCP in 13 cards (the most is 37).
    match build("north: hcp 15-17\nsouth: hcp 38\n", 1_000) {
        Err(BuildError::NoDeal {
            culprit: Culprit::Seat(Seat::South),
        }) => {}
        Err(e) => panic!("expected South named at once, got {e}"),
        Ok(_) => panic!("expected South named at once, got a dealer"),
    }
    // The same budget refuses a possible set: the joint tables really are over it.
    assert!(matches!(
        build("north: hcp 15-17\nsouth: hcp 10\n", 1_000),
        Err(BuildError::Tables(_))
    ));
}
