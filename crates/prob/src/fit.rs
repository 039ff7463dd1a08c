//! Partnership fits: how many cards partner holds in a suit given your hand, the chance of an
//! eight-card (or longer) fit, and a priori the longest combined suit of a partnership.
//!
//! Method: given your 13 cards, partner's 13 come from the other 39; with `r_s` cards of suit
//! `s` left, partner's ordered pattern `k` has `Π C(r_s, k_s)` hands out of C(39,13).
//! A priori, a partnership's 26 cards with suit lengths `L` number `Π C(13, L_s)` out of
//! C(52,26) (each such set splits between the two hands in C(26,13) ways, which cancels).

use fairdeal_model::{Hand, Suit};

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::exact::binomial;
use crate::ProbError;

/// The fit threshold charts use: eight cards.
pub const GOOD_FIT: u32 = 8;

fn check_hand(hand: Hand) -> Result<(), ProbError> {
    if hand.len() == 13 {
        Ok(())
    } else {
        Err(ProbError::BadHand {
            what: format!("a hand of {} cards", hand.len()),
            expected: "13 cards",
        })
    }
}

/// Partner's possible patterns given the cards left in each suit: (partner's lengths, hands).
fn partner_patterns(left: [u32; 4]) -> Vec<([u32; 4], u128)> {
    let mut out = Vec::new();
    for s in 0..=left[0].min(13) {
        for h in 0..=left[1].min(13 - s) {
            for d in 0..=left[2].min(13 - s - h) {
                let c = 13 - s - h - d;
                if c <= left[3] {
                    let k = [s, h, d, c];
                    let ways = (0..4).map(|i| binomial(left[i], k[i])).product();
                    out.push((k, ways));
                }
            }
        }
    }
    out
}

/// Chart of partner's length in `suit` given your hand; rows `"k (fit n)"`, n = yours + k.
pub fn partner_length(hand: Hand, suit: Suit) -> Result<Chart, ProbError> {
    check_hand(hand)?;
    let mine = hand.suit_len(suit);
    let left = 13 - mine;
    let rows = (0..=left)
        .map(|k| {
            (
                format!("{k} (fit {})", mine + k),
                binomial(left, k) * binomial(26 + mine, 13 - k),
            )
        })
        .collect::<Vec<_>>();
    Chart::new(
        format!("Partner's {} opposite your {mine}", suit.name()),
        "P(k) = C(13−l, k)·C(26+l, 13−k) / C(39,13), l = your length",
        "partner hands",
        binomial(39, 13),
        DEFAULT_DECIMALS,
        rows,
    )
}

/// Chart of the chance of an eight-card or longer fit given your hand: one row per suit
/// (`"♠ 8+"`) and `"any suit 8+"`. Rows overlap, so they do not add up to 100 %.
pub fn fit_chances(hand: Hand) -> Result<Chart, ProbError> {
    check_hand(hand)?;
    let mine: [u32; 4] = std::array::from_fn(|i| hand.suit_len(Suit::ALL[i]));
    let left = mine.map(|l| 13 - l);
    let patterns = partner_patterns(left);
    let fits = |k: &[u32; 4], i: usize| mine[i] + k[i] >= GOOD_FIT;
    let mut rows: Vec<(String, u128)> = Suit::ALL
        .iter()
        .map(|s| {
            let i = s.index();
            let c = patterns
                .iter()
                .filter(|(k, _)| fits(k, i))
                .map(|(_, w)| w)
                .sum();
            (format!("{} {GOOD_FIT}+", s.symbol()), c)
        })
        .collect();
    let any = patterns
        .iter()
        .filter(|(k, _)| (0..4).any(|i| fits(k, i)))
        .map(|(_, w)| w)
        .sum();
    rows.push((format!("any suit {GOOD_FIT}+"), any));
    Chart::new(
        format!("Chance of a {GOOD_FIT}-card fit opposite {hand}"),
        "Σ over partner's patterns k with l_s + k_s ≥ 8 of Π C(13−l_s, k_s), over C(39,13)",
        "partner hands",
        binomial(39, 13),
        DEFAULT_DECIMALS,
        rows,
    )
}

/// A priori chart of a partnership's longest combined suit (7..=13 cards).
pub fn partnership_longest_fit() -> Result<Chart, ProbError> {
    let mut by_longest = [0u128; 14];
    for a in 0..=13u32 {
        for b in 0..=13u32 {
            for c in 0..=13u32 {
                let Some(d) = 26u32.checked_sub(a + b + c) else {
                    continue;
                };
                if d > 13 {
                    continue;
                }
                let longest = a.max(b).max(c).max(d) as usize;
                by_longest[longest] +=
                    binomial(13, a) * binomial(13, b) * binomial(13, c) * binomial(13, d);
            }
        }
    }
    Chart::new(
        "Longest combined suit of a partnership",
        "Σ over combined patterns L (Σ L = 26) with that longest suit of Π C(13, L_s), over C(52,26)",
        "26-card partnership holdings",
        binomial(52, 26),
        DEFAULT_DECIMALS,
        by_longest
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(l, &c)| (l.to_string(), c)),
    )
}

/// A priori chart of a partnership's combined length in one named suit (0..=13).
pub fn partnership_suit_length() -> Result<Chart, ProbError> {
    Chart::new(
        "Combined length of a partnership in one suit",
        "P(L) = C(13, L)·C(39, 26−L) / C(52,26)",
        "26-card partnership holdings",
        binomial(52, 26),
        DEFAULT_DECIMALS,
        (0..=13u32).map(|l| (l.to_string(), binomial(13, l) * binomial(39, 26 - l))),
    )
}
