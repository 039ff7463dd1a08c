//! Where the missing honours are: a small query language over the layouts of missing cards
//! ([`Condition`]), exact probabilities of conditions in one suit or several
//! ([`probability`], [`probability_all`], [`probability_any`] for combined chances such as
//! "3-3 break or finesse"), charts of honour location, and restricted choice
//! ([`restricted_choice`]).
//!
//! Method: a layout is the set `S` of missing cards West holds; with `n` missing cards and
//! [`VacantPlaces`] `W`, `E` its probability is `C(W+E−n, W−|S|) / C(W+E, W)`. One suit has at
//! most 2^13 layouts, so they are enumerated; several suits are combined by convolving each
//! suit's count of satisfying layouts by West's share, which keeps the 13-card limit exact
//! (unlike "each card is a coin flip").

use serde::{Deserialize, Serialize};

use fairdeal_model::{Holding, Rank};

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::exact::{add, binomial_i, mul, Fraction};
use crate::splits::VacantPlaces;
use crate::ProbError;

/// One of the two hidden hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Defender {
    /// West (declarer's left-hand opponent when North–South declare).
    West,
    /// East.
    East,
}

impl Defender {
    /// `"West"` or `"East"`.
    pub fn name(self) -> &'static str {
        match self {
            Defender::West => "West",
            Defender::East => "East",
        }
    }
}

/// A condition on how one suit's missing cards lie between West and East.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Condition {
    /// The defender holds every one of these cards.
    HoldsAll(Defender, Holding),
    /// The defender holds at least one of these cards.
    HoldsAny(Defender, Holding),
    /// The defender holds `min..=max` of the missing cards.
    Length(Defender, u8, u8),
    /// Whoever holds this card has at most `rounds` cards of the suit (it falls when the
    /// suit is played that many times from the top).
    Falls(Rank, u8),
    /// Exactly this layout: West holds these missing cards and East the others.
    Layout(Holding),
    /// The condition does not hold.
    Not(Box<Condition>),
    /// Every condition holds.
    All(Vec<Condition>),
    /// At least one condition holds.
    Any(Vec<Condition>),
}

impl Condition {
    /// Whether the condition holds when West has `west` and East `east` of the missing cards.
    pub fn holds(&self, west: Holding, east: Holding) -> bool {
        let of = |d: Defender| match d {
            Defender::West => west,
            Defender::East => east,
        };
        match self {
            Condition::HoldsAll(d, cards) => of(*d).bits() & cards.bits() == cards.bits(),
            Condition::HoldsAny(d, cards) => of(*d).bits() & cards.bits() != 0,
            Condition::Length(d, min, max) => {
                let l = of(*d).len();
                u32::from(*min) <= l && l <= u32::from(*max)
            }
            Condition::Falls(rank, rounds) => {
                let holder = if west.contains(*rank) { west } else { east };
                holder.len() <= u32::from(*rounds)
            }
            Condition::Layout(w) => west == *w,
            Condition::Not(c) => !c.holds(west, east),
            Condition::All(cs) => cs.iter().all(|c| c.holds(west, east)),
            Condition::Any(cs) => cs.iter().any(|c| c.holds(west, east)),
        }
    }

    /// Checks that every card named is among `missing`.
    fn check(&self, missing: Holding) -> Result<(), ProbError> {
        let need = |cards: Holding| {
            if cards.bits() & !missing.bits() != 0 {
                Err(ProbError::NotMissing {
                    card: cards.to_string(),
                    what: "missing cards of the suit",
                    allowed: missing.to_string(),
                })
            } else {
                Ok(())
            }
        };
        match self {
            Condition::HoldsAll(_, c) | Condition::HoldsAny(_, c) | Condition::Layout(c) => {
                need(*c)
            }
            Condition::Length(_, min, max) => {
                if min > max || *max > 13 {
                    Err(ProbError::BadRange {
                        min: (*min).into(),
                        max: (*max).into(),
                    })
                } else {
                    Ok(())
                }
            }
            Condition::Falls(rank, _) => need(Holding::EMPTY.with(*rank)),
            Condition::Not(c) => c.check(missing),
            Condition::All(cs) | Condition::Any(cs) => cs.iter().try_for_each(|c| c.check(missing)),
        }
    }
}

/// One suit's missing cards and a condition on them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SuitCondition {
    /// The cards of the suit the two hidden hands hold between them.
    pub missing: Holding,
    /// The condition.
    pub condition: Condition,
}

