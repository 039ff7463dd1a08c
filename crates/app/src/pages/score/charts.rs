//! Charts drawn as inline SVG by the page (no library): a board's results as bars
//! ([`BoardBars`]), each pair's score under every method ([`MethodBars`]), and one method's
//! rank against another's ([`RankScatter`]).
//!
//! Colours come from CSS classes (`sc-bar-pos`, `sc-axis`, …) over the theme variables, so the
//! charts follow the light and dark themes. Every chart has a `<title>` and `role="img"`.
//! Empty or degenerate data (no results, all scores equal) draws an empty frame, never a NaN.

use yew::prelude::*;

/// Props of [`BoardBars`].
#[derive(Properties, PartialEq)]
pub struct BoardBarsProps {
    /// Board number.
    pub board: u32,
    /// (label, NS score) per result.
    pub bars: Vec<(String, i32)>,
}

/// A board's NS scores, one bar each, above or below zero.
#[component]
pub fn BoardBars(props: &BoardBarsProps) -> Html {
    let (w, h, pad) = (480.0_f64, 220.0_f64, 28.0_f64);
    let axis = ScoreAxis::new(&props.bars, w, h, pad, h / 2.0 - pad);
    let (zero, slot) = (axis.zero, axis.slot);
    let bars = props.bars.iter().enumerate().map(|(i, (label, s))| {
        let (x, y, bh) = axis.bar(i, *s);
        let class = bar_class(*s >= 0);
        let ty = if *s >= 0 { y - 4.0 } else { y + bh + 12.0 };
        html! {
            <g>
                <rect class={class} x={fmt(x)} y={fmt(y)} width={fmt(slot * 0.7)} height={fmt(bh.max(1.0))}>
                    <title>{ format!("{label}: {s}") }</title>
                </rect>
                <text class="sc-chart-text" x={fmt(x + slot * 0.35)} y={fmt(ty)} text-anchor="middle">{ s.to_string() }</text>
                <text class="sc-chart-label" x={fmt(x + slot * 0.35)} y={fmt(h - 4.0)} text-anchor="middle">{ label.clone() }</text>
            </g>
        }
    });
    html! {
        <svg class="sc-chart" id="chart-board" viewBox={format!("0 0 {w} {h}")} role="img"
            aria-label={format!("Board {} NS scores", props.board)}>
            <title>{ format!("Board {}: NS score of each table", props.board) }</title>
            <line class="sc-axis" x1={fmt(pad)} x2={fmt(w - pad)} y1={fmt(zero)} y2={fmt(zero)} />
            { for bars }
        </svg>
    }
}

/// One method's scores for [`MethodBars`].
#[derive(Debug, Clone, PartialEq)]
pub struct MethodSeries {
    /// Method title.
    pub title: String,
    /// Unit.
    pub unit: String,
    /// (pair, score).
    pub values: Vec<(String, f64)>,
}

/// Props of [`MethodBars`].
#[derive(Properties, PartialEq)]
pub struct MethodBarsProps {
    /// One series per method.
    pub series: Vec<MethodSeries>,
}

