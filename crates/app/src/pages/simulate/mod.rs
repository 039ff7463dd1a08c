//! The Simulate page (`/simulate`): "which opening lead?" over deals consistent with the
//! auction. The leader's hand, contract, declarer and the conditions on the other hands (the
//! constraint language) are typed or arrive in the link; the deals are dealt exactly
//! uniformly **in the dealing worker** (`ToWorker::Start`, the Constrain page's set dealer
//! and stream), then every lead of each deal is solved in the DD worker pool
//! (`ToDdWorker::Leads`, one worker per core, see `dd::lead_pool`), with a progress bar,
//! partial figures as results arrive and Stop. The figures are `fairdeal_sim`'s report —
//! the CSV shown is byte for byte `fairdeal simulate lead --csv` on the revealed seed.
//!
//! * [`state`] — the lead form and the lead run (plain Rust).
//! * [`run`] — a run of either panel: dealing, DD, partial reports, Stop.
//! * [`chart`] — the SVG lead chart (also at projector size).
//! * [`contract`] — the "Which contract?" panel (DD tables in the DD worker pool).
//!
//! Panic policy: no panics; bad input is a message naming the field.

pub mod chart;
pub mod contract;
pub mod run;
pub mod state;

use std::cell::RefCell;
use std::rc::Rc;

use fairdeal_model::{Seat, Vulnerability};
use fairdeal_sim::pbn::pbn_string;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::components::form_field::{on_change, on_input};
use crate::components::reveal_seed::RevealSeed;
use crate::dd::lead_pool;
use crate::download::download_bytes;
use crate::pages::probability::projector::ProjectorFrame;
use crate::worker::link::WorkerLink;
use crate::worker::protocol::{BatchRequest, FromWorker, ToWorker};
use chart::{card_short, card_words, lead_svg};
use run::Phase;
use state::{LeadAction, LeadForm, LeadRun};

/// A link to this page ("simulate the lead on this deal"): the leader's (West's) hand when
/// known, else none (the conditions may fix it), and the conditions when given.
pub fn lead_href(west: Option<fairdeal_model::Hand>, conditions: Option<&str>) -> String {
    let mut f = LeadForm {
        hand: west.map(|h| h.to_string()).unwrap_or_default(),
        ..LeadForm::default()
    };
    if let Some(c) = conditions {
        f.conditions = c.to_string();
    }
    format!("/simulate?{}", f.query())
}

/// The run the dealing worker's answers belong to: its job and problem (the worker keeps
/// the first callback it was given, so the callback reads the current run from here).
type Current = Rc<RefCell<Option<(u32, Rc<fairdeal_sim::LeadProblem>)>>>;

/// The Simulate page.
/// A picker button's name: the letter it shows, then the card in words ("K, king of spades";
/// "9 of spades"), so speech input ("click K") and screen readers both find it.
fn picker_label(card: fairdeal_model::Card) -> String {
    let letter = card.rank().letter();
    if letter.is_ascii_digit() {
        format!("{letter} of {}", card.suit().name())
    } else {
        format!("{letter}, {}", chart::card_words(card))
    }
}

