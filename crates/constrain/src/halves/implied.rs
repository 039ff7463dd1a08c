//! What a set's point totals on one scale imply of each other, for observing
//! ([`super::Halves::observing`]): each seat holds from none to the most one seat can, the
//! four seats hold the whole deck's points between them, and every coordinate on the scale
//! keeps its range. `ns: hcp 21+` beside `east: hcp 11-16` and `west: hcp 8-12` is then
//! exactly 21 (East and West hold at least 19 of the 40), and East and West exactly 11 and
//! 8; `north: hcp 6+` holds at most 21.
//!
//! The ranges come from every tuple of four seat totals that meets those sums (a relaxation:
//! which totals the cards can make is not checked), so every deal's totals lie within them
//! and a coordinate narrowed to its range is the same condition. Narrowed, a fixed total is
//! read at once (one value per box instead of its whole range) and an open-ended one is
//! widened only to the most the others leave it, not to the most its seats can hold.

use super::{most, Coord};

/// Most tuples of seat totals tried for one scale (HCP: 38³ = 54 872 — the fourth seat's
/// total is the deck's less the other three's).
const TUPLES_MAX: u64 = 1 << 22;

/// The least and most, over every tuple of seat totals on `weights`' scale meeting every
/// coordinate of `coords` on that scale, of the points held by each seat set of `targets`
/// (bit per seat index). `None` when no tuple meets them (the set has no deal) or there
/// are more than [`TUPLES_MAX`] to try.
fn ranges(
    coords: &[Coord],
    weights: &[u16; 5],
    unit: u16,
    targets: &[u8],
) -> Option<Vec<(u16, u16)>> {
    let on_scale: Vec<&Coord> = coords
        .iter()
        .filter(|c| c.weights == *weights && c.unit == unit)
        .collect();
    let seat_most = most(weights, 1);
    let whole = most(weights, 4);
    if u64::from(seat_most + 1).pow(3) > TUPLES_MAX {
        return None;
    }
    let mut found: Vec<Option<(u32, u32)>> = vec![None; targets.len()];
    let held = |totals: &[u32; 4], seats: u8| -> u32 {
        (0..4)
            .filter(|&s| seats >> s & 1 == 1)
            .map(|s| totals[s])
            .sum()
    };
    for north in 0..=seat_most {
        for east in 0..=seat_most {
            for south in 0..=seat_most {
                let Some(west) = whole.checked_sub(north + east + south) else {
                    break;
                };
                if west > seat_most {
                    continue;
                }
                let totals = [north, east, south, west];
                let meets = on_scale.iter().all(|c| {
                    let t = held(&totals, c.seats);
                    t >= u32::from(c.lo) && c.hi.is_none_or(|h| t <= u32::from(h))
                });
                if !meets {
                    continue;
                }
                for (range, &seats) in found.iter_mut().zip(targets) {
                    let t = held(&totals, seats);
                    *range = Some(range.map_or((t, t), |(lo, hi)| (lo.min(t), hi.max(t))));
                }
            }
        }
    }
    found
        .into_iter()
        .map(|r| r.map(|(lo, hi)| (lo as u16, hi as u16)))
        .collect()
}

/// Narrows each coordinate to the range the set's others on its scale imply: a bounded
/// one's bounds; an open-ended one made exact where it can take a single value (its stored
/// top unchanged). Open-ended ranges are otherwise left open, as their saturating form
/// keeps the space small; [`most_left`] bounds them when an observer needs them exact.
pub(super) fn narrow(coords: &mut [Coord]) {
    for c in 0..coords.len() {
        let (weights, unit) = (coords[c].weights, coords[c].unit);
        if coords[..c]
            .iter()
            .any(|d| d.weights == weights && d.unit == unit)
        {
            continue; // This scale was narrowed with its first coordinate.
        }
        let on_scale: Vec<usize> = (c..coords.len())
            .filter(|&d| coords[d].weights == weights && coords[d].unit == unit)
            .collect();
        let targets: Vec<u8> = on_scale.iter().map(|&d| coords[d].seats).collect();
        let Some(found) = ranges(coords, &weights, unit, &targets) else {
            continue;
        };
        for (&d, &(lo, hi)) in on_scale.iter().zip(&found) {
            let coord = &mut coords[d];
            match coord.hi {
                Some(h) => {
                    coord.lo = coord.lo.max(lo);
                    coord.hi = Some(h.min(hi));
                }
                None if lo == hi => {
                    coord.lo = lo;
                    coord.hi = Some(hi);
                }
                None => {}
            }
        }
    }
}

