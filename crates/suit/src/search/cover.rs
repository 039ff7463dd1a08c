//! The combinations at a defender's choice whose fate is known without the Pareto filter's
//! search: those another combination dominates, dropped before the filter without being
//! built, and those sure to be kept, kept without a search for a dominator.
//!
//! A defender's choice combines the vectors kept for the earlier cards (rows `a`, an antichain
//! without duplicates) with the new card's vectors (columns `b`, an antichain without
//! duplicates on the lies the card can be played on, 127 elsewhere) by the lie-by-lie minimum.
//! A row's lies split three ways, the same in every row: `Q`, the lies the card can be played
//! on and no earlier card (127 in every row); `O`, the other lies the card can be played on;
//! `P`, the lies it cannot (there the combination is the row's entry). On `O ∪ Q` a
//! combination is at most its column, and outside `Q` at most its row.
//!
//! **Covering columns** (`b ≥ a` on `O`): the combination is `a` outside `Q` and `b` on `Q`,
//! the most any combination of the row can be outside `Q`. So if `b*` covers `a`, every other
//! column `b` with `b ≤ b*` on `Q` gives a combination the one of `b*` dominates: strictly
//! when `b` does not cover `a` (it is below `a` somewhere on `O`), or equal to it when `b`
//! covers `a` too and matches `b*` on `Q`. Taking the covering columns in column order and
//! skipping those already ruled out, an equal one ruled out comes after the column that rules
//! it out, so the equal one kept is the first in the filter's order. The covering columns left
//! are sure to be kept: a combination of row `a2` dominating one would need `a2 ≥ a` outside
//! `Q`, so `a2 = a`; and in row `a` the other columns left are below `a` somewhere on `O` or,
//! covering, not above it on `Q`.
//!
//! **Columns below the row** (`b ≤ a` on `O`, not covering): the combination is `b` on `O ∪ Q`
//! and `a` on `P`. A combination `c(a2, b2)` dominating it is at least `b` on `O ∪ Q`, so
//! `b2 ≥ b` there: `b2 = b`. It is then `c(a2, b)`, which is at least `c(a, b)` exactly when
//! `a2 ≥ a` on `P` and `a2 ≥ b` on `O`, equal to it exactly when besides `a2 = a` on `P`
//! (an equal combination rules this one out when it comes first: `a2` before `a`). So such a
//! combination is decided here, kept (sure) or dropped, by looking at the rows alone.
//!
//! Removing candidates that a combination dominates (or equals, earlier in the order) leaves
//! the filter's result unchanged, and a candidate sure to be kept is kept by the filter: the
//! same vectors are kept, in the same order.
//!
//! When the combinations left are many for the rows' classes, the search filters them with
//! [`super::cross`] instead, which uses the covering columns' rule ([`Pruner::covered`]) in
//! each row's own filter.

/// Levels of an entry: 0..=13 tricks.
const LEVELS: usize = 13;

/// Vectors as bitsets: for each of some lies and each level `t` in `1..=13`, the vectors whose
/// entry there is at least `t` (127, no limit, reaches every level).
struct Levels {
    /// Vectors indexed.
    count: usize,
    /// Words per bitset.
    words: usize,
    /// Bitset `(i, t)` at `(i · 13 + t − 1) · words`, `i` the lie's place in `lies`.
    bits: Vec<u64>,
    /// The lies indexed (places in a vector).
    lies: Vec<usize>,
}

impl Levels {
    /// Indexes the `count` vectors of `width` bytes, flat in `flat`, on the places `lies`.
    fn new(flat: &[u8], width: usize, count: usize, lies: Vec<usize>) -> Levels {
        let words = count.div_ceil(64);
        let mut bits = vec![0u64; lies.len() * LEVELS * words];
        for j in 0..count {
            let v = &flat[j * width..][..width];
            let (w, bit) = (j / 64, 1u64 << (j % 64));
            for (i, &p) in lies.iter().enumerate() {
                let x = (v[p] as usize).min(LEVELS);
                for t in 1..=x {
                    bits[((i * LEVELS) + t - 1) * words + w] |= bit;
                }
            }
        }
        Levels {
            count,
            words,
            bits,
            lies,
        }
    }

    /// The vectors whose entry on lie place `i` is at least `t` (`1..=13`).
    fn at_least(&self, i: usize, t: usize) -> &[u64] {
        &self.bits[((i * LEVELS) + t - 1) * self.words..][..self.words]
    }

    /// Every vector.
    fn all(&self) -> Vec<u64> {
        (0..self.words)
            .map(|w| match self.count - w * 64 {
                left if left >= 64 => !0,
                left => (1u64 << left) - 1,
            })
            .collect()
    }
}

/// Calls `f` on each set bit's number, in order.
pub(super) fn each_bit(set: &[u64], mut f: impl FnMut(usize)) {
    for (w, &word) in set.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            f(w * 64 + word.trailing_zeros() as usize);
            word &= word - 1;
        }
    }
}

/// One defender's card at a position: the rows and columns, indexed.
pub(super) struct Pruner<'a> {
    /// The rows, `width` bytes each, flat.
    rows: &'a [u8],
    /// The columns, `width` bytes each, flat.
    cols: &'a [u8],
    width: usize,
    /// The columns on the lies the card can be played on.
    columns: Levels,
    /// The places of `O` (see the module).
    o: Vec<usize>,
    /// The rows on the lies of `P`, indexed when first needed.
    by_row: Option<Levels>,
    /// The places of `P`.
    p: Vec<usize>,
}

