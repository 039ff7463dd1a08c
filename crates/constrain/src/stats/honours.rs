//! Exact expectations for sets whose every condition is on points, counted over the honours.
//!
//! Points come only from the scored ranks (A K Q J, and the ten where a scale counts it).
//! When no condition names a shape, a suit length or a card, whether a deal qualifies
//! depends only on which seat holds each scored card — the *honour layout* — and the spot
//! cards can be counted afterwards. Given a layout and a seat X with `h_s` honours in suit
//! `s` and `H_p` honours in all at seat `p`:
//!
//! - X's spots for the shape `L` can be chosen in `∏_s C(13 − k, L_s − h_s)` ways (`k`
//!   scored ranks a suit);
//! - the spots left are distinct cards dealt to the other three seats into their free
//!   places `13 − H_p`: a multinomial, whatever their suits.
//!
//! So the deals with X's shape `L` are a sum over layouts of those two factors. The sum runs
//! by halves of the deck: the ♠♥ half and the ♦♣ half are alike (the conditions do not
//! name suits), so one enumeration of a half's `4^(2k)` layouts serves both. A half's
//! layouts are merged by what the join needs — each seat's points on each scale in use, each
//! seat's number of honours, X's honours in each of the two suits — and grouped by the
//! points; two groups are joined when their summed points meet every condition. Their
//! members are then paired, weighted by the multinomial of the free places, into a table
//! over X's four honour counts, and that table is read against the 560 shapes.
//!
//! This is what the statistics need where the engine's tables are too large: the shape of
//! one seat when all four carry point conditions (`north/east/south/west: hcp 10`). Only one
//! seat's shape can be observed here (two seats' spots in one suit are not a multinomial of
//! free places), at most two scales, and the pairing is bounded by a work budget — a loose
//! set pairs most members with most, and is left to the engine. Every figure is an exact
//! integer; `crate::stats` tests them against the engine's tables where both reach.

use crate::combin::{binomial, multinomial};
use crate::conditions::{ConstraintSet, PairKind, ScaleRange};
use crate::engine::Observer;
use crate::shape::all_shapes;
use crate::spec::Pair;
use fairdeal_model::Seat;
use std::collections::{BTreeMap, HashMap};

/// Most scales the honour count tracks at once (hcp and controls, say).
const MAX_SCALES: usize = 2;

/// The pairs of half layouts [`observing`] pairs at most by default: about a quarter of a
/// second natively.
pub const HONOUR_WORK: u64 = 60_000_000;

/// A merged class of half layouts: each seat's honours, X's honours in the half's two
/// suits, and how many layouts.
#[derive(Debug, Clone, Copy)]
struct Member {
    /// The four seats' honours in radix 21 ([`honours_index`]): two members' indices add up
    /// to their sum's, as no seat holds more than 20 honours.
    honours: u32,
    /// X's honours in the two suits, 3 bits each.
    seat_suits: u32,
    layouts: u64,
}

/// The four seats' honour counts (each at most 20) as one number in radix 21.
fn honours_index(h: [usize; 4]) -> usize {
    ((h[0] * 21 + h[1]) * 21 + h[2]) * 21 + h[3]
}

/// Each seat's points on each tracked scale: `points[seat][scale]`, half-points.
type Points = [[u16; MAX_SCALES]; 4];

/// The half layouts with one points vector.
#[derive(Debug)]
struct Group {
    points: Points,
    members: Vec<Member>,
}

/// A point condition in terms of the tracked scales.
#[derive(Debug)]
struct Need {
    seats: Vec<usize>,
    scale: usize,
    range: ScaleRange,
}

/// What a points observer reads.
#[derive(Debug, Clone, Copy)]
enum Read {
    Seat(usize, usize),
    Pair(Pair, usize),
    Length(usize),
    Shape,
}

