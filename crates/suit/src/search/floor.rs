//! Bounds from the objective: a search that keeps only the vectors that can still lead to a
//! line ranked at least a given *floor* — for the holdings whose full Pareto sets are too
//! large to build, where the best line is wanted and the others can be left out.
//!
//! **The bound.** At a position, declarer has won at most `T` tricks so far: every completed
//! trick took one card from each of North and South that still held cards (the partner plays
//! whenever he can; the lead always comes from declarer's side), so `T` is the larger of the
//! two hands' cards played in completed tricks. No line takes more than `cap_l` tricks on lie
//! `l`, the most declarer takes there knowing the lie (the defenders knowing it too: the
//! root's *ideal*, which the beam search below computes alongside, `Search::ideals`). A vector `v`
//! kept here (tricks from here, per lie still possible) can end, at the root, in a line whose
//! entry on a lie `l` still possible is at most `min(T + v_l, cap_l)`, and on any other lie at
//! most `cap_l`. So the rank of every line built from `v` is at most
//!
//! > `bound(v) = Σ_{l possible} w_l · f(min(T + v_l, cap_l)) + Σ_{l not possible} w_l · f(cap_l)`,
//!
//! `w_l` the lie's weight and `f(x)` the pair (1 if `x` reaches the target else 0, `x`) for a
//! target, `(x, 0)` for the most tricks on average; pairs add part by part and compare in
//! order, as the report ranks lines ([`Floor::pack`] makes each pair one integer). An entry of
//! 127 (a defender's combination not yet limited there) counts as `cap_l`.
//!
//! **Monotone up the tree.** At declarer's choice a vector is passed up unchanged (same lies,
//! same `T`). At a defender's choice a combination is the lie-by-lie minimum of one vector of
//! each card, on the lies that card can be played on; on every other lie the card's position
//! counts `f(cap_l)`: so the combination's bound is at most each of its vectors' bounds. At
//! the end of a trick, `T` grows by one where the vector loses a trick it won (`+1` on every
//! lie) or stays when the defence won it. So a vector derived from one with `bound < floor`
//! has `bound < floor`, and at the root, with `T = 0` and every lie possible, the bound is the
//! rank.
//!
//! **The same vectors as the full search, above the floor.** The bound is monotone under
//! dominance, so the Pareto-maximal vectors of the candidates with `bound ≥ floor` are exactly
//! the Pareto-maximal vectors of all the candidates that have `bound ≥ floor` (a candidate
//! above the floor dominated by another is dominated by one above the floor too), and any
//! candidates below the floor may be dropped before a filter or kept through it. By induction
//! up the tree, each position keeps exactly the full search's vectors with `bound ≥ floor`,
//! in the same order, and the root exactly its vectors ranked at least the floor: the best
//! line is found exactly whenever some line reaches the floor, and so is each first play's
//! best line that reaches it.
//!
//! **Where it drops them.** Each position's set; the combinations so far at a defender's
//! choice, after each card; and before a card is combined, the rows and columns of which no
//! combination can reach the floor ([`Floor::grid`], by an upper bound of each combination's
//! bound computed from its row's and its column's sums alone).
//!
//! **The floor.** Any line's rank is a floor that some line reaches. A *beam* search keeps, at
//! every position, only the few vectors of highest bound ([`Floor::beam`]): each kept vector is
//! still a line declarer can play (a strategy, read back the same way), so the best it finds is
//! a true floor, usually the best line's own rank or close to it.

use crate::problem::Objective;

use super::State;

/// The objective's weights and the floor below which vectors are dropped.
#[derive(Debug, Clone)]
pub(crate) struct Floor {
    /// Weight of each lie (its number of layouts of the defenders' cards).
    pub weights: Vec<u64>,
    /// The objective ranked.
    pub objective: Objective,
    /// North's and South's cards at the start.
    pub start: [u32; 2],
    /// Vectors whose bound is below this are dropped: [`Floor::pack`]ed (wins, tricks)
    /// weighted for a target, (tricks, 0) for the most on average, compared in that order.
    pub least: u64,
    /// Keep only this many vectors of highest bound at each position (a beam: a floor for
    /// another search, not the exact search).
    pub beam: Option<usize>,
    /// The most tricks any line takes on each lie (declarer and the defenders knowing it).
    pub cap: Vec<u8>,
    /// Each lie's term by tricks, and their sum at the caps (see [`Floor::ready`]).
    pub table: Vec<[u64; 16]>,
    /// Every lie's term at its cap, summed.
    pub capped: u64,
}

