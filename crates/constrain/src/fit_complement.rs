//! A fit in one suit is a length of the other partnership: the four hands share the suit's
//! 13 cards, so East and West hold 8 or more spades together exactly when North and South
//! hold 5 or fewer. Moving such a fit to the other partnership changes no deal of the set;
//! where the fit is all its two seats are asked, neither need be counted then (`north:
//! balanced, hcp 15-17` / `south: hcp 8+, hearts 4+` / `ew: fit 8+ spades` counts North and
//! South, not four seats). [`crate::Dealer::new`] counts the moved set, and the
//! statistics observe the dealer's set, so both see the same deals.
//!
//! A fit over two or more suits is the *longest* combined holding, whose complement is the
//! other side's *shortest*, which no condition says; it moves as disjoint cells instead
//! ([`moved_cells`]): `ns: fit 8+ minors` is "North and South hold 8+ clubs" or "they hold
//! 7 or fewer clubs and 8+ diamonds", that is "East and West hold 5 or fewer clubs" or "6+
//! clubs and 5 or fewer diamonds", each a pair of one-suit fits on East and West.

use crate::conditions::{ConstraintSet, PairCondition, PairKind};
use crate::dealer::candidates;
use crate::spec::Pair;
use fairdeal_model::Seat;

/// Cards in a suit.
const SUIT: u8 = 13;

/// The other partnership.
fn other(pair: Pair) -> Pair {
    match pair {
        Pair::NorthSouth => Pair::EastWest,
        Pair::EastWest => Pair::NorthSouth,
    }
}

/// `set` with the fits in one suit of each partnership moved to the other partnership
/// where that leaves their two seats with no condition at all and fewer seats to count (each
/// partnership in turn, all its fits together: `ns: fit 8+ clubs` beside `ns: fit 8+
/// diamonds` move as a pair, or not at all), or `None` where no fit moves. A seat with a
/// condition of its own, or a partnership with a condition other than a fit in one suit,
/// keeps its fits where they were written (moving them would count as many seats, or one
/// fewer for a set the joint tables already take). The pairs keep their places, so a
/// condition's index names the same condition.
pub fn moved(set: &ConstraintSet) -> Option<ConstraintSet> {
    let mut best = set.clone();
    let written = candidates(set).len();
    let mut seats = written;
    for pair in [Pair::NorthSouth, Pair::EastWest] {
        let fits: Vec<usize> = (0..best.pairs.len())
            .filter(|&i| best.pairs[i].pair == pair)
            .collect();
        // A fit past the suit's 13 cards is left for the dealer to report.
        let one_suit = |i: &usize| {
            matches!(best.pairs[*i].kind,
                PairKind::Fit { min, suits, .. } if suits.count_ones() == 1 && min <= SUIT)
        };
        if fits.is_empty() || !fits.iter().all(one_suit) {
            continue;
        }
        let mut trial = best.clone();
        for &i in &fits {
            let PairKind::Fit { min, max, suits } = best.pairs[i].kind else {
                continue;
            };
            trial.pairs[i].pair = other(pair);
            trial.pairs[i].kind = PairKind::Fit {
                min: SUIT - max.unwrap_or(SUIT).min(SUIT),
                max: Some(SUIT - min),
                suits,
            };
        }
        let counted = candidates(&trial);
        let freed = pair.seats().iter().all(|s| !counted.contains(s));
        if freed && counted.len() < seats {
            (best, seats) = (trial, counted.len());
        }
    }
    (seats < written).then_some(best)
}

/// A fit over several suits on a partnership asked nothing else, moved to the other
/// partnership as disjoint cells of one-suit fits ([`moved_cells`]).
#[derive(Debug, Clone)]
pub struct MovedCells {
    /// The index of the fit moved, in the set's pair conditions.
    pub pair: usize,
    /// The cells: the set without that fit, with the other partnership's lengths that make it.
    pub cells: Vec<ConstraintSet>,
}

