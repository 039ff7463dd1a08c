//! The exhaustive search. Declarer's line is a strategy over what declarer has seen; the
//! defenders know the lie and the line and play to minimise. Each position (declarer's view:
//! cards left, which defender has shown which card, who has shown out, the trick so far, where
//! the lead is, entries left) is solved once to a set of **outcome vectors** — for every lie of
//! the defenders' cards still possible, the tricks declarer takes from here — keeping only the
//! Pareto-maximal ones:
//!
//! * declarer's choice: the union of the choices' sets;
//! * a defender's choice: each lie takes the minimum over the cards it can play, one vector
//!   from each card's set (every combination, pruned as it is built);
//! * end of a trick won by declarer: +1 on every lie.
//!
//! Equal cards are merged: the defenders' cards are grouped into runs with no declarer card
//! between them (a lie is how many of each run West holds, weighted by the ways to pick them),
//! and declarer only considers the lowest card of each run of his own with no defender card
//! left between.
//!
//! The Pareto filters take candidates by sum, larger first, and keep one unless a vector kept
//! before dominates it; a small filter scans the kept vectors (ruling most out by a 128-bit
//! signature), a large one asks an [`Index`] of bitsets, which names a dominator exactly.
//! At a defender's choice, [`cover`] first settles the combinations whose fate follows from
//! their row and column alone (dropping most, marking some as kept); when many are left,
//! [`cross`] filters them instead: a combination is kept exactly when neither another
//! combination of its row nor one of its column rules it out (but for a rare tie, checked),
//! so no combination is compared with those of other rows and columns. Either way the same
//! vectors are kept in the same order.

use rustc_hash::FxHashMap;

use crate::problem::{Entries, Problem, Side};
use crate::SuitError;

mod cover;
mod cross;
pub(crate) mod floor;
mod sets;

pub(crate) use sets::{Built, Prov, Sets};

use floor::Floor;
use std::rc::Rc;

/// Largest number of runs of defenders' cards (13 cards, runs separated by declarer's cards).
pub(crate) const MAX_GROUPS: usize = 7;
/// Positions searched before giving up (a guard on memory).
const POSITION_LIMIT: usize = 4_000_000;
/// Vector entries built, word comparisons made (a comparison a signature rules out still
/// counts its words) and words ANDed in an [`Index`] or by [`cover`] and [`cross`] before
/// giving up: a guard on time for the few holdings whose Pareto sets explode (Q1084 / A6 is
/// refused after about ten seconds natively). Set when the index replaced the scans of the
/// large filters (a unit of its work costs several times one of a scan's): Q1053 / 97 (30 s
/// before, refused at the limit) solves under it in about 3 s, K8 / Q1064 (20 s with no
/// limit) in about 7 s. [`cross`]'s units run slower (Q975 / 103 reaches the limit after
/// 10-20 s; since a row's queries share their lookup on `P`, 20-25 s at load 2).
const WORK_LIMIT: u64 = 12_000_000_000;
/// Combinations of two sets' vectors a defender's choice filters before giving up (a guard on
/// memory: four bytes of sum each, four more of number when pruned); in [`cross`], the
/// combinations its rows' own filters leave.
const CANDIDATE_LIMIT: usize = 40_000_000;
/// Combinations at a defender's choice from which those another combination of the same row
/// rules out are dropped before the filter (see [`cover`]), or [`cross`] filters them (see
/// [`CROSS_RATIO`]); below, every one is filtered.
const PRUNED_FROM: usize = 8192;
/// A pruned filter goes to [`cross`] once [`cover`] leaves it more than (distinct rows on the
/// lies both cards share) × (columns) / this many combinations: [`cross`]'s own filters of
/// the rows' classes cost about that much.
const CROSS_RATIO: usize = 2;

/// A run of consecutive defenders' cards (no declarer card between them).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Group {
    /// Lowest rank of the run.
    pub low: u8,
    /// Cards in the run.
    pub size: u8,
}

impl Group {
    pub(crate) fn top(self) -> u8 {
        self.low + self.size - 1
    }
    pub(crate) fn mask(self) -> u16 {
        (((1u32 << self.size) - 1) << self.low) as u16
    }
}

/// Who played a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Defender {
    West,
    East,
}

impl Defender {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Defender::West => "West",
            Defender::East => "East",
        }
    }
}

/// One move at a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Move {
    /// Declarer leads this rank from this hand.
    Lead(Side, u8),
    /// Declarer's hand plays this rank (third hand).
    Card(Side, u8),
    /// Declarer's hand is void: plays no card of the suit.
    Void(Side),
    /// A defender plays a card of this run.
    Group(Defender, u8),
    /// A defender shows out (has no card of the suit left) for the first time.
    ShowOut(Defender),
    /// A defender already shown out discards again.
    Discard(Defender),
    /// The trick is over (no choice).
    EndTrick,
}

/// Declarer's view of the play so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// Cards left in North and South.
    pub hands: [u16; 2],
    /// Cards of each run West / East has played (4 bits a run).
    pub played: [u32; 2],
    /// Bit 0: West has shown out; bit 1: East.
    pub out: u8,
    /// At a lead: 0 North, 1 South (won the last trick there), 2 either (the first lead),
    /// 3 the defence won the last trick.
    pub lead: u8,
    /// Entries left to North and South (255: unlimited).
    pub entries: [u8; 2],
    /// 0 lead, 1 second hand, 2 third hand, 3 fourth hand, 4 trick over.
    pub phase: u8,
    /// Who led this trick.
    pub leader: Side,
    /// The best card so far in this trick, rank + 1 (0: none).
    pub best: u8,
    /// Who played it: 0 North, 1 South, 2 a defender.
    pub best_who: u8,
}

const UNLIMITED: u8 = 255;

/// The search over one problem.
pub(crate) struct Search {
    pub groups: Vec<Group>,
    /// West's count per run, per lie.
    pub lies: Vec<[u8; MAX_GROUPS]>,
    /// Each position's set, by position (an Fx hash: the positions are small keys and many).
    pub memo: FxHashMap<State, u32>,
    pub sets: Sets,
    checks: usize,
    /// Vectors built so far at defenders' choices (see [`WORK_LIMIT`]).
    pub work: u64,
    pub on_progress: Option<Box<dyn FnMut(usize) -> bool>>,
    /// Keep only vectors that can lead to a line ranked at least a floor (see [`floor`]).
    pub floor: Option<Rc<Floor>>,
    /// When kept, each set's *ideal* (by set id): the most tricks declarer takes from the
    /// position on each lie still possible, declarer and the defenders knowing the lie.
    pub ideals: Option<Vec<Box<[u8]>>>,
    /// Positions another search finished, with their sets and ideals: a beam search takes
    /// such a position's set (its best vectors) instead of searching below it.
    pub seed: Option<Seed>,
    /// Buffers a defender's card reuses (see [`Scratch`]).
    scratch: Scratch,
    /// The set being built (see [`Built`]): taken once a position's children are solved,
    /// given back when it is stored.
    built: Built,
    /// Buffers of the positions being solved, one [`Frame`] a level, kept for the next.
    frames: Vec<Frame>,
}

/// The buffers of one position being solved (its children are solved while they are in use,
/// so each level of the recursion has its own).
#[derive(Default)]
struct Frame {
    /// The lies still possible here.
    live_idx: Vec<usize>,
    /// The moves and, at a defender's choice, each one's lies (see [`Search::moves_into`]).
    moves: Vec<(Move, State)>,
    masks: Vec<bool>,
}

/// The buffers of one card at a defender's choice, kept between cards and positions: a card
/// takes them after its child is solved and gives them back before the next card's child, so
/// one set serves the whole search (no allocation per card).
#[derive(Default)]
struct Scratch {
    /// (place here, place in the child) of the lies that can play the card.
    pairs: Vec<(usize, usize)>,
    /// The child's vectors spread over this position's lies, and each one's element number.
    spread: Vec<u8>,
    col_ids: Vec<u32>,
    /// The combinations so far and the child's vectors, as words.
    cur_w: Vec<u64>,
    spread_w: Vec<u64>,
    /// The candidates' sums, and their order (see [`sorted_into`]).
    sums: Vec<u32>,
    order: Vec<u32>,
    counts: Vec<u32>,
    /// One vector being built.
    w: Vec<u8>,
    /// The combinations kept, and their picks (the next card's `cur` and picks).
    kept_v: Vec<u8>,
    kept_picks: Vec<u32>,
}

/// A finished search's positions, sets and ideals (see [`Search::seed`]).
pub(crate) struct Seed {
    pub memo: FxHashMap<State, u32>,
    pub sets: Sets,
    pub ideals: Vec<Box<[u8]>>,
}

fn nibble(x: u32, g: usize) -> u8 {
    (x >> (4 * g) & 15) as u8
}

impl Search {
    /// The runs and the lies of a problem (lies of weight 0 under the vacant places dropped).
    pub(crate) fn new(problem: &Problem) -> Search {
        let missing = problem.missing();
        let mut groups: Vec<Group> = Vec::new();
        let mut r = 0u8;
        while r < 13 {
            if missing >> r & 1 == 1 {
                let low = r;
                while r < 13 && missing >> r & 1 == 1 {
                    r += 1;
                }
                groups.push(Group { low, size: r - low });
            } else {
                r += 1;
            }
        }
        let n: u8 = groups.iter().map(|g| g.size).sum();
        let mut lies = vec![[0u8; MAX_GROUPS]];
        for (g, group) in groups.iter().enumerate() {
            let mut next = Vec::new();
            for lie in &lies {
                for w in 0..=group.size {
                    let mut l = *lie;
                    l[g] = w;
                    next.push(l);
                }
            }
            lies = next;
        }
        let (a, b) = (problem.vacant.west, problem.vacant.east);
        lies.retain(|l| {
            let k: u8 = l.iter().sum();
            k <= a && n - k <= b
        });
        Search {
            groups,
            lies,
            memo: FxHashMap::default(),
            sets: Sets::default(),
            checks: 0,
            work: 0,
            on_progress: None,
            floor: None,
            ideals: None,
            seed: None,
            scratch: Scratch::default(),
            built: Built::default(),
            frames: Vec::new(),
        }
    }

