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

/// The fast indices (direct filling tables, dense indices, kept successor edges) and the
/// lookup-only ones (hash maps, binary search, successors generated again) give the same
/// counts and, state for state, the same deals from the same seed.
#[test]
fn dense_and_hash_indices_agree() {
    let mut any_dense = false;
    for text in [
        "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x",
        "ns: fit 8+ spades, hcp 20+\neast: hcp 12+",
        "west: spades 5+\nnorth: hearts 5+\neast: diamonds 5+\nsouth: clubs 0-4",
        "ns: hcp 25+, fit 8+ majors\nnorth: spades AKxx",
        "west: spades 9\neast: shape x=x=6=6\nnorth: has HA",
        // Projected seats, high cards first, three seats (the fourth takes what is left).
        "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: balanced, hcp 6-10",
    ] {
        let s = set(text);
        let seats: Vec<Seat> = Seat::ALL
            .into_iter()
            .filter(|x| {
                s.seat(*x).constrained || s.pairs.iter().any(|p| p.pair.seats().contains(x))
            })
            .collect();
        let mut dense =
            Tables::with_indexing(&s, &seats, u64::MAX, Indexing::FULL, &[], false).expect("dense");
        let mut hash =
            Tables::with_indexing(&s, &seats, u64::MAX, Indexing::LOOKUP_ONLY, &[], false)
                .expect("hash");
        assert!(hash.layers.iter().all(|l| !l.is_dense()) && hash.edges.is_empty());
        // The backward pass through the compact index instead of the map.
        let compact_lookups = Indexing {
            lookup_map: false,
            ..Indexing::LOOKUP_ONLY
        };
        let mut compact = Tables::with_indexing(&s, &seats, u64::MAX, compact_lookups, &[], false)
            .expect("compact");
        assert_eq!(compact.tuples(), hash.tuples(), "{text}");
        assert_eq!(compact.states(), hash.states(), "{text}");
        // Edges kept for the first layers only, lookups for the rest.
        let some = Indexing {
            edge_bytes: dense.edges.iter().map(Edges::bytes).sum::<usize>() / 2,
            ..Indexing::FULL
        };
        let mut mixed =
            Tables::with_indexing(&s, &seats, u64::MAX, some, &[], false).expect("mixed");
        assert!(!mixed.edges.is_empty() && mixed.edges.len() < mixed.steps.len());
        assert_eq!(mixed.tuples(), hash.tuples(), "{text}");
        any_dense |= dense.layers.iter().any(|l| l.is_dense());
        assert_eq!(dense.edges.len(), dense.steps.len());
        assert_eq!(dense.tuples(), hash.tuples(), "{text}");
        assert!(dense.tuples() > 0);
        // Edges dropped once built (as a set counted in cells does to make room): the
        // bytes held fall by what they took, and the deals stay the same.
        let mut dropped = dense.clone();
        let freed = dropped.drop_edges();
        assert!(freed > 0 && dropped.edges.is_empty(), "{text}");
        assert_eq!(dropped.bytes() + freed, dense.bytes(), "{text}");
        assert_eq!(dropped.edge_bytes(), 0);
        let (mut r1, mut r2) = (ChaCha8Rng::seed_from_u64(5), ChaCha8Rng::seed_from_u64(5));
        let (mut r3, mut r4) = (ChaCha8Rng::seed_from_u64(5), ChaCha8Rng::seed_from_u64(5));
        let mut r5 = ChaCha8Rng::seed_from_u64(5);
        for _ in 0..200 {
            let (a, b) = (dense.sample(&mut r1), hash.sample(&mut r2));
            assert_eq!(a, b);
            assert_eq!(a, mixed.sample(&mut r3));
            assert_eq!(a, dropped.sample(&mut r4));
            assert_eq!(a, compact.sample(&mut r5));
            assert!(s.accepts(&a.expect("a deal")), "{text}");
        }
    }
    assert!(any_dense, "no dense index was tried");
}

