//! Sets with fits, split into cells without fits: the exact route for fits the joint tables
//! cannot take (fits over two suits on both sides, fits beside seats with patterns).
//!
//! A fit ties two seats' lengths in its suits. Fixing one of them removes the tie: for each
//! vector `v` of seat *a*'s lengths in the partnership's fit suits, the cell narrows *a*'s
//! shapes to those with lengths `v` there, and its partner *b*'s to those meeting every fit
//! of the pair given `v` (`ns: fit 8+ hearts` with North's hearts 3 asks South for 5+); the
//! fits are then dropped. The cells are disjoint (*a*'s lengths differ) and cover the set (a
//! deal of the set has some `v`, and then *b* meets the fits), so the set's count is the sum
//! of the cells' counts, each counted exactly without a fit, and a deal drawn from a cell
//! picked with weight its count is uniform over the set. With fits on both partnerships the
//! cells are the products. *a* is whichever of the two seats takes fewer vectors (a balanced
//! seat: four lengths a suit; a seat with no shape: fourteen), and the cells are bounded
//! ([`MAX_CELLS`]).

use crate::conditions::{fit_holds, ConstraintSet, PairKind};
use crate::shape::ShapeSet;
use crate::spec::Pair;
use fairdeal_model::Seat;

/// Most cells a set is split into.
pub const MAX_CELLS: usize = 64;

/// One fit of a partnership: suit mask, least and greatest combined length.
type Fit = (u8, u8, Option<u8>);

/// A seat's lengths in the suits of `mask` (0 elsewhere).
fn masked(shape: [u8; 4], mask: u8) -> [u8; 4] {
    std::array::from_fn(|s| if mask >> s & 1 == 1 { shape[s] } else { 0 })
}

/// Whether the partner's `shape` meets every fit given the first seat's lengths `v`.
fn meets(fits: &[Fit], v: [u8; 4], shape: [u8; 4]) -> bool {
    fits.iter().all(|&(mask, min, max)| {
        let longest = (0..4)
            .filter(|s| mask >> s & 1 == 1)
            .map(|s| v[s] + shape[s])
            .max()
            .unwrap_or(0);
        fit_holds(longest, min, max)
    })
}

/// The distinct vectors of lengths in `mask` among `shapes`, in order.
fn vectors(shapes: &ShapeSet, mask: u8) -> Vec<[u8; 4]> {
    let mut v: Vec<[u8; 4]> = shapes.iter().map(|s| masked(s, mask)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// `set` split into cells without fits (see the module doc), empty cells left out; `None`
/// when the set has no fit or would take more than [`MAX_CELLS`] cells.
pub fn cells(set: &ConstraintSet) -> Option<Vec<ConstraintSet>> {
    let mut out = vec![set.clone()];
    let mut split = false;
    for pair in [Pair::NorthSouth, Pair::EastWest] {
        let fits: Vec<Fit> = set
            .pairs
            .iter()
            .filter(|p| p.pair == pair)
            .filter_map(|p| match p.kind {
                PairKind::Fit { min, max, suits } => Some((suits, min, max)),
                PairKind::Points(_) => None,
            })
            .collect();
        if fits.is_empty() {
            continue;
        }
        split = true;
        let mask = fits.iter().fold(0, |m, f| m | f.0);
        let [x, y] = pair.seats();
        let (vx, vy) = (
            vectors(&set.seat(x).shapes, mask),
            vectors(&set.seat(y).shapes, mask),
        );
        let (a, b, vs): (Seat, Seat, Vec<[u8; 4]>) = if vx.len() <= vy.len() {
            (x, y, vx)
        } else {
            (y, x, vy)
        };
        let mut next = Vec::new();
        for cell in &out {
            for &v in &vs {
                let shapes_a = cell.seats[a.index()]
                    .shapes
                    .intersect(ShapeSet::from_fn(|s| masked(s, mask) == v));
                let shapes_b = cell.seats[b.index()]
                    .shapes
                    .intersect(ShapeSet::from_fn(|s| meets(&fits, v, s)));
                if shapes_a.is_empty() || shapes_b.is_empty() {
                    continue;
                }
                let mut c = cell.clone();
                c.pairs
                    .retain(|p| p.pair != pair || !matches!(p.kind, PairKind::Fit { .. }));
                for (seat, shapes) in [(a, shapes_a), (b, shapes_b)] {
                    let sc = &mut c.seats[seat.index()];
                    sc.shapes = shapes;
                    sc.constrained = true;
                }
                next.push(c);
                if next.len() > MAX_CELLS {
                    return None;
                }
            }
        }
        out = next;
    }
    split.then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn set(text: &str) -> ConstraintSet {
        parse(text)
            .unwrap_or_else(|e| panic!("{}", e.render(text)))
            .constraints(None)
            .expect("compiles")
    }

    /// Random deals (plain shuffles): each meeting the set lies in exactly one cell, and
    /// each meeting a cell meets the set.
    #[test]
    fn cells_partition_the_set() {
        for text in [
            "ns: fit 8+ majors\nnorth: shape any 4432\neast: hearts 5+, hcp 8+",
            "north: balanced\nns: fit 8-9 spades",
            "ns: fit 8+ spades\new: fit 8+ minors\nnorth: balanced\neast: shape any 4333",
            "south: shape any 4333\nwest: shape any 5431\nns: fit 7+ hearts",
            "north: balanced\nns: fit 7+ spades\nns: fit 6-8 spades\nwest: shape any 5431\new: fit 0-6 hearts",
        ] {
            let s = set(text);
            let cells = cells(&s).unwrap_or_else(|| panic!("{text}: no cells"));
            assert!(cells.iter().all(|c| c
                .pairs
                .iter()
                .all(|p| !matches!(p.kind, PairKind::Fit { .. }))));
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let (mut inside, mut tried) = (0, 0);
            while inside < 2000 {
                tried += 1;
                assert!(tried < 2_000_000, "{text}: too rare for this test");
                let d = crate::halves::tests::random_deal(&mut rng);
                let n = cells.iter().filter(|c| c.accepts(&d)).count();
                if s.accepts(&d) {
                    inside += 1;
                    assert_eq!(n, 1, "{text}: {d} in {n} cells");
                } else {
                    assert_eq!(n, 0, "{text}: {d} breaks the set but is in a cell");
                }
            }
        }
    }

    /// The split seat is the one with fewer length vectors; a set with no fit has no cells;
    /// too many cells decline.
    #[test]
    fn the_narrower_seat_is_split_and_the_cells_are_bounded() {
        let s = set("south: shape any 4333\nns: fit 8+ hearts");
        // South: hearts 3 or 4.
        assert_eq!(cells(&s).expect("cells").len(), 2);
        assert!(cells(&set("north: hcp 10\nsouth: hcp 10")).is_none());
        // Free seats on both sides, fits over two suits: 14 × 14 length pairs a side.
        assert!(cells(&set("ns: fit 8+ majors\new: fit 8+ minors")).is_none());
    }
}
