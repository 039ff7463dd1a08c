//! `OddsPanel`: the odds during the play — each suit's unseen cards between declarer's two
//! opponents and where every unseen honour is, as exact fractions — for a deal, its declarer
//! and the cards played so far (`fairdeal_prob::at_table`, what `fairdeal odds` prints).
//! Recomputed when the props change (the exact count is a few small generating functions:
//! milliseconds, so it runs on the page thread). The charts name the opponents by seat; two
//! text boxes take what each showed in the auction (`hcp 11-15, spades 5+`).

use fairdeal_model::{Card, Deal, Seat};
use fairdeal_prob::at_table::{Position, Shown};
use fairdeal_prob::Chart;
use yew::prelude::*;

/// Props of [`OddsPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct OddsPanelProps {
    /// The deal.
    pub deal: Deal,
    /// Declarer.
    pub declarer: Seat,
    /// The cards played so far, in order from the opening lead.
    pub played: Vec<Card>,
}

/// The charts of the position (splits ♠ to ♣, then the honours), with what each opponent
/// showed in the auction (declarer's left-hand one first, as typed), or the reason there
/// are none.
pub fn odds_charts(props: &OddsPanelProps, shown: &[String; 2]) -> Result<Vec<Chart>, String> {
    let mut p = Position::from_play(&props.deal, props.declarer, &props.played)
        .map_err(|e| e.to_string())?;
    for (i, (text, who)) in shown.iter().zip(["Left-hand", "Right-hand"]).enumerate() {
        let s = Shown::parse(text).map_err(|e| format!("{who} opponent showed: {e}"))?;
        p.show(i == 0, &s);
    }
    p.charts().map_err(|e| e.to_string())
}

fn chart_table(chart: &Chart, i: usize) -> Html {
    html! {
        <table class="odds-table" data-chart={i.to_string()}>
            <caption>{ chart.title.clone() }</caption>
            <tbody>
            { for chart.rows.iter().map(|r| html! {
                <tr>
                    <th scope="row">{ r.label.clone() }</th>
                    <td class="odds-fraction">{ r.probability.to_string() }</td>
                    <td class="odds-percent">{ format!("{} %", r.percent) }</td>
                </tr>
            }) }
            </tbody>
        </table>
    }
}

/// The odds panel.
#[component]
pub fn OddsPanel(props: &OddsPanelProps) -> Html {
    let shown = use_state(|| [String::new(), String::new()]);
    let charts = use_memo((props.clone(), (*shown).clone()), |(p, s)| {
        odds_charts(p, s)
    });
    let d = props.declarer;
    let input = |i: usize, id: &'static str, seat: Seat| {
        let value = shown[i].clone();
        let shown = shown.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut next = (*shown).clone();
            next[i] = el.value();
            shown.set(next);
        });
        html! {
            <label class="odds-shown">
                { format!("{} showed", seat.name()) }
                <input id={id} type="text" spellcheck="false" placeholder="e.g. hcp 11-15, spades 5+"
                    {value} {oninput} />
            </label>
        }
    };
    html! {
        <section class="odds-panel" aria-labelledby="odds-h" data-played={props.played.len().to_string()}>
            <h2 id="odds-h">{ "Odds now" }</h2>
            <p class="odds-note">{ format!(
                "From declarer's seat after {} card{} ({} on declarer's left, {} on the right): exact fractions over every layout of the unseen cards that fits what the auction showed.",
                props.played.len(), if props.played.len() == 1 { "" } else { "s" },
                d.lho().name(), d.rho().name()) }</p>
            <div class="odds-auction" role="group" aria-label="What the auction showed">
                { input(0, "odds-lho", d.lho()) }
                { input(1, "odds-rho", d.rho()) }
            </div>
            { match &*charts {
                Ok(charts) => html! {
                    <div class="odds-charts">{ for charts.iter().enumerate().map(|(i, c)| chart_table(c, i)) }</div>
                },
                Err(m) => html! { <p class="odds-error" role="alert">{ m.clone() }</p> },
            } }
        </section>
    }
}
