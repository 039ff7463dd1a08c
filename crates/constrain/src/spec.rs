//! The constraint language as data: the syntax tree of a constraint file and its `Display`.
//!
//! A [`Spec`] is what [`crate::parse`] returns and what `Display` prints back, so that
//! `parse(&spec.to_string()) == Ok(spec)`. It holds the user's point scales, the common
//! statements and the levelled categories. [`Spec::constraints`] resolves it into the
//! checked [`ConstraintSet`] the engine works on.
//!
//! Units: every point value (HCP, controls, user scales) is kept in **half-points** so that
//! scales such as 4-3-2-1-½ stay integral; the text form shows whole and `.5` values.

use crate::conditions::{ConstraintSet, PairCondition, PairKind, ScaleRange, SeatConditions};
use crate::shape::{LenRange, ShapeExpr, ShapeSet};
use fairdeal_model::{Card, Hand, Holding, Rank, Seat, Suit};
use std::fmt;
use thiserror::Error;

/// An additive point scale over the top five ranks, in half-points (A K Q J T).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scale {
    /// Name used in the text form (`hcp`, `controls`, or user-declared).
    pub name: String,
    /// Half-point values of A, K, Q, J, T.
    pub weights: [u8; 5],
}

impl Scale {
    /// Milton Work points 4-3-2-1.
    pub fn hcp() -> Scale {
        Scale {
            name: "hcp".into(),
            weights: [8, 6, 4, 2, 0],
        }
    }

    /// Controls: ace 2, king 1.
    pub fn controls() -> Scale {
        Scale {
            name: "controls".into(),
            weights: [4, 2, 0, 0, 0],
        }
    }

    /// The built-in scales.
    pub fn builtins() -> [Scale; 2] {
        [Scale::hcp(), Scale::controls()]
    }

    /// Half-points of a holding.
    pub fn of_holding(&self, h: Holding) -> u32 {
        (0..5)
            .filter(|&r| h.bits() >> r & 1 == 1)
            .map(|r| u32::from(self.weights[r]))
            .sum()
    }

    /// Half-points of a hand.
    pub fn of_hand(&self, h: Hand) -> u32 {
        Suit::ALL
            .iter()
            .map(|&s| self.of_holding(h.holding(s)))
            .sum()
    }

    /// The most half-points `cards` cards can hold: the deck's `cards` highest card values
    /// (each of the five ranks comes in four suits; `most(13)` is 37 HCP, `most(26)` 40).
    pub fn most(&self, cards: usize) -> u32 {
        let mut values: Vec<u32> = self
            .weights
            .iter()
            .flat_map(|&w| [u32::from(w); 4])
            .collect();
        values.sort_unstable_by(|a, b| b.cmp(a));
        values.iter().take(cards).sum()
    }
}

/// Writes half-points as `12` or `12.5`.
pub(crate) fn fmt_half(f: &mut fmt::Formatter<'_>, v: u32) -> fmt::Result {
    if v.is_multiple_of(2) {
        write!(f, "{}", v / 2)
    } else {
        write!(f, "{}.5", v / 2)
    }
}

/// A range of points in half-points: `lo..=hi`, `hi = None` meaning no upper limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PointRange {
    /// Least value, half-points.
    pub lo: u32,
    /// Greatest value, half-points, if any.
    pub hi: Option<u32>,
}

impl fmt::Display for PointRange {
    /// `15`, `15-17`, `25+`, `12.5-14`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt_half(f, self.lo)?;
        match self.hi {
            None => f.write_str("+"),
            Some(h) if h == self.lo => Ok(()),
            Some(h) => {
                f.write_str("-")?;
                fmt_half(f, h)
            }
        }
    }
}

/// A partnership.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pair {
    /// North and South.
    NorthSouth,
    /// East and West.
    EastWest,
}

impl Pair {
    /// The two seats.
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Pair::NorthSouth => [Seat::North, Seat::South],
            Pair::EastWest => [Seat::East, Seat::West],
        }
    }
}

impl fmt::Display for Pair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Pair::NorthSouth => "ns",
            Pair::EastWest => "ew",
        })
    }
}

/// Whom a statement is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    /// One seat.
    Seat(Seat),
    /// A partnership.
    Pair(Pair),
}

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Who::Seat(s) => f.write_str(&s.name().to_ascii_lowercase()),
            Who::Pair(p) => write!(f, "{p}"),
        }
    }
}

/// The suits a fit may be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FitSuits {
    /// Any suit.
    Any,
    /// Spades or hearts.
    Majors,
    /// Diamonds or clubs.
    Minors,
    /// One suit.
    Suit(Suit),
}

impl FitSuits {
    /// Bit mask over suit indices.
    pub fn mask(self) -> u8 {
        match self {
            FitSuits::Any => 0b1111,
            FitSuits::Majors => 0b0011,
            FitSuits::Minors => 0b1100,
            FitSuits::Suit(s) => 1 << s.index(),
        }
    }
}

/// An exact suit holding with spot wildcards: `AKxx` = ♠A ♠K and exactly two cards below the ten.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HoldingPattern {
    /// The named ranks.
    pub ranks: Holding,
    /// How many further cards below the ten (`x`).
    pub spots: u8,
}

