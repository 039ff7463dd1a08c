//! Every text parser of the model never panics: deal numbers (`parse_deal_number`, then both
//! mappings), PBN deal notation (`Deal::from_pbn`, `parse_pbn_hands`), and the board number
//! conventions take arbitrary input and answer with a value; errors carry spans on character
//! boundaries of the text. The same checks run longer under `cargo fuzz` (`fuzz/`, see
//! docs/FUZZING.md).

use fairdeal_model::{
    parse_deal_number, parse_pbn_hands, Deal, Mapping, NumberError, Seat, Vulnerability, DEAL_COUNT,
};
use proptest::prelude::*;

/// `of_board` computed `(board + 15) % 16`, which overflowed for the last 15 `u32` boards
/// (a panic in debug builds). The cycle now holds for every board number.
#[test]
fn vulnerability_cycle_holds_up_to_u32_max() {
    for board in (u32::MAX - 40)..=u32::MAX {
        // board ≡ board - 16·k (mod 16); (board % 16) is the board of the first cycle,
        // with 0 meaning 16.
        let first = match board % 16 {
            0 => 16,
            b => b,
        };
        assert_eq!(
            Vulnerability::of_board(board),
            Vulnerability::of_board(first)
        );
        assert_eq!(Seat::dealer_of_board(board), Seat::dealer_of_board(first));
    }
    // u32::MAX = 16·268435455 + 15: board 15, NS vulnerable.
    assert_eq!(Vulnerability::of_board(u32::MAX), Vulnerability::NorthSouth);
}

/// A number's text: parsed; a number below D gives a deal under both mappings, and the deal
/// maps back to the number.
fn number_text(text: &str) {
    match parse_deal_number(text) {
        Ok(n) => {
            assert!(n < DEAL_COUNT);
            for m in Mapping::ALL {
                let deal = m.deal(n).expect("every number below D is a deal");
                assert_eq!(m.number(&deal), n);
            }
        }
        Err(e) => {
            let span = match &e {
                NumberError::Empty { span }
                | NumberError::UnexpectedChar { span, .. }
                | NumberError::TooLarge { span } => Some(span.clone()),
                NumberError::OutOfRange { .. } => None,
            };
            if let Some(span) = span {
                assert!(span.start <= span.end && span.end <= text.len(), "{span:?}");
                assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
            }
            assert!(!e.to_string().is_empty());
        }
    }
}

/// PBN deal text: parsed both ways; a deal prints and parses back; errors point into the text.
fn pbn_text(text: &str) {
    match Deal::from_pbn(text) {
        Ok(deal) => {
            for first in Seat::ALL {
                assert_eq!(Deal::from_pbn(&deal.to_pbn(first)), Ok(deal));
            }
            for m in Mapping::ALL {
                assert_eq!(m.deal(m.number(&deal)), Ok(deal));
            }
        }
        Err(e) => {
            let span = e.span();
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "{span:?}: {e}"
            );
            assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        }
    }
    if let Err(e) = parse_pbn_hands(text) {
        assert!(e.span().end <= text.len());
    }
}

