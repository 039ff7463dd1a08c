//! Per-lead tricks on fixed deals against an independent double-dummy solve: DDS 2.9 through
//! endplay (`scripts/lead-verify.py --write-data`, which also checks the CLI's figures
//! against endplay on the same seeded deals).

use fairdeal_constrain::parse;
use fairdeal_dd::DdSolver;
use fairdeal_model::{Card, Deal, Seat, Vulnerability};
use fairdeal_scoring::FinalContract;
use fairdeal_sim::LeadProblem;

#[test]
fn every_lead_matches_endplay() {
    let text = include_str!("data/lead-endplay.txt");
    let mut solver = DdSolver::new();
    let mut checked = 0;
    for (i, line) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
        let (head, leads) = line.split_once(" | ").unwrap();
        let mut words = head.splitn(3, ' ');
        let contract = match words.next().unwrap().parse::<FinalContract>().unwrap() {
            FinalContract::Bid(c) => c,
            FinalContract::PassedOut => unreachable!(),
        };
        let declarer = Seat::from_char(words.next().unwrap().chars().next().unwrap()).unwrap();
        let deal: Deal = words.next().unwrap().parse().unwrap();
        let leader = declarer.lho();
        let problem = LeadProblem::new(
            parse("").unwrap(),
            Some(deal.hand(leader)),
            contract,
            declarer,
            Vulnerability::None,
        )
        .unwrap();
        let got = problem.solve(&mut solver, i, &deal).unwrap();
        for item in leads.split(' ') {
            let (card, tricks) = item.split_once('=').unwrap();
            let card: Card = card.parse().unwrap();
            let tricks: u8 = tricks.parse().unwrap();
            let g = problem
                .groups()
                .iter()
                .position(|g| g.contains(&card))
                .unwrap();
            assert_eq!(got.tricks[g], tricks, "line {}: lead {card}", i + 1);
            checked += 1;
        }
    }
    assert_eq!(checked, 36 * 13, "every card of every deal");
}
