//! Team matches: two rooms per board → IMPs → VPs, and standings over rounds.
//!
//! Owns [`team_match_imps`] (each board IMPed on the difference of the NS scores in the two
//! rooms, the home team sitting NS in the open room and EW in the closed room), [`TeamMatch`]
//! (a match's IMPs → WBF continuous VPs) and [`standings_over_rounds`] (VP totals ranked with
//! ties). The same [`TeamMatch`] serves IMP-pairs rounds: give each side's IMP total.

use crate::compute::{rank, Standing};
use crate::imps::imps;
use crate::vp::VpScale;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// IMPs (home, away) of a match from the NS scores of each board in the open and the closed
/// room: per board the home team gains IMPs(open − closed).
pub fn team_match_imps(boards: &[(i32, i32)]) -> (i32, i32) {
    boards.iter().fold((0, 0), |(h, a), &(open, closed)| {
        let i = imps(i64::from(open) - i64::from(closed));
        if i >= 0 {
            (h + i, a)
        } else {
            (h, a - i)
        }
    })
}

/// One match of a round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    /// Round number (for display).
    pub round: u32,
    /// Home team or pair.
    pub home: String,
    /// Away team or pair.
    pub away: String,
    /// IMPs scored by home.
    pub home_imps: i32,
    /// IMPs scored by away.
    pub away_imps: i32,
    /// Boards in the match (sets the blitz).
    pub boards: u32,
}

impl TeamMatch {
    /// VPs (hundredths) of (home, away) on the WBF continuous scale; they sum to 2000.
    pub fn vp_centi(&self, corrected: bool) -> (u32, u32) {
        let scale = VpScale::wbf_continuous(self.boards, corrected);
        let h = scale.centi_for_margin(i64::from(self.home_imps) - i64::from(self.away_imps));
        (h, 2000 - h)
    }
}

/// Standings over any number of rounds: each side's VP total (score and total, in VP),
/// boards played, ranked with ties (one field).
pub fn standings_over_rounds(matches: &[TeamMatch], corrected: bool) -> Vec<Standing> {
    let mut totals: BTreeMap<&str, (u64, u32)> = BTreeMap::new();
    for m in matches {
        let (h, a) = m.vp_centi(corrected);
        let e = totals.entry(&m.home).or_default();
        e.0 += u64::from(h);
        e.1 += m.boards;
        let e = totals.entry(&m.away).or_default();
        e.0 += u64::from(a);
        e.1 += m.boards;
    }
    let mut s: Vec<Standing> = totals
        .into_iter()
        .map(|(team, (c, boards))| Standing {
            rank: 0,
            tied: false,
            pair: team.to_string(),
            direction: None,
            score: c as f64 / 100.0,
            total: c as f64 / 100.0,
            boards,
        })
        .collect();
    rank(&mut s);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_room_imps() {
        // +620 v −100 → 720 → 12 to home; +100 v +420 → −320 → 8 to away; 0 v 10 → 0.
        assert_eq!(
            team_match_imps(&[(620, -100), (100, 420), (0, 10)]),
            (12, 8)
        );
    }

    #[test]
    fn standings_with_a_tie() {
        let m = |round, home: &str, away: &str, h, a| TeamMatch {
            round,
            home: home.into(),
            away: away.into(),
            home_imps: h,
            away_imps: a,
            boards: 16,
        };
        let matches = [
            m(1, "A", "B", 30, 16), // 14 IMPs over 16 boards: 13.75 – 6.25 (corrected)
            m(1, "C", "D", 10, 10), // 10 – 10
            m(2, "A", "C", 0, 0),
            m(2, "B", "D", 16, 30),
        ];
        let s = standings_over_rounds(&matches, true);
        let got: Vec<(String, String, f64)> = s
            .iter()
            .map(|x| (x.rank_text(), x.pair.clone(), x.score))
            .collect();
        assert_eq!(
            got,
            vec![
                ("1=".into(), "A".into(), 23.75),
                ("1=".into(), "D".into(), 23.75),
                ("3".into(), "C".into(), 20.0),
                ("4".into(), "B".into(), 12.5),
            ]
        );
        assert_eq!(s[0].boards, 32);
        let uncorrected = standings_over_rounds(&matches[..1], false);
        assert_eq!(uncorrected[0].score, 13.74);
    }
}
