//! The table of scoring methods: one row per [`Method`], feeding CLI help, the UI drop-down
//! and the tests.
//!
//! Invariant: [`METHODS`] lists every [`Method`] exactly once, in the order of the enum, with
//! unique lower-case names.

use serde::{Deserialize, Serialize};
use std::fmt;

/// How boards are scored and pairs ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Method {
    /// Matchpoints, 2 per win (top 2(n−1)), Neuberg for missing results; ranked by %.
    Matchpoints,
    /// Matchpoints, 1 per win (ACBL, top n−1); ranked by %.
    MatchpointsAcbl,
    /// Butler: IMPs against a datum.
    Butler,
    /// Cross-IMPs: IMPs against every other result, averaged over n−1.
    CrossImps,
    /// Butler IMPs per pair-vs-pair round converted to WBF continuous VPs.
    Vp,
}

/// One row of the method table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoringMethod {
    /// The method.
    pub method: Method,
    /// Name on the command line and in saved settings.
    pub name: &'static str,
    /// Short title for a drop-down.
    pub title: &'static str,
    /// One-line description for help text.
    pub help: &'static str,
    /// Unit of a pair's score in the ranking.
    pub unit: &'static str,
    /// Whether the datum options apply.
    pub uses_datum: bool,
}

/// Every scoring method, in [`Method`] order.
pub static METHODS: [ScoringMethod; 5] = [
    ScoringMethod {
        method: Method::Matchpoints,
        name: "mp",
        title: "Matchpoints",
        help: "2 per score beaten, 1 per tie (top 2(n-1)); Neuberg for missing or artificial results; ranked by percentage",
        unit: "%",
        uses_datum: false,
    },
    ScoringMethod {
        method: Method::MatchpointsAcbl,
        name: "mp-acbl",
        title: "Matchpoints (ACBL, 1 per win)",
        help: "1 per score beaten, 1/2 per tie (top n-1); same percentages as mp",
        unit: "%",
        uses_datum: false,
    },
    ScoringMethod {
        method: Method::Butler,
        name: "butler",
        title: "Butler (IMPs v datum)",
        help: "IMPs against a datum (trimmed mean rounded to 10); ranked by total IMPs, or IMPs per board if pairs played different numbers of boards",
        unit: "IMPs",
        uses_datum: true,
    },
    ScoringMethod {
        method: Method::CrossImps,
        name: "cross-imps",
        title: "Cross-IMPs",
        help: "IMPs against every other result on the board, divided by n-1; ranked like butler",
        unit: "IMPs",
        uses_datum: false,
    },
    ScoringMethod {
        method: Method::Vp,
        name: "vp",
        title: "Victory points (IMP pairs rounds)",
        help: "Butler IMPs of each pair-v-pair round converted to WBF continuous 20-VP (blitz 15*sqrt(boards)); ranked by total VP",
        unit: "VP",
        uses_datum: true,
    },
];

impl Method {
    /// This method's row in [`METHODS`].
    pub fn info(self) -> &'static ScoringMethod {
        let i = match self {
            Method::Matchpoints => 0,
            Method::MatchpointsAcbl => 1,
            Method::Butler => 2,
            Method::CrossImps => 3,
            Method::Vp => 4,
        };
        &METHODS[i]
    }

    /// The method with this name (case-insensitive).
    pub fn from_name(name: &str) -> Option<Method> {
        METHODS
            .iter()
            .find(|m| m.name.eq_ignore_ascii_case(name.trim()))
            .map(|m| m.method)
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.info().name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_invariants() {
        for (i, m) in METHODS.iter().enumerate() {
            assert!(
                std::ptr::eq(m.method.info(), &METHODS[i]),
                "{} out of order",
                m.name
            );
            assert_eq!(Method::from_name(m.name), Some(m.method));
            assert_eq!(Method::from_name(&m.name.to_uppercase()), Some(m.method));
            assert!(
                m.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'),
                "{}",
                m.name
            );
            assert!(!m.help.is_empty() && !m.title.is_empty() && !m.unit.is_empty());
            for other in &METHODS[i + 1..] {
                assert_ne!(m.name, other.name);
                assert_ne!(m.method, other.method);
            }
        }
        assert_eq!(Method::from_name("nope"), None);
    }
}
