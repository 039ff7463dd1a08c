//! Soundness of exact acceleration: every deal meeting a condition meets the countable
//! condition derived from it (so sampling that and testing the whole condition loses no
//! deal), checked on random deals for conditions mixing and/or/not, comparisons both ways,
//! shapes, hascard and controls.

use fairdeal_script::accel::{constraint_set, necessary};
use fairdeal_script::eval::{Ctx, DdCache, Tables};
use fairdeal_script::parser::{default_counts, parse};
use rand_chacha::rand_core::SeedableRng;

const CONDITIONS: &[&str] = &[
    "hcp(north) >= 12 || spades(north) >= 5",
    "!(hcp(north) < 10) && !shape(north, any 4333)",
    "(hcp(north) >= 10 && hearts(north) >= 4) || (hcp(south) > 8 and not spades(south) < 3)",
    "hascard(east, AS) && control(east) >= 3",
    "4 <= spades(west) && 15 > hcp(west)",
    "not (hcp(east) > 9 or shape(east, 5xxx + x5xx))",
    "hcp(north) == 11 ? spades(north) >= 3 : hearts(north) >= 3",
    "(shape(south, any 5431) || shape(south, any 5422)) && (hcp(south) >= 11 && hcp(south) <= 15)",
    "hcp(north) + hcp(south) >= 25 || hcp(east) + hcp(west) < 12",
    "hcp(west) + hcp(east) <= 18 && 10 < hcp(north) + hcp(south)",
];

#[test]
fn derived_condition_is_implied() {
    let tables = Tables::new(&default_counts());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let deals = {
        let p = fairdeal_script::compile("generate 10000\naction average 0\n").unwrap();
        let mut r = p.runner([4; 32]);
        while !r.step(1 << 20) {}
        r.report().deals
    };
    assert_eq!(deals.len(), 10_000);
    let mut constrained = 0;
    for src in CONDITIONS {
        let script = parse(&format!("condition {src}\n")).unwrap();
        let cond = script.condition.unwrap().0;
        let nec = necessary(&cond, false, true);
        if !nec.is_top() {
            constrained += 1;
        }
        let set = constraint_set(&nec, &[0; 4]).unwrap();
        let mut kept = 0;
        for d in &deals {
            if Ctx::new(d, &tables, &mut rng, &mut DdCache::default()).eval(&cond) != 0 {
                kept += 1;
                assert!(
                    set.accepts(d),
                    "{src}: a kept deal fails the derived condition"
                );
            }
        }
        assert!(
            kept > 50,
            "{src}: only {kept} deals kept, the check is too weak"
        );
    }
    // All give something countable but the first, third and ninth (an `or` of different
    // features, seats or partnerships, whose hull is everything) and the ternary.
    assert_eq!(constrained, CONDITIONS.len() - 4);
}
