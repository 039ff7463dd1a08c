//! The exact distribution of observed quantities — a seat's shape or suit length, a seat's
//! or a partnership's points — over the deals of a set counted by halves: what the statistics
//! analyser expects of every seat ([`crate::stats::Theory`]), the third and fourth included.
//!
//! # Method
//!
//! The tables are built with the observers' quantities kept apart ([`Halves::build`]), within
//! the usual bounds or else the wider ones the dealer counts such a set in ([`Halves::wide`]):
//!
//! * a watched length splits its seat's classes (two length pairs with the same residual but
//!   different watched lengths are different classes), so every group fixes it — except in a
//!   half dealt as one suit ([`super::merged`]), whose groups fix only each seat's cards in
//!   the half: there each group is bucketed once per split of the watched seats' cards
//!   between ♦ and ♣, its deals counted by how the high cards and the spot cards of each
//!   suit fall ([`super::merged::Merged::add_split_ways`]);
//! * the set's totals are first narrowed to what they imply of each other
//!   ([`implied::narrow`]: `ns: hcp 21+` beside `east: hcp 11-16` and `west: hcp 8-12` is
//!   21), so a total they fix is read as one value;
//! * a points observer reads coordinates whose totals are exact ([`readings`]): a bounded
//!   coordinate of the set with the same seats and scale, a partnership's two seats', a
//!   seat's partnership's less its partner's, or the whole deck's points less the other
//!   seats'; where only open-ended ones would (`north: hcp 6+`), they are bounded at the
//!   most the set leaves their seats ([`implied::most_left`]: the same condition, its
//!   totals now exact); else one more coordinate of its own from 0 to that most, whichever
//!   space is smaller.
//!
//! The count's join ([`Halves::join`]) is then split by what is observed. For each ♠♥ group,
//! its completing ♦♣ groups are bucketed by the watched lengths they fix, each bucket summed
//! into one prefix-summed array; each ♠♥ vector *a* then reads, for every value *v* of the
//! watched coordinates in its box of completions, the box narrowed to *v* on those
//! coordinates: the deals whose observed totals are *a* + *v*. Every deal of the set falls in
//! exactly one (group, bucket, *a*, *v*), so the counts add up to [`Halves::deals`]. The
//! work is reckoned before it is done ([`Halves::observing_work`]): past [`WORK_MAX`] the
//! halves decline at once. Observing tables keep no vectors per entry (16 bytes an entry).

use super::{implied, unit, Coord, Group, Halves, Space};
use crate::engine::Observer;
use std::collections::BTreeMap;

/// Most elementary steps (array cells prefix-summed, box corners read) of one distribution;
/// past it [`Halves::observing`] declines, as the chain's budget does. 6 G is about 5 s
/// here: North's shape beside `ew: fit 8+ majors`, `ns: hcp 21+` and three point seats
/// takes 2.0 G (1.7 s), one length or a seat's points 0.1–0.8 G.
const WORK_MAX: u64 = 6_000_000_000;

/// The steps of [`WORK_MAX`] a box's corner read counts: the reads jump about the dense
/// array where the prefix sums walk it (about 4 ns a read here against 1 ns a cell).
const CORNER_STEPS: u64 = 4;

/// Most stored entries of the second try of [`Halves::observing`], within the bounds of
/// [`Halves::wide`] but for this: 6 M (a seat's shape kept apart beside a fit over both
/// majors: 4.0 M), about 170 MB — an observing build keeps no sampler lists.
const OBSERVING_ENTRIES_MAX: usize = 8_000_000;

/// Most cells of the table of observed totals kept per (group, bucket).
const TOTALS_MAX: usize = 1 << 16;

/// How one observer's value is read.
#[derive(Debug, Clone)]
pub(super) enum Watch {
    /// A seat's lengths in these suits (♠ ♥ ♦ ♣ order), from its classes.
    Lengths { seat: usize, suits: Vec<usize> },
    /// A scale's points held by some seats, read from the coordinates on that scale.
    Points(Terms),
}

