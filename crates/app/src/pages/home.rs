//! The home page: what each tool is for, built from the same table as the navigation.

use crate::app::{nav_items, Route};
use yew::prelude::*;
use yew_router::prelude::*;

/// The home page.
#[component]
pub fn HomePage() -> Html {
    html! {
        <div class="home-page">
            <h1>{"Fair Deal"}</h1>
            <p class="lead">{"A bridge workbench: secure dealing, exact probabilities and scoring, in your browser and offline."}</p>
            <ul class="tool-grid">
                { for nav_items().into_iter().map(|item| html! {
                    <li class="tool-card">
                        <Link<Route> to={item.route.clone()} classes="tool-link">
                            <h2>{ item.label }</h2>
                            <p>{ item.blurb }</p>
                        </Link<Route>>
                    </li>
                }) }
            </ul>
        </div>
    }
}
