//! In-browser tests of the Probability page: the SVG chart component drawn from engine
//! charts (labels, exact fractions, percentages, tooltips), the page's URL state and exact
//! answers in wasm (known values from the reference tables), the lessons, the projector's
//! trimming, the page agreeing with `fairdeal prob` on a lesson, and a timing benchmark of
//! every answer with `performance.now()` (printed, not asserted: a benchmark, not a timed
//! test). The question model's pure tests (field errors on bad input, junk query strings
//! never panic) run natively with the code, in `crates/prob/tests/questions.rs`.

use std::rc::Rc;

use fairdeal_app::components::chart::{
    row_tooltip, svg_markup, ChartStyle, ChartView, ChartViewProps, Orientation,
};
use fairdeal_app::pages::probability::export::{file_stem, standalone_svg};
use fairdeal_app::pages::probability::lessons::LESSONS;
use fairdeal_app::pages::probability::projector::trim_rows;
use fairdeal_app::pages::probability::question::{Kind, Question, KINDS};
use fairdeal_app::pages::probability::{now_ms, timed_answer, PageState};
use fairdeal_prob::{hcp, shape, splits};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn mount(props: ChartViewProps) -> web_sys::Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let host = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&host).unwrap();
    yew::Renderer::<ChartView>::with_root_and_props(host.clone(), props).render();
    host
}

fn percent_of(q: &str, label: &str) -> String {
    let a = Question::from_query(q).unwrap().answer().unwrap();
    a.chart.row(label).unwrap().percent.clone()
}

/// The text of the first element under `el` matching `selector` (which must exist).
fn text_in(el: &web_sys::Element, selector: &str) -> String {
    el.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .text_content()
        .unwrap()
}

#[wasm_bindgen_test]
async fn chart_component_draws_every_row_with_its_exact_fraction() {
    for (chart, orientation) in [
        (splits::suit_splits(4).unwrap(), Orientation::Bars),
        (hcp::hcp_distribution().unwrap(), Orientation::Columns),
        (shape::hand_patterns().unwrap(), Orientation::Bars),
    ] {
        let host = mount(ChartViewProps {
            chart: Rc::new(chart.clone()),
            orientation,
            large: false,
            id: None,
        });
        yew::scheduler::flush().await;
        let rows = host.query_selector_all(".pc-row").unwrap();
        assert_eq!(rows.length() as usize, chart.rows.len(), "{}", chart.title);
        for i in 0..rows.length() {
            let g = rows
                .item(i)
                .unwrap()
                .dyn_into::<web_sys::Element>()
                .unwrap();
            let r = &chart.rows[i as usize];
            assert_eq!(g.get_attribute("data-label").unwrap(), r.label);
            assert_eq!(
                g.get_attribute("data-fraction").unwrap(),
                format!("{}/{}", r.probability.numerator, r.probability.denominator)
            );
            let title = g
                .query_selector("title")
                .unwrap()
                .unwrap()
                .text_content()
                .unwrap();
            assert_eq!(title, row_tooltip(&chart, i as usize));
            assert!(title.contains(&format!("= {} %", r.percent)));
            assert!(title.contains(&format!("({} of {}", r.count, chart.total)));
            let pct = text_in(&g, ".pc-pct");
            assert_eq!(pct, format!("{} %", r.percent));
            let label = text_in(&g, ".pc-label");
            assert_eq!(label, r.label);
        }
        let caption = host.query_selector(".pc-formula-html").unwrap().unwrap();
        assert!(caption.text_content().unwrap().contains(&chart.formula));
        let title = host.query_selector(".pc-title-html").unwrap().unwrap();
        assert_eq!(title.text_content().unwrap(), chart.title);
        host.remove();
    }
}

