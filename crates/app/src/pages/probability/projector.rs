//! Projector mode: one chart per screen at projector size (labels ≥ 28 px), high contrast,
//! full screen through the Fullscreen API — or, if the browser refuses, a fixed overlay
//! covering the window (class `pp-fallback`). Left/Right (and PageUp/PageDown, space) step
//! through the lesson, Esc leaves (and leaving full screen leaves the mode).
//! [`ProjectorFrame`] is that overlay for any slides (the Score page projects its charts
//! with it); [`Projector`] fills it with a lesson's exact charts.
//!
//! Panic policy: no panics; every browser call that can fail is ignored or falls back.

use std::rc::Rc;

use fairdeal_prob::{Chart, Fraction, Row};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::lessons::trimmed_in_projector;
use super::question::Question;
use crate::components::chart::ChartView;

/// Rows kept when a long chart is trimmed for the projector (the rest become one row).
pub const PROJECTOR_ROWS: usize = 12;

/// The chart with only its first `keep` rows and one `"other N"` row for the rest.
pub fn trim_rows(chart: &Chart, keep: usize) -> Chart {
    if chart.rows.len() <= keep + 1 {
        return chart.clone();
    }
    let mut out = chart.clone();
    let rest: Vec<Row> = out.rows.split_off(keep);
    let count: u128 = rest.iter().map(|r| r.count).sum();
    let probability = Fraction::new(count, chart.total).unwrap_or(Fraction::ZERO);
    out.rows.push(Row {
        label: format!("other {}", rest.len()),
        count,
        probability,
        percent: probability.percent(chart.decimals),
    });
    out
}

/// Properties of [`Projector`].
#[derive(Properties, PartialEq, Clone)]
pub struct ProjectorProps {
    /// The lesson's questions (one chart each).
    pub steps: Rc<Vec<Question>>,
    /// The step shown first.
    pub start: usize,
    /// Called when the mode is left.
    pub on_close: Callback<()>,
}

fn document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

/// Properties of [`ProjectorFrame`].
#[derive(Properties, PartialEq, Clone)]
pub struct ProjectorFrameProps {
    /// How many slides.
    pub count: usize,
    /// The slide shown first.
    pub start: usize,
    /// Draws slide `i` (one chart per screen).
    pub render: Callback<usize, Html>,
    /// Called when the mode is left.
    pub on_close: Callback<()>,
}

/// The projector overlay for any sequence of slides: full screen (or the fallback overlay),
/// high-contrast colours, arrow keys / PageUp / PageDown / space to step, Esc to leave.
/// Shared by the Probability page's lessons and the Score page's charts.
#[component]
pub fn ProjectorFrame(props: &ProjectorFrameProps) -> Html {
    let len = props.count.max(1);
    let index = use_state(|| props.start.min(len - 1));
    let fallback = use_state(|| false);
    let root = use_node_ref();

    // Full screen on open; fall back to the overlay class if refused.
    {
        let root = root.clone();
        let fallback = fallback.clone();
        use_effect_with((), move |_| {
            let mut entered = false;
            if let Some(el) = root.cast::<web_sys::Element>() {
                entered = el.request_fullscreen().is_ok();
            }
            let check = gloo_timers::callback::Timeout::new(400, move || {
                let full = document().and_then(|d| d.fullscreen_element()).is_some();
                if !entered || !full {
                    fallback.set(true);
                }
            });
            move || {
                drop(check);
                if let Some(d) = document() {
                    if d.fullscreen_element().is_some() {
                        d.exit_fullscreen();
                    }
                }
            }
        });
    }

    // Keys: arrows step, Esc leaves; leaving full screen (browser's own Esc) leaves too.
    {
        let index = index.clone();
        let on_close = props.on_close.clone();
        let steps = len;
        use_effect_with(*index, move |current| {
            let current = *current;
            let on_close_k = on_close.clone();
            let keydown =
                Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                    match e.key().as_str() {
                        "ArrowRight" | "PageDown" | " " => {
                            e.prevent_default();
                            index.set((current + 1).min(steps - 1));
                        }
                        "ArrowLeft" | "PageUp" => {
                            e.prevent_default();
                            index.set(current.saturating_sub(1));
                        }
                        "Escape" => {
                            e.prevent_default();
                            on_close_k.emit(());
                        }
                        _ => {}
                    }
                });
            let was_full = Rc::new(std::cell::Cell::new(
                document().and_then(|d| d.fullscreen_element()).is_some(),
            ));
            let fschange = Closure::<dyn Fn()>::new(move || {
                let full = document().and_then(|d| d.fullscreen_element()).is_some();
                if full {
                    was_full.set(true);
                } else if was_full.get() {
                    on_close.emit(());
                }
            });
            if let Some(d) = document() {
                let _ =
                    d.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref());
                let _ = d.add_event_listener_with_callback(
                    "fullscreenchange",
                    fschange.as_ref().unchecked_ref(),
                );
            }
            move || {
                if let Some(d) = document() {
                    let _ = d.remove_event_listener_with_callback(
                        "keydown",
                        keydown.as_ref().unchecked_ref(),
                    );
                    let _ = d.remove_event_listener_with_callback(
                        "fullscreenchange",
                        fschange.as_ref().unchecked_ref(),
                    );
                }
                drop(keydown);
                drop(fschange);
            }
        });
    }

    let i = (*index).min(len - 1);
    let body = props.render.emit(i);
    let prev = {
        let index = index.clone();
        Callback::from(move |_: MouseEvent| index.set(i.saturating_sub(1)))
    };
    let next = {
        let index = index.clone();
        Callback::from(move |_: MouseEvent| index.set((i + 1).min(len - 1)))
    };
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    html! {
        <div class={classes!("pp-projector", fallback.then_some("pp-fallback"))} ref={root}
            id="projector" role="dialog" aria-modal="true" aria-label="Projector" tabindex="-1">
            <div class="pp-stage">{ body }</div>
            <div class="pp-bar">
                <button type="button" class="pp-prev" onclick={prev} disabled={i == 0} aria-label="Previous chart">{"←"}</button>
                <span class="pp-step" id="pp-step">{ format!("{} / {}", i + 1, len) }</span>
                <button type="button" class="pp-next" onclick={next} disabled={i + 1 >= len} aria-label="Next chart">{"→"}</button>
                <span class="pp-help">{"← → step · Esc leaves"}</span>
                <button type="button" class="pp-close" onclick={close}>{"Leave (Esc)"}</button>
            </div>
        </div>
    }
}

/// The projector overlay of a lesson: one exact chart per question, at projector size.
#[component]
pub fn Projector(props: &ProjectorProps) -> Html {
    let steps = props.steps.clone();
    let render = Callback::from(move |i: usize| {
        let step = steps.get(i).cloned().unwrap_or_default();
        match step.answer() {
            Ok(a) => {
                let chart = if trimmed_in_projector(step.kind) {
                    trim_rows(&a.chart, PROJECTOR_ROWS)
                } else {
                    a.chart
                };
                html! { <ChartView chart={Rc::new(chart)} orientation={super::question::orientation(a.layout)} large=true id={AttrValue::from("pp-chart")} /> }
            }
            Err(e) => html! { <p class="error">{ e.message }</p> },
        }
    });
    html! {
        <ProjectorFrame count={props.steps.len()} start={props.start} {render} on_close={props.on_close.clone()} />
    }
}
