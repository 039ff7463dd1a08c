//! The syntax tree the parser builds and the compiler turns into an evaluator.

use std::ops::Range;
use std::sync::Arc;

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
    /// A use of a variable (`name = expr`): one shared definition, however often it is
    /// used, so a script's size stays linear in its text (dealer keeps a pointer too).
    Var(Arc<VarDef>),
}

/// One variable definition, shared by all its uses.
///
/// A *pure* variable (no `rnd` anywhere below it) has one value per deal, so the evaluator
/// computes it once per deal; an impure one is evaluated at every use, as dealer does (each
/// `rnd` in it draws again).
pub struct VarDef {
    /// Position in definition order (the evaluator's memo slot).
    pub index: usize,
    /// The name as written.
    pub name: String,
    /// The definition.
    pub expr: Expr,
    /// True if no `rnd` is reachable from the definition.
    pub pure: bool,
    /// Nodes evaluated by one evaluation of the definition when every use of an impure
    /// variable is expanded and every pure variable counts once (saturating).
    pub cost: u64,
    /// Deepest recursion of one evaluation (nesting through variables included).
    pub depth: u32,
    /// Nodes of the definition with every variable written out (saturating): what a walk
    /// that does not share variables (the acceleration analysis) would visit.
    pub expanded: u64,
}

impl std::fmt::Debug for VarDef {
    /// Only the name: printing definitions in full could repeat shared parts exponentially.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Var({})", self.name)
    }
}

impl PartialEq for VarDef {
    /// Two uses are equal when they name the same definition (cheap, never recursive).
    fn eq(&self, other: &VarDef) -> bool {
        self.index == other.index && self.name == other.name
    }
}

/// Most evaluation steps one deal may need (see [`VarDef::cost`]).
pub const MAX_EVAL_COST: u64 = 1_000_000;
/// Deepest nesting one evaluation may reach, variables included.
pub const MAX_EVAL_DEPTH: u32 = 2_000;

/// Largest expanded condition the acceleration analysis walks (see [`VarDef::expanded`]).
pub const MAX_ANALYSED: u64 = 200_000;

impl Expr {
    /// Nodes of this expression with every variable written out (saturating).
    pub fn expanded_size(&self) -> u64 {
        match self {
            Expr::Var(v) => v.expanded,
            Expr::Abs(x)
            | Expr::Imps(x)
            | Expr::Not(x)
            | Expr::Neg(x)
            | Expr::Rnd(x)
            | Expr::Score(_, _, _, x) => x.expanded_size().saturating_add(1),
            Expr::Bin(_, a, b) => a
                .expanded_size()
                .saturating_add(b.expanded_size())
                .saturating_add(1),
            Expr::Cond(c, a, b) => c
                .expanded_size()
                .saturating_add(a.expanded_size())
                .saturating_add(b.expanded_size())
                .saturating_add(1),
            _ => 1,
        }
    }

    /// (cost, depth, pure) of evaluating this expression once: see [`VarDef`].
    pub fn measure(&self) -> (u64, u32, bool) {
        let kids: Vec<&Expr> = match self {
            Expr::Var(v) => {
                // A pure variable is computed once per deal: one step at each further use.
                return if v.pure {
                    (1, v.depth + 1, true)
                } else {
                    (v.cost.saturating_add(1), v.depth + 1, false)
                };
            }
            Expr::Abs(x)
            | Expr::Imps(x)
            | Expr::Not(x)
            | Expr::Neg(x)
            | Expr::Score(_, _, _, x) => vec![x],
            Expr::Rnd(x) => {
                let (c, d, _) = x.measure();
                return (c.saturating_add(1), d + 1, false);
            }
            Expr::Bin(_, a, b) => vec![a, b],
            Expr::Cond(c, a, b) => vec![c, a, b],
            _ => Vec::new(),
        };
        let mut cost = 1u64;
        let mut depth = 0u32;
        let mut pure = true;
        for k in kids {
            let (c, d, p) = k.measure();
            cost = cost.saturating_add(c);
            depth = depth.max(d);
            pure &= p;
        }
        (cost, depth + 1, pure)
    }
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
    /// Variables in definition order (their uses point at these).
    pub vars: Vec<Arc<VarDef>>,
    /// Where each variable's definition is (by [`VarDef::index`]).
    pub var_spans: Vec<Range<usize>>,
    /// How many times each variable is used (by [`VarDef::index`]).
    pub var_uses: Vec<u32>,
    /// Where each `action` statement is (only the last one's list is used, as in dealer).
    pub action_spans: Vec<Range<usize>>,
    /// Where each condition is (`condition e` or a bare expression; the last one wins).
    pub condition_spans: Vec<Range<usize>>,
}