#[wasm_bindgen_test]
fn known_answers_from_the_reference_tables() {
    // Suit splits a priori (probability.md §1(a)).
    assert_eq!(percent_of("q=splits&n=4", "3-1"), "49.74");
    assert_eq!(percent_of("q=splits&n=4", "2-2"), "40.70");
    assert_eq!(percent_of("q=splits&n=4", "4-0"), "9.57");
    assert_eq!(percent_of("?q=splits&n=5&w=13&e=13", "3-2"), "67.83");
    // Eight ever, nine never (finesse-drop-restricted-choice.csv).
    let nine = Question::from_query("q=finesse&cards=Qxxx&honours=Q")
        .unwrap()
        .answer()
        .unwrap()
        .chart;
    let drop = &nine.rows[0].probability;
    let fin = &nine.rows[1].probability;
    assert_eq!((drop.numerator, drop.denominator), (333, 575));
    assert_eq!((fin.numerator, fin.denominator), (1293, 2300));
    let eight = Question::from_query("q=finesse&cards=Qxxxx&honours=Q")
        .unwrap()
        .answer()
        .unwrap()
        .chart;
    assert_eq!(
        eight.rows[0].probability.numerator * 2300,
        799 * eight.rows[0].probability.denominator
    );
    assert_eq!(
        eight.rows[1].probability.numerator * 460,
        243 * eight.rows[1].probability.denominator
    );
    // Restricted choice: East dropped the Q from QJ: singleton Q 11/17, QJ doubleton 6/17.
    let rc = Question::from_query("q=restricted&cards=QJxx&honours=QJ&player=E&played=Q")
        .unwrap()
        .answer()
        .unwrap()
        .chart;
    let q = rc.row("East Q").unwrap().probability;
    let qj = rc.row("East QJ").unwrap().probability;
    assert_eq!((q.numerator, q.denominator), (11, 17));
    assert_eq!((qj.numerator, qj.denominator), (6, 17));
    // Vacant places: 7 and 11 → 7/18 with West.
    let v = Question::from_query("q=vacant&w=7&e=11")
        .unwrap()
        .answer()
        .unwrap()
        .chart;
    let west = v.row("West").unwrap().probability;
    assert_eq!((west.numerator, west.denominator), (7, 18));
}

#[wasm_bindgen_test]
fn every_question_round_trips_through_its_query_string() {
    let mut keys: Vec<&str> = KINDS.iter().map(|k| k.key).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), KINDS.len(), "unique query keys");
    for info in KINDS {
        let q = Question {
            kind: info.kind,
            hand: "AKQ2.J10.98765.43".into(),
            ..Question::default()
        };
        let back = Question::from_query(&q.to_query()).unwrap();
        assert_eq!(back.kind, q.kind);
        for f in info.fields {
            assert_eq!(back.get(*f), q.get(*f), "{} {}", info.key, f.key());
        }
        assert!(q.answer().is_ok(), "{} answers by default", info.key);
    }
    // A lesson step reproduces its question.
    let s = PageState::from_query("?lesson=hcp&step=2");
    assert_eq!(s.question.kind, Kind::PartnerHcp);
    assert_eq!(s.question.own_hcp, "12");
    assert_eq!(s.lesson.unwrap().1, 2);
    // Unknown things fall back to the default question.
    assert_eq!(
        PageState::from_query("?q=nonsense").question,
        Question::default()
    );
}

#[wasm_bindgen_test]
fn lessons_parse_answer_and_trim_for_the_projector() {
    for lesson in LESSONS {
        assert_eq!(
            lesson.questions().len(),
            lesson.steps.len(),
            "{}",
            lesson.key
        );
        for q in lesson.questions() {
            assert!(q.answer().is_ok(), "{} {:?}", lesson.key, q);
        }
    }
    let suit_breaks = LESSONS.iter().find(|l| l.key == "suit-breaks").unwrap();
    assert_eq!(suit_breaks.steps.len(), 12, "2 to 13 missing cards");
    let patterns = shape::hand_patterns().unwrap();
    let trimmed = trim_rows(&patterns, 12);
    assert_eq!(trimmed.rows.len(), 13);
    assert_eq!(trimmed.rows[12].label, "other 27");
    assert_eq!(trimmed.sum_of_counts(), patterns.total);
}

#[wasm_bindgen_test]
fn exports_are_standalone_svg() {
    let chart = splits::suit_splits(4).unwrap();
    let svg = standalone_svg(&chart, Orientation::Bars);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.contains("<style>"));
    assert!(svg.contains("Splits of 4 missing cards"));
    assert!(svg.contains("49.74 %"));
    assert!(svg.contains("C(26−n,13−a)"));
    assert_eq!(file_stem(&chart), "splits-of-4-missing-cards");
    let large = svg_markup(
        &chart,
        ChartStyle {
            orientation: Orientation::Columns,
            large: true,
            standalone: false,
        },
    );
    assert!(large.contains("font-size=\"30\""));
}

