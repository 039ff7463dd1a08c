//! Probability questions as values: a [`Question`] is what is known (missing cards, vacant
//! places, your hand or HCP, …) plus what is asked ([`Kind`]). It round-trips through the
//! query string the Probability page's URL carries and `fairdeal prob` accepts
//! ([`Question::from_query`], [`Question::to_query`], `FromStr`/`Display`), and
//! [`Question::answer`] turns it into an exact [`Chart`] — or a [`FieldError`] naming the
//! field to fix. [`lessons`] holds the ready-made sequences of questions.
//!
//! Field values are kept as the text the user typed, so a front end can keep a half-typed
//! value on screen with its message next to it instead of losing it.
//!
//! * [`kinds`] — the table of kinds and fields ([`KINDS`], [`STATS`]).
//! * [`parse`] — ranks, holdings with `x`, hands, the shape statistic.
//! * [`query`] — percent-encoding and the query-string form.
//!
//! Panic policy: no panics on any input; every bad value is a [`FieldError`].

pub mod kinds;
pub mod lessons;
pub mod parse;
pub mod query;

use std::fmt;

use fairdeal_model::Holding;

use crate::finesse::finesse_or_drop;
use crate::location::{honour_location, restricted_choice};
use crate::splits::{card_location, suit_splits, suit_splits_given};
use crate::{fit, hcp, shape, Chart, Defender, ProbError, VacantPlaces};

pub use kinds::{Field, Kind, KindInfo, KINDS, STATS};
pub use lessons::{lesson_step, Lesson, LESSONS};
pub use parse::{parse_hand, parse_holding, parse_rank, parse_stat};
pub use query::{percent_decode, percent_encode, query_pairs};

use parse::named_cards;

/// A question: the kind and the text of every field (only the kind's fields are read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// What is asked.
    pub kind: Kind,
    /// `n`
    pub missing: String,
    /// `w`
    pub west_vacant: String,
    /// `e`
    pub east_vacant: String,
    /// `cards`
    pub cards: String,
    /// `honours`
    pub honours: String,
    /// `player`
    pub player: String,
    /// `played`
    pub played: String,
    /// `stat`
    pub stat: String,
    /// `hcp`
    pub own_hcp: String,
    /// `hand`
    pub hand: String,
}

impl Default for Question {
    fn default() -> Self {
        Question {
            kind: Kind::Splits,
            missing: "5".into(),
            west_vacant: "13".into(),
            east_vacant: "13".into(),
            cards: "Qxxx".into(),
            honours: "Q".into(),
            player: "E".into(),
            played: "Q".into(),
            stat: "longest".into(),
            own_hcp: "12".into(),
            hand: "AKJ4.QT3.K82.964".into(),
        }
    }
}

/// A bad field and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field to fix (`None`: the question as a whole).
    pub field: Option<Field>,
    /// What was expected.
    pub message: String,
}

impl FieldError {
    pub(crate) fn at(field: Field, message: impl Into<String>) -> FieldError {
        FieldError {
            field: Some(field),
            message: message.into(),
        }
    }

    fn whole(e: ProbError) -> FieldError {
        FieldError {
            field: None,
            message: e.to_string(),
        }
    }
}

/// `Field label (key=): message`, or the message alone for the question as a whole.
impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            Some(field) => write!(f, "{} ({}=): {}", field.label(), field.key(), self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for FieldError {}

/// How a chart reads best: long labels as horizontal bars, numeric scales as columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Horizontal bars, one row per label.
    Bars,
    /// Vertical columns along a numeric scale.
    Columns,
}

/// An answer: the exact chart and the layout it reads best in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The exact chart.
    pub chart: Chart,
    /// Bars or columns.
    pub layout: Layout,
}

impl Question {
    /// The text of one field.
    pub fn get(&self, field: Field) -> &str {
        match field {
            Field::Missing => &self.missing,
            Field::WestVacant => &self.west_vacant,
            Field::EastVacant => &self.east_vacant,
            Field::Cards => &self.cards,
            Field::Honours => &self.honours,
            Field::Player => &self.player,
            Field::Played => &self.played,
            Field::Stat => &self.stat,
            Field::OwnHcp => &self.own_hcp,
            Field::Hand => &self.hand,
        }
    }

    /// Sets the text of one field.
    pub fn set(&mut self, field: Field, value: String) {
        let slot = match field {
            Field::Missing => &mut self.missing,
            Field::WestVacant => &mut self.west_vacant,
            Field::EastVacant => &mut self.east_vacant,
            Field::Cards => &mut self.cards,
            Field::Honours => &mut self.honours,
            Field::Player => &mut self.player,
            Field::Played => &mut self.played,
            Field::Stat => &mut self.stat,
            Field::OwnHcp => &mut self.own_hcp,
            Field::Hand => &mut self.hand,
        };
        *slot = value;
    }

