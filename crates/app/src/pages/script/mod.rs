//! The Script page: dealer scripts (the language of Hans van Staveren's `dealer`, as BBO
//! runs it) edited, checked and run in the browser.
//!
//! * The editor is a transparent `<textarea>` over a `<pre>` holding the same text
//!   highlighted by `fairdeal_script::highlight` ([`highlight`]); the two share font,
//!   padding and line height, and the `<pre>` follows the textarea's scroll. Every edit is
//!   checked off the page thread (a `ScriptCheck` to the worker, 200 ms after the last
//!   keystroke): each problem is underlined in the `<pre>` and listed with its `line:column`
//!   (pressing the position selects the range), and the [`dialects`] panel says which dealer
//!   programs accept the script, with a pilot acceptance rate.
//! * The text is written to `localStorage` in the keystroke's own handler, so a reload or a
//!   closed tab loses nothing; an example replacing typed text keeps it for "Restore".
//! * Beside it, the [`reference::ReferencePanel`] (searchable, generated from `REFERENCE`)
//!   and the example picker (from `EXAMPLES`).
//! * Run sends the script to the dealing worker ([`crate::worker::script_job`]) with a seed
//!   from the browser's CSPRNG (never shown); a progress bar shows the generated and produced
//!   counts, Cancel stops the run; the report is shown by [`results::Results`].
//!
//! Panic policy: no input reaches a panic; every failure becomes a message on the page.

pub mod dialects;
pub mod highlight;
pub mod reference;
pub mod results;
pub mod state;

use crate::browser;
use crate::components::reveal_seed::RevealSeed;
use crate::worker::link::WorkerLink;
use crate::worker::protocol::{FromWorker, ToWorker};
use fairdeal_script::EXAMPLES;
use state::{
    format_number, insert_word, progress_fraction, utf16_of_byte, CheckReport, Editor,
    EditorAction, Run, RunAction, PREVIOUS_KEY, STARTER, STORAGE_KEY,
};
use std::rc::Rc;
use yew::prelude::*;

/// The text shown on a first visit: the first example, or a starter script.
pub fn first_visit_text() -> &'static str {
    EXAMPLES.first().map_or(STARTER, |e| e.source)
}

fn textarea(node: &NodeRef) -> Option<web_sys::HtmlTextAreaElement> {
    node.cast::<web_sys::HtmlTextAreaElement>()
}

/// Copies the textarea's scroll position to the highlighted copy.
fn sync_scroll(area: &NodeRef, pre: &NodeRef) {
    if let (Some(a), Some(p)) = (textarea(area), pre.cast::<web_sys::HtmlElement>()) {
        p.set_scroll_top(a.scroll_top());
        p.set_scroll_left(a.scroll_left());
    }
}

/// Selects the byte range `span` of `text` in the editor and focuses it.
fn select_range(area: &NodeRef, text: &str, span: std::ops::Range<usize>) {
    let Some(el) = textarea(area) else { return };
    let _ = el.focus();
    let end = span.end.max(span.start + 1);
    let _ = el.set_selection_range(utf16_of_byte(text, span.start), utf16_of_byte(text, end));
}

#[derive(Properties, PartialEq)]
struct DiagnosticsProps {
    editor: Rc<Editor>,
    on_select: Callback<std::ops::Range<usize>>,
}

/// The problems, each with a `line:column` button that selects it in the editor.
#[component]
fn Diagnostics(props: &DiagnosticsProps) -> Html {
    let list = &props.editor.diagnostics;
    if !props.editor.checked && !props.editor.text.trim().is_empty() {
        return html! { <p class="ds-ok" id="script-checking" role="status">{ "Checking…" }</p> };
    }
    if list.is_empty() {
        let ok = if props.editor.text.trim().is_empty() {
            "Type a script, or pick an example."
        } else {
            "No problems found."
        };
        return html! { <p class="ds-ok" id="script-ok" role="status">{ ok }</p> };
    }
    html! {
        // The alert is a wrapper: a list keeps its list role, so its items are read as a list.
        <div role="alert">
        <ul class="ds-errors" id="script-errors">
            { for list.iter().map(|d| {
                let span = d.span.clone();
                let on_select = props.on_select.clone();
                html! {
                    <li data-line={d.line.to_string()} data-column={d.column.to_string()}>
                        <button type="button" class="ds-err-pos" title="Show in the script"
                            onclick={Callback::from(move |_: MouseEvent| on_select.emit(span.clone()))}>
                            { format!("{}:{}", d.line, d.column) }
                        </button>
                        { format!(" {}", d.message) }
                    </li>
                }
            }) }
        </ul>
        </div>
    }
}