#[component]
pub fn SimulatePage() -> Html {
    let location = use_location();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let form = use_state(|| LeadForm::from_query(&query));
    let run = use_reducer(LeadRun::default);
    let link = (*use_state(WorkerLink::default)).clone();
    let current: Current = (*use_state(Current::default)).clone();
    let projecting = use_state(|| false);

    // Stop the pool's batch when the page goes away.
    {
        let batch = run.batch;
        use_effect_with(batch, move |b| {
            let b = *b;
            move || {
                if let Some(b) = b {
                    lead_pool::cancel(b);
                }
            }
        });
    }

    let set = |f: fn(&mut LeadForm, String)| on_change(&form, f);
    let typing = |f: fn(&mut LeadForm, String)| on_input(&form, f);

    let on_run = {
        let (form, run, link, current) = (
            form.clone(),
            run.dispatcher(),
            link.clone(),
            current.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let problem = match form.problem() {
                Ok(p) => Rc::new(p),
                Err(m) => return run.dispatch(LeadAction::Fail(m)),
            };
            let total = match form.deal_count() {
                Ok(n) => n,
                Err(m) => return run.dispatch(LeadAction::Fail(m)),
            };
            let (job, seed) = match link.next_job() {
                Ok(x) => x,
                Err(m) => return run.dispatch(LeadAction::Fail(m)),
            };
            *current.borrow_mut() = Some((job, problem.clone()));
            run.dispatch(LeadAction::Start {
                job,
                seed,
                problem: problem.clone(),
                total,
                command: form.command(),
            });
            let (d, cur) = (run.clone(), current.clone());
            link.send(
                ToWorker::Start(BatchRequest {
                    job,
                    // The problem's conditions with the leader's hand: the text the CLI's
                    // engine deals from (Spec's Display reads back to the same Spec).
                    spec: problem.spec().to_string(),
                    boards: total as u32,
                    seed,
                }),
                move |msg| {
                    if let FromWorker::Done { job, boards } = &msg {
                        let run_now = cur.borrow().clone();
                        if let Some((j, p)) = run_now.filter(|(j, _)| j == job) {
                            let deals: Vec<_> = boards.iter().map(|b| b.deal).collect();
                            let d2 = d.clone();
                            d.dispatch(LeadAction::Worker(msg.clone()));
                            let batch = lead_pool::solve(
                                &deals,
                                p.contract().strain(),
                                p.declarer(),
                                Rc::new(move |index, leads| {
                                    d2.dispatch(LeadAction::Answer {
                                        job: j,
                                        index,
                                        raw: leads,
                                    })
                                }),
                            );
                            d.dispatch(LeadAction::Solving { job: j, batch });
                            return;
                        }
                    }
                    d.dispatch(LeadAction::Worker(msg));
                },
            );
        })
    };
    let on_stop = {
        let (run, link) = (run.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            run::stop(&run, &link, || {
                if let Some(b) = run.batch {
                    lead_pool::cancel(b);
                }
            })
        })
    };
    let on_csv = {
        let run = run.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(r) = &run.report {
                download_bytes("lead-simulation.csv", r.csv().as_bytes(), "text/csv");
            }
        })
    };
    let on_pbn = {
        let run = run.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = &run.problem {
                let text = pbn_string(
                    &run.solved_deals(),
                    "Fair Deal lead simulation",
                    p.vul(),
                    Some((p.contract(), p.declarer())),
                );
                download_bytes("lead-simulation.pbn", text.as_bytes(), "application/x-pbn");
            }
        })
    };
    let on_project = {
        let projecting = projecting.clone();
        Callback::from(move |_: MouseEvent| projecting.set(true))
    };
    let on_close = {
        let projecting = projecting.clone();
        Callback::from(move |_: ()| projecting.set(false))
    };

    let running = run.is_running();
    let failed = matches!(run.phase, Phase::Failed(_));
    let (done, total) = run.progress();
    let report = run.report.clone();
    let results = report.as_ref().map(|r| {
        let svg = lead_svg(r, false);
        html! {
            <section class="panel sl-results" aria-labelledby="sl-results-h">
                <h2 id="sl-results-h">{ format!("Leads against {} by {} ({} deals)", r.contract, r.declarer.name(), r.deals) }</h2>
                <figure class="sl-figure" id="simulate-chart">
                    { Html::from_html_unchecked(AttrValue::from(svg)) }
                </figure>
                <table class="sl-table" id="simulate-table">
                    <caption>{"Per lead (touching cards together): the defence's double-dummy tricks, % of deals the contract is set, matchpoints and IMPs against the other leads, each with its 95 % interval."}</caption>
                    <thead><tr>
                        <th scope="col">{"Lead"}</th><th scope="col">{"Defence tricks"}</th>
                        <th scope="col">{"Set %"}</th><th scope="col">{"MP % vs other leads"}</th>
                        <th scope="col">{"IMPs vs other leads"}</th>
                    </tr></thead>
                    <tbody>
                    { for r.rows.iter().map(|row| {
                        let eq = if row.equals.is_empty() { String::new() } else {
                            format!(" (or {})", row.equals.iter().map(|c| c.rank().letter()).collect::<String>())
                        };
                        html! { <tr>
                            <th scope="row" aria-label={card_words(row.card)}>{ format!("{}{eq}", card_short(row.card)) }</th>
                            <td>{ format!("{:.2} ({:.2}–{:.2})", row.tricks.estimate, row.tricks.low, row.tricks.high) }</td>
                            <td>{ format!("{:.1} ({:.1}–{:.1})", row.set_pct.estimate, row.set_pct.low, row.set_pct.high) }</td>
                            <td>{ format!("{:.1} ({:.1}–{:.1})", row.mp_pct.estimate, row.mp_pct.low, row.mp_pct.high) }</td>
                            <td>{ format!("{:+.2} ({:+.2} to {:+.2})", row.imps.estimate, row.imps.low, row.imps.high) }</td>
                        </tr> }
                    }) }
                    </tbody>
                </table>
                <ul class="sl-paired" id="simulate-paired">
                    { for r.paired.iter().take(3).map(|p| html! {
                        <li>{ format!("{} vs {}: {:+.2} tricks per deal (95 % {:.2} to {:.2}, same deals) — {}",
                            card_short(p.best), card_short(p.other), p.diff.estimate, p.diff.low, p.diff.high,
                            if p.indistinguishable { "indistinguishable at this number of deals" } else { "a real difference" }) }</li>
                    }) }
                </ul>
                <p class="sl-honesty" id="simulate-honesty">{ fairdeal_sim::HONESTY }</p>
                <div class="sl-buttons">
                    <button type="button" id="simulate-project" onclick={on_project}>{"Projector"}</button>
                    <button type="button" id="simulate-csv-download" onclick={on_csv}>{"Download CSV"}</button>
                    <button type="button" id="simulate-pbn" onclick={on_pbn}>{"Export deals (PBN)"}</button>
                </div>
                <details class="sl-csv">
                    <summary>{"CSV (as "}<code>{"fairdeal simulate lead --csv"}</code>{" prints it)"}</summary>
                    <pre id="simulate-csv">{ r.csv() }</pre>
                </details>
            </section>
        }
    });
    let projector = match (&report, *projecting) {
        (Some(r), true) => {
            let r = r.clone();
            html! {
                <ProjectorFrame count={1} start={0} on_close={on_close}
                    render={Callback::from(move |_: usize| html! {
                        <figure class="sl-figure sl-large">{ Html::from_html_unchecked(AttrValue::from(lead_svg(&r, true))) }</figure>
                    })} />
            }
        }
        _ => html! {},
    };
    let share = format!("/simulate?{}", form.query());
    let picked = form.picked();
    html! {
        <div class="sl-page">
            <h1 id="sl-h">{"Simulate the opening lead"}</h1>
            <p class="sl-hint">{"Your hand, the contract and what the auction said about the other hands: the deals that fit are dealt exactly uniformly, and every lead is solved double dummy on each, in background workers."}</p>
            <section class="panel sl-form" aria-label="Lead problem">
                <label for="simulate-hand">{"Leader's hand (♠.♥.♦.♣)"}</label>
                <input id="simulate-hand" type="text" spellcheck="false" value={form.hand.clone()}
                    oninput={typing(|f, v| f.hand = v)} />
                <span class="sl-picker-label" id="simulate-picker-label">{"…or pick its cards"}</span>
                <div class="sl-picker" role="group" aria-labelledby="simulate-picker-label">
                    { for fairdeal_model::Suit::ALL.iter().map(|&suit| html! {
                        <div class="sl-picker-suit">
                            <span class="sl-picker-symbol" aria-hidden="true">{ suit.symbol() }</span>
                            { for (2..=14u8).rev().filter_map(fairdeal_model::Rank::new).map(|rank| {
                                let card = fairdeal_model::Card::new(suit, rank);
                                let held = picked.contains(card);
                                let onclick = {
                                    let form = form.clone();
                                    Callback::from(move |_: MouseEvent| {
                                        let mut next = (*form).clone();
                                        next.toggle_card(card);
                                        form.set(next);
                                    })
                                };
                                html! {
                                    <button type="button" class={classes!("sl-card", held.then_some("sl-held"))}
                                        id={format!("simulate-card-{card}")} aria-pressed={if held { "true" } else { "false" }}
                                        aria-label={picker_label(card)} {onclick}>{ rank.letter() }</button>
                                }
                            }) }
                        </div>
                    }) }
                </div>
                <label for="simulate-contract">{"Contract"}</label>
                <input id="simulate-contract" type="text" spellcheck="false" value={form.contract.clone()}
                    oninput={typing(|f, v| f.contract = v)} />
                <label for="simulate-declarer">{"Declarer"}</label>
                <select id="simulate-declarer" onchange={set(|f, v| f.declarer = v)}>
                    { for Seat::ALL.iter().map(|s| {
                        let v = s.letter().to_string();
                        html! { <option value={v.clone()} selected={v == form.declarer}>{ format!("{} (leader {})", s.name(), s.lho().name()) }</option> }
                    }) }
                </select>
                <label for="simulate-vul">{"Vulnerability"}</label>
                <select id="simulate-vul" onchange={set(|f, v| f.vul = v)}>
                    { for Vulnerability::ALL.iter().map(|v| html! {
                        <option value={v.pbn()} selected={v.pbn() == form.vul}>{ v.pbn() }</option>
                    }) }
                </select>
                <label for="simulate-conditions">{"Conditions on the other hands (constraint language)"}</label>
                <textarea id="simulate-conditions" rows="4" spellcheck="false" value={form.conditions.clone()}
                    oninput={typing(|f, v| f.conditions = v)} />
                <label for="simulate-n">{"Deals"}</label>
                <input id="simulate-n" class="num" type="text" inputmode="numeric" value={form.deals.clone()}
                    oninput={typing(|f, v| f.deals = v)} />
                <div class="sl-buttons">
                    <button type="button" id="simulate-run" class="primary" onclick={on_run} disabled={running}>{"Simulate"}</button>
                    <button type="button" id="simulate-stop" onclick={on_stop} disabled={!running}>{"Stop"}</button>
                    <a id="simulate-link" href={share}>{"Link to these inputs"}</a>
                </div>
            </section>
            <progress id="simulate-progress" max={total.to_string()} value={done.to_string()}
                aria-label="Deals dealt and solved"></progress>
            <p id="simulate-status" class={classes!(failed.then_some("error"))} role={if failed { "alert" } else { "status" }}
                data-solved={run.solved.to_string()} data-phase={run.phase_name()}>
                <span class="sl-status-text">{ run.status() }</span>
            </p>
            if run.problem.is_some() && !failed {
                <RevealSeed seed={run.seed} id="simulate" command={run.command.clone()} />
            }
            { for results }
            <contract::ContractPanel />
            { projector }
        </div>
    }
}
