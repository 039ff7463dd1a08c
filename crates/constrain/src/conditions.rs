//! Resolved conditions: what each seat and partnership must satisfy, as checkable data.
//!
//! A [`ConstraintSet`] is the meaning of a constraint file (or of one category of it): per
//! seat a [`SeatConditions`] (allowed shapes, point ranges, predealt cards, exact suit
//! holdings) and a list of [`PairCondition`]s. It can test a finished deal directly
//! ([`ConstraintSet::accepts`]) — the definition the exact engine is tested against — and
//! is what [`crate::Dealer`] compiles into counting tables.
//!
//! Invariants: point values are half-points; `fixed` hands never overlap; a seat with an
//! exact holding in a suit has that suit's length pinned by `shapes`.

use crate::shape::ShapeSet;
use crate::spec::{Pair, Scale};
use fairdeal_model::{Deal, Hand, Seat, Suit};

/// A point range on one scale, half-points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScaleRange {
    /// The scale.
    pub scale: Scale,
    /// Least value.
    pub lo: u32,
    /// Greatest value, if bounded.
    pub hi: Option<u32>,
}

impl ScaleRange {
    /// True if `v` (half-points) is in range.
    pub fn contains(&self, v: u32) -> bool {
        v >= self.lo && self.hi.is_none_or(|h| v <= h)
    }
}

/// What one seat's hand must satisfy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatConditions {
    /// Allowed shapes.
    pub shapes: ShapeSet,
    /// Point ranges (all must hold).
    pub points: Vec<ScaleRange>,
    /// Cards this seat must hold.
    pub fixed: Hand,
    /// Suits where the seat holds exactly its fixed cards plus cards below the ten.
    pub exact_suits: [bool; 4],
    /// True if anything besides predealt cards is asked of the seat.
    pub constrained: bool,
}

impl SeatConditions {
    /// No condition at all.
    pub fn unconstrained() -> SeatConditions {
        SeatConditions {
            shapes: ShapeSet::all(),
            points: Vec::new(),
            fixed: Hand::EMPTY,
            exact_suits: [false; 4],
            constrained: false,
        }
    }

    /// True if `hand` satisfies every condition.
    pub fn accepts(&self, hand: Hand) -> bool {
        const TOP5: u16 = 0b11111;
        self.fixed.difference(hand).is_empty()
            && self.shapes.contains(hand.shape())
            && self
                .points
                .iter()
                .all(|p| p.contains(p.scale.of_hand(hand)))
            && Suit::ALL.iter().all(|&s| {
                !self.exact_suits[s.index()]
                    || hand.holding(s).bits() & TOP5 == self.fixed.holding(s).bits() & TOP5
            })
    }
}

/// What a partnership condition asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PairKind {
    /// The two hands' combined points are in range.
    Points(ScaleRange),
    /// The two hands' longest combined holding among `suits` (bit mask ♠=1 … ♣=8) is `min`
    /// to `max` cards: some suit of the mask reaches `min`, none passes `max`.
    Fit {
        /// Least combined length.
        min: u8,
        /// Greatest combined length, if bounded.
        max: Option<u8>,
        /// Suit mask.
        suits: u8,
    },
}

/// A condition on a partnership.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairCondition {
    /// The partnership.
    pub pair: Pair,
    /// The condition.
    pub kind: PairKind,
}

impl PairCondition {
    /// True if the deal satisfies the condition.
    pub fn accepts(&self, deal: &Deal) -> bool {
        let [a, b] = self.pair.seats().map(|s| deal.hand(s));
        match &self.kind {
            PairKind::Points(r) => r.contains(r.scale.of_hand(a) + r.scale.of_hand(b)),
            PairKind::Fit { min, max, suits } => {
                let fits = Suit::ALL
                    .iter()
                    .filter(|s| suits >> s.index() & 1 == 1)
                    .map(|&s| a.suit_len(s) + b.suit_len(s));
                let longest = fits.max().unwrap_or(0);
                longest >= u32::from(*min) && max.is_none_or(|m| longest <= u32::from(m))
            }
        }
    }
}

/// Every condition on a deal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConstraintSet {
    /// Per seat, N E S W.
    pub seats: [SeatConditions; 4],
    /// Partnership conditions.
    pub pairs: Vec<PairCondition>,
}

impl ConstraintSet {
    /// No conditions: every deal qualifies.
    pub fn unconstrained() -> ConstraintSet {
        ConstraintSet {
            seats: std::array::from_fn(|_| SeatConditions::unconstrained()),
            pairs: Vec::new(),
        }
    }

    /// The conditions of one seat.
    pub fn seat(&self, seat: Seat) -> &SeatConditions {
        &self.seats[seat.index()]
    }

    /// True if the deal satisfies every condition (the definition sampling is tested against).
    pub fn accepts(&self, deal: &Deal) -> bool {
        Seat::ALL
            .iter()
            .all(|&s| self.seats[s.index()].accepts(deal.hand(s)))
            && self.pairs.iter().all(|p| p.accepts(deal))
    }
}
