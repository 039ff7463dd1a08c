//! The end of the chain when seats draw their free cards from different suits: the number
//! of ways to deal the spot cards left in each suit to seats that may each take only some
//! suits (a seat whose shape names ♠ draws its other cards from ♥ ♦ ♣), and an exact draw of
//! one such deal.
//!
//! With `v[s]` spot cards left in suit `s` and seat `i` needing `need[i]` more cards from the
//! suits it allows, a deal of those cards is a table `x[i][s]` (row sums `need`, column sums
//! `v`, zero where a seat may not take the suit; what no seat takes goes to the untracked
//! seats when there are some); it is reached in `∏ₛ v[s]! / ∏ x[i][s]!` ways (which cards of
//! each suit each seat gets). The count sums this over the tables, suit by suit, memoised on
//! (suit, cards left per suit from there on, needs left).

use super::key_hash::KeyMap;
use crate::pick;
use rand_core::RngCore;

/// The drawing seats (each with the suits it may take) and the memo of counts.
#[derive(Debug, Clone, Default)]
pub(super) struct Draw {
    /// Per drawing seat (in the order of the needs): the suits it may take (bit per suit).
    allowed: Vec<u8>,
    /// Whether cards no drawing seat takes may go to untracked seats.
    others: bool,
    memo: KeyMap<u64, u128>,
    /// The sampler's cache: where each memo key's list is in `splits` (start × 256 +
    /// length).
    list_of: KeyMap<u64, u32>,
    /// The cached lists, one after another: each split of the suit with positive ways and
    /// the cumulative ways (split × the rest) of its list up to it. Emptied beyond
    /// [`CACHED_SPLITS`].
    splits: Vec<Split>,
    /// Per end state of the chain (by its index in the last layer): where its first
    /// suit's list is and its needs; emptied with the cache.
    first: Vec<(u32, [u8; 4])>,
    /// Most splits the cache holds ([`CACHED_SPLITS`]; less in tests, to empty it often).
    capacity: usize,
    /// How many times the cache was emptied.
    flushes: u64,
}

/// Most splits the sampler's cache holds (12 bytes each).
const CACHED_SPLITS: usize = 1 << 21;

/// One split of a suit in the sampler's cache: the threshold of its upper boundary (its
/// cumulative ways over the list's total, in 32 bits, see [`crate::pick`]), the cards per
/// drawing seat (4 bits each) and where the next suit's list is after this split
/// ([`NOT_LINKED`] until first used).
#[derive(Debug, Clone, Copy)]
struct Split {
    thresh: u32,
    packed: u32,
    next: u32,
}

impl Draw {
    pub(super) fn new(allowed: Vec<u8>, others: bool) -> Draw {
        Draw {
            allowed,
            others,
            memo: KeyMap::default(),
            list_of: KeyMap::default(),
            splits: Vec::new(),
            first: Vec::new(),
            capacity: CACHED_SPLITS,
            flushes: 0,
        }
    }

    /// The same drawing seats with seat `row` barred from suit `suit` (and an empty memo).
    pub(super) fn without(&self, row: usize, suit: usize) -> Draw {
        let mut allowed = self.allowed.clone();
        if let Some(a) = allowed.get_mut(row) {
            *a &= !(1 << suit);
        }
        Draw::new(allowed, self.others)
    }

    /// Ways to deal the spot cards `v` (per suit) so that each drawing seat gets exactly its
    /// `need` from its suits (`need[i]` for the i-th drawing seat, 0 past the last).
    pub(super) fn ways(&mut self, v: [u8; 4], need: [u8; 4]) -> u128 {
        self.from(0, v, need)
    }

    fn from(&mut self, s: usize, v: [u8; 4], need: [u8; 4]) -> u128 {
        if s == 4 {
            return u128::from(need.iter().all(|&x| x == 0));
        }
        if s == 3 {
            // The last suit: every seat still in need takes exactly its need from it.
            let total: u8 = need.iter().sum();
            let fits = (0..self.allowed.len())
                .all(|i| need[i] == 0 || self.allowed[i] >> 3 & 1 == 1)
                && (total == v[3] || (self.others && total < v[3]));
            return if fits { ways_of(v[3], &need) } else { 0 };
        }
        // The suits before `s` are done: only v[s..] and the needs matter.
        let key = key(s, v, need);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut total = 0u128;
        let mut splits = Vec::new();
        self.splits(s, v, need, &mut splits);
        for c in splits {
            let rest: [u8; 4] = std::array::from_fn(|i| need[i] - c[i]);
            let later = self.from(s + 1, v, rest);
            if later > 0 {
                total += ways_of(v[s], &c) * later;
            }
        }
        self.memo.insert(key, total);
        total
    }

