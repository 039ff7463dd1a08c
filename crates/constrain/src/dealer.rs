//! The constrained dealer: exact where counting is feasible, rejection for the rest.
//!
//! [`Dealer::new`] chooses which seats to count exactly. It first tries every seat that has
//! a condition (and both seats of each partnership condition) together; if the tables would
//! exceed the work budget, it keeps the most constraining seats (smallest single-seat
//! count) and applies the other seats' conditions by rejection after exact sampling. A
//! caller's extra `Fn(&Deal) -> bool` filter is applied the same way. A set with fits may
//! also be counted in cells without fits ([`crate::fit_cells`]): tried when the joint tables
//! pass their bounds, or before them when there are few (`joint_or_cells`). [`Dealer::count`]
//! says which part is exact and why the rest is not; [`Dealer::acceptance`] reports the observed rejection rate,
//! and sampling gives up with [`SampleError::TooRare`] (with the estimated rate) rather
//! than hang.
//!
//! Impossible sets are reported at build time as [`BuildError::NoDeal`], naming the seat
//! or partnership whose conditions alone admit no deal when there is one.

use crate::combin::gcd;
use crate::conditions::{ConstraintSet, PairKind};
use crate::engine::{over_what, Tables, TablesError, MAX_TABLE_BYTES};
use crate::halves::Halves;
use crate::spec::Pair;
use crate::stats::theory::HALVES_ENTRY_WORK;
use fairdeal_model::{Deal, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;
use std::fmt;
use thiserror::Error;

/// The number of distinct deals, 52! / (13!)⁴.
pub const ALL_DEALS: u128 = 53_644_737_765_488_792_839_237_440_000;

/// Tuning of [`Dealer`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Most DP steps spent building exact tables before falling back to fewer seats.
    pub budget: u64,
    /// Most exact draws per deal when rejection is involved, before giving up.
    pub max_tries: u64,
    /// When the joint tables exceed the budget: count the most constraining seats exactly
    /// and apply the rest by rejection (true), or fail at once with the budget error
    /// (false: for planners that only want an exact count, so a failure costs one budget).
    pub fallback: bool,
    /// When falling back: also count the whole set cell by cell where it has fits
    /// ([`Count::whole`]; up to [`WHOLE_BUDGET_FACTOR`] times the budget more), for counts
    /// a user reads; dealing does not need it.
    pub whole: bool,
}

/// Work allowed for each seat's own check before the joint tables are built (one seat's
/// tables take far less; a seat over it is simply not checked early).
const SEAT_CHECK_BUDGET: u64 = 2_000_000;

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: 200_000_000,
            max_tries: 2_000_000,
            fallback: true,
            whole: false,
        }
    }
}

/// Whose conditions make a set impossible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Culprit {
    /// One seat's conditions admit no hand.
    Seat(Seat),
    /// A partnership's conditions (with its two seats' own) admit no pair of hands.
    Pair(Pair),
    /// Each part is possible but not all together.
    Together,
}

impl fmt::Display for Culprit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Culprit::Seat(s) => write!(f, "the conditions on {}", s.name()),
            Culprit::Pair(p) => write!(f, "the conditions on {p} (with those on its two seats)"),
            Culprit::Together => f.write_str("all the conditions together"),
        }
    }
}

/// Why a dealer could not be built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BuildError {
    /// No deal satisfies the conditions.
    #[error("no deal satisfies {culprit}")]
    NoDeal {
        /// Where the impossibility lies.
        culprit: Culprit,
    },
    /// Even a single seat could not be counted.
    #[error(transparent)]
    Tables(#[from] TablesError),
}

/// Why a deal could not be drawn.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum SampleError {
    /// Rejection accepted too few draws.
    #[error("gave up after {tries} draws ({accepted} accepted so far): the conditions applied by rejection accept about {rate:.3e} of exact draws; narrow the exact part or loosen them")]
    TooRare {
        /// Draws made in this call.
        tries: u64,
        /// Draws accepted over the dealer's life.
        accepted: u64,
        /// Estimated acceptance rate (an upper bound when nothing was accepted).
        rate: f64,
    },
}

/// The count of a constraint set, with its units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// Seats counted exactly (N E S W order). Two seats asked only a fit in one suit are
    /// not counted: their fit is, as the other side's length ([`crate::fit_complement`]).
    pub exact_seats: Vec<Seat>,
    /// Ordered tuples of hands of `exact_seats` meeting their conditions (unit: hands for one
    /// seat, ordered pairs of hands for two, …).
    pub hands: u128,
    /// Deals meeting every exactly counted condition (unit: deals).
    pub deals: u128,
    /// Seats whose conditions are applied by rejection (the count ignores them).
    pub rejected_seats: Vec<Seat>,
    /// Partnerships whose conditions are applied by rejection.
    pub rejected_pairs: Vec<Pair>,
    /// Why not every condition is counted (`None` when the count is exact): the bound the
    /// tables of every conditioned seat together would pass.
    pub why: Option<String>,
    /// The count of the whole set where the tables above leave conditions to rejection but
    /// its cells without fits ([`crate::fit_cells`]) could each be counted, one at a time,
    /// their tables dropped once counted: every condition counted exactly, while the deals
    /// are still drawn from the tables above and the rest applied by rejection. Only with
    /// [`Options::whole`].
    pub whole: Option<Whole>,
}

