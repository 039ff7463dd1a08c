//! The Constrain page: constrained dealing with an exact live count.
//!
//! * Left, a form for the four seats (HCP, shape picker with the named classes of
//!   [`fairdeal_constrain::shape::CLASSES`], suit lengths or holdings with `x` wildcards,
//!   predealt cards) and the two partnerships (combined HCP, fits); right, the text form.
//!   Both stay in sync through [`state::ConstrainState`]; errors show at the field and under
//!   the text with `line:column` (each one selects its range in the editor).
//! * Under them, the exact count and probability of the current set, recomputed in a worker
//!   a short pause after every valid change (the page thread only parses), or the reason
//!   there is none (impossible sets name the seat or condition).
//! * Deal 1–N boards with the standard dealer/vulnerability rotation, shown as hand diagrams a
//!   page at a time, labelled with their category for levelled sets, and exported in every
//!   format of the dealing core (singly or as a zip). Every batch runs in the dealing worker
//!   ([`crate::worker`]) with a progress bar and a Cancel button, so a rare set's table build
//!   never blocks the page.
//! * Below, the Statistics panel ([`stats`]): N deals in the worker, against exact theory.
//!
//! Panic policy: no input reaches a panic; every failure becomes a message on the page.

pub mod state;
pub mod stats;

use crate::components::export_panel::{ExportPanel, ExportSource};
use crate::components::hand_diagram::HandDiagram;
use crate::components::reveal_seed::RevealSeed;
use crate::worker::job::MAX_BOARDS;
use crate::worker::link::WorkerLink;
use crate::worker::protocol::{BatchRequest, FromWorker, ToWorker};
use fairdeal_constrain::shape::CLASSES;
use fairdeal_constrain::Who;
use fairdeal_model::{Seat, Vulnerability};
use gloo_timers::callback::Timeout;
use state::{
    group_digits, one_in, parse_board_count, Analysis, Batch, BatchAction, ConstrainState,
    CountView, EditAction, FieldKind, TOTAL_DEALS,
};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Pause after the last edit before the worker is asked to count, in milliseconds.
pub const COUNT_PAUSE_MS: u32 = 120;

/// Asks the count worker for `text`'s analysis; its answers go to the page's state.
fn request_count(link: &WorkerLink, text: String, dispatch: UseReducerDispatcher<ConstrainState>) {
    let job = link.next_plain_job();
    link.send(ToWorker::Count { job, text }, move |answer| match answer {
        FromWorker::CountProgress {
            text, done, total, ..
        } => dispatch.dispatch(EditAction::CountProgress { text, done, total }),
        FromWorker::Counted { text, analysis, .. } => {
            dispatch.dispatch(EditAction::Counted { text, analysis })
        }
        _ => {}
    });
}

/// Boards shown per page of results.
pub const PAGE_SIZE: usize = 12;

const EXAMPLE: &str = "north: balanced, hcp 15-17\n";

fn who_label(who: Who) -> String {
    match who {
        Who::Seat(s) => s.name().to_string(),
        Who::Pair(p) => match p {
            fairdeal_constrain::spec::Pair::NorthSouth => "North–South".into(),
            fairdeal_constrain::spec::Pair::EastWest => "East–West".into(),
        },
    }
}

fn field_label(kind: FieldKind) -> Html {
    match kind {
        FieldKind::Hcp => html! {"HCP"},
        FieldKind::Shape => html! {"Shape"},
        FieldKind::Suit(s) => {
            let cls = match s {
                fairdeal_model::Suit::Spades => "suit suit-s",
                fairdeal_model::Suit::Hearts => "suit suit-h",
                fairdeal_model::Suit::Diamonds => "suit suit-d",
                fairdeal_model::Suit::Clubs => "suit suit-c",
            };
            html! { <><span class={cls} aria-hidden="true">{ s.symbol() }</span><span class="visually-hidden">{ s.name() }</span></> }
        }
        FieldKind::Has => html! {"Has"},
        FieldKind::Fit => html! {"Fit"},
    }
}

fn field_id(who: Who, kind: FieldKind) -> String {
    format!("cst-{who}-{}", kind.keyword())
}

