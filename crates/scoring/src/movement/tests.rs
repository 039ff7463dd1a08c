use super::*;
use std::collections::HashSet;

/// Checks the invariants every movement must keep.
fn check(m: &Movement) {
    let mut met = HashSet::new();
    let mut played = HashSet::new();
    let mut per_round = HashSet::new();
    // With two fields, NS 1 and EW 1 are different pairs.
    let two = m.field == Field::TwoWinners;
    for s in &m.seatings {
        let (ns, ew) = ((0, s.ns), (u8::from(two), s.ew));
        assert_ne!(ns, ew, "{s:?}");
        let key = (ns.min(ew), ns.max(ew));
        assert!(met.insert(key), "pairs {key:?} meet twice");
        for p in [ns, ew] {
            assert!(
                per_round.insert((s.round, p)),
                "pair {p:?} twice in round {}",
                s.round
            );
            for b in s.first_board..=s.last_board {
                assert!(played.insert((p, b)), "pair {p:?} plays board {b} twice");
            }
        }
        assert_eq!(s.last_board - s.first_board + 1, m.boards_per_round);
    }
}

#[test]
fn mitchell_odd_tables_everyone_meets_everyone() {
    let m = mitchell(&MitchellOptions::new(7, 3)).expect("valid");
    assert_eq!((m.rounds, m.seatings.len()), (7, 49));
    check(&m);
    assert_eq!(m.field, Field::TwoWinners);
    // Round 1: NS t v EW t on set t; round 2: EW t−1 at table t, boards from table t+1.
    assert_eq!(
        m.seatings[0],
        Seating {
            round: 1,
            table: 1,
            ns: 1,
            ew: 1,
            first_board: 1,
            last_board: 3
        }
    );
    let r2t3 = m.seatings[7 + 2];
    assert_eq!((r2t3.ns, r2t3.ew, r2t3.first_board), (3, 2, 10));
    // Board sets: each table sees every set once.
    for t in 1..=7 {
        let sets: HashSet<u32> = m
            .seatings
            .iter()
            .filter(|s| s.table == t)
            .map(|s| s.first_board)
            .collect();
        assert_eq!(sets.len(), 7);
    }
}

#[test]
fn mitchell_even_tables_skip() {
    for t in [2, 4, 6, 8, 10] {
        let m = mitchell(&MitchellOptions::new(t, 2)).expect("valid");
        assert_eq!(m.rounds, t - 1);
        check(&m);
    }
    let e = mitchell(&MitchellOptions {
        rounds: Some(6),
        ..MitchellOptions::new(6, 2)
    });
    assert_eq!(
        e,
        Err(MovementError::Rounds {
            rounds: 6,
            tables: 6,
            max: 5
        })
    );
}

#[test]
fn mitchell_arrow_switch() {
    let o = MitchellOptions {
        arrow_switch_rounds: vec![5],
        ew_numbers_from: 101,
        ..MitchellOptions::new(5, 2)
    };
    let m = mitchell(&o).expect("valid");
    check(&m);
    assert_eq!(m.field, Field::OneWinner);
    for s in &m.seatings {
        assert_eq!(s.ns > 100, s.round == 5, "{s:?}");
    }
    let clash = MitchellOptions {
        ew_numbers_from: 3,
        ..o.clone()
    };
    assert_eq!(
        mitchell(&clash),
        Err(MovementError::NumbersClash { tables: 5 })
    );
    let bad = MitchellOptions {
        arrow_switch_rounds: vec![6],
        ..o
    };
    assert_eq!(
        mitchell(&bad),
        Err(MovementError::ArrowRound {
            round: 6,
            rounds: 5
        })
    );
}

#[test]
fn round_robin_all_meet_once_with_balanced_directions() {
    for n in 2..=16 {
        let m = round_robin(n, 2).expect("valid");
        check(&m);
        let m_even = n + n % 2;
        assert_eq!(m.rounds, m_even - 1);
        assert_eq!(m.seatings.len() as u32, n * (n - 1) / 2, "{n} pairs");
        assert_eq!(m.sit_outs.len() as u32, if n % 2 == 1 { n } else { 0 });
        for p in 1..=n {
            let ns = m.seatings.iter().filter(|s| s.ns == p).count() as i64;
            let ew = m.seatings.iter().filter(|s| s.ew == p).count() as i64;
            assert!((ns - ew).abs() <= 1, "{n} pairs: pair {p} NS {ns} EW {ew}");
        }
        // All tables of a round play the same boards.
        for s in &m.seatings {
            assert_eq!(s.first_board, (s.round - 1) * 2 + 1);
        }
    }
    assert_eq!(
        round_robin(1, 2),
        Err(MovementError::TooFewPairs { pairs: 1 })
    );
    assert_eq!(round_robin(4, 0), Err(MovementError::NoBoards));
}

#[test]
fn prefill_rows_cover_every_board_and_table() {
    let m = mitchell(&MitchellOptions::new(3, 2)).expect("valid");
    let rows = m.prefill_rows();
    assert_eq!(rows.len(), 3 * 3 * 2);
    assert_eq!((rows[0].board.as_str(), rows[0].ns.as_str()), ("1", "1"));
    assert!(rows.iter().all(|r| r.contract.is_empty()));
}

#[test]
fn huge_movements_are_refused_before_any_work() {
    // 100 000 tables: 99 999 rounds × 100 000 tables overflows a u32 (and would be 10^10
    // seatings); the largest counts must be an error, never a panic or a wrapped size.
    for tables in [100_000, 1 << 31, u32::MAX] {
        let e = mitchell(&MitchellOptions::new(tables, 2)).unwrap_err();
        assert!(
            matches!(e, MovementError::TooLarge { .. }),
            "{tables}: {e:?}"
        );
        assert!(e.to_string().contains("table rounds"), "{e}");
    }
    for pairs in [100_000, u32::MAX - 1, u32::MAX] {
        let e = round_robin(pairs, 1).unwrap_err();
        assert!(
            matches!(e, MovementError::TooLarge { .. }),
            "{pairs}: {e:?}"
        );
    }
    // The largest allowed sizes still build.
    let m = mitchell(&MitchellOptions::new(999, 1)).unwrap();
    assert_eq!(m.seatings.len(), 999 * 999);
    assert!(u64::from(m.rounds) * u64::from(m.tables) <= u64::from(MAX_TABLE_ROUNDS));
}
