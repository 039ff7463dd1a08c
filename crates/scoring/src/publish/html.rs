//! HTML pieces of the published results: escaping, cards and hands as symbols for the eye
//! and words for screen readers, the DD table, par, and inline SVG bar charts.

use crate::contract::FinalContract;
use crate::event::Outcome;
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Deal, Hand, Seat, Strain, Suit};
use std::fmt::Write as _;

/// Escapes text for HTML content and attribute values (the workspace's one escaper).
pub use fairdeal_model::markup::escape as esc;

/// A suit symbol shown to the eye, its name read by screen readers.
pub fn suit_html(suit: Suit) -> String {
    format!(
        "<span class=\"fdr-{}\" aria-hidden=\"true\">{}</span><span class=\"fdr-sr\">{} </span>",
        suit.letter().to_ascii_lowercase(),
        suit.symbol(),
        suit.name()
    )
}

/// A strain as symbol + words (`NT` as `NT` with "notrump" for screen readers).
pub fn strain_html(strain: Strain) -> String {
    match strain.suit() {
        Some(s) => suit_html(s),
        None => "<span aria-hidden=\"true\">NT</span><span class=\"fdr-sr\">notrump </span>".into(),
    }
}

/// The ranks of one suit, `10` for the ten, a dash (read "void") when empty.
fn holding_html(hand: Hand, suit: Suit) -> String {
    let h = hand.holding(suit);
    if h.is_empty() {
        return "<span aria-hidden=\"true\">—</span><span class=\"fdr-sr\">void</span>".into();
    }
    h.ranks()
        .map(|r| {
            if r.letter() == 'T' {
                "10".to_string()
            } else {
                r.letter().to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// One hand: the seat's name, then four suit lines.
fn hand_html(out: &mut String, seat: Seat, hand: Hand) {
    let _ = write!(
        out,
        "<div class=\"fdr-hand fdr-seat-{}\"><b>{}</b>",
        seat.letter(),
        seat.name()
    );
    for suit in Suit::ALL {
        let _ = write!(
            out,
            "<div>{}{}</div>",
            suit_html(suit),
            holding_html(hand, suit)
        );
    }
    out.push_str("</div>");
}

/// The four hands in a compass layout (N top, W left, E right, S bottom).
pub fn deal_html(out: &mut String, deal: &Deal) {
    out.push_str("<div class=\"fdr-deal\">");
    for seat in [Seat::North, Seat::West, Seat::East, Seat::South] {
        hand_html(out, seat, deal.hand(seat));
    }
    out.push_str("</div>");
}

/// The DD table: declarers by row, strains by column.
pub fn dd_html(out: &mut String, board: u32, table: &DdTable) {
    let _ = write!(
        out,
        "<table class=\"fdr-dd\"><caption>Board {board}: double-dummy tricks</caption><thead><tr><th scope=\"col\">Declarer</th>"
    );
    for strain in [
        Strain::Notrump,
        Strain::Spades,
        Strain::Hearts,
        Strain::Diamonds,
        Strain::Clubs,
    ] {
        let _ = write!(out, "<th scope=\"col\">{}</th>", strain_html(strain));
    }
    out.push_str("</tr></thead><tbody>");
    for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
        let _ = write!(out, "<tr><th scope=\"row\">{}</th>", seat.name());
        for strain in [
            Strain::Notrump,
            Strain::Spades,
            Strain::Hearts,
            Strain::Diamonds,
            Strain::Clubs,
        ] {
            let _ = write!(out, "<td>{}</td>", table.tricks(strain, seat));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

/// Par in words and symbols: `Par NS +420: 4♠ by NS`.
pub fn par_html(par: &Par) -> String {
    let mut s = String::from("Par ");
    s += &signed_side(par.ns_score);
    if par.contracts.is_empty() {
        s += ": pass-out";
    } else {
        s += ": ";
        let parts: Vec<String> = par
            .contracts
            .iter()
            .map(|c| {
                let mut t = format!("{}{}", c.level, strain_html(c.strain));
                if c.doubled {
                    t.push('X');
                }
                if c.overtricks != 0 {
                    let _ = write!(t, "{:+}", c.overtricks);
                }
                let seats: String = c.declarers.iter().map(|d| d.letter()).collect();
                let _ = write!(t, " by {seats}");
                t
            })
            .collect();
        s += &parts.join("; ");
    }
    s
}

/// `NS +420`, `EW +100`, `0`.
pub fn signed_side(ns_score: i32) -> String {
    match ns_score {
        0 => "0".into(),
        s if s > 0 => format!("NS +{s}"),
        s => format!("EW +{}", -i64::from(s)),
    }
}

/// A contract cell: `4♠X` (symbol + words), `Pass`, or the artificial/plain-score words.
pub fn contract_html(outcome: &Outcome, adj: &str) -> String {
    match outcome {
        Outcome::Played {
            contract: FinalContract::PassedOut,
            ..
        } => "Pass".into(),
        Outcome::Played {
            contract: FinalContract::Bid(c),
            ..
        } => format!(
            "{}{}{}",
            c.level(),
            strain_html(c.strain()),
            c.risk().text()
        ),
        Outcome::Score => "score".into(),
        Outcome::Artificial { .. } => format!("adjusted {}", esc(adj)),
        Outcome::NotPlayed => "not played".into(),
    }
}

/// The declarer's result against the contract: `=`, `+1`, `−2`; empty when not played.
pub fn result_text(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Played {
            contract: FinalContract::Bid(c),
            tricks,
            ..
        } => {
            let d = i32::from(*tricks) - i32::from(c.tricks_needed());
            match d {
                0 => "=".into(),
                d if d > 0 => format!("+{d}"),
                d => format!("−{}", -d),
            }
        }
        _ => String::new(),
    }
}

/// A signed number with a real minus sign (`+2`, `−30`, `0`).
pub fn signed(v: i64) -> String {
    match v {
        0 => "0".into(),
        v if v > 0 => format!("+{v}"),
        v => format!("−{}", -v),
    }
}

/// A horizontal bar chart (inline SVG): one bar per label, values ≥ 0 scaled to the largest.
/// `title` names it for screen readers, and every bar has its value as text.
pub fn bar_chart(out: &mut String, title: &str, bars: &[(String, f64, String)]) {
    let max = bars.iter().map(|b| b.1).fold(0.0f64, f64::max);
    let row = 18;
    let height = row * bars.len() + 8;
    let _ = write!(
        out,
        "<figure class=\"fdr-chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" aria-labelledby=\"{id}\" viewBox=\"0 0 480 {height}\" width=\"480\" height=\"{height}\"><title id=\"{id}\">{t}</title>",
        id = esc(&chart_id(title)),
        t = esc(title)
    );
    for (i, (label, value, text)) in bars.iter().enumerate() {
        let y = 4 + i * row;
        let w = if max > 0.0 {
            (value.max(0.0) / max * 300.0).round()
        } else {
            0.0
        };
        let _ = write!(
            out,
            "<text x=\"96\" y=\"{ty}\" text-anchor=\"end\">{l}</text><rect x=\"100\" y=\"{y}\" width=\"{w}\" height=\"14\"/><text x=\"{vx}\" y=\"{ty}\">{v}</text>",
            ty = y + 11,
            l = esc(label),
            vx = 104.0 + w,
            v = esc(text)
        );
    }
    let _ = write!(
        out,
        "</svg><figcaption>{}</figcaption></figure>",
        esc(title)
    );
}

/// An id from a title: letters and digits, the rest `-`.
pub fn chart_id(title: &str) -> String {
    let mut id = String::from("chart-");
    for c in title.chars() {
        id.push(if c.is_ascii_alphanumeric() {
            c.to_ascii_lowercase()
        } else {
            '-'
        });
    }
    id
}