impl fmt::Display for HoldingPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.ranks)?;
        for _ in 0..self.spots {
            f.write_str("x")?;
        }
        Ok(())
    }
}

/// One condition of a statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cond {
    /// `shape 4432 + 5332`, or a bare class name such as `balanced` (seat).
    Shape(ShapeExpr),
    /// `spades 5+` (seat).
    Length(Suit, LenRange),
    /// `spades AKxx` (seat): exactly these cards in the suit, `x` below the ten.
    Holding(Suit, HoldingPattern),
    /// `has SA HK` (seat): these cards, and any others.
    Has(Vec<Card>),
    /// `is AKQ2.JT3.K765.A9` (seat): this whole hand.
    Is(Hand),
    /// `hcp 15-17`, `controls 4+`, `<scale> …` (seat or pair sum).
    Points(Scale, PointRange),
    /// `fit 8+`, `fit 8-9 spades`, `fit 8+ majors` (pair): the longest combined holding of
    /// the two hands among the suits is `min` to `max` cards.
    Fit {
        /// Least combined length.
        min: u8,
        /// Greatest combined length, if bounded (below 13).
        max: Option<u8>,
        /// Suits where the fit may be.
        suits: FitSuits,
    },
}

impl fmt::Display for Cond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cond::Shape(e) => write!(f, "shape {e}"),
            Cond::Length(s, r) if *r == LenRange::ANY => write!(f, "{} 0+", s.name()),
            Cond::Length(s, r) => write!(f, "{} {r}", s.name()),
            Cond::Holding(s, h) => write!(f, "{} {h}", s.name()),
            Cond::Has(cards) => {
                f.write_str("has")?;
                for c in cards {
                    write!(f, " {c}")?;
                }
                Ok(())
            }
            Cond::Is(h) => {
                f.write_str("is ")?;
                for (i, s) in Suit::ALL.iter().enumerate() {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    let hold = h.holding(*s);
                    if hold.is_empty() {
                        f.write_str("-")?;
                    } else {
                        write!(f, "{hold}")?;
                    }
                }
                Ok(())
            }
            Cond::Points(s, r) => write!(f, "{} {r}", s.name),
            Cond::Fit { min, max, suits } => {
                match max {
                    None => write!(f, "fit {min}+")?,
                    Some(m) => write!(f, "fit {min}-{m}")?,
                }
                match suits {
                    FitSuits::Any => Ok(()),
                    FitSuits::Majors => f.write_str(" majors"),
                    FitSuits::Minors => f.write_str(" minors"),
                    FitSuits::Suit(s) => write!(f, " {}", s.name()),
                }
            }
        }
    }
}

/// `who: cond, cond, …` — all conditions must hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    /// The seat or pair.
    pub who: Who,
    /// The conditions (conjunction).
    pub conds: Vec<Cond>,
}

impl fmt::Display for Statement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.who)?;
        for (i, c) in self.conds.iter().enumerate() {
            write!(f, "{}{c}", if i == 0 { " " } else { ", " })?;
        }
        Ok(())
    }
}

/// A named category of a levelled set: its own statements, added to the common ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    /// The name (a word, or quoted text).
    pub name: String,
    /// Relative weight (1 unless given).
    pub weight: u32,
    /// The category's statements.
    pub statements: Vec<Statement>,
}

/// A whole constraint file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Spec {
    /// User-declared scales (`scale name A4 K3 …`).
    pub scales: Vec<Scale>,
    /// Statements that apply to every deal.
    pub statements: Vec<Statement>,
    /// Levelled categories; empty for a plain set.
    pub categories: Vec<Category>,
}

fn is_word(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || "_-.+".contains(c))
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.scales {
            write!(f, "scale {}", s.name)?;
            for (r, w) in s.weights.iter().enumerate() {
                if *w > 0 {
                    write!(f, " {}", Rank::DESCENDING[r].letter())?;
                    fmt_half(f, u32::from(*w))?;
                }
            }
            // A declaration needs one value: an all-zero scale prints as `A0`.
            if s.weights.iter().all(|&w| w == 0) {
                f.write_str(" A0")?;
            }
            writeln!(f)?;
        }
        for st in &self.statements {
            writeln!(f, "{st}")?;
        }
        for c in &self.categories {
            if is_word(&c.name) && !c.name.eq_ignore_ascii_case("weight") {
                write!(f, "category {}", c.name)?;
            } else {
                write!(f, "category \"{}\"", c.name)?;
            }
            if c.weight != 1 {
                write!(f, " weight {}", c.weight)?;
            }
            writeln!(f)?;
            for st in &c.statements {
                writeln!(f, "{st}")?;
            }
        }
        Ok(())
    }
}

