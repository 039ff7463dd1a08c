//! `fairdeal squaredeal`: SquareDeal tournaments — create (keys + commitment), deal sessions,
//! verify a published set.
//!
//! * `create T --name … --di … --phase "sessions:boards:prefix:description" …` writes `T.sqd`
//!   (publish it) and `T.sqk` (keep it secret). Keys come from ChaCha20 seeded by the OS.
//! * `deal T --dv VALUE --phase P --session S|L-H|all [--reserve] [-f pbn,…]` checks `T.sqk`
//!   against the published hash, records DV in `T.sqd`, and writes the session files.
//! * `verify T.sqd T.sqk --dv VALUE [--phase P --session …]` checks the commitment and
//!   regenerates sessions: existing files are compared byte for byte, missing ones written.
//!
//! DV is canonicalised as newer SquareDeal does (trim, collapse spaces, drop `.`/`,` between
//! digits) unless `--raw-dv` is given (for sets made by older SquareDeal versions).

use super::deal::write_files;
use anyhow::{bail, Context};
use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::formats::{select_formats, LineEnding, WriteOptions};
use fairdeal_dealing::squaredeal::{
    canonical_delayed_value, session_seed, KeyFile, Phase, SessionRequest, Tournament,
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
    /// A phase: "sessions:boards:file-prefix:description"; boards are N, L-H, a list, SxN or ?.
    #[arg(long = "phase", required = true)]
    phases: Vec<String>,
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

/// SquareDeal's phase entry: `2x16`-style lengths, `#` added to prefixes and descriptions of
/// multi-session phases.
fn parse_phase(text: &str) -> anyhow::Result<Phase> {
    let f: Vec<&str> = text.splitn(4, ':').collect();
    if f.len() != 4 {
        bail!("phase {text:?}: expected sessions:boards:file-prefix:description");
    }
    let sessions: u32 = f[0]
        .trim()
        .parse()
        .with_context(|| format!("phase {text:?}: expected a number of sessions"))?;
    let mut boards = f[1].trim().to_string();
    if let Some((n, len)) = boards.split_once('x') {
        if let (Ok(n), Ok(len)) = (n.parse::<u32>(), len.parse::<u32>()) {
            boards = (1..=n)
                .map(|s| format!("{}-{}", (s - 1) * len + 1, s * len))
                .collect::<Vec<_>>()
                .join(",");
        }
    }
    let mut file_prefix = f[2].trim().to_string();
    let mut description = f[3].trim().to_string();
    if sessions != 1 && !file_prefix.contains('#') {
        file_prefix.push_str(&"#".repeat(sessions.to_string().len()));
    }
    if sessions != 1 && !description.contains('#') {
        description.push_str(&format!(" #/{sessions}"));
    }
    Ok(Phase {
        sessions,
        boards,
        file_prefix,
        description,
    })
}

fn create(a: CreateArgs) -> anyhow::Result<()> {
    let t = &a.tournament;
    if !t.starts_with(|c: char| c.is_ascii_alphabetic())
        || !t.chars().all(|c| c.is_ascii_alphanumeric())
    {
        bail!("tournament file name {t:?}: expected letters and digits, starting with a letter");
    }
    let phases = a
        .phases
        .iter()
        .map(|p| parse_phase(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let sqd = PathBuf::from(format!("{t}.sqd"));
    let sqk = PathBuf::from(format!("{t}.sqk"));
    if !a.force && (sqd.exists() || sqk.exists()) {
        bail!(
            "{} or {} already exists (use --force to overwrite)",
            sqd.display(),
            sqk.display()
        );
    }
    let mut os = [0u8; 32];
    getrandom::fill(&mut os)
        .map_err(|e| anyhow::anyhow!("the OS random number generator failed: {e}"))?;
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(os);
    let (tournament, keys) = Tournament::create(&a.name, &a.delayed_info, phases, &mut rng)?;
    std::fs::write(&sqk, keys.to_bytes())
        .with_context(|| format!("cannot write {}", sqk.display()))?;
    std::fs::write(&sqd, tournament.to_sqd())
        .with_context(|| format!("cannot write {}", sqd.display()))?;
    println!(
        "published {} (KH {}); keep {} secret",
        sqd.display(),
        tournament.key_hash.as_deref().unwrap_or(""),
        sqk.display()
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

    let given = a.delayed_value.as_ref().map(|dv| {
        if a.raw_dv {
            dv.clone()
        } else {
            canonical_delayed_value(dv)
        }
    });
    let dv = match (&t.delayed_value, given) {
        (Some(rec), Some(g)) if *rec != g => bail!(
            "DV {g:?} differs from the DV {rec:?} recorded in {}",
            sqd_path.display()
        ),
        (Some(rec), _) => rec.clone(),
        (None, Some(g)) => {
            if !verify {
                t.delayed_value = Some(g.clone());
                std::fs::write(sqd_path, t.to_sqd())
                    .with_context(|| format!("cannot write {}", sqd_path.display()))?;
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
    let Some(phase_no) = a.phase else {
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
    let mut mismatches = 0;
    for s in session_list(&a.session, phase.sessions)? {
        let req = SessionRequest {
            phase: phase_no,
            session: s,
            reserve: a.reserve,
            tag_session: a.tag_session,
            boards,
        };
        let dealt = t.deal_session(&keys, &dv, &req)?;
        let key = keys.key(phase_no, s).context("missing key")?;
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
                    std::fs::write(&path, &fresh)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    println!("{name}: written");
                }
            }
        } else {
            let seed = session_seed(key, &dv, &req);
            let (owner, _) = key.halves();
            let mut gen = BigDealGenerator::from_seed(&seed, owner);
            let names = write_files(
                &a.dir,
                &dealt.file_prefix,
                &formats,
                false,
                dealt.range,
                &mut gen,
                &options,
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
