//! Projector mode for the Score page: its charts one per screen, drawn at projector size
//! (a 1760-unit-wide viewBox with 32-unit text, so labels are ≥ 28 px on a 1920×1080
//! screen), in the shared high-contrast overlay of the Probability page
//! ([`ProjectorFrame`]: full screen, arrow keys step, Esc leaves).
//!
//! Slides ([`Slide`]): each method's scores (one bar per pair), the rank-vs-rank scatters
//! (MP v Butler, MP v VP), then the board shown in the travellers. Built from what the page
//! already scored; nothing is recomputed here.
//!
//! Panic policy: no panics; empty data draws an empty frame (never a NaN).

use std::rc::Rc;

use yew::prelude::*;

use super::charts::{bar_class, fmt, rank_spots, MethodSeries, ScoreAxis, ValueAxis};
use crate::pages::probability::projector::ProjectorFrame;

/// Width of a slide's viewBox (about the projector's pixel width).
pub const WIDTH: f64 = 1760.0;
/// Text size in viewBox units.
pub const FONT: f64 = 32.0;

/// One projected chart.
#[derive(Debug, Clone, PartialEq)]
pub enum Slide {
    /// Each pair's score under one method.
    Method(MethodSeries),
    /// Rank under one method against rank under another: (x title, y title, points).
    Scatter(String, String, Vec<(String, u32, u32)>),
    /// A board's NS scores: (board, (label, score) per table).
    Board(u32, Vec<(String, i32)>),
}

impl Slide {
    /// The slide's title.
    pub fn title(&self) -> String {
        match self {
            Slide::Method(s) => format!("{} ({})", s.title, s.unit),
            Slide::Scatter(x, y, _) => format!("Rank: {x} (across) v {y} (up)"),
            Slide::Board(b, _) => format!("Board {b}: NS score of each table"),
        }
    }
}

fn method_svg(s: &MethodSeries) -> Html {
    let n = s.values.len().max(1) as f64;
    let row = (FONT * 1.5).max(760.0 / n);
    let (label_w, pad) = (260.0_f64, 12.0_f64);
    let h = n * row + 2.0 * pad;
    let axis = ValueAxis::new(&s.values, label_w, WIDTH - label_w - 200.0);
    let x0 = axis.x0;
    let bars = s.values.iter().enumerate().map(|(i, (pair, v))| {
        let y = pad + row * i as f64;
        let (x, bw) = axis.bar(*v, 2.0);
        let class = bar_class(*v >= 0.0);
        let ty = y + row / 2.0 + FONT * 0.35;
        html! {
            <g class="scp-row" data-pair={pair.clone()}>
                <text class="sc-chart-label scp-label" x={fmt(label_w - 16.0)} y={fmt(ty)} text-anchor="end">{ pair.clone() }</text>
                <rect class={class} x={fmt(x)} y={fmt(y + row * 0.12)} width={fmt(bw)} height={fmt(row * 0.76)}>
                    <title>{ format!("{pair}: {v:.2} {}", s.unit) }</title>
                </rect>
                <text class="sc-chart-text scp-label" x={fmt(x0.max(x + bw) + 12.0)} y={fmt(ty)}>{ format!("{v:.1}") }</text>
            </g>
        }
    });
    html! {
        <svg class="sc-chart scp-svg" id="scp-chart" viewBox={format!("0 0 {WIDTH} {}", fmt(h))} role="img"
            aria-label={format!("{} score of each pair", s.title)} font-size={fmt(FONT)}>
            <line class="sc-axis" x1={fmt(x0)} x2={fmt(x0)} y1="0" y2={fmt(h)} stroke-width="3" />
            { for bars }
        </svg>
    }
}

