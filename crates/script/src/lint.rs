//! The dialect report: which dealer programs accept a script and why not, what behaves
//! differently from what a reader may expect, and how often the condition is met.
//!
//! The programs differ in small ways that stop a scenario cold (BBO's dealer answers only
//! "ERROR"). [`DIALECTS`] names them and [`FEATURES`] is the table of constructs they
//! disagree on, each with its evidence. Debian's dealer 20211121 column is checked by the
//! test suite against `/usr/games/dealer` on each feature's `sample`; the others state only
//! what their documentation or issue trackers say, and "unknown" otherwise — never a guess.

use crate::ast::Script;
use crate::error::position;
use crate::lexer::{tokens, Tok};
use crate::{parser, Diagnostic};
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// The programs a script may be meant for.
pub const DIALECTS: [&str; 4] = [
    "BBO's dealer",
    "Debian's dealer 20211121",
    "DealerV2",
    "dealer3",
];

/// Whether one program accepts a construct.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Support {
    /// Accepted and works.
    Yes,
    /// Refused (a syntax error, or a failure when run).
    No,
    /// Not documented and not verifiable here.
    Unknown,
}

impl Support {
    /// The word shown in reports.
    pub fn word(self) -> &'static str {
        match self {
            Support::Yes => "yes",
            Support::No => "no",
            Support::Unknown => "unknown",
        }
    }
}

/// A construct the programs disagree on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Feature {
    /// Short name.
    pub id: &'static str,
    /// What it is, for the report.
    pub what: &'static str,
    /// Support in [`DIALECTS`] order.
    pub support: [Support; 4],
    /// Where the support column comes from.
    pub evidence: &'static str,
    /// A minimal script using it (Debian's column is tested against it).
    pub sample: &'static str,
}

use Support::{No, Unknown, Yes};

/// The constructs that not every program accepts. Fair Deal accepts all of them.
pub const FEATURES: &[Feature] = &[
    Feature {
        id: "hash-comment-inside-line",
        what: "a '#' comment that does not start in the first column (after code, or indented)",
        support: [No, No, Unknown, Unknown],
        evidence: "Debian's dealer: 'syntax error' (run here); BBO: a scenario stopped dealing over a trailing '#' comment (Practice-Bidding-Scenarios issue 339)",
        sample: "hcp(north) >= 15 # strong\naction printoneline\n",
    },
    Feature {
        id: "printes",
        what: "the printes action",
        support: [Unknown, No, Unknown, Unknown],
        evidence: "Debian's dealer: 'syntax error' (run here)",
        sample: "hcp(north) >= 15\naction printes \"x\", hcp(north), \\n\n",
    },
    Feature {
        id: "abs",
        what: "the abs() function",
        support: [Unknown, No, Unknown, Unknown],
        evidence: "Debian's dealer: 'unknown variable' (run here)",
        sample: "abs(hcp(north) - 10) >= 5\naction printoneline\n",
    },
    Feature {
        id: "nonvul",
        what: "'nonvul' in score() (dealer's word is 'nv')",
        support: [Unknown, No, Unknown, Unknown],
        evidence: "Debian's dealer: 'syntax error' (run here)",
        sample: "score(nonvul, x3N, 9) == 400\naction printoneline\n",
    },
    Feature {
        id: "dellacherie-shape",
        what: "DealerV2's shape{…} notation (5+s4h, (431), M/m, conditions)",
        support: [Unknown, No, Yes, Unknown],
        evidence: "DealerV2 User Guide (Dellacherie shapes built in); Debian's dealer: 'syntax error' (run here)",
        sample: "shape{north, 5+s}\naction printoneline\n",
    },
    Feature {
        id: "predeal-length",
        what: "predeal by suit length (predeal spades(north) == 5)",
        support: [Unknown, Yes, Unknown, Unknown],
        evidence: "suokko's dealer, which Debian packages: accepted (run here)",
        sample: "predeal spades(north) == 5\nhcp(north) >= 15\naction printoneline\n",
    },
    Feature {
        id: "minus-before-expression",
        what: "a minus sign before anything but a number (-hcp(north), -(x)); write 0 - x",
        support: [Unknown, No, Unknown, Unknown],
        evidence: "Debian's dealer: 'syntax error' (run here)",
        sample: "x = -hcp(north)\nx < -10\naction printoneline\n",
    },
    Feature {
        id: "vulnerable-both",
        what: "'vulnerable both' (dealer's word is 'all')",
        support: [Unknown, No, Unknown, Unknown],
        evidence: "Debian's dealer: 'syntax error' (run here)",
        sample: "vulnerable both\nhcp(north) > 10\naction printoneline\n",
    },
    Feature {
        id: "double-dummy",
        what: "tricks() (double dummy)",
        support: [Unknown, No, Yes, Yes],
        evidence: "Debian's dealer needs GIB's solver at run time and fails without it (run here); DealerV2 and dealer3 solve with DDS / bridge-solver (their documentation)",
        sample: "tricks(north, notrump) >= 9\naction printoneline\n",
    },
];

