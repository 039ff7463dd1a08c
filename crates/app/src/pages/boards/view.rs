//! One open board set: board browser (hand diagram, show/hide seats, DD table when solved,
//! copy as PBN), the whole-set DD batch, export in any format, and printing.
//!
//! Panic policy: no input reaches a panic; failures become messages.

use super::state::{apply_dd, board_pbn, dd_boards, file_prefix, print_document};
use super::{print, OpenSet};
use crate::browser;
use crate::components::dd_table::{DdBatch, DdTableView};
use crate::components::export_panel::{ExportPanel, ExportSource};
use crate::components::hand_diagram::HandDiagram;
use crate::download::download_bytes;
use fairdeal_interop::print::PerPage;
use fairdeal_interop::Board;
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Seat, Suit};
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`SetView`].
#[derive(Properties, PartialEq)]
pub struct SetViewProps {
    /// The set.
    pub set: OpenSet,
    /// Called with the boards after they changed (DD results stored in them).
    pub on_update: Callback<Vec<Board>>,
}

/// A board whose deal is not complete: the hands that are known, as text.
fn partial_board(b: &Board) -> Html {
    html! {
        <div class="bs-partial" role="group" aria-label="Known hands">
            <p class="muted">{"Not every hand is known on this board."}</p>
            <ul>
            { for Seat::ALL.into_iter().map(|s| {
                // Each suit: its symbol for the eye, its name for a screen reader.
                let text = b.hands[s.index()].map_or(html! { {"not known"} }, |h| html! {
                    { for Suit::ALL.iter().map(|&suit| {
                        let holding = h.holding(suit).to_string();
                        html! { <>
                            <span aria-hidden="true">{ suit.symbol() }</span>
                            <span class="visually-hidden">{ suit.name() }{" "}</span>
                            { if holding.is_empty() { "void".to_string() } else { holding } }{" "}
                        </> }
                    }) }
                });
                html! { <li data-seat={s.letter().to_string()}><b>{ s.name() }</b>{": "}{ text }</li> }
            }) }
            </ul>
        </div>
    }
}

fn input_value(e: &Event) -> String {
    let input: web_sys::HtmlInputElement = e.target_unchecked_into();
    input.value()
}

