//! PBN deal notation: accepted spellings, the print/parse round trip (proptest), partial
//! deals, and every error kind with its message and span.

use fairdeal_model::{kuipers, parse_pbn_hands, Card, Deal, PbnDealError, Rank, Seat, Suit};
use proptest::prelude::*;

const SORTED: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
const BOARD1: &str = "N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7";

fn card(suit: Suit, rank: char) -> Card {
    Card::new(suit, Rank::from_char(rank).unwrap())
}

#[test]
fn parses_the_reference_deal_in_every_spelling() {
    let deal = kuipers::deal_from_number(10_072_384_477_273_865_916_944_991_809).unwrap();
    assert_eq!(Deal::from_pbn(BOARD1), Ok(deal));
    assert_eq!(BOARD1.parse::<Deal>(), Ok(deal));
    for text in [
        "n:a9.q3.ak7.jt8632 jt876.k8.t8543.9 kq52.754.qj9.a54 43.ajt962.62.kq7",
        "N:A9.Q3.AK7.J108632 J10876.K8.108543.9 KQ52.754.QJ9.A54 43.AJ10962.62.KQ7",
        "  N: A9.Q3.AK7.JT8632   JT876.K8.T8543.9\tKQ52.754.QJ9.A54  43.AJT962.62.KQ7 \n",
        "N:9A.3Q.7KA.2368TJ JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7",
        "E:JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7 A9.Q3.AK7.JT8632",
        "s:KQ52.754.QJ9.A54 43.AJT962.62.KQ7 A9.Q3.AK7.JT8632 JT876.K8.T8543.9",
        "W:43.AJT962.62.KQ7 A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54",
    ] {
        assert_eq!(Deal::from_pbn(text), Ok(deal), "{text:?}");
    }
    for seat in Seat::ALL {
        assert_eq!(Deal::from_pbn(&deal.to_pbn(seat)), Ok(deal), "{seat}");
    }
}

#[test]
fn completes_one_unknown_hand() {
    let deal: Deal = SORTED.parse().unwrap();
    for missing in 0..4 {
        let mut parts: Vec<String> = SORTED[2..].split(' ').map(str::to_owned).collect();
        parts[missing] = "-".to_owned();
        let text = format!("N:{}", parts.join(" "));
        assert_eq!(Deal::from_pbn(&text), Ok(deal), "{text}");
        let hands = parse_pbn_hands(&text).unwrap();
        for seat in Seat::ALL {
            let expected = (seat.index() != missing).then(|| deal.hand(seat));
            assert_eq!(hands[seat.index()], expected, "{text}: {seat}");
        }
    }
}

#[test]
fn partial_hands_are_indexed_by_seat() {
    let hands = parse_pbn_hands("E:- - .AKQJT98765432.. -").unwrap();
    assert_eq!(hands[0], None);
    assert_eq!(hands[1], None);
    assert_eq!(hands[2], None);
    assert_eq!(hands[3].unwrap().to_string(), ".AKQJT98765432..");
    assert_eq!(parse_pbn_hands("N:- - - -"), Ok([None; 4]));
}

/// Checks the error for `text`: its value, message and the text its span covers.
fn check(text: &str, expected: PbnDealError, message: &str, covered: &str) {
    let e = Deal::from_pbn(text).unwrap_err();
    assert_eq!(e, expected, "{text:?}");
    assert_eq!(e.to_string(), message, "{text:?}");
    assert_eq!(&text[e.span()], covered, "{text:?}");
}

#[test]
fn error_empty() {
    check(
        "  ",
        PbnDealError::Empty { span: 2..2 },
        "expected a PBN deal such as \"N:AKQ2.JT9.876.543 - - -\", found nothing",
        "",
    );
}

#[test]
fn error_first_seat() {
    check(
        "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        PbnDealError::MissingFirstSeat { span: 0..1 },
        "a PBN deal starts with the first seat and a colon (N:, E:, S: or W:)",
        "A",
    );
    check(
        " X:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432",
        PbnDealError::UnknownFirstSeat {
            found: 'X',
            span: 1..2,
        },
        "unknown first seat 'X'; expected N, E, S or W before the ':'",
        "X",
    );
    let e = Deal::from_pbn("♠:").unwrap_err();
    assert_eq!(
        e,
        PbnDealError::UnknownFirstSeat {
            found: '♠',
            span: 0..3
        }
    );
}

#[test]
fn error_hand_count() {
    check(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.",
        PbnDealError::HandCount {
            found: 3,
            span: 52..52,
        },
        "found 3 hands; a deal needs 4 (write - for an unknown hand)",
        "",
    );
    check(
        "N:- - - - ...AKQJT98765432 -",
        PbnDealError::HandCount {
            found: 6,
            span: 10..28,
        },
        "found 6 hands; a deal needs 4 (write - for an unknown hand)",
        "...AKQJT98765432 -",
    );
    assert_eq!(
        Deal::from_pbn("N:"),
        Err(PbnDealError::HandCount {
            found: 0,
            span: 2..2
        })
    );
}

