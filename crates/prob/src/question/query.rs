//! The query-string form of a [`Question`] — the form the Probability page's URL carries and
//! `fairdeal prob` accepts: `q=splits&n=4&w=13&e=13`. Percent-encoding both ways,
//! [`Question::from_query`] / [`Question::to_query`], and `FromStr`/`Display` over them.
//!
//! Panic policy: no panics; malformed escapes are kept as typed, unknown keys ignored.

use std::fmt;
use std::str::FromStr;

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

use super::{Field, FieldError, Kind, Question};

/// What a query-string component keeps as typed: letters, digits and `-._~` (RFC 3986's
/// unreserved characters); everything else is `%XX`-escaped.
const COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// Decodes `%XX` escapes and `+` (as a space) of a query-string component; a malformed
/// escape is kept as typed.
pub fn percent_decode(s: &str) -> String {
    percent_decode_str(&s.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

/// Encodes a query-string component (unreserved characters kept, everything else `%XX`).
pub fn percent_encode(s: &str) -> String {
    utf8_percent_encode(s, COMPONENT).to_string()
}

/// `key=value` pairs of a query string (leading `?` allowed), decoded.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

impl Question {
    /// A question from a query string such as `?q=splits&n=4&w=13&e=13`; unknown keys are
    /// ignored, missing ones keep their defaults. `None` if there is no (known) `q=`.
    pub fn from_query(query: &str) -> Option<Question> {
        let pairs = query_pairs(query);
        let kind = pairs
            .iter()
            .find(|(k, _)| k == "q")
            .and_then(|(_, v)| Kind::from_key(v))?;
        let mut q = Question {
            kind,
            ..Question::default()
        };
        for (k, v) in pairs {
            if let Some(f) = Field::from_key(&k) {
                q.set(f, v);
            }
        }
        Some(q)
    }

    /// The query pairs that reproduce this question (`q` and the kind's fields).
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let info = self.kind.info();
        let mut out = vec![("q".to_string(), info.key.to_string())];
        for f in info.fields {
            out.push((f.key().to_string(), self.get(*f).to_string()));
        }
        out
    }

    /// The query string that reproduces this question, without the leading `?`.
    pub fn to_query(&self) -> String {
        self.to_pairs()
            .iter()
            .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// The query string, as [`Question::to_query`].
impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_query())
    }
}

/// As [`Question::from_query`], with a message when the kind is absent or unknown.
impl FromStr for Question {
    type Err = FieldError;

    fn from_str(s: &str) -> Result<Question, FieldError> {
        Question::from_query(s).ok_or_else(|| {
            let given = query_pairs(s)
                .into_iter()
                .find(|(k, _)| k == "q")
                .map_or_else(|| "no q=".to_string(), |(_, v)| format!("q={v}"));
            let keys: Vec<&str> = super::KINDS.iter().map(|k| k.key).collect();
            FieldError {
                field: None,
                message: format!("{given}: expected q= one of {}", keys.join(", ")),
            }
        })
    }
}
