//! `fairdeal deal`: deal a set of boards with Big Deal's generator and write Big Deal files.
//!
//! Fresh seeds come from the OS CSPRNG (40 bytes through Big Deal's RIPEMD-160 pool, as
//! Big Deal 2.0 does); `--seed` replays a known seed. The seed is printed only with
//! `--reveal-seed`. Also home of the helpers the `bigdeal` and `squaredeal` commands share:
//! board ranges, prefix checks and the file-writing loop.

use crate::output::Policy;
use anyhow::{bail, Context};
use fairdeal_dealing::bigdeal::{BigDealGenerator, DEFAULT_OWNER};
use fairdeal_dealing::entropy::{Seed, SeedBuilder};
use fairdeal_dealing::formats::{
    select_formats, write_all, BoardRange, FormatSpec, LineEnding, WriteOptions, STATS_WARNING,
};
use fairdeal_model::Deal;
use std::io::Write;
use std::path::Path;

/// Arguments of `fairdeal deal`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Boards: a count N (boards 1..N) or a range L-H.
    #[arg(short = 'n', long = "boards", value_name = "N|L-H")]
    boards: String,
    /// File name prefix; each format writes <prefix><suffix>.
    #[arg(short = 'p', long = "prefix")]
    prefix: String,
    /// Comma-separated formats (pbn, dup, dupblind, dlm, dlmblind, bri, dge, lin, csv, ber,
    /// borel, kops, cds, goedel, stats).
    #[arg(short = 'f', long = "formats", default_value = "pbn")]
    formats: String,
    /// Owner / tournament identification, hashed into every deal (Big Deal's owner string).
    #[arg(long, default_value = DEFAULT_OWNER)]
    owner: String,
    /// Replay a known seed (40 hex digits) instead of drawing a fresh one.
    #[arg(long, value_name = "HEX")]
    seed: Option<String>,
    /// Write text formats with CRLF line endings (as Windows Big Deal does).
    #[arg(long)]
    crlf: bool,
    /// PBN Event tag.
    #[arg(long)]
    event: Option<String>,
    /// Print the seed (keep it secret until the boards have been played).
    #[arg(long)]
    reveal_seed: bool,
    /// Replace existing files.
    #[arg(long)]
    force: bool,
}

/// Highest board number a CLI board range may name (bigdealx's own limit is 10⁹ boards);
/// keeps every `board + 1` in the writers far from `u32::MAX`.
pub(crate) const MAX_BOARD_NUMBER: u32 = 1_000_000_000;

/// Parses `N` (boards 1..N) or `L-H`, board numbers 1 to [`MAX_BOARD_NUMBER`].
pub(crate) fn parse_range(text: &str) -> anyhow::Result<BoardRange> {
    let t = text.trim();
    let num = |s: &str| -> anyhow::Result<u32> {
        let n = s.trim().parse::<u64>().with_context(|| {
            format!("board range {t:?}: expected a number of boards N or a range L-H")
        })?;
        if n > u64::from(MAX_BOARD_NUMBER) {
            bail!(
                "board range {t:?}: board {n} is past the highest board number, {MAX_BOARD_NUMBER}"
            );
        }
        Ok(n as u32)
    };
    let r = match t.split_once('-') {
        Some((l, h)) => BoardRange::new(num(l)?, num(h)?),
        None => BoardRange::new(1, num(t)?),
    };
    Ok(r?)
}

/// Big Deal's Unix prefix rule: 1-100 characters, no `/` and no space.
pub(crate) fn check_prefix(prefix: &str) -> anyhow::Result<()> {
    if prefix.is_empty() || prefix.chars().count() > 100 {
        bail!("file prefix {prefix:?}: expected 1 to 100 characters");
    }
    if prefix.contains(['/', '\\', ' ']) {
        bail!("file prefix {prefix:?}: expected no spaces or path separators");
    }
    Ok(())
}

