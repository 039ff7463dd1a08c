//! The exact counting and sampling engine: a dynamic programme over the cards, suit by suit.
//!
//! # Method
//!
//! Pavlicek (2013) enumerates *hand profiles* — a pattern together with an arrangement of
//! high cards — and weights each by its exact number of hands; for two seats he pairs the
//! profiles. [`Tables`] computes the same weights without listing profiles: it walks the
//! suits ♠ ♥ ♦ ♣ and, inside each suit, takes one small **step** at a time (the *chain*):
//!
//! * a *high-card step* for each tracked high card of the suit (the top *H* ranks, *H* the
//!   smallest depth every point scale needs: 4 for HCP, 2 for controls, 5 with a ten or an
//!   exact holding such as `AKxx`, 0 for pure shape problems): the card goes to one of the
//!   counted seats or to the others, and every tracked total (points per seat, per
//!   partnership) moves by what it is worth;
//! * then a *spot step* for each seat with a shape condition: it takes *n* of the suit's
//!   interchangeable spot cards, with weight C(spots left, n), and its shape automaton (a
//!   layered automaton over the suit lengths, built from its shape set) moves on by the
//!   seat's length in the suit; a fit condition adds when its second seat's length is known.
//!
//! A state between two steps is (each seat's automaton state, each tracked total capped at
//! what its condition can tell apart, the suit in progress: high cards a seat holds in it
//! before its spot step, spot cards dealt so far). Every step has at most 14 successors, so
//! the work is the number of states times a small constant, however many seats carry
//! conditions — where dealing a suit in one step (all high-card layouts × all spot
//! compositions) multiplied the states by thousands of labels. The number of completions of
//! every state is computed backwards, so the count of the whole set is the completion count of
//! the start state, in `u128`, exactly.
//!
//! *Loose seats.* When two or more seats are counted together, a seat with no shape, holding
//! or fit condition has no spot steps: it gets its high cards one by one (its state counts its
//! cards), and at the end its missing cards come from the pooled spot cards, counted by one
//! multinomial in the final state's completion count (and dealt uniformly from that pool when
//! sampling). Spot cards carry no points and such a seat's shape is free, so this counts the
//! same deals. When uncounted seats remain, a "pool" total keeps the number of high cards left
//! to them, which fixes the size of the spot pool.
//!
//! *Projected seats, high cards first.* A seat's shape often names only some suits
//! (`spades 5+` names ♠; `balanced` is decided by any three suits, the fourth being what is
//! left). When every counted seat is loose or such a seat and points are counted (no fit),
//! each shaped seat gets an automaton over its named suits only (`dfa::named_suits`,
//! `Dfa::projected`) and its state is that automaton's state with its cards so far. The
//! chain then places **all** high cards first, rank by rank (A♠ A♥ A♦ A♣ K♠ …), so every
//! point total is complete — and collapsed to "meets its condition" — before any spot card
//! is dealt; a shaped seat keeps its high cards of its named suits waiting (one base-6 digit
//! per suit) until its spot step in that suit. What the spot steps leave in each suit is
//! kept in a `Left` counter, and at the end every loose seat draws its missing cards from
//! the suits it does not name: `draw::Draw` counts those draws exactly (a table of cards
//! per seat and suit, `∏ v! / ∏ x!` ways each) and samples one with the same weights.
//! Points on every seat with a suit length on every seat (e.g. `N 12-14 5+♠, E 8-11 4-5♥,
//! S 6-10 3+♦, W 5-12 2-4♣`) is counted exactly this way: the states never carry points and
//! spot cards together. A single fit whose seats have no shape of their own goes the same
//! way: its two seats take each fit suit's spot cards in one paired step, which sees both
//! lengths, so no length waits in a state. So do a fit on each side, each in one suit (each
//! pair draws the other's fit suit at the end), and a one-suit fit beside seats whose shapes
//! name other suits or the fit suit itself (an overcall beside the fit, or in its suit: the
//! fit's two seats take the suit last, in the paired step); a fit seat with a shape of its
//! own names its fit suit among the suits it reads. Two partnerships' fits never share a
//! suit this way (the paired step gives one pair its first seat's length): such sets go
//! suit by suit.
//!
//! *Fewer states with high cards first.* Three things keep the tables of such sets small
//! (they made `N balanced 12-14, E 8-11 4-5♥, S 6-10 3+♦, W 5-12 2-4♣` exact on four seats:
//! 6.3 M states before, 2.2 M after):
//! * a bounded total that meets its condition whatever the cards still to come add is
//!   *sure* and takes one value (`Counter::sure`), and totals on one scale held by
//!   different seats are checked together (`Joint`: what they lack must be coverable by
//!   the points left, and with four bounded seats the points left must fit under their
//!   upper bounds);
//! * each rank's high cards are placed two at a time (`HIGHS_PER_STEP`), so the layer
//!   between them — the largest near the jacks — is never stored, and a suit's last two
//!   spot takes form one step;
//! * a seat whose shape can be read from several sets of suits (`balanced`: any three)
//!   names those that leave the fewest `Left` counters (`fewest_lefts`).
//!
//! A suit that every counted seat names (four seats) is drawn by nobody at the end: its last
//! spot take gets every spot card left (`undrawn_suits`).
//!
//! Sampling is hierarchical and exact: from the current state pick a successor with
//! probability weight × completions(next) / completions(state), which for a spot step also
//! says how many spot cards the seat takes, then those cards uniformly among the suit's spot
//! cards left; seats without conditions get a uniform deal of what is left. A step's pick
//! compares 32 random bits with each successor's threshold (its cumulative weight over the
//! list's total, [`crate::pick`]), and the rare bits that tie a threshold are resolved
//! against the exact `u128` weights, so each pick has exactly its weight's probability; every
//! other random choice is an unbiased bounded integer ([`crate::combin::below`]); a step with
//! one successor draws nothing. Each deal meeting the conditions is therefore drawn with
//! probability exactly 1 / count. Each deal has its own ChaCha8 generator, keyed by 32 bytes of the caller's, so
//! deals can be drawn many at a time ([`Tables::sample_batch`]: the walks take each step
//! together, and their memory loads overlap) and still be exactly the deals drawn one by one.
//!
//! Units: [`Tables::tuples`] counts ordered tuples of hands of the constrained seats (one
//! seat: hands; two: ordered pairs); [`Tables::deals`] multiplies in the deals of the
//! remaining cards among the other seats.
//!
//! Panic policy: nothing here panics on user input; the building work is bounded by a
//! budget (and the tables' size by [`MAX_TABLE_BYTES`]) and reports [`TablesError::Budget`]
//! instead of running away.

mod dfa;
mod draw;
mod key_hash;
mod layer;

use crate::combin::{binomial, choose_set_front, deal_generators, multinomial};
use crate::conditions::{ConstraintSet, PairKind};
use crate::pick;
use crate::shape::ShapeSet;
use crate::spec::Pair;
use dfa::{named_suit_choices, named_suits, Dfa};
use draw::Draw;
use fairdeal_model::{Card, Deal, Hand, Rank, Seat, Suit};
use layer::{Key, Layer, Radix};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;
use std::collections::BTreeMap;
use thiserror::Error;

/// Three- and four-seat sets the benchmarks count natively (`examples/four_seats_bench.rs`)
/// and in the browser (`crates/app/tests/browser_bench.rs`), so both measure the same work
/// (`four-balanced` and `patterns+NS-sum` are counted by [`crate::halves`]; the last two,
/// fits beside points on three seats, by the halves with wider bounds after a short try of
/// the chain).
pub const BENCH_CASES: [(&str, &str); 14] = [
    (
        "every-seat-10",
        "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10",
    ),
    (
        "N12-14/E11-13/S8-10/W5-9",
        "north: hcp 12-14\neast: hcp 11-13\nsouth: hcp 8-10\nwest: hcp 5-9",
    ),
    (
        "Nbal15-17/E0-9/S8+/W0-12",
        "north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12",
    ),
    (
        "crazy-eights",
        "west: spades 5+\nnorth: hearts 5+\neast: diamonds 5+\nsouth: clubs 0-4",
    ),
    (
        "hcp+suit-every-seat",
        "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
    ),
    (
        "Nbal-beside-three-suits",
        "north: balanced, hcp 12-14\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
    ),
    (
        "four-balanced",
        "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12",
    ),
    (
        "patterns+NS-sum",
        "north: shape any 4432 + any 5422, hcp 15+\neast: shape any 5431\nsouth: shape any 4333 + any 5332\nwest: shape any 6322, hcp 3+\nns: hcp 31+",
    ),
    (
        "seven-totals",
        "north: hcp 15-17, controls 3+\neast: hcp 8-11, controls 2-4\nsouth: hcp 6-10, spades 4+\nwest: hcp 5-12, clubs 2-4\nns: hcp 22+",
    ),
    (
        "fit-each-side",
        "ns: fit 8+ spades\new: fit 8+ hearts\nnorth: hcp 12+\neast: hcp 10+",
    ),
    (
        "overcall-in-fit-suit",
        "ns: fit 8+ spades, hcp 22+\neast: spades 5+, hcp 8+\nwest: hcp 0-10",
    ),
    (
        "major-fit+overcall",
        "ns: fit 8+ majors\neast: hearts 5+, hcp 8+\nwest: hcp 0-10",
    ),
    (
        "minor-fit+three-point-seats",
        "north: hcp 10-14, spades 4+, hearts 4+\neast: hcp 10-12\nwest: hcp 0-4\new: fit 8+ minors",
    ),
    (
        "major-fits-both-sides",
        "north: hcp 20-23\neast: hcp 8-11\nsouth: hcp 12-17, controls 4+\nns: fit 9+ spades\new: fit 9+ majors",
    ),
];

/// Most tracked totals (per-seat scales, pair sums, fits, and the probes of observed
/// quantities) one set may use. A state packs only the values its totals can take (see
/// `layer.rs`), so a total costs states only when it tells states apart: a partnership's sum
/// beside both its seats' bounded totals on that scale adds almost none (`N 15-17 3+
/// controls, E 8-11 2-4 controls, S 6-10 4+♠, W 5-12 2-4♣, NS 22+`: 30 k states with the
/// sum, 31 k without). Four seats with two scales each and both partnerships' sums take ten.
pub const MAX_COUNTERS: usize = 16;

/// Most totals a set's own conditions and the counters a structure adds (projected seats,
/// a fit drawn at the end) may use for the build to choose that structure; the probes of
/// observed quantities may use the rest of [`MAX_COUNTERS`], so that observing a quantity
/// does not push a set off the structure it has without it. (It was 8, which sent the set
/// above, nine totals with two `Left` counters, suit by suit: past the 144 MB bound there,
/// 42 ms with high cards first.)
const STRUCTURE_COUNTERS: usize = MAX_COUNTERS - 2;

/// Whether a structure adding `extra` counters fits (see [`STRUCTURE_COUNTERS`]).
fn structure_fits(counters: &[Counter], extra: usize) -> bool {
    let conditions = counters.iter().filter(|c| !c.probe).count();
    conditions + extra <= STRUCTURE_COUNTERS && counters.len() + extra <= MAX_COUNTERS
}

/// Most high cards one step places (with high cards first): at most 5³ labels, under the
/// sampler's 255 successors per list.
const HIGHS_PER_STEP: usize = 2;

/// Most bytes the tables (states, counts, indices, the sampler's cache) may hold.
pub const MAX_TABLE_BYTES: usize = 144 << 20;

const DEAD: u16 = u16::MAX;

/// What a suit longer than a bounded fit adds to the fit's total (more than its bound, 4).
const FIT_OVER: u8 = 5;

/// Largest dense index of one layer (entries of 4 bytes); bigger layers use a hash map.
const DENSE_MAX: usize = 1 << 22;

/// Most bytes of dense indices over all layers; later layers use hash maps.
const DENSE_BYTES: usize = 96 << 20;

/// Most successor edges the sampler keeps cached (12 bytes each).
const CACHE_EDGES: usize = 2 << 20;

/// Most deals that walk the chain together (see [`Tables::sample_batch`]); their lists
/// (at most 16 successors each) fit in the cache many times over.
const MAX_BATCH: usize = 256;

/// The suits whose leftover spot cards a `Left` counter must keep, given each counted seat's
/// spot-step suits (every suit: a seat with a full automaton; none: a loose seat): those
/// where some seat takes spot cards and another draws at the end — a seat that does not take
/// them, or the untracked seats when fewer than four are counted.
fn left_suits(spot_suits: &[u8]) -> u8 {
    let (taken, drawn) = taken_and_drawn(spot_suits);
    taken & drawn
}

/// The suits some seat takes spot steps in, and the suits drawn at the end: by a seat that
/// takes no spot steps there (a seat with a full automaton draws none), or by the untracked
/// seats (every suit) when fewer than four are counted.
fn taken_and_drawn(spot_suits: &[u8]) -> (u8, u8) {
    let taken = spot_suits.iter().fold(0u8, |a, &m| a | m);
    let drawn = spot_suits
        .iter()
        .filter(|&&m| m != 0b1111)
        .fold(0u8, |a, &m| a | !m & 0b1111)
        | if spot_suits.len() < 4 { 0b1111 } else { 0 };
    (taken, drawn)
}

/// One mask per seat from its `choices` (each seat's equally small sets of suits its shape
/// can be read from; `None`: the seat is not projected and keeps its `spot_suits`) so that
/// the fewest suits need a `Left` counter (ties: the earliest choices). `balanced` beside seats naming one suit
/// each then names their suits, leaving a suit no seat takes spot cards in (measured: a
/// quarter fewer states after the high cards on `N balanced 12-14, E 8-11 4-5♥, S 6-10
/// 3+♦, W 5-12 2-4♣`).
fn fewest_lefts(choices: &[Option<Vec<u8>>], spot_suits: &[u8]) -> Vec<Option<u8>> {
    let mut pick = vec![0usize; choices.len()];
    let mut best: Option<(u32, Vec<usize>)> = None;
    loop {
        let masks: Vec<u8> = choices
            .iter()
            .zip(&pick)
            .zip(spot_suits)
            .map(|((c, &p), &base)| c.as_ref().map_or(base, |c| c[p]))
            .collect();
        let lefts = left_suits(&masks).count_ones();
        if best.as_ref().is_none_or(|b| lefts < b.0) {
            best = Some((lefts, pick.clone()));
        }
        // The next combination (the first seat's choice turning fastest).
        let mut i = 0;
        loop {
            let Some(n) = choices.get(i) else {
                let pick = best.map(|b| b.1).unwrap_or_default();
                return choices
                    .iter()
                    .zip(&pick)
                    .map(|(c, &p)| c.as_ref().map(|c| c[p]))
                    .collect();
            };
            let len = n.as_ref().map_or(1, Vec::len);
            pick[i] += 1;
            if pick[i] < len {
                break;
            }
            pick[i] = 0;
            i += 1;
        }
    }
}

/// With all four seats counted, the suits whose spot cards the spot steps must use up: some
/// seat takes spot steps there and no seat draws there at the end, so the suit's last spot
/// take gets every spot card left (a seat with a full automaton takes spot steps in every
/// suit and draws none; a loose seat draws the suits it takes no spot steps in).
fn undrawn_suits(spot_suits: &[u8]) -> u8 {
    let (taken, drawn) = taken_and_drawn(spot_suits);
    taken & !drawn & 0b1111
}

