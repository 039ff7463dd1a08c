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

/// 10 000 plain random deals (a script with no condition) from a seed byte.
fn random_deals(seed: u8) -> Vec<fairdeal_model::Deal> {
    let p = fairdeal_script::compile("generate 10000\naction average 0\n").unwrap();
    let mut r = p.runner([seed; 32]);
    while !r.step(1 << 20) {}
    r.report().deals
}

/// What a condition implies (standard HCP).
fn nec_of(src: &str) -> fairdeal_script::accel::Nec {
    let cond = parse(&format!("condition {src}\n"))
        .unwrap()
        .condition
        .unwrap()
        .0;
    necessary(&cond, false, true)
}

#[test]
fn derived_condition_is_implied() {
    let tables = Tables::new(&default_counts());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let deals = random_deals(4);
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

/// Conditions whose `or` joins parts on different seats or features.
const UNIONS: &[&str] = &[
    "hcp(north) >= 12 || spades(north) >= 5",
    "(hcp(north) >= 10 && hearts(north) >= 4) || (hcp(south) > 8 and not spades(south) < 3)",
    "hcp(north) + hcp(south) >= 25 || hcp(east) + hcp(west) < 12",
    "(hcp(north) >= 15 or hcp(south) >= 15) and (spades(east) >= 4 or hearts(west) >= 5)",
    "not (hcp(east) <= 13 and hcp(west) <= 13)",
];

#[test]
fn alternatives_cover_the_condition() {
    use fairdeal_script::accel::alternatives;
    let tables = Tables::new(&default_counts());
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    let deals = random_deals(5);
    for src in CONDITIONS.iter().chain(UNIONS) {
        let cond = parse(&format!("condition {src}\n"))
            .unwrap()
            .condition
            .unwrap()
            .0;
        let parts = alternatives(&cond, false, true);
        assert!(parts.len() <= fairdeal_script::accel::MAX_ALTERNATIVES);
        let sets: Vec<_> = parts
            .iter()
            .map(|n| constraint_set(n, &[0; 4]).unwrap())
            .collect();
        let mut kept = 0;
        for d in &deals {
            if Ctx::new(d, &tables, &mut rng, &mut DdCache::default()).eval(&cond) != 0 {
                kept += 1;
                assert!(
                    sets.iter().any(|s| s.accepts(d)),
                    "{src}: a kept deal is in no part"
                );
            }
        }
        assert!(kept > 50, "{src}: only {kept} kept");
    }
    let parts = |src: &str| {
        let cond = parse(&format!("condition {src}\n"))
            .unwrap()
            .condition
            .unwrap()
            .0;
        alternatives(&cond, false, true).len()
    };
    assert_eq!(parts(UNIONS[0]), 2);
    assert_eq!(parts(UNIONS[3]), 4, "and distributes over or: 2 x 2 parts");
    assert_eq!(parts(UNIONS[4]), 2, "not (a and b) = not a or not b");
    // Beyond four parts the union is merged into its hull (here: nothing implied).
    assert_eq!(
        parts("hcp(north) > 20 or hcp(east) > 20 or hcp(south) > 20 or hcp(west) > 20 or spades(north) > 8"),
        1
    );
}

#[test]
fn union_plan_drops_empty_parts_and_sums_the_rest() {
    use fairdeal_constrain::{Dealer, Options};
    use fairdeal_script::union::{plan, Plan, Sampler};
    let nec = nec_of;
    let size = |src: &str| {
        let d = Dealer::new(
            &constraint_set(&nec(src), &[0; 4]).unwrap(),
            Options::default(),
        )
        .unwrap();
        assert!(d.count().is_exact());
        d.count().deals
    };
    // An impossible part is dropped; one part left is sampled alone.
    let Plan::Ready(Sampler::One(_), n) = plan(
        vec![nec("hcp(north) > 37"), nec("shape(east, any 7xxx)")],
        &[0; 4],
        Options::default(),
    ) else {
        panic!("one part left")
    };
    assert_eq!(n, size("shape(east, any 7xxx)"));
    // Several parts: S is the sum of their sizes (overlaps counted twice, by design).
    let Plan::Ready(Sampler::Union(_), s) = plan(
        vec![
            nec("hcp(north) >= 20"),
            nec("shape(east, any 7xxx)"),
            nec("hcp(south) >= 20"),
        ],
        &[0; 4],
        Options::default(),
    ) else {
        panic!("a union")
    };
    assert_eq!(
        s,
        2 * size("hcp(north) >= 20") + size("shape(east, any 7xxx)")
    );
    assert!(matches!(
        plan(
            vec![nec("hcp(north) > 37"), nec("hcp(west) < 0")],
            &[0; 4],
            Options::default()
        ),
        Plan::Impossible
    ));
}

#[test]
fn union_sampler_counts_overlaps_once() {
    use fairdeal_constrain::stats::chi::gamma_q;
    use fairdeal_constrain::{Dealer, Options};
    use fairdeal_script::union::{plan, Plan};
    let nec = nec_of;
    // Deals with 21 or 22 HCP are in both parts: a sampler that forgot the 1/m step would
    // give them twice their share.
    let Plan::Ready(mut sampler, _) = plan(
        vec![
            nec("hcp(north) >= 19 && hcp(north) <= 22"),
            nec("hcp(north) >= 21 && hcp(north) <= 24"),
        ],
        &[0; 4],
        Options::default(),
    ) else {
        panic!("countable")
    };
    let exact: Vec<f64> = (19..=24)
        .map(|v| {
            let d = Dealer::new(
                &constraint_set(&nec(&format!("hcp(north) == {v}")), &[0; 4]).unwrap(),
                Options::default(),
            )
            .unwrap();
            d.count().deals as f64
        })
        .collect();
    let total: f64 = exact.iter().sum();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(99);
    let mut seen = [0u64; 6];
    let (mut n, mut rounds) = (0u64, 0u64);
    while n < 60_000 {
        rounds += 1;
        if let Some(d) = sampler.round(&mut rng).unwrap() {
            let h = d.hand(fairdeal_model::Seat::North).hcp() as usize;
            assert!((19..=24).contains(&h));
            seen[h - 19] += 1;
            n += 1;
        }
    }
    let stat: f64 = seen
        .iter()
        .zip(&exact)
        .map(|(&o, &c)| {
            let e = c / total * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum();
    let p = gamma_q(5.0 / 2.0, stat / 2.0);
    assert!(
        p > 1e-4,
        "north HCP 19-24 vs exact: chi2 {stat:.1}, p {p:.2e}, {seen:?}"
    );
    // A round succeeds with probability |union| / (|A| + |B|): here well above one half.
    assert!((n as f64 / rounds as f64) > 0.5);
}
