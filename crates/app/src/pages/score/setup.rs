//! The "New event" form: name, pairs or teams, movement (Mitchell with arrow-switch rounds,
//! or all-play-all round robin), tables or entrants, boards per round. It builds a
//! [`Setup`], asks the engine for the movement, and hands up the pre-filled rows; a setup the
//! engine refuses shows the engine's message and creates nothing.
//!
//! Element ids: `setup-name`, `setup-kind`, `setup-movement`, `setup-tables`, `setup-entrants`,
//! `setup-boards`, `setup-arrow`, `setup-create`, `setup-error`; a field's own message
//! `setup-tables-error`, `setup-entrants-error`, `setup-boards-error` (caps checked while typing,
//! before any movement is built).

use super::model::{parse_rounds, EventKind, MovementChoice, Setup};
use fairdeal_scoring::ResultRow;
use yew::prelude::*;

/// What the form creates.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    /// The event name.
    pub name: String,
    /// The setup.
    pub setup: Setup,
    /// The pre-filled rows.
    pub rows: Vec<ResultRow>,
}

/// Props of [`SetupForm`].
#[derive(Properties, PartialEq)]
pub struct SetupFormProps {
    /// Called with the new event.
    pub on_create: Callback<NewEvent>,
}

/// Most tables of a Mitchell on this page.
pub const MAX_TABLES: u32 = 200;
/// Most pairs or teams of a round robin on this page.
pub const MAX_ENTRANTS: u32 = 200;
/// Most boards per round.
pub const MAX_BOARDS_PER_ROUND: u32 = 36;

/// One numeric field: a whole number in `min..=max`, or the message shown at the field.
pub fn number_in(text: &str, what: &str, min: u32, max: u32) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ if !text.trim().is_empty() && text.trim().bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!(
                "{what}: {} is out of range; expected {min} to {max}",
                text.trim()
            ))
        }
        _ => Err(format!(
            "{what}: `{}` is not a whole number; expected {min} to {max}",
            text.trim()
        )),
    }
}

fn tables_field(text: &str) -> Result<u32, String> {
    number_in(text, "Tables", 1, MAX_TABLES)
}

fn entrants_field(text: &str) -> Result<u32, String> {
    number_in(text, "Pairs or teams", 2, MAX_ENTRANTS)
}

fn boards_field(text: &str) -> Result<u32, String> {
    number_in(text, "Boards per round", 1, MAX_BOARDS_PER_ROUND)
}

/// Builds the new event from the form's texts.
pub fn build(
    name: &str,
    kind: EventKind,
    movement: MovementChoice,
    tables: &str,
    entrants: &str,
    boards: &str,
    arrow: &str,
) -> Result<NewEvent, String> {
    let mitchell = kind == EventKind::Pairs && movement == MovementChoice::Mitchell;
    let setup = Setup {
        kind,
        movement: if kind == EventKind::Teams {
            MovementChoice::RoundRobin
        } else {
            movement
        },
        tables: if mitchell { tables_field(tables)? } else { 0 },
        entrants: if mitchell {
            0
        } else {
            entrants_field(entrants)?
        },
        boards_per_round: boards_field(boards)?,
        rounds: None,
        arrow_switch: if mitchell {
            parse_rounds(arrow)?
        } else {
            Vec::new()
        },
    };
    let rows = setup.rows()?;
    let name = match name.trim() {
        "" => setup.describe(),
        n => n.to_string(),
    };
    Ok(NewEvent { name, setup, rows })
}

