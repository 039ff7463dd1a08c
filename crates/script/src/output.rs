//! dealer's text layouts: printall, printew, printcompact, printoneline, printpbn,
//! print(seats), average and frequency tables, and C's `%g`.

use fairdeal_model::{Deal, Seat, Suit};
use std::fmt::Write;

const RANKS: &[u8; 13] = b"AKQJT98765432";

fn holding_cards(deal: &Deal, seat: usize, suit: usize) -> impl Iterator<Item = char> {
    let h = deal.hand(Seat::ALL[seat]).holding(Suit::ALL[suit]).bits();
    (0..13)
        .filter(move |r| h >> r & 1 == 1)
        .map(|r| RANKS[r] as char)
}

/// One row of dealer's side-by-side diagrams: `seats` in order, each column 20 wide.
fn columns(out: &mut String, deals_seats: &[(&Deal, usize)], suit: usize) {
    let mut cards = 10;
    for (deal, seat) in deals_seats {
        while cards < 10 {
            out.push_str("  ");
            cards += 1;
        }
        cards = 0;
        for c in holding_cards(deal, *seat, suit) {
            out.push(c);
            out.push(' ');
            cards += 1;
        }
        if cards == 0 {
            out.push_str("- ");
            cards += 1;
        }
    }
    out.push('\n');
}

/// printall: board number, then the four hands side by side (N E S W).
pub fn printall(out: &mut String, deal: &Deal, number: u64) {
    let _ = writeln!(out, "{number:4}.");
    let row: Vec<(&Deal, usize)> = (0..4).map(|s| (deal, s)).collect();
    for suit in 0..4 {
        columns(out, &row, suit);
    }
    out.push('\n');
}

/// printew: West then East.
pub fn printew(out: &mut String, deal: &Deal) {
    let row = [(deal, 3), (deal, 1)];
    for suit in 0..4 {
        columns(out, &row, suit);
    }
    out.push('\n');
}

/// `AKQ2.JT3.K765.A9`: built in a byte buffer and appended once (per-character pushes
/// were a third of a printing run's time).
fn compact_hand(out: &mut String, deal: &Deal, seat: usize) {
    let hand = deal.hand(Seat::ALL[seat]);
    let mut buf = [0u8; 16];
    let mut n = 0;
    for (i, suit) in Suit::ALL.iter().enumerate() {
        if i > 0 {
            buf[n] = b'.';
            n += 1;
        }
        let mut h = hand.holding(*suit).bits();
        while h != 0 {
            buf[n] = RANKS[h.trailing_zeros() as usize];
            n += 1;
            h &= h - 1;
        }
    }
    // Ranks and dots are ASCII.
    out.push_str(std::str::from_utf8(&buf[..n]).unwrap_or_default());
}

/// printcompact: `n AKQ.…` per line, then the value if any.
pub fn printcompact(out: &mut String, deal: &Deal, value: Option<i64>) {
    for seat in 0..4 {
        out.push("nesw".as_bytes()[seat] as char);
        out.push(' ');
        compact_hand(out, deal, seat);
        out.push('\n');
    }
    if let Some(v) = value {
        let _ = writeln!(out, "{v}");
    }
}

/// printoneline: the four hands on one line, then the value if any.
pub fn printoneline(out: &mut String, deal: &Deal, value: Option<i64>) {
    for seat in 0..4 {
        out.push("nesw".as_bytes()[seat] as char);
        out.push(' ');
        compact_hand(out, deal, seat);
        out.push(' ');
    }
    if let Some(v) = value {
        let _ = write!(out, "{v}");
    }
    out.push('\n');
}

/// printpbn: one PBN game. `board` is 0-based; dealer and vulnerability rotate unless set.
pub fn printpbn(
    out: &mut String,
    deal: &Deal,
    board: u64,
    event: &str,
    date: &str,
    dealer: Option<usize>,
    vul: Option<usize>,
) {
    const VUL: [&str; 4] = ["None", "NS", "EW", "All"];
    const BOARD_VUL: [usize; 16] = [0, 1, 2, 3, 1, 2, 3, 0, 2, 3, 0, 1, 3, 0, 1, 2];
    let d = dealer.unwrap_or((board % 4) as usize);
    let v = vul.unwrap_or(BOARD_VUL[(board % 16) as usize]);
    let _ = writeln!(out, "[Event \"{event}\"]");
    out.push_str("[Site \"-\"]\n");
    let _ = writeln!(out, "[Date \"{date}\"]");
    let _ = writeln!(out, "[Board \"{}\"]", board + 1);
    out.push_str("[West \"-\"]\n[North \"-\"]\n[East \"-\"]\n[South \"-\"]\n");
    let _ = writeln!(out, "[Dealer \"{}\"]", ["N", "E", "S", "W"][d]);
    let _ = writeln!(out, "[Vulnerable \"{}\"]", VUL[v]);
    out.push_str("[Deal \"N:");
    for seat in 0..4 {
        compact_hand(out, deal, seat);
        if seat < 3 {
            out.push(' ');
        }
    }
    out.push_str("\"]\n[Declarer \"?\"]\n[Contract \"?\"]\n[Result \"?\"]\n\n");
}

