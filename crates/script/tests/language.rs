//! Known-answer tests per construct (on fully predealt deals, so every value is exact),
//! error positions and messages, highlighting, the reference table and the examples.

use fairdeal_script::{check, compile, highlight, TokenKind, EXAMPLES, REFERENCE};

/// North AKQ2.JT3.K765.A9 — East J9876.A2.QJT.KQ7 — South T5.KQ987.A98.J32 —
/// West 43.654.432.T8654 (a fixed deal).
const DEAL: &str = "predeal north SAKQ2, HJT3, DK765, CA9\npredeal east SJ9876, HA2, DQJT, CKQ7\npredeal south ST5, HKQ987, DA98, CJ32\npredeal west S43, H654, D432, CT8654\n";

fn value(prelude: &str, expr: &str) -> f64 {
    let src = format!("{DEAL}{prelude}\nproduce 1\naction average {expr}\n");
    let p = compile(&src).unwrap_or_else(|d| panic!("{src}\n{d:?}"));
    let mut r = p.runner([1; 32]);
    while !r.step(1000) {}
    let rep = r.report();
    assert_eq!(rep.produced, 1, "{src}");
    rep.averages[0].mean
}

fn v(expr: &str) -> f64 {
    value("", expr)
}

#[test]
fn points_and_lengths() {
    assert_eq!(v("hcp(north)"), 9.0 + 1.0 + 3.0 + 4.0);
    assert_eq!(v("hcp(east, spades)"), 1.0);
    assert_eq!(v("hcps(south, hearts)"), 5.0);
    assert_eq!(
        v("spades(north) * 1000 + hearts(north) * 100 + diamonds(north) * 10 + clubs(north)"),
        4342.0
    );
    assert_eq!(
        v("spade(east) + heart(east) + diamond(east) + club(east)"),
        13.0
    );
    assert_eq!(v("control(north)"), 2.0 + 1.0 + 1.0 + 2.0);
    assert_eq!(v("controls(east, hearts)"), 2.0);
}

#[test]
fn losers_follow_dealer() {
    // North: AKQ2 0, JT3 3, K765 2, A9 1.
    assert_eq!(v("loser(north)"), 6.0);
    assert_eq!(v("losers(north, clubs)"), 1.0);
    // West 43: doubleton without A or K = 2.
    assert_eq!(v("loser(west, spades)"), 2.0);
}

#[test]
fn alternate_counts_and_aliases() {
    assert_eq!(v("tens(south) + ten(west)"), 2.0);
    assert_eq!(v("jacks(north) + jack(east)"), 3.0);
    assert_eq!(v("queens(east) + queen(north)"), 3.0);
    assert_eq!(v("kings(east)"), 1.0);
    assert_eq!(v("aces(north) + ace(south)"), 3.0);
    assert_eq!(v("top2(north)"), 4.0);
    assert_eq!(v("top3(north, spades)"), 3.0);
    assert_eq!(v("top4(east)"), 6.0);
    assert_eq!(v("top5(south)"), 5.0);
    assert_eq!(v("c13(north)"), (6 + 4 + 2 + 1 + 4 + 6) as f64);
    assert_eq!(v("pt0(south) + pt4(north)"), 1.0 + 2.0);
    assert_eq!(v("pt9(north)"), v("c13(north)"));
    // Manual semantics: altcount N changes ptN.
    assert_eq!(
        value("altcount 3 0 1", "pt3(east) * 10 + kings(north)"),
        10.0 + 2.0
    );
    assert_eq!(value("altcount 3 1", "kings(north)"), 2.0);
    assert_eq!(
        value("pointcount 8 6 4 2 1", "hcp(south)"),
        (1 + 6 + 4 + 8 + 2) as f64
    );
    assert_eq!(value("pointcount 1, 1, 1, 1", "hcp(north)"), 6.0);
}

#[test]
fn cccc_and_quality() {
    // AKQ2 (4): A K Q → (4+3+2) × 40 = 360.
    assert_eq!(v("quality(north, spades)"), 360.0);
    // KQ987 (5): K Q → 5 × 50 = 250; 9 without T/8 and one higher honour pair? higher = 2 → +25.
    assert_eq!(v("quality(south, hearts)"), 275.0);
    let c = v("cccc(north)");
    assert!(c > 1500.0 && c < 2200.0, "{c}");
    assert_eq!(c as i64 % 5, 0);
}

