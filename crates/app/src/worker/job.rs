//! A constrained batch dealt in chunks: the runner both the worker and the page use.
//!
//! [`Job::new`] parses the spec, builds the exact dealer (one per category for a levelled
//! set, boards assigned to categories interleaved by weight) and keys ChaCha20 with the
//! seed; [`Job::step`] deals up to `n` more boards. Everything is deterministic in the seed.

use super::protocol::{pack, PackedBoard};
use fairdeal_constrain::{parse, BoardOrder, Dealer, Levelled, Options};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// Dealer tuning used by the app: a smaller table budget than the CLI's so that the live
/// count stays interactive; sets beyond it fall back to rejection (and say so).
pub const APP_OPTIONS: Options = Options {
    budget: 50_000_000,
    max_tries: 2_000_000,
    fallback: true,
};

/// The most boards one batch may hold.
pub const MAX_BOARDS: u32 = 20_000;

/// Boards dealt between two progress reports (and cancel checks) in the worker.
pub const CHUNK: u32 = 25;

enum Sampler {
    Plain(Box<Dealer>),
    Levelled {
        levelled: Box<Levelled>,
        order: Vec<usize>,
    },
}

/// A batch in progress.
pub struct Job {
    sampler: Sampler,
    rng: ChaCha20Rng,
    total: u32,
    boards: Vec<PackedBoard>,
}

impl Job {
    /// Parses and builds; the error is a message for the user.
    pub fn new(spec: &str, boards: u32, seed: [u8; 32]) -> Result<Job, String> {
        if boards == 0 || boards > MAX_BOARDS {
            return Err(format!("expected 1 to {MAX_BOARDS} boards, got {boards}"));
        }
        let parsed = parse(spec).map_err(|e| e.render(spec))?;
        let mut rng = ChaCha20Rng::from_seed(seed);
        let sampler = if parsed.categories.is_empty() {
            let set = parsed.constraints(None).map_err(|e| e.to_string())?;
            Sampler::Plain(Box::new(
                Dealer::new(&set, APP_OPTIONS).map_err(|e| e.to_string())?,
            ))
        } else {
            let levelled = Levelled::new(&parsed, APP_OPTIONS).map_err(|e| e.to_string())?;
            let order = levelled.order(&mut rng, boards as usize, BoardOrder::Interleaved);
            Sampler::Levelled {
                levelled: Box::new(levelled),
                order,
            }
        };
        Ok(Job {
            sampler,
            rng,
            total: boards,
            boards: Vec::with_capacity(boards as usize),
        })
    }

    /// Deals up to `n` more boards; true once the batch is complete.
    pub fn step(&mut self, n: u32) -> Result<bool, String> {
        for _ in 0..n {
            let i = self.boards.len();
            if i >= self.total as usize {
                break;
            }
            let (category, deal) = match &mut self.sampler {
                Sampler::Plain(d) => (0, d.sample(&mut self.rng)),
                Sampler::Levelled { levelled, order } => {
                    let c = order.get(i).copied().unwrap_or(0);
                    (c, levelled.sample(&mut self.rng, c))
                }
            };
            let deal = deal.map_err(|e| e.to_string())?;
            self.boards.push(PackedBoard {
                category: u16::try_from(category).unwrap_or(u16::MAX),
                deal: pack(&deal),
            });
        }
        Ok(self.is_done())
    }

    /// True when every board is dealt.
    pub fn is_done(&self) -> bool {
        self.boards.len() >= self.total as usize
    }

    /// Boards dealt so far.
    pub fn done(&self) -> u32 {
        self.boards.len() as u32
    }

    /// Boards asked for.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// The boards dealt, in order.
    pub fn into_boards(self) -> Vec<PackedBoard> {
        self.boards
    }
}
