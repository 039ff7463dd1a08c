//! The bridge vocabulary every other Fair Deal crate speaks.
//!
//! * [`Suit`], [`Rank`], [`Card`], [`Seat`] — small `Copy` types with constant `ALL` arrays.
//! * [`Holding`] — the cards of one suit in one hand, a 13-bit set.
//! * [`Hand`] — a set of cards, a 52-bit set in a `u64` (bit = [`Card::index`]).
//! * [`Deal`] — four hands of 13 cards that together hold every card exactly once.
//!
//! Card order: [`Card::index`] is *suit-major* — ♠A = 0, ♠K = 1, … ♠2 = 12, ♥A = 13, … ♣2 = 51 —
//! the order Big Deal numbers cards in. Seats are N = 0, E = 1, S = 2, W = 3.
//!
//! Deal numbers: [`DEAL_COUNT`] (D) and the two bijections `0..D` ↔ deals — [`kuipers`]
//! (Big Deal's) and [`pavlicek`] — listed in the [`Mapping`] table; [`parse_deal_number`]
//! reads number text.
//!
//! [`Strain`] (a suit or notrump) and, in [`dd`], double-dummy tables and par as plain data.
//!
//! PBN deal notation: [`Deal::from_pbn`] (and `str::parse`), [`parse_pbn_hands`] for deals
//! with unknown (`-`) hands, [`Deal::to_pbn`] to print.
//!
//! [`play`]: the card play as data and rules ([`play::PlayState`]: legal cards, trick winners,
//! tricks won per side).
//!
//! [`source`]: byte offsets to line:column and the one caret renderer for errors in a text.
//!
//! Panic policy: constructors that take user input return `Result`; the only panicking
//! constructors are the `const` ones documented as such (programmer error).
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod board;
mod card;
pub mod dd;
mod deal;
mod hand;
pub mod markup;
mod number;
mod pbn;
pub mod play;
pub mod source;
mod strain;

pub use board::Vulnerability;
pub use card::{Card, ParseCardError, Rank, Seat, Suit};
pub use deal::{Deal, DealError};
pub use hand::{Hand, Holding};
pub use number::{kuipers, parse_deal_number, pavlicek, Mapping, NumberError, DEAL_COUNT};
pub use pbn::{parse_pbn_hands, PbnDealError};
pub use strain::Strain;
