//! Uniformity on four seats: one million exactly sampled deals per constraint set,
//! chi-squared against the exact cell counts of the engine (each cell's count is the count
//! of the set plus the cell's conditions; the counts themselves are checked independently in
//! `four_seats.rs`). Alpha 0.001, Wilson–Hilferty critical value; every deal is also checked
//! against the conditions directly.

use fairdeal_constrain::{parse, BuildError, ConstraintSet, Dealer, Options};
use fairdeal_model::{Deal, Seat, Suit};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

mod support;
use support::{critical_001, dealer, set};

const N: usize = 1_000_000;

/// Samples `N` deals of `base` and chi-squares the cells `cells` (conditions added to
/// `base`; they must partition its deals) classified by `classify`.
fn check(base: &str, cells: &[String], seed: u64, classify: impl Fn(&Deal) -> usize) {
    let mut d = dealer(base);
    let count = d.count();
    assert!(count.is_exact(), "{base}: {count:?}");
    // Counted on all four seats, or (a fit whose two seats are asked nothing else) in cells
    // on the other side's seats; the cells below keep the fit where it is written.
    assert!(
        count.exact_seats.len() == 4 || d.cells().is_some(),
        "{base}: {count:?}"
    );
    let counts: Vec<u128> = cells
        .iter()
        .map(
            |c| match Dealer::new(&set(&format!("{base}\n{c}")), Options::default()) {
                Ok(x) => {
                    assert!(x.count().is_exact(), "{c}");
                    x.count().deals
                }
                Err(BuildError::NoDeal { .. }) => 0,
                Err(e) => panic!("{c}: {e}"),
            },
        )
        .collect();
    assert_eq!(
        counts.iter().sum::<u128>(),
        count.deals,
        "cells partition the deals"
    );
    let conditions = set(base);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut obs = vec![0u64; cells.len()];
    for _ in 0..N {
        let deal = d.sample(&mut rng).expect("a deal");
        assert!(conditions.accepts(&deal), "{deal} breaks {base}");
        obs[classify(&deal)] += 1;
    }
    let mut chi = 0.0;
    let mut df = 0;
    for (o, c) in obs.iter().zip(&counts) {
        let e = *c as f64 / count.deals as f64 * N as f64;
        if e > 0.0 {
            chi += (*o as f64 - e).powi(2) / e;
            df += 1;
        } else {
            assert_eq!(*o, 0, "a cell with no deal was sampled");
        }
    }
    let crit = critical_001(df - 1);
    println!(
        "{base:?}: chi-square {chi:.2} on {} d.f., critical {crit:.2}",
        df - 1
    );
    assert!(
        chi < crit,
        "{base:?}: chi-square {chi:.2} ≥ {crit:.2}; {obs:?}"
    );
}

/// The place of `seat`'s pattern (its lengths longest first, as "4432") among `patterns`;
/// panics on a pattern the set does not allow.
fn pattern_of(d: &Deal, seat: Seat, patterns: &[&str]) -> usize {
    let mut shape = d.hand(seat).shape();
    shape.sort_unstable_by(|a, b| b.cmp(a));
    let pattern: String = shape.iter().map(|n| n.to_string()).collect();
    patterns
        .iter()
        .position(|&p| p == pattern)
        .unwrap_or_else(|| panic!("{seat:?}'s pattern {pattern} is not allowed"))
}

fn hcp(d: &Deal, s: Seat) -> u32 {
    d.hand(s).hcp()
}

#[test]
fn four_seat_hcp_ranges_north_by_west() {
    let base = "north: hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12";
    let west = [(0, 4), (5, 8), (9, 12)];
    let mut cells = Vec::new();
    for n in 15..=17 {
        for (lo, hi) in west {
            cells.push(format!("north: hcp {n}\nwest: hcp {lo}-{hi}"));
        }
    }
    check(base, &cells, 16, |d| {
        let n = (hcp(d, Seat::North) - 15) as usize;
        let w = west
            .iter()
            .position(|&(lo, hi)| (lo..=hi).contains(&hcp(d, Seat::West)))
            .expect("west in range");
        n * 3 + w
    });
}

