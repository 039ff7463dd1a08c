//! The dealing worker: its message protocol and the job runner shared with the page.
//!
//! * [`protocol`] — what the page sends ([`ToWorker`]: `Start` a batch, `Cancel` it) and what
//!   the worker answers ([`FromWorker`]: `Progress{done,total}` after every chunk, then `Done`
//!   with the boards, or `Failed`/`Cancelled`). The types cross a thread boundary, so they are
//!   plain serialisable data (gloo-worker's default bincode codec): deals travel as the four
//!   hands' card bitsets.
//! * [`job`] — [`job::Job`], a constrained batch dealt in chunks by
//!   `fairdeal_constrain::SetDealer` (ChaCha8 keyed by a 32-byte seed, as `fairdeal
//!   constrain --seed`); every batch of the Constrain page runs here.
//! * [`sliced`] — the one runner every job of the worker goes through: a job is a
//!   [`sliced::SlicedJob`] (one slice of work, its start / progress / done / cancel
//!   messages) held by a [`sliced::Slot`], which starts it (answering `Failed` when it cannot
//!   be built), runs each slice from a zero-delay timer so that a `Cancel` already queued is
//!   handled before the next slice, answers progress after each, and cancels or drops it.
//! * [`agent`] — [`agent::DealWorker`], the gloo-worker actor the `fairdeal-worker` binary
//!   registers: one slot per kind of job (the batch deals [`job::CHUNK`] boards a slice).
//! * [`script_job`] — dealer scripts (`ToWorker::Script`): compiled once, run in slices
//!   sized to about 40 ms each, `ScriptProgress{generated, produced}` after every slice, then
//!   `ScriptDone` with the report (deals, text output, averages, frequencies).
//! * [`sim_job`] — simulated questions (`ToWorker::Simulate`): deals from the exact
//!   constrained dealer in ~40 ms slices, `SimProgress` (estimate, sample count, exact value
//!   when countable) after each, `SimDone` at the end or on `Cancel`.
//! * [`stats_job`] — the statistics analyser (`ToWorker::Stats`): deals in ~40 ms slices,
//!   then one exact expectation per slice, `StatsProgress` after each, `StatsDone` with
//!   observed-against-expected tables and chi-square.
//!
//! * [`count_job`] — the Constrain page's live count (`ToWorker::Count`): one category per
//!   slice through `fairdeal_constrain::analysis` (what `fairdeal count` prints),
//!   `CountProgress` after each, `Counted` with the page's analysis; a newer text replaces
//!   the job before its next slice.
//!
//! * [`link`] — the page's side: [`link::WorkerLink`] numbers a page's jobs, draws each
//!   seed from the CSPRNG, spawns the worker on first use, sends requests and cancels.
//!
//! Panic policy: nothing here panics on user input — a spec that fails to parse or build, or
//! a set too rare to sample, is answered with `Failed(message)`.

pub mod agent;
pub mod count_job;
pub mod job;
pub mod link;
pub mod protocol;
pub mod script_job;
pub mod sim_job;
pub mod sliced;
pub mod stats_job;