/// The exact count of every condition of a set, made cell by cell ([`Count::whole`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Whole {
    /// Seats counted (every conditioned seat).
    pub seats: Vec<Seat>,
    /// Ordered tuples of their hands meeting every condition.
    pub hands: u128,
    /// Deals meeting every condition.
    pub deals: u128,
}

impl Count {
    /// True if every condition is in the count.
    pub fn is_exact(&self) -> bool {
        self.rejected_seats.is_empty() && self.rejected_pairs.is_empty()
    }

    /// The probability of a random deal meeting the counted conditions, as a reduced fraction.
    pub fn probability(&self) -> (u128, u128) {
        fraction_of_all(self.deals)
    }

    /// The same probability in percent.
    pub fn percent(&self) -> f64 {
        percent_of_all(self.deals)
    }
}

impl Whole {
    /// The probability of a random deal meeting every condition, as a reduced fraction.
    pub fn probability(&self) -> (u128, u128) {
        fraction_of_all(self.deals)
    }

    /// The same probability in percent.
    pub fn percent(&self) -> f64 {
        percent_of_all(self.deals)
    }
}

/// `deals` over all deals, reduced.
fn fraction_of_all(deals: u128) -> (u128, u128) {
    let g = gcd(deals, ALL_DEALS).max(1);
    (deals / g, ALL_DEALS / g)
}

/// `deals` over all deals, in percent.
fn percent_of_all(deals: u128) -> f64 {
    deals as f64 / ALL_DEALS as f64 * 100.0
}

/// Most deals [`Dealer::sample_many`] asks the chain for at a time (its walks run 256 at a
/// time; more keys only crowd the cache).
const SAMPLE_MANY_BATCH: usize = 256;

/// The exact part of a dealer: the suit-by-suit chain, the two halves of the deck, or a set
/// with fits split into cells without fits ([`crate::fit_cells`]).
#[derive(Debug, Clone)]
enum Exact {
    Chain(Box<Tables>),
    Halves(Box<Halves>),
    Cells(Box<Cells>),
}

/// A set counted cell by cell ([`crate::fit_cells`]): each cell's exact tables, counting the
/// same seats, and the deals up to and including each cell.
#[derive(Debug, Clone)]
struct Cells {
    seats: Vec<Seat>,
    /// The cells' sets, for those counting deals (the parts' order).
    sets: Vec<ConstraintSet>,
    parts: Vec<Exact>,
    cumulative: Vec<u128>,
    tuples: u128,
}

/// Pairs of per-suit vectors the halves' building work is charged per DP step of a budget
/// (a pair takes about 1–4 ns, a step about 12).
const HALVES_PAIRS_PER_STEP: u64 = 12;

/// Pairs of per-suit vectors the wide halves combine in about the time of one step of the
/// chain on the sets that reach both ([`exact_tables`]): the chain's first try there gets
/// the wide halves' planned work over this many steps. On the 128 random sets with fits of
/// `coverage 400 4`, a chain step took 35–133 ns (more where its layers outgrow the caches)
/// and a pair 0.9–2.6 ns; of 60 and the figures around it (20 to 120), 60 left the least
/// time in all (84 s to 53 s) and the fewest sets over a second (21 to 17).
const HALVES_PAIRS_PER_CHAIN_TRY: u64 = 60;

/// How far [`exact_tables`] goes for a set neither the halves nor the chain take within
/// their usual bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// The usual bounds only (a cell of a set, which has its own bounds).
    Usual,
    /// Then the halves again with wider bounds ([`Halves::wide`]): the whole set, which
    /// would otherwise be counted on fewer seats or in cells.
    Wide,
}