#[wasm_bindgen_test]
fn benchmark_every_answer_in_the_browser() {
    let mut questions: Vec<(String, Question)> = Vec::new();
    for lesson in LESSONS {
        for (s, q) in lesson.steps.iter().zip(lesson.questions()) {
            questions.push((s.to_string(), q));
        }
    }
    for s in [
        "q=fit&hand=AKJ4.QT3.K82.964",
        "q=partnerhand&hand=AKJ4.QT3.K82.964",
        "q=honour&cards=KJ109xx&honours=KJ109",
        "q=restricted&cards=QJ10x&honours=QJ10&player=W&played=J&w=10&e=9",
    ] {
        questions.push((s.to_string(), Question::from_query(s).unwrap()));
    }
    let mut worst = 0.0f64;
    let t_all = now_ms();
    for (s, q) in &questions {
        // Median of 3 runs (the first includes warm-up).
        let mut times: Vec<f64> = (0..3).map(|_| timed_answer(q).1).collect();
        times.sort_by(|a, b| a.total_cmp(b));
        worst = worst.max(times[1]);
        console_log!("answer {s}: {:.3} ms", times[1]);
    }
    console_log!(
        "{} questions, worst median {:.3} ms, all ×3 in {:.1} ms",
        questions.len(),
        worst,
        now_ms() - t_all
    );
}

// ---- Simulation in the worker (issue #8 item 2) --------------------------------------

use fairdeal_app::pages::probability::simulate::{SimAction, SimForm, SimRun};
use fairdeal_app::worker::protocol::FromWorker;
use fairdeal_app::worker::sim_job::SimJob;
use fairdeal_prob::sim::ProportionEstimator;
use fairdeal_prob::simulate::{no_solver, Outcome, Simulation};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// The worker's job in wasm: slices refine the estimate, a slice keeps to its time budget
/// (so Stop is answered within about a slice), the exact value of a countable outcome is
/// computed, and across 40 seeded runs the Wilson intervals cover it (≥ 35: at true 95 %
/// coverage fewer than 35 has probability < 2 %).
#[wasm_bindgen_test]
fn sim_job_refines_in_slices_and_covers_the_exact_value() {
    let spec = "north: hcp 15-17, balanced";
    let outcome = Outcome::Condition("south: hcp 8+".into());
    let mut job = SimJob::new(spec, &outcome, 200_000, [7; 32]).unwrap();
    let t0 = now_ms();
    let finished = job.slice(40.0).unwrap();
    let took = now_ms() - t0;
    assert!(!finished && job.done() > 0, "{} samples", job.done());
    assert!(took < 400.0, "a 40 ms slice took {took} ms");
    let first = job.done();
    job.slice(40.0).unwrap();
    assert!(job.done() > first);
    let FromWorker::SimProgress {
        estimator, exact, ..
    } = job.progress(1)
    else {
        panic!("progress");
    };
    let exact = exact.expect("countable").to_f64();
    assert!((0.5..0.6).contains(&exact), "{exact}");
    assert_eq!(estimator.samples(), u64::from(job.done()));
    // 40 consecutive windows of 400 deals from one stream are 40 independent runs (the
    // dealer is built once: building it is the slow part in a browser test).
    let mut sim = Simulation::new(spec, &outcome, Default::default()).unwrap();
    let mut rng = ChaCha20Rng::from_seed([11; 32]);
    let mut covered = 0;
    for _ in 0..40 {
        let before = sim.estimator();
        sim.step(&mut rng, 400, &mut no_solver).unwrap();
        let after = sim.estimator();
        let hits = after.successes() - before.successes();
        let mut window = ProportionEstimator::new();
        window.extend((0..400).map(|i| i < hits));
        covered += usize::from(window.interval().unwrap().contains(exact));
    }
    // The job's own end message.
    let FromWorker::SimDone { stopped, total, .. } = job.finished(1, true) else {
        panic!("done");
    };
    assert!(stopped && total == 200_000);
    assert!(covered >= 35, "{covered}/40 intervals cover {exact}");
}

#[wasm_bindgen_test]
fn sim_job_errors_are_messages() {
    let bad = SimJob::new(
        "north: hcp 15-17\nsouth: spadez 4",
        &Outcome::Condition("".into()),
        10,
        [0; 32],
    );
    let m = bad.err().unwrap();
    assert!(m.contains("2:"), "{m}");
    let m = SimJob::new("", &Outcome::Condition("north: hcp 12+".into()), 0, [0; 32])
        .err()
        .unwrap();
    assert!(m.contains("samples"), "{m}");
}

