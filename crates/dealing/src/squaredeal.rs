//! SquareDeal: committed tournament dealing on top of Big Deal.
//!
//! The scheme (Hans van Staveren's `squaredeal.pl`):
//!
//! 1. The organiser describes the tournament — name (`TN`), a *delayed information*
//!    description (`DI`, e.g. "Dow Jones close on 13 April") and phases (`SN
//!    sessions:boards:file-prefix:description`) — and publishes it ([`Tournament::create`]).
//!    Publishing draws one secret 60-character `[a-zA-Z0-9]` key per session from a CSPRNG
//!    (rejection sampling: bytes ≥ 248 are discarded, so each of the 62 characters is equally
//!    likely), writes them to the `.sqk` key file as `phase,session:key` lines ending in
//!    **CRLF** (deliberately, so the hash is platform-independent), and puts
//!    `KH = SHA-256(.sqk contents)` (lower-case hex) into the published `.sqd` file.
//! 2. After the delayed value `DV` becomes known, each session is dealt by Big Deal in wizard
//!    mode: `bigdealx -W key[0..30] -e key[30..60] -e base64(DV) -e original|reserve [-e ses<n>]
//!    -p <file> -n <boards>`. So the owner is the key's left half and
//!    `seed = RIPEMD160(key[30..60] ‖ base64(DV) ‖ "original"|"reserve" [‖ "ses<n>"])`
//!    (base64 standard alphabet with padding and *no* newline) — see [`session_seed`].
//! 3. Anyone holding `.sqd`, `.sqk` and `DV` can check the commitment ([`Tournament::verify_keys`])
//!    and regenerate every session ([`Tournament::deal_session`]).
//!
//! `.sqd` layout written here (LF lines, as `squaredeal.pl` on Unix):
//!
//! ```text
//! # Description file of tournament for program SquareDeal 2.7
//! #
//! TN <name>
//! DI <delayed info description>
//! DV <delayed value>                      (only once known)
//! # Description of phases of tournament
//! # Per phase a line with SN nessions:nboards:filename:description
//! SN <sessions>:<boards>:<file prefix>:<description>
//! KH <sha-256 hex of the .sqk file>
//! ```
//!
//! Reading follows `squaredeal.pl`: `#` lines are comments, `\r` and trailing white space are
//! stripped, `TN`/`DI`/`DV`/`SN`/`KH` are recognised by their two-letter prefix. The `.sqk` file
//! is hashed the way SquareDeal re-reads it: every line re-terminated with CRLF.
//!
//! *Boards* per phase are SquareDeal's: `16` (= 1–16), `1-16`, or a list `1-7,8-14,15-21`
//! (session *s* uses entry `(s-1) mod len`); `?` means "decided when dealing". A `#` run in the
//! file prefix is replaced by the zero-padded session number; reserve sets add `reserve`.
//!
//! *Delayed value*: newer SquareDeal canonicalises DV as typed — trims, collapses runs of white
//! space to one space, and deletes `.`/`,` between digits ([`canonical_delayed_value`]).
//! *`ses<n>`*: SquareDeal 2.7 appends it for phases with a variable number of sessions. The
//! published `.sqd` layout does not record that property, so it is a flag of
//! [`SessionRequest`] (`tag_session`) supplied by whoever deals or verifies.
//! Known weakness inherited from SquareDeal: the DI *description* is not covered by `KH`.
//!
//! *Commitment 2* ([`Commitment::Full`], [`Tournament::create_committed`]) closes that and
//! every other choice left after DV is known. Its `.sqd` adds two lines after `DI`:
//!
//! ```text
//! CV 2                       (commitment version)
//! ST <phases>|-              (phases whose sessions add ses<n>, e.g. `ST 2,3`)
//! ```
//!
//! and `KH = SHA-256(key_hash(.sqk) ‖ "\n" ‖ "CV 2\nTN …\nDI …\nST …\n" ‖ "SN …\n"…)`, so
//! changing the name, DI, a phase (sessions, boards, prefix, description), the tags, or
//! deleting `CV 2` (a downgrade) fails verification. Dealing such a tournament always
//! canonicalises DV, takes the tags from `ST`, refuses a board override for fixed phases, and
//! takes only a count for `?` phases (boards 1..N: a prefix of one committed deal stream, so
//! the count never changes a dealt board). Files without `CV` are read as SquareDeal's own
//! (keys-only) scheme, unchanged.
//!
//! Caps, checked when a description is entered ([`Tournament::create`]) and when a `.sqd` is
//! read: [`MAX_PHASES`] phases, [`MAX_SESSIONS`] sessions a phase, board numbers up to
//! [`MAX_BOARD`]. File prefixes read from a `.sqd` are checked as on entry
//! ([`check_file_prefix`]): a prefix such as `../../tmp/x` is refused.
//!
//! Phases as typed by an organiser (`2:2x16:rr:Round robin`, one line each) are read by
//! [`Phases`]'s `FromStr` (module `phases`), the one grammar of the Tournament page and
//! `fairdeal squaredeal create`.
//!
//! Panic policy: nothing here panics; every parse error carries the line number.

