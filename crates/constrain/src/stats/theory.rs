//! Exact expectations: the number of deals in every cell of a table, from the engine.
//!
//! [`Theory`] holds the constraint set(s) a sample was drawn from — one, or one per
//! category of a levelled set with its weight. For a table it builds counting tables that
//! also *observe* the table's quantities ([`crate::engine::Tables::observing`]) and reads
//! the exact count of deals for every value in one forward pass. The expectation is exact
//! (integers, `u128`) for a plain set and a weighted mixture of exact fractions for a
//! levelled one. A set the dealer counts by the two halves of the deck is observed by them
//! ([`Halves::observing`]: every seat's quantities exact, the third and fourth included).
//! A set whose every condition is on points is observed over its honour layouts
//! ([`super::honours`]: one seat's shape beside any points, on every seat — the case where
//! the chain's tables would exceed their memory bound, `north/east/south/west: hcp 10`).
//! The chain tries where both decline. A seat without conditions beside counted ones (the
//! third and fourth seats of a two-seat set) is not counted: its points or shape are read off
//! the cards the counted seats leave it, a hypergeometric draw (see [`Tables::observing`]);
//! two such seats in one table are counted. It is *not available* when the sample involves
//! conditions applied by rejection (the counts would ignore them) or when the observing
//! tables exceed the work budget or the engine's memory bound; [`Unavailable`] says which.
//! Tables that add seats or pool counts to the counted ones get at most [`QUICK_BUDGET`], so
//! that a table out of reach fails fast.
//!
//! *By narrowing.* Where those tables are out of reach for a seat's pattern or one of its
//! suit lengths (the patterns beside points on four seats, a seat's lengths beside a fit),
//! each cell is counted on its own: the set with that seat's shapes narrowed to the cell's
//! (`west: any 5431`, `west: hearts 3`), counted exactly as the dealer would count it. The
//! cells' counts are exact deals; they must add up to the set's own count, which is checked.
//! It costs one count per possible cell (up to 39 for a pattern), so [`Theory::advance`]
//! takes one cell at a time for callers that must stay responsive (the page's worker).
//!
//! *By fit cells.* A set the dealer counts in cells without fits ([`crate::fit_cells`]) is
//! observed the same way, cell by cell: each cell's distribution is counted as above (each is
//! a set without fits, most often within the tables' reach where the whole set is not), and
//! they are added up; where one cell fails, the whole set is tried.

use super::honours::{self, HONOUR_WORK};
use super::var::{pattern_index, TableSpec, Var};
use crate::conditions::ConstraintSet;
use crate::dealer::{candidates, halves_first, Dealer};
use crate::engine::{Observer, Tables, TablesError};
use crate::halves::Halves;
use crate::shape::ShapeSet;
use fairdeal_model::Seat;
use std::fmt;

/// The budget (DP steps) for tables that add unconditioned seats to conditioned ones.
pub const QUICK_BUDGET: u64 = 20_000_000;

/// The memory bound of each expectation's tables, below the engine's (kept for dealing): a
/// build that gives up holds about twice its bound at its peak, and the statistics try one
/// after another. Measured on the four-seat sets of docs/BENCHMARKS-constrain.md: with 112 MB
/// `fairdeal stats` peaks at 142–237 MB; with the full 144 MB it reached 313 MB.
pub const THEORY_TABLE_BYTES: usize = 112 << 20;

