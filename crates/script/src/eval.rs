//! The evaluator: per-holding lookup tables and a tree walk over [`Expr`].
//!
//! Every per-suit quantity (points on each count, losers, suit quality, the suit part of
//! cccc) depends only on the 13-bit holding, so it is tabulated once per program (8192
//! entries each) and a hand's value is four lookups. Holding bit *i* is the rank *i* from
//! the top (bit 0 the ace), as in `fairdeal_model::Holding`.

use crate::ast::*;
use fairdeal_model::Deal;
use rand_core::RngCore;

/// Whether `tricks()` can be compiled (double dummy through `fairdeal-dd`).
pub const DD_AVAILABLE: bool = true;

/// Double-dummy results of the current deal, solved on first use (a strain row at a time,
/// as dealer caches them) with one solver kept for the whole run. Solving needs a deep
/// stack: run on a thread with `fairdeal_dd::STACK_BYTES` (the CLI does).
#[derive(Default)]
pub struct DdCache {
    solver: Option<fairdeal_dd::DdSolver>,
    deal: Option<Deal>,
    rows: [Option<[u8; 4]>; 5],
}

impl std::fmt::Debug for DdCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DdCache").field("deal", &self.deal).finish()
    }
}

impl Clone for DdCache {
    /// A clone starts with a fresh solver (the transposition table is only a cache).
    fn clone(&self) -> DdCache {
        DdCache {
            solver: None,
            deal: self.deal,
            rows: self.rows,
        }
    }
}

impl DdCache {
    /// Tricks for `seat` as declarer in `strain` (C D H S NT = 0..5) on `deal`.
    pub fn tricks(&mut self, deal: &Deal, seat: usize, strain: usize) -> i64 {
        if self.deal.as_ref() != Some(deal) {
            self.deal = Some(*deal);
            self.rows = [None; 5];
        }
        if self.rows[strain].is_none() {
            let solver = self.solver.get_or_insert_with(fairdeal_dd::DdSolver::new);
            let s = fairdeal_model::Strain::ASC[strain];
            self.rows[strain] = Some(solver.strain_row(deal, s));
        }
        i64::from(self.rows[strain].map_or(0, |r| r[seat]))
    }
}

const A: u16 = 1;
const K: u16 = 2;
const Q: u16 = 4;
const J: u16 = 8;
const T: u16 = 16;
const N9: u16 = 32;
const N8: u16 = 64;

/// Lookup tables built from the script's point counts.
#[derive(Debug, Clone)]
pub struct Tables {
    /// `counts[c][holding]` for the 12 counts (hcp, pt0…pt9, controls).
    pub counts: Vec<Vec<i32>>,
    /// Losers per holding.
    pub losers: Vec<i32>,
    /// Suit quality per holding.
    pub quality: Vec<i32>,
    /// cccc honour + quality part per holding (shape handled separately).
    pub cccc_suit: Vec<i32>,
}

fn loser_of(h: u16) -> i32 {
    let len = h.count_ones();
    let ctl = (h & A != 0) as i32 * 2 + (h & K != 0) as i32;
    match len {
        0 => 0,
        1 => [1, 1, 0][ctl as usize],
        2 => [2, 1, 1, 0][ctl as usize],
        _ => 3 - (h & (A | K | Q)).count_ones() as i32,
    }
}

/// Kaplan-Rubens suit quality × 100, as dealer's c4.c computes it.
pub fn quality_of(h: u16) -> i32 {
    let len = h.count_ones() as i32;
    let f = len * 10;
    let has = |b: u16| h & b != 0;
    let mut q = 0;
    let mut higher = 0;
    for (bit, w) in [(A, 4), (K, 3), (Q, 2), (J, 1)] {
        if has(bit) {
            q += w * f;
            higher += 1;
        }
    }
    if len > 6 {
        let mut replace = 3;
        if has(Q) {
            replace -= 2;
        }
        if has(J) {
            replace -= 1;
        }
        replace = replace.min(len - 6);
        q += replace * f;
    } else {
        if has(T) {
            if higher > 1 || has(J) {
                q += f;
            } else {
                q += f / 2;
            }
        }
        if has(N9) && (higher == 2 || has(T) || has(N8)) {
            q += f / 2;
        }
    }
    q
}

fn cccc_suit_of(h: u16) -> i32 {
    let len = h.count_ones();
    let has = |b: u16| h & b != 0;
    let mut e = 0;
    let mut higher = 0;
    if has(A) {
        e += 300;
        higher += 1;
    }
    if has(K) {
        e += 200;
        if len == 1 {
            e -= 150;
        }
        higher += 1;
    }
    if has(Q) {
        e += 100;
        if len == 1 {
            e -= 75;
        }
        if len == 2 {
            e -= 25;
        }
        if higher == 0 {
            e -= 25;
        }
        higher += 1;
    }
    if has(J) {
        if higher == 2 {
            e += 50;
        }
        if higher == 1 {
            e += 25;
        }
        higher += 1;
    }
    if has(T) && (higher == 2 || (higher == 1 && has(N9))) {
        e += 25;
    }
    e + quality_of(h)
}

