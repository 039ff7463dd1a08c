//! A reusable SVG chart of one [`Chart`] from `fairdeal-prob`: horizontal bars (one row per
//! label) or vertical columns (for numeric labels such as HCP), each bar with its exact
//! percentage printed beside it and a tooltip (SVG `<title>`) giving the reduced fraction,
//! the count and the denominator.
//!
//! One function, [`svg_markup`], draws the chart as SVG text; the [`ChartView`] component
//! shows that markup in the page (colours from the theme's CSS variables through the `pc-`
//! classes of `web/probability.css`) and the exports use the same markup in standalone form
//! (title, formula and a fixed light palette embedded), so what is downloaded is what is seen.
//!
//! Accessibility: colour never carries meaning here — every bar has its label and its exact
//! percentage as text, and all bars share one colour; the `<svg>` has `role="img"` and an
//! `aria-label`, and each row has a `<title>`.
//!
//! Panic policy: no panics; empty charts draw an empty frame.

use std::fmt::Write as _;
use std::rc::Rc;

use fairdeal_prob::Chart;
use yew::prelude::*;

/// How the rows are laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Orientation {
    /// One horizontal bar per row, label on the left, percentage on the right.
    #[default]
    Bars,
    /// One vertical column per row, label below, percentage above (rotated when crowded).
    Columns,
}

/// Drawing options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChartStyle {
    /// Bars or columns.
    pub orientation: Orientation,
    /// Projector size: labels at least 28 px when drawn at its natural width.
    pub large: bool,
    /// Standalone document (for export): embeds title, formula and a light palette.
    pub standalone: bool,
}

/// Escapes text for XML content and attribute values (the workspace's one escaper).
pub use fairdeal_model::markup::escape as xml_escape;

/// The tooltip text of one row: `"3-1: 1144/2300 = 49.74 % (5173168 of 10400600 ways …)"`.
pub fn row_tooltip(chart: &Chart, index: usize) -> String {
    let Some(r) = chart.rows.get(index) else {
        return String::new();
    };
    format!(
        "{}: {}/{} = {} % ({} of {} {})",
        r.label,
        r.probability.numerator,
        r.probability.denominator,
        r.percent,
        r.count,
        chart.total,
        chart.unit
    )
}

/// Approximate text width in user units (average glyph ≈ 0.6 em; good enough for layout).
fn text_width(s: &str, font: f64) -> f64 {
    s.chars().count() as f64 * font * 0.6
}

/// The palette embedded in standalone exports (the light theme's colours).
const STANDALONE_STYLE: &str = ".pc-bg{fill:#ffffff}.pc-stripe{fill:#eef1f6}.pc-bar{fill:#1f4e8c}\
.pc-label,.pc-pct,.pc-title{fill:#1b1f24}.pc-formula{fill:#5a6370}.pc-axis{stroke:#5a6370}\
text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif}";

