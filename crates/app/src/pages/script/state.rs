//! The Script page's plain-Rust state, tested natively in `crates/app/tests/script.rs`.
//!
//! * [`Editor`] — the script text, its diagnostics and dialect report (checked in the
//!   worker after every edit: [`EditorAction::Checked`]) and the text an example replaced (so picking an example never loses what was typed). Storage is the
//!   caller's job: [`STORAGE_KEY`] and [`PREVIOUS_KEY`] name the `localStorage` slots.
//! * [`Run`] — one run in the worker: `Running` with the counts from `ScriptProgress`, then
//!   `Done` with the report, or `Cancelled`/`Failed`. Answers for another (stale) run are
//!   ignored.
//! * Helpers the views use: [`progress_fraction`], [`filter_reference`],
//!   [`frequency_chart`], [`frequency_total`], [`format_number`], [`numbered_deals`].
//!
//! Panic policy: nothing here panics on any input.

use crate::worker::protocol::FromWorker;
use fairdeal_model::Deal;
use fairdeal_prob::Chart;
use fairdeal_script::lint::Lint;
use fairdeal_script::{Diagnostic, Frequency, KeywordDoc, Report, REFERENCE};
use std::rc::Rc;
use yew::Reducible;

/// `localStorage` key of the script text.
pub const STORAGE_KEY: &str = "fairdeal.script.text";
/// `localStorage` key of the text the last example replaced.
pub const PREVIOUS_KEY: &str = "fairdeal.script.previous";

/// The script shown on a first visit when the engine ships no examples.
pub const STARTER: &str = "# North opens 1NT: balanced, 15-17\n\
generate 1000000\n\
produce 10\n\
condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17\n\
action printall\n";

/// What the worker found in one text: its problems, and for a script that compiles the
/// dialect report and a pilot acceptance rate.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckReport {
    /// Which dealer programs accept the script, and notes.
    pub lint: Option<Lint>,
    /// (shuffled, kept) in the pilot; None when not measured (double dummy scripts).
    pub rate: Option<(u64, u64)>,
}

/// The editor's state. The text is checked off the page thread (the worker answers
/// `ScriptChecked`); until the answer for the current text arrives, `checked` is false and
/// the script cannot be run.
#[derive(Debug, Clone, PartialEq)]
pub struct Editor {
    /// The script.
    pub text: String,
    /// Its problems (empty when it compiles), once checked.
    pub diagnostics: Vec<Diagnostic>,
    /// True when `diagnostics` and `report` belong to `text`.
    pub checked: bool,
    /// The dialect report of the last check that compiled.
    pub report: Option<CheckReport>,
    /// The text the last example replaced, until restored or edited away.
    pub previous: Option<String>,
}

/// A change to the editor.
#[derive(Debug, Clone, PartialEq)]
pub enum EditorAction {
    /// The user typed: the whole new text.
    Text(String),
    /// Load an example's source, keeping the current text as `previous`.
    Example(String),
    /// Put `previous` back.
    Restore,
    /// The worker checked `text` (ignored unless it is still the editor's text).
    Checked {
        /// The text that was checked.
        text: String,
        /// Its problems.
        diagnostics: Vec<Diagnostic>,
        /// The dialect report (None when the script does not compile).
        report: Option<CheckReport>,
    },
}

impl Editor {
    /// An editor holding `text`, not checked yet.
    pub fn new(text: impl Into<String>, previous: Option<String>) -> Editor {
        Editor {
            text: text.into(),
            diagnostics: Vec::new(),
            checked: false,
            report: None,
            previous,
        }
    }

    fn set_text(&mut self, text: String) {
        if text != self.text {
            self.text = text;
            self.diagnostics.clear();
            self.checked = false;
        }
    }