    /// Lets the search spend at most `units` of work (see [`WORK_LIMIT`]) before it stops
    /// with [`SuitError::TooLarge`]: the work counted so far starts that far below the limit.
    pub(crate) fn limit_work(&mut self, units: u64) {
        self.work = WORK_LIMIT.saturating_sub(units);
    }

    pub(crate) fn start(problem: &Problem) -> State {
        let entries = match problem.entries {
            Entries::Unlimited => [UNLIMITED; 2],
            Entries::Limited { north, south } => [north, south],
        };
        State {
            hands: [problem.north, problem.south],
            played: [0, 0],
            out: 0,
            lead: 2,
            entries,
            phase: 0,
            leader: Side::North,
            best: 0,
            best_who: 0,
        }
    }

    /// Cards of run `g` the defender still holds in lie `l`.
    fn left(&self, s: &State, d: Defender, l: usize, g: usize) -> i16 {
        let w = self.lies[l][g] as i16;
        match d {
            Defender::West => w - nibble(s.played[0], g) as i16,
            Defender::East => self.groups[g].size as i16 - w - nibble(s.played[1], g) as i16,
        }
    }

    /// Is lie `l` still possible at `s`?
    pub(crate) fn possible(&self, s: &State, l: usize) -> bool {
        let mut west_left = 0;
        let mut east_left = 0;
        for g in 0..self.groups.len() {
            let w = self.left(s, Defender::West, l, g);
            let e = self.left(s, Defender::East, l, g);
            if w < 0 || e < 0 {
                return false;
            }
            west_left += w;
            east_left += e;
        }
        !(s.out & 1 == 1 && west_left > 0 || s.out & 2 == 2 && east_left > 0)
    }

    /// Ranks occupied by runs with cards still out.
    pub(crate) fn defender_ranks(&self, s: &State) -> u16 {
        let mut m = 0;
        for (g, group) in self.groups.iter().enumerate() {
            if nibble(s.played[0], g) + nibble(s.played[1], g) < group.size {
                m |= group.mask();
            }
        }
        m
    }

    /// The lowest card of each run of `hand` with no defender card left between (nor the
    /// best card of the trick in progress: beating it or not is a different play).
    pub(crate) fn classes(&self, s: &State, hand: u16) -> Vec<u8> {
        let mut def = self.defender_ranks(s);
        if s.best > 0 {
            def |= 1 << (s.best - 1);
        }
        let mut out = Vec::new();
        let mut prev: Option<u8> = None;
        for r in 0..13u8 {
            if hand >> r & 1 == 1 {
                let new = match prev {
                    None => true,
                    Some(p) => {
                        let between = ((1u32 << r) - (1u32 << (p + 1))) as u16;
                        def & between != 0
                    }
                };
                if new {
                    out.push(r);
                }
                prev = Some(r);
            }
        }
        out
    }

    fn defender_at(s: &State) -> Defender {
        match (s.phase, s.leader) {
            (1, Side::South) | (3, Side::North) => Defender::West,
            _ => Defender::East,
        }
    }

    /// The moves at `s`, each with the child position and (for a defender) the lies on which
    /// it is possible.
    pub(crate) fn moves(&self, s: &State, live: &[bool]) -> Vec<(Move, State, Option<Vec<bool>>)> {
        let (mut out, mut masks) = (Vec::new(), Vec::new());
        self.moves_into(s, live, &mut out, &mut masks);
        let nl = self.lies.len();
        let defends = matches!(s.phase, 1 | 3);
        out.into_iter()
            .enumerate()
            .map(|(k, (m, t))| (m, t, defends.then(|| masks[k * nl..][..nl].to_vec())))
            .collect()
    }

    /// [`Search::moves`] into buffers (both cleared first): the moves with their child
    /// positions in `out`; for a defender, each move's lies in `masks`, one after another
    /// (`lies` entries each).
    pub(crate) fn moves_into(
        &self,
        s: &State,
        live: &[bool],
        out: &mut Vec<(Move, State)>,
        masks: &mut Vec<bool>,
    ) {
        out.clear();
        masks.clear();
        match s.phase {
            0 => {
                for side in Side::ALL {
                    let i = side.index();
                    let hand = s.hands[i];
                    if hand == 0 {
                        continue;
                    }
                    let mut entries = s.entries;
                    let free = s.lead == 2 || s.lead == i as u8;
                    if !free {
                        if entries[i] == 0 {
                            continue;
                        }
                        if entries[i] != UNLIMITED {
                            entries[i] -= 1;
                        }
                    }
                    for c in self.classes(s, hand) {
                        let mut t = *s;
                        t.hands[i] &= !(1 << c);
                        t.entries = entries;
                        t.lead = 0;
                        t.phase = 1;
                        t.leader = side;
                        t.best = c + 1;
                        t.best_who = i as u8;
                        out.push((Move::Lead(side, c), t));
                    }
                }
            }
            1 | 3 => {
                let d = Self::defender_at(s);
                let bit = match d {
                    Defender::West => 1,
                    Defender::East => 2,
                };
                if s.out & bit != 0 {
                    let mut t = *s;
                    t.phase += 1;
                    out.push((Move::Discard(d), t));
                    masks.extend_from_slice(live);
                    return;
                }
                let nl = self.lies.len();
                for (g, group) in self.groups.iter().enumerate() {
                    let from = masks.len();
                    masks.extend((0..nl).map(|l| live[l] && self.left(s, d, l, g) > 0));
                    if !masks[from..].iter().any(|&b| b) {
                        masks.truncate(from);
                        continue;
                    }
                    let mut t = *s;
                    let k = match d {
                        Defender::West => 0,
                        Defender::East => 1,
                    };
                    t.played[k] += 1 << (4 * g);
                    if group.top() + 1 > t.best {
                        t.best = group.top() + 1;
                        t.best_who = 2;
                    }
                    t.phase += 1;
                    out.push((Move::Group(d, g as u8), t));
                }
                let from = masks.len();
                masks.extend((0..nl).map(|l| {
                    live[l] && (0..self.groups.len()).all(|g| self.left(s, d, l, g) == 0)
                }));
                if masks[from..].iter().any(|&b| b) {
                    let mut t = *s;
                    t.out |= bit;
                    t.phase += 1;
                    out.push((Move::ShowOut(d), t));
                } else {
                    masks.truncate(from);
                }
            }
            2 => {
                let p = s.leader.partner();
                let i = p.index();
                if s.hands[i] == 0 {
                    let mut t = *s;
                    t.phase = 3;
                    out.push((Move::Void(p), t));
                } else {
                    for c in self.classes(s, s.hands[i]) {
                        let mut t = *s;
                        t.hands[i] &= !(1 << c);
                        if c + 1 > t.best {
                            t.best = c + 1;
                            t.best_who = i as u8;
                        }
                        t.phase = 3;
                        out.push((Move::Card(p, c), t));
                    }
                }
            }
            _ => {
                let mut t = *s;
                t.phase = 0;
                t.lead = if t.best_who < 2 { t.best_who } else { 3 };
                t.best = 0;
                t.best_who = 0;
                t.leader = Side::North;
                out.push((Move::EndTrick, t));
            }
        }
    }

    pub(crate) fn live(&self, s: &State) -> Vec<bool> {
        (0..self.lies.len()).map(|l| self.possible(s, l)).collect()
    }

    /// The set of position `s` (solved once).
    pub(crate) fn solve(&mut self, s: State) -> Result<u32, SuitError> {
        let live = self.live(&s);
        self.solve_at(s, &live)
    }

    /// Calls the progress callback (positions so far) and stops with
    /// [`SuitError::Cancelled`] when it says so: besides every 4096 new positions, between
    /// the heavy steps inside one position, where a search can spend seconds.
    fn tick(&mut self) -> Result<(), SuitError> {
        let positions = self.memo.len();
        match self.on_progress.as_mut().map(|f| f(positions)) {
            Some(false) => Err(SuitError::Cancelled),
            _ => Ok(()),
        }
    }

    /// [`Search::solve`] with the lies still possible at `s` given (a child's are its
    /// parent's, or the lies that can play the defender's card).
    fn solve_at(&mut self, s: State, live: &[bool]) -> Result<u32, SuitError> {
        if let Some(&id) = self.memo.get(&s) {
            return Ok(id);
        }
        let mut frame = self.frames.pop().unwrap_or_default();
        let solved = self.solve_new(s, live, &mut frame);
        self.frames.push(frame);
        solved
    }