/// What a build that gave up ran out of, in words.
pub(crate) fn over_what(memory: bool, budget: u64, bound: usize) -> String {
    if memory {
        format!("tables larger than their memory bound ({} MB)", bound >> 20)
    } else {
        format!("more than {budget} steps")
    }
}

/// Why tables could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TablesError {
    /// The work needed exceeds the budget, or the tables exceed their memory bound.
    #[error("counting exactly for {seats:?} needs {}", over_what(*.memory, *.budget, *.bound))]
    Budget {
        /// The seats that were to be counted together.
        seats: Vec<Seat>,
        /// The budget in steps.
        budget: u64,
        /// The tables' memory bound was reached, not the step budget.
        memory: bool,
        /// The memory bound in bytes ([`MAX_TABLE_BYTES`], or the smaller one of
        /// [`Tables::observing_within`]).
        bound: usize,
    },
    /// An observed point total could exceed the engine's range of tracked values.
    #[error("an observed point total can reach {max} half-points; at most 255 are supported")]
    ProbeRange {
        /// The largest possible total, half-points.
        max: u32,
    },
    /// A length observed by reading it off the cards a seat draws at the end, where the seat
    /// takes that suit's spot cards itself ([`Tables::observing`] then gives the seat an
    /// automaton instead).
    #[error("the length of {seat} in a suit is not drawn at the end")]
    LengthNotDrawn {
        /// The observed seat.
        seat: Seat,
    },
    /// Too many tracked totals.
    #[error("the conditions need {count} tracked totals; at most {max} are supported")]
    TooManyCounters {
        /// How many were needed.
        count: usize,
        /// The limit.
        max: usize,
    },
}

#[derive(Debug, Clone, Copy)]
enum CounterKind {
    Seat {
        i: usize,
        w: [u8; 5],
    },
    Pair {
        a: usize,
        b: usize,
        w: [u8; 5],
    },
    /// Counts the suits of `mask` whose combined length is `min..=max`; a suit longer than
    /// `max` adds [`FIT_OVER`], which no state survives. `a < b`.
    Fit {
        a: usize,
        b: usize,
        min: u8,
        max: u8,
        mask: u8,
    },
    /// Free high cards left to the untracked seats (kept exactly; never a condition).
    Pool,
    /// Free cards of this rank (from the top) left to the untracked seats (a probe).
    PoolRank(usize),
    /// Free cards of this suit left to the untracked seats (a probe).
    PoolSuit(usize),
    /// Spot cards of this suit left once its spot takes are done, which seats with a free
    /// length in the suit draw at the end (kept exactly; never a condition).
    Left(usize),
    /// Free high cards of suit `suit` taken by counted seat `i` (a probe).
    SeatSuit {
        i: usize,
        suit: usize,
    },
}

#[derive(Debug, Clone, Copy)]
struct Counter {
    kind: CounterKind,
    lo: u32,
    hi: Option<u32>,
    /// An observed total: tracked exactly up to its maximum and never a condition.
    probe: bool,
    /// A condition whose total is also observed: tracked exactly up to its maximum (never
    /// merged into "met"), and still a condition.
    keep: bool,
}

impl Counter {
    /// The value of a bounded total that meets its condition whatever the steps still to
    /// come add ([`Counter::sure`]); it absorbs every addition.
    fn sure_value(&self) -> Option<u8> {
        match (self.kind, self.hi) {
            (CounterKind::Seat { .. } | CounterKind::Pair { .. }, Some(h))
                if !self.probe && !self.keep && h < 254 =>
            {
                Some(h as u8 + 1)
            }
            _ => None,
        }
    }

    /// Value `v` with at most `reach` still to come: the sure value when `v` meets the
    /// condition and `v + reach` still does, so that every total certain to meet it is one
    /// state (otherwise `v`).
    fn sure(&self, v: u8, reach: u32) -> u8 {
        match self.sure_value() {
            Some(sure)
                if v != sure
                    && u32::from(v) >= self.lo
                    && u32::from(v) + reach < u32::from(sure) =>
            {
                sure
            }
            _ => v,
        }
    }

    fn step(&self, v: u8, c: u8) -> Option<u8> {
        if self.sure_value() == Some(v) {
            return Some(v);
        }
        let s = u32::from(v) + u32::from(c);
        match self.hi {
            Some(h) if s > h => None,
            Some(_) => Some(s as u8),
            None => Some(s.min(self.lo) as u8),
        }
    }
}

/// Conditions on one point scale held by different seats, checked together: the points
/// of that scale still to be dealt (`remaining`) must cover what the seats together still
/// lack of their lower bounds, and — when the four seats are counted and each has an upper
/// bound (`whole`), so every point goes to one of them — must fit in the room their upper
/// bounds leave. A state failing either has no completion; checking the seats one by one
/// misses it (each seat alone may still reach its bound).
#[derive(Debug, Clone)]
struct Joint {
    w: [u8; 5],
    /// (seat, counter) of each member.
    members: Vec<(usize, usize)>,
    /// Per step: the points of scale `w` in the high-card steps from there on.
    remaining: Vec<u32>,
    whole: bool,
}

impl Joint {
    fn can_meet(&self, counters: &[Counter], j: usize, key: &Key) -> bool {
        let left = self.remaining[j];
        let mut lacking = 0u32;
        let mut room = 0u32;
        let mut room_known = self.whole;
        for &(_, ci) in &self.members {
            let c = &counters[ci];
            let v = key.ctr[ci];
            if c.sure_value() == Some(v) {
                // Met whatever comes: lacks nothing; its room is unknown (at least what
                // is left, so the room check passes).
                room_known = false;
                continue;
            }
            let v = u32::from(v);
            lacking += c.lo.saturating_sub(v);
            if let Some(h) = c.hi {
                room += h.saturating_sub(v);
            }
        }
        lacking <= left && (!room_known || room >= left)
    }
}

/// One step of the chain.
#[derive(Debug, Clone)]
enum Step {
    /// Tracked high cards (one, or a few in a row with high cards first), each going to a
    /// party `p` (a counted seat, or `k` for the others); the label is `Σ pᵢ Pⁱ` over the
    /// cards, `P` the number of parties (just `p` for one card).
    High(Vec<HighCard>),
    /// One counted seat (not loose) takes some of the suit's spot cards.
    Spots(SpotTake),
    /// Two counted seats take their spot cards of the suit in one step (the suit's last two
    /// spot takes): no layer is kept between them, so the states holding the first seat's
    /// length and the spot cards taken so far are never stored. The label is `16 n1 + n2`.
    SpotsPair([SpotTake; 2]),
}

/// One tracked high card of a [`Step::High`]: what it adds to each counter for each party
/// (`None`: the party cannot take it, as a seat whose holding in the suit is exact).
#[derive(Debug, Clone)]
struct HighCard {
    card: Card,
    adds: Vec<Option<[u8; MAX_COUNTERS]>>,
}

/// A counted seat (not loose) takes some of the suit's spot cards. `last`: the suit's last
/// spot take; `all`: it must take every spot left (no one else can).
#[derive(Debug, Clone, Copy)]
struct SpotTake {
    suit: usize,
    seat: usize,
    last: bool,
    all: bool,
    /// Seats whose length in this suit stays in `aux` after this take (a fit with a seat
    /// not stepped yet needs it).
    keep: [bool; 4],
}

impl Step {
    /// The spot takes of this step, in order (none for a high-card step).
    fn takes(&self) -> &[SpotTake] {
        match self {
            Step::High(_) => &[],
            Step::Spots(t) => std::slice::from_ref(t),
            Step::SpotsPair(pair) => pair,
        }
    }
}

/// What a suit offers: its free high cards and spot cards, and what the counted seats hold.
#[derive(Debug, Clone)]
struct SuitCards {
    spots: Vec<Card>,
    fixed_len: [u8; 4],
    /// The chain's steps for this suit: `steps[range]`.
    range: (usize, usize),
}

/// A quantity whose exact distribution [`Tables::observing`] keeps (see
/// [`Tables::distribution`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Observer {
    /// A seat's shape (♠ ♥ ♦ ♣ lengths).
    Shape(Seat),
    /// A seat's length in one suit. Cheaper than its shape: in a suit the seat's shape names,
    /// it keeps its automaton over the named suits; in one it draws at the end, its draw
    /// there is split by the end table's law (see `Slot::PoolLength`).
    Length(Seat, Suit),
    /// A seat's points on the scale with these half-point weights of A K Q J T.
    Points(Seat, [u8; 5]),
    /// A partnership's combined points on the scale with these weights.
    PairPoints(Pair, [u8; 5]),
}

impl Observer {
    /// The seats this observer looks at.
    pub fn seats(&self) -> Vec<Seat> {
        match *self {
            Observer::Shape(s) | Observer::Length(s, _) | Observer::Points(s, _) => vec![s],
            Observer::PairPoints(p, _) => p.seats().to_vec(),
        }
    }
}

/// Where an observed quantity is kept in a state.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Slot {
    /// The final state of this seat's (unminimised) shape automaton.
    Shape(usize),
    /// The lengths of this seat in the suits its automaton reads (unminimised, one state
    /// per prefix; a projected seat's automaton reads its named suits and the observed
    /// ones), as four values (0 for a suit it does not read).
    Lengths(usize),
    /// A seat's length in a suit it draws at the end: its predealt cards of the suit, its
    /// free high cards of the suit (this `SeatSuit` counter), and the suit's spot cards among
    /// those it draws — split by the end table's law ([`Draw`]), or, when every seat is
    /// counted and loose, a hypergeometric draw from the pooled spot cards.
    PoolLength {
        i: usize,
        suit: usize,
        counter: usize,
    },
    /// A seat's length in a suit whose spot cards it takes in the chain while drawing its
    /// other suits at the end (a fit seat's fit suit, with the fit drawn at the end): its
    /// predealt cards of the suit plus this `SeatSuit` counter, which counts its high cards
    /// and its spot cards of the suit.
    TakenLength {
        i: usize,
        suit: usize,
        counter: usize,
    },
    /// This counter.
    Counter(usize),
    /// An uncounted seat's points: its predealt points plus a uniform draw from what the
    /// counted seats leave, whose high cards per rank are in the `PoolRank` counters
    /// (rank from the top, counter).
    FillerPoints {
        seat: Seat,
        w: [u8; 5],
        ranks: Vec<(usize, usize)>,
    },
    /// An uncounted seat's shape: its predealt cards plus a uniform draw from what the counted
    /// seats leave, whose suit lengths are in these `PoolSuit` counters.
    FillerShape { seat: Seat, suits: [usize; 4] },
}

/// The sampler's cache of successor lists: per layer, per state, where its list is in the
/// arena ([`NOT_CACHED`], or the start × 256 + the length); an arena entry is a successor
/// with the threshold of its cumulative weight over the list's total. One entry holds all a
/// pick reads, so a step touches the state's slot and one run of entries.
///
/// The cache fills with the lists the walks meet first and is then kept: the walks are
/// independent and alike, so the states met first are the likely ones, and a state met once
/// the arena is full is picked from without a list ([`Tables::pick_uncached`]: its
/// successors weighed one by one up to the pick, the same pick from the same bits). Emptying
/// the full cache instead, as it once did, rebuilt the likely lists again and again.
#[derive(Debug, Clone, Default)]
struct SuccCache {
    /// Picks made without a list because the arena was full.
    uncached: u64,
    at: Vec<Vec<u32>>,
    arena: Vec<Succ>,
    /// Most entries held ([`CACHE_EDGES`]; less in tests, so that it fills early).
    capacity: usize,
}

/// A state's slot in [`SuccCache::at`] before its list is built.
const NOT_CACHED: u32 = u32::MAX;

/// One cached successor: the threshold of its upper boundary (its cumulative weight over
/// the list's total, in 32 bits, see [`crate::pick`]), the next state and the step's label.
#[derive(Debug, Clone, Copy)]
struct Succ {
    thresh: u32,
    next: u32,
    label: u8,
}

/// The indices a build may use. Every combination gives the same tables and the same deals
/// (tested); the fast ones cost memory.
#[derive(Debug, Clone, Copy)]
struct Indexing {
    /// Largest dense layer index (see [`DENSE_MAX`]); 0: none.
    dense_max: usize,
    /// Fill small key spaces through a direct table.
    direct: bool,
    /// Most bytes of successor edges kept (see [`Edges`]).
    edge_bytes: usize,
    /// Most bytes the tables may hold (see [`MAX_TABLE_BYTES`]).
    max_bytes: usize,
    /// The backward pass may look states up through a map where the bound leaves room for
    /// it (otherwise always through the compact index, see `Layer::with_lookup`).
    lookup_map: bool,
}

impl Indexing {
    const FULL: Indexing = Indexing {
        dense_max: DENSE_MAX,
        direct: true,
        edge_bytes: EDGE_BYTES,
        max_bytes: MAX_TABLE_BYTES,
        lookup_map: true,
    };
    /// Hash maps and binary search only (the paths taken when memory is short).
    #[cfg(test)]
    const LOOKUP_ONLY: Indexing = Indexing {
        dense_max: 0,
        direct: false,
        edge_bytes: 0,
        max_bytes: MAX_TABLE_BYTES,
        lookup_map: true,
    };
}

/// Most bytes of successor edges kept from the forward pass (beyond, none are kept).
const EDGE_BYTES: usize = 64 << 20;

/// The successors of every state of one layer, recorded by the forward pass (in the order
/// [`Tables::successors`] gives them): the backward pass and the sampler read them instead
/// of generating successors again and looking each one up.
#[derive(Debug, Clone, Default)]
struct Edges {
    /// `start[s]..start[s + 1]`: the edges of state `s`.
    start: Vec<u32>,
    /// Index of the successor in the next layer.
    next: Vec<u32>,
    /// The step's weight (1 for a high card; at most C(13, 4) C(9, 4) for a pair of spot
    /// takes).
    weight: Vec<u32>,
    label: Vec<u8>,
}

impl Edges {
    fn push(&mut self, next: u32, weight: u128, label: u8) {
        self.next.push(next);
        // Binomials of at most 13 cards: far below u32::MAX.
        self.weight.push(weight as u32);
        self.label.push(label);
    }

    fn range(&self, s: usize) -> std::ops::Range<usize> {
        self.start[s] as usize..self.start[s + 1] as usize
    }

    /// Bytes of the edges held (the room reserved while pushing is given back by
    /// [`Edges::shrink`] when the layer is done).
    fn bytes(&self) -> usize {
        self.start.len() * 4 + self.next.len() * 9
    }

    /// Gives back the room the pushes reserved beyond the edges held.
    fn shrink(&mut self) {
        self.start.shrink_to_fit();
        self.next.shrink_to_fit();
        self.weight.shrink_to_fit();
        self.label.shrink_to_fit();
    }
}