use crate::bigdeal::BigDealGenerator;
use crate::entropy::{Seed, SeedBuilder};
use crate::formats::{BoardRange, FormatError};
use base64::Engine;
use fairdeal_model::Deal;
use rand_core::{CryptoRng, RngCore};
use sha2::{Digest, Sha256};
use std::fmt;
use thiserror::Error;

mod phases;
pub use phases::{PhaseSyntaxError, Phases};

/// Characters of a session key, in SquareDeal's order.
pub const KEY_ALPHABET: &[u8; 62] =
    b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/// Length of a session key.
pub const KEY_LEN: usize = 60;

/// SquareDeal version the `.sqd` header names.
pub const SQD_VERSION: &str = "2.7";

/// Most sessions in one phase.
pub const MAX_SESSIONS: u32 = 1000;

/// Most phases in one tournament.
pub const MAX_PHASES: usize = 100;

/// Highest board number of a session (SquareDeal sets are sessions of tens of boards; Big
/// Deal's own interactive limit is 100 boards a run).
pub const MAX_BOARD: u32 = 1000;

/// How much of a tournament its published hash `KH` covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Commitment {
    /// SquareDeal's own scheme (files of `squaredeal.pl` and of Fair Deal before version 2):
    /// `KH = SHA-256(.sqk)` only; the session tags, the DV form and the board ranges of `?`
    /// phases are chosen by whoever deals.
    #[default]
    KeysOnly,
    /// Fair Deal commitment 2 (`CV 2` line): `KH = SHA-256(.sqk ‖ TN, DI, CV, ST and SN
    /// lines)`. The session tags are committed (`ST`), DV is always canonicalised, fixed
    /// phases take no board override and `?` phases only a count (boards 1..N, a prefix of
    /// one committed stream), so nothing left to the dealer changes a dealt board.
    Full,
}

