//! `fairdeal publish`: a session's results and hand records → one self-contained HTML page
//! (and, with `--pbn`, PBN 2.1 results).
//!
//! `fairdeal publish RESULTS [--records SET.pbn|.lin] [--method mp|mp-acbl|butler|cross-imps|vp|teams]…
//! [--field auto|one|two] [--title T] [--fingerprint KH] [-o OUT.html] [--pbn OUT.pbn] [--force]`.
//! RESULTS is the Score page's "Export JSON" (its workbook: event and set-up, which decides the
//! field and pairs/teams unless `--field`/`--method` say otherwise), event JSON, or a
//! results CSV/PBN as `fairdeal score` reads it. The records' boards keep their own DD table
//! and par when the file has them; the others are solved here (`fairdeal_dd::solve_list`,
//! then `fairdeal_dd::par`). The page is `fairdeal_scoring::publish::publish_html` — the
//! Score page's "Publish" gives the same bytes. `--pbn` writes
//! `fairdeal_scoring::pbn_results::write_results_pbn` for the first method (pairs only).
//! Default output: RESULTS with `.html`. Existing files are replaced only with `--force`,
//! never an input. Problems of the inputs go to stderr with their line.

use super::convert::read_hand_record;
use crate::output::Policy;
use anyhow::{bail, Context};
use fairdeal_dd::{solve_list, ListOptions};
use fairdeal_interop::Board;
use fairdeal_scoring::pbn_results::write_results_pbn;
use fairdeal_scoring::publish::{publish_html, read_exported, Exported, Kind, PublishOptions};
use fairdeal_scoring::read::read_results;
use fairdeal_scoring::records::BoardRecord;
use fairdeal_scoring::{score_event, Field, Method, ScoringOptions};
use std::path::{Path, PathBuf};

/// The method name of team events (not a pairs [`Method`]).
const TEAMS: &str = "teams";

/// Arguments of `fairdeal publish`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The results: event JSON exported from the Score page, or a results CSV/PBN file.
    results: PathBuf,
    /// The session's hand records (PBN or LIN); their DD tables and par are solved when
    /// the file has none.
    #[arg(long)]
    records: Option<PathBuf>,
    /// Scoring method; repeat for one ranking per method (the first drives scorecards and
    /// travellers): mp, mp-acbl, butler, cross-imps, vp, or teams alone. Default: teams for
    /// a team event exported from the Score page, else mp.
    #[arg(long, short)]
    method: Vec<String>,
    /// One ranking (`one`), one per direction (`two`) or decide (`auto`: the Score page's
    /// set-up when RESULTS is its export, else from the names).
    #[arg(long, default_value = "auto", value_parser = ["auto", "one", "two"])]
    field: String,
    /// The page's title (default: the event's name, else "Results").
    #[arg(long)]
    title: Option<String>,
    /// The committed SquareDeal set's key hash, printed with how to verify the deals.
    #[arg(long)]
    fingerprint: Option<String>,
    /// Output HTML file (default: RESULTS with `.html`).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Also write the results as PBN 2.1 (ScoreTable, TotalScoreTable, OptimumResultTable).
    #[arg(long)]
    pbn: Option<PathBuf>,
    /// DD solver threads (default: every core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// Replace existing output files (never an input).
    #[arg(long)]
    force: bool,
}

/// Reads RESULTS: the Score page's exported JSON (workbook or event) when it starts with
/// `{`, else CSV/PBN (problems to stderr).
pub(crate) fn read_event(path: &Path) -> anyhow::Result<Exported> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let name = path.display();
    if text.trim_start().starts_with('{') {
        return read_exported(&text).with_context(|| format!("{name}"));
    }
    let read = read_results(&text);
    for p in &read.problems {
        eprintln!("{name}: {p}");
    }
    Ok(Exported {
        event: read.event,
        setup: None,
    })
}

