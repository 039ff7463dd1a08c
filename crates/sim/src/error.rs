//! [`SimError`]: why a simulation cannot run.

use fairdeal_constrain::{SampleError, SetError};
use fairdeal_model::{Card, Seat};
use thiserror::Error;

/// Why a simulation cannot run.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SimError {
    /// The number of deals is out of range.
    #[error("{n} deals; expected {} to {}", crate::MIN_DEALS, crate::MAX_DEALS)]
    Count {
        /// The number asked for.
        n: usize,
    },
    /// The leader's hand is not given.
    #[error("the leader's hand ({}) is not fixed; give it (e.g. `{}: is AKQ2.JT3.K765.A9`)", .leader.name(), .leader.name().to_ascii_lowercase())]
    LeaderNotFixed {
        /// The opening leader (declarer's left-hand opponent).
        leader: Seat,
    },
    /// The leader's hand is given twice, differently.
    #[error("the leader's hand ({}) is given twice, as {first} and {second}", .leader.name())]
    LeaderConflict {
        /// The opening leader.
        leader: Seat,
        /// One hand given.
        first: String,
        /// The other.
        second: String,
    },
    /// A hand given with fewer or more than 13 cards.
    #[error("the leader's hand {hand} has {len} cards; expected 13")]
    HandSize {
        /// The hand.
        hand: String,
        /// Its cards.
        len: u32,
    },
    /// No contract to compare.
    #[error("no contract given; expected e.g. `3NT:S,4S:N`")]
    NoContract,
    /// Contracts of both sides in one comparison.
    #[error("{a} and {b} are declared by different sides; compare contracts of one side")]
    MixedSides {
        /// One contract, e.g. `3NT:S`.
        a: String,
        /// One of the other side.
        b: String,
    },
    /// The same contract and declarer twice.
    #[error("{0} is given twice")]
    Duplicate(String),
    /// The conditions cannot be dealt.
    #[error(transparent)]
    Set(#[from] SetError),
    /// A deal could not be drawn (rejection too rare).
    #[error(transparent)]
    Sample(#[from] SampleError),
    /// A deal's DD leads do not cover a card of the leader (a solver fault).
    #[error("deal {deal}: no double-dummy result for the lead of {card}")]
    MissingLead {
        /// 0-based deal index.
        deal: usize,
        /// The card.
        card: Card,
    },
    /// A deal whose leader does not hold the leader's hand.
    #[error("deal {deal}: the leader does not hold the given hand")]
    WrongDeal {
        /// 0-based deal index.
        deal: usize,
    },
}