/// What went wrong with a SquareDeal tournament.
#[derive(Debug, Error)]
pub enum SquareDealError {
    /// A field is empty or contains a character the layout cannot hold.
    #[error("{field} {value:?} is not allowed: {reason}")]
    BadField {
        /// Which field.
        field: &'static str,
        /// Its value.
        value: String,
        /// What is expected.
        reason: &'static str,
    },
    /// The tournament has no phases.
    #[error("a tournament needs at least one phase")]
    NoPhases,
    /// A `.sqd` line could not be read.
    #[error("line {line} of the .sqd file: {message}")]
    SqdSyntax {
        /// 1-based line number.
        line: usize,
        /// What was expected.
        message: String,
    },
    /// A `.sqk` line could not be read.
    #[error("line {line} of the .sqk file: expected `phase,session:key`, found {found:?}")]
    SqkSyntax {
        /// 1-based line number.
        line: usize,
        /// The line.
        found: String,
    },
    /// The `.sqd` file has no `KH` line (it was never published).
    #[error("the .sqd file has no KH line: the tournament is not published")]
    NotPublished,
    /// The keys do not match the published hash.
    #[error("the key file does not match the published commitment: KH is {published}, the .sqk file hashes to {actual}")]
    HashMismatch {
        /// `KH` from the `.sqd` file.
        published: String,
        /// SHA-256 of the `.sqk` file.
        actual: String,
    },
    /// A session has no key.
    #[error("no key for phase {phase}, session {session}")]
    MissingKey {
        /// Phase (1-based).
        phase: u32,
        /// Session (1-based).
        session: u32,
    },
    /// No such phase or session.
    #[error("phase {phase} session {session} does not exist (the tournament has {phases} phases; that phase has {sessions} sessions)")]
    NoSuchSession {
        /// Phase asked for.
        phase: u32,
        /// Session asked for.
        session: u32,
        /// Phases in the tournament.
        phases: usize,
        /// Sessions in that phase (0 if the phase does not exist).
        sessions: u32,
    },
    /// A board specification is malformed.
    #[error(
        "board specification {spec:?} is not valid: expected N, L-H, a comma list of L-H, or ?"
    )]
    BadBoards {
        /// The specification.
        spec: String,
    },
    /// The phase's boards are `?` and no range was given.
    #[error("phase {phase} decides its boards when dealing (`?`): give a board range")]
    BoardsNeeded {
        /// The phase.
        phase: u32,
    },
    /// The delayed value is needed and missing.
    #[error("the delayed value (DV) is not known yet")]
    NoDelayedValue,
    /// A board range problem.
    #[error(transparent)]
    Range(#[from] FormatError),
    /// A size beyond the caps (sessions, phases, board numbers).
    #[error("{what} is {value}; at most {max}")]
    TooLarge {
        /// What was counted.
        what: &'static str,
        /// The value asked for.
        value: u64,
        /// The cap.
        max: u64,
    },
    /// A committed tournament (`CV 2`) fixes this choice; the request tried to change it.
    #[error("this tournament's commitment fixes {what}: {detail}")]
    Committed {
        /// Which choice.
        what: &'static str,
        /// What the commitment says.
        detail: String,
    },
}

/// One phase: `sessions` sessions of `boards`, files `file_prefix`, described as `description`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phase {
    /// Number of sessions (≥ 1).
    pub sessions: u32,
    /// Boards per session: `16`, `1-16`, `1-7,8-14`, or `?`.
    pub boards: String,
    /// File prefix; a run of `#` becomes the session number.
    pub file_prefix: String,
    /// Description; a run of `#` becomes the session number.
    pub description: String,
}

/// A session key: 60 secret characters. Debug is redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct SessionKey(String);

impl fmt::Debug for SessionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SessionKey(<redacted>)")
    }
}

impl SessionKey {
    /// Wraps a key read from a file (any length, as SquareDeal accepts).
    pub fn new(key: &str) -> SessionKey {
        SessionKey(key.to_string())
    }

    /// Draws a 60-character key from a CSPRNG, without bias (rejection sampling).
    pub fn generate<R: RngCore + CryptoRng>(rng: &mut R) -> SessionKey {
        let mut key = String::with_capacity(KEY_LEN);
        let mut buf = [0u8; 64];
        while key.len() < KEY_LEN {
            rng.fill_bytes(&mut buf);
            for &b in &buf {
                // 248 = 4 · 62: bytes below it map uniformly onto the alphabet.
                if b < 248 && key.len() < KEY_LEN {
                    key.push(char::from(KEY_ALPHABET[usize::from(b % 62)]));
                }
            }
        }
        SessionKey(key)
    }

    /// The key text (explicitly revealing).
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// SquareDeal's split: left half (the `-W` owner) and right half (first `-e`).
    pub fn halves(&self) -> (&str, &str) {
        let mid = self.0.len() / 2;
        let mid = (0..=mid)
            .rev()
            .find(|&i| self.0.is_char_boundary(i))
            .unwrap_or(0);
        self.0.split_at(mid)
    }
}

/// The `.sqk` contents: keys per (phase, session).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeyFile {
    keys: Vec<(u32, u32, SessionKey)>,
}

impl KeyFile {
    /// The key of a session.
    pub fn key(&self, phase: u32, session: u32) -> Option<&SessionKey> {
        self.keys
            .iter()
            .find(|(p, s, _)| *p == phase && *s == session)
            .map(|(_, _, k)| k)
    }

