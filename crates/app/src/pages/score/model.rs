//! What the Score page keeps and shows, in plain Rust (no DOM): the saved [`Workbook`] (an
//! engine [`Event`] plus the [`Setup`] that made it, its JSON versions and migrations) and
//! [`Scored`], every method's ranking computed from scratch after each edit.
//!
//! No scoring rule lives here: the set-up and its rows, which cell problems to show, the
//! movement checks and team scoring are `fairdeal_scoring`'s ([`fairdeal_scoring::setup`],
//! [`fairdeal_scoring::checks`], [`fairdeal_scoring::team_event`], the same entry point as
//! `fairdeal score --method teams`); this module only assembles them for the page.
//!
//! Invariants: a workbook's JSON carries its own format tag and version
//! ([`WORKBOOK_FORMAT`], [`WORKBOOK_VERSION`]) and embeds the engine's versioned event JSON, so
//! either can be imported. Rows that are still empty past the pairs (a pre-filled row nobody
//! has typed into yet) are *pending*: they are not results and show no error.
//!
//! Panic policy: nothing here panics on user data; bad setups return a message.

use fairdeal_scoring::checks::{movement_messages, shown_messages, validate_each_row};
use fairdeal_scoring::team_event::score_team_results;
use fairdeal_scoring::{
    score_event, Column, Event, EventScore, Field, Method, ResultRow, ScoringOptions, Standing,
    TableResult, METHODS,
};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};

pub use fairdeal_scoring::checks::CellMessage;
pub use fairdeal_scoring::setup::{parse_rounds, EventKind, MovementChoice, Setup};
pub use fairdeal_scoring::team_event::{FieldPoints, MatchLine};

/// The `format` tag of a workbook's JSON.
pub const WORKBOOK_FORMAT: &str = "fairdeal-score-workbook";
/// The workbook JSON version this build writes. Older versions are migrated on reading
/// ([`Workbook::from_json`]): version 1 had no `revision`/`writer` (they start at 0 and "").
pub const WORKBOOK_VERSION: u32 = 2;

/// One saved event: the engine's event and how it was set up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Workbook {
    /// Always [`WORKBOOK_FORMAT`].
    pub format: String,
    /// [`WORKBOOK_VERSION`].
    pub version: u32,
    /// The storage key.
    pub id: String,
    /// Milliseconds since 1970 of the last edit (for the list order).
    #[serde(default)]
    pub updated: f64,
    /// The setup, if the event was created here (imported results have none).
    #[serde(default)]
    pub setup: Option<Setup>,
    /// The engine's event (name and rows).
    pub event: Event,
    /// Completed writes of this event to storage (version 2): a write is accepted only on top
    /// of the revision the tab read, so a stale tab can never overwrite a newer one.
    #[serde(default)]
    pub revision: u64,
    /// The page session (tab) that made the stored write (version 2); see
    /// [`super::persist::journal_applies`].
    #[serde(default)]
    pub writer: String,
}

impl Workbook {
    /// A new workbook.
    pub fn new(id: String, name: String, setup: Option<Setup>, rows: Vec<ResultRow>) -> Workbook {
        Workbook {
            format: WORKBOOK_FORMAT.into(),
            version: WORKBOOK_VERSION,
            id,
            updated: 0.0,
            setup,
            event: Event {
                name,
                rows,
                ..Event::default()
            },
            revision: 0,
            writer: String::new(),
        }
    }

    /// The workbook as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a workbook of any version up to [`WORKBOOK_VERSION`] (older ones migrated step
    /// by step), or a bare engine event (which gets `id` and no setup). A newer version or
    /// a damaged text is an error naming why; the caller keeps the raw text.
    pub fn from_json(text: &str, id: String) -> Result<Workbook, String> {
        #[derive(Deserialize)]
        struct Head {
            format: String,
            version: u32,
        }
        let head: Head = serde_json::from_str(text)
            .map_err(|e| format!("not a Fair Deal event or workbook: {e}"))?;
        if head.format == WORKBOOK_FORMAT {
            let mut w = match head.version {
                1 => migrate_v1(text)?,
                WORKBOOK_VERSION => serde_json::from_str(text)
                    .map_err(|e| format!("not a Fair Deal workbook: {e}"))?,
                v => {
                    return Err(format!(
                        "workbook version {v}; this build reads versions 1 to {WORKBOOK_VERSION}"
                    ))
                }
            };
            if w.id.is_empty() {
                w.id = id;
            }
            return Ok(w);
        }
        let event = Event::from_json(text).map_err(|e| e.to_string())?;
        Ok(Workbook {
            event,
            ..Workbook::new(id, String::new(), None, Vec::new())
        })
    }

