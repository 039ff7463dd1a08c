//! Deal numbers: the bijections between the integers `0..D` and the bridge deals, and the
//! parsing of number text.
//!
//! D = 52!/(13!)⁴ = [`DEAL_COUNT`] = 53 644 737 765 488 792 839 237 440 000 < 2⁹⁶, so every
//! number fits in a `u128` and no bignum is needed.
//!
//! Two mappings live here, each in its own module with the same two functions:
//!
//! * [`kuipers`] — Big Deal's mapping (Jeroen Kuipers' "Gödel numbers"): suit-major cards,
//!   a mixed-radix number of three per-hand subset ranks (N most significant). Byte-compatible
//!   with `bigdealx`.
//! * [`pavlicek`] — Richard Pavlicek's card-by-card mapping (rpbridge.net article 7Z68):
//!   rank-major cards ♠A ♥A ♦A ♣A ♠K … ♣2, each card's holder a "digit", N E S W.
//!
//! The [`Mapping`] table lists both, so the CLI and the UI offer the same names.
//!
//! Panic policy: nothing here panics on user input; out-of-range numbers and malformed text
//! are [`NumberError`]s.

pub mod kuipers;
pub mod pavlicek;

use crate::deal::Deal;
use serde::{Deserialize, Serialize};
use std::ops::Range;
use thiserror::Error;

/// D, the number of bridge deals: 52!/(13!)⁴ = 53644737765488792839237440000.
pub const DEAL_COUNT: u128 = 53_644_737_765_488_792_839_237_440_000;

/// Binomial coefficients C(n, k) for n ≤ 52 and k ≤ 13 (all fit in a `u64`).
pub(crate) const BINOM: [[u64; 14]; 53] = {
    let mut t = [[0u64; 14]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 14 {
            if n > 0 {
                t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            }
            k += 1;
        }
        n += 1;
    }
    t
};

/// What went wrong turning a number (or number text) into a deal.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NumberError {
    /// The number is not below D.
    #[error(
        "deal number {number} is out of range: deal numbers run from 0 to \
         53644737765488792839237439999 (D - 1)"
    )]
    OutOfRange {
        /// The offending number.
        number: u128,
    },
    /// The text holds no digits.
    #[error("expected a deal number (decimal digits, or 0x and hex digits), found no digits")]
    Empty {
        /// Where the digits were expected (byte offsets into the text).
        span: Range<usize>,
    },
    /// A character that is neither a digit nor an allowed separator.
    #[error(
        "unexpected character '{found}' at column {column} of the deal number; expected {expected}"
    )]
    UnexpectedChar {
        /// The character found.
        found: char,
        /// 1-based column (in characters) of the character.
        column: usize,
        /// What was acceptable there.
        expected: &'static str,
        /// Byte span of the character in the text.
        span: Range<usize>,
    },
    /// The digits are fine but the value is far beyond D (does not even fit in 128 bits).
    #[error(
        "deal number is too large (it does not fit in 128 bits): deal numbers run from 0 to \
         53644737765488792839237439999 (D - 1)"
    )]
    TooLarge {
        /// Byte span of the number in the text.
        span: Range<usize>,
    },
}

/// Checks that `n < D`.
pub(crate) fn check_range(n: u128) -> Result<(), NumberError> {
    if n < DEAL_COUNT {
        Ok(())
    } else {
        Err(NumberError::OutOfRange { number: n })
    }
}