/// A position's part of the bound: tricks declarer may have won so far, and what the lies no
/// longer possible there add.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Here {
    won: u8,
    dead: u64,
}

impl Floor {
    /// A rank (a pair compared in order) as one integer: the first part in the high 32 bits.
    /// Both parts are at most the lies' whole weight (C(26, 13) = 10 400 600 at most) times
    /// 13 tricks, below 2^32, so sums of packed ranks add part by part and compare as the
    /// pairs do; `u64` is native in wasm, where `u128` is not.
    pub fn pack(rank: (u64, u64)) -> u64 {
        rank.0 << 32 | rank.1
    }

    /// A lie's part of the rank, packed: (wins, tricks) for a target, (tricks, 0) otherwise,
    /// times the lie's weight.
    fn value(&self, l: usize, tricks: u8) -> u64 {
        let w = self.weights[l];
        match self.objective {
            Objective::Target(t) => Self::pack((w * u64::from(tricks >= t), w * u64::from(tricks))),
            Objective::MaxExpected => Self::pack((w * u64::from(tricks), 0)),
        }
    }

    /// Builds each lie's term by tricks (0..=15, capped at the lie's cap) and their sum at the
    /// caps, once the caps are known: the bound then reads a table, no multiplication.
    pub fn ready(&mut self) {
        self.table = (0..self.weights.len())
            .map(|l| std::array::from_fn(|t| self.value(l, (t as u8).min(self.cap[l]))))
            .collect();
        self.capped = self.table.iter().map(|t| t[15]).sum();
    }

    /// What an entry `x` here (tricks from here; 127: not yet limited, the cap) adds.
    fn term(&self, here: Here, l: usize, x: u8) -> u64 {
        self.table[l][usize::from(here.won.saturating_add(x).min(15))]
    }

    /// The bound's terms fixed by position `s` (its lies still possible: `live`).
    pub fn here(&self, s: &State, live: &[usize]) -> Here {
        let played = |i: usize| self.start[i] - s.hands[i].count_ones();
        let cards = played(0).max(played(1));
        // In a trick in progress the leader's card is gone; that trick is counted from here.
        let won = cards.saturating_sub(u32::from(s.phase >= 1)) as u8;
        let dead = self.capped - live.iter().map(|&l| self.table[l][15]).sum::<u64>();
        Here { won, dead }
    }

    /// The bound of a vector at a position (places in `v` are the lies of `live`, in order).
    pub fn bound(&self, here: Here, live: &[usize], v: &[u8]) -> u64 {
        let mut b = here.dead;
        for (&l, &x) in live.iter().zip(v) {
            b += self.term(here, l, x);
        }
        b
    }

    /// The bound of the lie-by-lie minimum of two vectors, without building it.
    pub fn bound_of_min(&self, here: Here, live: &[usize], a: &[u8], b: &[u8]) -> u64 {
        let mut sum = here.dead;
        for ((&l, &x), &y) in live.iter().zip(a).zip(b) {
            sum += self.term(here, l, x.min(y));
        }
        sum
    }

    /// At a defender's choice, which rows (the combinations of the earlier cards) and which
    /// columns (the new card's vectors) can make a combination that reaches the floor: by an
    /// upper bound of each combination's bound. On the lies only the rows limit (`P`, and
    /// those no card so far limits), a combination is its row; on those only the new card
    /// limits (`Q`), its column; on the lies both limit (`O`) the smaller of the two, whose
    /// terms add to at most the smaller of the row's and the column's sums there.
    pub fn grid(
        &self,
        here: Here,
        live: &[usize],
        rows: &[u8],
        cols: &[u8],
        width: usize,
    ) -> (Vec<bool>, Vec<bool>) {
        let n = live.len();
        // Each place's part: 0 the new card does not limit it (the rows' own, limited or
        // not), 1 both limit it, 2 only the new card does.
        let part: Vec<u8> = (0..n)
            .map(|p| match (rows[p] != 127, cols[p] != 127) {
                (_, false) => 0,
                (true, true) => 1,
                (false, true) => 2,
            })
            .collect();
        let row_sums = self.part_sums(here, live, &part, 0, rows, width);
        let col_sums = self.part_sums(here, live, &part, 2, cols, width);
        let rows_keep = reach(&row_sums, &col_sums, self.least);
        let cols_keep = reach(&col_sums, &row_sums, self.least);
        (rows_keep, cols_keep)
    }