/// The distribution of observed quantities is the same whichever indices the tables were
/// built with, read from the kept edges or by looking successors up, and whether the tables
/// are kept (`distribution`) or freed layer by layer as the pass leaves them
/// (`into_distribution`); its counts add up to the set's deals.
#[test]
fn distributions_agree_across_indices_and_when_consumed() {
    let points = |seat| Observer::Points(seat, [8, 6, 4, 2, 0]);
    for (text, observers) in [
        (
            "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x",
            vec![points(Seat::North), Observer::Shape(Seat::South)],
        ),
        (
            "ns: fit 8+ spades, hcp 20+\neast: hcp 12+",
            vec![
                points(Seat::East),
                Observer::Length(Seat::North, Suit::Spades),
            ],
        ),
        (
            "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10",
            vec![
                points(Seat::West),
                Observer::Length(Seat::South, Suit::Clubs),
            ],
        ),
    ] {
        let s = set(text);
        let mut seats = crate::dealer::candidates(&s);
        for o in &observers {
            seats.extend(o.seats());
        }
        seats.sort();
        seats.dedup();
        // As `Tables::observing_within` builds them: lengths read off the end draw where
        // the seat draws the suit.
        let build = |indexing: Indexing| {
            match Tables::with_indexing(&s, &seats, u64::MAX, indexing, &observers, true) {
                Err(TablesError::LengthNotDrawn { .. }) => {
                    Tables::with_indexing(&s, &seats, u64::MAX, indexing, &observers, false)
                }
                other => other,
            }
            .expect("builds")
        };
        let full = build(Indexing::FULL);
        assert!(!full.edges.is_empty(), "{text}: edges kept");
        let expected = full.distribution();
        assert!(expected.len() > 1, "{text}: observes something");
        let total: u128 = expected.iter().map(|x| x.1).sum();
        assert_eq!(total, full.deals(), "{text}");
        let half_edges = Indexing {
            edge_bytes: full.edge_bytes() / 2,
            ..Indexing::FULL
        };
        let compact = Indexing {
            lookup_map: false,
            ..Indexing::LOOKUP_ONLY
        };
        for (name, tables) in [
            ("kept", full.clone()),
            ("half the edges", build(half_edges)),
            ("lookups only", build(Indexing::LOOKUP_ONLY)),
            ("compact lookups", build(compact)),
        ] {
            assert_eq!(tables.distribution(), expected, "{text}: {name}");
            assert_eq!(
                tables.into_distribution(),
                expected,
                "{text}: {name}, consumed"
            );
        }
    }
}

#[test]
fn named_suits_are_the_fewest_that_decide_the_shape() {
    let shapes = |t: &str| set(t).seats[0].shapes;
    assert_eq!(dfa::named_suits(&shapes("north: spades 5+")), 0b0001);
    assert_eq!(
        dfa::named_suits(&shapes("north: hearts 4-5, clubs 0-2")),
        0b1010
    );
    assert_eq!(dfa::named_suits(&shapes("north: shape x=4=x=x")), 0b0010);
    assert_eq!(dfa::named_suits(&shapes("north: balanced")).count_ones(), 3);
    assert_eq!(dfa::named_suits(&ShapeSet::all()), 0);
}

#[test]
fn projected_automaton_accepts_exactly_the_named_lengths() {
    for text in [
        "north: spades 5+",
        "north: hearts 4-5, clubs 0-2",
        "north: balanced",
        "north: shape any 5431 + 4=4=x=x",
    ] {
        let s = set(text).seats[0].shapes;
        let mask = dfa::named_suits(&s);
        let d = Dfa::projected(&s, mask);
        for shape in crate::shape::all_shapes() {
            let mut st = 0u16;
            for (i, &l) in shape.iter().enumerate() {
                if mask >> i & 1 == 1 && st != DEAD {
                    st = d.trans[i][st as usize][l as usize];
                }
            }
            assert_eq!(st != DEAD, s.contains(*shape), "{text}: {shape:?}");
        }
    }
}