    /// Number of keys.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The file bytes: `phase,session:key\r\n` per session.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut s = String::new();
        for (p, ses, k) in &self.keys {
            s.push_str(&format!("{p},{ses}:{}\r\n", k.0));
        }
        s.into_bytes()
    }

    /// Reads a `.sqk` file (CRLF or LF).
    pub fn parse(bytes: &[u8]) -> Result<KeyFile, SquareDealError> {
        let text = String::from_utf8_lossy(bytes);
        let mut keys = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.strip_suffix('\r').unwrap_or(raw);
            let bad = || SquareDealError::SqkSyntax {
                line: i + 1,
                found: line.to_string(),
            };
            let (ident, key) = line.split_once(':').ok_or_else(bad)?;
            let (p, s) = ident.split_once(',').ok_or_else(bad)?;
            let p: u32 = p.parse().map_err(|_| bad())?;
            let s: u32 = s.parse().map_err(|_| bad())?;
            keys.push((p, s, SessionKey(key.to_string())));
        }
        Ok(KeyFile { keys })
    }
}

/// SHA-256 (lower-case hex) of a `.sqk` file as SquareDeal computes it: lines re-terminated
/// with CRLF.
pub fn key_hash(sqk: &[u8]) -> String {
    let text = String::from_utf8_lossy(sqk);
    let mut h = Sha256::new();
    for raw in text.lines() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        h.update(line.as_bytes());
        h.update(b"\r\n");
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Newer SquareDeal's canonical delayed value: trimmed, white-space runs collapsed to one
/// space, `.` and `,` deleted between digits (`25,123.45` → `2512345`).
pub fn canonical_delayed_value(dv: &str) -> String {
    let collapsed: Vec<char> = dv
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .collect();
    let mut out = String::with_capacity(collapsed.len());
    for (i, &c) in collapsed.iter().enumerate() {
        if (c == '.' || c == ',')
            && i > 0
            && collapsed[i - 1].is_ascii_digit()
            && collapsed.get(i + 1).is_some_and(|n| n.is_ascii_digit())
        {
            continue;
        }
        out.push(c);
    }
    out
}

/// Which session to deal, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionRequest {
    /// Phase, 1-based.
    pub phase: u32,
    /// Session, 1-based.
    pub session: u32,
    /// The reserve set instead of the original.
    pub reserve: bool,
    /// Append `ses<n>` (SquareDeal 2.7, phases with a variable number of sessions).
    pub tag_session: bool,
    /// Board range, required when the phase's boards are `?`; overrides otherwise.
    pub boards: Option<BoardRange>,
}

impl SessionRequest {
    /// The original set of a session.
    pub const fn new(phase: u32, session: u32) -> SessionRequest {
        SessionRequest {
            phase,
            session,
            reserve: false,
            tag_session: false,
            boards: None,
        }
    }
}

/// The seed Big Deal derives for a session:
/// `RIPEMD160(key_right ‖ base64(dv) ‖ "original"|"reserve" [‖ "ses<n>"])`.
pub fn session_seed(key: &SessionKey, delayed_value: &str, req: &SessionRequest) -> Seed {
    let (_, right) = key.halves();
    let mut b = SeedBuilder::new();
    b.add_string(right);
    b.add_string(&base64::engine::general_purpose::STANDARD.encode(delayed_value.as_bytes()));
    b.add_string(if req.reserve { "reserve" } else { "original" });
    if req.tag_session {
        b.add_string(&format!("ses{}", req.session));
    }
    b.finish()
}

/// A dealt session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionDeal {
    /// File prefix with the session number filled in (`reserve` appended for reserve sets).
    pub file_prefix: String,
    /// Description with the session number filled in.
    pub description: String,
    /// The boards.
    pub range: BoardRange,
    /// `(board, deal)` for every board of the range.
    pub boards: Vec<(u32, Deal)>,
}

