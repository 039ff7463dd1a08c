//! Brute-force cross-check on small combinations, by a different code path: single cards (no
//! merging of equal cards), lies as subsets of the missing cards, and every pure declarer
//! strategy enumerated — each position returns the set of every outcome vector some strategy
//! achieves (only exact duplicates dropped), a defender's choice combining one vector per card
//! in every way. The best strategy is the best of all of them; it must equal the solver's.

use std::collections::{HashMap, HashSet};

use fairdeal_prob::exact::binomial;
use fairdeal_prob::Fraction;
use fairdeal_suit::{Entries, Objective, Problem, Vacant};

mod support;
use support::{solved, solved_for};

/// A lead position: North's and South's cards, the defenders' cards gone, West's of them.
type Key = (u16, u16, u16, u16);
/// Outcome vectors over the lies.
type Vectors = HashSet<Vec<u8>>;
/// What follows a defender's card (or none).
type Then<'a> = dyn FnMut(&mut Brute, Option<u8>) -> Vectors + 'a;

struct Brute {
    missing: Vec<u8>,
    /// West's cards per lie (mask over ranks).
    lies: Vec<u16>,
    memo: HashMap<Key, Vectors>,
}

impl Brute {
    /// Vectors over lies of tricks from here. `gone`: defenders' cards played; `trick`:
    /// (cards played this trick as a packed list) is recursed explicitly below.
    fn lead(&mut self, n: u16, s: u16, gone: u16) -> HashSet<Vec<u8>> {
        let key = (n, s, gone, self.wgone(gone));
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let nl = self.lies.len();
        let mut out: HashSet<Vec<u8>> = HashSet::new();
        if n == 0 && s == 0 {
            out.insert(vec![0; nl]);
        } else {
            for leader in 0..2 {
                let hand = if leader == 0 { n } else { s };
                for c in cards(hand) {
                    let (n2, s2) = take(n, s, leader, c);
                    out.extend(self.second(n2, s2, gone, leader, c));
                }
            }
        }
        let out = pareto(out);
        self.memo.insert(key, out.clone());
        out
    }

    /// West's cards left in lie `l`.
    fn west(&self, l: usize, gone: u16) -> u16 {
        self.lies[l] & !gone
    }
    fn east(&self, l: usize, gone: u16) -> u16 {
        let all: u16 = self.missing.iter().fold(0, |m, &r| m | 1 << r);
        all & !self.lies[l] & !gone
    }
    fn possible(&self, l: usize, gone: u16, wgone: u16) -> bool {
        // Cards West played are West's, the others East's.
        self.lies[l] & gone == wgone
    }

    /// A defender's turn: `d` 0 West 1 East. `then(card or None)` gives the vectors after it.
    fn defend(&mut self, d: u8, gone: u16, wgone: u16, then: &mut Then<'_>) -> HashSet<Vec<u8>> {
        let nl = self.lies.len();
        // Options: each missing card not gone, or none (void).
        let mut options: Vec<(Option<u8>, Vec<bool>)> = Vec::new();
        for &c in &self.missing.clone() {
            if gone >> c & 1 == 1 {
                continue;
            }
            let mask: Vec<bool> = (0..nl)
                .map(|l| {
                    self.possible(l, gone, wgone)
                        && (if d == 0 {
                            self.west(l, gone)
                        } else {
                            self.east(l, gone)
                        }) >> c
                            & 1
                            == 1
                })
                .collect();
            if mask.iter().any(|&b| b) {
                options.push((Some(c), mask));
            }
        }
        let mask: Vec<bool> = (0..nl)
            .map(|l| {
                self.possible(l, gone, wgone)
                    && (if d == 0 {
                        self.west(l, gone)
                    } else {
                        self.east(l, gone)
                    }) == 0
            })
            .collect();
        if mask.iter().any(|&b| b) {
            options.push((None, mask));
        }
        let mut cur: HashSet<Vec<u8>> = HashSet::new();
        cur.insert(vec![u8::MAX; nl]);
        for (c, mask) in options {
            let set = then(self, c);
            let mut next = HashSet::new();
            for r in &cur {
                for v in &set {
                    let w: Vec<u8> = (0..nl)
                        .map(|l| if mask[l] { r[l].min(v[l]) } else { r[l] })
                        .collect();
                    next.insert(w);
                }
            }
            cur = pareto(next);
        }
        // Lies no longer possible: 0.
        cur.into_iter()
            .map(|v| {
                v.into_iter()
                    .enumerate()
                    .map(|(l, x)| if self.possible(l, gone, wgone) { x } else { 0 })
                    .collect()
            })
            .collect()
    }

    fn second(&mut self, n: u16, s: u16, gone: u16, leader: u8, led: u8) -> HashSet<Vec<u8>> {
        // South leads: West second; North leads: East second.
        let d = if leader == 1 { 0 } else { 1 };
        let wgone = self.wgone(gone);
        self.defend(d, gone, wgone, &mut |me: &mut Self, c2: Option<u8>| {
            let gone2 = gone | c2.map_or(0, |c| 1 << c);
            me.with_west(d, c2);
            let r = me.third(n, s, gone2, leader, led, c2);
            me.without_west(d, c2);
            r
        })
    }

