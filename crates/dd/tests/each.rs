//! `solve_each`: results in input order, whatever the thread count, equal to the sequential
//! solver's.

use fairdeal_dd::{solve_each, DdSolver};
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Deal, Seat, Strain};
use std::sync::Mutex;

#[test]
fn results_come_back_in_input_order() {
    let mut dealer = FastDealer::from_seed([21; 32]);
    let deals: Vec<Deal> = (0..6).map(|_| dealer.next_deal()).collect();
    let mut seq = DdSolver::new();
    let want: Vec<u8> = deals
        .iter()
        .map(|d| seq.leads(d, Strain::Notrump, Seat::South)[0].declarer_tricks)
        .collect();
    for threads in [1, 2, 4] {
        let seen = Mutex::new(Vec::new());
        let got = solve_each(
            &deals,
            threads,
            |s, d| s.leads(d, Strain::Notrump, Seat::South)[0].declarer_tricks,
            |i, _| seen.lock().unwrap().push(i),
        );
        assert_eq!(got, want, "{threads} threads");
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, (0..6).collect::<Vec<_>>());
    }
}
