//! Levelled sets: named categories with weights, each sampled exactly.
//!
//! A constraint file with `category` sections describes a levelled set: each category is
//! the common statements plus its own. [`Levelled`] builds one exact [`Dealer`] per
//! category, picks a category for each board by weight (equal weights by default) and
//! samples inside it — no rejection between categories. [`BoardOrder::Interleaved`] makes
//! every category appear (in proportion to its weight) within each block of boards, the
//! blocks shuffled, so short sets still show every category. Orders and deals can be drawn
//! lazily ([`Levelled::order_stream`], [`Levelled::deal_stream`]), so neither the number of
//! boards nor the weights (up to 2³²−1 each) make a list in memory.

use crate::combin::{below, choose_front, gcd};
use crate::dealer::{BuildError, Dealer, Options, SampleError};
use crate::spec::{CompileError, Spec};
use fairdeal_model::Deal;
use rand_core::RngCore;
use thiserror::Error;

/// How boards are assigned to categories.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardOrder {
    /// Each board picks a category independently, by weight.
    Random,
    /// Blocks of Σ(weight / g) boards hold each category weight / g times (g = gcd of the
    /// weights), in shuffled order.
    Interleaved,
}

/// Why a levelled set could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LevelError {
    /// The file has no `category` sections.
    #[error("the file has no categories; add `category NAME` sections for a levelled set")]
    NoCategories,
    /// A category's statements are inconsistent.
    #[error("category `{name}`: {source}")]
    Compile {
        /// Category name.
        name: String,
        /// The error.
        source: CompileError,
    },
    /// A category's dealer could not be built (for instance: no deal satisfies it).
    #[error("category `{name}`: {source}")]
    Build {
        /// Category name.
        name: String,
        /// The error.
        source: BuildError,
    },
}

/// One dealer per category, with weights.
#[derive(Debug, Clone)]
pub struct Levelled {
    names: Vec<String>,
    weights: Vec<u32>,
    dealers: Vec<Dealer>,
}

impl Levelled {
    /// Builds every category of `spec`.
    pub fn new(spec: &Spec, options: Options) -> Result<Levelled, LevelError> {
        if spec.categories.is_empty() {
            return Err(LevelError::NoCategories);
        }
        let mut dealers = Vec::new();
        for (i, c) in spec.categories.iter().enumerate() {
            let set = spec
                .constraints(Some(i))
                .map_err(|source| LevelError::Compile {
                    name: c.name.clone(),
                    source,
                })?;
            let d = Dealer::new(&set, options).map_err(|source| LevelError::Build {
                name: c.name.clone(),
                source,
            })?;
            dealers.push(d);
        }
        Ok(Levelled {
            names: spec.categories.iter().map(|c| c.name.clone()).collect(),
            weights: spec.categories.iter().map(|c| c.weight).collect(),
            dealers,
        })
    }

    /// Category names, in file order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The dealer of category `i`.
    pub fn dealer(&self, i: usize) -> Option<&Dealer> {
        self.dealers.get(i)
    }

    /// A category index chosen by weight.
    pub fn pick<R: RngCore + ?Sized>(&self, rng: &mut R) -> usize {
        let total: u128 = self.weights.iter().map(|&w| u128::from(w)).sum();
        let mut r = below(rng, total);
        for (i, &w) in self.weights.iter().enumerate() {
            if r < u128::from(w) {
                return i;
            }
            r -= u128::from(w);
        }
        self.weights.len() - 1
    }

    /// Category indices for `n` boards (the whole list; see [`Levelled::order_stream`] for
    /// the same draws one board at a time).
    pub fn order<R: RngCore + ?Sized>(
        &self,
        rng: &mut R,
        n: usize,
        order: BoardOrder,
    ) -> Vec<usize> {
        let mut stream = self.order_stream(n, order);
        let mut out = Vec::with_capacity(n.min(1 << 20));
        while let Some(c) = stream.next(self, rng) {
            out.push(c);
        }
        out
    }

    /// The category order for `n` boards, drawn lazily: memory does not grow with `n` nor
    /// with the weights.
    pub fn order_stream(&self, n: usize, order: BoardOrder) -> OrderStream {
        let g = self
            .weights
            .iter()
            .fold(0u128, |a, &w| gcd(a, u128::from(w)))
            .max(1);
        let per_block: Vec<u128> = self.weights.iter().map(|&w| u128::from(w) / g).collect();
        OrderStream {
            order,
            left: n,
            per_block,
            shuffled: Vec::new(),
            next_in_block: 0,
            remaining: Vec::new(),
        }
    }

