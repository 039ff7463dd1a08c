//! The Script page's dialect panel: which dealer programs accept the script and why not,
//! notes on behaviour every program shares, and the acceptance rate measured by a pilot
//! in the worker (from `fairdeal_script::lint`, the same report as `fairdeal script --lint`).

use super::state::{format_number, CheckReport};
use fairdeal_script::lint::{Lint, Support, DIALECTS};
use yew::prelude::*;

/// Properties: the report of the last check that compiled.
#[derive(Properties, PartialEq)]
pub struct DialectsProps {
    /// The report (None until a check has compiled).
    pub report: Option<CheckReport>,
    /// Selects a byte range in the editor.
    pub on_select: Callback<std::ops::Range<usize>>,
}

fn verdict(s: Support) -> (&'static str, &'static str) {
    match s {
        Support::Yes => ("accepts", "ds-yes"),
        Support::No => ("refuses", "ds-no"),
        Support::Unknown => ("not known", "ds-unknown"),
    }
}

fn position(
    line: u32,
    column: u32,
    span: std::ops::Range<usize>,
    on_select: &Callback<std::ops::Range<usize>>,
) -> Html {
    let on_select = on_select.clone();
    html! {
        <button type="button" class="ds-err-pos" title="Show in the script"
            onclick={Callback::from(move |_: MouseEvent| on_select.emit(span.clone()))}>
            { format!("{line}:{column}") }
        </button>
    }
}

fn lint_view(lint: &Lint, on_select: &Callback<std::ops::Range<usize>>) -> Html {
    html! {
        <>
            <ul class="ds-dialects" id="script-dialect-list">
                { for DIALECTS.iter().zip(lint.accepted).map(|(name, s)| {
                    let (word, class) = verdict(s);
                    html! { <li class={class} data-support={s.word()}><strong>{ *name }</strong>{ format!(": {word}") }</li> }
                }) }
            </ul>
            if !lint.findings.is_empty() {
                <ul class="ds-findings" id="script-findings">
                    { for lint.findings.iter().filter_map(|f| Lint::feature(f).map(|x| (f, x))).map(|(f, x)| {
                        let who: Vec<String> = DIALECTS.iter().zip(x.support)
                            .map(|(d, s)| format!("{d}: {}", s.word())).collect();
                        html! {
                            <li data-feature={x.id}>
                                { position(f.line, f.column, f.span.clone(), on_select) }
                                { format!(" {} — {}. ", x.what, who.join("; ")) }
                                <small>{ x.evidence }</small>
                            </li>
                        }
                    }) }
                </ul>
            }
            if !lint.notes.is_empty() {
                <ul class="ds-notes" id="script-notes">
                    { for lint.notes.iter().map(|n| html! {
                        <li>{ position(n.line, n.column, n.span.clone(), on_select) }{ format!(" {}", n.message) }</li>
                    }) }
                </ul>
            }
        </>
    }
}

/// The panel.
#[component]
pub fn Dialects(props: &DialectsProps) -> Html {
    let Some(report) = &props.report else {
        return html! {};
    };
    let rate = match report.rate {
        Some((n, k)) if n > 0 => {
            let per = if k > 0 {
                format!(
                    ", about 1 deal in {}",
                    format_number((n as f64 / k as f64).round() as u64)
                )
            } else {
                String::new()
            };
            format!(
                "Pilot: {} of {} shuffles met the condition ({:.3}%{per}).",
                format_number(k),
                format_number(n),
                k as f64 * 100.0 / n as f64
            )
        }
        _ => "Pilot: not measured (double dummy scripts would solve thousands of deals).".into(),
    };
    html! {
        <section class="ds-dialect-panel" id="script-dialects" aria-labelledby="script-dialects-title">
            <h2 id="script-dialects-title">{"Which programs accept it"}</h2>
            { for report.lint.as_ref().map(|l| lint_view(l, &props.on_select)) }
            <p id="script-rate">{ rate }</p>
        </section>
    }
}