/// Why a table has no exact expectation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unavailable {
    /// Some conditions are applied by rejection, so the exact counts do not describe the sample.
    Rejection,
    /// The cells counted one by one do not add up to the set's count (a defect, never
    /// expected: reported rather than shown as exact).
    Inconsistent,
    /// Counted cell by cell (tried where the table's own tables are out of reach, which
    /// `direct` says why, when known), a cell is out of reach too (`cell`: its label and
    /// why), or else the cells would pass [`NARROW_WORK`].
    CellByCell {
        /// The table's cells.
        cells: usize,
        /// Why the table's own tables are out of reach.
        direct: Option<Box<Unavailable>>,
        /// The cell that could not be counted, and why.
        cell: Option<(String, TablesError)>,
    },
    /// Counting with the table's quantities kept apart is over the work budget or otherwise
    /// beyond the engine.
    Tables(TablesError),
}

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unavailable::Rejection => f.write_str(
                "exact expectation not available: some conditions are applied by rejection",
            ),
            Unavailable::Tables(e) => write!(f, "exact expectation not available: {e}"),
            Unavailable::Inconsistent => f.write_str(
                "exact expectation not available: the cells counted one by one do not add up to the set's count",
            ),
            Unavailable::CellByCell {
                cells,
                direct,
                cell,
            } => {
                match direct {
                    Some(d) => write!(f, "{d}; counted cell by cell, ")?,
                    None => f.write_str("exact expectation not available: counted cell by cell, ")?,
                }
                match cell {
                    Some((label, e)) => write!(f, "the cell {label} is out of reach too: {e}"),
                    None => write!(f, "its {cells} cells would pass the work bound"),
                }
            }
        }
    }
}

/// Exact deal counts per cell (plain sets only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExactCounts {
    /// Deals meeting the conditions with the quantities in each cell (unit: deals).
    pub deals: Vec<u128>,
    /// All deals meeting the conditions (the sum of `deals`).
    pub total: u128,
}

/// The expectation of a table.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    /// Probability of each cell.
    pub probs: Vec<f64>,
    /// The exact integers behind `probs`, for a plain (not levelled) set.
    pub exact: Option<ExactCounts>,
}

#[derive(Debug, Clone)]
struct Part {
    set: ConstraintSet,
    seats: Vec<Seat>,
    weight: u32,
    exact: bool,
    /// The set's exact count (deals), when `exact`.
    deals: u128,
    /// Counted by the two halves of the deck ([`Halves`]), whose observers come first.
    by_halves: bool,
    /// A part standing for one cell without fits of another part's set (not in the
    /// mixture; see [`Theory::push`]).
    sub: bool,
    /// For a set its dealer counts in cells without fits ([`crate::fit_cells`]): the parts of
    /// those cells, whose distributions add up to this part's.
    cells: Vec<usize>,
}

type Dist = Result<Vec<(Vec<u32>, u128)>, Unavailable>;

/// What a sample should follow: the constraint set(s) and their exact counting.
#[derive(Debug, Clone)]
pub struct Theory {
    parts: Vec<Part>,
    budget: u64,
    cache: Vec<(usize, Vec<Observer>, Dist)>,
    narrowed: Vec<Narrowing>,
}

/// A quantity of one part counted by narrowing (see the module doc): the cells counted so
/// far, in order, or why a cell could not be counted.
#[derive(Debug, Clone)]
struct Narrowing {
    part: usize,
    var: Var,
    cells: Vec<u128>,
    /// Cells counted by building tables, and their work (DP steps, or a halves' entries).
    counted: u64,
    work: u64,
    failed: Option<Unavailable>,
}

/// Most work for one table counted by narrowing: 300 M, about 10–20 seconds here. The work
/// of a cell is its DP steps, or for a count by halves [`HALVES_ENTRY_WORK`] per stored
/// entry. Measured (2026-11-28): North's pattern beside `ns: fit 8+ spades` with points on
/// two seats, 175 M in 6 s (39 builds of 0.1–0.25 s); West's, uncounted there, 405 M in
/// 30 s (each narrowed set counts a fourth seat), which gives up after its first cell.
pub const NARROW_WORK: u64 = 300_000_000;

/// The work charged per stored entry of a count by halves: 12 DP steps, as measured beside
/// `north: balanced, hcp 15-17` / `east: hcp 0-9` (narrowed to 4432: 663 k entries in
/// 0.75 s by halves; to 5431: 33.5 M steps in 2.9 s by the chain).
pub(crate) const HALVES_ENTRY_WORK: u64 = 12;

/// The quantity of a table that can be counted by narrowing: a seat's pattern or one of its
/// suit lengths ([`cell_shapes`]), alone in the table.
fn narrowable(table: &TableSpec) -> Option<Var> {
    match table.vars[..] {
        [v] => cell_shapes(v, 0).map(|_| v),
        _ => None,
    }
}

