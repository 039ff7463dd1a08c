//! Double-dummy widgets: [`DdTableView`] (the 5 × 4 table of tricks and the par line) and
//! [`DdBatch`] ("Solve all (N boards)" with a progress bar and Cancel, solving in the DD
//! worker pool and handing back every board's table and par).

use crate::dd::pool::{self, BatchId};
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Deal, Seat, Strain, Vulnerability};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// Properties of [`DdTableView`].
#[derive(Properties, PartialEq, Clone)]
pub struct DdTableViewProps {
    /// Tricks for each strain × declarer.
    pub table: DdTable,
    /// Par, when the vulnerability and dealer are known.
    #[prop_or_default]
    pub par: Option<Par>,
}

/// The strain's label with its suit symbol (`NT`, `♠`…).
fn strain_label(s: Strain) -> &'static str {
    match s {
        Strain::Notrump => "NT",
        Strain::Spades => "♠",
        Strain::Hearts => "♥",
        Strain::Diamonds => "♦",
        Strain::Clubs => "♣",
    }
}

/// The strain's name as a screen reader should say it.
fn strain_name(s: Strain) -> &'static str {
    match s {
        Strain::Notrump => "notrump",
        Strain::Spades => "spades",
        Strain::Hearts => "hearts",
        Strain::Diamonds => "diamonds",
        Strain::Clubs => "clubs",
    }
}

/// The par line: `Par +420: 4♠ N, 4♠ S` style text (score from North–South's side).
pub fn par_text(par: &Par) -> String {
    if par.contracts.is_empty() {
        return "Par 0: passed out".to_string();
    }
    let contracts: Vec<String> = par.contracts.iter().map(|c| c.to_string()).collect();
    format!("Par {:+} NS: {}", par.ns_score, contracts.join(", "))
}

/// The DD table: rows NT ♠ ♥ ♦ ♣, columns N S E W (declarer), then the par line.
#[function_component]
pub fn DdTableView(props: &DdTableViewProps) -> Html {
    let seats = [Seat::North, Seat::South, Seat::East, Seat::West];
    let strains = [
        Strain::Notrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ];
    html! {
        <div class="dd-view">
            <table class="dd-table" aria-label="Double-dummy tricks by strain and declarer">
                <thead><tr><th scope="col"></th>
                    { for seats.iter().map(|s| html! { <th scope="col">{ s.letter() }</th> }) }
                </tr></thead>
                <tbody>
                { for strains.iter().map(|&st| html! {
                    <tr data-strain={st.text()}>
                        <th scope="row" class={classes!("dd-strain", format!("dd-{}", st.text()))}>
                            <span aria-hidden="true">{ strain_label(st) }</span>
                            <span class="visually-hidden">{ strain_name(st) }</span>
                        </th>
                        { for seats.iter().map(|&s| {
                            let t = props.table.tricks(st, s);
                            html! { <td data-seat={s.letter().to_string()} class={classes!((t >= 7).then_some("dd-makes"))}>{ t }</td> }
                        }) }
                    </tr>
                }) }
                </tbody>
            </table>
            if let Some(par) = &props.par {
                <p class="dd-par" data-score={par.ns_score.to_string()}>{ par_text(par) }</p>
            }
        </div>
    }
}

/// One board for [`DdBatch`]: board number, deal, vulnerability, dealer.
pub type BatchBoard = (u32, Deal, Vulnerability, Seat);

/// Properties of [`DdBatch`].
#[derive(Properties, PartialEq, Clone)]
pub struct DdBatchProps {
    /// The boards to solve.
    pub boards: Rc<Vec<BatchBoard>>,
    /// Called once, when every board is solved: `(board, table, par)` in the boards' order.
    pub on_results: Callback<Vec<(u32, DdTable, Par)>>,
}

#[derive(Clone, PartialEq)]
enum Status {
    Idle,
    Running { done: usize, total: usize },
    Done { total: usize },
    Cancelled { done: usize, total: usize },
}

