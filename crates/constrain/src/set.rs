//! Dealing a set of boards from a constraint spec and a seed — the one use case the
//! Constrain page's worker and `fairdeal constrain` share, so that a seed revealed in one
//! gives the same boards in the other.
//!
//! The stream is defined here once: ChaCha8 keyed by the 32-byte seed (stream 0), the
//! engine built with [`SET_OPTIONS`]; a plain spec draws each board from one [`Dealer`], a
//! levelled one draws the whole category order first (as [`Levelled::deal`] does), then each
//! board's deal. Boards come one at a time, so memory does not grow with their number.

use crate::dealer::{BuildError, Dealer, Options, SampleError};
use crate::level::{BoardOrder, LevelError, Levelled, OrderStream};
use crate::spec::{CompileError, Spec};
use fairdeal_model::Deal;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;
use thiserror::Error;

/// The engine options of every set dealt from a seed (the CLI's and the app's alike): a
/// table budget that keeps preparation well under a second, in the browser too.
pub const SET_OPTIONS: Options = Options {
    budget: 50_000_000,
    max_tries: 2_000_000,
    fallback: true,
    whole: false,
};

/// Why a spec cannot be dealt (a set, or the statistics generator).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetError {
    /// The spec's conditions do not compile into a constraint set.
    #[error(transparent)]
    Compile(#[from] CompileError),
    /// The exact engine could not be built (no deal, or over budget for every seat).
    #[error(transparent)]
    Build(#[from] BuildError),
    /// A levelled spec's categories could not be built.
    #[error(transparent)]
    Level(#[from] LevelError),
}

enum Sampler {
    Plain(Box<Dealer>),
    Levelled {
        set: Box<Levelled>,
        order: OrderStream,
        /// The generator as it was before the order's draws: the order is drawn from it
        /// again, board by board, while `rng` (past the order's draws) deals.
        order_rng: Box<ChaCha8Rng>,
    },
}

/// A set being dealt: an iterator of `(category, deal)` in board order (category 0 for a
/// plain spec).
pub struct SetDealer {
    sampler: Sampler,
    rng: ChaCha8Rng,
    left: usize,
    /// A plain set's deals drawn ahead (the next one last), with the error that ended the
    /// draw, if one did: [`Dealer::sample_many`] gives exactly the deals of one call per
    /// board, faster.
    ready: Vec<Deal>,
    failed: Option<SampleError>,
}

/// Most boards a plain set draws ahead: natively enough for the halves to share a batch
/// out among the processor's threads ([`crate::halves`]); in the browser's one thread, few
/// enough that a board is never long in coming.
#[cfg(not(target_arch = "wasm32"))]
const DRAW_AHEAD: usize = 4096;
#[cfg(target_arch = "wasm32")]
const DRAW_AHEAD: usize = 256;

impl SetDealer {
    /// Prepares `boards` boards of `spec` from `seed` (levelled sets in `order`).
    pub fn new(
        spec: &Spec,
        boards: usize,
        order: BoardOrder,
        seed: [u8; 32],
    ) -> Result<SetDealer, SetError> {
        let mut rng = ChaCha8Rng::from_seed(seed);
        let sampler = if spec.categories.is_empty() {
            Sampler::Plain(Box::new(Dealer::new(
                &spec.constraints(None)?,
                SET_OPTIONS,
            )?))
        } else {
            let set = Levelled::new(spec, SET_OPTIONS)?;
            let order_rng = rng.clone();
            let mut skip = set.order_stream(boards, order);
            while skip.next(&set, &mut rng).is_some() {}
            Sampler::Levelled {
                order: set.order_stream(boards, order),
                set: Box::new(set),
                order_rng: Box::new(order_rng),
            }
        };
        Ok(SetDealer {
            sampler,
            rng,
            left: boards,
            ready: Vec::new(),
            failed: None,
        })
    }

    /// Boards still to come.
    pub fn left(&self) -> usize {
        self.left
    }

    /// The plain spec's dealer (its count and acceptance), if the spec is plain.
    pub fn dealer(&self) -> Option<&Dealer> {
        match &self.sampler {
            Sampler::Plain(d) => Some(d),
            Sampler::Levelled { .. } => None,
        }
    }

    /// The levelled set (its category names and weights), if the spec is levelled.
    pub fn levelled(&self) -> Option<&Levelled> {
        match &self.sampler {
            Sampler::Levelled { set, .. } => Some(set),
            Sampler::Plain(_) => None,
        }
    }
}

/// One set of known-answer vectors (see `tests/data/set-vectors.txt`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vector {
    /// The name after `==`.
    pub name: String,
    /// The spec's text.
    pub spec: String,
    /// The first boards: (category, deal in PBN notation).
    pub boards: Vec<(usize, String)>,
}

/// Reads the known-answer vector file: the seed and each named set (for the tests of
/// every front end, which share one file).
pub fn read_vectors(text: &str) -> Option<([u8; 32], Vec<Vector>)> {
    let mut seed = None;
    let mut sets: Vec<Vector> = Vec::new();
    let mut in_boards = false;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(hex) = line.strip_prefix("seed ") {
            let mut b = [0u8; 32];
            for (i, byte) in b.iter_mut().enumerate() {
                *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
            }
            seed = Some(b);
        } else if let Some(name) = line.strip_prefix("== ") {
            sets.push(Vector {
                name: name.to_string(),
                spec: String::new(),
                boards: Vec::new(),
            });
            in_boards = false;
        } else if line == "--" {
            in_boards = true;
        } else if let Some(v) = sets.last_mut() {
            if in_boards {
                let (c, deal) = line.split_once(' ')?;
                v.boards.push((c.parse().ok()?, deal.to_string()));
            } else {
                v.spec.push_str(line);
                v.spec.push('\n');
            }
        }
    }
    Some((seed?, sets))
}