/// The new-event form.
#[component]
pub fn SetupForm(props: &SetupFormProps) -> Html {
    let name = use_state(String::new);
    let kind = use_state(|| EventKind::Pairs);
    let movement = use_state(|| MovementChoice::Mitchell);
    let tables = use_state(|| "3".to_string());
    let entrants = use_state(|| "4".to_string());
    let boards = use_state(|| "2".to_string());
    let arrow = use_state(String::new);
    let error = use_state(|| None::<String>);

    let text_input = |state: &UseStateHandle<String>| {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            state.set(i.value());
        })
    };
    let on_kind = {
        let kind = kind.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            kind.set(if s.value() == "teams" {
                EventKind::Teams
            } else {
                EventKind::Pairs
            });
        })
    };
    let on_movement = {
        let movement = movement.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            movement.set(if s.value() == "round-robin" {
                MovementChoice::RoundRobin
            } else {
                MovementChoice::Mitchell
            });
        })
    };
    let on_submit = {
        let (name, kind, movement, tables, entrants, boards, arrow, error) = (
            name.clone(),
            kind.clone(),
            movement.clone(),
            tables.clone(),
            entrants.clone(),
            boards.clone(),
            arrow.clone(),
            error.clone(),
        );
        let on_create = props.on_create.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match build(&name, *kind, *movement, &tables, &entrants, &boards, &arrow) {
                Ok(ev) => {
                    error.set(None);
                    on_create.emit(ev);
                }
                Err(m) => error.set(Some(m)),
            }
        })
    };
    let mitchell = *kind == EventKind::Pairs && *movement == MovementChoice::Mitchell;
    html! {
        <form class="sc-setup" id="setup-form" onsubmit={on_submit}>
            <label>{"Name"}
                <input id="setup-name" type="text" placeholder="Tuesday pairs" value={(*name).clone()} oninput={text_input(&name)} />
            </label>
            <label>{"Event"}
                <select id="setup-kind" onchange={on_kind}>
                    <option value="pairs" selected={*kind == EventKind::Pairs}>{"Pairs"}</option>
                    <option value="teams" selected={*kind == EventKind::Teams}>{"Teams (round robin)"}</option>
                </select>
            </label>
            if *kind == EventKind::Pairs {
                <label>{"Movement"}
                    <select id="setup-movement" onchange={on_movement}>
                        <option value="mitchell" selected={*movement == MovementChoice::Mitchell}>{"Mitchell"}</option>
                        <option value="round-robin" selected={*movement == MovementChoice::RoundRobin}>{"All-play-all round robin"}</option>
                    </select>
                </label>
            }
            if mitchell {
                <label>{"Tables"}
                    <input id="setup-tables" type="text" inputmode="numeric" value={(*tables).clone()} oninput={text_input(&tables)} />
                </label>
                if let Err(m) = tables_field(&tables) { <p class="error field-error" id="setup-tables-error" role="alert">{ m }</p> }
            } else {
                <label>{ if *kind == EventKind::Teams { "Teams" } else { "Pairs" } }
                    <input id="setup-entrants" type="text" inputmode="numeric" value={(*entrants).clone()} oninput={text_input(&entrants)} />
                </label>
                if let Err(m) = entrants_field(&entrants) { <p class="error field-error" id="setup-entrants-error" role="alert">{ m }</p> }
            }
            <label>{"Boards per round"}
                <input id="setup-boards" type="text" inputmode="numeric" value={(*boards).clone()} oninput={text_input(&boards)} />
            </label>
            if let Err(m) = boards_field(&boards) { <p class="error field-error" id="setup-boards-error" role="alert">{ m }</p> }
            if mitchell {
                <label>{"Arrow-switch rounds"}
                    <input id="setup-arrow" type="text" placeholder="e.g. 3" value={(*arrow).clone()} oninput={text_input(&arrow)} />
                </label>
            }
            <button type="submit" id="setup-create" class="primary">{"Create event"}</button>
            if let Some(m) = (*error).clone() {
                <p class="error" id="setup-error" role="alert">{ m }</p>
            }
            <p class="sc-hint">{"Mitchell: NS pairs stay, EW pairs move up, boards move down; with an even number of tables EW skip a table halfway. Arrow switch makes one field."}</p>
        </form>
    }
}