    fn third(
        &mut self,
        n: u16,
        s: u16,
        gone: u16,
        leader: u8,
        led: u8,
        c2: Option<u8>,
    ) -> HashSet<Vec<u8>> {
        let p = 1 - leader;
        let hand = if p == 0 { n } else { s };
        let mut out = HashSet::new();
        let plays: Vec<Option<u8>> = if hand == 0 {
            vec![None]
        } else {
            cards(hand).into_iter().map(Some).collect()
        };
        for c3 in plays {
            let (n2, s2) = match c3 {
                Some(c) => take(n, s, p, c),
                None => (n, s),
            };
            let d = if leader == 1 { 1 } else { 0 };
            let wgone = self.wgone(gone);
            let set = self.defend(d, gone, wgone, &mut |me: &mut Self, c4: Option<u8>| {
                let gone4 = gone | c4.map_or(0, |c| 1 << c);
                // Who wins: the highest card.
                let mut best = (led, leader);
                if let Some(c) = c3 {
                    if c > best.0 {
                        best = (c, p);
                    }
                }
                for c in [c2, c4].into_iter().flatten() {
                    if c > best.0 {
                        best = (c, 2);
                    }
                }
                me.with_west(d, c4);
                let rest = me.lead(n2, s2, gone4);
                me.without_west(d, c4);
                let won = best.1 < 2;
                rest.into_iter()
                    .map(|v| v.into_iter().map(|x| x + won as u8).collect())
                    .collect()
            });
            out.extend(set);
        }
        out
    }

    // Which defender played which card is tracked in `west_played` (a stack-like mask).
    fn wgone(&self, _gone: u16) -> u16 {
        WEST.with(|w| *w.borrow())
    }
    fn with_west(&mut self, d: u8, c: Option<u8>) {
        if let (0, Some(c)) = (d, c) {
            WEST.with(|w| *w.borrow_mut() |= 1 << c);
        }
    }
    fn without_west(&mut self, d: u8, c: Option<u8>) {
        if let (0, Some(c)) = (d, c) {
            WEST.with(|w| *w.borrow_mut() &= !(1 << c));
        }
    }
}

thread_local! {
    static WEST: std::cell::RefCell<u16> = const { std::cell::RefCell::new(0) };
}

/// Drops vectors another one beats or equals on every lie: a dominated strategy is never the
/// unique best for any weighting, so the best of what is left is the best of all.
fn pareto(set: HashSet<Vec<u8>>) -> HashSet<Vec<u8>> {
    let all: Vec<Vec<u8>> = set.into_iter().collect();
    let mut keep = HashSet::new();
    for (i, v) in all.iter().enumerate() {
        let beaten = all
            .iter()
            .enumerate()
            .any(|(j, w)| j != i && w.iter().zip(v).all(|(a, b)| a >= b) && (w != v || j < i));
        if !beaten {
            keep.insert(v.clone());
        }
    }
    keep
}

fn cards(mask: u16) -> Vec<u8> {
    (0..13).filter(|r| mask >> r & 1 == 1).collect()
}

fn take(n: u16, s: u16, who: u8, c: u8) -> (u16, u16) {
    if who == 0 {
        (n & !(1 << c), s)
    } else {
        (n, s & !(1 << c))
    }
}

/// The best chance of `target` tricks and the best expected tricks, by brute force.
fn brute(north: &str, south: &str, target: u8) -> (Fraction, Fraction) {
    let p = Problem::parse(
        north,
        south,
        Entries::Unlimited,
        Vacant::START,
        Objective::MaxExpected,
    )
    .unwrap();
    let missing = cards(p.missing());
    let n = missing.len() as u32;
    let lies: Vec<u16> = (0u32..1 << n)
        .map(|sub| {
            (0..n)
                .filter(|i| sub >> i & 1 == 1)
                .fold(0u16, |m, i| m | 1 << missing[i as usize])
        })
        .collect();
    let weights: Vec<u128> = lies
        .iter()
        .map(|w| binomial(26 - n, 13 - w.count_ones()))
        .collect();
    let mut b = Brute {
        missing,
        lies,
        memo: HashMap::new(),
    };
    // The lead memo is keyed without West's played cards, which the lead position's value
    // depends on: key it on them too by clearing the memo's reuse across different West sets.
    let all = b.lead_keyed(p.north, p.south);
    let total = binomial(26, 13);
    let mut best_p = 0u128;
    let mut best_e = 0u128;
    for v in &all {
        let wins: u128 = v
            .iter()
            .zip(&weights)
            .filter(|(&t, _)| t >= target)
            .map(|(_, &w)| w)
            .sum();
        let sum: u128 = v.iter().zip(&weights).map(|(&t, &w)| t as u128 * w).sum();
        best_p = best_p.max(wins);
        best_e = best_e.max(sum);
    }
    (
        Fraction::new(best_p, total).unwrap(),
        Fraction::new(best_e, total).unwrap(),
    )
}

impl Brute {
    fn lead_keyed(&mut self, n: u16, s: u16) -> HashSet<Vec<u8>> {
        self.lead(n, s, 0)
    }
}

fn engine(north: &str, south: &str, target: u8) -> (Fraction, Fraction) {
    let s = solved(north, south, target);
    let e = solved_for(north, south, Objective::MaxExpected);
    (s.lines[0].probability.unwrap(), e.lines[0].expected)
}

#[test]
fn brute_force_agrees_on_small_combinations() {
    for (n, s, targets) in [
        ("AKJ10x", "xxxx", &[4u8, 5][..]),
        ("AK10xx", "xxxx", &[4, 5]),
        ("AQ10xx", "xxxx", &[4, 5]),
        ("KJ10xx", "xxxx", &[3, 4]),
        ("AJ10xxx", "xxx", &[5, 6]),
    ] {
        for &t in targets {
            let b = brute(n, s, t);
            let e = engine(n, s, t);
            assert_eq!(
                b, e,
                "{n} / {s}, target {t}: brute force {b:?}, solver {e:?}"
            );
        }
    }
}
