//! Card layouts several formats share: Big Deal's dealer and vulnerability tables, cards by
//! hand and by card, rank letters, the BRI and DGE record parts.

use fairdeal_model::{Deal, Seat, Suit};

pub(super) const RANKS: &[u8; 13] = b"AKQJT98765432";

/// Big Deal's `dealerstr[board % 4]`.
pub(super) fn dealer_letter(board: u32) -> &'static str {
    ["W", "N", "E", "S"][(board % 4) as usize]
}

/// Big Deal's `vuln_index[board % 16]`: 0 None, 1 NS, 2 EW, 3 All.
pub(super) fn vul_index(board: u32) -> usize {
    const VULN_INDEX: [usize; 16] = [2, 0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1];
    VULN_INDEX[(board % 16) as usize]
}

/// The 13 card indices (0-based, ascending) of each seat.
pub(super) fn by_hand(deal: &Deal) -> [[u8; 13]; 4] {
    let mut out = [[0u8; 13]; 4];
    for seat in Seat::ALL {
        for (slot, card) in out[seat.index()].iter_mut().zip(deal.hand(seat).cards()) {
            *slot = card.index() as u8;
        }
    }
    out
}

/// The holder (0 N … 3 W) of each card index.
pub(super) fn by_card(deal: &Deal) -> [u8; 52] {
    let mut out = [0u8; 52];
    for (o, s) in out.iter_mut().zip(deal.owners()) {
        *o = s.index() as u8;
    }
    out
}

/// `S<ranks>H<ranks>…` style hand with a prefix per suit.
pub(super) fn hand_text(deal: &Deal, seat: Seat, suit_prefix: [&str; 4], s: &mut String) {
    let hand = deal.hand(seat);
    for (i, suit) in Suit::ALL.into_iter().enumerate() {
        s.push_str(suit_prefix[i]);
        for r in hand.holding(suit).ranks() {
            s.push(r.letter());
        }
    }
}

/// The 78-byte BRI part: N, E, S card numbers `01`..`52`.
pub(super) fn bri_part(deal: &Deal, buf: &mut Vec<u8>) {
    let h = by_hand(deal);
    for hand in &h[0..3] {
        for &c in hand {
            let n = c + 1;
            buf.push(b'0' + n / 10);
            buf.push(b'0' + n % 10);
        }
    }
}

/// The 68-byte DGE part: per seat and suit, a CP437 suit glyph then the rank letters.
pub(super) fn dge_part(deal: &Deal, buf: &mut Vec<u8>) {
    const GLYPH: [u8; 4] = [6, 3, 4, 5];
    for seat in Seat::ALL {
        let hand = deal.hand(seat);
        for suit in Suit::ALL {
            buf.push(GLYPH[suit.index()]);
            for r in hand.holding(suit).ranks() {
                buf.push(RANKS[r.from_top()]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vulnerability_cycle() {
        let names = ["None", "NS", "EW", "All"];
        let cycle: Vec<&str> = (1..=16).map(|b| names[vul_index(b)]).collect();
        assert_eq!(
            cycle,
            [
                "None", "NS", "EW", "All", "NS", "EW", "All", "None", "EW", "All", "None", "NS",
                "All", "None", "NS", "EW"
            ]
        );
        assert_eq!(dealer_letter(1), "N");
        assert_eq!(dealer_letter(4), "W");
    }
}
