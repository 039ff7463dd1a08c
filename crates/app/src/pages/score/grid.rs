//! The results grid: one row per table result, one text input per cell, keyboard first.
//!
//! Keys: Tab / Shift+Tab move along (the inputs are in row order), Enter moves down (adding
//! a row at the bottom), Shift+Enter up, ↑/↓ move between rows, Ctrl+Z undoes and Ctrl+Y
//! (or Ctrl+Shift+Z) redoes. Pasting tab-separated lines (from a spreadsheet) fills the grid
//! from the cell pasted into. Every edit goes up as an [`Action`]; a bad cell is outlined and
//! its message is shown in a line under its row, linked with `aria-describedby`.
//!
//! Element ids: inputs are `sc-<row>-<column>` (0-based row, column name as in the CSV).

use super::model::CellMessage;
use super::state::Action;
use fairdeal_scoring::{Column, ResultRow};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// What the grid shows next to a row: the NS score and the row's points.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RowFigures {
    /// NS score of the result.
    pub ns_score: Option<i32>,
    /// The points shown (e.g. `62.5%` or `+3 IMPs`).
    pub points: Option<String>,
}

/// Props of [`Grid`].
#[derive(Properties, PartialEq)]
pub struct GridProps {
    /// The rows.
    pub rows: Rc<Vec<ResultRow>>,
    /// Messages per cell.
    pub messages: Rc<Vec<CellMessage>>,
    /// Figures per row.
    pub figures: Rc<HashMap<usize, RowFigures>>,
    /// Heading of the points column.
    pub points_title: AttrValue,
    /// Every edit.
    pub on_action: Callback<Action>,
}

/// The input id of a cell.
pub fn cell_id(row: usize, column: Column) -> String {
    format!("sc-{row}-{}", column.name())
}

fn focus_cell(row: usize, column: Column) {
    if let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&cell_id(row, column)))
        .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
    {
        let _ = el.focus();
        el.select();
    }
}

fn header(c: Column) -> &'static str {
    match c {
        Column::Board => "Board",
        Column::Ns => "NS",
        Column::Ew => "EW",
        Column::Contract => "Contract",
        Column::Declarer => "By",
        Column::Result => "Result",
        Column::Lead => "Lead",
        Column::Score => "Score",
        Column::Adj => "Adj",
    }
}

fn placeholder(c: Column) -> &'static str {
    match c {
        Column::Board => "1",
        Column::Ns | Column::Ew => "pair",
        Column::Contract => "4SX",
        Column::Declarer => "S",
        Column::Result => "-2",
        Column::Lead => "HK",
        Column::Score => "",
        Column::Adj => "A+/A-",
    }
}