/// The exact tables of `set` on `seats` as [`Dealer::new`] builds them first: by halves where
/// they take the set within their usual bounds, else the chain. The halves' building work is
/// bounded by `halves_work`. With [`Reach::Wide`], where the usual halves decline a set the
/// wider ones would take ([`Halves::plan_wide`], their work also held to the budget,
/// [`HALVES_PAIRS_PER_STEP`] pairs a step: 2.4 G pairs for the default budget), the chain is
/// tried first for about as long as the wide halves would take (their planned work over
/// [`HALVES_PAIRS_PER_CHAIN_TRY`] steps), then the wide halves, and the chain with its whole
/// budget only if their entries pass their bound: a set with fits the chain takes 12 s to
/// count is counted in under 2 s, and one it counts fast keeps its route. Every choice is
/// made on work counted, never on time, so a set always takes the same route (the page and
/// the CLI draw the same deals).
fn exact_tables(
    set: &ConstraintSet,
    seats: &[Seat],
    budget: u64,
    halves_work: u64,
    chain_bytes: usize,
    reach: Reach,
) -> Result<Exact, TablesError> {
    let halves = halves_first(set, seats);
    if let Some(h) = halves
        .then(|| Halves::within(set, seats, halves_work))
        .flatten()
    {
        return Ok(Exact::Halves(Box::new(h)));
    }
    let chain = |steps: u64| Tables::within(set, seats, steps, chain_bytes);
    let wide = (halves && reach == Reach::Wide)
        .then(|| Halves::plan_wide(set, seats, budget.saturating_mul(HALVES_PAIRS_PER_STEP)))
        .flatten();
    let Some(plan) = wide else {
        return chain(budget).map(|t| Exact::Chain(Box::new(t)));
    };
    // The chain first, for about as long as the wide halves would take.
    let probe = (plan.work() / HALVES_PAIRS_PER_CHAIN_TRY).min(budget);
    let refused = match chain(probe) {
        Ok(t) => return Ok(Exact::Chain(Box::new(t))),
        Err(e) if too_big(&e) => e,
        Err(e) => return Err(e),
    };
    if let Some(h) = plan.tables() {
        return Ok(Exact::Halves(Box::new(h)));
    }
    // The halves' entries passed their bound: the chain with the whole budget, unless the
    // probe already had it or was refused for memory or counters, which more steps do not
    // give.
    let more_steps_help = matches!(refused, TablesError::Budget { memory: false, .. });
    if probe < budget && more_steps_help {
        return chain(budget).map(|t| Exact::Chain(Box::new(t)));
    }
    Err(refused)
}

/// How many times the tables' budget the whole count of a set dealt in part may spend over
/// all its cells ([`count_cells`]): twice (a 4-seat set beside a fit over the two minors,
/// 45 cells, charged about 295 M steps, counts whole in about 2.3 s more).
pub const WHOLE_BUDGET_FACTOR: u64 = 2;

/// The memory bound of each cell's chain tables in [`count_cells`], beside the dealing tables
/// kept: a third of [`MAX_TABLE_BYTES`]. It also bounds the time: a cell needing
/// more (a seat with clubs beside a minor fit: 54 cells of about 114 MB, 3.4 s each) gives up
/// in about a second instead of counting for minutes.
const WHOLE_CELL_BYTES: usize = 48 << 20;

/// Cells counted before [`count_cells`] judges from their work whether all would pass the
/// budget.
const WHOLE_PROBE_CELLS: usize = 4;

/// The count of every condition of a set dealt in part, cell by cell ([`Count::whole`]):
/// each cell of `sets` counted on `seats` as the kept cells are ([`exact_tables`]) but with
/// the chain's tables held to [`WHOLE_CELL_BYTES`], and dropped before the next,
/// so memory holds one cell at a time; `None` when a cell fails or the cells together pass `budget` DP steps — given up as soon
/// as the cells counted, at their mean work, say all would (after [`WHOLE_PROBE_CELLS`]),
/// so a count that cannot finish costs little.
fn count_cells(sets: &[ConstraintSet], seats: &[Seat], budget: u64) -> Option<Whole> {
    let (mut work, mut hands, mut deals) = (0u64, 0u128, 0u128);
    for (i, cell) in sets.iter().enumerate() {
        let projected = u128::from(work) * sets.len() as u128 / i.max(1) as u128;
        if i >= WHOLE_PROBE_CELLS && projected > u128::from(budget) {
            return None;
        }
        let left = budget.checked_sub(work)?;
        let part = exact_tables(
            cell,
            seats,
            left,
            left.saturating_mul(HALVES_PAIRS_PER_STEP),
            WHOLE_CELL_BYTES,
            Reach::Usual,
        )
        .ok()?;
        work += part.work()?;
        if work > budget {
            return None;
        }
        hands += part.tuples();
        deals += part.deals();
    }
    Some(Whole {
        seats: seats.to_vec(),
        hands,
        deals,
    })
}

/// Most cells for which a set with fits tries its cells before its joint tables
/// ([`joint_or_cells`]).
const CELLS_FIRST_MAX: usize = 3;

