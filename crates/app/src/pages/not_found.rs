//! The page for unknown addresses.

use crate::app::Route;
use yew::prelude::*;
use yew_router::prelude::*;

/// Shown for any address the app does not know.
#[component]
pub fn NotFoundPage() -> Html {
    html! {
        <div class="notfound-page">
            <h1>{"Page not found"}</h1>
            <p>{"There is no page at this address. "}<Link<Route> to={Route::Home}>{"Go to the start page"}</Link<Route>>{"."}</p>
        </div>
    }
}
