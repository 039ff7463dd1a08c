//! Test helpers: tiny CSV reader for the known-answer tables, hand and holding builders.
#![allow(dead_code)]

use fairdeal_model::{Hand, Holding, Rank};
use fairdeal_prob::hcp::hcp_counts;
use fairdeal_prob::Fraction;

/// Rows of a CSV (header dropped), fields split on commas outside double quotes.
pub fn csv_rows(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let mut fields = Vec::new();
            let mut cur = String::new();
            let mut quoted = false;
            for ch in line.chars() {
                match ch {
                    '"' => quoted = !quoted,
                    ',' if !quoted => fields.push(std::mem::take(&mut cur)),
                    _ => cur.push(ch),
                }
            }
            fields.push(cur);
            fields
        })
        .collect()
}

/// A field as u128 (panics with the row on a malformed table: test data, not user input).
pub fn int(field: &str) -> u128 {
    field
        .parse()
        .unwrap_or_else(|e| panic!("bad integer {field:?}: {e}"))
}

/// A fraction field `"n/d"`, exactly as written (the tables print reduced fractions).
pub fn frac(field: &str) -> Fraction {
    let (n, d) = field
        .split_once('/')
        .unwrap_or_else(|| panic!("bad fraction {field:?}"));
    Fraction {
        numerator: int(n),
        denominator: int(d),
    }
}

/// A holding from rank letters, e.g. `"QT98"`.
pub fn holding(s: &str) -> Holding {
    s.chars().fold(Holding::EMPTY, |h, c| {
        h.with(Rank::from_char(c).unwrap_or_else(|| panic!("bad rank {c}")))
    })
}

/// A hand from PBN-style `"AKJ52.Q73.A84.K6"`.
pub fn hand(pbn: &str) -> Hand {
    let parts: Vec<Holding> = pbn.split('.').map(holding).collect();
    assert_eq!(parts.len(), 4, "{pbn}");
    Hand::from_holdings([parts[0], parts[1], parts[2], parts[3]])
}

/// Σ h·(hands with h HCP) over the exact HCP chart: 10·C(52,13) when the mean is exactly 10.
pub fn hcp_points_over_all_hands() -> u128 {
    hcp_counts()
        .iter()
        .enumerate()
        .map(|(h, &c)| h as u128 * c)
        .sum()
}