/// A SquareDeal tournament (`.sqd` contents).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// `TN`.
    pub name: String,
    /// `DI`: what the delayed value will be.
    pub delayed_info: String,
    /// `DV`, once known.
    pub delayed_value: Option<String>,
    /// `SN` lines.
    pub phases: Vec<Phase>,
    /// `KH`: the published hash (of the `.sqk` file, and with [`Commitment::Full`] of the
    /// description too), once published.
    pub key_hash: Option<String>,
    /// What `KH` covers (`CV 2` line: [`Commitment::Full`]).
    pub commitment: Commitment,
    /// Phases (1-based) whose sessions add `ses<n>` to the seed (`ST` line; committed only
    /// with [`Commitment::Full`]).
    pub tagged_phases: Vec<u32>,
}

/// Checks one phase as entered or read: sessions, boards, prefix and description.
fn check_phase(p: &Phase) -> Result<(), SquareDealError> {
    if p.sessions == 0 {
        return Err(SquareDealError::BadField {
            field: "number of sessions",
            value: "0".into(),
            reason: "a phase needs at least one session",
        });
    }
    if p.sessions > MAX_SESSIONS {
        return Err(SquareDealError::TooLarge {
            what: "the number of sessions of a phase",
            value: u64::from(p.sessions),
            max: u64::from(MAX_SESSIONS),
        });
    }
    session_boards(&p.boards, 1)?;
    check_file_prefix(&p.file_prefix)?;
    check_field("session description", &p.description, false)
}

/// A file prefix names a file in the session folder: no path separators, no `..`, no spaces or
/// control characters.
pub fn check_file_prefix(prefix: &str) -> Result<(), SquareDealError> {
    check_field("file prefix", prefix, false)?;
    if prefix.contains(['/', '\\', ' '])
        || prefix.contains("..")
        || prefix.chars().any(char::is_control)
    {
        return Err(SquareDealError::BadField {
            field: "file prefix",
            value: prefix.to_string(),
            reason: "it must not contain spaces, control characters, `..` or path separators",
        });
    }
    Ok(())
}

fn check_field(field: &'static str, value: &str, colon_ok: bool) -> Result<(), SquareDealError> {
    let reason = if value.trim().is_empty() {
        Some("it must not be empty")
    } else if value.contains(['\n', '\r']) {
        Some("it must be one line")
    } else if !colon_ok && value.contains(':') {
        Some("it must not contain ':'")
    } else {
        None
    };
    match reason {
        Some(reason) => Err(SquareDealError::BadField {
            field,
            value: value.to_string(),
            reason,
        }),
        None => Ok(()),
    }
}

/// SquareDeal's `sharpfill`: the first run of `#` becomes `n`, zero-padded to its length.
pub fn sharp_fill(template: &str, n: u32) -> String {
    let Some(start) = template.find('#') else {
        return template.to_string();
    };
    let len = template[start..].chars().take_while(|&c| c == '#').count();
    format!(
        "{}{:0len$}{}",
        &template[..start],
        n,
        &template[start + len..],
        len = len
    )
}

/// The board range of session `session` under a SquareDeal board specification.
pub fn session_boards(spec: &str, session: u32) -> Result<Option<BoardRange>, SquareDealError> {
    let bad = || SquareDealError::BadBoards {
        spec: spec.to_string(),
    };
    let spec_t = spec.trim();
    if spec_t == "?" {
        return Ok(None);
    }
    let parts: Vec<&str> = spec_t.split(',').collect();
    let mut ranges = Vec::with_capacity(parts.len());
    for p in &parts {
        let r = match p.split_once('-') {
            Some((l, h)) => {
                let l: u32 = l.trim().parse().map_err(|_| bad())?;
                let h: u32 = h.trim().parse().map_err(|_| bad())?;
                BoardRange::new(l, h).map_err(|_| bad())?
            }
            None => {
                let n: u32 = p.trim().parse().map_err(|_| bad())?;
                BoardRange::new(1, n).map_err(|_| bad())?
            }
        };
        if r.high() > MAX_BOARD {
            return Err(SquareDealError::TooLarge {
                what: "the highest board of a session",
                value: u64::from(r.high()),
                max: u64::from(MAX_BOARD),
            });
        }
        ranges.push(r);
    }
    let idx = (session.max(1) - 1) as usize % ranges.len();
    Ok(Some(ranges[idx]))
}