#[test]
fn every_seat_ten_hcp_by_controls() {
    let base = "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10";
    let bands = [(0, 1), (2, 3), (4, 12)];
    let mut cells = Vec::new();
    for (a, b) in bands {
        for (c, e) in bands {
            cells.push(format!("north: controls {a}-{b}\neast: controls {c}-{e}"));
        }
    }
    let controls = |d: &Deal, s: Seat| {
        let h = d.hand(s);
        fairdeal_constrain::Scale::controls().of_hand(h) / 2
    };
    check(base, &cells, 17, |d| {
        let band = |v: u32| {
            bands
                .iter()
                .position(|&(a, b)| (a..=b).contains(&v))
                .expect("a band")
        };
        band(controls(d, Seat::North)) * 3 + band(controls(d, Seat::East))
    });
}

/// One axis of a grid of cells: a condition whose `{lo}` and `{hi}` are filled from each
/// band, and the value of a deal that the bands split.
struct Axis<'a> {
    condition: &'a str,
    bands: &'a [(u32, u32)],
    value: fn(&Deal) -> u32,
}

/// [`check`] over every combination of the axes' bands, one cell each.
fn check_grid(base: &str, seed: u64, axes: &[Axis]) {
    let mut cells = vec![String::new()];
    for axis in axes {
        cells = cells
            .iter()
            .flat_map(|prefix| {
                axis.bands.iter().map(move |&(lo, hi)| {
                    let condition = axis
                        .condition
                        .replace("{lo}", &lo.to_string())
                        .replace("{hi}", &hi.to_string());
                    format!("{prefix}{condition}\n")
                })
            })
            .collect();
    }
    check(base, &cells, seed, |d| {
        axes.iter().fold(0, |cell, axis| {
            let v = (axis.value)(d);
            let band = axis
                .bands
                .iter()
                .position(|&(lo, hi)| (lo..=hi).contains(&v))
                .unwrap_or_else(|| panic!("{v} is in a band of {}", axis.condition));
            cell * axis.bands.len() + band
        })
    });
}

/// Two seats' combined length in a suit.
fn fit(d: &Deal, a: Seat, b: Seat, suit: Suit) -> u32 {
    d.hand(a).suit_len(suit) + d.hand(b).suit_len(suit)
}

/// Two seats' longest combined length in two suits.
fn longest(d: &Deal, a: Seat, b: Seat, suits: [Suit; 2]) -> u32 {
    suits
        .iter()
        .map(|&s| fit(d, a, b, s))
        .max()
        .expect("two suits")
}

/// Seven totals (two scales on two seats, a suit and points on the others, a partnership's
/// sum), counted with high cards first since the structure takes more than eight totals:
/// cells by the partnership's sum and South's spades.
#[test]
fn a_partnership_sum_beside_two_scales_by_sum_and_spades() {
    let base = "north: hcp 15-17, controls 3+\neast: hcp 8-11, controls 2-4\n\
                south: hcp 6-10, spades 4+\nwest: hcp 5-12, clubs 2-4\nns: hcp 22+";
    let sums: Vec<(u32, u32)> = (22..=27).map(|v| (v, v)).collect();
    check_grid(
        base,
        22,
        &[
            Axis {
                condition: "ns: hcp {lo}-{hi}",
                bands: &sums,
                value: |d| hcp(d, Seat::North) + hcp(d, Seat::South),
            },
            Axis {
                condition: "south: spades {lo}-{hi}",
                bands: &[(4, 4), (5, 5), (6, 13)],
                value: |d| d.hand(Seat::South).suit_len(Suit::Spades),
            },
        ],
    );
}