/// Parses deal-number text: decimal digits with optional thousands separators (`,` `_` `'`
/// or spaces, anywhere between digits), or `0x`/`0X` followed by hex digits (either case,
/// `_` and spaces allowed). Leading and trailing white space is ignored. The value must be
/// below D.
///
/// ```
/// # use fairdeal_model::parse_deal_number;
/// assert_eq!(parse_deal_number("1,234,567"), Ok(1234567));
/// assert_eq!(parse_deal_number("0xff"), Ok(255));
/// ```
pub fn parse_deal_number(text: &str) -> Result<u128, NumberError> {
    let start = text.len() - text.trim_start().len();
    let end = text.trim_end().len();
    let body = &text[start..end.max(start)];
    let (radix, digits_from, expected) = if body.starts_with("0x") || body.starts_with("0X") {
        (16u32, start + 2, "a hex digit 0-9 a-f, '_' or a space")
    } else {
        (
            10u32,
            start,
            "a decimal digit or a thousands separator (',' '_' ''' or a space)",
        )
    };
    let mut value: u128 = 0;
    let mut digits = 0usize;
    let mut last_was_digit = false;
    let mut last_separator: Option<(char, usize)> = None;
    let rest = &text[digits_from..end.max(digits_from)];
    for (off, c) in rest.char_indices() {
        let at = digits_from + off;
        if let Some(d) = c.to_digit(radix) {
            value = value
                .checked_mul(u128::from(radix))
                .and_then(|v| v.checked_add(u128::from(d)))
                .ok_or(NumberError::TooLarge { span: start..end })?;
            digits += 1;
            last_was_digit = true;
            continue;
        }
        let punctuation = match radix {
            16 => c == '_',
            _ => matches!(c, ',' | '_' | '\''),
        };
        // Separators go between digits: punctuation right after a digit, spaces after the
        // first digit.
        let ok = digits > 0 && ((punctuation && last_was_digit) || c.is_whitespace());
        if !ok {
            return Err(unexpected(text, c, at, expected));
        }
        last_was_digit = false;
        last_separator = Some((c, at));
    }
    if digits == 0 {
        return Err(NumberError::Empty {
            span: digits_from..end.max(digits_from),
        });
    }
    if let (false, Some((c, at))) = (last_was_digit, last_separator) {
        return Err(unexpected(text, c, at, "a digit after the separator"));
    }
    check_range(value)?;
    Ok(value)
}

/// The error for an unexpected character `c` at byte `at` of `text`.
fn unexpected(text: &str, c: char, at: usize, expected: &'static str) -> NumberError {
    NumberError::UnexpectedChar {
        found: c,
        column: text[..at].chars().count() + 1,
        expected,
        span: at..at + c.len_utf8(),
    }
}

/// The deal-number mappings, as one table for the CLI and the UI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mapping {
    /// Richard Pavlicek's card-by-card mapping (rank-major cards, seats N E S W).
    Pavlicek,
    /// Big Deal's mapping (Jeroen Kuipers): per-hand subset ranks, suit-major cards.
    BigDeal,
}

impl Mapping {
    /// Every mapping, in the order to list them.
    pub const ALL: [Mapping; 2] = [Mapping::Pavlicek, Mapping::BigDeal];

    /// Short machine name, as typed on a command line: `pavlicek`, `bigdeal`.
    pub const fn name(self) -> &'static str {
        match self {
            Mapping::Pavlicek => "pavlicek",
            Mapping::BigDeal => "bigdeal",
        }
    }

    /// A human label: "Pavlicek", "Big Deal (Kuipers)".
    pub const fn label(self) -> &'static str {
        match self {
            Mapping::Pavlicek => "Pavlicek",
            Mapping::BigDeal => "Big Deal (Kuipers)",
        }
    }

    /// One line saying what the mapping is.
    pub const fn description(self) -> &'static str {
        match self {
            Mapping::Pavlicek => {
                "card by card, cards ♠A ♥A ♦A ♣A ♠K … ♣2, seats N E S W (rpbridge.net 7Z68)"
            }
            Mapping::BigDeal => {
                "hand by hand, cards ♠A…♠2 ♥A…♣2, N's hand most significant (Big Deal, bigdealx)"
            }
        }
    }

    /// The mapping with this [`name`](Mapping::name) (ASCII case ignored), or `None`.
    pub fn from_name(name: &str) -> Option<Mapping> {
        Mapping::ALL
            .into_iter()
            .find(|m| m.name().eq_ignore_ascii_case(name))
    }

    /// The deal with number `n` under this mapping.
    pub fn deal(self, n: u128) -> Result<Deal, NumberError> {
        match self {
            Mapping::Pavlicek => pavlicek::deal_from_number(n),
            Mapping::BigDeal => kuipers::deal_from_number(n),
        }
    }

    /// The number of `deal` under this mapping (always below D).
    pub fn number(self, deal: &Deal) -> u128 {
        match self {
            Mapping::Pavlicek => pavlicek::number_of_deal(deal),
            Mapping::BigDeal => kuipers::number_of_deal(deal),
        }
    }
}

#[cfg(test)]
mod tests;