/// print(seats): for each seat in the mask, a page of its hands, four deals across.
pub fn print_seats(out: &mut String, deals: &[Deal], mask: u8) {
    const NAMES: [&str; 4] = ["North", "East", "South", "West"];
    for (seat, name) in NAMES.iter().enumerate() {
        if mask >> seat & 1 == 0 {
            continue;
        }
        let _ = write!(out, "\n\n{name} hands:\n\n\n\n");
        for (i, chunk) in deals.chunks(4).enumerate() {
            for k in 0..chunk.len() {
                let _ = write!(out, "{:4}.{:15}", i * 4 + k + 1, ' ');
            }
            out.push('\n');
            let row: Vec<(&Deal, usize)> = chunk.iter().map(|d| (d, seat)).collect();
            for suit in 0..4 {
                columns(out, &row, suit);
            }
            out.push('\n');
        }
        out.push('\u{c}');
    }
}

/// C's `printf("%g", x)`: 6 significant digits, trailing zeros removed, exponent form
/// outside 1e-4 ≤ |x| < 1e6.
pub fn fmt_g(x: f64) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan" } else { "nan" }.into();
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf" } else { "inf" }.into();
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0" } else { "0" }.into();
    }
    // Exponent after rounding to 6 significant digits.
    let e = format!("{x:.5e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let mant = trim_zeros(mant);
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mant}e{sign}{:02}", exp.abs())
    } else {
        let decimals = (5 - exp).max(0) as usize;
        trim_zeros(&format!("{x:.decimals$}")).to_string()
    }
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

/// The average line: `label: value` or just the value.
pub fn average(out: &mut String, label: Option<&str>, mean: f64) {
    if let Some(l) = label {
        let _ = write!(out, "{l}: ");
    }
    let _ = writeln!(out, "{}", fmt_g(mean));
}

/// A 1-D frequency table.
pub fn frequency(
    out: &mut String,
    label: Option<&str>,
    lo: i64,
    counts: &[u64],
    low: u64,
    high: u64,
) {
    let _ = writeln!(out, "Frequency {}:", label.unwrap_or(""));
    if low > 0 {
        let _ = writeln!(out, "Low\t{low:8}");
    }
    for (i, c) in counts.iter().enumerate() {
        let _ = writeln!(out, "{:5}\t{c:8}", lo + i as i64);
    }
    if high > 0 {
        let _ = writeln!(out, "High\t{high:8}");
    }
}

/// A 2-D frequency table; `cells` has (rows+2) × (cols+2) entries with Low/High margins.
pub fn frequency2(
    out: &mut String,
    label: Option<&str>,
    lo1: i64,
    hi1: i64,
    lo2: i64,
    hi2: i64,
    cells: &[u64],
) {
    let _ = writeln!(out, "Frequency {}:", label.unwrap_or(""));
    let cols = (hi2 - lo2 + 3) as usize;
    let rows = (hi1 - lo1 + 3) as usize;
    out.push_str("        Low");
    for j in 1..cols - 1 {
        let _ = write!(out, " {:6}", j as i64 + lo2 - 1);
    }
    out.push_str("   High    Sum\n");
    let mut total = 0;
    for i in 0..rows {
        if i == 0 {
            out.push_str("Low ");
        } else if i == rows - 1 {
            out.push_str("High");
        } else {
            let _ = write!(out, "{:4}", i as i64 + lo1 - 1);
        }
        let mut row = 0;
        for j in 0..cols {
            let n = cells[i * cols + j];
            row += n;
            let _ = write!(out, " {n:6}");
        }
        let _ = writeln!(out, " {row:6}");
        total += row;
    }
    out.push_str("Sum ");
    for j in 0..cols {
        let col: u64 = (0..rows).map(|i| cells[i * cols + j]).sum();
        let _ = write!(out, " {col:6}");
    }
    let _ = write!(out, " {total:6}\n\n");
}

#[cfg(test)]
mod tests {
    use super::fmt_g;

    #[test]
    fn percent_g_matches_c() {
        assert_eq!(fmt_g(18.0), "18");
        assert_eq!(fmt_g(7.428571428), "7.42857");
        assert_eq!(fmt_g(4.666666667), "4.66667");
        assert_eq!(fmt_g(5.5), "5.5");
        assert_eq!(fmt_g(-3.0), "-3");
        assert_eq!(fmt_g(1234567.0), "1.23457e+06");
        assert_eq!(fmt_g(0.0001234), "0.0001234");
        assert_eq!(fmt_g(0.00001234), "1.234e-05");
        assert_eq!(fmt_g(999999.5), "1e+06");
        assert_eq!(fmt_g(0.0), "0");
    }
}
