//! The states between two steps of the chain, with their completion counts, and the index
//! that finds a state. A state is stored packed into one `u128` (mixed radix over the ranges
//! of its components in that layer); a finished layer keeps its packed states sorted, found by
//! binary search, or by a dense array over the packed values when the key space is small and
//! not much sparser than the states.
//!
//! While a layer fills, its packed states go into one vector in insertion order, found again
//! through a hash table of their positions (`hashbrown::HashTable<u32>`: 4 bytes and a
//! control byte a slot, instead of a map's 33), and [`Layer::finish`] sorts that vector in
//! place with each insertion number packed below its state. So a layer never holds its
//! states twice over, and the tables' memory bound (which counts 32 bytes a state being
//! filled) is close to what the process really holds.
//!
//! A pass that looks up the states of a finished layer without a dense index (the backward
//! pass, where no successor edges were kept) indexes them by hash for the pass: a map from
//! state to position where the tables' bound leaves room for it, else the positions alone
//! (a seventh of the room, one more load a lookup), so the pass stays within the bound.

use super::MAX_COUNTERS;
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::Hasher;

/// The hash of a packed state.
fn hash(p: u128) -> u64 {
    let mut h = FxHasher::default();
    h.write_u128(p);
    h.finish()
}

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
    /// Every packed value fits a `u64`.
    small: bool,
    /// Packed states; sorted once the layer is finished.
    keys: Vec<u128>,
    /// While filling a key space above [`DIRECT_MAX`] values: the insertion number of each
    /// state of `inserted`, hashed by the state.
    filling: HashTable<u32>,
    /// While filling a key space of at most [`DIRECT_MAX`] values: insertion number + 1 of
    /// each packed value (0: absent).
    direct: Vec<u32>,
    /// While filling: the packed states in insertion order.
    inserted: Vec<u128>,
    /// The direct table once finished, zeroed, until [`Layer::take_scratch`].
    spare: Vec<u32>,
    dense: Vec<u32>,
    /// While a pass looks states up: see [`Layer::with_lookup`].
    lookup: Lookup,
    /// Completion count of each state.
    pub(super) comp: Vec<u128>,
}

/// The index of a finished layer's states for a run of lookups ([`Layer::with_lookup`]).
#[derive(Debug, Clone, Default)]
enum Lookup {
    /// None: binary search (or the dense index).
    #[default]
    None,
    /// A map from the state to its position: one load finds both (about 33 bytes a slot).
    Map(FxHashMap<u128, u32>),
    /// The positions only, hashed by the state, which is read from `keys` (5 bytes a slot:
    /// a second load, a seventh of the room).
    Compact(HashTable<u32>),
}

/// Bytes of a `hashbrown` table of `n` entries with `slot` bytes a slot (its buckets: the
/// next power of two at or above 8/7 of the entries, each with a control byte).
fn hash_table_bytes(n: usize, slot: usize) -> usize {
    (n.max(1) * 8 / 7 + 1).next_power_of_two() * (slot + 1)
}

/// Largest key space filled through a direct table (4 bytes per packed value, zeroed lazily
/// by the allocator) instead of a hash map.
const DIRECT_MAX: u128 = 1 << 22;

impl Layer {
    /// An empty layer to fill with [`Layer::insert`]; `radix.size()` must be `Some`.
    /// `direct`: fill a small key space through a direct table, given the number of states
    /// of the layer before (the table is used when it is not much sparser than that) and a
    /// zeroed scratch table to use (grown as needed; [`Layer::finish`] zeroes it again and
    /// [`Layer::take_scratch`] gives it back), so that one allocation serves every layer.
    pub(super) fn new(radix: Radix, direct: Option<(usize, &mut Vec<u32>)>) -> Layer {
        let size = radix.size().unwrap_or(u128::MAX);
        let mut layer = Layer {
            small: size <= u128::from(u64::MAX),
            radix,
            ..Layer::default()
        };
        if let Some((before, scratch)) = direct {
            if size <= DIRECT_MAX && size <= 64 * before.max(1024) as u128 {
                let mut table = std::mem::take(scratch);
                if table.len() < size as usize {
                    table.resize(size as usize, 0);
                }
                layer.direct = table;
            }
        }
        layer
    }

