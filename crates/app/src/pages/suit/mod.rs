//! The `/suit` page: a suit combination (North's and South's holdings, target, entries,
//! vacant places) solved in the page's own worker ([`solver`]: `fairdeal_suit::solve_with`,
//! positions searched shown after about 200 ms; Cancel terminates the worker at once);
//! the best line in a few sentences (the full tree of steps in a `<details>`, built when
//! opened), its exact
//! chance and expected tricks, the best line of every first play, and the table of lies. The query string carries the problem
//! (`?n=AQ10x&s=xxx&target=3`), so a link opens it solved; the report's text is what
//! `fairdeal suit` prints (e2e compared). A holding over the full search's budget is solved
//! above a floor and the first plays left out are named, with a button that searches every
//! first play (`&full=1`, `solve_exhaustive`: `fairdeal suit --full`). A projector button
//! enlarges the results.

pub mod solver;
pub mod state;

use std::rc::Rc;

use fairdeal_suit::{decimal, ProblemText, Solution, Step};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::app::Route;
use crate::format::group_digits;
use solver::{Request, SuitWorker};
use state::{Run, RunAction};

/// Ready-made problems (the lesson's examples).
pub const EXAMPLES: [(&str, &str, &str, &str); 6] = [
    ("AQ opposite xx: the finesse", "AQ", "xx", "2"),
    ("AQ10 opposite xxx: two finesses", "AQ10", "xxx", "2"),
    (
        "AKJ10x opposite xxxx: drop or finesse?",
        "AKJ10x",
        "xxxx",
        "5",
    ),
    ("KJ10 opposite xxx: two finesses", "KJ10", "xxx", "2"),
    ("Axx opposite KJ10x: which way?", "Axx", "KJ10x", "4"),
    ("AK10x opposite xxxx", "AK10x", "xxxx", "4"),
];

fn value(e: &Event) -> String {
    let el: web_sys::HtmlInputElement = e.target_unchecked_into();
    el.value()
}

/// The value of the input with this id ("" when absent).
fn input_value(id: &str) -> String {
    use wasm_bindgen::JsCast;
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(id))
        .and_then(|el| el.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|el| el.value())
        .unwrap_or_default()
}

fn steps_html(steps: &[Step]) -> Html {
    html! {
        <ol class="suit-steps">
            { for steps.iter().map(|s| html! {
                <li>
                    <span class="suit-do">{ s.text.clone() }</span>
                    if !s.branches.is_empty() {
                        <ul class="suit-branches">
                            { for s.branches.iter().map(|b| html! {
                                <li>
                                    <span class="suit-when">{ format!("If {}:", b.when) }</span>
                                    { steps_html(&b.steps) }
                                </li>
                            }) }
                        </ul>
                    }
                </li>
            }) }
        </ol>
    }
}

/// The results of a solve. The best line in full is built only while its disclosure is open
/// (`tree_open`, toggled through `on_tree`): it can run to tens of thousands of steps (— /
/// KJ10863: 39 000), which took the page about a second to build when hidden.
fn results(
    solution: &Solution,
    on_full: Callback<MouseEvent>,
    tree_open: bool,
    on_tree: Callback<Event>,
) -> Html {
    let best = &solution.lines[0];
    html! {
        <section class="suit-results" aria-live="polite">
            <h2>{ "Best line" }</h2>
            <p class="suit-title">{ solution.title() }</p>
            if let Some(note) = solution.problem.x_note() {
                <p class="suit-note">{ format!("({note})") }</p>
            }
            <p class="suit-headline" id="suit-best">{ best.headline() }</p>
            <ol class="suit-summary" id="suit-summary">
                { for best.summary.iter().map(|s| html! { <li>{ s.clone() }</li> }) }
            </ol>
            <details class="suit-tree" id="suit-tree" open={tree_open} ontoggle={on_tree}>
                <summary>{ "The best line in full (every card the defenders may play)" }</summary>
                if tree_open {
                    { steps_html(&best.steps) }
                }
            </details>
            <h2>{ "First plays compared" }</h2>
            <table class="suit-table" id="suit-lines">
                <caption>{ "The best line starting with each first play" }</caption>
                <thead><tr>
                    <th scope="col">{ "Line" }</th><th scope="col">{ "First play" }</th>
                    <th scope="col">{ "Chance" }</th><th scope="col">{ "Expected tricks" }</th>
                </tr></thead>
                <tbody>
                { for solution.lines.iter().enumerate().map(|(i, l)| html! {
                    <tr>
                        <td>{ i + 1 }</td>
                        <td>{ l.first.clone() }</td>
                        <td>{ l.probability.map(|p| format!("{}% ({}/{})", p.percent(2), p.numerator, p.denominator)).unwrap_or_else(|| "—".into()) }</td>
                        <td>{ format!("{} ({}/{})", decimal(l.expected, 4), l.expected.numerator, l.expected.denominator) }</td>
                    </tr>
                }) }
                </tbody>
            </table>
            if let Some(text) = solution.below_text() {
                <p class="suit-note" id="suit-below">{ text }</p>
                <p>
                    <button type="button" id="suit-full" onclick={on_full}>
                        { "Search every first play in full" }
                    </button>
                    { " (can take much longer; Cancel stops it)" }
                </p>
            }
            <h2>{ "Lies of the defenders' cards" }</h2>
            <table class="suit-table" id="suit-lies">
                <caption>{ format!("{} lies (equal cards merged); tricks each line takes", solution.lies.len()) }</caption>
                <thead><tr>
                    <th scope="col">{ "West" }</th><th scope="col">{ "East" }</th>
                    <th scope="col">{ "Probability" }</th>
                    { for (1..=solution.lines.len()).map(|i| html! { <th scope="col">{ format!("Line {i}") }</th> }) }
                </tr></thead>
                <tbody>
                { for solution.lies.iter().enumerate().map(|(i, lie)| html! {
                    <tr>
                        <td>{ lie.west.clone() }</td><td>{ lie.east.clone() }</td>
                        <td title={ format!("{}/{}", lie.probability.numerator, lie.probability.denominator) }>
                            { format!("{}%", lie.probability.percent(4)) }
                        </td>
                        { for solution.lines.iter().map(|l| html! { <td>{ l.tricks[i] }</td> }) }
                    </tr>
                }) }
                </tbody>
            </table>
            <details class="suit-text">
                <summary>{ "As text (what fairdeal suit prints)" }</summary>
                <pre id="suit-text">{ solution.text() }</pre>
            </details>
        </section>
    }
}

