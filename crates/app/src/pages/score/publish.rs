//! The Score page's "Hand records and publishing" panel: attach the session's hand records
//! (a PBN or LIN file, or in one click a board set kept in this browser — what the
//! Tournament, Deal and Constrain pages send to Board sets), solve their DD tables in the DD workers (progress, Cancel), show the shown
//! board's DD table, par and each result against them with the fouled-board flag, and
//! download the published page.
//!
//! No rule lives here: records are read by `fairdeal_interop::read_any`, DD tables come from
//! the page's DD pool (`crate::dd::pool`, the same solver as `fairdeal dd`), par from
//! `fairdeal_dd::par`, the checks from `fairdeal_scoring::records::check_results` and the page
//! from `fairdeal_scoring::publish::publish_html` — so "Publish" gives the bytes of
//! `fairdeal publish EXPORT.json --records SET`.

use crate::dd::pool::{self, BatchId};
use crate::download::download_bytes;
use fairdeal_interop::Board;
use fairdeal_model::dd::DdTable;
use fairdeal_scoring::publish::html::{dd_html, par_html, signed};
use fairdeal_scoring::publish::{publish_html, Kind, PublishOptions};
use fairdeal_scoring::records::{check_results, BoardRecord};
use fairdeal_scoring::{Event, Field, Method, ScoringOptions, METHODS};
use gloo_file::callbacks::FileReader;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Props of [`PublishPanel`].
#[derive(Properties, PartialEq)]
pub struct PublishProps {
    /// The event as typed.
    pub event: Rc<Event>,
    /// The ranking field the set-up decides.
    pub field: Field,
    /// A team event.
    pub teams: bool,
    /// The board the travellers show.
    pub board: Option<u32>,
}

/// The records of a hand-record file, DD and par kept where the file has them.
fn records_of(boards: &[Board]) -> Vec<BoardRecord> {
    boards
        .iter()
        .filter_map(|b| {
            let (n, deal) = (b.number?, b.deal()?);
            Some(BoardRecord::from_file(
                n,
                deal,
                b.dealer,
                b.vulnerability,
                b.dd,
                b.par.clone(),
            ))
        })
        .collect()
}

/// Stores a solved table (and its par, unless the file gave one) in record `i`.
fn store(records: &mut [BoardRecord], i: usize, t: DdTable) {
    if let Some(r) = records.get_mut(i) {
        r.dd = Some(t);
        if r.par.is_none() {
            r.par = Some(fairdeal_dd::par(&t, r.vulnerability, r.dealer));
        }
    }
}

/// The handles attaching a set of boards needs (from a file or a stored board set).
#[derive(Clone)]
struct Attach {
    records: Rc<RefCell<Vec<BoardRecord>>>,
    source: UseStateHandle<Option<String>>,
    message: UseStateHandle<Option<String>>,
    progress: Rc<RefCell<Option<(usize, usize)>>>,
    batch: Rc<RefCell<Option<BatchId>>>,
    redraw: UseForceUpdateHandle,
}

impl Attach {
    /// Replaces the records with `boards` (from `name`) and solves the DD tables they lack
    /// in the DD workers; the panel redraws as each arrives.
    fn attach(&self, name: String, boards: &[Board], problems: String) {
        let list = records_of(boards);
        let note = format!("{name}: {} boards with four hands{problems}", list.len());
        if let Some(id) = self.batch.borrow_mut().take() {
            pool::cancel(id);
        }
        let missing: Vec<usize> = (0..list.len()).filter(|&i| list[i].dd.is_none()).collect();
        let deals: Vec<_> = missing.iter().map(|&i| list[i].deal).collect();
        *self.records.borrow_mut() = list;
        self.source.set(Some(name));
        self.message.set(Some(note));
        if deals.is_empty() {
            for r in self.records.borrow_mut().iter_mut() {
                if let (None, Some(t)) = (&r.par, r.dd) {
                    r.par = Some(fairdeal_dd::par(&t, r.vulnerability, r.dealer));
                }
            }
            *self.progress.borrow_mut() = None;
            self.redraw.force_update();
            return;
        }
        *self.progress.borrow_mut() = Some((0, deals.len()));
        let (records, progress, batch, redraw) = (
            self.records.clone(),
            self.progress.clone(),
            self.batch.clone(),
            self.redraw.clone(),
        );
        let on_solved: pool::OnSolved = Rc::new(move |k: usize, t: DdTable| {
            if let Some(&i) = missing.get(k) {
                store(&mut records.borrow_mut(), i, t);
            }
            let mut p = progress.borrow_mut();
            if let Some((done, total)) = p.as_mut() {
                *done += 1;
                if *done >= *total {
                    *p = None;
                    batch.borrow_mut().take();
                }
            }
            drop(p);
            redraw.force_update();
        });
        *self.batch.borrow_mut() = Some(pool::solve(&deals, on_solved));
        self.redraw.force_update();
    }
}

