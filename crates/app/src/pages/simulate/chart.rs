//! The lead chart: one horizontal bar per lead (mean defensive tricks), its 95 % interval as
//! a whisker, and the % set and MP % printed beside it, as SVG markup. Colours come from the
//! theme's CSS variables (`sl-` classes in `web/simulate.css`); every figure is text, so
//! colour carries no meaning. `large` draws it at projector size (labels ≥ 28 px).

use crate::components::chart::xml_escape;
use fairdeal_model::Card;
use fairdeal_sim::LeadReport;
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

/// The chart's SVG markup.
pub fn lead_svg(report: &LeadReport, large: bool) -> String {
    let (row_h, font, label_w, width) = if large {
        (64.0, 30.0, 120.0, 1400.0)
    } else {
        (30.0, 14.0, 60.0, 720.0)
    };
    let text_w = if large { 420.0 } else { 220.0 };
    let plot_w = width - label_w - text_w - 20.0;
    let top = font * 2.0;
    let height = top + row_h * report.rows.len() as f64 + font * 1.5;
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
    let x = |v: f64| label_w + plot_w * (v.clamp(0.0, max) / max);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="sl-chart" viewBox="0 0 {width} {height}" width="100%" role="img" aria-label="{}" font-size="{font}">"#,
        xml_escape(&format!(
            "Mean defensive tricks after each lead against {} by {}, {} deals, with 95 % intervals",
            report.contract,
            report.declarer.name(),
            report.deals
        ))
    );
    let _ = write!(
        s,
        r#"<text class="sl-text" x="{label_w}" y="{}">{}</text>"#,
        font * 1.2,
        xml_escape(&format!(
            "Defensive tricks (0–{max}), bar = mean, line = 95 % interval · {} deals",
            report.deals
        ))
    );
    for (i, r) in report.rows.iter().enumerate() {
        let y = top + row_h * i as f64;
        let bar_h = row_h * 0.6;
        let mid = y + row_h / 2.0;
        let _ = write!(
            s,
            r#"<g class="sl-row"><title>{}</title>"#,
            xml_escape(&format!(
                "{}: {:.2} tricks (95 % {:.2}–{:.2}), set {:.1} %, MP {:.1} %",
                card_words(r.card),
                r.tricks.estimate,
                r.tricks.low,
                r.tricks.high,
                r.set_pct.estimate,
                r.mp_pct.estimate
            ))
        );
        let _ = write!(
            s,
            r#"<text class="sl-text" x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>"#,
            label_w - 8.0,
            mid,
            xml_escape(&card_short(r.card))
        );
        let _ = write!(
            s,
            r#"<rect class="sl-bar" x="{label_w}" y="{}" width="{}" height="{bar_h}"/>"#,
            mid - bar_h / 2.0,
            (x(r.tricks.estimate) - label_w).max(0.0)
        );
        if r.tricks.low.is_finite() && r.tricks.high.is_finite() {
            let (a, b) = (x(r.tricks.low), x(r.tricks.high));
            let _ = write!(
                s,
                r#"<path class="sl-ci" d="M{a} {mid}H{b}M{a} {}V{}M{b} {}V{}"/>"#,
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
            xml_escape(&format!(
                "{:.2} · set {:.0} % · MP {:.0} %",
                r.tricks.estimate, r.set_pct.estimate, r.mp_pct.estimate
            ))
        );
    }
    let base = top + row_h * report.rows.len() as f64;
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
        t += 1.0;
    }
    s.push_str("</svg>");
    s
}
