//! The lexer: source text to tokens with byte spans, comments kept (for highlighting).
//!
//! Words are runs of letters, digits and `_`; a run of digits alone is a number. Whether a
//! word is a keyword, a shape (`54xx`), a card (`TC`), a holding (`SAQ542`) or a contract
//! (`x3N`) is decided by the parser from context, as in dealer's grammar the position
//! decides it too. The lexer never fails: anything it cannot read becomes an `Error` token.

use std::ops::Range;

/// Token classes produced by the lexer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tok {
    /// A word (letters, digits, `_`) that is not all digits.
    Word,
    /// Decimal digits.
    Number,
    /// `"…"` string (the span includes the quotes).
    Str,
    /// `\n` in a `printes` list.
    Newline,
    /// Operator or punctuation; the text says which.
    Sym,
    /// `#…`, `//…` or `/* … */`.
    Comment,
    /// An unreadable character, an unterminated string or comment.
    Error,
}

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Class.
    pub tok: Tok,
    /// Byte span in the source.
    pub span: Range<usize>,
}

const SYMS: &[&str] = &[
    "&&", "||", "==", "!=", "<=", ">=", "<", ">", "!", "+", "-", "*", "/", "%", "?", ":", "(", ")",
    ",", "=", "{", "}", "[", "]",
];

/// Splits `src` into tokens, comments included; never fails.
pub fn tokens(src: &str) -> Vec<Token> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let tok = if c == b'#' || (c == b'/' && b.get(i + 1) == Some(&b'/')) {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            Tok::Comment
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            match src[i + 2..].find("*/") {
                Some(k) => {
                    i += 2 + k + 2;
                    Tok::Comment
                }
                None => {
                    i = b.len();
                    Tok::Error
                }
            }
        } else if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += 1;
            }
            if i < b.len() && b[i] == b'"' {
                i += 1;
                Tok::Str
            } else {
                Tok::Error
            }
        } else if c == b'\\' && b.get(i + 1) == Some(&b'n') {
            i += 2;
            Tok::Newline
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            if b[start..i].iter().all(u8::is_ascii_digit) {
                Tok::Number
            } else {
                Tok::Word
            }
        } else if let Some(s) = SYMS.iter().find(|s| src[i..].starts_with(**s)) {
            i += s.len();
            Tok::Sym
        } else {
            // One whole character (UTF-8 aware).
            let ch = src[i..].chars().next().map_or(1, char::len_utf8);
            i += ch;
            Tok::Error
        };
        out.push(Token {
            tok,
            span: start..i,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(Tok, &str)> {
        tokens(s).into_iter().map(|t| (t.tok, &s[t.span])).collect()
    }

    #[test]
    fn words_numbers_symbols_comments() {
        assert_eq!(
            kinds("hcp(north)>=15 # c\n// d\n/* e */ 54xx \"s\" \\n"),
            vec![
                (Tok::Word, "hcp"),
                (Tok::Sym, "("),
                (Tok::Word, "north"),
                (Tok::Sym, ")"),
                (Tok::Sym, ">="),
                (Tok::Number, "15"),
                (Tok::Comment, "# c"),
                (Tok::Comment, "// d"),
                (Tok::Comment, "/* e */"),
                (Tok::Word, "54xx"),
                (Tok::Str, "\"s\""),
                (Tok::Newline, "\\n"),
            ]
        );
    }

    #[test]
    fn errors_never_panic() {
        assert_eq!(kinds("/* open")[0].0, Tok::Error);
        assert_eq!(kinds("\"open")[0].0, Tok::Error);
        assert_eq!(kinds("é")[0], (Tok::Error, "é"));
    }
}
