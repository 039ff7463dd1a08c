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

    /// The same range without an upper bound that no `cards` cards can pass (`hcp 10-40` is
    /// `hcp 10+`), or `None` if every `cards` cards are in it (`hcp 0+`, `hcp 0-37`).
    fn within_reach(&self, cards: usize) -> Option<ScaleRange> {
        let most = self.scale.most(cards);
        let hi = self.hi.filter(|&h| h < most);
        (self.lo > 0 || hi.is_some()).then(|| ScaleRange {
            scale: self.scale.clone(),
            lo: self.lo,
            hi,
        })
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

/// Whether a partnership's longest combined holding among a fit's suits, `longest`, is in the
/// fit's range `min` to `max` ([`PairKind::Fit`]): the one reading of a fit, shared by the
/// check of a deal, the fit cells and the halves' filter.
pub(crate) fn fit_holds(longest: u8, min: u8, max: Option<u8>) -> bool {
    longest >= min && max.is_none_or(|m| longest <= m)
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
                fit_holds(longest as u8, *min, *max)
            }
        }
    }
}

/// The hand with its ♠♥ and ♦♣ holdings exchanged (♠ ↔ ♦, ♥ ↔ ♣): the 26 low bits (♠ and
/// ♥, 13 a suit) and the 26 above them change places.
pub fn exchange_halves(hand: Hand) -> Hand {
    const HALF: u64 = (1 << 26) - 1;
    let bits = hand.bits();
    Hand::from_bits((bits & HALF) << 26 | bits >> 26)
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

    /// The same set with the two halves of the deck exchanged (♠ ↔ ♦, ♥ ↔ ♣): a deal meets
    /// it exactly when the deal with those suits exchanged ([`exchange_halves`]) meets this
    /// set, so both have the same count. The halves build a free ♠♥ half this way
    /// ([`crate::halves`]).
    pub fn halves_exchanged(&self) -> ConstraintSet {
        let seats = self.seats.clone().map(|seat| SeatConditions {
            shapes: ShapeSet::from_fn(|[a, b, c, d]| seat.shapes.contains([c, d, a, b])),
            fixed: exchange_halves(seat.fixed),
            exact_suits: {
                let [a, b, c, d] = seat.exact_suits;
                [c, d, a, b]
            },
            ..seat
        });
        let pairs = self
            .pairs
            .iter()
            .map(|p| PairCondition {
                pair: p.pair,
                kind: match &p.kind {
                    PairKind::Points(r) => PairKind::Points(r.clone()),
                    &PairKind::Fit { min, max, suits } => PairKind::Fit {
                        min,
                        max,
                        suits: (suits & 0b11) << 2 | (suits >> 2) & 0b11,
                    },
                },
            })
            .collect();
        ConstraintSet { seats, pairs }
    }

    /// The same set without the conditions every deal meets: a point range no hand can miss
    /// (`west: hcp 0+`, `hcp 0-37`, `ns: hcp 0+`) or a fit of 0 cards or more is dropped, an
    /// upper bound no hand can pass is lifted (`hcp 10-40` is `hcp 10+`), and a seat left
    /// with nothing but predealt cards is not constrained. Every deal is accepted exactly as
    /// before; the counting tables then have no seat or total to track for them (`west: hcp
    /// 0+` beside two fit seats had made West a third counted seat: 5.2 s instead of 0.3 s).
    pub fn without_vacuous(mut self) -> ConstraintSet {
        for seat in &mut self.seats {
            seat.points = seat
                .points
                .iter()
                .filter_map(|p| p.within_reach(13))
                .collect();
            seat.constrained = !seat.points.is_empty()
                || !seat.shapes.is_all()
                || seat.exact_suits.contains(&true);
        }
        self.pairs = self
            .pairs
            .into_iter()
            .filter_map(|mut p| {
                match &mut p.kind {
                    PairKind::Points(range) => *range = range.within_reach(26)?,
                    PairKind::Fit { min, max, .. } => {
                        *max = max.filter(|&m| m < 13);
                        if *min == 0 && max.is_none() {
                            return None;
                        }
                    }
                }
                Some(p)
            })
            .collect();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use fairdeal_model::Holding;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn set(text: &str) -> ConstraintSet {
        parse(text).unwrap().constraints(None).unwrap()
    }

    /// 4 aces, 4 kings, 4 queens and a jack: the most points 13 cards hold.
    fn top_hand() -> Hand {
        Hand::from_holdings([0b1111, 0b111, 0b111, 0b111].map(Holding::from_bits))
    }

    /// A set with its halves exchanged accepts exactly the deals with their halves
    /// exchanged that the set accepts: shapes, exact holdings, predealt cards and fits over
    /// suits of both halves, on 100 000 shuffled deals; exchanging twice gives the set back.
    #[test]
    fn exchanged_halves_accept_the_exchanged_deals() {
        for text in [
            "north: shape 5=4=x=x\nsouth: has SA, hcp 6+\nns: fit 7+ spades\new: fit 6+ minors",
            "east: clubs Kxx\nwest: has HA, diamonds 0-4",
        ] {
            let s = set(text);
            let x = s.halves_exchanged();
            assert_ne!(x, s);
            assert_eq!(x.halves_exchanged(), s);
            let mut rng = ChaCha8Rng::seed_from_u64(11);
            let mut met = 0;
            for _ in 0..100_000 {
                let deal = crate::halves::tests::random_deal(&mut rng);
                let hands = Seat::ALL.map(|seat| exchange_halves(deal.hand(seat)));
                let exchanged = Deal::new(hands).expect("a deal");
                assert_eq!(exchange_halves(hands[0]), deal.hand(Seat::North));
                assert_eq!(s.accepts(&deal), x.accepts(&exchanged), "{text}: {deal}");
                met += usize::from(s.accepts(&deal));
            }
            assert!(met > 300, "{text}: {met}");
        }
    }

    /// The written conditions every deal meets are gone from the compiled set: it equals the
    /// set written without them, field by field.
    #[test]
    fn conditions_every_deal_meets_are_dropped() {
        for (with, without) in [
            ("west: hcp 0+\nnorth: hcp 15-17", "north: hcp 15-17"),
            (
                "west: hcp 0-37, controls 0-12\nnorth: hcp 15-17",
                "north: hcp 15-17",
            ),
            ("north: hcp 0+, spades 5+", "north: spades 5+"),
            ("north: hcp 10-40", "north: hcp 10+"),
            ("ns: hcp 0-40\nsouth: hcp 5+", "south: hcp 5+"),
            ("ns: hcp 20-40", "ns: hcp 20+"),
            ("ns: fit 0+ spades\nnorth: hcp 12+", "north: hcp 12+"),
            ("ew: fit 8-13 hearts", "ew: fit 8+ hearts"),
            ("east: spades 0+, hearts 0-13", ""),
            ("scale zar A4 K3 Q2 J1\nnorth: zar 0-40", ""),
        ] {
            assert_eq!(set(with), set(without), "{with}");
        }
        let dropped = set("west: hcp 0+\nnorth: hcp 15-17");
        assert!(!dropped.seat(Seat::West).constrained);
    }

    /// What some hand can fail stays: a range ending one point below the most a hand (or a
    /// partnership) holds, a fit with a least length.
    #[test]
    fn conditions_some_deal_misses_stay() {
        assert_eq!(Scale::hcp().most(13), 74, "37 HCP in half-points");
        assert_eq!(Scale::hcp().most(26), 80);
        assert_eq!(Scale::controls().most(13), 24);
        assert_eq!(Scale::hcp().of_hand(top_hand()), 74);
        let s = set("north: hcp 0-36");
        assert_eq!(s.seat(Seat::North).points[0].hi, Some(72));
        assert!(s.seat(Seat::North).constrained);
        assert!(!s.seat(Seat::North).accepts(top_hand()));
        assert!(set("north: hcp 0-37").seat(Seat::North).accepts(top_hand()));
        assert_eq!(set("ns: hcp 0-39").pairs.len(), 1);
        assert_eq!(set("ns: fit 1+ spades").pairs.len(), 1);
        assert_eq!(set("ns: fit 0-12 spades").pairs.len(), 1);
    }

    /// The compiled set accepts exactly the deals the written conditions do: the conditions
    /// checked one by one on 100 000 shuffled deals, against the compiled set.
    #[test]
    fn dropping_changes_no_deal() {
        let text = "west: hcp 0+, spades 4+\nnorth: hcp 8-40\nsouth: controls 0-12\nns: hcp 0-40, fit 0+ hearts";
        let compiled = set(text);
        assert!(!compiled.seat(Seat::South).constrained);
        assert!(compiled.pairs.is_empty());
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut met = 0;
        for _ in 0..100_000 {
            let deal = crate::halves::tests::random_deal(&mut rng);
            let [n, _, s, w] = Seat::ALL.map(|x| deal.hand(x));
            let written = w.suit_len(fairdeal_model::Suit::Spades) >= 4
                && (8..=40).contains(&n.hcp())
                && Scale::controls().of_hand(s) <= 24
                && n.hcp() + s.hcp() <= 40;
            assert_eq!(compiled.accepts(&deal), written, "{deal}");
            met += usize::from(written);
        }
        assert!(met > 10_000, "{met}");
    }
}