/// A fit on each partnership (each pair takes its fit suit's spot cards, the other pair
/// draws what is left there at the end), with points on two seats: cells by the two fits'
/// lengths and North's points.
#[test]
fn a_fit_on_each_partnership_by_fit_lengths_and_points() {
    check_grid(
        "ns: fit 8+ spades\new: fit 8+ hearts\nnorth: hcp 12+\neast: hcp 10+",
        88,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} spades",
                bands: &[(8, 8), (9, 9), (10, 13)],
                value: |d| fit(d, Seat::North, Seat::South, Suit::Spades),
            },
            Axis {
                condition: "ew: fit {lo}-{hi} hearts",
                bands: &[(8, 8), (9, 13)],
                value: |d| fit(d, Seat::East, Seat::West, Suit::Hearts),
            },
            Axis {
                condition: "north: hcp {lo}-{hi}",
                bands: &[(12, 14), (15, 37)],
                value: |d| hcp(d, Seat::North),
            },
        ],
    );
}

/// Past the chain's memory bound and the halves' usual bounds, with nothing looking into ♦♣
/// suit by suit: the halves deal ♦♣ as one suit of 26 cards (a set no route counted
/// before). Cells by North's HCP, the spade fit and South's controls.
#[test]
fn a_half_dealt_as_one_suit_by_points_fit_and_controls() {
    let base = "north: hcp 16-23\neast: hcp 6-11\nsouth: hcp 10-17, controls 4+\n\
                ns: fit 9+ spades\new: fit 9+ majors";
    assert!(
        dealer(base).halves().is_some_and(|h| h.one_suit_half()),
        "♦♣ dealt as one suit"
    );
    check_grid(
        base,
        26,
        &[
            Axis {
                condition: "north: hcp {lo}-{hi}",
                bands: &[(16, 19), (20, 23)],
                value: |d| hcp(d, Seat::North),
            },
            Axis {
                condition: "ns: fit {lo}-{hi} spades",
                bands: &[(9, 9), (10, 13)],
                value: |d| fit(d, Seat::North, Seat::South, Suit::Spades),
            },
            Axis {
                condition: "south: controls {lo}-{hi}",
                bands: &[(4, 4), (5, 12)],
                value: |d| fairdeal_constrain::Scale::controls().of_hand(d.hand(Seat::South)) / 2,
            },
        ],
    );
}

/// A fit beside an overcall (the fit's pair takes its suit, East its named suit, and every
/// seat draws the rest at the end): cells by the fit's length, East's hearts and West's
/// points.
#[test]
fn a_fit_beside_an_overcall_by_fit_hearts_and_points() {
    check_grid(
        "ns: fit 8+ spades, hcp 22+\neast: hearts 5+, hcp 8+\nwest: hcp 0-10",
        77,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} spades",
                bands: &[(8, 8), (9, 13)],
                value: |d| fit(d, Seat::North, Seat::South, Suit::Spades),
            },
            Axis {
                condition: "east: hearts {lo}-{hi}",
                bands: &[(5, 5), (6, 13)],
                value: |d| d.hand(Seat::East).suit_len(Suit::Hearts),
            },
            Axis {
                condition: "west: hcp {lo}-{hi}",
                bands: &[(0, 4), (5, 10)],
                value: |d| hcp(d, Seat::West),
            },
        ],
    );
}

/// A seat outside the fit naming the fit suit (East's hearts beside NS's heart fit): East
/// takes its spot cards there first and the fit's two seats last, in the paired step. Cells
/// by the fit's length, East's hearts and West's points.
#[test]
fn an_overcall_in_the_fit_suit_by_fit_hearts_and_points() {
    check_grid(
        "ns: fit 8+ hearts, hcp 20+\neast: hearts 3+, hcp 10-15\nwest: hcp 0-10",
        55,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} hearts",
                bands: &[(8, 8), (9, 13)],
                value: |d| fit(d, Seat::North, Seat::South, Suit::Hearts),
            },
            Axis {
                condition: "east: hearts {lo}-{hi}",
                bands: &[(3, 3), (4, 13)],
                value: |d| d.hand(Seat::East).suit_len(Suit::Hearts),
            },
            Axis {
                condition: "west: hcp {lo}-{hi}",
                bands: &[(0, 5), (6, 10)],
                value: |d| hcp(d, Seat::West),
            },
        ],
    );
}

