//! Simulation for what exact maths does not reach: "how often is partner's longest suit a
//! given suit, opposite your hand?" — deals sampled with `FastDealer` (seeded from the
//! browser's CSPRNG), your hand fixed as South, in chunks between which the page stays
//! responsive (a progress bar and Stop), with the Wilson 95 % interval of
//! `fairdeal_prob::sim::ProportionEstimator`.
//!
//! Panic policy: no panics; a bad hand is a message at the field, a missing CSPRNG a message.

use std::cell::Cell;
use std::rc::Rc;

use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Hand, Seat, Suit};
use fairdeal_prob::sim::ProportionEstimator;
use yew::prelude::*;

use super::question::parse_hand;
use crate::browser;

/// Deals sampled per chunk (one chunk per turn of the event loop).
pub const CHUNK: u64 = 5_000;
/// Deals sampled in one run unless stopped.
pub const TOTAL: u64 = 200_000;

/// Whether `suit` is (one of) the longest suits of `hand`.
pub fn longest_is(hand: Hand, suit: Suit) -> bool {
    let l = hand.suit_len(suit);
    Suit::ALL.iter().all(|s| hand.suit_len(*s) <= l)
}

/// Samples `n` deals completing `mine` (South) and counts partner's longest suit = `suit`.
pub fn sample_chunk(
    dealer: &mut FastDealer,
    mine: Hand,
    suit: Suit,
    n: u64,
    est: &mut ProportionEstimator,
) {
    let mut fixed = [Hand::EMPTY; 4];
    fixed[Seat::South.index()] = mine;
    for _ in 0..n {
        if let Ok(deal) = dealer.deal_rest(&fixed) {
            est.push(longest_is(deal.hand(Seat::North), suit));
        }
    }
}

/// The simulation panel.
#[component]
pub fn SimulationPanel() -> Html {
    let hand_text = use_state(|| "AKJ4.QT3.K82.964".to_string());
    let suit = use_state(|| Suit::Spades);
    let est = use_state(ProportionEstimator::new);
    let running = use_state(|| false);
    let stop = use_mut_ref(|| Rc::new(Cell::new(false)));
    let message = use_state(String::new);

    let on_hand = {
        let hand_text = hand_text.clone();
        Callback::from(move |e: InputEvent| {
            use wasm_bindgen::JsCast;
            if let Some(i) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            {
                hand_text.set(i.value());
            }
        })
    };
    let on_suit = {
        let suit = suit.clone();
        Callback::from(move |e: Event| {
            use wasm_bindgen::JsCast;
            if let Some(s) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
                .and_then(|s| s.value().chars().next())
                .and_then(Suit::from_char)
            {
                suit.set(s);
            }
        })
    };
    let on_run = {
        let (hand_text, suit, est, running, stop, message) = (
            hand_text.clone(),
            suit.clone(),
            est.clone(),
            running.clone(),
            stop.clone(),
            message.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let mine = match parse_hand(&hand_text) {
                Ok(h) => h,
                Err(m) => {
                    message.set(m);
                    return;
                }
            };
            let mut seed = [0u8; 32];
            if !browser::fill_random(&mut seed) {
                message.set("This browser has no secure random generator.".into());
                return;
            }
            message.set(String::new());
            let flag = Rc::new(Cell::new(false));
            *stop.borrow_mut() = flag.clone();
            running.set(true);
            let (est, running, suit) = (est.clone(), running.clone(), *suit);
            yew::platform::spawn_local(async move {
                let mut dealer = FastDealer::from_seed(seed);
                let mut acc = ProportionEstimator::new();
                while acc.samples() < TOTAL && !flag.get() {
                    sample_chunk(&mut dealer, mine, suit, CHUNK, &mut acc);
                    est.set(acc);
                    gloo_timers::future::TimeoutFuture::new(0).await;
                }
                running.set(false);
            });
        })
    };
    let on_stop = {
        let stop = stop.clone();
        Callback::from(move |_: MouseEvent| stop.borrow().set(true))
    };
    let progress = est.samples().min(TOTAL);
    let interval = est.interval();
    html! {
        <section class="panel pq-sim" aria-labelledby="pq-sim-h">
            <h2 id="pq-sim-h">{"Simulation: partner's longest suit"}</h2>
            <p class="pq-hint">{"For questions exact counting does not reach: deals are sampled in your browser with your hand fixed as South, and the estimate comes with its 95 % interval."}</p>
            <div class="pq-sim-form">
                <label for="sim-hand">{"Your hand (♠.♥.♦.♣)"}</label>
                <input id="sim-hand" type="text" value={(*hand_text).clone()} oninput={on_hand} spellcheck="false" />
                <label for="sim-suit">{"Partner's longest suit is"}</label>
                <select id="sim-suit" onchange={on_suit}>
                    { for Suit::ALL.iter().map(|s| html! {
                        <option value={s.letter().to_string()} selected={*s == *suit}>{ format!("{} {}", s.symbol(), s.name()) }</option>
                    }) }
                </select>
                <button type="button" id="sim-run" onclick={on_run} disabled={*running}>{"Simulate"}</button>
                <button type="button" id="sim-stop" onclick={on_stop} disabled={!*running}>{"Stop"}</button>
            </div>
            if !message.is_empty() { <p class="error" id="sim-error" role="alert">{ (*message).clone() }</p> }
            <progress id="sim-progress" max={TOTAL.to_string()} value={progress.to_string()}></progress>
            <p id="sim-result">{
                match interval {
                    Some(i) => format!(
                        "Estimate {:.2} % (95 % interval {:.2} – {:.2} %) from {} deals (ties count).",
                        i.estimate * 100.0, i.low * 100.0, i.high * 100.0, i.samples
                    ),
                    None => "No deals sampled yet.".to_string(),
                }
            }</p>
        </section>
    }
}