#[test]
fn cards_and_shapes() {
    // 10+ card suits through Dellacherie shapes.
    assert!(check("condition shape{north, 10+s}\n").is_empty());
    assert_eq!(
        v("hascard(north, AS) + hascard(north, TS) * 10 + hascard(west, TC) * 100"),
        101.0
    );
    assert_eq!(v("shape(north, 4342)"), 1.0);
    assert_eq!(v("shape(north, any 4432)"), 1.0);
    assert_eq!(v("shape(north, any 4432 - 4xxx)"), 0.0);
    assert_eq!(v("shape(north, any 4333 + x3xx)"), 1.0);
    assert_eq!(v("shape(east, 5xxx - any 0xxx)"), 1.0);
    assert_eq!(v("shape(east, any 7xxx + xx3x)"), 1.0);
    assert_eq!(v("shape(west, any 5332)"), 1.0);
    assert_eq!(v("shape(west, any 4333 + 2xxx - xxx5)"), 0.0);
    // Dellacherie shapes: north 4-3-4-2, east 5-2-3-3.
    assert_eq!(v("shape{north, 4s3h}"), 1.0);
    assert_eq!(v("shape{north, 4+s [2-3]h 4-d}"), 1.0);
    assert_eq!(v("shape{east, 5+s, 3-h, [34]d}"), 1.0);
    assert_eq!(v("shape{east, 6+s}"), 0.0);
    assert_eq!(v("shape{west, 5c}"), 1.0);
    // dpp's permutations, majors/minors and conditions: north 4-3-4-2, east 5-2-3-3.
    assert_eq!(v("shape{north, 4M(3+3+2+)}"), 1.0);
    assert_eq!(v("shape{north, (4432)}"), 1.0);
    assert_eq!(v("shape{east, 5s(332)}"), 1.0);
    assert_eq!(v("shape{east, 5M(xxx) - 5s(431)}"), 1.0);
    assert_eq!(v("shape{east, 4+m(xxx)}"), 0.0);
    assert_eq!(v("shape{east, xxxx:s>h+d}"), 0.0);
    assert_eq!(v("shape{east, xxxx:s>=h+d}"), 1.0);
    assert_eq!(v("shape{north, 4+xx2}"), 1.0);
}

#[test]
fn arithmetic_and_logic() {
    assert_eq!(v("1 + 2 * 3 == 7 && 2 < 3"), 1.0);
    assert_eq!(v("-7 / 2"), -3.0);
    assert_eq!(v("-7 % 3"), -1.0);
    assert_eq!(v("7 / 0 + 7 % 0"), 0.0);
    assert_eq!(v("(1 ? 2 : 3) + 1"), 3.0);
    assert_eq!(v("0 ? 2 : 1 ? 4 : 5"), 4.0);
    assert_eq!(v("not 1 or !0 and 2 >= 2"), 1.0);
    assert_eq!(v("1 != 1 || 3 <= 2 || 4 > 5"), 0.0);
    assert_eq!(v("abs(3 - 10)"), 7.0);
    assert_eq!(value("a = hcp(north)\nb = a * 2", "b + a"), 51.0);
}

#[test]
fn scores_and_imps() {
    assert_eq!(v("score(vul, x3N, 9)"), 600.0);
    assert_eq!(v("score(nv, x4S, 10)"), 420.0);
    assert_eq!(v("score(nonvul, x4S, 8)"), -100.0);
    assert_eq!(v("score(vul, x7C, 13)"), 2140.0);
    assert_eq!(v("imps(-450) + imp(20) * 100"), 90.0);
}

