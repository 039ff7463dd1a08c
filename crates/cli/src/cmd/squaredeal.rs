//! `fairdeal squaredeal`: SquareDeal tournaments — create (keys + commitment), deal sessions,
//! verify a published set.
//!
//! * `create T --name … --di … --phase "sessions:boards:prefix:description" … [--tag-sessions
//!   P,…]` writes `T.sqd` (publish it) and `T.sqk` (keep it secret). Keys come from ChaCha20
//!   seeded by the OS. The tournament is made under Fair Deal's commitment 2 (`CV 2`): the
//!   published `KH` covers the keys *and* the name, DI, phases and session tags, so after DV
//!   is known nothing is left to choose (see `fairdeal_dealing::squaredeal`).
//! * `deal T --dv VALUE --phase P --session S|L-H|all [--reserve] [-f pbn,…]` checks `T.sqk`
//!   against the published hash, records DV in `T.sqd` — saying so, and keeping the file as
//!   published in `T.sqd.published` first (refused if that exists, unless `--force`) — and
//!   writes the session files.
//! * `verify T.sqd T.sqk --dv VALUE [--phase P --session …]` checks the commitment and
//!   regenerates sessions: existing files are compared byte for byte, missing ones written.
//!
//! DV is canonicalised as newer SquareDeal does (trim, collapse spaces, drop `.`/`,` between
//! digits). For SquareDeal's own keys-only files, `--raw-dv`, `--tag-session` and `--boards`
//! keep their old meaning (those choices are not committed there, and a note says so); for
//! committed files they are fixed by the `.sqd` and refused. Session files are never written
//! over without `--force`, and every write is whole or nothing.

use super::deal::write_files;
use crate::output::Policy;
use anyhow::{bail, Context};
use fairdeal_dealing::formats::{select_formats, LineEnding, WriteOptions};
use fairdeal_dealing::squaredeal::{
    canonical_delayed_value, Commitment, KeyFile, Phases, SessionRequest, Tournament,
};
use rand_core::SeedableRng;
use std::path::{Path, PathBuf};

/// Arguments of `fairdeal squaredeal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Create and publish a tournament: writes <T>.sqd (public) and <T>.sqk (secret keys).
    Create(CreateArgs),
    /// Deal sessions of a published tournament once the delayed value is known.
    Deal(DealArgs),
    /// Check a key file against a published .sqd and regenerate (or compare) session files.
    Verify(VerifyArgs),
}

#[derive(Debug, clap::Args)]
struct CreateArgs {
    /// Tournament file name (letters and digits, starting with a letter).
    tournament: String,
    /// Tournament name (TN).
    #[arg(long)]
    name: String,
    /// Description of the delayed information (DI), e.g. "DJIA close on 13 April".
    #[arg(long = "di")]
    delayed_info: String,
    /// A phase: "sessions:boards:file-prefix:description"; boards are N, L-H, a list, SxN or ?
    /// (the grammar of `fairdeal_dealing::squaredeal::Phases`; `--phase` k is line k).
    #[arg(long = "phase", required = true)]
    phases: Vec<String>,
    /// Phases (1-based, comma-separated) whose sessions add ses<n> to the seed (SquareDeal
    /// 2.7's variable-session phases); committed with the keys.
    #[arg(long = "tag-sessions", value_name = "P,…")]
    tag_sessions: Option<String>,
    /// Overwrite existing .sqd/.sqk files.
    #[arg(long)]
    force: bool,
}

#[derive(Debug, clap::Args)]
struct SessionArgs {
    /// The delayed value (DV).
    #[arg(long = "dv")]
    delayed_value: Option<String>,
    /// Use DV exactly as given (no canonicalisation).
    #[arg(long)]
    raw_dv: bool,
    /// Phase number (1-based). Without it, nothing is dealt.
    #[arg(long)]
    phase: Option<u32>,
    /// Session(s): S, L-H or all.
    #[arg(long, default_value = "all")]
    session: String,
    /// The reserve set.
    #[arg(long)]
    reserve: bool,
    /// Append ses<n> to the seed (SquareDeal 2.7, phases with a variable number of sessions).
    #[arg(long)]
    tag_session: bool,
    /// Board range, for phases whose boards are `?` (or to override).
    #[arg(long, value_name = "N|L-H")]
    boards: Option<String>,
    /// Comma-separated formats.
    #[arg(short = 'f', long = "formats", default_value = "pbn")]
    formats: String,
    /// CRLF line endings in text formats.
    #[arg(long)]
    crlf: bool,
    /// Directory for the session files.
    #[arg(long, default_value = ".")]
    dir: PathBuf,
    /// Replace existing session files (and, for `deal`, an existing `.sqd.published` backup).
    #[arg(long)]
    force: bool,
}