/// Draws `chart` as SVG markup.
pub fn svg_markup(chart: &Chart, style: ChartStyle) -> String {
    let font: f64 = match (style.large, style.orientation) {
        (true, _) => 30.0,
        (false, Orientation::Bars) => 18.0,
        (false, Orientation::Columns) => 16.0,
    };
    let width: f64 = match (style.large, style.orientation) {
        (true, _) => 1760.0,
        (false, Orientation::Bars) => 640.0,
        (false, Orientation::Columns) => 760.0,
    };
    let pad = font * 0.6;
    let mut body = String::new();
    let head_h = if style.standalone { font * 2.6 } else { 0.0 };
    let foot_h = if style.standalone { font * 2.0 } else { 0.0 };
    let max_p = chart
        .rows
        .iter()
        .map(|r| r.probability.to_f64())
        .fold(0.0_f64, f64::max);
    let scale = |p: f64| if max_p > 0.0 { p / max_p } else { 0.0 };
    let pct_text = |i: usize| format!("{} %", chart.rows[i].percent);
    let height;
    match style.orientation {
        Orientation::Bars => {
            let row_h = font * 1.9;
            let label_w = chart
                .rows
                .iter()
                .map(|r| text_width(&r.label, font))
                .fold(font * 2.0, f64::max)
                .min(width * 0.45);
            let pct_w = (0..chart.rows.len())
                .map(|i| text_width(&pct_text(i), font))
                .fold(font * 3.0, f64::max);
            let bar_x = pad + label_w + pad;
            let bar_max = (width - bar_x - pct_w - 2.0 * pad).max(font);
            height = head_h + chart.rows.len() as f64 * row_h + foot_h + pad;
            for (i, r) in chart.rows.iter().enumerate() {
                let y = head_h + i as f64 * row_h;
                let len = (scale(r.probability.to_f64()) * bar_max).max(1.5);
                let base = y + row_h * 0.5;
                let _ = write!(
                    body,
                    r#"<g class="pc-row" data-label="{label}" data-fraction="{n}/{d}" data-percent="{pct}"><title>{tip}</title>"#,
                    label = xml_escape(&r.label),
                    n = r.probability.numerator,
                    d = r.probability.denominator,
                    pct = xml_escape(&r.percent),
                    tip = xml_escape(&row_tooltip(chart, i)),
                );
                if i % 2 == 1 {
                    let _ = write!(
                        body,
                        r#"<rect class="pc-stripe" x="0" y="{y:.1}" width="{width:.1}" height="{row_h:.1}"/>"#
                    );
                }
                let _ = write!(
                    body,
                    r#"<text class="pc-label" x="{lx:.1}" y="{base:.1}" text-anchor="end" dominant-baseline="central" font-size="{font}">{label}</text><rect class="pc-bar" x="{bar_x:.1}" y="{by:.1}" width="{len:.1}" height="{bh:.1}" rx="2"/><text class="pc-pct" x="{px:.1}" y="{base:.1}" dominant-baseline="central" font-size="{font}">{pct}</text></g>"#,
                    lx = pad + label_w,
                    label = xml_escape(&r.label),
                    by = y + row_h * 0.18,
                    bh = row_h * 0.64,
                    px = bar_x + len + pad * 0.6,
                    pct = xml_escape(&pct_text(i)),
                );
            }
        }
        Orientation::Columns => {
            let n = chart.rows.len().max(1) as f64;
            let col_w = (width - 2.0 * pad) / n;
            let rotate_pct =
                (0..chart.rows.len()).any(|i| text_width(&pct_text(i), font * 0.85) > col_w * 0.95);
            let rotate_label = chart
                .rows
                .iter()
                .any(|r| text_width(&r.label, font) > col_w * 0.95);
            let pct_room = if rotate_pct {
                (0..chart.rows.len())
                    .map(|i| text_width(&pct_text(i), font * 0.85))
                    .fold(0.0, f64::max)
                    + pad
            } else {
                font * 1.4
            };
            let label_room = if rotate_label {
                chart
                    .rows
                    .iter()
                    .map(|r| text_width(&r.label, font))
                    .fold(0.0, f64::max)
                    + pad
            } else {
                font * 1.6
            };
            let plot_h = if style.large { 560.0 } else { 260.0 };
            let top = head_h + pct_room;
            let axis_y = top + plot_h;
            height = axis_y + label_room + foot_h + pad;
            let _ = write!(
                body,
                r#"<line class="pc-axis" x1="{pad:.1}" x2="{x2:.1}" y1="{axis_y:.1}" y2="{axis_y:.1}" stroke-width="1"/>"#,
                x2 = width - pad
            );
            for (i, r) in chart.rows.iter().enumerate() {
                let x = pad + i as f64 * col_w;
                let h = (scale(r.probability.to_f64()) * plot_h).max(1.5);
                let cx = x + col_w * 0.5;
                let _ = write!(
                    body,
                    r#"<g class="pc-row" data-label="{label}" data-fraction="{n}/{d}" data-percent="{pct}"><title>{tip}</title><rect class="pc-bar" x="{bx:.1}" y="{by:.1}" width="{bw:.1}" height="{h:.1}" rx="2"/>"#,
                    label = xml_escape(&r.label),
                    n = r.probability.numerator,
                    d = r.probability.denominator,
                    pct = xml_escape(&r.percent),
                    tip = xml_escape(&row_tooltip(chart, i)),
                    bx = x + col_w * 0.12,
                    by = axis_y - h,
                    bw = col_w * 0.76,
                );
                let pf = font * 0.85;
                if rotate_pct {
                    let _ = write!(
                        body,
                        r#"<text class="pc-pct" transform="translate({cx:.1},{py:.1}) rotate(-90)" dominant-baseline="central" font-size="{pf:.1}">{pct}</text>"#,
                        py = axis_y - h - pad * 0.5,
                        pct = xml_escape(&pct_text(i)),
                    );
                } else {
                    let _ = write!(
                        body,
                        r#"<text class="pc-pct" x="{cx:.1}" y="{py:.1}" text-anchor="middle" font-size="{pf:.1}">{pct}</text>"#,
                        py = axis_y - h - pad * 0.5,
                        pct = xml_escape(&pct_text(i)),
                    );
                }
                if rotate_label {
                    let _ = write!(
                        body,
                        r#"<text class="pc-label" transform="translate({cx:.1},{ly:.1}) rotate(-90)" text-anchor="end" dominant-baseline="central" font-size="{font}">{label}</text></g>"#,
                        ly = axis_y + pad * 0.5,
                        label = xml_escape(&r.label),
                    );
                } else {
                    let _ = write!(
                        body,
                        r#"<text class="pc-label" x="{cx:.1}" y="{ly:.1}" text-anchor="middle" font-size="{font}">{label}</text></g>"#,
                        ly = axis_y + font * 1.2,
                        label = xml_escape(&r.label),
                    );
                }
            }
        }
    }
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="pc-svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" role="img" aria-label="{title}">"#,
        title = xml_escape(&chart.title)
    );
    if style.standalone {
        let _ = write!(
            out,
            r#"<style>{STANDALONE_STYLE}</style><rect class="pc-bg" x="0" y="0" width="{width:.0}" height="{height:.0}"/><text class="pc-title" x="{pad:.1}" y="{ty:.1}" font-size="{tf:.1}" font-weight="700">{title}</text>"#,
            ty = font * 1.7,
            tf = font * 1.2,
            title = xml_escape(&chart.title)
        );
    }
    out.push_str(&body);
    if style.standalone {
        let _ = write!(
            out,
            r#"<text class="pc-formula" x="{pad:.1}" y="{fy:.1}" font-size="{ff:.1}">{formula}</text>"#,
            fy = height - pad - font * 0.4,
            ff = font * 0.8,
            formula = xml_escape(&chart.formula)
        );
    }
    out.push_str("</svg>");
    out
}

/// Properties of [`ChartView`].
#[derive(Properties, PartialEq, Clone)]
pub struct ChartViewProps {
    /// The chart to draw.
    pub chart: Rc<Chart>,
    /// Bars or columns.
    #[prop_or_default]
    pub orientation: Orientation,
    /// Projector size.
    #[prop_or_default]
    pub large: bool,
    /// `id` of the `<figure>`.
    #[prop_or_default]
    pub id: Option<AttrValue>,
}

/// A chart with its title above and its "how it is computed" line below.
#[component]
pub fn ChartView(props: &ChartViewProps) -> Html {
    let svg = svg_markup(
        &props.chart,
        ChartStyle {
            orientation: props.orientation,
            large: props.large,
            standalone: false,
        },
    );
    html! {
        <figure class={classes!("pc-figure", props.large.then_some("pc-large"))} id={props.id.clone()}>
            <figcaption class="pc-title-html">{ &props.chart.title }</figcaption>
            <div class="pc-plot">{ Html::from_html_unchecked(AttrValue::from(svg)) }</div>
            <p class="pc-formula-html"><span class="pc-how">{"How it is computed: "}</span><code>{ &props.chart.formula }</code></p>
        </figure>
    }
}