    fn number(&self, field: Field, min: u32, max: u32) -> Result<u32, FieldError> {
        let text = self.get(field).trim();
        match text.parse::<u32>() {
            Ok(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(FieldError::at(
                field,
                format!("“{text}”: expected a whole number from {min} to {max}"),
            )),
        }
    }

    fn vacant(&self) -> Result<VacantPlaces, FieldError> {
        let w = self.number(Field::WestVacant, 0, 13)?;
        let e = self.number(Field::EastVacant, 0, 13)?;
        VacantPlaces::new(w, e).map_err(|err| FieldError::at(Field::WestVacant, err.to_string()))
    }

    fn defender(&self) -> Result<Defender, FieldError> {
        match self.player.trim().to_ascii_uppercase().as_str() {
            "W" | "WEST" => Ok(Defender::West),
            "E" | "EAST" => Ok(Defender::East),
            other => Err(FieldError::at(
                Field::Player,
                format!("“{other}”: expected W (West) or E (East)"),
            )),
        }
    }

    /// The missing cards ([`Field::Cards`]) and the named ones among them ([`Field::Honours`]).
    fn missing_and_named(&self) -> Result<(Holding, Holding), FieldError> {
        let missing = parse_holding(&self.cards).map_err(|m| FieldError::at(Field::Cards, m))?;
        Ok((missing, named_cards(&self.honours, missing)?))
    }

    /// Answers the question exactly.
    pub fn answer(&self) -> Result<Answer, FieldError> {
        let bars = |chart: Chart| Answer {
            chart,
            layout: Layout::Bars,
        };
        let columns = |chart: Chart| Answer {
            chart,
            layout: Layout::Columns,
        };
        let whole = FieldError::whole;
        let at = |field: Field| move |e: ProbError| FieldError::at(field, e.to_string());
        match self.kind {
            Kind::Splits => {
                let n = self.number(Field::Missing, 1, 13)?;
                let v = self.vacant()?;
                if v == VacantPlaces::START {
                    suit_splits(n).map(bars).map_err(whole)
                } else {
                    suit_splits_given(n, v)
                        .map(bars)
                        .map_err(at(Field::Missing))
                }
            }
            Kind::Honour => {
                let (missing, honours) = self.missing_and_named()?;
                let v = self.vacant()?;
                honour_location(missing, honours, v)
                    .map(bars)
                    .map_err(at(Field::Honours))
            }
            Kind::FinesseDrop => {
                let (missing, honours) = self.missing_and_named()?;
                if honours.len() != 1 {
                    return Err(FieldError::at(
                        Field::Honours,
                        "expected exactly one honour to catch, e.g. Q",
                    ));
                }
                let v = self.vacant()?;
                finesse_or_drop(missing, honours, v)
                    .map(bars)
                    .map_err(at(Field::Cards))
            }
            Kind::RestrictedChoice => {
                let (missing, equals) = self.missing_and_named()?;
                let player = self.defender()?;
                let played =
                    parse_rank(&self.played).map_err(|m| FieldError::at(Field::Played, m))?;
                if !equals.contains(played) {
                    return Err(FieldError::at(
                        Field::Played,
                        format!(
                            "{}: expected one of the equal cards {equals}",
                            played.letter()
                        ),
                    ));
                }
                let v = self.vacant()?;
                restricted_choice(missing, v, player, played, equals)
                    .map(bars)
                    .map_err(at(Field::Cards))
            }
            Kind::Vacant => {
                let v = self.vacant()?;
                card_location(v).map_err(at(Field::WestVacant))?;
                Chart::new(
                    format!("Where is one given missing card? {} vacant places West, {} East", v.west, v.east),
                    "P(a given card is with West) = W / (W + E): each vacant place is equally likely to hold it",
                    "vacant places",
                    u128::from(v.west) + u128::from(v.east),
                    2,
                    [
                        ("West".to_string(), u128::from(v.west)),
                        ("East".to_string(), u128::from(v.east)),
                    ],
                )
                .map(bars)
                .map_err(whole)
            }
            Kind::Patterns => shape::hand_patterns().map(bars).map_err(whole),
            Kind::Shape => {
                let stat = parse_stat(&self.stat).map_err(|m| FieldError::at(Field::Stat, m))?;
                shape::shape_statistic(stat).map(columns).map_err(whole)
            }
            Kind::Hcp => hcp::hcp_distribution().map(columns).map_err(whole),
            Kind::Aces => hcp::aces_per_hand().map(columns).map_err(whole),
            Kind::PartnerHcp => {
                let own = self.number(Field::OwnHcp, 0, 37)?;
                hcp::partner_hcp_given_own_hcp(own)
                    .map(columns)
                    .map_err(at(Field::OwnHcp))
            }
            Kind::PartnerHand => {
                let hand = parse_hand(&self.hand).map_err(|m| FieldError::at(Field::Hand, m))?;
                hcp::partner_hcp_given_hand(hand)
                    .map(columns)
                    .map_err(at(Field::Hand))
            }
            Kind::Fit => {
                let hand = parse_hand(&self.hand).map_err(|m| FieldError::at(Field::Hand, m))?;
                fit::fit_chances(hand).map(bars).map_err(at(Field::Hand))
            }
            Kind::LongestFit => fit::partnership_longest_fit().map(columns).map_err(whole),
        }
    }
}
