//! Shared statistics for the dealing test battery (tests/statistics.rs) and the long battery
//! (examples/battery.rs): Pearson chi-square with exact p-values and critical values, the exact
//! pattern and HCP tables from prob-tables (tests/data/), and one-pass tallies over deals.
//!
//! The chi-square distribution function is `fairdeal_constrain::stats::chi`'s regularized
//! incomplete gamma function (series below a+1, Lentz continued fraction above), good to
//! ~1e-12 relative — plenty for a critical value at alpha 1e-4.
#![allow(dead_code)] // each including target uses a different subset

use fairdeal_model::{Deal, Seat};

/// The hand-pattern table: 39 rows, most frequent first.
pub const PATTERNS_CSV: &str = include_str!("../data/hand-patterns.csv");
/// The HCP table: rows 0..=37.
pub const HCP_CSV: &str = include_str!("../data/hcp-distribution.csv");
/// C(52,13), the number of hands.
pub const HANDS: u64 = 635_013_559_600;

/// P(χ²(dof) ≥ stat) through the regularized upper incomplete gamma function and ln Γ: the
/// workspace's one implementation, in `fairdeal-constrain`'s statistics (a dev-dependency).
pub use fairdeal_constrain::stats::chi::chi2_sf;

/// The critical value c with P(χ²(dof) ≥ c) = alpha (bisection).
pub fn chi2_critical(alpha: f64, dof: usize) -> f64 {
    let mut lo = 0.0;
    let mut hi = dof as f64 + 50.0 * (2.0 * dof as f64).sqrt() + 100.0;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if chi2_sf(mid, dof) > alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The outcome of one goodness-of-fit test.
#[derive(Debug, Clone)]
pub struct ChiSquare {
    /// What was tested.
    pub name: String,
    /// Pearson's statistic (already scaled where the test says so).
    pub stat: f64,
    /// Degrees of freedom.
    pub dof: usize,
    /// The critical value at `alpha`.
    pub critical: f64,
    /// The significance level.
    pub alpha: f64,
    /// P(χ² ≥ stat).
    pub p: f64,
}

impl ChiSquare {
    /// Builds the result and computes critical value and p-value.
    pub fn new(name: &str, stat: f64, dof: usize, alpha: f64) -> ChiSquare {
        ChiSquare {
            name: name.to_string(),
            stat,
            dof,
            critical: chi2_critical(alpha, dof),
            alpha,
            p: chi2_sf(stat, dof),
        }
    }

    /// True if the null hypothesis (the generator matches theory) is not rejected.
    pub fn passes(&self) -> bool {
        self.stat < self.critical
    }

    /// One line: statistic next to the critical value.
    pub fn line(&self) -> String {
        format!(
            "{:<44} chi2 = {:>9.2}  critical = {:>8.2}  (dof {:>3}, alpha {:e})  p = {:.4}  {}",
            self.name,
            self.stat,
            self.critical,
            self.dof,
            self.alpha,
            self.p,
            if self.passes() { "ok" } else { "REJECT" }
        )
    }
}

/// Pearson's statistic of observed counts against expected probabilities (which sum to 1)
/// over `n` trials. Cells are in a natural order whose rare cells sit at the ends (HCP
/// ascending, patterns most frequent first): leading cells are merged until the merged cell
/// expects at least 5, and so are trailing ones; cells expected 0 count only if observed.
/// Returns the statistic and the degrees of freedom (cells − 1).
pub fn pearson_merged_ends(observed: &[u64], probs: &[f64], n: u64) -> (f64, usize) {
    assert_eq!(observed.len(), probs.len());
    let raw: Vec<(f64, f64)> = observed
        .iter()
        .zip(probs)
        .map(|(o, p)| (*o as f64, p * n as f64))
        .collect();
    let merge_run = |it: &mut dyn Iterator<Item = &(f64, f64)>| -> (usize, (f64, f64)) {
        let mut acc = (0.0, 0.0);
        let mut used = 0;
        for c in it {
            acc.0 += c.0;
            acc.1 += c.1;
            used += 1;
            if acc.1 >= 5.0 {
                break;
            }
        }
        (used, acc)
    };
    let (head_used, head) = merge_run(&mut raw.iter());
    let (tail_used, tail) = merge_run(&mut raw[head_used..].iter().rev());
    let mut cells = vec![head];
    cells.extend_from_slice(&raw[head_used..raw.len() - tail_used]);
    if tail_used > 0 {
        if tail.1 >= 5.0 {
            cells.push(tail);
        } else if let Some(last) = cells.last_mut() {
            last.0 += tail.0;
            last.1 += tail.1;
        }
    }
    assert!(
        cells.iter().all(|c| c.1 >= 5.0),
        "every merged cell expects at least 5: {cells:?}"
    );
    let stat = cells.iter().map(|(o, e)| (o - e) * (o - e) / e).sum();
    (stat, cells.len() - 1)
}

/// Card × seat test for cards dealt without replacement into seats with fixed quotas
/// (`quota[s]` of the `n` dealt cards go to seat s in every deal), over `deals` deals;
/// `counts[c][s]` counts card c (one of the n) in seat s.
///
/// Pearson's statistic has (n−1)(k−1) degrees of freedom (k = seats with a non-zero
/// quota), and because one deal's cards are drawn without replacement its covariance is
/// n/(n−1) times the multinomial one: a deal's indicator matrix has covariance
/// n/(n−1) · (I − J/n) ⊗ (diag p − p pᵀ), p_s = quota_s/n. The statistic is scaled by
/// (n−1)/n so that it is χ²((n−1)(k−1)) under the null.
pub fn quota_card_seat_test(
    name: &str,
    counts: &[[u64; 4]],
    quota: [usize; 4],
    deals: u64,
    alpha: f64,
) -> ChiSquare {
    let n = counts.len();
    assert_eq!(quota.iter().sum::<usize>(), n, "quotas deal every card");
    let mut raw = 0.0;
    for row in counts {
        for (s, &o) in row.iter().enumerate() {
            if quota[s] == 0 {
                assert_eq!(o, 0, "a seat with quota 0 got a card");
                continue;
            }
            let e = deals as f64 * quota[s] as f64 / n as f64;
            raw += (o as f64 - e) * (o as f64 - e) / e;
        }
    }
    let k = quota.iter().filter(|&&q| q > 0).count();
    let scaled = raw * (n as f64 - 1.0) / n as f64;
    ChiSquare::new(name, scaled, (n - 1) * (k - 1), alpha)
}

/// The 39 patterns: sorted lengths (longest first) and probability, in CSV order.
pub fn patterns() -> Vec<([u8; 4], f64)> {
    let mut out = Vec::new();
    let mut total = 0u64;
    for line in PATTERNS_CSV.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let lens: Vec<u8> = f[0].split('-').map(|x| x.parse().unwrap()).collect();
        let hands: u64 = f[3].parse().unwrap();
        total += hands;
        out.push((
            [lens[0], lens[1], lens[2], lens[3]],
            hands as f64 / HANDS as f64,
        ));
    }
    assert_eq!(out.len(), 39);
    assert_eq!(total, HANDS, "pattern table sums to C(52,13)");
    out
}

