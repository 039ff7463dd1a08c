//! Read-only result tables: rankings per method side by side (ties shown `3=`), travellers
//! per board, and the teams standings and matches.
//!
//! Element ids: `rank-<method name>` (e.g. `rank-mp`, `rank-butler`), `traveller`,
//! `team-standings`, `team-matches`.

use super::model::Scored;
use fairdeal_scoring::{
    Column, Direction, Event, EventScore, Method, Outcome, RankBasis, Standing, METHODS,
};
use std::rc::Rc;
use yew::prelude::*;

/// A ranking score as printed.
pub fn score_text(basis: RankBasis, v: f64) -> String {
    match basis {
        RankBasis::Percent => format!("{v:.2}%"),
        RankBasis::TotalImps => format!("{v:+.1}"),
        RankBasis::ImpsPerBoard => format!("{v:+.2}/bd"),
        RankBasis::TotalVp => format!("{v:.2}"),
    }
}

fn standings_rows(list: &[Standing], basis: RankBasis) -> Html {
    let mut last_dir: Option<Option<Direction>> = None;
    list.iter()
        .map(|s| {
            let head = (last_dir != Some(s.direction) && s.direction.is_some()).then(|| {
                html! { <tr class="sc-dirhead"><th colspan="3">{ s.direction.map(|d| d.text()).unwrap_or("") }</th></tr> }
            });
            last_dir = Some(s.direction);
            html! {
                <>
                    { for head }
                    <tr data-pair={s.pair.clone()}>
                        <td class="sc-rank">{ s.rank_text() }</td>
                        <td>{ s.pair.clone() }</td>
                        <td class="sc-numcell">{ score_text(basis, s.score) }</td>
                    </tr>
                </>
            }
        })
        .collect()
}

/// Props of [`Rankings`].
#[derive(Properties, PartialEq)]
pub struct RankingsProps {
    /// The scores.
    pub scored: Rc<Scored>,
}