    /// [`Search::solve_at`] for a position not solved yet, with its buffers.
    fn solve_new(&mut self, s: State, live: &[bool], frame: &mut Frame) -> Result<u32, SuitError> {
        self.checks += 1;
        if self.checks.is_multiple_of(4096) {
            if let Some(f) = self.on_progress.as_mut() {
                if !f(self.memo.len()) {
                    return Err(SuitError::Cancelled);
                }
            }
        }
        if self.memo.len() > POSITION_LIMIT {
            return Err(SuitError::TooLarge {
                states: self.memo.len(),
            });
        }
        let nl = self.lies.len();
        debug_assert_eq!(live, &self.live(&s)[..]);
        // Vectors hold the lies still possible here, in lie order (a child's are a subset of
        // its parent's), padded to whole words for `dominates`.
        let Frame {
            live_idx,
            moves,
            masks,
        } = frame;
        live_idx.clear();
        live_idx.extend((0..nl).filter(|&l| live[l]));
        let live_idx = &live_idx[..];
        let n = live_idx.len();
        let width = n.div_ceil(8).max(1) * 8;
        // The set's buffer, once the children are solved (`stride`: picks an element).
        let start = |built: &mut Built, stride: usize| {
            let mut b = std::mem::take(built);
            b.reset(width, stride);
            b
        };
        let floor = self.floor.clone();
        let here = floor.as_ref().map(|f| f.here(&s, live_idx));
        let seeded = match (&self.seed, &floor, here) {
            (Some(seed), Some(f), Some(here)) => seed.memo.get(&s).map(|&sid| {
                // Its best vectors (a beam's) and its ideal, from the finished search; the
                // elements' provenance is not read from a beam.
                let keep = f.keep(here, live_idx, seed.sets.vectors(sid));
                let mut kept = start(&mut self.built, 0);
                for (v, _) in seed.sets.vectors(sid).zip(keep).filter(|(_, k)| *k) {
                    kept.push_taken(v);
                }
                (kept, seed.ideals[sid as usize].to_vec())
            }),
            _ => None,
        };
        if let Some((set, ideal)) = seeded {
            return Ok(self.store(s, set, Some(ideal)));
        }
        // The position's ideal (when kept): from the children's, as they are solved.
        let mut ideal: Option<Vec<u8>> = self.ideals.as_ref().map(|_| vec![0u8; width]);
        let set: Built = if s.phase == 0 && s.hands == [0, 0] {
            let mut b = start(&mut self.built, 0);
            b.push_leaf();
            b
        } else {
            self.moves_into(&s, live, moves, masks);
            if moves.is_empty() {
                let mut b = start(&mut self.built, 0);
                b.push_leaf();
                b
            } else {
                match s.phase {
                    0 | 2 => {
                        // The union of the options' sets, filtered in place (no copies of
                        // vectors that do not survive).
                        let mut ids = Vec::with_capacity(moves.len());
                        for (_, child) in moves.iter() {
                            ids.push(self.solve_at(*child, live)?);
                        }
                        if let (Some(top), Some(ideals)) = (ideal.as_mut(), &self.ideals) {
                            for &id in &ids {
                                for (t, &x) in top.iter_mut().zip(ideals[id as usize].iter()) {
                                    *t = (*t).max(x);
                                }
                            }
                        }
                        self.tick()?;
                        // The first lead: the report reads each first play's own set, so
                        // their union is not filtered (for 1085 / KQ73, 1.4 million vectors).
                        if s.lead == 2 && s.phase == 0 {
                            let b = start(&mut self.built, 0);
                            return Ok(self.store(s, b, ideal));
                        }
                        let mut refs: Vec<(u16, u32)> = Vec::new();
                        let mut sums: Vec<u32> = Vec::new();
                        for (o, &id) in ids.iter().enumerate() {
                            for (j, v) in self.sets.vectors(id).enumerate() {
                                refs.push((o as u16, j as u32));
                                sums.push(total(v));
                            }
                        }
                        let sets = &self.sets;
                        let get = |k: u32| -> &[u8] {
                            let (o, j) = refs[k as usize];
                            sets.vector(ids[o as usize], j)
                        };
                        let kept = pareto(&sums, get, width, &mut self.work).ok_or(
                            SuitError::TooLarge {
                                states: self.memo.len(),
                            },
                        )?;
                        let mut b = start(&mut self.built, 0);
                        for k in kept {
                            let (o, j) = refs[k as usize];
                            b.push_choose(get(k), o, j);
                        }
                        b
                    }
                    1 | 3 => {
                        // Vectors of the combinations so far, `width` bytes each, flat; each
                        // with the child's element picked for every card so far.
                        let mut cur: Vec<u8> =
                            (0..width).map(|p| if p < n { 127 } else { 0 }).collect();
                        let mut picks = Picks::start();
                        // Lies some card so far can be played on.
                        let mut seen = vec![false; width];
                        for (k, (_, child)) in moves.iter().enumerate() {
                            let mask = &masks[k * nl..][..nl];
                            let id = self.solve_at(*child, mask)?;
                            let mut sc = std::mem::take(&mut self.scratch);
                            // (position here, position in the child) of the lies that can
                            // play this card: the child's lies, in order.
                            sc.pairs.clear();
                            sc.pairs.extend(
                                live_idx
                                    .iter()
                                    .enumerate()
                                    .filter(|&(_, &l)| mask[l])
                                    .enumerate()
                                    .map(|(c, (p, _))| (p, c)),
                            );
                            let pairs = &sc.pairs;
                            if let (Some(low), Some(ideals)) = (ideal.as_mut(), &self.ideals) {
                                let v = &ideals[id as usize];
                                for &(p, c) in pairs {
                                    low[p] = if seen[p] { low[p].min(v[c]) } else { v[c] };
                                }
                            }
                            // Lies this card shares with an earlier one take the minimum; if
                            // there are none, every combination of two antichains is maximal.
                            let overlap = pairs.iter().any(|&(p, _)| seen[p]);
                            for &(p, _) in pairs {
                                seen[p] = true;
                            }
                            let child_set = self.sets.vectors(id);
                            let child_len = child_set.len();
                            // The child's vectors spread over this position's lies (127, no
                            // limit, on the lies that cannot play this card); with a floor, only
                            // the columns (and rows) that can reach it (`col_ids`: each column's
                            // element in the child).
                            let spread = &mut sc.spread;
                            spread.clear();
                            spread.resize(child_len * width, 127);
                            for (j, e) in child_set.enumerate() {
                                let row = &mut spread[j * width..][..width];
                                for &(p, c) in pairs {
                                    row[p] = e[c];
                                }
                            }
                            let col_ids = &mut sc.col_ids;
                            col_ids.clear();
                            col_ids.extend(0..child_len as u32);
                            if let (Some(f), Some(h)) = (&floor, here) {
                                if f.least > 0 && picks.rows() > 0 && !col_ids.is_empty() {
                                    let (rows_keep, cols_keep) =
                                        f.grid(h, live_idx, &cur, spread, width);
                                    keep_rows(&rows_keep, width, &mut cur, &mut picks);
                                    keep_columns(&cols_keep, width, spread, col_ids);
                                }
                            }
                            if picks.rows() == 0 || col_ids.is_empty() {
                                // No combination is left (every one below the floor).
                                cur.clear();
                                picks.clear();
                                self.scratch = sc;
                                break;
                            }
                            let Scratch {
                                spread,
                                col_ids,
                                cur_w,
                                spread_w,
                                sums,
                                order,
                                counts,
                                w,
                                kept_v,
                                kept_picks,
                                pairs,
                            } = &mut sc;
                            let (spread, col_ids, pairs) = (&*spread, &*col_ids, &*pairs);
                            let count = picks.rows() * col_ids.len();
                            // The candidates' sums are stored (and, pruned, their numbers): a
                            // guard on memory; and a combination's number must fit 32 bits.
                            let pruning = overlap && count >= PRUNED_FROM;
                            if count > u32::MAX as usize || !pruning && count > CANDIDATE_LIMIT {
                                return Err(SuitError::TooLarge {
                                    states: self.memo.len(),
                                });
                            }
                            if !pruning {
                                self.work += (count * n) as u64;
                            }
                            if self.work > WORK_LIMIT {
                                return Err(SuitError::TooLarge {
                                    states: self.memo.len(),
                                });
                            }
                            let cs = col_ids.len();
                            // The combinations the filter takes: every one, or in a large
                            // filter those [`cover`] does not rule out (some known to be kept);
                            // when those are many for the rows' classes (see [`cross`]), none:
                            // [`cross`] filters them, each against its row and its column.
                            let mut sure: Vec<bool> = Vec::new();
                            let mut crossed = false;
                            let keys: Option<Vec<u32>> = if pruning {
                                let mask: Vec<usize> = pairs.iter().map(|&(p, _)| p).collect();
                                let enough = cross::classes(&cur, width, &mask) * cs / CROSS_RATIO;
                                let mut pruner =
                                    cover::Pruner::new(&cur, spread, width, n, mask.clone());
                                let mut keys = Vec::new();
                                let mut cols = Vec::new();
                                for r in 0..picks.rows() {
                                    cols.clear();
                                    pruner.survivors(r, &mut cols, &mut self.work);
                                    self.work += (cols.len() * n) as u64;
                                    // Above a floor, the combinations below it go too.
                                    if let (Some(f), Some(h)) = (&floor, here) {
                                        if f.least > 0 {
                                            let row = &cur[r * width..][..width];
                                            cols.retain(|&(j, _)| {
                                                let col = &spread[j as usize * width..][..width];
                                                f.bound_of_min(h, live_idx, row, col) >= f.least
                                            });
                                        }
                                    }
                                    keys.extend(cols.iter().map(|&(j, _)| (r * cs) as u32 + j));
                                    sure.extend(cols.iter().map(|&(_, s)| s));
                                    // Past the guard on memory, [`cross`] too (it has its own).
                                    if keys.len() > enough.min(CANDIDATE_LIMIT) {
                                        crossed = true;
                                        break;
                                    }
                                    if self.work > WORK_LIMIT {
                                        return Err(SuitError::TooLarge {
                                            states: self.memo.len(),
                                        });
                                    }
                                }
                                if crossed {
                                    let kept =
                                        cross::keep(&cur, spread, width, n, &mask, &mut self.work)
                                            .ok_or(SuitError::TooLarge {
                                                states: self.memo.len(),
                                            })?;
                                    let mut kept_v: Vec<u8> =
                                        Vec::with_capacity(kept.len() * width);
                                    let mut kept_p = picks.next(kept.len());
                                    for k in kept {
                                        let (r, j) = (k as usize / cs, k as usize % cs);
                                        let v = &cur[r * width..][..width];
                                        let e = &spread[j * width..][..width];
                                        kept_v.extend(v.iter().zip(e).map(|(&a, &b)| a.min(b)));
                                        kept_p.extend(&picks, r, col_ids[j]);
                                    }
                                    cur = kept_v;
                                    picks = kept_p;
                                    if let Some(f) = &floor {
                                        above_floor(f, here, live_idx, width, &mut cur, &mut picks);
                                    }
                                    self.scratch = sc;
                                    self.tick()?;
                                    continue;
                                }
                                Some(keys)
                            } else {
                                None
                            };
                            // Combination `k`: `cur`'s vector `k / cs`, the child's `k % cs`,
                            // the smaller on each lie.
                            let combine = |k: usize, w: &mut [u8]| {
                                let v = &cur[k / cs * width..][..width];
                                let e = &spread[k % cs * width..][..width];
                                for ((x, &a), &b) in w.iter_mut().zip(v).zip(e) {
                                    *x = a.min(b);
                                }
                            };
                            // Only the sums are kept; a combination is rebuilt when needed.
                            w.clear();
                            w.resize(width, 0);
                            words_into(&cur, cur_w);
                            words_into(spread, spread_w);
                            let ww = width / 8;
                            sums.clear();
                            match &keys {
                                Some(keys) => sums.extend(keys.iter().map(|&k| {
                                    let (r, j) = (k as usize / cs, k as usize % cs);
                                    min_total(&cur_w[r * ww..][..ww], &spread_w[j * ww..][..ww])
                                })),
                                None => {
                                    sums.reserve(count);
                                    for row in cur_w.chunks_exact(ww) {
                                        for col in spread_w.chunks_exact(ww) {
                                            sums.push(min_total(row, col));
                                        }
                                    }
                                }
                            }
                            kept_v.clear();
                            let mut kept_p = picks.next_in(std::mem::take(kept_picks));
                            let mut keep = |k: usize, w: &[u8]| {
                                kept_v.extend_from_slice(w);
                                kept_p.extend(&picks, k / cs, col_ids[k % cs]);
                            };
                            if overlap {
                                let rows = picks.rows();
                                let kept = pareto_with(
                                    Candidates {
                                        sums,
                                        keys: keys.as_deref(),
                                        sure: &sure,
                                    },
                                    |k, w| combine(k as usize, w),
                                    rows,
                                    cs,
                                    |k, w| {
                                        let row = k as usize / cs;
                                        (cur[row * width..][..width] == *w).then_some(row)
                                    },
                                    width,
                                    &mut self.work,
                                )
                                .ok_or(SuitError::TooLarge {
                                    states: self.memo.len(),
                                })?;
                                let (kept, flat) = kept;
                                for (&k, v) in kept.iter().zip(flat.chunks_exact(width / 8)) {
                                    for (x, c) in w.chunks_exact_mut(8).zip(v) {
                                        x.copy_from_slice(&c.to_ne_bytes());
                                    }
                                    keep(k as usize, w);
                                }
                            } else {
                                sorted_into(sums, counts, order);
                                for &k in order.iter() {
                                    combine(k as usize, w);
                                    keep(k as usize, w);
                                }
                            }
                            std::mem::swap(&mut cur, kept_v);
                            *kept_picks = std::mem::replace(&mut picks, kept_p).flat;
                            self.scratch = sc;
                            if let Some(f) = &floor {
                                above_floor(f, here, live_idx, width, &mut cur, &mut picks);
                            }
                            // A position's cards can each take long: report between them.
                            self.tick()?;
                        }
                        let mut b = start(&mut self.built, picks.stride);
                        for (r, v) in cur.chunks_exact(width).enumerate() {
                            b.push_defend(v, picks.row(r));
                        }
                        b
                    }
                    _ => {
                        let (_, child) = moves[0];
                        let id = self.solve_at(child, live)?;
                        let won = s.best_who < 2;
                        if let (Some(v), Some(ideals)) = (ideal.as_mut(), &self.ideals) {
                            for (t, &x) in v.iter_mut().zip(ideals[id as usize].iter()).take(n) {
                                *t = x + u8::from(won);
                            }
                        }
                        let mut b = start(&mut self.built, 0);
                        for (j, v) in self.sets.vectors(id).enumerate() {
                            b.push_pass(v, j as u32, won, n);
                        }
                        b
                    }
                }
            }
        };
        let mut set = set;
        if let (Some(f), Some(here)) = (&floor, here) {
            let keep = f.keep(here, live_idx, set.vectors());
            set.retain(&keep);
        }
        Ok(self.store(s, set, ideal))
    }

