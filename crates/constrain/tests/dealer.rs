//! Dealer behaviour: impossible sets, the rejection fallback, giving up, levelled sets.

use fairdeal_constrain::{
    parse, BoardOrder, BuildError, Culprit, Dealer, Levelled, Options, Pair, SampleError,
};
use fairdeal_model::Seat;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn build(text: &str, options: Options) -> Result<Dealer, BuildError> {
    Dealer::new(
        &parse(text)
            .expect("parses")
            .constraints(None)
            .expect("compiles"),
        options,
    )
}

/// The deals of `text`, which must be counted exactly on every seat.
fn exact_deals(text: &str) -> u128 {
    let c = build(text, Options::default()).unwrap().count();
    assert!(c.is_exact(), "{text}: {c:?}");
    c.deals
}

#[test]
fn impossible_sets_name_the_culprit() {
    let err = build("north: hcp 38", Options::default()).expect_err("38 HCP needs 14 cards");
    assert_eq!(
        err,
        BuildError::NoDeal {
            culprit: Culprit::Seat(Seat::North)
        }
    );
    assert_eq!(err.to_string(), "no deal satisfies the conditions on North");
    let err = build("north: spades 7\nsouth: spades 7", Options::default()).expect_err("14 spades");
    assert_eq!(
        err,
        BuildError::NoDeal {
            culprit: Culprit::Together
        }
    );
    let err = build(
        "ns: hcp 25+\nnorth: hcp 0-5\nsouth: hcp 0-5",
        Options::default(),
    )
    .expect_err("sum");
    assert_eq!(
        err,
        BuildError::NoDeal {
            culprit: Culprit::Pair(Pair::NorthSouth)
        }
    );
    let err = build("east: shape 4432 - any 4=4=3=2", Options::default()).expect_err("no shape");
    assert_eq!(
        err,
        BuildError::NoDeal {
            culprit: Culprit::Seat(Seat::East)
        }
    );
    let err = build(
        "west: spades AKxx\nnorth: has S2 S3 S4 S5 S6 S7 S8",
        Options::default(),
    )
    .expect_err("x");
    assert_eq!(
        err,
        BuildError::NoDeal {
            culprit: Culprit::Seat(Seat::West)
        }
    );
}

