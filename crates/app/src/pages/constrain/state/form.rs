//! The Constrain page's form: one field per (seat or pair, condition kind), each holding the
//! text the constraint file has after its keyword; written to and read back from a [`Spec`].

use fairdeal_constrain::{parse, Cond, Scale, Spec, Who};
use fairdeal_model::{Seat, Suit};

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
