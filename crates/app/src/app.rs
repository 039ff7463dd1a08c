//! The route table and the page frame: top bar with the navigation, theme switch, and the
//! routed page below it.

use crate::pages;
use crate::theme::{Display, Theme};
use yew::prelude::*;
use yew_router::prelude::*;

/// Every page of the app. `/deal/:number` opens a deal by its (Pavlicek) number and
/// `/deal/bigdeal/:number` by its Big Deal number.
#[derive(Debug, Clone, PartialEq, Eq, Routable)]
pub enum Route {
    /// Overview of the tools.
    #[at("/")]
    Home,
    /// Deal a random board.
    #[at("/deal")]
    Deal,
    /// A deal by Pavlicek number.
    #[at("/deal/:number")]
    DealNumber {
        /// The deal number, decimal.
        number: String,
    },
    /// A deal by Big Deal (Kuipers) number.
    #[at("/deal/bigdeal/:number")]
    DealBigDealNumber {
        /// The deal number, decimal.
        number: String,
    },
    /// Constrained dealing.
    #[at("/constrain")]
    Constrain,
    /// Probability charts.
    #[at("/probability")]
    Probability,
    /// Scoring spreadsheet.
    #[at("/score")]
    Score,
    /// Tournament dealing and SquareDeal.
    #[at("/tournament")]
    Tournament,
    /// Board sets: import, browse, print.
    #[at("/boards")]
    Boards,
    /// Dealer scripts: edit, check, run.
    #[at("/script")]
    Script,
    /// The opening-lead simulator (inputs in the query string).
    #[at("/simulate")]
    Simulate,
    /// Suit combinations: the best line for one suit (`?n=AQ10x&s=xxx&target=3`).
    #[at("/suit")]
    Suit,
    /// The play viewer (a board from `?l=…`, a pasted link or a file; DD on every card).
    #[at("/view")]
    View,
    /// Anything else.
    #[not_found]
    #[at("/404")]
    NotFound,
}

/// One entry of the navigation bar.
pub struct NavItem {
    /// Where it goes.
    pub route: Route,
    /// The label.
    pub label: &'static str,
    /// What the page is for (the home page lists these).
    pub blurb: &'static str,
}

/// The navigation, in order; the home page and the top bar are both built from it.
pub fn nav_items() -> [NavItem; 10] {
    [
        NavItem {
            route: Route::Deal,
            label: "Deal",
            blurb: "One click, one random deal from your browser's secure generator; deal numbers in both mappings.",
        },
        NavItem {
            route: Route::Constrain,
            label: "Constrain",
            blurb: "Truly random deals that meet HCP, shape and predeal conditions, however rare.",
        },
        NavItem {
            route: Route::Probability,
            label: "Probability",
            blurb: "Exact suit splits, honour location and hand patterns, as charts you can project.",
        },
        NavItem {
            route: Route::Score,
            label: "Score",
            blurb: "Type results, get matchpoints, IMPs, Butler, cross-IMPs and VPs with rankings.",
        },
        NavItem {
            route: Route::Tournament,
            label: "Tournament",
            blurb: "Big Deal-identical files for dealing machines; SquareDeal commit, deal and verify.",
        },
        NavItem {
            route: Route::Boards,
            label: "Board sets",
            blurb: "Open PBN and LIN files, browse boards, export and print hand records.",
        },
        NavItem {
            route: Route::Script,
            label: "Script",
            blurb: "Run dealer scripts (BBO's language) unchanged: checked as you type, with charts of averages and frequencies.",
        },
        NavItem {
            route: Route::Simulate,
            label: "Simulate",
            blurb: "Which opening lead, which contract: double dummy over deals that fit the auction, with 95 % intervals.",
        },
        NavItem {
            route: Route::View,
            label: "Play",
            blurb: "Step through a board's play with the double-dummy result of every card, or play it out; share it as a link or QR code.",
        },
        NavItem {
            route: Route::Suit,
            label: "Suit play",
            blurb: "The best way to play a suit combination, found by exhaustive search, with its exact chance.",
        },
    ]
}

fn is_active(current: &Option<Route>, item: &Route) -> bool {
    matches!(
        (current, item),
        (
            Some(Route::Deal | Route::DealNumber { .. } | Route::DealBigDealNumber { .. }),
            Route::Deal
        )
    ) || current.as_ref() == Some(item)
}