/// The exact tables of a set with fits: its joint tables, or its cells without fits
/// (`sets`). Both are exact, and neither's cost can be told in advance. With at most
/// [`CELLS_FIRST_MAX`] cells (a fit seat with a pattern: a 4-3-3-3 seat takes 3 or 4 cards
/// of the fit suit), the cells are tried first: each is a set without fits, where the joint
/// tables carry the fit's counters beside the seat's pattern (`north: hcp 8-11` / `south:
/// shape any 4333` / `west: hcp 15+, balanced` / `ns: fit 9+ hearts`: 4.7 s joint, 16 ms in
/// two cells). With more cells (a free seat gives 14 a suit) the joint tables come first:
/// the cells' cost grows with their number. Whichever comes first, the other is tried when
/// it passes its bounds; the error is the joint tables'. The choice depends only on the
/// set, so a set always takes the same route (the page and the CLI draw the same deals).
/// See docs/BENCHMARKS-constrain.md, "Few cells first".
fn joint_or_cells(
    set: &ConstraintSet,
    sets: &[ConstraintSet],
    seats: &[Seat],
    budget: u64,
) -> Result<Exact, TablesError> {
    let cells_first = sets.len() <= CELLS_FIRST_MAX;
    if cells_first {
        if let Some(c) = Cells::new(sets, seats, budget) {
            return Ok(Exact::Cells(Box::new(c)));
        }
    }
    match exact_tables(set, seats, budget, u64::MAX, MAX_TABLE_BYTES, Reach::Wide) {
        Err(e) if too_big(&e) && !cells_first => match Cells::new(sets, seats, budget) {
            Some(c) => Ok(Exact::Cells(Box::new(c))),
            None => Err(e),
        },
        joint => joint,
    }
}

impl Cells {
    /// Each cell of `sets` counted exactly on `seats`, within `budget` DP steps and the
    /// tables' memory bound for all cells together; `None` when a cell cannot be counted
    /// exactly within them.
    ///
    /// Each cell is built within the room the cells before it leave (so a set that cannot
    /// fit gives up at the first cell past it, without building that cell whole). The
    /// successor edges a cell keeps only save time: where they leave the next cell too
    /// little room, the earlier cells' edges are dropped and the cell built again, and where
    /// all the cells' edges would pass the bound, the largest are dropped.
    fn new(sets: &[ConstraintSet], seats: &[Seat], budget: u64) -> Option<Cells> {
        let mut work = 0u64;
        let (mut parts, mut cumulative, mut deals, mut tuples) = (vec![], vec![], 0u128, 0u128);
        let mut kept = Vec::new();
        let held = |parts: &[Exact]| parts.iter().map(Exact::bytes).sum::<usize>();
        for cell in sets {
            let build = |work: u64, held: usize| {
                let left = budget.checked_sub(work)?;
                Some(exact_tables(
                    cell,
                    seats,
                    left,
                    left.saturating_mul(HALVES_PAIRS_PER_STEP),
                    MAX_TABLE_BYTES.checked_sub(held)?,
                    Reach::Usual,
                ))
            };
            let part = match build(work, held(&parts))? {
                // Only room helps: a cell over the work budget is not built twice.
                Err(TablesError::Budget { memory: true, .. })
                    if parts.iter_mut().map(Exact::drop_edges).sum::<usize>() > 0 =>
                {
                    build(work, held(&parts))?
                }
                built => built,
            }
            .ok()?;
            work += part.work()?;
            if work > budget || matches!(part, Exact::Cells(_)) {
                return None;
            }
            if part.deals() == 0 {
                continue;
            }
            deals += part.deals();
            tuples += part.tuples();
            cumulative.push(deals);
            parts.push(part);
            kept.push(cell.clone());
            while held(&parts) > MAX_TABLE_BYTES {
                let most = parts.iter_mut().max_by_key(|p| p.edge_bytes())?;
                if most.drop_edges() == 0 {
                    return None;
                }
            }
        }
        Some(Cells {
            seats: seats.to_vec(),
            sets: kept,
            parts,
            cumulative,
            tuples,
        })
    }

    /// `n` deals, each from its own generator keyed by `rng` (as the chain's): a cell picked
    /// with weight its count, then one deal of that cell from a generator keyed by the
    /// deal's (as that cell's `sample_batch` of one deal would key it). The deals of each
    /// cell are drawn together, then put back in order, so the deals are those of `n`
    /// batches of one.
    fn sample_batch<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: usize, out: &mut Vec<Deal>) {
        let Some(&total) = self.cumulative.last() else {
            return;
        };
        let mut by_cell: Vec<(Vec<usize>, Vec<ChaCha8Rng>)> =
            vec![(Vec::new(), Vec::new()); self.parts.len()];
        for (k, mut g) in crate::combin::deal_generators(rng, n)
            .into_iter()
            .enumerate()
        {
            let r = crate::combin::below(&mut g, total);
            let i = self.cumulative.partition_point(|&c| c <= r);
            by_cell[i].0.push(k);
            by_cell[i]
                .1
                .extend(crate::combin::deal_generators(&mut g, 1));
        }
        let mut drawn: Vec<Option<Deal>> = vec![None; n];
        let mut deals = Vec::new();
        for (part, (at, mut gens)) in self.parts.iter_mut().zip(by_cell) {
            deals.clear();
            part.sample_generators(&mut gens, &mut deals);
            for (k, d) in at.into_iter().zip(deals.drain(..)) {
                drawn[k] = Some(d);
            }
        }
        out.extend(drawn.into_iter().flatten());
    }
}

