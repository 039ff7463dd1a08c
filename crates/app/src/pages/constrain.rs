//! The Constrained dealing page. Its tool is not in this build yet; the page says so plainly and
//! describes what it will do, so the route and the navigation are already in place.

use yew::prelude::*;

/// The Constrained dealing page.
#[component]
pub fn ConstrainPage() -> Html {
    html! {
        <div class="constrain-page">
            <h1>{"Constrained dealing"}</h1>
            <p class="lead">{"Truly random deals under HCP, shape and predeal conditions — the same distribution as dealing until one fits, but instant however rare the condition."}</p>
            <p class="notice" role="status">{"This tool is not available in this version of Fair Deal yet."}</p>
        </div>
    }
}
