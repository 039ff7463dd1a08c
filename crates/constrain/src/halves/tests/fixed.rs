//! Totals the set's others imply ([`super::super::implied`]), when observed: a total they
//! fix is read as its one value, and a seat read beside a fixed partnership (South as NS
//! less North) counts as the set narrowed to each of its values, counted by the dealer.

use super::super::Halves;
use super::merged::FITS_IN_MAJORS;
use super::{seats, set, sorted};
use crate::engine::Observer;
use crate::spec::Scale;
use crate::{Dealer, Options};
use fairdeal_model::Seat;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// NS 21+ beside East 11-16 and West 8-12: East and West hold at least 19 of the 40, so NS
/// hold exactly 21, East 11 and West 8; North (6+) holds 6 to 21 and South the rest.
const OPEN_FIT: &str = "north: hcp 6+, diamonds 4+\neast: hcp 11-16, clubs 4+\nwest: hcp 8-12, diamonds 4+\nns: hcp 21+\new: fit 8+ majors";

/// The dealer's exact count of `text`.
fn dealer_count(text: &str) -> u128 {
    let d = Dealer::new(&set(text), Options::default()).expect("builds");
    let count = d.count();
    assert!(count.is_exact(), "{text}: {:?}", count.why);
    count.deals
}

/// On the fits in the majors every seat's HCP is fixed (North 20, East 8, South 12, West
/// none): each is observed as that one value for every deal of the set, and the dealer's
/// deals hold those totals.
#[test]
fn totals_the_set_fixes_are_read_as_their_one_value() {
    let hcp = Scale::hcp().weights;
    let s = set(FITS_IN_MAJORS);
    let deals = dealer_count(FITS_IN_MAJORS);
    assert!(deals > 0);
    for (seat, points) in [
        (Seat::North, 20),
        (Seat::East, 8),
        (Seat::South, 12),
        (Seat::West, 0),
    ] {
        let observed = Halves::observing(&s, &seats(&s), &[Observer::Points(seat, hcp)])
            .unwrap_or_else(|| panic!("{seat:?}: not observed"));
        assert_eq!(observed, [(vec![2 * points], deals)], "{seat:?}");
    }
    let mut d = Dealer::new(&s, Options::default()).expect("builds");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..500 {
        let deal = d.sample(&mut rng).expect("a deal");
        let held = Seat::ALL.map(|seat| deal.hand(seat).hcp());
        assert_eq!(held, [20, 8, 12, 0], "{deal}");
    }
}

/// On the open-ended fit set South's HCP are NS's fixed 21 less North's: every value's count
/// equals the dealer's count of the set with South held to that value (lowest, highest and
/// a middle one), they add up to the set's count, and South's distribution is North's
/// turned about 21.
#[test]
fn a_seat_beside_a_fixed_partnership_counts_as_the_narrowed_set() {
    let hcp = Scale::hcp().weights;
    let s = set(OPEN_FIT);
    let observe = |seat| {
        Halves::observing(&s, &seats(&s), &[Observer::Points(seat, hcp)])
            .unwrap_or_else(|| panic!("{seat:?}: not observed"))
    };
    let south = observe(Seat::South);
    let north = observe(Seat::North);
    let total: u128 = south.iter().map(|e| e.1).sum();
    assert_eq!(total, dealer_count(OPEN_FIT));
    assert!(south.len() >= 10, "{south:?}");
    let turned: Vec<(Vec<u32>, u128)> = north.iter().map(|(v, n)| (vec![42 - v[0]], *n)).collect();
    assert_eq!(sorted(south.clone()), sorted(turned));
    for at in [0, south.len() / 2, south.len() - 1] {
        let (value, n) = &south[at];
        let narrowed = format!("{OPEN_FIT}\nsouth: hcp {}", value[0] / 2);
        assert_eq!(*n, dealer_count(&narrowed), "{narrowed}");
    }
}
