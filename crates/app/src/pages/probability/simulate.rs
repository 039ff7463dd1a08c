//! Simulation for what exact maths does not reach: deals meeting conditions in the
//! constraint language are drawn by the exact constrained dealer **in the dealing Web
//! Worker** (`ToWorker::Simulate`, see `worker::sim_job`), and an outcome is counted on each
//! — another condition, a seat's longest suit, a losing-trick count, or a double-dummy
//! result. The estimate, its Wilson 95 % interval and the sample count refine after every
//! slice, with a progress bar and Stop; the page's thread never samples, so it stays
//! responsive. When the constraint engine can count the outcome exactly, the exact value is
//! shown beside the estimate.
//!
//! * [`SimForm`] — the form's fields and the [`Outcome`] they describe (pure, tested).
//! * [`SimRun`] — the run's state machine driven by the worker's answers (pure, tested).
//! * [`SimulationPanel`] — the component.
//!
//! Panic policy: no panics; a bad field is a message, a worker error is shown as sent.

use crate::components::form_field::{on_change, on_input};
use crate::worker::link::WorkerLink;
use std::rc::Rc;

use fairdeal_model::{Seat, Strain, Suit};
use fairdeal_prob::outcome_text::{parse_samples, OutcomeText};
use fairdeal_prob::sim::ProportionEstimator;
use fairdeal_prob::simulate::Outcome;
use fairdeal_prob::Fraction;
use yew::prelude::*;

use crate::worker::protocol::{FromWorker, SimRequest, ToWorker};
use crate::worker::sim_job::MAX_SAMPLES;

/// Whether double-dummy outcomes can be solved in this build.
pub const DD_AVAILABLE: bool = true;

/// The outcome kinds offered: key, label (`fairdeal_prob::outcome_text`'s table).
pub use fairdeal_prob::outcome_text::OUTCOME_KINDS as KINDS;

/// The simulation form, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct SimForm {
    /// Deal conditions (constraint language).
    pub spec: String,
    /// Outcome kind key (see [`KINDS`]).
    pub kind: String,
    /// Condition text for `condition`.
    pub condition: String,
    /// Seat letter (longest, losers; declarer for tricks).
    pub seat: String,
    /// Suit letter for `longest`.
    pub suit: String,
    /// Strain text for `tricks` (`C D H S NT`).
    pub strain: String,
    /// A number: most losers, or tricks needed.
    pub number: String,
    /// Samples to draw.
    pub samples: String,
}

impl Default for SimForm {
    fn default() -> Self {
        SimForm {
            spec: "south: is AKJ4.QT3.K82.964".into(),
            kind: "longest".into(),
            condition: "north: hcp 12+".into(),
            seat: "N".into(),
            suit: "S".into(),
            strain: "NT".into(),
            number: "7".into(),
            samples: "200000".into(),
        }
    }
}

impl SimForm {
    /// Sets the outcome kind; a double-dummy question starts from 100 deals (each is a
    /// solve of about half a second), the others from 200,000.
    pub fn set_kind(&mut self, kind: String) {
        let big = self.sample_count().is_ok_and(|n| n > 1_000);
        if kind == "tricks" {
            if big {
                self.samples = "100".into();
            }
            if self.number.trim().parse::<u8>().map_or(true, |n| n == 0) || self.number == "7" {
                self.number = "9".into();
            }
        } else if self.kind == "tricks" && !big {
            self.samples = "200000".into();
        }
        self.kind = kind;
    }

    /// The outcome the form describes, or a message naming the field (read by
    /// `fairdeal_prob::outcome_text`, as `fairdeal prob --simulate` reads its flags).
    pub fn outcome(&self) -> Result<Outcome, String> {
        OutcomeText {
            kind: &self.kind,
            condition: &self.condition,
            seat: &self.seat,
            suit: &self.suit,
            strain: &self.strain,
            number: &self.number,
        }
        .outcome()
    }

    /// The sample count, or a message.
    pub fn sample_count(&self) -> Result<u32, String> {
        parse_samples(&self.samples, MAX_SAMPLES)
    }
}

/// A run as the page sees it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum SimRun {
    /// Nothing run yet.
    #[default]
    Idle,
    /// Sampling in the worker (or finished / stopped when `finished`).
    Sampling {
        /// The run id.
        job: u32,
        /// The estimate so far.
        estimator: ProportionEstimator,
        /// Samples asked for.
        total: u32,
        /// The exact value, when countable.
        exact: Option<Fraction>,
        /// None while running; Some(stopped) once ended.
        ended: Option<bool>,
    },
    /// The worker refused or failed.
    Failed(String),
}

/// What changes a run.
#[derive(Debug, Clone, PartialEq)]
pub enum SimAction {
    /// A run was sent to the worker.
    Start {
        /// The run id.
        job: u32,
        /// Samples asked for.
        total: u32,
    },
    /// A message from the worker.
    Worker(FromWorker),
    /// A check on the page failed.
    Fail(String),
}

