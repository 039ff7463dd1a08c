//! The Deal page: one click deals a random board from the browser's CSPRNG; the deal's number
//! in both mappings; copy as PBN; hide/show seats; open a deal from its number
//! (`/deal/<n>` for Pavlicek's mapping, `/deal/bigdeal/<n>` for Big Deal's).
//!
//! A random deal is a uniform 96-bit number drawn from `crypto.getRandomValues`, rejected if
//! ≥ D and decoded with Pavlicek's bijection, so every deal is exactly equally likely. No seed
//! is kept: the deal's number is all there is, and it may be shown and put in a URL.
//!
//! Under the diagram, the double-dummy table and par (solved in a DD worker, cached per deal);
//! below, "Solve all" for every board dealt on the page (the DD worker pool, with progress).

use crate::app::Route;
use crate::browser;
use crate::components::dd_table::{par_text, BatchBoard, DdBatch, DdSolve};
use crate::components::hand_diagram::HandDiagram;
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{parse_deal_number, Deal, Mapping, Seat, Vulnerability, DEAL_COUNT};
use std::rc::Rc;
use yew::prelude::*;
use yew_router::prelude::*;

/// Properties of [`DealPage`].
#[derive(Properties, PartialEq)]
pub struct DealPageProps {
    /// A deal number from the URL, if the route carried one.
    #[prop_or_default]
    pub number: Option<String>,
    /// True if `number` is a Big Deal number (else Pavlicek's).
    #[prop_or_default]
    pub bigdeal: bool,
}

/// A uniformly random deal from the browser's CSPRNG, or `None` if the browser has none.
pub fn random_deal() -> Option<Deal> {
    loop {
        let mut bytes = [0u8; 16];
        if !browser::fill_random(&mut bytes[4..]) {
            return None;
        }
        let n = u128::from_be_bytes(bytes);
        if n < DEAL_COUNT {
            return Mapping::Pavlicek.deal(n).ok();
        }
    }
}

pub use crate::format::group_digits;

#[derive(Clone, PartialEq)]
struct Shown {
    deal: Deal,
    board: u32,
}