#[derive(Debug, clap::Args)]
struct DealArgs {
    /// Tournament file name (without .sqd/.sqk).
    tournament: String,
    #[command(flatten)]
    session: SessionArgs,
}

#[derive(Debug, clap::Args)]
struct VerifyArgs {
    /// The published .sqd file.
    sqd: PathBuf,
    /// The key file.
    sqk: PathBuf,
    #[command(flatten)]
    session: SessionArgs,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Command::Create(a) => create(a),
        Command::Deal(a) => {
            let sqd = PathBuf::from(format!("{}.sqd", a.tournament));
            let sqk = PathBuf::from(format!("{}.sqk", a.tournament));
            sessions(&sqd, &sqk, &a.session, false)
        }
        Command::Verify(a) => sessions(&a.sqd, &a.sqk, &a.session, true),
    }
}

fn create(a: CreateArgs) -> anyhow::Result<()> {
    let t = &a.tournament;
    if !t.starts_with(|c: char| c.is_ascii_alphabetic())
        || !t.chars().all(|c| c.is_ascii_alphanumeric())
    {
        bail!("tournament file name {t:?}: expected letters and digits, starting with a letter");
    }
    // One `--phase` a line of the phase grammar the Tournament page reads too.
    let phases = a
        .phases
        .join("\n")
        .parse::<Phases>()
        .map_err(|e| anyhow::anyhow!("--phase: {e}"))?
        .into_vec();
    let sqd = PathBuf::from(format!("{t}.sqd"));
    let sqk = PathBuf::from(format!("{t}.sqk"));
    let tagged = match &a.tag_sessions {
        None => Vec::new(),
        Some(list) => list
            .split(',')
            .map(|p| {
                p.trim()
                    .parse::<u32>()
                    .with_context(|| format!("--tag-sessions {list:?}: expected phase numbers"))
            })
            .collect::<anyhow::Result<Vec<_>>>()?,
    };
    let policy = Policy::new(a.force);
    policy.check_all(&[&sqd, &sqk])?;
    let mut os = [0u8; 32];
    getrandom::fill(&mut os)
        .map_err(|e| anyhow::anyhow!("the OS random number generator failed: {e}"))?;
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(os);
    let (tournament, keys) =
        Tournament::create_committed(&a.name, &a.delayed_info, phases, tagged, &mut rng)?;
    policy.write(&sqk, &keys.to_bytes())?;
    policy.write(&sqd, tournament.to_sqd().as_bytes())?;
    println!(
        "published {} (KH {}); keep {} secret",
        sqd.display(),
        tournament.key_hash.as_deref().unwrap_or(""),
        sqk.display()
    );
    Ok(())
}

/// Records DV in the `.sqd`: the file as read is kept first as `<file>.published` (never
/// over an existing one without `--force`), then the new text replaces the `.sqd` whole, and
/// both are reported.
fn record_dv(sqd_path: &Path, published: &str, t: &Tournament, force: bool) -> anyhow::Result<()> {
    let mut backup = sqd_path.as_os_str().to_owned();
    backup.push(".published");
    let backup = PathBuf::from(backup);
    Policy::new(force).write(&backup, published.as_bytes())?;
    Policy::new(true).write(sqd_path, t.to_sqd().as_bytes())?;
    println!(
        "updated {}: recorded DV {:?} (the file as published is kept as {})",
        sqd_path.display(),
        t.delayed_value.as_deref().unwrap_or(""),
        backup.display()
    );
    Ok(())
}

fn session_list(text: &str, sessions: u32) -> anyhow::Result<Vec<u32>> {
    let t = text.trim();
    if t == "all" || t == "*" {
        return Ok((1..=sessions).collect());
    }
    let num = |s: &str| {
        s.trim()
            .parse::<u32>()
            .with_context(|| format!("session {t:?}: expected S, L-H or all"))
    };
    let (lo, hi) = match t.split_once('-') {
        Some((l, h)) => (num(l)?, num(h)?),
        None => (num(t)?, num(t)?),
    };
    if lo == 0 || lo > hi || hi > sessions {
        bail!("sessions {lo}-{hi}: the phase has sessions 1-{sessions}");
    }
    Ok((lo..=hi).collect())
}

