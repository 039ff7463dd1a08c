//! Known answers: lead groups, problem validation, and the report against hand computations
//! on tiny per-deal inputs.

use super::*;
use fairdeal_constrain::parse;
use fairdeal_scoring::FinalContract;

fn contract(t: &str) -> Contract {
    match t.parse::<FinalContract>().unwrap() {
        FinalContract::Bid(c) => c,
        FinalContract::PassedOut => unreachable!(),
    }
}

fn hand(t: &str) -> Hand {
    let s = parse(&format!("west: is {t}")).unwrap();
    match &s.statements[0].conds[0] {
        Cond::Is(h) => *h,
        _ => unreachable!(),
    }
}

fn card(t: &str) -> Card {
    t.parse().unwrap()
}

#[test]
fn touching_cards_are_one_group() {
    let g = equal_groups(hand("KQ2.JT9.AK4.8765"));
    let names: Vec<String> = g
        .iter()
        .map(|g| g.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(""))
        .collect();
    assert_eq!(names, ["SKSQ", "S2", "HJHTH9", "DADK", "D4", "C8C7C6C5"]);
}

#[test]
fn the_leader_must_be_fixed_once() {
    let spec = parse("south: balanced, hcp 15-17").unwrap();
    let c = contract("3NT");
    let err = LeadProblem::new(spec.clone(), None, c, Seat::South, Vulnerability::None);
    assert_eq!(
        err.unwrap_err(),
        SimError::LeaderNotFixed { leader: Seat::West }
    );
    let h = hand("KQ2.JT9.AK4.8765");
    let p = LeadProblem::new(spec, Some(h), c, Seat::South, Vulnerability::None).unwrap();
    assert_eq!(p.leader(), Seat::West);
    assert_eq!(p.spec().to_string().lines().count(), 2, "{}", p.spec());
    let both = parse("west: is KQ2.JT9.AK4.8765").unwrap();
    let other = hand("KQ3.JT9.AK4.8765");
    assert!(matches!(
        LeadProblem::new(
            both.clone(),
            Some(other),
            c,
            Seat::South,
            Vulnerability::None
        ),
        Err(SimError::LeaderConflict { .. })
    ));
    // The same hand twice is fine.
    assert!(LeadProblem::new(both, Some(h), c, Seat::South, Vulnerability::None).is_ok());
}

/// A leader with three lead groups (♠AKQJT98765432 would be one): ♠KQ, ♥A, ♦2 … built from a
/// hand whose groups are known, and four made-up deals of defensive tricks.
fn tiny() -> (LeadProblem, Vec<DealLeads>) {
    // Groups: SK(Q), HA, D2, then clubs AKQJT9876 as one group: 4 groups.
    let h = hand("KQ.A.2.AKQJT9876");
    let p = LeadProblem::new(
        parse("").unwrap(),
        Some(h),
        contract("3NT"),
        Seat::South,
        Vulnerability::None,
    )
    .unwrap();
    assert_eq!(p.groups().len(), 4);
    // Per deal, defensive tricks after SK, HA, D2, CA.
    let deals = [[5, 4, 3, 4], [3, 4, 3, 2], [4, 4, 2, 4], [6, 3, 3, 3]]
        .iter()
        .map(|t| DealLeads { tricks: t.to_vec() })
        .collect();
    (p, deals)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Hand computation, SK: tricks 5 3 4 6 → mean 4.5, s² = (0.25+2.25+0.25+2.25)/3 = 5/3,
/// half = 3.182446305·√(5/12); set (5+ defensive tricks against 3NT) 2 of 4 → Wilson.
/// MP vs the field (HA, D2, CA): deal 1: 5>4,5>3,5>4 → 100; deal 2: 3<4, 3=3, 3>2 → 50;
/// deal 3: 4=4, 4>2, 4=4 → 66.67; deal 4: 6>3 ×3 → 100. Mean 79.1667.
/// IMPs (3NT non-vul, the defence's scores: 2 tricks −460, 3 −430, 4 −400, 5 +50, 6 +100):
/// deal 1: +50 against −400, −430, −400: +450, +480, +450 → 10, 10, 10 → 10;
/// deal 2: −430 against −400, −430, −460: −30, 0, +30 → −1, 0, 1 → 0;
/// deal 3: −400 against −400, −460, −400: 0, +60, 0 → 0, 2, 0 → 2/3;
/// deal 4: +100 against −430 ×3: +530 → 11. Mean (10 + 0 + 2/3 + 11)/4 = 5.41667.
#[test]
fn report_matches_a_hand_computation() {
    let (p, deals) = tiny();
    let r = p.report(&deals);
    assert_eq!(r.deals, 4);
    let sk = r.rows.iter().find(|r| r.card == card("SK")).unwrap();
    assert_eq!(sk.equals, vec![card("SQ")]);
    let half = 3.182_446_305 * (5.0f64 / 12.0).sqrt();
    assert!(close(sk.tricks.estimate, 4.5));
    assert!(close(sk.tricks.low, 4.5 - half) && close(sk.tricks.high, 4.5 + half));
    let wilson = crate::stats::proportion_interval([true, false, false, true]);
    assert!(close(sk.set_pct.estimate, 50.0));
    assert!(close(sk.set_pct.low, 100.0 * wilson.low));
    assert!(close(
        sk.mp_pct.estimate,
        (100.0 + 50.0 + 200.0 / 3.0 + 100.0) / 4.0
    ));
    assert!(
        close(sk.imps.estimate, (10.0 + 0.0 + 2.0 / 3.0 + 11.0) / 4.0),
        "{}",
        sk.imps.estimate
    );
    // Rows best first: SK 4.5, HA 3.75, CA 3.25, D2 2.75.
    let order: Vec<String> = r.rows.iter().map(|r| r.card.to_string()).collect();
    assert_eq!(order, ["SK", "HA", "CA", "D2"]);
    // Paired SK − HA: 1, −1, 0, 3 → mean 0.75, s² = (0.0625+3.0625+0.5625+5.0625)/3
    // = 2.9167; half = 3.182446·√(2.9167/4) = 2.7176 → holds 0: indistinguishable.
    let pa = &r.paired[0];
    assert_eq!((pa.best, pa.other), (card("SK"), card("HA")));
    assert!(close(pa.diff.estimate, 0.75));
    let h2 = 3.182_446_305 * (8.75f64 / 3.0 / 4.0).sqrt();
    assert!(close(pa.diff.low, 0.75 - h2));
    assert!(pa.indistinguishable);
    // SK − D2: 2, 0, 2, 3 → mean 1.75, s² = (0.0625+3.0625+0.0625+1.5625)/3 = 1.5833,
    // half = 3.182446·√(1.5833/4) = 2.0023 → [−0.25, 3.75]: still holds 0.
    let pd = r.paired.iter().find(|p| p.other == card("D2")).unwrap();
    assert!(close(pd.diff.estimate, 1.75));
    assert!(pd.indistinguishable);
}

/// A lead that is better on every deal by the same margin is told apart.
#[test]
fn a_constant_margin_is_significant() {
    let (p, _) = tiny();
    let deals: Vec<DealLeads> = (0..3)
        .map(|i| DealLeads {
            tricks: vec![5 + i, 4 + i, 4 + i, 4 + i],
        })
        .collect();
    let r = p.report(&deals);
    assert_eq!(r.rows[0].card, card("SK"));
    assert!(r
        .paired
        .iter()
        .all(|p| !p.indistinguishable && p.diff.low == 1.0));
    assert!(close(r.rows[0].mp_pct.estimate, 100.0));
    // The others tie each other and lose to SK: (0 + 0.5 + 0.5)/3.
    assert!(close(r.rows[1].mp_pct.estimate, 100.0 / 3.0));
}

#[test]
fn csv_has_the_documented_columns() {
    let (p, deals) = tiny();
    let csv = p.report(&deals).csv();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "card,mean_tricks,set_pct,ci_low,ci_high");
    let half = 3.182_446_305 * (5.0f64 / 12.0).sqrt();
    assert_eq!(
        lines[1],
        format!("SK,4.500,50.0,{:.3},{:.3}", 4.5 - half, 4.5 + half)
    );
    assert_eq!(lines.len(), 5);
}

