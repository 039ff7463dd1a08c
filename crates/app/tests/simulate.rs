//! In-browser tests of the Simulate page's state: the form's query string round trip (the
//! shareable link), field messages on bad input, the CLI command, and the run's reducer
//! (dealing → solving → partial report → done; answers of another job ignored; Stop keeps the
//! figures over the deals solved), with the leads solved by the wasm solver — the report is
//! the engine's on the same deals.

use fairdeal_app::pages::simulate::chart::lead_svg;
use fairdeal_app::pages::simulate::lead_href;
use fairdeal_app::pages::simulate::run::Phase;
use fairdeal_app::pages::simulate::state::{LeadAction, LeadForm, LeadRun};
use fairdeal_app::worker::protocol::{FromWorker, PackedBoard};
use fairdeal_dd::DdSolver;
use std::rc::Rc;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_query_string_round_trips_and_never_holds_a_seed() {
    let f = LeadForm {
        conditions: "south: balanced, hcp 15-17\nnorth: hcp 8-9 # 1NT–3NT".into(),
        ..LeadForm::default()
    };
    let q = f.query();
    assert!(!q.contains("seed"));
    assert_eq!(LeadForm::from_query(&q), f);
    assert_eq!(LeadForm::from_query(&format!("?{q}")), f);
    // Junk never panics and keeps the defaults.
    for junk in ["%", "hand=%E2%8", "n=%zz&&=&x", "conditions=%F0%9F"] {
        let _ = LeadForm::from_query(junk);
    }
    let href = lead_href(None, Some("west: is AKQ2.JT3.K765.A9"));
    assert!(href.starts_with("/simulate?hand=&"), "{href}");
}

#[wasm_bindgen_test]
fn bad_fields_are_named() {
    let bad = |f: LeadForm| f.problem().unwrap_err();
    assert!(bad(LeadForm {
        contract: "3NZ".into(),
        ..LeadForm::default()
    })
    .starts_with("Contract: "));
    assert!(bad(LeadForm {
        declarer: "Q".into(),
        ..LeadForm::default()
    })
    .starts_with("Declarer: "));
    assert!(bad(LeadForm {
        hand: "AKQ".into(),
        ..LeadForm::default()
    })
    .starts_with("Leader's hand: "));
    let c = bad(LeadForm {
        conditions: "north: hcpp 8".into(),
        ..LeadForm::default()
    });
    assert!(c.starts_with("Conditions:\n1:8: unknown scale"), "{c}");
    assert!(bad(LeadForm {
        hand: String::new(),
        ..LeadForm::default()
    })
    .contains("is not fixed"));
    assert!(LeadForm {
        deals: "1".into(),
        ..LeadForm::default()
    }
    .deal_count()
    .is_err());
    assert_eq!(
        LeadForm::default().command(),
        "fairdeal simulate lead conditions.txt --contract 3NT --declarer S --hand KQJ4.T98.AK2.654 -n 100 --seed {seed} --csv"
    );
}

#[wasm_bindgen_test]
fn a_run_goes_from_dealing_to_a_report_equal_to_the_engines() {
    let form = LeadForm::default();
    let problem = Rc::new(form.problem().unwrap());
    let seed = [5u8; 32];
    let deals = problem.deals(4, seed).unwrap();
    let mut run = LeadRun::default().next(LeadAction::Start {
        job: 7,
        seed,
        problem: problem.clone(),
        total: 4,
        command: form.command(),
    });
    assert_eq!(run.phase, Phase::Dealing { done: 0 });
    // Another job's answers change nothing.
    run = run.next(LeadAction::Worker(FromWorker::Progress {
        job: 6,
        done: 3,
        total: 4,
    }));
    assert_eq!(run.phase, Phase::Dealing { done: 0 });
    let boards = deals
        .iter()
        .map(|&deal| PackedBoard { category: 0, deal })
        .collect();
    run = run.next(LeadAction::Worker(FromWorker::Done { job: 7, boards }));
    assert_eq!(run.phase, Phase::Solving);
    run = run.next(LeadAction::Solving { job: 7, batch: 1 });
    let mut solver = DdSolver::new();
    // Results arrive out of order.
    for &i in &[2usize, 0, 3, 1] {
        let leads = solver.leads(&deals[i], problem.contract().strain(), problem.declarer());
        assert!(run.is_running());
        run = run.next(LeadAction::Answer {
            job: 7,
            index: i,
            raw: leads,
        });
        if i == 0 {
            // Two deals solved: a partial report over them.
            assert_eq!(run.report.as_ref().unwrap().deals, 2);
        }
    }
    assert_eq!(run.phase, Phase::Done);
    let results: Vec<_> = deals
        .iter()
        .enumerate()
        .map(|(i, d)| problem.solve(&mut solver, i, d).unwrap())
        .collect();
    let want = problem.report(&results);
    assert_eq!(run.report.as_deref(), Some(&want));
    assert_eq!(run.solved_deals(), deals);
    let svg = lead_svg(&want, false);
    assert_eq!(svg.matches("class=\"sl-bar\"").count(), want.rows.len());
    assert!(lead_svg(&want, true).contains("font-size=\"30\""));
}

#[wasm_bindgen_test]
fn stop_keeps_the_figures_over_the_deals_solved() {
    let form = LeadForm::default();
    let problem = Rc::new(form.problem().unwrap());
    let deals = problem.deals(3, [9; 32]).unwrap();
    let mut run = LeadRun::default().next(LeadAction::Start {
        job: 1,
        seed: [9; 32],
        problem: problem.clone(),
        total: 3,
        command: String::new(),
    });
    let boards = deals
        .iter()
        .map(|&deal| PackedBoard { category: 0, deal })
        .collect();
    run = run.next(LeadAction::Worker(FromWorker::Done { job: 1, boards }));
    let mut solver = DdSolver::new();
    for (i, deal) in deals.iter().enumerate().take(2) {
        let leads = solver.leads(deal, problem.contract().strain(), problem.declarer());
        run = run.next(LeadAction::Answer {
            job: 1,
            index: i,
            raw: leads,
        });
    }
    run = run.next(LeadAction::Cancel);
    assert_eq!(run.phase, Phase::Cancelled);
    assert_eq!(run.report.as_ref().unwrap().deals, 2);
    let leads = solver.leads(&deals[2], problem.contract().strain(), problem.declarer());
    let after = run.next(LeadAction::Answer {
        job: 1,
        index: 2,
        raw: leads,
    });
    assert_eq!(after.solved, 2, "a late answer after Stop is ignored");
    assert!(run.status().starts_with("Stopped after 2 of 3 deals"));
}