/// The seat of a quantity of the seat's shape and the shapes in its cell `cell` (`None` for
/// points).
fn cell_shapes(var: Var, cell: usize) -> Option<(Seat, ShapeSet)> {
    match var {
        Var::Pattern(seat) => Some((seat, ShapeSet::from_fn(|s| pattern_index(s) == cell))),
        Var::Length(seat, suit) => Some((
            seat,
            ShapeSet::from_fn(|s| usize::from(s[suit.index()]) == cell),
        )),
        Var::Hcp(_) | Var::PairHcp(_) => None,
    }
}

impl Theory {
    /// An empty theory; add parts with [`Theory::push`]. `budget` bounds each table build
    /// (DP steps, as [`crate::Options::budget`]).
    pub fn new(budget: u64) -> Theory {
        Theory {
            parts: Vec::new(),
            budget,
            cache: Vec::new(),
            narrowed: Vec::new(),
        }
    }

    /// Adds the set a dealer samples from ([`Dealer::set`], the set as it counts it), with a
    /// weight (1 for a plain set). A set the dealer counts in cells ([`Dealer::cell_sets`]:
    /// cells without fits, or a fit moved to the other side) is observed cell by cell too:
    /// each cell's distribution is counted as the dealer counts the cell, and they are added
    /// up (where one fails, the whole set is tried as before, on every seat it names).
    pub fn push(&mut self, dealer: &Dealer, weight: u32) {
        let set = dealer.set();
        let count = dealer.count();
        let cells = match dealer.cell_sets() {
            Some(sets) if count.is_exact() => sets.to_vec(),
            _ => Vec::new(),
        };
        let first = self.parts.len() + 1;
        self.parts.push(Part {
            set: set.clone(),
            exact: count.is_exact(),
            deals: count.deals,
            // Every seat the set names: the cells may count fewer (a fit moved to the other
            // side), and the set observed whole counts them all.
            seats: if count.is_exact() {
                candidates(set)
            } else {
                count.exact_seats.clone()
            },
            by_halves: dealer.halves().is_some(),
            weight,
            sub: false,
            cells: (first..first + cells.len()).collect(),
        });
        for cell in cells {
            self.parts.push(Part {
                by_halves: crate::dealer::halves_first(&cell, &count.exact_seats),
                set: cell,
                exact: true,
                deals: 0,
                seats: count.exact_seats.clone(),
                weight: 0,
                sub: true,
                cells: Vec::new(),
            });
        }
    }

    /// The parts of the mixture (the sets pushed, not their cells).
    fn top_parts(&self) -> Vec<usize> {
        (0..self.parts.len())
            .filter(|&p| !self.parts[p].sub)
            .collect()
    }

    /// The distribution of a part counted in cells: its cells' added up, or `None` when one
    /// of them is out of reach.
    fn by_cells(&mut self, part: usize, observers: &[Observer]) -> Option<Dist> {
        let mut sum: std::collections::BTreeMap<Vec<u32>, u128> = Default::default();
        for cell in self.parts[part].cells.clone() {
            for (values, n) in self.distribution(cell, observers).ok()? {
                *sum.entry(values).or_default() += n;
            }
        }
        Some(Ok(sum.into_iter().collect()))
    }

    fn distribution(&mut self, part: usize, observers: &[Observer]) -> Dist {
        if let Some(c) = self.cache.iter().find(|c| c.0 == part && c.1 == observers) {
            return c.2.clone();
        }
        if !self.parts[part].cells.is_empty() {
            if let Some(d) = self.by_cells(part, observers) {
                self.cache.push((part, observers.to_vec(), d.clone()));
                return d;
            }
        }
        // The halves and the honour count observe a seat's shape as cheaply as one length.
        if self.parts[part].by_halves || honours::applies(&self.parts[part].set) {
            if let Some(d) = self.by_shapes(part, observers) {
                return d;
            }
        }
        let p = &self.parts[part];
        // Counting an unconditioned seat together with conditioned ones is rarely within
        // reach; such builds get a small budget so that they fail fast.
        let adds_seats = observers
            .iter()
            .flat_map(Observer::seats)
            .any(|s| !p.seats.contains(&s));
        let budget = if adds_seats && !p.seats.is_empty() {
            self.budget.min(QUICK_BUDGET)
        } else {
            self.budget
        };
        // A set the dealer counts by halves is observed by halves; a set of point conditions
        // over its honours; where they decline (an observer past their bounds, a loose set
        // past the honours' work) the chain tries.
        let d = if !p.exact {
            Err(Unavailable::Rejection)
        } else if let Some(d) = p
            .by_halves
            .then(|| Halves::observing(&p.set, &p.seats, observers))
            .flatten()
        {
            Ok(d)
        } else if let Some(d) = honours::observing(&p.set, observers, HONOUR_WORK) {
            Ok(d)
        } else {
            Tables::observing_within(&p.set, &p.seats, budget, observers, THEORY_TABLE_BYTES)
                .map(Tables::into_distribution)
                .map_err(Unavailable::Tables)
        };
        self.cache.push((part, observers.to_vec(), d.clone()));
        d
    }

