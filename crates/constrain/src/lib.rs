//! Exact constrained dealing: count the deals meeting conditions, and draw them uniformly.
//!
//! * [`parse`] reads the text form (documented in [`parse`](mod@parse)) into a [`Spec`], whose
//!   `Display` prints it back; [`Spec::constraints`] resolves it into a [`ConstraintSet`].
//! * [`Dealer`] counts ([`Dealer::count`], exact `u128` with units) and samples
//!   ([`Dealer::sample`]) uniformly, by the suit-by-suit dynamic programme of [`engine`]
//!   (Pavlicek's 2013 profile weighting, done without listing profiles) — or, for three or
//!   four seats with bounded shapes and points, by the two halves of the deck of [`halves`];
//!   seats it cannot count within budget fall back to rejection, reported in [`Count`].
//! * [`Levelled`] samples levelled sets: categories by weight, exactly inside each.
//! * [`SetDealer`] deals a set of boards from a spec and a seed — the one stream the CLI
//!   and the app share, so a revealed seed reproduces in either.
//! * [`shape`] holds the shape language and the [`shape::CLASSES`] table.
//!
//! ```
//! use fairdeal_constrain::{parse, Dealer, Options};
//! use rand_chacha::{rand_core::SeedableRng, ChaCha8Rng};
//!
//! let spec = parse("west: spades 9\neast: shape x=x=6=6").unwrap();
//! let mut dealer = Dealer::new(&spec.constraints(None).unwrap(), Options::default()).unwrap();
//! // Pavlicek (2013): 556,991,252,532,000 ordered (East, West) hand pairs.
//! assert_eq!(dealer.count().hands, 556_991_252_532_000);
//! let deal = dealer.sample(&mut ChaCha8Rng::seed_from_u64(1)).unwrap();
//! assert_eq!(deal.hand(fairdeal_model::Seat::West).shape()[0], 9);
//! ```
//!
//! Randomness comes only from a caller's [`rand_core::RngCore`]; every bounded integer is
//! drawn without bias. Nothing here reads files, clocks or ambient randomness.
//!
//! Panic policy: no public function panics on user input; parse, compile, build and sample
//! errors are returned as values.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod combin;
pub mod conditions;
pub mod dealer;
pub mod engine;
pub mod fit_cells;
pub mod fit_complement;
pub mod halves;
pub mod level;
pub mod parse;
mod pick;
pub mod set;
pub mod shape;
pub mod spec;
pub mod stats;

pub use conditions::{ConstraintSet, PairCondition, PairKind, ScaleRange, SeatConditions};
pub use dealer::{BuildError, Count, Culprit, Dealer, Options, SampleError, Whole, ALL_DEALS};
pub use level::{BoardOrder, LevelError, Levelled};
pub use parse::{parse, ParseError, ParseErrorKind, ParseErrors};
pub use set::{SetDealer, SetError, SET_OPTIONS};
pub use spec::{Category, CompileError, Cond, Pair, Scale, Spec, Statement, Who};