    /// Stores position `s`'s set (and its ideal, when kept); its id. The set's buffer is
    /// kept for the next position.
    fn store(&mut self, s: State, set: Built, ideal: Option<Vec<u8>>) -> u32 {
        if let (Some(ideals), Some(ideal)) = (self.ideals.as_mut(), ideal) {
            ideals.push(ideal.into_boxed_slice());
        }
        let id = self.sets.push(&set);
        self.built = set;
        self.memo.insert(s, id);
        id
    }
}

/// Drops the combinations so far (`cur`, `width` bytes each, with their picks) that cannot
/// reach the floor: their later minima can only lower them.
fn above_floor(
    f: &Floor,
    here: Option<floor::Here>,
    live_idx: &[usize],
    width: usize,
    cur: &mut Vec<u8>,
    picks: &mut Picks,
) {
    let Some(here) = here else { return };
    let keep = f.keep(here, live_idx, cur.chunks_exact(width));
    keep_rows(&keep, width, cur, picks);
}

/// Keeps the rows of `cur` (`width` bytes each, with their picks) marked in `keep`.
fn keep_rows(keep: &[bool], width: usize, cur: &mut Vec<u8>, picks: &mut Picks) {
    let stride = picks.stride;
    let mut to = 0;
    for (r, _) in keep.iter().enumerate().filter(|(_, &k)| k) {
        if r != to {
            cur.copy_within(r * width..(r + 1) * width, to * width);
            picks
                .flat
                .copy_within(r * stride..(r + 1) * stride, to * stride);
        }
        to += 1;
    }
    cur.truncate(to * width);
    picks.flat.truncate(to * stride);
    picks.rows = to;
}

/// Keeps the columns of `spread` (`width` bytes each, with their child elements) marked in
/// `keep`.
fn keep_columns(keep: &[bool], width: usize, spread: &mut Vec<u8>, ids: &mut Vec<u32>) {
    let mut to = 0;
    for (j, _) in keep.iter().enumerate().filter(|(_, &k)| k) {
        if j != to {
            spread.copy_within(j * width..(j + 1) * width, to * width);
            ids[to] = ids[j];
        }
        to += 1;
    }
    spread.truncate(to * width);
    ids.truncate(to);
}

/// The child's element picked for each card so far, per combination at a defender's choice:
/// one flat array, `stride` (the cards so far) entries a row.
struct Picks {
    stride: usize,
    rows: usize,
    flat: Vec<u32>,
}

impl Picks {
    /// Before the first card: one combination, no pick.
    fn start() -> Picks {
        Picks {
            stride: 0,
            rows: 1,
            flat: Vec::new(),
        }
    }

    fn rows(&self) -> usize {
        self.rows
    }

    fn row(&self, r: usize) -> &[u32] {
        &self.flat[r * self.stride..][..self.stride]
    }

    /// Empty picks for the next card (one more entry a row), room for `rows` rows.
    fn next(&self, rows: usize) -> Picks {
        Picks {
            stride: self.stride + 1,
            rows: 0,
            flat: Vec::with_capacity(rows * (self.stride + 1)),
        }
    }

    /// [`Picks::next`] in a spare buffer (cleared).
    fn next_in(&self, mut flat: Vec<u32>) -> Picks {
        flat.clear();
        Picks {
            stride: self.stride + 1,
            rows: 0,
            flat,
        }
    }

    /// Appends `from`'s row `r` with `pick` for the new card.
    fn extend(&mut self, from: &Picks, r: usize, pick: u32) {
        self.flat.extend_from_slice(from.row(r));
        self.flat.push(pick);
        self.rows += 1;
    }

    fn clear(&mut self) {
        self.flat.clear();
        self.rows = 0;
    }
}

/// `a ≥ b` on every lie. Vectors are padded to whole words; every entry is below 128, so
/// `(a | 0x80…) − b` keeps each byte's high bit exactly when that byte of `a` is ≥ `b`'s.
fn dominates(a: &[u8], b: &[u8]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    a.chunks_exact(8).zip(b.chunks_exact(8)).all(|(x, y)| {
        let x = u64::from_ne_bytes(x.try_into().expect("8 bytes"));
        let y = u64::from_ne_bytes(y.try_into().expect("8 bytes"));
        ((x | HIGH) - y) & HIGH == HIGH
    })
}

/// A vector's bytes as words (the vectors are padded to whole words).
fn words_of(v: &[u8]) -> Vec<u64> {
    let mut words = Vec::new();
    words_into(v, &mut words);
    words
}

/// [`words_of`] into `words` (overwritten).
fn words_into(v: &[u8], words: &mut Vec<u64>) {
    words.clear();
    words.extend(
        v.chunks_exact(8)
            .map(|c| u64::from_ne_bytes(c.try_into().expect("8 bytes"))),
    );
}

/// [`total`] of the lie-by-lie minimum of two vectors read as words, eight bytes at a time
/// (every entry below 128: `(a | 0x80…) − b` keeps a byte's high bit exactly where `a ≥ b`).
#[inline]
fn min_total(a: &[u64], b: &[u64]) -> u32 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
    let mut sum = 0u32;
    for (ca, cb) in a.chunks(64).zip(b.chunks(64)) {
        // Four 16-bit lanes: at most 64 words × 2 × 127 each, no overflow.
        let mut acc = 0u64;
        for (&x, &y) in ca.iter().zip(cb) {
            let ge = (((x | HIGH) - y) & HIGH) >> 7;
            let mask = ge * 0xFF;
            let m = (y & mask) | (x & !mask);
            acc += (m & EVEN) + ((m >> 8) & EVEN);
        }
        sum += ((acc & 0xFFFF) + (acc >> 16 & 0xFFFF) + (acc >> 32 & 0xFFFF) + (acc >> 48)) as u32;
    }
    sum
}

fn total(v: &[u8]) -> u32 {
    v.iter().map(|&x| x as u32).sum()
}

/// Levels of an entry in the [`Index`]: 1..=13 tricks, and 14 for 127 (no limit yet).
const LEVELS: usize = 14;

/// No indexed vector reaches a query's level at some place, so nothing dominates it.
struct NoVector;

/// An entry's level: order-preserving on the entries that occur (0..=13 and 127).
#[inline]
fn level(x: u8) -> usize {
    debug_assert!(x <= 13 || x == 127, "entry {x}");
    (x as usize).min(LEVELS)
}

/// Filters with at least this many candidates find dominators through an [`Index`] (below,
/// its set-up costs more than it saves).
const INDEXED_FROM: usize = 4096;
/// Dominators found last for a combination of the same row, tried first (most recent first).
const ROW_HINTS: usize = 8;
/// Dominators an indexed filter tries before its index, most recently found first.
const RECENT: usize = 16;

