//! The Scoring page. Its tool is not in this build yet; the page says so plainly and
//! describes what it will do, so the route and the navigation are already in place.

use yew::prelude::*;

/// The Scoring page.
#[component]
pub fn ScorePage() -> Html {
    html! {
        <div class="score-page">
            <h1>{"Scoring"}</h1>
            <p class="lead">{"A scoring spreadsheet: contracts to scores to matchpoints, IMPs (Butler, cross-IMPs) and VPs, with rankings and charts."}</p>
            <p class="notice" role="status">{"This tool is not available in this version of Fair Deal yet."}</p>
        </div>
    }
}