/// All sub-holdings of `set` (every layout's West part).
fn subsets(set: Holding) -> impl Iterator<Item = Holding> {
    let m = set.bits();
    let mut next = Some(m);
    std::iter::from_fn(move || {
        let s = next?;
        next = if s == 0 { None } else { Some((s - 1) & m) };
        Some(Holding::from_bits(s))
    })
}

/// For one suit: how many satisfying layouts give West `k` of its missing cards, k = 0..=n.
fn counts_by_west_share(sc: &SuitCondition) -> Result<Vec<u128>, ProbError> {
    sc.condition.check(sc.missing)?;
    let n = sc.missing.len() as usize;
    let mut counts = vec![0u128; n + 1];
    for west in subsets(sc.missing) {
        let east = Holding::from_bits(sc.missing.bits() & !west.bits());
        if sc.condition.holds(west, east) {
            counts[west.len() as usize] += 1;
        }
    }
    Ok(counts)
}

/// Probability that every suit condition holds at once (each entry a different suit).
pub fn probability_all(
    vacant: VacantPlaces,
    conditions: &[SuitCondition],
) -> Result<Fraction, ProbError> {
    let mut joint = vec![1u128];
    let mut n_total = 0u32;
    for sc in conditions {
        let c = counts_by_west_share(sc)?;
        n_total += sc.missing.len();
        let mut next = vec![0u128; joint.len() + c.len() - 1];
        for (i, a) in joint.iter().enumerate() {
            for (j, b) in c.iter().enumerate() {
                next[i + j] = add(next[i + j], mul(*a, *b, "joint layouts")?, "joint layouts")?;
            }
        }
        joint = next;
    }
    vacant.check_fits(n_total)?;
    let mut ways = 0u128;
    for (k, layouts) in joint.iter().enumerate() {
        ways = add(
            ways,
            mul(
                *layouts,
                vacant.fill_ways(n_total, k as u32),
                "joint layouts",
            )?,
            "joint layouts",
        )?;
    }
    Ok(Fraction::new(ways, vacant.all_ways()).unwrap_or(Fraction::ZERO))
}

/// Probability of one condition on one suit.
pub fn probability(
    missing: Holding,
    vacant: VacantPlaces,
    condition: &Condition,
) -> Result<Fraction, ProbError> {
    probability_all(
        vacant,
        &[SuitCondition {
            missing,
            condition: condition.clone(),
        }],
    )
}

/// Combined chances: probability that at least one suit condition holds (each entry a
/// different suit), as `1 − P(none holds)` — exact, including the interaction of the suits
/// through the vacant places.
pub fn probability_any(
    vacant: VacantPlaces,
    conditions: &[SuitCondition],
) -> Result<Fraction, ProbError> {
    let negated: Vec<SuitCondition> = conditions
        .iter()
        .map(|sc| SuitCondition {
            missing: sc.missing,
            condition: Condition::Not(Box::new(sc.condition.clone())),
        })
        .collect();
    Ok(probability_all(vacant, &negated)?.complement())
}

fn holding_label(h: Holding) -> String {
    if h.is_empty() {
        "–".to_string()
    } else {
        h.to_string()
    }
}

/// Largest number of named honours [`honour_location`] charts (2^6 = 64 rows).
pub const MAX_NAMED_HONOURS: u32 = 6;

/// Chart of which of the named `honours` (among the suit's `missing` cards) West holds:
/// one row per subset, e.g. `"West AQ, East –"`.
pub fn honour_location(
    missing: Holding,
    honours: Holding,
    vacant: VacantPlaces,
) -> Result<Chart, ProbError> {
    if honours.len() > MAX_NAMED_HONOURS {
        return Err(ProbError::TooMany {
            what: "named honours",
            given: honours.len(),
            max: MAX_NAMED_HONOURS,
        });
    }
    let mut subsets_desc: Vec<Holding> = subsets(honours).collect();
    subsets_desc.sort_by_key(|h| (std::cmp::Reverse(h.len()), h.bits()));
    let mut rows = Vec::new();
    let scale = vacant.all_ways();
    for west in subsets_desc {
        let east = Holding::from_bits(honours.bits() & !west.bits());
        let p = probability(
            missing,
            vacant,
            &Condition::All(vec![
                Condition::HoldsAll(Defender::West, west),
                Condition::HoldsAll(Defender::East, east),
            ]),
        )?;
        // Counts over C(W+E, W): p·C(V,W) is an integer (p = ways / C(V,W) reduced).
        let count = p.numerator * (scale / p.denominator);
        rows.push((
            format!("West {}, East {}", holding_label(west), holding_label(east)),
            count,
        ));
    }
    Chart::new(
        format!(
            "Location of {} ({} vacant places West, {} East)",
            honours, vacant.west, vacant.east
        ),
        "P(West holds exactly S of the h named cards) = C(W+E−h, W−|S|) / C(W+E, W)",
        "ways to fill the vacant places",
        scale,
        DEFAULT_DECIMALS,
        rows,
    )
}