    /// Every way `c` to split the `v[s]` cards of suit `s` among the drawing seats allowed it
    /// (at most each one's need, and at least what the later suits cannot give it), the rest
    /// to the untracked seats (none if there are none).
    fn splits(&self, s: usize, v: [u8; 4], need: [u8; 4], out: &mut Vec<[u8; 4]>) {
        let later: [u8; 4] = std::array::from_fn(|i| {
            (s + 1..4)
                .filter(|&t| self.allowed.get(i).is_some_and(|a| a >> t & 1 == 1))
                .map(|t| v[t])
                .sum()
        });
        #[allow(clippy::too_many_arguments)]
        fn go(
            d: &Draw,
            s: usize,
            i: usize,
            left: u8,
            need: [u8; 4],
            later: [u8; 4],
            c: [u8; 4],
            out: &mut Vec<[u8; 4]>,
        ) {
            if i == d.allowed.len() {
                if left == 0 || d.others {
                    out.push(c);
                }
                return;
            }
            if d.allowed[i] >> s & 1 == 0 {
                if need[i] > later[i] {
                    return;
                }
                return go(d, s, i + 1, left, need, later, c, out);
            }
            for x in need[i].saturating_sub(later[i])..=left.min(need[i]) {
                let mut c = c;
                c[i] = x;
                go(d, s, i + 1, left - x, need, later, c, out);
            }
        }
        go(self, s, 0, v[s], need, later, [0; 4], out);
    }

    /// Draws, for each walk's end state of `ends`, a table `x[seat][suit]` with probability
    /// its ways / [`Draw::ways`] of the state's (cards left `v`, needs) — which `input`
    /// gives, and whose ways must be positive: suit by suit, each suit's split with
    /// probability its ways times the ways of the rest, from a cached list per (suit, cards
    /// left from there, needs). The last suit has one split: every seat takes what it still
    /// needs. The tables are drawn together, suit by suit, so that their lookups overlap.
    ///
    /// Each list is found without hashing once it has been used: an end state keeps where
    /// its first suit's list is (`first`), and each split where the next suit's list is.
    pub(super) fn sample<R: RngCore>(
        &mut self,
        rngs: &mut [R],
        ends: &[u32],
        input: impl Fn(u32) -> ([u8; 4], [u8; 4]),
    ) -> Vec<[[u8; 4]; 4]> {
        let n = ends.len();
        let mut needs = vec![[0u8; 4]; n];
        let mut tables = vec![[[0u8; 4]; 4]; n];
        let mut lists = vec![0u32; n];
        // The split each walk picked in the previous suit (its `next` leads on).
        let mut picked = vec![0usize; n];
        for s in 0..3 {
            // A list built may empty the cache and so move the lists found before it: then
            // find them again by their keys (the lists of one batch fit in the cache). Once
            // the cache has been emptied, the splits picked in the suit before are gone: no
            // link is read or made from them.
            let mut by_key = false;
            loop {
                let flushes = self.flushes;
                for i in 0..n {
                    let stale = by_key || self.flushes != flushes;
                    lists[i] = self.list_at(s, ends[i], picked[i], &mut needs[i], stale, &input);
                }
                if self.flushes == flushes {
                    break;
                }
                by_key = true;
            }
            for (i, ((x, need), rng)) in tables
                .iter_mut()
                .zip(&mut needs)
                .zip(rngs.iter_mut())
                .enumerate()
            {
                let at = lists[i];
                let start = (at >> 8) as usize;
                let len = (at & 255) as usize;
                if len == 0 {
                    // No way (the caller checks the ways first): nothing drawn.
                    continue;
                }
                let list = &self.splits[start..start + len];
                let k = if len == 1 {
                    0
                } else {
                    let inner = list[..len - 1].iter().map(|c| c.thresh);
                    match pick::pick_fast(rng.next_u32(), inner) {
                        pick::Fast::Picked(k) => k,
                        // About one pick in 2^32 / (splits − 1): the exact ways decide.
                        pick::Fast::Tie(u) => {
                            let (v, _) = input(ends[i]);
                            let cums: Vec<u128> =
                                self.exact_list(s, v, *need).iter().map(|x| x.1).collect();
                            pick::resolve(rng, u, &cums)
                        }
                    }
                };
                picked[i] = start + k;
                let c = self.splits[start + k].packed;
                for (i, row) in x.iter_mut().enumerate() {
                    row[s] = (c >> (4 * i) & 15) as u8;
                    need[i] -= row[s];
                }
            }
        }
        for (x, n) in tables.iter_mut().zip(&needs) {
            for (row, &n) in x.iter_mut().zip(n) {
                row[3] = n;
            }
        }
        tables
    }

