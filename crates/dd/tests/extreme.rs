//! Known answers and extreme deals (long suits, voids, all 4-3-3-3), solved by both the
//! native pool and the sequential solver (which must agree), with opening-lead consistency.

use fairdeal_dd::{contract_score, par, solve_tables, DdSolver, STACK_BYTES};
use fairdeal_model::dd::Side;
use fairdeal_model::{Card, Deal, Seat, Strain, Vulnerability};
use fairdeal_scoring::{Contract, Risk};

/// The deal whose owner of card `i` (suit-major, ♠A = 0) is `f(suit, rank_from_top)`.
fn deal_by(f: impl Fn(usize, usize) -> Seat) -> Deal {
    let mut owners = [Seat::North; 52];
    for (i, o) in owners.iter_mut().enumerate() {
        *o = f(i / 13, i % 13);
    }
    Deal::from_owners(&owners).expect("13 cards each")
}

fn seat(i: usize) -> Seat {
    Seat::from_index(i % 4).unwrap()
}

/// Hand-picked extreme deals.
fn extremes() -> Vec<Deal> {
    vec![
        // Each hand one whole suit (four 13-0-0-0 hands), two rotations.
        deal_by(|s, _| seat(s)),
        deal_by(|s, _| seat(s + 1)),
        // Ranks dealt round the table: every hand 4-3-3-3 / 3-4-3-3 … with one top per trick.
        deal_by(|s, r| seat(s * 13 + r)),
        // 7-6-0-0 everywhere: top 7 of a suit to one seat, the other 6 to the next.
        deal_by(|s, r| if r < 7 { seat(s) } else { seat(s + 1) }),
        // 12-1 splits: 12 cards of a suit to one hand, its deuce to the next.
        deal_by(|s, r| if r < 12 { seat(s) } else { seat(s + 1) }),
        // Alternating ranks between partners: 7-6 splits inside each partnership.
        deal_by(|s, r| seat(((r + s / 2) % 2) * 2 + s % 2)),
    ]
}

fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
fn known_table_and_par() {
    // Checked with DDS 2.9 (Bo Haglund and Soren Hein) through endplay's Python bindings.
    let deal =
        Deal::from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
            .unwrap();
    let t = on_big_stack(move || DdSolver::new().table(&deal));
    // Rows C D H S NT; columns N E S W.
    assert_eq!(
        t.raw(),
        [
            [5, 7, 5, 7],
            [7, 5, 7, 5],
            [5, 7, 5, 7],
            [7, 5, 7, 5],
            [5, 5, 5, 5]
        ]
    );
    let p = par(&t, Vulnerability::None, Seat::North);
    assert_eq!(p.ns_score, 80);
    assert_eq!(p.contracts.len(), 1);
    let c = &p.contracts[0];
    assert_eq!(
        (c.level, c.strain, c.doubled, c.side),
        (1, Strain::Spades, false, Side::NorthSouth)
    );
    assert_eq!(c.declarers, vec![Seat::North, Seat::South]);
    assert_eq!(c.to_string(), "1S+0 NS".replace("+0", ""));
    // The same deal with East dealing: East–West's 1♦/1♣ come first? Par is still a
    // part-score; only its sign and side may change, never its size beyond 80/90.
    let p_e = par(&t, Vulnerability::None, Seat::East);
    assert!(p_e.ns_score.abs() <= 90 && p_e.ns_score != 0, "{p_e:?}");
}

