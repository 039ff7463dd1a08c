//! The Score page component: wires the reducer ([`super::state`]), storage
//! ([`super::persist`]), the grid, the tables and the charts together.
//!
//! Saving: every change bumps the reducer's `rev`; an effect writes the workbook to IndexedDB
//! and, when the write *completes*, dispatches `Saved`. The indicator (`#save-status`) says
//! "Saved" only then. On start the page lists the saved events and reopens the one open last.
//!
//! Element ids: `event-name`, `save-status`, `undo`, `redo`, `export-json`, `export-csv`,
//! `export-pbn`, `import-file`, `event-list`, `new-event`, `problems`, `board-select`.

use super::charts::{BoardBars, MethodBars, MethodSeries, RankScatter};
use super::export::{file_stem, results_csv, results_pbn};
use super::grid::{Grid, RowFigures};
use super::model::{score, Scored, Workbook};
use super::persist::{self, Listing, Summary};
use super::projector::{ScoreProjector, Slide};
use super::publish::PublishPanel;
use super::setup::{NewEvent, SetupForm};
use super::state::{Action, ScoreState};
use super::tables::{method_title, Rankings, Traveller};
use crate::browser;
use crate::download::download_bytes;
use fairdeal_scoring::read::read_results;
use fairdeal_scoring::{Method, Outcome, METHODS};
use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;
use wasm_bindgen_futures::spawn_local;
use yew::prelude::*;

impl Reducible for ScoreState {
    type Action = Action;

    /// Applies the action and, when the workbook changed, writes the write-ahead journal at
    /// once — Yew reduces synchronously inside the event handler, so the edit is in
    /// `localStorage` before the keystroke's handler returns, whatever happens to the tab next.
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        next.apply(action);
        if next == *self {
            self
        } else {
            // Only unsaved edits go to the journal (opening an event writes nothing).
            if next.book != self.book && !next.is_saved() {
                if let Some(book) = &next.book {
                    let mut journaled = book.clone();
                    journaled.updated = persist::now_ms();
                    next.journal_error = persist::journal_write(&journaled, next.base).err();
                }
            }
            Rc::new(next)
        }
    }
}

fn refresh_list(list: UseStateHandle<Listing>, message: UseStateHandle<Option<String>>) {
    spawn_local(async move {
        match persist::list().await {
            Ok(l) => list.set(l),
            Err(e) => message.set(Some(e)),
        }
    });
}

/// Writes a workbook recovered from the journal on top of stored revision `base`; the
/// workbook to open (with the revision it now has) or the message to show.
async fn finish_journal(mut book: Workbook, base: u64) -> Result<Workbook, String> {
    book.revision = persist::put(&book, base).await.map_err(|e| e.to_string())?;
    book.writer = persist::session_id();
    Ok(book)
}

/// Reads the saved event `id` (`Ok(None)`: not saved), calling `found` once storage has
/// it. The journal (written synchronously on every edit) wins over IndexedDB when it holds
/// an edit that never reached it; that write, which the closed tab could not finish, is
/// finished here.
async fn load_saved(id: &str, found: impl FnOnce()) -> Result<Option<Workbook>, String> {
    let journal = persist::journal_read(id);
    let Some(stored) = persist::get(id).await? else {
        return Ok(None);
    };
    found();
    let base = stored.revision;
    match persist::newer_of(stored, journal) {
        (book, true) => finish_journal(book, base).await.map(Some),
        (book, false) => Ok(Some(book)),
    }
}

/// Board `board`'s NS scores, labelled `NSvEW`, for its bar chart.
fn board_scores(scored: &Scored, board: u32) -> Vec<(String, i32)> {
    scored
        .results
        .iter()
        .filter(|r| r.board == board)
        .filter_map(|r| r.ns_score.map(|s| (format!("{}v{}", r.ns, r.ew), s)))
        .collect()
}

/// (entrant, rank under `x`, rank under `y`) of everyone ranked under both methods; empty
/// when either is not scored.
fn rank_points(scored: &Scored, x: Method, y: Method) -> Vec<(String, u32, u32)> {
    let (Some(x), Some(y)) = (scored.ranking(x), scored.ranking(y)) else {
        return Vec::new();
    };
    let ranks: HashMap<String, u32> = y.standings.iter().map(|s| (s.key(), s.rank)).collect();
    x.standings
        .iter()
        .filter_map(|s| ranks.get(&s.key()).map(|r| (s.key(), s.rank, *r)))
        .collect()
}

