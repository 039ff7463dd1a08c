//! Shape automata: a layered automaton over the suit lengths ♠ ♥ ♦ ♣ for a seat's shape set
//! (minimised by residual sets, or one state per prefix when the shape is observed).

use super::DEAD;
use crate::shape::ShapeSet;
use std::collections::BTreeMap;

/// A layered automaton over suit lengths ♠ ♥ ♦ ♣ accepting exactly one shape set.
#[derive(Debug, Clone)]
pub(super) struct Dfa {
    /// `trans[i][state][len]`: state after suit `i`, or `DEAD`.
    pub(super) trans: [Vec<[u16; 14]>; 4],
    /// False if the set is empty (no start state).
    pub(super) live: bool,
    /// For an unminimised automaton ([`Dfa::by_prefix`]): the shape of each final state.
    pub(super) finals: Vec<[u8; 4]>,
}

impl Dfa {
    pub(super) fn new(set: &ShapeSet) -> Dfa {
        Dfa::projected(set, 0b1111)
    }

    /// An automaton with one state per prefix, so that the final state tells the shape
    /// (used to observe a seat's shape; bigger than [`Dfa::new`]).
    pub(super) fn by_prefix(set: &ShapeSet) -> Dfa {
        let shapes: Vec<[u8; 4]> = set.iter().collect();
        let mut ids: Vec<BTreeMap<Vec<u8>, u16>> = vec![BTreeMap::new(); 5];
        for sh in &shapes {
            for (i, layer) in ids.iter_mut().enumerate() {
                let n = layer.len() as u16;
                layer.entry(sh[..i].to_vec()).or_insert(n);
            }
        }
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for i in 0..4 {
            trans[i] = vec![[DEAD; 14]; ids[i].len()];
            for (p, &to) in &ids[i + 1] {
                trans[i][ids[i][&p[..i]] as usize][p[i] as usize] = to;
            }
        }
        let mut finals = vec![[0u8; 4]; ids[4].len()];
        for (p, &id) in &ids[4] {
            finals[id as usize].copy_from_slice(p);
        }
        Dfa {
            trans,
            live: !shapes.is_empty(),
            finals,
        }
    }
}

/// The smallest set of suits (a bit mask, ♠ = bit 0) whose lengths alone decide membership in
/// `set`: the set holds every 13-card shape whose lengths in those suits are those of one of
/// its shapes. Ties keep the mask found first; every set depends on any three suits (the
/// fourth length is what is left), so the answer has at most three suits or is all four.
pub(super) fn named_suits(set: &ShapeSet) -> u8 {
    named_suit_choices(set)[0]
}

/// Every smallest set of suits that decides membership in `set` (see [`named_suits`], the
/// first of them), in increasing order of the mask: `balanced` has four (any three suits).
pub(super) fn named_suit_choices(set: &ShapeSet) -> Vec<u8> {
    let all = ShapeSet::all();
    let mut masks: Vec<u8> = (0..16).collect();
    masks.sort_by_key(|m| m.count_ones());
    let mut found: Vec<u8> = Vec::new();
    for mask in masks {
        if found
            .first()
            .is_some_and(|f| f.count_ones() < mask.count_ones())
        {
            break;
        }
        let project = |sh: [u8; 4]| -> [u8; 4] {
            std::array::from_fn(|s| if mask >> s & 1 == 1 { sh[s] } else { 0 })
        };
        let kept: std::collections::BTreeSet<[u8; 4]> = set.iter().map(project).collect();
        let cylinder = all.iter().filter(|&sh| kept.contains(&project(sh))).count();
        if cylinder == set.len() {
            found.push(mask);
        }
    }
    if found.is_empty() {
        found.push(0b1111);
    }
    found
}

impl Dfa {
    /// A layered automaton over the lengths of the suits of `mask` only (as
    /// [`named_suits`] finds them): `trans[s]` is indexed as usual for a suit of the mask and
    /// empty for the others, whose lengths it never reads (a state keeps its id across them).
    /// It accepts the lengths in the named suits of the shapes of `set`; the seat's other
    /// cards are free.
    pub(super) fn projected(set: &ShapeSet, mask: u8) -> Dfa {
        let named: Vec<usize> = (0..4).filter(|s| mask >> s & 1 == 1).collect();
        let tuples: std::collections::BTreeSet<Vec<u8>> = set
            .iter()
            .map(|sh| named.iter().map(|&s| sh[s]).collect())
            .collect();
        let mut prefix_state: Vec<BTreeMap<Vec<u8>, u16>> = Vec::new();
        for i in 0..=named.len() {
            let mut residual: BTreeMap<Vec<u8>, Vec<Vec<u8>>> = BTreeMap::new();
            for t in &tuples {
                residual
                    .entry(t[..i].to_vec())
                    .or_default()
                    .push(t[i..].to_vec());
            }
            let mut ids: BTreeMap<Vec<Vec<u8>>, u16> = BTreeMap::new();
            let mut map = BTreeMap::new();
            for (p, r) in residual {
                let n = ids.len() as u16;
                let id = *ids.entry(r).or_insert(n);
                map.insert(p, id);
            }
            prefix_state.push(map);
        }
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for (i, &s) in named.iter().enumerate() {
            let n = prefix_state[i]
                .values()
                .map(|&v| v as usize + 1)
                .max()
                .unwrap_or(0);
            trans[s] = vec![[DEAD; 14]; n];
            for (p, &to) in &prefix_state[i + 1] {
                let from = prefix_state[i][&p[..i]];
                trans[s][from as usize][p[i] as usize] = to;
            }
        }
        Dfa {
            trans,
            live: !tuples.is_empty(),
            finals: Vec::new(),
        }
    }

    /// [`Dfa::projected`] with one state per prefix of the named lengths, so that a final
    /// state tells the lengths in the suits of `mask` (`finals`, 0 for the other suits): used
    /// to observe a projected seat's length in a suit.
    pub(super) fn projected_by_prefix(set: &ShapeSet, mask: u8) -> Dfa {
        let named: Vec<usize> = (0..4).filter(|s| mask >> s & 1 == 1).collect();
        let tuples: std::collections::BTreeSet<Vec<u8>> = set
            .iter()
            .map(|sh| named.iter().map(|&s| sh[s]).collect())
            .collect();
        let mut ids: Vec<BTreeMap<Vec<u8>, u16>> = vec![BTreeMap::new(); named.len() + 1];
        for t in &tuples {
            for (i, layer) in ids.iter_mut().enumerate() {
                let n = layer.len() as u16;
                layer.entry(t[..i].to_vec()).or_insert(n);
            }
        }
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for (i, &s) in named.iter().enumerate() {
            trans[s] = vec![[DEAD; 14]; ids[i].len()];
            for (p, &to) in &ids[i + 1] {
                trans[s][ids[i][&p[..i]] as usize][p[i] as usize] = to;
            }
        }
        let mut finals = vec![[0u8; 4]; ids[named.len()].len()];
        for (p, &id) in &ids[named.len()] {
            for (&s, &len) in named.iter().zip(p) {
                finals[id as usize][s] = len;
            }
        }
        Dfa {
            trans,
            live: !tuples.is_empty(),
            finals,
        }
    }

    /// The most states of any layer (the range of a state id).
    pub(super) fn widest(&self) -> usize {
        let inner = self.trans.iter().map(Vec::len).max().unwrap_or(0);
        let last = self
            .trans
            .iter()
            .flatten()
            .flatten()
            .filter(|&&t| t != DEAD)
            .map(|&t| usize::from(t) + 1)
            .max()
            .unwrap_or(0);
        inner.max(last).max(1)
    }
}
