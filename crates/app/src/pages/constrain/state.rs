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
//! **Analysis.** Every valid text builds the [`Dealer`] (one per category for levelled
//! sets) and shows the exact count; impossible sets name the culprit at once; sets past the
//! table budget say which conditions are applied by rejection and the acceptance rate seen
//! on a few draws.
//!
//! Panic policy: nothing here panics on any text or field value.

use crate::worker::job::APP_OPTIONS;
use crate::worker::protocol::{unpack, PackedBoard};
use fairdeal_constrain::{
    parse, BuildError, Cond, Count, Dealer, LevelError, Options, Scale, Spec, Who, ALL_DEALS,
};
use fairdeal_model::{Deal, Seat, Suit};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::rc::Rc;
use yew::Reducible;

/// What a form field edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// `hcp RANGE` (seat or pair sum).
    Hcp,
    /// `shape EXPR` (seat; the picker offers the named classes).
    Shape,
    /// `<suit> LENGTH` or `<suit> HOLDING` with `x` for spot cards (seat).
    Suit(Suit),
    /// `has CARDS` (seat): predealt cards.
    Has,
    /// `fit N+ [SUITS]` (pair).
    Fit,
}

impl FieldKind {
    /// The keyword of the text form.
    pub fn keyword(self) -> &'static str {
        match self {
            FieldKind::Hcp => "hcp",
            FieldKind::Shape => "shape",
            FieldKind::Suit(s) => match s {
                Suit::Spades => "spades",
                Suit::Hearts => "hearts",
                Suit::Diamonds => "diamonds",
                Suit::Clubs => "clubs",
            },
            FieldKind::Has => "has",
            FieldKind::Fit => "fit",
        }
    }

    /// A hint shown in an empty field.
    pub fn placeholder(self) -> &'static str {
        match self {
            FieldKind::Hcp => "15-17, 12+",
            FieldKind::Shape => "",
            FieldKind::Suit(_) => "5+, 4-5, AKxx",
            FieldKind::Has => "SA HK",
            FieldKind::Fit => "8+, 8+ majors",
        }
    }

    fn of_cond(cond: &Cond) -> Option<FieldKind> {
        match cond {
            Cond::Points(scale, _) if *scale == Scale::hcp() => Some(FieldKind::Hcp),
            Cond::Points(..) | Cond::Is(_) => None,
            Cond::Shape(_) => Some(FieldKind::Shape),
            Cond::Length(s, _) | Cond::Holding(s, _) => Some(FieldKind::Suit(*s)),
            Cond::Has(_) => Some(FieldKind::Has),
            Cond::Fit { .. } => Some(FieldKind::Fit),
        }
    }
}

/// The subjects of the form, in text order.
pub const SUBJECTS: [Who; 6] = [
    Who::Seat(Seat::North),
    Who::Seat(Seat::East),
    Who::Seat(Seat::South),
    Who::Seat(Seat::West),
    Who::Pair(fairdeal_constrain::spec::Pair::NorthSouth),
    Who::Pair(fairdeal_constrain::spec::Pair::EastWest),
];

/// The fields of one subject.
pub fn kinds_of(who: Who) -> &'static [FieldKind] {
    match who {
        Who::Seat(_) => &[
            FieldKind::Hcp,
            FieldKind::Shape,
            FieldKind::Suit(Suit::Spades),
            FieldKind::Suit(Suit::Hearts),
            FieldKind::Suit(Suit::Diamonds),
            FieldKind::Suit(Suit::Clubs),
            FieldKind::Has,
        ],
        Who::Pair(_) => &[FieldKind::Hcp, FieldKind::Fit],
    }
}

/// One field of the form.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// Whom it is about.
    pub who: Who,
    /// What it sets.
    pub kind: FieldKind,
    /// The text after the keyword, as typed (empty: no condition).
    pub value: String,
    /// Why the value is not valid, if it is not.
    pub error: Option<String>,
}

/// The form: every field of every subject, in [`SUBJECTS`] order.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// The fields.
    pub fields: Vec<Field>,
}

impl Default for Form {
    fn default() -> Form {
        let fields = SUBJECTS
            .iter()
            .flat_map(|&who| {
                kinds_of(who).iter().map(move |&kind| Field {
                    who,
                    kind,
                    value: String::new(),
                    error: None,
                })
            })
            .collect();
        Form { fields }
    }
}

