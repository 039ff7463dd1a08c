//! The Board sets page: hand records in and out.
//!
//! * Open PBN or LIN files with the file picker or by dropping them on the page; every file
//!   becomes a stored set ([`crate::board_sets`]) and opens. What the reader could not read is
//!   listed under the file with its line and tag; the rest of the file is still imported.
//! * The stored sets are listed (open, delete); a set sent from the Deal, Tournament or
//!   Constrain page opens on arrival.
//! * The open set ([`view::SetView`]): browse boards as hand diagrams, show or hide seats, copy
//!   a board as PBN, solve the whole set double dummy, export in any format, print hand
//!   records or practice sheets.
//!
//! Panic policy: no input reaches a panic; failures become messages on the page.

pub mod print;
pub mod send;
pub mod state;
pub mod view;

use crate::board_sets::{self, SetMeta};
use fairdeal_interop::Board;
use gloo_file::callbacks::FileReader;
use std::rc::Rc;
use yew::prelude::*;

/// The set being shown.
#[derive(Debug, Clone, PartialEq)]
pub struct OpenSet {
    /// Storage id.
    pub id: String,
    /// Name.
    pub name: String,
    /// The boards.
    pub boards: Rc<Vec<Board>>,
}

/// What the last import said, per file.
#[derive(Debug, Clone, PartialEq)]
struct ImportReport {
    name: String,
    boards: usize,
    problems: Vec<String>,
}

/// Reads every file in `files`, calling `on_file(name, bytes)` for each as it arrives.
fn read_files(
    files: web_sys::FileList,
    readers: Rc<std::cell::RefCell<Vec<FileReader>>>,
    on_file: Callback<(String, Vec<u8>)>,
) {
    for i in 0..files.length() {
        let Some(file) = files.get(i) else { continue };
        let file = gloo_file::File::from(file);
        let name = file.name();
        let on_file = on_file.clone();
        let reader = gloo_file::callbacks::read_as_bytes(&file, move |res| {
            if let Ok(bytes) = res {
                on_file.emit((name, bytes));
            }
        });
        readers.borrow_mut().push(reader);
    }
}

