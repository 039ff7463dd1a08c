//! Dealing: turning randomness into deals and deals into the files dealing machines read.
//!
//! * [`bigdeal`] — Big Deal 2.0's generator: RIPEMD-160 counter stream over seed + owner,
//!   rejection of values ≥ D, Kuipers decoding. Byte-identical to `bigdealx`.
//! * [`entropy`] — collecting a seed: OS/browser CSPRNG bytes plus optional user input
//!   (keys and timings), hashed Big Deal-style.
//! * [`squaredeal`] — SquareDeal tournaments: session keys, the SHA-256 commitment, dealing a
//!   session from its key and the delayed value, verification.
//! * [`formats`] — every Big Deal output format, table-driven.
//! * [`fast`] — a fast seeded CSPRNG path for simulation (millions of deals per second).
//!
//! No module reads the clock, the file system or an ambient RNG: randomness comes in as
//! seeds, output goes to `impl Write`.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub mod bigdeal;
pub mod entropy;
pub mod fast;
pub mod formats;
pub mod squaredeal;

pub use bigdeal::BigDealGenerator;
pub use entropy::{Seed, SeedBuilder};
pub use formats::{
    find_format, write_all, write_set, FormatSpec, LineEnding, WriteOptions, FORMATS,
};
pub use squaredeal::Tournament;