/// Exact counting tables for a chosen set of seats, with a sampler.
#[derive(Debug, Clone)]
pub struct Tables {
    seats: Vec<Seat>,
    fillers: Vec<(Seat, Hand)>,
    fixed: [Hand; 4],
    dfas: Vec<Dfa>,
    counters: Vec<Counter>,
    suits: Vec<SuitCards>,
    steps: Vec<Step>,
    /// `layers[j]` holds the states before step `j` (the last one: after every step).
    layers: Vec<Layer>,
    /// `edges[j]`: the successors of `layers[j]`'s states by step `j`, for the first layers
    /// whose edges fit [`EDGE_BYTES`] together.
    edges: Vec<Edges>,
    /// `reach[j][c]`: the most that steps `j..` can still add to counter `c` (a state that
    /// cannot reach a counter's lower bound has no completion and is not kept).
    reach: Vec<[u32; MAX_COUNTERS]>,
    /// Totals on one scale for different seats, checked together (see [`Joint`]).
    joints: Vec<Joint>,
    filler_ways: u128,
    cache: SuccCache,
    /// Which indices the build may use.
    indexing: Indexing,
    work: u64,
    /// Where the observed quantities live in a state, in the order of the observers.
    observed: Vec<Slot>,
    /// Per observed slot: the one suit a length observer keeps of its slot's four lengths.
    narrow: Vec<Option<usize>>,
    /// Per tracked seat: loose (takes no spot steps; its spots are dealt from the pooled spot
    /// cards once the four suits are done).
    loose: Vec<bool>,
    /// Per tracked seat: the suits in which it takes spot steps (every suit for a seat with
    /// an automaton; none for a loose seat; a fit's suits for a loose seat in a fit).
    spot_suits: Vec<u8>,
    /// The spot cards of the suits where no seat takes spot steps, when loose seats in a fit
    /// draw the rest of their hands from them (0 otherwise).
    reserved_spots: usize,
    /// The suits of [`Tables::reserved_spots`] (0 when there are none).
    reserved_suits: u8,
    /// Per tracked seat: its shape names only the suits of its `spot_suits`; its state is
    /// its projected automaton's state × 14 + its cards so far.
    projected: Vec<bool>,
    /// Every high-card step comes before the first spot step (see `with_indexing`).
    highs_first: bool,
    /// Per tracked seat and suit: what one high card of the suit adds to its `aux` before its
    /// spot step there (1; with high cards first, 6^i for its i-th named suit).
    aux_unit: Vec<[u8; 4]>,
    /// Per suit: the `CounterKind::Left` counter holding the spot cards left in it for the
    /// drawing seats (none: either no seat takes spot steps there, so all of them are left,
    /// or the suit is in [`Tables::undrawn`], so none are).
    left: [Option<usize>; 4],
    /// The suits whose spot cards the spot steps use up (see [`undrawn_suits`]).
    undrawn: u8,
    /// With projected seats: how the loose seats draw their spot cards at the end.
    draw: Option<Draw>,
    /// The `CounterKind::Pool` counter, present when loose seats and untracked seats meet.
    pool_counter: Option<usize>,
    /// Cards the untracked seats receive in all (constant for a set).
    filler_cards: usize,
}

fn points(w: &[u8; 5], from_top: usize) -> u8 {
    w.get(from_top).copied().unwrap_or(0)
}

impl Tables {
    /// Builds the tables counting the conditions of `seats` (and the pair conditions among
    /// them) exactly; cards predealt to other seats are respected, their other conditions
    /// ignored. `budget` bounds the work in DP steps.
    pub fn new(set: &ConstraintSet, seats: &[Seat], budget: u64) -> Result<Tables, TablesError> {
        Tables::within(set, seats, budget, MAX_TABLE_BYTES)
    }

    /// [`Tables::new`] with the tables held to `max_bytes` (at most [`MAX_TABLE_BYTES`]).
    pub fn within(
        set: &ConstraintSet,
        seats: &[Seat],
        budget: u64,
        max_bytes: usize,
    ) -> Result<Tables, TablesError> {
        let indexing = Indexing {
            max_bytes: max_bytes.min(MAX_TABLE_BYTES),
            ..Indexing::FULL
        };
        Tables::with_indexing(set, seats, budget, indexing, &[], false)
    }

    /// Builds tables like [`Tables::new`] for `seats` plus the seats of `observers`, which
    /// additionally keep apart the values of the observed quantities, so that
    /// [`Tables::distribution`] can report the exact number of deals for each value. Observing
    /// a seat counts it exactly (its conditions included) and enlarges the tables: a shape
    /// observer keeps up to 560 final states per seat, a points observer one per value.
    ///
    /// One observer of a seat with no condition of its own (and in no pair condition) is not
    /// counted when other seats are: the tables keep what the counted seats leave to the
    /// others — the free high cards of each rank the scale weighs, or the free cards of each
    /// suit — and the seat's cards are a uniform draw of its 13 (less its predealt cards) from
    /// that pool, so its distribution follows by the multivariate hypergeometric law, exactly.
    pub fn observing(
        set: &ConstraintSet,
        seats: &[Seat],
        budget: u64,
        observers: &[Observer],
    ) -> Result<Tables, TablesError> {
        Self::observing_within(set, seats, budget, observers, MAX_TABLE_BYTES)
    }

    /// [`Tables::observing`] with the tables held to `max_bytes` (at most
    /// [`MAX_TABLE_BYTES`]): the statistics build one such table after another, and a build
    /// that gives up holds about twice its bound at its peak.
    pub fn observing_within(
        set: &ConstraintSet,
        seats: &[Seat],
        budget: u64,
        observers: &[Observer],
        max_bytes: usize,
    ) -> Result<Tables, TablesError> {
        let indexing = Indexing {
            max_bytes: max_bytes.min(MAX_TABLE_BYTES),
            ..Indexing::FULL
        };
        let mut all = seats.to_vec();
        let filler = Self::filler_observer(set, seats, observers);
        for (n, o) in observers.iter().enumerate() {
            if Some(n) != filler {
                all.extend(o.seats());
            }
        }
        // A length is read off the seat's draw at the end where the seat draws that suit;
        // where it does not (the build says so), through the seat's automaton.
        match Tables::with_indexing(set, &all, budget, indexing, observers, true) {
            Err(TablesError::LengthNotDrawn { .. }) => {
                Tables::with_indexing(set, &all, budget, indexing, observers, false)
            }
            other => other,
        }
    }

    /// The observer (at most one) that can be read off what the counted seats leave instead
    /// of counting its seat: a seat's points or shape, for a seat with no condition of its own,
    /// in no pair condition and in no other observer, when other seats are counted.
    fn filler_observer(
        set: &ConstraintSet,
        seats: &[Seat],
        observers: &[Observer],
    ) -> Option<usize> {
        if seats.is_empty() {
            return None;
        }
        let candidates: Vec<usize> = (0..observers.len())
            .filter(|&n| match observers[n] {
                Observer::Points(x, _) | Observer::Shape(x) | Observer::Length(x, _) => {
                    !seats.contains(&x)
                        && !set.seat(x).constrained
                        && !set.pairs.iter().any(|p| p.pair.seats().contains(&x))
                        && observers
                            .iter()
                            .enumerate()
                            .all(|(m, o)| m == n || !o.seats().contains(&x))
                }
                Observer::PairPoints(..) => false,
            })
            .collect();
        (candidates.len() == 1).then(|| candidates[0])
    }

    /// [`Tables::new`] with a chosen limit on dense layer indices (0 forces hash maps).
    fn with_indexing(
        set: &ConstraintSet,
        seats: &[Seat],
        budget: u64,
        indexing: Indexing,
        observers: &[Observer],
        read_lengths: bool,
    ) -> Result<Tables, TablesError> {
        let seats: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|s| seats.contains(s))
            .collect();
        let k = seats.len();
        let pos = |s: Seat| seats.iter().position(|&x| x == s);
        let fixed: [Hand; 4] = std::array::from_fn(|i| set.seats[i].fixed);
        let all_fixed = fixed.iter().fold(Hand::EMPTY, |a, h| a.union(*h));