impl SimRun {
    /// The state after `action`; answers for other runs are ignored.
    pub fn next(&self, action: SimAction) -> SimRun {
        let current = match self {
            SimRun::Sampling {
                job, ended: None, ..
            } => Some(*job),
            _ => None,
        };
        match action {
            SimAction::Start { job, total } => SimRun::Sampling {
                job,
                estimator: ProportionEstimator::new(),
                total,
                exact: None,
                ended: None,
            },
            SimAction::Fail(m) => SimRun::Failed(m),
            SimAction::Worker(msg) => match msg {
                FromWorker::SimProgress {
                    job,
                    estimator,
                    total,
                    exact,
                } if current == Some(job) => SimRun::Sampling {
                    job,
                    estimator,
                    total,
                    exact,
                    ended: None,
                },
                FromWorker::SimDone {
                    job,
                    estimator,
                    total,
                    exact,
                    stopped,
                } if current == Some(job) => SimRun::Sampling {
                    job,
                    estimator,
                    total,
                    exact,
                    ended: Some(stopped),
                },
                FromWorker::Failed { job, message } if current == Some(job) => {
                    SimRun::Failed(message)
                }
                _ => self.clone(),
            },
        }
    }

    /// True while the worker samples.
    pub fn is_running(&self) -> bool {
        matches!(self, SimRun::Sampling { ended: None, .. })
    }

    /// The result line.
    pub fn summary(&self) -> String {
        match self {
            SimRun::Idle => "No deals sampled yet.".into(),
            SimRun::Failed(m) => m.clone(),
            SimRun::Sampling {
                estimator,
                total,
                ended,
                ..
            } => {
                let state = match ended {
                    None => "sampling…",
                    Some(true) => "stopped.",
                    Some(false) => "done.",
                };
                match estimator.interval() {
                    Some(i) => format!(
                        "Estimate {:.2} % (95 % interval {:.2} – {:.2} %) from {} of {} deals, {state}{}",
                        i.estimate * 100.0,
                        i.low * 100.0,
                        i.high * 100.0,
                        i.samples,
                        total,
                        if i.samples < 1_000 {
                            " Few deals: the interval is wide; let it run longer for a sharper answer."
                        } else {
                            ""
                        }
                    ),
                    None => format!("0 of {total} deals, {state}"),
                }
            }
        }
    }
}

impl Reducible for SimRun {
    type Action = SimAction;
    fn reduce(self: Rc<Self>, action: SimAction) -> Rc<Self> {
        Rc::new(self.next(action))
    }
}

