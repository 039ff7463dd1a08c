//! What an opponent showed in the auction, as a player types it: comma-separated items
//! `hcp 11-15`, `spades 5+`, `h 0-1`, `diamonds 3`, `clubs 4-` (a suit by name or letter;
//! a number, `a-b`, `a+` or `a-`). [`Position::show`] narrows the opponent's dealt ranges.

use super::Position;
use crate::hidden::HcpRange;
use crate::shape::LengthRange;
use std::fmt;

/// Why a "shown" text cannot be read: the 1-based column of the item and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShownError {
    /// Column (in characters, from 1) where the bad item starts.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ShownError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ShownError {}

/// What one opponent showed: a point range and a length range per suit (♠ ♥ ♦ ♣).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown {
    /// HCP as dealt.
    pub hcp: HcpRange,
    /// Length per suit as dealt.
    pub lengths: [LengthRange; 4],
}

impl Default for Shown {
    fn default() -> Self {
        Shown {
            hcp: HcpRange::ANY,
            lengths: [LengthRange::ANY; 4],
        }
    }
}

/// `n`, `a-b`, `a+` or `a-` within `0..=most`.
fn range(text: &str, most: u32) -> Option<(u32, u32)> {
    let num = |s: &str| s.trim().parse::<u32>().ok().filter(|&n| n <= most);
    let (lo, hi) = if let Some(a) = text.strip_suffix('+') {
        (num(a)?, most)
    } else if let Some(a) = text.strip_suffix('-') {
        (0, num(a)?)
    } else if let Some((a, b)) = text.split_once('-') {
        (num(a)?, num(b)?)
    } else {
        let n = num(text)?;
        (n, n)
    };
    (lo <= hi).then_some((lo, hi))
}

impl Shown {
    /// Reads `text` (empty: nothing shown). A later item on the same thing replaces an
    /// earlier one.
    pub fn parse(text: &str) -> Result<Shown, ShownError> {
        let mut shown = Shown::default();
        let mut offset = 0;
        for item in text.split(',') {
            let column =
                text[..offset].chars().count() + 1 + (item.len() - item.trim_start().len());
            offset += item.len() + 1;
            let item = item.trim();
            if item.is_empty() {
                continue;
            }
            let err = |message: String| ShownError { column, message };
            let (what, value) = item
                .split_once(char::is_whitespace)
                .ok_or_else(|| err(format!("`{item}`: expected `hcp 11-15` or `spades 5+`")))?;
            let value = value.trim();
            let suit = match what.to_ascii_lowercase().as_str() {
                "hcp" | "points" => None,
                "s" | "spades" => Some(0),
                "h" | "hearts" => Some(1),
                "d" | "diamonds" => Some(2),
                "c" | "clubs" => Some(3),
                other => {
                    return Err(err(format!(
                        "`{other}`: expected hcp, spades, hearts, diamonds or clubs"
                    )))
                }
            };
            let most = if suit.is_some() { 13 } else { 37 };
            let (lo, hi) = range(value, most).ok_or_else(|| {
                err(format!(
                    "`{value}`: expected a number, a-b, a+ or a- from 0 to {most}"
                ))
            })?;
            match suit {
                None => shown.hcp = HcpRange::new(lo, hi).map_err(|e| err(e.to_string()))?,
                Some(i) => {
                    shown.lengths[i] = LengthRange::new(lo, hi).map_err(|e| err(e.to_string()))?
                }
            }
        }
        Ok(shown)
    }
}

impl Position {
    /// Narrows what declarer's left-hand (`west`) or right-hand opponent was dealt to what
    /// the auction showed.
    pub fn show(&mut self, west: bool, shown: &Shown) {
        if west {
            self.west_lengths = shown.lengths;
            self.west_hcp = shown.hcp;
        } else {
            self.east_lengths = shown.lengths;
            self.east_hcp = shown.hcp;
        }
    }

    /// Every chart of the position: the split of each suit (♠ to ♣), then the unseen
    /// honours' locations (what `fairdeal odds` prints and the viewer's odds panel shows).
    pub fn charts(&self) -> Result<Vec<crate::Chart>, crate::ProbError> {
        let mut out = Vec::new();
        for suit in fairdeal_model::Suit::ALL {
            out.push(self.split_chart(suit)?);
        }
        out.push(self.honour_chart()?);
        Ok(out)
    }
}
