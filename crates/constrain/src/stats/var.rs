//! The quantities the analyser tabulates ([`Var`]) and the tables it draws ([`TableSpec`]),
//! with their text form: `pattern:N`, `hcp:S`, `spades:E` (also `hearts`, `diamonds`,
//! `clubs`), `hcp:NS` (a partnership's combined HCP), and two of them joined by a comma for
//! a two-way table (`hcp:N,hcp:S`).

use crate::combin::binomial;
use crate::engine::Observer;
use crate::spec::{Pair, Scale};
use fairdeal_model::{Deal, Seat, Suit};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// One tabulated quantity of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Var {
    /// A seat's hand pattern (sorted lengths, 39 values, most frequent first).
    Pattern(Seat),
    /// A seat's HCP, 0–37.
    Hcp(Seat),
    /// A seat's length in a suit, 0–13.
    Length(Seat, Suit),
    /// A partnership's combined HCP, 0–40.
    PairHcp(Pair),
}

/// The 39 hand patterns (lengths sorted descending), most frequent first (ties by pattern).
pub fn patterns() -> &'static [[u8; 4]] {
    static P: OnceLock<Vec<([u8; 4], u128)>> = OnceLock::new();
    static Q: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    Q.get_or_init(|| {
        P.get_or_init(|| {
            let mut v = Vec::new();
            for a in 0..=13u8 {
                for b in 0..=a.min(13 - a) {
                    for c in 0..=b.min(13 - a - b) {
                        let d = 13 - a - b - c;
                        if d <= c {
                            let p = [a, b, c, d];
                            let hands: u128 = p.iter().map(|&l| binomial(13, l as usize)).product();
                            v.push((p, hands * orders(p)));
                        }
                    }
                }
            }
            v.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
            v
        })
        .iter()
        .map(|x| x.0)
        .collect()
    })
}

/// How many suit orders a sorted pattern has (4, 12 or 24).
fn orders(p: [u8; 4]) -> u128 {
    let mut counts = std::collections::BTreeMap::new();
    for l in p {
        *counts.entry(l).or_insert(0u32) += 1;
    }
    let fact = |n: u32| (1..=u128::from(n)).product::<u128>();
    24 / counts.values().map(|&c| fact(c)).product::<u128>()
}

/// The index of a shape's pattern in [`patterns`].
pub fn pattern_index(shape: [u8; 4]) -> usize {
    let mut s = shape;
    s.sort_unstable_by(|a, b| b.cmp(a));
    patterns().iter().position(|&p| p == s).unwrap_or(0)
}

fn seat_letter(s: Seat) -> char {
    s.letter()
}

impl Var {
    /// Number of cells (possible values).
    pub fn cells(&self) -> usize {
        match self {
            Var::Pattern(_) => patterns().len(),
            Var::Hcp(_) => 38,
            Var::Length(..) => 14,
            Var::PairHcp(_) => 41,
        }
    }

    /// The label of cell `i` (`4-4-3-2`, `12`).
    pub fn label(&self, i: usize) -> String {
        match self {
            Var::Pattern(_) => {
                let p = patterns()[i.min(38)];
                format!("{}-{}-{}-{}", p[0], p[1], p[2], p[3])
            }
            Var::Hcp(_) | Var::Length(..) | Var::PairHcp(_) => i.to_string(),
        }
    }

    /// The cell of a deal.
    pub fn cell(&self, deal: &Deal) -> usize {
        match *self {
            Var::Pattern(s) => pattern_index(deal.hand(s).shape()),
            Var::Hcp(s) => deal.hand(s).hcp() as usize,
            Var::Length(s, suit) => deal.hand(s).suit_len(suit) as usize,
            Var::PairHcp(p) => p.seats().iter().map(|&s| deal.hand(s).hcp() as usize).sum(),
        }
    }

