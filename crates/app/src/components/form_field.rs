//! Binding a form held in a `use_state` handle to its fields: the value an input, select or
//! textarea event carries, and the callbacks that write it into the form (one field each).

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The value of the input, select or textarea an event comes from ("" for anything else).
pub fn value_of(e: &Event) -> String {
    e.target()
        .and_then(|t| {
            t.dyn_ref::<web_sys::HtmlInputElement>()
                .map(|i| i.value())
                .or_else(|| t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value()))
                .or_else(|| {
                    t.dyn_ref::<web_sys::HtmlTextAreaElement>()
                        .map(|s| s.value())
                })
        })
        .unwrap_or_default()
}

/// An `onchange` callback writing the field's value into the form with `write`.
pub fn on_change<F: Clone + 'static>(
    form: &UseStateHandle<F>,
    write: fn(&mut F, String),
) -> Callback<Event> {
    let form = form.clone();
    Callback::from(move |e: Event| {
        let mut next = (*form).clone();
        write(&mut next, value_of(&e));
        form.set(next);
    })
}

/// An `oninput` callback (every keystroke) doing what [`on_change`] does.
pub fn on_input<F: Clone + 'static>(
    form: &UseStateHandle<F>,
    write: fn(&mut F, String),
) -> Callback<InputEvent> {
    let change = on_change(form, write);
    Callback::from(move |e: InputEvent| change.emit(e.into()))
}