impl Tables {
    /// Builds the tables for the given counts (A first, 13 values each).
    pub fn new(counts: &[[i32; 13]; 12]) -> Tables {
        let all = 0..8192u16;
        Tables {
            counts: counts
                .iter()
                .map(|row| {
                    all.clone()
                        .map(|h| (0..13).filter(|r| h >> r & 1 == 1).map(|r| row[r]).sum())
                        .collect()
                })
                .collect(),
            losers: all.clone().map(loser_of).collect(),
            quality: all.clone().map(quality_of).collect(),
            cccc_suit: all.map(cccc_suit_of).collect(),
        }
    }
}

/// One deal, split into holdings for evaluation.
pub struct Ctx<'a, R: RngCore> {
    /// `holdings[seat][suit]` (S H D C).
    pub holdings: [[u16; 4]; 4],
    /// Card bits per seat.
    pub hands: [u64; 4],
    /// Tables.
    pub tables: &'a Tables,
    /// Randomness for rnd().
    pub rng: &'a mut R,
    /// Double-dummy results.
    pub dd: &'a mut DdCache,
    deal: &'a Deal,
    /// Values of pure variables already computed on this deal (by [`VarDef::index`]).
    memo: Vec<Option<i64>>,
}

impl<'a, R: RngCore> Ctx<'a, R> {
    /// Prepares a deal.
    pub fn new(
        deal: &'a Deal,
        tables: &'a Tables,
        rng: &'a mut R,
        dd: &'a mut DdCache,
    ) -> Ctx<'a, R> {
        let mut holdings = [[0u16; 4]; 4];
        let mut hands = [0u64; 4];
        for (i, seat) in fairdeal_model::Seat::ALL.iter().enumerate() {
            let h = deal.hand(*seat);
            hands[i] = h.bits();
            for (j, suit) in fairdeal_model::Suit::ALL.iter().enumerate() {
                holdings[i][j] = h.holding(*suit).bits();
            }
        }
        Ctx {
            holdings,
            hands,
            tables,
            rng,
            dd,
            deal,
            memo: Vec::new(),
        }
    }

    /// Reuses a memo buffer from an earlier deal (cleared here) to avoid an allocation per
    /// deal; [`Ctx::into_memo`] hands it back.
    pub fn with_memo(mut self, mut memo: Vec<Option<i64>>, vars: usize) -> Self {
        memo.clear();
        memo.resize(vars, None);
        self.memo = memo;
        self
    }

    /// The memo buffer, for the next deal's [`Ctx::with_memo`].
    pub fn into_memo(self) -> Vec<Option<i64>> {
        self.memo
    }

    fn sum(&self, table: &[i32], seat: usize, suit: Option<usize>) -> i64 {
        let h = &self.holdings[seat];
        i64::from(match suit {
            Some(s) => table[h[s] as usize],
            None => {
                table[h[0] as usize]
                    + table[h[1] as usize]
                    + table[h[2] as usize]
                    + table[h[3] as usize]
            }
        })
    }

    fn shape(&self, seat: usize) -> [u8; 4] {
        self.holdings[seat].map(|h| h.count_ones() as u8)
    }

    /// Evaluates an expression on this deal.
    pub fn eval(&mut self, e: &Expr) -> i64 {
        match e {
            Expr::Num(n) => *n,
            Expr::Len(seat, suit) => i64::from(self.holdings[*seat][*suit].count_ones()),
            Expr::Count(c, seat, suit) => self.sum(&self.tables.counts[*c], *seat, *suit),
            Expr::Loser(seat, suit) => self.sum(&self.tables.losers, *seat, *suit),
            Expr::Quality(seat, suit) => self.sum(&self.tables.quality, *seat, Some(*suit)),
            Expr::Cccc(seat) => {
                let base = self.sum(&self.tables.cccc_suit, *seat, None);
                let shape_points: i64 = self
                    .shape(*seat)
                    .iter()
                    .map(|&l| if l < 3 { (3 - i64::from(l)) * 100 } else { 0 })
                    .sum();
                if shape_points == 0 {
                    base - 50
                } else {
                    base + shape_points - 100
                }
            }
            Expr::HasCard(seat, card) => i64::from(self.hands[*seat] >> card & 1 == 1),
            Expr::Shape(seat, bits) => i64::from(bits.contains(self.shape(*seat))),
            Expr::Abs(x) => self.eval(x).wrapping_abs(),
            Expr::Rnd(x) => {
                let n = self.eval(x);
                let u = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                (n as f64 * u) as i64
            }
            Expr::Imps(x) => imps(self.eval(x)),
            Expr::Score(vul, level, strain, tricks) => {
                let t = self.eval(tricks);
                score(*vul, *strain, *level, t)
            }
            Expr::Tricks(seat, strain) => self.dd.tricks(self.deal, *seat, *strain),
            Expr::Not(x) => i64::from(self.eval(x) == 0),
            Expr::Neg(x) => self.eval(x).wrapping_neg(),
            Expr::Var(v) => {
                if !v.pure {
                    return self.eval(&v.expr);
                }
                if let Some(Some(x)) = self.memo.get(v.index) {
                    return *x;
                }
                let x = self.eval(&v.expr);
                if self.memo.len() <= v.index {
                    self.memo.resize(v.index + 1, None);
                }
                self.memo[v.index] = Some(x);
                x
            }
            Expr::Cond(c, a, b) => {
                if self.eval(c) != 0 {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            Expr::Bin(op, a, b) => {
                match op {
                    BinOp::And => return i64::from(self.eval(a) != 0 && self.eval(b) != 0),
                    BinOp::Or => return i64::from(self.eval(a) != 0 || self.eval(b) != 0),
                    _ => {}
                }
                let x = self.eval(a);
                let y = self.eval(b);
                match op {
                    BinOp::Eq => i64::from(x == y),
                    BinOp::Ne => i64::from(x != y),
                    BinOp::Lt => i64::from(x < y),
                    BinOp::Le => i64::from(x <= y),
                    BinOp::Gt => i64::from(x > y),
                    BinOp::Ge => i64::from(x >= y),
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div => x.checked_div(y).unwrap_or(0),
                    BinOp::Rem => x.checked_rem(y).unwrap_or(0),
                    BinOp::And | BinOp::Or => 0,
                }
            }
        }
    }
}

const IMP_TABLE: [i64; 24] = [
    10, 40, 80, 120, 160, 210, 260, 310, 360, 410, 490, 590, 740, 890, 1090, 1190, 1490, 1740,
    1990, 2240, 2490, 2990, 3490, 3990,
];

/// IMPs for a score difference, with its sign (dealer's table).
pub fn imps(diff: i64) -> i64 {
    let j = diff.unsigned_abs();
    let i = IMP_TABLE.iter().position(|&t| t as u64 >= j).unwrap_or(24) as i64;
    if diff < 0 {
        -i
    } else {
        i
    }
}

/// dealer's score(): undoubled contract `level` in `strain` (0 C, 1 D, 2 H, 3 S, 4 NT).
pub fn score(vul: bool, strain: usize, level: i64, tricks: i64) -> i64 {
    let v = i64::from(vul);
    if tricks < 6 + level {
        return -50 * (1 + v) * (6 + level - tricks);
    }
    let mut total = if strain >= 2 { 30 } else { 20 } * (tricks - 6);
    if strain == 4 {
        total += 10;
    }
    total += 50;
    let game = match strain {
        4 => level >= 3,
        2 | 3 => level >= 4,
        _ => level >= 5,
    };
    if game {
        total += 250 + 200 * v;
    }
    if level == 6 {
        total += 500 + 250 * v;
    }
    if level == 7 {
        total += 1000 + 500 * v;
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(s: &str) -> u16 {
        s.chars()
            .map(|c| 1u16 << "AKQJT98765432".find(c).unwrap())
            .sum()
    }

    #[test]
    fn losers_follow_dealer() {
        assert_eq!(loser_of(0), 0);
        assert_eq!(loser_of(bits("A")), 0);
        assert_eq!(loser_of(bits("K")), 1);
        assert_eq!(loser_of(bits("AK")), 0);
        assert_eq!(loser_of(bits("K2")), 1);
        assert_eq!(loser_of(bits("Q2")), 2);
        assert_eq!(loser_of(bits("AQ5")), 1);
        assert_eq!(loser_of(bits("J432")), 3);
    }

    #[test]
    fn quality_known_values() {
        // AKQ (3 cards): (4+3+2) * 30 = 270.
        assert_eq!(quality_of(bits("AKQ")), 270);
        // KJT98 (5): K 3, J 1 → 4*50 = 200; T with J: +50; 9 with T: +25 → 275.
        assert_eq!(quality_of(bits("KJT98")), 275);
        // 7 cards AK65432: A K → 7*70 = 490; replace min(3, 1) = 1 → +70 → 560.
        assert_eq!(quality_of(bits("AK65432")), 560);
    }

    #[test]
    fn imps_and_score() {
        assert_eq!(imps(0), 0);
        assert_eq!(imps(10), 0);
        assert_eq!(imps(20), 1);
        assert_eq!(imps(-450), -10);
        assert_eq!(imps(5000), 24);
        assert_eq!(score(true, 4, 3, 9), 600);
        assert_eq!(score(false, 4, 3, 10), 430);
        assert_eq!(score(false, 3, 4, 8), -100);
        assert_eq!(score(true, 0, 7, 13), 2140);
        assert_eq!(score(false, 1, 2, 8), 90);
    }
}
