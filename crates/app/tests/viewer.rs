//! The viewer's reducer in wasm: opening a board, stepping, the record's next card stepping
//! on, another legal card starting the user's own play (later figures dropped), an illegal
//! card refused, stale worker answers ignored, a new contract starting again; the figures
//! a worker computes for a position equal `fairdeal_dd::play::analyse_play`'s; and the
//! `PlayPosition` message crosses the worker codec unchanged.

use fairdeal_app::dd::protocol::{FromDdWorker, ToDdWorker};
use fairdeal_app::pages::viewer::hand_words;
use fairdeal_app::pages::viewer::state::{link_from_query, Action, Viewer};
use fairdeal_dd::play::{analyse_play, solve_position};
use fairdeal_dd::DdSolver;
use fairdeal_interop::link::{Contract, Link};
use fairdeal_model::play::PlayState;
use fairdeal_model::{Card, Deal, Seat, Strain, Vulnerability};
use gloo_worker::{Bincode, Codec};
use std::rc::Rc;
use wasm_bindgen_test::*;
use yew::Reducible;

wasm_bindgen_test_configure!(run_in_browser);

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn link() -> Link {
    Link {
        number: Some(3),
        dealer: Seat::South,
        vulnerability: Vulnerability::EastWest,
        deal: Deal::from_pbn(
            "N:AK2.QJ3.T987.654 QJ3.AK2.654.T987 T98.7654.AKQJ.32 7654.T98.32.AKQJ",
        )
        .unwrap(),
        auction: Vec::new(),
        contract: Some(Contract {
            level: 3,
            strain: Strain::Notrump,
            doubled: 0,
            declarer: Seat::South,
        }),
        // West leads the club ace; North, East, South follow.
        play: vec![c("CA"), c("C4"), c("C7"), c("C2")],
        title: String::new(),
    }
}

fn reduce(v: Rc<Viewer>, a: Action) -> Rc<Viewer> {
    v.reduce(a)
}

#[wasm_bindgen_test]
fn the_reducer_steps_branches_and_drops_stale_figures() {
    let v = reduce(Rc::new(Viewer::default()), Action::Open(link()));
    assert!(v.recorded);
    assert_eq!((v.step, v.play_len(), v.figures.len()), (0, 4, 5));
    let v = reduce(v, Action::Next);
    let v = reduce(v, Action::Next);
    assert_eq!(v.step, 2);
    let v = reduce(v, Action::Back);
    assert_eq!(v.step, 1);
    let v = reduce(v, Action::Step(99));
    assert_eq!(v.step, 4);
    let v = reduce(v, Action::Step(1));
    // Figures for positions 0 and 3 arrive.
    let generation = v.generation;
    let fig = |p: usize| Action::Figures {
        generation,
        position: p,
        figures: Vec::new(),
    };
    let v = reduce(reduce(v, fig(0)), fig(3));
    assert_eq!(v.solved(), 2);
    // The record's next card (North's C4) just steps on.
    let v = reduce(v, Action::Play(c("C4")));
    assert!(v.recorded);
    assert_eq!((v.step, v.play_len()), (2, 4));
    // A card North does not hold, or East's revoke, is refused.
    let v2 = reduce(v.clone(), Action::Play(c("SA")));
    assert_eq!(v2.step, 2);
    let v2 = reduce(v.clone(), Action::Play(c("HA")));
    assert_eq!(v2.step, 2);
    // Another legal card of East starts the user's own play: later cards and figures go.
    let v = reduce(v, Action::Play(c("CT")));
    assert!(!v.recorded);
    assert_eq!((v.step, v.play_len()), (3, 3));
    assert_eq!(
        v.link.as_ref().unwrap().play,
        vec![c("CA"), c("C4"), c("CT")]
    );
    assert_eq!(v.figures.len(), 4);
    assert_eq!(v.solved(), 1, "position 0 kept, position 3 dropped");
    // An answer asked for before the change is ignored.
    let v = reduce(v, fig(2));
    assert_eq!(v.solved(), 1);
    // A new contract starts the play again.
    let v = reduce(v, Action::Contract(Strain::Spades, Seat::North));
    let l = v.link.as_ref().unwrap();
    assert_eq!((l.play.len(), v.step, v.figures.len()), (0, 0, 1));
    assert_eq!(l.contract.unwrap().text(), "3S");
    assert_eq!(v.state().unwrap().to_move(), Some(Seat::East));
}

#[wasm_bindgen_test]
fn a_workers_figures_are_the_analysis_and_the_message_round_trips() {
    let l = link();
    let k = l.contract.unwrap();
    let mut solver = DdSolver::new();
    let a = analyse_play(&mut solver, l.deal, k.strain, k.declarer, &l.play).unwrap();
    for (i, p) in a.positions.iter().enumerate() {
        let state = PlayState::after(l.deal, k.strain, k.declarer, &l.play[..i]).unwrap();
        assert_eq!(solve_position(&mut solver, &state), p.cards, "position {i}");
    }
    let msg = ToDdWorker::PlayPosition {
        id: 9,
        deal: l.deal,
        strain: k.strain,
        declarer: k.declarer,
        cards: l.play.clone(),
    };
    let back: ToDdWorker = Bincode::decode(Bincode::encode(msg.clone()));
    assert_eq!(format!("{back:?}"), format!("{msg:?}"));
    let out = FromDdWorker::PlayFigures {
        id: 9,
        figures: a.positions[0].cards.clone(),
        ms: 1.0,
    };
    let back: FromDdWorker = Bincode::decode(Bincode::encode(out.clone()));
    assert_eq!(format!("{back:?}"), format!("{out:?}"));
}

#[wasm_bindgen_test]
fn query_links_and_hands_in_words() {
    let code = link().encode().unwrap();
    assert_eq!(link_from_query(&format!("?l={code}")), Some(Ok(link())));
    assert_eq!(link_from_query(""), None);
    assert!(matches!(link_from_query("?l=AAA*"), Some(Err(_))));
    let d = link().deal;
    assert_eq!(
        hand_words(Seat::South, d.hand(Seat::South)),
        "South: spades 10 9 8, hearts 7 6 5 4, diamonds A K Q J, clubs 3 2"
    );
}