#[test]
fn contract_scores_follow_the_table() {
    let deal =
        Deal::from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
            .unwrap();
    let t = on_big_stack(move || DdSolver::new().table(&deal));
    let four_s = Contract::new(4, Strain::Spades, Risk::Undoubled).unwrap();
    // North takes 7 tricks in spades: 4♠ three down.
    assert_eq!(
        contract_score(&t, four_s, Seat::North, Vulnerability::None),
        -150
    );
    assert_eq!(
        contract_score(&t, four_s, Seat::North, Vulnerability::Both),
        -300
    );
    let one_s = Contract::new(1, Strain::Spades, Risk::Undoubled).unwrap();
    assert_eq!(
        contract_score(&t, one_s, Seat::South, Vulnerability::None),
        80
    );
    // East–West declaring: the score is from North–South's side.
    let two_d = Contract::new(2, Strain::Diamonds, Risk::Doubled).unwrap();
    assert_eq!(t.tricks(Strain::Diamonds, Seat::East), 5);
    assert_eq!(
        contract_score(&t, two_d, Seat::East, Vulnerability::EastWest),
        800
    );
}

#[test]
fn whole_suits_each_hand() {
    // N ♠, E ♥, S ♦, W ♣: a hand with the trump suit ruffs everything; at notrump the
    // opening leader runs 13 tricks.
    let deal = deal_by(|s, _| seat(s));
    let t = solve_tables(&[deal], 2, |_, _| {})[0];
    assert_eq!(t.raw()[Strain::Spades.index()], [13, 0, 13, 0]);
    assert_eq!(t.raw()[Strain::Hearts.index()], [0, 13, 0, 13]);
    assert_eq!(t.raw()[Strain::Notrump.index()], [0, 0, 0, 0]);
    let p = par(&t, Vulnerability::None, Seat::North);
    // Both sides make a grand slam in their suit; North, dealing, bids 7♠ first and
    // East–West's 7♥ would have to be bid at the 8 level: par is 7♠ by North–South.
    assert_eq!(p.ns_score, 1510, "{p:?}");
}

#[test]
fn extreme_deals_agree_between_pool_and_sequential_solver() {
    let deals = extremes();
    let pooled = solve_tables(&deals, 2, |_, _| {});
    let d2 = deals.clone();
    let seq: Vec<_> = on_big_stack(move || {
        let mut s = DdSolver::new();
        d2.iter().map(|d| s.table(d)).collect::<Vec<_>>()
    });
    assert_eq!(pooled, seq);
    for t in &pooled {
        for strain in Strain::ASC {
            for decl in Seat::ALL {
                assert!(t.tricks(strain, decl) <= 13);
            }
        }
    }
}

#[test]
fn progress_reports_every_deal_once() {
    let deals = extremes();
    let seen = std::sync::Mutex::new(vec![0u32; deals.len()]);
    let tables = solve_tables(&deals, 3, |i, _| seen.lock().unwrap()[i] += 1);
    assert_eq!(tables.len(), deals.len());
    assert!(seen.into_inner().unwrap().iter().all(|&n| n == 1));
}

#[test]
fn best_opening_lead_gives_the_table_result() {
    // For every declarer in two strains, the defence's best lead holds declarer to the
    // table's tricks and no lead holds him to fewer; all 13 cards of the leader appear.
    let deal =
        Deal::from_pbn("N:K843.T542.J6.KQ4 AQJ7.AK9.Q972.J8 T962.8.AK3.A9752 5.QJ763.T854.T63")
            .unwrap();
    let checks = on_big_stack(move || {
        let mut s = DdSolver::new();
        let t = s.table(&deal);
        let mut out = Vec::new();
        for strain in [Strain::Notrump, Strain::Hearts] {
            for decl in Seat::ALL {
                let leads = s.leads(&deal, strain, decl);
                let min = leads.iter().map(|l| l.declarer_tricks).min().unwrap();
                let mut cards: Vec<Card> = leads
                    .iter()
                    .flat_map(|l| std::iter::once(l.card).chain(l.equals.iter().copied()))
                    .collect();
                cards.sort_by_key(|c| c.index());
                let mut hand: Vec<Card> = deal.hand(decl.lho()).cards().collect();
                hand.sort_by_key(|c| c.index());
                out.push((t.tricks(strain, decl), min, cards == hand));
            }
        }
        out
    });
    for (table, best_lead, all_cards) in checks {
        assert_eq!(table, best_lead);
        assert!(all_cards);
    }
}