/// Checks one field value; the message is the parser's, for that field alone.
pub fn check_field(who: Who, kind: FieldKind, value: &str) -> Option<String> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    let line = format!("{who}: {} {value}", kind.keyword());
    match parse(&line) {
        Err(errs) => Some(
            errs.0
                .first()
                .map(|e| e.kind.to_string())
                .unwrap_or_else(|| "not valid here".into()),
        ),
        Ok(spec) => {
            let conds: Vec<&Cond> = spec.statements.iter().flat_map(|s| &s.conds).collect();
            match conds.as_slice() {
                [c] if FieldKind::of_cond(c) == Some(kind) => None,
                _ => Some(format!(
                    "expected one `{}` condition; use the text form for more",
                    kind.keyword()
                )),
            }
        }
    }
}

impl Form {
    /// The index of a field.
    pub fn index(&self, who: Who, kind: FieldKind) -> Option<usize> {
        self.fields
            .iter()
            .position(|f| f.who == who && f.kind == kind)
    }

    /// Sets field `i` and checks it.
    pub fn set(&mut self, i: usize, value: String) {
        if let Some(f) = self.fields.get_mut(i) {
            f.error = check_field(f.who, f.kind, &value);
            f.value = value;
        }
    }

    /// True if no field has an error.
    pub fn is_valid(&self) -> bool {
        self.fields.iter().all(|f| f.error.is_none())
    }

    /// The text form of the form, one line per subject with conditions.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for who in SUBJECTS {
            let conds: Vec<String> = self
                .fields
                .iter()
                .filter(|f| f.who == who && !f.value.trim().is_empty())
                .map(|f| format!("{} {}", f.kind.keyword(), f.value.trim()))
                .collect();
            if !conds.is_empty() {
                out.push_str(&format!("{who}: {}\n", conds.join(", ")));
            }
        }
        out
    }

    /// The form showing `spec`, if the form can show it.
    pub fn from_spec(spec: &Spec) -> Option<Form> {
        if !spec.scales.is_empty() || !spec.categories.is_empty() {
            return None;
        }
        let mut form = Form::default();
        for st in &spec.statements {
            for cond in &st.conds {
                let kind = FieldKind::of_cond(cond)?;
                let i = form.index(st.who, kind)?;
                let field = &mut form.fields[i];
                if !field.value.is_empty() {
                    return None;
                }
                let text = cond.to_string();
                field.value = text
                    .strip_prefix(kind.keyword())
                    .unwrap_or(&text)
                    .trim()
                    .to_string();
            }
        }
        Some(form)
    }
}

/// A syntax error placed in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
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
#[derive(Debug, Clone, PartialEq)]
pub struct CountView {
    /// Deals meeting the exactly counted conditions.
    pub deals: u128,
    /// Reduced probability fraction.
    pub fraction: (u128, u128),
    /// Percent.
    pub percent: f64,
    /// True if every condition is counted.
    pub exact: bool,
    /// For inexact counts: what is applied by rejection, and the observed acceptance rate.
    pub note: Option<String>,
}

/// The live answer to the current text.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysis {
    /// Syntax errors, each with its place.
    Errors(Vec<TextError>),
    /// The set is inconsistent or impossible; the message names the seat or condition.
    Impossible(String),
    /// A plain set's count.
    Count(CountView),
    /// A levelled set: (category name, weight, count) per category.
    Levelled(Vec<(String, u32, CountView)>),
}