/// The kept vectors of a Pareto filter, indexed for the question "does any of them dominate
/// this vector?": for each lie `l` and level `t` (see [`level`]) a bitset over the kept
/// vectors, bit `i` set when vector `i`'s entry on `l` reaches `t`. The vectors dominating
/// `c` are exactly the AND of the sets (`l`, level of `c[l]`) over the lies, so the answer is
/// exact (no full comparison needed). Each set also has a summary, a bit per chunk of
/// [`CHUNK`] words set when the chunk has a vector in the set: the summaries' AND names the
/// only chunks that can hold a dominator, and in those (the newest first) the sets are ANDed
/// a chunk at a time, most selective first, leaving a chunk as soon as it is all zero.
struct Index {
    /// Entries per vector that are indexed (the lies; the padding is never above 0).
    lies: usize,
    /// Words per bitset (a multiple of [`CHUNK`]).
    cap: usize,
    /// Vectors indexed.
    len: usize,
    /// Bitset `s = l · LEVELS + t − 1`, empty until a vector is in it (the levels above the
    /// most tricks the longest hand can take never are).
    bits: Vec<Vec<u64>>,
    /// Its summary.
    summary: Vec<Vec<u64>>,
    /// Words per summary.
    scap: usize,
    /// Vectors in each bitset.
    count: Vec<u32>,
    /// The bitsets a query ANDs (reused).
    streams: Vec<usize>,
    /// The chunks a query visits (reused).
    live: Vec<u64>,
}

/// Words of a bitset ANDed at a time.
const CHUNK: usize = 4;

impl Index {
    fn new(lies: usize, expected: usize) -> Index {
        let cap = expected.div_ceil(64 * CHUNK).clamp(1, 128) * CHUNK;
        Index {
            lies,
            cap,
            len: 0,
            bits: vec![Vec::new(); lies * LEVELS],
            summary: vec![Vec::new(); lies * LEVELS],
            scap: (cap / CHUNK).div_ceil(64),
            count: vec![0; lies * LEVELS],
            streams: Vec::with_capacity(lies),
            live: Vec::new(),
        }
    }

    /// Adds a vector (its number: the vectors added before it).
    fn push(&mut self, v: &[u8]) {
        if self.len == self.cap * 64 {
            self.cap *= 2;
            self.scap = (self.cap / CHUNK).div_ceil(64);
            for (bits, summary) in self.bits.iter_mut().zip(&mut self.summary) {
                if !bits.is_empty() {
                    bits.resize(self.cap, 0);
                    summary.resize(self.scap, 0);
                }
            }
        }
        let (w, bit) = (self.len / 64, 1u64 << (self.len % 64));
        let chunk = w / CHUNK;
        let (sw, sbit) = (chunk / 64, 1u64 << (chunk % 64));
        for (l, &x) in v[..self.lies].iter().enumerate() {
            for t in 0..level(x) {
                let s = l * LEVELS + t;
                if self.bits[s].is_empty() {
                    self.bits[s] = vec![0; self.cap];
                    self.summary[s] = vec![0; self.scap];
                }
                self.bits[s][w] |= bit;
                self.summary[s][sw] |= sbit;
                self.count[s] += 1;
            }
        }
        self.len += 1;
    }

    /// The last indexed vector (by number) that dominates `v`, if any; `work` counts the
    /// words ANDed (the first dominator [`Index::each_dominator`] gives).
    fn find(&mut self, v: &[u8], work: &mut u64) -> Option<usize> {
        let mut found = None;
        self.each_dominator(v, work, |i| {
            found = Some(i);
            true
        });
        found
    }

    /// Calls `f` on each indexed vector (by number) that dominates `v`, the newest first,
    /// until `f` returns `true`; whether it did. `work` counts the words ANDed.
    fn each_dominator(
        &mut self,
        v: &[u8],
        work: &mut u64,
        mut f: impl FnMut(usize) -> bool,
    ) -> bool {
        if self.len == 0 {
            return false;
        }
        self.streams.clear();
        for (l, &x) in v[..self.lies].iter().enumerate() {
            match self.stream_at(l, x) {
                Err(NoVector) => return false,
                Ok(Some(s)) => self.streams.push(s),
                Ok(None) => {}
            }
        }
        let count = &self.count;
        for i in 0..self.streams.len().min(4) {
            let j = (i..self.streams.len())
                .min_by_key(|&j| count[self.streams[j]])
                .expect("a set left");
            self.streams.swap(i, j);
        }
        if self.streams.is_empty() {
            return (0..self.len).rev().any(f);
        }
        let chunks = self.len.div_ceil(64 * CHUNK);
        let sw = chunks.div_ceil(64);
        self.live.clear();
        self.live.resize(sw, !0);
        let mut ands = 0u64;
        for &s in &self.streams {
            let sum = &self.summary[s][..sw];
            let mut any = 0;
            for (a, &b) in self.live.iter_mut().zip(sum) {
                *a &= b;
                any |= *a;
            }
            ands += sw as u64;
            if any == 0 {
                *work += ands;
                return false;
            }
        }
        for (i, &word) in self.live.iter().enumerate().rev() {
            let mut word = word;
            while word != 0 {
                let top = 63 - word.leading_zeros() as usize;
                word &= !(1u64 << top);
                let c0 = (i * 64 + top) * CHUNK;
                let mut acc = [!0u64; CHUNK];
                let mut dead = false;
                for &s in &self.streams {
                    let set: &[u64; CHUNK] = self.bits[s][c0..][..CHUNK]
                        .try_into()
                        .expect("a whole chunk");
                    let mut any = 0;
                    for (a, &b) in acc.iter_mut().zip(set) {
                        *a &= b;
                        any |= *a;
                    }
                    ands += CHUNK as u64;
                    if any == 0 {
                        dead = true;
                        break;
                    }
                }
                if dead {
                    continue;
                }
                if newest_first(&acc, c0, &mut f) {
                    *work += ands;
                    return true;
                }
            }
        }
        *work += ands;
        false
    }

    /// The bitset a query ANDs at place `l` for the value `x`: `Ok(None)` when it needs none
    /// (level 0, or every vector reaches it), `Err(NoVector)` when no vector reaches it.
    #[inline]
    fn stream_at(&self, l: usize, x: u8) -> Result<Option<usize>, NoVector> {
        let t = level(x);
        if t == 0 {
            return Ok(None);
        }
        let s = l * LEVELS + t - 1;
        match self.count[s] as usize {
            0 => Err(NoVector),
            c if c == self.len => Ok(None),
            _ => Ok(Some(s)),
        }
    }

    /// The bitsets a query of `v` restricted to the places `places` ANDs: for each place
    /// whose level is above 0 and reached by some but not every vector, its set (most
    /// selective first); `None` when no vector reaches one of them.
    fn streams_of(&self, v: &[u8], places: &[usize]) -> Option<Vec<usize>> {
        let mut streams = Vec::with_capacity(places.len());
        for &l in places {
            match self.stream_at(l, v[l]) {
                Err(NoVector) => return None,
                Ok(Some(s)) => streams.push(s),
                Ok(None) => {}
            }
        }
        streams.sort_by_key(|&s| self.count[s]);
        Some(streams)
    }

    /// The chunks (number, words) of the indexed vectors at least `v` on the places
    /// `places`, those with at least one such vector, the newest first: a prefix of queries
    /// sharing those entries ([`Index::each_dominator_among`] takes it on). `work` counts the
    /// words ANDed.
    fn at_least_on(
        &self,
        v: &[u8],
        places: &[usize],
        work: &mut u64,
    ) -> Vec<(usize, [u64; CHUNK])> {
        let mut out = Vec::new();
        if self.len == 0 {
            return out;
        }
        let Some(streams) = self.streams_of(v, places) else {
            return out;
        };
        let chunks = self.len.div_ceil(64 * CHUNK);
        let sw = chunks.div_ceil(64);
        let mut live = vec![!0u64; sw];
        if let Some(last) = live.last_mut() {
            if !chunks.is_multiple_of(64) {
                *last = (1u64 << (chunks % 64)) - 1;
            }
        }
        let mut ands = 0u64;
        for &s in &streams {
            for (a, &b) in live.iter_mut().zip(&self.summary[s][..sw]) {
                *a &= b;
            }
            ands += sw as u64;
        }
        for (i, &word) in live.iter().enumerate().rev() {
            let mut word = word;
            while word != 0 {
                let top = 63 - word.leading_zeros() as usize;
                word &= !(1u64 << top);
                let chunk = i * 64 + top;
                let c0 = chunk * CHUNK;
                let mut acc = [!0u64; CHUNK];
                for &s in &streams {
                    let mut any = 0;
                    for (a, &b) in acc.iter_mut().zip(&self.bits[s][c0..][..CHUNK]) {
                        *a &= b;
                        any |= *a;
                    }
                    ands += CHUNK as u64;
                    if any == 0 {
                        break;
                    }
                }
                // Past the last vector every set is empty, but `acc` is not when no set
                // was ANDed.
                for (j, a) in acc.iter_mut().enumerate() {
                    let first = (c0 + j) * 64;
                    if first >= self.len {
                        *a = 0;
                    } else if self.len - first < 64 {
                        *a &= (1u64 << (self.len - first)) - 1;
                    }
                }
                if acc.iter().any(|&a| a != 0) {
                    out.push((chunk, acc));
                }
            }
        }
        *work += ands;
        out
    }

    /// [`Index::each_dominator`] for a `v` whose entries on the other places are those the
    /// chunks `among` (from [`Index::at_least_on`]) were taken for: calls `f` on each indexed
    /// vector in them at least `v` on the places `places`, the newest first, until `f`
    /// returns `true`; whether it did. The vectors it calls `f` on are exactly the dominators
    /// of `v` (when `v`'s entries outside `places` and the prefix's places are 0), the same as
    /// [`Index::each_dominator`] would, in the same order.
    fn each_dominator_among(
        &self,
        among: &[(usize, [u64; CHUNK])],
        v: &[u8],
        places: &[usize],
        work: &mut u64,
        mut f: impl FnMut(usize) -> bool,
    ) -> bool {
        let Some(streams) = self.streams_of(v, places) else {
            return false;
        };
        let mut ands = 0u64;
        for &(chunk, base) in among {
            let c0 = chunk * CHUNK;
            let mut acc = base;
            let mut any = !0u64;
            for &s in &streams {
                any = 0;
                for (a, &b) in acc.iter_mut().zip(&self.bits[s][c0..][..CHUNK]) {
                    *a &= b;
                    any |= *a;
                }
                ands += CHUNK as u64;
                if any == 0 {
                    break;
                }
            }
            if any == 0 {
                continue;
            }
            if newest_first(&acc, c0, &mut f) {
                *work += ands;
                return true;
            }
        }
        *work += ands + among.len() as u64;
        false
    }
}

