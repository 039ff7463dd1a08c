//! The Probability page. Its tool is not in this build yet; the page says so plainly and
//! describes what it will do, so the route and the navigation are already in place.

use yew::prelude::*;

/// The Probability page.
#[component]
pub fn ProbabilityPage() -> Html {
    html! {
        <div class="probability-page">
            <h1>{"Probability"}</h1>
            <p class="lead">{"Exact suit splits, honour location, vacant places, hand patterns and HCP distributions as projector-ready charts."}</p>
            <p class="notice" role="status">{"This tool is not available in this version of Fair Deal yet."}</p>
        </div>
    }
}
