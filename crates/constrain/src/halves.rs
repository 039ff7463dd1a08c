//! Exact counting and sampling by the two halves of the deck, ♠♥ against ♦♣: the structure
//! for sets where every seat's shape is bounded in every suit (`balanced`, patterns) and
//! three or four seats carry points — where the suit-by-suit chain of [`crate::engine`] keeps
//! too many high cards waiting (four balanced seats with points).
//!
//! # Method
//!
//! A deal is four independent suit deals, tied only by each seat's shape (its four lengths)
//! and its point totals (sums over the suits). One suit is tabulated once: for each *column*
//! (the four seats' lengths in it, each allowed by that seat's shapes) and each vector of
//! what the suit adds to the tracked totals (*coordinates*: a seat's points on a scale, a
//! partnership's), the number of ways to deal it — the high cards that carry points placed
//! card by card, the spot cards by a multinomial.
//!
//! A *half* (♠♥, or ♦♣) pairs two suits' columns. What a seat's two lengths there say about
//! the rest of its shape is its *residual*: the length pairs of the other half that complete
//! a shape of its set; seats' length pairs with the same residual are one *class*. A half's
//! table holds, per tuple of the four seats' classes (a *group*), the number of ways to deal
//! the half for each vector of totals. The count is then
//!
//! > Σ over ♠♥ groups *g*, over their vectors *a*: count(*g*, *a*) × Σ over the ♦♣ groups whose
//! > classes complete *g*'s on every seat, over vectors *b* with *a* + *b* in every
//! > coordinate's range: count(*h*, *b*),
//!
//! the inner sum read from a prefix-summed dense array of the completing ♦♣ groups in 2^D
//! lookups (inclusion–exclusion over the box of *b* the ranges allow, *D* the number of
//! coordinates). A half deals 26 cards, so its counts fit in `u64`; the whole count is `u128`.
//!
//! Totals are kept in each scale's unit (the gcd of its card values): a bounded coordinate up
//! to its upper bound (a card that passes it is dropped), an unbounded one saturating at its
//! lower bound, which keeps the sum of two halves exact for the test.
//!
//! Sampling draws the same factors top down, each with its exact weight: a ♠♥ group and
//! vector (weight count × its completions), a completing ♦♣ group and vector, each half's two
//! columns and vectors, each suit's high-card layout (weight: its spot multinomial), then the
//! spot cards uniformly. Every deal meeting the set is drawn with probability 1 / count.
//! Three structures keep those draws short:
//! - per ♠♥ group, its completing ♦♣ groups' entries in one list by dense index, with
//!   cumulative weights and where each index starts (built the first time a deal draws from
//!   the group), so the ♦♣ group and entry are found by weighing the box's rows, two reads
//!   each, then one binary search in a row;
//! - an id for each vector a suit's layouts add, and each column's count by id, so a half's
//!   second vector is found from the first in one lookup (with packed vectors, a subtraction
//!   that borrows in no lane says the first is at most the target);
//! - a batch of deals is finished in the order of their ♠♥ groups, so the group's arrays stay
//!   in cache (each deal keeps its own generator, so the deals do not depend on the batch,
//!   nor, natively, on how many threads share it out: [`Halves::sample_spread`]).
//!
//! A partnership's fit names suits of one half (`spades`, `majors`; `minors`, `clubs`): it
//! ties its two seats' lengths in that half only, so it is met or not by a pair of the
//! half's columns, and the half keeps only the pairs that meet it ([`half_fits`]); the
//! shapes and totals join the halves as before. Every fit of a set is checked this way, on
//! both sides and in the same suits, with no state of its own.
//!
//! A ♦♣ half no fit names and no seat's shape looks into suit by suit (each seat's classes
//! there depend only on how many ♦♣ cards it holds) can be dealt as one suit of 26 cards
//! ([`merged`]): its groups are the 1,834 or fewer tuples of the seats' ♦♣ lengths instead of
//! 560 × 560 pairs of columns, and a few thousand (held, vector) entries of the two suits'
//! high cards stand for all of them. Only past the usual bounds ([`Halves::wide`], and
//! observing a set the usual bounds decline), so a set they count keeps its tables, speed
//! and deals. Where only the ♠♥ half is free (fits in the minors, lengths in ♦ or ♣), the
//! set is built with its halves exchanged (♠ ↔ ♦, ♥ ↔ ♣: the same count), and each deal
//! drawn is exchanged back ([`ConstraintSet::halves_exchanged`]).
//!
//! Scope: no predealt cards, exact holdings or fits naming suits of both halves (`fit 8+`);
//! at most [`MAX_COORDS`] coordinates;
//! building work and memory bounded ([`Halves::new`] says `None` when over).

use crate::combin::{below, choose_set_front, deal_generators, gcd, multinomial};
use crate::conditions::{fit_holds, ConstraintSet, PairKind};
use crate::engine::Observer;
use fairdeal_model::{Deal, Hand, Holding, Seat, Suit};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;
use rustc_hash::FxHashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use merged::Merged;

/// Most coordinates (tracked totals).
pub const MAX_COORDS: usize = 6;

/// Most entries of the dense array of one coordinate space.
const DENSE_MAX: usize = 1 << 20;

/// Most pairs of per-suit vectors combined when building both halves (the building work),
/// counted once a pair with packed vectors ([`Packing`], about 0.9 ns a pair here, a little
/// more where lanes saturate) and three times without (a pair's coordinates added one by
/// one, where a bound does not fit a lane): 700 M (open-ended two-suited seats with a
/// partnership's sum take 208 M, about 1 s).
const BUILD_WORK_MAX: u64 = 700_000_000;

/// Most pairs of columns (by lengths alone, and meeting the half's fits) over both halves:
/// checked before any table is built, so a set with a free seat (hundreds of columns a
/// suit) is declined at once; 60 000 takes open-ended two-suited seats (41 230).
const COLUMN_PAIRS_MAX: usize = 60_000;

/// The building work of [`Halves::wide`], for sets the chain cannot count either: 3 G
/// pairs (about 4 s; a seat asked only its fit beside points on three seats and a
/// fit over both minors takes 0.8 G, about 2 s).
const WIDE_BUILD_WORK_MAX: u64 = 3_000_000_000;

/// The pairs of columns of [`Halves::wide`]: 400 000 (two seats with no shape beside a fit
/// over two suits: 174 015).
const WIDE_COLUMN_PAIRS_MAX: usize = 400_000;

/// The stored entries of [`Halves::wide`]: 4 M (1.7 M on the widest set measured), which
/// keeps its tables and the sampler's lists within the 256 MB goal.
const WIDE_ENTRIES_MAX: usize = 4_000_000;

/// What a build may spend before it gives up: building work, pairs of columns and stored
/// entries.
#[derive(Debug, Clone, Copy)]
struct Bounds {
    work: u64,
    column_pairs: usize,
    entries: usize,
    /// Whether a free ♦♣ half is dealt as one suit ([`merged`]).
    one_suit: OneSuit,
}

/// When a free ♦♣ half is dealt as one suit ([`merged`]): only past the usual bounds
/// ([`Halves::wide`], and observing a set the usual bounds decline), so a set they count
/// keeps its tables, its speed and its deals for a seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OneSuit {
    /// Never: the half is built from its pairs of columns.
    Never,
    /// Where the half is free.
    WhereFree,
}

/// The bounds of [`Halves::wide`], its building work at most `max_work`.
fn wide_bounds(max_work: u64) -> Bounds {
    Bounds {
        work: max_work.min(WIDE_BUILD_WORK_MAX),
        column_pairs: WIDE_COLUMN_PAIRS_MAX,
        entries: WIDE_ENTRIES_MAX,
        one_suit: OneSuit::WhereFree,
    }
}

/// The bounds of [`Halves::new`] and [`Halves::within`].
const BOUNDS: Bounds = Bounds {
    work: BUILD_WORK_MAX,
    column_pairs: COLUMN_PAIRS_MAX,
    entries: ENTRIES_MAX,
    one_suit: OneSuit::Never,
};

/// Most stored (vector, count) entries of both halves together.
const ENTRIES_MAX: usize = 12_000_000;

/// Most bytes of the sampler's [`Completing`] lists, one per ♠♥ group ([`Halves::rows`]),
/// each built the first time a deal needs it — reckoned as if all were built: 96 MB. Past
/// it the sampler scans instead.
const SAMPLER_BYTES_MAX: usize = 96 << 20;

/// Most rows of the coordinate space (its vectors but the first coordinate) for the sampler's
/// arrays, whose draw reads every row of a box ([`Halves::descend`]).
const SAMPLER_ROWS_MAX: usize = 4096;

/// A vector of totals, one per coordinate, in each coordinate's unit.
type Pt = [u16; MAX_COORDS];

/// One tracked total: a scale summed over a set of seats, and its allowed range.
#[derive(Debug, Clone)]
struct Coord {
    /// Seats whose cards count (bit per seat index).
    seats: u8,
    /// Value of each of the top five ranks, in the coordinate's unit.
    weights: [u16; 5],
    /// Least total, in units.
    lo: u16,
    /// Greatest total, in units, if bounded.
    hi: Option<u16>,
    /// Half-points per unit.
    unit: u16,
}

impl Coord {
    /// The largest value stored: the upper bound, or the lower one (saturating).
    fn top(&self) -> u16 {
        self.hi.unwrap_or(self.lo)
    }

    /// How far the whole set's total may range: from the lower bound to the upper one; an
    /// open-ended one (saturating at its bound) from 0 to the bound.
    fn span(&self) -> u16 {
        self.hi.map_or(self.lo, |h| h - self.lo.min(h))
    }

    /// `a + b` as stored, or `None` past the upper bound.
    fn add(&self, a: u16, b: u16) -> Option<u16> {
        let s = a + b;
        match self.hi {
            Some(h) if s > h => None,
            Some(_) => Some(s),
            None => Some(s.min(self.lo)),
        }
    }
}

/// The coordinate space: the coordinates and the dense mixed-radix index of a vector.
#[derive(Debug, Clone)]
struct Space {
    coords: Vec<Coord>,
    strides: Vec<usize>,
    size: usize,
}

impl Space {
    /// The space of `coords`, each from 0 to its top, the first the fastest in the index;
    /// `None` if its size overflows.
    fn new(coords: Vec<Coord>) -> Option<Space> {
        let mut strides = Vec::with_capacity(coords.len());
        let mut size = 1usize;
        for c in &coords {
            strides.push(size);
            size = size.checked_mul(usize::from(c.top()) + 1)?;
        }
        Some(Space {
            coords,
            strides,
            size,
        })
    }

    fn add(&self, a: &Pt, b: &Pt) -> Option<Pt> {
        let mut out = [0; MAX_COORDS];
        for (c, coord) in self.coords.iter().enumerate() {
            out[c] = coord.add(a[c], b[c])?;
        }
        Some(out)
    }

    fn index(&self, p: &Pt) -> u32 {
        self.strides
            .iter()
            .zip(p)
            .map(|(&s, &v)| s * usize::from(v))
            .sum::<usize>() as u32
    }

    fn point(&self, mut index: u32) -> Pt {
        let mut p = [0; MAX_COORDS];
        for c in (0..self.coords.len()).rev() {
            let s = self.strides[c] as u32;
            p[c] = (index / s) as u16;
            index %= s;
        }
        p
    }

