//! Hand shape: the 560 ordered suit-length patterns (♠=♥=♦=♣) and the 39 patterns, and the
//! statistics derived from them — longest and shortest suit, voids, singletons, doubletons,
//! suits of four or more, length of a named suit — plus hands meeting suit-length ranges.
//!
//! Method: an ordered pattern `l♠=l♥=l♦=l♣` has `Π C(13, l_s)` hands; everything else sums
//! those 560 counts (total C(52,13) = 635,013,559,600).

use serde::{Deserialize, Serialize};

use fairdeal_model::Suit;

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::exact::{binomial, Fraction};
use crate::ProbError;

/// Hands of 13 cards: C(52,13).
pub const HANDS: u128 = 635_013_559_600;

/// Suit lengths in ♠ ♥ ♦ ♣ order.
pub type Lengths = [u8; 4];

/// Hands with exactly these suit lengths (any order; must add up to 13, else 0).
pub fn hands_with_ordered_pattern(lengths: Lengths) -> u128 {
    if lengths.iter().map(|&l| u32::from(l)).sum::<u32>() != 13 {
        return 0;
    }
    lengths.iter().map(|&l| binomial(13, l.into())).product()
}

/// All 560 ordered patterns with their hand counts, in lexicographic order of lengths.
pub fn ordered_patterns() -> Vec<(Lengths, u128)> {
    let mut out = Vec::with_capacity(560);
    for s in 0..=13u8 {
        for h in 0..=13 - s {
            for d in 0..=13 - s - h {
                let l = [s, h, d, 13 - s - h - d];
                out.push((l, hands_with_ordered_pattern(l)));
            }
        }
    }
    out
}

/// A hand pattern: four lengths, longest first (`[5, 3, 3, 2]` is "5-3-3-2").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pattern(pub Lengths);

impl Pattern {
    /// The pattern of four lengths in any order; they must add up to 13.
    pub fn new(lengths: [u32; 4]) -> Result<Pattern, ProbError> {
        if lengths.iter().any(|&l| l > 13) || lengths.iter().sum::<u32>() != 13 {
            return Err(ProbError::BadPattern {
                given: lengths.to_vec(),
            });
        }
        let mut l = lengths.map(|x| x as u8);
        l.sort_unstable_by(|a, b| b.cmp(a));
        Ok(Pattern(l))
    }

    /// The pattern of an ordered one.
    pub fn of(lengths: Lengths) -> Pattern {
        let mut l = lengths;
        l.sort_unstable_by(|a, b| b.cmp(a));
        Pattern(l)
    }

    /// Number of distinct suit orders (4, 12 or 24; 1 cannot happen with 13 cards).
    pub fn suit_orders(self) -> u32 {
        let mut orders = 0;
        for (l, _) in ordered_patterns() {
            if Pattern::of(l) == self {
                orders += 1;
            }
        }
        orders
    }

    /// True for 4-3-3-3, 4-4-3-2 and 5-3-3-2.
    pub fn is_balanced(self) -> bool {
        matches!(self.0, [4, 3, 3, 3] | [4, 4, 3, 2] | [5, 3, 3, 2])
    }
}

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let [a, b, c, d] = self.0;
        write!(f, "{a}-{b}-{c}-{d}")
    }
}

/// One of the 39 patterns with its counts (a row of [`pattern_table`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternCount {
    /// The pattern.
    pub pattern: Pattern,
    /// Distinct suit orders.
    pub suit_orders: u32,
    /// Hands for one suit order, `Π C(13, l)`.
    pub hands_per_order: u128,
    /// All hands of the pattern.
    pub hands: u128,
}

/// The 39 patterns, most frequent first (ties: the pattern with the shorter long suit first).
pub fn pattern_table() -> Vec<PatternCount> {
    let mut table: Vec<PatternCount> = Vec::with_capacity(39);
    for (l, c) in ordered_patterns() {
        let p = Pattern::of(l);
        match table.iter_mut().find(|r| r.pattern == p) {
            Some(r) => {
                r.suit_orders += 1;
                r.hands += c;
            }
            None => table.push(PatternCount {
                pattern: p,
                suit_orders: 1,
                hands_per_order: c,
                hands: c,
            }),
        }
    }
    table.sort_by(|a, b| b.hands.cmp(&a.hands).then(a.pattern.cmp(&b.pattern)));
    table
}

/// Chart of the 39 hand patterns, most frequent first.
pub fn hand_patterns() -> Result<Chart, ProbError> {
    Chart::new(
        "Hand patterns",
        "hands(pattern) = suit orders × Π C(13, l_i), over C(52,13)",
        "hands",
        HANDS,
        DEFAULT_DECIMALS,
        pattern_table()
            .into_iter()
            .map(|r| (r.pattern.to_string(), r.hands)),
    )
}