#[test]
fn error_suit_symbol() {
    check(
        "N:♠AKQJT98765432♥♦♣ - - -",
        PbnDealError::SuitSymbol {
            seat: Seat::North,
            symbol: '♠',
            span: 2..5,
        },
        "suit symbol '♠' in North's hand: PBN deal notation has no suit symbols; write the \
         holdings in the order ♠.♥.♦.♣ separated by dots",
        "♠",
    );
}

#[test]
fn error_suit_count() {
    check(
        "S:AKQJT98765432.. - - -",
        PbnDealError::SuitCount {
            seat: Seat::South,
            count: 3,
            span: 2..17,
        },
        "South's hand has 3 suits; a hand needs 4 holdings (♠.♥.♦.♣) separated by dots",
        "AKQJT98765432..",
    );
}

#[test]
fn error_unknown_rank() {
    check(
        "N:AKQJT98765432... .AKQJX98765432.. - -",
        PbnDealError::UnknownRank {
            seat: Seat::East,
            found: 'X',
            column: 25,
            span: 24..25,
        },
        "unknown rank 'X' at column 25 in East's hand; expected one of AKQJT98765432 (or 10)",
        "X",
    );
    // A lone 1 is not a ten.
    let e = Deal::from_pbn("N:AKQJ198765432... - - -").unwrap_err();
    assert!(matches!(
        e,
        PbnDealError::UnknownRank {
            found: '1',
            column: 7,
            ..
        }
    ));
    // Suit letters are not part of the notation either.
    let e = Deal::from_pbn("N:SAKQJT98765432... - - -").unwrap_err();
    assert!(matches!(
        e,
        PbnDealError::UnknownRank {
            found: 'S',
            column: 3,
            ..
        }
    ));
}

#[test]
fn error_card_count() {
    check(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543",
        PbnDealError::CardCount {
            seat: Seat::West,
            count: 12,
            span: 53..68,
        },
        "West has 12 cards; a hand needs 13",
        "...AKQJT9876543",
    );
}

#[test]
fn error_duplicates() {
    check(
        "N:AKQJT98765432... K.AKQJT9876543.. - -",
        PbnDealError::DuplicateCard {
            card: card(Suit::Spades, 'K'),
            first: Seat::North,
            second: Seat::East,
            span: 19..20,
        },
        "♠K is in both North and East",
        "K",
    );
    check(
        "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765422",
        PbnDealError::DuplicateInHand {
            card: card(Suit::Clubs, '2'),
            seat: Seat::West,
            span: 68..69,
        },
        "♣2 is twice in West's hand",
        "2",
    );
    let e = Deal::from_pbn("N:AKQJ1098765432T... - - -").unwrap_err();
    assert!(matches!(
        e,
        PbnDealError::DuplicateInHand {
            span: std::ops::Range { start: 16, end: 17 },
            ..
        }
    ));
}

#[test]
fn error_too_many_unknown() {
    check(
        "N:AKQJT98765432... - .AKQJT98765432.. -",
        PbnDealError::TooManyUnknown {
            unknown: 2,
            span: 38..39,
        },
        "2 hands are unknown (-); a complete deal may leave out at most one",
        "-",
    );
}

/// A random deal: a random permutation of the owners N×13, E×13, S×13, W×13.
fn any_deal() -> impl Strategy<Value = Deal> {
    let owners: Vec<Seat> = (0..52).map(|i| Seat::ALL[i / 13]).collect();
    Just(owners).prop_shuffle().prop_map(|v| {
        let owners: [Seat; 52] = v.try_into().unwrap();
        Deal::from_owners(&owners).unwrap()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn print_parse_round_trips(deal in any_deal(), first in 0usize..4) {
        let seat = Seat::ALL[first];
        let text = deal.to_pbn(seat);
        prop_assert_eq!(Deal::from_pbn(&text), Ok(deal));
        prop_assert_eq!(text.to_lowercase().parse::<Deal>(), Ok(deal));
        prop_assert_eq!(text.replace('T', "10").parse::<Deal>(), Ok(deal));
    }

    #[test]
    fn any_text_gives_a_value_or_an_error_with_a_valid_span(text in "[NESWnesw:AKQJT1098765432 .♠-]{0,80}") {
        match Deal::from_pbn(&text) {
            Ok(deal) => prop_assert_eq!(Deal::from_pbn(&deal.to_string()), Ok(deal)),
            Err(e) => {
                let span = e.span();
                prop_assert!(span.start <= span.end && span.end <= text.len());
                prop_assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
            }
        }
    }
}