#[test]
fn rnd_is_in_range_and_uniform() {
    let src =
        "generate 100000\nproduce 60000\naction frequency (rnd(6), 0, 5), average rnd(1000)\n";
    let p = compile(src).unwrap();
    let mut r = p.runner([3; 32]);
    while !r.step(1 << 20) {}
    let rep = r.report();
    let f = &rep.frequencies[0];
    assert_eq!((f.low, f.high), (0, 0));
    let chi: f64 = f
        .rows
        .iter()
        .map(|(_, c)| (*c as f64 - 10_000.0).powi(2) / 10_000.0)
        .sum();
    assert!(chi < 25.0, "chi-square {chi} on 5 df");
    let (lo, hi) = rep.averages[0].ci95;
    assert!(lo < 499.5 && 499.5 < hi, "{:?}", rep.averages[0]);
}

#[test]
fn comments_in_all_three_forms_anywhere() {
    let src = "# whole line\ngenerate 1000 // trailing\nproduce /* inline */ 3 # trailing hash\n/* multi\nline */ condition hcp(north) >= 10\n";
    assert!(check(src).is_empty(), "{:?}", check(src));
    let p = compile(src).unwrap();
    assert_eq!((p.generate(), p.produce()), (1000, 3));
}

#[test]
fn defaults_follow_dealer() {
    let p = compile("condition hcp(north) > 10\n").unwrap();
    assert_eq!((p.generate(), p.produce()), (10_000_000, 40));
    let p = compile("generate 500\naction average hcp(north)\n").unwrap();
    assert_eq!((p.generate(), p.produce()), (500, 500));
    // The last condition wins; `condition` may be omitted.
    let p = compile("hcp(north) > 40\nhcp(north) >= 0\nproduce 3\n").unwrap();
    let mut r = p.runner([0; 32]);
    while !r.step(100) {}
    assert_eq!(r.produced(), 3);
}

#[test]
fn printes_and_output_layouts() {
    let src = format!("{DEAL}produce 1\naction printes \"hcp \", hcp(north), \\n, printoneline(hcp(east)), printcompact, printew\n");
    let p = compile(&src).unwrap();
    let mut r = p.runner([0; 32]);
    while !r.step(10) {}
    let text = r.report().text;
    let expected = "hcp 17\n\
n AKQ2.JT3.K765.A9 e J9876.A2.QJT.KQ7 s T5.KQ987.A98.J32 w 43.654.432.T8654 13\n\
n AKQ2.JT3.K765.A9\ne J9876.A2.QJT.KQ7\ns T5.KQ987.A98.J32\nw 43.654.432.T8654\n\
4 3                 J 9 8 7 6 \n\
6 5 4               A 2 \n\
4 3 2               Q J T \n\
T 8 6 5 4           K Q 7 \n\n";
    assert_eq!(text, expected);
}

fn diag(src: &str) -> Vec<(u32, u32, String)> {
    check(src)
        .into_iter()
        .map(|d| (d.line, d.column, d.message))
        .collect()
}

#[test]
fn errors_carry_positions_and_expectations() {
    let d = diag("generate 10\ncondition hcp(3) > 1\n");
    assert_eq!(d.len(), 1, "{d:?}");
    assert_eq!((d[0].0, d[0].1), (2, 15));
    assert!(
        d[0].2
            .contains("expected a seat (north, east, south, west) after 'hcp('"),
        "{}",
        d[0].2
    );
    assert!(d[0].2.contains("found '3'"));

    let d = diag("condition shape(north, 44332)\n");
    assert_eq!((d[0].0, d[0].1), (1, 24));
    assert!(d[0].2.contains("expected a shape"), "{}", d[0].2);

    let d = diag("condition hcp(north) >= 15 && foo\n");
    assert_eq!((d[0].0, d[0].1), (1, 31));
    assert!(d[0].2.contains("unknown name 'foo'"));

    let d = diag("condition hcp(north) = 15\n");
    assert!(d[0].2.contains("to compare use '=='"), "{}", d[0].2);

    let d = diag("action frequency (hcp(north), 0, 99999, hcp(south), 0, 99999)\n");
    assert!(d[0].2.contains("too large"), "{}", d[0].2);

    let d = diag("action frequency (hcp(north), 20, 10)\n");
    assert!(d[0].2.contains("reversed"), "{}", d[0].2);
}