impl Exact {
    /// The building work charged to a budget, in DP steps (a halves' pair of vectors
    /// [`HALVES_PAIRS_PER_STEP`] to a step, and each entry [`HALVES_ENTRY_WORK`]); `None` for
    /// cells, which are never nested.
    fn work(&self) -> Option<u64> {
        match self {
            Exact::Chain(t) => Some(t.work()),
            Exact::Halves(h) => {
                Some(h.work() / HALVES_PAIRS_PER_STEP + h.entries() as u64 * HALVES_ENTRY_WORK)
            }
            Exact::Cells(_) => None,
        }
    }

    /// Bytes the tables hold (a cell's chain or halves; cells are never nested).
    fn bytes(&self) -> usize {
        match self {
            Exact::Chain(t) => t.bytes(),
            Exact::Halves(h) => h.bytes(),
            Exact::Cells(c) => c.parts.iter().map(Exact::bytes).sum(),
        }
    }

    /// Bytes of the chain's successor edges (0 for halves, which keep none).
    fn edge_bytes(&self) -> usize {
        match self {
            Exact::Chain(t) => t.edge_bytes(),
            Exact::Halves(_) | Exact::Cells(_) => 0,
        }
    }

    /// Drops the chain's successor edges (see [`Tables::drop_edges`]); the bytes freed.
    fn drop_edges(&mut self) -> usize {
        match self {
            Exact::Chain(t) => t.drop_edges(),
            Exact::Halves(_) | Exact::Cells(_) => 0,
        }
    }

    fn seats(&self) -> &[Seat] {
        match self {
            Exact::Chain(t) => t.seats(),
            Exact::Halves(h) => h.seats(),
            Exact::Cells(c) => &c.seats,
        }
    }

    /// Ordered tuples of the counted seats' hands (the halves count three or four seats,
    /// whose hands are the deal).
    fn tuples(&self) -> u128 {
        match self {
            Exact::Chain(t) => t.tuples(),
            Exact::Halves(h) => h.deals(),
            Exact::Cells(c) => c.tuples,
        }
    }

    fn deals(&self) -> u128 {
        match self {
            Exact::Chain(t) => t.deals(),
            Exact::Halves(h) => h.deals(),
            Exact::Cells(c) => c.cumulative.last().copied().unwrap_or(0),
        }
    }

    /// Most deals [`Dealer::sample_many`] asks for at a time: the halves finish a batch group
    /// by group, so the larger it is the more deals share a group's arrays in cache.
    fn batch(&self) -> usize {
        match self {
            Exact::Chain(_) => SAMPLE_MANY_BATCH,
            Exact::Halves(_) => crate::halves::BATCH,
            Exact::Cells(c) => c
                .parts
                .iter()
                .map(Exact::batch)
                .max()
                .unwrap_or(SAMPLE_MANY_BATCH),
        }
    }

    fn sample_batch<R: RngCore + ?Sized>(&mut self, rng: &mut R, n: usize, out: &mut Vec<Deal>) {
        match self {
            Exact::Chain(t) => t.sample_batch(rng, n, out),
            Exact::Halves(h) => h.sample_batch(rng, n, out),
            Exact::Cells(c) => c.sample_batch(rng, n, out),
        }
    }

    /// One deal per generator (a cell's tables: the chain or the halves).
    fn sample_generators(&mut self, rngs: &mut [ChaCha8Rng], out: &mut Vec<Deal>) {
        match self {
            Exact::Chain(t) => t.sample_generators(rngs, out),
            Exact::Halves(h) => h.sample_generators(rngs, out),
            Exact::Cells(_) => unreachable!("a cell is counted whole"),
        }
    }
}

/// Whether a set goes to the halves first: three or four counted seats and points somewhere
/// (pure shape problems keep the chain's states small, and it samples faster).
pub(crate) fn halves_first(set: &ConstraintSet, cands: &[Seat]) -> bool {
    cands.len() >= 3
        && (cands.iter().any(|&s| !set.seat(s).points.is_empty())
            || set
                .pairs
                .iter()
                .any(|p| matches!(p.kind, crate::conditions::PairKind::Points(_))))
}