/// The exact distribution of the observers' values over the deals meeting `set`, as
/// [`crate::engine::Tables::distribution`] gives it (observer order; a shape is four
/// values, points are half-points). `None` when the set or the observers are outside this
/// method (a condition on shape, length, cards or fits; shapes of two seats; more than
/// two scales) or the pairing would exceed `work` pairs.
pub fn observing(
    set: &ConstraintSet,
    observers: &[Observer],
    work: u64,
) -> Option<Vec<(Vec<u32>, u128)>> {
    if !applies(set) {
        return None;
    }
    let mut scales: Vec<[u8; 5]> = Vec::new();
    let mut scale_of = |w: [u8; 5]| -> Option<usize> {
        if let Some(i) = scales.iter().position(|s| *s == w) {
            return Some(i);
        }
        (scales.len() < MAX_SCALES).then(|| {
            scales.push(w);
            scales.len() - 1
        })
    };
    let mut needs = Vec::new();
    for (i, seat) in set.seats.iter().enumerate() {
        for r in &seat.points {
            needs.push(Need {
                seats: vec![i],
                scale: scale_of(r.scale.weights)?,
                range: r.clone(),
            });
        }
    }
    for p in &set.pairs {
        match &p.kind {
            PairKind::Points(r) => needs.push(Need {
                seats: p.pair.seats().iter().map(|s| s.index()).collect(),
                scale: scale_of(r.scale.weights)?,
                range: r.clone(),
            }),
            PairKind::Fit { .. } => return None,
        }
    }
    let mut shaped: Option<Seat> = None;
    let mut reads = Vec::new();
    for o in observers {
        let read = match *o {
            Observer::Shape(s) | Observer::Length(s, _) => {
                if shaped.is_some_and(|x| x != s) {
                    return None;
                }
                shaped = Some(s);
                match *o {
                    Observer::Length(_, suit) => Read::Length(suit.index()),
                    _ => Read::Shape,
                }
            }
            Observer::Points(s, w) => Read::Seat(s.index(), scale_of(w)?),
            Observer::PairPoints(p, w) => Read::Pair(p, scale_of(w)?),
        };
        reads.push(read);
    }
    let x = shaped.unwrap_or(Seat::North).index();
    // The scored ranks: A K Q J, and the ten if a scale counts it.
    let ranks: Vec<usize> = (0..5)
        .filter(|&r| scales.iter().any(|w| w[r] != 0))
        .collect();
    let groups = half_groups(&ranks, &scales, x);
    let pairs = joined(&groups, &needs, work)?;
    // The ways to deal the spots left once X's are chosen, for every honour count per seat:
    // distinct cards into the other seats' free places.
    let honour_cards = 4 * ranks.len();
    let mut spot_ways = vec![0u64; 21 * 21 * 21 * 21];
    for (i, ways) in spot_ways.iter_mut().enumerate() {
        let h = [i / 9261, i / 441 % 21, i / 21 % 21, i % 21];
        if h.iter().sum::<usize>() != honour_cards || h.iter().any(|&n| n > 13) {
            continue;
        }
        let free: Vec<usize> = (0..4).filter(|&p| p != x).map(|p| 13 - h[p]).collect();
        let left = 52 - honour_cards - (13 - h[x]);
        // At most 39!/(13!)^3 < 2^64.
        *ways = u64::try_from(multinomial(left, &free[..2])).unwrap_or(0);
    }
    // X's four honour counts (3 bits each) → deals, per combination of observed points.
    let mut by_points: HashMap<Vec<u32>, Vec<u128>> = HashMap::new();
    for (a, b) in pairs {
        let (ga, gb) = (&groups[a], &groups[b]);
        let points = |seat: usize, scale: usize| {
            u32::from(ga.points[seat][scale]) + u32::from(gb.points[seat][scale])
        };
        let observed: Vec<u32> = reads
            .iter()
            .filter_map(|r| match *r {
                Read::Seat(s, c) => Some(points(s, c)),
                Read::Pair(p, c) => Some(p.seats().iter().map(|s| points(s.index(), c)).sum()),
                Read::Length(_) | Read::Shape => None,
            })
            .collect();
        let table = by_points
            .entry(observed)
            .or_insert_with(|| vec![0; 1 << 12]);
        for ma in &ga.members {
            for mb in &gb.members {
                let ways = spot_ways[(ma.honours + mb.honours) as usize];
                if ways == 0 {
                    continue;
                }
                // Each half has at most 4^10 layouts, so the product fits in 64 bits.
                let layouts = u128::from(ma.layouts * mb.layouts);
                table[(ma.seat_suits | mb.seat_suits << 6) as usize] += layouts * u128::from(ways);
            }
        }
    }
    let spots = 13 - ranks.len();
    let mut out: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
    for (observed, table) in by_points {
        for (key, &n) in table.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let h: [usize; 4] = std::array::from_fn(|s| key >> (3 * s) & 7);
            for shape in all_shapes() {
                let ways = (0..4).try_fold(1u128, |w, s| {
                    let len = usize::from(shape[s]);
                    (len >= h[s]).then(|| w * binomial(spots, len - h[s]))
                });
                let ways = match ways {
                    Some(w) if w > 0 => w,
                    _ => continue,
                };
                let mut points = observed.iter();
                let values: Vec<u32> = reads
                    .iter()
                    .flat_map(|r| match *r {
                        Read::Shape => shape.iter().map(|&l| u32::from(l)).collect(),
                        Read::Length(s) => vec![u32::from(shape[s])],
                        Read::Seat(..) | Read::Pair(..) => {
                            points.next().copied().into_iter().collect()
                        }
                    })
                    .collect();
                *out.entry(values).or_default() += n * ways;
            }
        }
    }
    Some(out.into_iter().collect())
}

