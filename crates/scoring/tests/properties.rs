//! Property tests: matchpoints of a board sum to the expected total (with and without
//! Neuberg), NS + EW points of each result make the top, cross-IMPs of a board sum to 0,
//! Butler IMPs follow the datum's order.

use fairdeal_scoring::{
    butler_board, cross_imps_board, matchpoint_board, score_event, DatumRule, Event, Method,
    MpScale, ResultRow, Rounding, ScoringOptions, Trim,
};
use proptest::prelude::*;

fn scores() -> impl Strategy<Value = Vec<i32>> {
    prop::collection::vec((-80i32..=80).prop_map(|x| x * 10), 1..40)
}

proptest! {
    #[test]
    fn matchpoints_sum_to_the_expected_total(s in scores(), extra in 0usize..5) {
        let a = s.len();
        let e = a + extra;
        let b = matchpoint_board(&s, e, MpScale::TwoPerWin);
        let sum: f64 = b.ns.iter().sum();
        // Each of the A results averages half the top 2(E − 1).
        prop_assert!((sum - (a * (e - 1)) as f64).abs() < 1e-6, "sum {sum}");
        prop_assert_eq!(b.top, 2.0 * (e - 1) as f64);
        prop_assert!(b.ns.iter().all(|&m| m >= -1e-9 && m <= b.top + 1e-9));
        let h = matchpoint_board(&s, e, MpScale::OnePerWin);
        prop_assert!((h.ns.iter().sum::<f64>() * 2.0 - sum).abs() < 1e-6);
    }

    #[test]
    fn cross_imps_sum_to_zero(s in scores()) {
        let x = cross_imps_board(&s);
        prop_assert!(x.iter().sum::<f64>().abs() < 1e-9);
    }

    #[test]
    fn butler_follows_score_order(s in scores(), k in 0u32..4, r in 0usize..3) {
        let rounding = [Rounding::NearestHalfUp, Rounding::NearestHalfAway, Rounding::TowardZero][r];
        let (d, imps) = butler_board(&s, &DatumRule { trim: Trim::Count(k), rounding });
        let d = d.expect("non-empty");
        prop_assert_eq!(d % 10, 0);
        prop_assert!(d >= i64::from(*s.iter().min().expect("non-empty")) - 10);
        prop_assert!(d <= i64::from(*s.iter().max().expect("non-empty")) + 10);
        for i in 0..s.len() {
            for j in 0..s.len() {
                if s[i] < s[j] {
                    prop_assert!(imps[i] <= imps[j]);
                }
            }
        }
    }

    #[test]
    fn event_points_balance(s in prop::collection::vec(prop::collection::vec((-40i32..=40).prop_map(|x| x * 10), 2..8), 1..6)) {
        // Board b is played by NS pairs 1.. against EW pairs 101..; raw scores.
        let mut e = Event::default();
        for (b, board) in s.iter().enumerate() {
            for (t, score) in board.iter().enumerate() {
                e.rows.push(ResultRow {
                    board: (b + 1).to_string(),
                    ns: (t + 1).to_string(),
                    ew: (101 + t).to_string(),
                    score: score.to_string(),
                    ..ResultRow::default()
                });
            }
        }
        for method in [Method::Matchpoints, Method::CrossImps, Method::Butler] {
            let opts = ScoringOptions { method, ..ScoringOptions::default() };
            let (score, errors) = score_event(&e, &opts);
            prop_assert!(errors.is_empty());
            for r in &score.results {
                let want = match method {
                    Method::Matchpoints => {
                        let n = s[r.board as usize - 1].len();
                        let expected = s.iter().map(Vec::len).max().unwrap_or(n);
                        2.0 * (expected - 1) as f64
                    }
                    _ => 0.0,
                };
                prop_assert!((r.ns_points + r.ew_points - want).abs() < 1e-9);
            }
        }
    }
}