/// A fit over two suits beside an overcall (the fit's seats take each major in a paired
/// step, East its hearts first): cells by the longer major fit, East's hearts and West's
/// points.
#[test]
fn a_major_fit_beside_an_overcall_by_fit_hearts_and_points() {
    check_grid(
        "ns: fit 8+ majors\neast: hearts 5+, hcp 8+\nwest: hcp 0-10",
        44,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} majors",
                bands: &[(8, 8), (9, 13)],
                value: |d| {
                    fit(d, Seat::North, Seat::South, Suit::Spades).max(fit(
                        d,
                        Seat::North,
                        Seat::South,
                        Suit::Hearts,
                    ))
                },
            },
            Axis {
                condition: "east: hearts {lo}-{hi}",
                bands: &[(5, 5), (6, 13)],
                value: |d| d.hand(Seat::East).suit_len(Suit::Hearts),
            },
            Axis {
                condition: "west: hcp {lo}-{hi}",
                bands: &[(0, 4), (5, 10)],
                value: |d| hcp(d, Seat::West),
            },
        ],
    );
}

/// A fit the joint tables cannot take (beside a 4-3-3-3 and a 5-4-3-1 seat), counted in
/// cells without fits, South's hearts 3 or 4: a cell picked per deal by its exact count.
/// Cells by the fit's length, South's hearts and West's points.
#[test]
fn a_fit_counted_in_cells_by_fit_hearts_and_points() {
    let base =
        "south: shape any 4333\neast: hcp 0-12\nwest: hcp 11-14, shape any 5431\nns: fit 8+ hearts";
    assert_eq!(dealer(base).cells(), Some(2), "counted in cells");
    check_grid(
        base,
        33,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} hearts",
                bands: &[(8, 8), (9, 13)],
                value: |d| fit(d, Seat::North, Seat::South, Suit::Hearts),
            },
            Axis {
                condition: "south: hearts {lo}-{hi}",
                bands: &[(3, 3), (4, 4)],
                value: |d| d.hand(Seat::South).suit_len(Suit::Hearts),
            },
            Axis {
                condition: "west: hcp {lo}-{hi}",
                bands: &[(11, 12), (13, 14)],
                value: |d| hcp(d, Seat::West),
            },
        ],
    );
}

/// A fit seat with a shape of its own (North names spades, its fit suit) beside a fit on the
/// other side: cells by the NS fit's length, North's spades and the EW fit's length. (West's
/// points keep the EW fit on four counted seats: a fit whose two seats are asked nothing
/// else is counted as the other side's length, `fit_complement`.)
#[test]
fn a_shaped_fit_seat_beside_a_fit_on_the_other_side() {
    check_grid(
        "ns: fit 8+ spades, hcp 22-25\nnorth: spades 5+\new: fit 9+ hearts\nwest: hcp 0-12",
        66,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} spades",
                bands: &[(8, 8), (9, 13)],
                value: |d| fit(d, Seat::North, Seat::South, Suit::Spades),
            },
            Axis {
                condition: "north: spades {lo}-{hi}",
                bands: &[(5, 5), (6, 13)],
                value: |d| d.hand(Seat::North).suit_len(Suit::Spades),
            },
            Axis {
                condition: "ew: fit {lo}-{hi} hearts",
                bands: &[(9, 9), (10, 13)],
                value: |d| fit(d, Seat::East, Seat::West, Suit::Hearts),
            },
        ],
    );
}