    /// The engine observer whose values determine this quantity.
    pub fn observer(&self) -> Observer {
        let hcp = Scale::hcp().weights;
        match *self {
            Var::Pattern(s) => Observer::Shape(s),
            Var::Length(s, suit) => Observer::Length(s, suit),
            Var::Hcp(s) => Observer::Points(s, hcp),
            Var::PairHcp(p) => Observer::PairPoints(p, hcp),
        }
    }

    /// The cell of an observed value of [`Var::observer`] (a shape's lengths, a length, or
    /// half-points).
    pub fn cell_of_observed(&self, v: &[u32]) -> usize {
        match *self {
            Var::Pattern(_) => {
                let mut s = [0u8; 4];
                for (d, x) in s.iter_mut().zip(v) {
                    *d = *x as u8;
                }
                pattern_index(s)
            }
            Var::Length(..) => v.first().copied().unwrap_or(0) as usize,
            Var::Hcp(_) | Var::PairHcp(_) => v.first().copied().unwrap_or(0) as usize / 2,
        }
    }

    /// True if the cells are numbers (so a mean makes sense).
    pub fn is_numeric(&self) -> bool {
        !matches!(self, Var::Pattern(_))
    }

    /// The numeric value of cell `i` (its index for numeric quantities).
    pub fn value(&self, i: usize) -> f64 {
        i as f64
    }
}

impl fmt::Display for Var {
    /// The text form (`hcp:N`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Var::Pattern(s) => write!(f, "pattern:{}", seat_letter(*s)),
            Var::Hcp(s) => write!(f, "hcp:{}", seat_letter(*s)),
            Var::Length(s, suit) => {
                write!(
                    f,
                    "{}:{}",
                    suit.name().to_ascii_lowercase(),
                    seat_letter(*s)
                )
            }
            Var::PairHcp(p) => write!(f, "hcp:{}", p.to_string().to_ascii_uppercase()),
        }
    }
}

impl Var {
    /// A readable title (`HCP North`, `♠ length East`).
    pub fn title(&self) -> String {
        match self {
            Var::Pattern(s) => format!("pattern {}", s.name()),
            Var::Hcp(s) => format!("HCP {}", s.name()),
            Var::Length(s, suit) => format!("{} length {}", suit.symbol(), s.name()),
            Var::PairHcp(p) => format!("HCP {}", p.to_string().to_ascii_uppercase()),
        }
    }
}

/// Why a statistic's text form was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StatParseError {
    /// The quantity is not known.
    #[error("column {column}: unknown quantity `{word}`; expected pattern, hcp, spades, hearts, diamonds or clubs")]
    Quantity {
        /// 1-based column of the word.
        column: usize,
        /// The word.
        word: String,
    },
    /// The seat is not known (or a partnership where only seats are allowed).
    #[error(
        "column {column}: `{word}` is not a seat for {quantity}; expected N, E, S or W{pairs}"
    )]
    Seat {
        /// 1-based column of the word.
        column: usize,
        /// The word.
        word: String,
        /// The quantity.
        quantity: String,
        /// ", NS or EW" where partnerships are allowed.
        pairs: &'static str,
    },
    /// Not of the form `quantity:seat`.
    #[error("column {column}: expected quantity:seat (e.g. hcp:N), found `{text}`")]
    Form {
        /// 1-based column.
        column: usize,
        /// The text.
        text: String,
    },
    /// More than two quantities.
    #[error("a table has one or two quantities (a,b), found {count}")]
    TooMany {
        /// How many.
        count: usize,
    },
}

