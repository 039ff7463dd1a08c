//! Unit tests of the engine internals: the layered shape automaton and the two state indices.

use super::*;
use crate::parse;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn set(text: &str) -> ConstraintSet {
    parse(text)
        .expect("parses")
        .constraints(None)
        .expect("compiles")
}

#[test]
fn dfa_accepts_exactly_its_shapes() {
    let s = set("north: shape 4432 + 5=x=x=x - 5=4=4=0").seats[0].shapes;
    let d = Dfa::new(&s);
    for shape in crate::shape::all_shapes() {
        let mut st = 0u16;
        for (i, &l) in shape.iter().enumerate() {
            if st != DEAD {
                st = d.trans[i][st as usize][l as usize];
            }
        }
        assert_eq!(st != DEAD, s.contains(*shape), "{shape:?}");
    }
}

/// The hash-map index and the dense index give the same counts and, state for state, the
/// same deals from the same seed.
#[test]
fn dense_and_hash_indices_agree() {
    for text in [
        "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x",
        "ns: hcp 25+, fit 8+ majors\nnorth: spades AKxx",
        "west: spades 9\neast: shape x=x=6=6\nnorth: has HA",
    ] {
        let s = set(text);
        let seats: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|x| {
                s.seat(*x).constrained || s.pairs.iter().any(|p| p.pair.seats().contains(x))
            })
            .collect();
        let mut dense =
            Tables::with_dense_max(&s, &seats, u64::MAX, DENSE_MAX, &[]).expect("dense");
        let mut hash = Tables::with_dense_max(&s, &seats, u64::MAX, 0, &[]).expect("hash");
        assert!(hash.layers.iter().all(|l| !l.is_dense()));
        assert!(dense.layers.iter().any(|l| l.is_dense()));
        assert_eq!(dense.tuples(), hash.tuples(), "{text}");
        assert!(dense.tuples() > 0);
        let (mut r1, mut r2) = (ChaCha8Rng::seed_from_u64(5), ChaCha8Rng::seed_from_u64(5));
        for _ in 0..200 {
            let (a, b) = (dense.sample(&mut r1), hash.sample(&mut r2));
            assert_eq!(a, b);
            assert!(s.accepts(&a.expect("a deal")), "{text}");
        }
    }
}
