//! The exact distribution of observed quantities — a seat's shape or suit length, a seat's
//! or a partnership's points — over the deals of a set counted by halves: what the statistics
//! analyser expects of every seat ([`crate::stats::Theory`]), the third and fourth included.
//!
//! # Method
//!
//! The tables are built with the observers' quantities kept apart ([`Halves::build`]):
//!
//! * a watched length splits its seat's classes (two length pairs with the same residual but
//!   different watched lengths are different classes), so every group fixes it;
//! * a points observer reads a coordinate whose totals are exact: a bounded coordinate of the
//!   set with the same seats and scale (its totals are kept exactly up to its bound), the two
//!   seats' bounded coordinates of a partnership (their sum), or one of its own from 0 to the
//!   most those seats can hold, which never drops a card.
//!
//! The count's join ([`Halves::join`]) is then split by what is observed. For each ♠♥ group,
//! its completing ♦♣ groups are bucketed by the watched lengths they fix, each bucket summed
//! into one prefix-summed array; each ♠♥ vector *a* then reads, for every value *v* of the
//! watched coordinates in its box of completions, the box narrowed to *v* on those
//! coordinates: the deals whose observed totals are *a* + *v*. Every deal of the set falls in
//! exactly one (group, bucket, *a*, *v*), so the counts add up to [`Halves::deals`].

use super::{most, unit, Coord, Group, Halves, Space};
use crate::engine::Observer;
use std::collections::BTreeMap;

/// Most elementary steps (array cells prefix-summed, box corners read) of one distribution;
/// past it [`Halves::observing`] declines, as the chain's budget does.
const WORK_MAX: u64 = 1_500_000_000;

/// Most cells of the table of observed totals kept per (group, bucket).
const TOTALS_MAX: usize = 1 << 16;

/// How one observer's value is read.
#[derive(Debug, Clone)]
pub(super) enum Watch {
    /// A seat's lengths in these suits (♠ ♥ ♦ ♣ order), from its classes.
    Lengths { seat: usize, suits: Vec<usize> },
    /// The sum of these coordinates' totals, times their unit (half-points): one coordinate,
    /// or a partnership's two seats' on the same scale.
    Points { coords: Vec<usize>, unit: u16 },
}

/// The seats (bit per seat index) and half-point weights of a points observer.
fn points_of(o: &Observer) -> Option<(u8, [u8; 5])> {
    match *o {
        Observer::Points(s, w) => Some((1 << s.index(), w)),
        Observer::PairPoints(p, w) => {
            let [a, b] = p.seats();
            Some((1 << a.index() | 1 << b.index(), w))
        }
        Observer::Shape(_) | Observer::Length(..) => None,
    }
}

/// The coordinate of a points observer with no bound to drop a card: 0 to the most.
fn exact_coordinate(seats: u8, weights: &[u8; 5]) -> Coord {
    let u = unit(weights);
    let weights = weights.map(|w| (u32::from(w) / u) as u16);
    let hi = most(&weights, seats.count_ones() as usize) as u16;
    Coord {
        seats,
        weights,
        lo: 0,
        hi: Some(hi),
        unit: u as u16,
    }
}

/// Whether `c` keeps the totals `wanted` observes exactly: the same seats and scale, bounded.
fn serves(c: &Coord, wanted: &Coord) -> bool {
    c.seats == wanted.seats
        && c.weights == wanted.weights
        && c.unit == wanted.unit
        && c.hi.is_some()
}

/// The coordinates whose totals add up to a points observer's: one that serves it, or one
/// for each seat of a partnership on the same scale.
fn serving(coords: &[Coord], seats: u8, weights: &[u8; 5]) -> Option<Vec<usize>> {
    let wanted = exact_coordinate(seats, weights);
    if let Some(c) = coords.iter().position(|c| serves(c, &wanted)) {
        return Some(vec![c]);
    }
    (0..4)
        .filter(|s| seats >> s & 1 == 1)
        .map(|s| {
            let one = exact_coordinate(1 << s, weights);
            coords.iter().position(|c| serves(c, &one))
        })
        .collect::<Option<Vec<usize>>>()
        .filter(|v| v.len() > 1)
}