#[derive(Properties, PartialEq)]
struct FormProps {
    state: Rc<ConstrainState>,
    on_field: Callback<(usize, String)>,
}

/// The form: one fieldset per seat and per partnership.
#[component]
fn ConstrainForm(props: &FormProps) -> Html {
    let form = &props.state.form;
    let disabled = !props.state.form_synced;
    let subject = |who: Who| {
        let fields = form
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.who == who)
            .map(|(i, f)| {
                let id = field_id(who, f.kind);
                let on_field = props.on_field.clone();
                let input = if f.kind == FieldKind::Shape {
                    let onchange = Callback::from(move |e: Event| {
                        let el: web_sys::HtmlSelectElement = e.target_unchecked_into();
                        on_field.emit((i, el.value()));
                    });
                    let custom = (!f.value.is_empty() && !CLASSES.iter().any(|c| c.name == f.value))
                        .then(|| f.value.clone());
                    html! {
                        <select id={id.clone()} {onchange} {disabled}>
                            <option value="" selected={f.value.is_empty()}>{"any"}</option>
                            { for CLASSES.iter().map(|c| html! {
                                <option value={c.name} title={c.definition} selected={f.value == c.name}>{ c.name }</option>
                            }) }
                            if let Some(v) = custom {
                                <option value={v.clone()} selected=true>{ v }</option>
                            }
                        </select>
                    }
                } else {
                    let oninput = Callback::from(move |e: InputEvent| {
                        let el: web_sys::HtmlInputElement = e.target_unchecked_into();
                        on_field.emit((i, el.value()));
                    });
                    html! {
                        <input id={id.clone()} value={f.value.clone()} {oninput} {disabled}
                            autocomplete="off" spellcheck="false" placeholder={f.kind.placeholder()}
                            class={classes!(f.error.is_some().then_some("cst-invalid"))}
                            aria-invalid={f.error.is_some().then_some("true")}
                            aria-describedby={f.error.is_some().then(|| format!("{id}-error"))} />
                    }
                };
                html! {
                    <div class={classes!("cst-field", format!("cst-field-{}", f.kind.keyword()))}>
                        <label for={id.clone()}>{ field_label(f.kind) }</label>
                        { input }
                        if let Some(e) = &f.error {
                            <span class="cst-field-error" id={format!("{id}-error")} role="alert">{ e.clone() }</span>
                        }
                    </div>
                }
            });
        html! {
            <fieldset class={classes!("cst-subject", matches!(who, Who::Pair(_)).then_some("cst-pair"))} data-who={who.to_string()}>
                <legend>{ who_label(who) }</legend>
                { for fields }
            </fieldset>
        }
    };
    html! {
        <div class="cst-form" aria-label="Conditions form">
            if disabled {
                <p class="cst-edited-as-text notice" id="constrain-as-text">{"Edited as text: this set uses things the form cannot show (scales, categories, whole hands or repeated conditions). Edit it in the text form."}</p>
            }
            <div class="cst-seats">
                { for state::SUBJECTS.iter().map(|&w| subject(w)) }
            </div>
        </div>
    }
}

fn count_block(c: &CountView, id: &str) -> Html {
    html! {
        <div class="cst-count" id={id.to_string()} data-deals={c.deals.to_string()} data-exact={c.exact.to_string()}>
            <p class="cst-count-main">
                <strong class="cst-deals">{ group_digits(c.deals) }</strong>
                { format!(" deals of {}", group_digits(TOTAL_DEALS)) }
            </p>
            <p class="cst-prob">
                { format!("Probability {} = {} ≈ {} %", format_args!("{}/{}", group_digits(c.fraction.0), group_digits(c.fraction.1)), one_in(c.fraction), format_percent(c.percent)) }
            </p>
            if let Some(n) = &c.note { <p class="cst-note notice">{ n.clone() }</p> }
        </div>
    }
}

fn format_percent(p: f64) -> String {
    if p == 0.0 {
        "0".into()
    } else if p >= 0.01 {
        format!("{p:.4}")
    } else {
        format!("{p:.4e}")
    }
}

#[derive(Properties, PartialEq)]
struct AnalysisProps {
    state: Rc<ConstrainState>,
}

