//! The dealer-script language of Hans van Staveren's `dealer` (the language BBO runs).
//!
//! Errors are [`ScriptError`]s (a byte span and an [`ErrorKind`]); [`Diagnostic`] is one
//! located for display and [`render_diagnostics`] shows them with the one caret renderer,
//! [`fairdeal_model::source`].
//!
//! Public API: [`check`] (diagnostics for per-keystroke checking), [`compile`] into a
//! [`Program`], [`highlight`] (token classes, never fails), the [`REFERENCE`] table and the
//! [`EXAMPLES`] corpus. A [`Program`] hands out [`Runner`]s that deal in slices
//! ([`Runner::step`]) and summarise into a serialisable [`Report`].
#![forbid(unsafe_code)]

pub mod accel;
pub mod ast;
pub mod dpp;
pub mod error;
pub mod eval;
mod examples;
pub mod lexer;
pub mod lint;
pub mod output;
pub mod parser;
mod plan;
pub mod reference;
mod run;
pub mod union;

pub use error::{ErrorKind, ScriptError};
pub use run::{ForcedFormat, Program, Runner, MAX_REPORT_DEALS};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// One problem in a script, located: what the app's worker sends to the page.
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

impl Diagnostic {
    /// `error` located in `source` (line and column computed from its span).
    pub fn locate(source: &str, error: &ScriptError) -> Diagnostic {
        let (line, column) = error::position(source, error.span.start);
        Diagnostic {
            span: error.span.clone(),
            line,
            column,
            message: error.to_string(),
        }
    }
}

/// Every problem of `source` (parse and semantic) as errors with byte spans, sorted by
/// position; empty when the script compiles.
pub fn errors(source: &str) -> Vec<ScriptError> {
    parser::parse(source).err().unwrap_or_default()
}

fn located(source: &str, errors: Vec<ScriptError>) -> Vec<Diagnostic> {
    errors
        .iter()
        .map(|e| Diagnostic::locate(source, e))
        .collect()
}

/// Every problem found in `source` (parse and semantic), sorted by position.
pub fn check(source: &str) -> Vec<Diagnostic> {
    located(source, errors(source))
}

/// Compiles a script, or returns every problem found.
pub fn compile(source: &str) -> Result<Program, Vec<Diagnostic>> {
    let script = parser::parse(source).map_err(|e| located(source, e))?;
    Ok(Program::new(script, true))
}

/// Compiles a script without exact acceleration: every deal is shuffled and the whole
/// condition tested, exactly as dealer does (for comparisons, benchmarks and fuzzing).
pub fn compile_unaccelerated(source: &str) -> Result<Program, Vec<Diagnostic>> {
    let script = parser::parse(source).map_err(|e| located(source, e))?;
    Ok(Program::new(script, false))
}

/// Renders diagnostics the way a compiler does: `line:column: message`, the source line
/// and a caret under the place ([`fairdeal_model::source::render`]).
pub fn render_diagnostics(source: &str, diags: &[Diagnostic]) -> String {
    diags
        .iter()
        .map(|d| fairdeal_model::source::render(source, &d.span, &d.message))
        .collect()
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

/// Token classes covering `source` (never fails; unreadable text is `Error`).
pub fn highlight(source: &str) -> Vec<(Range<usize>, TokenKind)> {
    use lexer::Tok;
    let toks = lexer::tokens(source);
    let mut out = Vec::with_capacity(toks.len());
    for (i, t) in toks.iter().enumerate() {
        let text = &source[t.span.clone()];
        let kind = match t.tok {
            Tok::Comment => TokenKind::Comment,
            Tok::Error => TokenKind::Error,
            Tok::Str | Tok::Newline => TokenKind::Punctuation,
            Tok::Number if text.len() == 4 && in_shape(source, &toks, i) => TokenKind::Shape,
            Tok::Number => TokenKind::Number,
            Tok::Sym if matches!(text, "(" | ")" | "," | "{" | "}" | "[" | "]") => {
                TokenKind::Punctuation
            }
            Tok::Sym => TokenKind::Operator,
            Tok::Word => match reference::lookup(text).map(|k| k.kind) {
                Some("statement") => TokenKind::Keyword,
                Some("function") => TokenKind::Function,
                Some("action") => TokenKind::Action,
                Some("seat") => TokenKind::Seat,
                Some("suit") => TokenKind::Suit,
                Some("operator") => TokenKind::Operator,
                Some(_) => TokenKind::Keyword,
                None => classify_word(source, &toks, i, text),
            },
        };
        out.push((t.span.clone(), kind));
    }
    out
}

fn in_shape(source: &str, toks: &[lexer::Token], i: usize) -> bool {
    // Inside shape( … ): look back for the nearest "shape" before an unmatched "(".
    let mut depth = 0i32;
    for t in toks[..i].iter().rev() {
        let text = &source[t.span.clone()];
        match text {
            ")" => depth += 1,
            "(" if depth == 0 => {
                let at = toks.iter().position(|x| std::ptr::eq(x, t)).unwrap_or(0);
                return at > 0 && &source[toks[at - 1].span.clone()] == "shape";
            }
            "(" => depth -= 1,
            _ => {}
        }
    }
    false
}

fn classify_word(source: &str, toks: &[lexer::Token], i: usize, w: &str) -> TokenKind {
    let b = w.as_bytes();
    if b.len() == 4 && b.iter().all(|c| c.is_ascii_digit() || *c == b'x') {
        return TokenKind::Shape;
    }
    if b.len() == 2 && b"AKQJT98765432".contains(&b[0]) && b"SHDC".contains(&b[1]) {
        return TokenKind::Card;
    }
    if b.len() == 3 && b[0] == b'x' && (b'1'..=b'7').contains(&b[1]) && b"CDHSN".contains(&b[2]) {
        return TokenKind::Card;
    }
    if b"SHDC".contains(&b[0]) && b[1..].iter().all(|c| b"AKQJT98765432".contains(c)) {
        // A holding after predeal.
        let after_predeal = toks[..i]
            .iter()
            .rev()
            .map(|t| &source[t.span.clone()])
            .find(|t| reference::lookup(t).is_some_and(|k| k.kind == "statement"))
            == Some("predeal");
        if after_predeal {
            return TokenKind::Card;
        }
    }
    TokenKind::Identifier
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
pub const REFERENCE: &[KeywordDoc] = reference::TABLE;

/// An example script.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Short title.
    pub title: &'static str,
    /// The script.
    pub source: &'static str,
}

/// Example scripts (also the test corpus).
pub const EXAMPLES: &[Example] = examples::EXAMPLES;

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
    /// The script's `dealer` statement, if any (boards show it instead of the rotation).
    pub dealer: Option<fairdeal_model::Seat>,
    /// The script's `vulnerable` statement, if any.
    pub vulnerability: Option<fairdeal_model::Vulnerability>,
    /// For the first [`WHY_DEALS`] deals, the value of every variable the condition uses
    /// ([`Program::why`]): which clauses made each deal match.
    #[serde(default)]
    pub why: Vec<Vec<(String, i64)>>,
}

/// Deals of a [`Report`] that carry their `why`.
pub const WHY_DEALS: usize = 200;

/// An `average` result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Average {
    /// Label (or the expression's text).
    pub label: String,
    /// Mean over the produced deals (NaN when none was produced, as dealer's 0/0).
    pub mean: f64,
    /// 95% confidence interval of the mean (normal approximation, sample variance);
    /// ±∞ after a single deal, NaN when none was produced.
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
