//! Levelled sets: named categories with weights, each sampled exactly.
//!
//! A constraint file with `category` sections describes a levelled set: each category is
//! the common statements plus its own. [`Levelled`] builds one exact [`Dealer`] per
//! category, picks a category for each board by weight (equal weights by default) and
//! samples inside it — no rejection between categories. [`BoardOrder::Interleaved`] makes
//! every category appear (in proportion to its weight) within each block of boards, the
//! blocks shuffled, so short sets still show every category.

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

    /// Category indices for `n` boards.
    pub fn order<R: RngCore + ?Sized>(
        &self,
        rng: &mut R,
        n: usize,
        order: BoardOrder,
    ) -> Vec<usize> {
        match order {
            BoardOrder::Random => (0..n).map(|_| self.pick(rng)).collect(),
            BoardOrder::Interleaved => {
                let g = self
                    .weights
                    .iter()
                    .fold(0u128, |a, &w| gcd(a, u128::from(w)))
                    .max(1) as u32;
                let block: Vec<usize> = self
                    .weights
                    .iter()
                    .enumerate()
                    .flat_map(|(i, &w)| std::iter::repeat_n(i, (w / g) as usize))
                    .collect();
                let mut out = Vec::with_capacity(n);
                while out.len() < n {
                    let mut b = block.clone();
                    let len = b.len();
                    choose_front(rng, &mut b, len);
                    out.extend(b.into_iter().take(n - out.len()));
                }
                out
            }
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
}