/// A points observer's value read from coordinates on its scale: the whole deck's points
/// if `whole`, plus or (`true`) minus each coordinate's total, times `unit` (half-points).
/// `north: hcp 15-17` and `ns: hcp 25+` observe South as NS less North; three seats'
/// bounded coordinates observe the fourth as the deck's 40 less theirs.
#[derive(Debug, Clone)]
pub(super) struct Terms {
    whole: Option<u16>,
    coords: Vec<(usize, bool)>,
    unit: u16,
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

/// A points observer's scale as coordinates keep it: per-rank values in its unit, the unit.
fn scale_of(weights: &[u8; 5]) -> ([u16; 5], u16) {
    let u = unit(weights);
    (weights.map(|w| (u32::from(w) / u) as u16), u as u16)
}

/// The coordinate of a points observer with no bound to drop a card: 0 to the most its
/// seats can hold beside the set's other totals on the scale ([`implied::most_left`]).
fn exact_coordinate(coords: &[Coord], seats: u8, weights: &[u8; 5]) -> Coord {
    let (weights, unit) = scale_of(weights);
    Coord {
        seats,
        weights,
        lo: 0,
        hi: Some(implied::most_left(coords, seats, &weights, unit)),
        unit,
    }
}

/// Every way to read the points of `seats` on `weights`' scale from the coordinates `usable`
/// says may serve: each coordinate of the scale added, subtracted or left out, the whole
/// deck's points taken or not, such that every seat of `seats` counts once and every other
/// seat not at all (a few hundred tries for the six coordinates at most).
fn readings(
    coords: &[Coord],
    seats: u8,
    weights: &[u8; 5],
    usable: impl Fn(&Coord) -> bool,
) -> Vec<Terms> {
    let (scale, unit) = scale_of(weights);
    let candidates: Vec<usize> = (0..coords.len())
        .filter(|&c| {
            let coord = &coords[c];
            coord.weights == scale && coord.unit == unit && usable(coord)
        })
        .collect();
    let whole_deck: u16 = scale.iter().map(|&w| 4 * w).sum();
    let mut out = Vec::new();
    for whole in [false, true] {
        // Each candidate's sign: 0 left out, 1 added, 2 subtracted.
        for code in 0..3usize.pow(candidates.len() as u32) {
            let signs: Vec<usize> = (0..candidates.len())
                .map(|i| code / 3usize.pow(i as u32) % 3)
                .collect();
            let reads = (0..4).all(|seat| {
                let times: i32 = i32::from(whole)
                    + candidates
                        .iter()
                        .zip(&signs)
                        .filter(|&(&c, _)| coords[c].seats >> seat & 1 == 1)
                        .map(|(_, &sign)| [0, 1, -1][sign])
                        .sum::<i32>();
                times == i32::from(seats >> seat & 1)
            });
            if reads {
                out.push(Terms {
                    whole: whole.then_some(whole_deck),
                    coords: candidates
                        .iter()
                        .zip(&signs)
                        .filter(|&(_, &sign)| sign > 0)
                        .map(|(&c, &sign)| (c, sign == 2))
                        .collect(),
                    unit,
                });
            }
        }
    }
    out
}

/// Makes the set's coordinates serve a points observer: as they are where their bounded
/// totals read it ([`readings`]); else in the smallest space of: open-ended coordinates that
/// would read it (`north: hcp 6+`) bounded at the most the set leaves their seats — the same
/// condition, their totals now kept exactly — or one more coordinate of its own.
pub(super) fn add_coordinate(coords: &mut Vec<Coord>, o: &Observer) {
    let Some((seats, w)) = points_of(o) else {
        return;
    };
    if !readings(coords, seats, &w, |c| c.hi.is_some()).is_empty() {
        return;
    }
    let values = |c: &Coord| usize::from(c.top()) + 1;
    let size: usize = coords.iter().map(values).product();
    let own = exact_coordinate(coords, seats, &w);
    // Each open-ended coordinate's exact form, reckoned once for every reading.
    let exact: Vec<Option<Coord>> = coords
        .iter()
        .map(|c| {
            c.hi.is_none()
                .then(|| exact_coordinate(coords, c.seats, &w))
        })
        .collect();
    let mut best: (usize, Option<Vec<usize>>) = (size.saturating_mul(values(&own)), None);
    for reading in readings(coords, seats, &w, |_| true) {
        let widened: Vec<usize> = reading
            .coords
            .iter()
            .map(|&(c, _)| c)
            .filter(|&c| exact[c].is_some())
            .collect();
        let grown = widened.iter().fold(size, |n, &c| {
            n / values(&coords[c]) * exact[c].as_ref().map_or(1, values)
        });
        if grown < best.0 {
            best = (grown, Some(widened));
        }
    }
    match best.1 {
        Some(widened) => {
            for c in widened {
                coords[c].hi = exact[c].as_ref().and_then(|e| e.hi);
            }
        }
        None => coords.push(own),
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
                // Any reading gives the same value: the one whose totals take the fewest
                // values together (a box is read at each), then the fewest totals.
                let values = |t: &Terms| -> u64 {
                    t.coords
                        .iter()
                        .map(|&(c, _)| u64::from(space.coords[c].span()) + 1)
                        .product()
                };
                readings(&space.coords, seats, &w, |c| c.hi.is_some())
                    .into_iter()
                    .min_by_key(|t| (values(t), t.coords.len()))
                    .map(Watch::Points)
            }
        }
    }
}

