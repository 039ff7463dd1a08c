//! The shape and fit forms dealer users write: `any 4333`, `any 5xxx`, `any 54xx`, and fit
//! ranges `fit 8-9 spades`; what they mean (checked against sets built shape by shape and
//! against binomial counts) and the message each mistake gets.

use fairdeal_constrain::shape::all_shapes;
use fairdeal_constrain::{parse, Dealer, Options};
use fairdeal_model::Seat;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn shapes(text: &str) -> Vec<[u8; 4]> {
    let set = parse(&format!("north: shape {text}"))
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .constraints(None)
        .expect("compiles");
    set.seat(Seat::North).shapes.iter().collect()
}

fn expected(f: impl Fn(&[u8; 4]) -> bool) -> Vec<[u8; 4]> {
    all_shapes().iter().copied().filter(|s| f(s)).collect()
}

fn sorted(s: &[u8; 4]) -> [u8; 4] {
    let mut t = *s;
    t.sort_unstable_by(|a, b| b.cmp(a));
    t
}

#[test]
fn any_order_compact_patterns() {
    assert_eq!(shapes("any 4333"), expected(|s| sorted(s) == [4, 3, 3, 3]));
    assert_eq!(shapes("any 4333"), shapes("4333"));
    assert_eq!(shapes("any 4333").len(), 4);
    assert_eq!(shapes("any 5xxx"), expected(|s| s.contains(&5)));
    assert_eq!(
        shapes("any 54xx"),
        expected(|s| (0..4).any(|i| s[i] == 5 && (0..4).any(|j| j != i && s[j] == 4)))
    );
    assert_eq!(
        shapes("any 5xxx + any 6xxx - 4432").len(),
        shapes("any 5xxx + any 6xxx").len()
    );
    assert_eq!(shapes("any xxxx").len(), 560);
    assert_eq!(shapes("ANY 5XXX"), shapes("any 5xxx"));
    // Printed back in a form that parses to the same set.
    let spec = parse("north: shape any 5xxx + any 4333").unwrap();
    assert_eq!(parse(&spec.to_string()).unwrap(), spec);
}

#[test]
fn compact_pattern_mistakes_are_explained() {
    let msg = |t: &str| parse(t).expect_err(t).to_string();
    let m = msg("north: shape 5xxx");
    assert!(m.contains("any 5xxx") && m.contains("5=x=x=x"), "{m}");
    let m = msg("north: shape any 4332");
    assert!(m.contains("adding up to 13"), "{m}");
    let m = msg("north: shape any 95xx");
    assert!(m.contains("adding up to 13"), "{m}");
    let m = msg("north: shape any 5x");
    assert!(m.contains("after `any`"), "{m}");
    let m = msg("north: shape any");
    assert!(m.contains("after `any`"), "{m}");
}

fn binom(n: u128, k: u128) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn hands(text: &str) -> u128 {
    let set = parse(text).unwrap().constraints(None).unwrap();
    Dealer::new(&set, Options::default()).unwrap().count().hands
}

#[test]
fn fit_ranges() {
    // North-South hold exactly k spades among their 26 cards, split 13/13.
    let spades = |k: u128| binom(13, k) * binom(39, 26 - k) * binom(26, 13);
    assert_eq!(hands("ns: fit 8-9 spades"), spades(8) + spades(9));
    assert_eq!(hands("ew: fit 0-0 hearts"), spades(0));
    // The longest fit in range: 8-9 = at least 8 but not 10 or more.
    assert_eq!(
        hands("ns: fit 8-9"),
        hands("ns: fit 8+") - hands("ns: fit 10+")
    );
    assert_eq!(
        hands("ns: fit 8-9 majors"),
        hands("ns: fit 8+ majors") - hands("ns: fit 10+ majors")
    );
    let text = "ns: fit 8-9 majors, hcp 20-25\nnorth: hcp 10+";
    let spec = parse(text).unwrap();
    assert_eq!(parse(&spec.to_string()).unwrap(), spec);
    assert!(spec.to_string().contains("fit 8-9 majors"));
    let set = spec.constraints(None).unwrap();
    let mut d = Dealer::new(&set, Options::default()).unwrap();
    assert!(d.count().is_exact());
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..2000 {
        let deal = d.sample(&mut rng).unwrap();
        assert!(set.accepts(&deal), "{deal}");
    }
    for bad in ["ns: fit 9-8", "ns: fit 8-14", "ns: fit x-9", "ns: fit 8"] {
        let m = parse(bad).expect_err(bad).to_string();
        assert!(m.contains("8+ or 8-9"), "{bad}: {m}");
    }
}
