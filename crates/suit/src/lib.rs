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
pub use report::{decimal, Branch, Lie, Line, Solution, Step};

use report::{figures, first_text, lie_rows, wins_and_sum, Reader};
use search::Search;

/// Solves a problem.
pub fn solve(problem: &Problem) -> Result<Solution, SuitError> {
    solve_with(problem, None)
}

/// Solves a problem, calling `progress(positions)` now and then; when it returns `false` the
/// search stops with [`SuitError::Cancelled`].
pub fn solve_with(
    problem: &Problem,
    progress: Option<Box<dyn FnMut(usize) -> bool>>,
) -> Result<Solution, SuitError> {
    let mut search = Search::new(problem);
    search.on_progress = progress;
    let root = Search::start(problem);
    let root_id = search.solve(root)?;
    let (total, lies, weights) = lie_rows(problem, &search);
    let most = problem.north.count_ones().max(problem.south.count_ones()) as u8;
    let live = search.live(&root);
    let moves = search.moves(&root, &live);
    let reader = Reader {
        problem,
        search: &search,
        cache: Default::default(),
    };
    // An element's rank by the objective: (wins, expected sum) for a target, else the sum.
    let rank = |v: &[u8]| {
        let (wins, sum) = wins_and_sum(problem.objective, &v[..weights.len()], &weights);
        match problem.objective {
            Objective::Target(_) => (wins, sum),
            Objective::MaxExpected => (sum, 0),
        }
    };
    // The best element of each first play, by the objective.
    let mut lines: Vec<(u128, u128, usize, Line)> = Vec::new();
    let root_set = &search.sets[root_id as usize];
    for (o, (m, child, _)) in moves.iter().enumerate() {
        let best = best_element(
            root_set.iter().enumerate().filter(|(_, e)| {
                matches!(e.prov, search::Prov::Choose { option, .. } if option as usize == o)
            }),
            &rank,
        );
        // A first play none of whose lines is Pareto-optimal overall: solve it on its own.
        let (k0, k1, j, set_ofchild) = match best {
            Some((a, b, j)) => (a, b, j, false),
            None => {
                let child_id = search.memo[child];
                let bestc = best_element(search.sets[child_id as usize].iter().enumerate(), &rank);
                let (a, b, j) = bestc.unwrap_or((0, 0, 0));
                (a, b, j, true)
            }
        };
        let (v, steps, summary) = if set_ofchild {
            let child_id = search.memo[child];
            let e = &search.sets[child_id as usize][j];
            let text = reader.move_text(*m, 1);
            (
                e.v.clone(),
                reader.defender_then(text, child, j as u32, 1),
                reader.summary(&root, 0, Some((*m, *child, j as u32))),
            )
        } else {
            let e = &root_set[j];
            (
                e.v.clone(),
                reader.steps(&root, j as u32, 1),
                reader.summary(&root, j as u32, None),
            )
        };
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
    Ok(Solution {
        problem: problem.clone(),
        total,
        lies,
        lines: lines.into_iter().map(|l| l.3).collect(),
        positions: search.memo.len(),
    })
}

/// The highest-ranked of `elems` (index, element) as (rank, index); the first of equals.
fn best_element<'a>(
    elems: impl Iterator<Item = (usize, &'a search::Elem)>,
    rank: &impl Fn(&[u8]) -> (u128, u128),
) -> Option<(u128, u128, usize)> {
    let mut best: Option<(u128, u128, usize)> = None;
    for (j, e) in elems {
        let key = rank(&e.v);
        if best.is_none_or(|b| key > (b.0, b.1)) {
            best = Some((key.0, key.1, j));
        }
    }
    best
}