#[test]
fn over_budget_falls_back_to_rejection_and_reports_it() {
    let text = "north: balanced, hcp 12-14\neast: spades 5+\nsouth: hcp 0-20\nwest: hearts 0-1";
    let small = Options {
        budget: 2_000_000,
        ..Options::default()
    };
    let mut d = build(text, small).expect("builds");
    let c = d.count();
    assert!(!c.is_exact());
    assert!(
        c.exact_seats.contains(&Seat::North),
        "the 1-in-20 seat is kept exact: {c:?}"
    );
    assert!(!c.rejected_seats.is_empty());
    // And says why: the four seats' tables together pass the budget.
    let why = c.why.as_deref().expect("an inexact count says why");
    assert!(
        why.starts_with("counting North, East, South and West together needs ")
            && (why.ends_with("more than 2000000 steps") || why.contains("memory bound")),
        "{why}"
    );
    let set = parse(text).unwrap().constraints(None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..200 {
        let deal = d.sample(&mut rng).expect("samples");
        assert!(set.accepts(&deal));
    }
    let (tries, accepted) = d.acceptance();
    assert_eq!(accepted, 200);
    assert!(tries > accepted, "some exact draws were rejected");
}

/// A set with more tracked totals than the tables hold (four scales on every seat and a
/// partnership's sum: 17) is not refused: fewer seats are counted, the rest applied by
/// rejection, and the count says why.
#[test]
fn too_many_totals_fall_back_to_rejection_and_say_why() {
    let text = "scale aces A1\nscale kings K1\n\
                north: hcp 12-17, controls 2+, aces 1+, kings 0-2\n\
                east: hcp 6-12, controls 0-5, aces 0-2, kings 0-3\n\
                south: hcp 6-12, controls 1+, aces 0-2, kings 1+\n\
                west: hcp 4-12, controls 0-6, aces 0-2, kings 0-3\n\
                ns: hcp 20+";
    let mut d = build(text, Options::default()).expect("builds");
    let c = d.count();
    assert!(!c.is_exact(), "{c:?}");
    assert!(!c.exact_seats.is_empty());
    let why = c.why.as_deref().expect("an inexact count says why");
    assert_eq!(
        why,
        "counting North, East, South and West together needs 17 tracked totals, more than the 16 the tables hold"
    );
    let set = parse(text).unwrap().constraints(None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..100 {
        let deal = d.sample(&mut rng).expect("samples");
        assert!(set.accepts(&deal));
    }
}

/// Natively the halves share a batch out among threads: the deals are those of one thread,
/// on three threads (a batch split unevenly, and past the halves' batch of 8 192) as on
/// two — on four balanced seats, on a set with a ♦♣ half dealt as one suit, and on one
/// whose halves are exchanged.
#[test]
fn drawing_on_many_threads_gives_the_deals_of_one() {
    let sets = [
        "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12",
        "north: hcp 20-23\neast: hcp 8-11\nsouth: hcp 12-17, controls 4+\nns: fit 9+ spades\new: fit 9+ majors",
        "north: hcp 10-14, spades 4+, hearts 4+\neast: hcp 10-12\nwest: hcp 0-4\new: fit 8+ minors",
    ];
    for text in sets {
        let d = build(text, Options::default()).expect("builds");
        assert!(d.halves().is_some(), "{text}: counted by halves");
        let deals_on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool");
            let mut d = d.clone();
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let mut deals = Vec::new();
            pool.install(|| {
                for n in [300, 8300] {
                    d.sample_many(&mut rng, n, &mut deals).expect("samples");
                }
            });
            (deals, rng.next_u64())
        };
        let one = deals_on(1);
        assert_eq!(one.0.len(), 8600);
        for threads in [2, 3] {
            assert!(deals_on(threads) == one, "{text}: {threads} threads");
        }
    }
}

/// `sample_many` gives exactly the deals of one `sample` per deal and leaves the generator
/// where they leave it, however the deals are grouped: with conditions applied by rejection,
/// with seats drawing their free suits at the end, with plain points, and by halves.
#[test]
fn drawing_many_at_once_gives_the_deals_of_one_at_a_time() {
    let small = Options {
        budget: 2_000_000,
        ..Options::default()
    };
    let sets = [
        // Rejection beside the exact seats (as in the fallback test above).
        (
            "north: balanced, hcp 12-14\neast: spades 5+\nsouth: hcp 0-20\nwest: hearts 0-1",
            small,
        ),
        // A suit and points on two seats: both draw their other suits at the end.
        (
            "north: hcp 10, spades 5+\neast: hcp 10, hearts 4-5",
            Options::default(),
        ),
        (
            "north: hcp 10\neast: hcp 10\nsouth: hcp 10",
            Options::default(),
        ),
        // Counted by the two halves of the deck, which finish a batch group by group.
        (
            "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12",
            Options::default(),
        ),
        // A fit counted in cells without fits (a cell picked per deal).
        (
            "south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14, shape any 5431\nns: fit 8+ hearts",
            Options::default(),
        ),
    ];
    for (text, options) in sets {
        let mut one = build(text, options).expect("builds");
        let mut many = one.clone();
        // Groups of 1, 7, 0, 256 and 36 deals, then 8 300 (past the halves' batch of 8 192).
        let groups = [1, 7, 0, 256, 36, 8300];
        let mut r1 = ChaCha8Rng::seed_from_u64(21);
        let want: Vec<_> = (0..groups.iter().sum())
            .map(|_| one.sample(&mut r1).expect("samples"))
            .collect();
        let mut r2 = ChaCha8Rng::seed_from_u64(21);
        let mut got = Vec::new();
        for n in groups {
            many.sample_many(&mut r2, n, &mut got).expect("samples");
        }
        assert_eq!(got, want, "{text}");
        assert_eq!(
            r1.next_u64(),
            r2.next_u64(),
            "{text}: the generators end together"
        );
        assert_eq!(one.acceptance(), many.acceptance(), "{text}");
        let set = parse(text).unwrap().constraints(None).unwrap();
        assert!(got.iter().all(|d| set.accepts(d)), "{text}");
    }
    // Giving up (here at the first draw rejected): the deals before the error are kept,
    // and the error is the one `sample` gives.
    let hopeless = Options {
        max_tries: 1,
        ..small
    };
    let text = "north: balanced, hcp 12-14\neast: spades 5+\nsouth: hcp 0-20\nwest: hearts 0-1";
    let mut d = build(text, hopeless).expect("builds");
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    let mut got = Vec::new();
    let err = d
        .sample_many(&mut rng, 100_000, &mut got)
        .expect_err("gives up");
    assert!(
        matches!(err, SampleError::TooRare { tries: 1, .. }),
        "{err}"
    );
    assert_eq!(got.len() as u64, d.acceptance().1);
}

#[test]
fn hopeless_filters_give_up_with_a_rate() {
    let mut d = build(
        "north: hcp 20+",
        Options {
            max_tries: 1000,
            ..Options::default()
        },
    )
    .expect("builds");
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let err = d
        .sample_filtered(&mut rng, |deal| deal.hand(Seat::South).hcp() > 19)
        .expect_err("never");
    let SampleError::TooRare {
        tries,
        accepted,
        rate,
    } = err.clone();
    assert_eq!((tries, accepted), (1000, 0));
    assert!(rate > 0.0 && rate <= 0.003 + 1e-12);
    assert!(
        err.to_string().contains("gave up after 1000 draws"),
        "{err}"
    );
    let deal = d
        .sample_filtered(&mut rng, |deal| deal.hand(Seat::South).hcp() >= 10)
        .expect("often");
    assert!(deal.hand(Seat::North).hcp() >= 20 && deal.hand(Seat::South).hcp() >= 10);
}

/// Levelled categories: picks follow the weights (chi-square, alpha 0.001, 2 d.f.: 13.82),
/// interleaving shows every category in every block, and each deal fits its category.
#[test]
fn levelled_sets() {
    let text = "north: balanced\ncategory weak weight 2\nnorth: hcp 12-14\ncategory strong\nnorth: hcp 15-17\n\
                category big\nnorth: hcp 20-21";
    let spec = parse(text).expect("parses");
    let mut l = Levelled::new(&spec, Options::default()).expect("builds");
    assert_eq!(l.names(), ["weak", "strong", "big"]);
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let order = l.order(&mut rng, 40_000, BoardOrder::Random);
    let mut n = [0f64; 3];
    for c in &order {
        n[*c] += 1.0;
    }
    let e = [20_000.0, 10_000.0, 10_000.0];
    let chi: f64 = (0..3).map(|i| (n[i] - e[i]).powi(2) / e[i]).sum();
    assert!(
        chi < 13.82,
        "chi-square {chi} ≥ 13.82 (alpha 0.001, 2 d.f.)"
    );
    let inter = l.order(&mut rng, 12, BoardOrder::Interleaved);
    for block in inter.chunks(4) {
        let mut b = block.to_vec();
        b.sort_unstable();
        assert_eq!(b, [0, 0, 1, 2]);
    }
    let boards = l
        .deal(&mut rng, 30, BoardOrder::Interleaved)
        .expect("deals");
    for (c, deal) in boards {
        let set = spec.constraints(Some(c)).expect("compiles");
        assert!(set.accepts(&deal), "{deal} is not in category {c}");
    }
    assert!(matches!(
        Levelled::new(&parse("north: hcp 3").unwrap(), Options::default()),
        Err(fairdeal_constrain::LevelError::NoCategories)
    ));
}

/// A fit whose two seats are asked nothing else moves to the other side
/// (`fit_complement`): counted on North and South alone, the set has the joint tables'
/// count of the set as written (four seats, another route), and the deals drawn meet the
/// written set; an impossible moved fit is still refused at once.
#[test]
fn a_fit_of_two_free_seats_is_counted_as_the_other_sides_length() {
    let text = "north: hcp 12+\nsouth: hearts 4+\new: fit 8+ spades";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let mut d = build(text, Options::default()).expect("builds");
    let c = d.count();
    assert!(c.is_exact(), "{c:?}");
    assert_eq!(c.exact_seats, [Seat::North, Seat::South]);
    let joint =
        fairdeal_constrain::engine::Tables::new(&set, &Seat::ALL, Options::default().budget)
            .expect("the joint tables take the written set");
    assert_eq!(joint.deals(), c.deals);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for _ in 0..2000 {
        assert!(set.accepts(&d.sample(&mut rng).expect("samples")));
    }
    assert!(matches!(
        build(
            "north: spades 6+\nsouth: spades 6+\new: fit 3+ spades",
            Options::default()
        ),
        Err(BuildError::NoDeal { .. })
    ));
}

/// A seat asked only what every hand meets (`hcp 0+`) is not counted: the count is the one
/// of the set without it, on the other seats, and a fit whose seat is so freed moves to the
/// other side as if the seat were unconditioned. A range some hand misses (`hcp 0-36`) keeps
/// its seat counted.
#[test]
fn a_seat_asked_what_every_hand_meets_is_not_counted() {
    for (with, without, seats) in [
        (
            "north: hcp 15-19\nsouth: hcp 10+, spades 5+\nwest: hcp 0+\nns: fit 8+ minors",
            "north: hcp 15-19\nsouth: hcp 10+, spades 5+\nns: fit 8+ minors",
            &[Seat::North, Seat::South][..],
        ),
        (
            "north: hcp 12+\nsouth: hearts 4+\neast: hcp 0-37\new: fit 8+ spades",
            "north: hcp 12+\nsouth: hearts 4+\new: fit 8+ spades",
            &[Seat::North, Seat::South][..],
        ),
    ] {
        let c = build(with, Options::default()).expect("builds").count();
        assert!(c.is_exact(), "{with}: {c:?}");
        assert_eq!(c.exact_seats, seats, "{with}");
        assert_eq!(
            c.deals,
            build(without, Options::default()).unwrap().count().deals
        );
    }
    let c = build("north: hcp 12+\nwest: hcp 0-36", Options::default())
        .unwrap()
        .count();
    assert_eq!(c.exact_seats, [Seat::North, Seat::West]);
}

/// A set whose tables cannot take every seat (a fit over the two minors beside a seat with
/// spades and hearts, North holding the ♣A, which keeps the halves out: the chain and the 45
/// cells together pass the memory bound) is dealt from fewer seats with the rest by
/// rejection, but counted whole, cell by cell. The whole count equals the one made by
/// another decomposition — inclusion–exclusion over the two minors, each term a one-suit fit
/// the joint tables or cells take — and the share of draws the dealer keeps agrees with it
/// (20 000 deals, within five standard errors).
#[test]
fn a_set_dealt_in_part_is_counted_whole_cell_by_cell() {
    let base =
        "north: hcp 8-12, has CA\nsouth: hcp 15-21\nwest: hcp 10-12, spades 5+, hearts 0-3\n";
    let counting = Options {
        whole: true,
        ..Options::default()
    };
    assert!(
        build(&format!("{base}ew: fit 9+ minors"), Options::default())
            .unwrap()
            .count()
            .whole
            .is_none()
    );
    let mut d = build(&format!("{base}ew: fit 9+ minors"), counting).unwrap();
    let c = d.count();
    assert!(!c.is_exact(), "dealt in part: {c:?}");
    let whole = c.whole.clone().expect("counted whole");
    assert_eq!(whole.seats, Seat::ALL);
    assert_eq!(whole.hands, whole.deals);
    let diamonds = exact_deals(&format!("{base}ew: fit 9+ diamonds"));
    let clubs = exact_deals(&format!("{base}ew: fit 9+ clubs"));
    let both = exact_deals(&format!("{base}ew: fit 9+ diamonds\new: fit 9+ clubs"));
    assert_eq!(whole.deals, diamonds + clubs - both);
    assert!(whole.deals < c.deals);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut deals = Vec::new();
    d.sample_many(&mut rng, 20_000, &mut deals).unwrap();
    let set = d.set().clone();
    assert!(deals.iter().all(|deal| set.accepts(deal)));
    let (tries, kept) = d.acceptance();
    let p = whole.deals as f64 / c.deals as f64;
    let se = (p * (1.0 - p) / tries as f64).sqrt();
    let rate = kept as f64 / tries as f64;
    assert!(
        (rate - p).abs() < 5.0 * se,
        "kept {rate}, counted {p} (s.e. {se})"
    );
}

/// A set past the chain's memory bound and the halves' usual bounds (the fit over the two
/// minors above without the predealt card: East and North asked no shape, so each suit has
/// hundreds of columns) is counted on every seat by the halves with wider bounds, the fit
/// filtering their pairs of columns. The count equals inclusion–exclusion over the two
/// minors, each term a one-suit fit counted as a set of its own; every deal drawn meets the
/// set. Within a small budget the wider halves are not built, and the set is dealt in part.
#[test]
fn past_the_chain_the_wider_halves_count_every_seat() {
    let base = "north: hcp 8-12\nsouth: hcp 15-21\nwest: hcp 10-12, spades 5+, hearts 0-3\n";
    let text = format!("{base}ew: fit 9+ minors");
    let set = parse(&text).unwrap().constraints(None).unwrap();
    let seats = [Seat::North, Seat::East, Seat::South, Seat::West];
    assert!(
        fairdeal_constrain::halves::Halves::new(&set, &seats).is_none(),
        "past the usual bounds"
    );
    let mut d = build(&text, Options::default()).unwrap();
    let c = d.count();
    assert!(c.is_exact() && c.exact_seats == seats, "{c:?}");
    assert!(d.halves().is_some(), "{c:?}");
    let diamonds = exact_deals(&format!("{base}ew: fit 9+ diamonds"));
    let clubs = exact_deals(&format!("{base}ew: fit 9+ clubs"));
    let both = exact_deals(&format!("{base}ew: fit 9+ diamonds\new: fit 9+ clubs"));
    assert_eq!(c.deals, diamonds + clubs - both);
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let mut deals = Vec::new();
    d.sample_many(&mut rng, 2000, &mut deals).unwrap();
    assert_eq!(deals.len(), 2000);
    assert!(deals.iter().all(|deal| set.accepts(deal)));
    let small = Options {
        budget: 20_000_000,
        ..Options::default()
    };
    let c = build(&text, small).unwrap().count();
    assert!(!c.is_exact(), "{c:?}");
}

/// Where the usual halves decline a set the wider ones take, the chain is tried first only
/// for about as long as the wider halves would take. A fit over the majors beside a seat
/// with both majors (the chain carries both seats' lengths in each major: about a second
/// and 23 M steps; the halves filter their pairs of columns by the fit, 0.02 s) is counted
/// by the halves, to the same figure as the chain with its whole budget, and the deals
/// drawn meet the set. A set the chain counts in a few steps keeps the chain, though the
/// wider halves would take it too.
#[test]
fn the_chain_is_tried_only_as_long_as_the_wider_halves_take() {
    let text = "north: hcp 11+\neast: hcp 0-4, spades 4+, hearts 4+\nns: fit 9+ majors";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let mut d = build(text, Options::default()).unwrap();
    let c = d.count();
    assert!(c.is_exact(), "{c:?}");
    assert!(d.halves().is_some(), "{c:?}");
    let budget = Options::default().budget;
    let chain = fairdeal_constrain::engine::Tables::new(&set, &c.exact_seats, budget)
        .expect("the chain takes the set within its whole budget");
    assert_eq!(chain.deals(), c.deals);
    assert!(chain.work() > 10_000_000, "a slow set: {}", chain.work());
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut deals = Vec::new();
    d.sample_many(&mut rng, 2000, &mut deals).unwrap();
    assert!(deals.iter().all(|deal| set.accepts(deal)));

    let fast = "north: hcp 15-17, controls 3+\neast: hcp 6-8, clubs 6+\nwest: hcp 12-17";
    let d = build(fast, Options::default()).unwrap();
    assert!(d.count().is_exact() && d.tables().is_some());
    let set = parse(fast).unwrap().constraints(None).unwrap();
    let seats = &d.count().exact_seats;
    assert!(fairdeal_constrain::halves::Halves::new(&set, seats).is_none());
    assert!(
        fairdeal_constrain::halves::Halves::plan_wide(&set, seats, u64::MAX).is_some(),
        "the wider halves take it too"
    );
}

/// A set whose fit seat has a pattern (at most three cells) is counted in cells first,
/// though the joint tables take it too: the two counts, by different structures, agree, and
/// the deals drawn meet the set. A fit seat with no shape (fourteen cells) keeps the joint
/// tables.
#[test]
fn few_cells_come_first_and_count_as_the_joint_tables() {
    let text =
        "north: hcp 5-10\nsouth: hcp 6+, shape any 4333\nwest: hcp 10-12, hearts 5+\nns: fit 9+ clubs";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let mut d = build(text, Options::default()).expect("builds");
    let c = d.count();
    assert!(c.is_exact(), "{c:?}");
    assert_eq!(d.cells(), Some(2), "South's clubs: 3 or 4");
    assert!(d.tables().is_none());
    let joint =
        fairdeal_constrain::engine::Tables::new(&set, &c.exact_seats, Options::default().budget)
            .expect("the joint tables take the set too");
    assert_eq!(joint.deals(), c.deals);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..2000 {
        assert!(set.accepts(&d.sample(&mut rng).expect("samples")));
    }
    let free = build("ns: fit 8+ spades\neast: hcp 12+", Options::default()).unwrap();
    assert!(free.count().is_exact());
    assert!(free.cells().is_none() && free.tables().is_some());
}

/// Sets counted in cells without fits — two cells tried first, and 24 cells (a fit in any
/// suit, which the halves do not take, beside a balanced seat) after the joint tables pass
/// their memory bound: exact on every
/// seat, the cells' counts (each counted on its own) adding up to the dealer's, every deal
/// drawn meeting the set; a set with no fit has no cells.
#[test]
fn fits_out_of_the_joint_tables_reach_are_counted_in_cells() {
    for (text, seed, many) in [
        (
            "south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14, shape any 5431\nns: fit 8+ hearts",
            3,
            false,
        ),
        (
            "north: hcp 15-21, balanced\neast: shape any 5431\nsouth: shape any 5431\n\
             west: hcp 6-8\nns: fit 9+",
            4,
            true,
        ),
    ] {
        let set = parse(text).unwrap().constraints(None).unwrap();
        let mut d = build(text, Options::default()).expect("builds");
        let c = d.count();
        assert!(c.is_exact(), "{c:?}");
        let cells = fairdeal_constrain::fit_cells::cells(&set).expect("cells");
        assert_eq!(cells.len() > 3, many, "{text}: {} cells", cells.len());
        assert!(d.cells().is_some(), "{text}: counted in cells");
        let sum: u128 = cells
            .iter()
            .map(|cell| {
                let x = Dealer::new(cell, Options::default()).expect("a cell builds");
                assert!(x.count().is_exact() && x.cells().is_none());
                x.count().deals
            })
            .sum();
        assert_eq!(sum, c.deals, "{text}");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..2000 {
            assert!(set.accepts(&d.sample(&mut rng).expect("samples")));
        }
    }
    assert_eq!(
        build("north: hcp 12+\nsouth: hcp 10+", Options::default())
            .unwrap()
            .cells(),
        None
    );
}

/// A fit over two suits on a partnership asked nothing else is counted on the other side's
/// seats, in disjoint cells: exact on every seat, the same count as the joint tables over
/// North, East and South with the fit where it is written, and (with a fit of the other
/// side beside it, which the joint tables cannot take on four seats) the same count as
/// inclusion–exclusion over the two minors, each term a one-suit fit. The deals drawn meet
/// the set as written.
#[test]
fn a_fit_on_a_side_asked_nothing_else_is_counted_on_the_other() {
    use fairdeal_constrain::engine::Tables;
    let text = "east: hcp 12+\nns: fit 8+ minors";
    let mut d = build(text, Options::default()).unwrap();
    let c = d.count();
    assert!(c.is_exact(), "{c:?}");
    assert_eq!(c.exact_seats, [Seat::East, Seat::West]);
    assert_eq!(d.cells(), Some(2));
    let set = parse(text).unwrap().constraints(None).unwrap();
    let joint = Tables::new(&set, &[Seat::North, Seat::East, Seat::South], u64::MAX).unwrap();
    assert_eq!(c.deals, joint.deals());
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let mut deals = Vec::new();
    d.sample_many(&mut rng, 5_000, &mut deals).unwrap();
    assert!(deals.iter().all(|deal| set.accepts(deal)));
    assert_eq!(d.acceptance(), (5_000, 5_000), "nothing rejected");

    let base = "east: hcp 10-12\new: fit 8+ majors\n";
    let clubs = exact_deals(&format!("{base}ns: fit 8+ clubs"));
    let diamonds = exact_deals(&format!("{base}ns: fit 8+ diamonds"));
    let both = exact_deals(&format!("{base}ns: fit 8+ clubs\nns: fit 8+ diamonds"));
    let d = build(&format!("{base}ns: fit 8+ minors"), Options::default()).unwrap();
    let c = d.count();
    assert!(c.is_exact(), "{c:?}");
    assert_eq!(c.exact_seats, [Seat::East, Seat::West]);
    assert_eq!(c.deals, clubs + diamonds - both);
    // A seat of the fit with a condition keeps it where it is written.
    let d = build(
        "east: hcp 12+\nnorth: hcp 10+\nns: fit 8+ minors",
        Options::default(),
    );
    assert!(d.unwrap().count().exact_seats.contains(&Seat::North));
}
