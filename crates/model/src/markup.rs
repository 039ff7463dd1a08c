//! Escaping text for HTML, XML and SVG output: the one escaper of the workspace (hand records,
//! published results, charts and highlighted scripts all write markup through it).

/// Escapes `&`, `<`, `>`, `"` and `'`, so the text is safe in element content and in quoted
/// attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape;

    #[test]
    fn escapes_the_five_characters_and_keeps_the_rest() {
        assert_eq!(
            escape(r#"<a href="x">Tom & 'Jerry' ♠</a>"#),
            "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39; ♠&lt;/a&gt;"
        );
        assert_eq!(escape(""), "");
    }
}
