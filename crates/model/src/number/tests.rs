//! Unit tests of the shared number machinery: constants, the binomial table, number text and
//! the mapping table.

use super::*;

#[test]
fn deal_count_is_the_multinomial() {
    let d = u128::from(BINOM[52][13]) * u128::from(BINOM[39][13]) * u128::from(BINOM[26][13]);
    assert_eq!(d, DEAL_COUNT);
    assert_eq!(DEAL_COUNT, 0xAD55_E315_634D_DA65_8BF4_9200);
    assert_eq!(BINOM[52][13], 635_013_559_600);
    assert_eq!(BINOM[39][13], 8_122_425_444);
    assert_eq!(BINOM[26][13], 10_400_600);
    assert_eq!(BINOM[13][13], 1);
    assert_eq!(BINOM[12][13], 0);
}

#[test]
fn parses_decimal_with_separators_and_hex() {
    assert_eq!(parse_deal_number("0"), Ok(0));
    assert_eq!(parse_deal_number("  42 "), Ok(42));
    assert_eq!(parse_deal_number("1,234,567"), Ok(1_234_567));
    assert_eq!(parse_deal_number("1 234 567"), Ok(1_234_567));
    assert_eq!(parse_deal_number("1_234'567"), Ok(1_234_567));
    assert_eq!(parse_deal_number("1, 234"), Ok(1234));
    assert_eq!(parse_deal_number("0x1F"), Ok(31));
    assert_eq!(parse_deal_number("0XaD55_E315"), Ok(0xAD55_E315));
    assert_eq!(
        parse_deal_number("53,644,737,765,488,792,839,237,439,999"),
        Ok(DEAL_COUNT - 1)
    );
    assert_eq!(
        parse_deal_number("0xAD55E315634DDA658BF491FF"),
        Ok(DEAL_COUNT - 1)
    );
}

#[test]
fn number_text_errors_say_what_and_where() {
    let e = parse_deal_number("12a4").unwrap_err();
    assert_eq!(
        e,
        NumberError::UnexpectedChar {
            found: 'a',
            column: 3,
            expected: "a decimal digit or a thousands separator (',' '_' ''' or a space)",
            span: 2..3,
        }
    );
    assert_eq!(
        e.to_string(),
        "unexpected character 'a' at column 3 of the deal number; expected a decimal digit \
         or a thousands separator (',' '_' ''' or a space)"
    );
    // Columns count characters, spans count bytes.
    let e = parse_deal_number("♠12").unwrap_err();
    assert!(matches!(
        e,
        NumberError::UnexpectedChar {
            found: '♠',
            column: 1,
            span: std::ops::Range { start: 0, end: 3 },
            ..
        }
    ));
    let e = parse_deal_number("1♠2").unwrap_err();
    assert!(matches!(e, NumberError::UnexpectedChar { column: 2, .. }));
    let e = parse_deal_number("0x12g").unwrap_err();
    assert!(matches!(
        e,
        NumberError::UnexpectedChar {
            found: 'g',
            column: 5,
            ..
        }
    ));
    assert!(e.to_string().contains("expected a hex digit"));
    let e = parse_deal_number("1,,2").unwrap_err();
    assert!(matches!(
        e,
        NumberError::UnexpectedChar {
            found: ',',
            column: 3,
            ..
        }
    ));
    let e = parse_deal_number(",12").unwrap_err();
    assert!(matches!(
        e,
        NumberError::UnexpectedChar {
            found: ',',
            column: 1,
            ..
        }
    ));
    let e = parse_deal_number("-5").unwrap_err();
    assert!(matches!(
        e,
        NumberError::UnexpectedChar {
            found: '-',
            column: 1,
            ..
        }
    ));
    let e = parse_deal_number("12,").unwrap_err();
    assert_eq!(
        e.to_string(),
        "unexpected character ',' at column 3 of the deal number; expected a digit after the \
         separator"
    );
    assert_eq!(
        parse_deal_number("   "),
        Err(NumberError::Empty { span: 3..3 })
    );
    assert_eq!(
        parse_deal_number("0x"),
        Err(NumberError::Empty { span: 2..2 })
    );
    assert_eq!(
        parse_deal_number("").unwrap_err().to_string(),
        "expected a deal number (decimal digits, or 0x and hex digits), found no digits"
    );
}

#[test]
fn number_text_range_errors() {
    assert_eq!(
        parse_deal_number("53644737765488792839237440000"),
        Err(NumberError::OutOfRange { number: DEAL_COUNT })
    );
    assert_eq!(
        NumberError::OutOfRange { number: DEAL_COUNT }.to_string(),
        "deal number 53644737765488792839237440000 is out of range: deal numbers run from 0 \
         to 53644737765488792839237439999 (D - 1)"
    );
    let huge = "9".repeat(40);
    assert_eq!(
        parse_deal_number(&huge),
        Err(NumberError::TooLarge { span: 0..40 })
    );
    assert!(parse_deal_number(&huge)
        .unwrap_err()
        .to_string()
        .starts_with("deal number is too large"));
}

#[test]
fn mapping_table_invariants() {
    assert_eq!(Mapping::ALL.len(), 2);
    for (i, m) in Mapping::ALL.into_iter().enumerate() {
        assert_eq!(Mapping::from_name(m.name()), Some(m));
        assert_eq!(Mapping::from_name(&m.name().to_uppercase()), Some(m));
        assert!(m.name().bytes().all(|b| b.is_ascii_lowercase()));
        assert!(!m.label().is_empty() && !m.description().is_empty());
        for other in &Mapping::ALL[i + 1..] {
            assert_ne!(m.name(), other.name());
        }
    }
    assert_eq!(Mapping::from_name("kuipers"), None);
    for m in Mapping::ALL {
        assert_eq!(
            m.deal(DEAL_COUNT),
            Err(NumberError::OutOfRange { number: DEAL_COUNT })
        );
        let d = m.deal(12_345).unwrap();
        assert_eq!(m.number(&d), 12_345);
    }
}

#[test]
fn exact_division_tables_are_inverses() {
    // Spot-check the Pavlicek helper tables through the public mapping at the edges.
    for n in [0, 1, 2, DEAL_COUNT / 2, DEAL_COUNT - 2, DEAL_COUNT - 1] {
        let d = pavlicek::deal_from_number(n).unwrap();
        assert_eq!(pavlicek::number_of_deal(&d), n);
        let d = kuipers::deal_from_number(n).unwrap();
        assert_eq!(kuipers::number_of_deal(&d), n);
    }
}

/// `n` in decimal with `sep` every three digits from the right.
fn grouped(n: u128, sep: char) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(d);
    }
    out
}

proptest::proptest! {
    #[test]
    fn number_text_round_trips(n in 0..DEAL_COUNT, sep in proptest::sample::select(vec![',', '_', '\'', ' '])) {
        proptest::prop_assert_eq!(parse_deal_number(&n.to_string()), Ok(n));
        proptest::prop_assert_eq!(parse_deal_number(&grouped(n, sep)), Ok(n));
        proptest::prop_assert_eq!(parse_deal_number(&format!("{n:#x}")), Ok(n));
        proptest::prop_assert_eq!(parse_deal_number(&format!(" 0X{n:X} ")), Ok(n));
    }

    #[test]
    fn numbers_at_or_above_d_are_rejected(n in DEAL_COUNT..) {
        proptest::prop_assert_eq!(
            parse_deal_number(&n.to_string()),
            Err(NumberError::OutOfRange { number: n })
        );
    }
}
