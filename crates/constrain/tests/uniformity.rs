//! Uniformity: seeded chi-square tests of exact sampling against exact cell counts, and
//! against plain deal-and-select where that is fast enough.
//!
//! Each test splits the deals of a constraint set into cells (pattern × HCP, or card
//! location where cards are predealt), gets each cell's exact count from the engine by
//! adding the cell's conditions, samples 100 000 deals with a fixed ChaCha8 seed, and
//! requires the chi-square statistic to stay below the critical value at alpha = 0.001
//! (Wilson–Hilferty approximation of the chi-square quantile). Every sampled deal is also
//! checked against the conditions directly.

use fairdeal_constrain::combin::choose_front;
use fairdeal_model::{Card, Deal, Hand, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

mod support;
use support::{critical_001, dealer, set};

const N: usize = 100_000;

/// Exact cell probabilities: cell `i` is `base` plus `cells[i]`; a last "other" cell gets the rest.
fn cell_probs(base: &str, cells: &[String]) -> Vec<f64> {
    let total = dealer(base).count().deals;
    let mut p: Vec<f64> = cells
        .iter()
        .map(|c| dealer(&format!("{base}\n{c}")).count().deals as f64 / total as f64)
        .collect();
    let rest = 1.0 - p.iter().sum::<f64>();
    p.push(rest.max(0.0));
    p
}

fn chi_square(observed: &[u64], probs: &[f64], n: usize) -> (f64, usize) {
    let mut chi = 0.0;
    let mut df = 0;
    for (o, p) in observed.iter().zip(probs) {
        let e = p * n as f64;
        if e > 0.0 {
            chi += (*o as f64 - e).powi(2) / e;
            df += 1;
        } else {
            assert_eq!(*o, 0, "a cell with expectation 0 was hit");
        }
    }
    (chi, df - 1)
}

/// Samples `N` deals and chi-squares the cells given by `classify` (index into `cells`, or
/// `None` for the "other" cell).
fn check(
    base: &str,
    cells: &[String],
    seed: u64,
    classify: impl Fn(&Deal) -> Option<usize>,
) -> Vec<u64> {
    let probs = cell_probs(base, cells);
    let conditions = set(base);
    let mut d = dealer(base);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut obs = vec![0u64; cells.len() + 1];
    for _ in 0..N {
        let deal = d.sample(&mut rng).expect("sample");
        assert!(
            conditions.accepts(&deal),
            "sampled deal breaks the conditions: {deal}"
        );
        obs[classify(&deal).unwrap_or(cells.len())] += 1;
    }
    let (chi, df) = chi_square(&obs, &probs, N);
    let crit = critical_001(df);
    println!("{base:?}: chi-square {chi:.2} on {df} d.f., critical {crit:.2} (alpha 0.001)");
    assert!(
        chi < crit,
        "{base:?}: chi-square {chi:.2} ≥ {crit:.2} on {df} d.f. (alpha 0.001); observed {obs:?}"
    );
    obs
}

fn sorted_shape(h: Hand) -> String {
    let mut s = h.shape();
    s.sort_unstable_by(|a, b| b.cmp(a));
    s.iter().map(|d| d.to_string()).collect()
}

/// A uniform random deal (partial Fisher–Yates), for deal-and-select.
fn plain_deal(rng: &mut ChaCha8Rng) -> Deal {
    let mut cards: Vec<Card> = Card::all().collect();
    choose_front(rng, &mut cards, 52);
    let mut hands = [Hand::EMPTY; 4];
    for (i, c) in cards.iter().enumerate() {
        hands[i / 13].insert(*c);
    }
    Deal::new(hands).expect("a deal")
}

/// Two-sample chi-square (homogeneity) between exact sampling and deal-and-select.
fn homogeneity(a: &[u64], b: &[u64]) -> (f64, usize) {
    let (na, nb) = (a.iter().sum::<u64>() as f64, b.iter().sum::<u64>() as f64);
    let mut chi = 0.0;
    let mut df = 0;
    for (x, y) in a.iter().zip(b) {
        let t = (*x + *y) as f64;
        if t == 0.0 {
            continue;
        }
        let (ea, eb) = (t * na / (na + nb), t * nb / (na + nb));
        chi += (*x as f64 - ea).powi(2) / ea + (*y as f64 - eb).powi(2) / eb;
        df += 1;
    }
    (chi, df - 1)
}

/// Exact sampling and deal-and-select agree (two-sample chi-square below the alpha = 0.001
/// critical value).
fn assert_same_law(exact: &[u64], plain: &[u64]) {
    let (chi, df) = homogeneity(exact, plain);
    assert!(
        chi < critical_001(df),
        "exact vs deal-and-select: chi-square {chi:.2} on {df} d.f. (alpha 0.001)"
    );
}

fn deal_and_select(
    base: &str,
    seed: u64,
    want: usize,
    classify: impl Fn(&Deal) -> Option<usize>,
    ncells: usize,
) -> Vec<u64> {
    let conditions = set(base);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut obs = vec![0u64; ncells + 1];
    let mut got = 0;
    while got < want {
        let d = plain_deal(&mut rng);
        if conditions.accepts(&d) {
            obs[classify(&d).unwrap_or(ncells)] += 1;
            got += 1;
        }
    }
    obs
}

#[test]
fn one_seat_balanced_15_17_pattern_by_hcp() {
    let base = "north: balanced, hcp 15-17";
    let pats = ["4333", "4432", "5332"];
    let mut cells = Vec::new();
    for p in pats {
        for h in 15..=17 {
            cells.push(format!("north: shape {p}, hcp {h}"));
        }
    }
    let classify = |d: &Deal| {
        let h = d.hand(Seat::North);
        let p = pats.iter().position(|p| *p == sorted_shape(h))?;
        Some(p * 3 + h.hcp() as usize - 15)
    };
    let exact = check(base, &cells, 1, classify);
    let plain = deal_and_select(base, 2, 20_000, classify, cells.len());
    assert_same_law(&exact, &plain);
}

#[test]
fn two_seats_nine_spades_opposite_six_six() {
    let base = "west: spades 9\neast: shape x=x=6=6";
    let mut cells = Vec::new();
    for h in 0..=4 {
        for s in 0..=1 {
            cells.push(format!("west: hearts {h}\neast: spades {s}"));
        }
    }
    check(base, &cells, 3, |d| {
        let (w, e) = (d.hand(Seat::West).shape(), d.hand(Seat::East).shape());
        Some(w[1] as usize * 2 + e[0] as usize)
    });
}

#[test]
fn four_seats_each_a_long_suit() {
    let base = "north: spades 5+\neast: hearts 5+\nsouth: diamonds 5+\nwest: clubs 5+";
    let d = dealer(base);
    assert_eq!(
        d.count().exact_seats.len(),
        4,
        "all four seats counted exactly"
    );
    let mut cells = Vec::new();
    for n in ["5", "6", "7+"] {
        for w in ["5", "6", "7+"] {
            cells.push(format!("north: spades {n}\nwest: clubs {w}"));
        }
    }
    check(base, &cells, 4, |d| {
        let n = (d.hand(Seat::North).shape()[0].min(7) - 5) as usize;
        let w = (d.hand(Seat::West).shape()[3].min(7) - 5) as usize;
        Some(n * 3 + w)
    });
}

#[test]
fn predeal_card_locations_by_hcp() {
    let base = "north: has SA HK, hcp 12-14\nsouth: hearts QJx";
    let mut cells = Vec::new();
    for h in 12..=14 {
        for s in ["north", "east", "south", "west"] {
            cells.push(format!("north: hcp {h}\n{s}: has SK"));
        }
    }
    let sk = Card::all().nth(1).expect("♠K");
    check(base, &cells, 5, |d| {
        Some((d.hand(Seat::North).hcp() as usize - 12) * 4 + d.owner(sk).index())
    });
}

#[test]
fn partnership_points_and_major_fit() {
    let base = "ns: hcp 25+, fit 8+ majors";
    let mut cells = Vec::new();
    let bands = ["25", "26", "27", "28-29"];
    for b in bands {
        for n in ["0-3", "4+"] {
            cells.push(format!("ns: hcp {b}\nnorth: spades {n}"));
        }
    }
    let classify = |d: &Deal| {
        let t = d.hand(Seat::North).hcp() + d.hand(Seat::South).hcp();
        let band = match t {
            25 => 0,
            26 => 1,
            27 => 2,
            28 | 29 => 3,
            _ => return None,
        };
        Some(band * 2 + usize::from(d.hand(Seat::North).shape()[0] >= 4))
    };
    let exact = check(base, &cells, 6, classify);
    let plain = deal_and_select(base, 7, 20_000, classify, cells.len());
    assert_same_law(&exact, &plain);
}

#[test]
fn rarer_than_one_in_a_million() {
    let base = "north: hcp 30+\nsouth: hcp 0-1";
    let c = dealer(base).count();
    assert!(
        c.percent() < 1e-4,
        "probability {}% should be below 1e-6",
        c.percent()
    );
    let mut cells = Vec::new();
    for n in ["30", "31"] {
        for s in 0..=1 {
            cells.push(format!("north: hcp {n}\nsouth: hcp {s}"));
        }
    }
    check(base, &cells, 8, |d| {
        let n = d.hand(Seat::North).hcp();
        (n <= 31).then(|| (n as usize - 30) * 2 + d.hand(Seat::South).hcp() as usize)
    });
}

#[test]
fn exact_holding_spots_are_below_the_ten() {
    let base = "east: spades AKxx, hcp 10-11";
    let mut cells = Vec::new();
    for h in 10..=11 {
        for s in ["north", "south", "west"] {
            cells.push(format!("east: hcp {h}\n{s}: has ST"));
        }
    }
    let st = Card::all().nth(4).expect("♠T");
    check(base, &cells, 9, |d| {
        let seat = d.owner(st);
        let k = [Seat::North, Seat::South, Seat::West]
            .iter()
            .position(|s| *s == seat)?;
        Some((d.hand(Seat::East).hcp() as usize - 10) * 3 + k)
    });
}

/// Fit seats with no shape of their own draw the rest of their hands from the suits outside
/// the fit, and a seat with points only draws from what they leave. Cells: East's HCP band ×
/// North's spades against the exact counts; then East's spades × North's spades, exact
/// sampling against plain deal-and-select (independent of the engine).
#[test]
fn fit_seats_beside_a_points_seat() {
    let base = "ns: fit 8+ spades\neast: hcp 12+";
    let north = ["0-3", "4-5", "6+"];
    let north_cell = |d: &Deal| match d.hand(Seat::North).shape()[0] {
        0..=3 => 0,
        4 | 5 => 1,
        _ => 2,
    };
    let mut cells = Vec::new();
    for e in ["12-13", "14-15"] {
        for n in north {
            cells.push(format!("east: hcp {e}\nnorth: spades {n}"));
        }
    }
    check(base, &cells, 8, |d| {
        let e = (d.hand(Seat::East).hcp() as usize - 12) / 2;
        (e < 2).then(|| e * 3 + north_cell(d))
    });
    let by_spades = |d: &Deal| {
        let e = usize::from(d.hand(Seat::East).shape()[0].min(3));
        Some(e * 3 + north_cell(d))
    };
    let mut d = dealer(base);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut exact = vec![0u64; 13];
    for _ in 0..N {
        let deal = d.sample(&mut rng).expect("a deal");
        exact[by_spades(&deal).unwrap_or(12)] += 1;
    }
    let plain = deal_and_select(base, 10, 20_000, by_spades, 12);
    assert_same_law(&exact, &plain);
}

/// Seats whose shapes name one suit each: the lengths they draw at the end in the suits
/// they do not name (North's hearts, South's spades), against the exact counts and against
/// deal-and-select.
#[test]
fn named_suit_seats_draw_the_other_suits_uniformly() {
    let base = "north: spades 4+, hcp 10+\nsouth: hearts 3+, hcp 6+";
    let north = [(0, 2), (3, 3), (4, 13)];
    let south = [(0, 2), (3, 13)];
    let mut cells = Vec::new();
    for (a, b) in north {
        for (c, e) in south {
            cells.push(format!("north: hearts {a}-{b}\nsouth: spades {c}-{e}"));
        }
    }
    let classify = |d: &Deal| {
        let (n, s) = (
            d.hand(Seat::North).shape()[1],
            d.hand(Seat::South).shape()[0],
        );
        let i = north.iter().position(|&(a, b)| (a..=b).contains(&n))?;
        let j = south.iter().position(|&(a, b)| (a..=b).contains(&s))?;
        Some(i * 2 + j)
    };
    let exact = check(base, &cells, 11, classify);
    let plain = deal_and_select(base, 12, 20_000, classify, cells.len());
    assert_same_law(&exact, &plain);
}

/// A fit over the minors on a partnership asked nothing else is dealt from cells on the
/// other side (East and West hold few clubs, or many clubs and few diamonds): North and
/// South's clubs × East's HCP band against exact counts that keep the fit where it is
/// written (a second fit on North–South holds it there: the joint tables or cells without
/// fits count them), and against deal-and-select.
#[test]
fn a_fit_over_the_minors_moved_to_the_other_side() {
    let base = "east: hcp 12+\nns: fit 8+ minors";
    assert_eq!(dealer(base).cells(), Some(2), "moved to East and West");
    let mut cells = Vec::new();
    for e in ["12-13", "14+"] {
        for k in 0..13 {
            cells.push(format!("east: hcp {e}\nns: fit {k}-{k} clubs"));
        }
    }
    let classify = |d: &Deal| {
        let clubs = usize::from(d.hand(Seat::North).shape()[3] + d.hand(Seat::South).shape()[3]);
        let band = usize::from(d.hand(Seat::East).hcp() >= 14);
        (clubs < 13).then_some(band * 13 + clubs)
    };
    let exact = check(base, &cells, 13, classify);
    let plain = deal_and_select(base, 14, 20_000, classify, cells.len());
    assert_same_law(&exact, &plain);
}
