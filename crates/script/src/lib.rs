//! The dealer-script language of Hans van Staveren's `dealer` (the language BBO runs).
//!
//! Public API: [`check`] (diagnostics for per-keystroke checking), [`compile`] into a
//! [`Program`], [`highlight`] (token classes, never fails), the [`REFERENCE`] table and the
//! [`EXAMPLES`] corpus. A [`Program`] hands out [`Runner`]s that deal in slices
//! ([`Runner::step`]) and summarise into a serialisable [`Report`].
#![forbid(unsafe_code)]

use serde::{Deserialize, Serialize};
use std::ops::Range;

/// One problem in a script, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Byte offsets into the source.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in characters).
    pub column: u32,
    /// What is wrong and what was expected.
    pub message: String,
}

/// Every problem found in `source` (parse and semantic).
pub fn check(source: &str) -> Vec<Diagnostic> {
    match compile(source) {
        Ok(_) => Vec::new(),
        Err(d) => d,
    }
}

/// Compiles a script.
pub fn compile(source: &str) -> Result<Program, Vec<Diagnostic>> {
    let _ = source;
    Err(vec![Diagnostic {
        span: 0..0,
        line: 1,
        column: 1,
        message: "the script engine is not available yet".into(),
    }])
}

/// Token classes for syntax highlighting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TokenKind {
    /// Statement keywords (`generate`, `condition`, …).
    Keyword,
    /// Functions (`hcp`, `shape`, …).
    Function,
    /// Actions (`printall`, `average`, …).
    Action,
    /// Seats.
    Seat,
    /// Suits.
    Suit,
    /// Numbers.
    Number,
    /// Shape digits and lists.
    Shape,
    /// Cards and holdings.
    Card,
    /// Operators.
    Operator,
    /// Comments.
    Comment,
    /// User names.
    Identifier,
    /// Parentheses, commas, strings.
    Punctuation,
    /// Anything the lexer cannot read.
    Error,
}

/// Token classes covering `source` (never fails).
pub fn highlight(source: &str) -> Vec<(Range<usize>, TokenKind)> {
    if source.is_empty() {
        Vec::new()
    } else {
        vec![(0..source.len(), TokenKind::Identifier)]
    }
}

/// One entry of the language reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct KeywordDoc {
    /// The word.
    pub name: &'static str,
    /// "statement", "function", "action", "seat", "suit", "operator", "value".
    pub kind: &'static str,
    /// How it is written.
    pub signature: &'static str,
    /// What it does.
    pub doc: &'static str,
}

/// The language reference, the same table the parser uses.
pub const REFERENCE: &[KeywordDoc] = &[];

/// An example script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Short title.
    pub title: &'static str,
    /// The script.
    pub source: &'static str,
}

/// Example scripts (also the test corpus).
pub const EXAMPLES: &[Example] = &[];

/// A compiled script.
#[derive(Debug, Clone)]
pub struct Program {
    generate: u64,
    produce: u64,
}

impl Program {
    /// Maximum number of deals generated.
    pub fn generate(&self) -> u64 {
        self.generate
    }
    /// Number of deals to produce.
    pub fn produce(&self) -> u64 {
        self.produce
    }
    /// A runner dealing from a 32-byte seed.
    pub fn runner(&self, seed: [u8; 32]) -> Runner {
        let _ = seed;
        Runner {
            generated: 0,
            produced: 0,
            finished: false,
        }
    }
    /// What is sampled exactly and what by rejection.
    pub fn acceleration(&self) -> String {
        "everything by rejection".into()
    }
}

/// Runs a program in slices.
#[derive(Debug, Clone)]
pub struct Runner {
    generated: u64,
    produced: u64,
    finished: bool,
}

impl Runner {
    /// Generates up to `max_generated` more deals; true when finished.
    pub fn step(&mut self, max_generated: u64) -> bool {
        let _ = max_generated;
        self.finished = true;
        self.finished
    }
    /// Deals generated so far.
    pub fn generated(&self) -> u64 {
        self.generated
    }
    /// Deals produced so far.
    pub fn produced(&self) -> u64 {
        self.produced
    }
    /// The results so far.
    pub fn report(&self) -> Report {
        Report {
            deals: Vec::new(),
            text: String::new(),
            averages: Vec::new(),
            frequencies: Vec::new(),
            generated: self.generated,
            produced: self.produced,
        }
    }
}

/// The results of a run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The produced deals (capped, see the runner).
    pub deals: Vec<fairdeal_model::Deal>,
    /// The actions' output exactly as dealer prints it.
    pub text: String,
    /// `average` results.
    pub averages: Vec<Average>,
    /// `frequency` results.
    pub frequencies: Vec<Frequency>,
    /// Deals generated.
    pub generated: u64,
    /// Deals produced.
    pub produced: u64,
}

/// An `average` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Average {
    /// Label (or the expression's text).
    pub label: String,
    /// Mean.
    pub mean: f64,
    /// 95% confidence interval of the mean.
    pub ci95: (f64, f64),
    /// Number of values.
    pub count: u64,
}

/// A `frequency` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frequency {
    /// Label (or the expression's text).
    pub label: String,
    /// 1-D: (value, count) for every value lo..=hi. Empty for 2-D.
    pub rows: Vec<(i64, u64)>,
    /// 1-D: values below lo (dealer's "Low" row).
    pub low: u64,
    /// 1-D: values above hi (dealer's "High" row).
    pub high: u64,
    /// 2-D table, when the frequency has two expressions.
    pub table: Option<Frequency2D>,
}

/// A 2-D `frequency` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Frequency2D {
    /// Row values (first expression), lo1..=hi1.
    pub row_values: Vec<i64>,
    /// Column values (second expression), lo2..=hi2.
    pub column_values: Vec<i64>,
    /// counts[row][column], with one extra Low and High row/column at the ends
    /// (so `row_values.len() + 2` rows of `column_values.len() + 2`).
    pub counts: Vec<Vec<u64>>,
}
