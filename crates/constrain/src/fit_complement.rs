//! A fit in one suit is a length of the other partnership: the four hands share the suit's
//! 13 cards, so East and West hold 8 or more spades together exactly when North and South
//! hold 5 or fewer. Moving such a fit to the other partnership changes no deal of the set;
//! where the fit is all its two seats are asked, neither need be counted then (`north:
//! balanced, hcp 15-17` / `south: hcp 8+, hearts 4+` / `ew: fit 8+ spades` counts North and
//! South, not four seats). [`crate::Dealer::new`] counts the moved set, and the
//! statistics observe the dealer's set, so both see the same deals.
//!
//! Only fits in one suit move: a fit over two suits is the *longest* combined holding, whose
//! complement is the other side's *shortest*, which no condition says.

use crate::conditions::{ConstraintSet, PairKind};
use crate::dealer::candidates;
use crate::spec::Pair;

/// Cards in a suit.
const SUIT: u8 = 13;

/// The other partnership.
fn other(pair: Pair) -> Pair {
    match pair {
        Pair::NorthSouth => Pair::EastWest,
        Pair::EastWest => Pair::NorthSouth,
    }
}

/// `set` with each fit in one suit moved to the other partnership where that leaves its two
/// seats with no condition at all and fewer seats to count (each fit in turn, in the set's
/// order), or `None` where no fit moves. A seat with a condition of its own keeps the fit
/// where it was written (moving it would count as many seats, or one fewer for a set the
/// joint tables already take). The pairs keep their places, so a condition's index names
/// the same condition.
pub fn moved(set: &ConstraintSet) -> Option<ConstraintSet> {
    let mut best = set.clone();
    let written = candidates(set).len();
    let mut seats = written;
    for i in 0..best.pairs.len() {
        let PairKind::Fit { min, max, suits } = best.pairs[i].kind else {
            continue;
        };
        // A fit past the suit's 13 cards is left for the dealer to report.
        if suits.count_ones() != 1 || min > SUIT {
            continue;
        }
        let mut trial = best.clone();
        trial.pairs[i].pair = other(best.pairs[i].pair);
        trial.pairs[i].kind = PairKind::Fit {
            min: SUIT - max.unwrap_or(SUIT).min(SUIT),
            max: Some(SUIT - min),
            suits,
        };
        let counted = candidates(&trial);
        let freed = best.pairs[i]
            .pair
            .seats()
            .iter()
            .all(|s| !counted.contains(s));
        if freed && counted.len() < seats {
            (best, seats) = (trial, counted.len());
        }
    }
    (seats < written).then_some(best)
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
}
