//! Parsers of the question's card fields: one rank (`Q`, `10`), a holding with small cards
//! as `x` (`KJ1032`, `QJxx`), a 13-card hand in PBN notation, the named honours (which must
//! be among the missing cards) and the shape statistic. Messages say what was found and what
//! was expected; the caller attaches the field.
//!
//! Panic policy: no panics on any text.

use fairdeal_model::{Hand, Holding, Rank, Suit};

use super::{Field, FieldError};
use crate::shape::ShapeStatistic;

/// One rank, e.g. `Q` or `10`.
pub fn parse_rank(text: &str) -> Result<Rank, String> {
    let t = text.trim();
    if t == "10" {
        return Ok(Rank::TEN);
    }
    let mut chars = t.chars();
    match (chars.next().and_then(Rank::from_char), chars.next()) {
        (Some(r), None) => Ok(r),
        _ => Err(format!("“{t}”: expected one rank, e.g. Q")),
    }
}

/// A holding such as `KJ1032`, `QJxx` or `—`: `x` stands for the lowest card not named.
pub fn parse_holding(text: &str) -> Result<Holding, String> {
    let t = text.trim().replace("10", "T");
    let mut h = Holding::EMPTY;
    let mut smalls = 0u32;
    for c in t.chars() {
        if c.is_whitespace() || matches!(c, '-' | '—' | '–') {
            continue;
        }
        if c == 'x' || c == 'X' {
            smalls += 1;
            continue;
        }
        let Some(r) = Rank::from_char(c) else {
            return Err(format!(
                "“{c}” in “{}”: expected ranks AKQJT98765432 or x",
                text.trim()
            ));
        };
        if h.contains(r) {
            return Err(format!(
                "{} twice in “{}”: expected each rank once",
                r.letter(),
                text.trim()
            ));
        }
        h = h.with(r);
    }
    for r in Rank::DESCENDING.iter().rev() {
        if smalls == 0 {
            break;
        }
        if !h.contains(*r) {
            h = h.with(*r);
            smalls -= 1;
        }
    }
    if smalls > 0 {
        return Err(format!("“{}”: expected at most 13 cards", text.trim()));
    }
    Ok(h)
}

/// A 13-card hand in PBN notation `♠.♥.♦.♣`, e.g. `AKJ4.QT3.K82.964`.
pub fn parse_hand(text: &str) -> Result<Hand, String> {
    let t = text.trim();
    let parts: Vec<&str> = t.split('.').collect();
    if parts.len() != 4 {
        return Err(format!(
            "“{t}”: expected four suits ♠.♥.♦.♣ separated by dots"
        ));
    }
    let mut hs = [Holding::EMPTY; 4];
    for (i, p) in parts.iter().enumerate() {
        if p.contains(['x', 'X']) {
            return Err(format!("“{p}”: expected exact cards (no x) in your hand"));
        }
        hs[i] = parse_holding(p)?;
    }
    let hand = Hand::from_holdings(hs);
    if hand.len() != 13 {
        return Err(format!("{} cards: expected 13", hand.len()));
    }
    Ok(hand)
}

/// The named cards of [`Field::Honours`], which must be among the `missing` ones.
pub(crate) fn named_cards(text: &str, missing: Holding) -> Result<Holding, FieldError> {
    let h = parse_holding(text).map_err(|m| FieldError::at(Field::Honours, m))?;
    if h.is_empty() {
        return Err(FieldError::at(
            Field::Honours,
            "expected at least one card, e.g. Q",
        ));
    }
    if h.bits() & !missing.bits() != 0 {
        return Err(FieldError::at(
            Field::Honours,
            format!("{h}: expected cards among the missing ones ({missing})"),
        ));
    }
    Ok(h)
}

/// A shape statistic by its query value (see [`super::STATS`]): `longest`, `voids`, … or a
/// suit letter for that suit's length.
pub fn parse_stat(text: &str) -> Result<ShapeStatistic, String> {
    Ok(match text.trim() {
        "longest" => ShapeStatistic::Longest,
        "shortest" => ShapeStatistic::Shortest,
        "voids" => ShapeStatistic::Voids,
        "singletons" => ShapeStatistic::Singletons,
        "doubletons" => ShapeStatistic::Doubletons,
        "four" => ShapeStatistic::SuitsOfFourPlus,
        s => match s.chars().next().and_then(Suit::from_char) {
            Some(suit) if s.chars().count() == 1 => ShapeStatistic::SuitLength(suit),
            _ => return Err(format!("“{s}”: expected one of the listed statistics")),
        },
    })
}