/// Lowest common multiple of 1..=13: weights 1/m for m equal cards become integers.
const EQUAL_CHOICE_SCALE: u128 = 360_360;

/// Restricted choice: posterior chart of `player`'s holding after it followed to the first
/// round with `played`, one of the `equals` (cards of equal value, e.g. Q and J when the
/// 10 and the ace are declarer's). Assumes a defender follows with its lowest card and
/// picks at random between equal cards; rows are the consistent holdings of `player`.
pub fn restricted_choice(
    missing: Holding,
    vacant: VacantPlaces,
    player: Defender,
    played: Rank,
    equals: Holding,
) -> Result<Chart, ProbError> {
    if !equals.contains(played) {
        return Err(ProbError::NotMissing {
            card: played.letter().to_string(),
            what: "equal cards",
            allowed: equals.to_string(),
        });
    }
    Condition::HoldsAll(player, equals).check(missing)?;
    let n = missing.len();
    vacant.check_fits(n)?;
    let mut rows = Vec::new();
    let mut layouts: Vec<(Holding, u128)> = Vec::new();
    for west in subsets(missing) {
        let east = Holding::from_bits(missing.bits() & !west.bits());
        let held = match player {
            Defender::West => west,
            Defender::East => east,
        };
        // Lowest card held = highest set bit (bit k = k-th from the top).
        if !held.contains(played) {
            continue;
        }
        let lowest_bit = 15 - held.bits().leading_zeros();
        if equals.bits() & (1 << lowest_bit) == 0 {
            continue;
        }
        let equal_held = u128::from((held.bits() & equals.bits()).count_ones());
        let prior = vacant.fill_ways(n, west.len());
        if prior == 0 {
            continue;
        }
        layouts.push((
            held,
            mul(prior, EQUAL_CHOICE_SCALE / equal_held, "restricted choice")?,
        ));
    }
    layouts.sort_by_key(|(h, _)| (h.len(), h.bits()));
    for (held, w) in layouts {
        rows.push((format!("{} {}", player.name(), holding_label(held)), w));
    }
    Chart::partition(
        format!(
            "{} played the {} from {}",
            player.name(),
            played.letter(),
            equals
        ),
        "P(layout | play) ∝ C(W+E−n, W−k) × 1/(equal cards held), lowest card followed",
        "weighted layouts",
        DEFAULT_DECIMALS,
        rows,
    )
    .map_err(|_| ProbError::Impossible {
        what: format!("{} following with the {}", player.name(), played.letter()),
    })
}

/// Number of the named `honours` West holds: rows `"0"`, `"1"`, … `"h"` (the seed paper's
/// "at least i of n high cards", exact under the 13-card limit).
pub fn honours_held(
    missing: Holding,
    honours: Holding,
    vacant: VacantPlaces,
    defender: Defender,
) -> Result<Chart, ProbError> {
    Condition::HoldsAll(defender, honours).check(missing)?;
    vacant.check_fits(missing.len())?;
    let h = honours.len();
    let scale = vacant.all_ways();
    let mut rows = Vec::new();
    for i in 0..=h {
        // Choose which i of the h honours the defender has; West's share follows.
        let west_share = match defender {
            Defender::West => i,
            Defender::East => h - i,
        };
        let ways = mul(
            binomial_i(h.into(), i.into()),
            vacant.fill_ways(h, west_share),
            "honours held",
        )?;
        rows.push((i.to_string(), ways));
    }
    Chart::new(
        format!("Named cards {} held by {}", honours, defender.name()),
        "P(i of h) = C(h,i)·C(W+E−h, W−i) / C(W+E, W) (West's view; East swaps W and E)",
        "ways to fill the vacant places",
        scale,
        DEFAULT_DECIMALS,
        rows,
    )
}