/// The Script page.
#[component]
pub fn ScriptPage() -> Html {
    let editor = use_reducer(|| {
        Editor::new(
            browser::storage_get(STORAGE_KEY).unwrap_or_else(|| first_visit_text().to_string()),
            browser::storage_get(PREVIOUS_KEY).filter(|p| !p.is_empty()),
        )
    });
    let run = use_reducer(Run::default);
    let link = (*use_state(WorkerLink::default)).clone();
    let area = use_node_ref();
    let pre = use_node_ref();

    // Keep localStorage in step after examples and restores (typing writes synchronously).
    {
        let (text, previous) = (editor.text.clone(), editor.previous.clone());
        use_effect_with((text, previous), |(text, previous)| {
            browser::storage_set(STORAGE_KEY, text);
            browser::storage_set(PREVIOUS_KEY, previous.as_deref().unwrap_or(""));
        });
    }
    // One handler for every answer of this page's worker: checks go to the editor, the rest
    // to the run.
    let route = {
        let (editor, run) = (editor.dispatcher(), run.dispatcher());
        Callback::from(move |o: FromWorker| match o {
            FromWorker::ScriptChecked {
                source,
                diagnostics,
                lint,
                rate,
                ..
            } => editor.dispatch(EditorAction::Checked {
                text: source,
                report: lint.map(|l| CheckReport {
                    lint: Some(l),
                    rate,
                }),
                diagnostics,
            }),
            other => run.dispatch(RunAction::Worker(other)),
        })
    };
    // Check each new text in the worker, 200 ms after the last change (a newer text cancels
    // the pending check; an answer for an older text is ignored by the editor).
    {
        let (link, route) = (link.clone(), route.clone());
        use_effect_with(editor.text.clone(), move |text| {
            let text = text.clone();
            let timeout = gloo_timers::callback::Timeout::new(200, move || {
                if let Ok((job, seed)) = link.next_job() {
                    let route = route.clone();
                    link.send(
                        ToWorker::ScriptCheck {
                            job,
                            source: text,
                            seed,
                        },
                        move |o| route.emit(o),
                    );
                }
            });
            move || drop(timeout)
        });
    }
    // The highlighted copy follows the textarea after every render too.
    {
        let (area, pre) = (area.clone(), pre.clone());
        use_effect(move || sync_scroll(&area, &pre));
    }

    let on_input = {
        let editor = editor.dispatcher();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            let value = el.value();
            browser::storage_set(STORAGE_KEY, &value);
            editor.dispatch(EditorAction::Text(value));
        })
    };
    let on_scroll = {
        let (area, pre) = (area.clone(), pre.clone());
        Callback::from(move |_: Event| sync_scroll(&area, &pre))
    };
    let on_example = {
        let editor = editor.dispatcher();
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(ex) = el
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| EXAMPLES.get(i))
            {
                editor.dispatch(EditorAction::Example(ex.source.to_string()));
            }
            el.set_value("");
        })
    };
    let on_restore = {
        let editor = editor.dispatcher();
        Callback::from(move |_: MouseEvent| editor.dispatch(EditorAction::Restore))
    };
    let on_insert = {
        let (editor, area) = (editor.clone(), area.clone());
        Callback::from(move |word: &'static str| {
            let Some(el) = textarea(&area) else { return };
            let value = el.value();
            let start = el
                .selection_start()
                .ok()
                .flatten()
                .unwrap_or(value.len() as u32);
            let end = el.selection_end().ok().flatten().unwrap_or(start);
            let (text, cursor) = insert_word(&value, start, end, word);
            el.set_value(&text);
            let _ = el.focus();
            let _ = el.set_selection_range(cursor, cursor);
            browser::storage_set(STORAGE_KEY, &text);
            editor.dispatch(EditorAction::Text(text));
        })
    };
    let on_select = {
        let (editor, area) = (editor.clone(), area.clone());
        Callback::from(move |span: std::ops::Range<usize>| select_range(&area, &editor.text, span))
    };
    // The seed of the last run (never rendered unless the user reveals it).
    let last_seed = use_state(|| None::<[u8; 32]>);
    let on_run = {
        let (editor, run, link, route, last_seed) = (
            editor.clone(),
            run.dispatcher(),
            link.clone(),
            route.clone(),
            last_seed.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if !editor.can_run() {
                return run.dispatch(RunAction::Fail(
                    "Fix the problems listed under the script first.".into(),
                ));
            }
            let (job, seed) = match link.next_job() {
                Ok(x) => x,
                Err(m) => return run.dispatch(RunAction::Fail(m)),
            };
            last_seed.set(Some(seed));
            run.dispatch(RunAction::Start(job));
            let route = route.clone();
            link.send(
                ToWorker::Script {
                    job,
                    source: editor.text.clone(),
                    seed,
                },
                move |o| route.emit(o),
            );
        })
    };
    let on_cancel = {
        let (run, link) = (run.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(job) = run.running_job() {
                link.cancel(job);
            }
            run.dispatch(RunAction::Cancel);
        })
    };

    let tokens = fairdeal_script::highlight(&editor.text);
    let segments = highlight::segments(&editor.text, &tokens, &editor.diagnostics);
    let invalid = !editor.diagnostics.is_empty();
    let running = run.running_job().is_some();
    let accel = |a: &Option<Rc<str>>| {
        a.as_ref().map(|a| {
            html! { <p class="ds-accel" id="script-acceleration">{ format!("Sampling: {a}") }</p> }
        })
    };

    let run_view = match &*run {
        Run::Idle => html! {},
        Run::Running {
            counts,
            acceleration,
            ..
        } => {
            let frac = progress_fraction(counts);
            html! {
                <div class="ds-progress" id="script-running" role="status"
                    data-generated={counts.generated.to_string()} data-produced={counts.produced.to_string()}>
                    <label for="script-progress">
                        { format!("Generated {} of at most {} · produced {} of {}",
                            format_number(counts.generated), format_number(counts.generate),
                            format_number(counts.produced), format_number(counts.produce)) }
                    </label>
                    <progress id="script-progress" max="1000" value={((frac * 1000.0).round() as u32).to_string()}></progress>
                    <button type="button" id="script-cancel" onclick={on_cancel}>{"Cancel"}</button>
                    { for accel(acceleration) }
                </div>
            }
        }
        Run::Done { acceleration, .. } => html! {
            <>
                { for accel(acceleration) }
                if let Some(seed) = *last_seed {
                    <RevealSeed {seed} id="script"
                        command="fairdeal script script.dl --seed-hex {seed}" />
                }
            </>
        },
        Run::Cancelled(c) => html! {
            <p class="notice" id="script-cancelled" role="status">
                { format!("Cancelled after {} deals generated and {} produced; nothing was kept.",
                    format_number(c.generated), format_number(c.produced)) }
            </p>
        },
        Run::Failed(m) => html! {
            <pre class="error ds-run-error" id="script-run-error" role="alert">{ m.clone() }</pre>
        },
    };

    html! {
        <div class="script-page">
            <h1>{"Dealer scripts"}</h1>
            <p class="lead">{"Paste a script in the language of dealer (as BBO runs it): it is checked as you type, and runs here, in your browser, with the exact engine doing the counting it can."}</p>
            <div class="ds-layout">
                <div class="ds-main">
                    <div class="ds-toolbar">
                        <label for="script-example">{"Examples"}</label>
                        <select id="script-example" onchange={on_example}>
                            <option value="" selected=true>{ if EXAMPLES.is_empty() { "No examples yet" } else { "Pick an example…" } }</option>
                            { for EXAMPLES.iter().enumerate().map(|(i, e)| html! {
                                <option value={i.to_string()}>{ e.title }</option>
                            }) }
                        </select>
                        if editor.previous.is_some() {
                            <button type="button" id="script-restore" onclick={on_restore}
                                title="Put back the text the example replaced">{"Restore my text"}</button>
                        }
                    </div>
                    <div class={classes!("ds-editor", invalid.then_some("ds-invalid"))}>
                        <pre class="ds-highlight" id="script-highlight" ref={pre} aria-hidden="true">
                            { highlight::render(&editor.text, &segments) }
                        </pre>
                        <textarea id="script-text" ref={area} class="ds-input" aria-label="Script"
                            spellcheck="false" autocomplete="off" autocapitalize="off" wrap="off"
                            value={editor.text.clone()} oninput={on_input} onscroll={on_scroll}
                            aria-invalid={invalid.then_some("true")} aria-describedby="script-check" />
                    </div>
                    <div id="script-check" class="ds-check">
                        <Diagnostics editor={Rc::new((*editor).clone())} on_select={on_select.clone()} />
                    </div>
                    <div class="ds-runbar">
                        <button type="button" class="primary" id="script-run" onclick={on_run}
                            disabled={running || !editor.can_run()}>{"Run"}</button>
                        <small class="ds-hint">{"Runs in a background worker; the seed comes from your browser's secure generator."}</small>
                    </div>
                    { run_view }
                    <dialects::Dialects report={editor.report.clone()} {on_select} />
                </div>
                <reference::ReferencePanel {on_insert} />
            </div>
            if let Run::Done { report, .. } = &*run {
                <results::Results report={report.clone()} />
            }
        </div>
    }
}
