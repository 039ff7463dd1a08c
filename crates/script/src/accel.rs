//! Exact acceleration: the part of a condition the exact engine can count.
//!
//! From the condition `C` we derive a weaker condition `N` (every deal meeting `C` meets
//! `N`) made only of what `fairdeal-constrain` counts exactly: per seat a set of shapes
//! (from `shape()`, suit lengths compared with constants), an HCP range (default
//! pointcount only), a controls range, and cards that must be held (predeal, `hascard`);
//! per partnership a combined HCP range (`hcp(north) + hcp(south) >= 25`).
//! `and` intersects, `or` takes the per-seat hull (a relaxation, so still implied by `C`),
//! `not` is pushed inward. Deals are then drawn uniformly among those meeting `N` and the
//! whole `C` is evaluated on each, so kept deals are uniform over `C` — dealer's
//! distribution. The number of shuffles dealer would have spent between two `N` deals is
//! geometric with parameter `P(N)`, which the exact count gives; drawing it keeps the
//! `generated` counter (and the `generate` limit) distributed exactly as in dealer.
//!
//! A condition that is an `or` of rarer parts on different seats (`hcp(north) >= 20 or
//! hcp(south) >= 20`) has a hull that implies little; [`alternatives`] keeps up to
//! [`MAX_ALTERNATIVES`] parts instead, and the runner samples their union exactly: pick a
//! part with probability |A_i| / Σ|A_j|, draw uniformly inside it, keep the draw with
//! probability 1 / (number of parts holding it) — every deal of the union then has the same
//! chance 1 / Σ|A_j| per round (Karp, Luby and Madras's union sampler), at least one round in
//! k succeeding ([`crate::union`]; `generated` keeps dealer's exact law without counting
//! the parts' overlaps).
//!
//! Predealt suit lengths (suokko's `predeal spades(north) == 5`) narrow the deals "dealer
//! shuffles" themselves: [`base_set`] is predealt cards plus those lengths, sampled exactly
//! even when nothing else is accelerated, and `P(N)` is taken relative to it.

use crate::ast::{BinOp, Expr, Script, COUNT_CONTROL, COUNT_HCP};
use fairdeal_constrain::shape::ShapeSet;
use fairdeal_constrain::{
    BuildError, ConstraintSet, Dealer, Options, Pair, PairCondition, PairKind, Scale, ScaleRange,
    SeatConditions,
};
use fairdeal_model::{Card, Hand};

/// What a condition implies about one seat.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatNec {
    /// Allowed shapes.
    pub shapes: ShapeSet,
    /// HCP range.
    pub hcp: (i64, i64),
    /// Controls range.
    pub controls: (i64, i64),
    /// Cards that must be held.
    pub cards: u64,
}

impl SeatNec {
    fn top() -> SeatNec {
        SeatNec {
            shapes: ShapeSet::all(),
            hcp: (0, 37),
            controls: (0, 12),
            cards: 0,
        }
    }
    fn is_top(&self) -> bool {
        self.shapes.is_all() && self.hcp == (0, 37) && self.controls == (0, 12) && self.cards == 0
    }
    fn meet(&self, o: &SeatNec) -> SeatNec {
        SeatNec {
            shapes: self.shapes.intersect(o.shapes),
            hcp: (self.hcp.0.max(o.hcp.0), self.hcp.1.min(o.hcp.1)),
            controls: (
                self.controls.0.max(o.controls.0),
                self.controls.1.min(o.controls.1),
            ),
            cards: self.cards | o.cards,
        }
    }
    fn join(&self, o: &SeatNec) -> SeatNec {
        SeatNec {
            shapes: self.shapes.union(o.shapes),
            hcp: (self.hcp.0.min(o.hcp.0), self.hcp.1.max(o.hcp.1)),
            controls: (
                self.controls.0.min(o.controls.0),
                self.controls.1.max(o.controls.1),
            ),
            cards: self.cards & o.cards,
        }
    }
}

/// What a condition implies about the four seats and the two partnerships.
#[derive(Debug, Clone, PartialEq)]
pub struct Nec {
    /// Per seat, N E S W.
    pub seats: [SeatNec; 4],
    /// Combined HCP range of North-South and of East-West.
    pub pairs: [(i64, i64); 2],
}

const PAIR_TOP: (i64, i64) = (0, 40);