fn count_view(set: &fairdeal_constrain::ConstraintSet) -> Result<CountView, BuildError> {
    // A small try budget: this runs on every keystroke, on the page's thread.
    let options = Options {
        max_tries: 20_000,
        ..APP_OPTIONS
    };
    let mut dealer = Dealer::new(set, options)?;
    let count: Count = dealer.count();
    let note = (!count.is_exact()).then(|| {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            if dealer.sample(&mut rng).is_err() {
                break;
            }
        }
        let (tries, accepted) = dealer.acceptance();
        let mut what: Vec<String> = count
            .rejected_seats
            .iter()
            .map(|s| s.name().to_string())
            .collect();
        what.extend(count.rejected_pairs.iter().map(|p| p.to_string().to_uppercase()));
        let rate = if tries == 0 {
            0.0
        } else {
            accepted as f64 / tries as f64
        };
        format!(
            "Over the counting budget: the conditions on {} are applied by rejection, so the count covers the other seats only. Acceptance rate: {:.3} % ({accepted} of {tries} draws).",
            what.join(", "),
            rate * 100.0
        )
    });
    Ok(CountView {
        deals: count.deals,
        fraction: count.probability(),
        percent: count.percent(),
        exact: count.is_exact(),
        note,
    })
}

/// Analyses a text: errors, impossibility or the count.
pub fn analyse(text: &str) -> (Analysis, Option<Spec>) {
    let spec = match parse(text) {
        Ok(s) => s,
        Err(errs) => {
            let list = errs
                .0
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
                .collect();
            return (Analysis::Errors(list), None);
        }
    };
    let analysis = if spec.categories.is_empty() {
        match spec.constraints(None) {
            Err(e) => Analysis::Impossible(e.to_string()),
            Ok(set) => match count_view(&set) {
                Ok(c) => Analysis::Count(c),
                Err(e) => Analysis::Impossible(build_message(&e)),
            },
        }
    } else {
        let mut out = Vec::new();
        let mut failed = None;
        for (i, c) in spec.categories.iter().enumerate() {
            let r = spec
                .constraints(Some(i))
                .map_err(|e| LevelError::Compile {
                    name: c.name.clone(),
                    source: e,
                })
                .and_then(|set| {
                    count_view(&set).map_err(|e| LevelError::Build {
                        name: c.name.clone(),
                        source: e,
                    })
                });
            match r {
                Ok(v) => out.push((c.name.clone(), c.weight, v)),
                Err(e) => {
                    failed = Some(e.to_string());
                    break;
                }
            }
        }
        match failed {
            Some(m) => Analysis::Impossible(m),
            None => Analysis::Levelled(out),
        }
    };
    (analysis, Some(spec))
}

fn build_message(e: &BuildError) -> String {
    match e {
        BuildError::NoDeal { .. } => format!("Impossible: {e}."),
        BuildError::Tables(_) => format!("Cannot count this set: {e}."),
    }
}

/// Groups digits in threes with thin spaces (long counts may wrap there): `1 234 567`.
pub fn group_digits(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(c);
    }
    out
}

/// "1 in N" for a probability fraction, rounded.
pub fn one_in(fraction: (u128, u128)) -> String {
    let (num, den) = fraction;
    if num == 0 {
        return "never".into();
    }
    let x = den as f64 / num as f64;
    if x < 10.0 {
        format!("1 in {x:.2}")
    } else if x < 1e15 {
        format!("1 in {}", group_digits(x.round() as u128))
    } else {
        format!("1 in {x:.3e}")
    }
}

/// The page's editor state.
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
                let (analysis, spec) = analyse(&text);
                self.text = match (&spec, self.form.is_valid()) {
                    (Some(spec), true) => spec.to_string(),
                    _ => text,
                };
                self.set_analysis(analysis, spec.as_ref());
            }
            EditAction::Text(text) => {
                let (analysis, spec) = analyse(&text);
                if let Some(spec) = &spec {
                    match Form::from_spec(spec) {
                        Some(form) => {
                            self.form = form;
                            self.form_synced = true;
                        }
                        None => self.form_synced = false,
                    }
                }
                self.text = text;
                self.set_analysis(analysis, spec.as_ref());
            }
        }
    }

    fn set_analysis(&mut self, analysis: Analysis, spec: Option<&Spec>) {
        if let Some(spec) = spec {
            self.categories = spec.categories.iter().map(|c| c.name.clone()).collect();
        }
        self.analysis = analysis;
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

/// One dealt board, ready to show.
#[derive(Debug, Clone, PartialEq)]
pub struct DealtBoard {
    /// Board number (1-based).
    pub number: u32,
    /// The category it came from (levelled sets).
    pub category: Option<String>,
    /// The deal.
    pub deal: Deal,
}

/// Unpacks a batch, numbering boards from 1 and naming categories.
pub fn unpack_boards(packed: &[PackedBoard], categories: &[String]) -> Vec<DealtBoard> {
    packed
        .iter()
        .filter_map(|b| unpack(&b.deal).map(|d| (b.category, d)))
        .zip(1u32..)
        .map(|((c, deal), number)| DealtBoard {
            number,
            category: categories.get(usize::from(c)).cloned(),
            deal,
        })
        .collect()
}

/// Parses the board count field: 1 to `max`.
pub fn parse_board_count(text: &str, max: u32) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!("Boards: expected a whole number from 1 to {max}")),
    }
}

