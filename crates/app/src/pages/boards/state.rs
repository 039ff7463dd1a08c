//! Board sets page logic in plain Rust (no browser): importing a file into boards and
//! problem lines, one board as PBN for the clipboard, the boards the DD batch can solve and
//! storing its results, export, and print options and the print document.
//!
//! Panic policy: nothing here panics.

use fairdeal_interop::print::{hand_records_html, PerPage, PrintOptions, Sheets};
use fairdeal_interop::{read_any, write_pbn, Board, PbnOptions, Problem};
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Deal, Seat, Vulnerability};

/// What reading one file gave.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The file's name.
    pub name: String,
    /// The boards read.
    pub boards: Vec<Board>,
    /// Every problem met, as shown (`Line 12 [Deal]: …`).
    pub problems: Vec<String>,
}

/// One problem as the page lists it.
pub fn problem_line(p: &Problem) -> String {
    match &p.tag {
        Some(t) => format!("Line {} [{t}]: {}", p.line, p.message),
        None => format!("Line {}: {}", p.line, p.message),
    }
}

/// Reads a PBN or LIN file (chosen by name, else by its first bytes).
pub fn import(name: &str, bytes: &[u8]) -> Imported {
    let out = read_any(name, bytes);
    Imported {
        name: name.to_string(),
        problems: out.problems.iter().map(problem_line).collect(),
        boards: out.boards,
    }
}

/// One board as PBN text (no file header), for the clipboard.
pub fn board_pbn(board: &Board) -> String {
    write_pbn(
        std::slice::from_ref(board),
        &PbnOptions {
            header: false,
            ..PbnOptions::default()
        },
    )
}

/// File name prefix for exports: the set's name without its extension, `boards` if empty.
pub fn file_prefix(name: &str) -> String {
    let stem = match name.rsplit_once('.') {
        Some((s, ext)) if !s.is_empty() && ext.len() <= 4 => s,
        _ => name,
    };
    let clean: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if clean.trim_matches('-').is_empty() {
        "boards".to_string()
    } else {
        clean
    }
}

/// The boards the DD solver can take, as `(position in the set, deal, vulnerability,
/// dealer)`: every board with a full deal. Unknown vulnerability and dealer follow the board
/// number (or None / North without one), as par needs both.
pub fn dd_boards(boards: &[Board]) -> Vec<(u32, Deal, Vulnerability, Seat)> {
    boards
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let deal = b.deal()?;
            let vul = b
                .vulnerability
                .or(b.number.map(Vulnerability::of_board))
                .unwrap_or(Vulnerability::None);
            let dealer = b
                .dealer
                .or(b.number.map(Seat::dealer_of_board))
                .unwrap_or(Seat::North);
            Some((u32::try_from(i).ok()?, deal, vul, dealer))
        })
        .collect()
}

/// Stores DD results (keyed by position, as [`dd_boards`] gives them) into the boards.
/// Returns how many boards received a table.
pub fn apply_dd(boards: &mut [Board], results: &[(u32, DdTable, Par)]) -> usize {
    let mut n = 0;
    for (i, table, par) in results {
        if let Some(b) = boards.get_mut(*i as usize) {
            b.dd = Some(*table);
            b.par = Some(par.clone());
            n += 1;
        }
    }
    n
}

/// Print options from the page's choices: seats ticked mean practice sheets for them.
pub fn print_options(
    per_page: usize,
    large: bool,
    seats: [bool; 4],
    title: &str,
    date: &str,
) -> PrintOptions {
    let chosen: Vec<Seat> = Seat::ALL.into_iter().filter(|s| seats[s.index()]).collect();
    PrintOptions {
        per_page: PerPage::from_count(per_page).unwrap_or(PerPage::Four),
        sheets: if chosen.is_empty() {
            Sheets::HandRecords
        } else {
            Sheets::Seats(chosen)
        },
        large,
        title: Some(title.trim().to_string()).filter(|t| !t.is_empty()),
        date: Some(date.trim().to_string()).filter(|t| !t.is_empty()),
        fingerprint: None,
    }
}

/// The HTML the page prints (and downloads) for `boards` with the page's choices: the
/// interop crate's hand records under [`print_options`] — what `fairdeal print` writes for
/// the same file with `--per-page`, `--seats`, `--large`, `--title` and `--date`.
pub fn print_document(
    boards: &[Board],
    per_page: usize,
    large: bool,
    seats: [bool; 4],
    title: &str,
    date: &str,
) -> String {
    hand_records_html(boards, &print_options(per_page, large, seats, title, date))
}
