//! `fairdeal dd`: double-dummy table and par of every board of a hand record (PBN or LIN).
//!
//! `fairdeal dd IN [--csv] [-j THREADS] [--pbn OUT] [--no-cache] [--stats] [--quiet]` solves
//! the full table (5 strains × 4 declarers) of each distinct deal of the file once — a club
//! results file repeats each deal at every table — on `THREADS` threads (default: every
//! core), reporting each solved deal on stderr (one line per deal; a single updated line on a
//! terminal; none with `--quiet`), then prints, per board or game, in input order,
//! the table (rows N S E W, columns NT ♠ ♥ ♦ ♣ as `NT S H D C`) and par for the board's
//! vulnerability and dealer — from its tags, else from its number by the standard cycle.
//! `--csv` prints one line per board instead; `--pbn OUT` also writes the hand record with
//! `OptimumResultTable`, `ParContract` and `OptimumScore` added. Boards without four full
//! hands are reported on stderr and skipped. `-j` takes 1 to 256 threads; `--pbn` never
//! replaces the input, nor an existing file without `--force`. `--no-cache` solves every
//! board, repeats included (for comparison); `--stats` ends stderr with the count of boards,
//! distinct deals and solves. The engine is `fairdeal_dd::solve_list`.

use crate::cmd::convert::read_hand_record;
use crate::output::Policy;
use anyhow::bail;
use fairdeal_dd::{solve_list, DistinctDeals, ListOptions, Progress};
use fairdeal_interop::{write_pbn, PbnOptions};
use fairdeal_model::dd::{DdTable, Par};
use fairdeal_model::{Deal, Seat, Strain, Vulnerability};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;

/// Arguments of `fairdeal dd`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The hand record to read (.pbn or .lin).
    input: PathBuf,
    /// One CSV line per board instead of text tables.
    #[arg(long)]
    csv: bool,
    /// Solver threads (default: every core).
    #[arg(long, short = 'j')]
    threads: Option<usize>,
    /// Also write the boards as PBN with the DD table and par tags to this file.
    #[arg(long, value_name = "OUT")]
    pbn: Option<PathBuf>,
    /// Replace an existing `--pbn` file (never the input itself).
    #[arg(long)]
    force: bool,
    /// Solve every board, even when the same deal was solved already (for comparison).
    #[arg(long)]
    no_cache: bool,
    /// Finish with a line on stderr: boards, distinct deals, tables solved.
    #[arg(long)]
    stats: bool,
    /// No per-deal progress on stderr.
    #[arg(long, short = 'q')]
    quiet: bool,
}

/// Most solver threads `-j` accepts.
const MAX_THREADS: usize = 256;

/// One solvable board.
struct Job {
    /// Index in the hand record.
    index: usize,
    board: u32,
    deal: Deal,
    vul: Vulnerability,
    dealer: Seat,
}

/// Per-deal progress on stderr: one line per solved deal, or one line rewritten in place
/// when stderr is a terminal.
struct ProgressLine {
    /// Board number of each job, to name where a solved deal first appears.
    boards: Vec<u32>,
    terminal: bool,
}