/// Calls `f` on the vectors whose bits are set in `acc` (a chunk's words, the chunk's first
/// vector at `c0 * 64`), the newest (highest number) first, until it returns true; true if
/// it did.
fn newest_first(acc: &[u64], c0: usize, f: &mut impl FnMut(usize) -> bool) -> bool {
    for (j, &a) in acc.iter().enumerate().rev() {
        let mut a = a;
        while a != 0 {
            let b = 63 - a.leading_zeros() as usize;
            a &= !(1u64 << b);
            if f((c0 + j) * 64 + b) {
                return true;
            }
        }
    }
    false
}

/// An [`Index`] with the dominators it found last, tried first (neighbouring candidates in
/// a filter's order tend to share one).
struct Finder {
    index: Index,
    /// Numbers of kept vectors, the most recently found first.
    recent: Vec<u32>,
}

impl Finder {
    fn new(lies: usize, candidates: usize) -> Finder {
        Finder {
            index: Index::new(lies, candidates / 16),
            recent: Vec::with_capacity(RECENT),
        }
    }

    /// The number of a kept vector that dominates `e`, if any (`dominates(i)`: kept vector
    /// `i` dominates `e`, a full comparison of `words` words).
    fn find(
        &mut self,
        e: &[u8],
        dominates: impl Fn(usize) -> bool,
        words: usize,
        work: &mut u64,
    ) -> Option<usize> {
        let at = self.recent.iter().position(|&i| dominates(i as usize));
        *work += (at.map_or(self.recent.len(), |i| i + 1) * words) as u64;
        if let Some(i) = at {
            let found = self.recent[i];
            self.recent[..=i].rotate_right(1);
            return Some(found as usize);
        }
        let found = self.index.find(e, work)?;
        if self.recent.len() < RECENT {
            self.recent.push(found as u32);
        }
        let last = self.recent.len() - 1;
        self.recent[last] = found as u32;
        self.recent.rotate_right(1);
        Some(found)
    }

    /// Keeps `e` (its number: the vectors kept before it).
    fn push(&mut self, e: &[u8]) {
        self.index.push(e);
    }
}

/// The candidates of a defender's filter: their sums, and when pruned (see [`cover`]) the
/// combination each is (ascending) and whether it is sure to be kept.
struct Candidates<'a> {
    sums: &'a [u32],
    keys: Option<&'a [u32]>,
    sure: &'a [bool],
}

/// [`pareto`] over vectors built on demand (`build(k, buffer)`): the kept indices, and their
/// vectors as words, flat — the same as [`pareto`] would keep. Candidate `i` (its sum `sums[i]`) is
/// combination `keys[i]` (the keys ascending), or `i` without keys: a filter given only the
/// combinations that no other rules out keeps what it would keep given all. A candidate
/// `sure[i]` is known to be kept: it is, without a search for a dominator.
///
/// `unchanged(k, vector)` names the row (of `rows`) when combination `k` is its row's vector of
/// the earlier cards left as it was (the new card's vector nowhere below it). Such a vector
/// needs no scan: the rows form an antichain without duplicates, so only a combination of the
/// same row, equal to it, can dominate it — it is kept iff it is its row's first unchanged
/// combination in the order.
fn pareto_with(
    candidates: Candidates,
    build: impl Fn(u32, &mut [u8]),
    rows: usize,
    cols: usize,
    unchanged: impl Fn(u32, &[u8]) -> Option<usize>,
    width: usize,
    work: &mut u64,
) -> Option<(Vec<u32>, Vec<u64>)> {
    let Candidates { sums, keys, sure } = candidates;
    let words = (width / 8).max(1);
    let mut kept: Vec<u32> = Vec::new();
    // The kept vectors as words, flat.
    let mut flat: Vec<u64> = Vec::new();
    let mut scan: Vec<u32> = Vec::new();
    let mut e = vec![0u8; width];
    let mut ew = vec![0u64; words];
    let mut row_kept = vec![false; rows];
    // The last dominators found for a combination of the same row (most recent first), and
    // the last for one of the same column (the new card's vector): tried before the scan.
    let mut row_hint = vec![[u32::MAX; ROW_HINTS]; rows];
    let mut col_hint = vec![u32::MAX; cols];
    // A large filter finds dominators through an index; a smaller one scans the kept
    // vectors, most recently useful first, ruling most out by their signatures.
    let mut finder = (sums.len() >= INDEXED_FROM).then(|| Finder::new(width, sums.len()));
    let key = |i: u32| keys.map_or(i, |keys| keys[i as usize]);
    let cut = (finder.is_none() && sums.len() >= SIGNED_FROM)
        .then(|| thresholds(sums.len(), &|i, w: &mut [u8]| build(key(i), w), width));
    // The kept vectors' signatures (see [`signature`]), without an index.
    let mut sigs: Vec<u128> = Vec::new();
    for i in sorted(sums) {
        let k = key(i);
        build(k, &mut e);
        for (x, c) in ew.iter_mut().zip(e.chunks_exact(8)) {
            *x = u64::from_ne_bytes(c.try_into().expect("8 bytes"));
        }
        // A vector known to be kept goes in without a search (into the index, or the scan
        // order with its signature).
        let mut keep_unsearched = || {
            match finder.as_mut() {
                Some(finder) => finder.push(&e),
                None => {
                    scan.push(kept.len() as u32);
                    sigs.push(signed(&ew, cut.as_deref()));
                }
            }
            kept.push(k);
            flat.extend_from_slice(&ew);
        };
        if sure.get(i as usize) == Some(&true) {
            keep_unsearched();
            continue;
        }
        if let Some(row) = unchanged(k, &e) {
            if !row_kept[row] {
                row_kept[row] = true;
                keep_unsearched();
            }
            continue;
        }
        let (row, col) = (k as usize / cols, k as usize % cols);
        let hit = |i: u32| {
            i != u32::MAX
                && dominates_words(&flat[i as usize * words..(i as usize + 1) * words], &ew)
        };
        let hints = &mut row_hint[row];
        if let Some(at) = hints.iter().position(|&i| hit(i)) {
            *work += 2 * words as u64;
            hints[..=at].rotate_right(1);
            continue;
        }
        if hit(col_hint[col]) {
            *work += 2 * words as u64;
            continue;
        }
        // The kept vector that dominates this one, if any.
        let found = match finder.as_mut() {
            Some(finder) => {
                let flat = &flat;
                let found = finder.find(
                    &e,
                    |i| dominates_words(&flat[i * words..(i + 1) * words], &ew),
                    words,
                    work,
                );
                if found.is_none() {
                    finder.push(&e);
                }
                found.map(|i| i as u32)
            }
            None => {
                let sig = signed(&ew, cut.as_deref());
                let at = scan.iter().position(|&i| {
                    sig & !sigs[i as usize] == 0
                        && dominates_words(&flat[i as usize * words..(i as usize + 1) * words], &ew)
                });
                match at {
                    Some(i) => {
                        *work += (i as u64 + 1) * words as u64;
                        let found = scan[i];
                        scan[..=i].rotate_right(1);
                        Some(found)
                    }
                    None => {
                        *work += (scan.len() * words) as u64;
                        scan.push(kept.len() as u32);
                        sigs.push(sig);
                        None
                    }
                }
            }
        };
        match found {
            Some(i) => {
                let hints = &mut row_hint[row];
                hints.rotate_right(1);
                hints[0] = i;
                col_hint[col] = i;
            }
            None => {
                kept.push(k);
                flat.extend_from_slice(&ew);
            }
        }
        if *work > WORK_LIMIT {
            return None;
        }
    }
    Some((kept, flat))
}

/// Per lie, the level a signature bit tests, as words like the vectors' (127 on the padding:
/// never reached): the level nearest to splitting a sample of the `count` vectors `build`
/// makes in half.
fn thresholds(count: usize, build: &impl Fn(u32, &mut [u8]), width: usize) -> Vec<u64> {
    const SAMPLE: usize = 64;
    let mut hist = vec![[0u16; 16]; width];
    let mut e = vec![0u8; width];
    let taken = count.min(SAMPLE);
    for i in 0..taken {
        build((i * count / taken) as u32, &mut e);
        for (h, &x) in hist.iter_mut().zip(&e) {
            h[(x as usize).min(15)] += 1;
        }
    }
    let cut: Vec<u8> = hist
        .iter()
        .map(|h| {
            // The t whose count of sampled vectors at or above it is nearest half the sample.
            let mut best = (usize::MAX, 127u8);
            let mut above = 0usize;
            for t in (1..16).rev() {
                above += h[t] as usize;
                if above > 0 && above < taken {
                    let off = (2 * above).abs_diff(taken);
                    if off < best.0 {
                        best = (off, t as u8);
                    }
                }
            }
            best.1
        })
        .collect();
    cut.chunks_exact(8)
        .map(|c| u64::from_ne_bytes(c.try_into().expect("8 bytes")))
        .collect()
}

/// Bit `l mod 128` (in the words' byte order) set when the vector reaches lie `l`'s threshold
/// on some such lie: if `a` dominates `b`, every bit of `b`'s signature is in `a`'s — a test
/// that rules out most non-dominators in one step; a pass still needs the full comparison.
#[inline]
fn signature(v: &[u64], cut: &[u64]) -> u128 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut sig = 0u128;
    for (w, (&x, &t)) in v.iter().zip(cut).enumerate() {
        // Each byte's high bit: x ≥ t (both below 128), gathered into one byte.
        let m = (((x | HIGH) - t) & HIGH) >> 7;
        let byte = m.wrapping_mul(0x0102_0408_1020_4080) >> 56;
        sig |= (byte as u128) << (8 * (w % 16));
    }
    sig
}

/// Candidates below which a filter uses no signatures (all 0: every comparison is made in
/// full), their set-up costing more than they save.
const SIGNED_FROM: usize = 64;

/// [`signature`] with the levels, or 0 without.
#[inline]
fn signed(v: &[u64], cut: Option<&[u64]>) -> u128 {
    cut.map_or(0, |c| signature(v, c))
}

