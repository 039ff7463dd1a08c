//! The Statistics panel of the Constrain page: generate N deals under the current set in
//! the dealing worker and set them against exact theory.
//!
//! The panel owns its own worker bridge (a second instance of the dealing worker, so a
//! statistics run never competes with a dealing batch for job ids) and a small reducer,
//! [`StatsRun`]. While running it shows a progress bar (deals, then exact expectations
//! table by table) and a Cancel button; when done, a summary of every table (chi-square,
//! df, p-value, verdict at alpha = 0.001), the chosen table as observed-against-expected
//! rows and an SVG chart (bars observed, ticks expected), and the per-seat averages with
//! their exact means and z-scores. Tables the engine cannot count exactly say so.
//!
//! Panic policy: no panics; failures become messages in the panel.

use crate::components::reveal_seed::RevealSeed;
use crate::worker::link::WorkerLink;
use crate::worker::protocol::{FromWorker, StatsRequest, ToWorker};
use crate::worker::stats_job::{parse_tables, StatsReport, StatsTable, MAX_DEALS};
use std::fmt::Write as _;
use std::rc::Rc;
use yew::prelude::*;

/// Significance level of the verdicts shown.
pub const ALPHA: f64 = 0.001;

/// The panel's run state.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum StatsRun {
    /// Nothing run yet.
    #[default]
    Idle,
    /// Running: deals generated, then tables' expectations computed.
    Running {
        /// The run's job id.
        job: u32,
        /// Deals generated.
        done: u32,
        /// Deals asked for.
        total: u32,
        /// Expectations computed.
        tables_done: u32,
        /// Tables.
        tables: u32,
        /// Cells counted of the table under way, and its cells, when it is counted cell by
        /// cell (0 and 0 otherwise).
        cells_done: u32,
        cells: u32,
    },
    /// Finished.
    Done(Rc<StatsReport>),
    /// Stopped by the user.
    Cancelled,
    /// Failed, with a message.
    Failed(String),
}

/// What changes the run state.
#[derive(Debug, Clone)]
pub enum StatsAction {
    /// A run was sent to the worker.
    Start {
        /// Its job id.
        job: u32,
        /// Deals asked for.
        total: u32,
    },
    /// The user pressed Cancel.
    Cancel,
    /// A message from the worker.
    Worker(FromWorker),
    /// The page refused to start (bad input).
    Fail(String),
}

impl StatsRun {
    /// The running job's id.
    pub fn running_job(&self) -> Option<u32> {
        match self {
            StatsRun::Running { job, .. } => Some(*job),
            _ => None,
        }
    }

    /// The state after `a` (messages of other jobs are ignored).
    pub fn next(&self, a: StatsAction) -> StatsRun {
        let mine = |j: u32| self.running_job() == Some(j);
        match a {
            StatsAction::Start { job, total } => StatsRun::Running {
                job,
                done: 0,
                total,
                tables_done: 0,
                tables: 0,
                cells_done: 0,
                cells: 0,
            },
            StatsAction::Cancel => match self {
                StatsRun::Running { .. } => StatsRun::Cancelled,
                other => other.clone(),
            },
            StatsAction::Fail(m) => StatsRun::Failed(m),
            StatsAction::Worker(msg) => match msg {
                FromWorker::StatsProgress {
                    job,
                    done,
                    total,
                    tables_done,
                    tables,
                    cells_done,
                    cells,
                } if mine(job) => StatsRun::Running {
                    job,
                    done,
                    total,
                    tables_done,
                    tables,
                    cells_done,
                    cells,
                },
                FromWorker::StatsDone { job, report } if mine(job) => {
                    StatsRun::Done(Rc::new(*report))
                }
                FromWorker::Failed { job, message } if mine(job) => StatsRun::Failed(message),
                FromWorker::Cancelled { job, .. } if mine(job) => StatsRun::Cancelled,
                _ => self.clone(),
            },
        }
    }
}

impl Reducible for StatsRun {
    type Action = StatsAction;
    fn reduce(self: Rc<Self>, a: StatsAction) -> Rc<Self> {
        Rc::new(self.next(a))
    }
}