#[test]
fn several_errors_at_once() {
    let src = "generate -\nproduce 10\ncondition spades(nort) > 4\naction printall, average\npredeal north SAK, SA\n/* open";
    let d = diag(src);
    let lines: Vec<u32> = d.iter().map(|x| x.0).collect();
    assert_eq!(lines, vec![1, 3, 4, 5, 6], "{d:?}");
    assert!(d[3].2.contains("predealt twice"), "{}", d[3].2);
    assert!(d[4].2.contains("unterminated comment"));
}

#[test]
fn unavailable_features_say_so() {
    let d = diag("condition shape{north, 5+s4q}\n");
    assert_eq!((d[0].0, d[0].1), (1, 28), "{d:?}");
    assert!(d[0].2.contains("expected a suit letter"), "{}", d[0].2);
    let d = diag("action evalcontract\n");
    assert!(d[0].2.contains("not available"), "{}", d[0].2);
}

#[test]
fn predeal_by_suit_length() {
    // Every produced deal has the predealt lengths, with predealt cards too.
    let src = "predeal north SAK\npredeal spades(north) == 5\npredeal clubs(west) == 0\nproduce 300\naction average spades(north), average clubs(west), average hascard(north, AS)\n";
    let p = compile(src).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(
        p.acceleration().contains("North 5 spades, West 0 clubs"),
        "{}",
        p.acceleration()
    );
    let mut r = p.runner([7; 32]);
    while !r.step(1000) {}
    let rep = r.report();
    assert_eq!(rep.produced, 300);
    let means: Vec<f64> = rep.averages.iter().map(|a| a.mean).collect();
    assert_eq!(means, vec![5.0, 0.0, 1.0]);
    // No condition: every deal with the lengths is kept, so generated == produced.
    assert_eq!(rep.generated, 300);
    // Errors, each at its statement.
    let d = diag("predeal spades(north) == 14\n");
    assert_eq!((d[0].0, d[0].1), (1, 26), "{d:?}");
    assert!(d[0].2.contains("0 to 13"), "{}", d[0].2);
    let d = diag("predeal north SAKQJT9\npredeal spades(north) == 5\n");
    assert_eq!(d[0].0, 2, "{d:?}");
    assert!(
        d[0].2.contains("predealt 6 spades as cards, more than 5"),
        "{}",
        d[0].2
    );
    let d = diag("predeal spades(north) == 7\npredeal spades(south) == 7\n");
    assert!(d[0].2.contains("add up to 14"), "{}", d[0].2);
    let d = diag("predeal spades(north) == 5\npredeal spades(north) == 4\n");
    assert_eq!(d[0].0, 2, "{d:?}");
    assert!(d[0].2.contains("already predealt as 5"), "{}", d[0].2);
    let d = diag("predeal hearts(east) > 4\n");
    assert!(d[0].2.contains("expected '=='"), "{}", d[0].2);
    // Lengths that only the count can rule out: 11 predealt spades and 3 hearts make 14.
    let d = diag("predeal north SAKQJT987654\npredeal hearts(north) == 3\n");
    assert!(d[0].2.contains("no deal"), "{d:?}");
}

#[test]
fn nesting_is_bounded_not_a_stack_overflow() {
    let deep = format!("condition {}1{}", "(".repeat(5000), ")".repeat(5000));
    assert!(!check(&deep).is_empty());
    let nots = format!("condition {}1", "!".repeat(5000));
    assert!(!check(&nots).is_empty());
}

#[test]
fn highlight_classifies_and_covers_errors() {
    let src = "predeal north SAK # c\ncondition shape(north, any 4333) && hcp(north) >= 15 && hascard(south, TC) @\naction printall";
    let h = highlight(src);
    let kind = |t: &str| {
        let at = src.find(t).unwrap();
        h.iter().find(|(s, _)| s.start == at).map(|x| x.1)
    };
    assert_eq!(kind("predeal"), Some(TokenKind::Keyword));
    assert_eq!(kind("SAK"), Some(TokenKind::Card));
    assert_eq!(kind("# c"), Some(TokenKind::Comment));
    assert_eq!(kind("shape"), Some(TokenKind::Function));
    assert_eq!(kind("north,"), Some(TokenKind::Seat));
    assert_eq!(kind("any"), Some(TokenKind::Keyword));
    assert_eq!(kind("4333"), Some(TokenKind::Shape));
    assert_eq!(kind("15"), Some(TokenKind::Number));
    assert_eq!(kind(">="), Some(TokenKind::Operator));
    assert_eq!(kind("TC"), Some(TokenKind::Card));
    assert_eq!(kind("@"), Some(TokenKind::Error));
    assert_eq!(kind("printall"), Some(TokenKind::Action));
}

