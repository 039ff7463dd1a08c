//! Conversions between Fair Deal's model types and pons-dds / contract-bridge types.

use contract_bridge::deal::Builder;
use contract_bridge::hand::{Hand as CbHand, Holding as CbHolding};
use fairdeal_model::dd::DdTable;
use fairdeal_model::{Deal, Hand, Seat, Strain, Suit};
use pons_dds::{FullDeal, TrickCountTable};

/// A holding in contract-bridge's layout (bit *r* = rank *r*, 2..=14) from ours (bit *k* =
/// *k* places from the top).
fn cb_holding(hand: Hand, suit: Suit) -> CbHolding {
    let ours = hand.holding(suit).bits();
    let mut bits = 0u16;
    for k in 0..13 {
        if ours & (1 << k) != 0 {
            bits |= 1 << (14 - k);
        }
    }
    CbHolding::from_bits_truncate(bits)
}

pub(crate) fn cb_hand(hand: Hand) -> CbHand {
    CbHand::new(
        cb_holding(hand, Suit::Clubs),
        cb_holding(hand, Suit::Diamonds),
        cb_holding(hand, Suit::Hearts),
        cb_holding(hand, Suit::Spades),
    )
}

/// The pons-dds deal for a Fair Deal deal (a `Deal` always holds four 13-card hands that
/// partition the deck, so this cannot fail).
pub fn to_pons_deal(deal: &Deal) -> FullDeal {
    Builder::new()
        .north(cb_hand(deal.hand(Seat::North)))
        .east(cb_hand(deal.hand(Seat::East)))
        .south(cb_hand(deal.hand(Seat::South)))
        .west(cb_hand(deal.hand(Seat::West)))
        .build_full()
        .unwrap_or_else(|_| unreachable!("a validated Deal is a full deal"))
}

/// Our strain for contract-bridge's (same order ♣ ♦ ♥ ♠ NT).
pub(crate) const fn strain_from_cb(s: contract_bridge::Strain) -> Strain {
    match s {
        contract_bridge::Strain::Clubs => Strain::Clubs,
        contract_bridge::Strain::Diamonds => Strain::Diamonds,
        contract_bridge::Strain::Hearts => Strain::Hearts,
        contract_bridge::Strain::Spades => Strain::Spades,
        contract_bridge::Strain::Notrump => Strain::Notrump,
    }
}

/// contract-bridge's strain for ours.
pub(crate) const fn strain_to_cb(s: Strain) -> contract_bridge::Strain {
    match s {
        Strain::Clubs => contract_bridge::Strain::Clubs,
        Strain::Diamonds => contract_bridge::Strain::Diamonds,
        Strain::Hearts => contract_bridge::Strain::Hearts,
        Strain::Spades => contract_bridge::Strain::Spades,
        Strain::Notrump => contract_bridge::Strain::Notrump,
    }
}

/// Our seat for contract-bridge's (same order N E S W).
pub(crate) const fn seat_from_cb(s: contract_bridge::Seat) -> Seat {
    match s {
        contract_bridge::Seat::North => Seat::North,
        contract_bridge::Seat::East => Seat::East,
        contract_bridge::Seat::South => Seat::South,
        contract_bridge::Seat::West => Seat::West,
    }
}

/// contract-bridge's seat for ours.
pub(crate) const fn seat_to_cb(s: Seat) -> contract_bridge::Seat {
    match s {
        Seat::North => contract_bridge::Seat::North,
        Seat::East => contract_bridge::Seat::East,
        Seat::South => contract_bridge::Seat::South,
        Seat::West => contract_bridge::Seat::West,
    }
}

/// Our table from pons-dds's (rows ♣ ♦ ♥ ♠ NT, columns N E S W — the same layout).
pub fn from_pons_table(t: &TrickCountTable) -> DdTable {
    let mut tricks = [[0u8; 4]; 5];
    for strain in Strain::ASC {
        let row = t[strain_to_cb(strain)];
        for seat in Seat::ALL {
            tricks[strain.index()][seat.index()] = row.get(seat_to_cb(seat)).get();
        }
    }
    DdTable::new(tricks).unwrap_or_else(|| unreachable!("TrickCount is 0..=13"))
}

/// pons-dds's table from ours.
pub(crate) fn to_pons_table(t: &DdTable) -> TrickCountTable {
    let mut rows = [pons_dds::TrickCountRow::default(); 5];
    for strain in Strain::ASC {
        let r = |s: Seat| t.tricks(strain, s);
        rows[strain_to_cb(strain) as usize] = pons_dds::TrickCountRow::new(
            r(Seat::North),
            r(Seat::East),
            r(Seat::South),
            r(Seat::West),
        );
    }
    TrickCountTable(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_converts_card_for_card() {
        let pbn = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
        let deal = Deal::from_pbn(pbn).unwrap();
        let cb = to_pons_deal(&deal);
        assert_eq!(cb.display(contract_bridge::Seat::North).to_string(), pbn);
    }

    #[test]
    fn table_round_trips() {
        let mut raw = [[0u8; 4]; 5];
        for (i, row) in raw.iter_mut().enumerate() {
            for (j, t) in row.iter_mut().enumerate() {
                *t = ((i * 4 + j) % 14) as u8;
            }
        }
        let t = DdTable::new(raw).unwrap();
        assert_eq!(from_pons_table(&to_pons_table(&t)), t);
    }
}