    /// For each vector (`width` bytes each, flat): `(k, o)`, its terms on the places of part
    /// `own` and on those both limit (part 1; see [`Floor::grid`]). The rows (part 0) also
    /// carry the lies no longer possible.
    fn part_sums(
        &self,
        here: Here,
        live: &[usize],
        part: &[u8],
        own: u8,
        vectors: &[u8],
        width: usize,
    ) -> Vec<(u64, u64)> {
        vectors
            .chunks_exact(width)
            .map(|v| {
                let (mut k, mut o) = (if own == 0 { here.dead } else { 0 }, 0);
                for (p, (&l, &x)) in live.iter().zip(v).enumerate() {
                    if part[p] == own {
                        k += self.term(here, l, x);
                    } else if part[p] == 1 {
                        o += self.term(here, l, x);
                    }
                }
                (k, o)
            })
            .collect()
    }

    /// Which of the vectors to keep: those with bound at least the floor; in a beam,
    /// besides, only the `beam` of highest bound (the first of equals), in their order.
    pub fn keep<'a>(
        &self,
        here: Here,
        live: &[usize],
        vectors: impl Iterator<Item = &'a [u8]>,
    ) -> Vec<bool> {
        let Some(beam) = self.beam else {
            return vectors
                .map(|v| self.bound(here, live, v) >= self.least)
                .collect();
        };
        let bounds: Vec<u64> = vectors.map(|v| self.bound(here, live, v)).collect();
        let count = bounds.len();
        let mut keep: Vec<bool> = bounds.iter().map(|&b| b >= self.least).collect();
        if keep.iter().filter(|&&k| k).count() > beam {
            let mut order: Vec<usize> = (0..count).filter(|&k| keep[k]).collect();
            order.sort_by(|&a, &b| bounds[b].cmp(&bounds[a]).then(a.cmp(&b)));
            keep = vec![false; count];
            for &k in &order[..beam] {
                keep[k] = true;
            }
        }
        keep
    }
}