    /// For a set counted by halves or over its honours, where a seat's length is observed:
    /// the distribution with that seat's whole shape observed instead (either method does
    /// the same work for both), its lengths picked out. A seat's pattern and its four lengths then share one
    /// build. `None` when no length is observed, or the shapes are not available.
    fn by_shapes(&mut self, part: usize, observers: &[Observer]) -> Option<Dist> {
        let widened: Vec<Observer> = observers
            .iter()
            .map(|o| match *o {
                Observer::Length(s, _) => Observer::Shape(s),
                other => other,
            })
            .fold(Vec::new(), |mut v, o| {
                if !v.contains(&o) {
                    v.push(o);
                }
                v
            });
        if !observers.iter().any(|o| matches!(o, Observer::Length(..))) {
            return None;
        }
        let width = |o: &Observer| {
            if matches!(o, Observer::Shape(_)) {
                4
            } else {
                1
            }
        };
        // Where each observer's value sits in the widened vector.
        let picks: Vec<(usize, usize)> = observers
            .iter()
            .map(|o| {
                let (wide, skip) = match *o {
                    Observer::Length(s, suit) => (Observer::Shape(s), suit as usize),
                    other => (other, 0),
                };
                let i = widened.iter().position(|w| *w == wide).unwrap_or(0);
                let off: usize = widened[..i].iter().map(width).sum();
                let len = if matches!(o, Observer::Length(..)) {
                    1
                } else {
                    width(o)
                };
                (off + skip, len)
            })
            .collect();
        // Where the shapes are out of reach (the halves watch a seat's four lengths apart,
        // which may take a half out of its one-suit tables), the lengths are observed alone.
        let wide = self.distribution(part, &widened).ok()?;
        let mut narrow: std::collections::BTreeMap<Vec<u32>, u128> = Default::default();
        for (values, n) in wide {
            let v: Vec<u32> = picks
                .iter()
                .flat_map(|&(o, w)| values.get(o..o + w).unwrap_or(&[]).iter().copied())
                .collect();
            *narrow.entry(v).or_default() += n;
        }
        let d: Dist = Ok(narrow.into_iter().collect());
        self.cache.push((part, observers.to_vec(), d.clone()));
        Some(d)
    }