/// The most `seats` can hold on `weights`' scale beside `coords` (see the module doc): at
/// most what those seats can hold at all.
pub(super) fn most_left(coords: &[Coord], seats: u8, weights: &[u16; 5], unit: u16) -> u16 {
    let at_all = most(weights, seats.count_ones() as usize) as u16;
    ranges(coords, weights, unit, &[seats]).map_or(at_all, |found| found[0].1.min(at_all))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HCP: [u16; 5] = [4, 3, 2, 1, 0];
    const N: u8 = 1;
    const E: u8 = 2;
    const S: u8 = 4;
    const W: u8 = 8;

    fn hcp(seats: u8, lo: u16, hi: Option<u16>) -> Coord {
        Coord {
            seats,
            weights: HCP,
            lo,
            hi,
            unit: 2,
        }
    }

    fn bounds(coords: &[Coord]) -> Vec<(u16, Option<u16>)> {
        coords.iter().map(|c| (c.lo, c.hi)).collect()
    }

    #[test]
    fn a_partnership_the_other_side_leaves_one_total_is_exact() {
        // The open-ended fit set: NS 21+ beside E 11-16 and W 8-12.
        let mut coords = vec![
            hcp(N, 6, None),
            hcp(E, 11, Some(16)),
            hcp(W, 8, Some(12)),
            hcp(N | S, 21, None),
        ];
        narrow(&mut coords);
        assert_eq!(
            bounds(&coords),
            [(6, None), (11, Some(11)), (8, Some(8)), (21, Some(21))]
        );
        assert_eq!(most_left(&coords, N, &HCP, 2), 21);
        assert_eq!(most_left(&coords, S, &HCP, 2), 15);
    }

    #[test]
    fn three_seats_holding_the_deck_between_them_are_fixed() {
        // N 20-23, E 8-11, S 12-17: at least 40 between them, so West holds none.
        let mut coords = vec![
            hcp(N, 20, Some(23)),
            hcp(E, 8, Some(11)),
            hcp(S, 12, Some(17)),
        ];
        narrow(&mut coords);
        assert_eq!(
            bounds(&coords),
            [(20, Some(20)), (8, Some(8)), (12, Some(12))]
        );
        assert_eq!(most_left(&coords, W, &HCP, 2), 0);
    }

    #[test]
    fn loose_totals_and_other_scales_are_left_alone() {
        let controls = Coord {
            seats: S,
            weights: [2, 1, 0, 0, 0],
            lo: 4,
            hi: None,
            unit: 1,
        };
        let mut coords = vec![hcp(N, 15, Some(17)), hcp(E, 0, Some(9)), controls];
        let before = bounds(&coords);
        narrow(&mut coords);
        assert_eq!(bounds(&coords), before);
        assert_eq!(most_left(&coords, S, &HCP, 2), 25);
        assert_eq!(most_left(&coords, N | S, &HCP, 2), 40);
        // Controls: nothing else on the scale, so South may hold all twelve.
        assert_eq!(most_left(&coords, S, &[2, 1, 0, 0, 0], 1), 12);
    }

    #[test]
    fn a_scale_past_the_tuples_bound_is_left_alone() {
        // `scale big A10 K8 Q6 J4.5 T3` in half-points (unit 1): a seat holds up to 201, so
        // 202³ tuples pass the bound. Tried, N 120-130, E 60-70 and S 72-80 would hold the
        // deck's 252 between them and be fixed at their least; past the bound they keep
        // their written ranges, and West may hold what one seat can.
        const BIG: [u16; 5] = [20, 16, 12, 9, 6];
        assert_eq!(most(&BIG, 1), 201);
        assert!(u64::from(most(&BIG, 1) + 1).pow(3) > TUPLES_MAX);
        let big = |seats: u8, lo: u16, hi: u16| Coord {
            seats,
            weights: BIG,
            lo,
            hi: Some(hi),
            unit: 1,
        };
        let mut coords = vec![big(N, 120, 130), big(E, 60, 70), big(S, 72, 80)];
        assert_eq!(ranges(&coords, &BIG, 1, &[N]), None);
        let before = bounds(&coords);
        narrow(&mut coords);
        assert_eq!(bounds(&coords), before);
        assert_eq!(most_left(&coords, W, &BIG, 1), 201);
        // Within the bound the same reasoning fixes them: see
        // `three_seats_holding_the_deck_between_them_are_fixed`.
    }

    #[test]
    fn ranges_hold_every_tuple_a_brute_force_finds() {
        // Every tuple of four totals summing to 40 (each 0-37), filtered by the coordinates:
        // the least and most of each coordinate's seats, against `ranges`.
        let coords = [
            hcp(N | S, 23, Some(26)),
            hcp(E, 10, None),
            hcp(W, 3, Some(9)),
        ];
        let targets = [N, E, S, W, N | E, E | S | W];
        let mut want: Vec<Option<(u16, u16)>> = vec![None; targets.len()];
        for n in 0..=37u16 {
            for e in 0..=37u16 {
                for s in 0..=37u16 {
                    for w in 0..=37u16 {
                        if n + e + s + w != 40 {
                            continue;
                        }
                        let t = [n, e, s, w];
                        let sum = |seats: u8| {
                            (0..4)
                                .filter(|&i| seats >> i & 1 == 1)
                                .map(|i| t[i])
                                .sum::<u16>()
                        };
                        if !(23..=26).contains(&sum(N | S))
                            || sum(E) < 10
                            || !(3..=9).contains(&sum(W))
                        {
                            continue;
                        }
                        for (r, &seats) in want.iter_mut().zip(&targets) {
                            let v = sum(seats);
                            *r = Some(r.map_or((v, v), |(a, b)| (a.min(v), b.max(v))));
                        }
                    }
                }
            }
        }
        let want: Vec<(u16, u16)> = want.into_iter().map(Option::unwrap).collect();
        assert_eq!(ranges(&coords, &HCP, 2, &targets), Some(want));
        // And no tuple at all where the bounds cannot meet.
        let impossible = [hcp(N, 30, None), hcp(S, 11, None)];
        assert_eq!(ranges(&impossible, &HCP, 2, &[N]), None);
    }
}