impl Nec {
    /// Nothing implied.
    pub fn top() -> Nec {
        Nec {
            seats: std::array::from_fn(|_| SeatNec::top()),
            pairs: [PAIR_TOP; 2],
        }
    }
    /// True if nothing is implied.
    pub fn is_top(&self) -> bool {
        self.seats.iter().all(SeatNec::is_top) && self.pairs == [PAIR_TOP; 2]
    }
    fn meet(&self, o: &Nec) -> Nec {
        Nec {
            seats: std::array::from_fn(|i| self.seats[i].meet(&o.seats[i])),
            pairs: std::array::from_fn(|i| {
                (
                    self.pairs[i].0.max(o.pairs[i].0),
                    self.pairs[i].1.min(o.pairs[i].1),
                )
            }),
        }
    }
    fn join(&self, o: &Nec) -> Nec {
        Nec {
            seats: std::array::from_fn(|i| self.seats[i].join(&o.seats[i])),
            pairs: std::array::from_fn(|i| {
                (
                    self.pairs[i].0.min(o.pairs[i].0),
                    self.pairs[i].1.max(o.pairs[i].1),
                )
            }),
        }
    }
    fn seat(seat: usize, s: SeatNec) -> Nec {
        let mut n = Nec::top();
        n.seats[seat] = s;
        n
    }
}

/// The expression a variable use stands for (following chains of variables).
fn resolve(mut e: &Expr) -> &Expr {
    while let Expr::Var(v) = e {
        e = &v.expr;
    }
    e
}

fn constant(e: &Expr) -> Option<i64> {
    match resolve(e) {
        Expr::Num(n) => Some(*n),
        Expr::Neg(x) => constant(x).map(i64::wrapping_neg),
        _ => None,
    }
}

/// `f op k` with f a countable feature: the allowed values of f as a range.
fn range_of(op: BinOp, k: i64, negated: bool) -> Option<(i64, i64)> {
    let op = if negated {
        match op {
            BinOp::Eq => BinOp::Ne,
            BinOp::Ne => BinOp::Eq,
            BinOp::Lt => BinOp::Ge,
            BinOp::Ge => BinOp::Lt,
            BinOp::Gt => BinOp::Le,
            BinOp::Le => BinOp::Gt,
            _ => return None,
        }
    } else {
        op
    };
    Some(match op {
        BinOp::Eq => (k, k),
        BinOp::Lt => (i64::MIN / 4, k - 1),
        BinOp::Le => (i64::MIN / 4, k),
        BinOp::Gt => (k + 1, i64::MAX / 4),
        BinOp::Ge => (k, i64::MAX / 4),
        _ => return None, // != is not a range
    })
}

fn flip(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Gt => BinOp::Lt,
        BinOp::Le => BinOp::Ge,
        BinOp::Ge => BinOp::Le,
        o => o,
    }
}

fn atom(f: &Expr, op: BinOp, k: i64, negated: bool, default_hcp: bool) -> Option<Nec> {
    let (lo, hi) = range_of(op, k, negated)?;
    match resolve(f) {
        Expr::Count(COUNT_HCP, seat, None) if default_hcp => {
            let mut s = SeatNec::top();
            s.hcp = (lo.max(0), hi.min(37));
            Some(Nec::seat(*seat, s))
        }
        Expr::Count(COUNT_CONTROL, seat, None) => {
            let mut s = SeatNec::top();
            s.controls = (lo.max(0), hi.min(12));
            Some(Nec::seat(*seat, s))
        }
        Expr::Bin(BinOp::Add, a, b) if default_hcp => match (resolve(a), resolve(b)) {
            (Expr::Count(COUNT_HCP, x, None), Expr::Count(COUNT_HCP, y, None))
                if x % 2 == y % 2 && x != y =>
            {
                let mut n = Nec::top();
                n.pairs[x % 2] = (lo.max(0), hi.min(40));
                Some(n)
            }
            _ => None,
        },
        Expr::Len(seat, suit) => {
            let mut s = SeatNec::top();
            let suit = *suit;
            s.shapes = ShapeSet::from_fn(|sh| {
                let l = i64::from(sh[suit]);
                l >= lo && l <= hi
            });
            Some(Nec::seat(*seat, s))
        }
        _ => None,
    }
}

