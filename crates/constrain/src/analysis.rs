//! The "how many deals meet this file?" use case: the exact count of a plain set, or of each
//! category of a levelled set, with what (if anything) the engine had to leave to rejection.
//!
//! `fairdeal count` prints it and the Constrain page shows it live (computed in its worker);
//! both call [`analyse`] with [`COUNT_OPTIONS`], so the same text gives the same figures in
//! both front ends. A set the engine cannot count whole also gets an acceptance rate measured
//! on a few draws from a fixed stream ([`PILOT_DRAWS`] draws, ChaCha8 keyed by 1), so that
//! figure too is the same everywhere. A set with fits the dealing tables take only in part
//! may still be counted whole, cell by cell ([`crate::Count::whole`]): the count is then
//! exact, and [`SetCount::dealing`] says what dealing leaves to rejection and the exact
//! share of draws kept.
//!
//! Panic policy: no panics; impossible sets and compile errors are [`AnalysisError`]s naming
//! the category.

use crate::{BuildError, CompileError, ConstraintSet, Dealer, Options, Spec};
use fairdeal_model::Seat;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use thiserror::Error;

/// The engine options every count is made with: the engine's default table budget, and a
/// small try limit (it bounds only the pilot draws of a set counted in part).
pub const COUNT_OPTIONS: Options = Options {
    budget: 200_000_000,
    max_tries: 20_000,
    fallback: true,
    whole: true,
};

/// Draws used to measure the acceptance rate of a set counted only in part.
pub const PILOT_DRAWS: u32 = 20;

/// The count of one set (a plain file, or one category).
#[derive(Debug, Clone, PartialEq)]
pub struct SetCount {
    /// Seats counted exactly (N E S W order).
    pub exact_seats: Vec<Seat>,
    /// Ordered tuples of hands of `exact_seats` meeting their conditions.
    pub hands: u128,
    /// Deals meeting every exactly counted condition.
    pub deals: u128,
    /// The probability of a random deal meeting the counted conditions, reduced.
    pub fraction: (u128, u128),
    /// The same in percent.
    pub percent: f64,
    /// What is applied by rejection, by name (`south`, `NS`), empty when the count is exact.
    pub rejected: Vec<String>,
    /// For a count made in part: (draws tried, draws kept) on the pilot stream.
    pub acceptance: Option<(u64, u64)>,
    /// For a count made in part: why the rest is not counted ([`crate::Count::why`]).
    pub why: Option<String>,
    /// For a set counted whole but dealt in part ([`crate::Count::whole`]): what dealing
    /// leaves to rejection (`None` when the dealer's tables take every counted condition).
    pub dealing: Option<Box<Rejection>>,
}

/// How a set counted whole is dealt when its tables cannot take every condition: from the
/// tables of fewer seats, keeping the deals that meet the rest.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejection {
    /// The conditions applied by rejection, by name (`east`, `ew`).
    pub conditions: Vec<String>,
    /// The deals meeting every condition and the deals the tables draw from: their ratio
    /// is the exact share of draws kept.
    pub kept: (u128, u128),
    /// Why the tables do not take every condition ([`crate::Count::why`]).
    pub why: Option<String>,
}

impl Rejection {
    /// The share of draws kept, in percent.
    pub fn percent(&self) -> f64 {
        self.kept.0 as f64 / self.kept.1 as f64 * 100.0
    }
}

impl SetCount {
    /// True if every condition is in the count.
    pub fn is_exact(&self) -> bool {
        self.rejected.is_empty()
    }
}

/// One category of a levelled file.
#[derive(Debug, Clone, PartialEq)]
pub struct CategoryCount {
    /// Its name.
    pub name: String,
    /// Its weight.
    pub weight: u32,
    /// Its count.
    pub count: SetCount,
}

/// The answer for a whole file.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysis {
    /// A plain file's count.
    Plain(SetCount),
    /// A levelled file: every category, in file order.
    Levelled(Vec<CategoryCount>),
}

/// Why a file has no count.
#[derive(Debug, Error)]
pub enum AnalysisError {
    /// The conditions do not compile (contradictory or impossible as written).
    #[error("{prefix}{reason}", prefix = category_prefix(.category))]
    Compile {
        /// The category (levelled files).
        category: Option<String>,
        /// Why (shown in this error's message, so not chained as a source).
        reason: CompileError,
    },
    /// No deal meets the conditions, or they cannot be counted at all.
    #[error("{prefix}{reason}", prefix = category_prefix(.category))]
    Build {
        /// The category (levelled files).
        category: Option<String>,
        /// Why (shown in this error's message, so not chained as a source).
        reason: BuildError,
    },
}

fn category_prefix(category: &Option<String>) -> String {
    match category {
        Some(name) => format!("category `{name}`: "),
        None => String::new(),
    }
}

