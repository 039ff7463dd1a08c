//! Suit combinations: given North's and South's cards in one suit, the line of play that
//! gives the best chance of a target number of tricks (or the most tricks on average), found
//! by exhaustive search over every lie of the defenders' cards.
//!
//! The model (the standard single-suit one): each lie of the `n` missing cards is weighted by
//! its a-priori probability under vacant places (West holding `k` of them: `C(W+E−n, W−k)` out
//! of `C(W+E, W)`, `W = E = 13` unless the auction says otherwise); declarer's line may depend
//! only on what declarer has seen; the defenders know the lie and the line and play to
//! minimise declarer's result. Leads come from either hand at the start; later, leading from a
//! hand that did not win the last trick uses an entry to it (unless entries are unlimited).
//! See [`search`] for how the search keeps it exact and small.
//!
//! * [`Problem`] — the holdings (`AQ10x`, `x` = the lowest unused spots), entries, vacant
//!   places, objective.
//! * [`solve`] — the [`Solution`]: the best line in words ([`Step`]s), its chance and expected
//!   tricks as exact [`Fraction`](fairdeal_prob::Fraction)s, the best line of each first
//!   play, the table of lies; [`Solution::text`] and [`Solution::csv`] are what `fairdeal suit`
//!   prints and the `/suit` page shows.
//!
//! Panic policy: no input panics; bad input is a [`SuitError`] naming the holding and column.
#![warn(missing_docs)]
#![forbid(unsafe_code)]

mod error;
pub mod problem;
mod report;
mod search;
mod summary;

pub use error::SuitError;
pub use problem::{Entries, Objective, Problem, ProblemText, Side, Vacant};
pub use report::{decimal, Below, Branch, Lie, Line, Solution, Step};

use fairdeal_prob::Fraction;
use report::{figures, first_text, lie_rows, rank, Reader};
use search::Search;

/// Solves a problem.
pub fn solve(problem: &Problem) -> Result<Solution, SuitError> {
    solve_with(problem, None)
}

/// Solves a problem, calling `progress(positions)` now and then; when it returns `false` the
/// search stops with [`SuitError::Cancelled`].
///
/// The full search (every first play's best line) runs first, within [`FULL_WORK`]; a holding
/// past it goes on above a floor as [`solve_floored`] does (the best line exactly, and every
/// first play's line that can match it), keeping the positions the full search finished;
/// the report names the first plays it left out.
pub fn solve_with(
    problem: &Problem,
    progress: Option<Box<dyn FnMut(usize) -> bool>>,
) -> Result<Solution, SuitError> {
    let mut search = Search::new(problem);
    search.on_progress = progress;
    search.limit_work(FULL_WORK);
    // Each position's ideal, for the beam search that follows if the budget runs out.
    search.ideals = Some(Vec::new());
    match search.solve(Search::start(problem)) {
        Ok(_) => Ok(report_of(problem, &search, None)),
        Err(SuitError::TooLarge { .. }) => {
            // The positions the full search finished keep their full sets (a superset of
            // what the search above the floor keeps there, which changes nothing above it).
            search.limit_work(u64::MAX);
            floored(problem, search)
        }
        Err(e) => Err(e),
    }
}

/// The full search alone, with no budget but the search's own guards: every first play's best
/// line however long it takes (or [`SuitError::TooLarge`]); `fairdeal suit --full`.
pub fn solve_exhaustive(
    problem: &Problem,
    progress: Option<Box<dyn FnMut(usize) -> bool>>,
) -> Result<Solution, SuitError> {
    let mut search = Search::new(problem);
    search.on_progress = progress;
    search.solve(Search::start(problem))?;
    Ok(report_of(problem, &search, None))
}

/// The work (the search's units: vector entries built, words compared or ANDed) the full
/// search may spend before [`solve_with`] goes on above a floor: about 0.1-0.3 s natively
/// (K3 / 10975 needs 125 M in all, the slowest holdings billions). A unit count, not a clock,
/// so the page and the CLI give the same report.
pub const FULL_WORK: u64 = 60_000_000;

/// Vectors kept per position by the beam search that finds [`solve_floored`]'s floor.
const BEAM: usize = 24;

/// Solves a problem keeping only the lines that can rank at least as high as a line a beam
/// search finds first (see `search::floor`): the best line exactly, and the best line of each
/// first play that reaches that floor, each the same as [`solve`]'s full search gives; the
/// other first plays are named in [`Solution::below`]. Two searches: a beam search (the
/// floor, and the most tricks any line takes on each lie), then the search above the floor.
pub fn solve_floored(
    problem: &Problem,
    progress: Option<Box<dyn FnMut(usize) -> bool>>,
) -> Result<Solution, SuitError> {
    let mut search = Search::new(problem);
    search.on_progress = progress;
    floored(problem, search)
}