/// The open set.
#[component]
pub fn SetView(props: &SetViewProps) -> Html {
    let boards = props.set.boards.clone();
    let index = use_state(|| 0usize);
    let hidden = use_state(|| [false; 4]);
    let copied = use_state(|| None::<String>);
    let per_page = use_state(|| 4usize);
    let large = use_state(|| false);
    let seats = use_state(|| [false; 4]);
    let title = use_state(|| {
        boards
            .iter()
            .find_map(|b| b.event.clone())
            .unwrap_or_default()
    });
    let date = use_state(String::new);

    let n = boards.len();
    let i = (*index).min(n.saturating_sub(1));
    let board = boards.get(i).cloned().unwrap_or_default();
    let prefix = file_prefix(&props.set.name);

    let go = |to: usize| {
        let (index, copied) = (index.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            index.set(to);
            copied.set(None);
        })
    };
    let on_select = {
        let (index, copied) = (index.clone(), copied.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(v) = select.value().parse::<usize>() {
                index.set(v);
                copied.set(None);
            }
        })
    };
    let on_toggle_seat = {
        let hidden = hidden.clone();
        Callback::from(move |s: Seat| {
            let mut h = *hidden;
            h[s.index()] = !h[s.index()];
            hidden.set(h);
        })
    };
    let on_copy = {
        let (board, copied) = (board.clone(), copied.clone());
        Callback::from(move |_: MouseEvent| {
            browser::copy_text(&board_pbn(&board));
            copied.set(Some(match board.number {
                Some(n) => format!("Board {n} copied as PBN."),
                None => "Board copied as PBN.".to_string(),
            }));
        })
    };
    let on_results = {
        let (boards, on_update) = (boards.clone(), props.on_update.clone());
        Callback::from(move |results: Vec<(u32, DdTable, Par)>| {
            let mut updated = (*boards).clone();
            apply_dd(&mut updated, &results);
            on_update.emit(updated);
        })
    };
    let html_now = {
        let (boards, per_page, large, seats, title, date) = (
            boards.clone(),
            per_page.clone(),
            large.clone(),
            seats.clone(),
            title.clone(),
            date.clone(),
        );
        move || print_document(&boards, *per_page, *large, *seats, &title, &date)
    };
    let on_print = {
        let html_now = html_now.clone();
        Callback::from(move |_: MouseEvent| {
            print::print_html(&html_now());
        })
    };
    let on_print_download = {
        let prefix = prefix.clone();
        Callback::from(move |_: MouseEvent| {
            download_bytes(
                &format!("{prefix}.html"),
                html_now().as_bytes(),
                "text/html",
            );
        })
    };
    let on_per_page = {
        let per_page = per_page.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Ok(v) = select.value().parse::<usize>() {
                per_page.set(v);
            }
        })
    };
    let on_large = {
        let large = large.clone();
        Callback::from(move |_: Event| large.set(!*large))
    };
    let seat_box = |s: Seat| {
        let checked = seats[s.index()];
        let seats = seats.clone();
        let onchange = Callback::from(move |_: Event| {
            let mut v = *seats;
            v[s.index()] = !v[s.index()];
            seats.set(v);
        });
        html! {
            <label class="bs-seat-box">
                <input type="checkbox" name="bs-print-seat" value={s.letter().to_string()} {checked} {onchange} />
                { s.name() }
            </label>
        }
    };
    let on_title = {
        let title = title.clone();
        Callback::from(move |e: Event| title.set(input_value(&e)))
    };
    let on_date = {
        let date = date.clone();
        Callback::from(move |e: Event| date.set(input_value(&e)))
    };

    let dd_input = Rc::new(dd_boards(&boards));
    let solved = boards.iter().filter(|b| b.dd.is_some()).count();
    let diagram = match board.deal() {
        Some(deal) => html! {
            <>
            <HandDiagram {deal} board={board.number} dealer={board.dealer}
                vulnerability={board.vulnerability} hidden={*hidden}
                on_toggle_seat={Some(on_toggle_seat)} />
            <p><a id="bs-simulate" href={crate::pages::simulate::lead_href(Some(deal.hand(fairdeal_model::Seat::West)), None)}>{"Simulate the lead on this deal (West's hand)"}</a></p>
            <p><a id="bs-view" href={fairdeal_interop::link::Link::from_board(&board).ok().and_then(|l| crate::pages::viewer::view_href(&l))}>{"Open in viewer"}</a></p>
            </>
        },
        None => partial_board(&board),
    };
    let count_text = format!("{n} board{}", if n == 1 { "" } else { "s" });

    html! {
        <section class="bs-view" aria-labelledby="bs-view-title">
            <h2 id="bs-view-title">{ format!("{} — {count_text}", props.set.name) }</h2>
            if n == 0 {
                <p class="muted">{"This set has no boards."}</p>
            } else {
                <nav class="bs-nav" aria-label="Boards">
                    <button type="button" id="bs-prev" disabled={i == 0} onclick={go(i.saturating_sub(1))}>{"‹ Previous"}</button>
                    <label class="visually-hidden" for="bs-board-select">{"Board"}</label>
                    <select id="bs-board-select" onchange={on_select}>
                        { for boards.iter().enumerate().map(|(k, b)| html! {
                            <option value={k.to_string()} selected={k == i}>
                                { b.number.map_or(format!("Game {}", k + 1), |n| format!("Board {n}")) }
                            </option>
                        }) }
                    </select>
                    <span class="bs-pos">{ format!("{} of {n}", i + 1) }</span>
                    <button type="button" id="bs-next" disabled={i + 1 >= n} onclick={go((i + 1).min(n - 1))}>{"Next ›"}</button>
                </nav>
                <div class="bs-board">
                    { diagram }
                    <div class="bs-side">
                        if let Some(table) = board.dd {
                            <DdTableView {table} par={board.par.clone()} />
                        }
                        <button type="button" id="bs-copy" onclick={on_copy}>{"Copy board as PBN"}</button>
                        if let Some(msg) = copied.as_ref() { <p class="bs-copied" role="status">{ msg }</p> }
                        { for board.contract.as_ref().map(|c| html! {
                            <p class="bs-contract">{ format!("Contract {c}{}{}",
                                board.declarer.map(|d| format!(" by {}", d.name())).unwrap_or_default(),
                                board.result.as_ref().map(|r| format!(", {r} tricks")).unwrap_or_default()) }</p>
                        }) }
                    </div>
                </div>
            }
            <section class="bs-panel" aria-labelledby="bs-dd-title">
                <h3 id="bs-dd-title">{"Double dummy"}</h3>
                <p class="muted">{ format!("{solved} of {n} boards have a double-dummy table; tables are kept with the set and go into prints and PBN exports.") }</p>
                <DdBatch boards={dd_input} {on_results} />
            </section>
            <section class="bs-panel" aria-labelledby="bs-export-title">
                <h3 id="bs-export-title">{"Export"}</h3>
                <ExportPanel source={ExportSource::Boards(boards.clone())} prefix={prefix.clone()}
                    default_formats={vec!["pbn".to_string(), "lin".to_string()]}
                    input_name="bs-format" make_id="bs-export" make_label="Export"
                    error_id={Some(AttrValue::from("bs-export-error"))} files_id="bs-files" zip_id="bs-zip" />
            </section>
            <section class="bs-panel" aria-labelledby="bs-print-title">
                <h3 id="bs-print-title">{"Print"}</h3>
                <div class="bs-print-form">
                    <label>{"Boards per page "}
                        <select id="bs-per-page" onchange={on_per_page}>
                            { for PerPage::ALL.iter().map(|p| html! {
                                <option value={p.count().to_string()} selected={p.count() == *per_page}>{ p.count() }</option>
                            }) }
                        </select>
                    </label>
                    <label><input type="checkbox" id="bs-large" checked={*large} onchange={on_large} />{" Large print"}</label>
                    <label>{"Title "}<input type="text" id="bs-title" value={(*title).clone()} onchange={on_title} /></label>
                    <label>{"Date "}<input type="text" id="bs-date" value={(*date).clone()} onchange={on_date} placeholder="optional" /></label>
                    <fieldset class="bs-seats">
                        <legend>{"Practice sheets for (none: full hand records)"}</legend>
                        { for Seat::ALL.into_iter().map(seat_box) }
                    </fieldset>
                </div>
                <button type="button" class="primary" id="bs-print" onclick={on_print}>{"Print"}</button>
                <button type="button" id="bs-print-download" onclick={on_print_download}>{"Download printable page (HTML)"}</button>
            </section>
        </section>
    }
}
