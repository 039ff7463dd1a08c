//! [`DistinctDeals`]: a list of deals reduced to its distinct deals, and the way back — so a
//! results file that repeats each deal at every table costs one solve per deal.
//!
//! The key is the deal itself (its four hands, [`Deal`]'s `Eq`/`Hash`), never a board number:
//! the same deal written from another first seat (`[Deal "E:…"]`) is the same key, and two
//! different deals under the same board number (two sections) are two keys.

use fairdeal_model::Deal;
use std::collections::HashMap;

/// The distinct deals of a list, in order of first appearance, and for each item of the list
/// which distinct deal it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistinctDeals {
    deals: Vec<Deal>,
    first: Vec<usize>,
    slot: Vec<usize>,
}

impl DistinctDeals {
    /// Groups equal deals: each distinct deal once, in order of first appearance.
    pub fn of(list: &[Deal]) -> DistinctDeals {
        let mut index: HashMap<Deal, usize> = HashMap::with_capacity(list.len());
        let mut deals = Vec::new();
        let mut first = Vec::new();
        let slot = list
            .iter()
            .enumerate()
            .map(|(i, deal)| {
                *index.entry(*deal).or_insert_with(|| {
                    deals.push(*deal);
                    first.push(i);
                    deals.len() - 1
                })
            })
            .collect();
        DistinctDeals { deals, first, slot }
    }

    /// Every item as its own entry, repeats included (no sharing: the uncached path).
    pub fn every(list: &[Deal]) -> DistinctDeals {
        DistinctDeals {
            deals: list.to_vec(),
            first: (0..list.len()).collect(),
            slot: (0..list.len()).collect(),
        }
    }

    /// The deals to solve, in order of first appearance.
    pub fn deals(&self) -> &[Deal] {
        &self.deals
    }

    /// For distinct deal `k`, the index in the list of its first appearance.
    pub fn first(&self, k: usize) -> Option<usize> {
        self.first.get(k).copied()
    }

    /// For item `i` of the list, the index of its deal in [`Self::deals`].
    pub fn slot(&self, i: usize) -> Option<usize> {
        self.slot.get(i).copied()
    }

    /// One value per item of the list, from one value per distinct deal
    /// (`per_deal[k]` for the deal [`Self::deals`]`[k]`); `None` unless `per_deal` holds
    /// exactly one value per distinct deal.
    pub fn spread<T: Clone>(&self, per_deal: &[T]) -> Option<Vec<T>> {
        if per_deal.len() != self.deals.len() {
            return None;
        }
        self.slot
            .iter()
            .map(|&k| per_deal.get(k).cloned())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(pbn: &str) -> Deal {
        Deal::from_pbn(pbn).unwrap()
    }

    const A: &str = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
    /// `A` written from East.
    const A_EAST: &str = "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432";
    const B: &str = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    #[test]
    fn equal_deals_share_one_entry_whatever_the_first_seat() {
        let list = [deal(A), deal(B), deal(A_EAST), deal(B), deal(A)];
        let d = DistinctDeals::of(&list);
        assert_eq!(d.deals(), &[deal(A), deal(B)]);
        assert_eq!(
            (0..5).map(|i| d.slot(i).unwrap()).collect::<Vec<_>>(),
            [0, 1, 0, 1, 0]
        );
        assert_eq!(
            (d.first(0), d.first(1), d.first(2)),
            (Some(0), Some(1), None)
        );
        assert_eq!(d.spread(&["a", "b"]).unwrap(), ["a", "b", "a", "b", "a"]);
        assert_eq!(d.spread(&["a"]), None);
    }

    #[test]
    fn every_keeps_repeats() {
        let list = [deal(A), deal(A_EAST)];
        let d = DistinctDeals::every(&list);
        assert_eq!(d.deals().len(), 2);
        assert_eq!(d.spread(&[1, 2]).unwrap(), [1, 2]);
    }

    #[test]
    fn empty_list() {
        let d = DistinctDeals::of(&[]);
        assert!(d.deals().is_empty());
        assert_eq!(d.spread::<u8>(&[]), Some(Vec::new()));
    }
}
