//! Matchpoints of one board, with the Neuberg formula.
//!
//! Owns [`matchpoint_board`]: each of the A real NS scores on a board gets 2 per score it
//! beats and 1 per tie (Law 78A; top 2(A−1)), then, when E results were expected, the
//! Neuberg formula MP' = (MP + 1)·E/A − 1 (top 2(E−1)). The 1-per-win (ACBL) scale is the
//! same numbers halved ([`MpScale::OnePerWin`]): MP' = (MP + ½)·E/A − ½, top E − 1. EW
//! matchpoints are top − NS matchpoints. Artificial results are not passed in: they are left
//! out of the matchpointing and scored by [`artificial_percent`] afterwards.

use serde::{Deserialize, Serialize};

/// Which matchpoint scale to display.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MpScale {
    /// 2 per score beaten, 1 per tie; top 2(n−1) (international).
    TwoPerWin,
    /// 1 per score beaten, ½ per tie; top n−1 (ACBL).
    OnePerWin,
}

/// The matchpoints of one board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BoardMatchpoints {
    /// NS matchpoints per score, in input order.
    pub ns: Vec<f64>,
    /// The top (NS + EW matchpoints of every result).
    pub top: f64,
}

impl BoardMatchpoints {
    /// NS percentage of result `i` (50 when the top is 0, i.e. a board expected once).
    pub fn ns_percent(&self, i: usize) -> f64 {
        if self.top > 0.0 {
            self.ns[i] / self.top * 100.0
        } else {
            50.0
        }
    }
}

/// Matchpoints the NS `scores` of one board, Neuberg-factored to `expected` results when
/// that is larger than the number of scores (a smaller `expected` is ignored).
pub fn matchpoint_board(scores: &[i32], expected: usize, scale: MpScale) -> BoardMatchpoints {
    let a = scores.len();
    let e = expected.max(a);
    let mut sorted: Vec<i32> = scores.to_vec();
    sorted.sort_unstable();
    let half = match scale {
        MpScale::TwoPerWin => 1.0,
        MpScale::OnePerWin => 0.5,
    };
    let ns = scores
        .iter()
        .map(|&s| {
            let below = sorted.partition_point(|&x| x < s);
            let upto = sorted.partition_point(|&x| x <= s);
            let ties = upto - below - 1;
            let mp = (2 * below + ties) as f64 * half;
            if e == a {
                mp
            } else {
                (mp + half) * e as f64 / a as f64 - half
            }
        })
        .collect();
    let top = 2.0 * half * e.saturating_sub(1) as f64;
    BoardMatchpoints { ns, top }
}

/// An artificial adjusted score (Law 12C2) for one side.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub enum Artificial {
    /// Average plus: 60% or the side's session percentage if higher; +3 IMPs.
    AveragePlus,
    /// Average: 50%; 0 IMPs.
    Average,
    /// Average minus: 40% or the side's session percentage if lower; −3 IMPs.
    AverageMinus,
}

impl Artificial {
    /// Parses `A+`, `A`, `A-` (also `AVE+`, `AVE`, `AVE-`, `60%`, `50%`, `40%`; `−` too).
    pub fn parse(text: &str) -> Option<Artificial> {
        let t = text.trim().to_ascii_uppercase().replace('−', "-");
        match t.as_str() {
            "A+" | "AVE+" | "AV+" | "60%" | "60" => Some(Artificial::AveragePlus),
            "A" | "A=" | "AVE" | "AV" | "50%" | "50" => Some(Artificial::Average),
            "A-" | "AVE-" | "AV-" | "40%" | "40" => Some(Artificial::AverageMinus),
            _ => None,
        }
    }

    /// `A+`, `A=`, `A-`.
    pub const fn text(self) -> &'static str {
        match self {
            Artificial::AveragePlus => "A+",
            Artificial::Average => "A=",
            Artificial::AverageMinus => "A-",
        }
    }

    /// IMPs at IMP scoring (Law 86A): +3, 0, −3.
    pub const fn imps(self) -> i32 {
        match self {
            Artificial::AveragePlus => 3,
            Artificial::Average => 0,
            Artificial::AverageMinus => -3,
        }
    }
}

/// The percentage an artificial score is worth to a side whose percentage on its other
/// (real) boards is `session` (`None` if it has no real board): A+ is 60 or the session
/// percentage if higher, A− is 40 or the session percentage if lower, A is 50.
pub fn artificial_percent(a: Artificial, session: Option<f64>) -> f64 {
    match (a, session) {
        (Artificial::AveragePlus, Some(s)) => s.max(60.0),
        (Artificial::AveragePlus, None) => 60.0,
        (Artificial::Average, _) => 50.0,
        (Artificial::AverageMinus, Some(s)) => s.min(40.0),
        (Artificial::AverageMinus, None) => 40.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn bridge_scorer_readme_vector() {
        let s = [90, 0, -50, -50];
        let two = matchpoint_board(&s, 4, MpScale::TwoPerWin);
        assert_eq!(two.ns, vec![6.0, 4.0, 1.0, 1.0]);
        assert_eq!(two.top, 6.0);
        assert!((two.ns_percent(1) - 66.666_666).abs() < 1e-4);
        assert!((two.ns_percent(2) - 16.666_666).abs() < 1e-4);
        let one = matchpoint_board(&s, 4, MpScale::OnePerWin);
        assert_eq!(one.ns, vec![3.0, 2.0, 0.5, 0.5]);
        assert_eq!(one.top, 3.0);
    }

    #[test]
    fn neuberg_ebu_vectors() {
        // 10 distinct results where 11 were expected: 19.9, 17.7, …, 0.1 (top 20).
        let s: Vec<i32> = (0..10).rev().map(|i| i * 10).collect();
        let b = matchpoint_board(&s, 11, MpScale::TwoPerWin);
        assert_eq!(b.top, 20.0);
        for (i, want) in [19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]
            .iter()
            .enumerate()
        {
            assert!(close(b.ns[i], *want), "{i}: {} vs {want}", b.ns[i]);
        }
        // 8 results where 16 expected: a sole top gets 29 of 30.
        let s: Vec<i32> = (0..8).map(|i| i * 10).collect();
        let b = matchpoint_board(&s, 16, MpScale::TwoPerWin);
        assert_eq!(b.top, 30.0);
        assert!(close(b.ns[7], 29.0));
        // The 1-per-win scale is exactly half.
        let h = matchpoint_board(&s, 16, MpScale::OnePerWin);
        assert!(h.ns.iter().zip(&b.ns).all(|(x, y)| close(2.0 * x, *y)));
    }

    #[test]
    fn artificial_percentages() {
        assert_eq!(
            artificial_percent(Artificial::AveragePlus, Some(55.0)),
            60.0
        );
        assert_eq!(
            artificial_percent(Artificial::AveragePlus, Some(64.5)),
            64.5
        );
        assert_eq!(
            artificial_percent(Artificial::AverageMinus, Some(35.0)),
            35.0
        );
        assert_eq!(
            artificial_percent(Artificial::AverageMinus, Some(52.0)),
            40.0
        );
        assert_eq!(artificial_percent(Artificial::Average, Some(70.0)), 50.0);
        assert_eq!(Artificial::parse("a-"), Some(Artificial::AverageMinus));
        assert_eq!(Artificial::parse("A"), Some(Artificial::Average));
        assert_eq!(Artificial::parse("B"), None);
    }
}