/// The verdict text of a table.
pub fn verdict(t: &StatsTable) -> String {
    match (&t.expected, &t.chi) {
        (Err(e), _) => e.clone(),
        (Ok(_), None) => "nothing to test (one possible value)".into(),
        (Ok(_), Some((_, _, p, _, impossible))) if *impossible > 0 => {
            format!("{impossible} deals in impossible cells (p = {p})")
        }
        (Ok(_), Some((_, _, p, _, _))) if *p < ALPHA => format!("rejects theory (p < {ALPHA})"),
        (Ok(_), Some(_)) => "consistent with theory".into(),
    }
}

/// The SVG chart of a one-way table: a bar per possible value for the observed share and a
/// tick for the exact expectation. Empty for two-way tables or without an expectation.
pub fn chart_svg(t: &StatsTable, n: u64) -> String {
    let Ok(probs) = &t.expected else {
        return String::new();
    };
    if t.labels.first().is_none_or(|l| l.len() != 1) || n == 0 {
        return String::new();
    }
    let cells: Vec<usize> = (0..t.observed.len())
        .filter(|&i| t.observed[i] > 0 || probs[i] > 0.0)
        .collect();
    let top = cells
        .iter()
        .map(|&i| (t.observed[i] as f64 / n as f64).max(probs[i]))
        .fold(0.0, f64::max)
        .max(1e-12);
    let (w, h, left, bottom) = (34.0, 160.0, 8.0, 40.0);
    let width = left * 2.0 + w * cells.len() as f64;
    let mut s = format!(
        "<svg class=\"cst-chart\" viewBox=\"0 0 {width} {}\" role=\"img\" aria-label=\"{}: observed share (bars) and exact expectation (ticks)\">",
        h + bottom,
        crate::components::chart::xml_escape(&t.title)
    );
    for (k, &i) in cells.iter().enumerate() {
        let x = left + w * k as f64;
        let obs = t.observed[i] as f64 / n as f64;
        let bh = obs / top * h;
        let ey = h - probs[i] / top * h;
        let label = crate::components::chart::xml_escape(&t.labels[i][0]);
        let _ = write!(
            s,
            "<g><title>{label}: observed {} ({:.3} %), expected {:.1} ({:.3} %)</title>\
             <rect class=\"cst-bar\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\"/>\
             <line class=\"cst-tick\" x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{ey:.1}\" y2=\"{ey:.1}\"/>\
             <text class=\"cst-axis\" x=\"{:.1}\" y=\"{:.1}\" transform=\"rotate(60 {:.1} {:.1})\">{label}</text></g>",
            t.observed[i],
            obs * 100.0,
            probs[i] * n as f64,
            probs[i] * 100.0,
            x + 3.0,
            h - bh,
            w - 6.0,
            x + 1.0,
            x + w - 1.0,
            x + w / 2.0 - 3.0,
            h + 12.0,
            x + w / 2.0 - 3.0,
            h + 12.0,
        );
    }
    s.push_str("</svg>");
    s
}

/// Properties of [`StatsPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct StatsPanelProps {
    /// The constraint text.
    pub spec: AttrValue,
    /// False while the set has errors or admits no deal.
    pub can_run: bool,
}

/// The Statistics panel.
/// The Deals field: a whole number from 1 to [`MAX_DEALS`] (checked at the field while
/// typing and again before anything runs).
pub fn parse_deals(text: &str) -> Result<u32, String> {
    match text.trim().replace([',', '_', ' '], "").parse::<u32>() {
        Ok(n) if (1..=MAX_DEALS).contains(&n) => Ok(n),
        _ => Err(format!(
            "Deals: expected a whole number from 1 to {MAX_DEALS}."
        )),
    }
}