/// One use of a [`FEATURES`] construct.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// The feature's id.
    pub feature: String,
    /// Byte span of the use.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
}

/// A behaviour every program shares that the script's author may not expect.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Note {
    /// Byte span.
    pub span: Range<usize>,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub column: u32,
    /// What happens.
    pub message: String,
}

/// The dialect report of a script that compiles.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lint {
    /// Constructs some programs refuse, in source order.
    pub findings: Vec<Finding>,
    /// Per program in [`DIALECTS`] order: Yes if it accepts every construct found, No if
    /// it refuses one, Unknown otherwise.
    pub accepted: [Support; 4],
    /// Surprises shared by all programs (last `action` wins, `rnd` drawn at each use, …).
    pub notes: Vec<Note>,
}

impl Lint {
    /// The feature a finding is about.
    pub fn feature(finding: &Finding) -> Option<&'static Feature> {
        FEATURES.iter().find(|f| f.id == finding.feature)
    }

    /// The report as text: one line per program, then each finding and note with its
    /// `line:column`.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for (i, name) in DIALECTS.iter().enumerate() {
            let why: Vec<String> = self
                .findings
                .iter()
                .filter_map(|f| Self::feature(f).map(|x| (f, x)))
                .filter(|(_, x)| x.support[i] != Yes)
                .map(|(f, x)| format!("{} at {}:{}", x.id, f.line, f.column))
                .collect();
            let verdict = match self.accepted[i] {
                Yes => "accepts this script".to_string(),
                No => format!("refuses this script ({})", why.join(", ")),
                Unknown => format!("may refuse this script (not known for: {})", why.join(", ")),
            };
            out.push_str(&format!("{name}: {verdict}\n"));
        }
        for f in &self.findings {
            if let Some(x) = Self::feature(f) {
                let who: Vec<String> = DIALECTS
                    .iter()
                    .zip(x.support)
                    .map(|(d, s)| format!("{d} {}", s.word()))
                    .collect();
                out.push_str(&format!(
                    "{}:{}: {} — {} [{}]\n",
                    f.line,
                    f.column,
                    x.what,
                    who.join(", "),
                    x.evidence
                ));
            }
        }
        for n in &self.notes {
            out.push_str(&format!("{}:{}: note: {}\n", n.line, n.column, n.message));
        }
        out
    }
}

/// The dialect report, or the script's errors.
pub fn lint(source: &str) -> Result<Lint, Vec<Diagnostic>> {
    let script = parser::parse(source).map_err(|e| {
        e.iter()
            .map(|e| Diagnostic::locate(source, e))
            .collect::<Vec<_>>()
    })?;
    let at = |span: Range<usize>| {
        let (line, column) = position(source, span.start);
        (span, line, column)
    };
    let mut findings = Vec::new();
    let mut found = |id: &str, span: Range<usize>| {
        let (span, line, column) = at(span);
        findings.push(Finding {
            feature: id.to_string(),
            span,
            line,
            column,
        });
    };
    let toks = tokens(source);
    for (k, t) in toks.iter().enumerate() {
        let text = &source[t.span.clone()];
        match t.tok {
            Tok::Comment if text.starts_with('#') => {
                let line_start = source[..t.span.start].rfind('\n').map_or(0, |i| i + 1);
                if t.span.start != line_start {
                    found("hash-comment-inside-line", t.span.clone());
                }
            }
            Tok::Word => match text {
                "printes" => found("printes", t.span.clone()),
                "abs" => found("abs", t.span.clone()),
                "nonvul" => found("nonvul", t.span.clone()),
                "tricks" | "trick" => found("double-dummy", t.span.clone()),
                "shape"
                    if toks
                        .get(k + 1)
                        .is_some_and(|n| source[n.span.clone()].starts_with('{')) =>
                {
                    found("dellacherie-shape", t.span.clone());
                }
                _ => {}
            },
            _ => {}
        }
    }
    // The tokens that are code (no comments, no printes line breaks).
    let code: Vec<&crate::lexer::Token> = toks
        .iter()
        .filter(|t| t.tok != Tok::Comment && t.tok != Tok::Newline)
        .collect();
    for span in predeal_length_spans(source, &code) {
        found("predeal-length", span);
    }
    for span in unary_minus_spans(source, &code) {
        found("minus-before-expression", span);
    }
    for w in code.windows(2) {
        if &source[w[0].span.clone()] == "vulnerable"
            && source[w[1].span.clone()].eq_ignore_ascii_case("both")
        {
            found("vulnerable-both", w[1].span.clone());
        }
    }
    findings.sort_by_key(|f| f.span.start);
    let mut accepted = [Yes; 4];
    for f in &findings {
        if let Some(x) = Lint::feature(f) {
            for (a, s) in accepted.iter_mut().zip(x.support) {
                *a = match (*a, s) {
                    (No, _) | (_, No) => No,
                    (Unknown, _) | (_, Unknown) => Unknown,
                    _ => Yes,
                };
            }
        }
    }
    Ok(Lint {
        findings,
        accepted,
        notes: notes(source, &script),
    })
}