    /// Where the list of suit `s` is for a walk that ended in `end` and picked split
    /// `picked` in the suit before (its needs so far in `need`; at suit 0 they are set from
    /// `input`). Follows the links, or (with `by_key`: the cache was emptied since `picked`
    /// was drawn) the memo key; builds the list if needed and links it, unless building it
    /// emptied the cache.
    fn list_at(
        &mut self,
        s: usize,
        end: u32,
        picked: usize,
        need: &mut [u8; 4],
        by_key: bool,
        input: &impl Fn(u32) -> ([u8; 4], [u8; 4]),
    ) -> u32 {
        if s == 0 {
            let e = end as usize;
            if self.first.len() <= e {
                self.first.resize(e + 1, (NOT_LINKED, [0; 4]));
            }
            let (at, n) = self.first[e];
            if at != NOT_LINKED && !by_key {
                *need = n;
                return at;
            }
            let (v, n) = input(end);
            *need = n;
            let flushes = self.flushes;
            let at = self.list_by_key(s, v, n);
            if self.flushes == flushes {
                self.first[e] = (at, n);
            }
            return at;
        }
        if !by_key {
            let at = self.splits[picked].next;
            if at != NOT_LINKED {
                return at;
            }
        }
        let (v, _) = input(end);
        let flushes = self.flushes;
        let at = self.list_by_key(s, v, *need);
        if !by_key && self.flushes == flushes {
            self.splits[picked].next = at;
        }
        at
    }

    /// Where the list of suit `s` from (cards left `v`, needs `n`) is, built if not cached.
    fn list_by_key(&mut self, s: usize, v: [u8; 4], n: [u8; 4]) -> u32 {
        let key = key(s, v, n);
        match self.list_of.get(&key) {
            Some(&at) => at,
            None => self.list(s, v, n, key),
        }
    }

    /// The splits of suit `s` from (cards left `v`, needs `n`) with positive ways, each
    /// packed (4 bits a drawing seat) with the cumulative ways (split × the rest) of the
    /// list up to it.
    fn exact_list(&mut self, s: usize, v: [u8; 4], n: [u8; 4]) -> Vec<(u32, u128)> {
        let mut splits = Vec::new();
        self.splits(s, v, n, &mut splits);
        let mut list = Vec::new();
        let mut total = 0u128;
        for c in splits {
            let rest: [u8; 4] = std::array::from_fn(|i| n[i] - c[i]);
            let w = ways_of(v[s], &c) * self.from(s + 1, v, rest);
            if w > 0 {
                total += w;
                let packed = c
                    .iter()
                    .enumerate()
                    .fold(0u32, |a, (i, &x)| a | u32::from(x) << (4 * i));
                list.push((packed, total));
            }
        }
        list
    }

    /// Lists and caches the splits of suit `s` from (cards left `v`, needs `n`), memo key
    /// `key`; returns where the list is (start × 256 + length).
    fn list(&mut self, s: usize, v: [u8; 4], n: [u8; 4], key: u64) -> u32 {
        let list = self.exact_list(s, v, n);
        if self.splits.len() + list.len() > self.capacity {
            self.list_of.clear();
            self.splits.clear();
            self.first.clear();
            self.flushes += 1;
        }
        let at = (self.splits.len() as u32) << 8 | list.len() as u32;
        let total = list.last().map_or(0, |x| x.1);
        self.splits.extend(list.iter().map(|&(packed, cum)| Split {
            thresh: pick::stored_threshold(cum, total),
            packed,
            next: NOT_LINKED,
        }));
        self.list_of.insert(key, at);
        at
    }
}

/// A link not made yet (see [`Split::next`]).
const NOT_LINKED: u32 = u32::MAX;

/// The memo key of (suit, the cards left from that suit on, the needs).
fn key(s: usize, v: [u8; 4], need: [u8; 4]) -> u64 {
    (s as u64)
        | v[s..]
            .iter()
            .chain(&need)
            .enumerate()
            .fold(0u64, |a, (i, &x)| a | u64::from(x) << (4 + 4 * i))
}

/// n! for n ≤ 13.
const FACTORIAL: [u128; 14] = {
    let mut f = [1u128; 14];
    let mut i = 1;
    while i < 14 {
        f[i] = f[i - 1] * i as u128;
        i += 1;
    }
    f
};