#[test]
fn reference_covers_every_function_the_parser_knows() {
    for k in REFERENCE {
        if k.kind == "function" {
            let args = match k.name {
                "abs" | "rnd" | "imps" | "imp" => "(1)".to_string(),
                "quality" => "(north, spades)".into(),
                "hascard" => "(north, AS)".into(),
                "shape" => "(north, any 4333)".into(),
                "score" => "(vul, x3N, 9)".into(),
                "tricks" | "trick" => "(north, notrump)".into(),
                _ => "(north)".into(),
            };
            let src = format!("condition {}{args} >= 0\n", k.name);
            assert!(check(&src).is_empty(), "{src}: {:?}", check(&src));
        }
        assert!(!k.doc.is_empty() && !k.signature.is_empty());
    }
}

#[test]
fn every_example_compiles_and_runs() {
    assert!(EXAMPLES.len() >= 12);
    for ex in EXAMPLES {
        let mut p = compile(ex.source).unwrap_or_else(|d| panic!("{}: {d:?}", ex.title));
        p.set_produce(3);
        let mut r = p.runner([9; 32]);
        while !r.step(1 << 16) {}
        assert_eq!(r.produced(), 3, "{}", ex.title);
        assert!(!p.acceleration().is_empty());
    }
}

#[test]
fn acceleration_is_described() {
    let p = compile("condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 20\n")
        .unwrap();
    let a = p.acceleration();
    assert!(a.starts_with("Sampled exactly: North:"), "{a}");
    assert!(a.contains("HCP 20-37"), "{a}");
    let p = compile("condition hcp(north) + hcp(south) >= 33\n").unwrap();
    let a = p.acceleration();
    assert!(a.contains("North-South: combined HCP 33-40"), "{a}");
    let p = compile(
        "condition hcp(north) + hcp(south) >= 31 && shape(north, any 4333) && hcp(north) >= 15\n",
    )
    .unwrap();
    let a = p.acceleration();
    assert!(
        a.contains("North: 4 of 560 shapes, HCP 15-37; North-South: combined HCP 31-40"),
        "{a}"
    );
    // A seat's range and its partnership's sum are counted together (two HCP-only seats are
    // counted with their high cards alone, well inside the budget).
    let p = compile("condition hcp(north) + hcp(south) >= 31 && hcp(north) >= 15\n").unwrap();
    let a = p.acceleration();
    assert!(
        a.contains("Sampled exactly: North: HCP 15-37; North-South: combined HCP 31-40 —"),
        "{a}"
    );
    // Four seats with shapes and points, counted together within the budget (since the
    // engine places each rank's high cards two at a time and keeps a total sure to be met as
    // one state; before, only the sum was).
    let p = compile(
        "condition hcp(north) + hcp(south) >= 31 && hcp(north) >= 15 && hcp(east) >= 5 \
         && hcp(west) >= 3 && shape(south, any 4333 + any 5332) \
         && shape(north, any 4432 + any 5422) && shape(east, any 5431) && shape(west, any 6322)\n",
    )
    .unwrap();
    let a = p.acceleration();
    assert!(
        a.contains(
            "Sampled exactly: North: 24 of 560 shapes, HCP 15-37; East: 24 of 560 shapes, \
             HCP 5-37; South: 16 of 560 shapes; West: 12 of 560 shapes, HCP 3-37; \
             North-South: combined HCP 31-40 —"
        ),
        "{a}"
    );
    // Four balanced seats with points and a partnership's sum: counted by the two halves of
    // the deck (the chain's tables exceed the budget there).
    let p = compile(
        "condition hcp(north) + hcp(south) >= 31 && hcp(north) >= 15 && hcp(east) >= 5 \
         && hcp(west) >= 3 && shape(north, any 4333 + any 4432 + any 5332) \
         && shape(south, any 4333 + any 4432 + any 5332) \
         && shape(east, any 4333 + any 4432 + any 5332) \
         && shape(west, any 4333 + any 4432 + any 5332)\n",
    )
    .unwrap();
    let a = p.acceleration();
    assert!(
        a.contains(
            "Sampled exactly: North: 28 of 560 shapes, HCP 15-37; East: 28 of 560 shapes, \
             HCP 5-37; South: 28 of 560 shapes; West: 28 of 560 shapes, HCP 3-37; \
             North-South: combined HCP 31-40 —"
        ),
        "{a}"
    );
    // Every seat's shape names two suits, with points, beside a partnership's sum: the
    // chain's tables exceed the budget, and the two halves of the deck count it all, the sum
    // included.
    let p = compile(
        "condition hcp(north) + hcp(south) >= 25 && hcp(north) >= 15 && spades(north) >= 4 \
         && hearts(north) >= 4 && hcp(east) >= 5 && diamonds(east) >= 4 && hcp(south) >= 8 \
         && hearts(south) >= 3 && clubs(south) >= 4 && hcp(west) >= 3 && clubs(west) <= 3\n",
    )
    .unwrap();
    let a = p.acceleration();
    assert!(
        a.contains(
            "Sampled exactly: North: 56 of 560 shapes, HCP 15-37; East: 220 of 560 shapes, \
             HCP 5-37; South: 84 of 560 shapes, HCP 8-37; West: 340 of 560 shapes, HCP 3-37; \
             North-South: combined HCP 25-40 —"
        ),
        "{a}"
    );
    let p = compile("condition cccc(north) > 1500\n").unwrap();
    assert!(p.acceleration().contains("Nothing in the condition"));
    let p = compile("condition hcp(north) > 40\nproduce 1\n").unwrap();
    assert!(p.acceleration().contains("admits no deal"));
    let mut r = p.runner([0; 32]);
    assert!(r.step(1));
    assert_eq!((r.generated(), r.produced()), (10_000_000, 0));
}

