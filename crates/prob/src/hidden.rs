//! The two hidden hands once you see your own hand and dummy's (or any set of seen cards):
//! exact distributions of West's HCP and of West's length in a suit, under optional known
//! length ranges and HCP ranges for either defender (what the auction or the play showed).
//!
//! Method: for each suit, a generating function over (cards West takes, HCP West takes):
//! `f_s(l, h) = Σ_{S ⊆ unseen honours of s, hcp(S)=h} C(unseen spots of s, l − |S|)`, keeping
//! only lengths allowed for West and for East (who gets the rest). The four are multiplied
//! and the coefficient at West's card count is read off — every layout of the unseen cards
//! counted once, no sampling.

use serde::{Deserialize, Serialize};

use fairdeal_model::{Hand, Suit};

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::exact::{add, binomial, binomial_i, mul};
use crate::shape::LengthRange;
use crate::ProbError;

/// Highest HCP in the whole deck.
const DECK_HCP: usize = 40;

/// An inclusive HCP range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HcpRange {
    /// Fewest points.
    pub min: u8,
    /// Most points.
    pub max: u8,
}

impl HcpRange {
    /// Any number of points.
    pub const ANY: HcpRange = HcpRange { min: 0, max: 40 };

    /// `min..=max` with `min ≤ max ≤ 40`.
    pub fn new(min: u32, max: u32) -> Result<HcpRange, ProbError> {
        if min > max || max as usize > DECK_HCP {
            return Err(ProbError::BadRange { min, max });
        }
        Ok(HcpRange {
            min: min as u8,
            max: max as u8,
        })
    }

    fn contains(self, h: usize) -> bool {
        usize::from(self.min) <= h && h <= usize::from(self.max)
    }
}

/// What is known about the two hidden hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenHands {
    /// The cards West and East hold between them.
    pub unseen: Hand,
    /// How many of them West holds (East holds the rest).
    pub west_cards: u8,
    /// Known ranges of West's length in each suit (♠ ♥ ♦ ♣), counting unseen cards only.
    pub west_lengths: [LengthRange; 4],
    /// Known ranges of East's length in each suit.
    pub east_lengths: [LengthRange; 4],
    /// Known range of West's HCP among the unseen cards.
    pub west_hcp: HcpRange,
    /// Known range of East's HCP among the unseen cards.
    pub east_hcp: HcpRange,
}

/// `table[l][h]`: ways for West to hold `l` unseen cards with `h` HCP.
type Table = Vec<Vec<u128>>;

impl HiddenHands {
    /// The defenders' hands when you (declarer) see your hand and dummy's, before any play.
    pub fn from_seen(declarer: Hand, dummy: Hand) -> Result<HiddenHands, ProbError> {
        for (who, h) in [("declarer's hand", declarer), ("dummy", dummy)] {
            if h.len() != 13 {
                return Err(ProbError::BadHand {
                    what: format!("{who} has {} cards", h.len()),
                    expected: "13 cards",
                });
            }
        }
        if !declarer.intersection(dummy).is_empty() {
            return Err(ProbError::BadHand {
                what: format!("declarer and dummy share {}", declarer.intersection(dummy)),
                expected: "two hands with no card in common",
            });
        }
        HiddenHands::new(Hand::FULL_DECK.difference(declarer.union(dummy)), 13)
    }

    /// The hidden cards `unseen`, West holding `west_cards` of them, nothing else known.
    pub fn new(unseen: Hand, west_cards: u32) -> Result<HiddenHands, ProbError> {
        let n = unseen.len();
        let east = n.checked_sub(west_cards).ok_or(ProbError::TooMany {
            what: "West's hidden cards",
            given: west_cards,
            max: n,
        })?;
        for (what, given) in [
            ("West's hidden cards", west_cards),
            ("East's hidden cards", east),
        ] {
            if given > 13 {
                return Err(ProbError::TooMany {
                    what,
                    given,
                    max: 13,
                });
            }
        }
        Ok(HiddenHands {
            unseen,
            west_cards: west_cards as u8,
            west_lengths: [LengthRange::ANY; 4],
            east_lengths: [LengthRange::ANY; 4],
            west_hcp: HcpRange::ANY,
            east_hcp: HcpRange::ANY,
        })
    }

    fn total_hcp(&self) -> usize {
        self.unseen.hcp() as usize
    }

