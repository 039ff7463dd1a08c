//! Victory points: the WBF continuous 20-VP scale (2013).
//!
//! Owns [`VpScale`]: for a match of N boards, blitz B = 15·√N, and for an IMP margin M the
//! winner gets 10 + 10·(1 − τ^(3M/B)) / (1 − τ³) VP (τ = (√5 − 1)/2), capped at 20, rounded
//! half up to two decimals; the loser gets 20 minus that. With the *concavity correction*
//! (Marc Shearer's algorithm, reference §3.1) the rounded table is then repaired so that each
//! extra IMP is worth no more than the previous one: repeatedly find the first margin k whose
//! increment exceeds the previous increment and add 0.01 to VP[k−1].
//!
//! VPs are held as whole hundredths ([`Centi`]) so sums and comparisons are exact.

use serde::{Deserialize, Serialize};

/// A VP amount in hundredths (2000 = 20.00 VP).
pub type Centi = u32;

/// The WBF continuous scale for one match length.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VpScale {
    boards: u32,
    corrected: bool,
    /// Winner's VP (hundredths) for margins 0, 1, …; the last entry is 2000 and holds beyond.
    table: Vec<Centi>,
}

impl VpScale {
    /// The scale for a match of `boards` boards (at least 1; 0 is treated as 1), with or
    /// without the concavity correction.
    pub fn wbf_continuous(boards: u32, corrected: bool) -> VpScale {
        let boards = boards.max(1);
        let blitz = 15.0 * f64::from(boards).sqrt();
        let tau = (5f64.sqrt() - 1.0) / 2.0;
        let r = tau.powi(3);
        let raw = |m: u32| -> Centi {
            let v = 10.0 + 10.0 * (1.0 - r.powf(f64::from(m) / blitz)) / (1.0 - r);
            let c = (v.min(20.0) * 100.0 + 0.5).floor();
            // Guard against 1999.9999… rounding: the formula reaches 20 exactly at M = B.
            (c as Centi).min(2000)
        };
        let mut table: Vec<Centi> = Vec::new();
        let mut m = 0u32;
        loop {
            let v = raw(m);
            table.push(v);
            if v >= 2000 {
                break;
            }
            m += 1;
        }
        if corrected {
            loop {
                let bad = (2..table.len()).find(|&k| {
                    let inc = i64::from(table[k]) - i64::from(table[k - 1]);
                    let prev = i64::from(table[k - 1]) - i64::from(table[k - 2]);
                    inc > prev
                });
                match bad {
                    Some(k) => table[k - 1] += 1,
                    None => break,
                }
            }
        }
        VpScale {
            boards,
            corrected,
            table,
        }
    }

    /// Boards in the match.
    pub fn boards(&self) -> u32 {
        self.boards
    }

    /// Whether the concavity correction was applied.
    pub fn corrected(&self) -> bool {
        self.corrected
    }

    /// The blitz 15·√N (not generally an integer).
    pub fn blitz(&self) -> f64 {
        15.0 * f64::from(self.boards).sqrt()
    }

    /// The smallest IMP margin worth 20.00 VP.
    pub fn first_full_margin(&self) -> u32 {
        (self.table.len() - 1) as u32
    }

    /// The winner's VP (hundredths) for an IMP margin M ≥ 0.
    pub fn winner_centi(&self, margin: u32) -> Centi {
        let i = (margin as usize).min(self.table.len() - 1);
        self.table[i]
    }

    /// VPs (hundredths) of a side that won the match by `margin` IMPs (negative: lost);
    /// the two sides' VPs always sum to 2000.
    pub fn centi_for_margin(&self, margin: i64) -> Centi {
        let w = self.winner_centi(margin.unsigned_abs().min(u64::from(u32::MAX)) as u32);
        if margin >= 0 {
            w
        } else {
            2000 - w
        }
    }

    /// Like [`VpScale::centi_for_margin`] in VP (two decimals).
    pub fn vp_for_margin(&self, margin: i64) -> f64 {
        f64::from(self.centi_for_margin(margin)) / 100.0
    }
}

/// A fractional IMP margin (e.g. from cross-IMPs) rounded to the nearest whole IMP, halves
/// away from zero, before a VP look-up.
pub fn round_margin(margin: f64) -> i64 {
    margin.round() as i64
}
