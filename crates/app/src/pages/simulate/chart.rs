//! The Simulate page's charts, as SVG markup: one horizontal bar per lead (mean defensive
//! tricks; % set and MP % beside it) or per contract (% of deals it makes double dummy; mean
//! score beside it), each with its 95 % interval as a whisker. Colours come from the
//! theme's CSS variables (`sl-` classes in `web/simulate.css`); every figure is text, so
//! colour carries no meaning. `large` draws it at projector size (labels ≥ 28 px).

use crate::components::chart::xml_escape;
use fairdeal_model::Card;
use fairdeal_sim::{ContractReport, LeadReport};
use std::fmt::Write as _;

/// A lead as words: "king of spades".
pub fn card_words(c: Card) -> String {
    let rank = match c.rank().letter() {
        'A' => "ace",
        'K' => "king",
        'Q' => "queen",
        'J' => "jack",
        'T' => "ten",
        '9' => "nine",
        '8' => "eight",
        '7' => "seven",
        '6' => "six",
        '5' => "five",
        '4' => "four",
        '3' => "three",
        _ => "two",
    };
    format!("{rank} of {}", c.suit().name().to_lowercase())
}

/// A lead as shown: suit symbol and rank (`♠K`).
pub fn card_short(c: Card) -> String {
    format!("{}{}", c.suit().symbol(), c.rank().letter())
}

/// One bar: the label at the left, the bar to `estimate`, the 95 % interval `low..high` as
/// a whisker (when both ends are finite), a note at the right and a tooltip.
struct Bar {
    label: String,
    title: String,
    estimate: f64,
    low: f64,
    high: f64,
    note: String,
}

/// Where the bars' numbers go: 0 to `max`, a tick every `step`.
struct Scale {
    max: f64,
    step: f64,
}

/// A horizontal bar chart with intervals (`aria` names the picture; `heading` is its first
/// line). `label_w` is the label column's width at normal size.
fn bars_svg(
    bars: &[Bar],
    scale: Scale,
    aria: &str,
    heading: &str,
    label_w: f64,
    large: bool,
) -> String {
    let (row_h, font, label_w, width) = if large {
        (64.0, 30.0, label_w * 2.0, 1400.0)
    } else {
        (30.0, 14.0, label_w, 720.0)
    };
    let text_w = if large { 420.0 } else { 220.0 };
    let plot_w = width - label_w - text_w - 20.0;
    let top = font * 2.0;
    let height = top + row_h * bars.len() as f64 + font * 1.5;
    let max = scale.max;
    let x = |v: f64| label_w + plot_w * (v.clamp(0.0, max) / max);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="sl-chart" viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{}" font-size="{font}">"#,
        xml_escape(aria)
    );
    let _ = write!(
        s,
        r#"<text class="sl-text" x="{label_w}" y="{}">{}</text>"#,
        font * 1.2,
        xml_escape(heading)
    );
    for (i, b) in bars.iter().enumerate() {
        let y = top + row_h * i as f64;
        let bar_h = row_h * 0.6;
        let mid = y + row_h / 2.0;
        let _ = write!(
            s,
            r#"<g class="sl-row"><title>{}</title>"#,
            xml_escape(&b.title)
        );
        let _ = write!(
            s,
            r#"<text class="sl-text" x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>"#,
            label_w - 8.0,
            mid,
            xml_escape(&b.label)
        );
        let _ = write!(
            s,
            r#"<rect class="sl-bar" x="{label_w}" y="{}" width="{}" height="{bar_h}"/>"#,
            mid - bar_h / 2.0,
            (x(b.estimate) - label_w).max(0.0)
        );
        if b.low.is_finite() && b.high.is_finite() {
            let (a, c) = (x(b.low), x(b.high));
            let _ = write!(
                s,
                r#"<path class="sl-ci" d="M{a} {mid}H{c}M{a} {}V{}M{c} {}V{}"/>"#,
                mid - bar_h / 3.0,
                mid + bar_h / 3.0,
                mid - bar_h / 3.0,
                mid + bar_h / 3.0
            );
        }
        let _ = write!(
            s,
            r#"<text class="sl-text" x="{}" y="{mid}" dominant-baseline="middle">{}</text></g>"#,
            label_w + plot_w + 12.0,
            xml_escape(&b.note)
        );
    }
    let base = top + row_h * bars.len() as f64;
    let _ = write!(
        s,
        r#"<path class="sl-axis" d="M{label_w} {top}V{base}H{}"/>"#,
        label_w + plot_w
    );
    let mut t = 0.0;
    while t <= max {
        let _ = write!(
            s,
            r#"<text class="sl-text sl-tick" x="{}" y="{}" text-anchor="middle">{t}</text>"#,
            x(t),
            base + font * 1.2
        );
        t += scale.step;
    }
    s.push_str("</svg>");
    s
}

/// The lead chart's SVG markup: mean defensive tricks per lead.
pub fn lead_svg(report: &LeadReport, large: bool) -> String {
    let max = report
        .rows
        .iter()
        .map(|r| {
            if r.tricks.high.is_finite() {
                r.tricks.high
            } else {
                r.tricks.estimate
            }
        })
        .fold(1.0f64, f64::max)
        .ceil();
    let bars: Vec<Bar> = report
        .rows
        .iter()
        .map(|r| Bar {
            label: card_short(r.card),
            title: format!(
                "{}: {:.2} tricks (95 % {:.2}–{:.2}), set {:.1} %, MP {:.1} %",
                card_words(r.card),
                r.tricks.estimate,
                r.tricks.low,
                r.tricks.high,
                r.set_pct.estimate,
                r.mp_pct.estimate
            ),
            estimate: r.tricks.estimate,
            low: r.tricks.low,
            high: r.tricks.high,
            note: format!(
                "{:.2} · set {:.0} % · MP {:.0} %",
                r.tricks.estimate, r.set_pct.estimate, r.mp_pct.estimate
            ),
        })
        .collect();
    bars_svg(
        &bars,
        Scale { max, step: 1.0 },
        &format!(
            "Mean defensive tricks after each lead against {} by {}, {} deals, with 95 % intervals",
            report.contract,
            report.declarer.name(),
            report.deals
        ),
        &format!(
            "Defensive tricks (0–{max}), bar = mean, line = 95 % interval · {} deals",
            report.deals
        ),
        60.0,
        large,
    )
}

/// The contract chart's SVG markup: % of deals each contract makes double dummy.
pub fn contract_svg(report: &ContractReport, large: bool) -> String {
    let bars: Vec<Bar> = report
        .rows
        .iter()
        .map(|r| Bar {
            label: r.choice.to_string(),
            title: format!(
                "{}: makes on {:.1} % of the deals (95 % {:.1}–{:.1}), mean score {:.0}",
                r.choice, r.make_pct.estimate, r.make_pct.low, r.make_pct.high, r.score.estimate
            ),
            estimate: r.make_pct.estimate,
            low: r.make_pct.low,
            high: r.make_pct.high,
            note: format!(
                "makes {:.0} % · mean {:+.0}",
                r.make_pct.estimate, r.score.estimate
            ),
        })
        .collect();
    bars_svg(
        &bars,
        Scale {
            max: 100.0,
            step: 20.0,
        },
        &format!(
            "Percentage of {} deals on which each contract makes double dummy, with 95 % intervals",
            report.deals
        ),
        &format!(
            "Makes double dummy (% of deals), bar = estimate, line = 95 % interval · {} deals",
            report.deals
        ),
        80.0,
        large,
    )
}
