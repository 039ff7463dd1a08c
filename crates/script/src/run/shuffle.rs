//! Plain shuffles with predealt suit lengths: when the exact engine could not count the
//! lengths within budget, deals completing the predealt cards (the project's fast generator,
//! `FastDealer::deal_rest`) are kept when every predealt length holds — dealer's own
//! rejection, on the same stream as every other shuffle of the run.

use fairdeal_dealing::fast::{DealRestError, FastDealer};
use fairdeal_model::{Deal, Hand, Seat};

/// A uniform deal holding the predealt cards `fixed` and the predealt suit `lengths` (per
/// seat, per suit in ♠♥♦♣ order), by rejection on the lengths.
pub fn deal_with_lengths(
    fast: &mut FastDealer,
    fixed: &[u64; 4],
    lengths: &[[Option<u8>; 4]; 4],
) -> Result<Deal, DealRestError> {
    let fixed = fixed.map(Hand::from_bits);
    loop {
        let d = fast.deal_rest(&fixed)?;
        let ok = Seat::ALL.iter().zip(lengths).all(|(&seat, wanted)| {
            let h = d.hand(seat).bits();
            (0..4).all(|t| {
                wanted[t].is_none_or(|n| ((h >> (13 * t)) & 0x1fff).count_ones() == u32::from(n))
            })
        });
        if ok {
            return Ok(d);
        }
    }
}