/// True if every condition of `set` is on points (a seat's, or a partnership's sum): the
/// sets [`observing`] can count.
pub fn applies(set: &ConstraintSet) -> bool {
    set.seats.iter().all(|seat| {
        seat.shapes.is_all() && seat.fixed.is_empty() && !seat.exact_suits.contains(&true)
    }) && set
        .pairs
        .iter()
        .all(|p| matches!(p.kind, PairKind::Points(_)))
}

/// Every layout of the scored `ranks` of two suits among the four seats, merged and
/// grouped by each seat's points on each of `scales`.
fn half_groups(ranks: &[usize], scales: &[[u8; 5]], x: usize) -> Vec<Group> {
    let k = ranks.len();
    // (points, each seat's honours, X's honours in the two suits) → layouts.
    type Class = (Points, [u8; 4], [u8; 2]);
    let mut merged: HashMap<Class, u64> = HashMap::new();
    for layout in 0u32..1 << (4 * k) {
        let mut points = [[0u16; MAX_SCALES]; 4];
        let mut honours = [0u8; 4];
        let mut seat_suits = [0u8; 2];
        for card in 0..2 * k {
            let seat = (layout >> (2 * card) & 3) as usize;
            let rank = ranks[card % k];
            for (c, w) in scales.iter().enumerate() {
                points[seat][c] += u16::from(w[rank]);
            }
            honours[seat] += 1;
            if seat == x {
                seat_suits[card / k] += 1;
            }
        }
        *merged.entry((points, honours, seat_suits)).or_default() += 1;
    }
    let mut groups: HashMap<Points, Vec<Member>> = HashMap::new();
    for ((points, honours, seat_suits), layouts) in merged {
        groups.entry(points).or_default().push(Member {
            honours: honours_index(honours.map(usize::from)) as u32,
            seat_suits: u32::from(seat_suits[0]) | u32::from(seat_suits[1]) << 3,
            layouts,
        });
    }
    let mut groups: Vec<Group> = groups
        .into_iter()
        .map(|(points, members)| Group { points, members })
        .collect();
    // A fixed order, so that the sums (exact either way) are formed the same on every run.
    groups.sort_by_key(|g| g.points);
    groups
}

/// The pairs of groups whose summed points meet every need; `None` past `work` (a pair of
/// groups checked, and a pair of members to be paired, are a unit each). Where a need is on
/// one seat, the second group is looked up by that seat's points in sorted order, so only
/// groups that can meet it are checked.
fn joined(groups: &[Group], needs: &[Need], work: u64) -> Option<Vec<(usize, usize)>> {
    let pivot = needs.iter().find(|n| n.seats.len() == 1);
    let value = |g: &Group| pivot.map_or(0, |n| u32::from(g.points[n.seats[0]][n.scale]));
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.sort_by_key(|&i| value(&groups[i]));
    let keys: Vec<u32> = order.iter().map(|&i| value(&groups[i])).collect();
    let mut pairs = Vec::new();
    let mut total = 0u64;
    for (a, ga) in groups.iter().enumerate() {
        let (lo, hi) = match pivot {
            Some(n) => {
                let own = value(ga);
                match n.range.hi {
                    Some(h) if h < own => continue,
                    h => (
                        n.range.lo.saturating_sub(own),
                        h.map_or(u32::MAX, |h| h - own),
                    ),
                }
            }
            None => (0, u32::MAX),
        };
        let from = keys.partition_point(|&k| k < lo);
        let to = keys.partition_point(|&k| k <= hi);
        total += (to - from) as u64;
        for &b in &order[from..to] {
            let gb = &groups[b];
            let meets = needs.iter().all(|n| {
                let v: u32 = n
                    .seats
                    .iter()
                    .map(|&s| u32::from(ga.points[s][n.scale]) + u32::from(gb.points[s][n.scale]))
                    .sum();
                n.range.contains(v)
            });
            if meets {
                total += (ga.members.len() * gb.members.len()) as u64;
                pairs.push((a, b));
            }
        }
        if total > work {
            return None;
        }
    }
    Some(pairs)
}

#[cfg(test)]
mod tests;
