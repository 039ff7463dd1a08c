//! The states between two steps of the chain, with their completion counts, and the index
//! that finds a state. A state is stored packed into one `u128` (mixed radix over the ranges
//! of its components in that layer); a finished layer keeps its packed states sorted, found by
//! binary search, or by a dense array over the packed values when the key space is small and
//! not much sparser than the states.

use super::MAX_COUNTERS;
use rustc_hash::FxHashSet;

/// A state of the chain: each seat's automaton state (for a loose seat: its cards so far),
/// each tracked total, and the suit in progress (`aux`: a seat's high cards in the suit
/// before its spot step, its length in the suit after it while a fit still needs it;
/// `taken`: spot cards of the suit dealt so far).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Key {
    pub(super) dfa: [u16; 4],
    pub(super) ctr: [u8; MAX_COUNTERS],
    pub(super) aux: [u8; 4],
    pub(super) taken: u8,
}

/// The range of every key component in one layer (each value is below its radix).
#[derive(Debug, Clone, Default)]
pub(super) struct Radix {
    pub(super) dfa: Vec<usize>,
    pub(super) ctr: Vec<usize>,
    pub(super) aux: Vec<usize>,
    pub(super) taken: usize,
}

impl Radix {
    fn all(&self) -> impl Iterator<Item = usize> + '_ {
        self.dfa
            .iter()
            .chain(&self.ctr)
            .chain(&self.aux)
            .chain(std::iter::once(&self.taken))
            .map(|&r| r.max(1))
    }

    /// The number of packed values, if it fits a `u128`.
    pub(super) fn size(&self) -> Option<u128> {
        self.all().try_fold(1u128, |a, r| a.checked_mul(r as u128))
    }
}

/// The states after some steps.
#[derive(Debug, Clone, Default)]
pub(super) struct Layer {
    radix: Radix,
    /// Packed states; sorted once the layer is finished.
    keys: Vec<u128>,
    filling: FxHashSet<u128>,
    dense: Vec<u32>,
    /// Completion count of each state.
    pub(super) comp: Vec<u128>,
}

impl Layer {
    /// An empty layer to fill with [`Layer::insert`]; `radix.size()` must be `Some`.
    pub(super) fn new(radix: Radix) -> Layer {
        Layer {
            radix,
            ..Layer::default()
        }
    }

    /// Ends the filling: sorts the states, and indexes them densely when the key space has at
    /// most `dense_max` entries and at most eight per state.
    pub(super) fn finish(&mut self, dense_max: usize) {
        self.keys = self.filling.drain().collect();
        self.filling = FxHashSet::default();
        self.keys.sort_unstable();
        self.keys.shrink_to_fit();
        let size = self.radix.size().unwrap_or(u128::MAX);
        let sparse_limit = (8 * self.keys.len()).max(1 << 12) as u128;
        if size <= dense_max as u128 && size <= sparse_limit {
            let mut dense = vec![u32::MAX; size as usize];
            for (i, &p) in self.keys.iter().enumerate() {
                dense[p as usize] = i as u32;
            }
            self.dense = dense;
        }
    }

    fn pack(&self, k: &Key) -> u128 {
        let r = &self.radix;
        let mut p = 0u128;
        let mut push = |x: usize, v: usize| p = p * x.max(1) as u128 + v as u128;
        for (j, &x) in r.dfa.iter().enumerate() {
            push(x, usize::from(k.dfa[j]));
        }
        for (j, &x) in r.ctr.iter().enumerate() {
            push(x, usize::from(k.ctr[j]));
        }
        for (j, &x) in r.aux.iter().enumerate() {
            push(x, usize::from(k.aux[j]));
        }
        push(r.taken, usize::from(k.taken));
        p
    }

    fn unpack(&self, mut p: u128) -> Key {
        let r = &self.radix;
        let mut k = Key {
            dfa: [0; 4],
            ctr: [0; MAX_COUNTERS],
            aux: [0; 4],
            taken: 0,
        };
        let mut pop = |x: usize| {
            let x = x.max(1) as u128;
            let v = p % x;
            p /= x;
            v
        };
        k.taken = pop(r.taken) as u8;
        for (j, &x) in r.aux.iter().enumerate().rev() {
            k.aux[j] = pop(x) as u8;
        }
        for (j, &x) in r.ctr.iter().enumerate().rev() {
            k.ctr[j] = pop(x) as u8;
        }
        for (j, &x) in r.dfa.iter().enumerate().rev() {
            k.dfa[j] = pop(x) as u16;
        }
        k
    }

    /// Number of states.
    pub(super) fn len(&self) -> usize {
        self.keys.len()
    }

    /// The state at an index.
    pub(super) fn key(&self, i: usize) -> Key {
        self.unpack(self.keys[i])
    }

    /// The states in index order.
    pub(super) fn keys(&self) -> impl Iterator<Item = Key> + '_ {
        self.keys.iter().map(|&p| self.unpack(p))
    }

    /// The index of a state known to be in the (finished) layer.
    pub(super) fn get(&self, k: &Key) -> u32 {
        let p = self.pack(k);
        if self.dense.is_empty() {
            self.keys.binary_search(&p).map_or(u32::MAX, |i| i as u32)
        } else {
            self.dense[p as usize]
        }
    }

    /// Adds a state (once), while the layer is being filled.
    pub(super) fn insert(&mut self, k: Key) {
        let p = self.pack(&k);
        self.filling.insert(p);
    }

    /// States added so far while filling.
    pub(super) fn filled(&self) -> usize {
        self.filling.len()
    }

    /// True if the finished layer has a dense index.
    #[cfg(test)]
    pub(super) fn is_dense(&self) -> bool {
        !self.dense.is_empty()
    }

    /// Bytes of the dense index (0 without one).
    pub(super) fn index_bytes(&self) -> usize {
        self.dense.len() * 4
    }

    /// Bytes held by the states, their counts and the index.
    pub(super) fn bytes(&self) -> usize {
        self.dense.len() * 4
            + self.filling.capacity() * 16
            + self.keys.capacity() * 16
            + self.comp.capacity() * 16
    }
}
