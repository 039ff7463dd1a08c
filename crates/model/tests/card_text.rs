//! `Card::from_str`, the one card reader (PBN/LIN in interop, score sheets in scoring): every
//! spelling of every card the two former readers accepted, and what is refused.

use fairdeal_model::{Card, Rank, Suit};

/// Every way a suit is written: letter either case, black and white symbol.
fn suit_spellings(s: Suit) -> Vec<String> {
    let white = match s {
        Suit::Spades => '♤',
        Suit::Hearts => '♡',
        Suit::Diamonds => '♢',
        Suit::Clubs => '♧',
    };
    let l = s.letter();
    vec![
        l.to_string(),
        l.to_ascii_lowercase().to_string(),
        s.symbol().to_string(),
        white.to_string(),
    ]
}

/// Every way a rank is written: letter either case, and `10` for the ten.
fn rank_spellings(r: Rank) -> Vec<String> {
    let l = r.letter();
    let mut v = vec![l.to_string(), l.to_ascii_lowercase().to_string()];
    if r == Rank::TEN {
        v.push("10".into());
    }
    v
}

#[test]
fn every_spelling_of_every_card() {
    let mut read = 0;
    for card in Card::all() {
        for s in suit_spellings(card.suit()) {
            for r in rank_spellings(card.rank()) {
                for text in [format!("{s}{r}"), format!("  {s}{r}\t")] {
                    assert_eq!(text.parse::<Card>(), Ok(card), "{text:?}");
                    read += 1;
                }
            }
        }
        // Display reads back.
        assert_eq!(card.to_string().parse::<Card>(), Ok(card));
    }
    // 52 cards × 4 suit spellings × 2 rank spellings (+1 for the four tens) × 2 paddings.
    assert_eq!(read, (52 * 4 * 2 + 4 * 4) * 2);
}

#[test]
fn what_is_not_a_card() {
    for text in [
        "", " ", "S", "A", "AS", "S1", "S11", "S01", "S 10", "SAK", "XA", "S0", "S1O", "NT", "♠",
        "10S", "S10x",
    ] {
        let e = text.parse::<Card>().expect_err(text);
        assert!(e.to_string().contains("expected a card"), "{e}");
        assert!(e.to_string().contains(&format!("{text:?}")), "{e}");
    }
}