    /// The box of second-half vectors `b` with `a + b` in every range, as inclusive bounds.
    fn completions(&self, a: &Pt) -> Option<([u16; MAX_COORDS], [u16; MAX_COORDS])> {
        let (mut lo, mut hi) = ([0; MAX_COORDS], [0; MAX_COORDS]);
        for (c, coord) in self.coords.iter().enumerate() {
            lo[c] = coord.lo.saturating_sub(a[c]);
            hi[c] = match coord.hi {
                Some(h) => h.checked_sub(a[c])?,
                None => coord.lo,
            };
            if lo[c] > hi[c] {
                return None;
            }
        }
        Some((lo, hi))
    }

    /// Whether `target` has a coordinate at its open-ended bound (above 0), where a sum has
    /// several preimages ([`Space::preimage_indices`]).
    fn saturated(&self, target: &Pt) -> bool {
        self.coords
            .iter()
            .zip(target)
            .any(|(coord, &t)| coord.hi.is_none() && coord.lo > 0 && t == coord.lo)
    }

    /// How many vectors [`Space::preimage_indices`] visits for `target` and `a`.
    fn preimage_count(&self, target: &Pt, a: &Pt) -> usize {
        self.coords
            .iter()
            .enumerate()
            .map(|(c, coord)| {
                if coord.hi.is_none() && target[c] == coord.lo {
                    usize::from(coord.lo - coord.lo.saturating_sub(a[c])) + 1
                } else {
                    usize::from(target[c] >= a[c])
                }
            })
            .product()
    }

    /// Calls `f` with the dense index of every stored vector `b` such that `a + b` is
    /// `target` (one for bounded coordinates; for a saturated one, every value that reaches
    /// its lower bound), in index order, until `f` says stop (returns `true`). The index is
    /// stepped with the vector, not recomputed.
    fn preimage_indices(&self, target: &Pt, a: &Pt, mut f: impl FnMut(u32) -> bool) {
        let d = self.coords.len();
        let (mut from, mut to) = ([0u16; MAX_COORDS], [0u16; MAX_COORDS]);
        for (c, coord) in self.coords.iter().enumerate() {
            if coord.hi.is_none() && target[c] == coord.lo {
                from[c] = coord.lo.saturating_sub(a[c]);
                to[c] = coord.lo;
            } else if target[c] >= a[c] {
                from[c] = target[c] - a[c];
                to[c] = from[c];
            } else {
                return;
            }
        }
        let mut b = from;
        let mut x = self.index(&from);
        loop {
            if f(x) {
                return;
            }
            let mut c = 0;
            loop {
                if c == d {
                    return;
                }
                if b[c] < to[c] {
                    b[c] += 1;
                    x += self.strides[c] as u32;
                    break;
                }
                x -= self.strides[c] as u32 * u32::from(b[c] - from[c]);
                b[c] = from[c];
                c += 1;
            }
        }
    }

    /// Turns a dense array into its prefix sums over every coordinate.
    fn prefix(&self, dense: &mut [u64]) {
        for (c, coord) in self.coords.iter().enumerate() {
            let stride = self.strides[c];
            let d = usize::from(coord.top()) + 1;
            for base in (0..self.size).step_by(stride * d) {
                for k in 1..d {
                    let (done, rest) = dense.split_at_mut(base + k * stride);
                    let prev = &done[base + (k - 1) * stride..];
                    for (x, &y) in rest[..stride].iter_mut().zip(prev) {
                        *x = x.wrapping_add(y);
                    }
                }
            }
        }
    }

    /// The sum of a prefix-summed array over a box (inclusion–exclusion over its corners;
    /// wrapping arithmetic, exact because the sum fits).
    fn box_sum(&self, prefix: &[u64], lo: &[u16; MAX_COORDS], hi: &[u16; MAX_COORDS]) -> u64 {
        let d = self.coords.len();
        let mut sum = 0u64;
        'corner: for m in 0u32..1 << d {
            let mut index = 0;
            for c in 0..d {
                let v = if m >> c & 1 == 1 {
                    if lo[c] == 0 {
                        continue 'corner;
                    }
                    lo[c] - 1
                } else {
                    hi[c]
                };
                index += self.strides[c] * usize::from(v);
            }
            if m.count_ones() % 2 == 0 {
                sum = sum.wrapping_add(prefix[index]);
            } else {
                sum = sum.wrapping_sub(prefix[index]);
            }
        }
        sum
    }
}

/// Vectors packed into one `u64` for the build's inner loop: each coordinate in a lane wide
/// enough for the sum of two stored values, so two vectors add in one addition. Adding `slack`
/// sets a lane's top bit exactly where the sum passes the lane's upper bound (a bounded
/// coordinate, per lane 2^(bits-1) - 1 - bound: `guard`) or reaches its lower bound (an
/// unbounded one, saturating there, per lane 2^(bits-1) - bound: `saturating`). The dense
/// index is linear, so a sum's index is the sum of the indices, less each saturated lane's
/// excess over its bound times the lane's stride.
#[derive(Debug, Clone, Copy)]
struct Packing {
    /// Coordinates packed.
    lanes: usize,
    bits: u32,
    slack: u64,
    /// The top bits of the bounded lanes.
    guard: u64,
    /// The top bits of the saturating lanes (0 when every coordinate is bounded).
    saturating: u64,
    /// Per lane, the saturating coordinate's bound (0 for a bounded one).
    floors: [u16; MAX_COORDS],
    /// Per lane, the coordinate's stride in the dense index.
    strides: [u32; MAX_COORDS],
}

impl Packing {
    fn of(space: &Space) -> Option<Packing> {
        let d = space.coords.len() as u32;
        let bits = 64 / d.max(1);
        let half = 1u64 << (bits - 1);
        let (mut slack, mut guard, mut saturating) = (0u64, 0u64, 0u64);
        let mut floors = [0u16; MAX_COORDS];
        let mut strides = [0u32; MAX_COORDS];
        for (c, coord) in space.coords.iter().enumerate() {
            let top = u64::from(coord.top());
            if top >= half {
                return None;
            }
            let shift = bits * c as u32;
            strides[c] = space.strides[c] as u32;
            match coord.hi {
                Some(_) => {
                    slack |= (half - 1 - top) << shift;
                    guard |= half << shift;
                }
                None => {
                    slack |= (half - top) << shift;
                    saturating |= half << shift;
                    floors[c] = coord.lo;
                }
            }
        }
        Some(Packing {
            lanes: space.coords.len(),
            bits,
            slack,
            guard,
            saturating,
            floors,
            strides,
        })
    }

    /// Whether every coordinate is bounded: a sum's preimages are then one vector, found by a
    /// subtraction (the sampler's packed path).
    fn bounded(&self) -> bool {
        self.saturating == 0
    }

    fn pack(&self, p: &Pt) -> u64 {
        p.iter()
            .take(self.lanes)
            .enumerate()
            .map(|(c, &v)| u64::from(v) << (self.bits * c as u32))
            .sum()
    }

    /// `target` packed with every lane's top bit set, and those bits: a packed vector `q`
    /// is at most the target in every lane when `(set - q) & bits == bits` (no lane
    /// borrows; a saturated lane is at its top).
    fn at_most(&self, target: &Pt) -> (u64, u64) {
        let bits = self.guard | self.saturating;
        (self.pack(target) | bits, bits)
    }

    /// Whether two packed vectors' sum stays within every upper bound.
    #[inline]
    fn fits(&self, a: u64, b: u64) -> bool {
        (a + b + self.slack) & self.guard == 0
    }

    /// The dense index of the stored sum of two packed vectors, given theirs (`x0`, `x1`), or
    /// `None` past an upper bound.
    #[inline]
    fn sum_index(&self, q0: u64, x0: u32, q1: u64, x1: u32) -> Option<u32> {
        let sum = q0 + q1;
        let flags = sum + self.slack;
        if flags & self.guard != 0 {
            return None;
        }
        let mut at = x0 + x1;
        let mut saturated = flags & self.saturating;
        while saturated != 0 {
            let c = (saturated.trailing_zeros() / self.bits) as usize;
            let lane = ((sum >> (self.bits * c as u32)) & (u64::MAX >> (64 - self.bits))) as u32;
            at -= self.strides[c] * (lane - u32::from(self.floors[c]));
            saturated &= saturated - 1;
        }
        Some(at)
    }
}

/// One way the point-carrying ranks of a suit fall: the holder of each, the number each seat
/// holds, and what they add to every coordinate.
#[derive(Debug, Clone)]
struct Layout {
    owners: [u8; 5],
    held: [u8; 4],
    adds: Pt,
}

/// One suit's column: the four seats' lengths and, per vector it adds, its number of deals.
#[derive(Debug, Clone)]
struct Column {
    lengths: [u8; 4],
    /// Sorted by the vectors' dense index.
    vectors: Vec<(Pt, u64)>,
    /// Each vector packed ([`Packing`]), with its dense index and count (parallel to
    /// `vectors`; empty without packing).
    packed: Vec<(u64, u32, u64)>,
    /// The count of each vector the layouts add, by 1 + its id (as [`Halves::adds_at`] holds
    /// it; 0 if the column has none of it), after a 0 for no vector: so a lookup by
    /// `adds_at` needs no test for an index no layout adds.
    by_adds: Vec<u64>,
    /// The layouts the column's lengths hold, each with its number of deals (its spot
    /// multinomial), in runs by the id of the vector they add: id `i`'s run is
    /// `layouts[layout_starts[i]..layout_starts[i + 1]]`.
    layouts: Vec<(u16, u64)>,
    layout_starts: Vec<u32>,
}

/// A half's group: a tuple of the seats' classes, the column pairs that fall in it and the
/// counts per vector (dense index, count).
#[derive(Debug, Clone)]
struct Group {
    classes: [u16; 4],
    pairs: Vec<(u32, u32)>,
    entries: Vec<(u32, u64)>,
    /// Each entry's vector, decoded (parallel to `entries`).
    points: Vec<Pt>,
}

/// A half of the deck: two suits' tables and its groups.
#[derive(Debug, Clone)]
struct Half {
    suits: [usize; 2],
    groups: Vec<Group>,
    /// Per group, its pairs' counts at each entry ([`Halves::runs`]), built the first time a
    /// deal draws from the group, or where they are scarce once enough deals have (none for
    /// tables that do not deal).
    runs: Vec<OnceLock<Runs>>,
    /// Per group, the deals drawn from it while its runs wait ([`RUNS_BYTES_PER_DRAW`]).
    draws: Vec<Tally>,
    /// The half dealt as one suit ([`merged`]): its groups are tuples of lengths, with no
    /// pairs, runs or stored entries of their own. Only the ♦♣ half, whose groups the join
    /// reads through [`Halves::add_second`].
    merged: Option<Merged>,
}

/// A half group's counts per column pair at each of its entries, for the sampler: entry `e`'s
/// pairs with deals are `items[starts[e]..starts[e + 1]]`, each the pair's place in the
/// group's `pairs` above [`COUNT_BITS`] and its count below.
#[derive(Debug, Clone, Default)]
struct Runs {
    starts: Vec<u32>,
    items: Vec<u64>,
}

/// Bits of a count in a [`Runs`] item: a pair of columns deals 26 cards in at most
/// 26! / (7! 7! 6! 6!) < 2^48 ways.
const COUNT_BITS: u32 = 48;

/// Most bytes of the sampler's [`Runs`] of all groups together: 80 MB. A group whose runs
/// would pass it keeps none (nor are they built: its pairs are convolved only while they
/// fit), and the sampler scans its pairs (the same draws, more slowly).
const RUNS_BYTES_MAX: usize = 80 << 20;

