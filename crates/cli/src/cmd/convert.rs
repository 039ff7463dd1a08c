//! `fairdeal convert`: reads a hand record (PBN or LIN) and writes it in any list of formats.
//!
//! `fairdeal convert IN -f pbn,lin,dup,… [-p PREFIX]` writes `PREFIX.<suffix>` per format
//! (default prefix: the input's file name without its extension). The input is LIN when its
//! name ends `.lin` (or it starts like LIN, `xx|`), else PBN. PBN and LIN are written by the
//! interop crate and keep everything the model holds (auction, play, players …); every other
//! format is Big Deal's writer, which needs a full deal on every board and consecutive board
//! numbers — otherwise the command fails naming the board.
//!
//! No output may be the input (`convert club.pbn` would write club.pbn: refused), and existing
//! files are replaced only with `--force`; every file is written whole or not at all.
//!
//! Problems the reader met go to stderr, one per line, `IN:LINE: [Tag] message`; they do not
//! stop the conversion of the boards that were read.

use crate::output::Policy;
use anyhow::{bail, Context};
use fairdeal_dealing::formats::select_formats;
use fairdeal_interop::export::export_files;
use fairdeal_interop::{read_any, ReadOutcome};
use std::path::{Path, PathBuf};

/// Arguments of `fairdeal convert`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The hand record to read (.pbn or .lin).
    input: PathBuf,
    /// Formats to write, comma-separated: pbn, lin, or any Big Deal format (dup, dlm, csv …).
    #[arg(long, short, default_value = "pbn")]
    formats: String,
    /// Output file prefix (default: the input's name without extension).
    #[arg(long, short)]
    prefix: Option<String>,
    /// Replace existing files (never the input itself).
    #[arg(long)]
    force: bool,
}

/// Reads a hand record (LIN by name or content, else PBN), prints the reader's problems to
/// stderr as `IN:LINE: [Tag] message`, and fails only when no board could be read.
pub(crate) fn read_hand_record(input: &Path) -> anyhow::Result<ReadOutcome> {
    let bytes = std::fs::read(input).with_context(|| format!("cannot read {}", input.display()))?;
    let outcome = read_any(&input.display().to_string(), &bytes);
    let name = input.display();
    for p in &outcome.problems {
        match &p.tag {
            Some(t) => eprintln!("{name}:{}: [{t}] {}", p.line, p.message),
            None => eprintln!("{name}:{}: {}", p.line, p.message),
        }
    }
    if outcome.boards.is_empty() {
        bail!("{name} holds no boards");
    }
    Ok(outcome)
}

/// Runs `fairdeal convert`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let outcome = read_hand_record(&args.input)?;
    let formats = select_formats(&args.formats)?;
    if formats.is_empty() {
        bail!("no format given; expected a list such as -f pbn,lin,dup");
    }
    let prefix = match args.prefix {
        Some(p) => p,
        None => args.input.with_extension("").display().to_string(),
    };
    let policy = Policy::new(args.force).input(&args.input);
    let names: Vec<String> = formats.iter().map(|f| f.file_name(&prefix)).collect();
    policy.check_all(&names)?;
    for (file, bytes) in export_files(&outcome.boards, &formats, &prefix)? {
        policy.write(Path::new(&file), &bytes)?;
    }
    Ok(())
}