/// What `e` (negated if `negated`) implies; `Nec::top()` when nothing usable.
pub fn necessary(e: &Expr, negated: bool, default_hcp: bool) -> Nec {
    match e {
        Expr::Var(v) => necessary(&v.expr, negated, default_hcp),
        Expr::Not(x) => necessary(x, !negated, default_hcp),
        Expr::Bin(op @ (BinOp::And | BinOp::Or), a, b) => {
            let na = necessary(a, negated, default_hcp);
            let nb = necessary(b, negated, default_hcp);
            // not (a and b) = not a or not b; not (a or b) = not a and not b.
            if (*op == BinOp::And) != negated {
                na.meet(&nb)
            } else {
                na.join(&nb)
            }
        }
        Expr::Bin(op, a, b) => {
            if let Some(k) = constant(b) {
                atom(a, *op, k, negated, default_hcp).unwrap_or_else(Nec::top)
            } else if let Some(k) = constant(a) {
                atom(b, flip(*op), k, negated, default_hcp).unwrap_or_else(Nec::top)
            } else {
                Nec::top()
            }
        }
        Expr::Shape(seat, bits) => {
            let mut s = SeatNec::top();
            s.shapes = ShapeSet::from_fn(|sh| bits.contains(sh) != negated);
            Nec::seat(*seat, s)
        }
        Expr::HasCard(seat, card) if !negated => {
            let mut s = SeatNec::top();
            s.cards = 1u64 << card;
            Nec::seat(*seat, s)
        }
        _ => Nec::top(),
    }
}

/// The constraint set for `nec` plus the predealt cards (`None` if the predeal conflicts
/// with cards the condition requires elsewhere — then nothing is accelerated).
pub fn constraint_set(nec: &Nec, predeal: &[u64; 4]) -> Option<ConstraintSet> {
    let mut set = ConstraintSet::unconstrained();
    let mut used = 0u64;
    for (i, s) in nec.seats.iter().enumerate() {
        let cards = s.cards | predeal[i];
        if cards & used != 0 {
            return None;
        }
        used |= cards;
        let impossible = s.hcp.0 > s.hcp.1 || s.controls.0 > s.controls.1;
        let mut points = Vec::new();
        if !impossible && s.hcp != (0, 37) {
            points.push(ScaleRange {
                scale: Scale::hcp(),
                lo: (s.hcp.0 * 2) as u32,
                hi: Some((s.hcp.1 * 2) as u32),
            });
        }
        if !impossible && s.controls != (0, 12) {
            points.push(ScaleRange {
                scale: Scale::controls(),
                lo: (s.controls.0 * 2) as u32,
                hi: Some((s.controls.1 * 2) as u32),
            });
        }
        set.seats[i] = SeatConditions {
            shapes: if impossible {
                ShapeSet::EMPTY
            } else {
                s.shapes
            },
            points,
            fixed: Hand::from_bits(cards),
            exact_suits: [false; 4],
            constrained: !s.is_top() || impossible,
        };
    }
    for (i, &(lo, hi)) in nec.pairs.iter().enumerate() {
        if (lo, hi) == PAIR_TOP {
            continue;
        }
        let pair = if i == 0 {
            Pair::NorthSouth
        } else {
            Pair::EastWest
        };
        if lo > hi {
            // Impossible: say so through an empty shape set on one of its seats.
            set.seats[i].shapes = ShapeSet::EMPTY;
            set.seats[i].constrained = true;
            continue;
        }
        set.pairs.push(PairCondition {
            pair,
            kind: PairKind::Points(ScaleRange {
                scale: Scale::hcp(),
                lo: (lo * 2) as u32,
                hi: Some((hi * 2) as u32),
            }),
        });
    }
    Some(set)
}

/// The shapes one seat may have under its predealt suit lengths (`[S, H, D, C]`).
pub fn length_shapes(lengths: &[Option<u8>; 4]) -> ShapeSet {
    ShapeSet::from_fn(|sh| (0..4).all(|s| lengths[s].is_none_or(|n| sh[s] == n)))
}

/// True if any suit length is predealt.
pub fn has_predeal_lengths(script: &Script) -> bool {
    script.predeal_lengths.iter().flatten().any(Option::is_some)
}

