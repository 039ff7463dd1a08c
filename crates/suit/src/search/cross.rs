//! A large defender's filter without a global search: each combination is checked against
//! its own row and its own column only.
//!
//! A defender's choice combines the vectors kept for the earlier cards (rows `a`, an antichain
//! without duplicates) with the new card's vectors (columns `b`, an antichain without
//! duplicates on the lies the card can be played on, 127 elsewhere) by the lie-by-lie minimum
//! `c(r, j) = min(a_r, b_j)`. As in [`super::cover`], a row's lies split three ways, the same
//! in every row: `Q` (the card can be played there, no earlier card: 127 in every row), `O`
//! (the card and an earlier card), `P` (an earlier card only): `c(r, j)` is `a_r` on `P`,
//! `min(a_r, b_j)` on `O` and `b_j` on `Q` (the other entries are the same in every
//! combination). The filter keeps `c(r, j)` unless another combination is above it (`≥` and
//! `≠`) or equal to it and earlier (a smaller key `r · cols + j`).
//!
//! **Lemma.** If `c(r2, j2) ≥ c(r, j)` then `c(r2, j) ≥ c(r, j)` and `c(r, j2) ≥ c(r, j)`.
//! On `P`, `c(r2, j)` is `a_r2 ≥ a_r`; on `Q` it is `b_j`; on `O`, `a_r2 ≥ min(a_r2, b_j2) ≥
//! min(a_r, b_j)` and `b_j ≥ min(a_r, b_j)`, so `min(a_r2, b_j) ≥ min(a_r, b_j)`. The same with
//! the roles of rows and columns swapped.
//!
//! **Theorem.** `c(r, j)` is kept exactly when (1) no combination of row `r` is above it or
//! equal to it with a smaller column, (2) no combination of column `j` is above it or equal to
//! it with a smaller row, and (3) no `c(r2, j2)` with `r2 > r`, `j2 > j`, `c(r2, j) = c(r, j)`
//! and `c(r, j2) = c(r, j)` is above it. The three conditions are necessary (each names a
//! combination that rules it out). Sufficient: say `c(r2, j2)` is above `c(r, j)`; by the
//! lemma `c(r2, j)` and `c(r, j2)` are at least `c(r, j)`, so by (1) and (2) both equal it,
//! with `r2 > r` and `j2 > j`, and (3) rules that out (the case `r2 = r` or `j2 = j` is (1) or
//! (2) directly). Say `c(r2, j2)` equals `c(r, j)` and is earlier: `r2 = r` is ruled out by
//! (1), so `r2 < r`; `c(r2, j) ≥ c(r, j)` by the lemma, above it (against (2)) or equal with a
//! smaller row (against (2)).
//!
//! So the filter is computed without comparing combinations of different rows and columns:
//! (1) depends on the row only through `a_r` on `O` (row `r`'s combinations are `a_r` on `P`
//! and the columns clipped to `a_r` on `O`): one small filter of the clipped columns for each
//! distinct `a_r` on `O`; (2) asks whether a row other than `r` dominates `(a_r on P,
//! min(a_r, b_j) on O)` (`c(r2, j) ≥ c(r, j)` exactly then), an [`Index`] query over the rows;
//! (3) compares the few pairs of equal combinations left. The kept combinations are returned
//! in the filter's order (larger sum first, equal sums by key): the same as [`super::cover`]
//! and [`super::pareto_with`] keep, in the same order.
//!
//! In (1), the covering columns' rule of [`super::cover`] first drops the columns a covering
//! column rules out in the row (below it, or equal and later); the rest of the class's
//! columns are clipped, the equal ones merged (the first stands for them) and filtered. A
//! covering column left needs no query in (2): its combination is `a_r` outside `Q`, and no
//! other row is at least `a_r` there (the rows are an antichain without duplicates). The
//! search uses this filter when [`super::cover`] leaves many combinations for the number of
//! classes (`CROSS_RATIO`): (1) costs about a class's filter per class, which on a few
//! holdings with many classes and few combinations left is more than the Pareto filter of
//! those combinations.
//!
//! The queries of (2) in one row share their entries on `P` (`a_r`); a row with several
//! queries looks up the rows at least `a_r` on `P` once ([`Index::at_least_on`]: the chunks
//! of the index with such a row, and their bits), and each query ANDs only the sets of `O`
//! on those chunks ([`Index::each_dominator_among`]). A row is at least `x` exactly when it
//! is at least `x` on `P` and on `O` (`x` is 0 elsewhere), so the rows each query is given
//! are the ones a whole query gives, in the same order (newest first): the same answer,
//! fewer words ANDed when the row has many columns left (Q1084 / A6: 622 222 queries in
//! 84 138 rows at one choice).

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use super::cover::{each_bit, Pruner};
use super::{min_total, pareto, sorted, total, words_of, Index, CANDIDATE_LIMIT, WORK_LIMIT};