    /// A deal of category `i`, uniform within it.
    pub fn sample<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        i: usize,
    ) -> Result<Deal, SampleError> {
        let last = self.dealers.len() - 1;
        self.dealers[i.min(last)].sample(rng)
    }

    /// `n` boards: (category index, deal) in board order.
    pub fn deal<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        n: usize,
        order: BoardOrder,
    ) -> Result<Vec<(usize, Deal)>, SampleError> {
        let cats = self.order(rng, n, order);
        cats.into_iter()
            .map(|c| Ok((c, self.sample(rng, c)?)))
            .collect()
    }

    /// The boards of [`Levelled::deal`], exactly the same for the same generator, one at a
    /// time: for any `n`, memory stays constant. The order's draws come first in the stream
    /// (as in `deal`), so they are made twice — once to find where the deals' draws start,
    /// once, from a copy of the generator, while dealing.
    pub fn deal_stream<'a, R: RngCore + Clone>(
        &'a mut self,
        rng: &'a mut R,
        n: usize,
        order: BoardOrder,
    ) -> impl Iterator<Item = Result<(usize, Deal), SampleError>> + 'a {
        let mut order_rng = rng.clone();
        let mut skip = self.order_stream(n, order);
        while skip.next(self, rng).is_some() {}
        let mut cats = self.order_stream(n, order);
        std::iter::from_fn(move || {
            let c = cats.next(self, &mut order_rng)?;
            Some(self.sample(rng, c).map(|d| (c, d)))
        })
    }
}

/// Interleaving blocks up to this many boards are shuffled whole (as a list); longer blocks
/// (huge weights) are drawn board by board from the counts left in the block.
const SHUFFLE_BLOCK_LIMIT: u128 = 1 << 16;

/// The category order of a levelled set, one board at a time ([`Levelled::order_stream`]).
///
/// `Interleaved` blocks hold category *i* `weight_i / g` times. A block of at most
/// [`SHUFFLE_BLOCK_LIMIT`] boards is listed and shuffled whole; a longer one is never listed:
/// each board takes category *i* with probability (copies of *i* left) / (boards left in the
/// block) — the same distribution as a shuffled list, in memory proportional to the number
/// of categories.
#[derive(Debug, Clone)]
pub struct OrderStream {
    order: BoardOrder,
    left: usize,
    per_block: Vec<u128>,
    shuffled: Vec<usize>,
    next_in_block: usize,
    remaining: Vec<u128>,
}

impl OrderStream {
    /// The next board's category, or `None` after the `n` boards.
    pub fn next<R: RngCore + ?Sized>(&mut self, set: &Levelled, rng: &mut R) -> Option<usize> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let total: u128 = self.per_block.iter().sum();
        if self.order == BoardOrder::Random || total == 0 {
            return Some(set.pick(rng));
        }
        if total <= SHUFFLE_BLOCK_LIMIT {
            if self.next_in_block >= self.shuffled.len() {
                self.shuffled = self
                    .per_block
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &k)| std::iter::repeat_n(i, k as usize))
                    .collect();
                let len = self.shuffled.len();
                choose_front(rng, &mut self.shuffled, len);
                self.next_in_block = 0;
            }
            let c = self.shuffled[self.next_in_block];
            self.next_in_block += 1;
            return Some(c);
        }
        let mut left_in_block: u128 = self.remaining.iter().sum();
        if left_in_block == 0 {
            self.remaining.clone_from(&self.per_block);
            left_in_block = total;
        }
        let mut r = below(rng, left_in_block);
        for (i, k) in self.remaining.iter_mut().enumerate() {
            if r < *k {
                *k -= 1;
                return Some(i);
            }
            r -= *k;
        }
        Some(self.per_block.len() - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn set(text: &str) -> Levelled {
        Levelled::new(&parse(text).expect("parses"), Options::default()).expect("builds")
    }

    #[test]
    fn huge_weights_are_never_listed() {
        // Before: an interleaving block of 4e9 + 1 entries was built for a 10-board set.
        let l = set("category many weight 4000000000\ncategory one\n");
        let mut rng = ChaCha8Rng::from_seed([7; 32]);
        let cats = l.order(&mut rng, 10, BoardOrder::Interleaved);
        assert_eq!(cats.len(), 10);
        assert!(cats.iter().all(|&c| c < 2));
        // A block of 3 (weights 2:1) at the large-block path's scale: every full block holds
        // the weights exactly.
        let l = set("category a weight 200000\ncategory b weight 100000\n");
        let cats = l.order(&mut rng, 300_000, BoardOrder::Interleaved);
        assert_eq!(cats.iter().filter(|&&c| c == 1).count(), 100_000);
    }

    #[test]
    fn stream_equals_list() {
        let text = "category a weight 3\nnorth: spades 5+\ncategory b weight 2\nnorth: hcp 10+\n";
        for order in [BoardOrder::Interleaved, BoardOrder::Random] {
            let mut l = set(text);
            let mut r1 = ChaCha8Rng::from_seed([3; 32]);
            let listed = l.deal(&mut r1, 23, order).expect("deals");
            let mut r2 = ChaCha8Rng::from_seed([3; 32]);
            let streamed: Vec<_> = l
                .deal_stream(&mut r2, 23, order)
                .collect::<Result<_, _>>()
                .expect("deals");
            assert_eq!(listed, streamed);
        }
    }
}
