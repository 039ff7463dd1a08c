//! Double dummy on every card of a played board: at each position of the play, the DD
//! result of every legal card of the player to move, which cards cost a trick, and the
//! running count of tricks each side has lost against double dummy.
//!
//! **Figures are declarer's tricks for the whole board** (0..=13: tricks already won plus
//! what double-dummy play of the rest gives after this card), whoever is to move — the
//! way BSOL shows them. A card's *cost* is how many tricks it loses for the side that
//! plays it against the best card at that position (declarer's side wants the figure
//! high, the defenders want it low).
//!
//! Entry points: [`analyse_play`] (the whole play of a board; the CLI's `fairdeal play`)
//! and, for the app's workers that solve one position at a time, [`solve_position`] plus
//! [`assemble`], which [`analyse_play`] itself is built from.
//!
//! Each position is one DDS `SolveBoard` with every legal card (`Target::Legal`) on the
//! remaining cards and the trick in progress. Touching cards come back grouped; each card
//! of a group is listed with the group's figure.

use crate::convert::{cb_hand, seat_to_cb, strain_to_cb};
use crate::lead::card_from_cb;
use crate::DdSolver;
use fairdeal_model::play::{side_index, PlayError, PlayState, Side};
use fairdeal_model::{Card, Deal, Seat, Strain, Suit};
use pons_dds::{Board, CurrentTrick, Objective, Target};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One legal card at a position and its DD result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFigure {
    /// The card.
    pub card: Card,
    /// Declarer's tricks for the whole board if this card is played and the rest is played
    /// double dummy.
    pub declarer_tricks: u8,
    /// Tricks this card loses for the side playing it against the best card here (0 = a
    /// best card).
    pub cost: u8,
}

/// The DD figures of one position (before the card at [`Position::index`] is played).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// Cards played before this position (0..=52).
    pub index: usize,
    /// The player to move, `None` after the 52nd card.
    pub to_move: Option<Seat>,
    /// Tricks won so far by NS and EW, indexed by [`side_index`].
    pub tricks_won: [u8; 2],
    /// Declarer's tricks with best play from here (the best card's figure; after the last
    /// card, the tricks declarer took).
    pub dd_tricks: u8,
    /// Every legal card of the player to move, in card order (♠A first); empty at the end.
    pub cards: Vec<CardFigure>,
    /// The card played here in the record (`None` at the last position).
    pub played: Option<Card>,
    /// Tricks lost against DD by NS and EW before this position's card.
    pub lost_before: [u8; 2],
}

impl Position {
    /// The figure of one card, if it is legal here.
    pub fn figure(&self, card: Card) -> Option<&CardFigure> {
        self.cards.iter().find(|f| f.card == card)
    }

    /// The cost of the recorded card (0 when none was played or the figures are missing).
    pub fn played_cost(&self) -> u8 {
        self.played
            .and_then(|c| self.figure(c))
            .map_or(0, |f| f.cost)
    }
}

/// The whole play of a board with DD on every card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayAnalysis {
    /// The contract's strain.
    pub strain: Strain,
    /// Declarer.
    pub declarer: Seat,
    /// One position per card played, plus the position after the last card.
    pub positions: Vec<Position>,
}

impl PlayAnalysis {
    /// Tricks lost against DD by each side over the whole play (NS, EW).
    pub fn total_lost(&self) -> [u8; 2] {
        self.positions.last().map_or([0, 0], |p| p.lost_before)
    }
}

/// A play that cannot be analysed: the first illegal card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("card {} (trick {}, card {} of the trick): {error}", .index + 1, .index / 4 + 1, .index % 4 + 1)]
pub struct AnalyseError {
    /// Index of the card in the play (0-based).
    pub index: usize,
    /// Why it cannot be played.
    pub error: PlayError,
}

fn suit_to_cb(s: Suit) -> contract_bridge::Suit {
    match s {
        Suit::Clubs => contract_bridge::Suit::Clubs,
        Suit::Diamonds => contract_bridge::Suit::Diamonds,
        Suit::Hearts => contract_bridge::Suit::Hearts,
        Suit::Spades => contract_bridge::Suit::Spades,
    }
}

fn card_to_cb(c: Card) -> contract_bridge::Card {
    contract_bridge::Card {
        suit: suit_to_cb(c.suit()),
        rank: contract_bridge::hand::Rank::new(c.rank().value()),
    }
}