/// The Score page.
#[component]
pub fn ScorePage() -> Html {
    let state = use_reducer(ScoreState::default);
    let list = use_state(Listing::default);
    let persisted = use_state(|| None::<Option<bool>>);
    let next_base = use_mut_ref(|| (u64::MAX, 0u64));
    let loaded = use_state(|| false);
    let message = use_state(|| None::<String>);
    let board = use_state(|| None::<u32>);
    let projecting = use_state(|| false);

    // Start: ask for persistent storage, list the saved events and reopen the last one.
    {
        let (state, list, loaded, message, persisted) = (
            state.clone(),
            list.clone(),
            loaded.clone(),
            message.clone(),
            persisted.clone(),
        );
        use_effect_with((), move |_| {
            spawn_local(async move {
                persisted.set(Some(persist::request_persistence().await));
            });
            spawn_local(async move {
                match persist::list().await {
                    Ok(l) => {
                        let want = browser::storage_get(persist::CURRENT_KEY);
                        // An event created here whose first write never completed lives
                        // only in its journal (revision 0); a deleted one has no journal.
                        let unsaved = want
                            .as_deref()
                            .filter(|w| !l.events.iter().any(|s| s.id == *w))
                            .and_then(persist::journal_read)
                            .filter(|j| j.revision == 0);
                        if let Some(j) = unsaved {
                            match finish_journal(j, 0).await {
                                Ok(book) => state.dispatch(Action::Open(book)),
                                Err(e) => message.set(Some(e)),
                            }
                            refresh_list(list.clone(), message.clone());
                            loaded.set(true);
                            return;
                        }
                        let id = want
                            .filter(|w| l.events.iter().any(|s| &s.id == w))
                            .or_else(|| l.events.first().map(|s| s.id.clone()));
                        if let Some(id) = id {
                            match load_saved(&id, || {}).await {
                                Ok(Some(book)) => state.dispatch(Action::Open(book)),
                                Ok(None) => {}
                                Err(e) => message.set(Some(e)),
                            }
                        }
                        list.set(l);
                    }
                    Err(e) => message.set(Some(e)),
                }
                loaded.set(true);
            });
        });
    }

    // Other tabs: any write or delete of the open event by another tab makes this one stale.
    {
        let state = state.clone();
        let list = list.clone();
        let message = message.clone();
        use_effect_with((), move |_| {
            let listener = persist::Listener::start(move |a| {
                let text = if a.revision.is_none() {
                    "This event was deleted in another tab. Nothing typed here is saved."
                } else {
                    "This event was changed in another tab. Reload to see its rows; nothing typed here is saved."
                };
                state.dispatch(Action::Stale {
                    id: a.id,
                    message: text.to_string(),
                });
                refresh_list(list.clone(), message.clone());
            });
            move || drop(listener)
        });
    }

    // Save every change on top of the stored revision; "Saved" only after the write
    // completed. Writes are numbered as they are issued (IndexedDB runs them in order), so a
    // burst of edits never trips over its own revisions.
    {
        let id = state.book.as_ref().map(|b| b.id.clone());
        let rev = state.rev;
        let (state2, list) = (state.clone(), list.clone());
        let next_base = next_base.clone();
        use_effect_with((id, rev), move |(id, rev)| {
            if let (Some(id), Some(book), false, None) = (
                id.clone(),
                state2.book.clone(),
                state2.is_saved(),
                state2.stale.as_ref(),
            ) {
                let rev = *rev;
                let mut book = book;
                book.updated = persist::now_ms();
                browser::storage_set(persist::CURRENT_KEY, &id);
                let base = {
                    let mut nb = next_base.borrow_mut();
                    if nb.0 != state2.opening {
                        *nb = (state2.opening, state2.base);
                    }
                    let base = nb.1;
                    nb.1 += 1;
                    base
                };
                spawn_local(async move {
                    match persist::put(&book, base).await {
                        Ok(revision) => {
                            state2.dispatch(Action::Saved {
                                id: id.clone(),
                                rev,
                                revision,
                            });
                            let summary = Summary {
                                id: id.clone(),
                                name: book.event.name.clone(),
                                rows: book.event.rows.len(),
                                updated: book.updated,
                            };
                            let mut l = (*list).clone();
                            l.events.retain(|s| s.id != id);
                            l.events.insert(0, summary);
                            list.set(l);
                        }
                        Err(e @ persist::PutError::Stale { .. }) => {
                            state2.dispatch(Action::Stale {
                                id,
                                message: format!("Not saved: {e}."),
                            })
                        }
                        Err(e) => state2.dispatch(Action::SaveFailed {
                            id,
                            message: e.to_string(),
                        }),
                    }
                });
            }
        });
    }

    let on_action = {
        let state = state.clone();
        Callback::from(move |a: Action| state.dispatch(a))
    };
    let on_create = {
        let (state, board) = (state.clone(), board.clone());
        Callback::from(move |n: NewEvent| {
            board.set(None);
            state.dispatch(Action::Create(Workbook::new(
                persist::new_id(),
                n.name,
                Some(n.setup),
                n.rows,
            )));
        })
    };
    let open = {
        let (state, message, board) = (state.clone(), message.clone(), board.clone());
        Callback::from(move |id: String| {
            let (state, message) = (state.clone(), message.clone());
            board.set(None);
            spawn_local(async move {
                match load_saved(&id, || {
                    browser::storage_set(persist::CURRENT_KEY, &id);
                })
                .await
                {
                    Ok(Some(book)) => state.dispatch(Action::Open(book)),
                    Ok(None) => message.set(Some("that event is no longer saved".into())),
                    Err(e) => message.set(Some(e)),
                }
            });
        })
    };
    let delete = {
        let (state, list, message) = (state.clone(), list.clone(), message.clone());
        Callback::from(move |(id, name): (String, String)| {
            let ok = web_sys::window()
                .and_then(|w| {
                    w.confirm_with_message(&format!(
                        "Delete the event “{name}”? This cannot be undone."
                    ))
                    .ok()
                })
                .unwrap_or(false);
            if !ok {
                return;
            }
            let (state, list, message) = (state.clone(), list.clone(), message.clone());
            spawn_local(async move {
                if let Err(e) = persist::delete(&id).await {
                    message.set(Some(e));
                    return;
                }
                if state.book.as_ref().is_some_and(|b| b.id == id) {
                    state.dispatch(Action::Close);
                }
                refresh_list(list, message);
            });
        })
    };
    let on_import = {
        let (state, message) = (state.clone(), message.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let (state, message) = (state.clone(), message.clone());
            spawn_local(async move {
                let name = file.name();
                let text =
                    match gloo_file::futures::read_as_text(&gloo_file::File::from(file)).await {
                        Ok(t) => t,
                        Err(e) => {
                            message.set(Some(format!("{name}: could not read the file: {e}")));
                            return;
                        }
                    };
                let stem = name
                    .rsplit_once('.')
                    .map_or(name.as_str(), |(s, _)| s)
                    .to_string();
                if text.trim_start().starts_with('{') {
                    match Workbook::from_json(&text, persist::new_id()) {
                        Ok(mut b) => {
                            b.id = persist::new_id();
                            if b.event.name.trim().is_empty() {
                                b.event.name = stem;
                            }
                            message.set(Some(format!(
                                "{name}: imported {} rows as a new event.",
                                b.event.rows.len()
                            )));
                            state.dispatch(Action::Create(b));
                        }
                        Err(e) => message.set(Some(format!("{name}: {e}"))),
                    }
                } else {
                    let out = read_results(&text);
                    let mut m = format!(
                        "{name}: imported {} rows as a new event",
                        out.event.rows.len()
                    );
                    if !out.problems.is_empty() {
                        let first: Vec<String> =
                            out.problems.iter().take(5).map(|p| p.to_string()).collect();
                        m.push_str(&format!(
                            "; {} lines skipped: {}",
                            out.problems.len(),
                            first.join("; ")
                        ));
                    }
                    message.set(Some(m));
                    if !out.event.rows.is_empty() {
                        state.dispatch(Action::Create(Workbook::new(
                            persist::new_id(),
                            stem,
                            None,
                            out.event.rows,
                        )));
                    }
                }
            });
        })
    };

    let book = state.book.clone();
    let scored: Rc<Scored> = {
        let book = book.clone();
        use_memo(book, |b| b.as_ref().map(score).unwrap_or_default())
    };

    let events_panel = html! {
        <section class="sc-events" aria-labelledby="events-h">
            <h2 id="events-h">{"Events"}</h2>
            if list.events.is_empty() {
                <p class="sc-empty">{"No saved events yet."}</p>
            } else {
                <ul class="sc-event-list" id="event-list">
                    { for list.events.iter().map(|s| {
                        let current = book.as_ref().is_some_and(|b| b.id == s.id);
                        let name = if current { book.as_ref().map(|b| b.event.name.clone()).unwrap_or_default() } else { s.name.clone() };
                        let shown = if name.trim().is_empty() { "(no name)".to_string() } else { name.clone() };
                        let (open, delete) = (open.clone(), delete.clone());
                        let (id1, id2) = (s.id.clone(), s.id.clone());
                        html! {
                            <li class={classes!("sc-event", current.then_some("sc-current"))} data-id={s.id.clone()}>
                                <button type="button" class="sc-event-open" aria-current={current.then_some("true")}
                                    onclick={Callback::from(move |_| open.emit(id1.clone()))}>{ shown }</button>
                                <span class="sc-event-rows">{ format!("{} rows", s.rows) }</span>
                                <button type="button" class="sc-event-delete" aria-label={format!("delete {name}")}
                                    onclick={Callback::from(move |_| delete.emit((id2.clone(), name.clone())))}>{"Delete"}</button>
                            </li>
                        }
                    }) }
                </ul>
            }
            if !list.broken.is_empty() {
                <div class="sc-broken" id="broken-list">
                    <h3>{"Needs repair"}</h3>
                    <p class="sc-hint">{"These saved entries cannot be opened by this version. Nothing was thrown away: export the stored text exactly as it is, then delete the entry if you no longer need it."}</p>
                    <ul>
                        { for list.broken.iter().map(|b| {
                            let (raw, id) = (b.raw.clone(), b.id.clone());
                            let export = Callback::from(move |_| {
                                download_bytes(&format!("event-{}-raw.json", file_stem(&id)), raw.as_bytes(), "application/json");
                            });
                            let delete = delete.clone();
                            let (id2, name) = (b.id.clone(), format!("entry {}", b.id));
                            html! {
                                <li class="sc-broken-entry" data-id={b.id.clone()}>
                                    <span class="sc-broken-id">{ format!("Entry {}: ", b.id) }</span>
                                    <span class="sc-broken-reason">{ b.reason.clone() }</span>
                                    <button type="button" class="sc-broken-export" onclick={export}>{"Export raw"}</button>
                                    <button type="button" class="sc-event-delete" onclick={Callback::from(move |_| delete.emit((id2.clone(), name.clone())))}>{"Delete"}</button>
                                </li>
                            }
                        }) }
                    </ul>
                </div>
            }
            <p class="sc-hint" id="storage-status">{ match *persisted {
                None => "Storage: asking the browser…",
                Some(Some(true)) => "Storage: persistent — the browser will not clear these events on its own.",
                Some(Some(false)) => "Storage: not persistent — the browser may clear these events when space runs low; export JSON to keep a copy.",
                Some(None) => "Storage: this browser cannot promise to keep these events; export JSON to keep a copy.",
            } }</p>
            <details class="sc-new" id="new-event" open={*loaded && book.is_none()}>
                <summary>{"New event"}</summary>
                <SetupForm on_create={on_create} />
            </details>
            <label class="sc-import">{"Import event JSON or results CSV/PBN "}
                <input type="file" id="import-file" accept=".json,.csv,.pbn,.txt" onchange={on_import} />
            </label>
        </section>
    };

    let Some(b) = book else {
        return html! {
            <div class="score-page">
                <h1>{"Scoring"}</h1>
                <p class="lead">{"Type table results; scores, travellers, rankings and charts follow as you type. Everything is saved in this browser."}</p>
                if let Some(m) = (*message).clone() { <p class="notice" id="score-message" role="status">{ m }</p> }
                if let Some(m) = state.stale.clone() { <p class="error" id="stale-message" role="alert">{ m }</p> }
                if !*loaded { <p class="loading">{"Opening saved events…"}</p> }
                { events_panel }
            </div>
        };
    };

    // Grid figures: NS score and the main method's points per row.
    let teams = b.is_teams();
    let mut figures: HashMap<usize, RowFigures> = HashMap::new();
    for r in &scored.results {
        figures.entry(r.row).or_default().ns_score = r.ns_score;
    }
    if teams {
        for (row, i) in &scored.team_imps {
            figures.entry(*row).or_default().points = Some(format!("{i:+}"));
        }
    } else if let Some(mp) = scored.ranking(Method::Matchpoints) {
        for p in &mp.results {
            if let Some(pc) = p.ns_percent {
                figures.entry(p.row).or_default().points = Some(format!("{pc:.0}%"));
            }
        }
    }
    let boards: BTreeSet<u32> = scored.results.iter().map(|r| r.board).collect();
    let shown_board = board
        .filter(|x| boards.contains(x))
        .or_else(|| boards.iter().next().copied());

    let on_name = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            state.dispatch(Action::Rename(i.value()));
        })
    };
    let undo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Undo))
    };
    let redo = {
        let state = state.clone();
        Callback::from(move |_| state.dispatch(Action::Redo))
    };
    let stem = file_stem(&b.event.name);
    let export_json = {
        let (b, stem) = (b.clone(), stem.clone());
        Callback::from(move |_| {
            let json = serde_json::to_string_pretty(&b).unwrap_or_default();
            download_bytes(&format!("{stem}.json"), json.as_bytes(), "application/json");
        })
    };
    let export_csv = {
        let (b, stem) = (b.clone(), stem.clone());
        Callback::from(move |_| {
            download_bytes(
                &format!("{stem}.csv"),
                results_csv(&b.event).as_bytes(),
                "text/csv",
            );
        })
    };
    let export_pbn = {
        let (b, stem, scored) = (b.clone(), stem.clone(), scored.clone());
        Callback::from(move |_| {
            download_bytes(
                &format!("{stem}.pbn"),
                results_pbn(&b.event, &scored).as_bytes(),
                "text/plain",
            );
        })
    };
    let on_board = {
        let board = board.clone();
        Callback::from(move |e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            board.set(s.value().parse().ok());
        })
    };

    let save_text = if let Some(e) = state.save_error.as_ref() {
        format!("Not saved: {e}")
    } else if state.is_saved() {
        "Saved".to_string()
    } else {
        "Saving…".to_string()
    };
    let save_class = if state.save_error.is_some() {
        "sc-save sc-save-error"
    } else if state.is_saved() {
        "sc-save sc-save-ok"
    } else {
        "sc-save sc-save-pending"
    };

    let board_bars = shown_board.map(|bd| {
        html! { <BoardBars board={bd} bars={board_scores(&scored, bd)} /> }
    });
    let series: Vec<MethodSeries> = scored
        .rankings
        .iter()
        .filter(|r| !r.score.standings.is_empty())
        .map(|r| MethodSeries {
            title: r.method.info().title.to_string(),
            unit: r.method.info().unit.to_string(),
            values: r
                .score
                .standings
                .iter()
                .map(|s| (s.key(), s.score))
                .collect(),
        })
        .collect();
    let scatter = |a: Method, bm: Method, id: &'static str| {
        let points = rank_points(&scored, a, bm);
        if points.is_empty() {
            return Html::default();
        }
        html! { <RankScatter id={id} x_label={method_title(a)} y_label={method_title(bm)} points={points} /> }
    };
    let played = scored
        .results
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Played { .. } | Outcome::Score))
        .count();

    // Projector slides: each method's scores (teams: the VP standings), the rank scatters,
    // then the board shown in the travellers.
    let mut slides: Vec<Slide> = series.iter().cloned().map(Slide::Method).collect();
    if !scored.team_standings.is_empty() {
        slides.push(Slide::Method(MethodSeries {
            title: "Teams".to_string(),
            unit: "VP".to_string(),
            values: scored
                .team_standings
                .iter()
                .map(|s| (s.key(), s.score))
                .collect(),
        }));
    }
    for (a, bm) in [
        (Method::Matchpoints, Method::Butler),
        (Method::Matchpoints, Method::Vp),
    ] {
        let points = rank_points(&scored, a, bm);
        if !points.is_empty() {
            let short = |m: Method| match m {
                Method::Matchpoints => "MP".to_string(),
                Method::Butler => "Butler".to_string(),
                Method::Vp => "VP".to_string(),
                other => method_title(other).to_string(),
            };
            slides.push(Slide::Scatter(short(a), short(bm), points));
        }
    }
    if let Some(bd) = shown_board {
        let bars = board_scores(&scored, bd);
        if !bars.is_empty() {
            slides.push(Slide::Board(bd, bars));
        }
    }
    let on_project = {
        let projecting = projecting.clone();
        Callback::from(move |_: MouseEvent| projecting.set(true))
    };
    let on_unproject = {
        let projecting = projecting.clone();
        Callback::from(move |()| projecting.set(false))
    };
    let slide_count = slides.len();
    let slides = Rc::new(slides);

    html! {
        <div class="score-page">
            <h1>{"Scoring"}</h1>
            <div class="sc-bar">
                <label class="sc-name">
                    <span class="visually-hidden">{"Event name"}</span>
                    <input id="event-name" type="text" value={b.event.name.clone()} oninput={on_name} aria-label="Event name" />
                </label>
                <span id="save-status" class={save_class} role="status" aria-live="polite">{ save_text }</span>
                <button type="button" id="undo" onclick={undo} disabled={!state.can_undo()} title="Undo (Ctrl+Z)">{"Undo"}</button>
                <button type="button" id="redo" onclick={redo} disabled={!state.can_redo()} title="Redo (Ctrl+Y)">{"Redo"}</button>
                <span class="sc-spacer"></span>
                <button type="button" id="export-json" onclick={export_json}>{"Export JSON"}</button>
                <button type="button" id="export-csv" onclick={export_csv}>{"CSV"}</button>
                <button type="button" id="export-pbn" onclick={export_pbn}>{"PBN"}</button>
                <button type="button" id="score-projector" onclick={on_project} disabled={slide_count == 0}
                    title="Charts one per screen, full screen; arrow keys step, Esc leaves">{"Projector"}</button>
            </div>
            if let Some(s) = b.setup.as_ref() { <p class="sc-setup-line">{ s.describe() }</p> }
            if let Some(m) = (*message).clone() { <p class="notice" id="score-message" role="status">{ m }</p> }
            if let Some(m) = state.stale.clone() {
                <div class="sc-stale error" id="stale-message" role="alert">
                    <span>{ m }</span>
                    <button type="button" id="stale-reload" class="primary" onclick={Callback::from(|_| {
                        if let Some(w) = web_sys::window() { let _ = w.location().reload(); }
                    })}>{"Reload"}</button>
                </div>
            }
            if let Some(m) = state.journal_error.clone() { <p class="error" id="journal-error" role="alert">{ m }</p> }
            <p class="sc-hint">{"Type e.g. 4SX, Tab, S, Tab, -2. Enter goes down; paste rows from a spreadsheet; Ctrl+Z / Ctrl+Y undo and redo."}</p>
            <Grid rows={Rc::new(b.event.rows.clone())} messages={Rc::new(scored.messages.clone())}
                figures={Rc::new(figures)} on_action={on_action}
                points_title={if teams { "IMPs" } else { "NS %" }} />
            <p class="sc-count" id="result-count">{ format!("{played} results scored, {} cells to check", scored.messages.len()) }</p>
            if !scored.messages.is_empty() {
                <details class="sc-problems" id="problems">
                    <summary>{ format!("{} problems", scored.messages.len()) }</summary>
                    <ul>
                        { for scored.messages.iter().map(|m| html! {
                            <li>{ format!("Row {}, {}: {}", m.row + 1, m.column, m.text) }</li>
                        }) }
                    </ul>
                </details>
            }
            <section aria-labelledby="rank-h">
                <h2 id="rank-h">{"Rankings"}</h2>
                <Rankings scored={scored.clone()} />
            </section>
            if let Some(bd) = shown_board {
                <section aria-labelledby="trav-h">
                    <h2 id="trav-h">{"Travellers"}</h2>
                    <label>{"Board "}
                        <select id="board-select" onchange={on_board}>
                            { for boards.iter().map(|x| html! { <option value={x.to_string()} selected={*x == bd}>{ x }</option> }) }
                        </select>
                    </label>
                    <div class="sc-trav">
                        <Traveller event={Rc::new(b.event.clone())} scored={scored.clone()} board={bd} />
                        { for board_bars }
                    </div>
                </section>
            }
            <PublishPanel event={Rc::new(b.event.clone())} field={b.field()} teams={teams} board={shown_board} />
            if !series.is_empty() {
                <section aria-labelledby="charts-h">
                    <h2 id="charts-h">{"Charts"}</h2>
                    <MethodBars series={series} />
                    <div class="sc-scatters">
                        { scatter(Method::Matchpoints, Method::Butler, "chart-mp-butler") }
                        { scatter(Method::Matchpoints, Method::Vp, "chart-mp-vp") }
                    </div>
                </section>
            }
            { events_panel }
            if *projecting {
                <ScoreProjector slides={slides.clone()} on_close={on_unproject} />
            }
            <p class="sc-hint">{ format!("Methods: {}.", METHODS.iter().map(|m| m.title).collect::<Vec<_>>().join(", ")) }</p>
        </div>
    }
}
