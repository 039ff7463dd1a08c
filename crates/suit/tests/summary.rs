//! The best line in a few sentences (`Line::summary`), read from the solved strategy: for the
//! published combinations it names the play the books name, in at most six sentences, and the
//! full tree stays available (`Solution::report(true)`).

use fairdeal_suit::{solve, Entries, Objective, Problem};

mod support;
use support::solved;

use fairdeal_suit::Vacant;

/// The best line's summary, checked short, as one text.
fn summary(north: &str, south: &str, target: u8) -> String {
    let s = solved(north, south, target);
    let lines = &s.lines[0].summary;
    assert!(
        !lines.is_empty() && lines.len() <= 6,
        "{north}/{south}: {lines:#?}"
    );
    lines.join("\n")
}

#[test]
fn aq_opposite_xx_finesses_the_queen() {
    let t = summary("AQ", "xx", 2);
    assert_eq!(
        t,
        "Lead low from South towards the AQ; if West plays low, finesse the Q.\nThe rest plays itself."
    );
}

#[test]
fn kj10_opposite_xxx_finesses_twice() {
    let t = summary("KJ10", "xxx", 2);
    let first = t.find("finesse the 10").expect(&t);
    let second = t.find("finesse the J").expect(&t);
    assert!(first < second, "{t}");
    assert!(t.contains("Then lead low from South towards the KJ"), "{t}");
}

#[test]
fn aq10_opposite_xxx_finesses_the_ten_then_the_queen() {
    let t = summary("AQ10", "xxx", 2);
    assert!(
        t.starts_with("Lead low from South towards the AQ10; if West plays low, finesse the 10."),
        "{t}"
    );
    assert!(
        t.contains("Then lead low from South towards the AQ; if West plays low, finesse the Q."),
        "{t}"
    );
}

#[test]
fn akjx_opposite_xxx_cashes_a_top_honour_then_finesses_the_jack() {
    let t = summary("AKJx", "xxx", 4);
    assert!(t.starts_with("Cash the K."), "{t}");
    assert!(t.contains("finesse the J"), "{t}");
    assert!(!t.contains("drop"), "{t}");
}

#[test]
fn axx_opposite_kj10x_cashes_the_ace_and_finesses_twice_through_east() {
    let t = summary("Axx", "KJ10x", 4);
    assert!(t.starts_with("Cash the A."), "{t}");
    assert!(t.contains("if East plays low, finesse the 10"), "{t}");
    assert!(t.contains("if East plays low, finesse the J"), "{t}");
}

#[test]
fn ak10x_opposite_xxxx_finesses_the_ten_first() {
    // In this model (the defence chooses its card from QJ, no random falsecard) the best line
    // for four tricks finesses the 10 at once: West QJx and QJ bare (see tests/known.rs).
    let t = summary("AK10x", "xxxx", 4);
    assert!(
        t.starts_with("Lead low from South towards the AK10x; if West plays low, finesse the 10."),
        "{t}"
    );
}

#[test]
fn akq10x_opposite_xx_plays_for_the_drop() {
    let t = summary("AKQ10x", "xx", 5);
    assert_eq!(t, "Cash the Q, the K and the A, playing for the J to drop.");
}

#[test]
fn akj10x_opposite_xxxx_plays_for_the_drop_of_the_queen() {
    let t = summary("AKJ10x", "xxxx", 5);
    assert!(t.contains("playing for the Q to drop"), "{t}");
    assert!(!t.contains("finesse"), "{t}");
}

#[test]
fn the_text_gives_the_summary_and_the_tree_on_request() {
    let s = solved("AQ10", "xxx", 2);
    let short = s.text();
    let full = s.report(true);
    assert!(
        short.contains("  1. Lead low from South towards the AQ10"),
        "{short}"
    );
    assert!(!short.contains("Trick 2:"), "{short}");
    assert!(
        full.starts_with(&short[..short.find("\nFirst plays").unwrap()]),
        "{full}"
    );
    assert!(full.contains("The best line in full:\n- Trick 1: lead low (the 2) from South"));
    assert!(full.contains("Trick 2:"));
    // Every line of every first play has a summary.
    assert!(s
        .lines
        .iter()
        .all(|l| !l.summary.is_empty() && l.summary.len() <= 6));
}

#[test]
fn summaries_stay_short_on_sampled_holdings() {
    // Holdings of every shape (a fixed LCG stream, as the bench draws them, small ones): each
    // line's summary has one to six sentences, each a sentence.
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    let mut done = 0;
    while done < 60 {
        let (n, s) = support::draw(&mut x, 4);
        if n == 0 || s == 0 || (n | s).count_ones() > 7 {
            continue;
        }
        let text = |m: u16| fairdeal_suit::problem::cards_text(m);
        let p = Problem::parse(
            &text(n),
            &text(s),
            Entries::Unlimited,
            Vacant::START,
            Objective::MaxExpected,
        )
        .unwrap();
        let sol = solve(&p).unwrap();
        for l in &sol.lines {
            assert!(
                (1..=6).contains(&l.summary.len()),
                "{}: {:#?}",
                sol.title(),
                l.summary
            );
            for sentence in &l.summary {
                assert!(
                    sentence.ends_with('.') || sentence.ends_with(')'),
                    "{}: {sentence:?}",
                    sol.title()
                );
            }
        }
        done += 1;
    }
}