/// [`solve_floored`] on `search`, whose finished positions (if any) are kept.
fn floored(problem: &Problem, mut search: Search) -> Result<Solution, SuitError> {
    let root = Search::start(problem);
    let mut beam = Search::new(problem);
    beam.on_progress = search.on_progress.take();
    let (_, _, weights) = lie_rows(problem, &beam);
    let most = problem.north.count_ones().max(problem.south.count_ones()) as u8;
    let lies = weights.len();
    // Ranks of at most C(26, 13) × 13 (see `Floor::pack`).
    let packed = |v: &[u8]| {
        let (first, second) = rank(problem.objective, v, &weights);
        search::floor::Floor::pack((first as u64, second as u64))
    };
    // A beam search: a floor (its best line), and the most any line takes on each lie (the
    // root's ideal).
    let mut floor = search::floor::Floor {
        weights: weights.iter().map(|&w| w as u64).collect(),
        objective: problem.objective,
        start: [problem.north.count_ones(), problem.south.count_ones()],
        least: 0,
        beam: Some(BEAM),
        cap: vec![most; lies],
        table: Vec::new(),
        capped: 0,
    };
    floor.ready();
    beam.floor = Some(std::rc::Rc::new(floor.clone()));
    beam.ideals = Some(Vec::new());
    // The positions `search` finished (the full search's, over its budget) are not searched
    // again: their sets give the beam its vectors, their ideals the caps.
    if let Some(ideals) = search.ideals.take() {
        beam.seed = Some(search::Seed {
            memo: std::mem::take(&mut search.memo),
            sets: std::mem::take(&mut search.sets),
            ideals,
        });
    }
    let root_id = beam.solve(root)?;
    floor.cap = beam.ideals.as_ref().expect("kept")[root_id as usize][..lies].to_vec();
    floor.ready();
    floor.least = beam
        .moves(&root, &beam.live(&root))
        .iter()
        .flat_map(|(_, child, _)| beam.sets.vectors(beam.memo[child]))
        .map(packed)
        .max()
        .unwrap_or(0);
    floor.beam = None;
    let least = floor.least;
    if let Some(seed) = beam.seed.take() {
        search.memo = seed.memo;
        search.sets = seed.sets;
    }
    // The search above the floor.
    search.on_progress = beam.on_progress.take();
    search.floor = Some(std::rc::Rc::new(floor));
    search.solve(root)?;
    Ok(report_of(problem, &search, Some(least)))
}

/// The report of a finished search: each first play's best line (the best element of its own
/// set), best first. With a floor, first plays with no vector left are named apart.
fn report_of(problem: &Problem, search: &Search, floor: Option<u64>) -> Solution {
    let root = Search::start(problem);
    let (total, lies, weights) = lie_rows(problem, search);
    let most = problem.north.count_ones().max(problem.south.count_ones()) as u8;
    let live = search.live(&root);
    let moves = search.moves(&root, &live);
    let reader = Reader {
        problem,
        search,
        cache: Default::default(),
    };
    let rank_of = |v: &[u8]| rank(problem.objective, v, &weights);
    // Each first play's best line: the best element of its own set (the first of equals in
    // the set's order). The best of them all is the root's best: a vector of the top rank is
    // dropped at the root only for an equal one of an earlier first play.
    let mut lines: Vec<(u128, u128, usize, Line)> = Vec::new();
    let mut unranked = Vec::new();
    for (o, (m, child, _)) in moves.iter().enumerate() {
        let child_id = search.memo[child];
        let Some((k0, k1, j)) = best_element(search.sets.vectors(child_id).enumerate(), &rank_of)
        else {
            // Above a floor: every line of this first play ranks below it.
            unranked.push(first_text(problem, *m));
            continue;
        };
        let e = search.sets.elem(child_id, j as u32);
        let text = reader.move_text(*m, 1);
        let (v, steps, summary) = (
            e.v.to_vec(),
            reader.defender_then(text, child, j as u32, 1),
            reader.summary(&root, 0, Some((*m, *child, j as u32))),
        );
        let (probability, expected, distribution, _, _) = figures(
            problem.objective,
            &v[..weights.len()],
            &weights,
            total,
            most,
        );
        lines.push((
            k0,
            k1,
            o,
            Line {
                first: first_text(problem, *m),
                summary,
                steps,
                probability,
                expected,
                tricks: v[..weights.len()].to_vec(),
                distribution,
            },
        ));
    }
    lines.sort_by(|a, b| (b.0, b.1).cmp(&(a.0, a.1)).then(a.2.cmp(&b.2)));
    let below = floor.map(|least| {
        let part = |x: u64| Fraction::new(u128::from(x), total).unwrap_or(Fraction::ZERO);
        let (first, second) = (least >> 32, least & 0xFFFF_FFFF);
        match problem.objective {
            Objective::Target(_) => Below {
                chance: Some(part(first)),
                expected: part(second),
                first_plays: unranked,
            },
            Objective::MaxExpected => Below {
                chance: None,
                expected: part(first),
                first_plays: unranked,
            },
        }
    });
    Solution {
        problem: problem.clone(),
        total,
        lies,
        lines: lines.into_iter().map(|l| l.3).collect(),
        positions: search.memo.len(),
        below,
    }
}

/// The highest-ranked of `vectors` (index, vector) as (rank, index); the first of equals.
fn best_element<'a>(
    vectors: impl Iterator<Item = (usize, &'a [u8])>,
    rank: &impl Fn(&[u8]) -> (u128, u128),
) -> Option<(u128, u128, usize)> {
    let mut best: Option<(u128, u128, usize)> = None;
    for (j, v) in vectors {
        let key = rank(v);
        if best.is_none_or(|b| key > (b.0, b.1)) {
            best = Some((key.0, key.1, j));
        }
    }
    best
}
