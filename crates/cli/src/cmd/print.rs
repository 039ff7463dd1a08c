//! `fairdeal print`: a hand record (PBN or LIN) → a printable HTML page.
//!
//! `fairdeal print IN [--per-page 1|2|4|6] [--seats N,S] [--large] [--title T] [--date D]
//! [--fingerprint F] [-o OUT.html]` writes hand records (four hands, HCP, and the
//! double-dummy table and par when the file has them) or, with `--seats`, one practice sheet
//! per seat holding only that seat's hands. The page is the interop crate's
//! [`fairdeal_interop::print`] output — the same the app prints. Default output: the input's
//! name with `.html`; `-o -` writes to stdout. An existing file is replaced only with `--force`,
//! and never the input. Reader problems go to stderr as in `convert`.

use super::convert::read_hand_record;
use crate::output::Policy;
use anyhow::{anyhow, bail, Context};
use fairdeal_interop::print::{hand_records_html, PerPage, PrintOptions, Sheets};
use fairdeal_model::Seat;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `fairdeal print`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The hand record to read (.pbn or .lin).
    input: PathBuf,
    /// Boards per page: 1, 2, 4 or 6 (large print uses at most 2).
    #[arg(long, default_value_t = 4, value_parser = parse_per_page)]
    per_page: usize,
    /// Practice sheets for these seats instead of hand records: one sheet per seat holding
    /// only that seat's hands, e.g. `--seats N,S`.
    #[arg(long)]
    seats: Option<String>,
    /// Large print.
    #[arg(long)]
    large: bool,
    /// Header title (default: the file's event name).
    #[arg(long)]
    title: Option<String>,
    /// Header date, printed as given.
    #[arg(long)]
    date: Option<String>,
    /// The set's commitment fingerprint, printed in the header.
    #[arg(long)]
    fingerprint: Option<String>,
    /// Output file (default: the input's name with .html; `-` for stdout).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Replace an existing output file (never the input itself).
    #[arg(long)]
    force: bool,
}

/// Accepts 1, 2, 4 or 6.
fn parse_per_page(s: &str) -> Result<usize, String> {
    s.trim()
        .parse::<usize>()
        .ok()
        .and_then(PerPage::from_count)
        .map(PerPage::count)
        .ok_or_else(|| format!("{s:?} is not 1, 2, 4 or 6 boards per page"))
}

/// Seats from `N,S`, `north,south` or `NS`, in the order given, each once.
fn parse_seats(text: &str) -> anyhow::Result<Vec<Seat>> {
    let mut seats = Vec::new();
    for part in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let by_name = Seat::ALL
            .into_iter()
            .find(|s| part.eq_ignore_ascii_case(s.name()));
        let found: Vec<Seat> = match by_name {
            Some(s) => vec![s],
            None => part
                .chars()
                .map(|c| {
                    Seat::from_char(c).ok_or_else(|| {
                        anyhow!("--seats: {part:?} is not a seat; expected N, E, S or W")
                    })
                })
                .collect::<anyhow::Result<_>>()?,
        };
        for seat in found {
            if seats.contains(&seat) {
                bail!("--seats: {} is given twice", seat.name());
            }
            seats.push(seat);
        }
    }
    if seats.is_empty() {
        bail!("--seats is empty; expected seats such as N,S");
    }
    Ok(seats)
}

/// Runs `fairdeal print`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.input.with_extension("html"));
    let policy = Policy::new(args.force).input(&args.input);
    if output.as_os_str() != "-" {
        policy.check(&output)?;
    }
    let sheets = match &args.seats {
        Some(text) => Sheets::Seats(parse_seats(text)?),
        None => Sheets::HandRecords,
    };
    let outcome = read_hand_record(&args.input)?;
    let options = PrintOptions {
        per_page: PerPage::from_count(args.per_page).unwrap_or(PerPage::Four),
        sheets,
        large: args.large,
        title: args.title,
        date: args.date,
        fingerprint: args.fingerprint,
    };
    let html = hand_records_html(&outcome.boards, &options);
    if output.as_os_str() == "-" {
        std::io::stdout()
            .write_all(html.as_bytes())
            .context("cannot write to stdout")?;
    } else {
        policy.write(&output, html.as_bytes())?;
    }
    Ok(())
}
