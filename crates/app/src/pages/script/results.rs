//! A finished run: counts, `average` results as a table with 95 % intervals, `frequency`
//! results as charts ([`ChartView`]) and tables (2-D ones as a grid with dealer's Low/High
//! rows and columns), the actions' text output, the produced deals as hand diagrams a page
//! at a time (boards numbered from 1 with the standard dealer/vulnerability rotation), and
//! their export in every format of the dealing core (the shared [`ExportPanel`]).

use super::state::{format_number, frequency_chart, frequency_total, numbered_deals};
use crate::components::chart::{ChartView, Orientation};
use crate::components::export_panel::{ExportPanel, ExportSource};
use crate::components::hand_diagram::HandDiagram;
use crate::download::download_bytes;
use fairdeal_model::{Deal, Seat, Vulnerability};
use fairdeal_script::{Average, Frequency, Frequency2D, Report};
use std::rc::Rc;
use yew::prelude::*;

/// Boards shown per page.
pub const PAGE_SIZE: usize = 12;

/// Characters of text output shown on the page (all of it is in the download).
pub const TEXT_SHOWN: usize = 200_000;

/// A mean or bound with four decimals.
pub fn format_value(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.4}")
    } else {
        "—".into()
    }
}

/// The text output cut to about `max` bytes at a line end, and whether it was cut.
pub fn shown_text(text: &str, max: usize) -> (&str, bool) {
    if text.len() <= max {
        return (text, false);
    }
    let end = fairdeal_model::source::floor_boundary(text, max);
    let end = text[..end].rfind('\n').map_or(end, |i| i + 1);
    (&text[..end], true)
}

fn averages_table(list: &[Average]) -> Html {
    html! {
        <table class="ds-table" id="script-averages">
            <caption>{"Averages"}</caption>
            <thead><tr><th scope="col">{"Average"}</th><th scope="col">{"Mean"}</th><th scope="col">{"95 % interval"}</th><th scope="col">{"Values"}</th></tr></thead>
            <tbody>
                { for list.iter().map(|a| html! {
                    <tr>
                        <th scope="row">{ a.label.clone() }</th>
                        <td class="num">{ format_value(a.mean) }</td>
                        <td class="num">{ format!("{} – {}", format_value(a.ci95.0), format_value(a.ci95.1)) }</td>
                        <td class="num">{ format_number(a.count) }</td>
                    </tr>
                }) }
            </tbody>
        </table>
    }
}

fn percent(count: u64, total: u64) -> String {
    if total == 0 {
        "—".into()
    } else {
        format!("{:.2} %", count as f64 * 100.0 / total as f64)
    }
}

fn frequency_1d(i: usize, f: &Frequency) -> Html {
    let total = frequency_total(f);
    let chart = frequency_chart(f).map(Rc::new);
    let row = |label: String, count: u64| {
        html! { <tr><th scope="row">{ label }</th><td class="num">{ format_number(count) }</td><td class="num">{ percent(count, total) }</td></tr> }
    };
    html! {
        <section class="ds-frequency" id={format!("script-frequency-{i}")}>
            if let Some(chart) = chart {
                <ChartView {chart} orientation={Orientation::Columns} />
            } else {
                <h3>{ f.label.clone() }</h3>
                <p class="notice">{"No values were counted."}</p>
            }
            <details class="ds-freq-table">
                <summary>{ format!("Table ({} values)", format_number(total)) }</summary>
                <table class="ds-table">
                    <thead><tr><th scope="col">{"Value"}</th><th scope="col">{"Count"}</th><th scope="col">{"Share"}</th></tr></thead>
                    <tbody>
                        if f.low > 0 { { row("Low".into(), f.low) } }
                        { for f.rows.iter().map(|(v, c)| row(v.to_string(), *c)) }
                        if f.high > 0 { { row("High".into(), f.high) } }
                    </tbody>
                </table>
            </details>
        </section>
    }
}

/// Label of row or column `i` of a 2-D table with `values` inside Low…High.
fn edge_label(values: &[i64], i: usize) -> String {
    if i == 0 {
        "Low".into()
    } else if i == values.len() + 1 {
        "High".into()
    } else {
        values.get(i - 1).map(i64::to_string).unwrap_or_default()
    }
}