impl Tournament {
    /// Validates a description and publishes it: draws a key per session from `rng` and returns
    /// the tournament (with `KH` set) and its key file.
    pub fn create<R: RngCore + CryptoRng>(
        name: &str,
        delayed_info: &str,
        phases: Vec<Phase>,
        rng: &mut R,
    ) -> Result<(Tournament, KeyFile), SquareDealError> {
        check_field("tournament name", name, true)?;
        check_field("delayed information description", delayed_info, true)?;
        if phases.is_empty() {
            return Err(SquareDealError::NoPhases);
        }
        if phases.len() > MAX_PHASES {
            return Err(SquareDealError::TooLarge {
                what: "the number of phases",
                value: phases.len() as u64,
                max: MAX_PHASES as u64,
            });
        }
        for p in &phases {
            check_phase(p)?;
        }
        let mut keys = Vec::new();
        for (pi, p) in phases.iter().enumerate() {
            for s in 1..=p.sessions {
                keys.push((pi as u32 + 1, s, SessionKey::generate(rng)));
            }
        }
        let keyfile = KeyFile { keys };
        let t = Tournament {
            name: name.trim().to_string(),
            delayed_info: delayed_info.trim().to_string(),
            delayed_value: None,
            phases,
            key_hash: Some(key_hash(&keyfile.to_bytes())),
            commitment: Commitment::KeysOnly,
            tagged_phases: Vec::new(),
        };
        Ok((t, keyfile))
    }

    /// [`Tournament::create`] under [`Commitment::Full`]: `KH` also covers the name, the DI
    /// description, the phases and which phases tag their sessions (`tagged_phases`), so once
    /// DV is known the organiser has no choice left that changes a board.
    pub fn create_committed<R: RngCore + CryptoRng>(
        name: &str,
        delayed_info: &str,
        phases: Vec<Phase>,
        tagged_phases: Vec<u32>,
        rng: &mut R,
    ) -> Result<(Tournament, KeyFile), SquareDealError> {
        let (mut t, keys) = Tournament::create(name, delayed_info, phases, rng)?;
        t.commitment = Commitment::Full;
        t.tagged_phases = tagged_phases;
        t.tagged_phases.sort_unstable();
        t.tagged_phases.dedup();
        t.check_tags()?;
        t.key_hash = Some(t.commitment_hash(&keys.to_bytes()));
        Ok((t, keys))
    }

    fn check_tags(&self) -> Result<(), SquareDealError> {
        for &p in &self.tagged_phases {
            if p == 0 || p as usize > self.phases.len() {
                return Err(SquareDealError::BadField {
                    field: "tagged phase",
                    value: p.to_string(),
                    reason: "no such phase",
                });
            }
        }
        Ok(())
    }

    /// The `ST` line's value: tagged phase numbers, comma-separated, or `-`.
    fn tags_text(&self) -> String {
        if self.tagged_phases.is_empty() {
            return "-".into();
        }
        let list: Vec<String> = self.tagged_phases.iter().map(u32::to_string).collect();
        list.join(",")
    }

    /// The committed description lines (every line `KH` covers besides the keys).
    fn committed_lines(&self) -> String {
        let mut s = format!(
            "CV 2\nTN {}\nDI {}\nST {}\n",
            self.name,
            self.delayed_info,
            self.tags_text()
        );
        for p in &self.phases {
            s.push_str(&format!(
                "SN {}:{}:{}:{}\n",
                p.sessions, p.boards, p.file_prefix, p.description
            ));
        }
        s
    }

    /// The hash `KH` must equal for this description and key file.
    pub fn commitment_hash(&self, sqk: &[u8]) -> String {
        match self.commitment {
            Commitment::KeysOnly => key_hash(sqk),
            Commitment::Full => {
                let mut h = Sha256::new();
                h.update(key_hash(sqk).as_bytes());
                h.update(b"\n");
                h.update(self.committed_lines().as_bytes());
                h.finalize().iter().map(|b| format!("{b:02x}")).collect()
            }
        }
    }