    /// The exact expectation of a table.
    pub fn expected(&mut self, table: &TableSpec) -> Result<Expected, Unavailable> {
        let mut observers: Vec<Observer> = Vec::new();
        for v in &table.vars {
            let o = v.observer();
            if !observers.contains(&o) {
                observers.push(o);
            }
        }
        let width = |o: &Observer| match o {
            Observer::Shape(_) => 4,
            Observer::Length(..) | Observer::Points(..) | Observer::PairPoints(..) => 1,
        };
        // Offset of each var's observer in an observed value vector.
        let offsets: Vec<(usize, usize)> = table
            .vars
            .iter()
            .map(|v| {
                let i = observers
                    .iter()
                    .position(|o| *o == v.observer())
                    .unwrap_or(0);
                let off: usize = observers[..i].iter().map(width).sum();
                (off, width(&observers[i]))
            })
            .collect();
        let cells = table.cells();
        let weight_sum: f64 = self.parts.iter().map(|p| f64::from(p.weight)).sum();
        let mut probs = vec![0.0; cells];
        let mut exact = None;
        let top = self.top_parts();
        for &part in &top {
            let deals = match (self.distribution(part, &observers), narrowable(table)) {
                (Ok(dist), _) => {
                    let mut deals = vec![0u128; cells];
                    for (values, n) in &dist {
                        let cell = table
                            .vars
                            .iter()
                            .zip(&offsets)
                            .fold(0, |acc, (v, &(o, w))| {
                                let slice = values.get(o..o + w).unwrap_or(&[]);
                                acc * v.cells() + v.cell_of_observed(slice).min(v.cells() - 1)
                            });
                        deals[cell] += n;
                    }
                    deals
                }
                (Err(Unavailable::Tables(_)), Some(var)) => {
                    while !self.narrow_step(part, var) {}
                    self.narrowed_counts(part, var)?
                }
                (Err(e), _) => return Err(e),
            };
            let total: u128 = deals.iter().sum();
            let w = f64::from(self.parts[part].weight) / weight_sum;
            for (p, d) in probs.iter_mut().zip(&deals) {
                if total > 0 {
                    *p += w * ratio(*d, total);
                }
            }
            if top.len() == 1 {
                exact = Some(ExactCounts { deals, total });
            }
        }
        Ok(Expected { probs, exact })
    }

    /// The exact counts of a table of one seat's pattern or one of its suit lengths counted
    /// cell by cell (see the module doc), whether or not the table's own tables are in reach:
    /// for comparing the two routes. `None` for any other table; the first part's counts for a
    /// levelled set.
    pub fn cell_by_cell(&mut self, table: &TableSpec) -> Option<Result<ExactCounts, Unavailable>> {
        let var = narrowable(table)?;
        if !self.parts.first()?.exact {
            return Some(Err(Unavailable::Rejection));
        }
        while !self.narrow_step(0, var) {}
        Some(self.narrowed_counts(0, var).map(|deals| ExactCounts {
            total: deals.iter().sum(),
            deals,
        }))
    }

    /// How far the count of `table` cell by cell has gone, while it is under way: cells
    /// counted and cells in all (`None` when the table is not being counted that way, or is
    /// done).
    pub fn cells_counted(&self, table: &TableSpec) -> Option<(usize, usize)> {
        let var = narrowable(table)?;
        self.narrowed
            .iter()
            .find(|n| n.var == var && n.failed.is_none() && n.cells.len() < var.cells())
            .map(|n| (n.cells.len(), var.cells()))
    }

    /// Does part of the work of [`Theory::expected`] for `table`: one cell of a table counted
    /// by narrowing, or else the whole expectation. True when `expected` will be immediate.
    pub fn advance(&mut self, table: &TableSpec) -> bool {
        if let Some(var) = narrowable(table) {
            for part in self.top_parts() {
                let direct = self.distribution(part, &[var.observer()]);
                if matches!(direct, Err(Unavailable::Tables(_))) && !self.narrow_step(part, var) {
                    return false;
                }
            }
        }
        let _ = self.expected(table);
        true
    }

    /// The cells of `var` in `part` counted by narrowing, once [`Theory::narrow_step`] says
    /// they are all done: their deals, or why not (a cell out of reach, or cells that do not
    /// add up to the set's count).
    fn narrowed_counts(&self, part: usize, var: Var) -> Result<Vec<u128>, Unavailable> {
        let n = self
            .narrowed
            .iter()
            .find(|n| n.part == part && n.var == var)
            .ok_or(Unavailable::Inconsistent)?;
        if let Some(e) = &n.failed {
            return Err(e.clone());
        }
        let total: u128 = n.cells.iter().sum();
        debug_assert_eq!(total, self.parts[part].deals, "{var:?} narrowed");
        if total != self.parts[part].deals || n.cells.len() != var.cells() {
            return Err(Unavailable::Inconsistent);
        }
        Ok(n.cells.clone())
    }