    /// One suit's generating function, restricted to the allowed lengths.
    fn suit_table(&self, suit: Suit) -> Table {
        let held = self.unseen.holding(suit);
        let honours = held.bits() & 0xF;
        let spots = held.len() - honours.count_ones();
        let n = held.len();
        let mut t = vec![vec![0u128; DECK_HCP + 1]; 14];
        let wr = self.west_lengths[suit.index()];
        let er = self.east_lengths[suit.index()];
        for l in 0..=n.min(13) {
            if !wr.contains(l as u8) || !er.contains((n - l) as u8) {
                continue;
            }
            // Every sub-holding of the unseen honours.
            let mut s = honours;
            loop {
                let k = s.count_ones();
                let h = [4, 3, 2, 1]
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| s & (1 << i) != 0)
                    .map(|(_, p)| p)
                    .sum::<usize>();
                t[l as usize][h] += binomial_i(spots.into(), i64::from(l) - i64::from(k));
                if s == 0 {
                    break;
                }
                s = (s - 1) & honours;
            }
        }
        t
    }

    fn multiply(a: &Table, b: &Table) -> Result<Table, ProbError> {
        let mut out = vec![vec![0u128; DECK_HCP + 1]; 14];
        for (la, ra) in a.iter().enumerate() {
            for (ha, &x) in ra.iter().enumerate().filter(|(_, &x)| x > 0) {
                for (lb, rb) in b.iter().enumerate().take(14 - la) {
                    for (hb, &y) in rb.iter().enumerate().filter(|(_, &y)| y > 0) {
                        if ha + hb <= DECK_HCP {
                            let cell = &mut out[la + lb][ha + hb];
                            *cell = add(*cell, mul(x, y, "hidden hands")?, "hidden hands")?;
                        }
                    }
                }
            }
        }
        Ok(out)
    }

    fn product_of(&self, suits: impl Iterator<Item = Suit>) -> Result<Table, ProbError> {
        let mut acc = vec![vec![0u128; DECK_HCP + 1]; 14];
        acc[0][0] = 1;
        for s in suits {
            acc = HiddenHands::multiply(&acc, &self.suit_table(s))?;
        }
        Ok(acc)
    }

    fn hcp_allowed(&self, west_hcp: usize) -> bool {
        let t = self.total_hcp();
        west_hcp <= t && self.west_hcp.contains(west_hcp) && self.east_hcp.contains(t - west_hcp)
    }

    fn check_range(&self) -> Result<(), ProbError> {
        for r in self.west_lengths.iter().chain(&self.east_lengths) {
            if r.min > r.max || r.max > 13 {
                return Err(ProbError::BadRange {
                    min: r.min.into(),
                    max: r.max.into(),
                });
            }
        }
        Ok(())
    }

    /// West's layouts by West's HCP, index 0..=40, under every condition.
    pub fn west_hcp_counts(&self) -> Result<Vec<u128>, ProbError> {
        self.check_range()?;
        let all = self.product_of(Suit::ALL.into_iter())?;
        let row = &all[usize::from(self.west_cards)];
        Ok((0..=DECK_HCP)
            .map(|h| if self.hcp_allowed(h) { row[h] } else { 0 })
            .collect())
    }

    /// Layouts of the hidden cards consistent with everything known.
    pub fn layouts(&self) -> Result<u128, ProbError> {
        Ok(self.west_hcp_counts()?.iter().sum())
    }

    /// Chart of West's HCP (East holds the rest of the unseen points); rows `"W 12 / E 9"`.
    pub fn west_hcp_chart(&self) -> Result<Chart, ProbError> {
        let counts = self.west_hcp_counts()?;
        let t = self.total_hcp();
        Chart::partition(
            format!("HCP of the hidden hands ({t} HCP unseen)"),
            "Σ over West's unseen honours S: Π_suits C(spots_s, l_s − |S_s|), Σ l_s = West's cards",
            "layouts of the hidden cards",
            DEFAULT_DECIMALS,
            counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(h, &c)| (format!("W {h} / E {}", t - h), c))
                .collect(),
        )
        .map_err(|_| self.impossible())
    }

    /// Chart of West's length in `suit` among the unseen cards; rows `"k-m"` (West-East).
    pub fn west_length_chart(&self, suit: Suit) -> Result<Chart, ProbError> {
        self.check_range()?;
        let others = self.product_of(Suit::ALL.into_iter().filter(|&s| s != suit))?;
        let this = self.suit_table(suit);
        let n = self.unseen.holding(suit).len() as usize;
        let w = usize::from(self.west_cards);
        let mut rows = Vec::new();
        for l in (0..=n.min(w)).rev() {
            let mut ways = 0u128;
            for (h1, &a) in this[l].iter().enumerate().filter(|(_, &a)| a > 0) {
                for (h2, &b) in others[w - l].iter().enumerate() {
                    if b > 0 && self.hcp_allowed(h1 + h2) {
                        ways = add(ways, mul(a, b, "hidden lengths")?, "hidden lengths")?;
                    }
                }
            }
            if ways > 0 {
                rows.push((format!("{}-{}", l, n - l), ways));
            }
        }
        Chart::partition(
            format!("{} split (West-East) in the hidden hands", suit.name()),
            "Σ over layouts with West holding k of the suit: product of per-suit generating functions",
            "layouts of the hidden cards",
            DEFAULT_DECIMALS,
            rows,
        )
        .map_err(|_| self.impossible())
    }

    fn impossible(&self) -> ProbError {
        ProbError::Impossible {
            what: "the known lengths and HCP of the hidden hands".to_string(),
        }
    }

    /// All layouts with no condition: `C(unseen, west_cards)`.
    pub fn unconditioned_layouts(&self) -> u128 {
        binomial(self.unseen.len(), self.west_cards.into())
    }
}