/// P(HCP = h) for h = 0..=37.
pub fn hcp_probs() -> Vec<f64> {
    let mut out = Vec::new();
    let mut total = 0u64;
    for (h, line) in HCP_CSV.lines().skip(1).enumerate() {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f[0].parse::<usize>().unwrap(), h);
        let hands: u64 = f[1].parse().unwrap();
        total += hands;
        out.push(hands as f64 / HANDS as f64);
    }
    assert_eq!(out.len(), 38);
    assert_eq!(total, HANDS, "HCP table sums to C(52,13)");
    out
}

/// Key of a sorted pattern for the lookup table.
fn pattern_key(mut lens: [u8; 4]) -> usize {
    lens.sort_unstable_by(|a, b| b.cmp(a));
    ((lens[0] as usize * 14 + lens[1] as usize) * 14 + lens[2] as usize) * 14 + lens[3] as usize
}

/// Counts over a stream of deals, gathered in one pass.
///
/// Pattern and HCP look at one hand per deal, the seat rotating N, E, S, W with the deal
/// number, so the counts are of independent hands and every seat is covered. Card × seat
/// counts every card of every deal. `serial` counts the owner of ♠A in consecutive deals
/// (deal 2k and 2k+1), a check that deals are independent of each other.
pub struct Tally {
    /// Deals seen.
    pub deals: u64,
    /// `card_seat[card][seat]`.
    pub card_seat: [[u64; 4]; 52],
    /// Counts per pattern, in CSV order.
    pub patterns: Vec<u64>,
    /// Counts per HCP 0..=37.
    pub hcp: [u64; 38],
    /// `serial[owner of ♠A in deal 2k][owner in deal 2k+1]`.
    pub serial: [[u64; 4]; 4],
    pattern_index: Vec<u8>,
    last_ace: usize,
}

