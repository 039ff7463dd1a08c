//! The highlighted copy of the script that sits under the editor's transparent textarea.
//!
//! [`segments`] cuts the text at every token and diagnostic boundary into [`Segment`]s, each
//! with its token class (from `fairdeal_script::highlight`) and whether a diagnostic covers
//! it; [`render`] turns them into `<span>`s. The text of the segments, concatenated, is the
//! script itself — character for character — so the `<pre>` lines up with the textarea;
//! the one exception is a diagnostic with nothing to underline (empty, or only a line
//! break), drawn as a marker at the end of its line, where it shifts no character.
//!
//! Panic policy: spans from the engine are clamped to the text and to char boundaries.

use fairdeal_interop::print::escape_html;
use fairdeal_model::source::floor_boundary;
use fairdeal_script::{Diagnostic, TokenKind};
use std::ops::Range;
use yew::prelude::*;

/// A run of text with one token class and one error state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// Byte range in the script; empty for an end-of-line error marker.
    pub range: Range<usize>,
    /// The token class, if a token covers it.
    pub kind: Option<TokenKind>,
    /// True if a diagnostic covers it.
    pub error: bool,
}

/// The CSS class of a token class (`ds-t-keyword`, …).
pub fn kind_class(kind: TokenKind) -> &'static str {
    match kind {
        TokenKind::Keyword => "ds-t-keyword",
        TokenKind::Function => "ds-t-function",
        TokenKind::Action => "ds-t-action",
        TokenKind::Seat => "ds-t-seat",
        TokenKind::Suit => "ds-t-suit",
        TokenKind::Number => "ds-t-number",
        TokenKind::Shape => "ds-t-shape",
        TokenKind::Card => "ds-t-card",
        TokenKind::Operator => "ds-t-operator",
        TokenKind::Comment => "ds-t-comment",
        TokenKind::Identifier => "ds-t-identifier",
        TokenKind::Punctuation => "ds-t-punctuation",
        TokenKind::Error => "ds-t-error",
    }
}

fn next_boundary(text: &str, i: usize) -> usize {
    let mut j = (i + 1).min(text.len());
    while !text.is_char_boundary(j) {
        j += 1;
    }
    j
}

/// The ranges a diagnostic underlines, and the end-of-line positions where it has nothing
/// visible to underline (empty span or line breaks only): `(ranges, markers)`.
fn error_ranges(text: &str, diags: &[Diagnostic]) -> (Vec<Range<usize>>, Vec<usize>) {
    let mut ranges = Vec::new();
    let mut markers = Vec::new();
    for d in diags {
        let start = floor_boundary(text, d.span.start);
        let end = floor_boundary(text, d.span.end.max(start));
        let visible = text[start..end].chars().any(|c| c != '\n' && c != '\r');
        if visible {
            ranges.push(start..end);
        } else if start < text.len() && !matches!(text.as_bytes()[start], b'\n' | b'\r') {
            // Empty span in the middle of a line: underline the character it points at.
            ranges.push(start..next_boundary(text, start));
        } else {
            // At the end of a line or of the text: a marker after the line's last character.
            markers.push(start);
        }
    }
    markers.sort_unstable();
    markers.dedup();
    (ranges, markers)
}

/// The script cut into segments (see the module doc).
pub fn segments(
    text: &str,
    tokens: &[(Range<usize>, TokenKind)],
    diags: &[Diagnostic],
) -> Vec<Segment> {
    let (errors, markers) = error_ranges(text, diags);
    let tokens: Vec<(Range<usize>, TokenKind)> = tokens
        .iter()
        .map(|(r, k)| {
            let s = floor_boundary(text, r.start);
            (s..floor_boundary(text, r.end.max(s)), *k)
        })
        .filter(|(r, _)| !r.is_empty())
        .collect();
    let mut cuts: Vec<usize> = vec![0, text.len()];
    for (r, _) in &tokens {
        cuts.extend([r.start, r.end]);
    }
    for r in &errors {
        cuts.extend([r.start, r.end]);
    }
    cuts.extend(markers.iter().copied());
    cuts.sort_unstable();
    cuts.dedup();
    let mut out: Vec<Segment> = Vec::new();
    let push_markers = |out: &mut Vec<Segment>, at: usize| {
        if markers.binary_search(&at).is_ok() {
            out.push(Segment {
                range: at..at,
                kind: None,
                error: true,
            });
        }
    };
    // Tokens are in source order and do not overlap: one pointer walks them with the cuts
    // (a search per cut made a 300-line script quadratic).
    let mut next_token = 0usize;
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        push_markers(&mut out, a);
        if a == b {
            continue;
        }
        while next_token < tokens.len() && tokens[next_token].0.end <= a {
            next_token += 1;
        }
        let kind = tokens
            .get(next_token)
            .filter(|(r, _)| r.start <= a && a < r.end)
            .map(|(_, k)| *k);
        let error = errors.iter().any(|r| r.start <= a && a < r.end);
        match out.last_mut() {
            Some(last)
                if last.range.end == a
                    && !last.range.is_empty()
                    && last.kind == kind
                    && last.error == error =>
            {
                last.range.end = b;
            }
            _ => out.push(Segment {
                range: a..b,
                kind,
                error,
            }),
        }
    }
    if !text.is_empty() {
        push_markers(&mut out, text.len());
    } else if !markers.is_empty() {
        out.push(Segment {
            range: 0..0,
            kind: None,
            error: true,
        });
    }
    out
}

/// The segments as HTML text for the `<pre>` (every character of the script escaped); a
/// trailing line break gets a space after it so the last (empty) line keeps its height, as
/// it does in the textarea.
pub fn render_string(text: &str, segments: &[Segment]) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for s in segments {
        if s.range.is_empty() {
            out.push_str(r#"<span class="ds-err ds-err-mark" aria-hidden="true"> </span>"#);
            continue;
        }
        let t = text.get(s.range.clone()).unwrap_or_default();
        match (s.kind, s.error) {
            (None, false) => out.push_str(&escape_html(t)),
            (kind, error) => {
                out.push_str("<span class=\"");
                let mut classes: Vec<&str> = kind.map(kind_class).into_iter().collect();
                if error {
                    classes.push("ds-err");
                }
                out.push_str(&classes.join(" "));
                out.push_str("\">");
                out.push_str(&escape_html(t));
                out.push_str("</span>");
            }
        }
    }
    if text.is_empty() || text.ends_with('\n') {
        out.push(' ');
    }
    out
}

/// The segments as HTML for the `<pre>`: one raw node built from [`render_string`] (a
/// 300-line script is thousands of spans; building them as virtual nodes blocked the page
/// for most of a second on a paste).
pub fn render(text: &str, segments: &[Segment]) -> Html {
    Html::from_html_unchecked(AttrValue::from(render_string(text, segments)))
}
