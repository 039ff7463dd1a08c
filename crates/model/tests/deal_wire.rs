//! A deal's one serialised form, the packed one (the four hands' card bitsets): written by
//! `Serialize`, read back only through `Deal::new`'s checks, so a bad packed deal (from a
//! worker message or stored data) is refused on deserialisation.

use fairdeal_model::{Deal, Seat};

/// A deal with cards spread over all four hands in every suit.
fn deal() -> Deal {
    let mut owners = [Seat::North; 52];
    for (i, o) in owners.iter_mut().enumerate() {
        *o = Seat::ALL[(i * 7) % 4];
    }
    Deal::from_owners(&owners).expect("deal")
}

/// The packed form of `d`, as JSON.
fn packed(bits: [u64; 4]) -> String {
    format!(
        "{{\"hands\":[{},{},{},{}]}}",
        bits[0], bits[1], bits[2], bits[3]
    )
}

#[test]
fn serialises_to_the_packed_form_and_back() {
    let d = deal();
    let bits = d.hands().map(|h| h.bits());
    let json = serde_json::to_string(&d).expect("serialise");
    assert_eq!(json, packed(bits));
    assert_eq!(serde_json::from_str::<Deal>(&json).expect("read back"), d);
}

#[test]
fn a_bad_packed_deal_is_refused() {
    let bits = deal().hands().map(|h| h.bits());
    // A card moved from West to North: North has 14, West 12, no card lost.
    let card = bits[3] & bits[3].wrapping_neg();
    let moved = [bits[0] | card, bits[1], bits[2], bits[3] & !card];
    let e = serde_json::from_str::<Deal>(&packed(moved)).expect_err("14 cards");
    assert!(e.to_string().contains("13"), "{e}");
    // A card in two hands.
    let twice = [bits[0] | card, bits[1], bits[2], bits[3]];
    let e = serde_json::from_str::<Deal>(&packed(twice)).expect_err("duplicate");
    assert!(e.to_string().contains("both"), "{e}");
    // A bit past the 52nd card.
    let high = [bits[0] | (1 << 60), bits[1], bits[2], bits[3]];
    let e = serde_json::from_str::<Deal>(&packed(high)).expect_err("bit 60");
    assert!(e.to_string().contains("above 51"), "{e}");
    // Three hands, or five.
    assert!(serde_json::from_str::<Deal>(&format!(
        "{{\"hands\":[{},{},{}]}}",
        bits[0], bits[1], bits[2]
    ))
    .is_err());
}