        // Tracked totals.
        let mut counters = Vec::new();
        let mut depth = 0usize;
        let mut need = |w: &[u8; 5]| {
            if let Some(r) = (0..5).rev().find(|&r| w[r] > 0) {
                depth = depth.max(r + 1);
            }
        };
        for (i, &s) in seats.iter().enumerate() {
            for p in &set.seats[s.index()].points {
                need(&p.scale.weights);
                counters.push(Counter {
                    kind: CounterKind::Seat {
                        i,
                        w: p.scale.weights,
                    },
                    lo: p.lo,
                    hi: p.hi,
                    probe: false,
                    keep: false,
                });
            }
        }
        for pc in &set.pairs {
            let [sa, sb] = pc.pair.seats();
            let (Some(a), Some(b)) = (pos(sa), pos(sb)) else {
                continue;
            };
            match &pc.kind {
                PairKind::Points(r) => {
                    need(&r.scale.weights);
                    counters.push(Counter {
                        kind: CounterKind::Pair {
                            a,
                            b,
                            w: r.scale.weights,
                        },
                        lo: r.lo,
                        hi: r.hi,
                        probe: false,
                        keep: false,
                    });
                }
                PairKind::Fit { min, max, suits } => counters.push(Counter {
                    kind: CounterKind::Fit {
                        a,
                        b,
                        min: *min,
                        max: max.unwrap_or(13),
                        mask: *suits,
                    },
                    lo: 1,
                    // A bounded fit keeps the count of suits in range (at most 4) so that a
                    // suit over the bound kills the state.
                    hi: max.map(|_| 4),
                    probe: false,
                    keep: false,
                }),
            }
        }
        let mut observed = Vec::new();
        // Per counted seat: the suits whose lengths an observer reads.
        let mut length_suits = vec![0u8; k];
        // One length observed where all four seats are counted and none has a shape, a fit or
        // an exact holding (all of them loose): read it off the pool instead of giving the
        // seat an automaton (see `Slot::PoolLength`).
        // A length observed alone, with no fit and no shape observed, in a suit the seat's
        // shape does not name: try reading it off what the seat draws at the end (checked once
        // the structure is known; `Tables::observing` falls back to the automaton).
        let read_length = |s: Seat, suit: Suit| {
            let sc = &set.seats[s.index()];
            read_lengths
                && !sc.exact_suits.iter().any(|&e| e)
                && (sc.shapes == ShapeSet::all()
                    || named_suits(&sc.shapes) >> suit.index() & 1 == 0)
                && !observers.iter().any(|o| matches!(o, Observer::Shape(_)))
                && observers
                    .iter()
                    .filter(|o| matches!(o, Observer::Length(..)))
                    .count()
                    == 1
        };
        let filler = Self::filler_observer(set, &seats, observers);
        for (n, o) in observers.iter().enumerate() {
            if Some(n) == filler {
                match *o {
                    Observer::Points(x, w) => {
                        need(&w);
                        let mut ranks = Vec::new();
                        for r in (0..5).filter(|&r| w[r] > 0) {
                            ranks.push((r, counters.len()));
                            counters.push(Counter {
                                kind: CounterKind::PoolRank(r),
                                lo: 0,
                                hi: None,
                                probe: true,
                                keep: false,
                            });
                        }
                        observed.push(Slot::FillerPoints { seat: x, w, ranks });
                    }
                    Observer::Shape(x) | Observer::Length(x, _) => {
                        let suits = std::array::from_fn(|s| counters.len() + s);
                        for s in 0..4 {
                            counters.push(Counter {
                                kind: CounterKind::PoolSuit(s),
                                lo: 0,
                                hi: None,
                                probe: true,
                                keep: false,
                            });
                        }
                        observed.push(Slot::FillerShape { seat: x, suits });
                    }
                    Observer::PairPoints(..) => {}
                }
                continue;
            }
            match *o {
                Observer::Shape(s) => {
                    if let Some(i) = pos(s) {
                        observed.push(Slot::Shape(i));
                    }
                }
                Observer::Length(s, suit) => {
                    let Some(i) = pos(s) else { continue };
                    if read_length(s, suit) {
                        observed.push(Slot::PoolLength {
                            i,
                            suit: suit.index(),
                            counter: counters.len(),
                        });
                        counters.push(Counter {
                            kind: CounterKind::SeatSuit {
                                i,
                                suit: suit.index(),
                            },
                            lo: 0,
                            hi: None,
                            probe: true,
                            keep: false,
                        });
                    } else {
                        observed.push(Slot::Lengths(i));
                        length_suits[i] |= 1 << suit.index();
                    }
                }
                Observer::Points(s, w) => {
                    let Some(i) = pos(s) else { continue };
                    // A condition on the same total keeps its value instead of a second
                    // counter (which would multiply the states by every total it can take).
                    if let Some(c) = counters.iter().position(
                        |c| matches!(c.kind, CounterKind::Seat { i: x, w: v } if x == i && v == w),
                    ) {
                        counters[c].keep = true;
                        observed.push(Slot::Counter(c));
                        continue;
                    }
                    need(&w);
                    observed.push(Slot::Counter(counters.len()));
                    counters.push(Counter {
                        kind: CounterKind::Seat { i, w },
                        lo: 0,
                        hi: None,
                        probe: true,
                        keep: false,
                    });
                }
                Observer::PairPoints(p, w) => {
                    let [sa, sb] = p.seats();
                    let (Some(a), Some(b)) = (pos(sa), pos(sb)) else {
                        continue;
                    };
                    if let Some(c) = counters.iter().position(|c| {
                        matches!(c.kind, CounterKind::Pair { a: x, b: y, w: v } if x == a && y == b && v == w)
                    }) {
                        counters[c].keep = true;
                        observed.push(Slot::Counter(c));
                        continue;
                    }
                    need(&w);
                    observed.push(Slot::Counter(counters.len()));
                    counters.push(Counter {
                        kind: CounterKind::Pair { a, b, w },
                        lo: 0,
                        hi: None,
                        probe: true,
                        keep: false,
                    });
                }
            }
        }
        if counters.len() > MAX_COUNTERS {
            return Err(TablesError::TooManyCounters {
                count: counters.len(),
                max: MAX_COUNTERS,
            });
        }
        if seats
            .iter()
            .any(|s| set.seats[s.index()].exact_suits.iter().any(|&e| e))
        {
            depth = 5;
        }
        // Loose seats (three or more seats counted together): a seat with no shape condition,
        // no exact holding, no fit and no observed shape needs only its high cards placed suit
        // by suit; its spot cards are interchangeable, so they are counted (and dealt) from
        // the pooled spot cards at the end by one multinomial. This removes the spot
        // compositions of that seat from every suit's labels.
        let in_fit: Vec<bool> = (0..k)
            .map(|i| {
                counters
                    .iter()
                    .any(|c| matches!(c.kind, CounterKind::Fit { a, b, .. } if a == i || b == i))
            })
            .collect();
        let loose: Vec<bool> = (0..k)
            .map(|i| {
                let sc = &set.seats[seats[i].index()];
                k >= 2
                    && sc.shapes == ShapeSet::all()
                    && !sc.exact_suits.iter().any(|&e| e)
                    && !in_fit[i]
                    && !observed.contains(&Slot::Shape(i))
                    && length_suits[i] == 0
                    // An uncounted seat's shape needs the counted seats' lengths suit by suit.
                    && !observed.iter().any(|o| matches!(o, Slot::FillerShape { .. }))
            })
            .collect();
        // Fit seats with no shape of their own: their lengths matter only in the fit's suits.
        // When every counted seat is loose or such a seat, and the fits all cover the same
        // suits F, those seats count their cards like loose seats, take spot steps only in
        // F, and draw the rest of their hand at the end from the spot cards of the other
        // suits (which nobody takes in the chain, so that pool has a fixed size).
        let fit_suits: Vec<u8> = (0..k)
            .map(|i| {
                counters
                    .iter()
                    .filter_map(|c| match c.kind {
                        CounterKind::Fit { a, b, mask, .. } if a == i || b == i => Some(mask),
                        _ => None,
                    })
                    .fold(0, |m, x| m | x)
            })
            .collect();
        let fit_loose: Vec<bool> = (0..k)
            .map(|i| {
                let sc = &set.seats[seats[i].index()];
                in_fit[i]
                    && sc.shapes == ShapeSet::all()
                    && !sc.exact_suits.iter().any(|&e| e)
                    && !observed.contains(&Slot::Shape(i))
                    && length_suits[i] == 0
                    && !observed
                        .iter()
                        .any(|o| matches!(o, Slot::FillerShape { .. }))
            })
            .collect();
        let shared = fit_suits.iter().zip(&in_fit).find(|x| *x.1).map(|x| *x.0);
        let partial = (0..k).all(|i| loose[i] || (fit_loose[i] && Some(fit_suits[i]) == shared))
            && shared.is_some_and(|f| f != 0b1111);
        let reserved = if partial { shared.unwrap_or(0) } else { 0 };
        let spot_suits: Vec<u8> = (0..k)
            .map(|i| match (loose[i], partial && in_fit[i]) {
                (true, _) => 0,
                (false, true) => reserved,
                (false, false) => 0b1111,
            })
            .collect();
        // Seats whose shape names only some suits (`spades 5+`, `hearts 4-5, clubs 0-2`):
        // in a set with no fit, such a seat takes spot steps only in the suits its shape
        // names (its automaton reads only those lengths), counts its cards like a loose seat,
        // and at the end draws the rest of its hand from the spot cards left in its other
        // suits ([`Draw`]). Only the seat naming a suit then carries high cards waiting for
        // its spot step inside that suit, instead of every shaped seat. Each suit where some
        // seat takes spot cards and another draws keeps what is left in a `Left` counter.
        let mut spot_suits = spot_suits;
        let mut projected = vec![false; k];
        let fit_pairs: Vec<(usize, usize, u8)> = counters
            .iter()
            .filter_map(|c| match c.kind {
                CounterKind::Fit { a, b, mask, .. } => Some((a, b, mask)),
                _ => None,
            })
            .collect();
        // A fit seat's fit suits: every suit of its partnership's fits (`fit 8+ majors`
        // names two). Each is taken in a paired step, as the suit's last two takes.
        let pair_suit = |seat: usize| {
            fit_pairs
                .iter()
                .filter(|&&(a, b, _)| a == seat || b == seat)
                .map(|&(_, _, m)| m)
                .reduce(|x, y| x | y)
        };
        // Fits beside projected seats: a fit seat takes each of its fit suits in a paired
        // step with its partner (`ns: fit 8+ spades` beside `east: hearts 5+`); a
        // fit seat with a shape of its own names its fit suit among its suits (`north:
        // balanced` in a spade fit names spades and two more); another seat may name the fit
        // suit too (`east: spades 5+` beside the spade fit): it takes its spot cards there
        // before the fit's two seats, which come last (`spot_steps`). Per seat: its fit suits
        // (0 if in no fit).
        let fit_suit_of: Option<Vec<u8>> = (0..k)
            .map(|i| if in_fit[i] { pair_suit(i) } else { Some(0) })
            .collect();
        let fit_mask = fit_suit_of
            .as_ref()
            .map_or(0, |f| f.iter().fold(0, |m, x| m | x));
        // One fit on each partnership, each in its own suit (`ns: fit 8+ spades`, `ew: fit 8+
        // hearts`): each pair takes its fit suit's spot cards in a paired step and draws the
        // rest at the end, the other pair's fit suit included (what its step leaves, kept in a
        // `Left` counter), with or without shaped seats beside. Suit by suit, every seat's
        // length waits in the states (past the memory bound with points on two seats). Fits
        // over two suits on both sides stay suit by suit: measured, `ns: fit 8+ majors` beside
        // `ew: fit 8+ diamonds` took 10 s and 218 MB with high cards first (each seat keeps its
        // high cards of two suits waiting), against three seats exact in 1 s; `majors` beside
        // `minors` gave up after 2.1 s against 0.9 s. On one side beside a named seat they
        // come this way (`ns: fit 8+ majors` beside an overcall: exact in 1.1 s, three seats
        // after 0.6 s before).
        let fit_each_side = fit_pairs
            .iter()
            .any(|f| (f.0, f.1) != (fit_pairs[0].0, fit_pairs[0].1));
        let wide_fits = fit_each_side && fit_pairs.iter().any(|f| f.2.count_ones() > 1);
        // No suit in fits of two partnerships (`ns: fit 8+ spades` beside `ew: fit 5+
        // spades`): the paired step gives one pair's fits its first seat's length, so such
        // sets go suit by suit, where each length waits in the state (they were counted
        // wrongly here before). Fits of one pair may share a suit (a cell `ns: fit 8-8
        // spades` added to `ns: fit 8+ spades`).
        let fits_apart = fit_pairs.iter().all(|&(a, b, m)| {
            fit_pairs
                .iter()
                .all(|&(c, d, n)| (a, b) == (c, d) || m & n == 0)
        });
        // Whether the fits are drawn at the end beside projected seats (below).
        let mut fits_drawn = false;
        if let Some(fit_suit_of) = fit_suit_of.filter(|_| k >= 2 && fits_apart && !wide_fits) {
            let base: Vec<u8> = (0..k)
                .map(|i| {
                    if in_fit[i] {
                        fit_suit_of[i]
                    } else {
                        spot_suits[i]
                    }
                })
                .collect();
            // A length read off the end table needs its suit drawn there, not named.
            let mut pool_suits = vec![0u8; k];
            for slot in &observed {
                if let Slot::PoolLength { i, suit, .. } = *slot {
                    pool_suits[i] |= 1 << suit;
                }
            }
            let choices: Vec<Option<Vec<u8>>> = (0..k)
                .map(|i| {
                    let sc = &set.seats[seats[i].index()];
                    let eligible = !loose[i]
                        && sc.shapes != ShapeSet::all()
                        && !sc.shapes.is_empty()
                        && !sc.exact_suits.iter().any(|&e| e)
                        && !observed.contains(&Slot::Shape(i))
                        && !observed
                            .iter()
                            .any(|o| matches!(o, Slot::FillerShape { .. }));
                    if !eligible {
                        return None;
                    }
                    let mut masks: Vec<u8> = named_suit_choices(&sc.shapes)
                        .into_iter()
                        .map(|m| m | length_suits[i] | fit_suit_of[i])
                        .filter(|m| m & pool_suits[i] == 0)
                        .collect();
                    let fewest = masks.iter().map(|m| m.count_ones()).min()?;
                    masks.retain(|m| m.count_ones() == fewest && fewest <= 3);
                    masks.dedup();
                    (!masks.is_empty()).then_some(masks)
                })
                .collect();
            let named = fewest_lefts(&choices, &base);
            // Only worth it with points to count and no seat taking spot steps in every suit
            // (then every high card comes before the spot cards: measured, projecting beside
            // a fully shaped seat, or with no points, made the tables bigger, not smaller).
            let all_drawing = (0..k)
                .all(|i| loose[i] || named[i].is_some() || fit_loose[i] && fit_suit_of[i] != 0);
            if depth > 0 && all_drawing && (named.iter().any(Option::is_some) || fit_each_side) {
                let mut suits_of = base.clone();
                for (i, m) in named.iter().enumerate() {
                    if let Some(m) = *m {
                        suits_of[i] = m;
                    }
                }
                let lefts = left_suits(&suits_of).count_ones() as usize;
                if structure_fits(&counters, lefts + usize::from(k < 4)) {
                    spot_suits = suits_of;
                    for (i, m) in named.iter().enumerate() {
                        projected[i] = m.is_some();
                    }
                    fits_drawn = fit_mask != 0;
                }
            }
        }
        // A fit whose two seats have no shape of their own (the `partial` seats above) goes
        // the same way when points are counted: high cards first, the fit's two seats take
        // each fit suit's spot cards in one step (their lengths never wait in a state), and
        // every loose seat draws its other suits at the end.
        let fit_count = counters
            .iter()
            .filter(|c| matches!(c.kind, CounterKind::Fit { .. }))
            .count();
        // (Measured: one pair total on the fit's two seats alone counts faster suit by suit.)
        let points_counters = counters
            .iter()
            .filter(|c| {
                !c.probe && matches!(c.kind, CounterKind::Seat { .. } | CounterKind::Pair { .. })
            })
            .count();
        let fit_draw = partial
            && depth > 0
            && fit_count == 1
            && (k >= 3 || points_counters >= 2)
            && structure_fits(
                &counters,
                left_suits(&spot_suits).count_ones() as usize + usize::from(k < 4),
            );
        let draw_mode = projected.iter().any(|&p| p) || fit_draw || fits_drawn;
        let loose: Vec<bool> = (0..k)
            .map(|i| loose[i] || spot_suits[i] != 0b1111)
            .collect();
        // A length read off the end: the seat must draw that suit there — through the end
        // table, or from the pooled spot cards when every seat is counted and none takes spot
        // cards. A fit seat drawing its other suits at the end takes its fit suit's spot cards
        // in the chain: its length there is its counter (high cards and spot cards taken).
        for slot in &mut observed {
            if let Slot::PoolLength { i, suit, counter } = *slot {
                let drawn = loose[i]
                    && spot_suits[i] >> suit & 1 == 0
                    && (draw_mode || (k == 4 && (0..k).all(|j| loose[j] && spot_suits[j] == 0)));
                let taken = draw_mode && in_fit[i] && spot_suits[i] >> suit & 1 == 1;
                if taken {
                    *slot = Slot::TakenLength { i, suit, counter };
                } else if !drawn {
                    return Err(TablesError::LengthNotDrawn { seat: seats[i] });
                }
            }
        }
        let free_honour_total = Suit::ALL
            .iter()
            .flat_map(|&s| Rank::DESCENDING.map(|r| Card::new(s, r)))
            .filter(|c| c.rank().from_top() < depth && !all_fixed.contains(*c))
            .count() as u32;
        // The pool size matters only to seats drawing from every suit's leftover spot cards.
        let any_fully_loose = (0..k).any(|i| loose[i] && spot_suits[i] == 0);
        let pool_counter = ((any_fully_loose || draw_mode) && k < 4).then(|| {
            counters.push(Counter {
                kind: CounterKind::Pool,
                lo: 0,
                hi: None,
                probe: true,
                keep: false,
            });
            counters.len() - 1
        });
        let mut left = [None; 4];
        let mut draw = None;
        if draw_mode {
            let allowed: Vec<u8> = (0..k)
                .filter(|&i| loose[i])
                .map(|i| !spot_suits[i] & 0b1111)
                .collect();
            let kept = left_suits(&spot_suits);
            for (s, l) in left.iter_mut().enumerate() {
                if kept >> s & 1 == 1 {
                    *l = Some(counters.len());
                    counters.push(Counter {
                        kind: CounterKind::Left(s),
                        lo: 0,
                        hi: None,
                        probe: true,
                        keep: false,
                    });
                }
            }
            draw = Some(Draw::new(allowed, k < 4));
        }
        if counters.len() > MAX_COUNTERS {
            return Err(TablesError::TooManyCounters {
                count: counters.len(),
                max: MAX_COUNTERS,
            });
        }
        let taken_counters: Vec<usize> = observed
            .iter()
            .filter_map(|slot| match *slot {
                Slot::TakenLength { counter, .. } => Some(counter),
                _ => None,
            })
            .collect();
        // Clamp ranges into u8 state values; an unreachable lower bound keeps lo > max (count 0).
        for (ci, c) in counters.iter_mut().enumerate() {
            let max = match c.kind {
                CounterKind::Seat { w, .. } | CounterKind::Pair { w, .. } => {
                    4 * w.iter().map(|&x| u32::from(x)).sum::<u32>()
                }
                CounterKind::Fit { .. } if c.hi.is_some() => u32::from(FIT_OVER),
                CounterKind::Fit { .. } => 1,
                CounterKind::Pool => free_honour_total,
                CounterKind::PoolRank(_) => 4,
                CounterKind::PoolSuit(_) | CounterKind::Left(_) => 13,
                // High cards, and spot cards where the seat takes them in the chain (a taken
                // length).
                CounterKind::SeatSuit { .. } if taken_counters.contains(&ci) => 13,
                CounterKind::SeatSuit { .. } => 5,
            };
            if c.probe {
                if max > u32::from(u8::MAX) {
                    return Err(TablesError::ProbeRange { max });
                }
                c.hi = Some(max);
                continue;
            }
            if c.keep {
                // Exact values up to the maximum (no merging of the totals over the lower
                // bound); the bounds stay conditions.
                c.hi = Some(c.hi.map_or(max, |h| h.min(max)));
            } else if c.hi.is_some_and(|h| h >= max) {
                c.hi = None;
            }
            if c.lo > max {
                c.lo = max + 1;
                c.hi = Some(max);
            }
        }

