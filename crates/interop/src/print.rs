//! Printable hand records: boards → one self-contained HTML page (its CSS inline, nothing
//! loaded) made for print, used by both the CLI (`fairdeal print`) and the app.
//!
//! * [`PerPage`] — 1, 2, 4 or 6 boards per printed page. The generator paginates itself:
//!   each `.fdp-page` holds at most that many boards and ends with a page break, and a
//!   board (`.fdp-board`) never breaks inside, so a diagram is never split across pages.
//! * [`Sheets`] — full hand records (every board with its four hands, HCP, and the
//!   double-dummy table and par when known), or per-seat practice sheets: one sheet per
//!   chosen seat holding only that seat's hands (like dealer's `print(seats)`), each sheet
//!   starting on a new page.
//! * [`PrintOptions`] — also the large-print option (bigger type; at most 2 boards a page)
//!   and the optional header: title, date and the set's commitment fingerprint.
//!
//! Every text from a file is HTML-escaped. Pure: no clock, no randomness; the same boards
//! and options give the same bytes.
//!
//! Panic policy: nothing here panics.

use crate::Board;
use fairdeal_model::{Hand, Seat, Strain, Suit};
use std::fmt::Write;

/// Boards per printed page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PerPage {
    /// One board a page.
    One,
    /// Two boards a page (one column).
    Two,
    /// Four boards a page (two by two).
    Four,
    /// Six boards a page (two columns of three).
    Six,
}

impl PerPage {
    /// Every choice, ascending.
    pub const ALL: [PerPage; 4] = [PerPage::One, PerPage::Two, PerPage::Four, PerPage::Six];

    /// The number of boards.
    pub const fn count(self) -> usize {
        match self {
            PerPage::One => 1,
            PerPage::Two => 2,
            PerPage::Four => 4,
            PerPage::Six => 6,
        }
    }

    /// The choice for `n` boards a page, if it is one of 1, 2, 4, 6.
    pub fn from_count(n: usize) -> Option<PerPage> {
        PerPage::ALL.into_iter().find(|p| p.count() == n)
    }

    /// What large print uses: the same, but at most two boards a page (larger type does
    /// not fit two columns).
    pub const fn for_large(self) -> PerPage {
        match self {
            PerPage::Six | PerPage::Four => PerPage::Two,
            other => other,
        }
    }
}

/// What to print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sheets {
    /// Hand records: all four hands of every board.
    HandRecords,
    /// Practice sheets: for each seat in order, a sheet with only that seat's hands.
    Seats(Vec<Seat>),
}

/// Options for [`hand_records_html`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintOptions {
    /// Boards per page (large print caps this at two).
    pub per_page: PerPage,
    /// Hand records or per-seat practice sheets.
    pub sheets: Sheets,
    /// Large print.
    pub large: bool,
    /// Header title (the event name, say); when `None`, the first board's event is used.
    pub title: Option<String>,
    /// Header date (as given).
    pub date: Option<String>,
    /// The set's commitment fingerprint, printed in the header.
    pub fingerprint: Option<String>,
}

impl Default for PrintOptions {
    fn default() -> Self {
        PrintOptions {
            per_page: PerPage::Four,
            sheets: Sheets::HandRecords,
            large: false,
            title: None,
            date: None,
            fingerprint: None,
        }
    }
}

impl PrintOptions {
    /// The boards per page actually used (large print caps it at two).
    pub const fn effective_per_page(&self) -> PerPage {
        if self.large {
            self.per_page.for_large()
        } else {
            self.per_page
        }
    }
}

/// The stylesheet embedded in every page.
pub const PRINT_CSS: &str = include_str!("print.css");

/// Escapes text for HTML element content and attribute values (the workspace's one escaper).
pub use fairdeal_model::markup::escape as escape_html;

/// The number of printed pages for `boards` boards: pages of hand records, or for practice
/// sheets the pages of one seat's sheet times the number of seats.
pub fn page_count(boards: usize, options: &PrintOptions) -> usize {
    let per = options.effective_per_page().count();
    let pages = boards.div_ceil(per).max(1);
    match &options.sheets {
        Sheets::HandRecords => pages,
        Sheets::Seats(seats) => pages * seats.len().max(1),
    }
}