/// Chart of the 560 ordered patterns (labels `"5=3=3=2"`, ♠=♥=♦=♣), in lexicographic order.
pub fn ordered_pattern_chart() -> Result<Chart, ProbError> {
    Chart::new(
        "Ordered hand patterns (♠=♥=♦=♣)",
        "hands(l♠=l♥=l♦=l♣) = Π C(13, l_s), over C(52,13)",
        "hands",
        HANDS,
        DEFAULT_DECIMALS,
        ordered_patterns()
            .into_iter()
            .map(|([s, h, d, c], n)| (format!("{s}={h}={d}={c}"), n)),
    )
}

/// A statistic of a hand's shape that [`shape_statistic`] charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShapeStatistic {
    /// Length of the longest suit (4..=13).
    Longest,
    /// Length of the shortest suit (0..=3).
    Shortest,
    /// Number of voids.
    Voids,
    /// Number of singletons.
    Singletons,
    /// Number of doubletons.
    Doubletons,
    /// Number of suits of four or more cards.
    SuitsOfFourPlus,
    /// Length of one named suit (0..=13).
    SuitLength(Suit),
}

impl ShapeStatistic {
    fn value(self, l: Lengths) -> u8 {
        let count = |f: &dyn Fn(u8) -> bool| l.iter().filter(|&&x| f(x)).count() as u8;
        match self {
            ShapeStatistic::Longest => l.iter().copied().max().unwrap_or(0),
            ShapeStatistic::Shortest => l.iter().copied().min().unwrap_or(0),
            ShapeStatistic::Voids => count(&|x| x == 0),
            ShapeStatistic::Singletons => count(&|x| x == 1),
            ShapeStatistic::Doubletons => count(&|x| x == 2),
            ShapeStatistic::SuitsOfFourPlus => count(&|x| x >= 4),
            ShapeStatistic::SuitLength(s) => l[s.index()],
        }
    }

    fn title(self) -> String {
        match self {
            ShapeStatistic::Longest => "Longest suit".into(),
            ShapeStatistic::Shortest => "Shortest suit".into(),
            ShapeStatistic::Voids => "Number of voids".into(),
            ShapeStatistic::Singletons => "Number of singletons".into(),
            ShapeStatistic::Doubletons => "Number of doubletons".into(),
            ShapeStatistic::SuitsOfFourPlus => "Number of suits of four or more".into(),
            ShapeStatistic::SuitLength(s) => format!("Length of the {} suit", s.name()),
        }
    }
}

/// Chart of a shape statistic over all hands; rows are the values that occur, ascending.
pub fn shape_statistic(stat: ShapeStatistic) -> Result<Chart, ProbError> {
    let mut by_value = [0u128; 14];
    for (l, c) in ordered_patterns() {
        by_value[stat.value(l) as usize] += c;
    }
    Chart::new(
        stat.title(),
        "Σ over the 560 ordered patterns with that value of Π C(13, l_s), over C(52,13)",
        "hands",
        HANDS,
        DEFAULT_DECIMALS,
        by_value
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(v, &c)| (v.to_string(), c)),
    )
}

/// An inclusive range of suit lengths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LengthRange {
    /// Fewest cards.
    pub min: u8,
    /// Most cards.
    pub max: u8,
}

impl LengthRange {
    /// Any length, 0..=13.
    pub const ANY: LengthRange = LengthRange { min: 0, max: 13 };

    /// `min..=max`, with `min ≤ max ≤ 13`.
    pub fn new(min: u32, max: u32) -> Result<LengthRange, ProbError> {
        if min > max || max > 13 {
            return Err(ProbError::BadRange { min, max });
        }
        Ok(LengthRange {
            min: min as u8,
            max: max as u8,
        })
    }

    /// Exactly `n` cards.
    pub fn exactly(n: u32) -> Result<LengthRange, ProbError> {
        LengthRange::new(n, n)
    }

    /// Whether `l` is in the range.
    pub fn contains(self, l: u8) -> bool {
        self.min <= l && l <= self.max
    }
}

/// Hands whose ♠ ♥ ♦ ♣ lengths lie in the given ranges.
pub fn hands_with_lengths(ranges: [LengthRange; 4]) -> u128 {
    ordered_patterns()
        .into_iter()
        .filter(|(l, _)| (0..4).all(|i| ranges[i].contains(l[i])))
        .map(|(_, c)| c)
        .sum()
}

/// Probability that a hand's suit lengths lie in `event` given that they lie in `given`.
pub fn length_probability(
    event: [LengthRange; 4],
    given: [LengthRange; 4],
) -> Result<Fraction, ProbError> {
    let both = std::array::from_fn(|i| LengthRange {
        min: event[i].min.max(given[i].min),
        max: event[i].max.min(given[i].max),
    });
    let joint = if (0..4).all(|i: usize| both[i].min <= both[i].max) {
        hands_with_lengths(both)
    } else {
        0
    };
    Fraction::new(joint, hands_with_lengths(given)).ok_or_else(|| ProbError::Impossible {
        what: "the given suit lengths".to_string(),
    })
}
