//! The viewer's state as plain data: the board (a [`Link`]: deal, auction, contract, play),
//! the position on screen, and the DD figures of each position as the workers send them.
//! Every rule comes from the domain crates: legality from `fairdeal_model::play`, costs and
//! tricks lost from `fairdeal_dd::play::assemble`.

use fairdeal_dd::play::{assemble, CardFigure, PlayAnalysis, Position};
use fairdeal_interop::link::{Contract, Link};
use fairdeal_model::play::PlayState;
use fairdeal_model::{Card, Seat, Strain};
use std::rc::Rc;
use yew::Reducible;

/// The viewer's state.
#[derive(Debug, Clone, PartialEq)]
pub struct Viewer {
    /// The board; `link.play` is the recorded play, or the cards the user has played.
    pub link: Option<Link>,
    /// True while the play on screen is the record's (false once the user plays a card of
    /// their own).
    pub recorded: bool,
    /// The position on screen: cards played before it (0..=play length).
    pub step: usize,
    /// Figures per position (0..=play length), `None` until solved.
    pub figures: Vec<Option<Vec<CardFigure>>>,
    /// Bumped whenever the play or contract changes, so stale worker answers are dropped.
    pub generation: u32,
    /// Seats the user plays; the others play the best DD card when their turn comes.
    pub user_seats: [bool; 4],
}

impl Default for Viewer {
    fn default() -> Viewer {
        Viewer {
            link: None,
            recorded: false,
            step: 0,
            figures: Vec::new(),
            generation: 0,
            user_seats: [true; 4],
        }
    }
}

/// What changes the viewer.
pub enum Action {
    /// Open a board (from a link, a file or a page).
    Open(Link),
    /// Show position `n` (clamped to the play).
    Step(usize),
    /// One card on.
    Next,
    /// One card back.
    Back,
    /// Play `card` at the position on screen (the record's next card steps on; another
    /// legal card starts a play of the user's own from here).
    Play(Card),
    /// The figures of a position (for `generation`).
    Figures {
        /// The generation they were asked for.
        generation: u32,
        /// The position.
        position: usize,
        /// The figures.
        figures: Vec<CardFigure>,
    },
    /// Set the contract (strain and declarer) of a board without a recorded play: the play
    /// starts again.
    Contract(Strain, Seat),
    /// Toggle whether the user plays a seat.
    ToggleSeat(Seat),
}

impl Viewer {
    /// The number of cards in the play.
    pub fn play_len(&self) -> usize {
        self.link.as_ref().map_or(0, |l| l.play.len())
    }

    /// The play state at the position on screen.
    pub fn state(&self) -> Option<PlayState> {
        let link = self.link.as_ref()?;
        let c = link.contract?;
        PlayState::after(link.deal, c.strain, c.declarer, &link.play[..self.step]).ok()
    }

    /// The analysis of every position with the figures known so far.
    pub fn analysis(&self) -> Option<PlayAnalysis> {
        let link = self.link.as_ref()?;
        let c = link.contract?;
        assemble(link.deal, c.strain, c.declarer, &link.play, &self.figures).ok()
    }

    /// The position on screen, from [`Viewer::analysis`].
    pub fn position(&self) -> Option<Position> {
        self.analysis()?.positions.get(self.step).cloned()
    }

    /// Positions whose figures are known.
    pub fn solved(&self) -> usize {
        self.figures.iter().filter(|f| f.is_some()).count()
    }

    /// Positions not solved yet.
    pub fn unsolved(&self) -> Vec<usize> {
        (0..=self.play_len())
            .filter(|&i| self.figures.get(i).is_none_or(Option::is_none))
            .collect()
    }

    /// The best cards (cost 0) at the position on screen, once solved.
    pub fn best_cards(&self) -> Vec<Card> {
        self.figures
            .get(self.step)
            .and_then(|f| f.as_ref())
            .map(|f| f.iter().filter(|c| c.cost == 0).map(|c| c.card).collect())
            .unwrap_or_default()
    }

    fn reset_figures(&mut self) {
        self.figures = vec![None; self.play_len() + 1];
        self.generation = self.generation.wrapping_add(1);
    }
}

impl Reducible for Viewer {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut v = (*self).clone();
        match action {
            Action::Open(link) => {
                v.recorded = !link.play.is_empty();
                v.link = Some(link);
                v.step = 0;
                v.reset_figures();
            }
            Action::Step(n) => v.step = n.min(v.play_len()),
            Action::Next => v.step = (v.step + 1).min(v.play_len()),
            Action::Back => v.step = v.step.saturating_sub(1),
            Action::Play(card) => {
                let Some(state) = v.state() else {
                    return self;
                };
                if !state.legal_cards().contains(card) {
                    return self;
                }
                let step = v.step;
                let Some(link) = v.link.as_mut() else {
                    return self;
                };
                if link.play.get(step) == Some(&card) {
                    v.step += 1;
                } else {
                    link.play.truncate(step);
                    link.play.push(card);
                    v.recorded = false;
                    v.figures.truncate(step + 1);
                    v.figures.push(None);
                    v.generation = v.generation.wrapping_add(1);
                    v.step += 1;
                }
            }
            Action::Figures {
                generation,
                position,
                figures,
            } => {
                if generation != v.generation || position >= v.figures.len() {
                    return self;
                }
                v.figures[position] = Some(figures);
            }
            Action::Contract(strain, declarer) => {
                let Some(link) = v.link.as_mut() else {
                    return self;
                };
                let level = link.contract.map_or(1, |c| c.level);
                link.contract = Some(Contract {
                    level,
                    strain,
                    doubled: 0,
                    declarer,
                });
                link.play.clear();
                v.recorded = false;
                v.step = 0;
                v.reset_figures();
            }
            Action::ToggleSeat(seat) => {
                v.user_seats[seat.index()] = !v.user_seats[seat.index()];
            }
        }
        Rc::new(v)
    }
}

/// A link from the page's query string (`?l=…`), if it holds one that reads.
pub fn link_from_query(query: &str) -> Option<Result<Link, String>> {
    let q = query.trim_start_matches('?');
    let value = q
        .split('&')
        .find_map(|kv| kv.strip_prefix("l="))
        .filter(|v| !v.is_empty())?;
    Some(Link::decode(value).map_err(|e| e.to_string()))
}