/// A sampler of deals meeting a [`ConstraintSet`], uniform over those deals.
#[derive(Debug, Clone)]
pub struct Dealer {
    /// The set counted: the one given, or the same deals with a fit moved
    /// ([`crate::fit_complement`]).
    set: ConstraintSet,
    /// The partnership of each pair condition as written (a moved fit names the other).
    written_pairs: Vec<Pair>,
    tables: Exact,
    reject_seats: Vec<Seat>,
    reject_pairs: Vec<usize>,
    /// Why the count is not whole (see [`Count::why`]).
    why: Option<String>,
    /// The whole set's count, cell by cell, when the tables deal it in part.
    whole: Option<Whole>,
    options: Options,
    tries: u64,
    accepted: u64,
}

/// Why the tables of `seats` could not be built, in words: "counting North, East, South
/// and West together needs tables larger than their memory bound (144 MB)", or "… needs 17
/// tracked totals, more than the 16 the tables hold". `None` for an error that is not about
/// size (the set is then refused).
fn budget_reason(e: &TablesError, seats: &[Seat]) -> Option<String> {
    let need = match e {
        TablesError::Budget {
            budget,
            memory,
            bound,
            ..
        } => over_what(*memory, *budget, *bound),
        TablesError::TooManyCounters { count, max } => {
            format!("{count} tracked totals, more than the {max} the tables hold")
        }
        _ => return None,
    };
    let names: Vec<&str> = seats.iter().map(|s| s.name()).collect();
    let list = match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    };
    Some(format!("counting {list} together needs {need}"))
}

/// True for the errors that fewer seats may avoid (size, not meaning).
fn too_big(e: &TablesError) -> bool {
    matches!(
        e,
        TablesError::Budget { .. } | TablesError::TooManyCounters { .. }
    )
}

/// Whether the two partnerships must hold more than 13 cards of some suit together: each
/// holds at least its one-suit fit's least length there, and at least what its two seats'
/// shapes hold at least (`ns: fit 8+ diamonds` beside `ew: fit 8+ diamonds`; `north:
/// spades 7+` beside `ew: fit 7+ spades`). Answered at once; the tables would count the
/// seats they can take, and rejection would never keep a deal.
fn more_than_a_suit(set: &ConstraintSet) -> bool {
    let least = |seat: Seat, suit: usize| -> u32 {
        set.seat(seat)
            .shapes
            .iter()
            .map(|shape| u32::from(shape[suit]))
            .min()
            .unwrap_or(0)
    };
    (0..4).any(|suit| {
        let held = |pair: Pair| -> u32 {
            let [a, b] = pair.seats();
            let fit = set
                .pairs
                .iter()
                .filter(|p| p.pair == pair)
                .filter_map(|p| match p.kind {
                    PairKind::Fit { min, suits, .. } if suits == 1 << suit => Some(u32::from(min)),
                    _ => None,
                })
                .max()
                .unwrap_or(0);
            fit.max(least(a, suit) + least(b, suit))
        };
        held(Pair::NorthSouth) + held(Pair::EastWest) > 13
    })
}

pub(crate) fn candidates(set: &ConstraintSet) -> Vec<Seat> {
    Seat::ALL
        .into_iter()
        .filter(|s| {
            set.seat(*s).constrained || set.pairs.iter().any(|p| p.pair.seats().contains(s))
        })
        .collect()
}

