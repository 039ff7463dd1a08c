//! Double-dummy results as plain data: [`DdTable`] (tricks for each strain × declarer) and
//! [`Par`] (par contracts and score). Computed by `fairdeal-dd`; written by the hand-record
//! writers (`OptimumResultTable`, `ParContract`, `OptimumScore`) and shown by the app. This
//! module only holds and checks the numbers; it solves nothing.

use crate::{Seat, Strain};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Tricks each declarer takes in each strain with best play by all four hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DdTable {
    /// `tricks[strain.index()][declarer.index()]`, each 0..=13.
    tricks: [[u8; 4]; 5],
}

impl DdTable {
    /// The table, or `None` if a count exceeds 13. (Partners' counts may differ: the
    /// opening lead comes from the other side.)
    pub fn new(tricks: [[u8; 4]; 5]) -> Option<DdTable> {
        tricks
            .iter()
            .flatten()
            .all(|&t| t <= 13)
            .then_some(DdTable { tricks })
    }

    /// Tricks for `declarer` in `strain`.
    pub const fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain.index()][declarer.index()]
    }

    /// The raw table, `[strain.index()][declarer.index()]`.
    pub const fn raw(&self) -> [[u8; 4]; 5] {
        self.tricks
    }
}

/// The side that declares a par contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// North–South.
    NorthSouth,
    /// East–West.
    EastWest,
}

impl Side {
    /// `"NS"` or `"EW"`.
    pub const fn text(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }

    /// The side `seat` sits on.
    pub const fn of(seat: Seat) -> Side {
        match seat {
            Seat::North | Seat::South => Side::NorthSouth,
            Seat::East | Seat::West => Side::EastWest,
        }
    }
}

/// One par contract: level, strain, doubled or not, who may declare it, and the tricks
/// over (positive) or under (negative, a sacrifice) the contract.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ParContract {
    /// Level 1..=7.
    pub level: u8,
    /// Strain.
    pub strain: Strain,
    /// Doubled (par sacrifices are doubled; makes are not).
    pub doubled: bool,
    /// The declaring side.
    pub side: Side,
    /// The seats of that side that can declare it (one or both).
    pub declarers: Vec<Seat>,
    /// Tricks over the contract (>= 0) or down (< 0).
    pub overtricks: i8,
}

impl fmt::Display for ParContract {
    /// PBN `ParContract` style: `4S` / `5HX` then `+1`/`-2` when not exact, then the
    /// declarers (`NS`, `N`, `EW`…): `4SX-2 NS`, `3NT+1 N`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.level, self.strain)?;
        if self.doubled {
            f.write_str("X")?;
        }
        if self.overtricks != 0 {
            write!(f, "{:+}", self.overtricks)?;
        }
        f.write_str(" ")?;
        for seat in &self.declarers {
            write!(f, "{}", seat.letter())?;
        }
        Ok(())
    }
}

/// Par: the score (North–South's view) and the contracts that reach it. No contracts means
/// the par is a pass-out (score 0).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Par {
    /// Par score for North–South (negative when East–West gain).
    pub ns_score: i32,
    /// The par contracts (several when more than one reaches the same score).
    pub contracts: Vec<ParContract>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rejects_more_than_thirteen_tricks() {
        let mut t = [[7u8; 4]; 5];
        assert!(DdTable::new(t).is_some());
        t[4][2] = 14;
        assert!(DdTable::new(t).is_none());
    }

    #[test]
    fn table_reads_by_strain_and_seat() {
        let mut t = [[0u8; 4]; 5];
        t[Strain::Spades.index()][Seat::South.index()] = 10;
        let table = DdTable::new(t).unwrap();
        assert_eq!(table.tricks(Strain::Spades, Seat::South), 10);
        assert_eq!(table.tricks(Strain::Spades, Seat::North), 0);
    }

    #[test]
    fn par_contract_prints_like_pbn() {
        let sac = ParContract {
            level: 5,
            strain: Strain::Hearts,
            doubled: true,
            side: Side::EastWest,
            declarers: vec![Seat::East, Seat::West],
            overtricks: -2,
        };
        assert_eq!(sac.to_string(), "5HX-2 EW");
        let make = ParContract {
            level: 3,
            strain: Strain::Notrump,
            doubled: false,
            side: Side::NorthSouth,
            declarers: vec![Seat::North],
            overtricks: 1,
        };
        assert_eq!(make.to_string(), "3NT+1 N");
    }
}
