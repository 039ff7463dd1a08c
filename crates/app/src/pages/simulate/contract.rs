//! The Simulate page's "Which contract?" panel: a partnership's hands (both fixed with `is`,
//! or one fixed and conditions on the other) in the constraint language and two or more
//! contracts of that side (`3NT:N,4S:N`). The deals are dealt in the dealing worker (the
//! conditions text as `fairdeal simulate contract` reads it), every full DD table is solved in
//! the DD worker pool (`ToDdWorker::Solve`, cached per deal), and `fairdeal_sim`'s
//! [`ContractReport`] is shown as it fills: % making, mean score, IMP and matchpoint
//! differences with 95 % intervals, and the CSV `fairdeal simulate contract --csv` prints.

use std::cell::RefCell;
use std::rc::Rc;

use fairdeal_constrain::parse;
use fairdeal_model::dd::DdTable;
use fairdeal_model::{Deal, Seat, Vulnerability};
use fairdeal_sim::contract::parse_choices;
use fairdeal_sim::contract::STRAINS;
use fairdeal_sim::{ContractProblem, ContractReport};
use yew::prelude::*;

use super::chart::contract_svg;
use super::run::{self, Phase, Run, RunAction, RunKind};
use super::state::MAX_PAGE_DEALS;
use crate::components::form_field::{on_change, on_input};
use crate::components::reveal_seed::RevealSeed;
use crate::dd::pool::{self, BatchId};
use crate::worker::link::WorkerLink;
use crate::worker::protocol::{BatchRequest, FromWorker, ToWorker};

/// The contract form, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct ContractForm {
    /// Conditions (constraint language), the partnership's hands included.
    pub conditions: String,
    /// `3NT:N,4S:N`.
    pub contracts: String,
    /// Vulnerability, PBN spelling.
    pub vul: String,
    /// Deals.
    pub deals: String,
}

impl Default for ContractForm {
    fn default() -> Self {
        ContractForm {
            conditions: "north: is AK32.KQ2.A32.K32\nsouth: hcp 8-10, balanced".into(),
            contracts: "3NT:N,4S:N".into(),
            vul: "None".into(),
            deals: "50".into(),
        }
    }
}

impl ContractForm {
    /// The problem and the number of deals, or a message naming the field.
    pub fn problem(&self) -> Result<(ContractProblem, usize), String> {
        let spec = parse(&self.conditions)
            .map_err(|e| format!("Conditions:\n{}", e.render(&self.conditions).trim_end()))?;
        let choices = parse_choices(&self.contracts).map_err(|e| format!("Contracts: {e}"))?;
        let vul = Vulnerability::from_pbn(&self.vul).ok_or_else(|| {
            format!(
                "Vulnerability: `{}`; expected None, NS, EW or All",
                self.vul
            )
        })?;
        let n = match self.deals.trim().parse::<usize>() {
            Ok(n) if (fairdeal_sim::MIN_DEALS..=MAX_PAGE_DEALS).contains(&n) => n,
            _ => {
                return Err(format!(
                    "Deals: `{}`; expected a number from {} to {MAX_PAGE_DEALS}",
                    self.deals.trim(),
                    fairdeal_sim::MIN_DEALS
                ))
            }
        };
        let p = ContractProblem::new(spec, choices, vul).map_err(|e| e.to_string())?;
        Ok((p, n))
    }

    /// The `fairdeal` command giving the same figures, `{seed}` where the seed goes.
    pub fn command(&self) -> String {
        let mut c = format!(
            "fairdeal simulate contract conditions.txt --contracts {}",
            self.contracts.trim()
        );
        if Vulnerability::from_pbn(&self.vul) != Some(Vulnerability::None) {
            c.push_str(&format!(" --vul {}", self.vul.trim()));
        }
        c.push_str(&format!(" -n {} --seed {{seed}} --csv", self.deals.trim()));
        c
    }
}

/// The contract simulation as a [`RunKind`]: the DD pool answers a deal's full table.
pub struct ContractKind;

impl RunKind for ContractKind {
    type Problem = ContractProblem;
    type Raw = DdTable;
    type Answer = DdTable;
    type Report = ContractReport;
    type Batch = BatchId;
    const IDLE: &'static str = "No contract simulation run yet.";
    const SOLVING: &'static str = "Solving DD tables";

    fn answer(_: &ContractProblem, _: usize, _: &Deal, table: DdTable) -> Result<DdTable, String> {
        Ok(table)
    }

    fn report(problem: &ContractProblem, done: &[DdTable]) -> ContractReport {
        problem.report(done)
    }
}

/// A contract run.
pub type ContractRun = Run<ContractKind>;

/// What changes a contract run.
pub type ContractAction = RunAction<ContractKind>;

/// The (strain, declarer) of each contract, once each, in the order given.
fn distinct_lines(r: &ContractReport) -> Vec<(fairdeal_model::Strain, fairdeal_model::Seat)> {
    let mut out = Vec::new();
    for row in &r.rows {
        let key = (row.choice.contract.strain(), row.choice.declarer);
        if !out.contains(&key) {
            out.push(key);
        }
    }
    out
}