/// Adds a coordinate for a points observer unless the set's serve it.
pub(super) fn add_coordinate(coords: &mut Vec<Coord>, o: &Observer) {
    if let Some((seats, w)) = points_of(o) {
        if serving(coords, seats, &w).is_none() {
            coords.push(exact_coordinate(seats, &w));
        }
    }
}

/// `[seat][suit]`: the lengths the observers watch.
pub(super) fn watched_lengths(observers: &[Observer]) -> [[bool; 4]; 4] {
    let mut watched = [[false; 4]; 4];
    for o in observers {
        match *o {
            Observer::Shape(s) => watched[s.index()] = [true; 4],
            Observer::Length(s, suit) => watched[s.index()][suit as usize] = true,
            Observer::Points(..) | Observer::PairPoints(..) => {}
        }
    }
    watched
}

impl Watch {
    /// How `o` is read in `space` (`None` if its coordinate is missing).
    pub(super) fn of(o: &Observer, space: &Space) -> Option<Watch> {
        match *o {
            Observer::Shape(s) => Some(Watch::Lengths {
                seat: s.index(),
                suits: vec![0, 1, 2, 3],
            }),
            Observer::Length(s, suit) => Some(Watch::Lengths {
                seat: s.index(),
                suits: vec![suit as usize],
            }),
            Observer::Points(..) | Observer::PairPoints(..) => {
                let (seats, w) = points_of(o)?;
                Some(Watch::Points {
                    coords: serving(&space.coords, seats, &w)?,
                    unit: unit(&w) as u16,
                })
            }
        }
    }
}

impl Halves {
    /// The exact number of deals of `set` for each combination of the observers' values, in
    /// the form of [`crate::engine::Tables::distribution`] (a shape: the seat's ♠ ♥ ♦ ♣
    /// lengths; a length: one; points: the total in half-points); combinations with no deal
    /// are left out. A set the usual bounds decline is tried once more with a free ♦♣ half
    /// dealt as one suit ([`super::merged`]). `None` where the halves decline the set or the
    /// observers would take more than the work bound.
    pub fn observing(
        set: &crate::ConstraintSet,
        seats: &[fairdeal_model::Seat],
        observers: &[Observer],
    ) -> Option<Vec<(Vec<u32>, u128)>> {
        let usual = super::BOUNDS;
        Self::build(set, seats, observers, usual)
            .or_else(|| {
                let one_suit = super::Bounds {
                    one_suit: super::OneSuit::Only,
                    ..usual
                };
                Self::build(set, seats, observers, one_suit)
            })?
            .distribution()
    }

    /// The watched lengths a ♦♣ group fixes, in the order the observers read them.
    fn second_lengths(&self, group: &Group) -> Vec<u8> {
        let mut key = Vec::new();
        for w in &self.watch {
            if let Watch::Lengths { seat, suits } = w {
                let (c, d) = self.reps[1][*seat][usize::from(group.classes[*seat])];
                key.extend(suits.iter().filter(|&&s| s >= 2).map(|&s| [c, d][s - 2]));
            }
        }
        key
    }

    /// The observers' values for a ♠♥ group, a bucket's ♦♣ lengths and the watched
    /// coordinates' totals (indexed by `dims`).
    fn values(&self, group: &Group, second: &[u8], dims: &[usize], totals: &[u16]) -> Vec<u32> {
        let mut out = Vec::new();
        let mut second = second.iter();
        for w in &self.watch {
            match w {
                Watch::Lengths { seat, suits } => {
                    let (a, b) = self.reps[0][*seat][usize::from(group.classes[*seat])];
                    for &s in suits {
                        let l = match s {
                            0 => a,
                            1 => b,
                            _ => *second.next().expect("the bucket fixes the watched lengths"),
                        };
                        out.push(u32::from(l));
                    }
                }
                Watch::Points { coords, unit } => {
                    let sum: u32 = coords
                        .iter()
                        .map(|c| {
                            let j = dims
                                .iter()
                                .position(|d| d == c)
                                .expect("a watched coordinate");
                            u32::from(totals[j])
                        })
                        .sum();
                    out.push(sum * u32::from(*unit));
                }
            }
        }
        out
    }

