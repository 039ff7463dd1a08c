//! The Probability page: exact charts for teachers and players.
//!
//! * [`question`] — the question builder's model, re-exported from `fairdeal_prob::question`
//!   (what is known, what is asked, its query string and its exact answer), and the layout →
//!   orientation mapping.
//! * [`lessons`] — ready-made lessons (the table lives in `fairdeal_prob::question`).
//! * [`projector`] — full-screen projector mode stepping through a lesson.
//! * [`export`] — SVG and PNG downloads of a chart.
//! * [`simulate`] — sampling what exact maths does not reach, with a 95 % interval.
//!
//! The URL is the page's state: `/probability?q=splits&n=4&w=13&e=13` is a question and
//! `/probability?lesson=hcp&step=2` a lesson step, so every answer is shareable; the
//! builder's inputs write the query string (history `replace` while typing) and the page
//! renders whatever it says.
//!
//! Panic policy: no panics on user input — a bad field shows its message next to it.

pub mod export;
pub mod lessons;
pub mod projector;
pub mod question;
pub mod simulate;

use std::rc::Rc;

use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::Route;
use crate::browser;
use crate::components::chart::{ChartView, Orientation};
use lessons::{Lesson, LESSONS};
use projector::Projector;
use question::{Answer, Field, FieldError, Kind, Question, KINDS, STATS};

/// What the URL shows: a question, and the lesson step it belongs to (if any).
#[derive(Debug, Clone, PartialEq)]
pub struct PageState {
    /// The question answered.
    pub question: Question,
    /// `(lesson, step)` when a lesson step is shown.
    pub lesson: Option<(&'static Lesson, usize)>,
}

impl PageState {
    /// The state a query string describes (unknown or absent: the default question).
    pub fn from_query(query: &str) -> PageState {
        if let Some((lesson, step, question)) = lessons::lesson_step(query) {
            return PageState {
                question,
                lesson: Some((lesson, step)),
            };
        }
        PageState {
            question: Question::from_query(query).unwrap_or_default(),
            lesson: None,
        }
    }
}

/// Milliseconds since the page started (`performance.now()`), 0 without a clock.
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or(0.0)
}

/// Answers a question and times it.
pub fn timed_answer(q: &Question) -> (Result<Answer, FieldError>, f64) {
    let t0 = now_ms();
    let a = q.answer();
    (a, now_ms() - t0)
}

/// Rows above which the page draws bars whatever the answer prefers (columns that many
/// would shrink their labels below reading size on a phone; the projector keeps columns).
pub const MAX_PAGE_COLUMNS: usize = 14;

/// How the page draws an answer.
pub fn page_orientation(a: &Answer) -> Orientation {
    if a.chart.rows.len() > MAX_PAGE_COLUMNS {
        Orientation::Bars
    } else {
        question::orientation(a.layout)
    }
}

fn lesson_query(lesson: &Lesson, step: usize) -> Vec<(String, String)> {
    vec![
        ("lesson".to_string(), lesson.key.to_string()),
        ("step".to_string(), step.to_string()),
    ]
}

fn input_value(e: &Event) -> String {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| {
            t.dyn_ref::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .or_else(|| t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value()))
        })
        .unwrap_or_default()
}

