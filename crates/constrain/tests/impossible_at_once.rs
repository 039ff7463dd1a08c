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

/// Two partnerships that must hold more than 13 cards of a suit together are refused before
/// any table is built (with a budget far too small for any, the answer is still "no deal";
/// before: the tables counted three seats, and rejection drew two million deals without
/// keeping one); one card fewer is possible.
#[test]
fn more_than_thirteen_cards_of_a_suit_are_refused_at_once() {
    for text in [
        "north: hcp 8-13\neast: hcp 10-12\nsouth: hcp 11-14, shape any 5431\nns: fit 8+ diamonds\new: fit 8+ diamonds\n",
        "north: spades 7+\new: fit 7+ spades\n",
        "north: spades 4+\nsouth: spades 4+\neast: spades 3+\nwest: spades 3+\n",
    ] {
        match build(text, 1_000) {
            Err(BuildError::NoDeal {
                culprit: Culprit::Together,
            }) => {}
            Err(e) => panic!("{text}: expected no deal at once, got {e}"),
            Ok(_) => panic!("{text}: expected no deal at once, got a dealer"),
        }
    }
    for text in [
        "ns: fit 7+ diamonds\new: fit 6+ diamonds\n",
        "north: spades 6+\new: fit 7+ spades\n",
        "north: spades 4+\nsouth: spades 3+\neast: spades 3+\nwest: spades 3+\n",
    ] {
        assert!(build(text, Options::default().budget).is_ok(), "{text}");
    }
}
