//! DD on every card (`fairdeal_dd::play`): the first position is the opening leads, each
//! played card's figure is the DD value of the next position, the running losses add up
//! to the fall of the DD value, and a known end position gives its known answer.

use fairdeal_dd::play::{analyse_play, solve_position, AnalyseError};
use fairdeal_dd::{DdSolver, STACK_BYTES};
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::play::{PlayError, PlayState, Side};
use fairdeal_model::{Card, Deal, Seat, Strain};

fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap()
}

/// A legal play of all 52 cards chosen by a small LCG (not best play: cards that cost
/// tricks are wanted).
fn some_play(deal: Deal, strain: Strain, declarer: Seat, seed: u64) -> Vec<Card> {
    let mut s = PlayState::new(deal, strain, declarer);
    let mut x = seed;
    while s.to_move().is_some() {
        let legal: Vec<Card> = s.legal_cards().cards().collect();
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = legal[(x >> 33) as usize % legal.len()];
        s.play(c).unwrap();
    }
    s.played().to_vec()
}

#[test]
fn every_card_figure_is_the_value_of_the_next_position_and_losses_add_up() {
    on_big_stack(|| {
        let mut dealer = FastDealer::from_seed([18; 32]);
        let mut solver = DdSolver::new();
        let cases = [
            (Strain::Notrump, Seat::South),
            (Strain::Hearts, Seat::West),
            (Strain::Clubs, Seat::North),
        ];
        for (k, (strain, declarer)) in cases.into_iter().enumerate() {
            let deal = dealer.next_deal();
            let play = some_play(deal, strain, declarer, k as u64 + 7);
            let a = analyse_play(&mut solver, deal, strain, declarer, &play).unwrap();
            assert_eq!(a.positions.len(), 53);
            // Position 0 is the opening lead: DD tricks = the table's.
            let table = solver.table(&deal);
            assert_eq!(a.positions[0].dd_tricks, table.tricks(strain, declarer));
            let leads = solver.leads(&deal, strain, declarer);
            for l in &leads {
                for c in std::iter::once(&l.card).chain(&l.equals) {
                    let f = a.positions[0].figure(*c).unwrap();
                    assert_eq!(f.declarer_tricks, l.declarer_tricks, "lead {c}");
                }
            }
            assert_eq!(
                a.positions[0].cards.len(),
                deal.hand(declarer.lho()).len() as usize
            );
            for w in a.positions.windows(2) {
                let (p, next) = (&w[0], &w[1]);
                let card = p.played.unwrap();
                let f = p.figure(card).expect("the played card is legal");
                assert_eq!(
                    f.declarer_tricks, next.dd_tricks,
                    "position {}: {card}",
                    p.index
                );
                assert!(p.cards.iter().any(|f| f.cost == 0));
                let mover = p.to_move.unwrap();
                for f in &p.cards {
                    let better = if Side::of(mover) == Side::of(declarer) {
                        p.dd_tricks - f.declarer_tricks
                    } else {
                        f.declarer_tricks - p.dd_tricks
                    };
                    assert_eq!(f.cost, better);
                }
            }
            let last = a.positions.last().unwrap();
            assert_eq!(last.to_move, None);
            assert!(last.cards.is_empty());
            let lost = a.total_lost();
            let declarer_index = usize::from(Side::of(declarer) == Side::EastWest);
            let taken = last.tricks_won[declarer_index];
            assert_eq!(taken, last.dd_tricks);
            // DD value falls by declarer's losses and rises by the defence's.
            assert_eq!(
                i32::from(a.positions[0].dd_tricks) - i32::from(lost[declarer_index])
                    + i32::from(lost[1 - declarer_index]),
                i32::from(taken),
                "{strain:?} by {declarer:?}"
            );
            assert!(lost.iter().any(|&l| l > 0), "a random play loses tricks");
        }
    });
}

#[test]
fn a_known_end_position() {
    on_big_stack(|| {
        // Each seat holds one suit. In notrump with West on lead (South declares), West's
        // clubs take all 13 tricks.
        let deal =
            Deal::from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
                .unwrap();
        let mut solver = DdSolver::new();
        let s = PlayState::new(deal, Strain::Notrump, Seat::South);
        let figs = solve_position(&mut solver, &s);
        assert_eq!(figs.len(), 13);
        assert!(figs.iter().all(|f| f.declarer_tricks == 0 && f.cost == 0));
        // In spades (North declares, East leads a heart), North ruffs and takes all 13;
        // mid-trick, South to play second: whatever South discards, NS make 13.
        let mut s = PlayState::new(deal, Strain::Spades, Seat::North);
        s.play("HA".parse().unwrap()).unwrap();
        let figs = solve_position(&mut solver, &s);
        assert_eq!(figs.len(), 13);
        assert!(figs.iter().all(|f| f.declarer_tricks == 13));
        // In hearts by East (South leads a diamond), East ruffs and takes all 13.
        let s = PlayState::new(deal, Strain::Hearts, Seat::East);
        let figs = solve_position(&mut solver, &s);
        assert!(figs.iter().all(|f| f.declarer_tricks == 13), "{figs:?}");
    });
}

#[test]
fn an_illegal_card_is_named_by_its_place() {
    on_big_stack(|| {
        let deal = FastDealer::from_seed([3; 32]).next_deal();
        let mut play = some_play(deal, Strain::Notrump, Seat::North, 1);
        play.truncate(5);
        // Card 6 (trick 2, card 2) replaced by a card of the player who just played.
        let wrong = play[4];
        play.push(wrong);
        let e = analyse_play(
            &mut DdSolver::new(),
            deal,
            Strain::Notrump,
            Seat::North,
            &play,
        )
        .unwrap_err();
        assert_eq!(e.index, 5);
        assert!(matches!(e.error, PlayError::NotHeld { card, .. } if card == wrong));
        assert!(
            e.to_string()
                .starts_with("card 6 (trick 2, card 2 of the trick): "),
            "{e}"
        );
        let _: AnalyseError = e;
    });
}
