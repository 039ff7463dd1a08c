//! The Tournament page. Its tool is not in this build yet; the page says so plainly and
//! describes what it will do, so the route and the navigation are already in place.

use yew::prelude::*;

/// The Tournament page.
#[component]
pub fn TournamentPage() -> Html {
    html! {
        <div class="tournament-page">
            <h1>{"Tournament"}</h1>
            <p class="lead">{"Deal a session for dealing machines in every Big Deal format, and run SquareDeal: publish a commitment, deal later, let anyone verify."}</p>
            <p class="notice" role="status">{"This tool is not available in this version of Fair Deal yet."}</p>
        </div>
    }
}
