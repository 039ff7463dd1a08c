//! `solve_list`: a list with repeated deals (as a club results file repeats each deal at every
//! table, sometimes written from another first seat) is solved once per distinct deal, the
//! tables come back for every item in input order, and progress counts the solves.

use fairdeal_dd::{solve_list, solve_tables, ListOptions, Progress};
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Deal, Seat};
use std::sync::Mutex;

/// Three seeded deals, repeated over nine items; some copies re-read from PBN written from
/// another first seat.
fn results_like() -> (Vec<Deal>, Vec<Deal>) {
    let mut dealer = FastDealer::from_seed([15; 32]);
    let distinct: Vec<Deal> = (0..3).map(|_| dealer.next_deal()).collect();
    let order = [0, 0, 1, 0, 2, 1, 2, 2, 0];
    let list = order
        .iter()
        .enumerate()
        .map(|(i, &k)| {
            let first = Seat::ALL[i % 4];
            Deal::from_pbn(&distinct[k].to_pbn(first)).unwrap()
        })
        .collect();
    (distinct, list)
}

fn run(list: &[Deal], cache: bool, threads: usize) -> (fairdeal_dd::ListTables, Vec<Progress>) {
    let seen = Mutex::new(Vec::new());
    let out = solve_list(list, ListOptions { threads, cache }, |p| {
        seen.lock().unwrap().push(p)
    });
    (out, seen.into_inner().unwrap())
}

#[test]
fn each_distinct_deal_is_solved_once_and_every_item_gets_its_table() {
    let (distinct, list) = results_like();
    let (cached, progress) = run(&list, true, 2);
    assert_eq!(cached.solved, 3);
    assert_eq!(cached.tables.len(), list.len());
    // The tables are those of each item solved on its own (the uncached path).
    let (every, every_progress) = run(&list, false, 2);
    assert_eq!(every.solved, list.len());
    assert_eq!(every_progress.len(), list.len());
    assert_eq!(cached.tables, every.tables);
    assert_eq!(cached.tables, solve_tables(&list, 1, |_, _| {}));
    // Progress: one call per solved deal, counting up, naming where each deal first appears.
    let dones: Vec<usize> = progress.iter().map(|p| p.done).collect();
    assert_eq!(dones, [1, 2, 3]);
    assert!(progress.iter().all(|p| p.total == 3));
    let mut firsts: Vec<usize> = progress.iter().map(|p| p.first).collect();
    firsts.sort_unstable();
    assert_eq!(firsts, [0, 2, 4]);
    for p in &progress {
        assert!(distinct.contains(&list[p.first]));
    }
}

#[test]
fn a_list_without_repeats_is_solved_item_by_item_on_one_thread_too() {
    let (distinct, _) = results_like();
    let (out, progress) = run(&distinct, true, 1);
    assert_eq!(out.solved, 3);
    assert_eq!(progress.len(), 3);
    assert_eq!(out.tables, solve_tables(&distinct, 2, |_, _| {}));
}

#[test]
fn an_empty_list_solves_nothing() {
    let (out, progress) = run(&[], true, 4);
    assert_eq!(out.solved, 0);
    assert!(out.tables.is_empty() && progress.is_empty());
}
