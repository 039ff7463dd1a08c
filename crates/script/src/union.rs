//! Exact sampling from a union of countable parts: the sampler behind conditions like
//! `hcp(north) >= 20 or hcp(south) >= 20`.
//!
//! Karp, Luby and Madras's method: pick part *i* with probability |A_i| / S (S = Σ|A_j|),
//! draw a deal uniformly inside it (the exact engine), keep it with probability 1/m where m
//! is the number of parts holding it. In one such *round* every deal of the union is kept
//! with probability exactly 1/S, so a kept deal is uniform over the union; a round succeeds
//! with probability r = |∪A_i| / S ≥ 1/k.
//!
//! dealer's `generated` count needs no union size either: with q = S / (deals dealer
//! shuffles), a shuffle lands in the union with probability q·r, so the runner draws
//! Geometric(q) shuffles before each round and adds them up until a round succeeds — the
//! total is Geometric(q·r), exactly dealer's law, and independent of the deal kept. Only
//! each part is counted, never their overlaps (whose tables can exceed the engine's budget).

use crate::accel::{self, Nec};
use fairdeal_constrain::combin::below;
use fairdeal_constrain::{BuildError, ConstraintSet, Dealer, Options, SampleError};
use fairdeal_model::Deal;
use rand_chacha::rand_core::RngCore;

/// An exact sampler: one countable set, or a union of them.
#[derive(Debug, Clone)]
pub enum Sampler {
    /// One set, sampled by the engine.
    One(Box<Dealer>),
    /// A union of sets.
    Union(Union),
}

impl Sampler {
    /// One round: a uniform deal of the set, or of the union when the round succeeds.
    pub fn round<R: RngCore>(&mut self, rng: &mut R) -> Result<Option<Deal>, SampleError> {
        match self {
            Sampler::One(d) => d.sample(rng).map(Some),
            Sampler::Union(u) => u.round(rng),
        }
    }
}

#[derive(Debug, Clone)]
struct Part {
    dealer: Dealer,
    /// The part as the engine sees it: `accepts` is the membership test.
    set: ConstraintSet,
    nec: Nec,
    count: u128,
}

/// A union of parts, each with its exact sampler and count.
#[derive(Debug, Clone)]
pub struct Union {
    parts: Vec<Part>,
    /// Σ|A_j|.
    total: u128,
}

impl Union {
    fn round<R: RngCore>(&mut self, rng: &mut R) -> Result<Option<Deal>, SampleError> {
        let mut r = below(rng, self.total);
        let mut i = 0;
        while r >= self.parts[i].count {
            r -= self.parts[i].count;
            i += 1;
        }
        let deal = self.parts[i].dealer.sample(rng)?;
        let m = self.parts.iter().filter(|p| p.set.accepts(&deal)).count() as u128;
        Ok((m <= 1 || below(rng, m) == 0).then_some(deal))
    }

    /// The parts, for descriptions.
    pub fn parts(&self) -> impl Iterator<Item = &Nec> {
        self.parts.iter().map(|p| &p.nec)
    }
}

/// What counting a union of parts gave.
#[derive(Debug)]
pub enum Plan {
    /// No part admits a deal.
    Impossible,
    /// A sampler and S, the sum of its parts' exact sizes (the union's size for one part).
    Ready(Sampler, u128),
    /// Some count exceeded the engine's budget: use something else.
    Unavailable,
}

/// Counts each of `parts` (already narrowed by predealt lengths) given the predealt cards,
/// and builds the union's sampler.
pub fn plan(parts: Vec<Nec>, predeal: &[u64; 4], options: Options) -> Plan {
    type Counted = Option<(Dealer, ConstraintSet, u128)>;
    let count = |nec: &Nec| -> Result<Counted, ()> {
        let Some(set) = accel::constraint_set(nec, predeal) else {
            return Ok(None);
        };
        match Dealer::new(&set, options) {
            Err(BuildError::NoDeal { .. }) => Ok(None),
            Err(_) => Err(()),
            Ok(d) if !d.count().is_exact() => Err(()),
            Ok(d) => {
                let n = d.count().deals;
                Ok((n > 0).then_some((d, set, n)))
            }
        }
    };
    let mut kept = Vec::new();
    for nec in parts {
        match count(&nec) {
            Err(()) => return Plan::Unavailable,
            Ok(None) => {}
            Ok(Some((dealer, set, n))) => kept.push(Part {
                dealer,
                set,
                nec,
                count: n,
            }),
        }
    }
    match kept.len() {
        0 => return Plan::Impossible,
        1 => {
            let p = kept.remove(0);
            return Plan::Ready(Sampler::One(Box::new(p.dealer)), p.count);
        }
        _ => {}
    }
    let total = kept.iter().map(|p| p.count).sum();
    Plan::Ready(Sampler::Union(Union { parts: kept, total }), total)
}
