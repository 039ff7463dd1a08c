//! The live analysis as the page shows it: syntax errors placed in the text, "counting",
//! an impossible set's reason, or the count of the set or of each category.

use fairdeal_constrain::analysis::{self as counting, AnalysisError, SetCount};
use fairdeal_constrain::{parse, BuildError, Spec};
use serde::{Deserialize, Serialize};

/// A syntax error placed in the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub col: usize,
    /// Byte span in the text.
    pub span: std::ops::Range<usize>,
    /// The message.
    pub message: String,
}

/// The count of one set (or one category).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountView {
    /// Deals meeting the exactly counted conditions.
    pub deals: u128,
    /// Reduced probability fraction.
    pub fraction: (u128, u128),
    /// Percent.
    pub percent: f64,
    /// True if every condition is counted.
    pub exact: bool,
    /// What dealing applies by rejection: for inexact counts with the observed acceptance
    /// rate, for counts made whole cell by cell with the exact share kept.
    pub note: Option<String>,
}

/// The live answer to the current text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Analysis {
    /// Syntax errors, each with its place.
    Errors(Vec<TextError>),
    /// The text is valid; the worker is counting it (`done` of `total` categories).
    Counting {
        /// Categories counted so far.
        done: u32,
        /// Categories to count (1 for a plain set).
        total: u32,
    },
    /// The set is inconsistent or impossible; the message names the seat or condition.
    Impossible(String),
    /// A plain set's count.
    Count(CountView),
    /// A levelled set: (category name, weight, count) per category.
    Levelled(Vec<(String, u32, CountView)>),
}

impl CountView {
    /// The page's view of one count of the engine's analysis.
    pub fn of(c: &SetCount) -> CountView {
        let named = |conditions: &[String]| -> Vec<String> {
            conditions
                .iter()
                .map(|r| match r.as_str() {
                    "ns" | "ew" => r.to_uppercase(),
                    _ => r.clone(),
                })
                .collect()
        };
        let dealt = c.dealing.as_ref().map(|d| {
            let why = d.why.as_deref().map_or(String::new(), |w| format!(" ({w})"));
            format!(
                "Counted exactly, cell by cell. The dealing tables cannot hold every condition{why}: the conditions on {} are applied by rejection, and exactly {:.3} % of the draws are kept.",
                named(&d.conditions).join(", "),
                d.percent()
            )
        });
        let note = dealt.or_else(|| c.acceptance.map(|(tries, accepted)| {
            let what = named(&c.rejected);
            let rate = if tries == 0 {
                0.0
            } else {
                accepted as f64 / tries as f64
            };
            let why = c.why.as_deref().map_or(String::new(), |w| format!(" ({w})"));
            format!(
                "Over the counting budget{why}: the conditions on {} are applied by rejection, so the count covers the other seats only. Acceptance rate: {:.3} % ({accepted} of {tries} draws).",
                what.join(", "),
                rate * 100.0
            )
        }));
        CountView {
            deals: c.deals,
            fraction: c.fraction,
            percent: c.percent,
            exact: c.is_exact(),
            note,
        }
    }
}

/// Parses a text: the spec, or every syntax error placed in it.
pub fn parse_text(text: &str) -> Result<Spec, Vec<TextError>> {
    parse(text).map_err(|errs| {
        errs.0
            .iter()
            .map(|e| {
                let (line, col) = e.line_col(text);
                TextError {
                    line,
                    col,
                    span: e.span.clone(),
                    message: e.kind.to_string(),
                }
            })
            .collect()
    })
}

/// The page's view of a finished analysis (or of why there is none).
pub fn analysis_view(result: Result<counting::Analysis, AnalysisError>) -> Analysis {
    match result {
        Ok(counting::Analysis::Plain(c)) => Analysis::Count(CountView::of(&c)),
        Ok(counting::Analysis::Levelled(list)) => Analysis::Levelled(
            list.iter()
                .map(|c| (c.name.clone(), c.weight, CountView::of(&c.count)))
                .collect(),
        ),
        Err(e) => Analysis::Impossible(failure_message(&e)),
    }
}

/// Analyses a text at once: errors, impossibility or the count (what the worker's count
/// job computes in steps; the page itself only parses).
pub fn analyse(text: &str) -> (Analysis, Option<Spec>) {
    match parse_text(text) {
        Err(list) => (Analysis::Errors(list), None),
        Ok(spec) => (analysis_view(counting::analyse(&spec)), Some(spec)),
    }
}

fn failure_message(e: &AnalysisError) -> String {
    match e {
        AnalysisError::Build {
            category: None,
            reason,
        } => build_message(reason),
        _ => e.to_string(),
    }
}

fn build_message(e: &BuildError) -> String {
    match e {
        BuildError::NoDeal { .. } => format!("Impossible: {e}."),
        BuildError::Tables(_) => format!("Cannot count this set: {e}."),
    }
}
