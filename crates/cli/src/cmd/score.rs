//! `fairdeal score`: score a session from a results CSV or PBN file and print the ranking.
//!
//! Reads the file (or stdin for `-`), hands the text to `fairdeal_scoring::read`, scores it
//! with the chosen method (the pairs choices and their help come from
//! `fairdeal_scoring::METHODS`) and writes CSV to stdout: the ranking
//! `rank,pair,direction,score,boards`, and with `--boards` a blank line and the per-result
//! lines `board,ns,ew,ns_score,ns_points,ew_points`.
//!
//! `--method teams` scores a team event through `fairdeal_scoring::team_event` (the Score
//! page's teams scoring, the same entry point): each row is one room of one board of one
//! match (the same CSV/PBN columns), IMPs per board, match totals to WBF VPs, VP ranking. It
//! prints `fairdeal_scoring::team_event::write_team_csv`'s report: `rank,team,vp,boards`, and
//! with `--boards` the matches and the per-row lines.
//!
//! Every skipped line, bad cell and (teams) result that did not count goes to stderr with its
//! line number.

use anyhow::{bail, Context};
use clap::builder::{PossibleValue, PossibleValuesParser};
use fairdeal_scoring::read::read_results;
use fairdeal_scoring::team_event::{score_team_event, write_team_csv};
use fairdeal_scoring::{
    score_event, write_pairs_csv, DatumRule, Field, Method, Rounding, ScoringOptions, Trim, METHODS,
};
use std::io::{self, Read, Write};
use std::path::PathBuf;

/// The method name of team events (not a pairs [`Method`]).
const TEAMS: &str = "teams";

fn method_values() -> PossibleValuesParser {
    PossibleValuesParser::new(
        METHODS
            .iter()
            .map(|m| PossibleValue::new(m.name).help(m.help))
            .chain([PossibleValue::new(TEAMS).help(
                "team matches: each row one room of a board; home (lower number) sits NS in the open room; IMPs per board, match IMPs to WBF continuous VPs; ranked by total VP",
            )]),
    )
}

/// Arguments of `fairdeal score`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Results file: CSV (`board,ns,ew,contract,declarer,result`, optional `lead,score,adj`)
    /// or PBN (one game per table result); `-` reads stdin. Teams: one row per room, the
    /// teams in the `ns`/`ew` columns.
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
    /// Also print the per-result lines (teams: the matches, then the per-row lines).
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
    if args.method.eq_ignore_ascii_case(TEAMS) {
        return run_teams(&args, &text);
    }
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
    io::stdout()
        .lock()
        .write_all(write_pairs_csv(&scored, args.boards).as_bytes())?;
    Ok(())
}

/// `--method teams`: the pairs-only options are refused, problems go to stderr, the report
/// to stdout.
fn run_teams(args: &Args, text: &str) -> anyhow::Result<()> {
    let pairs_only = [
        ("--trim", args.trim.is_some()),
        ("--trim-fraction", args.trim_fraction.is_some()),
        ("--trim-auto", args.trim_auto),
        ("--mean", args.mean),
        ("--expected", args.expected.is_some()),
        ("--field", args.field != "auto"),
        ("--round", args.round != "nearest"),
    ];
    if let Some((flag, _)) = pairs_only.iter().find(|(_, given)| *given) {
        bail!("{flag} is for pairs methods; --method teams takes only --boards and --no-vp-correction");
    }
    let read = read_results(text);
    let name = args.file.display().to_string();
    let mut err = io::stderr().lock();
    for p in &read.problems {
        writeln!(err, "{name}: {p}")?;
    }
    let (scored, cells) = score_team_event(&read.event, !args.no_vp_correction);
    for c in &cells {
        writeln!(err, "{name}: {c}")?;
    }
    for n in &scored.notes {
        let line = read.event.rows.get(n.row).and_then(|r| r.line);
        match line {
            Some(l) => writeln!(err, "{name}: line {l}: {}", n.text)?,
            None => writeln!(err, "{name}: row {}: {}", n.row + 1, n.text)?,
        }
    }
    if scored.matches.is_empty() {
        bail!("{name}: no team match has a board with results in both rooms");
    }
    io::stdout()
        .lock()
        .write_all(write_team_csv(&scored, args.boards).as_bytes())?;
    Ok(())
}