/// `predeal <suit>(seat) …` statements (suokko's predeal by length).
fn predeal_length_spans(source: &str, code: &[&crate::lexer::Token]) -> Vec<Range<usize>> {
    let words: Vec<(&str, Range<usize>)> = code
        .iter()
        .map(|t| (&source[t.span.clone()], t.span.clone()))
        .collect();
    words
        .windows(2)
        .filter(|w| {
            w[0].0 == "predeal"
                && matches!(
                    w[1].0,
                    "spades"
                        | "hearts"
                        | "diamonds"
                        | "clubs"
                        | "spade"
                        | "heart"
                        | "diamond"
                        | "club"
                )
        })
        .map(|w| w[0].1.start..w[1].1.end)
        .collect()
}

/// Minus signs that negate something other than a number literal: a `-` with no operand
/// before it (start, an operator, `(`, `,`, `=`, `?`, `:` or a keyword) whose next token is
/// not a number.
fn unary_minus_spans(source: &str, code: &[&crate::lexer::Token]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    for (i, t) in code.iter().enumerate() {
        if t.tok != Tok::Sym || &source[t.span.clone()] != "-" {
            continue;
        }
        let operand_before = i > 0 && {
            let p = code[i - 1];
            let text = &source[p.span.clone()];
            match p.tok {
                Tok::Number | Tok::Str => true,
                Tok::Sym => text == ")",
                Tok::Word => !matches!(
                    text,
                    "and" | "or" | "not" | "condition" | "produce" | "generate"
                ),
                _ => false,
            }
        };
        let number_after = code.get(i + 1).is_some_and(|n| n.tok == Tok::Number);
        if !operand_before && !number_after {
            out.push(t.span.clone());
        }
    }
    out
}

/// Behaviours shared by every program that the author may not expect.
fn notes(source: &str, script: &Script) -> Vec<Note> {
    let mut notes = Vec::new();
    let mut note = |span: Range<usize>, message: String| {
        let (line, column) = position(source, span.start);
        notes.push(Note {
            span,
            line,
            column,
            message,
        });
    };
    if script.action_spans.len() > 1 {
        for s in &script.action_spans[..script.action_spans.len() - 1] {
            note(s.clone(), "a later 'action' statement replaces this one: only the last action list is used (dealer does the same)".into());
        }
    }
    if script.condition_spans.len() > 1 {
        for s in &script.condition_spans[..script.condition_spans.len() - 1] {
            note(s.clone(), "a later condition replaces this one: only the last condition is used (dealer does the same); join them with 'and'".into());
        }
    }
    let mut unused = Vec::new();
    for v in &script.vars {
        let uses = script.var_uses.get(v.index).copied().unwrap_or(0);
        let span = script.var_spans.get(v.index).cloned().unwrap_or(0..0);
        if !v.pure && uses > 1 {
            note(span, format!("'{}' uses rnd() and is used {uses} times: each use draws again (as in dealer), so its uses may disagree on one deal; draw once per deal by testing it in one place", v.name));
        } else if uses == 0 {
            unused.push((span, v.name.clone()));
        }
    }
    if let Some((span, _)) = unused.first() {
        let names: Vec<&str> = unused.iter().map(|(_, n)| n.as_str()).collect();
        note(
            span.clone(),
            format!(
                "defined but never used ({}): {}",
                names.len(),
                names.join(", ")
            ),
        );
    }
    if script.condition.is_none() {
        note(0..0, "no condition: every deal is kept".into());
    }
    notes.sort_by_key(|n| n.span.start);
    notes
}

/// The pilot's acceptance rate as a report line, with a 95 % Wilson interval.
pub fn rate_line(generated: u64, kept: u64) -> String {
    if generated == 0 {
        return "acceptance rate: not measured\n".into();
    }
    let n = generated as f64;
    let p = kept as f64 / n;
    let z = 1.96f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let (lo, hi) = ((centre - half).max(0.0), (centre + half).min(1.0));
    let per = if kept > 0 {
        format!(", about 1 deal in {:.0}", n / kept as f64)
    } else {
        String::new()
    };
    format!(
        "acceptance rate: {kept} of {generated} shuffles = {:.4}% (95% interval {:.4}%-{:.4}%){per}\n",
        p * 100.0,
        lo * 100.0,
        hi * 100.0
    )
}