/// The whole printable page for `boards`.
pub fn hand_records_html(boards: &[Board], options: &PrintOptions) -> String {
    let per = options.effective_per_page();
    let title = options
        .title
        .clone()
        .or_else(|| boards.iter().find_map(|b| b.event.clone()))
        .unwrap_or_else(|| "Hand records".to_string());
    let mut body_class = format!("fdp fdp-n{}", per.count());
    if options.large {
        body_class.push_str(" fdp-large");
    }
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>{}</title>", escape_html(&title));
    let _ = writeln!(out, "<style>\n{PRINT_CSS}</style>\n</head>");
    let _ = writeln!(out, "<body class=\"{body_class}\">");
    let total = page_count(boards.len(), options);
    let mut page_no = 0;
    let chunks: Vec<&[Board]> = if boards.is_empty() {
        vec![&[]]
    } else {
        boards.chunks(per.count()).collect()
    };
    match &options.sheets {
        Sheets::HandRecords => {
            for chunk in &chunks {
                page_no += 1;
                page(&mut out, options, &title, None, page_no, total, |out| {
                    for b in *chunk {
                        full_board(out, b);
                    }
                });
            }
        }
        Sheets::Seats(seats) => {
            for &seat in seats {
                for chunk in &chunks {
                    page_no += 1;
                    page(
                        &mut out,
                        options,
                        &title,
                        Some(seat),
                        page_no,
                        total,
                        |out| {
                            for b in *chunk {
                                seat_board(out, b, seat);
                            }
                        },
                    );
                }
            }
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// One printed page: header, then the boards `fill` writes.
fn page(
    out: &mut String,
    options: &PrintOptions,
    title: &str,
    seat: Option<Seat>,
    page_no: usize,
    total: usize,
    fill: impl FnOnce(&mut String),
) {
    let class = if seat.is_some() {
        "fdp-page fdp-sheet"
    } else {
        "fdp-page"
    };
    let _ = writeln!(out, "<section class=\"{class}\" data-page=\"{page_no}\">");
    out.push_str("<header class=\"fdp-head\">");
    let _ = write!(out, "<b>{}</b>", escape_html(title));
    if let Some(s) = seat {
        let _ = write!(out, "<span>{}'s hands</span>", s.name());
    }
    if let Some(d) = &options.date {
        let _ = write!(out, "<span>{}</span>", escape_html(d));
    }
    if let Some(f) = &options.fingerprint {
        let _ = write!(
            out,
            "<span>Set <span class=\"fdp-fp\">{}</span></span>",
            escape_html(f)
        );
    }
    let _ = write!(out, "<span>Page {page_no} of {total}</span>");
    out.push_str("</header>\n<div class=\"fdp-grid\">\n");
    fill(out);
    out.push_str("</div>\n</section>\n");
}

/// Board number, dealer and vulnerability.
fn info(out: &mut String, b: &Board) {
    out.push_str("<div class=\"fdp-info\">");
    match b.number {
        Some(n) => {
            let _ = write!(out, "<b>Board {n}</b>");
        }
        None => out.push_str("<b>Board</b>"),
    }
    let dealer = b.dealer.map_or("?", Seat::name);
    let vul = match b.vulnerability {
        Some(fairdeal_model::Vulnerability::None) => "None",
        Some(fairdeal_model::Vulnerability::NorthSouth) => "N–S",
        Some(fairdeal_model::Vulnerability::EastWest) => "E–W",
        Some(fairdeal_model::Vulnerability::Both) => "All",
        None => "?",
    };
    let _ = write!(out, "<div>Dealer {dealer}</div><div>Vul {vul}</div></div>");
}

/// A suit symbol with its colour class.
fn symbol(suit: Suit) -> String {
    format!(
        "<span class=\"fdp-sym fdp-sym-{}\">{}</span>",
        suit.letter(),
        suit.symbol()
    )
}

/// Ranks of one suit as printed: `A K 10 4` without spaces (`AK104`), `—` for a void.
fn holding_text(hand: Hand, suit: Suit) -> String {
    let h = hand.holding(suit);
    if h.is_empty() {
        return "<span class=\"fdp-void\">—</span>".to_string();
    }
    h.ranks()
        .map(|r| {
            if r.letter() == 'T' {
                "10".to_string()
            } else {
                r.letter().to_string()
            }
        })
        .collect()
}

/// One hand: four suit lines (or a dash when the hand is unknown).
fn hand_block(out: &mut String, seat: Seat, hand: Option<Hand>, name: Option<&str>) {
    let _ = write!(
        out,
        "<div class=\"fdp-hand fdp-{}\" data-seat=\"{}\">",
        seat.letter(),
        seat.letter()
    );
    if let Some(n) = name {
        let _ = write!(out, "<div class=\"fdp-name\">{}</div>", escape_html(n));
    }
    match hand {
        Some(h) => {
            for suit in Suit::ALL {
                let _ = write!(out, "<div>{}{}</div>", symbol(suit), holding_text(h, suit));
            }
        }
        None => out.push_str("<div>—</div>"),
    }
    out.push_str("</div>");
}

/// A board with all four hands, HCP, and the DD table and par when known.
fn full_board(out: &mut String, b: &Board) {
    let hands = b.hands_for_output();
    let _ = write!(
        out,
        "<article class=\"fdp-board\" data-board=\"{}\">",
        b.number.map_or(String::new(), |n| n.to_string())
    );
    info(out, b);
    for seat in [Seat::North, Seat::West, Seat::East, Seat::South] {
        hand_block(
            out,
            seat,
            hands[seat.index()],
            b.players[seat.index()].as_deref(),
        );
    }
    out.push_str("<div class=\"fdp-compass\" title=\"High-card points\">");
    for seat in [Seat::North, Seat::West, Seat::East, Seat::South] {
        let hcp = hands[seat.index()].map_or("·".to_string(), |h| h.hcp().to_string());
        let _ = write!(out, "<span class=\"fdp-c-{}\">{hcp}</span>", seat.letter());
    }
    out.push_str("</div>");
    if let Some(par) = &b.par {
        out.push_str("<div class=\"fdp-par\">Par ");
        let score = match par.ns_score {
            0 => "0".to_string(),
            s if s > 0 => format!("NS +{s}"),
            s => format!("EW +{}", -i64::from(s)),
        };
        out.push_str(&score);
        for c in &par.contracts {
            let strain = match c.strain.suit() {
                Some(s) => symbol(s),
                None => "NT".to_string(),
            };
            let over = match c.overtricks {
                0 => String::new(),
                n => format!("{n:+}"),
            };
            let who: String = c.declarers.iter().map(|s| s.letter()).collect();
            let _ = write!(
                out,
                "<div>{}{strain}{}{over} {who}</div>",
                c.level,
                if c.doubled { "X" } else { "" }
            );
        }
        if par.contracts.is_empty() {
            out.push_str("<div>Pass</div>");
        }
        out.push_str("</div>");
    }
    if let Some(dd) = &b.dd {
        out.push_str(
            "<table class=\"fdp-dd\" aria-label=\"Double-dummy tricks\"><thead><tr><th></th>",
        );
        let strains = [
            Strain::Notrump,
            Strain::Spades,
            Strain::Hearts,
            Strain::Diamonds,
            Strain::Clubs,
        ];
        for st in strains {
            match st.suit() {
                Some(s) => {
                    let _ = write!(out, "<th>{}</th>", symbol(s));
                }
                None => out.push_str("<th>NT</th>"),
            }
        }
        out.push_str("</tr></thead><tbody>");
        for seat in [Seat::North, Seat::South, Seat::East, Seat::West] {
            let _ = write!(out, "<tr><th>{}</th>", seat.letter());
            for st in strains {
                let _ = write!(out, "<td>{}</td>", dd.tricks(st, seat));
            }
            out.push_str("</tr>");
        }
        out.push_str("</tbody></table>");
    }
    out.push_str("</article>\n");
}

/// A board on a practice sheet: only `seat`'s hand.
fn seat_board(out: &mut String, b: &Board, seat: Seat) {
    let hands = b.hands_for_output();
    let _ = write!(
        out,
        "<article class=\"fdp-board\" data-board=\"{}\">",
        b.number.map_or(String::new(), |n| n.to_string())
    );
    info(out, b);
    hand_block(out, seat, hands[seat.index()], None);
    if let Some(h) = hands[seat.index()] {
        let _ = write!(out, "<div class=\"fdp-hcp\">{} HCP</div>", h.hcp());
    }
    out.push_str("</article>\n");
}

#[cfg(test)]
mod tests;
