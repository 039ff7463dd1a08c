//! The statistics analyser: exact expectations against the published tables, and its
//! chi-square passing exact samples while rejecting a biased sampler.
//!
//! Known answers: with no conditions, the analyser's exact pattern and HCP expectations,
//! in deals, are the published hand counts (prob-tables, exact integers) times the deals of
//! the other 39 cards; the HCP North × HCP South table is the published ordered pairs times
//! the deals of the other 26 cards. Statistical tests use a fixed ChaCha8 seed and alpha =
//! 0.001 per table.

use fairdeal_constrain::stats::{
    chi_square, patterns, Analysis, ChiSquare, Generator, TableSpec, Theory, Var,
};
use fairdeal_constrain::{parse, Dealer, Options, ALL_DEALS};
use fairdeal_model::{Deal, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const PATTERNS: &str = include_str!("data/hand-patterns.csv");
const HCP: &str = include_str!("data/hcp-distribution.csv");
const PAIRS: &str = include_str!("data/partner-hcp-given-own-hcp.csv");
const HANDS: u128 = 635_013_559_600;

fn rows(csv: &str) -> impl Iterator<Item = Vec<&str>> {
    csv.lines().skip(1).map(|l| l.split(',').collect())
}

/// The exact count of `text`, which must be whole.
fn exact_count(text: &str) -> fairdeal_constrain::Count {
    let set = parse(text).unwrap().constraints(None).unwrap();
    let count = Dealer::new(&set, Options::default()).unwrap().count();
    assert!(count.is_exact(), "{text}: {count:?}");
    count
}

fn theory(text: &str) -> Theory {
    let set = parse(text).unwrap().constraints(None).unwrap();
    let d = Dealer::new(&set, Options::default()).unwrap();
    let mut t = Theory::new(Options::default().budget);
    t.push(&d, 1);
    t
}

#[test]
fn unconstrained_pattern_and_hcp_are_the_published_integers() {
    let mut t = theory("");
    let per_hand = ALL_DEALS / HANDS;
    assert_eq!(per_hand * HANDS, ALL_DEALS);
    for seat in Seat::ALL {
        let e = t.expected(&TableSpec::one(Var::Pattern(seat))).unwrap();
        let exact = e.exact.expect("a plain set has exact counts");
        assert_eq!(exact.total, ALL_DEALS);
        let mut seen = 0;
        for r in rows(PATTERNS) {
            let p: Vec<u8> = r[0].split('-').map(|x| x.parse().unwrap()).collect();
            let i = patterns().iter().position(|q| q[..] == p[..]).unwrap();
            let hands: u128 = r[3].parse().unwrap();
            assert_eq!(exact.deals[i], hands * per_hand, "{seat:?} {}", r[0]);
            assert_eq!(i, seen, "patterns in the published order");
            seen += 1;
        }
        assert_eq!(seen, 39);
        let e = t.expected(&TableSpec::one(Var::Hcp(seat))).unwrap();
        let exact = e.exact.unwrap();
        for r in rows(HCP) {
            let v: usize = r[0].parse().unwrap();
            let hands: u128 = r[1].parse().unwrap();
            assert_eq!(exact.deals[v], hands * per_hand, "{seat:?} hcp {v}");
        }
    }
}

#[test]
fn unconstrained_hcp_north_by_south_is_the_published_pair_table() {
    let mut t = theory("");
    let spec: TableSpec = "hcp:N,hcp:S".parse().unwrap();
    let exact = t.expected(&spec).unwrap().exact.unwrap();
    // Deals per ordered pair of hands: the other 26 cards split 13-13.
    let per_pair = 10_400_600u128;
    let mut n = 0;
    for r in rows(PAIRS) {
        let a: usize = r[0].parse().unwrap();
        let b: usize = r[1].parse().unwrap();
        let pairs: u128 = r[2].parse().unwrap();
        assert_eq!(exact.deals[a * 38 + b], pairs * per_pair, "{a} {b}");
        n += 1;
    }
    assert!(n > 500, "the table has {n} rows");
    assert_eq!(exact.total, ALL_DEALS);
}

#[test]
fn constrained_expectation_counts_only_qualifying_deals() {
    // North 15-17 balanced: the HCP table has mass on 15, 16, 17 only, summing to the count.
    let text = "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let count = Dealer::new(&set, Options::default()).unwrap().count();
    let mut t = theory(text);
    let e = t.expected(&TableSpec::one(Var::Hcp(Seat::North))).unwrap();
    let exact = e.exact.unwrap();
    assert_eq!(exact.total, count.deals);
    for (v, &d) in exact.deals.iter().enumerate() {
        assert_eq!(d > 0, (15..=17).contains(&v), "hcp {v}");
    }
    // Cross-check a cell and a pattern against plain counting with the cell's condition added.
    let cell = |extra: &str| {
        let set = parse(&format!("{text}\n{extra}"))
            .unwrap()
            .constraints(None)
            .unwrap();
        Dealer::new(&set, Options::default()).unwrap().count().deals
    };
    assert_eq!(exact.deals[16], cell("north: hcp 16"));
    let e = t
        .expected(&TableSpec::one(Var::Pattern(Seat::South)))
        .unwrap();
    let i = patterns().iter().position(|p| *p == [5, 4, 2, 2]).unwrap();
    assert_eq!(e.exact.unwrap().deals[i], cell("south: shape 5422"));
    let e = t.expected(&"spades:S".parse().unwrap()).unwrap();
    assert!((e.probs[5] - 1.0).abs() < 1e-12);
    let (mean, sd) = t.moments(Var::Hcp(Seat::North)).unwrap();
    assert!(
        (15.0..17.0).contains(&mean) && sd > 0.5 && sd < 1.0,
        "{mean} {sd}"
    );
}

fn analyse(spec_text: &str, tables: Vec<TableSpec>, n: usize, seed: u64) -> (Analysis, Generator) {
    let spec = parse(spec_text).unwrap();
    let mut g = Generator::new(&spec, Options::default()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut a = Analysis::new(tables);
    for _ in 0..n {
        a.add(&g.sample(&mut rng).unwrap());
    }
    (a, g)
}

/// A table's chi-square passes at alpha = 0.001, with no observation in an impossible cell.
fn assert_passes(spec: &TableSpec, c: &ChiSquare) {
    assert!(c.p > 0.001, "{spec}: chi2 {} df {} p {}", c.stat, c.df, c.p);
    assert_eq!(c.impossible, 0, "{spec}");
}

#[test]
fn exact_samples_pass_and_a_biased_sampler_fails() {
    let text = "north: balanced, hcp 15-17\nsouth: hcp 10+";
    let mut tables = TableSpec::defaults();
    tables.push("hcp:NS".parse().unwrap());
    let (a, mut g) = analyse(text, tables.clone(), 20_000, 7);
    let r = a.report(g.theory());
    let mut tested = Vec::new();
    for t in &r.tables {
        let Some(c) = &t.chi else { continue };
        assert_passes(&t.spec, c);
        tested.push(t.spec.to_string());
    }
    // North and South are counted exactly, so all their tables have a test (East and West
    // would need counting a third seat exactly, beyond the quick budget).
    for s in [
        "pattern:N",
        "hcp:N",
        "spades:N",
        "clubs:N",
        "pattern:S",
        "hcp:S",
        "hearts:S",
        "hcp:NS",
    ] {
        assert!(
            tested.iter().any(|t| t == s),
            "{s} was not tested: {tested:?}"
        );
    }
    for av in r.averages.iter().filter(|a| a.expected.is_ok()) {
        let z = av.z.unwrap();
        assert!(z.abs() < 4.0, "{:?} z = {z}", av.var);
    }

    // The same conditions by deal-and-select, but a sampler that re-deals a third of the
    // deals where South is 4-3-3-3: a 3% bias in one pattern cell.
    let set = parse(text).unwrap().constraints(None).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut biased = Analysis::new(tables);
    while biased.n() < 20_000 {
        let d = plain_deal(&mut rng);
        if !set.accepts(&d) {
            continue;
        }
        let flat = {
            let mut s = d.hand(Seat::South).shape();
            s.sort_unstable();
            s == [3, 3, 3, 4]
        };
        if flat && rng.next_u32() % 3 == 0 {
            continue;
        }
        biased.add(&d);
    }
    let r = biased.report(g.theory());
    let south = r
        .tables
        .iter()
        .find(|t| t.spec == TableSpec::one(Var::Pattern(Seat::South)))
        .unwrap();
    let c = south.chi.as_ref().unwrap();
    assert!(
        c.p < 0.001,
        "the biased sampler passes: chi2 {} p {}",
        c.stat,
        c.p
    );
}

/// A uniformly random deal (Fisher–Yates on the deck, unbiased bounded draws).
fn plain_deal(rng: &mut ChaCha8Rng) -> Deal {
    let mut cards: Vec<usize> = (0..52).collect();
    fairdeal_constrain::combin::choose_front(rng, &mut cards, 52);
    let mut hands = [fairdeal_model::Hand::EMPTY; 4];
    for (i, c) in cards.iter().enumerate() {
        hands[i / 13].insert(fairdeal_model::Card::from_index(*c).unwrap());
    }
    Deal::new(hands).unwrap()
}

#[test]
fn rejection_and_levelled_sets() {
    // A levelled set: the HCP of North is a 1:1 mixture of the two categories' exact tables.
    let text =
        "category weak\nnorth: hcp 10-12, balanced\ncategory strong\nnorth: hcp 20-21, balanced";
    let (a, mut g) = analyse(text, vec!["hcp:N".parse().unwrap()], 4_000, 3);
    let r = a.report(g.theory());
    let e = r.tables[0].expected.as_ref().unwrap();
    assert!(e.exact.is_none());
    let weak: f64 = e.probs[10..=12].iter().sum();
    let strong: f64 = e.probs[20..=21].iter().sum();
    assert!((weak - 0.5).abs() < 1e-12 && (strong - 0.5).abs() < 1e-12);
    assert!(r.tables[0].chi.as_ref().unwrap().p > 0.001);

    // Conditions left to rejection: no exact expectation, and the report says so.
    let set = parse("north: hcp 10-12\neast: hcp 10\nsouth: hcp 8\nwest: hcp 10")
        .unwrap()
        .constraints(None)
        .unwrap();
    let d = Dealer::new(
        &set,
        Options {
            budget: 20_000,
            ..Options::default()
        },
    )
    .unwrap();
    assert!(!d.count().is_exact());
    let mut t = Theory::new(20_000);
    t.push(&d, 1);
    let e = t
        .expected(&TableSpec::one(Var::Hcp(Seat::North)))
        .unwrap_err();
    assert!(
        e.to_string().starts_with("exact expectation not available"),
        "{e}"
    );
}

/// Four balanced seats with points, counted by the two halves of the deck: every table of
/// every seat (pattern, HCP, four lengths; a partnership's HCP; a two-way table of East's
/// HCP by West's pattern) has an exact expectation adding up to the count, the exact
/// samples pass, and deal-and-select biased against West's 4-3-3-3 (the fourth seat) fails.
#[test]
fn four_seats_counted_by_halves_are_all_tested() {
    let text = "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let dealer = Dealer::new(&set, Options::default()).unwrap();
    assert!(dealer.halves().is_some(), "counted by halves");
    let count = dealer.count().deals;
    let mut tables = TableSpec::defaults();
    tables.push("hcp:NS".parse().unwrap());
    tables.push("hcp:E,pattern:W".parse().unwrap());
    let (a, mut g) = analyse(text, tables.clone(), 20_000, 9);
    let r = a.report(g.theory());
    assert_eq!(r.tables.len(), 26);
    for t in &r.tables {
        let e = t
            .expected
            .as_ref()
            .unwrap_or_else(|e| panic!("{}: {e}", t.spec));
        let exact = e.exact.as_ref().expect("a plain set's integers");
        assert_eq!(exact.total, count, "{}", t.spec);
        assert_passes(&t.spec, t.chi.as_ref().expect("tested"));
    }
    for av in &r.averages {
        let z = av.z.expect("an exact mean");
        assert!(z.abs() < 4.0, "{:?} z = {z}", av.var);
    }

    let mut rng = ChaCha8Rng::seed_from_u64(10);
    let mut biased = Analysis::new(vec![TableSpec::one(Var::Pattern(Seat::West))]);
    while biased.n() < 10_000 {
        let d = plain_deal(&mut rng);
        if !set.accepts(&d) {
            continue;
        }
        let mut west = d.hand(Seat::West).shape();
        west.sort_unstable();
        if west == [3, 3, 3, 4] && rng.next_u32() % 3 == 0 {
            continue;
        }
        biased.add(&d);
    }
    let r = biased.report(g.theory());
    let c = r.tables[0].chi.as_ref().unwrap();
    assert!(
        c.p < 0.001,
        "the biased sampler passes: chi2 {} p {}",
        c.stat,
        c.p
    );
}

/// A fit on each partnership with points on two seats (each pair takes its fit suit's spot
/// cards, the other pair draws what is left there): a fit seat's length in its own fit suit,
/// a seat's length in the other pair's fit suit and in a suit no fit names have exact
/// expectations adding up to the count (all were "not available" before). Their values are
/// checked against brute force in `four_seats.rs`.
#[test]
fn lengths_beside_a_fit_on_each_side_are_exact() {
    let text = "ns: fit 8+ spades\new: fit 8+ hearts\nnorth: hcp 12+\neast: hcp 10+";
    let count = exact_count(text);
    let mut t = theory(text);
    for spec in ["spades:N", "spades:W", "diamonds:E"] {
        let table: TableSpec = spec.parse().unwrap();
        let e = t.expected(&table).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let exact = e.exact.expect("a plain set's integers");
        assert_eq!(exact.total, count.deals, "{spec}");
        assert!(
            exact.deals.iter().filter(|&&d| d > 0).count() >= 4,
            "{spec}"
        );
    }
}

/// `table` (one quantity) of `text` is exact, adds up to the dealer's count, and 20 000 deals
/// dealt from seed `seed` pass its chi-square.
fn exact_and_passed(t: &mut Theory, text: &str, table: &TableSpec, seed: u64) {
    let e = t.expected(table).unwrap_or_else(|e| panic!("{table}: {e}"));
    let set = parse(text).unwrap().constraints(None).unwrap();
    let count = Dealer::new(&set, Options::default()).unwrap().count().deals;
    assert_eq!(e.exact.as_ref().expect("exact").total, count, "{table}");
    let mut g = Generator::new(&parse(text).unwrap(), Options::default()).unwrap();
    let mut deals = Vec::new();
    g.sample_many(&mut ChaCha8Rng::seed_from_u64(seed), 20_000, &mut deals)
        .unwrap();
    let var = table.vars[0];
    let mut tally = vec![0u64; var.cells()];
    for d in &deals {
        tally[var.cell(d)] += 1;
    }
    assert_passes(table, &chi_square(&tally, &e.probs).expect("tested"));
}

/// Where the tables that observe a seat's pattern are out of reach (points and a suit on
/// every seat: the pattern needs all four lengths beside four point totals), the pattern is
/// counted cell by cell — the set narrowed to each pattern in turn. The cells are exact
/// deals adding up to the count; 20 000 deals pass their chi-square, and the same deals
/// thinned of a third of the seat's 4-4-3-2 hands fail it. Where both routes reach (North's
/// pattern beside 1NT's conditions), they agree to the deal. A table whose cells would pass
/// the work bound says so at once, and one with a cell out of reach names it. Two sets
/// whose pattern only cells could count before are observed whole by the halves now: exact,
/// adding up to the count, passing 20 000 dealt deals, and so is a third whose point ranges
/// fix every seat's total. `Theory::advance` takes one cell a call (the page's
/// worker stays responsive).
#[test]
fn patterns_out_of_the_tables_reach_are_counted_cell_by_cell() {
    use fairdeal_constrain::engine::{Observer, Tables};
    use fairdeal_constrain::stats::theory::THEORY_TABLE_BYTES;
    let text = "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let budget = Options::default().budget;
    let direct = Tables::observing_within(
        &set,
        &Seat::ALL,
        budget,
        &[Observer::Shape(Seat::West)],
        THEORY_TABLE_BYTES,
    );
    assert!(direct.is_err(), "the observing tables are in reach");
    let tables = vec![
        TableSpec::one(Var::Pattern(Seat::West)),
        TableSpec::one(Var::Pattern(Seat::East)),
    ];
    let spec = parse(text).unwrap();
    let mut g = Generator::new(&spec, Options::default()).unwrap();
    let count = {
        let d = Dealer::new(&set, Options::default()).unwrap();
        d.count().deals
    };
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut deals = Vec::new();
    g.sample_many(&mut rng, 20_000, &mut deals).unwrap();
    // Tallied here rather than by a whole report, whose averages would add twenty tables.
    for table in &tables {
        let var = table.vars[0];
        // As the page's worker does: one cell per call, then the expectation at once.
        let mut calls = 1;
        while !g.theory().advance(table) {
            calls += 1;
        }
        assert!(calls >= 10, "{table}: {calls} calls");
        let e = g
            .theory()
            .expected(table)
            .unwrap_or_else(|e| panic!("{table}: {e}"));
        let exact = e.exact.as_ref().expect("a plain set's integers");
        assert_eq!(exact.total, count, "{table}");
        assert!(
            exact.deals.iter().filter(|&&n| n > 0).count() >= 10,
            "{table}"
        );
        let mut fair = vec![0u64; var.cells()];
        let mut thinned = vec![0u64; var.cells()];
        for (i, d) in deals.iter().enumerate() {
            let cell = var.cell(d);
            fair[cell] += 1;
            if !(cell == 0 && i % 3 == 0) {
                thinned[cell] += 1;
            }
        }
        assert_passes(table, &chi_square(&fair, &e.probs).expect("tested"));
        let c = chi_square(&thinned, &e.probs).expect("tested");
        assert!(
            c.p < 0.001,
            "{table}: thinned of a third of its 4-4-3-2 hands, it passes: chi2 {} p {}",
            c.stat,
            c.p
        );
    }

    let mut t = theory("north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12");
    let north = TableSpec::one(Var::Pattern(Seat::North));
    let observed = t.expected(&north).unwrap().exact.unwrap();
    let by_cells = t.cell_by_cell(&north).unwrap().unwrap();
    assert_eq!(observed, by_cells);

    // North's pattern beside a spade fit with NS's points and East's hearts: its cells
    // would pass the work bound, but the halves observe North's shape whole (its ♦ and ♣
    // from how the free ♦♣ half's spot cards split): exact, adding up to the count, and
    // 20 000 dealt deals pass it.
    let text = "ns: fit 8+ spades, hcp 22+\neast: hearts 5+, hcp 8+\nwest: hcp 0-10";
    let north = TableSpec::one(Var::Pattern(Seat::North));
    exact_and_passed(&mut theory(text), text, &north, 13);
    // Major fits on both sides with three point seats whose ranges leave one way to share
    // the 40 HCP (North 20, East 8, South 12): with each total narrowed to its one value,
    // North's shape kept apart in the ♠♥ half is within the halves' bounds — exact.
    let text = "north: hcp 20-23\neast: hcp 8-11\nsouth: hcp 12-17, controls 4+\nns: fit 9+ spades\new: fit 9+ majors";
    exact_and_passed(&mut theory(text), text, &north, 15);
    // With looser ranges the shape kept apart passes the halves' bounds, and its cells the
    // work bound.
    let mut t = theory(
        "north: hcp 18-23\neast: hcp 6-11\nsouth: hcp 10-17, controls 4+\nns: fit 9+ spades\new: fit 9+ majors",
    );
    let e = t.expected(&north).unwrap_err();
    assert!(
        e.to_string()
            .contains("; counted cell by cell, its 39 cells would pass the work bound"),
        "{e}"
    );
    // North's pattern beside a fit on each side: the halves observe it whole now (it adds
    // up to the count, and dealt deals pass it), while counted cell by cell a narrowed
    // cell's own tables are out of reach. (West's spades beside a spade fit were such a case
    // until a seat outside a fit could name the fit suit; the 4-4-3-2 cell was the first out
    // of reach until the halves took fits; the 5-4-3-1 cell still is.)
    let text = "ns: fit 8+ spades\new: fit 8+ hearts\nnorth: hcp 12+\neast: hcp 10+";
    let mut t = theory(text);
    exact_and_passed(&mut t, text, &north, 14);
    let by_cells = t
        .cell_by_cell(&north)
        .expect("a pattern table")
        .map(|_| ())
        .map_err(|e| e.to_string())
        .unwrap_err();
    assert!(
        by_cells.contains("counted cell by cell, the cell 5-4-3-1 is out of reach too: counting exactly for [North, East, South, West]"),
        "{by_cells}"
    );
}

/// A set the dealer counts in cells without fits is observed cell by cell: every default
/// table is exact, each adding up to the dealer's count; North's points in three bands
/// equal the dealer's counts of the set narrowed to each band (another route: the joint
/// tables or the cells' own tables, not observing tables); 20 000 dealt deals pass every
/// table.
#[test]
fn a_set_counted_in_cells_is_observed_cell_by_cell() {
    let text =
        "south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14, shape any 5431\nns: fit 8+ hearts";
    let set = parse(text).unwrap().constraints(None).unwrap();
    let d = Dealer::new(&set, Options::default()).unwrap();
    assert_eq!(d.cells(), Some(2));
    let deals = d.count().deals;
    let mut t = theory(text);
    for spec in TableSpec::defaults() {
        let e = t.expected(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(e.exact.expect("exact").total, deals, "{spec}");
    }
    let north = t
        .expected(&TableSpec::one(Var::Hcp(Seat::North)))
        .unwrap()
        .exact
        .unwrap();
    for (lo, hi) in [(0usize, 5usize), (6, 10), (11, 37)] {
        let narrowed = parse(&format!("{text}\nnorth: hcp {lo}-{hi}"))
            .unwrap()
            .constraints(None)
            .unwrap();
        let n = Dealer::new(&narrowed, Options::default()).unwrap();
        assert!(n.count().is_exact(), "North {lo}-{hi}");
        let band: u128 = north.deals[lo..=hi.min(north.deals.len() - 1)].iter().sum();
        assert_eq!(band, n.count().deals, "North {lo}-{hi}");
    }
    let (a, mut g) = analyse(text, TableSpec::defaults(), 20_000, 11);
    let r = a.report(g.theory());
    let mut untested = Vec::new();
    for t in &r.tables {
        match &t.chi {
            Some(c) => assert_passes(&t.spec, c),
            None => untested.push(t.spec.to_string()),
        }
    }
    // South's and West's patterns have one cell each (4-3-3-3, 5-4-3-1): nothing to test.
    assert_eq!(untested, ["pattern:S", "pattern:W"]);
}

/// A fit whose two seats are asked nothing else is counted as the other side's length
/// (`fit_complement`: East and West hold 8+ spades when North and South hold 5 or fewer):
/// the statistics observe the set as the dealer counts it. Every default table is exact and
/// adds up to the dealer's count; East's spades equal the dealer's counts of the written set
/// narrowed to three lengths; 20 000 dealt deals pass every table.
#[test]
fn a_moved_fit_is_observed_as_the_dealer_counts_it() {
    let text = "north: balanced, hcp 15-17\nsouth: hcp 8+, hearts 4+\new: fit 8+ spades";
    let count = exact_count(text);
    assert_eq!(
        count.exact_seats,
        [Seat::North, Seat::South],
        "East and West go free"
    );
    let mut t = theory(text);
    for spec in TableSpec::defaults() {
        let e = t.expected(&spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(e.exact.expect("exact").total, count.deals, "{spec}");
    }
    let east = t
        .expected(&TableSpec::one(Var::Length(
            Seat::East,
            fairdeal_model::Suit::Spades,
        )))
        .unwrap()
        .exact
        .unwrap();
    for len in [0usize, 3, 6] {
        let narrowed = exact_count(&format!("{text}\neast: spades {len}"));
        assert_eq!(east.deals[len], narrowed.deals, "East's spades {len}");
    }
    let (a, mut g) = analyse(text, TableSpec::defaults(), 20_000, 12);
    let r = a.report(g.theory());
    for t in &r.tables {
        let c = t
            .chi
            .as_ref()
            .unwrap_or_else(|| panic!("{}: untested", t.spec));
        assert_passes(&t.spec, c);
    }
}

/// A fit over the minors whose two seats are asked nothing else is counted as cells on the
/// other side (`fit_complement::moved_cells`): the statistics observe those cells, every
/// seat included (North and South are counted by none of them). Tables on each seat are
/// exact and add up to the dealer's count; North's points in three bands equal the dealer's
/// counts of the set narrowed to each band (North then has a condition, so the fit stays
/// where it is written: another route); 20 000 dealt deals pass each table. (A few tables,
/// not the defaults: the free seats' tables take seconds each here.)
#[test]
fn a_fit_moved_as_cells_is_observed_on_every_seat() {
    use fairdeal_model::Suit;
    let text = "east: hcp 12+\nns: fit 8+ minors";
    let count = exact_count(text);
    assert_eq!(count.exact_seats, [Seat::East, Seat::West]);
    let specs = [
        Var::Hcp(Seat::North),
        Var::Length(Seat::South, Suit::Clubs),
        Var::Hcp(Seat::East),
        Var::Pattern(Seat::West),
    ]
    .map(TableSpec::one);
    let mut g = Generator::new(&parse(text).unwrap(), Options::default()).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut observed: Vec<Vec<u64>> = Vec::new();
    for _ in 0..20_000 {
        let deal = g.sample(&mut rng).unwrap();
        for (k, spec) in specs.iter().enumerate() {
            if observed.len() <= k {
                observed.push(Vec::new());
            }
            let cell = spec.cell(&deal);
            if observed[k].len() <= cell {
                observed[k].resize(cell + 1, 0);
            }
            observed[k][cell] += 1;
        }
    }
    let t = g.theory();
    for (spec, mut seen) in specs.iter().zip(observed) {
        let e = t.expected(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        assert_eq!(
            e.exact.as_ref().expect("exact").total,
            count.deals,
            "{spec}"
        );
        seen.resize(e.probs.len(), 0);
        assert_passes(spec, &chi_square(&seen, &e.probs).expect("a table to test"));
    }
    let north = t.expected(&specs[0]).unwrap().exact.unwrap();
    for (lo, hi) in [(0usize, 5usize), (6, 10), (11, 37)] {
        let narrowed = exact_count(&format!("{text}\nnorth: hcp {lo}-{hi}"));
        assert!(narrowed.exact_seats.contains(&Seat::North));
        let band: u128 = north.deals[lo..=hi.min(north.deals.len() - 1)].iter().sum();
        assert_eq!(band, narrowed.deals, "North {lo}-{hi}");
    }
}
