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
        let shapes: Vec<[u8; 4]> = set.iter().collect();
        // For each layer: prefix -> state id, states identified by their set of suffixes.
        let mut prefix_state: Vec<BTreeMap<Vec<u8>, u16>> = Vec::new();
        for i in 0..=4 {
            let mut residual: BTreeMap<Vec<u8>, Vec<Vec<u8>>> = BTreeMap::new();
            for sh in &shapes {
                residual
                    .entry(sh[..i].to_vec())
                    .or_default()
                    .push(sh[i..].to_vec());
            }
            let mut ids: BTreeMap<Vec<Vec<u8>>, u16> = BTreeMap::new();
            let mut map = BTreeMap::new();
            for (p, mut r) in residual {
                r.sort();
                let n = ids.len() as u16;
                let id = *ids.entry(r).or_insert(n);
                map.insert(p, id);
            }
            prefix_state.push(map);
        }
        let mut trans: [Vec<[u16; 14]>; 4] = Default::default();
        for i in 0..4 {
            let n = prefix_state[i]
                .values()
                .map(|&v| v as usize + 1)
                .max()
                .unwrap_or(0);
            trans[i] = vec![[DEAD; 14]; n];
            for (p, &to) in &prefix_state[i + 1] {
                let from = prefix_state[i][&p[..i]];
                trans[i][from as usize][p[i] as usize] = to;
            }
        }
        Dfa {
            trans,
            live: !shapes.is_empty(),
            finals: Vec::new(),
        }
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