    /// The ranking field: the setup's movement decides, else the engine's automatic rule.
    pub fn field(&self) -> Field {
        self.setup.as_ref().map_or(Field::Auto, Setup::field)
    }

    /// Whether this is a teams event.
    pub fn is_teams(&self) -> bool {
        self.setup.as_ref().is_some_and(Setup::is_teams)
    }
}

/// Version 1 → 2: the same fields; the new `revision` and `writer` start at 0 and "".
fn migrate_v1(text: &str) -> Result<Workbook, String> {
    #[derive(Deserialize)]
    struct V1 {
        id: String,
        #[serde(default)]
        updated: f64,
        #[serde(default)]
        setup: Option<Setup>,
        event: Event,
    }
    let v1: V1 =
        serde_json::from_str(text).map_err(|e| format!("not a Fair Deal workbook (v1): {e}"))?;
    Ok(Workbook {
        updated: v1.updated,
        setup: v1.setup,
        ..Workbook::new(v1.id, String::new(), None, Vec::new())
    }
    .with_event(v1.event))
}

impl Workbook {
    fn with_event(mut self, event: Event) -> Workbook {
        self.event = event;
        self
    }
}

/// The ranking of one method.
#[derive(Debug, Clone, PartialEq)]
pub struct MethodRanking {
    /// The method.
    pub method: Method,
    /// The engine's scores.
    pub score: EventScore,
}

/// Everything derived from the rows.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Scored {
    /// Validated results.
    pub results: Vec<TableResult>,
    /// Cell messages to show (pending rows and half-typed rows' `missing` are left out).
    pub messages: Vec<CellMessage>,
    /// Pairs events: one ranking per method, in [`METHODS`] order.
    pub rankings: Vec<MethodRanking>,
    /// Teams events: VP standings.
    pub team_standings: Vec<Standing>,
    /// Teams events: the matches.
    pub matches: Vec<MatchLine>,
    /// Teams events: home-team IMPs per row (open-room row index → IMPs).
    pub team_imps: BTreeMap<usize, i32>,
    /// Teams events: each row against the whole field on its board (every table of every
    /// match): NS matchpoint % and Butler IMPs to NS (datum: mean without top and bottom).
    pub team_field: BTreeMap<usize, FieldPoints>,
}

impl Scored {
    /// The ranking of `method`, if scored.
    pub fn ranking(&self, method: Method) -> Option<&EventScore> {
        self.rankings
            .iter()
            .find(|r| r.method == method)
            .map(|r| &r.score)
    }
}

/// Scores a workbook with every method (teams: [`score_team_results`]) and collects the
/// messages to show; rows with a message are left out of the scores.
pub fn score(book: &Workbook) -> Scored {
    let event = &book.event;
    let field = book.field();
    let teams = book.is_teams();
    let (results, errors) = if teams {
        validate_each_row(event)
    } else {
        event.validate_with(field)
    };
    let mut messages = shown_messages(event, &errors);
    if let Some(m) = book.setup.as_ref().and_then(|s| s.movement().ok()) {
        messages.extend(movement_messages(&event.rows, &m, teams));
    }
    messages.sort_by_key(|m| (m.row, Column::ALL.iter().position(|c| *c == m.column)));
    let bad_rows: HashSet<usize> = messages.iter().map(|m| m.row).collect();
    let results: Vec<TableResult> = results
        .into_iter()
        .filter(|r| !bad_rows.contains(&r.row))
        .collect();
    let mut scored = Scored {
        messages,
        ..Scored::default()
    };
    if teams {
        let t = score_team_results(results, true);
        scored.team_standings = t.standings;
        scored.matches = t.matches;
        scored.team_imps = t.board_imps;
        scored.team_field = t.field;
        scored.results = t.results;
        return scored;
    }
    let good = Event {
        rows: results.iter().map(|r| event.rows[r.row].clone()).collect(),
        ..event.clone()
    };
    for m in &METHODS {
        let opts = ScoringOptions {
            method: m.method,
            field,
            ..ScoringOptions::default()
        };
        let (mut s, _) = score_event(&good, &opts);
        // Rows of `good` are a subset: map them back to the event's row numbers.
        for p in &mut s.results {
            p.row = results.get(p.row).map_or(p.row, |r| r.row);
        }
        scored.rankings.push(MethodRanking {
            method: m.method,
            score: s,
        });
    }
    scored.results = results;
    scored
}
