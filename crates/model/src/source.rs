//! Positions in a source text, and the one way Fair Deal shows an error in it.
//!
//! The script language and the constraint language both report errors as byte spans;
//! this module turns a span into what a person reads:
//!
//! ```text
//! 2:7: expected a seat (north, east, south, west) after 'hcp(', found 'nord'
//!   hcp(nord) > 10
//!       ^^^^
//! ```
//!
//! * Lines and columns are **1-based**; a column counts **characters** (Unicode scalar
//!   values), not bytes, so multi-byte UTF-8 text (`♠`, `é`) moves the column by one.
//! * A byte offset inside a character counts as that character's start; an offset past the
//!   end counts as the end of the text (the position after the last character).
//! * Lines end at `\n`; a `\r` before it (CRLF files) belongs to no line text and is never
//!   shown.
//! * The caret line copies each tab of the source line before the column, so the caret
//!   stands under the character whatever the tab width; other characters become spaces.
//! * The caret is as wide as the span's text on its first line, and at least one character
//!   (an empty span, or a span at the end of the text, still gets one caret).

use std::ops::Range;

/// The start of the character holding byte offset `at` (the largest char boundary at or
/// before it; past the end, the end of the text).
pub fn floor_boundary(src: &str, at: usize) -> usize {
    let mut at = at.min(src.len());
    while !src.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// 1-based line and 1-based column (in characters) of byte offset `at` in `src`.
pub fn line_col(src: &str, at: usize) -> (usize, usize) {
    let before = &src[..floor_boundary(src, at)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// The text of 1-based line `line`, without its `\n` or `\r\n` (empty past the last line).
pub fn line_text(src: &str, line: usize) -> &str {
    line.checked_sub(1)
        .and_then(|i| src.lines().nth(i))
        .unwrap_or("")
}

/// The line under `line_text` that puts `width` carets (at least one) under 1-based
/// character column `column`: tabs before the column are copied, everything else is a space.
pub fn caret_line(line_text: &str, column: usize, width: usize) -> String {
    let mut out: String = line_text
        .chars()
        .chain(std::iter::repeat(' '))
        .take(column.saturating_sub(1))
        .map(|c| if c == '\t' { '\t' } else { ' ' })
        .collect();
    out.push_str(&"^".repeat(width.max(1)));
    out
}

/// How many carets `span` gets: the characters of its text on its first line, at least one.
pub fn caret_width(src: &str, span: &Range<usize>) -> usize {
    let start = floor_boundary(src, span.start);
    let end = floor_boundary(src, span.end.max(start));
    src[start..end]
        .lines()
        .next()
        .map_or(1, |l| l.chars().count().max(1))
}

/// `line:column: message`, then the source line and the caret line, each indented by two
/// spaces and ending with a newline.
pub fn render(src: &str, span: &Range<usize>, message: &str) -> String {
    let (line, column) = line_col(src, span.start);
    let text = line_text(src, line);
    let carets = caret_line(text, column, caret_width(src, span));
    format!("{line}:{column}: {message}\n  {text}\n  {carets}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_line_and_column_are_one() {
        assert_eq!(line_col("abc", 0), (1, 1));
        assert_eq!(line_col("abc\ndef", 4), (2, 1));
        assert_eq!(line_col("abc\ndef", 6), (2, 3));
        assert_eq!(
            render("hcp(nord) > 10", &(4..8), "bad seat"),
            "1:5: bad seat\n  hcp(nord) > 10\n      ^^^^\n"
        );
    }

    #[test]
    fn tabs_are_copied_so_the_caret_stands_under_the_character() {
        let src = "x\n\tab\t cd";
        let at = src.find("cd").unwrap();
        assert_eq!(line_col(src, at), (2, 6));
        assert_eq!(
            render(src, &(at..at + 2), "m"),
            "2:6: m\n  \tab\t cd\n  \t  \t ^^\n"
        );
    }

    #[test]
    fn columns_count_characters_in_multibyte_text() {
        let src = "♠é x";
        let at = src.find('x').unwrap();
        assert_eq!(at, 6);
        assert_eq!(line_col(src, at), (1, 4));
        assert_eq!(render(src, &(at..at + 1), "m"), "1:4: m\n  ♠é x\n     ^\n");
        // A span over a multi-byte character gets one caret per character.
        assert_eq!(render(src, &(0..5), "m"), "1:1: m\n  ♠é x\n  ^^\n");
        // An offset inside a character is that character's start, never a panic.
        assert_eq!(line_col(src, 1), (1, 1));
        assert_eq!(caret_width(src, &(1..2)), 1);
        assert_eq!(floor_boundary(src, 2), 0);
        assert_eq!(floor_boundary(src, 3), 3);
        assert_eq!(floor_boundary(src, 99), src.len());
    }

    #[test]
    fn span_at_the_end_of_the_input() {
        let src = "ab\ncd";
        assert_eq!(render(src, &(5..5), "m"), "2:3: m\n  cd\n    ^\n");
        let src = "ab\n";
        assert_eq!(render(src, &(3..3), "m"), "2:1: m\n  \n  ^\n");
        // Past the end: clamped to the end.
        assert_eq!(line_col("ab", 99), (1, 3));
        assert_eq!(render("ab", &(7..99), "m"), "1:3: m\n  ab\n    ^\n");
    }

    #[test]
    fn an_empty_span_gets_one_caret() {
        assert_eq!(render("abc", &(1..1), "m"), "1:2: m\n  abc\n   ^\n");
        // A reversed span (end before start) is empty too.
        let reversed = Range { start: 2, end: 1 };
        assert_eq!(caret_width("abc", &reversed), 1);
    }

    #[test]
    fn crlf_lines_hide_the_carriage_return() {
        let src = "ab\r\ncd\r\n";
        let at = src.find('d').unwrap();
        assert_eq!(line_col(src, at), (2, 2));
        assert_eq!(line_text(src, 1), "ab");
        assert_eq!(render(src, &(at..at + 1), "m"), "2:2: m\n  cd\n   ^\n");
        // A span reaching over the line end gets carets for its first line only.
        assert_eq!(render(src, &(0..6), "m"), "1:1: m\n  ab\n  ^^\n");
        // The end of a CRLF line (the '\r') is the column after the last character.
        assert_eq!(render(src, &(2..4), "m"), "1:3: m\n  ab\n    ^\n");
    }

    #[test]
    fn past_the_last_line_the_text_is_empty() {
        assert_eq!(line_text("a\nb", 3), "");
        assert_eq!(line_text("a\nb", 0), "");
        assert_eq!(caret_line("", 3, 2), "  ^^");
    }
}