    /// The distribution of the observers given to [`Halves::build`] (see the module doc).
    pub(super) fn distribution(&self) -> Option<Vec<(Vec<u32>, u128)>> {
        let [first, second] = &self.halves;
        let space = &self.space;
        let mut dims: Vec<usize> = Vec::new();
        for w in &self.watch {
            if let Watch::Points { coords, .. } = w {
                for c in coords {
                    if !dims.contains(c) {
                        dims.push(*c);
                    }
                }
            }
        }
        let radix: Vec<usize> = dims
            .iter()
            .map(|&c| usize::from(space.coords[c].top()) + 1)
            .collect();
        let cells = radix.iter().try_fold(1usize, |n, &r| {
            n.checked_mul(r).filter(|&m| m <= TOTALS_MAX)
        })?;
        let corners = 1u64 << space.coords.len();
        let mut work = 0u64;
        let mut dense = vec![0u64; space.size];
        let mut out: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
        for (g, group) in first.groups.iter().enumerate() {
            let mut buckets: BTreeMap<Vec<u8>, Vec<usize>> = BTreeMap::new();
            for &k in &self.partners[g] {
                let h = &second.groups[k as usize];
                buckets
                    .entry(self.second_lengths(h))
                    .or_default()
                    .push(k as usize);
            }
            for (lengths, members) in &buckets {
                work += space.size as u64 * (space.coords.len() as u64 + 1);
                dense.fill(0);
                for &k in members {
                    self.add_second(k, &mut dense);
                }
                space.prefix(&mut dense);
                if work > WORK_MAX {
                    return None;
                }
                let mut by_totals = vec![0u128; cells];
                for (&(_, w), a) in group.entries.iter().zip(&group.points) {
                    let Some((lo, hi)) = space.completions(a) else {
                        continue;
                    };
                    // Every value v of the watched coordinates in the box, odometer order.
                    let mut v: Vec<u16> = dims.iter().map(|&c| lo[c]).collect();
                    'values: loop {
                        let (mut from, mut to) = (lo, hi);
                        for (&c, &x) in dims.iter().zip(&v) {
                            from[c] = x;
                            to[c] = x;
                        }
                        work += corners;
                        let n = space.box_sum(&dense, &from, &to);
                        if n > 0 {
                            let cell = dims
                                .iter()
                                .zip(&v)
                                .zip(&radix)
                                .fold(0, |acc, ((&c, &x), &r)| acc * r + usize::from(a[c] + x));
                            by_totals[cell] += u128::from(w) * u128::from(n);
                        }
                        let mut j = 0;
                        loop {
                            if j == dims.len() {
                                break 'values;
                            }
                            if v[j] < hi[dims[j]] {
                                v[j] += 1;
                                break;
                            }
                            v[j] = lo[dims[j]];
                            j += 1;
                        }
                    }
                    if work > WORK_MAX {
                        return None;
                    }
                }
                for (cell, &n) in by_totals.iter().enumerate() {
                    if n == 0 {
                        continue;
                    }
                    let mut totals = vec![0u16; dims.len()];
                    let mut rest = cell;
                    for j in (0..dims.len()).rev() {
                        totals[j] = (rest % radix[j]) as u16;
                        rest /= radix[j];
                    }
                    *out.entry(self.values(group, lengths, &dims, &totals))
                        .or_default() += n;
                }
            }
        }
        Some(out.into_iter().collect())
    }
}