/// Small multiples: for each method, each pair's score as a horizontal bar.
#[component]
pub fn MethodBars(props: &MethodBarsProps) -> Html {
    let charts = props.series.iter().map(|s| {
        let n = s.values.len().max(1) as f64;
        let row = 18.0;
        let (w, label_w, pad) = (300.0_f64, 70.0_f64, 6.0_f64);
        let h = n * row + 2.0 * pad;
        let axis = ValueAxis::new(&s.values, label_w, w - label_w - 50.0);
        let x0 = axis.x0;
        let bars = s.values.iter().enumerate().map(|(i, (pair, v))| {
            let y = pad + row * i as f64;
            let (x, bw) = axis.bar(*v, 1.0);
            let class = bar_class(*v >= 0.0);
            html! {
                <g>
                    <text class="sc-chart-label" x={fmt(label_w - 4.0)} y={fmt(y + row * 0.7)} text-anchor="end">{ pair.clone() }</text>
                    <rect class={class} x={fmt(x)} y={fmt(y + 2.0)} width={fmt(bw)} height={fmt(row - 4.0)}>
                        <title>{ format!("{pair}: {v:.2} {}", s.unit) }</title>
                    </rect>
                    <text class="sc-chart-text" x={fmt(x0.max(x + bw) + 4.0)} y={fmt(y + row * 0.7)}>{ format!("{v:.1}") }</text>
                </g>
            }
        });
        html! {
            <figure class="sc-figure">
                <figcaption>{ format!("{} ({})", s.title, s.unit) }</figcaption>
                <svg class="sc-chart sc-chart-method" viewBox={format!("0 0 {w} {h}")} role="img"
                    aria-label={format!("{} score of each pair", s.title)}>
                    <title>{ format!("{}: score of each pair", s.title) }</title>
                    <line class="sc-axis" x1={fmt(x0)} x2={fmt(x0)} y1="0" y2={fmt(h)} />
                    { for bars }
                </svg>
            </figure>
        }
    });
    html! { <div class="sc-multiples" id="chart-methods">{ for charts }</div> }
}

/// Props of [`RankScatter`].
#[derive(Properties, PartialEq)]
pub struct RankScatterProps {
    /// Element id.
    pub id: AttrValue,
    /// X method name.
    pub x_label: AttrValue,
    /// Y method name.
    pub y_label: AttrValue,
    /// (pair, x rank, y rank).
    pub points: Vec<(String, u32, u32)>,
}

/// Ranks under two methods against each other; points on the diagonal agree.
#[component]
pub fn RankScatter(props: &RankScatterProps) -> Html {
    let (w, pad) = (260.0_f64, 34.0_f64);
    let (n, spots) = rank_spots(&props.points);
    let pos = |r: u32| pad + (w - 2.0 * pad) * (f64::from(r) - 1.0) / (n - 1.0);
    let dots = spots.iter().map(|(x, y, pair)| {
        let (cx, cy) = (pos(*x), w - pos(*y));
        let right = cx > w / 2.0;
        html! {
            <g>
                <circle class="sc-dot" cx={fmt(cx)} cy={fmt(cy)} r="5">
                    <title>{ format!("{pair}: {} {x}, {} {y}", props.x_label, props.y_label) }</title>
                </circle>
                <text class="sc-chart-text" x={fmt(if right { cx - 7.0 } else { cx + 7.0 })} y={fmt(cy - 7.0)}
                    text-anchor={if right { "end" } else { "start" }}>{ pair.clone() }</text>
            </g>
        }
    });
    html! {
        <figure class="sc-figure">
            <figcaption>{ format!("Rank: {} (across) v {} (up)", props.x_label, props.y_label) }</figcaption>
            <svg class="sc-chart sc-chart-scatter" id={props.id.clone()} viewBox={format!("0 0 {w} {w}")} role="img"
                aria-label={format!("rank under {} against rank under {}", props.x_label, props.y_label)}>
                <title>{ format!("Rank under {} against rank under {}", props.x_label, props.y_label) }</title>
                <line class="sc-diag" x1={fmt(pos(1))} y1={fmt(w - pos(1))} x2={fmt(pos(n as u32))} y2={fmt(w - pos(n as u32))} />
                <line class="sc-axis" x1={fmt(pad)} y1={fmt(w - pad + 8.0)} x2={fmt(w - pad)} y2={fmt(w - pad + 8.0)} />
                <line class="sc-axis" x1={fmt(pad - 8.0)} y1={fmt(pad)} x2={fmt(pad - 8.0)} y2={fmt(w - pad)} />
                <text class="sc-chart-label" x={fmt(pad)} y={fmt(w - 6.0)}>{"1"}</text>
                <text class="sc-chart-label" x={fmt(w - pad)} y={fmt(w - 6.0)} text-anchor="end">{ (n as u32).to_string() }</text>
                <text class="sc-chart-label" x="4" y={fmt(w - pad)}>{"1"}</text>
                <text class="sc-chart-label" x="4" y={fmt(pad + 4.0)}>{ (n as u32).to_string() }</text>
                { for dots }
            </svg>
        </figure>
    }
}