    /// Applies one change.
    pub fn apply(&mut self, action: EditorAction) {
        match action {
            EditorAction::Text(t) => self.set_text(t),
            EditorAction::Example(source) => {
                if source != self.text {
                    let old = self.text.clone();
                    self.set_text(source);
                    if !old.trim().is_empty() {
                        self.previous = Some(old);
                    }
                }
            }
            EditorAction::Restore => {
                if let Some(p) = self.previous.take() {
                    let old = self.text.clone();
                    self.set_text(p);
                    self.previous = Some(old);
                }
            }
            EditorAction::Checked {
                text,
                diagnostics,
                report,
            } => {
                if text == self.text {
                    self.diagnostics = diagnostics;
                    self.report = report;
                    self.checked = true;
                }
            }
        }
    }

    /// True when the script has been checked and compiles (and may be run).
    pub fn can_run(&self) -> bool {
        self.checked && self.diagnostics.is_empty() && !self.text.trim().is_empty()
    }
}

impl Reducible for Editor {
    type Action = EditorAction;
    fn reduce(self: Rc<Self>, action: EditorAction) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}

/// Counts of a run in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Deals generated.
    pub generated: u64,
    /// Deals produced.
    pub produced: u64,
    /// The script's `generate` limit (0 until the worker says).
    pub generate: u64,
    /// The script's `produce` target (0 until the worker says).
    pub produce: u64,
}

/// One run of the script.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Run {
    /// Nothing run yet.
    #[default]
    Idle,
    /// Running in the worker.
    Running {
        /// The run's id.
        job: u32,
        /// Counts so far.
        counts: Counts,
        /// What is sampled exactly (once the worker says).
        acceleration: Option<Rc<str>>,
    },
    /// Finished.
    Done {
        /// The results.
        report: Rc<Report>,
        /// What was sampled exactly.
        acceleration: Option<Rc<str>>,
    },
    /// Stopped by the user.
    Cancelled(Counts),
    /// Could not run.
    Failed(String),
}

/// What happens to a run.
#[derive(Debug, Clone, PartialEq)]
pub enum RunAction {
    /// Run `job` was sent to the worker.
    Start(u32),
    /// A message from the worker.
    Worker(FromWorker),
    /// The user pressed Cancel.
    Cancel,
    /// The page could not start a run.
    Fail(String),
}

impl Run {
    /// The id of the running job, if one is running.
    pub fn running_job(&self) -> Option<u32> {
        match self {
            Run::Running { job, .. } => Some(*job),
            _ => None,
        }
    }

    /// The state after `action`.
    pub fn next(&self, action: RunAction) -> Run {
        match (self, action) {
            (_, RunAction::Start(job)) => Run::Running {
                job,
                counts: Counts::default(),
                acceleration: None,
            },
            (_, RunAction::Fail(m)) => Run::Failed(m),
            (Run::Running { counts, .. }, RunAction::Cancel) => Run::Cancelled(*counts),
            (
                Run::Running {
                    job,
                    counts,
                    acceleration,
                },
                RunAction::Worker(msg),
            ) => match msg {
                FromWorker::ScriptStarted {
                    job: j,
                    acceleration: a,
                } if j == *job => Run::Running {
                    job: *job,
                    counts: *counts,
                    acceleration: Some(a.into()),
                },
                FromWorker::ScriptProgress {
                    job: j,
                    generated,
                    produced,
                    generate,
                    produce,
                } if j == *job => Run::Running {
                    job: *job,
                    counts: Counts {
                        generated,
                        produced,
                        generate,
                        produce,
                    },
                    acceleration: acceleration.clone(),
                },
                FromWorker::ScriptDone { job: j, report } if j == *job => Run::Done {
                    report: Rc::new(*report),
                    acceleration: acceleration.clone(),
                },
                FromWorker::Failed { job: j, message } if j == *job => Run::Failed(message),
                FromWorker::Cancelled { job: j, .. } if j == *job => Run::Cancelled(*counts),
                _ => self.clone(),
            },
            (_, RunAction::Cancel | RunAction::Worker(_)) => self.clone(),
        }
    }
}

