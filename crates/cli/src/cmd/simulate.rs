//! `fairdeal simulate lead|contract SPEC …`: the lead and contract simulator
//! (`fairdeal_sim`), the Simulate page's CLI twin.
//!
//! SPEC is a constraint file as for `fairdeal constrain` (`-` for standard input): the
//! conditions the auction puts on the hands. Deals come from the same seeded stream
//! (`--seed`, up to 64 hex digits; without it 32 bytes from the OS, printed on stderr only
//! with `--reveal-seed`), are solved double dummy on every core (`-j` to choose), and the
//! figures are a pure function of (SPEC, options, seed, `-n`): the page prints the same CSV
//! for the same seed.
//!
//! * `lead`: the leader's hand is fixed, by `--hand` or by `LEADER: is …` in SPEC; the leader
//!   is declarer's left-hand opponent (`--leader` and `--declarer` must agree, either one is
//!   enough). `--csv` prints `card,mean_tricks,set_pct,ci_low,ci_high` (one row per lead,
//!   touching cards under the highest; the interval is the 95 % t interval of the mean
//!   defensive tricks); without it a readable report with matchpoint and IMP views and the
//!   paired comparisons of the best lead.
//! * `contract`: `--contracts 3NT:S,4S:N` (one side); `--csv` prints the per-contract and
//!   per-pair tables of `ContractReport::write_csv`.
//!
//! `--pbn FILE` writes the deals used (never over an existing file without `--force`).

use super::constrain::seed_or_fresh;
use super::count::read_spec;
use crate::output::Policy;
use anyhow::{anyhow, bail, Context};
use fairdeal_model::{parse_pbn_hands, Hand, Seat, Vulnerability};
use fairdeal_scoring::{Contract, FinalContract};
use fairdeal_sim::contract::parse_choices;
use fairdeal_sim::{pbn, ContractProblem, LeadProblem};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Arguments of `fairdeal simulate`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// Which opening lead? DD tricks after every lead of a fixed hand, over deals meeting SPEC.
    Lead(LeadArgs),
    /// Which contract? DD tricks and scores of contracts of one side, over deals meeting SPEC.
    Contract(ContractArgs),
}

/// What both simulations share.
#[derive(Debug, clap::Args)]
struct Common {
    /// The constraint file (`-` for standard input).
    spec: PathBuf,
    /// Deals to simulate (2 to 1,000,000).
    #[arg(short = 'n', long, default_value_t = 500)]
    count: usize,
    /// Seed as hex, up to 64 digits (as --reveal-seed prints it); fewer are padded with zeros on
    /// the right, so 1, 10 and 100 are one seed. Default: fresh from the OS.
    #[arg(long)]
    seed: Option<String>,
    /// Print the seed drawn from the OS on stderr.
    #[arg(long)]
    reveal_seed: bool,
    /// Vulnerability: none, ns, ew or all.
    #[arg(long, default_value = "none", value_parser = parse_vul)]
    vul: Vulnerability,
    /// CSV instead of the readable report.
    #[arg(long)]
    csv: bool,
    /// Also write the deals used as PBN to this file.
    #[arg(long, value_name = "OUT")]
    pbn: Option<PathBuf>,
    /// Replace an existing `--pbn` file.
    #[arg(long)]
    force: bool,
    /// Solver threads (default: every core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// No progress on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
}

#[derive(Debug, clap::Args)]
struct LeadArgs {
    #[command(flatten)]
    common: Common,
    /// The opening leader (N, E, S or W): declarer's left-hand opponent.
    #[arg(long, value_parser = parse_seat)]
    leader: Option<Seat>,
    /// Declarer (N, E, S or W).
    #[arg(long, value_parser = parse_seat)]
    declarer: Option<Seat>,
    /// The contract, e.g. 3NT or 4SX.
    #[arg(long, value_parser = parse_contract)]
    contract: Contract,
    /// The leader's hand in PBN notation (spades.hearts.diamonds.clubs), unless SPEC fixes it.
    #[arg(long)]
    hand: Option<String>,
}

#[derive(Debug, clap::Args)]
struct ContractArgs {
    #[command(flatten)]
    common: Common,
    /// Contracts with declarers, e.g. `3NT:S,4S:N` (one side).
    #[arg(long)]
    contracts: String,
}

/// Most solver threads `-j` accepts.
const MAX_THREADS: usize = 256;

fn parse_seat(s: &str) -> Result<Seat, String> {
    let mut c = s.trim().chars();
    match (c.next().and_then(Seat::from_char), c.next()) {
        (Some(seat), None) => Ok(seat),
        _ => Err(format!("'{s}': expected N, E, S or W")),
    }
}

fn parse_vul(s: &str) -> Result<Vulnerability, String> {
    Vulnerability::from_pbn(s).ok_or_else(|| format!("'{s}': expected none, ns, ew or all"))
}

