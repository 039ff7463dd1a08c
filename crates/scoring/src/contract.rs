//! Contracts and the Law 77 score of a table result.
//!
//! Owns [`Strain`], [`Risk`], [`Contract`] (level 1–7, strain, risk), [`FinalContract`]
//! (a contract or a pass-out), the parsing of contract text (`4S`, `4SX`, `3NTXX`, `3N`,
//! `PASS`/`P`, any case, suit symbols too) and of result text (`=`, `+1`, `-2`, or tricks
//! taken), and [`Contract::declarer_score`] / [`ns_score`]: the score by Law 77, from the
//! declaring side's or from North–South's point of view.
//!
//! Invariants: a [`Contract`] always has a level in 1..=7 (its fields are private); tricks are
//! checked to be 0..=13 before any score is computed.
//!
//! Panic policy: nothing here panics on user input; [`Contract::new`] returns `None` for a bad
//! level.

#[cfg(test)]
mod tests;

use fairdeal_model::{Seat, Suit};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

pub use fairdeal_model::Strain;

/// Trick value of each trick bid after the first (20 minors, 30 majors and notrump).
const fn trick_value(strain: Strain) -> i32 {
    match strain {
        Strain::Clubs | Strain::Diamonds => 20,
        Strain::Hearts | Strain::Spades | Strain::Notrump => 30,
    }
}

/// Undoubled, doubled or redoubled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Risk {
    /// Undoubled.
    #[default]
    Undoubled,
    /// Doubled (`X`).
    Doubled,
    /// Redoubled (`XX`).
    Redoubled,
}

impl Risk {
    /// The multiplier m = 1, 2, 4 of Law 77.
    const fn factor(self) -> i32 {
        match self {
            Risk::Undoubled => 1,
            Risk::Doubled => 2,
            Risk::Redoubled => 4,
        }
    }

    /// `""`, `"X"` or `"XX"`.
    pub const fn text(self) -> &'static str {
        match self {
            Risk::Undoubled => "",
            Risk::Doubled => "X",
            Risk::Redoubled => "XX",
        }
    }
}

/// A contract: level 1–7, strain and risk. Read from JSON through [`Contract::new`], so a
/// stored level outside 1–7 is an error, never a contract whose arithmetic overflows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "ContractFields")]
pub struct Contract {
    level: u8,
    strain: Strain,
    risk: Risk,
}

/// The serialised fields of a [`Contract`], before the level is checked.
#[derive(Deserialize)]
struct ContractFields {
    level: u8,
    strain: Strain,
    risk: Risk,
}

impl TryFrom<ContractFields> for Contract {
    type Error = String;

    fn try_from(f: ContractFields) -> Result<Contract, String> {
        Contract::new(f.level, f.strain, f.risk)
            .ok_or_else(|| format!("contract level {}; expected 1 to 7", f.level))
    }
}

impl Contract {
    /// The contract, or `None` if `level` is not 1..=7.
    pub const fn new(level: u8, strain: Strain, risk: Risk) -> Option<Contract> {
        if level >= 1 && level <= 7 {
            Some(Contract {
                level,
                strain,
                risk,
            })
        } else {
            None
        }
    }

    /// Level 1..=7.
    pub const fn level(self) -> u8 {
        self.level
    }

    /// The strain.
    pub const fn strain(self) -> Strain {
        self.strain
    }

    /// Undoubled, doubled or redoubled.
    pub const fn risk(self) -> Risk {
        self.risk
    }

    /// Tricks declarer needs: level + 6.
    pub const fn tricks_needed(self) -> u8 {
        self.level + 6
    }

