//! Opening-lead results: for each card the leader can lead, the tricks declarer takes
//! double-dummy afterwards (DDS `SolveBoard` with all legal plays).

use fairdeal_model::{Card, Rank, Suit};
use pons_dds::FoundPlays;
use serde::{Deserialize, Serialize};

/// One opening lead (the highest of a run of equal cards) and its double-dummy outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lead {
    /// The card led (the highest of its run).
    pub card: Card,
    /// Lower cards of the same run, which give the same result.
    pub equals: Vec<Card>,
    /// Tricks declarer takes after this lead.
    pub declarer_tricks: u8,
}

fn suit_from_cb(s: contract_bridge::Suit) -> Suit {
    match s {
        contract_bridge::Suit::Clubs => Suit::Clubs,
        contract_bridge::Suit::Diamonds => Suit::Diamonds,
        contract_bridge::Suit::Hearts => Suit::Hearts,
        contract_bridge::Suit::Spades => Suit::Spades,
    }
}

pub(crate) fn card_from_cb(suit: contract_bridge::Suit, rank: u8) -> Card {
    let rank = Rank::new(rank).unwrap_or_else(|| unreachable!("contract-bridge ranks are 2..=14"));
    Card::new(suit_from_cb(suit), rank)
}

/// Our leads from pons-dds's plays (whose scores are tricks for the side on lead).
pub(crate) fn leads_from_plays(found: &FoundPlays) -> Vec<Lead> {
    found
        .plays
        .iter()
        .map(|p| Lead {
            card: card_from_cb(p.card.suit, p.card.rank.get()),
            equals: {
                let mut eq: Vec<Card> = p
                    .equals
                    .iter()
                    .map(|r| card_from_cb(p.card.suit, r.get()))
                    .collect();
                eq.sort_by_key(|c| c.index());
                eq
            },
            declarer_tricks: 13 - p.score.get(),
        })
        .collect()
}