/// The "Which contract?" panel.
#[component]
pub fn ContractPanel() -> Html {
    let form = use_state(ContractForm::default);
    let run = use_reducer(ContractRun::default);
    let all_lines = use_state(|| false);
    let link = (*use_state(WorkerLink::default)).clone();
    let current: Rc<RefCell<u32>> = (*use_state(|| Rc::new(RefCell::new(0u32)))).clone();
    let batch: Rc<RefCell<Option<BatchId>>> = (*use_state(|| Rc::new(RefCell::new(None)))).clone();
    {
        let batch = batch.clone();
        use_effect_with((), move |_| {
            move || {
                if let Some(b) = batch.borrow_mut().take() {
                    pool::cancel(b);
                }
            }
        });
    }

    let set = |f: fn(&mut ContractForm, String)| on_change(&form, f);
    let typing = |f: fn(&mut ContractForm, String)| on_input(&form, f);

    let on_run = {
        let (form, run, link, current, batch) = (
            form.clone(),
            run.dispatcher(),
            link.clone(),
            current.clone(),
            batch.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let (problem, total) = match form.problem() {
                Ok((p, n)) => (Rc::new(p), n),
                Err(m) => return run.dispatch(ContractAction::Fail(m)),
            };
            let (job, seed) = match link.next_job() {
                Ok(x) => x,
                Err(m) => return run.dispatch(ContractAction::Fail(m)),
            };
            *current.borrow_mut() = job;
            run.dispatch(ContractAction::Start {
                job,
                seed,
                problem,
                total,
                command: form.command(),
            });
            let (d, cur, batch) = (run.clone(), current.clone(), batch.clone());
            link.send(
                ToWorker::Start(BatchRequest {
                    job,
                    // The conditions as typed: `fairdeal simulate contract` deals from the
                    // same text.
                    spec: form.conditions.clone(),
                    boards: total as u32,
                    seed,
                }),
                move |msg| {
                    if let FromWorker::Done { job, boards } = &msg {
                        let j = *job;
                        if *cur.borrow() == j {
                            let deals: Vec<Deal> = boards.iter().map(|b| b.deal).collect();
                            d.dispatch(ContractAction::Worker(msg.clone()));
                            let d2 = d.clone();
                            let id = pool::solve(
                                &deals,
                                Rc::new(move |index, table| {
                                    d2.dispatch(ContractAction::Answer {
                                        job: j,
                                        index,
                                        raw: table,
                                    })
                                }),
                            );
                            if let Some(old) = batch.borrow_mut().replace(id) {
                                pool::cancel(old);
                            }
                            return;
                        }
                    }
                    d.dispatch(ContractAction::Worker(msg));
                },
            );
        })
    };
    let on_stop = {
        let (run, link, batch) = (run.clone(), link.clone(), batch.clone());
        Callback::from(move |_: MouseEvent| {
            run::stop(&run, &link, || {
                if let Some(b) = batch.borrow_mut().take() {
                    pool::cancel(b);
                }
            })
        })
    };

    let on_pbn = {
        let run = run.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(p) = &run.problem {
                let deals = run.solved_deals();
                // The bytes `fairdeal simulate contract --pbn` writes.
                let text = fairdeal_sim::pbn::pbn_string(
                    &deals,
                    "Fair Deal contract simulation",
                    p.vul(),
                    None,
                );
                crate::download::download_bytes(
                    "contract-simulation.pbn",
                    text.as_bytes(),
                    "application/x-pbn",
                );
            }
        })
    };
    let running = run.is_running();
    let failed = matches!(run.phase, Phase::Failed(_));
    let (done, total) = run.progress();
    let phase_name = run.phase_name();
    let on_all_lines = {
        let all_lines = all_lines.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            all_lines.set(input.checked());
        })
    };
    let lines = |r: &ContractReport| {
        if *all_lines {
            STRAINS
                .into_iter()
                .flat_map(|s| Seat::ALL.into_iter().map(move |d| (s, d)))
                .collect()
        } else {
            distinct_lines(r)
        }
    };
    let results = run.report.clone().map(|r| html! {
        <div class="sl-contract-results">
            <figure class="sl-figure" id="simulate-c-chart">
                { Html::from_html_unchecked(AttrValue::from(contract_svg(&r, false))) }
            </figure>
            <table class="sl-table" id="simulate-c-table">
                <caption>{ format!("Over {} deals: % of deals each contract makes double dummy and its mean score (declaring side), with 95 % intervals.", r.deals) }</caption>
                <thead><tr><th scope="col">{"Contract"}</th><th scope="col">{"Makes %"}</th><th scope="col">{"Mean score"}</th></tr></thead>
                <tbody>
                { for r.rows.iter().map(|row| html! { <tr>
                    <th scope="row">{ row.choice.to_string() }</th>
                    <td>{ format!("{:.1} ({:.1}–{:.1})", row.make_pct.estimate, row.make_pct.low, row.make_pct.high) }</td>
                    <td>{ format!("{:.0} ({:.0} to {:.0})", row.score.estimate, row.score.low, row.score.high) }</td>
                </tr> }) }
                </tbody>
            </table>
            <ul class="sl-paired" id="simulate-c-pairs">
                { for r.pairs.iter().map(|p| html! {
                    <li>{ format!("{} rather than {}: {:+.2} IMPs per deal (95 % {:+.2} to {:+.2}), {:.1} % of the matchpoints (95 % {:.1} to {:.1})",
                        p.a, p.b, p.imps.estimate, p.imps.low, p.imps.high, p.mp_pct.estimate, p.mp_pct.low, p.mp_pct.high) }</li>
                }) }
            </ul>
            <table class="sl-table sl-dist" id="simulate-c-dist">
                <caption>{ if *all_lines {
                    "Double-dummy tricks: how many deals give each declarer each number of tricks (every strain and declarer)."
                } else {
                    "Double-dummy tricks: how many deals give each declarer each number of tricks (the strains and declarers of the contracts)."
                } }</caption>
                <thead><tr>
                    <th scope="col">{"Strain:declarer"}</th><th scope="col">{"Mean"}</th>
                    { for (0..14).map(|t| html! { <th scope="col">{ t }</th> }) }
                </tr></thead>
                <tbody>
                { for lines(&r).into_iter().map(|(strain, seat)| {
                    let counts = r.distribution[strain.index()][seat.index()];
                    let mean = r.mean_tricks[strain.index()][seat.index()];
                    html! { <tr>
                        <th scope="row">{ format!("{strain}:{}", seat.letter()) }</th>
                        <td>{ format!("{:.2}", mean.estimate) }</td>
                        { for counts.iter().map(|n| html! { <td>{ if *n == 0 { String::new() } else { n.to_string() } }</td> }) }
                    </tr> }
                }) }
                </tbody>
            </table>
            <label class="sl-check">
                <input type="checkbox" id="simulate-c-all-lines" checked={*all_lines} onchange={on_all_lines.clone()} />
                {" Every strain and declarer (as "}<code>{"fairdeal simulate contract"}</code>{" prints them)"}
            </label>
            <div class="sl-buttons">
                <button type="button" id="simulate-c-pbn" onclick={on_pbn.clone()}>{"Export deals (PBN)"}</button>
            </div>
            <details class="sl-csv">
                <summary>{"CSV (as "}<code>{"fairdeal simulate contract --csv"}</code>{" prints it)"}</summary>
                <pre id="simulate-c-csv">{ r.csv() }</pre>
            </details>
        </div>
    });
    html! {
        <section class="panel sl-contract" aria-labelledby="sl-c-h">
            <h2 id="sl-c-h">{"Which contract?"}</h2>
            <p class="sl-hint">{"A partnership's hands (both fixed with "}<code>{"is"}</code>{", or one fixed and conditions on the other) and contracts of that side: each deal's full double-dummy table gives how often each contract makes and what choosing one over another gains in IMPs and matchpoints."}</p>
            <div class="sl-form">
                <label for="simulate-c-conditions">{"Hands and conditions (constraint language)"}</label>
                <textarea id="simulate-c-conditions" rows="3" spellcheck="false" value={form.conditions.clone()}
                    oninput={typing(|f, v| f.conditions = v)} />
                <label for="simulate-c-contracts">{"Contracts (contract:declarer, comma-separated)"}</label>
                <input id="simulate-c-contracts" type="text" spellcheck="false" value={form.contracts.clone()}
                    oninput={typing(|f, v| f.contracts = v)} />
                <label for="simulate-c-vul">{"Vulnerability"}</label>
                <select id="simulate-c-vul" onchange={set(|f, v| f.vul = v)}>
                    { for Vulnerability::ALL.iter().map(|v| html! {
                        <option value={v.pbn()} selected={v.pbn() == form.vul}>{ v.pbn() }</option>
                    }) }
                </select>
                <label for="simulate-c-n">{"Deals"}</label>
                <input id="simulate-c-n" class="num" type="text" inputmode="numeric" value={form.deals.clone()}
                    oninput={typing(|f, v| f.deals = v)} />
                <div class="sl-buttons">
                    <button type="button" id="simulate-c-run" class="primary" onclick={on_run} disabled={running}>{"Compare contracts"}</button>
                    <button type="button" id="simulate-c-stop" onclick={on_stop} disabled={!running}>{"Stop"}</button>
                </div>
            </div>
            <progress id="simulate-c-progress" max={total.to_string()} value={done.to_string()}
                aria-label="Deals dealt and solved"></progress>
            <p id="simulate-c-status" class={classes!(failed.then_some("error"))} role={if failed { "alert" } else { "status" }}
                data-solved={run.solved.to_string()} data-phase={phase_name}>{ run.status() }</p>
            if run.problem.is_some() && !failed {
                <RevealSeed seed={run.seed} id="simulate-c" command={run.command.clone()} />
            }
            { for results }
        </section>
    }
}
