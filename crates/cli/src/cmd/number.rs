//! `fairdeal number`: converts between deal numbers and deals, under either mapping of the
//! [`Mapping`] table (Pavlicek's, or Big Deal's / Kuipers').
//!
//! * `fairdeal number to-deal <N> [--mapping M] [--first SEAT]` prints the PBN deal of
//!   number N (decimal with optional separators, or 0x-hex; default mapping `bigdeal`).
//! * `fairdeal number of-deal "<PBN deal>" [--mapping M]` prints the deal's number: both
//!   mappings, labelled, unless `--mapping` picks one (then the bare number).
//!
//! Errors are one line (`fairdeal: error: …`, exit 1) naming the column of bad input.

use anyhow::anyhow;
use fairdeal_model::{parse_deal_number, Deal, Mapping, PbnDealError, Seat};

/// Arguments of `fairdeal number`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Print the deal with a given number (PBN deal notation).
    ToDeal {
        /// The deal number: decimal (separators , _ ' or spaces allowed) or 0x-hex; below D.
        number: String,
        /// Which mapping turns the number into a deal.
        #[arg(long, short, default_value = "bigdeal", value_parser = parse_mapping, help = mapping_help())]
        mapping: Mapping,
        /// The seat the PBN deal starts with (N, E, S, W).
        #[arg(long, short, default_value = "N", value_parser = parse_seat)]
        first: Seat,
    },
    /// Print the number of a deal given in PBN deal notation ("N:AKQ.… … … …").
    OfDeal {
        /// The deal in PBN notation (one hand may be "-": it gets the remaining cards).
        deal: String,
        /// Print only this mapping's number (default: every mapping, labelled).
        #[arg(long, short, value_parser = parse_mapping, help = mapping_help())]
        mapping: Option<Mapping>,
    },
}

/// `--mapping` help, listed from the mapping table.
fn mapping_help() -> String {
    let names: Vec<String> = Mapping::ALL
        .iter()
        .map(|m| format!("{} ({})", m.name(), m.description()))
        .collect();
    format!("Which mapping: {}", names.join("; "))
}

/// Parses a `--mapping` value by the table's names.
fn parse_mapping(s: &str) -> Result<Mapping, String> {
    Mapping::from_name(s).ok_or_else(|| {
        let names: Vec<&str> = Mapping::ALL.iter().map(|m| m.name()).collect();
        format!(
            "unknown mapping '{s}'; expected one of: {}",
            names.join(", ")
        )
    })
}

/// Parses a seat: its letter or its name, either case.
fn parse_seat(s: &str) -> Result<Seat, String> {
    Seat::ALL
        .into_iter()
        .find(|seat| {
            s.eq_ignore_ascii_case(seat.name())
                || s.eq_ignore_ascii_case(&seat.letter().to_string())
        })
        .ok_or_else(|| format!("unknown seat '{s}'; expected N, E, S or W"))
}

/// The one-line rendering of a PBN error: the 1-based column of its span, then the message.
fn pbn_error(text: &str, e: &PbnDealError) -> anyhow::Error {
    let start = e.span().start.min(text.len());
    let column = text.get(..start).map_or(start, |s| s.chars().count()) + 1;
    anyhow!("invalid PBN deal (column {column}): {e}")
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Command::ToDeal {
            number,
            mapping,
            first,
        } => {
            let n = parse_deal_number(&number)?;
            let deal = mapping.deal(n)?;
            println!("{}", deal.to_pbn(first));
        }
        Command::OfDeal { deal, mapping } => {
            let parsed = Deal::from_pbn(&deal).map_err(|e| pbn_error(&deal, &e))?;
            match mapping {
                Some(m) => println!("{}", m.number(&parsed)),
                None => {
                    for m in Mapping::ALL {
                        println!("{}: {}", m.name(), m.number(&parsed));
                    }
                }
            }
        }
    }
    Ok(())
}