    /// The declaring side's Law 77 score (negative when defeated) for `tricks` taken.
    ///
    /// Errors when `tricks` is over 13.
    pub fn declarer_score(self, vulnerable: bool, tricks: u8) -> Result<i32, ScoreError> {
        if tricks > 13 {
            return Err(ScoreError::TooManyTricks { tricks });
        }
        let m = self.risk.factor();
        let level = i32::from(self.level);
        let need = i32::from(self.tricks_needed());
        let taken = i32::from(tricks);
        if taken >= need {
            let first_extra = match self.strain {
                Strain::Notrump => 10,
                Strain::Clubs | Strain::Diamonds | Strain::Hearts | Strain::Spades => 0,
            };
            let trick_score = (level * trick_value(self.strain) + first_extra) * m;
            let mut score = trick_score;
            score += match (trick_score >= 100, vulnerable) {
                (true, true) => 500,
                (true, false) => 300,
                (false, _) => 50,
            };
            score += match (self.level, vulnerable) {
                (6, false) => 500,
                (6, true) => 750,
                (7, false) => 1000,
                (7, true) => 1500,
                _ => 0,
            };
            let over = taken - need;
            score += match (self.risk, vulnerable) {
                (Risk::Undoubled, _) => over * trick_value(self.strain),
                (Risk::Doubled, false) => 50 + over * 100,
                (Risk::Doubled, true) => 50 + over * 200,
                (Risk::Redoubled, false) => 100 + over * 200,
                (Risk::Redoubled, true) => 100 + over * 400,
            };
            Ok(score)
        } else {
            let u = need - taken;
            let doubled = match vulnerable {
                true => 300 * u - 100,
                false => match u {
                    1 => 100,
                    2 => 300,
                    _ => 500 + 300 * (u - 3),
                },
            };
            let penalty = match self.risk {
                Risk::Undoubled => u * if vulnerable { 100 } else { 50 },
                Risk::Doubled => doubled,
                Risk::Redoubled => 2 * doubled,
            };
            Ok(-penalty)
        }
    }
}

impl fmt::Display for Contract {
    /// `4S`, `3NTX`, `7CXX`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}{}", self.level, self.strain, self.risk.text())
    }
}

/// What a table ended in: a contract, or four passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FinalContract {
    /// Passed out: 0 to both sides.
    PassedOut,
    /// A contract was played.
    Bid(Contract),
}

impl fmt::Display for FinalContract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FinalContract::PassedOut => f.write_str("PASS"),
            FinalContract::Bid(c) => c.fmt(f),
        }
    }
}

/// Why a score could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScoreError {
    /// More than 13 tricks.
    #[error("{tricks} tricks taken; expected 0 to 13")]
    TooManyTricks {
        /// The tricks given.
        tricks: u8,
    },
}

/// Why contract text did not parse. `at` is a byte offset into the text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ContractParseError {
    /// Nothing was given.
    #[error("empty contract; expected e.g. `4S`, `3NTX`, `2HXX` or `PASS`")]
    Empty,
    /// The text does not start with a level digit.
    #[error("`{text}` does not start with a level 1–7; expected e.g. `4S` or `PASS`")]
    NoLevel {
        /// The whole text.
        text: String,
    },
    /// Level 0, 8 or 9.
    #[error("level {level} in `{text}`; expected a level from 1 to 7")]
    Level {
        /// The level digit read.
        level: u8,
        /// The whole text.
        text: String,
    },
    /// No known strain after the level.
    #[error("unknown strain `{found}` at byte {at} of `{text}`; expected C, D, H, S or NT (or N)")]
    Strain {
        /// What was found instead (may be empty).
        found: String,
        /// Byte offset of `found`.
        at: usize,
        /// The whole text.
        text: String,
    },
    /// Trailing text that is not `X` or `XX`.
    #[error("unexpected `{found}` at byte {at} of `{text}`; expected nothing, `X` or `XX` after the strain")]
    Risk {
        /// The unexpected text.
        found: String,
        /// Byte offset of `found`.
        at: usize,
        /// The whole text.
        text: String,
    },
}

impl FromStr for FinalContract {
    type Err = ContractParseError;