/// For each `(k, o)` of `sums`: does some `(k', o')` of `others` have
/// `k + k' + min(o, o') ≥ least`?
fn reach(sums: &[(u64, u64)], others: &[(u64, u64)], least: u64) -> Vec<bool> {
    if others.is_empty() {
        return vec![false; sums.len()];
    }
    // The others by their `o`: (o, the prefix maximum of `k + o`, the suffix maximum of `k`).
    let mut by_o: Vec<(u64, u64, u64)> = others.iter().map(|&(k, o)| (o, k, k)).collect();
    by_o.sort_unstable_by_key(|e| e.0);
    let mut best = 0u64;
    for e in by_o.iter_mut() {
        best = best.max(e.1 + e.0);
        e.1 = best;
    }
    let mut best = 0u64;
    for e in by_o.iter_mut().rev() {
        best = best.max(e.2);
        e.2 = best;
    }
    sums.iter()
        .map(|&(ki, oi)| {
            // Others with `o` below ours give `k + o`; the rest give their `k` plus ours.
            let split = by_o.partition_point(|e| e.0 < oi);
            let below = if split > 0 { by_o[split - 1].1 } else { 0 };
            let above = by_o.get(split).map_or(0, |e| e.2 + oi);
            ki + below.max(above) >= least
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Entries, Problem, Vacant};
    use crate::search::Search;

    fn problem(objective: Objective) -> Problem {
        Problem::parse("AQ", "32", Entries::Unlimited, Vacant::START, objective).unwrap()
    }

    fn floor(objective: Objective, least: u64) -> (Floor, Search) {
        let p = problem(objective);
        let search = Search::new(&p);
        let (_, _, weights) = crate::report::lie_rows(&p, &search);
        let weights: Vec<u64> = weights.iter().map(|&w| w as u64).collect();
        let lies = weights.len();
        let f = Floor {
            weights,
            objective,
            start: [2, 2],
            least,
            beam: None,
            cap: vec![2; lies],
            table: Vec::new(),
            capped: 0,
        };
        let mut f = f;
        f.ready();
        (f, search)
    }

    fn rank(f: &Floor, v: &[u8]) -> u64 {
        let weights: Vec<u128> = f.weights.iter().map(|&w| u128::from(w)).collect();
        let (first, second) = crate::report::rank(f.objective, v, &weights);
        Floor::pack((first as u64, second as u64))
    }

    #[test]
    fn at_the_root_the_bound_is_the_rank() {
        for objective in [Objective::Target(2), Objective::MaxExpected] {
            let (f, search) = floor(objective, 0);
            let root = Search::start(&problem(objective));
            let live: Vec<usize> = (0..search.lies.len()).collect();
            let here = f.here(&root, &live);
            let v: Vec<u8> = (0..live.len()).map(|l| (l % 3) as u8).collect();
            assert_eq!(f.bound(here, &live, &v), rank(&f, &v));
        }
    }

    #[test]
    fn tricks_won_and_lies_gone_raise_the_bound() {
        let (f, search) = floor(Objective::Target(2), 0);
        let mut s = Search::start(&problem(Objective::Target(2)));
        // One trick played (the A and the 2), the next not begun: one trick may be won.
        s.hands = [1 << 10, 1 << 1];
        let live: Vec<usize> = vec![0];
        let here = f.here(&s, &live);
        let (all, most): (u64, u64) = (f.weights.iter().sum(), 2 * f.weights.iter().sum::<u64>());
        // One more trick reaches the target on lie 0; the other lies count as won.
        assert_eq!(f.bound(here, &live, &[1]), Floor::pack((all, most)));
        let w0 = f.weights[0];
        assert_eq!(
            f.bound(here, &live, &[0]),
            Floor::pack((all - w0, most - w0))
        );
        assert!(search.lies.len() > 1);
    }

    /// A small deterministic stream of entries 0-3, 127 on `skip` places.
    fn vectors(count: usize, width: usize, n: usize, seed: &mut u64, skip: &[bool]) -> Vec<u8> {
        let mut out = vec![0u8; count * width];
        for k in 0..count {
            for p in 0..n {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                out[k * width + p] = if skip[p] {
                    127
                } else {
                    (*seed >> 33) as u8 % 4
                };
            }
        }
        out
    }

    #[test]
    fn the_grid_keeps_every_row_and_column_with_a_combination_above_the_floor() {
        // Lies split into P (rows only), O (both), Q (the new card only) and not yet limited.
        let objective = Objective::Target(2);
        let p = Problem::parse(
            "A",
            "2",
            Entries::Unlimited,
            Vacant::START,
            Objective::Target(1),
        )
        .unwrap();
        let mut search = Search::new(&p);
        let n = 12;
        search.lies = vec![[0; crate::search::MAX_GROUPS]; n];
        let weights: Vec<u64> = (0..n as u64).map(|l| 1 + l * 7 % 5).collect();
        let live: Vec<usize> = (0..n).collect();
        let width = 16;
        let row_skip: Vec<bool> = (0..n).map(|p| p % 4 == 3 || p % 4 == 2 && p > 6).collect();
        let col_skip: Vec<bool> = (0..n).map(|p| p % 4 == 0).collect();
        let mut seed = 7;
        let mut dropped = 0;
        for round in 0..40 {
            let rows = vectors(9, width, n, &mut seed, &row_skip);
            let cols = vectors(11, width, n, &mut seed, &col_skip);
            let mut f = Floor {
                weights: weights.clone(),
                objective,
                start: [1, 1],
                least: 0,
                beam: None,
                cap: (0..n).map(|l| 2 + (l % 2) as u8).collect(),
                table: Vec::new(),
                capped: 0,
            };
            f.ready();
            let s = Search::start(&p);
            let here = f.here(&s, &live);
            let combo = |r: usize, j: usize| -> Vec<u8> {
                (0..width)
                    .map(|q| rows[r * width + q].min(cols[j * width + q]))
                    .collect()
            };
            let bounds: Vec<Vec<u64>> = (0..9)
                .map(|r| {
                    (0..11)
                        .map(|j| f.bound(here, &live, &combo(r, j)[..n]))
                        .collect()
                })
                .collect();
            let mut all: Vec<u64> = bounds.iter().flatten().copied().collect();
            all.sort();
            f.least = all[(round * 17 + 50) % all.len()];
            let (rk, ck) = f.grid(here, &live, &rows, &cols, width);
            for r in 0..9 {
                if bounds[r].iter().any(|&b| b >= f.least) {
                    assert!(rk[r], "round {round}: row {r} reaches the floor");
                }
            }
            for j in 0..11 {
                if (0..9).any(|r| bounds[r][j] >= f.least) {
                    assert!(ck[j], "round {round}: column {j} reaches the floor");
                }
            }
            dropped += rk.iter().chain(&ck).filter(|&&k| !k).count();
        }
        // And it drops some: the bound is not vacuous.
        assert!(dropped > 0, "the high floors drop rows or columns");
    }
}