/// Where every group's runs might not fit their bound ([`Halves::runs_scarce`]), a group's
/// runs are built once it has been drawn from about once per this many bytes they may take
/// (at most [`RUNS_AFTER_DRAWS`] times): the bound goes to the groups drawn most rather than
/// to those drawn first (the first batch's groups, in the order of their place), and runs
/// that cost much are built only for a group drawn often (building them costs about as much
/// as a hundred draws without them).
const RUNS_BYTES_PER_DRAW: usize = 16 << 10;

/// Most draws a group waits for its runs.
const RUNS_AFTER_DRAWS: usize = 64;

/// The most bytes a group's [`Runs`] may take: every pair counted at every entry.
fn runs_bytes_most(group: &Group) -> usize {
    let entries = group.entries.len();
    (entries + 1) * 4 + entries.saturating_mul(group.pairs.len()) * 8
}

/// A counter the sampler moves through a shared reference: the bytes of [`Runs`] built so
/// far, or the deals drawn from a group while its runs wait. A clone starts from the same
/// figure (it holds the same runs).
#[derive(Debug, Default)]
struct Tally(AtomicUsize);

impl Clone for Tally {
    fn clone(&self) -> Self {
        Tally(AtomicUsize::new(self.0.load(Ordering::Relaxed)))
    }
}

/// Deals a batch finishes ordered by their ♠♥ group ([`Halves::sample_batch`]).
pub(crate) const BATCH: usize = 8192;

/// Fewest deals a thread draws at a time ([`Halves::sample_spread`]): about 0.1 ms of work
/// at the halves' slowest common rates, against a few microseconds to hand it out.
#[cfg(not(target_arch = "wasm32"))]
const PER_THREAD_MIN: usize = 64;

/// A deal's first draws ([`Halves::start`]), ordered by group so a batch finishes them
/// group by group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Start {
    group: u32,
    entry: u32,
    offset: u64,
    /// The deal's place in its batch.
    deal: u32,
}

/// What drawing a half looks up by its group's entry ([`Halves::entry`]).
#[derive(Debug, Clone, Copy)]
struct Entry<'a> {
    /// The vector's dense index.
    at: u32,
    /// Its count in the group.
    total: u64,
    target: Pt,
    /// The group's pairs' counts at the entry, from its [`Runs`] (empty without them).
    runs: &'a [u64],
    /// The first of them (0 without runs), read with the rest of the entry, where the
    /// batch's reads overlap: the draw then finds it in the cache.
    lead: u64,
}

/// A suit of a half as drawn ([`Halves::pick_pairs`]): the suit, its column, the dense index
/// of the vector it adds and that vector's count in the column.
#[derive(Debug, Clone, Copy)]
struct SuitPick<'a> {
    suit: usize,
    column: &'a Column,
    adds: u32,
    weight: u64,
}

impl<'a> SuitPick<'a> {
    fn of(suit: usize, column: &'a Column, adds: u32, weight: u64) -> SuitPick<'a> {
        SuitPick {
            suit,
            column,
            adds,
            weight,
        }
    }
}

/// The layouts a suit's pick may take, each with its count (its run of
/// `Column::layouts`), and the first of them, read where the batch's reads overlap.
#[derive(Debug, Clone, Copy)]
struct LayoutRun<'a> {
    run: &'a [(u16, u64)],
    lead: (u16, u64),
}

/// A ♠♥ group's completing ♦♣ entries for the sampler, in dense-index order: those at index
/// `i` are `items[starts[i]..starts[i + 1]]` (♦♣ group, entry), in the order of the group's
/// partners, and `cum[j]` is the weight of the items before `j`. The weight of a run of
/// indices (a row of a box) is two reads of `cum`, and the entry at an offset within it one
/// binary search: no per-partner lookup.
#[derive(Debug, Clone)]
struct Completing {
    starts: Vec<u32>,
    cum: Vec<u64>,
    items: Vec<(u32, u32)>,
}

impl Completing {
    fn bytes(&self) -> usize {
        self.starts.len() * 4 + self.cum.len() * 8 + self.items.len() * 8
    }
}

/// The exact tables of a set counted by halves (see the module doc).
#[derive(Debug, Clone)]
pub struct Halves {
    seats: Vec<Seat>,
    space: Space,
    /// Ranks from the top that carry points (0 to 5).
    tracked: usize,
    layouts: Vec<Layout>,
    /// Per dense index, 1 + the id of the vector there if some layout adds it, else 0.
    adds_at: Vec<u16>,
    /// The vectors packed, when every coordinate is bounded.
    packing: Option<Packing>,
    columns: [Vec<Column>; 4],
    halves: [Half; 2],
    /// Per seat, whether a ♠♥ class and a ♦♣ class complete each other (`[seat][a][b]`).
    completes: [Vec<Vec<bool>>; 4],
    /// Per ♠♥ group: the completing ♦♣ groups.
    partners: Vec<Vec<u32>>,
    /// Per ♠♥ group and entry: the completions' count (parallel to `entries`).
    completions: Vec<Vec<u64>>,
    /// Per ♠♥ group and entry: deals up to and including the entry, within the group.
    within: Vec<Vec<u128>>,
    /// Cumulative deals up to and including each ♠♥ group.
    cumulative: Vec<u128>,
    /// Per ♠♥ group, its completing ♦♣ groups' entries by dense index ([`Completing`]),
    /// built the first time the sampler draws from the group (empty when over the bounds).
    completing: Vec<OnceLock<Completing>>,
    /// Per ♠♥ group, for a ♦♣ half dealt as one suit: its partners' ways to deal the spot
    /// cards summed per held tuple ([`Merged::find`]), built the first time the sampler draws
    /// from the group.
    summed_ways: Vec<OnceLock<Vec<u64>>>,
    /// Bytes of the halves' [`Runs`] built so far.
    runs_bytes: Tally,
    /// Whether every group's runs might pass [`RUNS_BYTES_MAX`] (reckoning every pair at
    /// every entry): then a group's wait for its draws ([`Halves::runs`]).
    runs_scarce: bool,
    count: u128,
    /// `[half][seat][class]`: a length pair of each class (its watched lengths are exact).
    reps: [[Vec<(u8, u8)>; 4]; 2],
    /// How each observer given to [`Halves::observing`] is read (empty when dealing).
    watch: Vec<observe::Watch>,
    /// The building work spent ([`Halves::work`]).
    work: u64,
    /// Built on the set with its halves exchanged (♠ ↔ ♦, ♥ ↔ ♣), so that a free ♠♥ half is
    /// dealt as one suit: the count is the set's, and each deal drawn is exchanged back.
    exchanged: bool,
}

/// A set's halves planned, not yet filled ([`Halves::plan_wide`]): the columns of every
/// suit and the pairs of columns of every group, with the building work combining them will
/// take ([`Plan::work`]) — known in a small part of that time, so a caller can weigh it
/// against another route before paying for it ([`Plan::tables`]).
#[derive(Debug)]
pub struct Plan {
    /// The tables with every group's pairs but no entries, no join and no count yet.
    halves: Halves,
    /// Entries stored so far (a half dealt as one suit's), and the most allowed.
    entries: usize,
    max_entries: usize,
}

impl Plan {
    /// The building work the tables take (pairs of per-suit vectors combined, three for a
    /// pair of unpacked vectors; a half dealt as one suit: its layouts side by side and its
    /// entries once per group), within the plan's bound.
    pub fn work(&self) -> u64 {
        self.halves.work
    }

    /// The tables: every group's pairs combined, then the halves joined (for dealing tables;
    /// observing ones are joined by their distribution). `None` when the entries stored pass
    /// the plan's bound.
    pub fn tables(self) -> Option<Halves> {
        let Plan {
            mut halves,
            mut entries,
            max_entries,
        } = self;
        let observing = !halves.watch.is_empty();
        let Halves {
            space,
            packing,
            columns,
            halves: both,
            ..
        } = &mut halves;
        let mut dense = vec![0u64; space.size];
        let mut touched: Vec<u32> = Vec::new();
        for half in both {
            for group in &mut half.groups {
                for &(i0, i1) in &group.pairs {
                    let c0 = &columns[half.suits[0]][i0 as usize];
                    let c1 = &columns[half.suits[1]][i1 as usize];
                    convolve(space, *packing, c0, c1, &mut dense, &mut touched);
                }
                touched.sort_unstable();
                group.entries = touched
                    .drain(..)
                    .map(|at| (at, std::mem::take(&mut dense[at as usize])))
                    .collect();
                // Observing tables read a vector where they need it (they keep 16 bytes an
                // entry, not 28).
                if observing {
                    group.entries.shrink_to_fit();
                } else {
                    group.points = group.entries.iter().map(|e| space.point(e.0)).collect();
                }
                entries += group.entries.len();
                if entries > max_entries {
                    return None;
                }
            }
        }
        halves.link();
        // Observing tables read the partners only (their distribution is its own join).
        if halves.watch.is_empty() {
            halves.join(&mut dense);
            let mut most = 0usize;
            for half in halves.halves.iter_mut().filter(|h| h.merged.is_none()) {
                half.runs = half.groups.iter().map(|_| OnceLock::new()).collect();
                half.draws = half.groups.iter().map(|_| Tally::default()).collect();
                most = half
                    .groups
                    .iter()
                    .map(runs_bytes_most)
                    .fold(most, usize::saturating_add);
            }
            halves.runs_scarce = most > RUNS_BYTES_MAX;
        }
        Some(halves)
    }
}

/// A scale's unit: the gcd of its card values in half-points (1 if it values none).
fn unit(weights: &[u8; 5]) -> u32 {
    let g = weights.iter().fold(0u128, |g, &w| gcd(g, u128::from(w)));
    g.max(1) as u32
}

/// The most `seats` seats can hold together on a scale with these per-rank values: the
/// best 13 cards a seat of the 20 that carry values (four of each rank).
fn most(weights: &[u16; 5], seats: usize) -> u32 {
    let mut values: Vec<u32> = weights.iter().flat_map(|&w| [u32::from(w); 4]).collect();
    values.sort_unstable_by(|a, b| b.cmp(a));
    values.iter().take(13 * seats).sum()
}

/// The coordinates of a set, or `None` if it has a condition this structure does not take.
fn coordinates(set: &ConstraintSet) -> Option<Vec<Coord>> {
    let mut coords = Vec::new();
    let mut push = |seats: u8, range: &crate::conditions::ScaleRange| -> Option<()> {
        let u = unit(&range.scale.weights);
        let lo = range.lo.div_ceil(u);
        let hi = range.hi.map(|h| h / u);
        let weights = range.scale.weights.map(|w| (u32::from(w) / u) as u16);
        // An upper bound the seats cannot pass (`hcp 15-37`, as dealer scripts write `>= 15`)
        // is no bound: it would only widen the dense arrays.
        let hi = hi.filter(|&h| h < most(&weights, seats.count_ones() as usize));
        if hi.is_none() && lo == 0 {
            return Some(());
        }
        coords.push(Coord {
            seats,
            weights,
            lo: u16::try_from(lo).ok()?,
            hi: hi.map(u16::try_from).transpose().ok()?,
            unit: u16::try_from(u).ok()?,
        });
        Some(())
    };
    for seat in Seat::ALL {
        let c = set.seat(seat);
        if !c.fixed.is_empty() || c.exact_suits.iter().any(|&e| e) {
            return None;
        }
        for r in &c.points {
            push(1 << seat.index(), r)?;
        }
    }
    for p in &set.pairs {
        match &p.kind {
            PairKind::Points(r) => {
                let [a, b] = p.pair.seats();
                push(1 << a.index() | 1 << b.index(), r)?;
            }
            // A fit is a filter on a half's pairs of columns ([`half_fits`]).
            PairKind::Fit { .. } => {}
        }
    }
    (coords.len() <= MAX_COORDS).then_some(coords)
}

