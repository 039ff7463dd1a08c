//! Known answers: the contract list syntax and the report against hand computations.

use super::*;
use fairdeal_constrain::parse;

fn table(nt_s: u8, s_n: u8) -> DdTable {
    let mut raw = [[0u8; 4]; 5];
    raw[Strain::Notrump.index()][Seat::South.index()] = nt_s;
    raw[Strain::Spades.index()][Seat::North.index()] = s_n;
    DdTable::new(raw).unwrap()
}

#[test]
fn choices_parse_and_errors_name_the_item() {
    let c = parse_choices("3NT:S, 4s:n").unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(c[0].to_string(), "3NT:S");
    assert_eq!(c[1].to_string(), "4S:N");
    let e = parse_choices("3NT:S,4S").unwrap_err();
    assert_eq!(e.item, 2);
    assert!(e.to_string().contains("CONTRACT:DECLARER"), "{e}");
    let e = parse_choices("3NT:S,8S:N").unwrap_err();
    assert!(
        e.to_string().starts_with("contract 2 `8S:N`: level 8"),
        "{e}"
    );
    let e = parse_choices("3NT:Q").unwrap_err();
    assert!(e.to_string().contains("expected N, E, S or W"), "{e}");
}

#[test]
fn contracts_must_be_of_one_side() {
    let spec = parse("").unwrap();
    let mixed = parse_choices("3NT:S,4S:E").unwrap();
    assert!(matches!(
        ContractProblem::new(spec.clone(), mixed, Vulnerability::None),
        Err(SimError::MixedSides { .. })
    ));
    let twice = parse_choices("3NT:S,3NT:S").unwrap();
    assert_eq!(
        ContractProblem::new(spec.clone(), twice, Vulnerability::None).unwrap_err(),
        SimError::Duplicate("3NT:S".into())
    );
    assert_eq!(
        ContractProblem::new(spec, vec![], Vulnerability::None).unwrap_err(),
        SimError::NoContract
    );
}

/// 3NT:S against 4S:N, not vulnerable, on three tables:
/// (NT 9, S 10): 400 vs 420 → −20 → −1 IMP, MP 0;
/// (NT 10, S 9): 430 vs −50 → +480 → +10, MP 100;
/// (NT 8, S 10): −50 vs 420 → −470 → −10, MP 0.
/// IMPs mean −1/3, s² = ((2/3)² + (31/3)² + (29/3)²)/2 = 1806/18, half = 4.302653·√(1806/54) = 24.88;
/// MP mean 33.33; 3NT makes 2 of 3, 4S 2 of 3; mean 3NT score (400+430−50)/3 = 260.
#[test]
fn report_matches_a_hand_computation() {
    let p = ContractProblem::new(
        parse("").unwrap(),
        parse_choices("3NT:S,4S:N").unwrap(),
        Vulnerability::None,
    )
    .unwrap();
    let r = p.report(&[table(9, 10), table(10, 9), table(8, 10)]);
    assert_eq!(r.deals, 3);
    let nt = &r.rows[0];
    assert!((nt.make_pct.estimate - 200.0 / 3.0).abs() < 1e-9);
    assert!((nt.score.estimate - 260.0).abs() < 1e-9);
    let pair = &r.pairs[0];
    assert!((pair.imps.estimate + 1.0 / 3.0).abs() < 1e-12);
    let half = 4.302_652_730 * (1806.0f64 / 54.0).sqrt();
    assert!(
        (pair.imps.high - (half - 1.0 / 3.0)).abs() < 1e-6,
        "{:?}",
        pair.imps
    );
    assert!((pair.mp_pct.estimate - 100.0 / 3.0).abs() < 1e-9);
    let d = r.distribution[Strain::Notrump.index()][Seat::South.index()];
    assert_eq!((d[8], d[9], d[10]), (1, 1, 1));
    assert_eq!(
        r.distribution[Strain::Clubs.index()][Seat::East.index()][0],
        3
    );
    let csv = r.csv();
    assert!(csv.starts_with(
        "contract,make_pct,make_low,make_high,mean_score,score_low,score_high\n3NT:S,66.7,"
    ));
    assert!(csv.contains("\n\na,b,mean_imps,"));
    assert!(csv.contains("\n3NT:S,4S:N,-0.33,"), "{csv}");
}

#[test]
fn native_run_uses_the_set_stream() {
    let spec = parse("north: is AK32.KQ2.A32.K32\nsouth: hcp 8-10, balanced").unwrap();
    let p = ContractProblem::new(
        spec,
        parse_choices("3NT:N,4S:N").unwrap(),
        Vulnerability::Both,
    )
    .unwrap();
    let (deals, r1) = p.run(6, [9; 32], 2, |_| {}).unwrap();
    let (_, r2) = p.run(6, [9; 32], 1, |_| {}).unwrap();
    assert_eq!(r1, r2);
    assert_eq!(deals, crate::deal_set(p.spec(), 6, [9; 32]).unwrap());
    let mut s = DdSolver::new();
    let nt: Vec<u8> = deals
        .iter()
        .map(|d| s.table(d).tricks(Strain::Notrump, Seat::North))
        .collect();
    let makes = nt.iter().filter(|&&t| t >= 9).count() as f64 / 6.0 * 100.0;
    assert!((r1.rows[0].make_pct.estimate - makes).abs() < 1e-9);
}

use fairdeal_dd::DdSolver;

proptest::proptest! {
    /// No text makes the contract list panic; what parses prints back to the same list.
    #[test]
    fn contract_lists_never_panic(text in "[0-9A-Za-z:,♠♥ ]{0,24}") {
        if let Ok(list) = parse_choices(&text) {
            let printed: Vec<String> = list.iter().map(|c| c.to_string()).collect();
            proptest::prop_assert_eq!(parse_choices(&printed.join(",")).unwrap(), list);
        }
    }
}