/// The Board sets page.
#[component]
pub fn BoardsPage() -> Html {
    let sets = use_state(board_sets::list);
    let open = use_state(|| None::<OpenSet>);
    let reports = use_state(Vec::<ImportReport>::new);
    let error = use_state(|| None::<String>);
    let dragging = use_state(|| false);
    let readers = use_mut_ref(Vec::<FileReader>::new);

    {
        // A set sent from another page opens on arrival.
        let open = open.clone();
        use_effect_with((), move |_| {
            if let Some(id) = board_sets::take_pending() {
                let meta = board_sets::list().into_iter().find(|m| m.id == id);
                if let (Some(meta), Some(boards)) = (meta, board_sets::load(&id)) {
                    open.set(Some(OpenSet {
                        id,
                        name: meta.name,
                        boards: Rc::new(boards),
                    }));
                }
            }
        });
    }

    let on_file = {
        let (sets, open, reports, error) =
            (sets.clone(), open.clone(), reports.clone(), error.clone());
        Callback::from(move |(name, bytes): (String, Vec<u8>)| {
            let got = state::import(&name, &bytes);
            let mut list = (*reports).clone();
            list.retain(|r| r.name != name);
            list.push(ImportReport {
                name: name.clone(),
                boards: got.boards.len(),
                problems: got.problems.clone(),
            });
            reports.set(list);
            if got.boards.is_empty() {
                return;
            }
            match board_sets::save(&name, &got.boards) {
                Ok(meta) => {
                    error.set(None);
                    open.set(Some(OpenSet {
                        id: meta.id,
                        name,
                        boards: Rc::new(got.boards),
                    }));
                }
                Err(e) => {
                    error.set(Some(e));
                    open.set(Some(OpenSet {
                        id: String::new(),
                        name,
                        boards: Rc::new(got.boards),
                    }));
                }
            }
            sets.set(board_sets::list());
        })
    };

    let on_pick = {
        let (readers, on_file, reports) = (readers.clone(), on_file.clone(), reports.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(files) = input.files() {
                reports.set(Vec::new());
                read_files(files, readers.clone(), on_file.clone());
            }
            input.set_value("");
        })
    };
    let on_dragover = {
        let dragging = dragging.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            if !*dragging {
                dragging.set(true);
            }
        })
    };
    let on_dragleave = {
        let dragging = dragging.clone();
        Callback::from(move |_: DragEvent| dragging.set(false))
    };
    let on_drop = {
        let (readers, on_file, dragging, reports) = (
            readers.clone(),
            on_file.clone(),
            dragging.clone(),
            reports.clone(),
        );
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            dragging.set(false);
            if let Some(files) = e.data_transfer().and_then(|d| d.files()) {
                reports.set(Vec::new());
                read_files(files, readers.clone(), on_file.clone());
            }
        })
    };

    let on_update = {
        let (open, sets, error) = (open.clone(), sets.clone(), error.clone());
        Callback::from(move |boards: Vec<Board>| {
            if let Some(cur) = (*open).clone() {
                if !cur.id.is_empty() {
                    if let Err(e) = board_sets::update(&cur.id, &boards) {
                        error.set(Some(e));
                    }
                }
                open.set(Some(OpenSet {
                    boards: Rc::new(boards),
                    ..cur
                }));
                sets.set(board_sets::list());
            }
        })
    };

    let set_item = |m: &SetMeta| {
        let on_open = {
            let (open, error, m) = (open.clone(), error.clone(), m.clone());
            Callback::from(move |_: MouseEvent| match board_sets::load(&m.id) {
                Some(boards) => open.set(Some(OpenSet {
                    id: m.id.clone(),
                    name: m.name.clone(),
                    boards: Rc::new(boards),
                })),
                None => error.set(Some(format!("the set {:?} is no longer stored", m.name))),
            })
        };
        let on_delete = {
            let (open, sets, error, id) = (open.clone(), sets.clone(), error.clone(), m.id.clone());
            Callback::from(move |_: MouseEvent| {
                if let Err(e) = board_sets::delete(&id) {
                    error.set(Some(e));
                }
                if open.as_ref().is_some_and(|o| o.id == id) {
                    open.set(None);
                }
                sets.set(board_sets::list());
            })
        };
        let current = open.as_ref().is_some_and(|o| o.id == m.id);
        html! {
            <li class={classes!("bs-set", current.then_some("bs-current"))} data-set={m.id.clone()}>
                <button type="button" class="bs-set-open" onclick={on_open}
                    aria-current={current.then_some("true")}>{ m.name.clone() }</button>
                <span class="bs-set-count">{ format!("{} board{}", m.boards, if m.boards == 1 { "" } else { "s" }) }</span>
                <button type="button" class="bs-set-delete" aria-label={format!("Delete {}", m.name)}
                    onclick={on_delete}>{"Delete"}</button>
            </li>
        }
    };

    html! {
        <div class="boards-page">
            <h1>{"Board sets"}</h1>
            <p class="lead">{"Open PBN and LIN files, browse boards, show or hide seats, export to any format and print hand records or practice sheets."}</p>
            <section class={classes!("bs-drop", dragging.then_some("bs-dragging"))} id="bs-drop"
                ondragover={on_dragover} ondragleave={on_dragleave} ondrop={on_drop}
                aria-label="Open hand records">
                <p>{"Drop PBN or LIN files here, or "}
                    <label class="bs-pick">{"choose files"}
                        <input type="file" id="bs-file" multiple=true accept=".pbn,.lin,.txt" onchange={on_pick} />
                    </label>
                </p>
            </section>
            if let Some(msg) = error.as_ref() { <p class="error" role="alert" id="bs-error">{ msg }</p> }
            { for reports.iter().map(|r| html! {
                <section class="bs-report" data-file={r.name.clone()}>
                    <p class="bs-report-head">{ format!("{}: {} board{} read", r.name, r.boards, if r.boards == 1 { "" } else { "s" }) }
                        if !r.problems.is_empty() { { format!(", {} problem{}", r.problems.len(), if r.problems.len() == 1 { "" } else { "s" }) } }
                    </p>
                    if !r.problems.is_empty() {
                        <ul class="bs-problems">
                            { for r.problems.iter().map(|p| html! { <li>{ p }</li> }) }
                        </ul>
                    }
                </section>
            }) }
            <section class="bs-sets" aria-labelledby="bs-sets-title">
                <h2 id="bs-sets-title">{"Stored sets"}</h2>
                if sets.is_empty() {
                    <p class="muted">{"No sets yet: open a file, or send boards here from the Deal, Tournament or Constrain page."}</p>
                } else {
                    <ul class="bs-set-list">{ for sets.iter().map(set_item) }</ul>
                }
            </section>
            if let Some(set) = open.as_ref() {
                <view::SetView key={set.id.clone()} set={set.clone()} {on_update} />
            }
        </div>
    }
}
