//! "Send to Board sets": a small button for the pages that deal (Deal, Tournament,
//! Constrain). It stores the page's boards as a new set ([`crate::board_sets`]) and opens
//! the Board sets page, which shows that set.
//!
//! Panic policy: nothing here panics; a storage failure is shown next to the button.

use crate::app::Route;
use crate::board_sets::{boards_from_deals, send_to_board_sets};
use fairdeal_model::Deal;
use std::rc::Rc;
use yew::prelude::*;
use yew_router::prelude::*;

/// Properties of [`SendToBoardSets`].
#[derive(Properties, PartialEq)]
pub struct SendToBoardSetsProps {
    /// Name of the new set.
    pub name: AttrValue,
    /// The boards as `(number, deal)`; standard dealer and vulnerability are added.
    pub deals: Rc<Vec<(u32, Deal)>>,
    /// Event name written into the boards, if any.
    #[prop_or_default]
    pub event: Option<AttrValue>,
}

/// The button.
#[component]
pub fn SendToBoardSets(props: &SendToBoardSetsProps) -> Html {
    let navigator = use_navigator();
    let error = use_state(|| None::<String>);
    let onclick = {
        let (deals, name, event, error) = (
            props.deals.clone(),
            props.name.clone(),
            props.event.clone(),
            error.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let boards = boards_from_deals(&deals, event.as_deref());
            match send_to_board_sets(&name, boards) {
                Ok(_) => {
                    if let Some(nav) = &navigator {
                        nav.push(&Route::Boards);
                    }
                }
                Err(e) => error.set(Some(e)),
            }
        })
    };
    html! {
        <>
            <button type="button" class="bs-send" {onclick} disabled={props.deals.is_empty()}
                title="Keep these boards as a set on the Board sets page (print, export, double dummy)">
                {"Send to Board sets"}
            </button>
            if let Some(msg) = error.as_ref() { <span class="error" role="alert">{ msg }</span> }
        </>
    }
}