/// A partnership's fit within one half: its two seats' combined length in the half's
/// suits of `mask` (bit 0 the half's first suit, bit 1 its second) is `min` to `max` at its
/// longest, as [`PairKind::Fit`] reads it.
#[derive(Debug, Clone, Copy)]
struct HalfFit {
    seats: [usize; 2],
    mask: u8,
    min: u8,
    max: Option<u8>,
}

impl HalfFit {
    /// Whether a pair of the half's columns (its first and second suit's lengths per seat)
    /// meets the fit.
    fn meets(&self, first: &[u8; 4], second: &[u8; 4]) -> bool {
        let [a, b] = self.seats;
        let longest = [first, second]
            .iter()
            .enumerate()
            .filter(|(j, _)| self.mask >> j & 1 == 1)
            .map(|(_, l)| l[a] + l[b])
            .max()
            .unwrap_or(0);
        fit_holds(longest, self.min, self.max)
    }
}

/// The set's fits, per half (♠♥, ♦♣): each ties two seats' lengths in one half's suits
/// only, so it is met or not by a pair of that half's columns alone and filters them; the
/// shapes and totals join the halves as without it. `None` when a fit names suits of both
/// halves (`fit 8+`, any suit).
fn half_fits(set: &ConstraintSet) -> Option<[Vec<HalfFit>; 2]> {
    let mut fits: [Vec<HalfFit>; 2] = Default::default();
    for p in &set.pairs {
        if let PairKind::Fit { min, max, suits } = p.kind {
            let half = match (suits & 0b0011 != 0, suits & 0b1100 != 0) {
                (true, false) => 0,
                (false, true) => 1,
                _ => return None,
            };
            fits[half].push(HalfFit {
                seats: p.pair.seats().map(Seat::index),
                mask: suits >> (2 * half) & 0b11,
                min,
                max,
            });
        }
    }
    Some(fits)
}

/// Residual bit sets are over `x * 14 + y` for the other half's lengths (x, y).
type Residual = [u64; 4];

/// Per seat, per half, the class of each length pair (`None`: no shape of the set has it),
/// a representative pair of each class, and whether classes complete each other.
struct Classes {
    /// `[half][seat][x * 14 + y]`.
    class: [[Vec<Option<u16>>; 4]; 2],
    /// `[half][seat][class]`: a length pair of the class.
    reps: [[Vec<(u8, u8)>; 4]; 2],
}

/// `watched[seat][suit]`: lengths kept apart in the classes, for an observer (a seat's
/// length pairs with the same residual but different watched lengths are different classes).
fn classes(set: &ConstraintSet, watched: &[[bool; 4]; 4]) -> Classes {
    let mut class: [[Vec<Option<u16>>; 4]; 2] = Default::default();
    let mut reps: [[Vec<(u8, u8)>; 4]; 2] = Default::default();
    for seat in Seat::ALL {
        let i = seat.index();
        for half in 0..2 {
            let mut residuals = vec![[0u64; 4]; 196];
            for shape in set.seat(seat).shapes.iter() {
                let (own, other) = if half == 0 {
                    ((shape[0], shape[1]), (shape[2], shape[3]))
                } else {
                    ((shape[2], shape[3]), (shape[0], shape[1]))
                };
                let bit = usize::from(other.0) * 14 + usize::from(other.1);
                residuals[usize::from(own.0) * 14 + usize::from(own.1)][bit / 64] |=
                    1 << (bit % 64);
            }
            let mut ids: FxHashMap<(Residual, [u8; 2]), u16> = FxHashMap::default();
            let suits = [2 * half, 2 * half + 1];
            class[half][i] = residuals
                .iter()
                .enumerate()
                .map(|(k, r)| {
                    if *r == [0; 4] {
                        return None;
                    }
                    let own = [(k / 14) as u8, (k % 14) as u8];
                    let seen = [0, 1].map(|j| {
                        if watched[i][suits[j]] {
                            own[j]
                        } else {
                            u8::MAX
                        }
                    });
                    let next = ids.len() as u16;
                    let id = *ids.entry((*r, seen)).or_insert(next);
                    if id == next {
                        reps[half][i].push(((k / 14) as u8, (k % 14) as u8));
                    }
                    Some(id)
                })
                .collect();
        }
    }
    Classes { class, reps }
}

/// Every layout of the top `tracked` ranks of a suit among the four seats.
fn layouts(space: &Space, tracked: usize) -> Vec<Layout> {
    let n = 4usize.pow(tracked as u32);
    let mut out = Vec::with_capacity(n);
    'layout: for code in 0..n {
        let mut owners = [0u8; 5];
        let mut held = [0u8; 4];
        let mut raw = [0u16; MAX_COORDS];
        let mut x = code;
        for (r, owner) in owners.iter_mut().enumerate().take(tracked) {
            *owner = (x % 4) as u8;
            x /= 4;
            held[usize::from(*owner)] += 1;
            for (c, coord) in space.coords.iter().enumerate() {
                if coord.seats >> *owner & 1 == 1 {
                    raw[c] += coord.weights[r];
                }
            }
        }
        let mut adds = [0u16; MAX_COORDS];
        for (c, coord) in space.coords.iter().enumerate() {
            match coord.add(0, raw[c]) {
                Some(v) => adds[c] = v,
                None => continue 'layout,
            }
        }
        out.push(Layout { owners, held, adds });
    }
    out
}

/// The tuples of lengths a suit's columns can have: each seat's allowed, adding to 13.
fn length_tuples(allowed: &[[bool; 14]; 4]) -> impl Iterator<Item = [u8; 4]> + '_ {
    (0..14u8)
        .flat_map(|a| {
            (0..14 - a).flat_map(move |b| (0..14 - a - b).map(move |c| [a, b, c, 13 - a - b - c]))
        })
        .filter(|l| (0..4).all(|i| allowed[i][usize::from(l[i])]))
}

/// Each dense index's entry among `entries` (sorted (index, count) pairs), or `u32::MAX`.
fn slots(entries: &[(u32, u64)], size: usize) -> Vec<u32> {
    let mut slot = vec![u32::MAX; size];
    for (e, &(at, _)) in entries.iter().enumerate() {
        slot[at as usize] = e as u32;
    }
    slot
}

/// Adds into `dense` the products of two columns' counts at the index of each sum of their
/// vectors within the bounds, noting in `touched` each index it makes nonzero.
fn convolve(
    space: &Space,
    packing: Option<Packing>,
    c0: &Column,
    c1: &Column,
    dense: &mut [u64],
    touched: &mut Vec<u32>,
) {
    if let Some(k) = packing.filter(Packing::bounded) {
        // The tight loop where no lane saturates: the index is the sum of the indices.
        for &(q0, x0, w0) in &c0.packed {
            for &(q1, x1, w1) in &c1.packed {
                if k.fits(q0, q1) {
                    let at = x0 + x1;
                    if dense[at as usize] == 0 {
                        touched.push(at);
                    }
                    dense[at as usize] += w0 * w1;
                }
            }
        }
        return;
    }
    if let Some(k) = packing {
        for &(q0, x0, w0) in &c0.packed {
            for &(q1, x1, w1) in &c1.packed {
                if let Some(at) = k.sum_index(q0, x0, q1, x1) {
                    if dense[at as usize] == 0 {
                        touched.push(at);
                    }
                    dense[at as usize] += w0 * w1;
                }
            }
        }
        return;
    }
    for (p0, w0) in &c0.vectors {
        for (p1, w1) in &c1.vectors {
            if let Some(p) = space.add(p0, p1) {
                let at = space.index(&p);
                if dense[at as usize] == 0 {
                    touched.push(at);
                }
                dense[at as usize] += w0 * w1;
            }
        }
    }
}

/// [`Halves::pick_at`] within a pair of columns where the target has one preimage per
/// first vector: the first column's packed vectors `first` in their order, each weighed by
/// its count times the second column's count (`by_adds`, by the id `adds_at` gives) of the
/// target less it — `(with_guard, guard)`: the target packed with every lane's top bit set,
/// and those bits, so a lane of the vector above the target's clears its bit — the offset
/// `r` moved past each; the first vector's dense index and count and the second's count
/// where it falls. A function of its own, so the loop keeps its values in registers.
#[inline(never)]
fn one_preimage_at(
    first: &[(u64, u32, u64)],
    adds_at: &[u16],
    by_adds: &[u64],
    (with_guard, guard): (u64, u64),
    at: u32,
    r: &mut u64,
) -> Option<(u32, u64, u64)> {
    for &(q0, x0, w0) in first {
        if x0 > at {
            // Sorted by index: every later vector passes the target's slowest coordinate.
            break;
        }
        // Without branches (a vector passing the target in some lane, or adding what no
        // layout adds, weighs 0): about a quarter of the vectors fit, at random, so a
        // branch on it would be mispredicted often.
        let fits = (with_guard - q0) & guard == guard;
        let id = adds_at[(at - x0) as usize] * u16::from(fits);
        let w1 = by_adds[usize::from(id)];
        if *r < w0 * w1 {
            return Some((x0, w0, w1));
        }
        *r -= w0 * w1;
    }
    None
}

/// The vectors the layouts add, found once for every column: each distinct vector's id (in
/// dense-index order), and the layouts in runs by that id.
struct LayoutIds {
    /// Per dense index, 1 + the id of the vector there if some layout adds it, else 0.
    adds_at: Vec<u16>,
    /// Per id, the vector and its dense index.
    distinct: Vec<(Pt, u32)>,
    /// The layouts' places, in runs by the id of the vector they add, each run in layout
    /// order.
    order: Vec<u16>,
    /// Per layout, its vector's id.
    id: Vec<u16>,
    /// Per layout, its tuple of high cards held, as a place in `held`.
    held_at: Vec<u8>,
    /// The distinct tuples of high cards held.
    held: Vec<[u8; 4]>,
}

impl LayoutIds {
    fn of(space: &Space, layouts: &[Layout]) -> LayoutIds {
        let mut at: Vec<u32> = layouts.iter().map(|l| space.index(&l.adds)).collect();
        let mut sorted = at.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let mut adds_at = vec![0u16; space.size];
        for (id, &x) in sorted.iter().enumerate() {
            adds_at[x as usize] = id as u16 + 1;
        }
        let distinct = sorted.iter().map(|&x| (space.point(x), x)).collect();
        let id: Vec<u16> = at.drain(..).map(|x| adds_at[x as usize] - 1).collect();
        let mut order: Vec<u16> = (0..layouts.len() as u16).collect();
        // Stable: within a run the layouts keep their order.
        order.sort_by_key(|&l| id[usize::from(l)]);
        let mut held: Vec<[u8; 4]> = Vec::new();
        let held_at = layouts
            .iter()
            .map(|l| match held.iter().position(|h| *h == l.held) {
                Some(p) => p as u8,
                None => {
                    held.push(l.held);
                    (held.len() - 1) as u8
                }
            })
            .collect();
        LayoutIds {
            adds_at,
            distinct,
            order,
            id,
            held_at,
            held,
        }
    }
}

