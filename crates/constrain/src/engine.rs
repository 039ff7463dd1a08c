//! The exact counting and sampling engine: a dynamic programme over the four suits.
//!
//! # Method
//!
//! Pavlicek (2013) enumerates *hand profiles* — a pattern together with an arrangement of
//! high cards — and weights each by its exact number of hands; for two seats he pairs the
//! profiles. [`Tables`] computes the same weights without listing profiles one by one: it
//! walks the suits ♠ ♥ ♦ ♣ and, for each suit, lists *labels* — the length each constrained
//! seat gets in that suit and what the suit adds to every tracked total (points per seat,
//! points per partnership, "fit found") — with the exact number of ways to deal that suit
//! (which tracked high cards go where, times binomials for the interchangeable spot
//! cards). A state after *i* suits is (for each seat, which shapes are still reachable —
//! a layered automaton built from its shape set; for each tracked total, its value capped
//! at what the condition can tell apart). The number of completions of every state is
//! computed backwards, so the count of the whole set is the completion count of the start
//! state, in `u128`, exactly.
//!
//! Sampling is hierarchical and exact: from the current state pick a label of the next
//! suit with probability weight(label) × completions(next) / completions(state), then the
//! high-card arrangement inside the label by its weight, then the spot cards uniformly;
//! seats without conditions get a uniform deal of what is left. Every random choice is an
//! unbiased bounded integer ([`crate::combin::below`]). Each deal meeting the conditions is
//! therefore drawn with probability exactly 1 / count.
//!
//! *Loose seats.* When three or four seats are counted together, a seat with no shape,
//! holding or fit condition takes no spot cards suit by suit: its labels carry only the high
//! cards it gets (its automaton counts its cards so far), and at the end it is given its
//! missing cards from the pooled spot cards, counted by one multinomial in the final state's
//! completion count (and dealt uniformly from that pool when sampling). Spot cards carry no
//! points and such a seat's shape is free, so this counts the same deals; it turns the
//! four-seat HCP problem (every seat `hcp 10`) from ~10⁹ steps into ~10⁸. When untracked seats
//! remain, an internal "pool" total keeps the number of high cards left to them, which
//! fixes the size of the spot pool. One or two seats keep the plain tables (their samples,
//! and the known-answer vectors built on them, are unchanged).
//!
//! "Tracked high cards" are the top *H* ranks of each suit, with *H* the smallest depth
//! every point scale needs (4 for HCP, 2 for controls, 5 for scales with a ten or when a
//! holding such as `AKxx` must tell the ten from the spots, 0 for pure shape problems).
//!
//! Units: [`Tables::tuples`] counts ordered tuples of hands of the constrained seats (one
//! seat: hands; two: ordered pairs); [`Tables::deals`] multiplies in the deals of the
//! remaining cards among the other seats.
//!
//! Panic policy: nothing here panics on user input; the building work is bounded by a
//! budget and reports [`TablesError::Budget`] instead of running away.

use crate::combin::{below, choose_front, multinomial};
use crate::conditions::{ConstraintSet, PairKind};
use crate::shape::ShapeSet;
use crate::spec::Pair;
use fairdeal_model::{Card, Deal, Hand, Rank, Seat, Suit};
use rand_core::RngCore;
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;
use thiserror::Error;

/// Most tracked totals (per-seat scales, pair sums, fits) one set may use.
pub const MAX_COUNTERS: usize = 8;

const DEAD: u16 = u16::MAX;

/// What a suit longer than a bounded fit adds to the fit's total (more than its bound, 4).
const FIT_OVER: u8 = 5;