/// The `/suit` page.
#[component]
pub fn SuitPage() -> Html {
    let location = use_location();
    let navigator = use_navigator();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let form = use_state(|| ProblemText::from_query(&query));
    let run = use_reducer(Run::default);
    let link = (*use_state(|| Rc::new(SuitWorker::default()))).clone();
    let next_job = (*use_state(|| Rc::new(std::cell::Cell::new(0u32)))).clone();
    let projecting = use_state(|| false);
    // Whether the best line in full is shown (built only then).
    let tree_open = use_state(|| false);
    // The problem last sent to the worker (what "search every first play" solves again).
    let last = use_state(ProblemText::default);

    // Solves a problem: by default as `fairdeal suit` does, with `full` every first play.
    let solve = {
        let (run, link, navigator) = (run.dispatcher(), link.clone(), navigator.clone());
        let (next_job, last) = (next_job.clone(), last.clone());
        Callback::from(move |(text, full): (ProblemText, bool)| {
            last.set(text.clone());
            if let Some(nav) = &navigator {
                let mut pairs = vec![
                    ("n".to_string(), text.north.trim().to_string()),
                    ("s".to_string(), text.south.trim().to_string()),
                ];
                for (k, v) in [
                    ("target", &text.target),
                    ("entries", &text.entries),
                    ("vacant", &text.vacant),
                ] {
                    if !v.trim().is_empty() {
                        pairs.push((k.to_string(), v.trim().to_string()));
                    }
                }
                if full {
                    pairs.push(("full".to_string(), "1".to_string()));
                }
                let _ = nav.replace_with_query(&Route::Suit, &pairs);
            }
            if let Err(e) = text.problem() {
                return run.dispatch(RunAction::Fail(e.to_string()));
            }
            let job = next_job.get().wrapping_add(1);
            next_job.set(job);
            // A solve still running is of no more use: stop it with its worker.
            link.stop_running();
            run.dispatch(RunAction::Start(job));
            let on_reply = {
                let run = run.clone();
                move |r| run.dispatch(RunAction::Worker(r))
            };
            let request = Request::Solve {
                job,
                problem: text,
                full,
            };
            if let Err(e) = link.send(&request, on_reply) {
                run.dispatch(RunAction::Fail(e));
            }
        })
    };
    // A link with a problem opens it solved (in full with `full=1`).
    {
        let (solve, form) = (solve.clone(), form.clone());
        let full = query.split('&').any(|kv| kv == "full=1");
        use_effect_with((), move |_| {
            if !form.north.trim().is_empty() || !form.south.trim().is_empty() {
                solve.emit(((*form).clone(), full));
            }
        });
    }
    let field = |set: fn(&mut ProblemText, String)| {
        let form = form.clone();
        Callback::from(move |e: Event| {
            let mut t = (*form).clone();
            set(&mut t, value(&e));
            form.set(t);
        })
    };
    // Submit reads the inputs themselves (a change event and the click can come in one turn,
    // before the state of the change has rendered).
    let on_submit = {
        let (form, solve) = (form.clone(), solve.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = ProblemText {
                north: input_value("suit-north"),
                south: input_value("suit-south"),
                target: input_value("suit-target"),
                entries: input_value("suit-entries"),
                vacant: input_value("suit-vacant"),
            };
            form.set(text.clone());
            solve.emit((text, false));
        })
    };
    let on_full = {
        let (solve, last) = (solve.clone(), last.clone());
        Callback::from(move |_: MouseEvent| solve.emit(((*last).clone(), true)))
    };
    let on_cancel = {
        let (run, link) = (run.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            // The search cannot read messages while it runs: the worker is stopped instead.
            link.terminate();
            run.dispatch(RunAction::Cancel);
        })
    };
    let on_example = {
        let (form, solve) = (form.clone(), solve.clone());
        Callback::from(move |e: Event| {
            let el: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some((_, n, s, t)) = el
                .value()
                .parse::<usize>()
                .ok()
                .and_then(|i| EXAMPLES.get(i))
            {
                let text = ProblemText {
                    north: n.to_string(),
                    south: s.to_string(),
                    target: t.to_string(),
                    ..Default::default()
                };
                form.set(text.clone());
                solve.emit((text, false));
            }
            el.set_value("");
        })
    };
    let on_project = {
        let projecting = projecting.clone();
        Callback::from(move |_: MouseEvent| projecting.set(!*projecting))
    };

    let status = match &*run {
        Run::Idle => html! {},
        Run::Solving { positions, .. } => html! {
            <div class="suit-progress" role="status" id="suit-solving">
                <span>{ "Solving every lie of the defenders' cards…" }</span>
                if let Some(n) = positions {
                    <span id="suit-positions">{ format!("{} positions searched", group_digits(*n as u128)) }</span>
                }
                <progress aria-label="Solving"></progress>
                <button type="button" onclick={on_cancel}>{ "Cancel" }</button>
            </div>
        },
        Run::Solved(s) => {
            let on_tree = {
                let tree_open = tree_open.clone();
                Callback::from(move |e: Event| {
                    // `open` reflects the disclosure's state.
                    let details: web_sys::Element = e.target_unchecked_into();
                    tree_open.set(details.has_attribute("open"));
                })
            };
            results(&Rc::clone(s), on_full, *tree_open, on_tree)
        }
        Run::Failed(m) => {
            html! { <p class="suit-error" role="alert" id="suit-error">{ m.clone() }</p> }
        }
        Run::Cancelled => html! { <p role="status">{ "Cancelled." }</p> },
    };

    html! {
        <main class={classes!("suit-page", (*projecting).then_some("suit-projecting"))}>
            <h1>{ "Suit combinations" }</h1>
            <p class="lead">{ "The best way to play one suit: every lie of the defenders' cards, weighted by its chance, defenders who know your line and play their best against it. Write small cards as x." }</p>
            <form class="suit-form" onsubmit={on_submit}>
                <label for="suit-north">{ "North (dummy)" }</label>
                <input id="suit-north" value={form.north.clone()} onchange={field(|t, v| t.north = v)}
                    placeholder="AQ10x" autocomplete="off" spellcheck="false" />
                <label for="suit-south">{ "South (declarer)" }</label>
                <input id="suit-south" value={form.south.clone()} onchange={field(|t, v| t.south = v)}
                    placeholder="xxx" autocomplete="off" spellcheck="false" />
                <label for="suit-target">{ "Target tricks (empty: most on average)" }</label>
                <input id="suit-target" value={form.target.clone()} onchange={field(|t, v| t.target = v)}
                    inputmode="numeric" placeholder="3" />
                <label for="suit-entries">{ "Entries North:South" }</label>
                <input id="suit-entries" value={form.entries.clone()} onchange={field(|t, v| t.entries = v)}
                    placeholder="unlimited" />
                <label for="suit-vacant">{ "Vacant places West:East" }</label>
                <input id="suit-vacant" value={form.vacant.clone()} onchange={field(|t, v| t.vacant = v)}
                    placeholder="13:13" />
                <div class="suit-buttons">
                    <button type="submit" id="suit-solve">{ "Solve" }</button>
                    <label for="suit-example" class="suit-example-label">{ "Examples" }</label>
                    <select id="suit-example" onchange={on_example}>
                        <option value="" selected=true>{ "Choose…" }</option>
                        { for EXAMPLES.iter().enumerate().map(|(i, (label, ..))| html! {
                            <option value={i.to_string()}>{ *label }</option>
                        }) }
                    </select>
                    <button type="button" aria-pressed={(*projecting).to_string()} onclick={on_project}>{ "Projector" }</button>
                </div>
            </form>
            { status }
        </main>
    }
}
