//! The phase grammar: how an organiser types a tournament's phases, one line per phase.
//!
//! Both front ends read phases through [`Phases`]'s `FromStr` (the Tournament page's text
//! box, and `fairdeal squaredeal create`'s `--phase` arguments, one line each), so the same
//! text always makes the same tournament.
//!
//! ```text
//! line        := sessions ':' boards ':' file-prefix ':' description
//! sessions    := 1 ..= MAX_SESSIONS
//! boards      := '?' | count 'x' length | part (',' part)*
//! part        := N | L '-' H                       (1 <= L <= H <= MAX_BOARD)
//! ```
//!
//! * `count x length` (SquareDeal's entry form) is written out as `count` consecutive
//!   ranges: `2x16` becomes `1-16,17-32`; `count × length` is checked against
//!   [`MAX_BOARD`] before anything is expanded.
//! * A phase of more than one session whose file prefix has no `#` gets one `#` per digit of
//!   the session count appended; a description without `#` gets ` #/<sessions>` (SquareDeal's
//!   own defaults), so every session's files and title are distinct.
//! * Blank lines are skipped; surrounding spaces of each field are dropped.
//!
//! Every limit (sessions, phases, boards) is checked here, before any key is drawn; an error
//! names the 1-based line and column (in characters) of the offending field.
//!
//! `Display` writes the phases back one per line in the same grammar, already expanded, so
//! parsing the written text gives the same phases.

use super::{check_field, check_file_prefix, Phase, MAX_BOARD, MAX_PHASES, MAX_SESSIONS};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A phase line that does not follow the grammar, with where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("phase line {line}, column {column}: {message}")]
pub struct PhaseSyntaxError {
    /// 1-based line of the text.
    pub line: usize,
    /// 1-based column (characters) where the faulty field starts.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

/// A tournament's phases, read from the phase grammar (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phases(pub Vec<Phase>);

impl Phases {
    /// The phases, in order.
    pub fn into_vec(self) -> Vec<Phase> {
        self.0
    }
}

impl FromStr for Phases {
    type Err = PhaseSyntaxError;

    fn from_str(text: &str) -> Result<Phases, PhaseSyntaxError> {
        let mut phases = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            if raw.trim().is_empty() {
                continue;
            }
            if phases.len() >= MAX_PHASES {
                return Err(PhaseSyntaxError {
                    line: i + 1,
                    column: 1,
                    message: format!(
                        "more than {MAX_PHASES} phases; a tournament has at most {MAX_PHASES}"
                    ),
                });
            }
            phases.push(parse_line(raw, i + 1)?);
        }
        if phases.is_empty() {
            return Err(PhaseSyntaxError {
                line: 1,
                column: 1,
                message:
                    "no phase: expected one line sessions:boards:file-prefix:description per phase"
                        .into(),
            });
        }
        Ok(Phases(phases))
    }
}

impl fmt::Display for Phases {
    /// One line per phase, `sessions:boards:file-prefix:description`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(
                f,
                "{}:{}:{}:{}",
                p.sessions, p.boards, p.file_prefix, p.description
            )?;
        }
        Ok(())
    }
}

/// One field of a line: its text (trimmed) and the 1-based column where that text starts.
struct Field<'a> {
    text: &'a str,
    column: usize,
}

/// Splits `raw` at its first three `:` (the description may not hold one, but is checked
/// later with a clearer message).
fn fields(raw: &str) -> Vec<Field<'_>> {
    let mut out = Vec::with_capacity(4);
    let mut start = 0;
    for piece in raw.splitn(4, ':') {
        let lead = piece.len() - piece.trim_start().len();
        let column = raw[..start + lead].chars().count() + 1;
        out.push(Field {
            text: piece.trim(),
            column,
        });
        start += piece.len() + 1;
    }
    out
}

fn parse_line(raw: &str, line: usize) -> Result<Phase, PhaseSyntaxError> {
    let at = |column: usize, message: String| PhaseSyntaxError {
        line,
        column,
        message,
    };
    let f = fields(raw);
    if f.len() != 4 {
        return Err(at(
            1,
            format!(
                "expected sessions:boards:file-prefix:description, found “{}”",
                raw.trim()
            ),
        ));
    }
    let sessions = f[0]
        .text
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=MAX_SESSIONS).contains(n))
        .ok_or_else(|| {
            at(
                f[0].column,
                format!(
                    "expected a number of sessions from 1 to {MAX_SESSIONS} (a phase has at most {MAX_SESSIONS}), found “{}”",
                    f[0].text
                ),
            )
        })?;
    let boards =
        parse_boards(f[1].text).map_err(|(offset, message)| at(f[1].column + offset, message))?;
    let mut file_prefix = f[2].text.to_string();
    if sessions != 1 && !file_prefix.contains('#') {
        file_prefix.push_str(&"#".repeat(sessions.to_string().len()));
    }
    check_file_prefix(&file_prefix).map_err(|e| at(f[2].column, e.to_string()))?;
    let mut description = f[3].text.to_string();
    if sessions != 1 && !description.is_empty() && !description.contains('#') {
        description.push_str(&format!(" #/{sessions}"));
    }
    check_field("session description", &description, false)
        .map_err(|e| at(f[3].column, e.to_string()))?;
    Ok(Phase {
        sessions,
        boards,
        file_prefix,
        description,
    })
}

