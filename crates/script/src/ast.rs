//! The syntax tree the parser builds and the compiler turns into an evaluator.

use std::ops::Range;

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `||`, `or`
    Or,
    /// `&&`, `and`
    And,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/` (truncating; x/0 is 0)
    Div,
    /// `%` (truncating; x%0 is 0)
    Rem,
}

/// Counts computed from per-suit tables: hcp, pt0…pt9, controls.
pub const COUNT_HCP: usize = 0;
/// First alternate count (pt0); ptN is `COUNT_PT0 + N`.
pub const COUNT_PT0: usize = 1;
/// Controls (A 2, K 1).
pub const COUNT_CONTROL: usize = 11;

/// An expression. Seats and suits are indices (N E S W; S H D C).
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// A number.
    Num(i64),
    /// Suit length.
    Len(usize, usize),
    /// A table count (`COUNT_*`) of a hand or one suit.
    Count(usize, usize, Option<usize>),
    /// Losers of a hand or a suit.
    Loser(usize, Option<usize>),
    /// cccc(seat).
    Cccc(usize),
    /// quality(seat, suit).
    Quality(usize, usize),
    /// hascard(seat, card index 0..52 in model order).
    HasCard(usize, usize),
    /// shape(seat, set) with the set as a 14×14×14 bitmap over (S, H, D) lengths.
    Shape(usize, Box<ShapeBits>),
    /// abs(e).
    Abs(Box<Expr>),
    /// rnd(e).
    Rnd(Box<Expr>),
    /// imps(e).
    Imps(Box<Expr>),
    /// score(vul, level, strain (0 C … 3 S, 4 NT, dealer order), tricks).
    Score(bool, i64, usize, Box<Expr>),
    /// tricks(seat, strain (model `Strain` index order: C D H S NT)).
    Tricks(usize, usize),
    /// `!e`
    Not(Box<Expr>),
    /// `-e`
    Neg(Box<Expr>),
    /// `a op b`
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
}

/// The set of shapes a `shape()` call accepts, indexed by `s * 196 + h * 14 + d`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeBits(pub Vec<u64>);

impl ShapeBits {
    /// Index of a shape in the bitmap (clubs follow from the other three).
    pub fn index(s: usize, h: usize, d: usize) -> usize {
        s * 196 + h * 14 + d
    }
    /// The empty set.
    pub fn empty() -> ShapeBits {
        ShapeBits(vec![0; 2744usize.div_ceil(64)])
    }
    /// True if the shape (S, H, D, C) is in the set.
    pub fn contains(&self, sh: [u8; 4]) -> bool {
        let i = Self::index(sh[0] as usize, sh[1] as usize, sh[2] as usize);
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    /// Adds or removes one shape.
    pub fn set(&mut self, sh: [u8; 4], on: bool) {
        let i = Self::index(sh[0] as usize, sh[1] as usize, sh[2] as usize);
        if on {
            self.0[i / 64] |= 1 << (i % 64);
        } else {
            self.0[i / 64] &= !(1 << (i % 64));
        }
    }
}

/// One item of `printes`.
#[derive(Debug, Clone, PartialEq)]
pub enum EsItem {
    /// A string, printed as is.
    Text(String),
    /// An expression, printed as an integer.
    Value(Expr),
}

/// An action.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// printall
    PrintAll,
    /// printew
    PrintEw,
    /// printpbn
    PrintPbn,
    /// printcompact[(e)]
    PrintCompact(Option<Expr>),
    /// printoneline[(e)]
    PrintOneLine(Option<Expr>),
    /// print(seats) as a 4-bit mask.
    Print(u8),
    /// printes items.
    PrintEs(Vec<EsItem>),
    /// average ["label"] e; `text` is the expression's source for reports.
    Average {
        /// Label (dealer prints it before the mean).
        label: Option<String>,
        /// The expression's source text.
        text: String,
        /// The expression.
        expr: Expr,
    },
    /// frequency ["label"] (e, lo, hi [, e2, lo2, hi2]).
    Frequency {
        /// Label.
        label: Option<String>,
        /// The expression's source text.
        text: String,
        /// First expression and bounds.
        first: (Expr, i64, i64),
        /// Second expression and bounds (2-D).
        second: Option<(Expr, i64, i64)>,
    },
}

/// A parsed script.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// generate N.
    pub generate: Option<u64>,
    /// produce N.
    pub produce: Option<u64>,
    /// vulnerable: 0 none, 1 NS, 2 EW, 3 all.
    pub vulnerable: Option<usize>,
    /// dealer seat.
    pub dealer: Option<usize>,
    /// Predealt cards per seat (card bit masks in model `Hand` layout).
    pub predeal: [u64; 4],
    /// Exact suit lengths predealt (`predeal spades(north) == 5`, suokko's dealer):
    /// `[seat][suit]` with suits S H D C.
    pub predeal_lengths: [[Option<u8>; 4]; 4],
    /// The condition (None: always true), with its span.
    pub condition: Option<(Expr, Range<usize>)>,
    /// The actions (None: printall by default).
    pub actions: Option<Vec<Action>>,
    /// pointcount / altcount tables: 12 counts × 13 ranks (A first).
    pub counts: [[i32; 13]; 12],
}