impl Reducible for Run {
    type Action = RunAction;
    fn reduce(self: Rc<Self>, action: RunAction) -> Rc<Self> {
        Rc::new(self.next(action))
    }
}

/// How far a run is, 0..=1: the larger of generated/generate and produced/produce (the run
/// stops at whichever limit it reaches first).
pub fn progress_fraction(c: &Counts) -> f64 {
    let part = |n: u64, d: u64| if d == 0 { 0.0 } else { n as f64 / d as f64 };
    part(c.generated, c.generate)
        .max(part(c.produced, c.produce))
        .clamp(0.0, 1.0)
}

/// Digits grouped by thin spaces: `1 234 567`.
pub fn format_number(n: u64) -> String {
    crate::pages::constrain::state::group_digits(u128::from(n))
}

/// The reference entries matching `query`: every word of the query must occur (ignoring
/// case) in the name, kind, signature or description; entries whose name starts with the
/// first word come first, then the rest in table order. An empty query gives everything.
pub fn filter_reference(query: &str) -> Vec<&'static KeywordDoc> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let matches = |k: &KeywordDoc| {
        let hay = format!("{} {} {} {}", k.name, k.kind, k.signature, k.doc).to_lowercase();
        words.iter().all(|w| hay.contains(w.as_str()))
    };
    let mut list: Vec<&'static KeywordDoc> = REFERENCE.iter().filter(|k| matches(k)).collect();
    if let Some(first) = words.first() {
        list.sort_by_key(|k| !k.name.to_lowercase().starts_with(first.as_str()));
    }
    list
}

/// Every value a 1-D frequency counted, including those below and above its range.
pub fn frequency_total(f: &Frequency) -> u64 {
    f.rows.iter().map(|(_, c)| c).sum::<u64>() + f.low + f.high
}

/// A 1-D frequency as a chart: one column per value, plus "Low"/"High" when values fell
/// outside the range; `None` when nothing was counted.
pub fn frequency_chart(f: &Frequency) -> Option<Chart> {
    let mut rows: Vec<(String, u128)> = Vec::with_capacity(f.rows.len() + 2);
    if f.low > 0 {
        rows.push(("Low".into(), u128::from(f.low)));
    }
    rows.extend(f.rows.iter().map(|(v, c)| (v.to_string(), u128::from(*c))));
    if f.high > 0 {
        rows.push(("High".into(), u128::from(f.high)));
    }
    Chart::partition(
        f.label.clone(),
        "share of the values counted = count / values counted",
        "values",
        2,
        rows,
    )
    .ok()
}

/// The produced deals with their board numbers (1, 2, …), for the diagrams and the files.
pub fn numbered_deals(deals: &[Deal]) -> Vec<(u32, Deal)> {
    (1u32..).zip(deals.iter().copied()).collect()
}

/// The byte offset of UTF-16 offset `u` in `text` (as a textarea's selection reports it),
/// clamped to the text.
pub fn byte_of_utf16(text: &str, u: u32) -> usize {
    let mut units = 0u32;
    for (i, c) in text.char_indices() {
        if units >= u {
            return i;
        }
        units += c.len_utf16() as u32;
    }
    text.len()
}

/// The UTF-16 offset of byte offset `b` in `text` (floored to a char boundary).
pub fn utf16_of_byte(text: &str, b: usize) -> u32 {
    text[..fairdeal_model::source::floor_boundary(text, b)]
        .encode_utf16()
        .count() as u32
}

/// `text` with the selection `start..end` (UTF-16 offsets) replaced by `word`, and the
/// UTF-16 offset just after the inserted word.
pub fn insert_word(text: &str, start: u32, end: u32, word: &str) -> (String, u32) {
    let a = byte_of_utf16(text, start.min(end));
    let b = byte_of_utf16(text, start.max(end));
    let mut out = String::with_capacity(text.len() + word.len());
    out.push_str(&text[..a]);
    out.push_str(word);
    out.push_str(&text[b..]);
    let cursor = utf16_of_byte(&out, a + word.len());
    (out, cursor)
}