/// DD leads of real deals: every group gets the tricks of its highest card, and all the
/// cards of a group agree (touching cards are equals at trick one).
#[test]
fn solved_leads_cover_every_group() {
    let spec = parse("south: balanced, hcp 15-17\nnorth: hcp 8-9").unwrap();
    let p = LeadProblem::new(
        spec,
        Some(hand("KQJ4.T98.AK2.654")),
        contract("3NT"),
        Seat::South,
        Vulnerability::None,
    )
    .unwrap();
    let deals = p.deals(3, [7; 32]).unwrap();
    let mut solver = DdSolver::new();
    for (i, d) in deals.iter().enumerate() {
        assert_eq!(d.hand(Seat::West), p.hand());
        let leads = solver.leads(d, p.contract().strain(), Seat::South);
        let r = p.deal_leads(i, d, &leads).unwrap();
        for (g, cards) in p.groups().iter().enumerate() {
            for c in cards {
                let l = leads
                    .iter()
                    .find(|l| l.card == *c || l.equals.contains(c))
                    .unwrap();
                assert_eq!(13 - l.declarer_tricks, r.tricks[g], "deal {i} card {c}");
            }
        }
    }
}

/// The report is a function of (problem, seed, N): the same with 1 and 3 threads.
#[test]
fn threads_do_not_change_the_report() {
    let spec = parse("south: balanced, hcp 15-17\nnorth: hcp 8-9").unwrap();
    let p = LeadProblem::new(
        spec,
        Some(hand("KQJ4.T98.AK2.654")),
        contract("3NT"),
        Seat::South,
        Vulnerability::None,
    )
    .unwrap();
    let (d1, r1) = p.run(8, [3; 32], 1, |_| {}).unwrap();
    let (d3, r3) = p.run(8, [3; 32], 3, |_| {}).unwrap();
    assert_eq!(d1, d3);
    assert_eq!(r1, r3);
    assert_eq!(r1.csv(), r3.csv());
    let (_, other) = p.run(8, [4; 32], 2, |_| {}).unwrap();
    assert_ne!(r1, other, "another seed gives other deals");
}

#[test]
fn bad_counts_are_refused() {
    let (p, _) = tiny();
    assert_eq!(p.deals(1, [0; 32]).unwrap_err(), SimError::Count { n: 1 });
}

/// The page sends the problem's conditions to the dealing worker as text: that text reads
/// back to the same spec, so the worker deals what the CLI deals.
#[test]
fn the_spec_text_reads_back_to_the_same_deals() {
    let spec = parse("south: balanced, hcp 15-17\nnorth: hcp 8-9, spades 0-3").unwrap();
    let p = LeadProblem::new(
        spec,
        Some(hand("KQJ4.T98.AK2.654")),
        contract("3NT"),
        Seat::South,
        Vulnerability::None,
    )
    .unwrap();
    let text = p.spec().to_string();
    assert!(text.contains("west: is KQJ4.T98.AK2.654"), "{text}");
    let again = parse(&text).unwrap();
    assert_eq!(
        crate::deal_set(&again, 5, [1; 32]).unwrap(),
        p.deals(5, [1; 32]).unwrap()
    );
}