#[component]
fn AnalysisView(props: &AnalysisProps) -> Html {
    match &props.state.analysis {
        Analysis::Errors(list) if list.is_empty() => html! {},
        Analysis::Errors(list) => {
            let items = list.iter().map(|e| {
                let span = e.span.clone();
                let text = props.state.text.clone();
                let onclick = Callback::from(move |_: MouseEvent| select_in_editor(&text, span.clone()));
                html! {
                    <li>
                        <button type="button" class="cst-err-pos" {onclick} title="Show in the text">
                            { format!("{}:{}", e.line, e.col) }
                        </button>
                        { format!(" {}", e.message) }
                    </li>
                }
            });
            html! { <div role="alert"><ul class="cst-errors error" id="constrain-errors">{ for items }</ul></div> }
        }
        Analysis::Counting { done, total } => html! {
            <p class="cst-counting notice" id="constrain-counting" role="status" aria-live="polite">
                if *total > 1 {
                    { format!("Counting in the background: {done} of {total} categories…") }
                } else {
                    {"Counting in the background…"}
                }
            </p>
        },
        Analysis::Impossible(m) => html! {
            <p class="cst-impossible error" id="constrain-impossible" role="alert">{ m.clone() }</p>
        },
        Analysis::Count(c) => count_block(c, "constrain-count"),
        Analysis::Levelled(list) => html! {
            <div class="cst-levelled" id="constrain-levelled">
                <p>{ format!("Levelled set: {} categories, boards assigned by weight.", list.len()) }</p>
                { for list.iter().enumerate().map(|(i, (name, weight, c))| html! {
                    <div class="cst-category">
                        <h3>{ format!("{name} (weight {weight})") }</h3>
                        { count_block(c, &format!("constrain-count-{i}")) }
                    </div>
                }) }
            </div>
        },
    }
}

/// Selects the byte range `span` of `text` in the editor (as UTF-16 offsets) and focuses it.
fn select_in_editor(text: &str, span: std::ops::Range<usize>) {
    // Textarea selections count UTF-16 units (the Script page's editor does the same).
    let utf16 = |b: usize| crate::pages::script::state::utf16_of_byte(text, b);
    let Some(el) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("constrain-text"))
        .and_then(|e| e.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
    else {
        return;
    };
    let _ = el.focus();
    let end = span.end.max(span.start + 1);
    let _ = el.set_selection_range(utf16(span.start), utf16(end));
}

#[derive(Properties, PartialEq)]
struct ResultsProps {
    boards: Rc<Vec<state::DealtBoard>>,
    /// The seed the boards were dealt from (shown on request).
    seed: Option<[u8; 32]>,
}