/// The simulation panel.
#[component]
pub fn SimulationPanel() -> Html {
    let form = use_state(SimForm::default);
    let run = use_reducer(SimRun::default);
    let link = (*use_state(WorkerLink::default)).clone();

    let set = |f: fn(&mut SimForm, String)| on_change(&form, f);
    let typing = |f: fn(&mut SimForm, String)| on_input(&form, f);

    let on_run = {
        let (form, run, link) = (form.clone(), run.dispatcher(), link.clone());
        Callback::from(move |_: MouseEvent| {
            let outcome = match form.outcome() {
                Ok(o) => o,
                Err(m) => return run.dispatch(SimAction::Fail(m)),
            };
            if outcome.needs_solver() && !DD_AVAILABLE {
                return run.dispatch(SimAction::Fail(
                    "Double-dummy questions are not available yet: the solver is not in this build.".into(),
                ));
            }
            let samples = match form.sample_count() {
                Ok(n) => n,
                Err(m) => return run.dispatch(SimAction::Fail(m)),
            };
            let (job, seed) = match link.next_job() {
                Ok(x) => x,
                Err(m) => return run.dispatch(SimAction::Fail(m)),
            };
            run.dispatch(SimAction::Start {
                job,
                total: samples,
            });
            let d = run.clone();
            link.send(
                ToWorker::Simulate(SimRequest {
                    job,
                    spec: form.spec.clone(),
                    outcome,
                    samples,
                    seed,
                }),
                move |o| d.dispatch(SimAction::Worker(o)),
            );
        })
    };
    let on_stop = {
        let (run, link) = (run.clone(), link.clone());
        Callback::from(move |_: MouseEvent| {
            if let SimRun::Sampling { job, .. } = &*run {
                link.cancel(*job);
            }
        })
    };

    let seat_select = |id: &'static str, label: &'static str| {
        html! {
            <>
                <label for={id}>{ label }</label>
                <select id={id} onchange={set(|f, v| f.seat = v)}>
                    { for Seat::ALL.iter().map(|s| {
                        let v = s.letter().to_string();
                        html! { <option value={v.clone()} selected={v == form.seat}>{ s.name() }</option> }
                    }) }
                </select>
            </>
        }
    };
    let outcome_fields = match form.kind.as_str() {
        "condition" => html! {
            <>
                <label for="sim-condition">{"Condition"}</label>
                <input id="sim-condition" type="text" spellcheck="false" value={form.condition.clone()}
                    oninput={typing(|f, v| f.condition = v)} />
            </>
        },
        "losers" => html! {
            <>
                { seat_select("sim-seat", "Seat") }
                <label for="sim-number">{"At most losers"}</label>
                <input id="sim-number" class="num" type="text" inputmode="numeric" value={form.number.clone()}
                    oninput={typing(|f, v| f.number = v)} />
            </>
        },
        "tricks" => html! {
            <>
                { seat_select("sim-seat", "Declarer") }
                <label for="sim-strain">{"Strain"}</label>
                <select id="sim-strain" onchange={set(|f, v| f.strain = v)}>
                    { for Strain::ASC.iter().rev().map(|s| html! {
                        <option value={s.text()} selected={s.text() == form.strain}>{ s.text() }</option>
                    }) }
                </select>
                <label for="sim-number">{"Tricks at least"}</label>
                <input id="sim-number" class="num" type="text" inputmode="numeric" value={form.number.clone()}
                    oninput={typing(|f, v| f.number = v)} />
                if DD_AVAILABLE {
                    <p class="pq-hint" id="sim-dd-note">{"Each deal is solved double dummy (about half a second each), so runs are a few hundred deals and the interval stays wide: read it, not just the estimate."}</p>
                } else {
                    <p class="pq-hint" id="sim-dd-note">{"Double-dummy questions are not available yet: the solver is not in this build."}</p>
                }
            </>
        },
        _ => html! {
            <>
                { seat_select("sim-seat", "Seat") }
                <label for="sim-suit">{"Longest suit"}</label>
                <select id="sim-suit" onchange={set(|f, v| f.suit = v)}>
                    { for Suit::ALL.iter().map(|s| {
                        let v = s.letter().to_string();
                        html! { <option value={v.clone()} selected={v == form.suit}>{ format!("{} {}", s.symbol(), s.name()) }</option> }
                    }) }
                </select>
            </>
        },
    };

    let (done, total) = match &*run {
        SimRun::Sampling {
            estimator, total, ..
        } => (estimator.samples(), u64::from(*total)),
        _ => (0, 1),
    };
    let exact = match &*run {
        SimRun::Sampling { exact: Some(f), .. } => html! {
            <p id="sim-exact">{ format!("Exact (counted by the constraint engine): {} % = {}/{}", f.percent(2), f.numerator, f.denominator) }</p>
        },
        _ => html! {},
    };
    let running = run.is_running();
    let failed = matches!(&*run, SimRun::Failed(_));
    html! {
        <section class="panel pq-sim" aria-labelledby="pq-sim-h">
            <h2 id="pq-sim-h">{"Simulation"}</h2>
            <p class="pq-hint">{"For questions exact counting does not reach: deals meeting the conditions are drawn exactly uniformly in a background worker, and the estimate comes with its 95 % interval. Conditions use the constrained-dealing language (e.g. "}<code>{"north: hcp 15-17, balanced"}</code>{")."}</p>
            <div class="pq-sim-form">
                <label for="sim-spec">{"Deal conditions"}</label>
                <textarea id="sim-spec" rows="3" spellcheck="false" value={form.spec.clone()}
                    oninput={typing(|f, v| f.spec = v)} />
                <label for="sim-kind">{"Count how often"}</label>
                <select id="sim-kind" onchange={set(SimForm::set_kind)}>
                    { for KINDS.iter().map(|(k, label)| html! {
                        <option value={*k} selected={*k == form.kind}>{ *label }</option>
                    }) }
                </select>
                { outcome_fields }
                <label for="sim-samples">{"Deals"}</label>
                <input id="sim-samples" class="num" type="text" inputmode="numeric" value={form.samples.clone()}
                    aria-invalid={form.sample_count().is_err().then_some("true")}
                    oninput={typing(|f, v| f.samples = v)} />
                if let Err(m) = form.sample_count() {
                    <p class="error field-error" id="sim-samples-error" role="alert">{ format!("Deals: {m}") }</p>
                }
                <div class="pq-sim-buttons">
                    <button type="button" id="sim-run" class="primary" onclick={on_run} disabled={running}>{"Simulate"}</button>
                    <button type="button" id="sim-stop" onclick={on_stop} disabled={!running}>{"Stop"}</button>
                </div>
            </div>
            <progress id="sim-progress" max={total.to_string()} value={done.to_string()}
                aria-label="Deals sampled"></progress>
            <p id="sim-result" class={classes!(failed.then_some("error"))} role={failed.then_some("alert")}
                data-samples={done.to_string()}>{ run.summary() }</p>
            { exact }
        </section>
    }
}
