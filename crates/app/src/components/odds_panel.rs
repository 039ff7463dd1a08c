//! `OddsPanel`: the odds during the play — each suit's unseen cards between declarer's two
//! opponents and where every unseen honour is, as exact fractions — for a deal, its declarer
//! and the cards played so far (`fairdeal_prob::at_table`, what `fairdeal odds` prints).
//! Recomputed when the props change (the exact count is a few small generating functions:
//! milliseconds, so it runs on the page thread). "West" in the charts is declarer's
//! left-hand opponent; the panel names the real seats.

use fairdeal_model::{Card, Deal, Seat, Suit};
use fairdeal_prob::at_table::Position;
use fairdeal_prob::{Chart, HcpRange, LengthRange};
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
    /// What the auction showed, if anything: each opponent's length range per suit
    /// (♠ ♥ ♦ ♣; left-hand opponent first) and HCP range, as dealt.
    #[prop_or_default]
    pub auction: Option<([[LengthRange; 4]; 2], [HcpRange; 2])>,
}

/// The charts of the position (splits ♠ to ♣, then the honours) or the reason there are none.
pub fn odds_charts(props: &OddsPanelProps) -> Result<Vec<Chart>, String> {
    let mut p = Position::from_play(&props.deal, props.declarer, &props.played)
        .map_err(|e| e.to_string())?;
    if let Some((lengths, hcp)) = props.auction {
        p.west_lengths = lengths[0];
        p.east_lengths = lengths[1];
        p.west_hcp = hcp[0];
        p.east_hcp = hcp[1];
    }
    let mut out = Vec::new();
    for suit in Suit::ALL {
        out.push(p.split_chart(suit).map_err(|e| e.to_string())?);
    }
    out.push(p.honour_chart().map_err(|e| e.to_string())?);
    Ok(out)
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
    let charts = use_memo(props.clone(), odds_charts);
    let d = props.declarer;
    html! {
        <section class="odds-panel" aria-labelledby="odds-h" data-played={props.played.len().to_string()}>
            <h2 id="odds-h">{ "Odds now" }</h2>
            <p class="odds-note">{ format!(
                "From declarer's seat after {} card{}: \"West\" is {} (declarer's left), \"East\" is {}. Exact fractions over every layout of the unseen cards.",
                props.played.len(), if props.played.len() == 1 { "" } else { "s" },
                d.lho().name(), d.rho().name()) }</p>
            { match &*charts {
                Ok(charts) => html! {
                    <div class="odds-charts">{ for charts.iter().enumerate().map(|(i, c)| chart_table(c, i)) }</div>
                },
                Err(m) => html! { <p class="odds-error" role="alert">{ m.clone() }</p> },
            } }
        </section>
    }
}