/// The columns of one suit whose seats' lengths are `allowed`, each with the vectors its
/// layouts add and their counts (the spot cards' multinomial summed over the layouts adding
/// the vector), the counts by vector id and its layouts in runs by id: one pass over the
/// layouts a column, in the order of [`LayoutIds`].
fn columns(
    allowed: &[[bool; 14]; 4],
    ids: &LayoutIds,
    spots: usize,
    packing: Option<Packing>,
) -> Vec<Column> {
    let mut out = Vec::new();
    let mut ways = vec![0u64; ids.held.len()];
    for lengths in length_tuples(allowed) {
        for (w, held) in ways.iter_mut().zip(&ids.held) {
            *w = if (0..4).all(|i| held[i] <= lengths[i]) {
                let rest: [usize; 3] = std::array::from_fn(|i| usize::from(lengths[i] - held[i]));
                multinomial(spots, &rest) as u64
            } else {
                0
            };
        }
        let mut by_adds = vec![0u64; ids.distinct.len() + 1];
        let mut layout_starts = vec![0u32; ids.distinct.len() + 1];
        let mut layouts = Vec::new();
        for &l in &ids.order {
            let w = ways[usize::from(ids.held_at[usize::from(l)])];
            if w == 0 {
                continue;
            }
            let id = usize::from(ids.id[usize::from(l)]);
            by_adds[id + 1] += w;
            layout_starts[id + 1] += 1;
            layouts.push((l, w));
        }
        if layouts.is_empty() {
            continue;
        }
        for i in 0..ids.distinct.len() {
            layout_starts[i + 1] += layout_starts[i];
        }
        let present = || {
            by_adds[1..]
                .iter()
                .zip(&ids.distinct)
                .filter(|(&w, _)| w > 0)
        };
        let vectors: Vec<(Pt, u64)> = present().map(|(&w, &(p, _))| (p, w)).collect();
        let packed = packing.map_or_else(Vec::new, |k| {
            present().map(|(&w, &(p, x))| (k.pack(&p), x, w)).collect()
        });
        out.push(Column {
            lengths,
            vectors,
            packed,
            by_adds,
            layouts,
            layout_starts,
        });
    }
    out
}

impl Halves {
    /// The tables of `set`, counting the seats `seats` (every seat with a condition; three
    /// or four), or `None` when the set has a condition this structure does not take or
    /// its tables would exceed the bounds on work and memory.
    pub fn new(set: &ConstraintSet, seats: &[Seat]) -> Option<Halves> {
        Self::build(set, seats, &[], BOUNDS)
    }

    /// [`Halves::new`] with the building work (pairs of per-suit vectors combined, see
    /// [`BUILD_WORK_MAX`]) bounded by `max_work` instead: `None` past it.
    pub fn within(set: &ConstraintSet, seats: &[Seat], max_work: u64) -> Option<Halves> {
        let bounds = Bounds {
            work: max_work.min(BUILD_WORK_MAX),
            ..BOUNDS
        };
        Self::build(set, seats, &[], bounds)
    }

    /// [`Halves::new`] with wider bounds on the building work and the pairs of columns
    /// ([`WIDE_BUILD_WORK_MAX`], [`WIDE_COLUMN_PAIRS_MAX`]; stored entries held to
    /// [`WIDE_ENTRIES_MAX`] instead, for memory): up to about four times as long
    /// to build, for a set the chain cannot count either (free seats beside fits).
    /// The work is also held to `max_work`.
    pub fn wide(set: &ConstraintSet, seats: &[Seat], max_work: u64) -> Option<Halves> {
        Self::plan_wide(set, seats, max_work)?.tables()
    }

    /// The [`Plan`] of [`Halves::wide`]: `None` where it would decline the set before
    /// combining any pair (a condition it does not take, too many pairs of columns, or more
    /// building work than its bounds).
    pub fn plan_wide(set: &ConstraintSet, seats: &[Seat], max_work: u64) -> Option<Plan> {
        Self::plan(set, seats, &[], wide_bounds(max_work))
    }

    /// The building work spent (pairs of per-suit vectors combined, three for a pair of
    /// unpacked vectors).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The tables of `set` with the quantities of `observers` kept apart: their seats'
    /// watched lengths split the classes, and each points observer has a coordinate of its
    /// own (or shares a bounded one of the same seats and scale, whose totals are exact).
    fn build(
        set: &ConstraintSet,
        seats: &[Seat],
        observers: &[Observer],
        bounds: Bounds,
    ) -> Option<Halves> {
        Self::plan(set, seats, observers, bounds)?.tables()
    }