impl Iterator for SetDealer {
    type Item = Result<(usize, Deal), SampleError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        let boards = self.left;
        self.left -= 1;
        Some(match &mut self.sampler {
            Sampler::Plain(d) => {
                if self.ready.is_empty() && self.failed.is_none() {
                    let want = boards.min(DRAW_AHEAD);
                    self.failed = d.sample_many(&mut self.rng, want, &mut self.ready).err();
                    self.ready.reverse();
                }
                match (self.ready.pop(), &self.failed) {
                    (Some(deal), _) => Ok((0, deal)),
                    (None, Some(e)) => Err(e.clone()),
                    // Not reached (a draw gives its deals or an error); one call is the same.
                    (None, None) => d.sample(&mut self.rng).map(|deal| (0, deal)),
                }
            }
            Sampler::Levelled {
                set,
                order,
                order_rng,
            } => {
                let c = order.next(set, &mut **order_rng).unwrap_or(0);
                set.sample(&mut self.rng, c).map(|deal| (c, deal))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    /// The known-answer vectors the app's and the CLI's tests check too.
    #[test]
    fn known_answer_vectors() {
        let (seed, sets) = read_vectors(include_str!("../tests/data/set-vectors.txt")).unwrap();
        assert_eq!(sets.len(), 2);
        for v in sets {
            let spec = parse(&v.spec).unwrap();
            let got: Vec<(usize, String)> =
                SetDealer::new(&spec, v.boards.len(), BoardOrder::Interleaved, seed)
                    .unwrap()
                    .map(|b| b.map(|(c, d)| (c, d.to_string())).unwrap())
                    .collect();
            assert_eq!(got, v.boards, "{}", v.name);
        }
    }

    /// The levelled stream equals `Levelled::deal` on the same generator (the order first,
    /// then the deals), and the plain stream equals the dealer's own draws.
    #[test]
    fn the_stream_is_the_documented_one() {
        let seed = [7u8; 32];
        let spec =
            parse("category weak weight 2\nnorth: hcp 6-9\ncategory strong\nnorth: hcp 16-18")
                .unwrap();
        let got: Vec<(usize, Deal)> = SetDealer::new(&spec, 9, BoardOrder::Interleaved, seed)
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let mut set = Levelled::new(&spec, SET_OPTIONS).unwrap();
        let want = set
            .deal(&mut ChaCha8Rng::from_seed(seed), 9, BoardOrder::Interleaved)
            .unwrap();
        assert_eq!(got, want);

        let spec = parse("north: hcp 15-17, balanced").unwrap();
        let got: Vec<Deal> = SetDealer::new(&spec, 5, BoardOrder::Interleaved, seed)
            .unwrap()
            .map(|b| b.unwrap().1)
            .collect();
        let mut d = Dealer::new(&spec.constraints(None).unwrap(), SET_OPTIONS).unwrap();
        let mut rng = ChaCha8Rng::from_seed(seed);
        let want: Vec<Deal> = (0..5).map(|_| d.sample(&mut rng).unwrap()).collect();
        assert_eq!(got, want);
    }
}
