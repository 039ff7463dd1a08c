//! The one rule for text cells written to CSV files that a spreadsheet may open: a cell a
//! spreadsheet would read as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
//! return) gets a leading `'`, so a pair name such as `=HYPERLINK(…)` or `@SUM(…)` stays text.
//!
//! Cells that are plain values keep their form so the results reader takes them back
//! unchanged: signed numbers (`-420`, `+1`, `-2`) and the lone `=` of a result made exactly.
//! [`csv_field`] is a whole CSV field: neutralised, then quoted when it holds a comma, a
//! quote or a line break (every CSV this workspace writes uses it).

use std::borrow::Cow;

/// True when `cell` is a plain signed number (`-420`, `+1`, `3.5`): a spreadsheet reads it
/// as that number, never as a formula.
fn is_plain_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let mut parts = digits.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let frac = parts.next();
    !whole.is_empty()
        && whole.bytes().all(|b| b.is_ascii_digit())
        && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// True when a spreadsheet would take `cell` for a formula.
pub fn is_formula_like(cell: &str) -> bool {
    cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && cell != "=" && !is_plain_number(cell)
}

/// `cell` made safe to open in a spreadsheet: formula-like text gets a leading `'`.
pub fn neutralise_formula(cell: &str) -> Cow<'_, str> {
    if is_formula_like(cell) {
        Cow::Owned(format!("'{cell}"))
    } else {
        Cow::Borrowed(cell)
    }
}

/// `cell` as one CSV field: [`neutralise_formula`], then quoted (quotes doubled) when it
/// holds a comma, a quote or a line break.
pub fn csv_field(cell: &str) -> String {
    let s = neutralise_formula(cell);
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_like_names_get_a_quote() {
        for cell in [
            "=HYPERLINK(\"http://x\")",
            "+SUM(A1)",
            "-Smith",
            "@cmd",
            "\tx",
            "\r=1",
            "-1+1",
            "=1",
        ] {
            assert_eq!(neutralise_formula(cell), format!("'{cell}"), "{cell:?}");
        }
    }

    #[test]
    fn fields_are_quoted_when_they_need_it() {
        assert_eq!(csv_field("Smith"), "Smith");
        assert_eq!(csv_field("Smith, J"), "\"Smith, J\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("a\rb"), "\"a\rb\"");
        assert_eq!(csv_field("=1,2"), "\"'=1,2\"");
    }

    #[test]
    fn plain_values_are_kept() {
        for cell in [
            "", "Smith", "4SX", "=", "-2", "+1", "-420", "3.5", "1 = 2", "12",
        ] {
            assert_eq!(neutralise_formula(cell), cell, "{cell:?}");
        }
    }
}