    /// Whether session `phase` adds `ses<n>` under the commitment (`None`: not committed).
    pub fn committed_tag(&self, phase: u32) -> Option<bool> {
        (self.commitment == Commitment::Full).then(|| self.tagged_phases.contains(&phase))
    }

    /// The `.sqd` file text (LF lines).
    pub fn to_sqd(&self) -> String {
        let mut s =
            format!("# Description file of tournament for program SquareDeal {SQD_VERSION}\n#\n");
        s.push_str(&format!("TN {}\nDI {}\n", self.name, self.delayed_info));
        if self.commitment == Commitment::Full {
            s.push_str(&format!("CV 2\nST {}\n", self.tags_text()));
        }
        if let Some(dv) = &self.delayed_value {
            s.push_str(&format!("DV {dv}\n"));
        }
        s.push_str("# Description of phases of tournament\n");
        s.push_str("# Per phase a line with SN nessions:nboards:filename:description\n");
        for p in &self.phases {
            s.push_str(&format!(
                "SN {}:{}:{}:{}\n",
                p.sessions, p.boards, p.file_prefix, p.description
            ));
        }
        match &self.key_hash {
            Some(kh) => s.push_str(&format!("KH {kh}\n")),
            None => s.push_str("#\n# Until published this file may be edited if so wished\n"),
        }
        s
    }