/// The boards field, checked and (for `NxL`) written out; an error carries its offset in
/// characters from the field's start.
fn parse_boards(text: &str) -> Result<String, (usize, String)> {
    let expected = "expected ?, N, L-H, a comma list of them, or SxN (e.g. 2x16)";
    if text.is_empty() {
        return Err((0, format!("no boards: {expected}")));
    }
    if text == "?" {
        return Ok(text.to_string());
    }
    if let Some((n, len)) = text.split_once(['x', 'X']) {
        let number = |s: &str| s.trim().parse::<u32>().ok().filter(|&v| v >= 1);
        let (Some(n), Some(len)) = (number(n), number(len)) else {
            return Err((0, format!("boards “{text}”: {expected}")));
        };
        let total = u64::from(n) * u64::from(len);
        if total > u64::from(MAX_BOARD) {
            return Err((
                0,
                format!("boards {n}x{len} reach board {total}; boards go up to {MAX_BOARD}"),
            ));
        }
        return Ok((1..=n)
            .map(|s| format!("{}-{}", (s - 1) * len + 1, s * len))
            .collect::<Vec<_>>()
            .join(","));
    }
    let mut offset = 0;
    for part in text.split(',') {
        let column = offset + part.chars().count() - part.trim_start().chars().count();
        check_part(part.trim()).map_err(|m| (column, m))?;
        offset += part.chars().count() + 1;
    }
    Ok(text.to_string())
}

/// One `N` or `L-H` of a board list.
fn check_part(part: &str) -> Result<(), String> {
    let number = |s: &str| s.trim().parse::<u32>().ok();
    let (low, high) = match part.split_once('-') {
        Some((l, h)) => (number(l), number(h)),
        None => (Some(1), number(part)),
    };
    let (Some(low), Some(high)) = (low, high) else {
        return Err(format!(
            "boards “{part}”: expected N, L-H, a comma list of them, ? or SxN (e.g. 2x16)"
        ));
    };
    if low == 0 || low > high {
        return Err(format!(
            "boards “{part}”: expected a range from 1 up, first ≤ last"
        ));
    }
    if high > MAX_BOARD {
        return Err(format!(
            "boards “{part}” reach board {high}; boards go up to {MAX_BOARD}"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<Phase>, PhaseSyntaxError> {
        text.parse::<Phases>().map(Phases::into_vec)
    }

    #[test]
    fn squaredeal_lengths_and_sharps() {
        let p = parse("2:2x16:rr:Round robin").unwrap();
        assert_eq!(
            p,
            vec![Phase {
                sessions: 2,
                boards: "1-16,17-32".into(),
                file_prefix: "rr#".into(),
                description: "Round robin #/2".into(),
            }]
        );
        // A single session keeps its names; existing `#` are kept.
        let p = parse("1:24:final:Final\n12:1-8,9-16:s#:Session #").unwrap();
        assert_eq!(p[0].file_prefix, "final");
        assert_eq!(p[0].description, "Final");
        assert_eq!(p[1].file_prefix, "s#");
        assert_eq!(p[1].description, "Session #");
        let p = parse("12:?:s:Swiss").unwrap();
        assert_eq!(p[0].file_prefix, "s##");
        assert_eq!(p[0].boards, "?");
    }

    #[test]
    fn display_round_trips() {
        let text = " 3 : 3x8 : q : Qualifying \n\n1:1-7,8-14:f:Final";
        let p: Phases = text.parse().unwrap();
        assert_eq!(
            p.to_string(),
            "3:1-8,9-16,17-24:q#:Qualifying #/3\n1:1-7,8-14:f:Final"
        );
        assert_eq!(p.to_string().parse::<Phases>().unwrap(), p);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("1:16:a:A\n1000000000:1-16:x:big").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("1 to 1000"), "{e}");
        let e = parse("2: 1-8,0-4:x:X").unwrap_err();
        assert_eq!((e.line, e.column), (1, 8), "{e}");
        let e = parse("2:1-8,9-1001:x:X").unwrap_err();
        assert!(e.message.contains("up to 1000"), "{e}");
        let e = parse("2:100x11:x:X").unwrap_err();
        assert!(e.message.contains("board 1100"), "{e}");
        // Refused before any expansion: no overflow, no huge list.
        assert!(parse("2:4000000000x4000000000:x:X").is_err());
        let e = parse("2:16:a/b:X").unwrap_err();
        assert_eq!((e.line, e.column), (1, 6), "{e}");
        let e = parse("2:16:ab:Semi: final").unwrap_err();
        assert_eq!(e.column, 9, "{e}");
        let e = parse("2:16:ab").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        assert!(parse("").is_err());
        assert!(parse("2:x16:a:A").is_err());
        let many = "1:16:a:A\n".repeat(MAX_PHASES + 1);
        let e = parse(&many).unwrap_err();
        assert_eq!(e.line, MAX_PHASES + 1);
        assert!(e
            .to_string()
            .starts_with(&format!("phase line {}", MAX_PHASES + 1)));
    }
}