#[component]
pub fn StatsPanel(props: &StatsPanelProps) -> Html {
    let run = use_reducer(StatsRun::default);
    let deals = use_state(|| "10000".to_string());
    let extra = use_state(String::new);
    let selected = use_state(|| 0usize);
    let link = (*use_state(WorkerLink::default)).clone();
    // The seed and size of the last run (never rendered unless the user reveals it).
    let last_run = use_state(|| None::<([u8; 32], u32)>);

    let on_deals = {
        let d = deals.clone();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            d.set(el.value());
        })
    };
    let on_extra = {
        let x = extra.clone();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            x.set(el.value());
        })
    };
    let on_run = {
        let (run, deals, extra, link, spec, selected, last_run) = (
            run.dispatcher(),
            deals.clone(),
            extra.clone(),
            link.clone(),
            props.spec.clone(),
            selected.clone(),
            last_run.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let n = match parse_deals(&deals) {
                Ok(n) => n,
                Err(m) => return run.dispatch(StatsAction::Fail(m)),
            };
            if let Err(m) = parse_tables(&extra) {
                return run.dispatch(StatsAction::Fail(m));
            }
            let (job, seed) = match link.next_job() {
                Ok(x) => x,
                Err(m) => return run.dispatch(StatsAction::Fail(m)),
            };
            selected.set(0);
            last_run.set(Some((seed, n)));
            run.dispatch(StatsAction::Start { job, total: n });
            let d = run.clone();
            link.send(
                ToWorker::Stats(StatsRequest {
                    job,
                    spec: spec.to_string(),
                    tables: (*extra).clone(),
                    deals: n,
                    seed,
                }),
                move |o| d.dispatch(StatsAction::Worker(o)),
            );
        })
    };
    let on_cancel = {
        let (run, link) = (run.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(job) = run.running_job() {
                link.cancel(job);
            }
            run.dispatch(StatsAction::Cancel);
        })
    };

    let running = run.running_job().is_some();
    let body = match &*run {
        StatsRun::Idle => html! {},
        StatsRun::Running {
            done,
            total,
            tables_done,
            tables,
            cells_done,
            cells,
            ..
        } => {
            let text = if done < total || *tables == 0 {
                format!("Generating deals: {done} of {total}")
            } else if *cells > 0 {
                format!(
                    "Computing exact expectations: {tables_done} of {tables} tables done (the next cell by cell: {cells_done} of {cells})"
                )
            } else {
                format!("Computing exact expectations: {tables_done} of {tables} tables done")
            };
            // A table counted cell by cell moves the bar by its share of cells.
            let (v, m) = if done < total || *tables == 0 {
                (f64::from(*done), *total)
            } else if *cells > 0 {
                (
                    f64::from(*tables_done) + f64::from(*cells_done) / f64::from(*cells),
                    *tables,
                )
            } else {
                (f64::from(*tables_done), *tables)
            };
            html! {
                <div class="cst-progress" id="stats-running" role="status">
                    <label for="stats-progress">{ text }</label>
                    <progress id="stats-progress" max={m.to_string()} value={v.to_string()}></progress>
                    <button type="button" id="stats-cancel" onclick={on_cancel}>{"Cancel"}</button>
                </div>
            }
        }
        StatsRun::Done(report) => html! {
            <>
                if let Some((seed, n)) = *last_run {
                    <RevealSeed {seed} id="stats"
                        command={format!("fairdeal stats conditions.txt -n {n} --seed {{seed}}")} />
                }
                { report_view(report, &selected) }
            </>
        },
        StatsRun::Cancelled => html! {
            <p class="notice" id="stats-cancelled" role="status">{"Statistics cancelled."}</p>
        },
        StatsRun::Failed(m) => html! {
            <p class="error" id="stats-error" role="alert">{ m.clone() }</p>
        },
    };
    html! {
        <section class="panel cst-stats" aria-labelledby="stats-heading">
            <h2 id="stats-heading">{"Statistics"}</h2>
            <p class="cst-help">{"Generate deals under these conditions and compare pattern, HCP and suit lengths of every seat (and any table you add) with the exact expectation, by chi-square."}</p>
            <form class="cst-stats-form" onsubmit={on_run}>
                <label for="stats-deals">{"Deals"}</label>
                <input id="stats-deals" class="num" inputmode="numeric" value={(*deals).clone()} oninput={on_deals} />
                if let Err(m) = parse_deals(&deals) {
                    <p class="error field-error" id="stats-deals-error" role="alert">{ m }</p>
                }
                <label for="stats-tables">{"Extra tables"}</label>
                <input id="stats-tables" placeholder="hcp:N,hcp:S; spades:E" spellcheck="false" autocomplete="off" value={(*extra).clone()} oninput={on_extra} />
                <button type="submit" class="primary" id="stats-run" disabled={running || !props.can_run}>{"Run statistics"}</button>
            </form>
            { body }
        </section>
    }
}

