//! The Constrain page's state as plain Rust (no DOM): the form, the text form, the live
//! analysis (exact count or the reason there is none), and the dealt boards.
//!
//! **Sync.** The text is the source of truth. A form edit rewrites the text from the form
//! (each field is `keyword value`, so a field holds exactly what the text form would after
//! the keyword) and, when every field is valid, replaces it by the parsed [`Spec`]'s
//! `Display`. A text edit re-reads the form from the spec when the spec is representable
//! (seats and pairs, HCP, one shape, suit lengths or holdings, `has` cards, fits; at most one
//! of each per subject, no scales or categories); otherwise the form is marked "edited as
//! text" and left as it was. A text with syntax errors leaves the form untouched.
//!
//! **Analysis.** The page thread only parses (syntax errors show at once); a valid text is
//! [`Analysis::Counting`] until the worker's count job answers (`fairdeal_constrain::analysis`,
//! the same figures as `fairdeal count`): the exact count of the set or of each category,
//! the culprit of an impossible set, or for sets past the table budget which conditions are
//! applied by rejection and the acceptance rate seen on a few draws. An answer for a text
//! that is no longer the current one is ignored ([`EditAction::Counted`]).
//!
//! Panic policy: nothing here panics on any text or field value.

use fairdeal_constrain::Spec;
use std::rc::Rc;
use yew::Reducible;

mod analysis;
mod batch;
mod form;

pub use crate::format::{group_digits, one_in};
pub use analysis::*;
pub use batch::*;
pub use form::*;

/// The page's editor state: the text, the form, and the live analysis of the text.
#[derive(Debug, Clone, PartialEq)]
pub struct ConstrainState {
    /// The text form (source of truth).
    pub text: String,
    /// The form.
    pub form: Form,
    /// False when the text holds something the form cannot show ("edited as text").
    pub form_synced: bool,
    /// The live answer for `text`.
    pub analysis: Analysis,
    /// Category names of the last valid spec (empty for a plain set).
    pub categories: Vec<String>,
}

/// Edits to [`ConstrainState`].
#[derive(Debug, Clone, PartialEq)]
pub enum EditAction {
    /// A form field (index into [`Form::fields`]) changed.
    Field(usize, String),
    /// The text changed.
    Text(String),
    /// The worker counted `done` of `total` categories of `text`.
    CountProgress {
        /// The text being counted.
        text: String,
        /// Categories counted.
        done: u32,
        /// Categories in all.
        total: u32,
    },
    /// The worker's analysis of `text` (ignored when `text` is no longer current).
    Counted {
        /// The text analysed.
        text: String,
        /// Its analysis.
        analysis: Analysis,
    },
}

impl ConstrainState {
    /// The state for an initial text.
    pub fn new(text: &str) -> ConstrainState {
        let mut s = ConstrainState {
            text: String::new(),
            form: Form::default(),
            form_synced: true,
            analysis: Analysis::Errors(Vec::new()),
            categories: Vec::new(),
        };
        s.apply(EditAction::Text(text.to_string()));
        s
    }

    /// Applies one edit.
    pub fn apply(&mut self, action: EditAction) {
        match action {
            EditAction::Field(i, value) => {
                self.form.set(i, value);
                self.form_synced = true;
                let text = self.form.to_text();
                let parsed = parse_text(&text);
                self.text = match (&parsed, self.form.is_valid()) {
                    (Ok(spec), true) => spec.to_string(),
                    _ => text,
                };
                self.set_parsed(parsed);
            }
            EditAction::Text(text) => {
                let parsed = parse_text(&text);
                if let Ok(spec) = &parsed {
                    match Form::from_spec(spec) {
                        Some(form) => {
                            self.form = form;
                            self.form_synced = true;
                        }
                        None => self.form_synced = false,
                    }
                }
                self.text = text;
                self.set_parsed(parsed);
            }
            EditAction::CountProgress { text, done, total } => {
                if text == self.text && matches!(self.analysis, Analysis::Counting { .. }) {
                    self.analysis = Analysis::Counting { done, total };
                }
            }
            EditAction::Counted { text, analysis } => {
                if text == self.text && matches!(self.analysis, Analysis::Counting { .. }) {
                    self.analysis = analysis;
                }
            }
        }
    }

    /// A parsed text waits for the worker's count; errors show at once.
    fn set_parsed(&mut self, parsed: Result<Spec, Vec<TextError>>) {
        self.analysis = match parsed {
            Ok(spec) => {
                self.categories = spec.categories.iter().map(|c| c.name.clone()).collect();
                Analysis::Counting {
                    done: 0,
                    total: fairdeal_constrain::analysis::parts(&spec) as u32,
                }
            }
            Err(list) => Analysis::Errors(list),
        };
    }

    /// True while the worker is counting the current text.
    pub fn counting(&self) -> bool {
        matches!(self.analysis, Analysis::Counting { .. })
    }

    /// True when the text can be dealt from.
    pub fn can_deal(&self) -> bool {
        matches!(self.analysis, Analysis::Count(_) | Analysis::Levelled(_))
    }
}

impl Reducible for ConstrainState {
    type Action = EditAction;

    fn reduce(self: Rc<Self>, action: EditAction) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        Rc::new(next)
    }
}
