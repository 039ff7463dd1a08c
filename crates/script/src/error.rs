//! What can be wrong in a script, and where: [`ScriptError`] is a byte span and an
//! [`ErrorKind`] whose `Display` is the message a person reads.
//!
//! Errors carry byte spans only; line:column and the caret are computed at the edge by
//! the one renderer, [`fairdeal_model::source`] (see [`crate::render_diagnostics`]).
//! [`crate::Diagnostic`] is the located form the app's worker sends to the page.

use crate::ast::{MAX_EVAL_COST, MAX_EVAL_DEPTH};
use crate::dpp::DppError;
use std::ops::Range;
use thiserror::Error;

/// One problem in a script: where (bytes) and what.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{kind}")]
pub struct ScriptError {
    /// Byte offsets into the source.
    pub span: Range<usize>,
    /// What is wrong and what was expected.
    pub kind: ErrorKind,
}

/// What is wrong in a script. Seat, suit and statement names are the script's own words.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ErrorKind {
    /// `/*` without `*/`.
    #[error("unterminated comment: '/*' without '*/'")]
    UnterminatedComment,
    /// `"` without its closing `"` on the same line.
    #[error("unterminated string: '\"' without a closing '\"' on the same line")]
    UnterminatedString,
    /// A character the language has no use for.
    #[error("unexpected character '{text}'")]
    UnexpectedCharacter {
        /// The character.
        text: String,
    },
    /// The token found is not what the grammar allows here.
    #[error("expected {expected}{}, found {found}", after.as_ref().map_or(String::new(), |a| format!(" after '{a}'")))]
    Expected {
        /// What would have been allowed.
        expected: String,
        /// The token before (with its function's name for `(`), if any.
        after: Option<String>,
        /// The token found, quoted, or "the end of the script".
        found: String,
    },
    /// A number above `i32::MAX`.
    #[error("number {text} is too large")]
    NumberTooLarge {
        /// The number as written.
        text: String,
    },
    /// `generate 0`, `produce -1`.
    #[error("{statement} needs a positive number")]
    NotPositive {
        /// `generate` or `produce`.
        statement: String,
    },
    /// `altcount 12`.
    #[error("altcount number must be 0 to 9, found {found}")]
    AltcountOutOfRange {
        /// The number given.
        found: i64,
    },
    /// An action word written as a statement.
    #[error("'{word}' is an action: write it after 'action' (action {word})")]
    ActionAsStatement {
        /// The action.
        word: String,
    },
    /// A variable defined twice.
    #[error("redefined variable '{name}' (first defined at {line}:{column}); dealer stops here too: give the new one another name")]
    Redefined {
        /// The variable.
        name: String,
        /// 1-based line of the first definition.
        line: u32,
        /// 1-based column (characters) of the first definition.
        column: u32,
    },
    /// A variable whose expansion is too costly or too deep.
    #[error("'{name}' is too large once the variables it uses are expanded ({} steps, {depth} levels deep; at most {MAX_EVAL_COST} steps and {MAX_EVAL_DEPTH} levels): share parts through variables without rnd(), or simplify", if *cost == u64::MAX { "over 10^19".to_string() } else { cost.to_string() })]
    VariableTooLarge {
        /// The variable.
        name: String,
        /// Evaluation steps (`u64::MAX` when it overflows).
        cost: u64,
        /// Nesting depth.
        depth: u32,
    },
    /// `pointcount` or `altcount` with more than 13 values.
    #[error("too many values: {given} given, 13 at most (A K Q J T 9 8 7 6 5 4 3 2)")]
    TooManyValues {
        /// How many were given.
        given: usize,
    },
    /// `predeal spades(north) == 14`.
    #[error("a suit length is 0 to 13, found {found}")]
    SuitLengthOutOfRange {
        /// The length given.
        found: i64,
    },
    /// The same seat and suit predealt two different lengths.
    #[error("{seat}'s {suit} already predealt as {old} cards")]
    LengthPredealtTwice {
        /// The seat.
        seat: &'static str,
        /// The suit.
        suit: &'static str,
        /// The first length.
        old: u8,
    },
    /// More predealt cards in a suit than the length predealt for it.
    #[error("{seat} is predealt {held} {suit} as cards, more than {length}")]
    CardsExceedLength {
        /// The seat.
        seat: &'static str,
        /// Cards of the suit predealt to the seat.
        held: usize,
        /// The suit.
        suit: &'static str,
        /// The length predealt.
        length: usize,
    },
    /// A predealt length that leaves too few cards for the other seats' predealt cards.
    #[error("{length} {suit} for {seat} leaves too few for the {others} predealt to other seats")]
    LengthLeavesTooFew {
        /// The length predealt.
        length: usize,
        /// The suit.
        suit: &'static str,
        /// The seat.
        seat: &'static str,
        /// Cards of the suit predealt to the other seats.
        others: usize,
    },
    /// The predealt lengths of one suit do not make 13.
    #[error("the predealt {suit} lengths add up to {sum}; a suit has 13 cards")]
    SuitLengthsSum {
        /// The suit.
        suit: &'static str,
        /// Their sum.
        sum: usize,
    },
    /// The predealt lengths of one hand do not make 13.
    #[error("{seat}'s predealt suit lengths add up to {sum}; a hand has 13 cards")]
    HandLengthsSum {
        /// The seat.
        seat: &'static str,
        /// Their sum.
        sum: usize,
    },
    /// Predealt cards and lengths no deal satisfies.
    #[error("no deal has these predealt cards and suit lengths")]
    NoDealFits,
    /// A character in a holding that is no rank.
    #[error("'{rank}' is not a rank: expected A K Q J T 9 8 7 6 5 4 3 2 in holding '{holding}'")]
    NotARank {
        /// The character.
        rank: char,
        /// The holding as written.
        holding: String,
    },
    /// A card predealt to two seats (or twice to one).
    #[error("card {card} is predealt twice (already given to {owner})")]
    CardPredealtTwice {
        /// The card (suit letter then rank).
        card: String,
        /// The seat it went to first.
        owner: &'static str,
    },
    /// More than 13 cards predealt to one seat.
    #[error("more than 13 cards predealt to {seat}")]
    TooManyCardsPredealt {
        /// The seat.
        seat: &'static str,
    },
    /// A 2-D frequency table too large to keep.
    #[error("a 2-D frequency of {cells} cells is too large (1,000,000 at most)")]
    FrequencyTooLarge {
        /// Cells it would have (with the Low and High rows and columns).
        cells: i64,
    },
    /// An action that needs double-dummy results of every contract.
    #[error("'{word}' needs double-dummy evaluation of every contract and is not available")]
    NeedsDoubleDummy {
        /// The action.
        word: String,
    },
    /// `frequency(e, 10, 5)`.
    #[error("frequency bounds are reversed: low {lo} is above high {hi}")]
    FrequencyReversed {
        /// Low bound.
        lo: i64,
        /// High bound.
        hi: i64,
    },
    /// `frequency(e, 0, 1000000)`.
    #[error("frequency range {lo}…{hi} is too wide (100,000 values at most)")]
    FrequencyTooWide {
        /// Low bound.
        lo: i64,
        /// High bound.
        hi: i64,
    },
    /// More than 120 levels of nesting.
    #[error("expression nested too deeply (120 levels at most)")]
    NestedTooDeeply,
    /// `=` inside an expression.
    #[error("'=' defines a name at the start of a statement; to compare use '=='")]
    AssignmentInExpression,
    /// A name that is neither a variable defined before nor a reserved word.
    #[error("unknown name '{name}': define it first with '{name} = …', or check the spelling of a function{}", if defined.is_empty() { String::new() } else { format!(" (defined so far: {})", defined.join(", ")) })]
    UnknownName {
        /// The name.
        name: String,
        /// The variables defined so far, sorted.
        defined: Vec<String>,
    },
    /// `tricks()` without the double-dummy solver.
    #[error("tricks() needs the double-dummy solver, which is not available yet")]
    TricksUnavailable,
    /// A function of the reference this build does not evaluate.
    #[error("'{name}' is not available")]
    NotAvailable {
        /// The function.
        name: String,
    },
    /// A problem inside `shape{seat, …}` (Dellacherie's notation).
    #[error("{0} in shape{{…}}")]
    Shape(#[source] DppError),
}