/// Dealt boards, a page at a time, and their export.
#[component]
fn Results(props: &ResultsProps) -> Html {
    let page = use_state(|| 0usize);
    {
        let page = page.clone();
        use_effect_with(props.boards.clone(), move |_| page.set(0));
    }
    let pages = props.boards.len().div_ceil(PAGE_SIZE).max(1);
    let current = (*page).min(pages - 1);
    let shown = props
        .boards
        .iter()
        .skip(current * PAGE_SIZE)
        .take(PAGE_SIZE);
    let go = |to: usize| {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(to))
    };
    let pager = (pages > 1).then(|| {
        html! {
            <nav class="cst-pager" aria-label="Board pages">
                <button type="button" id="constrain-prev" disabled={current == 0} onclick={go(current.saturating_sub(1))}>{"‹ Previous"}</button>
                <span id="constrain-page">{ format!("Boards {}–{} of {}", current * PAGE_SIZE + 1, ((current + 1) * PAGE_SIZE).min(props.boards.len()), props.boards.len()) }</span>
                <button type="button" id="constrain-next" disabled={current + 1 >= pages} onclick={go(current + 1)}>{"Next ›"}</button>
            </nav>
        }
    });
    html! {
        <section class="panel cst-results" aria-labelledby="cst-results-heading">
            <h2 id="cst-results-heading">{ format!("{} boards", props.boards.len()) }
            </h2>
            <Export boards={props.boards.clone()} />
            <crate::pages::boards::send::SendToBoardSets name="Constrained deals"
                deals={Rc::new(props.boards.iter().map(|b| (b.number, b.deal)).collect::<Vec<_>>())} />
            if let Some(seed) = props.seed {
                <RevealSeed {seed} id="constrain"
                    command={format!("fairdeal constrain conditions.txt -n {} --seed {{seed}}", props.boards.len())} />
            }
            { for pager.clone() }
            <div class="cst-boards" id="constrain-results">
                { for shown.map(|b| html! {
                    <div class="cst-board" data-board={b.number.to_string()} data-pbn={b.deal.to_string()} data-category={b.category.clone().unwrap_or_default()}>
                        if let Some(c) = &b.category {
                            <p class="cst-board-category">{ format!("Board {} · {c}", b.number) }</p>
                        }
                        <HandDiagram deal={b.deal} board={Some(b.number)}
                            dealer={Some(Seat::dealer_of_board(b.number))}
                            vulnerability={Some(Vulnerability::of_board(b.number))} />
                    </div>
                }) }
            </div>
            { for pager }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ExportProps {
    boards: Rc<Vec<state::DealtBoard>>,
}

/// The shared Export panel over the dealt boards.
#[component]
fn Export(props: &ExportProps) -> Html {
    let deals: Vec<(u32, fairdeal_model::Deal)> =
        props.boards.iter().map(|b| (b.number, b.deal)).collect();
    html! {
        <details class="cst-export">
            <summary>{"Export"}</summary>
            <ExportPanel source={ExportSource::Deals(Rc::new(deals))} prefix="constrained"
                input_name="cst-format" make_id="constrain-make-files"
                files_id="constrain-files" zip_id="constrain-zip" />
        </details>
    }
}

/// The Constrained dealing page.
#[component]
pub fn ConstrainPage() -> Html {
    let st = use_reducer(|| ConstrainState::new(EXAMPLE));
    let batch = use_reducer(|| Batch::Idle);
    let boards_text = use_state(|| "8".to_string());
    // The seed of the last batch (never rendered unless the user reveals it).
    let last_seed = use_state(|| None::<[u8; 32]>);
    let link = (*use_state(WorkerLink::default)).clone();
    let count_link = (*use_state(WorkerLink::default)).clone();
    let count_pause = use_mut_ref(|| None::<Timeout>);
    {
        // The live count runs in its own worker, a short pause after the last keystroke; a
        // newer text replaces the older count there, and late answers are ignored here.
        let (dispatch, count_link, count_pause) =
            (st.dispatcher(), count_link.clone(), count_pause.clone());
        use_effect_with((st.text.clone(), st.counting()), move |(text, counting)| {
            *count_pause.borrow_mut() = counting.then(|| {
                let text = text.clone();
                Timeout::new(COUNT_PAUSE_MS, move || {
                    request_count(&count_link, text, dispatch)
                })
            });
            || ()
        });
    }

    let on_field = {
        let st = st.dispatcher();
        Callback::from(move |(i, v): (usize, String)| st.dispatch(EditAction::Field(i, v)))
    };
    let on_text = {
        let st = st.dispatcher();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            st.dispatch(EditAction::Text(el.value()));
        })
    };
    let on_boards = {
        let b = boards_text.clone();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            b.set(el.value());
        })
    };
    let on_deal = {
        let (st, batch, boards_text, link, last_seed) = (
            st.clone(),
            batch.dispatcher(),
            boards_text.clone(),
            link.clone(),
            last_seed.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let n = match parse_board_count(&boards_text, MAX_BOARDS) {
                Ok(n) => n,
                Err(m) => return batch.dispatch(BatchAction::Fail(m)),
            };
            if !st.can_deal() {
                return batch.dispatch(BatchAction::Fail(
                    "Fix the conditions first: the set has errors or admits no deal.".into(),
                ));
            }
            let (job, seed) = match link.next_job() {
                Ok(x) => x,
                Err(m) => return batch.dispatch(BatchAction::Fail(m)),
            };
            last_seed.set(Some(seed));
            // Every batch is dealt in the worker: building the tables of a rare set can take
            // seconds, which must never happen in a click handler.
            let categories = Rc::new(st.categories.clone());
            batch.dispatch(BatchAction::Start {
                job,
                total: n,
                categories,
            });
            let d = batch.clone();
            link.send(
                ToWorker::Start(BatchRequest {
                    job,
                    spec: st.text.clone(),
                    boards: n,
                    seed,
                }),
                move |o| d.dispatch(BatchAction::Worker(o)),
            );
        })
    };
    let on_cancel = {
        let (batch, link) = (batch.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(job) = batch.running_job() {
                link.cancel(job);
            }
            batch.dispatch(BatchAction::Cancel);
        })
    };

    let text_invalid = matches!(&st.analysis, Analysis::Errors(l) if !l.is_empty());
    let running = matches!(*batch, Batch::Running { .. });
    let batch_view = match &*batch {
        Batch::Idle => html! {},
        Batch::Running { done, total, .. } => html! {
            <div class="cst-progress" id="constrain-running" role="status">
                <label for="constrain-progress">{ format!("Dealing in the background: {done} of {total} boards") }</label>
                <progress id="constrain-progress" max={total.to_string()} value={done.to_string()}></progress>
                <button type="button" id="constrain-cancel" onclick={on_cancel}>{"Cancel"}</button>
            </div>
        },
        Batch::Done { boards } => {
            html! { <Results boards={boards.clone()} seed={*last_seed} /> }
        }
        Batch::Cancelled { done, total } => html! {
            <p class="notice" id="constrain-cancelled" role="status">{ format!("Cancelled after {done} of {total} boards; nothing was kept.") }</p>
        },
        Batch::Failed(m) => {
            html! { <p class="error" id="constrain-deal-error" role="alert">{ m.clone() }</p> }
        }
    };

    html! {
        <div class="constrain-page">
            <h1>{"Constrained dealing"}</h1>
            <p class="lead">{"Truly random deals that meet HCP, shape and predeal conditions — the same distribution as dealing until one fits, with the exact number of such deals, however rare."}</p>
            <div class="cst-editor">
                <ConstrainForm state={(*st).clone().into_rc()} on_field={on_field} />
                <div class="cst-textpane">
                    <label for="constrain-text" class="cst-textlabel">{"Text form"}</label>
                    <textarea id="constrain-text" class={classes!(text_invalid.then_some("cst-invalid"))}
                        rows="10" spellcheck="false" autocomplete="off" value={st.text.clone()} oninput={on_text}
                        aria-invalid={text_invalid.then_some("true")} aria-describedby="constrain-help" />
                    <p class="cst-help" id="constrain-help">{"One line per seat (north, east, south, west) or pair (ns, ew): "}
                        <code>{"north: balanced, hcp 15-17"}</code>{", "}<code>{"south: spades AKxx, hearts 4+"}</code>{", "}
                        <code>{"ns: hcp 25+, fit 8+ majors"}</code>{", "}<code>{"category strong weight 2"}</code>{"."}</p>
                    <AnalysisView state={(*st).clone().into_rc()} />
                    <p class="cst-help"><a id="constrain-simulate" href={crate::pages::simulate::lead_href(None, Some(&st.text))}>{"Simulate the opening lead under these conditions"}</a></p>
                </div>
            </div>
            <form class="panel cst-deal" onsubmit={on_deal}>
                <label for="constrain-boards">{"Boards"}</label>
                <input id="constrain-boards" class="num" inputmode="numeric" value={(*boards_text).clone()} oninput={on_boards}
                    aria-invalid={parse_board_count(&boards_text, MAX_BOARDS).is_err().then_some("true")} />
                <button type="submit" class="primary" id="constrain-deal" disabled={running || !st.can_deal() || parse_board_count(&boards_text, MAX_BOARDS).is_err()}>{"Deal"}</button>
                if let Err(m) = parse_board_count(&boards_text, MAX_BOARDS) {
                    <p class="error field-error" id="constrain-boards-error" role="alert">{ m }</p>
                }
                <small class="cst-deal-hint">{ format!("Up to {MAX_BOARDS} boards, dealt in a background worker.") }</small>
            </form>
            { batch_view }
            <stats::StatsPanel spec={AttrValue::from(st.text.clone())} can_run={st.can_deal()} />
        </div>
    }
}

trait IntoRc: Sized {
    fn into_rc(self) -> Rc<Self> {
        Rc::new(self)
    }
}
impl IntoRc for ConstrainState {}