fn frequency_2d(i: usize, label: &str, t: &Frequency2D) -> Html {
    let columns = t.column_values.len() + 2;
    let col_sums: Vec<u64> = (0..columns)
        .map(|c| {
            t.counts
                .iter()
                .map(|r| r.get(c).copied().unwrap_or(0))
                .sum()
        })
        .collect();
    // Low/High columns and rows are shown only when something fell there.
    let show_col = |c: usize| (c != 0 && c != columns - 1) || col_sums[c] > 0;
    let show_row = |r: usize, row: &Vec<u64>| {
        (r != 0 && r != t.counts.len().saturating_sub(1)) || row.iter().any(|&n| n > 0)
    };
    html! {
        <section class="ds-frequency ds-frequency-2d" id={format!("script-frequency-{i}")}>
            <h3>{ label.to_string() }</h3>
            <div class="ds-table-scroll">
                <table class="ds-table ds-grid">
                    <thead><tr>
                        <th scope="col"></th>
                        { for (0..columns).filter(|&c| show_col(c)).map(|c| html! { <th scope="col">{ edge_label(&t.column_values, c) }</th> }) }
                        <th scope="col">{"Sum"}</th>
                    </tr></thead>
                    <tbody>
                        { for t.counts.iter().enumerate().filter(|(r, row)| show_row(*r, row)).map(|(r, row)| html! {
                            <tr>
                                <th scope="row">{ edge_label(&t.row_values, r) }</th>
                                { for (0..columns).filter(|&c| show_col(c)).map(|c| html! {
                                    <td class="num">{ format_number(row.get(c).copied().unwrap_or(0)) }</td>
                                }) }
                                <td class="num ds-sum">{ format_number(row.iter().sum()) }</td>
                            </tr>
                        }) }
                        <tr class="ds-sum">
                            <th scope="row">{"Sum"}</th>
                            { for (0..columns).filter(|&c| show_col(c)).map(|c| html! { <td class="num">{ format_number(col_sums[c]) }</td> }) }
                            <td class="num">{ format_number(col_sums.iter().sum()) }</td>
                        </tr>
                    </tbody>
                </table>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct BoardsProps {
    boards: Rc<Vec<(u32, Deal)>>,
    /// The script's `dealer` (else the board rotation).
    #[prop_or_default]
    dealer: Option<Seat>,
    /// The script's `vulnerable` (else the board rotation).
    #[prop_or_default]
    vulnerability: Option<Vulnerability>,
    /// Per board (in order, the first ones), the condition's variables on it.
    #[prop_or_default]
    why: Rc<Vec<Vec<(String, i64)>>>,
}

/// "Why it matched": the variables the condition uses and their values on this deal.
fn why_view(values: Option<&Vec<(String, i64)>>) -> Html {
    let Some(values) = values.filter(|v| v.len() > 1) else {
        return html! {};
    };
    html! {
        <details class="ds-why">
            <summary>{"Why it matched"}</summary>
            <ul>
                { for values.iter().map(|(name, v)| html! {
                    <li><code>{ name.clone() }</code>{ format!(" = {v}") }</li>
                }) }
            </ul>
        </details>
    }
}

/// The produced deals, a page at a time.
#[component]
fn Boards(props: &BoardsProps) -> Html {
    let page = use_state(|| 0usize);
    {
        let page = page.clone();
        use_effect_with(props.boards.clone(), move |_| page.set(0));
    }
    let pages = props.boards.len().div_ceil(PAGE_SIZE).max(1);
    let current = (*page).min(pages - 1);
    let go = |to: usize| {
        let page = page.clone();
        Callback::from(move |_: MouseEvent| page.set(to))
    };
    let pager = (pages > 1).then(|| {
        html! {
            <nav class="ds-pager" aria-label="Board pages">
                <button type="button" class="ds-prev" disabled={current == 0} onclick={go(current.saturating_sub(1))}>{"‹ Previous"}</button>
                <span class="ds-page">{ format!("Boards {}–{} of {}", current * PAGE_SIZE + 1, ((current + 1) * PAGE_SIZE).min(props.boards.len()), props.boards.len()) }</span>
                <button type="button" class="ds-next" disabled={current + 1 >= pages} onclick={go(current + 1)}>{"Next ›"}</button>
            </nav>
        }
    });
    html! {
        <>
            { for pager.clone() }
            <div class="ds-boards" id="script-boards">
                { for props.boards.iter().enumerate().skip(current * PAGE_SIZE).take(PAGE_SIZE).map(|(i, (n, deal))| html! {
                    <div class="ds-board" data-board={n.to_string()}>
                        <HandDiagram deal={*deal} board={Some(*n)}
                            dealer={Some(props.dealer.unwrap_or_else(|| Seat::dealer_of_board(*n)))}
                            vulnerability={Some(props.vulnerability.unwrap_or_else(|| Vulnerability::of_board(*n)))} />
                        { why_view(props.why.get(i)) }
                    </div>
                }) }
            </div>
            { for pager }
        </>
    }
}

#[derive(Properties, PartialEq)]
struct ExportProps {
    boards: Rc<Vec<(u32, Deal)>>,
    text: Rc<String>,
}

/// The shared Export panel over the kept deals, and the text output as a file.
#[component]
fn Export(props: &ExportProps) -> Html {
    let on_text = {
        let text = props.text.clone();
        Callback::from(move |_: MouseEvent| {
            download_bytes("script-output.txt", text.as_bytes(), "text/plain");
        })
    };
    html! {
        <details class="ds-export" id="script-export">
            <summary>{"Export"}</summary>
            <ExportPanel source={ExportSource::Deals(props.boards.clone())} prefix="script"
                input_name="ds-format" make_id="script-make-files"
                files_id="script-files" zip_id="script-zip">
                if !props.text.is_empty() {
                    <button type="button" id="script-download-text" onclick={on_text}>{"Download the text output"}</button>
                }
            </ExportPanel>
        </details>
    }
}

/// Properties of [`Results`].
#[derive(Properties, PartialEq)]
pub struct ResultsProps {
    /// The finished run's report.
    pub report: Rc<Report>,
}

/// Everything a finished run produced.
#[component]
pub fn Results(props: &ResultsProps) -> Html {
    let r = &props.report;
    let boards = use_memo(props.report.clone(), |r| numbered_deals(&r.deals));
    let text = use_memo(props.report.clone(), |r| r.text.clone());
    let (shown, cut) = shown_text(&r.text, TEXT_SHOWN);
    html! {
        <section class="panel ds-results" aria-labelledby="ds-results-heading" id="script-results"
            data-generated={r.generated.to_string()} data-produced={r.produced.to_string()}>
            <h2 id="ds-results-heading">{"Results"}</h2>
            <p class="ds-counts" id="script-counts">
                { format!("{} deals generated, {} produced", format_number(r.generated), format_number(r.produced)) }
                if r.deals.len() as u64 != r.produced && !r.deals.is_empty() {
                    { format!(" ({} kept for diagrams and export)", format_number(r.deals.len() as u64)) }
                }
            </p>
            if !r.deals.is_empty() || !r.text.is_empty() {
                <Export boards={boards.clone()} text={text.clone()} />
            }
            if !r.averages.is_empty() { { averages_table(&r.averages) } }
            { for r.frequencies.iter().enumerate().map(|(i, f)| match &f.table {
                Some(t) => frequency_2d(i, &f.label, t),
                None => frequency_1d(i, f),
            }) }
            if !r.text.is_empty() {
                <h3>{"Output"}</h3>
                <pre class="ds-output" id="script-output">{ shown }</pre>
                if cut { <p class="notice">{"The output is longer than the page shows; the download has all of it."}</p> }
            }
            if !r.deals.is_empty() {
                <h3>{ format!("Deals ({})", r.deals.len()) }</h3>
                <Boards boards={boards} dealer={r.dealer} vulnerability={r.vulnerability} why={Rc::new(r.why.clone())} />
            }
        </section>
    }
}