/// A levelled set whose categories each put conditions on all four seats: every category
/// is counted exactly, and its deals (drawn by 1000 boards) meet its own conditions and
/// fall in its exact cells (North's HCP) at the exact rates.
#[test]
fn levelled_four_seat_categories() {
    use fairdeal_constrain::{BoardOrder, Levelled};
    let text = "category balanced_hands weight 2\n\
                north: hcp 10-12\neast: hcp 9-11\nsouth: hcp 8-12\nwest: hcp 8-12\n\
                category one_strong\n\
                north: hcp 20-22\neast: hcp 0-7\nsouth: hcp 0-10\nwest: hcp 0-10\n";
    let spec = parse(text).unwrap_or_else(|e| panic!("{}", e.render(text)));
    let mut l = Levelled::new(&spec, Options::default()).expect("builds");
    let sets: Vec<ConstraintSet> = (0..2).map(|i| spec.constraints(Some(i)).unwrap()).collect();
    for i in 0..2 {
        let c = l.dealer(i).expect("a dealer").count();
        assert!(c.is_exact(), "category {i}: {c:?}");
        assert_eq!(c.exact_seats.len(), 4);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let boards = l.deal(&mut rng, 1000, BoardOrder::Random).expect("deals");
    let mut per_cat = [0usize; 2];
    for (cat, deal) in &boards {
        assert!(sets[*cat].accepts(deal), "category {cat}: {deal}");
        per_cat[*cat] += 1;
    }
    assert!(per_cat[0] > 500 && per_cat[1] > 200, "{per_cat:?}");
    // Inside the second category: North's HCP against the exact counts, 100 000 deals.
    let base = "north: hcp 20-22\neast: hcp 0-7\nsouth: hcp 0-10\nwest: hcp 0-10";
    let cells: Vec<String> = (20..=22).map(|v| format!("north: hcp {v}")).collect();
    let total: u128 = dealer(base).count().deals;
    let counts: Vec<u128> = cells
        .iter()
        .map(|c| dealer(&format!("{base}\n{c}")).count().deals)
        .collect();
    assert_eq!(counts.iter().sum::<u128>(), total);
    let mut obs = [0u64; 3];
    let n = 100_000;
    for _ in 0..n {
        let d = l.sample(&mut rng, 1).expect("a deal");
        obs[(hcp(&d, Seat::North) - 20) as usize] += 1;
    }
    let chi: f64 = obs
        .iter()
        .zip(&counts)
        .map(|(o, c)| {
            let e = *c as f64 / total as f64 * n as f64;
            (*o as f64 - e).powi(2) / e
        })
        .sum();
    assert!(chi < critical_001(2), "chi-square {chi:.2}; {obs:?}");
}

/// A shaped seat beside three points-only seats (the chain's spot steps for North, high
/// cards one by one for everyone): North's pattern by East's HCP band.
#[test]
fn balanced_north_beside_three_hcp_seats_by_pattern() {
    let base = "north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12";
    let patterns = ["4333", "4432", "5332"];
    let bands = [(0, 4), (5, 9)];
    let mut cells = Vec::new();
    for p in patterns {
        for (lo, hi) in bands {
            cells.push(format!("north: shape any {p}\neast: hcp {lo}-{hi}"));
        }
    }
    check(base, &cells, 23, |d| {
        let p = pattern_of(d, Seat::North, &patterns);
        let e = usize::from(hcp(d, Seat::East) > 4);
        p * 2 + e
    });
}

/// HCP on every seat and a suit length on two (their shapes name one suit each, so every
/// high card is placed before the spot cards and the seats draw their other suits at the
/// end): North's hearts by East's spades, both drawn at the end. (With a suit on all four
/// seats, the cells' two-suit seats pass the table bound; the counts of that set are checked
/// by brute force in `four_seats.rs`.)
#[test]
fn points_on_every_seat_and_a_suit_on_two_by_drawn_lengths() {
    let base = "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\n\
                south: hcp 6-10\nwest: hcp 5-12";
    let north = [(0, 2), (3, 3), (4, 8)];
    let east = [(0, 2), (3, 9)];
    let mut cells = Vec::new();
    for (a, b) in north {
        for (c, e) in east {
            cells.push(format!("north: hearts {a}-{b}\neast: spades {c}-{e}"));
        }
    }
    check(base, &cells, 29, |d| {
        let (n, e) = (
            d.hand(Seat::North).shape()[1],
            d.hand(Seat::East).shape()[0],
        );
        let i = north
            .iter()
            .position(|&(a, b)| (a..=b).contains(&n))
            .expect("north's hearts in a band");
        let j = east
            .iter()
            .position(|&(a, b)| (a..=b).contains(&e))
            .expect("east's spades in a band");
        i * 2 + j
    });
}

/// Every seat names spades, so no seat draws spades at the end: the suit's spot steps use
/// up its spot cards (the last one takes every spot card left). North's spades by West's.
#[test]
fn every_seat_naming_one_suit_by_its_lengths() {
    let base = "north: spades 4+, hcp 10+\neast: spades 3-4\nsouth: spades 3+\nwest: spades 1-2";
    let north = [(4, 4), (5, 5), (6, 13)];
    let west = [(1, 1), (2, 2)];
    let mut cells = Vec::new();
    for (a, b) in north {
        for (c, e) in west {
            cells.push(format!("north: spades {a}-{b}\nwest: spades {c}-{e}"));
        }
    }
    check(base, &cells, 31, |d| {
        let (n, w) = (
            d.hand(Seat::North).shape()[0],
            d.hand(Seat::West).shape()[0],
        );
        let i = north
            .iter()
            .position(|&(a, b)| (a..=b).contains(&n))
            .expect("north's spades in a band");
        i * 2 + usize::from(w == 2)
    });
}

/// Four balanced seats with points, counted and sampled by the two halves of the deck:
/// North's HCP by West's pattern.
#[test]
fn four_balanced_seats_with_points_by_halves() {
    let base = "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\n\
                south: balanced, hcp 6-10\nwest: balanced, hcp 5-12";
    let patterns = ["4333", "4432", "5332"];
    let mut cells = Vec::new();
    for n in 12..=14 {
        for p in patterns {
            cells.push(format!("north: hcp {n}\nwest: shape any {p}"));
        }
    }
    assert!(dealer(base).halves().is_some(), "counted by the two halves");
    check(base, &cells, 37, |d| {
        (hcp(d, Seat::North) - 12) as usize * 3 + pattern_of(d, Seat::West, &patterns)
    });
}

/// A fit over two suits on each side beside patterns and points on every seat, counted and
/// sampled by the two halves of the deck (each fit filters its half's pairs of columns):
/// cells by each side's longest fit and North's HCP.
#[test]
fn fits_over_two_suits_on_each_side_by_halves() {
    let base = "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\n\
                south: shape any 4432 + any 5332, hcp 6+\nwest: balanced, hcp 0-9\n\
                ns: fit 8+ majors\new: fit 8+ minors";
    assert!(dealer(base).halves().is_some(), "counted by the two halves");
    check_grid(
        base,
        43,
        &[
            Axis {
                condition: "ns: fit {lo}-{hi} majors",
                bands: &[(8, 8), (9, 13)],
                value: |d| longest(d, Seat::North, Seat::South, [Suit::Spades, Suit::Hearts]),
            },
            Axis {
                condition: "ew: fit {lo}-{hi} minors",
                bands: &[(8, 8), (9, 13)],
                value: |d| longest(d, Seat::East, Seat::West, [Suit::Diamonds, Suit::Clubs]),
            },
            Axis {
                condition: "north: hcp {lo}-{hi}",
                bands: &[(12, 12), (13, 13), (14, 14)],
                value: |d| hcp(d, Seat::North),
            },
        ],
    );
}

/// Patterns, open-ended points and a partnership's sum, counted and sampled by the two
/// halves of the deck with coordinates that have no upper bound (the sampler's unpacked
/// path): North's pattern by the partnership's HCP band.
#[test]
fn open_ended_points_and_a_partnership_sum_by_halves() {
    let base = "north: shape any 4432 + any 5422, hcp 15+\neast: shape any 5431\n\
                south: shape any 4333 + any 5332\nwest: shape any 6322, hcp 3+\nns: hcp 31+";
    let patterns = ["4432", "5422"];
    let mut cells = Vec::new();
    for p in patterns {
        for band in ["31-32", "33-34", "35+"] {
            cells.push(format!("north: shape any {p}\nns: hcp {band}"));
        }
    }
    assert!(dealer(base).halves().is_some(), "counted by the two halves");
    check(base, &cells, 41, |d| {
        let p = pattern_of(d, Seat::North, &patterns);
        let ns = hcp(d, Seat::North) + hcp(d, Seat::South);
        p * 3 + (ns.min(35) as usize - 31) / 2
    });
}

/// Every seat at 10 HCP, West's pattern (the fourth seat): one million sampled deals against
/// the exact count over the honour layouts (`stats::honours`, checked against the dealer's
/// narrowed counts in its own tests), the patterns expected fewer than 5 times pooled.
#[test]
fn every_seat_ten_west_pattern_against_the_honour_count() {
    use fairdeal_constrain::engine::Observer;
    use fairdeal_constrain::stats::honours::{observing, HONOUR_WORK};
    let base = "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10";
    let mut d = dealer(base);
    let count = d.count();
    assert!(
        count.is_exact() && count.exact_seats.len() == 4,
        "{count:?}"
    );
    let shapes = observing(&set(base), &[Observer::Shape(Seat::West)], HONOUR_WORK)
        .expect("counted over the honours");
    // Pattern (lengths longest first) → deals.
    let mut exact: std::collections::BTreeMap<Vec<u32>, u128> = Default::default();
    for (mut shape, n) in shapes {
        shape.sort_unstable_by(|a, b| b.cmp(a));
        *exact.entry(shape).or_default() += n;
    }
    assert_eq!(exact.values().sum::<u128>(), count.deals);
    let patterns: Vec<Vec<u32>> = exact.keys().cloned().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    let mut obs = vec![0u64; patterns.len()];
    let conditions = set(base);
    for _ in 0..N {
        let deal = d.sample(&mut rng).expect("a deal");
        assert!(conditions.accepts(&deal), "{deal} breaks {base}");
        let mut shape: Vec<u32> = deal
            .hand(Seat::West)
            .shape()
            .iter()
            .map(|&l| u32::from(l))
            .collect();
        shape.sort_unstable_by(|a, b| b.cmp(a));
        let i = patterns
            .iter()
            .position(|p| *p == shape)
            .unwrap_or_else(|| panic!("West's pattern {shape:?} has no deal in the count"));
        obs[i] += 1;
    }
    let (mut chi, mut df) = (0.0, 0);
    let (mut pooled_o, mut pooled_e) = (0.0, 0.0);
    for (o, n) in obs.iter().zip(exact.values()) {
        let e = *n as f64 / count.deals as f64 * N as f64;
        if e < 5.0 {
            pooled_o += *o as f64;
            pooled_e += e;
        } else {
            chi += (*o as f64 - e).powi(2) / e;
            df += 1;
        }
    }
    if pooled_e > 0.0 {
        chi += (pooled_o - pooled_e).powi(2) / pooled_e;
        df += 1;
    }
    assert!(df > 25, "{df} cells");
    let crit = critical_001(df - 1);
    println!(
        "{base:?} West's pattern: chi-square {chi:.2} on {} d.f., critical {crit:.2}",
        df - 1
    );
    assert!(chi < crit, "chi-square {chi:.2} ≥ {crit:.2}; {obs:?}");
}