/// The hand records of a file as scoring records, DD and par solved where missing.
pub(crate) fn records_of(boards: &[Board], threads: usize) -> Vec<BoardRecord> {
    let mut records: Vec<BoardRecord> = boards
        .iter()
        .filter_map(|b| {
            let (n, deal) = (b.number?, b.deal()?);
            Some(BoardRecord::from_file(
                n,
                deal,
                b.dealer,
                b.vulnerability,
                b.dd,
                b.par.clone(),
            ))
        })
        .collect();
    let missing: Vec<usize> = (0..records.len())
        .filter(|&i| records[i].dd.is_none())
        .collect();
    if !missing.is_empty() {
        let deals: Vec<_> = missing.iter().map(|&i| records[i].deal).collect();
        let solved = solve_list(
            &deals,
            ListOptions {
                threads,
                cache: true,
            },
            |_| {},
        );
        for (&i, t) in missing.iter().zip(solved.tables) {
            records[i].dd = Some(t);
        }
    }
    for r in &mut records {
        if r.par.is_none() {
            if let Some(t) = &r.dd {
                r.par = Some(fairdeal_dd::par(t, r.vulnerability, r.dealer));
            }
        }
    }
    records
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| args.results.with_extension("html"));
    let mut policy = Policy::new(args.force).input(&args.results);
    if let Some(r) = &args.records {
        policy = policy.input(r);
    }
    policy.check(&output)?;
    if let Some(p) = &args.pbn {
        policy.check(p)?;
    }
    let exported = read_event(&args.results)?;
    let event = &exported.event;
    if event.rows.is_empty() {
        bail!("{}: no results", args.results.display());
    }
    let field = match args.field.as_str() {
        "one" => Field::OneWinner,
        "two" => Field::TwoWinners,
        _ => exported.field(),
    };
    let methods = if args.method.is_empty() {
        vec![if exported.is_teams() { TEAMS } else { "mp" }.to_string()]
    } else {
        args.method.clone()
    };
    let teams = methods.iter().any(|m| m.eq_ignore_ascii_case(TEAMS));
    let kind = if teams {
        if methods.len() > 1 {
            bail!("--method teams cannot be combined with pairs methods");
        }
        if args.pbn.is_some() {
            bail!("--pbn writes pairs results; a team event has no PBN ScoreTable here");
        }
        Kind::Teams { vp_corrected: true }
    } else {
        let mut list = Vec::new();
        for m in &methods {
            let method = Method::from_name(m).with_context(|| {
                format!(
                    "unknown method `{m}`; expected mp, mp-acbl, butler, cross-imps, vp or teams"
                )
            })?;
            list.push(ScoringOptions {
                method,
                field,
                ..ScoringOptions::default()
            });
        }
        Kind::Pairs(list)
    };
    let records = match &args.records {
        Some(path) => {
            let outcome = read_hand_record(path)?;
            let threads = args.threads.unwrap_or_else(|| {
                std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
            });
            records_of(&outcome.boards, threads.max(1))
        }
        None => Vec::new(),
    };
    let opts = PublishOptions {
        title: args.title.clone().unwrap_or_default(),
        kind,
        fingerprint: args.fingerprint.clone(),
    };
    let html = publish_html(event, &records, &opts);
    let pbn = match (&args.pbn, &opts.kind) {
        (Some(_), Kind::Pairs(methods)) => {
            let first = methods.first().copied().unwrap_or_default();
            let (score, _) = score_event(event, &first);
            let name = if opts.title.is_empty() {
                event.name.clone()
            } else {
                opts.title.clone()
            };
            Some(write_results_pbn(
                &name,
                event,
                &score,
                first.method,
                &records,
            ))
        }
        _ => None,
    };
    let (results, errors) = event.validate_with(field);
    for e in &errors {
        eprintln!("{}: {e}", args.results.display());
    }
    let (_, checks) = fairdeal_scoring::records::check_results(&results, &records);
    for c in checks.iter().filter(|c| c.fouled) {
        eprintln!(
            "{}: board {} may be fouled: {} of {} contracts are 2+ tricks off double dummy the same way",
            args.results.display(),
            c.board,
            c.ns_over.max(c.ns_under),
            c.compared
        );
    }
    policy.write(&output, html.as_bytes())?;
    if let (Some(path), Some(text)) = (&args.pbn, pbn) {
        policy.write(path, text.as_bytes())?;
    }
    Ok(())
}