/// The Probability page.
#[component]
pub fn ProbabilityPage() -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let state = PageState::from_query(&query);
    let status = use_state(String::new);
    let projecting = use_state(|| false);

    let answered = {
        let q = state.question.clone();
        use_memo(q, timed_answer)
    };
    let (result, ms) = (&answered.0, answered.1);

    let go = {
        let navigator = navigator.clone();
        Callback::from(move |(pairs, push): (Vec<(String, String)>, bool)| {
            if let Some(nav) = &navigator {
                let _ = if push {
                    nav.push_with_query(&Route::Probability, &pairs)
                } else {
                    nav.replace_with_query(&Route::Probability, &pairs)
                };
            }
        })
    };

    let on_kind = {
        let go = go.clone();
        let q = state.question.clone();
        Callback::from(move |e: Event| {
            let value = input_value(&e);
            if let Some(kind) = Kind::from_key(&value) {
                let next = Question { kind, ..q.clone() };
                go.emit((next.to_pairs(), true));
            }
        })
    };

    let field_input = |field: Field| {
        let go = go.clone();
        let q = state.question.clone();
        Callback::from(move |e: Event| {
            let mut next = q.clone();
            next.set(field, input_value(&e));
            go.emit((next.to_pairs(), false));
        })
    };
    let field_typing = |field: Field| {
        let cb = field_input(field);
        Callback::from(move |e: InputEvent| cb.emit(e.into()))
    };

    let err = result.as_ref().err();
    let field_error = |f: Field| -> Html {
        match err {
            Some(FieldError {
                field: Some(g),
                message,
            }) if *g == f => html! {
                <p class="error pq-field-error" id={format!("pq-{}-error", f.key())} role="alert">{ message.clone() }</p>
            },
            _ => html! {},
        }
    };

    let fields_html = state.question.kind.info().fields.iter().map(|&f| {
        let id = format!("pq-{}", f.key());
        let value = state.question.get(f).to_string();
        let invalid = matches!(err, Some(FieldError { field: Some(g), .. }) if *g == f);
        let control = match f {
            Field::Stat => html! {
                <select id={id.clone()} onchange={field_input(f)}>
                    { for STATS.iter().map(|(k, label)| html! {
                        <option value={*k} selected={*k == value}>{ *label }</option>
                    }) }
                </select>
            },
            Field::Player => html! {
                <select id={id.clone()} onchange={field_input(f)}>
                    <option value="W" selected={value.eq_ignore_ascii_case("W")}>{"West"}</option>
                    <option value="E" selected={value.eq_ignore_ascii_case("E")}>{"East"}</option>
                </select>
            },
            Field::Missing | Field::WestVacant | Field::EastVacant | Field::OwnHcp => html! {
                <input id={id.clone()} class="num" type="text" inputmode="numeric" value={value}
                    aria-invalid={invalid.to_string()} oninput={field_typing(f)} />
            },
            Field::Cards | Field::Honours | Field::Played | Field::Hand => html! {
                <input id={id.clone()} type="text" autocomplete="off" spellcheck="false" value={value}
                    aria-invalid={invalid.to_string()} oninput={field_typing(f)} />
            },
        };
        html! {
            <div class="pq-field">
                <label for={id}>{ f.label() }</label>
                { control }
                if !f.hint().is_empty() { <small class="pq-hint">{ f.hint() }</small> }
                { field_error(f) }
            </div>
        }
    });

    let chart_html = match result {
        Ok(a) => html! {
            <ChartView chart={Rc::new(a.chart.clone())} orientation={page_orientation(a)} id={AttrValue::from("prob-chart")} />
        },
        Err(FieldError {
            field: None,
            message,
        }) => html! {
            <p class="error" id="pq-error" role="alert">{ message.clone() }</p>
        },
        Err(_) => html! {
            <p class="pq-fix" id="pq-fix">{"Fix the field marked in the question to see the chart."}</p>
        },
    };

    let on_copy = {
        let status = status.clone();
        Callback::from(move |_: MouseEvent| {
            let href = web_sys::window()
                .and_then(|w| w.location().href().ok())
                .unwrap_or_default();
            browser::copy_text(&href);
            status.set("Link copied.".to_string());
        })
    };
    let on_svg = {
        let status = status.clone();
        let answer = result.as_ref().ok().cloned();
        Callback::from(move |_: MouseEvent| {
            if let Some(a) = &answer {
                let ok = export::export_svg(&a.chart, page_orientation(a));
                status.set(
                    if ok {
                        "SVG saved."
                    } else {
                        "The browser refused the download."
                    }
                    .to_string(),
                );
            }
        })
    };
    let on_png = {
        let status = status.clone();
        let answer = result.as_ref().ok().cloned();
        Callback::from(move |_: MouseEvent| {
            if let Some(a) = &answer {
                let status2 = status.clone();
                export::export_png(&a.chart, page_orientation(a), move |e| {
                    status2.set(format!("PNG: {e}"))
                });
                status.set("PNG saved.".to_string());
            }
        })
    };
    let on_project = {
        let projecting = projecting.clone();
        Callback::from(move |_: MouseEvent| projecting.set(true))
    };
    let on_close = {
        let projecting = projecting.clone();
        Callback::from(move |()| projecting.set(false))
    };

    let lesson_nav = match state.lesson {
        Some((lesson, step)) => {
            let n = lesson.steps.len();
            let to = |s: usize| {
                let go = go.clone();
                Callback::from(move |_: MouseEvent| go.emit((lesson_query(lesson, s), true)))
            };
            html! {
                <div class="pq-lesson-nav" id="lesson-nav">
                    <strong>{ lesson.title }</strong>
                    <span id="lesson-step">{ format!("step {} of {}", step + 1, n) }</span>
                    <button type="button" id="lesson-prev" disabled={step == 0} onclick={to(step.saturating_sub(1))}>{"← Previous"}</button>
                    <button type="button" id="lesson-next" disabled={step + 1 >= n} onclick={to((step + 1).min(n - 1))}>{"Next →"}</button>
                </div>
            }
        }
        None => html! {},
    };

    let projector_key = state.lesson.map(|(l, _)| l.key).unwrap_or("question");
    let (steps, start) = match state.lesson {
        Some((lesson, step)) => (lesson.questions(), step),
        None => (vec![state.question.clone()], 0),
    };

    let lessons_html = LESSONS.iter().map(|lesson| {
        let open = {
            let go = go.clone();
            Callback::from(move |_: MouseEvent| go.emit((lesson_query(lesson, 0), true)))
        };
        let project = {
            let go = go.clone();
            let projecting = projecting.clone();
            Callback::from(move |_: MouseEvent| {
                go.emit((lesson_query(lesson, 0), true));
                projecting.set(true);
            })
        };
        html! {
            <li class="pq-lesson-card">
                <h3>{ lesson.title }</h3>
                <p>{ with_page_links(lesson.blurb) }</p>
                <div class="pq-lesson-actions">
                    <button type="button" class="pq-open-lesson" data-lesson={lesson.key} onclick={open}>
                        { format!("Open ({} charts)", lesson.steps.len()) }
                    </button>
                    <button type="button" class="pq-project-lesson" data-lesson={lesson.key} onclick={project}>{"Project"}</button>
                </div>
            </li>
        }
    });

    html! {
        <div class="probability-page">
            <h1>{"Probability"}</h1>
            <p class="lead">{"Exact answers as charts: suit splits, honour location, finesse or drop, restricted choice, vacant places, hand patterns, HCP and fits. Hover a bar for its exact fraction; every answer has its own link."}</p>
            <div class="pq-layout">
                <section class="panel pq-builder" aria-labelledby="pq-builder-h">
                    <h2 id="pq-builder-h">{"Ask a question"}</h2>
                    <div class="pq-field">
                        <label for="pq-kind">{"What do you want to know?"}</label>
                        <select id="pq-kind" onchange={on_kind}>
                            { for KINDS.iter().map(|k| html! {
                                <option value={k.key} selected={k.kind == state.question.kind}>{ k.label }</option>
                            }) }
                        </select>
                    </div>
                    { for fields_html }
                </section>
                <section class="pq-answer" aria-live="polite" aria-label="Answer">
                    { lesson_nav }
                    { chart_html }
                    <div class="toolbar pq-tools">
                        <button type="button" id="copy-link" onclick={on_copy}>{"Copy link"}</button>
                        <button type="button" id="export-svg" onclick={on_svg} disabled={result.is_err()}>{"Export SVG"}</button>
                        <button type="button" id="export-png" onclick={on_png} disabled={result.is_err()}>{"Export PNG"}</button>
                        <button type="button" id="projector-button" class="primary" onclick={on_project}>{"Projector"}</button>
                        <span class="pq-status" id="pq-status" role="status">{ (*status).clone() }</span>
                    </div>
                    <p class="pq-timing"><small id="prob-ms" data-ms={format!("{ms:.3}")}>{ format!("Computed exactly in {ms:.2} ms.") }</small></p>
                </section>
            </div>
            <section class="pq-lessons" aria-labelledby="pq-lessons-h">
                <h2 id="pq-lessons-h">{"Ready-made lessons"}</h2>
                <ul class="pq-lesson-list">{ for lessons_html }</ul>
            </section>
            <simulate::SimulationPanel />
            if *projecting {
                <Projector key={projector_key} steps={Rc::new(steps)} {start} {on_close} />
            }
        </div>
    }
}

/// A lesson's text with its in-app paths (`/suit?n=AQ&s=xx`, up to a space or `)`) as links.
fn with_page_links(text: &str) -> Html {
    let mut parts = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("/suit?") {
        let len = rest[start..]
            .find(|c: char| c == ')' || c.is_whitespace())
            .unwrap_or(rest.len() - start);
        let (before, after) = rest.split_at(start);
        let (path, tail) = after.split_at(len);
        parts.push(html! { { before } });
        parts.push(html! { <a href={path.to_string()}>{ path }</a> });
        rest = tail;
    }
    parts.push(html! { { rest } });
    parts.into_iter().collect::<Html>()
}