/// Every method's ranking side by side (pairs), or the teams standings and matches.
#[component]
pub fn Rankings(props: &RankingsProps) -> Html {
    let s = &props.scored;
    if !s.team_standings.is_empty() || !s.matches.is_empty() {
        return html! {
            <div class="sc-rankings">
                <table class="sc-table" id="team-standings">
                    <caption>{"Standings (VP)"}</caption>
                    <thead><tr><th>{"Rank"}</th><th>{"Team"}</th><th>{"VP"}</th></tr></thead>
                    <tbody>{ standings_rows(&s.team_standings, RankBasis::TotalVp) }</tbody>
                </table>
                <table class="sc-table" id="team-matches">
                    <caption>{"Matches"}</caption>
                    <thead><tr><th>{"Home"}</th><th>{"Away"}</th><th>{"Boards"}</th><th>{"IMPs"}</th><th>{"VPs"}</th></tr></thead>
                    <tbody>
                        { for s.matches.iter().map(|m| html! {
                            <tr>
                                <td>{ m.m.home.clone() }</td><td>{ m.m.away.clone() }</td>
                                <td class="sc-numcell">{ m.m.boards }</td>
                                <td class="sc-numcell">{ format!("{}–{}", m.m.home_imps, m.m.away_imps) }</td>
                                <td class="sc-numcell">{ format!("{:.2}–{:.2}", m.vp.0, m.vp.1) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
        };
    }
    if s.rankings.iter().all(|r| r.score.standings.is_empty()) {
        return html! { <p class="sc-empty" id="rank-empty">{"No results yet: rankings appear as you type."}</p> };
    }
    html! {
        <div class="sc-rankings">
            { for s.rankings.iter().map(|r| {
                let info = r.method.info();
                html! {
                    <table class="sc-table sc-ranking" id={format!("rank-{}", info.name)}>
                        <caption title={info.help}>{ info.title }</caption>
                        <thead><tr><th>{"Rank"}</th><th>{"Pair"}</th><th>{ info.unit }</th></tr></thead>
                        <tbody>{ standings_rows(&r.score.standings, r.score.basis) }</tbody>
                    </table>
                }
            }) }
        </div>
    }
}

/// Props of [`Traveller`].
#[derive(Properties, PartialEq)]
pub struct TravellerProps {
    /// The event (for the typed cells).
    pub event: Rc<Event>,
    /// The scores.
    pub scored: Rc<Scored>,
    /// The board shown.
    pub board: u32,
}

fn points_of(score: Option<&EventScore>, row: usize) -> Option<(f64, f64, Option<f64>)> {
    score?
        .results
        .iter()
        .find(|p| p.row == row)
        .map(|p| (p.ns_points, p.ew_points, p.ns_percent))
}

/// One board's results with their points under each method.
#[component]
pub fn Traveller(props: &TravellerProps) -> Html {
    let s = &props.scored;
    let teams = !s.matches.is_empty() || !s.team_imps.is_empty();
    let mp = s.ranking(Method::Matchpoints);
    let butler = s.ranking(Method::Butler);
    let cross = s.ranking(Method::CrossImps);
    let lines = s.results.iter().filter(|r| r.board == props.board).map(|r| {
        let row = props.event.rows.get(r.row).cloned().unwrap_or_default();
        let (contract, by, result) = match r.outcome {
            Outcome::Played { .. } => (
                Column::Contract.cell(&row).to_uppercase(),
                Column::Declarer.cell(&row).to_uppercase(),
                Column::Result.cell(&row).to_string(),
            ),
            Outcome::Score => ("—".into(), String::new(), String::new()),
            Outcome::Artificial { .. } => (row.adj.clone(), String::new(), String::new()),
            Outcome::NotPlayed => ("not played".into(), String::new(), String::new()),
        };
        let (sn, se) = match r.ns_score {
            Some(v) if v >= 0 => (v.to_string(), String::new()),
            Some(v) => (String::new(), (-v).to_string()),
            None => (String::new(), String::new()),
        };
        let m = points_of(mp, r.row);
        let b = points_of(butler, r.row);
        let x = points_of(cross, r.row);
        let imps = s.team_imps.get(&r.row).map(|i| format!("{i:+}"));
        let field = s.team_field.get(&r.row);
        html! {
            <tr>
                <td>{ r.ns.clone() }</td><td>{ r.ew.clone() }</td>
                <td>{ contract }</td><td>{ by }</td><td>{ result }</td>
                <td>{ row.lead.trim().to_uppercase() }</td>
                <td class="sc-numcell">{ sn }</td><td class="sc-numcell">{ se }</td>
                if teams {
                    <td class="sc-numcell">{ imps.unwrap_or_default() }</td>
                    <td class="sc-numcell">{ field.map(|f| format!("{:.0}%", f.ns_percent)).unwrap_or_default() }</td>
                    <td class="sc-numcell">{ field.map(|f| format!("{:+}", f.butler)).unwrap_or_default() }</td>
                } else {
                    <td class="sc-numcell">{ m.map(|p| format!("{:.1}", p.0)).unwrap_or_default() }</td>
                    <td class="sc-numcell">{ m.map(|p| format!("{:.1}", p.1)).unwrap_or_default() }</td>
                    <td class="sc-numcell">{ m.and_then(|p| p.2).map(|v| format!("{v:.0}%")).unwrap_or_default() }</td>
                    <td class="sc-numcell">{ b.map(|p| format!("{:+}", p.0)).unwrap_or_default() }</td>
                    <td class="sc-numcell">{ x.map(|p| format!("{:+.2}", p.0)).unwrap_or_default() }</td>
                }
            </tr>
        }
    });
    html! {
        <div class="sc-table-wrap">
            <table class="sc-table" id="traveller">
                <caption>{ format!("Board {}", props.board) }</caption>
                <thead>
                    <tr>
                        <th>{"NS"}</th><th>{"EW"}</th><th>{"Contract"}</th><th>{"By"}</th><th>{"Result"}</th><th>{"Lead"}</th>
                        <th>{"+NS"}</th><th>{"+EW"}</th>
                        if teams {
                            <th title="IMPs to the home team (lower number) from this room against the other">{"IMPs"}</th>
                            <th title="NS matchpoint percentage against every table that played the board">{"Field NS %"}</th>
                            <th title="Butler IMPs to NS against the board's datum over every table">{"Field Butler"}</th>
                        } else {
                            <th>{"MP NS"}</th><th>{"MP EW"}</th><th>{"NS %"}</th>
                            <th title="Butler IMPs to NS">{"Butler"}</th><th title="Cross-IMPs to NS">{"X-IMPs"}</th>
                        }
                    </tr>
                </thead>
                <tbody>{ for lines }</tbody>
            </table>
        </div>
    }
}

/// The method titles, for chart captions.
pub fn method_title(m: Method) -> &'static str {
    match METHODS.iter().find(|x| x.method == m) {
        Some(x) => x.name,
        None => "",
    }
}