#[component]
fn TopBar(props: &TopBarProps) -> Html {
    let current = use_route::<Route>();
    let on_theme = {
        let on_toggle = props.on_toggle_theme.clone();
        Callback::from(move |_: MouseEvent| on_toggle.emit(()))
    };
    let on_display = {
        let on_toggle = props.on_toggle_display.clone();
        Callback::from(move |_: MouseEvent| on_toggle.emit(()))
    };
    let theme_label = match props.theme {
        Theme::Light => "Dark theme",
        Theme::Dark => "Light theme",
    };
    html! {
        <header class="topbar">
            <Link<Route> to={Route::Home} classes="brand">
                <span class="brand-mark" aria-hidden="true">{"♠"}</span>{"Fair Deal"}
            </Link<Route>>
            <nav class="topnav" aria-label="Main">
                { for nav_items().into_iter().map(|item| {
                    let active = is_active(&current, &item.route);
                    html! {
                        <Link<Route> to={item.route.clone()} classes={classes!("navlink", active.then_some("active"))}>
                            { item.label }
                        </Link<Route>>
                    }
                }) }
            </nav>
            <button type="button" class="theme-toggle" id="display-toggle" onclick={on_display}
                aria-pressed={(props.display == Display::Projector).to_string()}
                aria-label="Projector display: high contrast, large cards" title="Projector display">
                <span aria-hidden="true" class="display-mark">{"A"}<small>{"a"}</small></span>
            </button>
            <button type="button" class="theme-toggle" id="theme-toggle" onclick={on_theme}
                aria-label={theme_label} title={theme_label}>
                { if props.theme == Theme::Light { "☾" } else { "☀" } }
            </button>
        </header>
    }
}

#[derive(Properties, PartialEq)]
struct TopBarProps {
    theme: Theme,
    on_toggle_theme: Callback<()>,
    display: Display,
    on_toggle_display: Callback<()>,
}

fn switch(route: Route) -> Html {
    match route {
        Route::Home => html! { <pages::home::HomePage /> },
        Route::Deal => html! { <pages::deal::DealPage /> },
        Route::DealNumber { number } => html! { <pages::deal::DealPage number={Some(number)} /> },
        Route::DealBigDealNumber { number } => {
            html! { <pages::deal::DealPage number={Some(number)} bigdeal=true /> }
        }
        Route::Constrain => html! { <pages::constrain::ConstrainPage /> },
        Route::Probability => html! { <pages::probability::ProbabilityPage /> },
        Route::Score => html! { <pages::score::ScorePage /> },
        Route::Tournament => html! { <pages::tournament::TournamentPage /> },
        Route::Boards => html! { <pages::boards::BoardsPage /> },
        Route::Script => html! { <pages::script::ScriptPage /> },
        Route::Simulate => html! { <pages::simulate::SimulatePage /> },
        Route::Suit => html! { <pages::suit::SuitPage /> },
        Route::View => html! { <pages::viewer::ViewerPage /> },
        Route::NotFound => html! { <pages::not_found::NotFoundPage /> },
    }
}

/// The whole app: router, frame and pages.
#[component]
pub fn App() -> Html {
    let theme = use_state(Theme::initial);
    {
        let theme = *theme;
        use_effect_with(theme, move |t| t.apply(false));
    }
    let on_toggle_theme = {
        let theme = theme.clone();
        Callback::from(move |()| {
            let next = theme.toggled();
            next.apply(true);
            theme.set(next);
        })
    };
    let display = use_state(Display::initial);
    {
        let display = *display;
        use_effect_with(display, move |d| d.apply(false));
    }
    let on_toggle_display = {
        let display = display.clone();
        Callback::from(move |()| {
            let next = display.toggled();
            next.apply(true);
            display.set(next);
        })
    };
    html! {
        <BrowserRouter>
            <a class="skip-link" href="#main">{"Skip to content"}</a>
            <TopBar theme={*theme} {on_toggle_theme} display={*display} {on_toggle_display} />
            <main id="main" class="page" tabindex="-1">
                <Switch<Route> render={switch} />
            </main>
        </BrowserRouter>
    }
}