/// "Solve all (N boards)": solves every board's table in the DD worker pool (cached tables
/// come back at once), shows a progress bar with Cancel, and calls `on_results` with every
/// board's table and par when the last one is solved.
#[function_component]
pub fn DdBatch(props: &DdBatchProps) -> Html {
    let status = use_state(|| Status::Idle);
    let running = use_mut_ref(|| None::<BatchId>);
    {
        // Leaving the page cancels the batch.
        let running = running.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(id) = running.borrow_mut().take() {
                    pool::cancel(id);
                }
            }
        });
    }
    let on_start = {
        let (status, running, boards, on_results) = (
            status.clone(),
            running.clone(),
            props.boards.clone(),
            props.on_results.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = running.borrow_mut().take() {
                pool::cancel(id);
            }
            let total = boards.len();
            if total == 0 {
                return;
            }
            let tables: Rc<RefCell<Vec<Option<DdTable>>>> =
                Rc::new(RefCell::new(vec![None; total]));
            let done = Rc::new(RefCell::new(0usize));
            status.set(Status::Running { done: 0, total });
            let deals: Vec<Deal> = boards.iter().map(|b| b.1).collect();
            let (status2, running2, boards2, on_results2) = (
                status.clone(),
                running.clone(),
                boards.clone(),
                on_results.clone(),
            );
            let id = pool::solve(
                &deals,
                Rc::new(move |i, table| {
                    let mut t = tables.borrow_mut();
                    if t[i].is_some() {
                        return;
                    }
                    t[i] = Some(table);
                    let mut d = done.borrow_mut();
                    *d += 1;
                    if *d < total {
                        status2.set(Status::Running { done: *d, total });
                        return;
                    }
                    if let Some(id) = running2.borrow_mut().take() {
                        pool::cancel(id);
                    }
                    status2.set(Status::Done { total });
                    let results = boards2
                        .iter()
                        .zip(t.iter())
                        .filter_map(|(&(board, _, vul, dealer), tab)| {
                            tab.map(|tab| (board, tab, fairdeal_dd::par(&tab, vul, dealer)))
                        })
                        .collect();
                    on_results2.emit(results);
                }),
            );
            *running.borrow_mut() = Some(id);
        })
    };
    let on_cancel = {
        let (status, running) = (status.clone(), running.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(id) = running.borrow_mut().take() {
                pool::cancel(id);
            }
            if let Status::Running { done, total } = *status {
                status.set(Status::Cancelled { done, total });
            }
        })
    };
    let n = props.boards.len();
    let plural = if n == 1 { "board" } else { "boards" };
    html! {
        <div class="dd-batch">
            { match &*status {
                Status::Running { done, total } => html! {
                    <div class="dd-progress" role="status">
                        <label for="dd-batch-progress">{ format!("Double dummy: {done} of {total} boards solved ({} workers)", pool::max_workers()) }</label>
                        <progress id="dd-batch-progress" max={total.to_string()} value={done.to_string()}></progress>
                        <button type="button" id="dd-batch-cancel" onclick={on_cancel}>{"Cancel"}</button>
                    </div>
                },
                other => html! {
                    <>
                        <button type="button" id="dd-batch-solve" onclick={on_start} disabled={n == 0}>
                            { format!("Solve all ({n} {plural})") }
                        </button>
                        { match other {
                            Status::Done { total } => html! { <span class="dd-status" id="dd-batch-done" role="status">{ format!(" Solved {total} boards.") }</span> },
                            Status::Cancelled { done, total } => html! { <span class="dd-status" id="dd-batch-cancelled" role="status">{ format!(" Cancelled after {done} of {total} boards.") }</span> },
                            _ => html! {},
                        } }
                    </>
                },
            } }
        </div>
    }
}

/// Properties of [`DdSolve`].
#[derive(Properties, PartialEq, Clone)]
pub struct DdSolveProps {
    /// The deal to solve.
    pub deal: Deal,
    /// Vulnerability, for par.
    pub vulnerability: Vulnerability,
    /// Dealer, for par.
    pub dealer: Seat,
}

/// Solves one deal in the DD worker pool (or takes it from the cache) and shows its table and
/// par, with a spinner while the worker solves.
#[function_component]
pub fn DdSolve(props: &DdSolveProps) -> Html {
    // The table together with the deal it belongs to, so a stale answer is never shown.
    let solved = use_state(|| pool::cached(&props.deal).map(|t| (props.deal, t)));
    {
        let solved = solved.clone();
        use_effect_with(props.deal, move |deal| {
            let deal = *deal;
            let batch = match pool::cached(&deal) {
                Some(t) => {
                    solved.set(Some((deal, t)));
                    None
                }
                None => Some(pool::solve(
                    &[deal],
                    Rc::new(move |_, t| solved.set(Some((deal, t)))),
                )),
            };
            move || {
                if let Some(id) = batch {
                    pool::cancel(id);
                }
            }
        });
    }
    match *solved {
        Some((deal, table)) if deal == props.deal => {
            let par = fairdeal_dd::par(&table, props.vulnerability, props.dealer);
            html! {
                <section class="dd-solve" id="dd-result" aria-label="Double dummy">
                    <h2 class="dd-title">{"Double dummy"}</h2>
                    <DdTableView {table} par={Some(par)} />
                </section>
            }
        }
        _ => html! {
            <section class="dd-solve" aria-label="Double dummy">
                <h2 class="dd-title">{"Double dummy"}</h2>
                <p class="dd-solving" id="dd-solving" role="status"><span class="dd-spinner" aria-hidden="true"></span>{"Solving…"}</p>
            </section>
        },
    }
}