/// Which sets take the projected path (high cards first, the end table): those with points
/// and no seat whose shape names all four suits (balanced names three).
#[test]
fn projection_is_taken_where_it_pays() {
    let build = |t: &str, seats: &[Seat]| Tables::new(&set(t), seats, u64::MAX).expect(t);
    let t = build(
        "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4",
        &Seat::ALL,
    );
    assert!(t.highs_first && t.projected == [true; 4] && t.draw.is_some());
    assert!(t.tuples() > 0);
    let t = build(
        "north: balanced, hcp 15-17\nsouth: hcp 8+, spades 4+",
        &[Seat::North, Seat::South],
    );
    assert!(t.highs_first && t.projected == [true, true]);
    // No points: the suit-by-suit chain (no gain from high cards first).
    let t = build(
        "west: spades 5+\nnorth: hearts 5+\neast: diamonds 5+\nsouth: clubs 0-4",
        &Seat::ALL,
    );
    assert!(!t.highs_first && t.draw.is_none());
    // A fit whose seats have no shape of their own, with points: high cards first too, the
    // fit's seats taking each fit suit's spot cards in one step.
    let t = build("ns: fit 8+ spades\neast: hcp 12+", &Seat::ALL[..3]);
    assert!(t.highs_first && t.draw.is_some() && t.projected == [false; 3]);
    assert!(t.steps.iter().all(|s| !matches!(s, Step::Spots(_))));
    // Two fits (their takes cannot pair up): the suit-by-suit chain.
    let t = build("ns: fit 8+ spades\new: fit 8+ spades, hcp 10+", &Seat::ALL);
    assert!(!t.highs_first);
    // A seat outside the fit naming the fit suit, and a fit over two suits beside a named
    // seat: high cards first, each fit suit's last two takes the fit's seats, paired.
    for (text, fit_suits) in [
        (
            "ns: fit 8+ spades, hcp 22+\neast: spades 5+, hcp 8+\nwest: hcp 0-10",
            &[0][..],
        ),
        (
            "ns: fit 8+ majors\neast: hearts 5+, hcp 8+\nwest: hcp 0-10",
            &[0, 1],
        ),
    ] {
        let t = build(text, &Seat::ALL);
        assert!(
            t.highs_first && t.projected == [false, true, false, false],
            "{text}"
        );
        for &suit in fit_suits {
            let (from, to) = t.suits[suit].range;
            let last = t.steps[from..to].last();
            assert!(
                matches!(last, Some(Step::SpotsPair([a, b])) if (a.seat, b.seat) == (0, 2)),
                "{text}: suit {suit} ends {last:?}"
            );
        }
    }
}

/// A build that gives up says what it ran out of: the step budget, or the tables' memory.
#[test]
fn giving_up_names_steps_or_memory() {
    let s = set("north: hcp 10\neast: hcp 10");
    let err = Tables::new(&s, &[Seat::North, Seat::East], 1000).expect_err("over 1000 steps");
    assert!(matches!(err, TablesError::Budget { memory: false, .. }));
    assert!(
        err.to_string().ends_with("needs more than 1000 steps"),
        "{err}"
    );
    let s = set("north: balanced, hcp 15-17\neast: balanced, hcp 10-12\n\
                 south: balanced, hcp 8-10\nwest: balanced, hcp 5-7");
    let err = Tables::new(&s, &Seat::ALL, u64::MAX).expect_err("over the memory bound");
    assert!(matches!(err, TablesError::Budget { memory: true, .. }));
    assert!(err.to_string().ends_with("memory bound (144 MB)"), "{err}");
}

/// Three seats with points and shapes (high cards first, an end draw) after `n` deals drawn
/// from `seed`, which fill their successor cache; and the generator after them.
fn three_seats_sampled(seed: u64, n: usize) -> (Tables, ChaCha8Rng) {
    let s =
        set("north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: balanced, hcp 6-10");
    let seats = [Seat::North, Seat::East, Seat::South];
    let mut t = Tables::new(&s, &seats, u64::MAX).expect("counts");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deals = Vec::new();
    t.sample_batch(&mut rng, n, &mut deals);
    (t, rng)
}