    /// Reads a `.sqd` file.
    pub fn parse_sqd(text: &str) -> Result<Tournament, SquareDealError> {
        let mut t = Tournament {
            name: String::new(),
            delayed_info: String::new(),
            delayed_value: None,
            phases: Vec::new(),
            key_hash: None,
            commitment: Commitment::KeysOnly,
            tagged_phases: Vec::new(),
        };
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim_end();
            if line.starts_with('#') || line.is_empty() {
                continue;
            }
            let value = |tag: &str| line[tag.len()..].trim_start_matches(' ').to_string();
            if line.starts_with("TN") {
                t.name = value("TN");
            } else if line.starts_with("KH") {
                t.key_hash = Some(value("KH").to_ascii_lowercase());
            } else if line.starts_with("DI") {
                t.delayed_info = value("DI");
            } else if line.starts_with("DV") {
                t.delayed_value = Some(value("DV"));
            } else if line.starts_with("CV") {
                if value("CV") != "2" {
                    return Err(SquareDealError::SqdSyntax {
                        line: i + 1,
                        message: format!("unknown commitment version {line:?}; expected `CV 2`"),
                    });
                }
                t.commitment = Commitment::Full;
            } else if line.starts_with("ST") {
                let v = value("ST");
                t.tagged_phases.clear();
                if v.trim() != "-" {
                    for part in v.split(',') {
                        let n =
                            part.trim()
                                .parse::<u32>()
                                .map_err(|_| SquareDealError::SqdSyntax {
                                    line: i + 1,
                                    message: format!(
                                        "expected `ST -` or phase numbers, found {line:?}"
                                    ),
                                })?;
                        t.tagged_phases.push(n);
                    }
                }
            } else if line.starts_with("SN") {
                let v = value("SN");
                let f: Vec<&str> = v.splitn(4, ':').collect();
                let syntax = |message: String| SquareDealError::SqdSyntax {
                    line: i + 1,
                    message,
                };
                if f.len() != 4 {
                    return Err(syntax(format!(
                        "expected `SN sessions:boards:file-prefix:description`, found {line:?}"
                    )));
                }
                let sessions: u32 = f[0].trim().parse().map_err(|_| {
                    syntax(format!("expected a number of sessions, found {:?}", f[0]))
                })?;
                let phase = Phase {
                    sessions,
                    boards: f[1].to_string(),
                    file_prefix: f[2].to_string(),
                    description: f[3].to_string(),
                };
                check_phase(&phase).map_err(|e| syntax(e.to_string()))?;
                if t.phases.len() >= MAX_PHASES {
                    return Err(syntax(format!("more than {MAX_PHASES} phases")));
                }
                t.phases.push(phase);
            } else {
                return Err(SquareDealError::SqdSyntax {
                    line: i + 1,
                    message: format!("expected a TN, DI, DV, SN or KH line, found {line:?}"),
                });
            }
        }
        t.check_tags().map_err(|e| SquareDealError::SqdSyntax {
            line: 0,
            message: format!("ST line: {e}"),
        })?;
        Ok(t)
    }

    /// Checks a `.sqk` file against `KH` and that every session has a key.
    pub fn verify_keys(&self, sqk: &[u8]) -> Result<KeyFile, SquareDealError> {
        let published = self.key_hash.clone().ok_or(SquareDealError::NotPublished)?;
        let actual = self.commitment_hash(sqk);
        if actual != published {
            return Err(SquareDealError::HashMismatch { published, actual });
        }
        let keys = KeyFile::parse(sqk)?;
        for (pi, p) in self.phases.iter().enumerate() {
            for s in 1..=p.sessions {
                if keys.key(pi as u32 + 1, s).is_none() {
                    return Err(SquareDealError::MissingKey {
                        phase: pi as u32 + 1,
                        session: s,
                    });
                }
            }
        }
        Ok(keys)
    }

    /// Deals one session exactly as SquareDeal drives `bigdealx`, using `delayed_value`
    /// verbatim (canonicalise it first if it was typed in).
    pub fn deal_session(
        &self,
        keys: &KeyFile,
        delayed_value: &str,
        req: &SessionRequest,
    ) -> Result<SessionDeal, SquareDealError> {
        let no_such = |sessions| SquareDealError::NoSuchSession {
            phase: req.phase,
            session: req.session,
            phases: self.phases.len(),
            sessions,
        };
        let phase = req
            .phase
            .checked_sub(1)
            .and_then(|i| self.phases.get(i as usize))
            .ok_or_else(|| no_such(0))?;
        if req.session == 0 || req.session > phase.sessions {
            return Err(no_such(phase.sessions));
        }
        let spec = session_boards(&phase.boards, req.session)?;
        let mut req = *req;
        let mut delayed_value = delayed_value.to_string();
        if let Some(tag) = self.committed_tag(req.phase) {
            if req.tag_session != tag {
                return Err(SquareDealError::Committed {
                    what: "the session tag",
                    detail: format!(
                        "phase {} {} ses<n> (ST line)",
                        req.phase,
                        if tag { "adds" } else { "does not add" }
                    ),
                });
            }
            match (spec, req.boards) {
                (Some(_), Some(r)) => {
                    return Err(SquareDealError::Committed {
                        what: "the boards",
                        detail: format!(
                            "phase {} deals {:?}; boards {}-{} cannot be asked for",
                            req.phase,
                            phase.boards,
                            r.low(),
                            r.high()
                        ),
                    })
                }
                (None, Some(r)) if r.low() != 1 => {
                    return Err(SquareDealError::Committed {
                        what: "the boards",
                        detail: format!(
                            "phase {} (`?`) deals boards 1 to N; give a count, not {}-{}",
                            req.phase,
                            r.low(),
                            r.high()
                        ),
                    })
                }
                _ => {}
            }
            delayed_value = canonical_delayed_value(&delayed_value);
        }
        let range = match req.boards {
            Some(r) => r,
            None => spec.ok_or(SquareDealError::BoardsNeeded { phase: req.phase })?,
        };
        if range.high() > MAX_BOARD {
            return Err(SquareDealError::TooLarge {
                what: "the highest board of a session",
                value: u64::from(range.high()),
                max: u64::from(MAX_BOARD),
            });
        }
        req.boards = Some(range);
        let req = &req;
        let delayed_value = delayed_value.as_str();
        let key = keys
            .key(req.phase, req.session)
            .ok_or(SquareDealError::MissingKey {
                phase: req.phase,
                session: req.session,
            })?;
        let seed = session_seed(key, delayed_value, req);
        let (owner, _) = key.halves();
        let generator = BigDealGenerator::from_seed(&seed, owner);
        let boards = (range.low()..=range.high()).zip(generator).collect();
        let mut file_prefix = sharp_fill(&phase.file_prefix, req.session);
        if req.reserve {
            file_prefix.push_str("reserve");
        }
        Ok(SessionDeal {
            file_prefix,
            description: sharp_fill(&phase.description, req.session),
            range,
            boards,
        })
    }
}