/// Hands near valid: rank letters, dots, dashes, `10`, suit symbols and odd spacing.
fn pbn_near_valid() -> impl Strategy<Value = String> {
    let hand = prop_oneof![
        4 => "[AKQJT98765432akqjtx1-]{0,6}\\.[AKQJT98765432]{0,6}\\.[AKQJT98765432]{0,5}\\.[AKQJT98765432]{0,6}",
        1 => Just("-".to_string()),
        1 => "[AKQJT2♠♥.10 -]{0,8}",
    ];
    (
        "[NESWnesw?é]?:?",
        proptest::collection::vec(hand, 0..6),
        proptest::sample::select(&[" ", "  ", "\t", "\n", " é "][..]),
    )
        .prop_map(|(prefix, hands, sep)| format!("{prefix}{}", hands.join(sep)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_number_text_never_panics(text in any::<String>()) {
        number_text(&text);
    }

    #[test]
    fn near_valid_number_text_never_panics(text in "[ \t]?(0[xX])?[0-9a-fA-F,_' é]{0,45}[ \t]?") {
        number_text(&text);
    }

    #[test]
    fn any_u128_is_a_deal_or_out_of_range(n in any::<u128>(), small in 0..DEAL_COUNT) {
        for m in Mapping::ALL {
            prop_assert_eq!(m.deal(n).is_ok(), n < DEAL_COUNT);
            let deal = m.deal(small).expect("below D");
            prop_assert_eq!(m.number(&deal), small);
        }
    }

    #[test]
    fn arbitrary_pbn_deal_text_never_panics(text in any::<String>()) {
        pbn_text(&text);
    }

    #[test]
    fn near_valid_pbn_deal_text_never_panics(text in pbn_near_valid()) {
        pbn_text(&text);
    }

    #[test]
    fn stored_deal_json_never_panics(hands in proptest::array::uniform4(any::<u64>()), pick in 0usize..4) {
        // A stored deal (worker messages, saved state) read back: only real deals load.
        let json = format!("{{\"hands\":[{},{},{},{}]}}", hands[0], hands[1], hands[2], hands[3]);
        let valid = Mapping::Pavlicek.deal(u128::from(hands[pick]) % DEAL_COUNT).expect("below D");
        let valid_json = serde_json::to_string(&valid).expect("serialises");
        prop_assert_eq!(serde_json::from_str::<Deal>(&valid_json).ok(), Some(valid));
        if let Ok(deal) = serde_json::from_str::<Deal>(&json) {
            for m in Mapping::ALL {
                prop_assert_eq!(m.deal(m.number(&deal)), Ok(deal));
            }
            let _ = deal.to_pbn(Seat::North);
        }
    }
}

/// The largest numbers: D - 1 is the last deal, D and u128::MAX are out of range, and text one
/// digit past u128 is "too large", not a wrapped value.
#[test]
fn numbers_at_the_limits() {
    let last = DEAL_COUNT - 1;
    assert_eq!(parse_deal_number(&last.to_string()), Ok(last));
    assert_eq!(
        parse_deal_number(&DEAL_COUNT.to_string()),
        Err(NumberError::OutOfRange { number: DEAL_COUNT })
    );
    let max = u128::MAX.to_string();
    assert_eq!(
        parse_deal_number(&max),
        Err(NumberError::OutOfRange { number: u128::MAX })
    );
    let past = format!("{max}0");
    assert_eq!(
        parse_deal_number(&past),
        Err(NumberError::TooLarge {
            span: 0..past.len()
        })
    );
    for m in Mapping::ALL {
        assert!(m.deal(last).is_ok());
        assert!(m.deal(u128::MAX).is_err());
    }
}

/// Stored hands and deals are checked when read: before, `{"hands":[0,0,0,0]}` loaded as a
/// deal and the deal-number mappings panicked on it.
#[test]
fn stored_invalid_deals_are_refused() {
    let err = serde_json::from_str::<Deal>(r#"{"hands":[0,0,0,0]}"#).expect_err("no cards");
    assert!(err.to_string().contains("13"), "{err}");
    // Four disjoint 13-card hands, one of them past the 52nd card.
    let n = (1u64 << 13) - 1;
    let json = format!("{{\"hands\":[{},{},{},{}]}}", n, n << 13, n << 26, n << 52);
    let err = serde_json::from_str::<Deal>(&json).expect_err("bits above 51");
    assert!(err.to_string().contains("above 51"), "{err}");
    let err = serde_json::from_str::<fairdeal_model::Holding>("8192").expect_err("bit 13");
    assert!(err.to_string().contains("above 12"), "{err}");
    let dup = format!("{{\"hands\":[{n},{n},{},{}]}}", n << 26, n << 39);
    assert!(serde_json::from_str::<Deal>(&dup).is_err());
}