    /// [`Halves::build`] up to the pairs of columns of every group: what is known, with
    /// the building work, before any pair is combined.
    fn plan(
        set: &ConstraintSet,
        seats: &[Seat],
        observers: &[Observer],
        bounds: Bounds,
    ) -> Option<Plan> {
        if seats.len() < 3 {
            return None;
        }
        let mut coords = coordinates(set)?;
        if !observers.is_empty() {
            // Observing only: the dealer's tables, and so its deals for a seed, stay as built.
            implied::narrow(&mut coords);
        }
        for o in observers {
            observe::add_coordinate(&mut coords, o);
        }
        if coords.len() > MAX_COORDS {
            return None;
        }
        // The widest range first (the fastest coordinate of the dense index: the sampler
        // weighs a box's rows along it, [`Halves::descend`]) and the narrowest last (the
        // slowest, so the run of completions [`Halves::scan`] reads in it is short). A
        // completion's values in an open-ended range (saturating at its bound) run from 0 to
        // the bound.
        coords.sort_by_key(|c| std::cmp::Reverse(c.span()));
        let tracked = coords
            .iter()
            .flat_map(|c| (0..5).filter(|&r| c.weights[r] > 0))
            .map(|r| r + 1)
            .max()
            .unwrap_or(0);
        let space = Space::new(coords).filter(|space| space.size <= DENSE_MAX)?;
        let layouts = layouts(&space, tracked);
        let mut allowed = [[[false; 14]; 4]; 4];
        for seat in Seat::ALL {
            for shape in set.seat(seat).shapes.iter() {
                for (s, &l) in shape.iter().enumerate() {
                    allowed[s][seat.index()][usize::from(l)] = true;
                }
            }
        }
        let fits = half_fits(set)?;
        let watched = observe::watched_lengths(observers);
        // A ♦♣ half no fit names and no seat's shape looks into suit by suit is dealt as one
        // suit: its groups are the tuples of lengths, not pairs of columns. An observer's
        // lengths there are read from how its spot cards split ([`Merged::add_split_ways`]),
        // not from classes.
        let unwatched_in = |h: usize| {
            let mut w = watched;
            for seat in &mut w {
                seat[2 * h] = false;
                seat[2 * h + 1] = false;
            }
            w
        };
        let free_in = |h: usize| {
            fits[h].is_empty() && merged::by_sum(&classes(set, &unwatched_in(h)).class[h])
        };
        let free = free_in(1);
        if bounds.one_suit != OneSuit::Never && !free && free_in(0) {
            // A free ♠♥ half: the set with its halves exchanged has a free ♦♣ half and the
            // same count; its deals are exchanged back as they are drawn.
            return Self::plan_exchanged(set, seats, observers, bounds);
        }
        let one_suit = bounds.one_suit == OneSuit::WhereFree && free;
        let classes = classes(set, &if one_suit { unwatched_in(1) } else { watched });
        let merged_groups = one_suit.then(|| merged::groups(&classes.class[1]));
        let watched_in_merged = (0..4)
            .filter(|&s| one_suit && (watched[s][2] || watched[s][3]))
            .fold(0u8, |m, s| m | 1 << s);
        // Pairs of length tuples (those meeting the half's fits, where it has any).
        let column_pairs: usize = [[0usize, 1], [2, 3]]
            .iter()
            .zip(&fits)
            .enumerate()
            .map(|(h, (&[s0, s1], fits))| {
                if let Some(groups) = merged_groups.as_ref().filter(|_| h == 1) {
                    return groups.len();
                }
                if fits.is_empty() {
                    return length_tuples(&allowed[s0]).count()
                        * length_tuples(&allowed[s1]).count();
                }
                let second: Vec<[u8; 4]> = length_tuples(&allowed[s1]).collect();
                length_tuples(&allowed[s0])
                    .map(|l0| {
                        second
                            .iter()
                            .filter(|l1| fits.iter().all(|f| f.meets(&l0, l1)))
                            .count()
                    })
                    .sum()
            })
            .sum();
        if column_pairs > bounds.column_pairs {
            return None;
        }
        let packing = Packing::of(&space);
        let ids = LayoutIds::of(&space, &layouts);
        let columns: [Vec<Column>; 4] = std::array::from_fn(|s| {
            if s >= 2 && merged_groups.is_some() {
                return Vec::new();
            }
            columns(&allowed[s], &ids, 13 - tracked, packing)
        });
        let adds_at = ids.adds_at;
        let mut work = 0u64;
        let step = if packing.is_some() { 1 } else { 3 };
        let mut halves: Vec<Half> = Vec::with_capacity(2);
        let mut entries = 0usize;
        for (h, suits) in [[0usize, 1], [2, 3]].into_iter().enumerate() {
            if let Some(tuples) = merged_groups.as_ref().filter(|_| h == 1) {
                let merged = Merged::new(
                    &space,
                    &layouts,
                    tracked,
                    tuples.iter().map(|t| t.0).collect(),
                    watched_in_merged,
                );
                // The layouts side by side, then each group's entries once in the join.
                work += (layouts.len() * layouts.len()) as u64
                    + (merged.entries() * tuples.len()) as u64;
                entries += merged.entries();
                if work > bounds.work || entries > bounds.entries {
                    return None;
                }
                let groups = tuples
                    .iter()
                    .map(|&(_, classes)| Group {
                        classes,
                        pairs: Vec::new(),
                        entries: Vec::new(),
                        points: Vec::new(),
                    })
                    .collect();
                halves.push(Half {
                    suits,
                    groups,
                    runs: Vec::new(),
                    draws: Vec::new(),
                    merged: Some(merged),
                });
                continue;
            }
            let mut index: FxHashMap<[u16; 4], usize> = FxHashMap::default();
            let mut groups: Vec<Group> = Vec::new();
            for (i0, c0) in columns[suits[0]].iter().enumerate() {
                'pair: for (i1, c1) in columns[suits[1]].iter().enumerate() {
                    if !fits[h].iter().all(|f| f.meets(&c0.lengths, &c1.lengths)) {
                        continue;
                    }
                    let mut key = [0u16; 4];
                    for (seat, k) in key.iter_mut().enumerate() {
                        let at = usize::from(c0.lengths[seat]) * 14 + usize::from(c1.lengths[seat]);
                        match classes.class[h][seat][at] {
                            Some(id) => *k = id,
                            None => continue 'pair,
                        }
                    }
                    work += (c0.vectors.len() * c1.vectors.len()) as u64 * step;
                    if work > bounds.work {
                        return None;
                    }
                    let g = *index.entry(key).or_insert_with(|| {
                        groups.push(Group {
                            classes: key,
                            pairs: Vec::new(),
                            entries: Vec::new(),
                            points: Vec::new(),
                        });
                        groups.len() - 1
                    });
                    groups[g].pairs.push((i0 as u32, i1 as u32));
                }
            }
            halves.push(Half {
                suits,
                groups,
                runs: Vec::new(),
                draws: Vec::new(),
                merged: None,
            });
        }
        let completes: [Vec<Vec<bool>>; 4] = std::array::from_fn(|seat| {
            let shapes = &set.seats[seat].shapes;
            classes.reps[0][seat]
                .iter()
                .map(|&(a, b)| {
                    classes.reps[1][seat]
                        .iter()
                        .map(|&(c, d)| shapes.contains([a, b, c, d]))
                        .collect()
                })
                .collect()
        });
        let watch = observers
            .iter()
            .map(|o| observe::Watch::of(o, &space))
            .collect::<Option<Vec<_>>>()?;
        let [first, second] = <[Half; 2]>::try_from(halves).ok()?;
        Some(Plan {
            halves: Halves {
                reps: classes.reps,
                watch,
                seats: seats.to_vec(),
                space,
                tracked,
                layouts,
                adds_at,
                packing,
                columns,
                halves: [first, second],
                completes,
                partners: Vec::new(),
                completions: Vec::new(),
                within: Vec::new(),
                cumulative: Vec::new(),
                completing: Vec::new(),
                summed_ways: Vec::new(),
                runs_bytes: Tally::default(),
                runs_scarce: false,
                count: 0,
                work,
                exchanged: false,
            },
            entries,
            max_entries: bounds.entries,
        })
    }

    /// The [`Plan`] of `set` with its halves exchanged ([`ConstraintSet::halves_exchanged`]),
    /// a length observer's suit exchanged alike (its value is the same); a shape observer's
    /// lengths come out ♦ ♣ ♠ ♥ and [`Halves::observing`] puts them back in order.
    fn plan_exchanged(
        set: &ConstraintSet,
        seats: &[Seat],
        observers: &[Observer],
        bounds: Bounds,
    ) -> Option<Plan> {
        let observers: Vec<Observer> = observers
            .iter()
            .map(|&o| match o {
                Observer::Length(seat, suit) => {
                    Observer::Length(seat, Suit::ALL[(suit.index() + 2) % 4])
                }
                other => other,
            })
            .collect();
        let mut plan = Self::plan(&set.halves_exchanged(), seats, &observers, bounds)?;
        // The exchanged set's ♦♣ half is free: it is never exchanged back.
        debug_assert!(!plan.halves.exchanged);
        plan.halves.exchanged = true;
        Some(plan)
    }

    /// Half `h`'s group `g`'s [`Runs`] for a deal drawn from it: where runs are scarce,
    /// `None` until enough deals have asked ([`RUNS_BYTES_PER_DRAW`]); then
    /// [`Halves::runs_built`].
    fn runs(&self, h: usize, g: usize) -> Option<&Runs> {
        let half = &self.halves[h];
        if half.runs.get(g)?.get().is_none() && self.runs_scarce {
            let wait =
                (runs_bytes_most(&half.groups[g]) / RUNS_BYTES_PER_DRAW).clamp(1, RUNS_AFTER_DRAWS);
            if half.draws[g].0.fetch_add(1, Ordering::Relaxed) + 1 < wait {
                return None;
            }
        }
        self.runs_built(h, g)
    }

    /// Half `h`'s group `g`'s [`Runs`], built now if they are not yet: each pair convolved
    /// again, its counts sorted by entry. Empty when they would pass [`RUNS_BYTES_MAX`] (or a
    /// count would not fit [`COUNT_BITS`]); `None` for tables that do not deal.
    fn runs_built(&self, h: usize, g: usize) -> Option<&Runs> {
        let half = &self.halves[h];
        half.runs
            .get(g)?
            .get_or_init(|| {
                let group = &half.groups[g];
                // Once the runs built pass their bound, no more are, nor half built (the
                // pairs' convolutions cost about as much as a hundred draws without them).
                let left = RUNS_BYTES_MAX.saturating_sub(self.runs_bytes.0.load(Ordering::Relaxed));
                let items_max = left.saturating_sub(group.entries.len() * 4 + 4) / 8;
                if items_max == 0 {
                    return Runs::default();
                }
                let slot = slots(&group.entries, self.space.size);
                let mut dense = vec![0u64; self.space.size];
                let mut touched = Vec::new();
                let mut found: Vec<(u32, u64)> = Vec::new();
                for (p, &(i0, i1)) in group.pairs.iter().enumerate() {
                    let c0 = &self.columns[half.suits[0]][i0 as usize];
                    let c1 = &self.columns[half.suits[1]][i1 as usize];
                    convolve(&self.space, self.packing, c0, c1, &mut dense, &mut touched);
                    if found.len() + touched.len() > items_max {
                        return Runs::default();
                    }
                    for at in touched.drain(..) {
                        let w = std::mem::take(&mut dense[at as usize]);
                        if w >> COUNT_BITS != 0 {
                            return Runs::default();
                        }
                        found.push((slot[at as usize], (p as u64) << COUNT_BITS | w));
                    }
                }
                // Counting sort by entry.
                let mut starts = vec![0u32; group.entries.len() + 1];
                for &(e, _) in &found {
                    starts[e as usize + 1] += 1;
                }
                for e in 0..group.entries.len() {
                    starts[e + 1] += starts[e];
                }
                let bytes = starts.len() * 4 + found.len() * 8;
                if self.runs_bytes.0.fetch_add(bytes, Ordering::Relaxed) + bytes > RUNS_BYTES_MAX {
                    self.runs_bytes.0.fetch_sub(bytes, Ordering::Relaxed);
                    return Runs::default();
                }
                let mut next = starts.clone();
                let mut items = vec![0u64; found.len()];
                for (e, item) in found {
                    items[next[e as usize] as usize] = item;
                    next[e as usize] += 1;
                }
                Runs { starts, items }
            })
            .into()
    }

    /// Each ♠♥ group's partners: the ♦♣ groups whose classes complete its own on every seat.
    fn link(&mut self) {
        let [first, second] = &self.halves;
        self.partners = first
            .groups
            .iter()
            .map(|group| {
                (0..second.groups.len() as u32)
                    .filter(|&k| {
                        let g = &second.groups[k as usize];
                        (0..4).all(|s| {
                            self.completes[s][usize::from(group.classes[s])]
                                [usize::from(g.classes[s])]
                        })
                    })
                    .collect()
            })
            .collect();
    }

    /// Counts the deals: for each ♠♥ group, its partners ([`Halves::link`]) summed into one
    /// prefix-summed array ([`Halves::sum_partners`]), read once per vector of the group.
    fn join(&mut self, dense: &mut [u64]) {
        let first = &self.halves[0];
        let mut total = 0u128;
        for (g, group) in first.groups.iter().enumerate() {
            let mut completions = vec![0u64; group.entries.len()];
            let mut within = vec![0u128; group.entries.len()];
            let mut sum = 0u128;
            if !self.partners[g].is_empty() {
                self.sum_partners(g, dense);
                for (e, (&(_, w), a)) in group.entries.iter().zip(&group.points).enumerate() {
                    if let Some((lo, hi)) = self.space.completions(a) {
                        let c = self.space.box_sum(dense, &lo, &hi);
                        completions[e] = c;
                        sum += u128::from(w) * u128::from(c);
                    }
                    within[e] = sum;
                }
            }
            total += sum;
            self.completions.push(completions);
            self.within.push(within);
            self.cumulative.push(total);
        }
        self.count = total;
        let groups = first.groups.len();
        let rows = match self.space.coords.first() {
            Some(c) => self.space.size / (usize::from(c.top()) + 1),
            None => usize::MAX,
        };
        if self.merged().is_some() {
            // A half dealt as one suit is found by its summed ways, not row sums.
            self.summed_ways = (0..groups).map(|_| OnceLock::new()).collect();
            return;
        }
        let items: usize = self
            .partners
            .iter()
            .flatten()
            .map(|&k| self.halves[1].groups[k as usize].entries.len() + 1)
            .sum();
        let bytes = (groups * 4)
            .saturating_mul(self.space.size + 1)
            .saturating_add(items.saturating_mul(16));
        if bytes <= SAMPLER_BYTES_MAX && rows <= SAMPLER_ROWS_MAX {
            self.completing = (0..groups).map(|_| OnceLock::new()).collect();
        }
    }

    /// Writes into `dense` the entries of ♠♥ group `g`'s partners summed, prefix-summed.
    fn sum_partners(&self, g: usize, dense: &mut [u64]) {
        self.add_partners(g, dense);
        self.space.prefix(dense);
    }

    /// Writes into `dense` the entries of ♠♥ group `g`'s partners summed.
    fn add_partners(&self, g: usize, dense: &mut [u64]) {
        dense.fill(0);
        for &k in &self.partners[g] {
            self.add_second(k as usize, dense);
        }
    }

    /// Adds ♦♣ group `k`'s counts into `dense` (by dense index): its stored entries, or those
    /// of the half dealt as one suit.
    fn add_second(&self, k: usize, dense: &mut [u64]) {
        match &self.halves[1].merged {
            Some(m) => m.add_into(k, dense),
            None => {
                for &(at, w) in &self.halves[1].groups[k].entries {
                    dense[at as usize] += w;
                }
            }
        }
    }

    /// The sampler's [`Completing`] for ♠♥ group `g`, built on first use (a counting sort of
    /// its partners' entries by dense index); `None` when the set's would pass
    /// [`SAMPLER_BYTES_MAX`] or a box would have more than [`SAMPLER_ROWS_MAX`] rows.
    fn rows(&self, g: usize) -> Option<&Completing> {
        let cell = self.completing.get(g)?;
        Some(cell.get_or_init(|| {
            let second = &self.halves[1].groups;
            let mut starts = vec![0u32; self.space.size + 1];
            for &k in &self.partners[g] {
                for &(at, _) in &second[k as usize].entries {
                    starts[at as usize + 1] += 1;
                }
            }
            for i in 0..self.space.size {
                starts[i + 1] += starts[i];
            }
            let n = starts[self.space.size] as usize;
            let mut next = starts.clone();
            let mut items = vec![(0u32, 0u32); n];
            let mut weights = vec![0u64; n];
            for &k in &self.partners[g] {
                for (e, &(at, w)) in second[k as usize].entries.iter().enumerate() {
                    let slot = &mut next[at as usize];
                    items[*slot as usize] = (k, e as u32);
                    weights[*slot as usize] = w;
                    *slot += 1;
                }
            }
            let mut cum = Vec::with_capacity(n + 1);
            let mut sum = 0u64;
            cum.push(0);
            for w in weights {
                sum += w;
                cum.push(sum);
            }
            Completing { starts, cum, items }
        }))
    }

    /// The seats counted.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The number of deals meeting the set.
    pub fn deals(&self) -> u128 {
        self.count
    }

    /// Stored (vector, count) entries of both halves (for a half dealt as one suit, its
    /// entries by held tuple and vector).
    pub fn entries(&self) -> usize {
        self.stored_entries() + self.merged().map_or(0, Merged::entries)
    }

    /// The (vector, count) entries the halves' groups store.
    fn stored_entries(&self) -> usize {
        self.halves
            .iter()
            .flat_map(|h| &h.groups)
            .map(|g| g.entries.len())
            .sum()
    }

    /// The ♦♣ half's tables when it is dealt as one suit ([`merged`]).
    fn merged(&self) -> Option<&Merged> {
        self.halves[1].merged.as_ref()
    }

    /// Whether a half is dealt as one suit of 26 cards (no condition looks into it suit by
    /// suit; see the module doc): the ♦♣ half, or the ♠♥ half where the halves are
    /// [`Halves::exchanged`].
    pub fn one_suit_half(&self) -> bool {
        self.merged().is_some()
    }

    /// Whether the tables are those of the set with its halves exchanged (♠ ↔ ♦, ♥ ↔ ♣),
    /// built so where only the ♠♥ half is free; the deals drawn are the set's.
    pub fn exchanged(&self) -> bool {
        self.exchanged
    }

    /// Bytes the tables hold (entries and their vectors, completions and cumulative counts,
    /// column pairs, per-suit columns, partners, the sampler's lookups and the row sums it
    /// has built so far).
    pub fn bytes(&self) -> usize {
        let groups = self.halves.iter().flat_map(|h| &h.groups);
        let pairs: usize = groups.clone().map(|g| g.pairs.len() * 8).sum();
        let columns: usize = self
            .columns
            .iter()
            .flatten()
            .map(|c| c.vectors.len() * std::mem::size_of::<(Pt, u64)>())
            .sum();
        let partners: usize = self.partners.iter().map(|p| p.len() * 4).sum();
        let completions: usize = self.completions.iter().map(|c| c.len() * (8 + 16)).sum();
        let stored = self.stored_entries();
        let points = stored * std::mem::size_of::<Pt>();
        let lookups: usize = self.adds_at.len() * 2
            + self
                .columns
                .iter()
                .flatten()
                .map(|c| {
                    c.by_adds.len() * 8
                        + c.packed.len() * 24
                        + c.layouts.len() * 16
                        + c.layout_starts.len() * 4
                })
                .sum::<usize>();
        let rows: usize = self
            .completing
            .iter()
            .filter_map(|c| c.get().map(Completing::bytes))
            .chain(
                self.halves
                    .iter()
                    .flat_map(|h| &h.runs)
                    .filter_map(|c| c.get().map(|r| r.starts.len() * 4 + r.items.len() * 8)),
            )
            .sum();
        let merged = self.merged().map_or(0, Merged::bytes)
            + self
                .summed_ways
                .iter()
                .filter_map(|w| w.get().map(|w| w.len() * 8))
                .sum::<usize>();
        stored * 16 + points + completions + pairs + columns + partners + lookups + rows + merged
    }

    /// Draws `n` deals uniformly onto `out` (none if there are none), each from its own
    /// ChaCha8 generator keyed by the next 32 bytes of `rng`, as [`crate::engine::Tables`]
    /// does, so grouping never changes the deals. The ♠♥ halves are drawn in the order of
    /// their groups, then the ♦♣ halves in theirs, so that a group's arrays stay in cache
    /// from one deal to the next.
    pub fn sample_batch<R: RngCore + ?Sized>(&self, rng: &mut R, n: usize, out: &mut Vec<Deal>) {
        let mut rngs = deal_generators(rng, n);
        self.sample_generators(&mut rngs, out);
    }

    /// One deal per generator of `rngs` onto `out` (none if there are none): what
    /// [`Halves::sample_batch`] does with the generators it keys.
    pub fn sample_generators(&self, rngs: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        if self.count == 0 {
            return;
        }
        for chunk in rngs.chunks_mut(BATCH) {
            self.sample_spread(chunk, out);
        }
    }

    /// One deal per generator of `rngs` (at most a [`BATCH`]) onto `out`, in their order:
    /// natively the generators are shared out among the processor's threads in runs of at
    /// least [`PER_THREAD_MIN`], each run drawn as one batch and the runs put back in
    /// order. Each deal depends only on its own generator, so the deals are those of one
    /// thread (`drawing_on_many_threads_gives_the_deals_of_one`); the structures built on
    /// first use are built once whichever thread needs them first.
    #[cfg(not(target_arch = "wasm32"))]
    fn sample_spread(&self, rngs: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        use rayon::prelude::*;
        let threads = rayon::current_num_threads();
        let per_thread = rngs.len().div_ceil(threads).max(PER_THREAD_MIN);
        if per_thread >= rngs.len() {
            return self.sample_chunk(rngs, out);
        }
        let runs: Vec<Vec<Deal>> = rngs
            .par_chunks_mut(per_thread)
            .map(|run| {
                let mut deals = Vec::with_capacity(run.len());
                self.sample_chunk(run, &mut deals);
                deals
            })
            .collect();
        out.extend(runs.into_iter().flatten());
    }

    /// [`Halves::sample_spread`] in the browser, whose wasm has one thread.
    #[cfg(target_arch = "wasm32")]
    fn sample_spread(&self, rngs: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        self.sample_chunk(rngs, out);
    }

    /// One deal per generator of `rngs` onto `out`, in their order, as one batch.
    fn sample_chunk(&self, chunk: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        // Each draw runs over the whole batch before the next: a deal's lookups wait on
        // cache misses one after another, while the same lookup for many deals is
        // independent from one deal to the next, so the processor overlaps their misses.
        // Each deal keeps its own generator and its draws in their order, so the deals
        // are those of one deal at a time.
        let mut starts = self.starts(chunk);
        starts.sort_unstable();
        // The ♦♣ completion and the ♠♥ half by ♠♥ group, then the ♦♣ half by ♦♣ group.
        let mut holdings = vec![[[0u16; 4]; 4]; chunk.len()];
        let boxes: Vec<(Pt, Pt)> = starts
            .iter()
            .map(|s| {
                let a = &self.halves[0].groups[s.group as usize].points[s.entry as usize];
                self.space
                    .completions(a)
                    .expect("a drawn vector has completions")
            })
            .collect();
        let mut seconds = self.completions_of(&starts, &boxes);
        let firsts: Vec<(u32, u32, u32)> =
            starts.iter().map(|s| (s.group, s.entry, s.deal)).collect();
        self.draw_halves(0, &firsts, chunk, &mut holdings);
        seconds.sort_unstable();
        self.draw_halves(1, &seconds, chunk, &mut holdings);
        let order = if self.exchanged {
            [2, 3, 0, 1]
        } else {
            [0, 1, 2, 3]
        };
        out.extend(holdings.iter().map(|h| {
            Deal::from_shuffle(
                h.map(|h| Hand::from_holdings(order.map(|s| Holding::from_bits(h[s])))),
            )
        }));
    }

    /// Each deal's first draws, one generator per deal: its ♠♥ group and vector, and its
    /// offset among their completions. Stage by stage over the batch (see
    /// [`Halves::sample_generators`]); the searches within the groups go level by level
    /// for all deals at once, each level's lookups independent of one another.
    fn starts(&self, rngs: &mut [ChaCha8Rng]) -> Vec<Start> {
        let found: Vec<(usize, u128)> = rngs
            .iter_mut()
            .map(|rng| {
                let r = below(rng, self.count);
                let g = self.cumulative.partition_point(|&c| c <= r);
                (g, r - if g == 0 { 0 } else { self.cumulative[g - 1] })
            })
            .collect();
        // `partition_point(|&c| c <= r)` over each deal's group's `within`, in lockstep:
        // (first index, length) of the part still searched.
        let mut parts: Vec<(usize, usize)> = found
            .iter()
            .map(|&(g, _)| (0, self.within[g].len()))
            .collect();
        while parts.iter().any(|&(_, len)| len > 1) {
            for (part, &(g, r)) in parts.iter_mut().zip(&found) {
                let (base, len) = *part;
                if len > 1 {
                    let half = len / 2;
                    let below_r = self.within[g][base + half] <= r;
                    *part = (base + half * usize::from(below_r), len - half);
                }
            }
        }
        let entries: Vec<usize> = found
            .iter()
            .zip(&parts)
            .map(|(&(g, r), &(base, _))| base + usize::from(self.within[g][base] <= r))
            .collect();
        let totals: Vec<u64> = found
            .iter()
            .zip(&entries)
            .map(|(&(g, _), &entry)| self.completions[g][entry])
            .collect();
        rngs.iter_mut()
            .zip(found.iter().zip(entries).zip(totals))
            .enumerate()
            .map(|(deal, (rng, ((&(g, _), entry), total)))| Start {
                group: g as u32,
                entry: entry as u32,
                offset: below(rng, u128::from(total)) as u64,
                deal: deal as u32,
            })
            .collect()
    }

    /// The ♦♣ group and entry completing each of `starts` (the deal's place last), whose
    /// completions are the boxes `lo..=hi` of `boxes`: stage by stage over the batch (see
    /// [`Halves::sample_generators`]) — where each box's first row starts and ends, the
    /// rows weighed to the one holding the offset, then the item found there.
    fn completions_of(&self, starts: &[Start], boxes: &[(Pt, Pt)]) -> Vec<(u32, u32, u32)> {
        let deals = starts.iter().zip(boxes);
        if let Some(m) = self.merged() {
            return deals
                .map(|(s, (lo, hi))| {
                    let (k, at) = self.find_merged(m, s.group as usize, lo, hi, s.offset);
                    (k as u32, at, s.deal)
                })
                .collect();
        }
        let rows: Vec<Option<&Completing>> =
            starts.iter().map(|s| self.rows(s.group as usize)).collect();
        let first_rows: Vec<(u32, u32)> = rows
            .iter()
            .zip(boxes)
            .map(|(rows, (lo, hi))| rows.map_or((0, 0), |rows| self.first_row(rows, lo, hi)))
            .collect();
        // A place among the group's completions (its item read in the next stage), or,
        // without them, the (group, entry) a scan found.
        let places: Vec<Result<usize, (u32, u32)>> = deals
            .zip(rows.iter().zip(first_rows))
            .map(|((s, (lo, hi)), (rows, first))| match rows {
                Some(rows) => Ok(self.descend(rows, lo, hi, first, s.offset)),
                None => {
                    let (k, e) = self.scan(s.group as usize, lo, hi, s.offset);
                    Err((k as u32, e as u32))
                }
            })
            .collect();
        places
            .into_iter()
            .zip(rows)
            .zip(starts)
            .map(|((place, rows), s)| {
                let (k, e) = match (place, rows) {
                    (Ok(i), Some(rows)) => rows.items[i],
                    (Err(found), _) => found,
                    (Ok(_), None) => unreachable!("a place is found among rows"),
                };
                (k, e, s.deal)
            })
            .collect()
    }

    /// [`Halves::completion`] in a ♦♣ half dealt as one suit: the partner and dense index
    /// at offset `r` of ♠♥ group `g`'s completions in the box `lo..=hi`.
    fn find_merged(&self, m: &Merged, g: usize, lo: &Pt, hi: &Pt, r: u64) -> (usize, u32) {
        let partners = &self.partners[g];
        let summed = self.summed_ways[g].get_or_init(|| m.summed_ways(partners));
        m.find(&self.space, (partners, summed), (lo, hi), r)
    }

    /// Where the first row of the box `lo..=hi` starts and ends among a ♠♥ group's
    /// completions ([`Halves::descend`]).
    fn first_row(&self, rows: &Completing, lo: &Pt, hi: &Pt) -> (u32, u32) {
        let strides = &self.space.strides;
        let row: usize = (1..self.space.coords.len())
            .map(|c| strides[c] * usize::from(lo[c]))
            .sum();
        (
            rows.starts[row + usize::from(lo[0])],
            rows.starts[row + usize::from(hi[0]) + 1],
        )
    }

    /// The place among a ♠♥ group's completions (`rows.items`) of the ♦♣ group and entry at
    /// offset `r` of those in the box `lo..=hi`, whose first row is `first`
    /// ([`Halves::first_row`]): the box's rows read in index order, each weighed by two
    /// reads of the group's [`Completing`], then a binary search among the items of the row
    /// holding the offset (in index order, then the partners' order).
    fn descend(
        &self,
        rows: &Completing,
        lo: &Pt,
        hi: &Pt,
        (mut row_start, mut row_end): (u32, u32),
        mut r: u64,
    ) -> usize {
        let d = self.space.coords.len();
        let strides = &self.space.strides;
        let (first, last) = (usize::from(lo[0]), usize::from(hi[0]));
        let mut b = *lo;
        // The index of the row's first coordinate 0, moved as the box's rows are stepped.
        let mut row: usize = (1..d).map(|c| strides[c] * usize::from(b[c])).sum();
        loop {
            let (s, t) = (row_start as usize, row_end as usize);
            let (before, after) = (rows.cum[s], rows.cum[t]);
            if r < after - before {
                let goal = before + r;
                return s + rows.cum[s + 1..=t].partition_point(|&c| c <= goal);
            }
            r -= after - before;
            let mut c = 1;
            loop {
                assert!(c < d, "the completions add up");
                if b[c] < hi[c] {
                    b[c] += 1;
                    row += strides[c];
                    break;
                }
                row -= strides[c] * usize::from(b[c] - lo[c]);
                b[c] = lo[c];
                c += 1;
            }
            (row_start, row_end) = (rows.starts[row + first], rows.starts[row + last + 1]);
        }
    }

    /// [`Halves::descend`] without the row sums: a scan of the completing groups' entries
    /// in the box (those in its range of the slowest coordinate are one run).
    fn scan(&self, g: usize, lo: &Pt, hi: &Pt, mut r: u64) -> (usize, usize) {
        let d = self.space.coords.len();
        let (from, to) = match d.checked_sub(1) {
            Some(last) => {
                let stride = self.space.strides[last] as u32;
                (
                    u32::from(lo[last]) * stride,
                    (u32::from(hi[last]) + 1) * stride,
                )
            }
            None => (0, u32::MAX),
        };
        for &k in &self.partners[g] {
            let group = &self.halves[1].groups[k as usize];
            let start = group.entries.partition_point(|e| e.0 < from);
            let end = group.entries.partition_point(|e| e.0 < to);
            for (e, (&(_, w), b)) in group.entries[start..end]
                .iter()
                .zip(&group.points[start..end])
                .enumerate()
            {
                if (0..d).all(|c| lo[c] <= b[c] && b[c] <= hi[c]) {
                    if r < w {
                        return (k as usize, start + e);
                    }
                    r -= w;
                }
            }
        }
        unreachable!("the completions add up")
    }

    /// Draws half `h` of each deal of `draws` (group, entry, the deal's place in `rngs`), in
    /// that order, into its holdings: first what each draw looks up by its entry, for all
    /// of them (see [`Halves::sample_generators`]), then the draws.
    fn draw_halves(
        &self,
        h: usize,
        draws: &[(u32, u32, u32)],
        rngs: &mut [ChaCha8Rng],
        holdings: &mut [[[u16; 4]; 4]],
    ) {
        let half = &self.halves[h];
        if let Some(m) = &half.merged {
            // A half dealt as one suit names the entry by its dense index.
            for &(g, at, i) in draws {
                let i = i as usize;
                let layouts = (self.tracked, &self.layouts[..]);
                m.draw(
                    &mut rngs[i],
                    (g as usize, at),
                    half.suits,
                    layouts,
                    &mut holdings[i],
                );
            }
            return;
        }
        let looked_up: Vec<Entry> = draws
            .iter()
            .map(|&(g, entry, _)| self.entry(h, g as usize, entry as usize))
            .collect();
        let picks: Vec<[SuitPick; 2]> = draws
            .iter()
            .zip(looked_up)
            .map(|(&(g, _, i), entry)| self.pick_pairs(&mut rngs[i as usize], h, g as usize, entry))
            .collect();
        let layouts: Vec<[LayoutRun; 2]> = picks
            .iter()
            .map(|picks| picks.map(|p| self.layout_run(&p)))
            .collect();
        for ((&(_, _, i), picks), runs) in draws.iter().zip(picks).zip(layouts) {
            let i = i as usize;
            for (pick, run) in picks.iter().zip(runs) {
                self.draw_suit(&mut rngs[i], pick, run, &mut holdings[i]);
            }
        }
    }

    /// The layouts a suit's pick may take, with the first of them read now
    /// ([`LayoutRun`]).
    fn layout_run<'a>(&self, pick: &SuitPick<'a>) -> LayoutRun<'a> {
        let id = usize::from(self.adds_at[pick.adds as usize]) - 1;
        let starts = &pick.column.layout_starts;
        let run = &pick.column.layouts[starts[id] as usize..starts[id + 1] as usize];
        LayoutRun { lead: run[0], run }
    }

    /// What drawing a half of group `g`'s vector `entry` looks up by the entry: its dense
    /// index and count, and its pairs' counts in the group's runs (empty without them).
    fn entry(&self, h: usize, g: usize, entry: usize) -> Entry<'_> {
        let group = &self.halves[h].groups[g];
        let (at, total) = group.entries[entry];
        let runs = self
            .runs(h, g)
            .filter(|runs| !runs.starts.is_empty())
            .map_or(&[][..], |runs| {
                &runs.items[runs.starts[entry] as usize..runs.starts[entry + 1] as usize]
            });
        Entry {
            at,
            total,
            target: group.points[entry],
            lead: runs.first().copied().unwrap_or(0),
            runs,
        }
    }

    /// The two columns and vectors of a half of pairs of columns adding to its group `g`'s
    /// entry, looked up ([`Halves::entry`]).
    fn pick_pairs(
        &self,
        rng: &mut ChaCha8Rng,
        h: usize,
        g: usize,
        entry: Entry<'_>,
    ) -> [SuitPick<'_>; 2] {
        let r = below(rng, u128::from(entry.total)) as u64;
        self.pick_at(h, g, entry, r)
    }

    /// [`Halves::pick_pairs`] at offset `r` of the entry's count: the pairs in their order,
    /// the first column's vectors in theirs, then the second's (each pair of vectors adding
    /// to the entry with its product of counts).
    fn pick_at(&self, h: usize, g: usize, entry: Entry<'_>, mut r: u64) -> [SuitPick<'_>; 2] {
        let half = &self.halves[h];
        let group = &half.groups[g];
        let Entry {
            at,
            target,
            runs,
            lead,
            ..
        } = entry;
        let target = &target;
        // With the group's runs, only the pair holding the offset is scanned.
        let mut pairs = &group.pairs[..];
        if !runs.is_empty() {
            let mask = (1u64 << COUNT_BITS) - 1;
            for item in std::iter::once(lead).chain(runs[1..].iter().copied()) {
                let w = item & mask;
                if r < w {
                    let p = (item >> COUNT_BITS) as usize;
                    pairs = &group.pairs[p..=p];
                    break;
                }
                r -= w;
            }
        }
        // No coordinate of the target at an open-ended bound (every one bounded, or none
        // saturated here): a first vector `p0` at most the target in every lane (no lane of
        // `target - p0` borrows) leaves `target - p0`, its one preimage, whose dense index is
        // `at - index(p0)` (the index is linear); its count in the second column is one
        // lookup by the id of that vector. The target packed with the lanes' top bits set.
        let at_most = self.packing.map(|k| k.at_most(target));
        let one_preimage = at_most
            .filter(|_| self.packing.is_some_and(|k| k.bounded()) || !self.space.saturated(target));
        for &(i0, i1) in pairs {
            let c0 = &self.columns[half.suits[0]][i0 as usize];
            let c1 = &self.columns[half.suits[1]][i1 as usize];
            if let Some(packed) = one_preimage {
                if let Some((x0, w0, w1)) =
                    one_preimage_at(&c0.packed, &self.adds_at, &c1.by_adds, packed, at, &mut r)
                {
                    return [
                        SuitPick::of(half.suits[0], c0, x0, w0),
                        SuitPick::of(half.suits[1], c1, at - x0, w1),
                    ];
                }
                continue;
            }
            let found = self.preimages_at((c0, c1), (target, at), at_most, &mut r);
            if let Some([(x0, w0), (x1, w1)]) = found {
                return [
                    SuitPick::of(half.suits[0], c0, x0, w0),
                    SuitPick::of(half.suits[1], c1, x1, w1),
                ];
            }
        }
        unreachable!("the half's weights add up to its entry");
    }

    /// [`Halves::pick_at`] within a pair of columns where the target may have several
    /// preimages (an open-ended total at its bound): the first column's vectors in their
    /// order, each against its preimages (in index order), the offset `r` moved past each;
    /// the two vectors' dense indices and counts where it falls. With packing (`at_most`,
    /// [`Packing::at_most`] of the target), the vectors with no preimage are passed over
    /// by the packed test. Apart from the packed path, which keeps the hot loop's registers
    /// to itself.
    #[inline(never)]
    fn preimages_at(
        &self,
        (c0, c1): (&Column, &Column),
        (target, at): (&Pt, u32),
        at_most: Option<(u64, u64)>,
        offset: &mut u64,
    ) -> Option<[(u32, u64); 2]> {
        let mut r = *offset;
        for (i, (p0, w0)) in c0.vectors.iter().enumerate() {
            if let Some((with_guard, guard)) = at_most {
                let (q0, x0, _) = c0.packed[i];
                if x0 > at {
                    break;
                }
                if (with_guard - q0) & guard != guard {
                    continue;
                }
            }
            let mut found = None;
            // A saturated target has a preimage for every value reaching its bound: when
            // those outnumber the second column's vectors, its vectors are tried instead
            // (the same vectors, in the column's order).
            if self.space.preimage_count(target, p0) > c1.vectors.len() {
                for (p1, w1) in &c1.vectors {
                    if self.space.add(p0, p1).as_ref() == Some(target) {
                        if r < w0 * w1 {
                            found = Some((self.space.index(p1), *w1));
                            break;
                        }
                        r -= w0 * w1;
                    }
                }
            } else {
                // In index order, as the column's vectors are: the same draws either way.
                // A vector no layout adds weighs 0 (`by_adds[0]`).
                self.space.preimage_indices(target, p0, |x1| {
                    let w1 = c1.by_adds[usize::from(self.adds_at[x1 as usize])];
                    if r < w0 * w1 {
                        found = Some((x1, w1));
                        return true;
                    }
                    r -= w0 * w1;
                    false
                });
            }
            if let Some((x1, w1)) = found {
                return Some([(self.space.index(p0), *w0), (x1, w1)]);
            }
        }
        *offset = r;
        None
    }

    /// Draws a suit's high-card layout among those of its pick (`run`, weight: its spot
    /// multinomial), then its spot cards uniformly.
    fn draw_suit(
        &self,
        rng: &mut ChaCha8Rng,
        pick: &SuitPick<'_>,
        LayoutRun { lead, run }: LayoutRun<'_>,
        holdings: &mut [[u16; 4]; 4],
    ) {
        let mut r = below(rng, u128::from(pick.weight)) as u64;
        let (suit, lengths) = (pick.suit, pick.column.lengths);
        let (l, _) = std::iter::once(lead)
            .chain(run[1..].iter().copied())
            .find(|&(_, w)| {
                if r < w {
                    return true;
                }
                r -= w;
                false
            })
            .expect("the layouts' weights add up to the column's");
        let layout = &self.layouts[l as usize];
        for (rank, &owner) in layout.owners.iter().enumerate().take(self.tracked) {
            holdings[usize::from(owner)][suit] |= 1 << rank;
        }
        let mut cards: [u8; 13] = std::array::from_fn(|c| c as u8);
        let mut rest = &mut cards[self.tracked..];
        for seat in 0..4 {
            let k = usize::from(lengths[seat] - layout.held[seat]);
            choose_set_front(rng, rest, k);
            for &c in &rest[..k] {
                holdings[seat][suit] |= 1 << c;
            }
            rest = &mut rest[k..];
        }
    }
}

mod implied;
mod merged;
mod observe;
#[cfg(test)]
pub(crate) mod tests;
