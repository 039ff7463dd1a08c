//! The language reference panel: every entry of `fairdeal_script::REFERENCE` (the table the
//! parser itself uses), searchable by any words of name, kind, signature or description
//! ([`super::state::filter_reference`]). Pressing an entry's name inserts it at the
//! editor's cursor.

use super::state::filter_reference;
use fairdeal_script::REFERENCE;
use yew::prelude::*;

/// Properties of [`ReferencePanel`].
#[derive(Properties, PartialEq)]
pub struct ReferenceProps {
    /// Called with a word to insert into the script.
    pub on_insert: Callback<&'static str>,
}

/// The searchable reference.
#[component]
pub fn ReferencePanel(props: &ReferenceProps) -> Html {
    let query = use_state(String::new);
    let on_search = {
        let query = query.clone();
        Callback::from(move |e: InputEvent| {
            let el: web_sys::HtmlInputElement = e.target_unchecked_into();
            query.set(el.value());
        })
    };
    let list = filter_reference(&query);
    html! {
        <aside class="ds-reference" aria-labelledby="ds-ref-heading">
            <h2 id="ds-ref-heading">{"Language reference"}</h2>
            <input type="search" id="script-ref-search" placeholder="Search: hcp, shape, average…"
                aria-label="Search the reference" value={(*query).clone()} oninput={on_search} autocomplete="off" />
            <p class="ds-ref-count" id="script-ref-count">{ format!("{} of {} entries", list.len(), REFERENCE.len()) }</p>
            <dl class="ds-ref-list" id="script-reference">
                { for list.into_iter().map(|k| {
                    let on_insert = props.on_insert.clone();
                    let name = k.name;
                    html! {
                        <div class="ds-ref-entry" data-name={k.name} data-kind={k.kind}>
                            <dt>
                                <button type="button" class="ds-ref-name" title="Insert at the cursor"
                                    onclick={Callback::from(move |_: MouseEvent| on_insert.emit(name))}>{ k.name }</button>
                                <span class="ds-ref-kind">{ k.kind }</span>
                            </dt>
                            <dd>
                                <code class="ds-ref-sig">{ k.signature }</code>
                                <p>{ k.doc }</p>
                            </dd>
                        </div>
                    }
                }) }
            </dl>
        </aside>
    }
}