/// [`dominates`] on vectors already read as words.
#[inline]
fn dominates_words(a: &[u64], b: &[u64]) -> bool {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    a.iter()
        .zip(b)
        .all(|(&x, &y)| ((x | HIGH) - y) & HIGH == HIGH)
}

/// The indices `0..sums.len()` by sum, larger first, equal sums in index order.
fn sorted(sums: &[u32]) -> Vec<u32> {
    let mut order = Vec::new();
    sorted_into(sums, &mut Vec::new(), &mut order);
    order
}

/// [`sorted`] into `order`, with `start` as the counting sort's buffer (both overwritten).
fn sorted_into(sums: &[u32], start: &mut Vec<u32>, order: &mut Vec<u32>) {
    // A counting sort: sums are small (at most 13 tricks on each lie).
    let most = sums.iter().copied().max().unwrap_or(0) as usize;
    start.clear();
    start.resize(most + 2, 0);
    for &s in sums {
        start[most - s as usize + 1] += 1;
    }
    for b in 1..start.len() {
        start[b] += start[b - 1];
    }
    order.clear();
    order.resize(sums.len(), 0);
    for (k, &s) in sums.iter().enumerate() {
        let b = &mut start[most - s as usize];
        order[*b as usize] = k as u32;
        *b += 1;
    }
}