/// Why statements do not make a consistent set of conditions.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CompileError {
    /// One card was given to two seats.
    #[error("{card} is given to both {} and {}; a card can be predealt to one seat only", first.name(), second.name())]
    DuplicateCard {
        /// The card.
        card: Card,
        /// The first seat.
        first: Seat,
        /// The second seat.
        second: Seat,
    },
    /// A seat was given more than 13 cards.
    #[error("{} is given {count} cards; a hand holds 13", seat.name())]
    TooManyCards {
        /// The seat.
        seat: Seat,
        /// How many cards it was given.
        count: u32,
    },
    /// A condition was applied to the wrong kind of subject.
    #[error("`{cond}` applies to {expected}, not to {who}")]
    WrongSubject {
        /// The condition text.
        cond: String,
        /// What it needs ("a seat" or "a pair").
        expected: &'static str,
        /// The subject given.
        who: Who,
    },
    /// The category index is out of range.
    #[error("there is no category number {index}; the file has {count}")]
    NoCategory {
        /// The index asked for.
        index: usize,
        /// How many categories there are.
        count: usize,
    },
}

impl Spec {
    /// The conditions of the common statements plus those of category `category` (if any).
    pub fn constraints(&self, category: Option<usize>) -> Result<ConstraintSet, CompileError> {
        let mut list: Vec<&Statement> = self.statements.iter().collect();
        if let Some(i) = category {
            let c = self.categories.get(i).ok_or(CompileError::NoCategory {
                index: i,
                count: self.categories.len(),
            })?;
            list.extend(c.statements.iter());
        }
        compile(&list).map(ConstraintSet::without_vacuous)
    }
}

fn add_fixed(
    set: &mut ConstraintSet,
    seat: Seat,
    cards: impl IntoIterator<Item = Card>,
) -> Result<(), CompileError> {
    for card in cards {
        for other in Seat::ALL {
            if other != seat && set.seats[other.index()].fixed.contains(card) {
                return Err(CompileError::DuplicateCard {
                    card,
                    first: other,
                    second: seat,
                });
            }
        }
        set.seats[seat.index()].fixed.insert(card);
    }
    let count = set.seats[seat.index()].fixed.len();
    if count > 13 {
        return Err(CompileError::TooManyCards { seat, count });
    }
    Ok(())
}

fn add_points(list: &mut Vec<ScaleRange>, scale: &Scale, r: PointRange) {
    if let Some(x) = list.iter_mut().find(|x| x.scale == *scale) {
        x.lo = x.lo.max(r.lo);
        x.hi = match (x.hi, r.hi) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
    } else {
        list.push(ScaleRange {
            scale: scale.clone(),
            lo: r.lo,
            hi: r.hi,
        });
    }
}

fn compile(list: &[&Statement]) -> Result<ConstraintSet, CompileError> {
    let mut set = ConstraintSet::unconstrained();
    for st in list {
        for cond in &st.conds {
            let wrong = |expected| CompileError::WrongSubject {
                cond: cond.to_string(),
                expected,
                who: st.who,
            };
            match (st.who, cond) {
                (Who::Seat(seat), c) => {
                    let sc: &mut SeatConditions = &mut set.seats[seat.index()];
                    match c {
                        Cond::Shape(e) => {
                            sc.shapes = sc.shapes.intersect(e.to_set());
                            sc.constrained = true;
                        }
                        Cond::Length(s, r) => {
                            let (s, r) = (s.index(), *r);
                            sc.shapes = sc
                                .shapes
                                .intersect(ShapeSet::from_fn(|sh| r.contains(sh[s])));
                            sc.constrained = true;
                        }
                        Cond::Holding(s, h) => {
                            let len = h.ranks.len() as u8 + h.spots;
                            let si = s.index();
                            sc.shapes = sc.shapes.intersect(ShapeSet::from_fn(|sh| sh[si] == len));
                            sc.exact_suits[si] = true;
                            sc.constrained = true;
                            let suit = *s;
                            add_fixed(&mut set, seat, h.ranks.ranks().map(|r| Card::new(suit, r)))?;
                        }
                        Cond::Has(cards) => add_fixed(&mut set, seat, cards.iter().copied())?,
                        Cond::Is(hand) => add_fixed(&mut set, seat, hand.cards())?,
                        Cond::Points(scale, r) => {
                            add_points(&mut sc.points, scale, *r);
                            sc.constrained = true;
                        }
                        Cond::Fit { .. } => return Err(wrong("a pair")),
                    }
                }
                (Who::Pair(pair), c) => match c {
                    Cond::Points(scale, r) => {
                        let existing = set.pairs.iter_mut().find_map(|p| match &mut p.kind {
                            PairKind::Points(x) if p.pair == pair && x.scale == *scale => Some(x),
                            _ => None,
                        });
                        if let Some(x) = existing {
                            let mut v = vec![x.clone()];
                            add_points(&mut v, scale, *r);
                            *x = v.remove(0);
                        } else {
                            set.pairs.push(PairCondition {
                                pair,
                                kind: PairKind::Points(ScaleRange {
                                    scale: scale.clone(),
                                    lo: r.lo,
                                    hi: r.hi,
                                }),
                            });
                        }
                    }
                    Cond::Fit { min, max, suits } => set.pairs.push(PairCondition {
                        pair,
                        kind: PairKind::Fit {
                            min: *min,
                            max: *max,
                            suits: suits.mask(),
                        },
                    }),
                    _ => return Err(wrong("a seat")),
                },
            }
        }
    }
    Ok(set)
}