/// The Deal page.
#[component]
pub fn DealPage(props: &DealPageProps) -> Html {
    let navigator = use_navigator();
    let board_counter = use_state(|| 1u32);
    let shown = use_state(|| None::<Shown>);
    let hidden = use_state(|| [false; 4]);
    let error = use_state(|| None::<String>);
    let copied = use_state(|| false);
    let number_text = use_state(String::new);
    let mapping = use_state(|| Mapping::Pavlicek);
    // Every board dealt on this page (for "Solve all"), and the batch's results.
    let history = use_state(|| Rc::new(Vec::<BatchBoard>::new()));
    let batch_results = use_state(Vec::<(u32, DdTable, Par)>::new);

    // Open the deal named in the URL.
    {
        let shown = shown.clone();
        let error = error.clone();
        let route_number = props.number.clone();
        let bigdeal = props.bigdeal;
        use_effect_with((route_number, bigdeal), move |(number, bigdeal)| {
            if let Some(text) = number {
                let mapping = if *bigdeal {
                    Mapping::BigDeal
                } else {
                    Mapping::Pavlicek
                };
                match parse_deal_number(text).and_then(|n| mapping.deal(n)) {
                    Ok(deal) => {
                        shown.set(Some(Shown { deal, board: 1 }));
                        error.set(None);
                    }
                    Err(e) => error.set(Some(format!("Cannot open deal “{text}”: {e}"))),
                }
            }
        });
    }

    let on_deal = {
        let shown = shown.clone();
        let board_counter = board_counter.clone();
        let error = error.clone();
        let copied = copied.clone();
        let history = history.clone();
        Callback::from(move |_: MouseEvent| match random_deal() {
            Some(deal) => {
                let board = *board_counter;
                shown.set(Some(Shown { deal, board }));
                let mut h = (**history).clone();
                h.push((
                    board,
                    deal,
                    Vulnerability::of_board(board),
                    Seat::dealer_of_board(board),
                ));
                history.set(Rc::new(h));
                board_counter.set(board % 32 + 1);
                error.set(None);
                copied.set(false);
            }
            None => error.set(Some(
                "This browser offers no secure random generator (crypto.getRandomValues); \
                 Fair Deal will not deal from a weaker one."
                    .into(),
            )),
        })
    };
    let on_toggle_seat = {
        let hidden = hidden.clone();
        Callback::from(move |seat: Seat| {
            let mut h = *hidden;
            h[seat.index()] = !h[seat.index()];
            hidden.set(h);
        })
    };
    let on_copy = {
        let shown = shown.clone();
        let copied = copied.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = shown.as_ref() {
                browser::copy_text(&s.deal.to_pbn(Seat::North));
                copied.set(true);
            }
        })
    };
    let on_number_input = {
        let number_text = number_text.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            number_text.set(input.value());
        })
    };
    let on_mapping = {
        let mapping = mapping.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            mapping.set(Mapping::from_name(&select.value()).unwrap_or(Mapping::Pavlicek));
        })
    };
    let on_open = {
        let number_text = number_text.clone();
        let mapping = mapping.clone();
        let error = error.clone();
        let navigator = navigator.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match parse_deal_number(&number_text) {
                Ok(n) => {
                    if let Some(nav) = &navigator {
                        let number = n.to_string();
                        nav.push(&match *mapping {
                            Mapping::Pavlicek => Route::DealNumber { number },
                            Mapping::BigDeal => Route::DealBigDealNumber { number },
                        });
                    }
                }
                Err(e) => error.set(Some(format!("Deal number: {e}"))),
            }
        })
    };

    let diagram = match shown.as_ref() {
        Some(s) => html! {
            <>
                <HandDiagram deal={s.deal} board={Some(s.board)}
                    dealer={Some(Seat::dealer_of_board(s.board))}
                    vulnerability={Some(Vulnerability::of_board(s.board))}
                    hidden={*hidden} on_toggle_seat={Some(on_toggle_seat)} />
                <dl class="deal-numbers" id="deal-numbers">
                    { for Mapping::ALL.into_iter().map(|m| {
                        let n = m.number(&s.deal);
                        let href = match m {
                            Mapping::Pavlicek => Route::DealNumber { number: n.to_string() },
                            Mapping::BigDeal => Route::DealBigDealNumber { number: n.to_string() },
                        };
                        html! {
                            <div class="deal-number">
                                <dt title={m.description()}>{ format!("Deal number ({})", m.label()) }</dt>
                                <dd>
                                    <Link<Route> to={href} classes={classes!(format!("num-{}", m.name()))}>{ group_digits(n) }</Link<Route>>
                                </dd>
                            </div>
                        }
                    }) }
                </dl>
                <p class="pbn-line"><code id="deal-pbn">{ s.deal.to_pbn(Seat::North) }</code></p>
                <DdSolve deal={s.deal} vulnerability={Vulnerability::of_board(s.board)}
                    dealer={Seat::dealer_of_board(s.board)} />
            </>
        },
        None => html! {
            <div class="deal-placeholder">
                <p>{"Press "}<strong>{"Deal"}</strong>{" for a random deal. Every one of the 53,644,737,765,488,792,839,237,440,000 deals is equally likely."}</p>
            </div>
        },
    };

    html! {
        <div class="deal-page">
            <h1>{"Deal"}</h1>
            <div class="toolbar">
                <button type="button" class="primary" id="deal-button" onclick={on_deal}>{"Deal"}</button>
                <button type="button" id="copy-pbn" onclick={on_copy} disabled={shown.is_none()}>
                    { if *copied { "Copied ✓" } else { "Copy as PBN" } }
                </button>
                if let Some(s) = shown.as_ref() {
                    <crate::pages::boards::send::SendToBoardSets name="Deal page" deals={std::rc::Rc::new(vec![(s.board, s.deal)])} />
                    <a id="deal-simulate" href={crate::pages::simulate::lead_href(Some(s.deal.hand(Seat::West)), None)}>{"Simulate the lead on this deal (West's hand)"}</a>
                    <a id="deal-view" href={crate::pages::viewer::deal_href(s.deal, s.board)}>{"Open in viewer"}</a>
                }
            </div>
            if let Some(msg) = error.as_ref() {
                <p class="error" role="alert" id="deal-error">{ msg }</p>
            }
            <div class="diagram-slot">{ diagram }</div>
            if !history.is_empty() {
                <section class="dd-history" aria-label="Double dummy of every board dealt here">
                    <h2 class="dd-title">{ format!("Boards dealt on this page: {}", history.len()) }</h2>
                    <DdBatch boards={(*history).clone()} on_results={{
                        let batch_results = batch_results.clone();
                        Callback::from(move |r| batch_results.set(r))
                    }} />
                    if !batch_results.is_empty() {
                        <table class="dd-results" id="dd-batch-results">
                            <thead><tr><th>{"Board"}</th><th>{"NT tricks N/E/S/W"}</th><th>{"Par"}</th></tr></thead>
                            <tbody>
                            { for batch_results.iter().map(|(b, t, p)| html! {
                                <tr>
                                    <td>{ b }</td>
                                    <td>{ Seat::ALL.map(|s| t.tricks(fairdeal_model::Strain::Notrump, s).to_string()).join("/") }</td>
                                    <td>{ par_text(p) }</td>
                                </tr>
                            }) }
                            </tbody>
                        </table>
                    }
                </section>
            }
            <form class="number-form" onsubmit={on_open}>
                <label for="number-input">{"Deal from number"}</label>
                <input id="number-input" inputmode="numeric" autocomplete="off"
                    placeholder="0 … 53644737765488792839237439999"
                    value={(*number_text).clone()} oninput={on_number_input} />
                <label for="mapping-select" class="visually-hidden">{"Mapping"}</label>
                <select id="mapping-select" onchange={on_mapping}>
                    { for Mapping::ALL.into_iter().map(|m| html! {
                        <option value={m.name()} selected={*mapping == m}>{ m.label() }</option>
                    }) }
                </select>
                <button type="submit" id="open-number">{"Open"}</button>
                if let (false, Err(e)) = (number_text.trim().is_empty(), parse_deal_number(&number_text)) {
                    <p class="error field-error" id="number-error" role="alert">{ format!("Deal number: {e}") }</p>
                }
            </form>
        </div>
    }
}