#[test]
fn tricks_are_double_dummy() {
    // Solving recurses deeply: run on a thread with the solver's stack, as the CLI does.
    std::thread::Builder::new()
        .stack_size(fairdeal_dd::STACK_BYTES)
        .spawn(|| {
            let deal = {
                let src = format!("{DEAL}produce 1\naction printoneline\n");
                let p = compile(&src).unwrap();
                let mut r = p.runner([0; 32]);
                while !r.step(10) {}
                r.report().deals[0]
            };
            let mut solver = fairdeal_dd::DdSolver::new();
            let nt = solver.strain_row(&deal, fairdeal_model::Strain::Notrump);
            let sp = solver.strain_row(&deal, fairdeal_model::Strain::Spades);
            let expected = f64::from(nt[0]) * 100.0 + f64::from(sp[1]) + f64::from(nt[2]) * 10_000.0;
            assert_eq!(
                v("tricks(north, notrump) * 100 + trick(east, spades) + tricks(south, notrumps) * 10000"),
                expected
            );
            assert!((0.0..=13.0).contains(&v("tricks(west, hearts)")));
            assert_eq!(v("score(vul, x3N, tricks(north, notrump))"), {
                let t = i64::from(nt[0]);
                let s = if t >= 9 { 30 * (t - 6) + 10 + 50 + 450 } else { -100 * (9 - t) };
                s as f64
            });
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn report_carries_dealer_and_vulnerability() {
    use fairdeal_model::{Seat, Vulnerability};
    let run = |src: &str| {
        let p = compile(src).unwrap_or_else(|d| panic!("{d:?}"));
        let mut r = p.runner([3; 32]);
        while !r.step(1000) {}
        r.report()
    };
    let rep = run("dealer south\nvulnerable EW\nproduce 2\naction printall\n");
    assert_eq!(
        (rep.dealer, rep.vulnerability),
        (Some(Seat::South), Some(Vulnerability::EastWest))
    );
    let rep = run("vulnerable all\nproduce 1\n");
    assert_eq!(
        (rep.dealer, rep.vulnerability),
        (None, Some(Vulnerability::Both))
    );
    let rep = run("produce 1\n");
    assert_eq!((rep.dealer, rep.vulnerability), (None, None));
}
