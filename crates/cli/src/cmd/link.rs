//! `fairdeal link`: the viewer link of one board (deal, dealer, vulnerability, auction,
//! contract, play, title — never a seed), BBO's handviewer link, or a QR code of either.
//!
//! `fairdeal link IN --board N [--base URL] [--bbo] [--qr OUT.svg [--force]]` reads board `N`
//! of a PBN or LIN file (the first board with that number; `--board` may be left out when the
//! file holds one board) and prints `{URL}/view?l={code}` (the form in `docs/LINKS.md`;
//! without `--base` the link is relative to the site, `/view?l=…`). `IN` may also be a link
//! itself — a viewer link, its bare code, or a BBO handviewer URL (`…handviewer.html?lin=…`) —
//! which is read instead of a file. `--bbo` prints BBO's handviewer link instead. `--qr`
//! also writes the printed link as a QR code (SVG), never over an existing file without
//! `--force`; a viewer link needs `--base` for that, since a QR code of a relative link
//! opens nothing. The engine is `fairdeal_interop::link`.

use crate::cmd::convert::read_hand_record;
use crate::output::Policy;
use anyhow::{bail, Context};
use fairdeal_interop::link::{parse_link, qr_svg, Link};
use std::path::{Path, PathBuf};

/// Arguments of `fairdeal link`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The hand record (.pbn or .lin), or a viewer or BBO handviewer link.
    input: String,
    /// The board number (needed when the file holds more than one board).
    #[arg(long, short = 'b')]
    board: Option<u32>,
    /// Where the app is served, e.g. https://example.org (the link is relative without it).
    #[arg(long, value_name = "URL", default_value = "")]
    base: String,
    /// Print BBO's handviewer link instead.
    #[arg(long)]
    bbo: bool,
    /// Also write the printed link as a QR code to this SVG file.
    #[arg(long, value_name = "OUT.svg")]
    qr: Option<PathBuf>,
    /// Replace an existing `--qr` file.
    #[arg(long)]
    force: bool,
}

/// True when `input` reads as a link rather than a file name.
fn is_link(input: &str) -> bool {
    let t = input.trim();
    t.starts_with("http://")
        || t.starts_with("https://")
        || t.starts_with("/view?")
        || t.contains("?l=")
        || t.contains("lin=")
}

/// The board of `input` (a file, or a link when it reads as one and no such file exists)
/// as a link.
pub(crate) fn load(input: &str, board: Option<u32>) -> anyhow::Result<Link> {
    let path = Path::new(input);
    if !path.exists() {
        if is_link(input) {
            return parse_link(input).with_context(|| "cannot read the link".to_string());
        }
        if let Ok(link) = parse_link(input) {
            return Ok(link);
        }
    }
    let outcome = read_hand_record(path)?;
    let name = path.display();
    let chosen = match board {
        Some(n) => outcome
            .boards
            .iter()
            .find(|b| b.number == Some(n))
            .with_context(|| {
                let numbers: Vec<String> = outcome
                    .boards
                    .iter()
                    .filter_map(|b| b.number.map(|n| n.to_string()))
                    .collect();
                format!(
                    "{name} has no board {n}; its boards are {}",
                    if numbers.is_empty() {
                        "unnumbered".to_string()
                    } else {
                        numbers.join(", ")
                    }
                )
            })?,
        None if outcome.boards.len() == 1 => &outcome.boards[0],
        None => bail!(
            "{name} holds {} boards; say which with --board N",
            outcome.boards.len()
        ),
    };
    let label = chosen
        .number
        .map_or_else(|| "the board".to_string(), |n| format!("board {n}"));
    Link::from_board(chosen).with_context(|| format!("{name}, {label}"))
}

/// Runs `fairdeal link`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let policy = Policy::new(args.force);
    let policy = if Path::new(&args.input).exists() {
        policy.input(Path::new(&args.input))
    } else {
        policy
    };
    if let Some(path) = &args.qr {
        if !args.bbo && args.base.is_empty() {
            bail!("--qr needs --base URL (where the app is served): a QR code of a relative link opens nothing");
        }
        policy.check(path)?;
    }
    let link = load(&args.input, args.board)?;
    let text = if args.bbo {
        link.bbo_url()
    } else {
        link.url(&args.base)?
    };
    println!("{text}");
    if let Some(path) = &args.qr {
        let svg = qr_svg(&text, 512)?;
        policy.write(path, svg.as_bytes())?;
    }
    Ok(())
}