/// A fresh seed: 40 OS CSPRNG bytes through the pool, after any caller-supplied material.
pub(crate) fn os_seed(mut pool: SeedBuilder) -> anyhow::Result<Seed> {
    let mut bytes = [0u8; 40];
    getrandom::fill(&mut bytes)
        .map_err(|e| anyhow::anyhow!("the OS random number generator failed: {e}"))?;
    pool.add_os_random(&bytes);
    Ok(pool.finish())
}

/// Most boards one run deals (bigdealx's own limit), checked before any dealing.
pub(crate) const MAX_BOARDS_PER_RUN: u32 = 1_000_000_000;

/// Refuses, before any dealing, a range longer than [`MAX_BOARDS_PER_RUN`] or one going past
/// the highest board a format can hold.
pub(crate) fn check_range(
    range: BoardRange,
    formats: &[&'static FormatSpec],
) -> anyhow::Result<()> {
    if range.count() > MAX_BOARDS_PER_RUN {
        bail!(
            "at most {MAX_BOARDS_PER_RUN} boards per run (bigdealx's limit); asked for {}",
            range.count()
        );
    }
    range
        .check_formats(formats)
        .map_err(|e| anyhow::anyhow!("{e} (Big Deal would silently skip it)"))
}

/// Streams `deals` into one file per format in `dir` (and PBN to stdout if `stdout`). Every
/// target is checked against `policy` first; the files are temporary until every board was
/// written, so an error (a failed deal, a full disk, a closed stdout) leaves none behind.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write_files(
    dir: &Path,
    prefix: &str,
    formats: &[&'static FormatSpec],
    stdout_pbn: bool,
    range: BoardRange,
    deals: &mut dyn Iterator<Item = anyhow::Result<Deal>>,
    options: &WriteOptions,
    policy: &Policy,
) -> anyhow::Result<Vec<String>> {
    let names: Vec<String> = formats.iter().map(|f| f.file_name(prefix)).collect();
    let paths: Vec<_> = names.iter().map(|n| dir.join(n)).collect();
    policy.check_all(&paths)?;
    let mut files = paths
        .iter()
        .map(|p| policy.create(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    if formats.iter().any(|f| f.name == "stats") {
        print!("{STATS_WARNING}");
    }
    let mut stdout = std::io::stdout().lock();
    let pbn = fairdeal_dealing::formats::find_format("pbn")?;
    {
        // One pass over the deals for every file (and stdout): the dealing crate's write_all.
        let mut outputs: Vec<(&FormatSpec, &mut dyn Write)> = formats
            .iter()
            .zip(files.iter_mut())
            .map(|(spec, file)| (*spec, file as &mut dyn Write))
            .collect();
        if stdout_pbn {
            outputs.push((pbn, &mut stdout));
        }
        write_all(&mut outputs, range, deals, options)?;
    }
    stdout.flush().context("cannot write to standard output")?;
    for f in files {
        f.commit()?;
    }
    Ok(names)
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let range = parse_range(&args.boards)?;
    check_prefix(&args.prefix)?;
    let formats = select_formats(&args.formats)?;
    if formats.is_empty() {
        bail!("no formats given: expected -f with at least one format");
    }
    check_range(range, &formats)?;
    let seed = match &args.seed {
        Some(hex) => Seed::from_hex(hex)?,
        None => os_seed(SeedBuilder::new())?,
    };
    let options = WriteOptions {
        line_ending: if args.crlf {
            LineEnding::CrLf
        } else {
            LineEnding::Lf
        },
        event: args.event.clone(),
    };
    let mut deals = BigDealGenerator::from_seed(&seed, &args.owner);
    let names = write_files(
        Path::new("."),
        &args.prefix,
        &formats,
        false,
        range,
        &mut deals.by_ref().map(Ok),
        &options,
        &Policy::new(args.force),
    )?;
    eprintln!(
        "dealt boards {}-{} ({} hashes): {}",
        range.low(),
        range.high(),
        deals.hashes_used(),
        names.join(", ")
    );
    if args.reveal_seed {
        println!("seed {}", seed.reveal_hex());
    }
    Ok(())
}