impl MovedCells {
    /// The seats the cells count (the same for every cell: the other partnership's, which
    /// every cell names, and the set's other seats with conditions).
    pub fn seats(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = self.cells.iter().flat_map(candidates).collect();
        seats.sort_by_key(|s| s.index());
        seats.dedup();
        seats
    }
}

/// The first fit over two or more suits whose partnership has no other condition, on its
/// seats or on the pair, split into disjoint cells on the other partnership, where that
/// leaves fewer seats to count; `None` elsewhere.
///
/// With suits s₁ < s₂ < … of the fit and `min`–`max` its range, cell *i* is the deals where
/// the partnership holds `min`–`max` of sᵢ, fewer than `min` of each earlier suit and at most
/// `max` of each later one: the first suit reaching `min` is sᵢ, so the cells are disjoint
/// and together are the fit. Each length moves as in [`moved`]: the other side holds
/// `13 − max`–`13 − min` of sᵢ, `14 − min`+ of the earlier suits, `13 − max`+ of the later.
pub fn moved_cells(set: &ConstraintSet) -> Option<MovedCells> {
    let written = candidates(set).len();
    set.pairs.iter().enumerate().find_map(|(i, p)| {
        let PairKind::Fit { min, max, suits } = p.kind else {
            return None;
        };
        let most = max.unwrap_or(SUIT).min(SUIT);
        if suits.count_ones() < 2 || min == 0 || min > most {
            return None;
        }
        let free = p.pair.seats().iter().all(|s| !set.seat(*s).constrained)
            && set
                .pairs
                .iter()
                .enumerate()
                .all(|(j, q)| j == i || q.pair != p.pair);
        if !free {
            return None;
        }
        let mut rest = set.clone();
        rest.pairs.remove(i);
        let order: Vec<usize> = (0..4).filter(|s| suits >> s & 1 == 1).collect();
        let cells: Vec<ConstraintSet> = (0..order.len())
            .map(|k| {
                let mut cell = rest.clone();
                for (j, &suit) in order.iter().enumerate() {
                    // The partnership's own range of this suit in cell `k`.
                    let (lo, hi) = match j.cmp(&k) {
                        std::cmp::Ordering::Less => (0, min - 1),
                        std::cmp::Ordering::Equal => (min, most),
                        std::cmp::Ordering::Greater => (0, most),
                    };
                    if (lo, hi) == (0, SUIT) {
                        continue;
                    }
                    cell.pairs.push(PairCondition {
                        pair: other(p.pair),
                        kind: PairKind::Fit {
                            min: SUIT - hi,
                            max: (lo > 0).then_some(SUIT - lo),
                            suits: 1 << suit,
                        },
                    });
                }
                cell
            })
            .collect();
        let moved = MovedCells { pair: i, cells };
        (moved.seats().len() < written).then_some(moved)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn set(text: &str) -> ConstraintSet {
        parse(text).unwrap().constraints(None).unwrap()
    }

    /// The moved fit accepts exactly the deals the written one does: on 200 000 shuffled
    /// deals, for fits with and without an upper bound, and the moved sets count fewer
    /// seats.
    #[test]
    fn a_moved_fit_accepts_the_same_deals() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let sets = [
            "north: hcp 12+\nsouth: hearts 4+\new: fit 8+ spades",
            "north: hcp 12+\nsouth: hearts 4+\new: fit 6-7 spades",
            "east: hcp 10+\nwest: hcp 6+\nns: fit 0-6 clubs",
            "east: hcp 10-12\new: fit 8+ majors\nns: fit 8+ clubs\nns: fit 8+ diamonds",
            "north: shape any 4333\nsouth: hearts 4+\new: fit 9+ spades",
        ];
        let pairs: Vec<(ConstraintSet, ConstraintSet)> = sets
            .iter()
            .map(|t| {
                let s = set(t);
                let m = moved(&s).unwrap_or_else(|| panic!("{t}: moves"));
                assert!(candidates(&m).len() < candidates(&s).len(), "{t}");
                (s, m)
            })
            .collect();
        let mut agree = vec![0usize; pairs.len()];
        for _ in 0..200_000 {
            let deal = crate::halves::tests::random_deal(&mut rng);
            for (k, (s, m)) in pairs.iter().enumerate() {
                assert_eq!(s.accepts(&deal), m.accepts(&deal), "{}: {deal}", sets[k]);
                agree[k] += usize::from(s.accepts(&deal));
            }
        }
        assert!(
            agree.iter().all(|&n| n > 100),
            "each set met often: {agree:?}"
        );
    }

    /// No move where it would not free both seats of the fit or leave fewer seats (a seat of
    /// the fit with a condition of its own, the other side free), and fits over two suits
    /// never move.
    #[test]
    fn fits_stay_where_moving_them_counts_no_fewer_seats() {
        for t in [
            "east: hcp 10+\new: fit 8+ spades",
            "north: hcp 12+\neast: hcp 8+\nsouth: hcp 6+\nwest: hcp 0-5\new: fit 8+ spades",
            "north: hcp 12+\nsouth: hcp 6+\new: fit 8+ majors",
            "north: hcp 12+\nsouth: hearts 4+\neast: spades 5+\new: fit 8+ spades",
            "south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14\nns: fit 8+ hearts",
        ] {
            assert!(moved(&set(t)).is_none(), "{t}");
        }
    }

    /// The cells of a moved fit over several suits are disjoint and together are the fit:
    /// on 200 000 shuffled deals, a deal meets the written set exactly when it meets one
    /// cell, never two; fits with and without an upper bound, over two and three suits.
    #[test]
    fn a_fit_moved_as_cells_splits_the_same_deals() {
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        let sets = [
            "east: hcp 12+\nns: fit 8+ minors",
            "north: hcp 10+\new: fit 7-8 majors",
            "east: hcp 6+\nwest: spades 0-4\nns: fit 8+ minors\new: fit 8+ majors",
            // Made a fit over hearts, diamonds and clubs below (the language names two).
            "west: hcp 10+\nns: fit 7+ minors",
        ];
        let split: Vec<(ConstraintSet, MovedCells)> = sets
            .iter()
            .map(|t| {
                let mut s = set(t);
                if let PairKind::Fit { suits, .. } = &mut s.pairs[0].kind {
                    if t.starts_with("west") {
                        *suits = 0b1110;
                    }
                }
                let m = moved_cells(&s).unwrap_or_else(|| panic!("{t}: moves"));
                assert!(m.seats().len() < candidates(&s).len(), "{t}");
                let PairKind::Fit { suits, .. } = s.pairs[m.pair].kind else {
                    panic!("{t}: a fit moves");
                };
                assert_eq!(
                    m.cells.len(),
                    suits.count_ones() as usize,
                    "{t}: a cell a suit"
                );
                assert!(m.cells.iter().all(|c| c.pairs.iter().all(|p| {
                    matches!(p.kind, PairKind::Points(_))
                        || p.pair != s.pairs[m.pair].pair
                        || p.kind != s.pairs[m.pair].kind
                })));
                (s, m)
            })
            .collect();
        let mut met = vec![0usize; sets.len()];
        for _ in 0..200_000 {
            let deal = crate::halves::tests::random_deal(&mut rng);
            for (k, (s, m)) in split.iter().enumerate() {
                let cells = m.cells.iter().filter(|c| c.accepts(&deal)).count();
                assert_eq!(usize::from(s.accepts(&deal)), cells, "{}: {deal}", sets[k]);
                met[k] += cells;
            }
        }
        assert!(met.iter().all(|&n| n > 100), "each set met often: {met:?}");
    }

    /// No cells where the fit's side is asked anything else (a seat's condition, a second
    /// condition on the pair), where the other side would count as many seats, or for a fit
    /// in one suit.
    #[test]
    fn fits_over_several_suits_stay_where_they_are_asked_more() {
        for t in [
            "north: hcp 12+\nns: fit 8+ minors",
            "east: hcp 12+\nns: fit 8+ minors\nns: hcp 20+",
            "ns: fit 8+ minors",
            "east: hcp 12+\nns: fit 8+ clubs",
        ] {
            assert!(moved_cells(&set(t)).is_none(), "{t}");
        }
    }
}
