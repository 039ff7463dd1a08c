use super::*;
use proptest::prelude::*;

fn parse(t: &str) -> FinalContract {
    t.parse()
        .unwrap_or_else(|e| panic!("`{t}` should parse: {e}"))
}

#[test]
fn parses_spellings() {
    let c = |l, s, r| FinalContract::Bid(Contract::new(l, s, r).expect("valid level"));
    assert_eq!(parse("4S"), c(4, Strain::Spades, Risk::Undoubled));
    assert_eq!(parse("4sx"), c(4, Strain::Spades, Risk::Doubled));
    assert_eq!(parse("3NTXX"), c(3, Strain::Notrump, Risk::Redoubled));
    assert_eq!(parse("3n"), c(3, Strain::Notrump, Risk::Undoubled));
    assert_eq!(parse("2♥×"), c(2, Strain::Hearts, Risk::Doubled));
    assert_eq!(parse(" 1c "), c(1, Strain::Clubs, Risk::Undoubled));
    assert_eq!(parse("PASS"), FinalContract::PassedOut);
    assert_eq!(parse("p"), FinalContract::PassedOut);
    assert_eq!(parse("Pass"), FinalContract::PassedOut);
}

#[test]
fn rejects_bad_contracts_with_reasons() {
    let err = |t: &str| t.parse::<FinalContract>().expect_err(t);
    assert_eq!(err(""), ContractParseError::Empty);
    assert!(matches!(
        err("0S"),
        ContractParseError::Level { level: 0, .. }
    ));
    assert!(matches!(
        err("8NT"),
        ContractParseError::Level { level: 8, .. }
    ));
    assert!(matches!(err("S4"), ContractParseError::NoLevel { .. }));
    match err("4Q") {
        ContractParseError::Strain { found, at, .. } => {
            assert_eq!((found.as_str(), at), ("Q", 1));
        }
        other => panic!("wrong error {other:?}"),
    }
    assert!(matches!(err("4"), ContractParseError::Strain { at: 1, .. }));
    match err("4SXXX") {
        ContractParseError::Risk { found, at, .. } => assert_eq!((found.as_str(), at), ("XXX", 2)),
        other => panic!("wrong error {other:?}"),
    }
    assert!(err("9Z").to_string().contains("1 to 7"));
}

#[test]
fn results_parse_against_the_contract() {
    let c = Contract::new(4, Strain::Spades, Risk::Undoubled).expect("valid");
    assert_eq!(parse_result("=", c), Ok(10));
    assert_eq!(parse_result("+1", c), Ok(11));
    assert_eq!(parse_result("-2", c), Ok(8));
    assert_eq!(parse_result("9", c), Ok(9));
    assert_eq!(parse_result("+3", c), Ok(13));
    assert!(matches!(
        parse_result("+4", c),
        Err(ResultParseError::Impossible { .. })
    ));
    assert!(matches!(
        parse_result("-11", c),
        Err(ResultParseError::Impossible { .. })
    ));
    assert!(matches!(
        parse_result("14", c),
        Err(ResultParseError::Impossible { .. })
    ));
    assert!(matches!(
        parse_result("x", c),
        Err(ResultParseError::Syntax { .. })
    ));
    assert_eq!(parse_result("", c), Err(ResultParseError::Empty));
    let grand = Contract::new(7, Strain::Notrump, Risk::Undoubled).expect("valid");
    assert!(matches!(
        parse_result("+1", grand),
        Err(ResultParseError::Impossible { .. })
    ));
    let one = Contract::new(1, Strain::Spades, Risk::Undoubled).expect("valid");
    assert_eq!(parse_result("-7", one), Ok(0));
    let e = parse_result("-8", one).expect_err("1S-8 is impossible");
    assert!(e.to_string().contains("-7 to +6"), "{e}");
}

#[test]
fn ns_score_signs_and_pass_out() {
    let c = parse("4S");
    assert_eq!(ns_score(c, Seat::North, false, 10), Ok(420));
    assert_eq!(ns_score(c, Seat::West, false, 10), Ok(-420));
    assert_eq!(ns_score(c, Seat::East, true, 9), Ok(100));
    assert_eq!(
        ns_score(FinalContract::PassedOut, Seat::East, true, 0),
        Ok(0)
    );
    assert_eq!(
        ns_score(c, Seat::North, false, 14),
        Err(ScoreError::TooManyTricks { tricks: 14 })
    );
}

fn contract_strategy() -> impl Strategy<Value = Contract> {
    (1u8..=7, 0usize..5, 0usize..3).prop_map(|(l, s, r)| {
        let risk = [Risk::Undoubled, Risk::Doubled, Risk::Redoubled][r];
        Contract::new(l, Strain::ASC[s], risk).expect("level in range")
    })
}

proptest! {
    #[test]
    fn display_parse_round_trip(c in contract_strategy()) {
        let text = c.to_string();
        prop_assert_eq!(text.parse::<FinalContract>(), Ok(FinalContract::Bid(c)));
        prop_assert_eq!(text.to_lowercase().parse::<FinalContract>(), Ok(FinalContract::Bid(c)));
    }

    #[test]
    fn made_beats_down_and_more_tricks_never_hurt(c in contract_strategy(), vul in any::<bool>(), t in 0u8..13) {
        let a = c.declarer_score(vul, t).expect("tricks in range");
        let b = c.declarer_score(vul, t + 1).expect("tricks in range");
        prop_assert!(b > a);
        prop_assert_eq!(a % 10, 0);
        prop_assert_eq!(a >= 0, t >= c.tricks_needed());
    }
}