fn report_view(r: &Rc<StatsReport>, selected: &UseStateHandle<usize>) -> Html {
    let sel = (**selected).min(r.tables.len().saturating_sub(1));
    let rows = r.tables.iter().enumerate().map(|(i, t)| {
        let pick = {
            let s = selected.clone();
            Callback::from(move |_: MouseEvent| s.set(i))
        };
        let (chi, df, p) = match &t.chi {
            Some((c, df, p, _, _)) => (format!("{c:.2}"), df.to_string(), format!("{p:.4}")),
            None => ("–".into(), "–".into(), "–".into()),
        };
        let bad = t.chi.as_ref().is_some_and(|c| c.2 < ALPHA);
        html! {
            <tr class={classes!((i == sel).then_some("cst-selected"), bad.then_some("cst-reject"))}>
                <td><button type="button" class="linkish" onclick={pick} aria-pressed={(i == sel).to_string()}>{ &t.title }</button></td>
                <td class="num">{ chi }</td><td class="num">{ df }</td><td class="num">{ p }</td>
                <td>{ verdict(t) }</td>
            </tr>
        }
    });
    let detail = r.tables.get(sel).map(|t| table_detail(t, r.n));
    html! {
        <div class="cst-stats-result" id="stats-result">
            <p id="stats-summary">{ format!("{} deals; {} of {} tables tested, smallest p = {:.4}.", r.n,
                r.tables.iter().filter(|t| t.chi.is_some()).count(), r.tables.len(),
                r.tables.iter().filter_map(|t| t.chi.as_ref().map(|c| c.2)).fold(1.0, f64::min)) }</p>
            <div class="cst-stats-grid">
                <div class="cst-scroll">
                    <table class="cst-stats-tests" id="stats-tests">
                        <thead><tr><th>{"Table"}</th><th>{"χ²"}</th><th>{"df"}</th><th>{"p"}</th><th>{"Verdict (α = 0.001)"}</th></tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
                { detail.unwrap_or_default() }
            </div>
            { averages_view(r) }
        </div>
    }
}

fn table_detail(t: &StatsTable, n: u64) -> Html {
    let svg = chart_svg(t, n);
    let probs = t.expected.as_ref().ok();
    let rows = (0..t.observed.len())
        .filter(|&i| t.observed[i] > 0 || probs.is_some_and(|p| p[i] > 0.0))
        .map(|i| {
            let o = t.observed[i];
            let (e, d) = match probs {
                Some(p) => {
                    let e = p[i] * n as f64;
                    (format!("{e:.1}"), format!("{:+.1}", o as f64 - e))
                }
                None => ("–".into(), "–".into()),
            };
            html! { <tr><td>{ t.labels[i].join(" × ") }</td><td class="num">{ o }</td><td class="num">{ e }</td><td class="num">{ d }</td></tr> }
        });
    let pooled = t.chi.as_ref().map(|c| {
        format!(
            "χ² = {:.2}, df {}, p = {:.4}{}",
            c.0,
            c.1,
            c.2,
            if c.3 > 0 {
                format!(" ({} cells expected < 5 pooled)", c.3)
            } else {
                String::new()
            }
        )
    });
    html! {
        <div class="cst-stats-detail" id="stats-detail">
            <h3>{ format!("{} ({})", t.title, t.text) }</h3>
            <p class="cst-stats-verdict">{ pooled.unwrap_or_else(|| verdict(t)) }</p>
            if !svg.is_empty() {
                <div class="cst-chart-wrap">{ Html::from_html_unchecked(AttrValue::from(svg)) }</div>
            }
            <div class="cst-scroll">
                <table class="cst-stats-cells" id="stats-cells">
                    <thead><tr><th>{"Value"}</th><th>{"Observed"}</th><th>{"Expected"}</th><th>{"Difference"}</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </div>
    }
}

fn averages_view(r: &StatsReport) -> Html {
    let rows = r.averages.iter().map(|a| {
        html! { <tr>
            <td>{ &a.title }</td>
            <td class="num">{ format!("{:.3}", a.observed) }</td>
            <td class="num">{ a.expected.map_or("n/a".into(), |e| format!("{e:.3}")) }</td>
            <td class="num">{ a.z.map_or("–".into(), |z| format!("{z:+.2}")) }</td>
        </tr> }
    });
    html! {
        <details class="cst-averages" id="stats-averages">
            <summary>{"Per-seat averages"}</summary>
            <table><thead><tr><th>{"Quantity"}</th><th>{"Observed"}</th><th>{"Exact"}</th><th>{"z"}</th></tr></thead>
            <tbody>{ for rows }</tbody></table>
        </details>
    }
}