impl ProgressLine {
    fn new(jobs: &[Job]) -> ProgressLine {
        ProgressLine {
            boards: jobs.iter().map(|j| j.board).collect(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn report(&self, p: Progress) {
        let board = self.boards.get(p.first).copied().unwrap_or_default();
        let text = format!("dd: {} of {} deals solved (board {board})", p.done, p.total);
        let mut err = std::io::stderr().lock();
        // Progress is best effort: a closed stderr must not stop the solve.
        let _ = if self.terminal {
            write!(err, "\r{text}\x1b[K")
        } else {
            writeln!(err, "{text}")
        };
        let _ = err.flush();
    }

    /// Ends the rewritten line on a terminal.
    fn finish(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}

const ROW_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
const COL_STRAINS: [Strain; 5] = [
    Strain::Notrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The par contracts as text, `;`-separated (`-` for a pass-out).
fn par_contracts(par: &Par) -> String {
    if par.contracts.is_empty() {
        return "-".to_string();
    }
    let all: Vec<String> = par.contracts.iter().map(|c| c.to_string()).collect();
    all.join(";")
}

/// The text block of one board.
fn text_block(j: &Job, t: &DdTable, par: &Par) -> String {
    let mut s = format!(
        "Board {}  Dealer {}  Vul {}\n{}\n     NT  S  H  D  C\n",
        j.board,
        j.dealer.letter(),
        j.vul.pbn(),
        j.deal.to_pbn(Seat::North)
    );
    for seat in ROW_SEATS {
        let _ = write!(s, "  {}", seat.letter());
        for strain in COL_STRAINS {
            let _ = write!(s, " {:2}", t.tricks(strain, seat));
        }
        s.push('\n');
    }
    let contracts = if par.contracts.is_empty() {
        "passed out".to_string()
    } else {
        par_contracts(par).replace(';', ", ")
    };
    let _ = writeln!(s, "Par {:+} NS: {contracts}", par.ns_score);
    s
}

/// The CSV header: board, dealer, vul, deal, then `N_C … N_NT, E_C …` (declarer_strain),
/// then par score (NS) and contracts.
pub fn csv_header() -> String {
    let mut cols = vec![
        "board".to_string(),
        "dealer".into(),
        "vul".into(),
        "deal".into(),
    ];
    for seat in Seat::ALL {
        for strain in Strain::ASC {
            cols.push(format!("{}_{}", seat.letter(), strain.text()));
        }
    }
    cols.push("par_ns".into());
    cols.push("par_contracts".into());
    cols.join(",")
}

fn csv_line(j: &Job, t: &DdTable, par: &Par) -> String {
    let mut cols = vec![
        j.board.to_string(),
        j.dealer.letter().to_string(),
        j.vul.pbn().to_string(),
        j.deal.to_pbn(Seat::North),
    ];
    for seat in Seat::ALL {
        for strain in Strain::ASC {
            cols.push(t.tricks(strain, seat).to_string());
        }
    }
    cols.push(par.ns_score.to_string());
    cols.push(par_contracts(par));
    cols.join(",")
}

/// Runs `fairdeal dd`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let threads = match args.threads {
        Some(n) if n == 0 || n > MAX_THREADS => {
            bail!("-j {n}: expected 1 to {MAX_THREADS} solver threads")
        }
        Some(n) => n,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let policy = Policy::new(args.force).input(&args.input);
    if let Some(path) = &args.pbn {
        policy.check(path)?;
    }
    let mut outcome = read_hand_record(&args.input)?;
    let name = args.input.display();
    let mut jobs = Vec::new();
    for (index, b) in outcome.boards.iter().enumerate() {
        let board = b
            .number
            .unwrap_or_else(|| u32::try_from(index + 1).unwrap_or(u32::MAX));
        let Some(deal) = b.deal() else {
            eprintln!("{name}: board {board} has no complete deal; skipped");
            continue;
        };
        jobs.push(Job {
            index,
            board,
            deal,
            vul: b
                .vulnerability
                .unwrap_or_else(|| Vulnerability::of_board(board)),
            dealer: b.dealer.unwrap_or_else(|| Seat::dealer_of_board(board)),
        });
    }
    if jobs.is_empty() {
        bail!("{name} holds no board with four full hands");
    }
    let deals: Vec<Deal> = jobs.iter().map(|j| j.deal).collect();
    let options = ListOptions {
        threads,
        cache: !args.no_cache,
    };
    let progress = (!args.quiet).then(|| ProgressLine::new(&jobs));
    let solved = solve_list(&deals, options, |p| {
        if let Some(line) = &progress {
            line.report(p);
        }
    });
    if let Some(line) = &progress {
        line.finish();
    }
    if args.stats {
        let distinct = DistinctDeals::of(&deals).deals().len();
        eprintln!(
            "{name}: {} boards, {distinct} distinct deals, {} tables solved",
            jobs.len(),
            solved.solved
        );
    }
    let tables = solved.tables;
    let mut out = String::new();
    if args.csv {
        out.push_str(&csv_header());
        out.push('\n');
    }
    for (j, t) in jobs.iter().zip(&tables) {
        let par = fairdeal_dd::par(t, j.vul, j.dealer);
        if args.csv {
            out.push_str(&csv_line(j, t, &par));
            out.push('\n');
        } else {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(&text_block(j, t, &par));
        }
        let b = &mut outcome.boards[j.index];
        b.dd = Some(*t);
        b.par = Some(par);
    }
    print!("{out}");
    if let Some(path) = args.pbn {
        let text = write_pbn(&outcome.boards, &PbnOptions::default());
        policy.write(&path, text.as_bytes())?;
    }
    Ok(())
}
