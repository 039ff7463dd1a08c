//! The Board sets page. Its tool is not in this build yet; the page says so plainly and
//! describes what it will do, so the route and the navigation are already in place.

use yew::prelude::*;

/// The Board sets page.
#[component]
pub fn BoardsPage() -> Html {
    html! {
        <div class="boards-page">
            <h1>{"Board sets"}</h1>
            <p class="lead">{"Open PBN and LIN files, browse boards, show or hide seats, export to any format and print hand records."}</p>
            <p class="notice" role="status">{"This tool is not available in this version of Fair Deal yet."}</p>
        </div>
    }
}