/// Why tables could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TablesError {
    /// The work needed exceeds the budget.
    #[error("counting exactly for {seats:?} needs more than {budget} steps")]
    Budget {
        /// The seats that were to be counted together.
        seats: Vec<Seat>,
        /// The budget in steps.
        budget: u64,
    },
    /// An observed point total could exceed the engine's range of tracked values.
    #[error("an observed point total can reach {max} half-points; at most 255 are supported")]
    ProbeRange {
        /// The largest possible total, half-points.
        max: u32,
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

/// A layered automaton over suit lengths ♠ ♥ ♦ ♣ accepting exactly one shape set.
#[derive(Debug, Clone)]
struct Dfa {
    /// `trans[i][state][len]`: state after suit `i`, or `DEAD`.
    trans: [Vec<[u16; 14]>; 4],
    /// False if the set is empty (no start state).
    live: bool,
    /// For an unminimised automaton ([`Dfa::by_prefix`]): the shape of each final state.
    finals: Vec<[u8; 4]>,
}

impl Dfa {
    fn new(set: &ShapeSet) -> Dfa {
        let shapes: Vec<[u8; 4]> = set.iter().collect();
        // For each layer: prefix -> state id, states identified by their set of suffixes.
        let mut prefix_state: Vec<BTreeMap<Vec<u8>, u16>> = Vec::new();
        for i in 0..=4 {
            let mut residual: BTreeMap<Vec<u8>, Vec<Vec<u8>>> = BTreeMap::new();
            for sh in &shapes {
                residual
                    .entry(sh[..i].to_vec())
                    .or_default()
                    .push(sh[i..].to_vec());
            }
            let mut ids: BTreeMap<Vec<Vec<u8>>, u16> = BTreeMap::new();
            let mut map = BTreeMap::new();
            for (p, mut r) in residual {
                r.sort();
                let n = ids.len() as u16;
                let id = *ids.entry(r).or_insert(n);
                map.insert(p, id);
            }
            prefix_state.push(map);
        }
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for i in 0..4 {
            let n = prefix_state[i]
                .values()
                .map(|&v| v as usize + 1)
                .max()
                .unwrap_or(0);
            trans[i] = vec![[DEAD; 14]; n];
            for (p, &to) in &prefix_state[i + 1] {
                let from = prefix_state[i][&p[..i]];
                trans[i][from as usize][p[i] as usize] = to;
            }
        }
        Dfa {
            trans,
            live: !shapes.is_empty(),
            finals: Vec::new(),
        }
    }

    /// An automaton that tracks only a seat's number of cards so far (state = that number,
    /// 0 to 13) and accepts any shape: used for a *loose* seat (see [`Tables`]), whose
    /// per-suit lengths are left open because it has no shape condition.
    fn counting() -> Dfa {
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for t in &mut trans {
            *t = (0..14u16)
                .map(|c| {
                    std::array::from_fn(|l| {
                        if usize::from(c) + l <= 13 {
                            c + l as u16
                        } else {
                            DEAD
                        }
                    })
                })
                .collect();
        }
        Dfa {
            trans,
            live: true,
            finals: Vec::new(),
        }
    }

    /// An automaton with one state per prefix, so that the final state tells the shape
    /// (used to observe a seat's shape; bigger than [`Dfa::new`]).
    fn by_prefix(set: &ShapeSet) -> Dfa {
        let shapes: Vec<[u8; 4]> = set.iter().collect();
        let mut ids: Vec<BTreeMap<Vec<u8>, u16>> = vec![BTreeMap::new(); 5];
        for sh in &shapes {
            for (i, layer) in ids.iter_mut().enumerate() {
                let n = layer.len() as u16;
                layer.entry(sh[..i].to_vec()).or_insert(n);
            }
        }
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for i in 0..4 {
            trans[i] = vec![[DEAD; 14]; ids[i].len()];
            for (p, &to) in &ids[i + 1] {
                trans[i][ids[i][&p[..i]] as usize][p[i] as usize] = to;
            }
        }
        let mut finals = vec![[0u8; 4]; ids[4].len()];
        for (p, &id) in &ids[4] {
            finals[id as usize].copy_from_slice(p);
        }
        Dfa {
            trans,
            live: !shapes.is_empty(),
            finals,
        }
    }
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
    /// `max` adds [`FIT_OVER`], which no state survives.
    Fit {
        a: usize,
        b: usize,
        min: u8,
        max: u8,
        mask: u8,
    },
    /// Free high cards left to the untracked seats (kept exactly; never a condition).
    Pool,
}

#[derive(Debug, Clone, Copy)]
struct Counter {
    kind: CounterKind,
    lo: u32,
    hi: Option<u32>,
    /// An observed total: tracked exactly up to its maximum and never a condition.
    probe: bool,
}

impl Counter {
    fn step(&self, v: u8, c: u8) -> Option<u8> {
        let s = u32::from(v) + u32::from(c);
        match self.hi {
            Some(h) if s > h => None,
            Some(_) => Some(s as u8),
            None => Some(s.min(self.lo) as u8),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    dfa: [u16; 4],
    ctr: [u8; MAX_COUNTERS],
}

#[derive(Debug, Clone)]
struct Label {
    lens: [u8; 4],
    contrib: [u8; MAX_COUNTERS],
    weight: u128,
    /// (packed honour assignment, cumulative weight).
    choices: Vec<(u32, u128)>,
}

#[derive(Debug, Clone)]
struct SuitTable {
    free_honours: Vec<Card>,
    free_spots: Vec<Card>,
    fixed_len: [u8; 4],
    labels: Vec<Label>,
    /// Ranges of `labels` sharing the same lengths.
    groups: Vec<(usize, usize)>,
}

/// Most successor edges the sampler keeps cached (24 bytes each).
const CACHE_EDGES: usize = 5 << 20;

/// Most states per layer before the tables count as over budget.
const MAX_STATES: usize = 1 << 20;

/// Largest dense index per layer (entries of 4 bytes); bigger layers use a hash map.
const DENSE_MAX: usize = 1 << 22;

/// The states after some suits, with their completion counts. States are found through a
/// dense mixed-radix array when the key space is small enough, else through a hash map.
#[derive(Debug, Clone, Default)]
struct Layer {
    keys: Vec<Key>,
    /// Radix of each DFA component (first `seats`), then of each counter.
    radix: Vec<usize>,
    seats: usize,
    dense: Vec<u32>,
    hash: FxHashMap<Key, u32>,
    comp: Vec<u128>,
}

impl Layer {
    fn new(seats: usize, radix: Vec<usize>, dense_max: usize) -> Layer {
        let size = radix
            .iter()
            .try_fold(1usize, |a, &r| a.checked_mul(r.max(1)));
        let dense = match size {
            Some(n) if n <= dense_max => vec![u32::MAX; n],
            _ => Vec::new(),
        };
        Layer {
            radix,
            seats,
            dense,
            ..Layer::default()
        }
    }

    fn pos(&self, k: &Key) -> usize {
        let mut p = 0usize;
        for (j, r) in self.radix.iter().enumerate() {
            let v = if j < self.seats {
                usize::from(k.dfa[j])
            } else {
                usize::from(k.ctr[j - self.seats])
            };
            p = p * r + v;
        }
        p
    }

    fn get(&self, k: &Key) -> u32 {
        if self.dense.is_empty() {
            self.hash[k]
        } else {
            self.dense[self.pos(k)]
        }
    }

    fn insert(&mut self, k: Key) {
        let n = self.keys.len() as u32;
        if self.dense.is_empty() {
            if let std::collections::hash_map::Entry::Vacant(e) = self.hash.entry(k) {
                e.insert(n);
                self.keys.push(k);
            }
        } else {
            let p = self.pos(&k);
            if self.dense[p] == u32::MAX {
                self.dense[p] = n;
                self.keys.push(k);
            }
        }
    }
}

type Succ = (Vec<(u32, u32)>, Vec<u128>);

/// A quantity whose exact distribution [`Tables::observing`] keeps (see
/// [`Tables::distribution`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Observer {
    /// A seat's shape (♠ ♥ ♦ ♣ lengths).
    Shape(Seat),
    /// A seat's points on the scale with these half-point weights of A K Q J T.
    Points(Seat, [u8; 5]),
    /// A partnership's combined points on the scale with these weights.
    PairPoints(Pair, [u8; 5]),
}

impl Observer {
    /// The seats this observer looks at.
    pub fn seats(&self) -> Vec<Seat> {
        match *self {
            Observer::Shape(s) | Observer::Points(s, _) => vec![s],
            Observer::PairPoints(p, _) => p.seats().to_vec(),
        }
    }
}

/// Where an observed quantity is kept in a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// The final state of this seat's (unminimised) shape automaton.
    Shape(usize),
    /// This counter.
    Counter(usize),
}

/// Exact counting tables for a chosen set of seats, with a sampler.
#[derive(Debug, Clone)]
pub struct Tables {
    seats: Vec<Seat>,
    fillers: Vec<(Seat, Hand)>,
    fixed: [Hand; 4],
    dfas: Vec<Dfa>,
    counters: Vec<Counter>,
    suits: Vec<SuitTable>,
    layers: Vec<Layer>,
    filler_ways: u128,
    /// Per layer, per state: the successors with cumulative weights, filled lazily.
    cache: Vec<Vec<Option<Succ>>>,
    /// Edges held in `cache`; the cache is emptied when this passes [`CACHE_EDGES`].
    cached_edges: usize,
    /// Largest dense layer index (see [`DENSE_MAX`]).
    dense_max: usize,
    work: u64,
    /// Where the observed quantities live in a state, in the order of the observers.
    observed: Vec<Slot>,
    /// Per tracked seat: loose (takes no spot cards suit by suit; its spots are dealt from
    /// the pooled spot cards once the four suits are done).
    loose: Vec<bool>,
    /// The `CounterKind::Pool` counter, present when loose seats and untracked seats meet.
    pool_counter: Option<usize>,
    /// Cards the untracked seats receive in all (constant for a set).
    filler_cards: usize,
}

fn points(w: &[u8; 5], mask: u8) -> u32 {
    (0..5)
        .filter(|r| mask >> r & 1 == 1)
        .map(|r| u32::from(w[r]))
        .sum()
}

fn compositions(k: usize, total: usize, cur: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
    if cur.len() == k {
        f(cur);
        return;
    }
    let used: usize = cur.iter().sum();
    for n in 0..=total - used {
        cur.push(n);
        compositions(k, total, cur, f);
        cur.pop();
    }
}

impl Tables {
    /// Builds the tables counting the conditions of `seats` (and the pair conditions among
    /// them) exactly; cards predealt to other seats are respected, their other conditions
    /// ignored. `budget` bounds the work in DP steps.
    pub fn new(set: &ConstraintSet, seats: &[Seat], budget: u64) -> Result<Tables, TablesError> {
        Tables::with_dense_max(set, seats, budget, DENSE_MAX, &[])
    }

    /// Builds tables like [`Tables::new`] for `seats` plus the seats of `observers`, which
    /// additionally keep apart the values of the observed quantities, so that
    /// [`Tables::distribution`] can report the exact number of deals for each value. Observing
    /// a seat counts it exactly (its conditions included) and enlarges the tables: a shape
    /// observer keeps up to 560 final states per seat, a points observer one per value.
    pub fn observing(
        set: &ConstraintSet,
        seats: &[Seat],
        budget: u64,
        observers: &[Observer],
    ) -> Result<Tables, TablesError> {
        let mut all = seats.to_vec();
        for o in observers {
            all.extend(o.seats());
        }
        Tables::with_dense_max(set, &all, budget, DENSE_MAX, observers)
    }

    /// [`Tables::new`] with a chosen limit on dense layer indices (0 forces hash maps).
    fn with_dense_max(
        set: &ConstraintSet,
        seats: &[Seat],
        budget: u64,
        dense_max: usize,
        observers: &[Observer],
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
                }),
            }
        }
        let mut observed = Vec::new();
        for o in observers {
            match *o {
                Observer::Shape(s) => {
                    if let Some(i) = pos(s) {
                        observed.push(Slot::Shape(i));
                    }
                }
                Observer::Points(s, w) => {
                    let Some(i) = pos(s) else { continue };
                    need(&w);
                    observed.push(Slot::Counter(counters.len()));
                    counters.push(Counter {
                        kind: CounterKind::Seat { i, w },
                        lo: 0,
                        hi: None,
                        probe: true,
                    });
                }
                Observer::PairPoints(p, w) => {
                    let [sa, sb] = p.seats();
                    let (Some(a), Some(b)) = (pos(sa), pos(sb)) else {
                        continue;
                    };
                    need(&w);
                    observed.push(Slot::Counter(counters.len()));
                    counters.push(Counter {
                        kind: CounterKind::Pair { a, b, w },
                        lo: 0,
                        hi: None,
                        probe: true,
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
            })
            .collect();
        let any_loose = loose.iter().any(|&l| l);
        let free_honour_total = Suit::ALL
            .iter()
            .flat_map(|&s| Rank::DESCENDING.map(|r| Card::new(s, r)))
            .filter(|c| c.rank().from_top() < depth && !all_fixed.contains(*c))
            .count() as u32;
        let pool_counter = (any_loose && k < 4).then(|| {
            counters.push(Counter {
                kind: CounterKind::Pool,
                lo: 0,
                hi: None,
                probe: true,
            });
            counters.len() - 1
        });
        if counters.len() > MAX_COUNTERS {
            return Err(TablesError::TooManyCounters {
                count: counters.len(),
                max: MAX_COUNTERS,
            });
        }
        // Clamp ranges into u8 state values; an unreachable lower bound keeps lo > max (count 0).
        for c in &mut counters {
            let max = match c.kind {
                CounterKind::Seat { w, .. } | CounterKind::Pair { w, .. } => {
                    4 * w.iter().map(|&x| u32::from(x)).sum::<u32>()
                }
                CounterKind::Fit { .. } if c.hi.is_some() => u32::from(FIT_OVER),
                CounterKind::Fit { .. } => 1,
                CounterKind::Pool => free_honour_total,
            };
            if c.probe {
                if max > u32::from(u8::MAX) {
                    return Err(TablesError::ProbeRange { max });
                }
                c.hi = Some(max);
                continue;
            }
            if c.hi.is_some_and(|h| h >= max) {
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
                if loose[i] {
                    Dfa::counting()
                } else if observed.contains(&Slot::Shape(i)) {
                    Dfa::by_prefix(&set.seats[s.index()].shapes)
                } else {
                    Dfa::new(&set.seats[s.index()].shapes)
                }
            })
            .collect();

        let mut suits = Vec::new();
        for suit in Suit::ALL {
            let mut free_honours = Vec::new();
            let mut free_spots = Vec::new();
            for r in Rank::DESCENDING {
                let c = Card::new(suit, r);
                if all_fixed.contains(c) {
                    continue;
                }
                if r.from_top() < depth {
                    free_honours.push(c);
                } else {
                    free_spots.push(c);
                }
            }
            let mut fixed_len = [0u8; 4];
            let mut fixed_top = [0u8; 4];
            let mut exact = [false; 4];
            for (i, s) in seats.iter().enumerate() {
                let h = fixed[s.index()].holding(suit);
                fixed_len[i] = h.len() as u8;
                fixed_top[i] = (h.bits() & 0x1F) as u8;
                exact[i] = set.seats[s.index()].exact_suits[suit.index()];
            }
            let fh = free_honours.len();
            // With loose seats and no untracked seat, a high card left over could only go to a
            // loose seat as a spot, which the final multinomial never does: no such layouts.
            let parties = if any_loose && k == 4 { k } else { k + 1 };
            let spot_seats: Vec<usize> = (0..k).filter(|&i| !loose[i]).collect();
            let mut map: FxHashMap<([u8; 4], [u8; MAX_COUNTERS]), usize> = FxHashMap::default();
            let mut labels: Vec<Label> = Vec::new();
            let combos = parties.pow(fh as u32);
            // Label building enumerates combos × spot compositions; refuse early if too big.
            let raw = combos as u128
                * crate::combin::binomial(free_spots.len() + spot_seats.len(), spot_seats.len());
            if raw > u128::from(budget / 64) {
                return Err(TablesError::Budget {
                    seats: seats.clone(),
                    budget,
                });
            }
            for a in 0..combos {
                let mut masks = fixed_top;
                let mut hc = [0u8; 4];
                let mut ok = true;
                let mut x = a;
                for c in &free_honours {
                    let p = x % parties;
                    x /= parties;
                    if p < k {
                        if exact[p] {
                            ok = false;
                            break;
                        }
                        masks[p] |= 1 << c.rank().from_top();
                        hc[p] += 1;
                    }
                }
                if !ok {
                    continue;
                }
                let packed = {
                    let mut v = 0u32;
                    let mut x = a;
                    for j in 0..fh {
                        v |= ((x % parties) as u32) << (3 * j);
                        x /= parties;
                    }
                    v
                };
                compositions(
                    spot_seats.len(),
                    free_spots.len(),
                    &mut Vec::with_capacity(4),
                    &mut |spread: &[usize]| {
                        let mut n4 = [0usize; 4];
                        for (j, &i) in spot_seats.iter().enumerate() {
                            n4[i] = spread[j];
                        }
                        let n = &n4[..k];
                        let mut lens = [0u8; 4];
                        for i in 0..k {
                            let l = usize::from(fixed_len[i]) + usize::from(hc[i]) + n[i];
                            if l > 13 {
                                return;
                            }
                            lens[i] = l as u8;
                        }
                        let mut contrib = [0u8; MAX_COUNTERS];
                        for (ci, c) in counters.iter().enumerate() {
                            contrib[ci] = match c.kind {
                                CounterKind::Seat { i, w } => points(&w, masks[i]) as u8,
                                CounterKind::Pair { a, b, w } => {
                                    (points(&w, masks[a]) + points(&w, masks[b])) as u8
                                }
                                CounterKind::Fit {
                                    a,
                                    b,
                                    min,
                                    max,
                                    mask,
                                } => {
                                    let len = lens[a] + lens[b];
                                    if mask >> suit.index() & 1 == 0 || len < min {
                                        0
                                    } else if len > max {
                                        FIT_OVER
                                    } else {
                                        1
                                    }
                                }
                                CounterKind::Pool => {
                                    (fh - hc.iter().map(|&x| usize::from(x)).sum::<usize>()) as u8
                                }
                            };
                        }
                        let weight = multinomial(free_spots.len(), n);
                        let idx = *map.entry((lens, contrib)).or_insert_with(|| {
                            labels.push(Label {
                                lens,
                                contrib,
                                weight: 0,
                                choices: Vec::new(),
                            });
                            labels.len() - 1
                        });
                        labels[idx].weight += weight;
                        labels[idx].choices.push((packed, weight));
                    },
                );
            }
            for l in &mut labels {
                let mut cum = 0;
                for c in &mut l.choices {
                    cum += c.1;
                    c.1 = cum;
                }
            }
            labels.sort_by_key(|a| a.lens);
            let mut groups = Vec::new();
            let mut start = 0;
            for i in 1..=labels.len() {
                if i == labels.len() || labels[i].lens != labels[start].lens {
                    groups.push((start, i));
                    start = i;
                }
            }
            suits.push(SuitTable {
                free_honours,
                free_spots,
                fixed_len,
                labels,
                groups,
            });
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

        let mut t = Tables {
            seats,
            fillers,
            fixed,
            dfas,
            counters,
            suits,
            layers: Vec::new(),
            filler_ways,
            cache: Vec::new(),
            cached_edges: 0,
            dense_max,
            work: 0,
            observed,
            loose,
            pool_counter,
            filler_cards,
        };
        t.build(budget)?;
        t.cache = t.layers[..4]
            .iter()
            .map(|l| vec![None; l.keys.len()])
            .collect();
        Ok(t)
    }

    fn step(&self, suit: usize, key: &Key, label: &Label) -> Option<Key> {
        let mut next = *key;
        for (ci, c) in self.counters.iter().enumerate() {
            next.ctr[ci] = c.step(key.ctr[ci], label.contrib[ci])?;
        }
        for (i, d) in self.dfas.iter().enumerate() {
            next.dfa[i] = d.trans[suit][key.dfa[i] as usize][label.lens[i] as usize];
        }
        Some(next)
    }

    fn group_live(&self, suit: usize, key: &Key, lens: &[u8; 4]) -> bool {
        self.dfas
            .iter()
            .enumerate()
            .all(|(i, d)| d.trans[suit][key.dfa[i] as usize][lens[i] as usize] != DEAD)
    }

    /// An empty layer for the states after `suits` suits, sized by the key ranges.
    fn new_layer(&self, suits: usize) -> Layer {
        let mut radix: Vec<usize> = self
            .dfas
            .iter()
            .map(|d| match suits {
                4 => d.trans[3]
                    .iter()
                    .flatten()
                    .filter(|&&t| t != DEAD)
                    .map(|&t| usize::from(t) + 1)
                    .max()
                    .unwrap_or(1),
                s => d.trans[s].len(),
            })
            .collect();
        radix.extend(
            self.counters
                .iter()
                .map(|c| c.hi.unwrap_or(c.lo) as usize + 1),
        );
        Layer::new(self.dfas.len(), radix, self.dense_max)
    }

    fn build(&mut self, budget: u64) -> Result<(), TablesError> {
        let over = |t: &Tables| TablesError::Budget {
            seats: t.seats.clone(),
            budget,
        };
        let mut first = self.new_layer(0);
        if self.dfas.iter().all(|d| d.live) {
            first.insert(Key {
                dfa: [0; 4],
                ctr: [0; MAX_COUNTERS],
            });
        }
        self.layers = vec![first];
        let mut work = self.work;
        for suit in 0..4 {
            let mut next = self.new_layer(suit + 1);
            let cur = &self.layers[suit];
            let st = &self.suits[suit];
            for key in &cur.keys {
                for &(a, b) in &st.groups {
                    work += 1;
                    if !self.group_live(suit, key, &st.labels[a].lens) {
                        continue;
                    }
                    // Hash-indexed layers cost about four dense steps per label.
                    work += (b - a) as u64 * if next.dense.is_empty() { 4 } else { 1 };
                    for l in &st.labels[a..b] {
                        if let Some(n) = self.step(suit, key, l) {
                            next.insert(n);
                        }
                    }
                }
                if work > budget || next.keys.len() > MAX_STATES {
                    return Err(over(self));
                }
            }
            self.layers.push(next);
        }
        self.work = work;
        let comp: Vec<u128> = self.layers[4]
            .keys
            .iter()
            .map(|k| {
                if self
                    .counters
                    .iter()
                    .enumerate()
                    .all(|(i, c)| c.probe || u32::from(k.ctr[i]) >= c.lo)
                {
                    self.loose_ways(k)
                } else {
                    0
                }
            })
            .collect();
        self.layers[4].comp = comp;
        for suit in (0..4).rev() {
            let st = &self.suits[suit];
            let mut comp = Vec::with_capacity(self.layers[suit].keys.len());
            for key in &self.layers[suit].keys {
                let mut total = 0u128;
                for &(a, b) in &st.groups {
                    if !self.group_live(suit, key, &st.labels[a].lens) {
                        continue;
                    }
                    for l in &st.labels[a..b] {
                        if let Some(n) = self.step(suit, key, l) {
                            let j = self.layers[suit + 1].get(&n);
                            total += l.weight * self.layers[suit + 1].comp[j as usize];
                        }
                    }
                }
                comp.push(total);
            }
            self.work += self.work / 2;
            self.layers[suit].comp = comp;
        }
        Ok(())
    }

    /// The spot cards still needed by each loose seat at a final state, and the size of the
    /// pooled spot cards they are dealt from (`None` if the untracked seats would have to take
    /// more cards than they hold room for).
    fn loose_needs(&self, key: &Key) -> Option<([usize; 4], usize)> {
        let mut need = [0usize; 4];
        for (i, &l) in self.loose.iter().enumerate() {
            if l {
                need[i] = 13 - usize::from(key.dfa[i]);
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
    fn loose_ways(&self, key: &Key) -> u128 {
        match self.loose_needs(key) {
            Some((need, spots)) if spots >= need.iter().sum::<usize>() => {
                multinomial(spots, &need[..self.seats.len()])
            }
            _ => 0,
        }
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
        self.layers.iter().map(|l| l.keys.len()).sum()
    }

    /// The exact number of deals (meeting every condition counted here) for each combination
    /// of values of the observers given to [`Tables::observing`], in observer order: a shape
    /// observer's value is the seat's ♠ ♥ ♦ ♣ lengths, a points observer's the total in
    /// half-points (one element). Combinations with no deal are left out; the counts add up
    /// to [`Tables::deals`]. Computed by one forward pass over the tables.
    pub fn distribution(&self) -> Vec<(Vec<u32>, u128)> {
        let mut fwd: Vec<u128> = vec![1; self.layers[0].keys.len()];
        for suit in 0..4 {
            let st = &self.suits[suit];
            let next_layer = &self.layers[suit + 1];
            let mut next = vec![0u128; next_layer.keys.len()];
            for (key, &f) in self.layers[suit].keys.iter().zip(&fwd) {
                if f == 0 {
                    continue;
                }
                for &(a, b) in &st.groups {
                    if !self.group_live(suit, key, &st.labels[a].lens) {
                        continue;
                    }
                    for l in &st.labels[a..b] {
                        if let Some(n) = self.step(suit, key, l) {
                            let j = next_layer.get(&n) as usize;
                            if next_layer.comp[j] > 0 {
                                next[j] += f * l.weight;
                            }
                        }
                    }
                }
            }
            fwd = next;
        }
        let mut out: BTreeMap<Vec<u32>, u128> = BTreeMap::new();
        let last = &self.layers[4];
        for ((key, &f), &ok) in last.keys.iter().zip(&fwd).zip(&last.comp) {
            if f == 0 || ok == 0 {
                continue;
            }
            let f = f * ok;
            let mut v = Vec::new();
            for slot in &self.observed {
                match *slot {
                    Slot::Shape(i) => {
                        v.extend(self.dfas[i].finals[usize::from(key.dfa[i])].map(u32::from))
                    }
                    Slot::Counter(c) => v.push(u32::from(key.ctr[c])),
                }
            }
            *out.entry(v).or_insert(0) += f * self.filler_ways;
        }
        out.into_iter().collect()
    }

    /// The successor of state `s` after `suit` suits at cumulative position `r`: (label, next).
    /// Successor lists are cached; when the cache is full, all but the start state's are evicted,
    /// and a list that still does not fit is used once and dropped.
    fn pick(&mut self, suit: usize, s: u32, r: u128) -> (u32, u32) {
        let find = |(list, cum): &Succ| list[cum.partition_point(|&c| c <= r)];
        if let Some(succ) = &self.cache[suit][s as usize] {
            return find(succ);
        }
        let key = self.layers[suit].keys[s as usize];
        let st = &self.suits[suit];
        let mut list = Vec::new();
        let mut cum = Vec::new();
        let mut total = 0u128;
        for &(a, b) in &st.groups {
            if !self.group_live(suit, &key, &st.labels[a].lens) {
                continue;
            }
            for (li, l) in st.labels[a..b].iter().enumerate() {
                if let Some(n) = self.step(suit, &key, l) {
                    let j = self.layers[suit + 1].get(&n);
                    let w = l.weight * self.layers[suit + 1].comp[j as usize];
                    if w > 0 {
                        total += w;
                        list.push(((a + li) as u32, j));
                        cum.push(total);
                    }
                }
            }
        }
        let succ = (list, cum);
        let picked = find(&succ);
        if self.cached_edges + succ.0.len() > CACHE_EDGES {
            // Keep the start state's list (used by every draw); drop the rest.
            for layer in 1..4 {
                for c in self.cache[layer].iter_mut() {
                    if let Some(x) = c.take() {
                        self.cached_edges -= x.0.len();
                    }
                }
            }
        }
        if self.cached_edges + succ.0.len() <= CACHE_EDGES {
            self.cached_edges += succ.0.len();
            self.cache[suit][s as usize] = Some(succ);
        }
        picked
    }

    /// Draws one deal uniformly from the deals counted by [`Tables::deals`], or `None` if
    /// there are none.
    pub fn sample<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> Option<Deal> {
        if self.tuples() == 0 {
            return None;
        }
        let k = self.seats.len();
        let mut hands = self.fixed;
        let mut pool: Vec<Card> = Vec::with_capacity(52);
        let any_loose = self.loose.iter().any(|&l| l);
        let mut spot_pool: Vec<Card> = Vec::new();
        let mut state = 0u32;
        for suit in 0..4 {
            let total = self.layers[suit].comp[state as usize];
            let r = below(rng, total);
            let (label_idx, next) = self.pick(suit, state, r);
            let st = &self.suits[suit];
            let label = &st.labels[label_idx as usize];
            let r2 = below(rng, label.weight);
            let j = label.choices.partition_point(|c| c.1 <= r2);
            let packed = label.choices[j].0;
            let mut hc = [0u8; 4];
            for (h, c) in st.free_honours.iter().enumerate() {
                let p = (packed >> (3 * h) & 7) as usize;
                if p < k {
                    hands[self.seats[p].index()].insert(*c);
                    hc[p] += 1;
                } else {
                    pool.push(*c);
                }
            }
            let mut spots = [Card::new(Suit::Spades, Rank::ACE); 13];
            let ns = st.free_spots.len();
            spots[..ns].copy_from_slice(&st.free_spots);
            let mut at = 0;
            for i in 0..k {
                let n = usize::from(label.lens[i] - st.fixed_len[i] - hc[i]);
                choose_front(rng, &mut spots[at..ns], n);
                for c in &spots[at..at + n] {
                    hands[self.seats[i].index()].insert(*c);
                }
                at += n;
            }
            if any_loose {
                spot_pool.extend_from_slice(&spots[at..ns]);
            } else {
                pool.extend_from_slice(&spots[at..ns]);
            }
            state = next;
        }
        if any_loose {
            let mut at = 0;
            for (i, &l) in self.loose.iter().enumerate() {
                if !l {
                    continue;
                }
                let seat = self.seats[i].index();
                let n = 13 - hands[seat].len() as usize;
                choose_front(rng, &mut spot_pool[at..], n);
                for c in &spot_pool[at..at + n] {
                    hands[seat].insert(*c);
                }
                at += n;
            }
            pool.extend_from_slice(&spot_pool[at..]);
        }
        let mut at = 0;
        for (seat, fixed) in &self.fillers {
            let n = 13 - fixed.len() as usize;
            choose_front(rng, &mut pool[at..], n);
            for c in &pool[at..at + n] {
                hands[seat.index()].insert(*c);
            }
            at += n;
        }
        Deal::new(hands).ok()
    }
}

#[cfg(test)]
#[path = "engine_tests.rs"]
mod tests;