/// Queries of condition (2) in one row from which the row's entries on `P` are looked up
/// once ([`Index::at_least_on`]) for all of them.
const PREFIX_FROM: usize = 2;

/// The classes of rows (`width` bytes each, flat) by their entries on `O` (the places of `mask`
/// where the rows are not 127): how many [`keep`]'s own filters of the rows' classes make.
pub(super) fn classes(rows: &[u8], width: usize, mask: &[usize]) -> usize {
    let first = &rows[..width];
    let o: Vec<usize> = mask.iter().copied().filter(|&p| first[p] != 127).collect();
    let mut seen: std::collections::HashSet<Vec<u8>> = std::collections::HashSet::new();
    for a in rows.chunks_exact(width) {
        seen.insert(o.iter().map(|&l| a[l]).collect());
    }
    seen.len()
}

/// The keys (`r · cols + j`) of the combinations a defender's filter keeps, in the filter's
/// order (see the module). `rows` and `cols` flat, `width` bytes each; the first `lies` bytes
/// are lies; the card can be played on the places `mask`. `None` when `work` passes
/// [`WORK_LIMIT`] or more than [`CANDIDATE_LIMIT`] combinations are left after (1).
pub(super) fn keep(
    rows: &[u8],
    cols: &[u8],
    width: usize,
    lies: usize,
    mask: &[usize],
    work: &mut u64,
) -> Option<Vec<u32>> {
    let rn = rows.len() / width;
    let cn = cols.len() / width;
    let first = &rows[..width];
    let mut in_mask = vec![false; width];
    for &p in mask {
        in_mask[p] = true;
    }
    let o: Vec<usize> = mask.iter().copied().filter(|&p| first[p] != 127).collect();
    let q: Vec<usize> = mask.iter().copied().filter(|&p| first[p] == 127).collect();
    let p: Vec<usize> = (0..lies)
        .filter(|&l| !in_mask[l] && first[l] != 127)
        .collect();
    // The clipped columns: `O` then `Q`, padded to whole words.
    let tw = (o.len() + q.len()).div_ceil(8).max(1) * 8;
    // The classes of rows by their entries on `O`.
    let mut class_of = vec![0u32; rn];
    let mut profiles: Vec<Vec<u8>> = Vec::new();
    {
        let mut classes: HashMap<Vec<u8>, u32> = HashMap::new();
        for (r, c) in class_of.iter_mut().enumerate() {
            let a = &rows[r * width..][..width];
            let key: Vec<u8> = o.iter().map(|&l| a[l]).collect();
            *c = match classes.entry(key) {
                Entry::Occupied(e) => *e.get(),
                Entry::Vacant(e) => {
                    let id = profiles.len() as u32;
                    profiles.push(e.key().clone());
                    e.insert(id);
                    id
                }
            };
        }
    }
    *work += (rn * o.len()) as u64;
    // Condition (1), once per class: first the covering columns' rule (see
    // [`super::cover`]), then the filter of the clipped columns left.
    let pruner = Pruner::new(rows, cols, width, lies, mask.to_vec());
    let mut rep = vec![usize::MAX; profiles.len()];
    for (r, &c) in class_of.iter().enumerate().rev() {
        rep[c as usize] = r;
    }
    let mut lefts: Vec<Vec<(u32, bool)>> = Vec::with_capacity(profiles.len());
    let mut clipped: Vec<u8> = Vec::new();
    for (prof, &r) in profiles.iter().zip(&rep) {
        let (cover, _, alive) = pruner.covered(&rows[r * width..][..width], work);
        let mut alive_cols: Vec<u32> = Vec::new();
        each_bit(&alive, |j| alive_cols.push(j as u32));
        clipped.clear();
        clipped.resize(alive_cols.len() * tw, 0);
        for (t, &j) in clipped.chunks_exact_mut(tw).zip(&alive_cols) {
            let b = &cols[j as usize * width..][..width];
            for (i, &l) in o.iter().enumerate() {
                t[i] = prof[i].min(b[l]);
            }
            for (i, &l) in q.iter().enumerate() {
                t[o.len() + i] = b[l];
            }
        }
        *work += (alive_cols.len() * tw) as u64;
        // Equal clipped columns: the first stands for the rest.
        let mut seen: HashMap<&[u8], ()> = HashMap::with_capacity(alive_cols.len());
        let mut uniq: Vec<u32> = Vec::new();
        for (u, t) in clipped.chunks_exact(tw).enumerate() {
            if let Entry::Vacant(e) = seen.entry(t) {
                e.insert(());
                uniq.push(u as u32);
            }
        }
        let sums: Vec<u32> = uniq
            .iter()
            .map(|&u| total(&clipped[u as usize * tw..][..tw]))
            .collect();
        let clipped_ref = &clipped;
        let uniq_ref = &uniq;
        let mut kept = pareto(
            &sums,
            |i| &clipped_ref[uniq_ref[i as usize] as usize * tw..][..tw],
            tw,
            work,
        )?;
        // `uniq` and `alive_cols` are ascending, so is the order of their numbers.
        kept.sort_unstable();
        lefts.push(
            kept.into_iter()
                .map(|i| {
                    let j = alive_cols[uniq[i as usize] as usize];
                    (j, cover[j as usize / 64] >> (j % 64) & 1 == 1)
                })
                .collect(),
        );
        if *work > WORK_LIMIT {
            return None;
        }
    }
    let candidates: usize = class_of.iter().map(|&c| lefts[c as usize].len()).sum();
    if candidates > CANDIDATE_LIMIT {
        return None;
    }
    // Condition (2): the rows indexed.
    let mut index = Index::new(width, rn * 16);
    for r in 0..rn {
        index.push(&rows[r * width..][..width]);
    }
    *work += (rn * width) as u64;
    let mut x = vec![0u8; width];
    let mut later: Vec<u32> = Vec::new();
    let mut eq_maps: Vec<Option<HashMap<Vec<u8>, Vec<u32>>>> = vec![None; profiles.len()];
    let mut keys: Vec<u32> = Vec::new();
    // A row with several queries: the rows at least row `r` on `P` (`x` is `a_r` there in
    // every query of the row), found once, then each query ANDs only the sets of `O` in
    // those chunks. A single query is asked at once (all its sets, most selective first).
    for r in 0..rn {
        let a = &rows[r * width..][..width];
        let left = &lefts[class_of[r] as usize];
        let queries = left.iter().filter(|&&(_, covering)| !covering).count();
        let prefix = (queries >= PREFIX_FROM).then(|| index.at_least_on(a, &p, work));
        for &(j, covering) in left {
            if covering {
                // `c(r, j)` is `a_r` outside `Q`: only row `r` is at least `a_r` there.
                keys.push((r * cn) as u32 + j);
                continue;
            }
            let b = &cols[j as usize * width..][..width];
            for &l in &p {
                x[l] = a[l];
            }
            for &l in &o {
                x[l] = a[l].min(b[l]);
            }
            later.clear();
            let mut rules_out = |r2: usize| {
                if r2 == r {
                    return false;
                }
                let a2 = &rows[r2 * width..][..width];
                let equal =
                    p.iter().all(|&l| a2[l] == a[l]) && o.iter().all(|&l| a2[l].min(b[l]) == x[l]);
                if !equal || r2 < r {
                    return true;
                }
                later.push(r2 as u32);
                false
            };
            let ruled_out = match &prefix {
                Some(among) => index.each_dominator_among(among, &x, &o, work, &mut rules_out),
                None => index.each_dominator(&x, work, &mut rules_out),
            };
            *work += (p.len() + o.len()) as u64;
            if ruled_out {
                continue;
            }
            // Condition (3): the later columns whose combination in row `r` equals this one
            // (the class's columns by their clipped vectors, gathered when first needed).
            if !later.is_empty() {
                let class = class_of[r] as usize;
                let clip = |j: usize| -> Vec<u8> {
                    let b = &cols[j * width..][..width];
                    let prof = &profiles[class];
                    let mut t: Vec<u8> = o
                        .iter()
                        .enumerate()
                        .map(|(i, &l)| prof[i].min(b[l]))
                        .collect();
                    t.extend(q.iter().map(|&l| b[l]));
                    t
                };
                let equal = eq_maps[class].get_or_insert_with(|| {
                    *work += (cn * tw) as u64;
                    let mut m: HashMap<Vec<u8>, Vec<u32>> = HashMap::new();
                    for j2 in 0..cn {
                        m.entry(clip(j2)).or_default().push(j2 as u32);
                    }
                    m
                });
                let here: Vec<u8> = (0..lies).map(|l| a[l].min(b[l])).collect();
                let twins = &equal[&clip(j as usize)];
                let above = twins.iter().filter(|&&j2| j2 > j).any(|&j2| {
                    let b2 = &cols[j2 as usize * width..][..width];
                    later.iter().any(|&r2| {
                        let a2 = &rows[r2 as usize * width..][..width];
                        *work += lies as u64;
                        let mut ge = true;
                        let mut ne = false;
                        for (l, &z) in here.iter().enumerate() {
                            let y = a2[l].min(b2[l]);
                            ge &= y >= z;
                            ne |= y != z;
                        }
                        ge && ne
                    })
                });
                if above {
                    continue;
                }
            }
            keys.push((r * cn) as u32 + j);
        }
        if *work > WORK_LIMIT {
            return None;
        }
    }
    // The filter's order: larger sum first, equal sums by key.
    let rows_w = words_of(rows);
    let cols_w = words_of(cols);
    let ww = width / 8;
    let sums: Vec<u32> = keys
        .iter()
        .map(|&k| {
            let (r, j) = (k as usize / cn, k as usize % cn);
            min_total(&rows_w[r * ww..][..ww], &cols_w[j * ww..][..ww])
        })
        .collect();
    Some(
        sorted(&sums)
            .into_iter()
            .map(|i| keys[i as usize])
            .collect(),
    )
}
