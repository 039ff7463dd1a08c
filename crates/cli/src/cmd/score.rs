//! `fairdeal score`: score a session from a results CSV or PBN file and print the ranking.
//!
//! Reads the file (or stdin for `-`), hands the text to `fairdeal_scoring::read`, scores it
//! with the chosen method (the choices and their help come from `fairdeal_scoring::METHODS`)
//! and writes CSV to stdout: the ranking `rank,pair,direction,score,boards`, and with
//! `--boards` a blank line and the per-result lines `board,ns,ew,ns_score,ns_points,ew_points`.
//! Every skipped line and bad cell goes to stderr with its line number.

use anyhow::{bail, Context};
use clap::builder::{PossibleValue, PossibleValuesParser};
use fairdeal_scoring::read::read_results;
use fairdeal_scoring::{
    score_event, DatumRule, EventScore, Field, Method, Rounding, ScoringOptions, Trim, METHODS,
};
use std::io::{self, Read, Write};
use std::path::PathBuf;

fn method_values() -> PossibleValuesParser {
    PossibleValuesParser::new(
        METHODS
            .iter()
            .map(|m| PossibleValue::new(m.name).help(m.help)),
    )
}

/// Arguments of `fairdeal score`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Results file: CSV (`board,ns,ew,contract,declarer,result`, optional `lead,score,adj`)
    /// or PBN (one game per table result); `-` reads stdin.
    file: PathBuf,
    /// Scoring method.
    #[arg(long, short, default_value = "mp", value_parser = method_values())]
    method: String,
    /// Butler/VP datum: drop this many results at each end (default 1: without top and bottom).
    #[arg(long, conflicts_with_all = ["trim_fraction", "trim_auto", "mean"])]
    trim: Option<u32>,
    /// Butler/VP datum: drop this fraction of the results at each end (0 to 0.5).
    #[arg(long, conflicts_with_all = ["trim_auto", "mean"])]
    trim_fraction: Option<f64>,
    /// Butler/VP datum: drop ceil((n-10)/15)+1 at each end (none for 3 results or fewer).
    #[arg(long, conflicts_with = "mean")]
    trim_auto: bool,
    /// Butler/VP datum: the mean of all results.
    #[arg(long)]
    mean: bool,
    /// Rounding of the datum to 10.
    #[arg(long, default_value = "nearest", value_parser = ["nearest", "half-away", "toward-zero"])]
    round: String,
    /// Matchpoints: results expected per board for Neuberg (default: the most on any board).
    #[arg(long)]
    expected: Option<usize>,
    /// One ranking (`one`, Howell), one per direction (`two`, Mitchell) or decide (`auto`).
    #[arg(long, default_value = "auto", value_parser = ["auto", "one", "two"])]
    field: String,
    /// VP: use the raw rounded WBF scale, without the concavity correction.
    #[arg(long)]
    no_vp_correction: bool,
    /// Also print the per-result lines.
    #[arg(long)]
    boards: bool,
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let text = if args.file.as_os_str() == "-" {
        let mut s = String::new();
        io::stdin()
            .read_to_string(&mut s)
            .context("reading stdin")?;
        s
    } else {
        std::fs::read_to_string(&args.file)
            .with_context(|| format!("reading {}", args.file.display()))?
    };
    let method = Method::from_name(&args.method)
        .with_context(|| format!("unknown method `{}`", args.method))?;
    let trim = match (args.trim, args.trim_fraction, args.trim_auto, args.mean) {
        (Some(k), _, _, _) => Trim::Count(k),
        (_, Some(f), _, _) if (0.0..0.5).contains(&f) => Trim::Fraction(f),
        (_, Some(f), _, _) => bail!("--trim-fraction {f}: expected a fraction from 0 to below 0.5"),
        (_, _, true, _) => Trim::SizeDependent,
        (_, _, _, true) => Trim::None,
        _ => Trim::Count(1),
    };
    let rounding = match args.round.as_str() {
        "half-away" => Rounding::NearestHalfAway,
        "toward-zero" => Rounding::TowardZero,
        _ => Rounding::NearestHalfUp,
    };
    let field = match args.field.as_str() {
        "one" => Field::OneWinner,
        "two" => Field::TwoWinners,
        _ => Field::Auto,
    };
    let opts = ScoringOptions {
        method,
        datum: DatumRule { trim, rounding },
        expected: args.expected,
        field,
        vp_corrected: !args.no_vp_correction,
    };
    let read = read_results(&text);
    let name = args.file.display().to_string();
    let mut err = io::stderr().lock();
    for p in &read.problems {
        writeln!(err, "{name}: {p}")?;
    }
    let (scored, cells) = score_event(&read.event, &opts);
    for c in &cells {
        writeln!(err, "{name}: {c}")?;
    }
    if scored.results.is_empty() {
        bail!("{name}: no results to score");
    }
    let mut out = io::stdout().lock();
    write_ranking(&mut out, &scored)?;
    if args.boards {
        writeln!(out)?;
        write_boards(&mut out, &scored)?;
    }
    Ok(())
}

/// A name as a CSV field: formula-like text neutralised for spreadsheets (the scoring
/// crate's rule, as the Score page's export), then quoted if it needs it.
fn csv_field(s: &str) -> String {
    let s = fairdeal_scoring::csv_cell::neutralise_formula(s);
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn write_ranking(out: &mut impl Write, s: &EventScore) -> io::Result<()> {
    writeln!(out, "rank,pair,direction,score,boards")?;
    for x in &s.standings {
        let dir = x.direction.map_or("", |d| d.text());
        writeln!(
            out,
            "{},{},{},{:.2},{}",
            x.rank_text(),
            csv_field(&x.pair),
            dir,
            x.score,
            x.boards
        )?;
    }
    Ok(())
}

fn write_boards(out: &mut impl Write, s: &EventScore) -> io::Result<()> {
    writeln!(out, "board,ns,ew,ns_score,ns_points,ew_points")?;
    let mut rows: Vec<_> = s.results.iter().collect();
    rows.sort_by_key(|r| (r.board, r.row));
    for r in rows {
        let score = r.ns_score.map_or(String::new(), |v| v.to_string());
        writeln!(
            out,
            "{},{},{},{},{:.2},{:.2}",
            r.board,
            csv_field(&r.ns),
            csv_field(&r.ew),
            score,
            r.ns_points,
            r.ew_points
        )?;
    }
    Ok(())
}