impl Default for Tally {
    fn default() -> Self {
        Tally::new()
    }
}

impl Tally {
    /// Empty counts.
    pub fn new() -> Tally {
        let mut pattern_index = vec![u8::MAX; 14 * 14 * 14 * 14];
        for (i, (lens, _)) in patterns().iter().enumerate() {
            pattern_index[pattern_key(*lens)] = i as u8;
        }
        Tally {
            deals: 0,
            card_seat: [[0; 4]; 52],
            patterns: vec![0; 39],
            hcp: [0; 38],
            serial: [[0; 4]; 4],
            pattern_index,
            last_ace: 0,
        }
    }

    /// Adds one deal.
    pub fn add(&mut self, deal: &Deal) {
        for seat in Seat::ALL {
            let mut bits = deal.hand(seat).bits();
            while bits != 0 {
                self.card_seat[bits.trailing_zeros() as usize][seat.index()] += 1;
                bits &= bits - 1;
            }
        }
        let hand = deal.hand(Seat::ALL[(self.deals % 4) as usize]);
        self.patterns[self.pattern_index[pattern_key(hand.shape())] as usize] += 1;
        self.hcp[hand.hcp() as usize] += 1;
        // ♠A is card 0: bit 0 of its holder's hand.
        let ace = Seat::ALL
            .iter()
            .position(|s| deal.hand(*s).bits() & 1 != 0)
            .unwrap_or(3);
        if self.deals % 2 == 1 {
            self.serial[self.last_ace][ace] += 1;
        }
        self.last_ace = ace;
        self.deals += 1;
    }

    /// Card × seat uniformity: every card is with every seat a quarter of the time.
    ///
    /// The 52×4 counts have fixed row sums (each card is dealt once per deal) and fixed
    /// column sums (13 cards per seat), so Pearson's statistic has (52−1)(4−1) = 153 degrees
    /// of freedom; and because the cards of one deal are drawn without replacement, its
    /// covariance is 52/51 times the multinomial one (the card-by-seat indicator matrix of
    /// a deal has covariance (13/51)·Π, Π the projection onto doubly centred matrices, whose
    /// trace 153 matches the total variance 208·3/16 = 39). The statistic is scaled by 51/52.
    pub fn card_seat_test(&self, alpha: f64) -> ChiSquare {
        quota_card_seat_test(
            "card x seat (52x4)",
            &self.card_seat,
            [13; 4],
            self.deals,
            alpha,
        )
    }

    /// The 39 patterns against the exact table.
    pub fn pattern_test(&self, alpha: f64) -> ChiSquare {
        let probs: Vec<f64> = patterns().iter().map(|p| p.1).collect();
        let (stat, dof) = pearson_merged_ends(&self.patterns, &probs, self.deals);
        ChiSquare::new("hand patterns (39, rare tail merged)", stat, dof, alpha)
    }

    /// HCP 0–37 against the exact table.
    pub fn hcp_test(&self, alpha: f64) -> ChiSquare {
        let (stat, dof) = pearson_merged_ends(&self.hcp, &hcp_probs(), self.deals);
        ChiSquare::new("HCP 0-37 (high tail merged)", stat, dof, alpha)
    }

    /// Owner of ♠A in consecutive deals: 16 cells of 1/16 each, 15 degrees of freedom.
    pub fn serial_test(&self, alpha: f64) -> ChiSquare {
        let observed: Vec<u64> = self.serial.iter().flatten().copied().collect();
        let n: u64 = observed.iter().sum();
        let (stat, dof) = pearson_merged_ends(&observed, &[1.0 / 16.0; 16], n);
        ChiSquare::new("owner of SA in consecutive deals (4x4)", stat, dof, alpha)
    }

    /// All four tests.
    pub fn all_tests(&self, alpha: f64) -> Vec<ChiSquare> {
        vec![
            self.card_seat_test(alpha),
            self.pattern_test(alpha),
            self.hcp_test(alpha),
            self.serial_test(alpha),
        ]
    }
}