/// The results grid.
#[component]
pub fn Grid(props: &GridProps) -> Html {
    let len = props.rows.len();
    let mut by_cell: HashMap<(usize, Column), &str> = HashMap::new();
    let mut by_row: HashMap<usize, Vec<&CellMessage>> = HashMap::new();
    for m in props.messages.iter() {
        by_cell.entry((m.row, m.column)).or_insert(m.text.as_str());
        by_row.entry(m.row).or_default().push(m);
    }
    let cols = Column::ALL.len() + 4;
    let rows_html = props.rows.iter().enumerate().map(|(i, row)| {
        let fig = props.figures.get(&i).cloned().unwrap_or_default();
        let cells = Column::ALL.iter().map(|&c| {
            let bad = by_cell.contains_key(&(i, c));
            let on_action = props.on_action.clone();
            let oninput = Callback::from(move |e: InputEvent| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                on_action.emit(Action::SetCell { row: i, column: c, text: input.value() });
            });
            let on_action = props.on_action.clone();
            let onkeydown = Callback::from(move |e: KeyboardEvent| {
                let ctrl = e.ctrl_key() || e.meta_key();
                let key = e.key();
                match key.as_str() {
                    "Enter" if e.shift_key() => {
                        e.prevent_default();
                        if i > 0 {
                            focus_cell(i - 1, c);
                        }
                    }
                    "Enter" => {
                        e.prevent_default();
                        if i + 1 >= len {
                            on_action.emit(Action::AddRow);
                            gloo_timers::callback::Timeout::new(0, move || focus_cell(i + 1, c))
                                .forget();
                        } else {
                            focus_cell(i + 1, c);
                        }
                    }
                    "ArrowDown" if i + 1 < len => {
                        e.prevent_default();
                        focus_cell(i + 1, c);
                    }
                    "ArrowUp" if i > 0 => {
                        e.prevent_default();
                        focus_cell(i - 1, c);
                    }
                    "z" | "Z" if ctrl && e.shift_key() => {
                        e.prevent_default();
                        on_action.emit(Action::Redo);
                    }
                    "z" | "Z" if ctrl => {
                        e.prevent_default();
                        on_action.emit(Action::Undo);
                    }
                    "y" | "Y" if ctrl => {
                        e.prevent_default();
                        on_action.emit(Action::Redo);
                    }
                    _ => {}
                }
            });
            let on_action = props.on_action.clone();
            let onpaste = Callback::from(move |e: Event| {
                let Some(ce) = e.dyn_ref::<web_sys::ClipboardEvent>() else { return };
                let Some(text) = ce.clipboard_data().and_then(|d| d.get_data("text").ok()) else {
                    return;
                };
                if text.contains('\t') || text.trim_end().contains('\n') {
                    e.prevent_default();
                    on_action.emit(Action::Paste { row: i, column: c, text });
                }
            });
            let id = cell_id(i, c);
            let described = bad.then(|| AttrValue::from(format!("sc-msg-{i}")));
            html! {
                <td class={classes!("sc-cell", format!("sc-col-{}", c.name()), bad.then_some("sc-bad"))}>
                    <input id={id} type="text" autocomplete="off" spellcheck="false"
                        aria-label={format!("row {} {}", i + 1, header(c))}
                        aria-invalid={if bad { "true" } else { "false" }}
                        aria-describedby={described}
                        title={by_cell.get(&(i, c)).map(|t| AttrValue::from(t.to_string()))}
                        placeholder={(i == 0).then_some(placeholder(c))}
                        value={c.cell(row).to_string()}
                        {oninput} {onkeydown} {onpaste} />
                </td>
            }
        });
        let on_action = props.on_action.clone();
        let delete = Callback::from(move |_| on_action.emit(Action::DeleteRow(i)));
        // The message row is always rendered (hidden when empty): adding or removing a node
        // here would make yew re-create the row and lose the focus while typing.
        let msg_text = by_row.get(&i).map(|ms| {
            ms.iter()
                .map(|m| format!("{}: {}", header(m.column), m.text))
                .collect::<Vec<String>>()
                .join(" · ")
        });
        let has_msg = msg_text.is_some();
        let msgs = html! {
            <tr class="sc-msgrow" hidden={!has_msg}>
                <td></td>
                <td colspan={(cols - 1).to_string()} id={format!("sc-msg-{i}")} class="sc-msg" role="status">
                    { msg_text.unwrap_or_default() }
                </td>
            </tr>
        };
        let score = fig.ns_score.map(|s| s.to_string()).unwrap_or_default();
        html! {
            <>
                <tr class={classes!("sc-row", has_msg.then_some("sc-row-bad"))} data-row={i.to_string()}>
                    <th scope="row" class="sc-num">{ i + 1 }</th>
                    { for cells }
                    <td class="sc-out sc-nsscore" id={format!("sc-nsscore-{i}")}>{ score }</td>
                    <td class="sc-out sc-points" id={format!("sc-points-{i}")}>{ fig.points.clone().unwrap_or_default() }</td>
                    <td class="sc-del-cell">
                        <button type="button" class="sc-del" tabindex="-1"
                            aria-label={format!("delete row {}", i + 1)} title="Delete row"
                            onclick={delete}>{"×"}</button>
                    </td>
                </tr>
                { msgs }
            </>
        }
    });
    let on_action = props.on_action.clone();
    let add = Callback::from(move |_| on_action.emit(Action::AddRow));
    html! {
        <div class="sc-grid-wrap">
            <table class="sc-grid" id="score-grid">
                <thead>
                    <tr>
                        <th scope="col" class="sc-num">{"#"}</th>
                        { for Column::ALL.iter().map(|&c| html! {
                            <th scope="col" class={format!("sc-col-{}", c.name())}>{ header(c) }</th>
                        }) }
                        <th scope="col" class="sc-out">{"NS score"}</th>
                        <th scope="col" class="sc-out">{ props.points_title.clone() }</th>
                        <th scope="col"><span class="visually-hidden">{"Delete"}</span></th>
                    </tr>
                </thead>
                <tbody>{ for rows_html }</tbody>
            </table>
            <button type="button" id="add-row" class="sc-add" onclick={add}>{"+ Add row"}</button>
        </div>
    }
}