impl Dealer {
    /// Builds the dealer (deterministic: no randomness is used here).
    pub fn new(written: &ConstraintSet, options: Options) -> Result<Dealer, BuildError> {
        // The same deals with a fit moved to the other side where that counts fewer seats.
        let moved = crate::fit_complement::moved(written);
        let set = moved.as_ref().unwrap_or(written);
        let cands = candidates(set);
        for &s in &cands {
            if set.seat(s).shapes.is_empty() {
                return Err(BuildError::NoDeal {
                    culprit: Culprit::Seat(s),
                });
            }
        }
        if more_than_a_suit(set) {
            return Err(BuildError::NoDeal {
                culprit: Culprit::Together,
            });
        }
        // A seat no hand can satisfy is answered at once, before the joint tables (which can
        // take seconds to come out empty): one seat's tables are small.
        if cands.len() > 1 {
            for &s in &cands {
                if Tables::new(set, &[s], SEAT_CHECK_BUDGET).is_ok_and(|t| t.tuples() == 0) {
                    return Err(BuildError::NoDeal {
                        culprit: Culprit::Seat(s),
                    });
                }
            }
        }
        let mut why = None;
        let mut whole = None;
        // A fit over several suits on a partnership asked nothing else is counted on the
        // other side's seats, in disjoint cells (where they fit their bounds).
        let moved_fit = crate::fit_complement::moved_cells(set)
            .and_then(|m| Cells::new(&m.cells, &m.seats(), options.budget).map(|c| (m.pair, c)));
        let covered = moved_fit.as_ref().map(|m| m.0);
        // A set with fits may also be counted in cells without fits.
        let cells = crate::fit_cells::cells(set);
        let tables = match (moved_fit, &cells) {
            (Some((_, c)), _) => Ok(Exact::Cells(Box::new(c))),
            (None, Some(sets)) => joint_or_cells(set, sets, &cands, options.budget),
            (None, None) => exact_tables(
                set,
                &cands,
                options.budget,
                u64::MAX,
                MAX_TABLE_BYTES,
                Reach::Wide,
            ),
        };
        let tables = match tables {
            Ok(t) => t,
            Err(e) if too_big(&e) && options.fallback => {
                why = budget_reason(&e, &cands);
                let fewer = Self::fallback(set, &cands, options.budget)?;
                // Dealt in part; counted whole where its cells can be, one at a time.
                whole = cells.as_deref().filter(|_| options.whole).and_then(|sets| {
                    let budget = options.budget.saturating_mul(WHOLE_BUDGET_FACTOR);
                    count_cells(sets, &cands, budget)
                });
                Exact::Chain(Box::new(fewer))
            }
            Err(e) => return Err(e.into()),
        };
        if tables.tuples() == 0 || whole.as_ref().is_some_and(|w| w.deals == 0) {
            return Err(BuildError::NoDeal {
                culprit: Self::culprit(written, &candidates(written), options.budget),
            });
        }
        let exact = tables.seats().to_vec();
        // A fit the cells count moved is met by every deal they draw: its seats, asked
        // nothing else, are not candidates.
        let counted = match covered {
            Some(i) => {
                let mut rest = set.clone();
                rest.pairs.remove(i);
                candidates(&rest)
            }
            None => cands,
        };
        let reject_seats = counted
            .iter()
            .copied()
            .filter(|s| !exact.contains(s))
            .collect();
        let reject_pairs = (0..set.pairs.len())
            .filter(|&i| Some(i) != covered)
            .filter(|&i| !set.pairs[i].pair.seats().iter().all(|s| exact.contains(s)))
            .collect();
        Ok(Dealer {
            set: set.clone(),
            written_pairs: written.pairs.iter().map(|p| p.pair).collect(),
            tables,
            reject_seats,
            reject_pairs,
            why,
            whole,
            options,
            tries: 0,
            accepted: 0,
        })
    }

    fn fallback(set: &ConstraintSet, cands: &[Seat], budget: u64) -> Result<Tables, BuildError> {
        let mut scored = Vec::new();
        for &s in cands {
            let t = Tables::new(set, &[s], budget)?;
            if t.tuples() == 0 {
                return Err(BuildError::NoDeal {
                    culprit: Culprit::Seat(s),
                });
            }
            scored.push((t.deals(), s));
        }
        scored.sort();
        for m in (1..scored.len()).rev() {
            let seats: Vec<Seat> = scored[..m].iter().map(|x| x.1).collect();
            match Tables::new(set, &seats, budget) {
                Ok(t) => return Ok(t),
                Err(e) if too_big(&e) => continue,
                Err(e) => return Err(e.into()),
            }
        }
        Ok(Tables::new(set, &[scored[0].1], budget)?)
    }

    fn culprit(set: &ConstraintSet, cands: &[Seat], budget: u64) -> Culprit {
        let zero = |seats: &[Seat]| Tables::new(set, seats, budget).is_ok_and(|t| t.tuples() == 0);
        if let Some(&s) = cands.iter().find(|&&s| zero(&[s])) {
            return Culprit::Seat(s);
        }
        for p in &set.pairs {
            if zero(&p.pair.seats()) {
                return Culprit::Pair(p.pair);
            }
        }
        Culprit::Together
    }

    /// The set the dealer counts and draws from: the one it was built with, or the same
    /// deals with a fit in one suit moved to the other partnership where that counts fewer
    /// seats ([`crate::fit_complement`]).
    pub fn set(&self) -> &ConstraintSet {
        &self.set
    }

    /// The exact count and what it covers.
    pub fn count(&self) -> Count {
        Count {
            exact_seats: self.tables.seats().to_vec(),
            hands: self.tables.tuples(),
            deals: self.tables.deals(),
            rejected_seats: self.reject_seats.clone(),
            rejected_pairs: self
                .reject_pairs
                .iter()
                .map(|&i| self.written_pairs[i])
                .collect(),
            why: self.why.clone(),
            whole: self.whole.clone(),
        }
    }