fn scatter_svg(x_label: &str, y_label: &str, points: &[(String, u32, u32)]) -> Html {
    let (w, h, pad) = (WIDTH, 860.0_f64, 110.0_f64);
    let (n, spots) = rank_spots(points);
    let px = |r: u32| pad + (w - 2.0 * pad) * (f64::from(r) - 1.0) / (n - 1.0);
    let py = |r: u32| h - pad - (h - 2.0 * pad) * (f64::from(r) - 1.0) / (n - 1.0);
    let dots = spots.iter().map(|(x, y, pair)| {
        let (cx, cy) = (px(*x), py(*y));
        let right = cx > w / 2.0;
        html! {
            <g class="scp-row" data-pair={pair.clone()}>
                <circle class="sc-dot" cx={fmt(cx)} cy={fmt(cy)} r="14">
                    <title>{ format!("{pair}: {x_label} {x}, {y_label} {y}") }</title>
                </circle>
                <text class="sc-chart-text scp-label" x={fmt(if right { cx - 22.0 } else { cx + 22.0 })} y={fmt(cy - 18.0)}
                    text-anchor={if right { "end" } else { "start" }}>{ pair }</text>
            </g>
        }
    });
    let top = n as u32;
    html! {
        <svg class="sc-chart scp-svg" id="scp-chart" viewBox={format!("0 0 {w} {h}")} role="img"
            aria-label={format!("rank under {x_label} against rank under {y_label}")} font-size={fmt(FONT)}>
            <line class="sc-diag" x1={fmt(px(1))} y1={fmt(py(1))} x2={fmt(px(top))} y2={fmt(py(top))} stroke-width="3" />
            <line class="sc-axis" x1={fmt(pad)} y1={fmt(h - pad + 24.0)} x2={fmt(w - pad)} y2={fmt(h - pad + 24.0)} stroke-width="3" />
            <line class="sc-axis" x1={fmt(pad - 24.0)} y1={fmt(pad)} x2={fmt(pad - 24.0)} y2={fmt(h - pad)} stroke-width="3" />
            <text class="sc-chart-label scp-label" x={fmt(pad)} y={fmt(h - 20.0)}>{ format!("1 ({x_label})") }</text>
            <text class="sc-chart-label scp-label" x={fmt(w - pad)} y={fmt(h - 20.0)} text-anchor="end">{ top.to_string() }</text>
            <text class="sc-chart-label scp-label" x="8" y={fmt(h - pad)}>{"1"}</text>
            <text class="sc-chart-label scp-label" x="8" y={fmt(pad + 10.0)}>{ top.to_string() }</text>
            { for dots }
        </svg>
    }
}

fn board_svg(bars: &[(String, i32)]) -> Html {
    let (w, h, pad) = (WIDTH, 820.0_f64, 70.0_f64);
    let axis = ScoreAxis::new(bars, w, h, pad, h / 2.0 - pad - FONT);
    let (zero, slot) = (axis.zero, axis.slot);
    let drawn = bars.iter().enumerate().map(|(i, (label, s))| {
        let (x, y, bh) = axis.bar(i, *s);
        let class = bar_class(*s >= 0);
        let ty = if *s >= 0 { y - 10.0 } else { y + bh + FONT };
        html! {
            <g class="scp-row" data-pair={label.clone()}>
                <rect class={class} x={fmt(x)} y={fmt(y)} width={fmt(slot * 0.7)} height={fmt(bh.max(2.0))}>
                    <title>{ format!("{label}: {s}") }</title>
                </rect>
                <text class="sc-chart-text scp-label" x={fmt(x + slot * 0.35)} y={fmt(ty)} text-anchor="middle">{ s.to_string() }</text>
                <text class="sc-chart-label scp-label" x={fmt(x + slot * 0.35)} y={fmt(h - 12.0)} text-anchor="middle">{ label.clone() }</text>
            </g>
        }
    });
    html! {
        <svg class="sc-chart scp-svg" id="scp-chart" viewBox={format!("0 0 {w} {h}")} role="img"
            aria-label="NS score of each table" font-size={fmt(FONT)}>
            <line class="sc-axis" x1={fmt(pad)} x2={fmt(w - pad)} y1={fmt(zero)} y2={fmt(zero)} stroke-width="3" />
            { for drawn }
        </svg>
    }
}

/// Draws one slide at projector size, with its title above.
pub fn slide_html(slide: &Slide) -> Html {
    let svg = match slide {
        Slide::Method(s) => method_svg(s),
        Slide::Scatter(x, y, p) => scatter_svg(x, y, p),
        Slide::Board(_, bars) => board_svg(bars),
    };
    html! {
        <figure class="scp-figure">
            <figcaption class="scp-title" id="scp-title">{ slide.title() }</figcaption>
            { svg }
        </figure>
    }
}

/// Properties of [`ScoreProjector`].
#[derive(Properties, PartialEq, Clone)]
pub struct ScoreProjectorProps {
    /// The slides.
    pub slides: Rc<Vec<Slide>>,
    /// Called when the mode is left.
    pub on_close: Callback<()>,
}

/// The Score page's projector.
#[component]
pub fn ScoreProjector(props: &ScoreProjectorProps) -> Html {
    let slides = props.slides.clone();
    let render = Callback::from(move |i: usize| match slides.get(i) {
        Some(s) => slide_html(s),
        None => html! { <p>{"No chart to show yet: type some results first."}</p> },
    });
    html! {
        <ProjectorFrame count={props.slides.len()} start={0} {render} on_close={props.on_close.clone()} />
    }
}
