//! dealer's grammar as real BBO practice scripts use it (issue: 120 of 122 published scripts
//! were rejected): trailing commas after the last action, repeated and empty `action`
//! statements, redefined variables (an error, as in dealer), and scripts whose variables
//! would explode if expanded as text (bounded, never an allocation failure or a stack
//! overflow). Each behaviour was checked against Debian's dealer 20211121 by hand; the
//! corpus equivalence tests run whole scripts against it.

use fairdeal_script::{check, compile};

/// A fully predealt deal: every value is exact, one shuffle per deal.
const DEAL: &str = "predeal north SAKQ2, HJT3, DK765, CA9\npredeal east SJ9876, HA2, DQJT, CKQ7\npredeal south ST5, HKQ987, DA98, CJ32\npredeal west S43, H654, D432, CT8654\n";
const ONELINE: &str =
    "n AKQ2.JT3.K765.A9 e J9876.A2.QJT.KQ7 s T5.KQ987.A98.J32 w 43.654.432.T8654 \n";

/// Runs `src` (after the fixed deal) to the end; returns (text, summary, produced).
fn run(src: &str) -> (String, String, u64) {
    let src = format!("{DEAL}{src}");
    let p = compile(&src).unwrap_or_else(|d| panic!("{src}\n{d:?}"));
    let mut r = p.runner([3; 32]);
    let mut text = String::new();
    while !r.step(1000) {
        text.push_str(&r.take_text());
    }
    text.push_str(&r.take_text());
    (text, r.summary_text(), r.produced())
}

fn diag(src: &str) -> Vec<(u32, u32, String)> {
    check(src)
        .into_iter()
        .map(|d| (d.line, d.column, d.message))
        .collect()
}

#[test]
fn trailing_comma_after_the_last_action_is_accepted() {
    let (text, summary, n) = run("produce 2\nhcp(north) > 10\naction printoneline,\n");
    assert_eq!(n, 2);
    assert_eq!(text, ONELINE.repeat(2));
    assert!(summary.is_empty(), "{summary}");
    // The real scripts' shape: statistics last, each followed by a comma.
    let (text, summary, _) = run(
        "produce 1\nhcp(north) > 10\naction printoneline,\n  average \"hcp\" hcp(north),\n  frequency \"len\" (spades(north), 0, 13),\n",
    );
    assert_eq!(text, ONELINE);
    assert!(summary.contains("hcp: 17"), "{summary}");
    // A statement may follow the trailing comma, and a bare condition too (dealer accepts both).
    let (_, _, n) = run("hcp(north) > 10\naction printoneline,\nproduce 3\n");
    assert_eq!(n, 3);
    let (text, _, _) = run("produce 1\naction printoneline,\nhcp(north) > 10\n");
    assert_eq!(text, ONELINE);
    // printes lists end the same way.
    let (text, _, _) = run("produce 1\naction printes \"x\", \\n,\nproduce 1\n");
    assert_eq!(text, "x\n");
}

#[test]
fn a_later_action_statement_replaces_the_earlier_list() {
    // dealer keeps the last list: the deal is printed once, not twice.
    let (text, _, _) = run("produce 1\naction printoneline,\naction printoneline,\n");
    assert_eq!(text, ONELINE);
    let (text, summary, _) =
        run("produce 1\naction printoneline, average \"a\" hcp(north),\naction average \"b\" hcp(south)\n");
    assert_eq!(text, "");
    assert!(
        summary.contains("b: 10") && !summary.contains("a: "),
        "{summary}"
    );
    // Within one list, repeats are kept (dealer prints twice).
    let (text, _, _) = run("produce 1\naction printoneline, printoneline\n");
    assert_eq!(text, ONELINE.repeat(2));
}

#[test]
fn an_empty_action_list_prints_nothing() {
    let (text, summary, n) = run("produce 2\naction\n");
    assert_eq!((text.as_str(), summary.as_str(), n), ("", "", 2));
}

#[test]
fn empty_items_in_an_action_list_are_errors_as_in_dealer() {
    let d = diag("hcp(north) > 10\naction printoneline,,\n");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].0, d[0].1), (2, 21), "{d:?}");
    let d = diag("hcp(north) > 10\naction ,printoneline\n");
    assert_eq!((d[0].0, d[0].1), (2, 8), "{d:?}");
}