    /// Parses `4S`, `4s`, `4♠`, `4SX`, `3NTXX`, `3N`, `PASS`, `P`, `Pass`; `*`/`×` also mean `X`.
    fn from_str(text: &str) -> Result<FinalContract, ContractParseError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(ContractParseError::Empty);
        }
        if t.eq_ignore_ascii_case("pass") || t.eq_ignore_ascii_case("p") || t == "-" {
            return Ok(FinalContract::PassedOut);
        }
        let lead = text.len() - text.trim_start().len();
        let mut chars = t.char_indices().peekable();
        let level = match chars.next() {
            Some((_, c)) if c.is_ascii_digit() => c as u8 - b'0',
            _ => return Err(ContractParseError::NoLevel { text: text.into() }),
        };
        if !(1..=7).contains(&level) {
            return Err(ContractParseError::Level {
                level,
                text: text.into(),
            });
        }
        let strain_at = chars.peek().map_or(t.len(), |&(i, _)| i);
        let strain = match chars.next() {
            Some((_, c)) if c.eq_ignore_ascii_case(&'n') => {
                if let Some(&(_, c2)) = chars.peek() {
                    if c2.eq_ignore_ascii_case(&'t') {
                        chars.next();
                    }
                }
                Strain::Notrump
            }
            Some((_, c)) => match Suit::from_char(c) {
                Some(s) => Strain::from(s),
                None => {
                    return Err(ContractParseError::Strain {
                        found: c.to_string(),
                        at: lead + strain_at,
                        text: text.into(),
                    })
                }
            },
            None => {
                return Err(ContractParseError::Strain {
                    found: String::new(),
                    at: lead + strain_at,
                    text: text.into(),
                })
            }
        };
        let rest_at = chars.peek().map_or(t.len(), |&(i, _)| i);
        let rest = &t[rest_at..];
        let risk = match rest.trim() {
            "" => Risk::Undoubled,
            "X" | "x" | "*" | "×" => Risk::Doubled,
            "XX" | "xx" | "Xx" | "xX" | "**" | "××" => Risk::Redoubled,
            other => {
                return Err(ContractParseError::Risk {
                    found: other.into(),
                    at: lead + rest_at,
                    text: text.into(),
                })
            }
        };
        Ok(FinalContract::Bid(Contract {
            level,
            strain,
            risk,
        }))
    }
}

/// Why result text did not parse or does not fit the contract.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ResultParseError {
    /// Empty result for a played contract.
    #[error("empty result; expected `=`, `+1`, `-2` or the tricks taken (0–13)")]
    Empty,
    /// Not `=`, `+n`, `-n` or a number.
    #[error("result `{text}` not understood; expected `=`, `+1`, `-2` or the tricks taken (0–13)")]
    Syntax {
        /// The text.
        text: String,
    },
    /// The result would need fewer than 0 or more than 13 tricks.
    #[error("result `{text}` is impossible for {contract}: it needs {need} tricks, so the result must be from -{need} to +{max_over}")]
    Impossible {
        /// The text.
        text: String,
        /// The contract.
        contract: Contract,
        /// Tricks the contract needs.
        need: u8,
        /// Most overtricks possible (13 − need).
        max_over: u8,
    },
}

/// Parses result text against a contract and returns the tricks declarer took.
///
/// Accepts `=` (also `=0`, `M`), `+n`, `-n` and a bare trick count `0`–`13`.
pub fn parse_result(text: &str, contract: Contract) -> Result<u8, ResultParseError> {
    let t = text.trim();
    let need = contract.tricks_needed();
    let impossible = || ResultParseError::Impossible {
        text: t.into(),
        contract,
        need,
        max_over: 13 - need,
    };
    let syntax = || ResultParseError::Syntax { text: t.into() };
    if t.is_empty() {
        return Err(ResultParseError::Empty);
    }
    if t == "=" || t.eq_ignore_ascii_case("m") || t == "=0" {
        return Ok(need);
    }
    let digits = |s: &str| -> Result<u32, ResultParseError> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            Err(syntax())
        } else {
            s.parse::<u32>().map_err(|_| syntax())
        }
    };
    let tricks = if let Some(r) = t.strip_prefix('+') {
        u32::from(need) + digits(r)?
    } else if let Some(r) = t.strip_prefix('-').or_else(|| t.strip_prefix('−')) {
        let down = digits(r)?;
        if down == 0 || down > u32::from(need) {
            return Err(impossible());
        }
        u32::from(need) - down
    } else {
        digits(t)?
    };
    if tricks > 13 {
        return Err(impossible());
    }
    Ok(tricks as u8)
}

/// Is a seat on the North–South side?
pub const fn is_ns(seat: Seat) -> bool {
    matches!(seat, Seat::North | Seat::South)
}

/// The score from North–South's point of view (positive = NS plus) of a contract declared
/// by `declarer` taking `tricks`, with the vulnerability of the declaring side given by
/// `declarer_vulnerable`. A pass-out scores 0.
pub fn ns_score(
    contract: FinalContract,
    declarer: Seat,
    declarer_vulnerable: bool,
    tricks: u8,
) -> Result<i32, ScoreError> {
    match contract {
        FinalContract::PassedOut => Ok(0),
        FinalContract::Bid(c) => {
            let s = c.declarer_score(declarer_vulnerable, tricks)?;
            Ok(if is_ns(declarer) { s } else { -s })
        }
    }
}