    /// Counts the next cell of `var` in `part` by narrowing; true when every cell is counted
    /// or one could not be (the rest are then not tried).
    fn narrow_step(&mut self, part: usize, var: Var) -> bool {
        let at = match self
            .narrowed
            .iter()
            .position(|n| n.part == part && n.var == var)
        {
            Some(at) => at,
            None => {
                self.narrowed.push(Narrowing {
                    part,
                    var,
                    cells: Vec::new(),
                    counted: 0,
                    work: 0,
                    failed: None,
                });
                self.narrowed.len() - 1
            }
        };
        let n = &self.narrowed[at];
        if n.failed.is_some() || n.cells.len() == var.cells() {
            return true;
        }
        let cell = n.cells.len();
        let counted = self.count_cell(part, var, cell);
        // The cells still to count that some deal may fall in (a shape the seat's own
        // conditions exclude costs nothing).
        let set = &self.parts[part].set;
        let left = (cell + 1..var.cells())
            .filter_map(|c| cell_shapes(var, c))
            .filter(|(seat, shapes)| !set.seats[seat.index()].shapes.intersect(*shapes).is_empty())
            .count() as u64;
        let direct = self
            .cache
            .iter()
            .find(|c| c.0 == part && c.1 == [var.observer()])
            .and_then(|c| c.2.clone().err())
            .map(Box::new);
        let n = &mut self.narrowed[at];
        match counted {
            Ok((deals, work)) => {
                n.cells.push(deals);
                if work > 0 {
                    n.counted += 1;
                    n.work += work;
                }
                // The work so far and each cell left reckoned at the mean of those counted so
                // far (the first, the most frequent shapes, is among the dearest), so that a
                // table out of reach gives up after its first cells rather than its last.
                let expected = n.work + n.work / n.counted.max(1) * left;
                if expected > NARROW_WORK {
                    n.failed = Some(Unavailable::CellByCell {
                        cells: var.cells(),
                        direct,
                        cell: None,
                    });
                }
            }
            Err(Unavailable::Tables(e)) => {
                n.failed = Some(Unavailable::CellByCell {
                    cells: var.cells(),
                    direct,
                    cell: Some((
                        match var {
                            Var::Length(..) => format!("of length {cell}"),
                            _ => var.label(cell),
                        },
                        e,
                    )),
                })
            }
            Err(e) => n.failed = Some(e),
        }
        n.failed.is_some() || n.cells.len() == var.cells()
    }

    /// The deals of `part` whose `var` falls in `cell`: the set narrowed to the cell's shapes,
    /// counted on every seat with a condition (by halves where the dealer would use them,
    /// else by the chain within the statistics' budget and memory bound), and the work it
    /// took (0 for a cell the seat's own shapes exclude).
    fn count_cell(&self, part: usize, var: Var, cell: usize) -> Result<(u128, u64), Unavailable> {
        let (seat, shapes) = cell_shapes(var, cell).ok_or(Unavailable::Inconsistent)?;
        let mut set = self.parts[part].set.clone();
        let conditions = &mut set.seats[seat.index()];
        conditions.shapes = conditions.shapes.intersect(shapes);
        if conditions.shapes.is_empty() {
            return Ok((0, 0));
        }
        conditions.constrained = true;
        let seats = candidates(&set);
        if halves_first(&set, &seats) {
            if let Some(h) = Halves::new(&set, &seats) {
                return Ok((h.deals(), (h.entries() as u64).max(1) * HALVES_ENTRY_WORK));
            }
        }
        Tables::observing_within(&set, &seats, self.budget, &[], THEORY_TABLE_BYTES)
            .map(|t| (t.deals(), t.work().max(1)))
            .map_err(Unavailable::Tables)
    }

    /// The exact mean and standard deviation of a numeric quantity.
    pub fn moments(&mut self, v: Var) -> Result<(f64, f64), Unavailable> {
        let e = self.expected(&TableSpec::one(v))?;
        let mean: f64 = e
            .probs
            .iter()
            .enumerate()
            .map(|(i, p)| v.value(i) * p)
            .sum();
        let var: f64 = e
            .probs
            .iter()
            .enumerate()
            .map(|(i, p)| (v.value(i) - mean).powi(2) * p)
            .sum();
        Ok((mean, var.max(0.0).sqrt()))
    }
}

/// a / b as a float (each converts with relative error below 2^-53).
fn ratio(a: u128, b: u128) -> f64 {
    a as f64 / b as f64
}