fn parse_var(text: &str, column: usize) -> Result<Var, StatParseError> {
    let t = text.trim();
    let lead = text.len() - text.trim_start().len();
    let Some((q, w)) = t.split_once(':') else {
        return Err(StatParseError::Form {
            column: column + lead,
            text: t.to_string(),
        });
    };
    let wcol = column + lead + q.len() + 1;
    let seat = |pairs: bool| -> Result<Result<Seat, Pair>, StatParseError> {
        let w = w.trim();
        match w.to_ascii_uppercase().as_str() {
            "N" | "NORTH" => Ok(Ok(Seat::North)),
            "E" | "EAST" => Ok(Ok(Seat::East)),
            "S" | "SOUTH" => Ok(Ok(Seat::South)),
            "W" | "WEST" => Ok(Ok(Seat::West)),
            "NS" if pairs => Ok(Err(Pair::NorthSouth)),
            "EW" if pairs => Ok(Err(Pair::EastWest)),
            _ => Err(StatParseError::Seat {
                column: wcol,
                word: w.to_string(),
                quantity: q.to_string(),
                pairs: if pairs { ", NS or EW" } else { "" },
            }),
        }
    };
    let only_seat = |r: Result<Seat, Pair>| r.unwrap_or(Seat::North);
    match q.to_ascii_lowercase().as_str() {
        "pattern" => Ok(Var::Pattern(only_seat(seat(false)?))),
        "hcp" => Ok(match seat(true)? {
            Ok(s) => Var::Hcp(s),
            Err(p) => Var::PairHcp(p),
        }),
        word => {
            let suit = match word {
                "spades" | "s" => Suit::Spades,
                "hearts" | "h" => Suit::Hearts,
                "diamonds" | "d" => Suit::Diamonds,
                "clubs" | "c" => Suit::Clubs,
                _ => {
                    return Err(StatParseError::Quantity {
                        column: column + lead,
                        word: q.to_string(),
                    })
                }
            };
            Ok(Var::Length(only_seat(seat(false)?), suit))
        }
    }
}

/// A table: one quantity, or two for a two-way table (rows × columns).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableSpec {
    /// One or two quantities.
    pub vars: Vec<Var>,
}

impl TableSpec {
    /// A one-way table.
    pub fn one(v: Var) -> TableSpec {
        TableSpec { vars: vec![v] }
    }

    /// Number of cells (rows × columns).
    pub fn cells(&self) -> usize {
        self.vars.iter().map(Var::cells).product()
    }

    /// The cell of a deal (row-major).
    pub fn cell(&self, deal: &Deal) -> usize {
        self.vars
            .iter()
            .fold(0, |acc, v| acc * v.cells() + v.cell(deal))
    }

    /// The labels of cell `i` (one per quantity).
    pub fn labels(&self, i: usize) -> Vec<String> {
        let mut out = Vec::new();
        let mut rest = i;
        for v in self.vars.iter().rev() {
            out.push(v.label(rest % v.cells()));
            rest /= v.cells();
        }
        out.reverse();
        out
    }

    /// A readable title (`HCP North × HCP South`).
    pub fn title(&self) -> String {
        self.vars
            .iter()
            .map(Var::title)
            .collect::<Vec<_>>()
            .join(" × ")
    }

    /// The default tables for every seat: pattern, HCP and the four suit lengths.
    pub fn defaults() -> Vec<TableSpec> {
        let mut v = Vec::new();
        for s in Seat::ALL {
            v.push(TableSpec::one(Var::Pattern(s)));
            v.push(TableSpec::one(Var::Hcp(s)));
            for suit in Suit::ALL {
                v.push(TableSpec::one(Var::Length(s, suit)));
            }
        }
        v
    }
}

impl fmt::Display for TableSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.vars.iter().map(Var::to_string).collect();
        f.write_str(&parts.join(","))
    }
}

impl FromStr for TableSpec {
    type Err = StatParseError;

    fn from_str(s: &str) -> Result<TableSpec, StatParseError> {
        let parts: Vec<&str> = s.split(',').collect();
        if parts.len() > 2 {
            return Err(StatParseError::TooMany { count: parts.len() });
        }
        let mut col = 1;
        let mut vars = Vec::new();
        for p in parts {
            vars.push(parse_var(p, col)?);
            col += p.len() + 1;
        }
        Ok(TableSpec { vars })
    }
}