        let dfas: Vec<Dfa> = seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                if projected[i] && length_suits[i] != 0 {
                    Dfa::projected_by_prefix(&set.seats[s.index()].shapes, spot_suits[i])
                } else if projected[i] {
                    Dfa::projected(&set.seats[s.index()].shapes, spot_suits[i])
                } else if observed.contains(&Slot::Shape(i)) || length_suits[i] != 0 {
                    Dfa::by_prefix(&set.seats[s.index()].shapes)
                } else {
                    Dfa::new(&set.seats[s.index()].shapes)
                }
            })
            .collect();

        // With every seat counted, a high card can only go to a counted seat.
        let parties = if k == 4 { k } else { k + 1 };
        // The seats of each fit, in order, so that a seat's length waits in `aux` until the
        // fit's second seat takes its spot cards.
        let fits: Vec<(usize, usize)> = counters
            .iter()
            .filter_map(|c| match c.kind {
                CounterKind::Fit { a, b, .. } => Some((a, b)),
                _ => None,
            })
            .collect();
        let undrawn = undrawn_suits(&spot_suits);
        let highs_first = draw_mode;
        // The spot steps of one suit.
        let spot_steps = |suit: Suit| -> Vec<Step> {
            let mut spot_seats: Vec<usize> = (0..k)
                .filter(|&i| spot_suits[i] >> suit.index() & 1 == 1)
                .collect();
            // With high cards first, a fit's first seat's length reaches the fit's counter
            // only through the paired step (`take_spots`' `partner`), so the fit's two seats
            // are the suit's last two takes, after any other seat naming the suit (an
            // overcall in the fit suit). One pair's fits a suit: the structure is chosen
            // only so.
            if highs_first {
                let mut in_suit = fit_pairs.iter().filter(|&&(a, b, mask)| {
                    mask >> suit.index() & 1 == 1
                        && spot_seats.contains(&a)
                        && spot_seats.contains(&b)
                });
                if let Some(&(a, b, _)) = in_suit.next() {
                    debug_assert!(in_suit.all(|f| (f.0, f.1) == (a, b)), "one pair a suit");
                    spot_seats.retain(|&j| j != a && j != b);
                    spot_seats.extend([a, b]);
                }
            }
            // Spot cards nobody else can take: every seat counted and none drawing this
            // suit at the end (none loose, or every seat taking spot steps here).
            let all = undrawn >> suit.index() & 1 == 1;
            let takes: Vec<SpotTake> = spot_seats
                .iter()
                .enumerate()
                .map(|(n, &j)| {
                    let mut keep = [false; 4];
                    for &(a, b) in &fits {
                        if a <= j && b > j {
                            keep[a] = true;
                        }
                    }
                    let last = n + 1 == spot_seats.len();
                    SpotTake {
                        suit: suit.index(),
                        seat: j,
                        last,
                        all: all && last,
                        keep,
                    }
                })
                .collect();
            // The last two takes form one step when the layer between them would be large for
            // little gain: when the second take has no choice (it takes every spot left), or
            // when the first seat's length waits in the state for a fit with the second
            // (the layer would multiply the states by that length and the spots taken). Two
            // plain takes stay apart: their layer between costs less than the pair's up to
            // 55 successors per state (measured).
            let pair = match takes[..] {
                [.., a, b] => {
                    b.all || (a.keep[a.seat] && fits.contains(&(a.seat, b.seat))) || highs_first
                }
                _ => false,
            };
            let singles = takes.len() - if pair { 2 } else { 0 };
            let mut out: Vec<Step> = takes[..singles].iter().map(|&t| Step::Spots(t)).collect();
            if pair {
                out.push(Step::SpotsPair([takes[singles], takes[singles + 1]]));
            }
            out
        };
        // High cards first: with no seat taking spot steps in every suit, all the high-card
        // steps come before any spot step, so every point total is complete (and capped to
        // what its condition tells apart) before the spot cards are dealt; a projected seat
        // keeps its high cards in its named suits in `aux` (base 6, one digit per named
        // suit) until its spot step there.
        let mut suits = Vec::new();
        let mut steps = Vec::new();
        for suit in Suit::ALL {
            let start = steps.len();
            let mut spots = Vec::new();
            for r in Rank::DESCENDING {
                let c = Card::new(suit, r);
                if all_fixed.contains(c) {
                    continue;
                }
                if r.from_top() < depth {
                    let adds = (0..parties)
                        .map(|p| {
                            if p < k && set.seats[seats[p].index()].exact_suits[suit.index()] {
                                return None;
                            }
                            let mut add = [0u8; MAX_COUNTERS];
                            for (ci, c) in counters.iter().enumerate() {
                                let w = |seat: usize, w: &[u8; 5]| {
                                    if seat == p {
                                        points(w, r.from_top())
                                    } else {
                                        0
                                    }
                                };
                                add[ci] = match c.kind {
                                    CounterKind::Seat { i, w: ref ws } => w(i, ws),
                                    CounterKind::Pair { a, b, w: ref ws } => w(a, ws) + w(b, ws),
                                    CounterKind::Pool => u8::from(p == k),
                                    CounterKind::PoolRank(x) => {
                                        u8::from(p == k && x == r.from_top())
                                    }
                                    CounterKind::PoolSuit(x) => {
                                        u8::from(p == k && x == suit.index())
                                    }
                                    CounterKind::SeatSuit { i, suit: x } => {
                                        u8::from(p == i && x == suit.index())
                                    }
                                    CounterKind::Fit { .. } | CounterKind::Left(_) => 0,
                                };
                            }
                            Some(add)
                        })
                        .collect();
                    steps.push(Step::High(vec![HighCard { card: c, adds }]));
                } else {
                    spots.push(c);
                }
            }
            let mut fixed_len = [0u8; 4];
            for (i, s) in seats.iter().enumerate() {
                fixed_len[i] = fixed[s.index()].holding(suit).len() as u8;
            }
            if !highs_first {
                steps.extend(spot_steps(suit));
            }
            suits.push(SuitCards {
                spots,
                fixed_len,
                range: (start, steps.len()),
            });
        }
        if highs_first {
            // Only high-card steps so far: rank by rank, each rank's four suits in order.
            steps.sort_by_key(|st| match st {
                Step::High(h) => h[0].card.rank().from_top(),
                _ => 99,
            });
            // Each rank's cards two at a time (one step with P² labels): the layer between
            // them, the largest near the end of the high cards, is never stored.
            let singles = std::mem::take(&mut steps);
            let mut cards = singles.into_iter().filter_map(|st| match st {
                Step::High(h) => Some(h),
                _ => None,
            });
            let mut last_rank = None;
            for h in cards.by_ref() {
                let rank = h[0].card.rank();
                match steps.last_mut() {
                    Some(Step::High(prev))
                        if last_rank == Some(rank) && prev.len() < HIGHS_PER_STEP =>
                    {
                        prev.extend(h);
                    }
                    _ => steps.push(Step::High(h)),
                }
                last_rank = Some(rank);
            }
            for suit in Suit::ALL {
                let start = steps.len();
                steps.extend(spot_steps(suit));
                suits[suit.index()].range = (start, steps.len());
            }
        }

        let fillers: Vec<(Seat, Hand)> = Seat::ALL
            .into_iter()
            .filter(|s| !seats.contains(s))
            .map(|s| (s, fixed[s.index()]))
            .collect();
        let pool = 52 - 13 * k - fillers.iter().map(|f| f.1.len() as usize).sum::<usize>();
        let sizes: Vec<usize> = fillers.iter().map(|f| 13 - f.1.len() as usize).collect();
        let filler_ways = multinomial(pool, &sizes);
        let filler_cards = sizes.iter().sum();

        let aux_unit: Vec<[u8; 4]> = (0..k)
            .map(|i| {
                let mut unit = [1u8; 4];
                if highs_first {
                    let mut digit = 1u8;
                    for (s, u) in unit.iter_mut().enumerate() {
                        if spot_suits[i] >> s & 1 == 1 {
                            *u = digit;
                            digit *= 6;
                        }
                    }
                }
                unit
            })
            .collect();
        // One slot per observer, in order (every observer's seat is counted or is the
        // uncounted seat read off the pool).
        let narrow: Vec<Option<usize>> = observers
            .iter()
            .zip(&observed)
            .map(|(o, slot)| match (o, slot) {
                (_, Slot::PoolLength { .. } | Slot::TakenLength { .. }) => None,
                (Observer::Length(_, suit), _) => Some(suit.index()),
                _ => None,
            })
            .collect();
        let mut t = Tables {
            seats,
            fillers,
            fixed,
            dfas,
            counters,
            suits,
            reach: Vec::new(),
            joints: Vec::new(),
            steps,
            layers: Vec::new(),
            edges: Vec::new(),
            filler_ways,
            cache: SuccCache {
                capacity: CACHE_EDGES,
                ..SuccCache::default()
            },
            indexing,
            work: 0,
            observed,
            narrow,
            loose,
            spot_suits,
            projected,
            highs_first,
            aux_unit,
            left,
            undrawn,
            draw,
            reserved_suits: if partial && !draw_mode {
                !reserved & 0b1111
            } else {
                0
            },
            reserved_spots: Suit::ALL
                .iter()
                .filter(|s| partial && !draw_mode && reserved >> s.index() & 1 == 0)
                .map(|&s| {
                    Rank::DESCENDING
                        .iter()
                        .filter(|r| r.from_top() >= depth && !all_fixed.contains(Card::new(s, **r)))
                        .count()
                })
                .sum(),
            pool_counter,
            filler_cards,
        };
        t.reach = t.reach_table();
        t.joints = t.joint_groups();
        t.build(budget)?;
        t.cache.at = t.layers[..t.steps.len()]
            .iter()
            .map(|l| vec![NOT_CACHED; l.len()])
            .collect();
        Ok(t)
    }

    /// The start state: no card dealt but the predealt ones, whose points already count (a
    /// loose seat's state counts them as cards); `None` if they already break a condition.
    fn start_key(&self) -> Option<Key> {
        let mut key = Key {
            dfa: [0; 4],
            ctr: [0; MAX_COUNTERS],
            aux: [0; 4],
            taken: 0,
        };
        for (i, &l) in self.loose.iter().enumerate() {
            if l {
                key.dfa[i] = self.fixed[self.seats[i].index()].len() as u16;
            }
        }
        let fixed_points = |i: usize, w: &[u8; 5]| -> u32 {
            let hand = self.fixed[self.seats[i].index()];
            Suit::ALL
                .iter()
                .map(|&s| {
                    let top = hand.holding(s).bits() & 0x1F;
                    (0..5)
                        .filter(|r| top >> r & 1 == 1)
                        .map(|r| u32::from(points(w, r)))
                        .sum::<u32>()
                })
                .sum()
        };
        for (ci, c) in self.counters.iter().enumerate() {
            let v = match c.kind {
                CounterKind::Seat { i, w } => fixed_points(i, &w),
                CounterKind::Pair { a, b, w } => fixed_points(a, &w) + fixed_points(b, &w),
                CounterKind::Fit { .. }
                | CounterKind::Pool
                | CounterKind::PoolRank(_)
                | CounterKind::PoolSuit(_)
                | CounterKind::Left(_)
                | CounterKind::SeatSuit { .. } => 0,
            };
            key.ctr[ci] = c.step(0, u8::try_from(v).ok()?)?;
        }
        Some(key)
    }

    /// The most each counter can still gain from each step on (points from high cards; a fit
    /// is not bounded this way).
    fn reach_table(&self) -> Vec<[u32; MAX_COUNTERS]> {
        let n = self.steps.len();
        let mut reach = vec![[0u32; MAX_COUNTERS]; n + 1];
        for (ci, c) in self.counters.iter().enumerate() {
            if matches!(c.kind, CounterKind::Fit { .. }) {
                reach[n][ci] = u32::MAX / 2;
            }
        }
        for j in (0..n).rev() {
            reach[j] = reach[j + 1];
            if let Step::High(cards) = &self.steps[j] {
                for h in cards {
                    for ci in 0..self.counters.len() {
                        let most = h.adds.iter().flatten().map(|a| a[ci]).max().unwrap_or(0);
                        reach[j][ci] += u32::from(most);
                    }
                }
            }
        }
        reach
    }

    /// The seats' conditions on one point scale that can be checked together (see
    /// [`Joint`]): one group per scale held by conditions on two or more different seats.
    fn joint_groups(&self) -> Vec<Joint> {
        let mut groups: Vec<Joint> = Vec::new();
        for (ci, c) in self.counters.iter().enumerate() {
            let CounterKind::Seat { i, w } = c.kind else {
                continue;
            };
            if c.probe {
                continue;
            }
            match groups.iter_mut().find(|g| g.w == w) {
                Some(g) => {
                    g.members.push((i, ci));
                }
                None => groups.push(Joint {
                    w,
                    members: vec![(i, ci)],
                    remaining: Vec::new(),
                    whole: false,
                }),
            }
        }
        let k = self.seats.len();
        groups.retain(|g| {
            let mut seats: Vec<usize> = g.members.iter().map(|m| m.0).collect();
            seats.sort_unstable();
            seats.dedup();
            g.members.len() >= 2 && seats.len() == g.members.len()
        });
        for g in &mut groups {
            let n = self.steps.len();
            g.remaining = vec![0; n + 1];
            for j in (0..n).rev() {
                g.remaining[j] = g.remaining[j + 1]
                    + match &self.steps[j] {
                        Step::High(cards) => cards
                            .iter()
                            .map(|h| u32::from(points(&g.w, h.card.rank().from_top())))
                            .sum(),
                        _ => 0,
                    };
            }
            g.whole = k == 4
                && g.members.len() == 4
                && g.members.iter().all(|m| self.counters[m.1].hi.is_some());
        }
        groups
    }

    /// False if some counter can no longer reach its lower bound from this state before
    /// step `j`, or the conditions of a [`Joint`] group cannot all be met together.
    fn can_reach(&self, j: usize, key: &Key) -> bool {
        self.counters
            .iter()
            .enumerate()
            .all(|(ci, c)| c.probe || u32::from(key.ctr[ci]) + self.reach[j][ci] >= c.lo)
            && self
                .joints
                .iter()
                .all(|g| g.can_meet(&self.counters, j, key))
    }

    /// Calls `f(label, weight, next)` for every successor of `key` by step `j` (the label is
    /// the party of a high card, or the number of spot cards taken).
    fn successors(&self, j: usize, key: &Key, mut f: impl FnMut(u8, u128, Key)) {
        match &self.steps[j] {
            Step::High(cards) => {
                self.place_highs(cards, 0, 1, *key, &mut |label, mut next| {
                    if !self.can_reach(j + 1, &next) {
                        return;
                    }
                    // A total no later step can change either meets its condition here or
                    // never: keep one value for all that meet it. A bounded total certain to
                    // meet its condition whatever comes after takes one value too (see
                    // `Counter::sure`).
                    for (ci, c) in self.counters.iter().enumerate() {
                        if !c.probe && !c.keep && self.reach[j + 1][ci] == 0 {
                            next.ctr[ci] = next.ctr[ci].min(c.lo as u8);
                        } else {
                            next.ctr[ci] = c.sure(next.ctr[ci], self.reach[j + 1][ci]);
                        }
                    }
                    f(label, 1, next);
                });
            }
            Step::Spots(t) => {
                let left = self.suits[t.suit].spots.len() as u8 - key.taken;
                self.take_spots(t, key, None, |n, _, next| {
                    f(n, binomial(usize::from(left), usize::from(n)), next)
                });
            }
            Step::SpotsPair([a, b]) => {
                let left = self.suits[a.suit].spots.len() as u8 - key.taken;
                self.take_spots(a, key, None, |n1, len1, mid| {
                    let w1 = binomial(usize::from(left), usize::from(n1));
                    let rest = left - n1;
                    self.take_spots(b, &mid, Some(len1), |n2, _, next| {
                        f(
                            16 * n1 + n2,
                            w1 * binomial(usize::from(rest), usize::from(n2)),
                            next,
                        )
                    });
                });
            }
        }
    }

    /// Gives `cards` out one after another from `key`, every party in turn for each, and
    /// calls `f(label, next)` for every way that breaks no upper bound (`label` adds
    /// `p × unit` for the party `p` of the first card, `unit` times the number of parties
    /// for the next).
    fn place_highs<F: FnMut(u8, Key)>(
        &self,
        cards: &[HighCard],
        label: usize,
        unit: usize,
        key: Key,
        f: &mut F,
    ) {
        let Some((first, rest)) = cards.split_first() else {
            f(label as u8, key);
            return;
        };
        let k = self.seats.len();
        let suit = first.card.suit().index();
        'party: for (p, add) in first.adds.iter().enumerate() {
            let Some(add) = add else { continue };
            let mut next = key;
            for (ci, c) in self.counters.iter().enumerate() {
                match c.step(key.ctr[ci], add[ci]) {
                    Some(v) => next.ctr[ci] = v,
                    None => continue 'party,
                }
            }
            if p < k {
                if self.spot_suits[p] >> suit & 1 == 0 {
                    // Its cards so far (below its automaton state for a projected seat).
                    if next.dfa[p] % 14 >= 13 {
                        continue;
                    }
                    next.dfa[p] += 1;
                } else {
                    next.aux[p] += self.aux_unit[p][suit];
                }
            }
            self.place_highs(rest, label + p * unit, unit * first.adds.len(), next, f);
        }
    }

    /// Calls `f(n, next)` for every number `n` of the suit's spot cards left that seat
    /// `t.seat` can take from `key`, with the state after it (the weight, C(left, n), is the
    /// caller's).
    fn take_spots(
        &self,
        t: &SpotTake,
        key: &Key,
        partner: Option<u8>,
        mut f: impl FnMut(u8, u8, Key),
    ) {
        let &SpotTake {
            suit,
            seat,
            last,
            all,
            keep,
        } = t;
        let sc = &self.suits[suit];
        let left = sc.spots.len() as u8 - key.taken;
        let from = if all { left } else { 0 };
        let projected = self.projected[seat];
        let trans = (!self.loose[seat] || projected).then(|| {
            let q = if projected {
                key.dfa[seat] / 14
            } else {
                key.dfa[seat]
            };
            &self.dfas[seat].trans[suit][usize::from(q)]
        });
        let unit = self.aux_unit[seat][suit];
        let pending = if self.highs_first {
            key.aux[seat] / unit % 6
        } else {
            key.aux[seat]
        };
        'take: for n in from..=left {
            let len = sc.fixed_len[seat] + pending + n;
            if len > 13 {
                break;
            }
            let to = match trans {
                Some(trans) if projected => {
                    let q = trans[usize::from(len)];
                    let cards = key.dfa[seat] % 14 + u16::from(pending + n);
                    if cards > 13 {
                        break;
                    }
                    if q == DEAD {
                        continue;
                    }
                    q * 14 + cards
                }
                Some(trans) => trans[usize::from(len)],
                None => {
                    // A loose seat's state counts its cards (the predealt ones from the start).
                    let cards = key.dfa[seat] + u16::from(pending + n);
                    if cards > 13 {
                        break;
                    }
                    cards
                }
            };
            if to == DEAD {
                continue;
            }
            let mut next = *key;
            next.dfa[seat] = to;
            for (ci, c) in self.counters.iter().enumerate() {
                let add = match c.kind {
                    CounterKind::Fit {
                        a,
                        b,
                        min,
                        max,
                        mask,
                    } if b == seat => {
                        // The fit's first seat's length in the suit: waiting in `aux`, or with
                        // high cards first, given by the paired step.
                        let first = if self.highs_first {
                            partner.unwrap_or(0)
                        } else {
                            key.aux[a]
                        };
                        let both = first + len;
                        if mask >> suit & 1 == 0 || both < min {
                            0
                        } else if both > max {
                            FIT_OVER
                        } else {
                            1
                        }
                    }
                    // A length observed where the seat takes the suit's spot cards.
                    CounterKind::SeatSuit { i, suit: x } if i == seat && x == suit => n,
                    _ => continue,
                };
                match c.step(key.ctr[ci], add) {
                    Some(v) => next.ctr[ci] = v,
                    None => continue 'take,
                }
            }
            if last {
                // The suit's spot cards nobody counted took go to the others.
                for (ci, c) in self.counters.iter().enumerate() {
                    if matches!(c.kind, CounterKind::PoolSuit(x) | CounterKind::Left(x) if x == suit)
                    {
                        match c.step(next.ctr[ci], left - n) {
                            Some(v) => next.ctr[ci] = v,
                            None => continue 'take,
                        }
                    }
                }
            }
            if self.highs_first {
                next.aux[seat] = key.aux[seat] - pending * unit;
            } else {
                next.aux[seat] = len;
                for (i, &kept) in keep.iter().enumerate().take(seat + 1) {
                    if !kept {
                        next.aux[i] = 0;
                    }
                }
            }
            next.taken = if last { 0 } else { key.taken + n };
            f(n, len, next);
        }
    }

    /// The ranges of the key components in the layer before step `j` (`j` = the number of
    /// steps: after the last).
    fn radix(&self, j: usize) -> Radix {
        let k = self.seats.len();
        let mut stage = [0usize; 4];
        for st in &self.steps[..j] {
            for t in st.takes() {
                stage[t.seat] += 1;
            }
        }
        let dfa = (0..k)
            .map(|i| {
                let d = &self.dfas[i];
                if self.projected[i] {
                    14 * d.widest()
                } else if self.loose[i] {
                    14
                } else if stage[i] < 4 {
                    d.trans[stage[i]].len()
                } else {
                    d.trans[3]
                        .iter()
                        .flatten()
                        .filter(|&&t| t != DEAD)
                        .map(|&t| usize::from(t) + 1)
                        .max()
                        .unwrap_or(1)
                }
            })
            .collect();
        let ctr = self
            .counters
            .iter()
            .map(|c| match c.sure_value() {
                Some(sure) => usize::from(sure) + 1,
                None => c.hi.unwrap_or(c.lo) as usize + 1,
            })
            .collect();
        let mut aux = vec![1; k];
        let mut taken = 1;
        if self.highs_first {
            for (i, a) in aux.iter_mut().enumerate() {
                if self.loose[i] {
                    *a = 6usize.pow(self.spot_suits[i].count_ones());
                }
            }
            if let Some(sc) = self.suits.iter().find(|s| s.range.0 < j && j < s.range.1) {
                taken = sc.spots.len() + 1;
            }
            return Radix {
                dfa,
                ctr,
                aux,
                taken,
            };
        }
        // Inside a suit: what the steps of the suit before `j` can have left in `aux`/`taken`.
        if let Some((suit, sc)) = self
            .suits
            .iter()
            .enumerate()
            .find(|(_, s)| s.range.0 < j && j < s.range.1)
        {
            let mut highs = 0;
            let mut stepped = [false; 4];
            let mut kept = [false; 4];
            for st in &self.steps[sc.range.0..j] {
                if let Step::High(cards) = st {
                    highs += cards.len();
                }
                for t in st.takes() {
                    stepped[t.seat] = true;
                    kept = t.keep;
                    taken = if t.last { 1 } else { sc.spots.len() + 1 };
                }
            }
            for i in 0..k {
                if self.spot_suits[i] >> suit & 1 == 1 {
                    aux[i] = match (stepped[i], kept[i]) {
                        (false, _) => highs + 1,
                        (true, true) => 14,
                        (true, false) => 1,
                    };
                }
            }
        }
        Radix {
            dfa,
            ctr,
            aux,
            taken,
        }
    }

    fn build(&mut self, budget: u64) -> Result<(), TablesError> {
        let max_bytes = self.indexing.max_bytes;
        let over = |t: &Tables, memory: bool| TablesError::Budget {
            seats: t.seats.clone(),
            budget,
            memory,
            bound: max_bytes,
        };
        if (0..=self.steps.len()).any(|j| self.radix(j).size().is_none()) {
            return Err(over(self, true));
        }
        let mut dense_bytes = 0usize;
        let mut scratch = Vec::new();
        let mut first = Layer::new(
            self.radix(0),
            self.indexing.direct.then_some((1, &mut scratch)),
        );
        if let Some(key) = self
            .start_key()
            .filter(|k| self.dfas.iter().all(|d| d.live) && self.can_reach(0, k))
        {
            first.insert(key);
        }
        first.finish(self.indexing.dense_max);
        scratch = first.take_scratch();
        self.layers = vec![first];
        self.edges = Vec::new();
        let mut keep_edges = self.indexing.edge_bytes > 0;
        let mut edge_bytes = 0usize;
        let mut work = 0u64;
        let mut bytes = self.layers[0].bytes();
        for j in 0..self.steps.len() {
            let before = self.layers[j].len();
            let mut next = Layer::new(
                self.radix(j + 1),
                self.indexing.direct.then_some((before, &mut scratch)),
            );
            let mut edges = Edges::default();
            for key in self.layers[j].keys() {
                work += 1;
                if keep_edges {
                    edges.start.push(edges.next.len() as u32);
                }
                self.successors(j, &key, |label, w, n| {
                    work += 1;
                    let at = next.insert(n);
                    if keep_edges {
                        edges.push(at, w, label);
                    }
                });
                if keep_edges && edge_bytes + edges.bytes() > self.indexing.edge_bytes {
                    // Too many to keep: from this layer on, the backward pass and the
                    // sampler find successors by looking them up instead.
                    keep_edges = false;
                    edges = Edges::default();
                }
                // A state costs about 32 bytes while filling (its index entry with the
                // table's slack) and 32 once finished with its count.
                let filling = 32 * next.filled();
                if edge_bytes > 0 && bytes + edge_bytes + filling > max_bytes {
                    // The states need the room: no edges at all (they only save time).
                    keep_edges = false;
                    edges = Edges::default();
                    self.edges = Vec::new();
                    edge_bytes = 0;
                }
                if work > budget {
                    return Err(over(self, false));
                }
                if bytes + filling > max_bytes {
                    return Err(over(self, true));
                }
            }
            let dense_max = self
                .indexing
                .dense_max
                .min(DENSE_BYTES.saturating_sub(dense_bytes) / 4);
            let moved = next.finish(dense_max);
            let spare = next.take_scratch();
            if !spare.is_empty() {
                scratch = spare;
            }
            if keep_edges {
                edges.start.push(edges.next.len() as u32);
                for at in &mut edges.next {
                    *at = moved[*at as usize];
                }
                edges.shrink();
                edge_bytes += edges.bytes();
                self.edges.push(edges);
            }
            dense_bytes += next.index_bytes();
            bytes += next.bytes() + 16 * next.len();
            if bytes > max_bytes || next.len() >= u32::MAX as usize / 2 {
                return Err(over(self, true));
            }
            self.layers.push(next);
        }
        let n = self.steps.len();
        let mut draw = self.draw.take();
        let comp: Vec<u128> = self.layers[n]
            .keys()
            .map(|k| {
                if !self
                    .counters
                    .iter()
                    .enumerate()
                    .all(|(i, c)| c.probe || u32::from(k.ctr[i]) >= c.lo)
                {
                    0
                } else if let Some(d) = draw.as_mut() {
                    self.draw_input(&k).map_or(0, |(v, need)| d.ways(v, need))
                } else {
                    self.loose_ways(&k)
                }
            })
            .collect();
        self.draw = draw;
        self.layers[n].comp = comp;
        for j in (0..n).rev() {
            if let Some(e) = self.edges.get(j) {
                let (cur, rest) = self.layers.split_at_mut(j + 1);
                let next = &rest[0].comp;
                cur[j].comp = (0..cur[j].len())
                    .map(|s| {
                        e.range(s)
                            .map(|x| u128::from(e.weight[x]) * next[e.next[x] as usize])
                            .sum()
                    })
                    .collect();
                work += e.next.len() as u64;
                continue;
            }
            // A map where the tables' bound leaves room for it, else the compact index.
            let room = if self.indexing.lookup_map {
                max_bytes.saturating_sub(bytes + edge_bytes)
            } else {
                0
            };
            self.layers[j + 1].with_lookup(room);
            let (cur, rest) = self.layers.split_at(j + 1);
            let next = &rest[0];
            let mut edges = 0u64;
            let comp: Vec<u128> = cur[j]
                .keys()
                .map(|key| {
                    let mut total = 0u128;
                    self.successors(j, &key, |_, w, n| {
                        edges += 1;
                        total += w * next.comp[next.get(&n) as usize];
                    });
                    total
                })
                .collect();
            work += edges;
            self.layers[j].comp = comp;
            self.layers[j + 1].drop_lookup();
        }
        self.work = work;
        Ok(())
    }

    /// The spot cards still needed by each loose seat at a final state, and the size of the
    /// pooled spot cards they are dealt from (`None` if the untracked seats would have to take
    /// more cards than they hold room for).
    fn loose_needs(&self, key: &Key) -> Option<([usize; 4], usize)> {
        let mut need = [0usize; 4];
        for (i, &l) in self.loose.iter().enumerate() {
            if l {
                need[i] = 13 - usize::from(key.dfa[i] % 14);
            }
        }
        let pooled_honours = self.pool_counter.map_or(0, |c| usize::from(key.ctr[c]));
        // Cards left = the loose seats' needs + the untracked seats' cards; the high cards
        // among them go to the untracked seats, so the spot cards number the rest.
        let spots = (need.iter().sum::<usize>() + self.filler_cards).checked_sub(pooled_honours)?;
        Some((need, spots))
    }

    /// Ways to give the loose seats their spot cards from the pooled spot cards at a final
    /// state (1 when no seat is loose); the leftover cards go to the untracked seats.
    ///
    /// Loose seats in a fit draw first, from the reserved spot cards (the suits where nobody
    /// takes spot steps); what they leave joins the pool the other loose seats draw from.
    fn loose_ways(&self, key: &Key) -> u128 {
        let Some((need, spots)) = self.loose_needs(key) else {
            return 0;
        };
        let k = self.seats.len();
        let in_fit = |i: usize| self.spot_suits[i] != 0;
        let first: Vec<usize> = (0..k)
            .filter(|&i| self.loose[i] && in_fit(i))
            .map(|i| need[i])
            .collect();
        let then: Vec<usize> = (0..k)
            .filter(|&i| self.loose[i] && !in_fit(i))
            .map(|i| need[i])
            .collect();
        let drawn: usize = first.iter().sum();
        if drawn > self.reserved_spots || spots < need.iter().sum::<usize>() {
            return 0;
        }
        multinomial(self.reserved_spots, &first) * multinomial(spots - drawn, &then)
    }

    /// With projected seats, at a final state: the spot cards left in each suit and the
    /// cards each loose seat still needs (in seat order), for [`Draw`]; `None` if the cards
    /// left cannot fill the hands.
    fn draw_input(&self, key: &Key) -> Option<([u8; 4], [u8; 4])> {
        let (need, spots) = self.loose_needs(key)?;
        let v: [u8; 4] = std::array::from_fn(|s| match self.left[s] {
            Some(c) => key.ctr[c],
            None if self.undrawn >> s & 1 == 1 => 0,
            None => self.suits[s].spots.len() as u8,
        });
        if v.iter().map(|&x| usize::from(x)).sum::<usize>() != spots {
            return None;
        }
        let mut needs = [0u8; 4];
        for (n, i) in (0..self.seats.len()).filter(|&i| self.loose[i]).enumerate() {
            needs[n] = need[i] as u8;
        }
        Some((v, needs))
    }

    /// The seats counted exactly, in N E S W order.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Number of ordered tuples of hands for [`Tables::seats`] meeting their conditions
    /// (unit: hands for one seat, ordered pairs of hands for two, …).
    pub fn tuples(&self) -> u128 {
        self.layers[0].comp.first().copied().unwrap_or(0)
    }

    /// Number of whole deals meeting the conditions counted here (unit: deals).
    pub fn deals(&self) -> u128 {
        self.tuples() * self.filler_ways
    }

    /// Work spent building, in DP steps.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Number of DP states over all layers (a measure of table size).
    pub fn states(&self) -> usize {
        self.layers.iter().map(Layer::len).sum()
    }

    /// Bytes of the successor edges the forward pass kept (see [`Tables::drop_edges`]).
    pub fn edge_bytes(&self) -> usize {
        self.edges.iter().map(Edges::bytes).sum()
    }

    /// Frees the successor edges the forward pass kept: the sampler then finds successors
    /// by looking them up, slower but the same deals. Returns the bytes freed.
    pub fn drop_edges(&mut self) -> usize {
        let freed = self.edge_bytes();
        self.edges = Vec::new();
        freed
    }

    /// Bytes the tables hold: states, counts, indices, the successor edges kept and the
    /// sampler's cache as it stands (its slots, one per state, and the lists it holds, which
    /// grow while sampling up to [`CACHE_EDGES`]).
    pub fn bytes(&self) -> usize {
        self.layers.iter().map(Layer::bytes).sum::<usize>()
            + self.edge_bytes()
            + self
                .cache
                .at
                .iter()
                .map(|a| a.capacity() * 4)
                .sum::<usize>()
            + self.cache.arena.capacity() * std::mem::size_of::<Succ>()
    }

    /// The exact number of deals (meeting every condition counted here) for each combination
    /// of values of the observers given to [`Tables::observing`], in observer order: a shape
    /// observer's value is the seat's ♠ ♥ ♦ ♣ lengths, a points observer's the total in
    /// half-points (one element). Combinations with no deal are left out; the counts add up
    /// to [`Tables::deals`]. Computed by one forward pass over the tables.
    pub fn distribution(&self) -> Vec<(Vec<u32>, u128)> {
        let mut fwd: Vec<u128> = vec![1; self.layers[0].len()];
        for j in 0..self.steps.len() {
            fwd = self.forward_step(j, &fwd);
        }
        self.distribution_at_end(&fwd)
    }

    /// [`Tables::distribution`], consuming the tables: each layer (with its edges) is freed
    /// as soon as the forward pass has left it, so the pass holds less than the tables did
    /// (the statistics' builds, which are not kept, end this way).
    pub fn into_distribution(mut self) -> Vec<(Vec<u32>, u128)> {
        let mut fwd: Vec<u128> = vec![1; self.layers[0].len()];
        self.cache = SuccCache::default();
        for j in 0..self.steps.len() {
            fwd = self.forward_step(j, &fwd);
            self.layers[j].release();
            if let Some(e) = self.edges.get_mut(j) {
                *e = Edges::default();
            }
        }
        self.distribution_at_end(&fwd)
    }

    /// The number of paths from the start to each state after step `j` that can still be
    /// completed, given those to each state before it (`fwd`): each successor's share is
    /// the path count times the step's weight. Reads the kept edges where there are some.
    fn forward_step(&self, j: usize, fwd: &[u128]) -> Vec<u128> {
        let next_layer = &self.layers[j + 1];
        let mut next = vec![0u128; next_layer.len()];
        if let Some(e) = self.edges.get(j) {
            for (s, &f) in fwd.iter().enumerate() {
                if f == 0 {
                    continue;
                }
                for x in e.range(s) {
                    let i = e.next[x] as usize;
                    if next_layer.comp[i] > 0 {
                        next[i] += f * u128::from(e.weight[x]);
                    }
                }
            }
            return next;
        }
        for (key, &f) in self.layers[j].keys().zip(fwd) {
            if f == 0 {
                continue;
            }
            self.successors(j, &key, |_, w, n| {
                let i = next_layer.get(&n) as usize;
                if next_layer.comp[i] > 0 {
                    next[i] += f * w;
                }
            });
        }
        next
    }

    /// The distribution from the path counts to the final states (see
    /// [`Tables::distribution`]).
    fn distribution_at_end(&self, fwd: &[u128]) -> Vec<(Vec<u32>, u128)> {
        // Deals per (observed values; for an uncounted observed seat, what the counted seats
        // leave it: its pool's ranks or suit lengths).
        let mut grouped: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
        let last = &self.layers[self.steps.len()];
        let pool_length = self.pool_length();
        // With the end table, the table of the other cards with the observed seat barred from
        // the observed suit.
        let mut excluded = pool_length.and_then(|(_, i, suit)| {
            let r = (0..i).filter(|&j| self.loose[j]).count();
            self.draw.as_ref().map(|d| d.without(r, suit))
        });
        for ((key, &f), &ok) in last.keys().zip(fwd).zip(&last.comp) {
            if f == 0 || ok == 0 {
                continue;
            }
            let mut v = Vec::new();
            for slot in &self.observed {
                match slot {
                    Slot::Shape(i) => {
                        v.extend(self.dfas[*i].finals[usize::from(key.dfa[*i])].map(u32::from))
                    }
                    Slot::Lengths(i) => {
                        let q = if self.projected[*i] {
                            key.dfa[*i] / 14
                        } else {
                            key.dfa[*i]
                        };
                        v.extend(self.dfas[*i].finals[usize::from(q)].map(u32::from))
                    }
                    Slot::Counter(c) => v.push(u32::from(key.ctr[*c])),
                    Slot::FillerPoints { ranks, .. } => {
                        v.extend(ranks.iter().map(|&(_, c)| u32::from(key.ctr[c])))
                    }
                    Slot::FillerShape { suits, .. } => {
                        v.extend(suits.iter().map(|&c| u32::from(key.ctr[c])))
                    }
                    Slot::PoolLength { i, suit, counter }
                    | Slot::TakenLength { i, suit, counter } => v.push(
                        u32::from(self.suits[*suit].fixed_len[*i]) + u32::from(key.ctr[*counter]),
                    ),
                }
            }
            let Some((place, i, suit)) = pool_length else {
                *grouped.entry(v).or_insert(0) += f * ok;
                continue;
            };
            // The seat's spot cards of the suit: `ways(x)` of the ways to end the deal give it
            // x of them; the counts are `ok` shared in those proportions (exactly: `ok` is
            // their sum, or, from the pool, a multiple of it).
            let split: Vec<(usize, u128)> = match excluded.as_mut() {
                // From the end table: x of the suit's leftover spots, the rest of its need
                // from its other suits (the table with the seat barred from this suit).
                Some(d) => {
                    let Some((left, needs)) = self.draw_input(&key) else {
                        continue;
                    };
                    let r = (0..i).filter(|&j| self.loose[j]).count();
                    (0..=left[suit].min(needs[r]))
                        .map(|x| {
                            let mut l = left;
                            l[suit] -= x;
                            let mut n = needs;
                            n[r] -= x;
                            let x = usize::from(x);
                            (x, binomial(usize::from(left[suit]), x) * d.ways(l, n))
                        })
                        .collect()
                }
                // From the pooled spot cards (nobody took spot cards): a hypergeometric draw.
                None => {
                    let Some((need, pool)) = self.loose_needs(&key) else {
                        continue;
                    };
                    let spots = self.suits[suit].spots.len();
                    (0..=spots.min(need[i]))
                        .map(|x| (x, binomial(spots, x) * binomial(pool - spots, need[i] - x)))
                        .collect()
                }
            };
            let total: u128 = split.iter().map(|s| s.1).sum();
            debug_assert!(
                total > 0 && ok % total == 0,
                "the split adds up to the ways"
            );
            if total == 0 || ok % total != 0 {
                continue;
            }
            for (x, ways) in split {
                if ways > 0 {
                    let mut w = v.clone();
                    w[place] += x as u32;
                    *grouped.entry(w).or_insert(0) += f * (ok / total) * ways;
                }
            }
        }
        let mut out: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
        for (v, tuples) in grouped {
            self.expand_fillers(&v, tuples * self.filler_ways, &mut out);
        }
        if self.narrow.iter().all(Option::is_none) {
            return out.into_iter().collect();
        }
        // A length observer's slot holds four lengths: keep its suit's.
        let mut narrowed: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
        for (v, n) in out {
            let mut key = Vec::with_capacity(v.len());
            let mut at = 0;
            for (slot, narrow) in self.observed.iter().zip(&self.narrow) {
                let width = match slot {
                    Slot::Counter(_)
                    | Slot::FillerPoints { .. }
                    | Slot::PoolLength { .. }
                    | Slot::TakenLength { .. } => 1,
                    Slot::Shape(_) | Slot::Lengths(_) | Slot::FillerShape { .. } => 4,
                };
                match narrow {
                    Some(suit) => key.push(v[at + suit]),
                    None => key.extend_from_slice(&v[at..at + width]),
                }
                at += width;
            }
            *narrowed.entry(key).or_insert(0) += n;
        }
        narrowed.into_iter().collect()
    }

    /// The [`Slot::PoolLength`], if there is one: its place in the observed values, its
    /// seat and its suit.
    fn pool_length(&self) -> Option<(usize, usize, usize)> {
        let mut place = 0;
        for slot in &self.observed {
            match slot {
                Slot::PoolLength { i, suit, .. } => {
                    return Some((place, *i, *suit));
                }
                Slot::Counter(_) | Slot::TakenLength { .. } => place += 1,
                Slot::Shape(_) | Slot::Lengths(_) | Slot::FillerShape { .. } => place += 4,
                Slot::FillerPoints { ranks, .. } => place += ranks.len(),
            }
        }
        None
    }

    /// Adds to `out` the deals of one group of [`Tables::distribution`]: `v` holds each slot's
    /// values (an uncounted seat's slot: its pool), `deals` the group's deals. An uncounted
    /// observed seat draws its cards uniformly from the pool of `P` cards the counted seats
    /// leave (the other uncounted seats take the rest), so of the `deals`, the fraction
    /// ways(x) / C(P, m) give it the draw `x` (a multivariate hypergeometric; `deals` is a
    /// multiple of C(P, m), so the counts stay exact integers).
    fn expand_fillers(&self, v: &[u32], deals: u128, out: &mut BTreeMap<Vec<u32>, u128>) {
        let mut head = Vec::new();
        let mut at = 0;
        let mut filler = None;
        for slot in &self.observed {
            match slot {
                Slot::Shape(_) | Slot::Lengths(_) => {
                    head.extend_from_slice(&v[at..at + 4]);
                    at += 4;
                }
                Slot::Counter(_) | Slot::PoolLength { .. } | Slot::TakenLength { .. } => {
                    head.push(v[at]);
                    at += 1;
                }
                Slot::FillerPoints { ranks, .. } => {
                    filler = Some((slot, head.len(), v[at..at + ranks.len()].to_vec()));
                    at += ranks.len();
                }
                Slot::FillerShape { .. } => {
                    filler = Some((slot, head.len(), v[at..at + 4].to_vec()));
                    at += 4;
                }
            }
        }
        let Some((slot, place, pool)) = filler else {
            *out.entry(head).or_insert(0) += deals;
            return;
        };
        let seat = match slot {
            Slot::FillerPoints { seat, .. } | Slot::FillerShape { seat, .. } => *seat,
            _ => return,
        };
        let fixed = self.fixed[seat.index()];
        let m = 13 - fixed.len() as usize;
        let big_p = self.filler_cards;
        let per_draw = deals / binomial(big_p, m);
        let mut emit = |value: Vec<u32>, ways: u128| {
            if ways == 0 {
                return;
            }
            let mut key = head.clone();
            for (n, x) in value.into_iter().enumerate() {
                key.insert(place + n, x);
            }
            *out.entry(key).or_insert(0) += per_draw * ways;
        };
        match slot {
            Slot::FillerPoints { w, ranks, .. } => {
                let base: u32 = Suit::ALL
                    .iter()
                    .map(|&s| {
                        let top = fixed.holding(s).bits() & 0x1F;
                        (0..5)
                            .filter(|r| top >> r & 1 == 1)
                            .map(|r| u32::from(points(w, r)))
                            .sum::<u32>()
                    })
                    .sum();
                let a: Vec<usize> = pool.iter().map(|&x| x as usize).collect();
                let others = big_p - a.iter().sum::<usize>();
                let mut by_value: BTreeMap<u32, u128> = BTreeMap::new();
                let mut x = vec![0usize; a.len()];
                loop {
                    let took: usize = x.iter().sum();
                    if took <= m && m - took <= others {
                        let ways = x
                            .iter()
                            .zip(&a)
                            .map(|(&xi, &ai)| binomial(ai, xi))
                            .product::<u128>()
                            * binomial(others, m - took);
                        let pts: u32 = x
                            .iter()
                            .zip(ranks)
                            .map(|(&xi, &(r, _))| xi as u32 * u32::from(points(w, r)))
                            .sum();
                        *by_value.entry(base + pts).or_insert(0) += ways;
                    }
                    // Next draw (odometer over x[i] in 0..=a[i]).
                    let mut i = 0;
                    while i < x.len() && x[i] == a[i] {
                        x[i] = 0;
                        i += 1;
                    }
                    if i == x.len() {
                        break;
                    }
                    x[i] += 1;
                }
                for (value, ways) in by_value {
                    emit(vec![value], ways);
                }
            }
            Slot::FillerShape { .. } => {
                let c: Vec<usize> = pool.iter().map(|&x| x as usize).collect();
                for x0 in 0..=c[0].min(m) {
                    for x1 in 0..=c[1].min(m - x0) {
                        for x2 in 0..=c[2].min(m - x0 - x1) {
                            let x3 = m - x0 - x1 - x2;
                            if x3 > c[3] {
                                continue;
                            }
                            let x = [x0, x1, x2, x3];
                            let ways = (0..4).map(|s| binomial(c[s], x[s])).product::<u128>();
                            let shape = (0..4)
                                .map(|s| (x[s] + fixed.holding(Suit::ALL[s]).len() as usize) as u32)
                                .collect();
                            emit(shape, ways);
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The successors of state `s` before step `j` with positive weight, in order: each
    /// one's label, index in the next layer and weight × completions.
    fn weighted_successors(&self, j: usize, s: u32, mut f: impl FnMut(u8, u32, u128)) {
        let next_layer = &self.layers[j + 1];
        let mut push = |label: u8, next: u32, w: u128| {
            if w > 0 {
                f(label, next, w);
            }
        };
        if let Some(e) = self.edges.get(j) {
            for x in e.range(s as usize) {
                let w = u128::from(e.weight[x]) * next_layer.comp[e.next[x] as usize];
                push(e.label[x], e.next[x], w);
            }
        } else {
            let key = self.layers[j].key(s as usize);
            self.successors(j, &key, |label, w, n| {
                let i = next_layer.get(&n);
                push(label, i, w * next_layer.comp[i as usize]);
            });
        }
    }

    /// The cumulative weights of state `s`'s successors before step `j` (the exact list a
    /// tied pick resolves against, see [`crate::pick`]).
    fn cumulative_weights(&self, j: usize, s: u32) -> Vec<u128> {
        self.cumulative_list(j, s).iter().map(|x| x.2).collect()
    }

    /// State `s`'s successors before step `j` with positive weight, in order: each one's
    /// label, index in the next layer and cumulative weight (the last is the total).
    fn cumulative_list(&self, j: usize, s: u32) -> Vec<(u8, u32, u128)> {
        let mut list = Vec::with_capacity(14);
        let mut total = 0u128;
        self.weighted_successors(j, s, |label, next, w| {
            total += w;
            list.push((label, next, total));
        });
        list
    }

    /// The successors of state `s` before step `j` with their thresholds, cached: returns
    /// the arena range, or `None` when the arena is full (and the list not cached).
    fn successor_list(&mut self, j: usize, s: u32) -> Option<(usize, usize)> {
        let at = self.cache.at[j][s as usize];
        if at != NOT_CACHED {
            let start = (at >> 8) as usize;
            return Some((start, start + (at & 255) as usize));
        }
        if self.cache.arena.len() + 16 > self.cache.capacity {
            return None;
        }
        let found = self.cumulative_list(j, s);
        let total = found.last().map_or(0, |x| x.2);
        let begin = self.cache.arena.len();
        self.cache
            .arena
            .extend(found.iter().map(|&(label, next, cum)| Succ {
                thresh: pick::stored_threshold(cum, total),
                next,
                label,
            }));
        let end = self.cache.arena.len();
        self.cache.at[j][s as usize] = (begin as u32) << 8 | (end - begin) as u32;
        Some((begin, end))
    }

    /// The pick from state `s` before step `j` without its list (the cache is full), the
    /// same as from its list with the same generator: a state with one successor draws
    /// nothing; otherwise 32 bits `u` are drawn and the successors weighed in the list's
    /// order, each boundary compared with `u` as its threshold would be (`⌊cum · 2³² /
    /// total⌋ < u` exactly when `cum · 2³² < u · total`) up to the first not passed, so only
    /// the successors up to the pick are looked up. `total` is the state's completion count
    /// (the sum of its successors' weights). Returns the pick's label and next state, or
    /// `Err(u)` where the bits tie a boundary (the caller resolves against the exact list, as
    /// a cached pick does: no boundary after the pick can tie, its thresholds being larger).
    fn pick_uncached<R: RngCore + ?Sized>(
        &self,
        j: usize,
        s: u32,
        rng: &mut R,
    ) -> Result<(u8, u32), u32> {
        let total = self.layers[j].comp[s as usize];
        let next_layer = &self.layers[j + 1];
        // Below 2⁹⁶ (every count of deals), `cum · 2³²` and `(u + 1) · total` fit a u128;
        // above, the threshold itself is computed.
        let wide = total >> 96 != 0;
        let mut cum = 0u128;
        // The bits, once drawn.
        let mut bits: Option<u32> = None;
        let mut found = None;
        let mut tie = None;
        // Weighs one successor; true once the pick is made or tied.
        let mut weigh = |label: u8, next: u32, w: u128| -> bool {
            if found.is_some() || tie.is_some() {
                return true;
            }
            if w == 0 {
                return false;
            }
            cum += w;
            if cum >= total {
                // The last boundary, passed by no bits: the pick (and with no bits drawn,
                // the only successor with completions).
                found = Some((label, next));
                return true;
            }
            let u = *bits.get_or_insert_with(|| rng.next_u32());
            let order = if wide {
                pick::threshold(cum, total).cmp(&u)
            } else {
                // ⌊cum · 2³² / total⌋ against u, without dividing.
                let x = cum << 32;
                let lo = u128::from(u) * total;
                if x < lo {
                    std::cmp::Ordering::Less
                } else if x < lo + total {
                    std::cmp::Ordering::Equal
                } else {
                    std::cmp::Ordering::Greater
                }
            };
            match order {
                std::cmp::Ordering::Less => return false,
                std::cmp::Ordering::Equal => tie = Some(u),
                std::cmp::Ordering::Greater => found = Some((label, next)),
            }
            true
        };
        if let Some(e) = self.edges.get(j) {
            for x in e.range(s as usize) {
                let next = e.next[x];
                let w = u128::from(e.weight[x]) * next_layer.comp[next as usize];
                if weigh(e.label[x], next, w) {
                    break;
                }
            }
        } else {
            let key = self.layers[j].key(s as usize);
            let mut done = false;
            self.successors(j, &key, |label, w, n| {
                // Looked up only until the pick is made.
                if !done {
                    let i = next_layer.get(&n);
                    done = weigh(label, i, w * next_layer.comp[i as usize]);
                }
            });
        }
        match (found, tie) {
            (Some(picked), _) => Ok(picked),
            (None, Some(u)) => Err(u),
            // Unreachable for a state with completions (the last boundary is the total).
            (None, None) => Err(bits.unwrap_or(0)),
        }
    }

    /// Draws one deal uniformly from the deals counted by [`Tables::deals`], or `None` if
    /// there are none. The deal is drawn from its own generator, keyed by 32 bytes of `rng`
    /// (see [`Tables::sample_batch`]).
    pub fn sample<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> Option<Deal> {
        let mut out = Vec::with_capacity(1);
        self.sample_batch(rng, 1, &mut out);
        out.pop()
    }

    /// Draws `n` deals, each uniformly and independently from the deals counted by
    /// [`Tables::deals`], onto `out` (none if there are none).
    ///
    /// Each deal is drawn from its own ChaCha8 generator keyed by the next 32 bytes of `rng`,
    /// so the deals are exactly those of `n` calls of [`Tables::sample`], and `rng` ends in
    /// the same state: how deals are grouped never changes them. The deals of a batch walk
    /// the chain together, step by step: one deal's walk is a chain of dependent loads from
    /// the successor lists, and taking a step for many deals at once lets those loads
    /// overlap.
    pub fn sample_batch<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        n: usize,
        out: &mut Vec<Deal>,
    ) {
        let mut rngs = deal_generators(rng, n);
        self.sample_generators(&mut rngs, out);
    }

    /// One deal per generator of `rngs` onto `out` (none if the tables count no deal): what
    /// [`Tables::sample_batch`] does with the generators it keys.
    pub fn sample_generators(&mut self, rngs: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        if self.tuples() == 0 {
            return;
        }
        for chunk in rngs.chunks_mut(MAX_BATCH) {
            self.sample_walks(chunk, out);
        }
    }

    /// One deal per generator of `rngs` (at most [`MAX_BATCH`]), onto `out`.
    fn sample_walks(&mut self, rngs: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        let steps = self.steps.len();
        let (labels, ends) = self.walk(rngs);
        // With projected seats, each walk's table of cards per drawing seat and suit (drawn
        // together, see `Draw::sample`).
        let mut tables = Vec::new();
        if let Some(mut draw) = self.draw.take() {
            let last = &self.layers[steps];
            tables = draw.sample(rngs, &ends, |s| {
                self.draw_input(&last.key(s as usize))
                    .unwrap_or(([0; 4], [0; 4]))
            });
            self.draw = Some(draw);
        }
        for (i, rng) in rngs.iter_mut().enumerate() {
            let table = tables.get(i).copied();
            if let Some(deal) = self.assemble(rng, &labels[i * steps..(i + 1) * steps], table) {
                out.push(deal);
            }
        }
    }

    /// The step labels of `n` independent walks through the chain (`n` × steps, walk by
    /// walk), each walk drawn with probability its weight × completions / the count, and the
    /// state each walk ends in.
    ///
    /// Each step goes over all the walks twice — find their lists, then pick — so that the
    /// loads of one pass do not wait on each other. A pick reads 32 bits and compares them
    /// with the list's thresholds ([`crate::pick`]), exactly.
    fn walk(&mut self, rngs: &mut [ChaCha8Rng]) -> (Vec<u8>, Vec<u32>) {
        let n = rngs.len();
        debug_assert!(n <= MAX_BATCH);
        let steps = self.steps.len();
        let mut labels = vec![0u8; n * steps];
        let mut states = vec![0u32; n];
        let mut lists = vec![(0usize, 0usize); n];
        // A walk whose state has no cached list (the arena full): picked without one.
        const NO_LIST: (usize, usize) = (usize::MAX, usize::MAX);
        for j in 0..steps {
            // The cached lists first, in a loop of independent loads; then the others.
            let at = &self.cache.at[j];
            for (list, &state) in lists.iter_mut().zip(&states) {
                let a = at[state as usize];
                let start = (a >> 8) as usize;
                *list = (start, start + (a & 255) as usize);
            }
            for (list, &state) in lists.iter_mut().zip(&states) {
                if list.0 == (NOT_CACHED >> 8) as usize {
                    *list = self.successor_list(j, state).unwrap_or(NO_LIST);
                }
            }
            for (i, ((&(b, e), state), rng)) in lists
                .iter()
                .zip(&mut states)
                .zip(rngs.iter_mut())
                .enumerate()
            {
                if (b, e) == NO_LIST {
                    self.cache.uncached += 1;
                    let (label, next) = match self.pick_uncached(j, *state, rng) {
                        Ok(picked) => picked,
                        Err(u) => {
                            let list = self.cumulative_list(j, *state);
                            let cums: Vec<u128> = list.iter().map(|x| x.2).collect();
                            let (label, next, _) = list[pick::resolve(rng, u, &cums)];
                            (label, next)
                        }
                    };
                    labels[i * steps + j] = label;
                    *state = next;
                    continue;
                }
                let arena = &self.cache.arena;
                let pick = if e - b == 1 {
                    b
                } else {
                    // A branchless count over the inner thresholds: the lists are short,
                    // and without mispredicted branches the next walk's loads start early.
                    let inner = arena[b..e - 1].iter().map(|x| x.thresh);
                    match pick::pick_fast(rng.next_u32(), inner) {
                        pick::Fast::Picked(k) => b + k,
                        // About one pick in 2^32 / (entries − 1): the exact weights decide.
                        pick::Fast::Tie(u) => {
                            let cums = self.cumulative_weights(j, *state);
                            b + pick::resolve(rng, u, &cums)
                        }
                    }
                };
                let arena = &self.cache.arena;
                labels[i * steps + j] = arena[pick].label;
                *state = arena[pick].next;
            }
        }
        (labels, states)
    }

    /// The deal of one walk (`labels`, one per step): the high cards where the labels put
    /// them, the spot cards chosen uniformly in the numbers they say, the loose seats' and
    /// the others' cards drawn uniformly from what is left — with projected seats, in the
    /// numbers per seat and suit of `table` (drawn by [`Draw`] for the walk's last state).
    fn assemble<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        labels: &[u8],
        table: Option<[[u8; 4]; 4]>,
    ) -> Option<Deal> {
        let k = self.seats.len();
        let mut hands = self.fixed;
        let mut pool: Vec<Card> = Vec::with_capacity(52);
        let any_loose = self.loose.iter().any(|&l| l);
        let mut spot_pool: Vec<Card> = Vec::with_capacity(52);
        let mut reserved_pool: Vec<Card> = Vec::with_capacity(36);
        let drawing = self.draw.is_some();
        let mut left_cards = [[Card::new(Suit::Spades, Rank::ACE); 13]; 4];
        let mut left_len = [0usize; 4];
        // Segment 0: the high-card steps that come first (with high cards first); then each
        // suit's steps.
        let highs = if self.highs_first {
            self.suits[0].range.0
        } else {
            0
        };
        for segment in 0..5 {
            let (suit, (from, to)) = match segment {
                0 => (0, (0, highs)),
                s => (s - 1, self.suits[s - 1].range),
            };
            let mut spots = [Card::new(Suit::Spades, Rank::ACE); 13];
            let ns = self.suits[suit].spots.len();
            spots[..ns].copy_from_slice(&self.suits[suit].spots);
            let mut at = 0;
            for (step, &label) in self.steps[from..to].iter().zip(&labels[from..to]) {
                match *step {
                    Step::High(ref cards) => {
                        let mut label = usize::from(label);
                        for h in cards {
                            let parties = h.adds.len();
                            let p = label % parties;
                            label /= parties;
                            if p < k {
                                hands[self.seats[p].index()].insert(h.card);
                            } else {
                                pool.push(h.card);
                            }
                        }
                    }
                    Step::Spots(_) | Step::SpotsPair(_) => {
                        let counts = [usize::from(label >> 4), usize::from(label & 15)];
                        let takes = step.takes();
                        // A single take's label is its count; a pair's is 16 n1 + n2.
                        let counts = if takes.len() == 1 {
                            &[usize::from(label)][..]
                        } else {
                            &counts[..]
                        };
                        for (t, &n) in takes.iter().zip(counts) {
                            choose_set_front(rng, &mut spots[at..ns], n);
                            for c in &spots[at..at + n] {
                                hands[self.seats[t.seat].index()].insert(*c);
                            }
                            at += n;
                        }
                    }
                }
            }
            if segment == 0 {
                continue;
            }
            if drawing {
                left_len[suit] = ns - at;
                left_cards[suit][..ns - at].copy_from_slice(&spots[at..ns]);
            } else if self.reserved_suits >> suit & 1 == 1 {
                reserved_pool.extend_from_slice(&spots[at..ns]);
            } else if any_loose {
                spot_pool.extend_from_slice(&spots[at..ns]);
            } else {
                pool.extend_from_slice(&spots[at..ns]);
            }
        }
        if let Some(x) = table {
            // Each loose seat's cards per suit in the numbers of `table`, which cards
            // uniformly.
            let rows = || (0..k).filter(|&i| self.loose[i]);
            // The table was drawn for the walk's last state, whose cards left and needs are
            // these.
            debug_assert!(rows().enumerate().all(|(r, i)| {
                x[r].iter().sum::<u8>() == 13 - hands[self.seats[i].index()].len() as u8
            }));
            debug_assert!(
                (0..4).all(|s| (0..4).map(|r| x[r][s]).sum::<u8>() as usize <= left_len[s])
            );
            for (suit, cards) in left_cards.iter_mut().enumerate() {
                let cards = &mut cards[..left_len[suit]];
                let mut at = 0;
                for (r, i) in rows().enumerate() {
                    let n = usize::from(x[r][suit]);
                    choose_set_front(rng, &mut cards[at..], n);
                    for c in &cards[at..at + n] {
                        hands[self.seats[i].index()].insert(*c);
                    }
                    at += n;
                }
                pool.extend_from_slice(&cards[at..]);
            }
        } else if any_loose {
            // Loose seats in a fit first, from the reserved suits' spot cards (see
            // `loose_ways`); what they leave joins the pool of the other loose seats.
            // Each loose seat of a group fills its hand with a uniform draw from the pool;
            // returns what the group leaves.
            let mut fill = |pool: &mut Vec<Card>, in_fit: bool| -> usize {
                let mut at = 0;
                for (i, &l) in self.loose.iter().enumerate() {
                    if !l || (self.spot_suits[i] != 0) != in_fit {
                        continue;
                    }
                    let seat = self.seats[i].index();
                    let n = 13 - hands[seat].len() as usize;
                    choose_set_front(rng, &mut pool[at..], n);
                    for c in &pool[at..at + n] {
                        hands[seat].insert(*c);
                    }
                    at += n;
                }
                at
            };
            let at = fill(&mut reserved_pool, true);
            spot_pool.extend_from_slice(&reserved_pool[at..]);
            let at = fill(&mut spot_pool, false);
            pool.extend_from_slice(&spot_pool[at..]);
        }
        let mut at = 0;
        for (seat, fixed) in &self.fillers {
            let n = 13 - fixed.len() as usize;
            choose_set_front(rng, &mut pool[at..], n);
            for c in &pool[at..at + n] {
                hands[seat.index()].insert(*c);
            }
            at += n;
        }
        Deal::new(hands).ok()
    }
}

#[cfg(test)]
mod tests;
