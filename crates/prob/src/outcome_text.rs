//! A simulated question's outcome from the text a person types — the Probability page's
//! simulation form and `fairdeal prob --simulate` read the same fields the same way:
//! [`OUTCOME_KINDS`] (the kinds offered), [`OutcomeText::outcome`] (fields → [`Outcome`]),
//! [`parse_strain`] and [`parse_samples`]. Messages name the field and quote what was typed.
//!
//! Panic policy: no panics on any text.

use fairdeal_model::{Seat, Strain, Suit};

use crate::simulate::Outcome;

/// The outcome kinds offered: key, label.
pub const OUTCOME_KINDS: [(&str, &str); 4] = [
    ("longest", "a seat's longest suit is"),
    ("condition", "another condition holds"),
    ("losers", "a seat has at most N losers (LTC)"),
    ("tricks", "double dummy: declarer makes N tricks"),
];

/// The outcome's fields as typed (only the kind's fields are read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutcomeText<'a> {
    /// Outcome kind key (see [`OUTCOME_KINDS`]).
    pub kind: &'a str,
    /// Condition text for `condition` (constraint language).
    pub condition: &'a str,
    /// Seat letter (longest, losers; declarer for tricks).
    pub seat: &'a str,
    /// Suit letter for `longest`.
    pub suit: &'a str,
    /// Strain for `tricks` (`C D H S NT`).
    pub strain: &'a str,
    /// A number: most losers, or tricks needed.
    pub number: &'a str,
}

impl OutcomeText<'_> {
    /// The outcome these fields describe, or a message naming the field.
    pub fn outcome(&self) -> Result<Outcome, String> {
        let seat = || {
            self.seat
                .trim()
                .chars()
                .next()
                .and_then(Seat::from_char)
                .ok_or_else(|| format!("seat: expected N, E, S or W, got `{}`", self.seat))
        };
        let number = |what: &str, max: u8| {
            self.number
                .trim()
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= max)
                .ok_or_else(|| {
                    format!(
                        "{what}: expected a whole number 0 to {max}, got `{}`",
                        self.number
                    )
                })
        };
        match self.kind.trim() {
            "condition" => Ok(Outcome::Condition(self.condition.to_string())),
            "longest" => Ok(Outcome::LongestSuit {
                seat: seat()?,
                suit: self
                    .suit
                    .trim()
                    .chars()
                    .next()
                    .and_then(Suit::from_char)
                    .ok_or_else(|| format!("suit: expected S, H, D or C, got `{}`", self.suit))?,
            }),
            "losers" => Ok(Outcome::Losers {
                seat: seat()?,
                max: number("losers", 12)?,
            }),
            "tricks" => Ok(Outcome::Tricks {
                declarer: seat()?,
                strain: parse_strain(self.strain).ok_or_else(|| {
                    format!("strain: expected C, D, H, S or NT, got `{}`", self.strain)
                })?,
                at_least: number("tricks", 13)?,
            }),
            other => {
                let keys: Vec<&str> = OUTCOME_KINDS.iter().map(|(k, _)| *k).collect();
                Err(format!(
                    "outcome: expected one of {}, got `{other}`",
                    keys.join(", ")
                ))
            }
        }
    }
}

/// A strain by its text, any case: `C`, `D`, `H`, `S` or `NT`.
pub fn parse_strain(text: &str) -> Option<Strain> {
    Strain::ASC
        .into_iter()
        .find(|s| s.text().eq_ignore_ascii_case(text.trim()))
}

/// A sample count `1..=max`, digits grouped with `,`, `_` or spaces allowed.
pub fn parse_samples(text: &str, max: u32) -> Result<u32, String> {
    text.trim()
        .replace([',', '_', ' '], "")
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("samples: expected 1 to {max}, got `{text}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text<'a>(kind: &'a str, number: &'a str) -> OutcomeText<'a> {
        OutcomeText {
            kind,
            condition: "north: hcp 12+",
            seat: "s",
            suit: "H",
            strain: "nt",
            number,
        }
    }

    #[test]
    fn fields_become_outcomes_or_messages_naming_the_field() {
        assert_eq!(
            text("tricks", "9").outcome(),
            Ok(Outcome::Tricks {
                declarer: Seat::South,
                strain: Strain::Notrump,
                at_least: 9
            })
        );
        assert_eq!(
            text("longest", "").outcome(),
            Ok(Outcome::LongestSuit {
                seat: Seat::South,
                suit: Suit::Hearts
            })
        );
        assert_eq!(
            text("losers", " 7 ").outcome(),
            Ok(Outcome::Losers {
                seat: Seat::South,
                max: 7
            })
        );
        assert_eq!(
            text("condition", "").outcome(),
            Ok(Outcome::Condition("north: hcp 12+".into()))
        );
        assert!(text("losers", "13")
            .outcome()
            .unwrap_err()
            .starts_with("losers:"));
        assert!(text("tricks", "14")
            .outcome()
            .unwrap_err()
            .starts_with("tricks:"));
        let bad_seat = OutcomeText {
            seat: "X",
            ..text("losers", "7")
        };
        assert!(bad_seat.outcome().unwrap_err().starts_with("seat:"));
        let bad_strain = OutcomeText {
            strain: "N",
            ..text("tricks", "9")
        };
        assert!(bad_strain.outcome().unwrap_err().starts_with("strain:"));
        assert!(text("nope", "1")
            .outcome()
            .unwrap_err()
            .contains("longest, condition"));
        assert_eq!(parse_strain(" s "), Some(Strain::Spades));
        assert_eq!(parse_samples("200,000", 10_000_000), Ok(200_000));
        assert!(parse_samples("0", 10).is_err());
        assert!(parse_samples("11", 10).is_err());
    }
}