/// The options the page publishes with: `fairdeal publish EXPORT.json -m …` with the
/// methods ticked, in [`METHODS`] order (none ticked: matchpoints, the CLI's default).
pub fn publish_options(
    field: Field,
    teams: bool,
    methods: &[Method],
    fingerprint: &str,
) -> PublishOptions {
    let mut chosen: Vec<Method> = METHODS
        .iter()
        .map(|m| m.method)
        .filter(|m| methods.contains(m))
        .collect();
    if chosen.is_empty() {
        chosen.push(Method::Matchpoints);
    }
    PublishOptions {
        title: String::new(),
        kind: if teams {
            Kind::Teams { vp_corrected: true }
        } else {
            Kind::Pairs(
                chosen
                    .into_iter()
                    .map(|method| ScoringOptions {
                        method,
                        field,
                        ..ScoringOptions::default()
                    })
                    .collect(),
            )
        },
        fingerprint: Some(fingerprint.trim())
            .filter(|f| !f.is_empty())
            .map(str::to_string),
    }
}

/// The panel (module doc).
#[component]
pub fn PublishPanel(props: &PublishProps) -> Html {
    let records = use_mut_ref(Vec::<BoardRecord>::new);
    let source = use_state(|| None::<String>);
    let message = use_state(|| None::<String>);
    // (done, total) while DD tables are being solved.
    let progress = use_mut_ref(|| None::<(usize, usize)>);
    let batch = use_mut_ref(|| None::<BatchId>);
    let readers = use_mut_ref(Vec::<FileReader>::new);
    let fingerprint = use_state(String::new);
    let methods = use_state(|| vec![Method::Matchpoints]);
    let redraw = use_force_update();

    let attach = Attach {
        records: records.clone(),
        source: source.clone(),
        message: message.clone(),
        progress: progress.clone(),
        batch: batch.clone(),
        redraw: redraw.clone(),
    };
    let on_file = {
        let (attach, readers) = (attach.clone(), readers.clone());
        Callback::from(move |e: web_sys::Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            input.set_value("");
            let file = gloo_file::File::from(file);
            let name = file.name();
            let attach = attach.clone();
            let reader = gloo_file::callbacks::read_as_bytes(&file, move |res| {
                let Ok(bytes) = res else {
                    attach
                        .message
                        .set(Some(format!("{name}: could not read the file")));
                    return;
                };
                let outcome = fairdeal_interop::read_any(&name, &bytes);
                let problems = outcome.problems.first().map(|p| {
                    format!(
                        "; {} problems, first line {}: {}",
                        outcome.problems.len(),
                        p.line,
                        p.message
                    )
                });
                attach.attach(name, &outcome.boards, problems.unwrap_or_default());
            });
            readers.borrow_mut().push(reader);
        })
    };
    let sets = use_state(crate::board_sets::list);
    let on_set = {
        let (attach, sets) = (attach.clone(), sets.clone());
        Callback::from(move |e: web_sys::Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let id = select.value();
            select.set_value("");
            let Some(meta) = sets.iter().find(|m| m.id == id).cloned() else {
                return;
            };
            match crate::board_sets::load(&id) {
                Some(boards) => attach.attach(meta.name, &boards, String::new()),
                None => attach.message.set(Some(format!(
                    "{}: the stored set could not be read",
                    meta.name
                ))),
            }
        })
    };
    let on_set_focus = {
        let sets = sets.clone();
        Callback::from(move |_: FocusEvent| sets.set(crate::board_sets::list()))
    };
    let on_cancel = {
        let (records, progress, batch, source, message, redraw) = (
            records.clone(),
            progress.clone(),
            batch.clone(),
            source.clone(),
            message.clone(),
            redraw.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = batch.borrow_mut().take() {
                pool::cancel(id);
            }
            *progress.borrow_mut() = None;
            records.borrow_mut().clear();
            source.set(None);
            message.set(Some("Hand records detached (DD solving cancelled).".into()));
            redraw.force_update();
        })
    };
    let on_fingerprint = {
        let fingerprint = fingerprint.clone();
        Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            fingerprint.set(i.value());
        })
    };
    let on_method = |m: Method| {
        let methods = methods.clone();
        Callback::from(move |e: web_sys::Event| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            let mut list = (*methods).clone();
            list.retain(|x| *x != m);
            if i.checked() {
                list.push(m);
            }
            methods.set(list);
        })
    };
    let solving = *progress.borrow();
    let on_publish = {
        let (records, event) = (records.clone(), props.event.clone());
        let (field, teams, fingerprint) = (props.field, props.teams, fingerprint.clone());
        let methods = methods.clone();
        Callback::from(move |_: MouseEvent| {
            let opts = publish_options(field, teams, &methods, &fingerprint);
            let html = publish_html(&event, &records.borrow(), &opts);
            let stem: String = event
                .name
                .trim()
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || c == '-' {
                        c
                    } else {
                        '-'
                    }
                })
                .collect();
            let stem = if stem.is_empty() {
                "results".to_string()
            } else {
                stem
            };
            download_bytes(
                &format!("{stem}-results.html"),
                html.as_bytes(),
                "text/html",
            );
        })
    };

    let recs = records.borrow();
    let (results, _) = props.event.validate_with(props.field);
    let (lines, checks) = check_results(&results, &recs);
    let fouled: Vec<String> = checks
        .iter()
        .filter(|c| c.fouled)
        .map(|c| c.board.to_string())
        .collect();
    let shown = props
        .board
        .and_then(|b| recs.iter().rev().find(|r| r.board == b).cloned());
    let board_view = shown.map(|r| {
        let mut dd = String::new();
        if let Some(t) = &r.dd {
            dd_html(&mut dd, r.board, t);
        }
        let par = r.par.as_ref().map(par_html).unwrap_or_default();
        let foul = checks.iter().find(|c| c.board == r.board && c.fouled).map(|c| {
            format!(
                "Check this board: {} of {} contracts are two or more tricks off double dummy the same way (a fouled board?).",
                c.ns_over.max(c.ns_under),
                c.compared
            )
        });
        let rows: Vec<Html> = results
            .iter()
            .zip(&lines)
            .filter(|(res, _)| res.board == r.board)
            .map(|(res, l)| {
                let dd = l
                    .tricks_vs_dd
                    .zip(l.dd_tricks)
                    .map_or(String::new(), |(o, d)| format!("{} (DD {d})", signed(i64::from(o))));
                let vp = l.score_vs_par.map_or(String::new(), |v| signed(i64::from(v)));
                html! {
                    <tr>
                        <td>{ res.ns.clone() }</td><td>{ res.ew.clone() }</td>
                        <td class="sc-numcell">{ res.ns_score.map_or(String::new(), |s| s.to_string()) }</td>
                        <td class="sc-numcell">{ dd }</td><td class="sc-numcell">{ vp }</td>
                    </tr>
                }
            })
            .collect();
        html! {
            <div class="sc-records-board" id="records-board" data-board={r.board.to_string()}>
                <div class="sc-records-dd">{ Html::from_html_unchecked(AttrValue::from(dd)) }</div>
                <p id="records-par">{ Html::from_html_unchecked(AttrValue::from(par)) }</p>
                if let Some(f) = foul { <p class="error" id="records-foul" role="note">{ f }</p> }
                <table class="sc-table" id="records-lines">
                    <caption>{ format!("Board {}: results against double dummy and par", r.board) }</caption>
                    <thead><tr><th>{"NS"}</th><th>{"EW"}</th><th>{"NS score"}</th><th>{"Tricks v DD"}</th><th>{"v par"}</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        }
    });
    let status = match (solving, source.as_ref()) {
        (Some((done, total)), _) => format!("Solving double dummy: {done} of {total} boards…"),
        (None, Some(name)) => format!(
            "{} boards attached from {name}; DD tables and par ready.",
            recs.len()
        ),
        (None, None) => {
            "No hand records attached: the published page will have no deals, DD or par.".into()
        }
    };
    html! {
        <section aria-labelledby="publish-h" class="sc-publish">
            <h2 id="publish-h">{"Hand records and publishing"}</h2>
            <div class="sc-bar">
                <label for="records-file">{"Attach hand records (PBN or LIN)"}</label>
                <input type="file" id="records-file" accept=".pbn,.lin,.txt" onchange={on_file} />
                <label for="records-set">{"or a board set kept in this browser"}</label>
                <select id="records-set" onchange={on_set} onfocus={on_set_focus}>
                    <option value="" selected=true>{ if sets.is_empty() { "(none stored yet)" } else { "Choose a set…" } }</option>
                    { for sets.iter().map(|m| html! {
                        <option value={m.id.clone()}>{ format!("{} ({} boards)", m.name, m.boards) }</option>
                    }) }
                </select>
                if solving.is_some() || source.is_some() {
                    <button type="button" id="records-cancel" onclick={on_cancel}>
                        { if solving.is_some() { "Cancel" } else { "Detach" } }
                    </button>
                }
            </div>
            <p id="records-status" role="status" aria-live="polite">{ status }</p>
            if let Some(m) = (*message).clone() { <p class="notice" id="records-message">{ m }</p> }
            if !fouled.is_empty() {
                <p class="error" id="records-fouled" role="alert">
                    { format!("For the director: board(s) {} may be fouled (most results far from double dummy in the same direction).", fouled.join(", ")) }
                </p>
            }
            { for board_view }
            if !props.teams {
                <fieldset class="sc-bar" id="publish-methods">
                    <legend>{"Rankings to publish (the first ticked drives scorecards and travellers)"}</legend>
                    { for METHODS.iter().map(|m| {
                        let id = format!("publish-m-{}", m.name);
                        html! {
                            <label for={id.clone()}>
                                <input type="checkbox" id={id} checked={methods.contains(&m.method)} onchange={on_method(m.method)} />
                                { format!(" {}", m.title) }
                            </label>
                        }
                    }) }
                </fieldset>
            }
            <div class="sc-bar">
                <label for="publish-fingerprint">{"SquareDeal set fingerprint (optional)"}</label>
                <input type="text" id="publish-fingerprint" value={(*fingerprint).clone()} oninput={on_fingerprint} />
                <button type="button" id="publish" class="primary" onclick={on_publish} disabled={solving.is_some()}
                    title="One HTML file: rankings, travellers, personal scorecards, hand records with DD and par">{"Publish"}</button>
            </div>
        </section>
    }
}