impl AnalysisError {
    /// True when the set is impossible (no deal meets it), as opposed to uncountable.
    pub fn is_impossible(&self) -> bool {
        matches!(
            self,
            AnalysisError::Compile { .. }
                | AnalysisError::Build {
                    reason: BuildError::NoDeal { .. },
                    ..
                }
        )
    }
}

/// Counts one compiled set.
pub fn count_set(set: &ConstraintSet) -> Result<SetCount, BuildError> {
    let mut dealer = Dealer::new(set, COUNT_OPTIONS)?;
    let count = dealer.count();
    let rejected: Vec<String> = count
        .rejected_seats
        .iter()
        .map(|s| s.name().to_string())
        .chain(count.rejected_pairs.iter().map(|p| p.to_string()))
        .collect();
    if let Some(whole) = count.whole {
        return Ok(SetCount {
            fraction: whole.probability(),
            percent: whole.percent(),
            exact_seats: whole.seats,
            hands: whole.hands,
            deals: whole.deals,
            rejected: Vec::new(),
            acceptance: None,
            why: None,
            dealing: Some(Box::new(Rejection {
                conditions: rejected,
                kept: (whole.deals, count.deals),
                why: count.why,
            })),
        });
    }
    let acceptance = (!count.is_exact()).then(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..PILOT_DRAWS {
            if dealer.sample(&mut rng).is_err() {
                break;
            }
        }
        dealer.acceptance()
    });
    Ok(SetCount {
        fraction: count.probability(),
        percent: count.percent(),
        exact_seats: count.exact_seats,
        hands: count.hands,
        deals: count.deals,
        rejected,
        acceptance,
        why: count.why,
        dealing: None,
    })
}

/// The number of categories [`analyse_category`] takes for `spec` (1 for a plain file).
pub fn parts(spec: &Spec) -> usize {
    spec.categories.len().max(1)
}

/// Counts part `i` of `spec` (the whole set of a plain file, or category `i`): one step of
/// [`analyse`], for callers that report progress between categories.
pub fn analyse_category(spec: &Spec, i: usize) -> Result<CategoryCount, AnalysisError> {
    let (category, name, weight) = match spec.categories.get(i) {
        Some(c) => (Some(i), Some(c.name.clone()), c.weight),
        None => (None, None, 1),
    };
    let set = spec
        .constraints(category)
        .map_err(|reason| AnalysisError::Compile {
            category: name.clone(),
            reason,
        })?;
    let count = count_set(&set).map_err(|reason| AnalysisError::Build {
        category: name.clone(),
        reason,
    })?;
    Ok(CategoryCount {
        name: name.unwrap_or_default(),
        weight,
        count,
    })
}

/// Assembles the parts [`analyse_category`] returned, in order.
pub fn assemble(spec: &Spec, mut parts: Vec<CategoryCount>) -> Analysis {
    if spec.categories.is_empty() && parts.len() == 1 {
        Analysis::Plain(parts.remove(0).count)
    } else {
        Analysis::Levelled(parts)
    }
}

/// Counts a parsed file: the set, or every category; the first failure stops it.
pub fn analyse(spec: &Spec) -> Result<Analysis, AnalysisError> {
    let parts = (0..parts(spec))
        .map(|i| analyse_category(spec, i))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(assemble(spec, parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    #[test]
    fn plain_count_is_exact_for_one_seat() {
        let spec = parse("north: hcp 20-21\n").unwrap();
        let Analysis::Plain(c) = analyse(&spec).unwrap() else {
            panic!("a plain file gives a plain count")
        };
        assert!(c.is_exact());
        assert_eq!(c.acceptance, None);
        assert_eq!(c.why, None);
        // Deals with North 20-21 HCP: a fraction of every deal, reduced.
        assert_eq!(c.deals * c.fraction.1, crate::ALL_DEALS * c.fraction.0);
        assert_eq!(c.exact_seats, vec![Seat::North]);
    }

    #[test]
    fn levelled_file_counts_every_category_in_order() {
        let spec =
            parse("category easy weight 3\nnorth: hcp 12-14\ncategory hard\nnorth: hcp 20+\n")
                .unwrap();
        let Analysis::Levelled(list) = analyse(&spec).unwrap() else {
            panic!("a levelled file gives a list")
        };
        let names: Vec<_> = list.iter().map(|c| (c.name.as_str(), c.weight)).collect();
        assert_eq!(names, vec![("easy", 3), ("hard", 1)]);
        assert!(list[0].count.deals > list[1].count.deals);
    }

    #[test]
    fn impossible_set_names_its_category() {
        let spec = parse("category a\nnorth: hcp 10\ncategory b\nnorth: hcp 30\nsouth: hcp 11+\n")
            .unwrap();
        let e = analyse(&spec).unwrap_err();
        assert!(e.is_impossible(), "{e}");
        assert!(e.to_string().starts_with("category `b`: "), "{e}");
    }
}
