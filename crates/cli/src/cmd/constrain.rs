//! `fairdeal constrain <file> -n N [--seed HEX]`: deals meeting a constraint file, exactly
//! uniform, printed as PBN deal lines (`N:… … … …`), one per board.
//!
//! Boards come from `fairdeal_constrain::SetDealer`, the set dealer the Constrain page's
//! worker uses too, so a seed gives the same boards in both. The random stream is ChaCha8
//! keyed by `--seed` (up to 64 hex digits, zero-padded to 32 bytes) or, without it, by 32
//! bytes from the OS CSPRNG; that seed is printed (on stderr)
//! only with `--reveal-seed`, since whoever holds it can replay the set. Boards stream: `-n`
//! of any size uses constant memory, and with `-f` the formats' board limits are checked
//! before any dealing; existing files are replaced only with `--force`. A file with `category` sections is a levelled set:
//! boards pick categories by weight (`--order random`) or in shuffled blocks that hold
//! every category (`--order interleaved`, the default); `--show-category` prefixes each
//! line with the category name. With `-f pbn,dup,…` (and `-p prefix`) the deals are written
//! as boards 1..N in any Big Deal format instead, through the same writers as `fairdeal deal`.

use super::count::read_spec;
use crate::output::Policy;
use anyhow::{anyhow, bail};
use fairdeal_constrain::{BoardOrder, Dealer, SetDealer};
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `fairdeal constrain`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The constraint file (`-` for standard input).
    pub file: PathBuf,
    /// How many deals to print (boards 1..N with `-f`).
    #[arg(short = 'n', long, default_value_t = 1)]
    pub count: u64,
    /// Seed as hex, up to 64 digits (as --reveal-seed prints it); fewer are padded with zeros on
    /// the right, so 1, 10 and 100 are one seed. Default: fresh from the OS.
    #[arg(long)]
    pub seed: Option<String>,
    /// Board order for levelled sets: `interleaved` or `random`.
    #[arg(long, default_value = "interleaved", value_parser = parse_order)]
    pub order: BoardOrder,
    /// Prefix each deal of a levelled set with its category name and a tab.
    #[arg(long)]
    pub show_category: bool,
    /// Write boards 1..N in these formats (comma-separated, as `fairdeal deal -f`) instead of
    /// printing PBN deal lines.
    #[arg(short = 'f', long)]
    pub formats: Option<String>,
    /// File name prefix for `--formats`; each format writes <prefix><suffix>.
    #[arg(short = 'p', long, default_value = "constrained")]
    pub prefix: String,
    /// Print the seed drawn from the OS on stderr (keep it secret until the boards are played).
    #[arg(long)]
    pub reveal_seed: bool,
    /// Replace existing files written by `--formats`.
    #[arg(long)]
    pub force: bool,
}

fn parse_order(s: &str) -> Result<BoardOrder, String> {
    match s {
        "interleaved" => Ok(BoardOrder::Interleaved),
        "random" => Ok(BoardOrder::Random),
        _ => Err(format!(
            "unknown order '{s}'; expected interleaved or random"
        )),
    }
}

/// The `--seed` given, or a fresh one from the OS generator — printed on stderr only if
/// `reveal` (`--reveal-seed`), since whoever sees it can replay the boards.
pub(crate) fn seed_or_fresh(seed: Option<&str>, reveal: bool) -> anyhow::Result<[u8; 32]> {
    if let Some(s) = seed {
        return parse_seed(s);
    }
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).map_err(|e| anyhow!("the OS random number generator failed: {e}"))?;
    if reveal {
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        eprintln!("seed {hex}");
    }
    Ok(b)
}

/// Parses up to 64 hex digits into a 32-byte seed (digits fill from the left, zero-padded).
pub(crate) fn parse_seed(s: &str) -> anyhow::Result<[u8; 32]> {
    let s = s.strip_prefix("0x").unwrap_or(s);
    if s.is_empty() || s.len() > 64 {
        bail!("--seed {s:?}: expected 1 to 64 hex digits");
    }
    let mut seed = [0u8; 32];
    for (i, c) in s.chars().enumerate() {
        let v = c
            .to_digit(16)
            .ok_or_else(|| anyhow!("--seed: '{c}' at position {} is not a hex digit", i + 1))?
            as u8;
        seed[i / 2] |= if i % 2 == 0 { v << 4 } else { v };
    }
    Ok(seed)
}

/// `-n` as a count of boards in memory-free streams (`usize`).
fn board_count(n: u64) -> anyhow::Result<usize> {
    usize::try_from(n).map_err(|_| anyhow!("-n {n}: too many boards for this machine"))
}

/// Runs `fairdeal constrain`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let spec = read_spec(&args.file)?;
    let count = board_count(args.count)?;
    if let Some(list) = &args.formats {
        return write_formats(&args, list, &spec, count);
    }
    let seed = seed_or_fresh(args.seed.as_deref(), args.reveal_seed)?;
    // The set dealer the Constrain page's worker uses too: same seed, same boards.
    let mut set = SetDealer::new(&spec, count, args.order, seed)?;
    let names: Vec<String> = set
        .levelled()
        .map(|l| l.names().to_vec())
        .unwrap_or_default();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for board in &mut set {
        let (c, deal) = board?;
        if args.show_category && !names.is_empty() {
            write!(out, "{}\t", names[c])?;
        }
        writeln!(out, "{deal}")?;
    }
    if let Some((tries, accepted)) = set.dealer().map(Dealer::acceptance) {
        if tries > accepted {
            eprintln!("rejection accepted {accepted} of {tries} exact draws");
        }
    }
    out.flush()?;
    Ok(())
}

/// `--formats`: deals boards 1..N straight into the Big Deal format writers (nothing is
/// collected in memory); the format limits and the targets are checked before any dealing.
fn write_formats(
    args: &Args,
    list: &str,
    spec: &fairdeal_constrain::Spec,
    count: usize,
) -> anyhow::Result<()> {
    use super::deal::{check_prefix, check_range, write_files};
    use fairdeal_dealing::formats::{select_formats, BoardRange, WriteOptions};
    check_prefix(&args.prefix)?;
    let formats = select_formats(list)?;
    if formats.is_empty() {
        bail!("--formats {list:?}: expected at least one format");
    }
    let high = u32::try_from(args.count)
        .map_err(|_| anyhow!("-n {}: at most {} boards", args.count, u32::MAX))?;
    let range = BoardRange::new(1, high)?;
    check_range(range, &formats)?;
    let seed = seed_or_fresh(args.seed.as_deref(), args.reveal_seed)?;
    let policy = Policy::new(args.force).input(&args.file);
    let dir = std::path::Path::new(".");
    let mut deals = SetDealer::new(spec, count, args.order, seed)?.map(|b| Ok(b?.1));
    let names = write_files(
        dir,
        &args.prefix,
        &formats,
        false,
        range,
        &mut deals,
        &WriteOptions::default(),
        &policy,
    )?;
    eprintln!("wrote {}", names.join(", "));
    Ok(())
}