    /// The scratch table lent by [`Layer::new`], zeroed (empty if none was used).
    pub(super) fn take_scratch(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.spare)
    }

    /// Ends the filling: sorts the states, and indexes them densely when the key space has at
    /// most `dense_max` entries and at most eight per state.
    ///
    /// Returns where each state went: `moved[insertion number]` is its index in the finished
    /// layer (see [`Layer::insert`]).
    pub(super) fn finish(&mut self, dense_max: usize) -> Vec<u32> {
        let size = self.radix.size().unwrap_or(u128::MAX);
        let mut direct = std::mem::take(&mut self.direct);
        // The positions' table goes first: the sort below needs only the states.
        self.filling = HashTable::new();
        let mut inserted = std::mem::take(&mut self.inserted);
        let n = inserted.len();
        let mut moved = vec![0u32; n];
        if !direct.is_empty() && size <= 16 * n as u128 {
            // A dense enough table: its scan is already in packed (sorted) order.
            self.keys = Vec::with_capacity(n);
            for (p, &i) in direct[..size as usize].iter().enumerate() {
                if i != 0 {
                    moved[i as usize - 1] = self.keys.len() as u32;
                    self.keys.push(p as u128);
                }
            }
            for &p in &inserted {
                direct[p as usize] = 0;
            }
        } else {
            for &p in &inserted {
                if !direct.is_empty() {
                    direct[p as usize] = 0;
                }
            }
            if size <= 1 << 96 {
                // In place: the insertion number below each state, sorted, then taken off.
                for (i, p) in inserted.iter_mut().enumerate() {
                    *p = *p << 32 | i as u128;
                }
                inserted.sort_unstable();
                for (at, p) in inserted.iter_mut().enumerate() {
                    moved[*p as u32 as usize] = at as u32;
                    *p >>= 32;
                }
                self.keys = inserted;
            } else {
                let mut states: Vec<(u128, u32)> = inserted.into_iter().zip(0..).collect();
                states.sort_unstable();
                for (at, &(_, i)) in states.iter().enumerate() {
                    moved[i as usize] = at as u32;
                }
                self.keys = states.into_iter().map(|(p, _)| p).collect();
            }
        }
        self.spare = direct;
        self.keys.shrink_to_fit();
        let sparse_limit = (8 * self.keys.len()).max(1 << 12) as u128;
        if size <= dense_max as u128 && size <= sparse_limit {
            let mut dense = vec![u32::MAX; size as usize];
            for (i, &p) in self.keys.iter().enumerate() {
                dense[p as usize] = i as u32;
            }
            self.dense = dense;
        }
        moved
    }

    fn pack(&self, k: &Key) -> u128 {
        if self.small {
            u128::from(self.pack_with::<u64>(k))
        } else {
            self.pack_with::<u128>(k)
        }
    }

    /// [`Layer::pack`] in `u64` when every packed value of the layer fits one.
    fn pack_with<T>(&self, k: &Key) -> T
    where
        T: Copy + From<u16> + std::ops::Mul<Output = T> + std::ops::Add<Output = T>,
    {
        let r = &self.radix;
        let mut p = T::from(0u16);
        // Radices and digits are below 2^16 (automaton states, totals, lengths).
        let mut push = |x: usize, v: usize| p = p * T::from(x.max(1) as u16) + T::from(v as u16);
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

    fn unpack(&self, p: u128) -> Key {
        match u64::try_from(p) {
            Ok(small) => self.unpack_with(small),
            Err(_) => self.unpack_with(p),
        }
    }

    /// [`Layer::unpack`] in the narrowest integer that holds the value (u128 division is a
    /// library call, u64 division one instruction).
    fn unpack_with<T>(&self, mut p: T) -> Key
    where
        T: Copy
            + TryFrom<usize>
            + TryInto<u16>
            + std::ops::Rem<Output = T>
            + std::ops::Div<Output = T>,
    {
        let r = &self.radix;
        let mut k = Key {
            dfa: [0; 4],
            ctr: [0; MAX_COUNTERS],
            aux: [0; 4],
            taken: 0,
        };
        // Every radix is at most a few thousand, so it converts, and each digit fits a u16.
        let mut pop = |x: usize| -> u16 {
            let x = T::try_from(x.max(1)).ok().unwrap_or_else(|| unreachable!());
            let v = p % x;
            p = p / x;
            v.try_into().ok().unwrap_or_else(|| unreachable!())
        };
        k.taken = pop(r.taken) as u8;
        for (j, &x) in r.aux.iter().enumerate().rev() {
            k.aux[j] = pop(x) as u8;
        }
        for (j, &x) in r.ctr.iter().enumerate().rev() {
            k.ctr[j] = pop(x) as u8;
        }
        for (j, &x) in r.dfa.iter().enumerate().rev() {
            k.dfa[j] = pop(x);
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
        if !self.dense.is_empty() {
            self.dense[p as usize]
        } else {
            match &self.lookup {
                Lookup::Map(map) => map.get(&p).copied().unwrap_or(u32::MAX),
                Lookup::Compact(positions) => {
                    let keys = &self.keys;
                    positions
                        .find(hash(p), |&n| keys[n as usize] == p)
                        .copied()
                        .unwrap_or(u32::MAX)
                }
                Lookup::None => self.keys.binary_search(&p).map_or(u32::MAX, |i| i as u32),
            }
        }
    }

    /// The bytes [`Layer::with_lookup`] would take with a map (0 with a dense index).
    fn lookup_map_bytes(&self) -> usize {
        if self.dense.is_empty() {
            hash_table_bytes(self.keys.len(), 32)
        } else {
            0
        }
    }

    /// Builds a hash index for a run of lookups (a pass over the previous layer), where the
    /// binary search would cost a cache miss per probe; [`Layer::drop_lookup`] frees it.
    /// With `room` for [`Layer::lookup_map_bytes`], a map (one load a lookup); otherwise
    /// the compact positions (two loads, a seventh of the room). Both find the same states.
    pub(super) fn with_lookup(&mut self, room: usize) {
        if !self.dense.is_empty() || !matches!(self.lookup, Lookup::None) {
            return;
        }
        let keys = &self.keys;
        self.lookup = if self.lookup_map_bytes() <= room {
            let mut map = FxHashMap::default();
            map.reserve(keys.len());
            for (i, &p) in keys.iter().enumerate() {
                map.insert(p, i as u32);
            }
            Lookup::Map(map)
        } else {
            let mut positions = HashTable::with_capacity(keys.len());
            for (i, &p) in keys.iter().enumerate() {
                positions.insert_unique(hash(p), i as u32, |&n| hash(keys[n as usize]));
            }
            Lookup::Compact(positions)
        };
    }

    /// Frees the index of [`Layer::with_lookup`].
    pub(super) fn drop_lookup(&mut self) {
        self.lookup = Lookup::None;
    }

    /// Frees the layer's states, counts and indices (a pass that has left it for good).
    pub(super) fn release(&mut self) {
        *self = Layer::default();
    }

    /// Adds a state (once), while the layer is being filled, and returns its insertion
    /// number (the same for the same state).
    pub(super) fn insert(&mut self, k: Key) -> u32 {
        let p = self.pack(&k);
        if self.direct.is_empty() {
            let h = hash(p);
            let inserted = &self.inserted;
            if let Some(&n) = self.filling.find(h, |&n| inserted[n as usize] == p) {
                return n;
            }
            let n = self.inserted.len() as u32;
            self.inserted.push(p);
            let inserted = &self.inserted;
            self.filling
                .insert_unique(h, n, |&m| hash(inserted[m as usize]));
            return n;
        }
        let slot = &mut self.direct[p as usize];
        if *slot == 0 {
            self.inserted.push(p);
            *slot = self.inserted.len() as u32;
        }
        *slot - 1
    }

    /// States added so far while filling.
    pub(super) fn filled(&self) -> usize {
        self.inserted.len()
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
            + self.filling.capacity() * 6
            + self.direct.capacity() * 4
            + self.inserted.capacity() * 16
            + self.keys.capacity() * 16
            + self.comp.capacity() * 16
    }
}