/// The DD figure (declarer's tricks for the board) of every legal card at a position, in
/// card order; empty when play is over.
pub fn solve_position(solver: &mut DdSolver, state: &PlayState) -> Vec<CardFigure> {
    let Some(mover) = state.to_move() else {
        return Vec::new();
    };
    let mut trick = CurrentTrick::new(strain_to_cb(state.strain()), seat_to_cb(state.leader()));
    for c in state.current_trick() {
        // At most three distinct cards: a PlayState's trick in progress.
        if trick.try_push(card_to_cb(*c)).is_err() {
            return Vec::new();
        }
    }
    let remaining = contract_bridge::deal::Builder::new()
        .north(cb_hand(state.remaining(Seat::North)))
        .east(cb_hand(state.remaining(Seat::East)))
        .south(cb_hand(state.remaining(Seat::South)))
        .west(cb_hand(state.remaining(Seat::West)))
        .build_partial();
    let Ok(remaining) = remaining else {
        return Vec::new();
    };
    // A PlayState is always a legal position, so the board is valid.
    let Ok(board) = Board::try_new(remaining, trick) else {
        return Vec::new();
    };
    let found = solver.solve_board(&Objective {
        board,
        target: Target::Legal,
    });
    // pons-dds scores are the tricks the side to move takes from the trick in progress on.
    let left = 13 - state.completed_tricks();
    let declarer_side = Side::of(state.declarer());
    let mover_is_declarer = Side::of(mover) == declarer_side;
    let won = state.tricks_won(declarer_side);
    let mut figures: Vec<(Card, u8)> = Vec::with_capacity(13);
    for p in &found.plays {
        let mover_tricks = p.score.get();
        let declarer_tricks = won
            + if mover_is_declarer {
                mover_tricks
            } else {
                left.saturating_sub(mover_tricks)
            };
        figures.push((
            card_from_cb(p.card.suit, p.card.rank.get()),
            declarer_tricks,
        ));
        for r in p.equals.iter() {
            figures.push((card_from_cb(p.card.suit, r.get()), declarer_tricks));
        }
    }
    figures.sort_by_key(|(c, _)| c.index());
    figures.dedup_by_key(|(c, _)| *c);
    let best = if mover_is_declarer {
        figures.iter().map(|f| f.1).max()
    } else {
        figures.iter().map(|f| f.1).min()
    }
    .unwrap_or(0);
    figures
        .into_iter()
        .map(|(card, declarer_tricks)| CardFigure {
            card,
            declarer_tricks,
            cost: best.abs_diff(declarer_tricks),
        })
        .collect()
}

/// Builds the analysis from the figures of each position (`figures[i]` for the position
/// after `cards[..i]`, `None` while not solved yet — such a position shows no figures and
/// its card adds nothing to the running count). The play must be legal (see
/// [`analyse_play`]); `figures` may be shorter than `cards.len() + 1`.
pub fn assemble(
    deal: Deal,
    strain: Strain,
    declarer: Seat,
    cards: &[Card],
    figures: &[Option<Vec<CardFigure>>],
) -> Result<PlayAnalysis, AnalyseError> {
    let mut state = PlayState::new(deal, strain, declarer);
    let mut positions = Vec::with_capacity(cards.len() + 1);
    let mut lost = [0u8; 2];
    let declarer_side = Side::of(declarer);
    for i in 0..=cards.len() {
        let figs = figures.get(i).cloned().flatten().unwrap_or_default();
        let to_move = state.to_move();
        let dd_tricks = match to_move {
            None => state.tricks_won(declarer_side),
            Some(mover) => {
                let it = figs.iter().map(|f| f.declarer_tricks);
                if Side::of(mover) == declarer_side {
                    it.max()
                } else {
                    it.min()
                }
                .unwrap_or(0)
            }
        };
        let pos = Position {
            index: i,
            to_move,
            tricks_won: [
                state.tricks_won(Side::NorthSouth),
                state.tricks_won(Side::EastWest),
            ],
            dd_tricks,
            cards: figs,
            played: cards.get(i).copied(),
            lost_before: lost,
        };
        if let (Some(card), Some(mover)) = (pos.played, to_move) {
            lost[side_index(Side::of(mover))] += pos.played_cost();
            state
                .play(card)
                .map_err(|error| AnalyseError { index: i, error })?;
        }
        positions.push(pos);
    }
    Ok(PlayAnalysis {
        strain,
        declarer,
        positions,
    })
}

/// The one entry point for the CLI and the page: the play `cards` (in the order played,
/// from the opening lead by declarer's left-hand opponent) of `deal` in `strain` with DD
/// figures at every position, including the one after the last card given.
pub fn analyse_play(
    solver: &mut DdSolver,
    deal: Deal,
    strain: Strain,
    declarer: Seat,
    cards: &[Card],
) -> Result<PlayAnalysis, AnalyseError> {
    let mut state = PlayState::new(deal, strain, declarer);
    let mut figures = Vec::with_capacity(cards.len() + 1);
    for i in 0..=cards.len() {
        figures.push(Some(solve_position(solver, &state)));
        if let Some(card) = cards.get(i) {
            state
                .play(*card)
                .map_err(|error| AnalyseError { index: i, error })?;
        }
    }
    assemble(deal, strain, declarer, cards, &figures)
}