#[test]
fn redefined_variable_is_an_error_with_both_places() {
    let d = diag("a = hcp(north)\nb = 1\n\n  a = hcp(south)\na > 10\n");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].0, d[0].1), (4, 3), "{d:?}");
    assert!(d[0].2.contains("redefined variable 'a'"), "{}", d[0].2);
    assert!(d[0].2.contains("first defined at 1:1"), "{}", d[0].2);
    // Even with the same definition (dealer refuses that too).
    assert_eq!(diag("a = 1\na = 1\na\n").len(), 1);
}

#[test]
fn variables_are_shared_not_expanded_as_text() {
    // 30 variables, each doubling the previous: 2^30 nodes if written out (the CLI used to
    // abort with "memory allocation failed"). Shared and computed once per deal: 90 steps.
    let mut src = String::from("produce 1\na0 = hcp(north)\n");
    for i in 1..=30 {
        src.push_str(&format!("a{i} = a{} + a{}\n", i - 1, i - 1));
    }
    src.push_str("a30 > 0\naction average \"v\" a30 / 1073741824\n");
    let (_, summary, n) = run(&src);
    assert_eq!(n, 1);
    assert!(summary.contains("v: 17"), "{summary}");
}

#[test]
fn variables_with_rnd_draw_again_at_every_use_as_in_dealer() {
    // dealer re-evaluates a variable at each use: x != x is true when the two draws differ.
    let (_, _, n) = run("produce 200\ngenerate 400\nx = rnd(1000000)\nx != x\naction\n");
    assert_eq!(n, 200, "two draws of rnd(1000000) almost never agree");
    // A variable without rnd has one value per deal.
    let (_, _, n) = run("produce 5\ngenerate 100\ny = hcp(north) + hcp(south)\ny != y\naction\n");
    assert_eq!(n, 0);
}

#[test]
fn expansions_that_would_explode_are_refused_with_a_position() {
    // Doubling variables with rnd() in them must be evaluated at every use: 2^k steps.
    let mut src = String::from("a0 = rnd(2)\n");
    for i in 1..=30 {
        src.push_str(&format!("a{i} = a{} + a{}\n", i - 1, i - 1));
    }
    src.push_str("a30 > 0\n");
    let d = diag(&src);
    // One error (no cascade of "unknown name" after it), at the first variable past a
    // million steps: a18 on line 19 (2^18 uses of rnd, about 5 steps each).
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(d[0].2.contains("'a18' is too large"), "{}", d[0].2);
    assert_eq!((d[0].0, d[0].1), (19, 1), "{d:?}");
    // A chain of variables nests: bounded depth, never a stack overflow.
    let mut src = String::from("b0 = 1\n");
    for i in 1..=2500 {
        src.push_str(&format!("b{i} = b{} + 1\n", i - 1));
    }
    src.push_str("b2500 > 0\n");
    let d = diag(&src);
    assert!(
        d.iter().any(|x| x.2.contains("levels deep")),
        "{:?}",
        d.first()
    );
    // A long but reasonable chain still runs.
    let mut src = String::from("produce 1\nb0 = 1\n");
    for i in 1..=900 {
        src.push_str(&format!("b{i} = b{} + 1\n", i - 1));
    }
    src.push_str("b900 > 0\naction average \"b\" b900\n");
    let (_, summary, _) = run(&src);
    assert!(summary.contains("b: 901"), "{summary}");
}

#[test]
fn a_runner_says_what_it_does_without_building_tables() {
    // A common condition: shuffled from the first deal, and said so at once.
    let p = compile("hcp(north) >= 12\nproduce 5\naction\n").unwrap();
    let r = p.runner([1; 32]);
    assert!(
        r.acceleration().starts_with("Shuffling"),
        "{}",
        r.acceleration()
    );
    // A rare one: once the run has shown it rare, it samples from exact tables and says so.
    let p = compile("condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 27\nproduce 200\naction\n").unwrap();
    let mut r = p.runner([1; 32]);
    assert!(
        r.acceleration().starts_with("Shuffling"),
        "{}",
        r.acceleration()
    );
    while !r.step(100_000) {}
    assert_eq!(r.produced(), 200);
    assert!(
        r.acceleration().starts_with("Sampled exactly: North:"),
        "{}",
        r.acceleration()
    );
}