/// Ways to split `n` distinct cards into groups of the sizes `c` and a leftover group.
fn ways_of(n: u8, c: &[u8; 4]) -> u128 {
    let rest = n - c.iter().sum::<u8>();
    let below: u128 = c
        .iter()
        .chain(std::iter::once(&rest))
        .map(|&x| FACTORIAL[usize::from(x)])
        .product();
    FACTORIAL[usize::from(n)] / below
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::combin::binomial;

    /// Two seats taking 13 cards each from 26: one may take only ♠ ♥, the other any suit.
    #[test]
    fn ways_match_direct_sums() {
        // v = 13 ♠, 13 ♥ only; seat 0 allowed ♠ only, seat 1 anything; needs 5 and 21.
        let mut d = Draw::new(vec![0b0001, 0b1111], false);
        // Seat 0 takes 5 of the 13 spades; seat 1 the rest.
        assert_eq!(d.ways([13, 13, 0, 0], [5, 21, 0, 0]), binomial(13, 5));
        // Both allowed everything: C(26, 5).
        let mut d = Draw::new(vec![0b1111, 0b1111], false);
        assert_eq!(d.ways([13, 13, 0, 0], [5, 21, 0, 0]), binomial(26, 5));
        // With others taking the rest: seat 0 draws 3 of the 13 ♠ + 13 ♥ it may take.
        let mut d = Draw::new(vec![0b0011], true);
        assert_eq!(d.ways([13, 13, 4, 0], [3, 0, 0, 0]), binomial(26, 3));
        // Needs that cannot be met.
        let mut d = Draw::new(vec![0b0001, 0b0010], false);
        assert_eq!(d.ways([3, 3, 0, 0], [4, 2, 0, 0]), 0);
    }

    /// A cache emptied again and again (room for two lists, the most a batch of two walks
    /// needs at once) draws exactly the tables the full cache draws from the same
    /// generators: lists found again by their keys, no link read or made from a split that
    /// is gone.
    #[test]
    fn a_small_cache_draws_the_same_tables() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::SeedableRng;
        let inputs = [
            ([9, 8, 7, 6], [5, 4, 6, 0]),
            ([6, 7, 8, 9], [7, 3, 5, 0]),
            ([8, 8, 8, 6], [6, 6, 6, 0]),
            ([10, 5, 9, 6], [4, 8, 6, 0]),
        ];
        let draw = |capacity: usize| {
            let mut d = Draw::new(vec![0b1110, 0b1101, 0b1011], true);
            d.capacity = capacity;
            let mut all = Vec::new();
            for batch in 0..600u64 {
                let mut rngs: Vec<ChaCha8Rng> = (0..2)
                    .map(|i| ChaCha8Rng::seed_from_u64(batch * 2 + i))
                    .collect();
                let ends = [(batch % 4) as u32, (batch * 3 % 4) as u32];
                all.extend(d.sample(&mut rngs, &ends, |e| inputs[e as usize]));
            }
            let longest = d.list_of.values().map(|at| (at & 255) as usize).max();
            (all, d.flushes, longest.unwrap_or(0))
        };
        let (full, none, longest) = draw(CACHED_SPLITS);
        assert_eq!(none, 0);
        let (small, flushes, _) = draw(2 * longest);
        assert!(flushes > 100, "only {flushes} flushes");
        assert_eq!(small, full);
    }

    /// The cached lists' thresholds are those of the exact list a tied pick resolves
    /// against, split for split, and the linked lists are the ones the memo key finds.
    #[test]
    fn cached_lists_match_the_exact_ways() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::SeedableRng;
        let mut d = Draw::new(vec![0b1110, 0b1101, 0b1011], true);
        let inputs = [([9, 8, 7, 6], [5, 4, 6, 0]), ([6, 7, 8, 9], [7, 3, 5, 0])];
        for &(v, n) in &inputs {
            assert!(d.ways(v, n) > 0);
        }
        let mut rngs: Vec<ChaCha8Rng> = (0..64).map(ChaCha8Rng::seed_from_u64).collect();
        let ends: Vec<u32> = (0..64).map(|i| i % 2).collect();
        let tables = d.sample(&mut rngs, &ends, |e| inputs[e as usize]);
        for (x, &e) in tables.iter().zip(&ends) {
            let (v, n) = inputs[e as usize];
            for (row, &need) in x.iter().zip(&n) {
                assert_eq!(row.iter().sum::<u8>(), need);
            }
            for s in 0..4 {
                assert!(x.iter().map(|r| r[s]).sum::<u8>() <= v[s]);
            }
        }
        let mut checked = 0;
        for &(v, n) in &inputs {
            let at = d.list_by_key(0, v, n);
            let (start, len) = ((at >> 8) as usize, (at & 255) as usize);
            let exact = d.exact_list(0, v, n);
            assert_eq!(exact.len(), len);
            let total = exact.last().unwrap().1;
            let cached = d.splits[start..start + len].to_vec();
            for (split, &(packed, cum)) in cached.iter().zip(&exact) {
                assert_eq!(split.packed, packed);
                if cum < total {
                    assert_eq!(split.thresh, pick::threshold(cum, total));
                }
                // A split a deal went through links to the next suit's list by its key.
                if split.next != NOT_LINKED {
                    let rest: [u8; 4] =
                        std::array::from_fn(|i| n[i] - (packed >> (4 * i) & 15) as u8);
                    assert_eq!(split.next, d.list_by_key(1, v, rest));
                    checked += 1;
                }
            }
        }
        assert!(checked > 0);
    }
}