    /// The chain's counting tables (for statistics and diagnostics), or `None` when the set
    /// is counted by halves ([`Dealer::halves`]).
    pub fn tables(&self) -> Option<&Tables> {
        match &self.tables {
            Exact::Chain(t) => Some(t),
            Exact::Halves(_) | Exact::Cells(_) => None,
        }
    }

    /// The halves' tables, when the set is counted by halves.
    pub fn halves(&self) -> Option<&Halves> {
        match &self.tables {
            Exact::Chain(_) | Exact::Cells(_) => None,
            Exact::Halves(h) => Some(h),
        }
    }

    /// The sets of the cells the dealer counts, when it counts in cells: cells without fits
    /// ([`crate::fit_cells`]), or a fit moved to the other partnership as cells of one-suit
    /// fits ([`crate::fit_complement::moved_cells`]). Cells with no deal are left out.
    pub fn cell_sets(&self) -> Option<&[ConstraintSet]> {
        match &self.tables {
            Exact::Cells(c) => Some(&c.sets),
            _ => None,
        }
    }

    /// How many cells without fits the set is counted in ([`crate::fit_cells`]), or `None`
    /// when it is counted whole (by the chain or by halves).
    pub fn cells(&self) -> Option<usize> {
        match &self.tables {
            Exact::Cells(c) => Some(c.parts.len()),
            _ => None,
        }
    }

    /// Draws a deal uniformly among those meeting every condition.
    pub fn sample<R: RngCore + ?Sized>(&mut self, rng: &mut R) -> Result<Deal, SampleError> {
        self.sample_filtered(rng, |_| true)
    }

    /// Draws a deal uniformly among those meeting every condition and `extra`, which is
    /// applied by rejection after exact sampling.
    pub fn sample_filtered<R: RngCore + ?Sized, F: Fn(&Deal) -> bool>(
        &mut self,
        rng: &mut R,
        extra: F,
    ) -> Result<Deal, SampleError> {
        for _ in 0..self.options.max_tries {
            let mut one = Vec::with_capacity(1);
            self.tables.sample_batch(rng, 1, &mut one);
            let Some(d) = one.pop() else {
                break;
            };
            self.tries += 1;
            if self.accepts(&d, &extra) {
                self.accepted += 1;
                return Ok(d);
            }
        }
        Err(self.too_rare())
    }

    /// `n` deals meeting every condition, onto `out`: exactly the deals of `n` calls of
    /// [`Dealer::sample`], with `rng` left in the same state, but faster — the tables draw
    /// their deals in batches (each deal from its own generator keyed by `rng`, see
    /// [`Tables::sample_batch`]), never more at a time than the deals still wanted, so no
    /// key is drawn that `n` calls would not draw. On an error, `out` holds the deals that
    /// came before it, as the calls would have returned them.
    pub fn sample_many<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        n: usize,
        out: &mut Vec<Deal>,
    ) -> Result<(), SampleError> {
        let batch = self.tables.batch();
        let mut drawn = Vec::with_capacity(n.min(batch));
        // Draws since the last deal accepted (as `sample` counts its tries).
        let mut tries = 0u64;
        let mut got = 0;
        while got < n {
            let want = (n - got).min(batch);
            drawn.clear();
            self.tables.sample_batch(rng, want, &mut drawn);
            if drawn.len() < want {
                return Err(self.too_rare());
            }
            for d in drawn.drain(..) {
                self.tries += 1;
                tries += 1;
                if self.accepts(&d, &|_: &Deal| true) {
                    self.accepted += 1;
                    tries = 0;
                    got += 1;
                    out.push(d);
                } else if tries >= self.options.max_tries {
                    return Err(self.too_rare());
                }
            }
        }
        Ok(())
    }

    /// Whether a deal drawn from the tables meets the conditions applied by rejection and
    /// `extra`.
    fn accepts<F: Fn(&Deal) -> bool>(&self, d: &Deal, extra: &F) -> bool {
        self.reject_seats
            .iter()
            .all(|s| self.set.seat(*s).accepts(d.hand(*s)))
            && self
                .reject_pairs
                .iter()
                .all(|&i| self.set.pairs[i].accepts(d))
            && extra(d)
    }

    /// The error after too many draws without a deal, with the acceptance rate so far.
    fn too_rare(&self) -> SampleError {
        let rate = if self.accepted == 0 {
            3.0 / self.tries.max(1) as f64
        } else {
            self.accepted as f64 / self.tries as f64
        };
        SampleError::TooRare {
            tries: self.options.max_tries,
            accepted: self.accepted,
            rate,
        }
    }

    /// Draws so far and how many were accepted (equal when everything is exact).
    pub fn acceptance(&self) -> (u64, u64) {
        (self.tries, self.accepted)
    }
}