/// The deals dealer would shuffle: predealt cards, and predealt suit lengths as shapes.
pub fn base_set(script: &Script) -> ConstraintSet {
    let mut b = ConstraintSet::unconstrained();
    for i in 0..4 {
        b.seats[i].fixed = Hand::from_bits(script.predeal[i]);
        let shapes = length_shapes(&script.predeal_lengths[i]);
        if !shapes.is_all() {
            b.seats[i].shapes = shapes;
            b.seats[i].constrained = true;
        }
    }
    b
}

/// `nec` narrowed by the predealt suit lengths.
pub fn with_lengths(mut nec: Nec, script: &Script) -> Nec {
    for (i, s) in nec.seats.iter_mut().enumerate() {
        s.shapes = s
            .shapes
            .intersect(length_shapes(&script.predeal_lengths[i]));
    }
    nec
}

/// False only when the exact engine proves that no deal has the predealt cards and suit
/// lengths.
pub fn lengths_possible(script: &Script) -> bool {
    match Dealer::new(&base_set(script), Options::default()) {
        Err(BuildError::NoDeal { .. }) => false,
        Err(_) => true,
        Ok(d) => d.count().deals > 0 || !d.count().is_exact(),
    }
}

/// Most parts a condition is split into at `or`.
pub const MAX_ALTERNATIVES: usize = 4;

/// Parts whose union every deal meeting `e` (negated if `negated`) belongs to: `or` keeps
/// its sides apart, `and` distributes, anything else is [`necessary`]. More than
/// [`MAX_ALTERNATIVES`] parts are merged into their hull, so this is always sound.
pub fn alternatives(e: &Expr, negated: bool, default_hcp: bool) -> Vec<Nec> {
    match e {
        Expr::Var(v) => alternatives(&v.expr, negated, default_hcp),
        Expr::Not(x) => alternatives(x, !negated, default_hcp),
        Expr::Bin(op @ (BinOp::And | BinOp::Or), a, b) => {
            let xa = alternatives(a, negated, default_hcp);
            let xb = alternatives(b, negated, default_hcp);
            if (*op == BinOp::And) != negated {
                if xa.len() * xb.len() <= MAX_ALTERNATIVES {
                    xa.iter()
                        .flat_map(|p| xb.iter().map(move |q| p.meet(q)))
                        .collect()
                } else if xa.len() >= xb.len() {
                    let hb = hull(&xb);
                    xa.iter().map(|p| p.meet(&hb)).collect()
                } else {
                    let ha = hull(&xa);
                    xb.iter().map(|q| ha.meet(q)).collect()
                }
            } else {
                let mut v = xa;
                v.extend(xb);
                if v.iter().any(Nec::is_top) {
                    vec![Nec::top()]
                } else if v.len() > MAX_ALTERNATIVES {
                    vec![hull(&v)]
                } else {
                    v
                }
            }
        }
        _ => vec![necessary(e, negated, default_hcp)],
    }
}

/// The weakest single [`Nec`] implied by every part.
pub fn hull(parts: &[Nec]) -> Nec {
    parts
        .iter()
        .skip(1)
        .fold(parts.first().cloned().unwrap_or_else(Nec::top), |h, p| {
            h.join(p)
        })
}

/// Human description of the partnership conditions.
pub fn describe_pairs(nec: &Nec) -> Vec<String> {
    nec.pairs
        .iter()
        .zip(["North-South", "East-West"])
        .filter(|(r, _)| **r != PAIR_TOP)
        .map(|((lo, hi), name)| format!("{name}: combined HCP {lo}-{hi}"))
        .collect()
}

/// Human description of one seat's implied conditions.
pub fn describe_seat(s: &SeatNec) -> Vec<String> {
    let mut parts = Vec::new();
    if !s.shapes.is_all() {
        parts.push(format!("{} of 560 shapes", s.shapes.len()));
    }
    if s.hcp != (0, 37) {
        parts.push(format!("HCP {}-{}", s.hcp.0, s.hcp.1));
    }
    if s.controls != (0, 12) {
        parts.push(format!("controls {}-{}", s.controls.0, s.controls.1));
    }
    if s.cards != 0 {
        let cards: Vec<String> = (0..52)
            .filter(|c| s.cards >> c & 1 == 1)
            .filter_map(Card::from_index)
            .map(|c| c.to_string())
            .collect();
        parts.push(format!("holds {}", cards.join(" ")));
    }
    parts
}