#[wasm_bindgen_test]
fn sim_form_and_run_state() {
    let mut f = SimForm::default();
    assert!(matches!(f.outcome(), Ok(Outcome::LongestSuit { .. })));
    f.kind = "losers".into();
    f.number = "13".into();
    assert!(f.outcome().unwrap_err().contains("losers"));
    f.samples = "1,000".into();
    assert_eq!(f.sample_count(), Ok(1000));
    f.samples = "0".into();
    assert!(f.sample_count().is_err());

    let run = SimRun::default().next(SimAction::Start { job: 3, total: 100 });
    assert!(run.is_running());
    let mut est = ProportionEstimator::new();
    est.extend([true, false, true]);
    let progressed = run.next(SimAction::Worker(FromWorker::SimProgress {
        job: 3,
        estimator: est,
        total: 100,
        exact: None,
    }));
    assert!(
        progressed
            .summary()
            .contains("from 3 of 100 deals, sampling"),
        "{}",
        progressed.summary()
    );
    // An answer for another run changes nothing.
    let other = progressed.next(SimAction::Worker(FromWorker::SimProgress {
        job: 2,
        estimator: ProportionEstimator::new(),
        total: 5,
        exact: None,
    }));
    assert_eq!(other, progressed);
    let stopped = progressed.next(SimAction::Worker(FromWorker::SimDone {
        job: 3,
        estimator: est,
        total: 100,
        exact: None,
        stopped: true,
    }));
    assert!(!stopped.is_running());
    assert!(stopped.summary().contains("stopped") && stopped.summary().contains("Few deals"));
}

/// A double-dummy outcome in wasm: the worker's job solves with pons-dds's sequential
/// solver (a ~0.5 s solve per deal), so a slice still advances by one deal; the form starts
/// such questions from 100 deals.
#[wasm_bindgen_test]
fn sim_job_solves_double_dummy_outcomes() {
    use fairdeal_model::{Seat, Strain};
    // North–South hold every top card: 3NT by South always makes.
    let spec = "north: is AKQJ.AKQ.AKQ.AKQ\nsouth: hcp 0+";
    let outcome = Outcome::Tricks {
        declarer: Seat::South,
        strain: Strain::Notrump,
        at_least: 9,
    };
    let mut job = SimJob::new(spec, &outcome, 2, [5; 32]).unwrap();
    while !job.slice(1.0).unwrap() {}
    let FromWorker::SimDone { estimator, .. } = job.finished(1, false) else {
        panic!("done");
    };
    assert_eq!((estimator.samples(), estimator.successes()), (2, 2));
    let mut f = SimForm::default();
    f.set_kind("tricks".into());
    assert_eq!((f.samples.as_str(), f.number.as_str()), ("100", "9"));
    assert!(matches!(
        f.outcome(),
        Ok(Outcome::Tricks { at_least: 9, .. })
    ));
}

/// The page and the CLI agree: the Probability page, mounted under the router at each step
/// of the "eight ever, nine never" lesson's URL, shows exactly the labels, fractions and
/// percentages of `crates/prob/tests/data/cli-lesson-eight-ever-nine-never.csv`, which
/// `crates/cli/tests/prob.rs` checks is `fairdeal prob --lesson … --format csv`'s output.
#[wasm_bindgen_test]
async fn page_shows_the_clis_percentages_for_a_lesson() {
    use fairdeal_app::pages::probability::ProbabilityPage;
    use yew::prelude::*;
    use yew_router::prelude::BrowserRouter;

    #[component]
    fn Routed() -> Html {
        html! { <BrowserRouter><ProbabilityPage /></BrowserRouter> }
    }

    let vector = include_str!("../../prob/tests/data/cli-lesson-eight-ever-nine-never.csv");
    let rows: Vec<Vec<&str>> = vector
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let window = web_sys::window().unwrap();
    let document = window.document().unwrap();
    for step in 0..4 {
        let url = format!("/probability?lesson=eight-ever-nine-never&step={step}");
        window
            .history()
            .unwrap()
            .push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
            .unwrap();
        let host = document.create_element("div").unwrap();
        document.body().unwrap().append_child(&host).unwrap();
        let app = yew::Renderer::<Routed>::with_root(host.clone()).render();
        yew::scheduler::flush().await;
        let shown = host.query_selector_all("#prob-chart .pc-row").unwrap();
        let expected: Vec<&Vec<&str>> = rows.iter().filter(|r| r[0] == step.to_string()).collect();
        assert!(!expected.is_empty(), "step {step} in the vector");
        assert_eq!(shown.length() as usize, expected.len(), "step {step}");
        for (i, row) in expected.iter().enumerate() {
            let g = shown
                .item(i as u32)
                .unwrap()
                .dyn_into::<web_sys::Element>()
                .unwrap();
            assert_eq!(
                g.get_attribute("data-label").unwrap(),
                row[1],
                "step {step}"
            );
            assert_eq!(
                g.get_attribute("data-fraction").unwrap(),
                row[2],
                "step {step}"
            );
            let pct = text_in(&g, ".pc-pct");
            assert_eq!(pct, format!("{} %", row[3]), "step {step}");
        }
        let nav = host.query_selector("#lesson-step").unwrap().unwrap();
        assert_eq!(
            nav.text_content().unwrap(),
            format!("step {} of 4", step + 1)
        );
        app.destroy();
        host.remove();
    }
}