/// A board's vertical bars, one slot per table around a zero line in the middle: shared by
/// [`BoardBars`] and the projector's board slide.
pub(super) struct ScoreAxis {
    /// The zero line's y.
    pub zero: f64,
    /// The width of one bar's slot.
    pub slot: f64,
    pad: f64,
    scale: f64,
}

impl ScoreAxis {
    /// The axis of `bars` in a `w`×`h` box with `pad` at the sides; the largest |score| (at
    /// least 10) reaches `reach` from zero.
    pub fn new(bars: &[(String, i32)], w: f64, h: f64, pad: f64, reach: f64) -> ScoreAxis {
        let max = bars
            .iter()
            .map(|b| b.1.unsigned_abs())
            .max()
            .unwrap_or(0)
            .max(10) as f64;
        ScoreAxis {
            zero: h / 2.0,
            slot: (w - 2.0 * pad) / bars.len().max(1) as f64,
            pad,
            scale: reach / max,
        }
    }

    /// (x, y, height) of bar `i` for score `s`: up from zero when positive, down when not.
    pub fn bar(&self, i: usize, s: i32) -> (f64, f64, f64) {
        let x = self.pad + self.slot * i as f64 + self.slot * 0.15;
        let bh = (f64::from(s) * self.scale).abs();
        let y = if s >= 0 { self.zero - bh } else { self.zero };
        (x, y, bh)
    }
}

/// A horizontal value axis for one method's scores: zero at `x0`, the full range of the
/// values (with zero) across `plot` units; shared with the projector.
pub(super) struct ValueAxis {
    /// Where zero sits.
    pub x0: f64,
    plot: f64,
    span: f64,
}

impl ValueAxis {
    /// The axis of `values` starting at `left`, `plot` units wide.
    pub fn new(values: &[(String, f64)], left: f64, plot: f64) -> ValueAxis {
        let lo = values.iter().map(|v| v.1).fold(0.0_f64, f64::min);
        let hi = values.iter().map(|v| v.1).fold(0.0_f64, f64::max);
        let span = if hi - lo > 1e-9 { hi - lo } else { 1.0 };
        ValueAxis {
            x0: left + plot * (-lo / span),
            plot,
            span,
        }
    }

    /// (x, width) of the bar of `v`, at least `min_width` wide, left of zero when negative.
    pub fn bar(&self, v: f64, min_width: f64) -> (f64, f64) {
        let bw = (self.plot * v.abs() / self.span).max(min_width);
        (if v >= 0.0 { self.x0 } else { self.x0 - bw }, bw)
    }
}

/// The CSS class of a bar above (or right of) zero, or below.
pub(super) fn bar_class(positive: bool) -> &'static str {
    if positive {
        "sc-bar-pos"
    } else {
        "sc-bar-neg"
    }
}

/// The ranks of a rank-v-rank scatter: the highest rank (at least 2) and the spots, pairs on
/// the same spot sharing one (their names joined by commas).
pub(super) fn rank_spots(points: &[(String, u32, u32)]) -> (f64, Vec<(u32, u32, String)>) {
    let n = points
        .iter()
        .map(|p| p.1.max(p.2))
        .max()
        .unwrap_or(1)
        .max(2) as f64;
    let mut spots: Vec<(u32, u32, Vec<&str>)> = Vec::new();
    for (pair, x, y) in points {
        match spots.iter_mut().find(|s| s.0 == *x && s.1 == *y) {
            Some(s) => s.2.push(pair),
            None => spots.push((*x, *y, vec![pair])),
        }
    }
    let spots = spots
        .into_iter()
        .map(|(x, y, pairs)| (x, y, pairs.join(", ")))
        .collect();
    (n, spots)
}

/// A coordinate with one decimal (finite by construction; NaN would become `0`).
pub(super) fn fmt(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.1}")
    } else {
        "0".into()
    }
}
