//! Suit splits: how the cards missing in one suit divide between the two hidden hands,
//! a priori (13 vacant places each) or given [`VacantPlaces`] (after cards or suit lengths
//! became known through play or the auction); also the chance of one specific layout and
//! where a single card is ([`card_location`], the vacant-places rule).
//!
//! The hidden hands are called West and East (declarer North–South); rotate for other seats.
//! Every number is hypergeometric: with `n` missing cards, `W` and `E` vacant places and
//! `V = W + E`, one specific layout giving West `k` named cards has probability
//! `C(V−n, W−k) / C(V, W)`, and "West holds `k`" has `C(n, k)` such layouts.

use serde::{Deserialize, Serialize};

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::exact::{binomial, binomial_i, mul, Fraction};
use crate::ProbError;

/// Unknown places left in each hidden hand for the cards in question: 13 minus the cards
/// known (seen in play, or known from the auction) in other suits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VacantPlaces {
    /// West's vacant places.
    pub west: u8,
    /// East's vacant places.
    pub east: u8,
}

impl VacantPlaces {
    /// Before anything is known: 13 and 13.
    pub const START: VacantPlaces = VacantPlaces { west: 13, east: 13 };

    /// `west` and `east` vacant places (each at most 13).
    pub fn new(west: u32, east: u32) -> Result<VacantPlaces, ProbError> {
        for (what, given) in [
            ("West's vacant places", west),
            ("East's vacant places", east),
        ] {
            if given > 13 {
                return Err(ProbError::TooMany {
                    what,
                    given,
                    max: 13,
                });
            }
        }
        Ok(VacantPlaces {
            west: west as u8,
            east: east as u8,
        })
    }

    /// Vacant places when West is known to hold `west_known` cards outside the cards in
    /// question and East `east_known` (e.g. West showed 6 cards of another suit: 7 places).
    pub fn after_known(west_known: u32, east_known: u32) -> Result<VacantPlaces, ProbError> {
        for (what, given) in [
            ("cards known in West's hand", west_known),
            ("cards known in East's hand", east_known),
        ] {
            if given > 13 {
                return Err(ProbError::TooMany {
                    what,
                    given,
                    max: 13,
                });
            }
        }
        VacantPlaces::new(13 - west_known, 13 - east_known)
    }

    /// All places, `W + E`.
    pub fn total(self) -> u32 {
        u32::from(self.west) + u32::from(self.east)
    }

    /// Checks that `missing` cards fit.
    pub(crate) fn check_fits(self, missing: u32) -> Result<(), ProbError> {
        if missing > self.total() {
            Err(ProbError::NoRoom {
                missing,
                west: self.west.into(),
                east: self.east.into(),
            })
        } else {
            Ok(())
        }
    }

    /// Ways to fill the places once West has `k` of the `n` cards in question:
    /// `C(V − n, W − k)` (0 if impossible).
    pub(crate) fn fill_ways(self, n: u32, k: u32) -> u128 {
        binomial_i(
            i64::from(self.total()) - i64::from(n),
            i64::from(self.west) - i64::from(k),
        )
    }

    /// `C(V, W)`: all ways to choose West's cards from the unknown ones.
    pub(crate) fn all_ways(self) -> u128 {
        binomial(self.total(), self.west.into())
    }
}

impl Default for VacantPlaces {
    fn default() -> Self {
        VacantPlaces::START
    }
}

fn check_missing(missing: u32) -> Result<(), ProbError> {
    if missing > 13 {
        Err(ProbError::TooManyMissing { missing })
    } else {
        Ok(())
    }
}

/// Probability that a given missing card lies with West: `W / (W + E)`.
pub fn card_location(vacant: VacantPlaces) -> Result<Fraction, ProbError> {
    Fraction::new(vacant.west.into(), vacant.total().into()).ok_or_else(|| ProbError::Impossible {
        what: "no vacant places in either hand".to_string(),
    })
}

/// Probability of one specific layout in which West holds exactly `west_count` named cards
/// of the `missing` ones (and East the rest).
pub fn specific_layout(
    missing: u32,
    vacant: VacantPlaces,
    west_count: u32,
) -> Result<Fraction, ProbError> {
    check_missing(missing)?;
    vacant.check_fits(missing)?;
    if west_count > missing {
        return Err(ProbError::TooMany {
            what: "West's share of the missing cards",
            given: west_count,
            max: missing,
        });
    }
    Ok(
        Fraction::new(vacant.fill_ways(missing, west_count), vacant.all_ways())
            .unwrap_or(Fraction::ZERO),
    )
}