impl Halves {
    /// The exact number of deals of `set` for each combination of the observers' values, in
    /// the form of [`crate::engine::Tables::distribution`] (a shape: the seat's ♠ ♥ ♦ ♣
    /// lengths; a length: one; points: the total in half-points); combinations with no deal
    /// are left out. A set the usual bounds decline is tried once more within the bounds
    /// the dealer counts it in past them ([`Halves::wide`]: more pairs of columns, a free
    /// ♦♣ half dealt as one suit, [`super::merged`]). `None` where the halves decline the
    /// set or the observers would take more than the work bound.
    pub fn observing(
        set: &crate::ConstraintSet,
        seats: &[fairdeal_model::Seat],
        observers: &[Observer],
    ) -> Option<Vec<(Vec<u32>, u128)>> {
        let wide = super::Bounds {
            entries: OBSERVING_ENTRIES_MAX,
            ..super::wide_bounds(u64::MAX)
        };
        let halves = Self::build(set, seats, observers, super::BOUNDS)
            .or_else(|| Self::build(set, seats, observers, wide))?;
        let mut out = halves.distribution()?;
        if halves.exchanged {
            // The exchanged set's shape is ♦ ♣ ♠ ♥ of the set's.
            let mut at = 0;
            for o in observers {
                match o {
                    Observer::Shape(_) => {
                        for (values, _) in &mut out {
                            values[at..at + 4].rotate_left(2);
                        }
                        at += 4;
                    }
                    Observer::Length(..) | Observer::Points(..) | Observer::PairPoints(..) => {
                        at += 1
                    }
                }
            }
            out.sort_unstable();
        }
        Some(out)
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
                Watch::Points(terms) => {
                    let sum = terms.coords.iter().fold(
                        i32::from(terms.whole.unwrap_or(0)),
                        |sum, &(c, subtracted)| {
                            let j = dims
                                .iter()
                                .position(|&d| d == c)
                                .expect("a watched coordinate");
                            let t = i32::from(totals[j]);
                            if subtracted {
                                sum - t
                            } else {
                                sum + t
                            }
                        },
                    );
                    let sum = u32::try_from(sum).expect("points held are never negative");
                    out.push(sum * u32::from(terms.unit));
                }
            }
        }
        out
    }

    /// ♠♥ group `g`'s completing ♦♣ groups by the watched lengths they fix: (group, the
    /// watched seats' ♦ lengths) — a ♦♣ half dealt as one suit fixes only each seat's ♦ and
    /// ♣ together, so each of its groups stands in a bucket per split of the watched seats'
    /// cards ([`merged::Merged::first_splits`]); elsewhere the ♦ lengths are unused.
    fn buckets(&self, g: usize) -> BTreeMap<Vec<u8>, Vec<(usize, [u8; 4])>> {
        let mut buckets: BTreeMap<Vec<u8>, Vec<(usize, [u8; 4])>> = BTreeMap::new();
        for &k in &self.partners[g] {
            let k = k as usize;
            match &self.halves[1].merged {
                Some(m) if m.watched != 0 => {
                    for first in m.first_splits(k) {
                        buckets
                            .entry(self.split_lengths(&m.lengths[k], &first))
                            .or_default()
                            .push((k, first));
                    }
                }
                _ => buckets
                    .entry(self.second_lengths(&self.halves[1].groups[k]))
                    .or_default()
                    .push((k, [0; 4])),
            }
        }
        buckets
    }

    /// The watched ♦ and ♣ lengths, in the order the observers read them, of seats holding
    /// `lengths` cards of the ♦♣ half, `diamonds` of them ♦.
    fn split_lengths(&self, lengths: &[u8; 4], diamonds: &[u8; 4]) -> Vec<u8> {
        let mut key = Vec::new();
        for w in &self.watch {
            if let Watch::Lengths { seat, suits } = w {
                let d = diamonds[*seat];
                key.extend(suits.iter().filter(|&&s| s >= 2).map(|&s| {
                    if s == 2 {
                        d
                    } else {
                        lengths[*seat] - d
                    }
                }));
            }
        }
        key
    }

    /// The work of [`Halves::distribution`] with the coordinates `dims` watched, reckoned
    /// before doing it: per (group, bucket), its members' entries added into a dense array
    /// (a half dealt as one suit: its entries once, after its members' ways per held
    /// tuple), the array prefix-summed, then for each of the group's vectors a box read at
    /// every value of `dims` in its box of completions, a read counted [`CORNER_STEPS`]
    /// steps a corner.
    fn observing_work(&self, dims: &[usize]) -> u64 {
        let space = &self.space;
        let prefix = space.size as u64 * (space.coords.len() as u64 + 1);
        let read = CORNER_STEPS << space.coords.len();
        let mut work = 0u64;
        for (g, group) in self.halves[0].groups.iter().enumerate() {
            let reads: u64 = group
                .entries
                .iter()
                .filter_map(|&(at, _)| space.completions(&space.point(at)))
                .map(|(lo, hi)| {
                    dims.iter()
                        .map(|&c| u64::from(hi[c] - lo[c]) + 1)
                        .product::<u64>()
                })
                .sum();
            let adding: u64 = self
                .buckets(g)
                .values()
                .map(|members| match &self.halves[1].merged {
                    Some(m) => (m.entries() + members.len() * m.helds()) as u64,
                    None => members
                        .iter()
                        .map(|&(k, _)| self.halves[1].groups[k].entries.len() as u64)
                        .sum(),
                })
                .sum();
            let buckets = self.buckets(g).len() as u64;
            work = work.saturating_add(buckets * (prefix + read * reads) + adding);
            if work > WORK_MAX {
                break;
            }
        }
        work
    }

    /// The distribution of the observers given to [`Halves::build`] (see the module doc).
    pub(super) fn distribution(&self) -> Option<Vec<(Vec<u32>, u128)>> {
        let first = &self.halves[0];
        let space = &self.space;
        let mut dims: Vec<usize> = Vec::new();
        for w in &self.watch {
            if let Watch::Points(terms) = w {
                for &(c, _) in &terms.coords {
                    if !dims.contains(&c) {
                        dims.push(c);
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
        if self.observing_work(&dims) > WORK_MAX {
            return None;
        }
        let mut dense = vec![0u64; space.size];
        let mut out: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
        for (g, group) in first.groups.iter().enumerate() {
            for (lengths, members) in &self.buckets(g) {
                dense.fill(0);
                match &self.halves[1].merged {
                    // The members' ways summed per held tuple, then the entries read once.
                    Some(m) => {
                        let mut ways = vec![0u64; m.helds()];
                        for &(k, diamonds) in members {
                            m.add_split_ways(k, &diamonds, &mut ways);
                        }
                        m.add_weighted(&ways, &mut dense);
                    }
                    None => {
                        for &(k, _) in members {
                            self.add_second(k, &mut dense);
                        }
                    }
                }
                space.prefix(&mut dense);
                let mut by_totals = vec![0u128; cells];
                for &(at, w) in &group.entries {
                    let a = &space.point(at);
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