/// The Pareto-maximal vectors among `v(0..sums.len())` (`sums` their totals; one of each
/// equal group, the lowest index): their indices by sum, larger first, equal sums in index
/// order. `None` when the comparisons would take `work` past [`WORK_LIMIT`].
///
/// Only a vector met earlier in that order can dominate a later one. A candidate is compared
/// with the kept vectors in most-recently-useful order (a dominator found moves to the front:
/// neighbouring candidates tend to share one), which changes how soon a dominator is found,
/// never whether one exists — the result is the same as a plain scan.
fn pareto<'a>(
    sums: &[u32],
    v: impl Fn(u32) -> &'a [u8],
    width: usize,
    work: &mut u64,
) -> Option<Vec<u32>> {
    let words = (width / 8).max(1) as u64;
    let mut kept: Vec<u32> = Vec::new();
    let mut scan: Vec<u32> = Vec::new();
    // A large filter finds dominators through an index, a smaller one by signatures.
    let mut finder = (sums.len() >= INDEXED_FROM).then(|| Finder::new(width, sums.len()));
    let cut = (finder.is_none() && sums.len() >= SIGNED_FROM).then(|| {
        thresholds(
            sums.len(),
            &|k, w: &mut [u8]| w.copy_from_slice(v(k)),
            width,
        )
    });
    let mut ew = vec![0u64; words as usize];
    let sigs: Vec<u128> = match finder {
        Some(_) => Vec::new(),
        None => (0..sums.len() as u32)
            .map(|k| {
                for (x, c) in ew.iter_mut().zip(v(k).chunks_exact(8)) {
                    *x = u64::from_ne_bytes(c.try_into().expect("8 bytes"));
                }
                signed(&ew, cut.as_deref())
            })
            .collect(),
    };
    for k in sorted(sums) {
        let e = v(k);
        if let Some(finder) = finder.as_mut() {
            let kept_ = &kept;
            let found = finder.find(e, |i| dominates(v(kept_[i]), e), words as usize, work);
            if found.is_none() {
                finder.push(e);
                kept.push(k);
            }
        } else {
            let sig = sigs[k as usize];
            match scan
                .iter()
                .position(|&i| sig & !sigs[i as usize] == 0 && dominates(v(i), e))
            {
                Some(i) => {
                    *work += (i as u64 + 1) * words;
                    scan[..=i].rotate_right(1);
                }
                None => {
                    *work += scan.len() as u64 * words;
                    scan.push(k);
                    kept.push(k);
                }
            }
        }
        if *work > WORK_LIMIT {
            return None;
        }
    }
    Some(kept)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed stream of vectors with entries 0..=13 (and 127, the "no limit" entry), padded.
    fn vectors(count: usize, width: usize, lies: usize) -> Vec<Vec<u8>> {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        (0..count)
            .map(|_| {
                (0..width)
                    .map(|l| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        match (l < lies, x >> 59) {
                            (false, _) => 0,
                            (true, 0) => 127,
                            (true, r) => (r % 14) as u8,
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn min_total_is_the_sum_of_the_lie_by_lie_minimum() {
        for (width, lies) in [(8, 3), (24, 20), (96, 90), (1024, 1000)] {
            let vs = vectors(20, width, lies);
            for a in &vs {
                for b in &vs {
                    let want: u32 = a.iter().zip(b).map(|(&x, &y)| x.min(y) as u32).sum();
                    assert_eq!(min_total(&words_of(a), &words_of(b)), want);
                }
            }
        }
    }

    #[test]
    fn a_dominator_holds_every_bit_of_the_signature() {
        for (width, lies) in [(8, 5), (64, 60), (136, 130), (256, 250)] {
            let vs = vectors(40, width, lies);
            let build = |k: u32, w: &mut [u8]| w.copy_from_slice(&vs[k as usize]);
            let cut = thresholds(vs.len(), &build, width);
            let mut pairs = 0;
            let mut told_apart = 0;
            for a in &vs {
                let sa = signature(&words_of(a), &cut);
                for b in &vs {
                    // b's entries lowered towards 0: a dominates the result.
                    let low: Vec<u8> = a.iter().zip(b).map(|(&x, &y)| x.min(y)).collect();
                    assert!(dominates(a, &low));
                    let sl = signature(&words_of(&low), &cut);
                    assert_eq!(sl & !sa, 0, "a dominator misses a bit of the signature");
                    // Reference: the bit of each lie, folded, computed one lie at a time.
                    let thr: Vec<u8> = cut.iter().flat_map(|w| w.to_ne_bytes()).collect();
                    let mut want = 0u128;
                    for (l, (&x, &t)) in b.iter().zip(&thr).enumerate() {
                        want |= ((x >= t) as u128) << (l % 128);
                    }
                    assert_eq!(signature(&words_of(b), &cut), want);
                    pairs += 1;
                    if !dominates(a, b) && signature(&words_of(b), &cut) & !sa != 0 {
                        told_apart += 1;
                    }
                }
            }
            // The signature rules out most non-dominators of random vectors.
            assert!(told_apart * 2 > pairs, "{told_apart} of {pairs}");
        }
    }

    #[test]
    fn the_filters_keep_the_pareto_maximal_vectors() {
        let width = 24;
        let vs = vectors(300, width, 20);
        // Low entries make many vectors dominated.
        let vs: Vec<Vec<u8>> = vs
            .into_iter()
            .map(|v| v.into_iter().map(|x| x.min(3)).collect())
            .collect();
        let sums: Vec<u32> = vs.iter().map(|v| total(v)).collect();
        let mut work = 0;
        let kept = pareto(&sums, |k| &vs[k as usize], width, &mut work).expect("small");
        // Brute force: k is kept iff no vector dominates it other than an equal one met
        // earlier in the order (larger sum first, then lower index).
        let want = brute_pareto(&vs);
        assert_eq!(kept, want);
        assert!(want.len() > 1 && want.len() < vs.len());
    }

    /// [`vectors`] with entries 0..=3 (and 127), so that many dominate others.
    fn low_vectors(count: usize, width: usize, lies: usize) -> Vec<Vec<u8>> {
        vectors(count, width, lies)
            .into_iter()
            .map(|v| {
                v.into_iter()
                    .map(|x| if x == 127 { x } else { x % 4 })
                    .collect()
            })
            .collect()
    }

    /// The brute-force Pareto filter: the indices by sum (larger first, equal sums in index
    /// order) of the vectors no other vector dominates, but an equal one met earlier.
    fn brute_pareto(vs: &[Vec<u8>]) -> Vec<u32> {
        let sums: Vec<u32> = vs.iter().map(|v| total(v)).collect();
        let order = sorted(&sums);
        let mut pos = vec![0; vs.len()];
        for (i, &k) in order.iter().enumerate() {
            pos[k as usize] = i;
        }
        order
            .iter()
            .copied()
            .filter(|&k| {
                let b = &vs[k as usize];
                !vs.iter()
                    .enumerate()
                    .any(|(i, a)| dominates(a, b) && (a != b || pos[i] < pos[k as usize]))
            })
            .collect()
    }

    #[test]
    fn the_index_finds_the_last_dominator_exactly() {
        // 40 000 vectors: the bitsets grow from their first size, and the summaries take
        // more than one word (64 chunks of 256 vectors).
        for (count, width, lies, queries) in [(40_000, 8, 6, 150), (3_000, 24, 20, 300)] {
            let vs = low_vectors(count, width, lies);
            let mut index = Index::new(width, 0);
            for v in &vs {
                index.push(v);
            }
            let mut work = 0;
            let mut found = 0;
            // Queries with entries up to 3, and up to 13 (fewer dominated).
            let mut qs = low_vectors(count + queries, width, lies).split_off(count);
            qs.extend(vectors(queries, width, lies));
            for q in &qs {
                let want = vs.iter().rposition(|a| dominates(a, q));
                assert_eq!(index.find(q, &mut work), want, "{q:?}");
                found += want.is_some() as usize;
            }
            // Both answers occur.
            assert!(found > 0 && found < qs.len(), "{found} of {}", qs.len());
            // A vector is dominated by itself (or by a later one).
            for (i, v) in vs.iter().enumerate().step_by(97) {
                let last = index.find(v, &mut work).expect("itself");
                assert!(last >= i && dominates(&vs[last], v));
            }
        }
    }

    #[test]
    fn a_query_in_two_steps_names_the_same_dominators() {
        // Queries zero off two sets of places `p` and `o` (as in `cross`): the chunks at
        // least the query on `p`, then the vectors of those at least it on `o`, are its
        // dominators, newest first. 1 000 vectors leave a last chunk part full.
        for (count, width, lies) in [(1_000, 24, 20), (40_000, 8, 6)] {
            let vs = low_vectors(count, width, lies);
            let mut index = Index::new(width, 0);
            for v in &vs {
                index.push(v);
            }
            let half = lies / 2;
            let p: Vec<usize> = (0..half).collect();
            let o: Vec<usize> = (half..lies).collect();
            let mut qs = low_vectors(count + 200, width, lies).split_off(count);
            // Queries taken from indexed vectors (each dominated at least by itself), one
            // with zeros on `p` (no set ANDed there) and one all zero (every vector).
            qs.extend(vs.iter().step_by(53).cloned());
            qs.push(
                (0..width)
                    .map(|l| if p.contains(&l) { 0 } else { 1 })
                    .collect(),
            );
            qs.push(vec![0; width]);
            let (mut work, mut found) = (0, 0);
            for q in &mut qs {
                for x in q[lies..].iter_mut() {
                    *x = 0;
                }
                let want: Vec<usize> = (0..count).rev().filter(|&i| dominates(&vs[i], q)).collect();
                let among = index.at_least_on(q, &p, &mut work);
                let mut got = Vec::new();
                let stopped = index.each_dominator_among(&among, q, &o, &mut work, |i| {
                    got.push(i);
                    false
                });
                assert!(!stopped);
                assert_eq!(got, want, "{q:?}");
                // Stopping at the first: the newest dominator, as `find` names it.
                let mut first = None;
                index.each_dominator_among(&among, q, &o, &mut work, |i| {
                    first = Some(i);
                    true
                });
                assert_eq!(first, want.first().copied());
                assert_eq!(index.find(q, &mut work), first);
                found += !want.is_empty() as usize;
            }
            assert!(found > 0 && found < qs.len(), "{found} of {}", qs.len());
        }
    }

    #[test]
    fn the_indexed_filters_keep_the_pareto_maximal_vectors() {
        let width = 24;
        // The union filter: as many candidates as need the index.
        let vs = low_vectors(INDEXED_FROM + 200, width, 20);
        let sums: Vec<u32> = vs.iter().map(|v| total(v)).collect();
        let mut work = 0;
        let kept = pareto(&sums, |k| &vs[k as usize], width, &mut work).expect("small");
        let want = brute_pareto(&vs);
        assert_eq!(kept, want);
        assert!(want.len() > 1 && want.len() < vs.len());
        // A defender's filter: every combination of 65 × 65 vectors (the lie-by-lie minimum).
        let (rows, cols) = (65, 65);
        let a = low_vectors(rows, width, 20);
        let b = low_vectors(rows + cols, width, 20).split_off(rows);
        let combine = |k: u32, w: &mut [u8]| {
            let (r, c) = (k as usize / cols, k as usize % cols);
            for ((x, &p), &q) in w.iter_mut().zip(&a[r]).zip(&b[c]) {
                *x = p.min(q);
            }
        };
        let all: Vec<Vec<u8>> = (0..(rows * cols) as u32)
            .map(|k| {
                let mut w = vec![0; width];
                combine(k, &mut w);
                w
            })
            .collect();
        assert!(all.len() >= INDEXED_FROM);
        let sums: Vec<u32> = all.iter().map(|v| total(v)).collect();
        let kept = pareto_with(
            Candidates {
                sums: &sums,
                keys: None,
                sure: &[],
            },
            combine,
            rows,
            cols,
            |_, _| None,
            width,
            &mut work,
        )
        .expect("small");
        let want = brute_pareto(&all);
        let (kept, flat) = kept;
        assert_eq!(kept, want);
        for (k, v) in kept.iter().zip(flat.chunks_exact(width / 8)) {
            assert_eq!(*v, words_of(&all[*k as usize]));
        }
        assert!(want.len() > 1 && want.len() < all.len());
    }

    /// Entries 0..=2 from a seeded LCG (few values: many ties, covers and columns below).
    fn small(x: &mut u64) -> u8 {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (*x >> 33) as u8 % 3
    }

    /// `count` random rows and columns of a defender's choice over `width` bytes (`lies` of
    /// them lies), each set reduced to its Pareto-maximal vectors (antichains without
    /// duplicates, as the search's sets are) and flattened: a row has 127 on the lies of `q`
    /// (no earlier card) and 0 past `lies`; a column 127 off the lies of `mask` (where the card
    /// cannot be played).
    fn rows_and_columns(
        x: &mut u64,
        count: usize,
        width: usize,
        lies: usize,
        q: &std::ops::Range<usize>,
        mask: &std::ops::Range<usize>,
    ) -> (Vec<u8>, Vec<u8>) {
        let raw_rows: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                (0..width)
                    .map(|l| match l {
                        l if q.contains(&l) => 127,
                        l if l < lies => small(x),
                        _ => 0,
                    })
                    .collect()
            })
            .collect();
        let raw_cols: Vec<Vec<u8>> = (0..count)
            .map(|_| {
                (0..width)
                    .map(|l| if mask.contains(&l) { small(x) } else { 127 })
                    .collect()
            })
            .collect();
        let pick = |vs: &[Vec<u8>]| -> Vec<u8> {
            brute_pareto(vs)
                .into_iter()
                .flat_map(|k| vs[k as usize].clone())
                .collect()
        };
        (pick(&raw_rows), pick(&raw_cols))
    }

    #[test]
    fn the_row_and_column_filter_keeps_what_the_full_one_keeps() {
        // 14 lies in 16 bytes; the lies without an earlier card (`Q`, 127 in every row) and
        // the lies the card can be played on vary: `Q` empty or not, `P` empty or not.
        let (width, lies) = (16, 14);
        let layouts: [(std::ops::Range<usize>, std::ops::Range<usize>); 4] =
            [(8..10, 0..10), (8..8, 0..8), (12..14, 0..14), (0..0, 0..14)];
        let mut kept_total = 0;
        for (q, mask) in layouts {
            for seed in 0..60u64 {
                let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let count = 20 + (seed as usize % 4) * 15;
                let (rows, cols) = rows_and_columns(&mut x, count, width, lies, &q, &mask);
                let cs = cols.len() / width;
                let all: Vec<Vec<u8>> = (0..rows.len() / width * cs)
                    .map(|k| {
                        let (r, c) = (k / cs, k % cs);
                        rows[r * width..][..width]
                            .iter()
                            .zip(&cols[c * width..][..width])
                            .map(|(&a, &b)| a.min(b))
                            .collect()
                    })
                    .collect();
                let want = brute_pareto(&all);
                let mut work = 0;
                let got = cross::keep(
                    &rows,
                    &cols,
                    width,
                    lies,
                    &mask.clone().collect::<Vec<_>>(),
                    &mut work,
                )
                .expect("small");
                assert_eq!(got, want, "layout {q:?} {mask:?}, seed {seed}");
                kept_total += want.len();
            }
        }
        assert!(kept_total > 0);
        // Condition (3) of the module: c(0, 0) = c(1, 0) = c(0, 1) = (1, 1, 0) and c(1, 1) =
        // (2, 1, 0) above them, though each of rows 0 and 1 and columns 0 and 1 is kept in
        // the other's combinations.
        let pad = |v: [u8; 3], fill: u8| -> Vec<u8> {
            let mut w = vec![fill; 8];
            w[..3].copy_from_slice(&v);
            w
        };
        let rows: Vec<u8> = [pad([1, 2, 0], 0), pad([2, 1, 0], 0)].concat();
        let cols: Vec<u8> = [pad([1, 1, 1], 127), pad([2, 1, 0], 127)].concat();
        let all: Vec<Vec<u8>> = (0..4)
            .map(|k| {
                let (r, c) = (k / 2, k % 2);
                rows[r * 8..][..8]
                    .iter()
                    .zip(&cols[c * 8..][..8])
                    .map(|(&a, &b)| a.min(b))
                    .collect()
            })
            .collect();
        let mut work = 0;
        let got = cross::keep(&rows, &cols, 8, 3, &[0, 1, 2], &mut work).expect("small");
        assert_eq!(got, brute_pareto(&all));
        assert_eq!(got, vec![3]);
    }

    #[test]
    fn the_pruned_defender_filter_keeps_what_the_full_one_keeps() {
        // 14 lies in 16 bytes: O = 0..8, Q = 8..10 (no earlier card: 127 in every row),
        // P = 10..14; the card can be played on O and Q.
        let (width, lies) = (16, 14);
        let q = 8..10;
        let mask = 0..10;
        let (mut dropped, mut sure_seen) = (0, 0);
        for seed in 0..40u64 {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let (rows, cols) = rows_and_columns(&mut x, 40, width, lies, &q, &mask);
            let cs = cols.len() / width;
            let combine = |k: u32, w: &mut [u8]| {
                let (r, c) = (k as usize / cs, k as usize % cs);
                for ((x, &a), &b) in w.iter_mut().zip(&rows[r * width..]).zip(&cols[c * width..]) {
                    *x = a.min(b);
                }
            };
            let all: Vec<Vec<u8>> = (0..(rows.len() / width * cs) as u32)
                .map(|k| {
                    let mut w = vec![0; width];
                    combine(k, &mut w);
                    w
                })
                .collect();
            let want = brute_pareto(&all);
            let mut pruner = cover::Pruner::new(&rows, &cols, width, lies, mask.clone().collect());
            let (mut keys, mut sure) = (Vec::new(), Vec::new());
            let mut out = Vec::new();
            let mut work = 0;
            for r in 0..rows.len() / width {
                out.clear();
                pruner.survivors(r, &mut out, &mut work);
                keys.extend(out.iter().map(|&(j, _)| (r * cs) as u32 + j));
                sure.extend(out.iter().map(|&(_, s)| s));
            }
            for (&k, &s) in keys.iter().zip(&sure) {
                assert!(!s || want.contains(&k), "seed {seed}: {k} is not kept");
            }
            for k in &want {
                assert!(keys.contains(k), "seed {seed}: {k} was dropped");
            }
            dropped += all.len() - keys.len();
            sure_seen += sure.iter().filter(|&&s| s).count();
            let sums: Vec<u32> = keys.iter().map(|&k| total(&all[k as usize])).collect();
            let rows_n = rows.len() / width;
            let kept = pareto_with(
                Candidates {
                    sums: &sums,
                    keys: Some(&keys),
                    sure: &sure,
                },
                combine,
                rows_n,
                cs,
                |_, _| None,
                width,
                &mut work,
            )
            .expect("small");
            assert_eq!(kept.0, want, "seed {seed}");
        }
        // Both rules at work.
        assert!(
            dropped > 0 && sure_seen > 0,
            "{dropped} dropped, {sure_seen} sure"
        );
    }
}