/// A pick whose 32 bits tie a threshold (about one in 2^32 per boundary, so never seen in a
/// sampling test) resolves against the exact cumulative weights: those of the very list
/// the cache holds, boundary for boundary, and the resolved pick lies among the tied ones.
#[test]
fn a_tied_pick_resolves_against_the_cached_list() {
    let (t, mut rng) = three_seats_sampled(3, 2_000);
    let mut checked = 0;
    for j in 0..t.steps.len() {
        for state in 0..t.cache.at[j].len() as u32 {
            let at = t.cache.at[j][state as usize];
            if at == NOT_CACHED || at & 255 < 2 {
                continue;
            }
            let start = (at >> 8) as usize;
            let list = t.cache.arena[start..start + (at & 255) as usize].to_vec();
            let cums = t.cumulative_weights(j, state);
            assert_eq!(cums.len(), list.len());
            let total = *cums.last().unwrap();
            for (k, (succ, &cum)) in list.iter().zip(&cums).enumerate().take(list.len() - 1) {
                assert_eq!(
                    succ.thresh,
                    pick::threshold(cum, total),
                    "step {j} state {state}"
                );
                // Bits equal to this threshold: the pick is one of the boundaries it ties.
                let u = succ.thresh;
                let below = list[..list.len() - 1]
                    .iter()
                    .filter(|x| x.thresh < u)
                    .count();
                let tied = list[..list.len() - 1]
                    .iter()
                    .filter(|x| x.thresh == u)
                    .count();
                assert!(below <= k && k < below + tied);
                let got = pick::resolve(&mut rng, u, &cums);
                assert!(
                    (below..=below + tied).contains(&got),
                    "{got} of {below}+{tied}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} lists cached");
}

/// A successor cache emptied again and again (room for the lists of one batch of four
/// walks) draws exactly the deals the full cache draws from the same generator.
#[test]
fn a_small_successor_cache_draws_the_same_deals() {
    let s =
        set("north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: balanced, hcp 6-10");
    let seats = [Seat::North, Seat::East, Seat::South];
    let draw = |capacity: usize| {
        let mut t = Tables::new(&s, &seats, u64::MAX).expect("counts");
        t.cache.capacity = capacity;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut deals = Vec::new();
        for _ in 0..500 {
            t.sample_batch(&mut rng, 4, &mut deals);
        }
        (deals, t.cache.uncached)
    };
    let (full, none) = draw(CACHE_EDGES);
    assert_eq!(none, 0);
    // A few lists fill the arena: most picks are then made without a list, from the kept
    // edges or by looking successors up.
    let (small, uncached) = draw(4 * 16 + 16);
    assert!(uncached > 10_000, "only {uncached} picks without a list");
    assert_eq!(small, full);
    // Without edges every uncached pick looks its successors up, up to the pick.
    let lookups = |capacity: usize| {
        let mut t = Tables::with_indexing(&s, &seats, u64::MAX, Indexing::LOOKUP_ONLY, &[], false)
            .expect("counts");
        t.cache.capacity = capacity;
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut deals = Vec::new();
        for _ in 0..500 {
            t.sample_batch(&mut rng, 4, &mut deals);
        }
        deals
    };
    assert_eq!(lookups(0), full);
    assert_eq!(lookups(4 * 16 + 16), full);
}

/// A pick made without a list resolves a tie against the exact weights as a cached pick
/// does: for every state met, and 32-bit values on and around each of its thresholds, the
/// uncached pick agrees with the list's (and a tied value is reported, not decided).
#[test]
fn an_uncached_pick_is_the_cached_pick_for_the_same_bits() {
    let (t, _) = three_seats_sampled(4, 300);
    /// Replays fixed 32-bit values (as `next_u32`).
    struct Fixed(u32);
    impl RngCore for Fixed {
        fn next_u32(&mut self) -> u32 {
            self.0
        }
        fn next_u64(&mut self) -> u64 {
            u64::from(self.0)
        }
        fn fill_bytes(&mut self, dest: &mut [u8]) {
            dest.fill(0);
        }
        fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand_core::Error> {
            dest.fill(0);
            Ok(())
        }
    }
    let mut checked = 0;
    for j in 0..t.steps.len() {
        for state in 0..t.cache.at[j].len() as u32 {
            let at = t.cache.at[j][state as usize];
            if at == NOT_CACHED {
                continue;
            }
            let start = (at >> 8) as usize;
            let list = t.cache.arena[start..start + (at & 255) as usize].to_vec();
            if list.len() == 1 {
                let got = t.pick_uncached(j, state, &mut Fixed(0));
                assert_eq!(got, Ok((list[0].label, list[0].next)));
                continue;
            }
            let inner: Vec<u32> = list[..list.len() - 1].iter().map(|x| x.thresh).collect();
            for &t0 in &inner {
                for u in [t0.wrapping_sub(1), t0, t0.wrapping_add(1), 0, u32::MAX] {
                    let got = t.pick_uncached(j, state, &mut Fixed(u));
                    match pick::pick_fast(u, inner.iter().copied()) {
                        pick::Fast::Picked(k) => {
                            assert_eq!(got, Ok((list[k].label, list[k].next)), "step {j}")
                        }
                        pick::Fast::Tie(_) => assert_eq!(got, Err(u), "step {j}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1_000, "only {checked} picks checked");
}