/// The number of all deals, for the page's "of" line.
pub const TOTAL_DEALS: u128 = ALL_DEALS;

/// Where a batch stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Batch {
    /// Nothing dealt yet.
    Idle,
    /// Dealing (in the worker when `worker`).
    Running {
        /// The batch id.
        job: u32,
        /// Boards dealt so far.
        done: u32,
        /// Boards asked for.
        total: u32,
        /// True if the worker deals it.
        worker: bool,
        /// Category names to label the boards with.
        categories: Rc<Vec<String>>,
    },
    /// Dealt.
    Done {
        /// The boards.
        boards: Rc<Vec<DealtBoard>>,
        /// True if the worker dealt them.
        worker: bool,
    },
    /// Stopped by the user.
    Cancelled {
        /// Boards dealt before it stopped.
        done: u32,
        /// Boards asked for.
        total: u32,
    },
    /// Could not deal.
    Failed(String),
}

/// Events of a batch.
#[derive(Debug, Clone, PartialEq)]
pub enum BatchAction {
    /// A batch starts.
    Start {
        /// Its id.
        job: u32,
        /// Boards asked for.
        total: u32,
        /// Dealt by the worker?
        worker: bool,
        /// Category names.
        categories: Rc<Vec<String>>,
    },
    /// A message from the worker.
    Worker(crate::worker::protocol::FromWorker),
    /// The page dealt the batch itself.
    Finished(Rc<Vec<DealtBoard>>),
    /// The user pressed Cancel.
    Cancel,
    /// Dealing failed before or without the worker.
    Fail(String),
}

impl Batch {
    /// The id of the running batch, if any.
    pub fn running_job(&self) -> Option<u32> {
        match self {
            Batch::Running { job, .. } => Some(*job),
            _ => None,
        }
    }

    /// The next state.
    pub fn next(&self, action: BatchAction) -> Batch {
        use crate::worker::protocol::FromWorker;
        match (self, action) {
            (
                _,
                BatchAction::Start {
                    job,
                    total,
                    worker,
                    categories,
                },
            ) => Batch::Running {
                job,
                done: 0,
                total,
                worker,
                categories,
            },
            (_, BatchAction::Finished(boards)) => Batch::Done {
                boards,
                worker: false,
            },
            (_, BatchAction::Fail(m)) => Batch::Failed(m),
            (Batch::Running { done, total, .. }, BatchAction::Cancel) => Batch::Cancelled {
                done: *done,
                total: *total,
            },
            (
                Batch::Running {
                    job,
                    total,
                    worker,
                    categories,
                    ..
                },
                BatchAction::Worker(msg),
            ) => match msg {
                FromWorker::Progress { job: j, done, .. } if j == *job => Batch::Running {
                    job: *job,
                    done,
                    total: *total,
                    worker: *worker,
                    categories: categories.clone(),
                },
                FromWorker::Done { job: j, boards } if j == *job => Batch::Done {
                    boards: Rc::new(unpack_boards(&boards, categories)),
                    worker: true,
                },
                FromWorker::Cancelled { job: j, done } if j == *job => Batch::Cancelled {
                    done,
                    total: *total,
                },
                FromWorker::Failed { job: j, message } if j == *job => Batch::Failed(message),
                _ => self.clone(),
            },
            (_, BatchAction::Cancel | BatchAction::Worker(_)) => self.clone(),
        }
    }
}

impl Reducible for Batch {
    type Action = BatchAction;

    fn reduce(self: Rc<Self>, action: BatchAction) -> Rc<Self> {
        let next = self.next(action);
        if next == *self {
            self
        } else {
            Rc::new(next)
        }
    }
}