fn sessions(sqd_path: &Path, sqk_path: &Path, a: &SessionArgs, verify: bool) -> anyhow::Result<()> {
    let sqd_text = std::fs::read_to_string(sqd_path)
        .with_context(|| format!("cannot read {}", sqd_path.display()))?;
    let mut t = Tournament::parse_sqd(&sqd_text)?;
    let sqk =
        std::fs::read(sqk_path).with_context(|| format!("cannot read {}", sqk_path.display()))?;
    let keys: KeyFile = t.verify_keys(&sqk)?;
    println!(
        "key file matches the published commitment (KH {})",
        t.key_hash.as_deref().unwrap_or("")
    );
    let committed = t.commitment == Commitment::Full;
    if committed && a.raw_dv {
        bail!("--raw-dv: this tournament's commitment (CV 2) always canonicalises DV");
    }
    if committed && a.tag_session {
        bail!(
            "--tag-session: this tournament's commitment (CV 2) fixes the session tags (ST line)"
        );
    }
    if !committed {
        eprintln!(
            "fairdeal: note: {} is a keys-only (SquareDeal) commitment: the session tag, the DV form and `?` board ranges are not covered by KH",
            sqd_path.display()
        );
    }
    let policy = Policy::new(a.force).input(sqd_path).input(sqk_path);

    let given = a.delayed_value.as_ref().map(|dv| {
        if a.raw_dv {
            dv.clone()
        } else {
            canonical_delayed_value(dv)
        }
    });
    let mut record = false;
    let dv = match (&t.delayed_value, given) {
        (Some(rec), Some(g)) if *rec != g => bail!(
            "DV {g:?} differs from the DV {rec:?} recorded in {}",
            sqd_path.display()
        ),
        (Some(rec), _) => rec.clone(),
        (None, Some(g)) => {
            if !verify {
                t.delayed_value = Some(g.clone());
                record = true;
            }
            g
        }
        (None, None) => {
            if a.phase.is_none() {
                return Ok(());
            }
            bail!("the delayed value is not known: give --dv");
        }
    };
    // A new DV is recorded only once every requested session was dealt and its files checked.
    let Some(phase_no) = a.phase else {
        if record {
            record_dv(sqd_path, &sqd_text, &t, a.force)?;
        }
        return Ok(());
    };
    let phase = phase_no
        .checked_sub(1)
        .and_then(|i| t.phases.get(i as usize))
        .with_context(|| {
            format!(
                "phase {phase_no}: the tournament has phases 1-{}",
                t.phases.len()
            )
        })?;
    let formats = select_formats(&a.formats)?;
    let boards = a
        .boards
        .as_deref()
        .map(super::deal::parse_range)
        .transpose()?;
    let options = WriteOptions {
        line_ending: if a.crlf {
            LineEnding::CrLf
        } else {
            LineEnding::Lf
        },
        event: None,
    };
    let mut dealt_sessions = Vec::new();
    for s in session_list(&a.session, phase.sessions)? {
        let req = SessionRequest {
            phase: phase_no,
            session: s,
            reserve: a.reserve,
            tag_session: t.committed_tag(phase_no).unwrap_or(a.tag_session),
            boards,
        };
        let dealt = t.deal_session(&keys, &dv, &req)?;
        if !verify {
            let paths: Vec<PathBuf> = formats
                .iter()
                .map(|f| a.dir.join(f.file_name(&dealt.file_prefix)))
                .collect();
            policy.check_all(&paths)?;
        }
        dealt_sessions.push((s, dealt));
    }
    if record {
        record_dv(sqd_path, &sqd_text, &t, a.force)?;
    }
    let mut mismatches = 0;
    for (s, dealt) in dealt_sessions {
        if verify {
            for f in &formats {
                let name = f.file_name(&dealt.file_prefix);
                let path = a.dir.join(&name);
                let fresh = fairdeal_dealing::formats::write_set(f, &dealt.boards, &options)?;
                if path.exists() {
                    let old = std::fs::read(&path)
                        .with_context(|| format!("cannot read {}", path.display()))?;
                    if old == fresh {
                        println!("{name}: identical to the regenerated session {s}");
                    } else {
                        println!("{name}: DIFFERS from the regenerated session {s}");
                        mismatches += 1;
                    }
                } else {
                    policy.write(&path, &fresh)?;
                    println!("{name}: written");
                }
            }
        } else {
            let names = write_files(
                &a.dir,
                &dealt.file_prefix,
                &formats,
                false,
                dealt.range,
                &mut dealt.boards.iter().map(|(_, d)| Ok(*d)),
                &options,
                &policy,
            )?;
            println!(
                "{} (boards {}-{}): {}",
                dealt.description,
                dealt.range.low(),
                dealt.range.high(),
                names.join(", ")
            );
        }
    }
    if mismatches > 0 {
        bail!("{mismatches} file(s) differ from the regenerated sessions");
    }
    Ok(())
}