impl<'a> Pruner<'a> {
    /// `rows` and `cols` flat, `width` bytes each; `lies` vectors' entries are lies (the rest
    /// is padding); the card can be played on the places `mask`.
    pub(super) fn new(
        rows: &'a [u8],
        cols: &'a [u8],
        width: usize,
        lies: usize,
        mask: Vec<usize>,
    ) -> Pruner<'a> {
        let count = cols.len() / width;
        let first = &rows[..width];
        let o = mask.iter().copied().filter(|&p| first[p] != 127).collect();
        let p = (0..lies)
            .filter(|&p| first[p] != 127 && !mask.contains(&p))
            .collect();
        Pruner {
            rows,
            cols,
            width,
            columns: Levels::new(cols, width, count, mask),
            o,
            by_row: None,
            p,
        }
    }

    fn row(&self, r: usize) -> &'a [u8] {
        &self.rows[r * self.width..][..self.width]
    }

    fn col(&self, j: usize) -> &'a [u8] {
        &self.cols[j * self.width..][..self.width]
    }

    /// Appends to `out` the columns of row `r` left to the filter (see the module), in column
    /// order, each with whether it is sure to be kept. Adds the words ANDed and the entries
    /// compared to `work`.
    pub(super) fn survivors(&mut self, r: usize, out: &mut Vec<(u32, bool)>, work: &mut u64) {
        let a = self.row(r);
        let (cover, below, mut alive) = self.covered(a, work);
        // The columns below `a` left, not covering it: decided by the rows above `a` on `P`.
        let mut below = below;
        let mut sure = cover;
        for ((b, &c), &l) in below.iter_mut().zip(&sure).zip(&alive) {
            *b &= !c & l;
        }
        if below.iter().any(|&w| w != 0) {
            let above = self.rows_above(r, work);
            each_bit(&below, |j| {
                let b = self.col(j);
                let ruled_out = above.iter().any(|&(r2, differs)| {
                    let a2 = self.row(r2);
                    *work += self.o.len() as u64;
                    (differs || r2 < r) && self.o.iter().all(|&p| a2[p] >= b[p])
                });
                let bit = 1u64 << (j % 64);
                if ruled_out {
                    alive[j / 64] &= !bit;
                } else {
                    sure[j / 64] |= bit;
                }
            });
        }
        for (w, (&live, &known)) in alive.iter().zip(&sure).enumerate() {
            let mut word = live;
            while word != 0 {
                let bit = word.trailing_zeros();
                out.push(((w * 64) as u32 + bit, known >> bit & 1 == 1));
                word &= word - 1;
            }
        }
    }

    /// For a row `a` (only its entries on `O` matter): the columns covering it, the columns
    /// below it, and the columns the covering ones leave (see the module), as bitsets over the
    /// columns. The columns ruled out are each below a covering column left on `Q`, or equal
    /// to one earlier in column order, in row `a`'s combinations.
    pub(super) fn covered(&self, a: &[u8], work: &mut u64) -> (Vec<u64>, Vec<u64>, Vec<u64>) {
        let columns = &self.columns;
        let words = columns.words as u64;
        // The columns covering `a`, those below it, and the places of `Q`.
        let mut cover = columns.all();
        let mut below = columns.all();
        let mut open: Vec<usize> = Vec::new();
        for (i, &p) in columns.lies.iter().enumerate() {
            let x = a[p] as usize;
            if x == 127 {
                open.push(i);
                continue;
            }
            if x > 0 {
                for (c, &s) in cover.iter_mut().zip(columns.at_least(i, x)) {
                    *c &= s;
                }
                *work += words;
            }
            if x < LEVELS {
                for (c, &s) in below.iter_mut().zip(columns.at_least(i, x + 1)) {
                    *c &= !s;
                }
                *work += words;
            }
        }
        let mut alive = columns.all();
        let mut under = vec![0u64; cover.len()];
        each_bit(&cover.clone(), |j| {
            if alive[j / 64] >> (j % 64) & 1 == 0 {
                return;
            }
            // The columns at most column `j` on every lie of `Q`: ruled out.
            under.copy_from_slice(&columns.all());
            let b = &self.cols[j * self.width..][..self.width];
            for &i in &open {
                let t = b[columns.lies[i]] as usize + 1;
                if t <= LEVELS {
                    for (x, &s) in under.iter_mut().zip(columns.at_least(i, t)) {
                        *x &= !s;
                    }
                    *work += words;
                }
            }
            for (x, &s) in alive.iter_mut().zip(&under) {
                *x &= !s;
            }
            alive[j / 64] |= 1 << (j % 64);
        });
        (cover, below, alive)
    }

    /// The rows other than `r` at least row `r` on `P`, each with whether it differs from row
    /// `r` there (so that its combinations are above, not equal).
    fn rows_above(&mut self, r: usize, work: &mut u64) -> Vec<(usize, bool)> {
        let (rows, width, p) = (self.rows, self.width, &self.p);
        let index = self
            .by_row
            .get_or_insert_with(|| Levels::new(rows, width, rows.len() / width, p.clone()));
        let a = &rows[r * width..][..width];
        let mut set = index.all();
        for (i, &l) in index.lies.iter().enumerate() {
            let x = a[l] as usize;
            if x > 0 {
                for (c, &s) in set.iter_mut().zip(index.at_least(i, x.min(LEVELS))) {
                    *c &= s;
                }
                *work += index.words as u64;
            }
        }
        let mut out = Vec::new();
        each_bit(&set, |r2| {
            if r2 != r {
                let a2 = &rows[r2 * width..][..width];
                out.push((r2, p.iter().any(|&l| a2[l] != a[l])));
            }
        });
        out
    }
}