fn parse_contract(s: &str) -> Result<Contract, String> {
    match s.parse::<FinalContract>() {
        Ok(FinalContract::Bid(c)) => Ok(c),
        Ok(FinalContract::PassedOut) => Err("a passed-out board has no lead".into()),
        Err(e) => Err(e.to_string()),
    }
}

/// Runs `fairdeal simulate`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.what {
        What::Lead(a) => lead(a),
        What::Contract(a) => contract(a),
    }
}

fn threads(c: &Common) -> anyhow::Result<usize> {
    Ok(match c.threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => {
            bail!("-j {n}: expected 1 to {MAX_THREADS} solver threads")
        }
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    })
}

/// Checks `-n` and the `--pbn` target before any work.
fn check(c: &Common) -> anyhow::Result<Policy> {
    fairdeal_sim::check_count(c.count).map_err(|e| anyhow!("-n: {e}"))?;
    let policy = Policy::new(c.force).input(&c.spec);
    if let Some(p) = &c.pbn {
        policy.check(p)?;
    }
    Ok(policy)
}

/// Progress on stderr: `simulate: D of N deals solved`, rewritten in place on a terminal.
fn progress(total: usize, quiet: bool) -> impl Fn(usize) + Sync {
    let terminal = std::io::stderr().is_terminal();
    move |done| {
        if quiet || (!terminal && done != total && !done.is_multiple_of(100)) {
            return;
        }
        let mut err = std::io::stderr().lock();
        // Best effort: a closed stderr must not stop the run.
        let _ = if terminal {
            write!(err, "\rsimulate: {done} of {total} deals solved\x1b[K")
        } else {
            writeln!(err, "simulate: {done} of {total} deals solved")
        };
        if terminal && done == total {
            let _ = writeln!(err);
        }
    }
}

fn lead(a: LeadArgs) -> anyhow::Result<()> {
    let c = &a.common;
    let policy = check(c)?;
    let declarer = match (a.leader, a.declarer) {
        (Some(l), Some(d)) if d.lho() != l => bail!(
            "--leader {} and --declarer {}: the leader is declarer's left-hand opponent ({})",
            l.letter(),
            d.letter(),
            d.lho().letter()
        ),
        (_, Some(d)) => d,
        (Some(l), None) => l.rho(),
        (None, None) => bail!("give --declarer (or --leader)"),
    };
    let hand = a
        .hand
        .as_deref()
        .map(|h| read_hand(h, declarer.lho()))
        .transpose()?;
    let spec = read_spec(&c.spec)?;
    let problem = LeadProblem::new(spec, hand, a.contract, declarer, c.vul)?;
    let threads = threads(c)?;
    let seed = seed_or_fresh(c.seed.as_deref(), c.reveal_seed)?;
    let (deals, report) = problem.run(c.count, seed, threads, progress(c.count, c.quiet))?;
    if let Some(path) = &c.pbn {
        let text = pbn::pbn_string(
            &deals,
            "Fair Deal lead simulation",
            c.vul,
            Some((a.contract, declarer)),
        );
        policy.write(path, text.as_bytes())?;
    }
    let mut out = std::io::stdout().lock();
    if c.csv {
        report.write_csv(&mut out)?;
    } else {
        report.write_text(&mut out)?;
    }
    out.flush()?;
    Ok(())
}

/// `--hand AKQ2.JT3.K765.A9`: the leader's 13 cards.
fn read_hand(text: &str, leader: Seat) -> anyhow::Result<Hand> {
    let mut pbn = format!("{}:", leader.letter());
    for s in [leader, leader.lho(), leader.partner(), leader.rho()] {
        pbn.push_str(if s == leader { text.trim() } else { "-" });
        pbn.push(' ');
    }
    let hands = parse_pbn_hands(pbn.trim_end()).with_context(|| format!("--hand {text:?}"))?;
    hands[leader.index()].ok_or_else(|| anyhow!("--hand {text:?}: expected 13 cards"))
}

fn contract(a: ContractArgs) -> anyhow::Result<()> {
    let c = &a.common;
    let policy = check(c)?;
    let choices = parse_choices(&a.contracts).map_err(|e| anyhow!("--contracts: {e}"))?;
    let spec = read_spec(&c.spec)?;
    let problem = ContractProblem::new(spec, choices, c.vul)?;
    let threads = threads(c)?;
    let seed = seed_or_fresh(c.seed.as_deref(), c.reveal_seed)?;
    let (deals, report) = problem.run(c.count, seed, threads, progress(c.count, c.quiet))?;
    if let Some(path) = &c.pbn {
        let text = pbn::pbn_string(&deals, "Fair Deal contract simulation", c.vul, None);
        policy.write(path, text.as_bytes())?;
    }
    let mut out = std::io::stdout().lock();
    if c.csv {
        report.write_csv(&mut out)?;
    } else {
        report.write_text(&mut out)?;
    }
    out.flush()?;
    Ok(())
}