impl ScriptError {
    /// An error of kind `kind` at `span`.
    pub fn new(span: Range<usize>, kind: ErrorKind) -> ScriptError {
        ScriptError { span, kind }
    }
}

/// 1-based line and column (characters) of byte offset `at`, as a [`crate::Diagnostic`]
/// stores them.
pub(crate) fn position(src: &str, at: usize) -> (u32, u32) {
    let (line, column) = fairdeal_model::source::line_col(src, at);
    (
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(column).unwrap_or(u32::MAX),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        assert_eq!(position("ab\ncé", 6), (2, 3));
        assert_eq!(position("ab\ncé", 5), (2, 2));
    }

    #[test]
    fn messages_read_as_before() {
        let e = ErrorKind::Expected {
            expected: "a seat".into(),
            after: Some("hcp(".into()),
            found: "'nord'".into(),
        };
        assert_eq!(e.to_string(), "expected a seat after 'hcp(', found 'nord'");
        let e = ErrorKind::Expected {
            expected: "an expression".into(),
            after: None,
            found: "the end of the script".into(),
        };
        assert_eq!(
            e.to_string(),
            "expected an expression, found the end of the script"
        );
        let e = ErrorKind::UnknownName {
            name: "x".into(),
            defined: vec!["a".into(), "b".into()],
        };
        assert_eq!(
            e.to_string(),
            "unknown name 'x': define it first with 'x = …', or check the spelling of a function (defined so far: a, b)"
        );
        let e = ErrorKind::VariableTooLarge {
            name: "v".into(),
            cost: u64::MAX,
            depth: 3,
        };
        assert!(e.to_string().contains("(over 10^19 steps, 3 levels deep;"));
    }
}