/// One way a suit can split, with the layouts behind it (a row of [`split_layouts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitLayouts {
    /// Cards with West (for a symmetric split: the longer side).
    pub west: u8,
    /// Cards with East.
    pub east: u8,
    /// Specific card layouts giving this split (`m·C(n, a)`; m = 2 for an uneven split
    /// counted either way round).
    pub layouts: u128,
    /// Ways to fill the rest of the hands for one such layout, `C(V−n, W−k)`.
    pub ways_per_layout: u128,
    /// All ways: `layouts × ways_per_layout`, over `C(V, W)`.
    pub ways: u128,
    /// Probability of one specific layout.
    pub each: Fraction,
}

/// A priori splits of `missing` cards (13 vacant places each), either way round, from the
/// most even split to the most uneven: the table players memorise.
pub fn split_layouts(missing: u32) -> Result<Vec<SplitLayouts>, ProbError> {
    check_missing(missing)?;
    let v = VacantPlaces::START;
    let total = v.all_ways();
    let mut out = Vec::new();
    for a in missing.div_ceil(2)..=missing {
        let b = missing - a;
        let m = if a == b { 1 } else { 2 };
        let layouts = m * binomial(missing, a);
        let ways_per_layout = v.fill_ways(missing, a);
        out.push(SplitLayouts {
            west: a as u8,
            east: b as u8,
            layouts,
            ways_per_layout,
            ways: mul(layouts, ways_per_layout, "suit splits")?,
            each: Fraction::new(ways_per_layout, total).unwrap_or(Fraction::ZERO),
        });
    }
    Ok(out)
}

/// Chart of the a priori splits of `missing` cards (labels like `"3-2"`, either way round).
pub fn suit_splits(missing: u32) -> Result<Chart, ProbError> {
    let rows = split_layouts(missing)?
        .into_iter()
        .map(|s| (format!("{}-{}", s.west, s.east), s.ways))
        .collect::<Vec<_>>();
    Chart::new(
        format!("Splits of {missing} missing cards"),
        "P(a-b) = m·C(n,a)·C(26−n,13−a) / C(26,13), m = 2 if a ≠ b else 1",
        "ways to complete the two hidden hands",
        binomial(26, 13),
        DEFAULT_DECIMALS,
        rows,
    )
}

/// Chart of West's share of `missing` cards given vacant places; rows `"k-(n−k)"` (West
/// first) from West holding all to West holding none, impossible splits left out.
pub fn suit_splits_given(missing: u32, vacant: VacantPlaces) -> Result<Chart, ProbError> {
    check_missing(missing)?;
    vacant.check_fits(missing)?;
    let mut rows = Vec::new();
    for k in (0..=missing).rev() {
        let ways = mul(binomial(missing, k), vacant.fill_ways(missing, k), "splits")?;
        if ways > 0 {
            rows.push((format!("{}-{}", k, missing - k), ways));
        }
    }
    Chart::new(
        format!(
            "Splits (West-East) of {missing} missing cards, {} and {} vacant places",
            vacant.west, vacant.east
        ),
        "P(West k) = C(n,k)·C(W+E−n, W−k) / C(W+E, W)",
        "ways to fill the vacant places",
        vacant.all_ways(),
        DEFAULT_DECIMALS,
        rows,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_sum_to_one_for_every_n() {
        for n in 0..=13 {
            let c = suit_splits(n).unwrap();
            assert_eq!(c.sum_of_counts(), c.total, "n = {n}");
        }
    }

    #[test]
    fn vacant_place_rules() {
        // Tuffnell: East known to hold 8 cards, West 3 → 10 vs 5 places → 2/3 with West.
        let v = VacantPlaces::after_known(3, 8).unwrap();
        assert_eq!(card_location(v).unwrap(), Fraction::new(2, 3).unwrap());
        assert!(card_location(VacantPlaces::new(0, 0).unwrap()).is_err());
        assert!(VacantPlaces::new(14, 1).is_err());
        assert!(suit_splits(14).is_err());
        assert!(suit_splits_given(5, VacantPlaces::new(2, 2).unwrap()).is_err());
    }

    #[test]
    fn specific_layouts_match_the_classic_ratio() {
        // A specific 2-2 against a specific 3-1: 6.78 % vs 6.22 %, i.e. 12 : 11.
        let two_two = specific_layout(4, VacantPlaces::START, 2).unwrap();
        let three_one = specific_layout(4, VacantPlaces::START, 3).unwrap();
        assert_eq!(two_two.percent(2), "6.78");
        assert_eq!(three_one.percent(2), "6.22");
        assert_eq!(
            two_two.numerator * three_one.denominator * 11,
            three_one.numerator * two_two.denominator * 12
        );
    }
}
