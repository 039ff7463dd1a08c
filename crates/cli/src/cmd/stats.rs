//! `fairdeal stats <file> -n N [--seed HEX] [--csv] [--stat T]…`: generate N deals under a
//! constraint file and set them against exact theory.
//!
//! Tables: for every seat the pattern, HCP and suit lengths, plus each `--stat` table
//! (`hcp:N`, `pattern:S`, `spades:E`, `hcp:NS`, two-way `hcp:N,hcp:S`; with `--stat`
//! given, only those tables and the averages). Each table lists observed and exactly
//! expected counts and a chi-square test (cells expected < 5 pooled, df, p-value); where
//! the engine cannot count a table exactly it says "exact expectation not available" and
//! why. Per-seat averages (HCP, suit lengths) come with their exact means and z-scores.
//! `--csv` writes one CSV (kind = cell | test | average) instead of text. While the
//! expectations are computed, stderr (when a terminal) says how far they have gone. Seeds as in
//! `fairdeal constrain` (a seed drawn from the OS is printed, on stderr, only with
//! `--reveal-seed`).

use super::constrain::seed_or_fresh;
use super::count::read_spec;
use fairdeal_constrain::stats::{Analysis, Generator, Report, TableReport, TableSpec, Theory};
use fairdeal_constrain::Options;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// Arguments of `fairdeal stats`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The constraint file (`-` for standard input).
    pub file: PathBuf,
    /// How many deals to generate.
    #[arg(short = 'n', long, default_value_t = 10_000)]
    pub count: u64,
    /// Seed as hex, up to 64 digits (as --reveal-seed prints it); fewer are padded with zeros on
    /// the right, so 1, 10 and 100 are one seed. Default: fresh from the OS.
    #[arg(long)]
    pub seed: Option<String>,
    /// Print the seed drawn from the OS on stderr (whoever holds it can replay the deals).
    #[arg(long)]
    pub reveal_seed: bool,
    /// Write CSV instead of text.
    #[arg(long)]
    pub csv: bool,
    /// A table to draw instead of the defaults (repeatable): hcp:N, pattern:S, spades:E,
    /// hcp:NS, or two joined by a comma for a two-way table (hcp:N,hcp:S).
    #[arg(long = "stat", value_parser = parse_table)]
    pub stats: Vec<TableSpec>,
}

fn parse_table(s: &str) -> Result<TableSpec, String> {
    s.parse().map_err(|e| format!("{e}"))
}

/// Runs `fairdeal stats`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let spec = read_spec(&args.file)?;
    let seed = seed_or_fresh(args.seed.as_deref(), args.reveal_seed)?;
    let mut rng = ChaCha8Rng::from_seed(seed);
    let mut generator = Generator::new(&spec, Options::default())?;
    let tables = if args.stats.is_empty() {
        TableSpec::defaults()
    } else {
        args.stats.clone()
    };
    let mut analysis = Analysis::new(tables);
    // The same deals as one call per deal (so as the page's), drawn a batch at a time.
    let mut left = args.count;
    let mut deals = Vec::new();
    while left > 0 {
        let n = left.min(4096);
        deals.clear();
        generator.sample_many(&mut rng, n as usize, &mut deals)?;
        for d in &deals {
            analysis.add(d);
        }
        left -= n;
    }
    let (tries, accepted) = generator.acceptance();
    if tries > accepted {
        eprintln!("rejection accepted {accepted} of {tries} exact draws");
    }
    // The dealing tables are freed before the expectations are built (peak memory).
    let mut theory = generator.into_theory();
    expect_with_progress(&analysis, &mut theory);
    let report = analysis.report(&mut theory);
    let text = if args.csv {
        csv(&report)
    } else {
        text(&report)
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// Computes every table's exact expectation (cached in `theory` for the report), saying how
/// far it has gone on stderr when that is a terminal: a table counted cell by cell can take
/// seconds.
fn expect_with_progress(analysis: &Analysis, theory: &mut Theory) {
    let terminal = std::io::stderr().is_terminal();
    let tables = analysis.tables();
    for (done, table) in tables.iter().enumerate() {
        loop {
            if terminal {
                let cells = theory
                    .cells_counted(table)
                    .map(|(c, n)| format!(" (the next cell by cell: {c} of {n})"))
                    .unwrap_or_default();
                eprint!(
                    "\r\x1b[2Kexact expectations: {done} of {} tables done{cells}",
                    tables.len()
                );
            }
            if theory.advance(table) {
                break;
            }
        }
    }
    if terminal {
        eprint!("\r\x1b[2K");
    }
}

fn test_line(t: &TableReport) -> String {
    match (&t.expected, &t.chi) {
        (Err(e), _) => format!("{e}"),
        (Ok(_), None) => "chi-square: nothing to test (a single possible cell)".to_string(),
        (Ok(_), Some(c)) => {
            let mut s = format!("chi-square {:.2}, df {}, p = {:.4}", c.stat, c.df, c.p);
            if c.pooled > 0 {
                let _ = write!(s, " ({} cells expected < 5 pooled)", c.pooled);
            }
            if c.impossible > 0 {
                let _ = write!(
                    s,
                    "; {} deals fell in cells the theory says are impossible",
                    c.impossible
                );
            }
            s
        }
    }
}

/// The text report.
fn text(r: &Report) -> String {
    let mut s = format!("{} deals\n", r.n);
    for t in &r.tables {
        let _ = writeln!(s, "\n{} ({})", t.spec.title(), t.spec);
        let probs = t.expected.as_ref().ok().map(|e| &e.probs);
        let head = t
            .spec
            .vars
            .iter()
            .map(|v| format!("{:>10}", v.to_string()))
            .collect::<String>();
        let _ = writeln!(
            s,
            "{head} {:>9} {:>11} {:>8}",
            "observed", "expected", "diff"
        );
        for (i, &o) in t.observed.iter().enumerate() {
            let p = probs.map(|p| p[i]).unwrap_or(0.0);
            if o == 0 && p == 0.0 {
                continue;
            }
            let labels: String = t
                .spec
                .labels(i)
                .iter()
                .map(|l| format!("{l:>10}"))
                .collect();
            match probs {
                Some(_) => {
                    let e = p * r.n as f64;
                    let _ = writeln!(s, "{labels} {o:>9} {e:>11.1} {:>+8.1}", o as f64 - e);
                }
                None => {
                    let _ = writeln!(s, "{labels} {o:>9} {:>11} {:>8}", "-", "-");
                }
            }
        }
        let _ = writeln!(s, "{}", test_line(t));
    }
    let _ = writeln!(s, "\nper-seat averages");
    let _ = writeln!(
        s,
        "{:<18} {:>9} {:>9} {:>7}",
        "quantity", "observed", "expected", "z"
    );
    for a in &r.averages {
        match &a.expected {
            Ok((m, _)) => {
                let z = a.z.map_or("-".to_string(), |z| format!("{z:+.2}"));
                let _ = writeln!(
                    s,
                    "{:<18} {:>9.3} {:>9.3} {:>7}",
                    a.var.title(),
                    a.observed,
                    m,
                    z
                );
            }
            Err(_) => {
                let _ = writeln!(
                    s,
                    "{:<18} {:>9.3} {:>9} {:>7}",
                    a.var.title(),
                    a.observed,
                    "n/a",
                    "-"
                );
            }
        }
    }
    s
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The CSV report: kind,table,x,y,observed,expected,probability,exact_deals,chi_square,df,
/// p_value,z,note. Cells: counts; tests: observed = n; averages: observed and expected means.
fn csv(r: &Report) -> String {
    let mut s = String::from(
        "kind,table,x,y,observed,expected,probability,exact_deals,chi_square,df,p_value,z,note\n",
    );
    for t in &r.tables {
        let table = csv_field(&t.spec.to_string());
        for (i, &o) in t.observed.iter().enumerate() {
            let labels = t.spec.labels(i);
            let x = &labels[0];
            let y = labels.get(1).map_or("", String::as_str);
            match &t.expected {
                Ok(e) => {
                    let p = e.probs[i];
                    if o == 0 && p == 0.0 {
                        continue;
                    }
                    let exact = e
                        .exact
                        .as_ref()
                        .map_or(String::new(), |x| x.deals[i].to_string());
                    let _ = writeln!(
                        s,
                        "cell,{table},{x},{y},{o},{},{p:e},{exact},,,,,",
                        p * r.n as f64
                    );
                }
                Err(_) => {
                    if o > 0 {
                        let _ = writeln!(s, "cell,{table},{x},{y},{o},,,,,,,,");
                    }
                }
            }
        }
        match &t.chi {
            Some(c) => {
                let _ = writeln!(
                    s,
                    "test,{table},,,{},,,,{},{},{},,{}",
                    r.n,
                    c.stat,
                    c.df,
                    c.p,
                    csv_field(&test_line(t))
                );
            }
            None => {
                let _ = writeln!(
                    s,
                    "test,{table},,,{},,,,,,,,{}",
                    r.n,
                    csv_field(&test_line(t))
                );
            }
        }
    }
    for a in &r.averages {
        let (m, note) = match &a.expected {
            Ok((m, _)) => (m.to_string(), String::new()),
            Err(e) => (String::new(), csv_field(&e.to_string())),
        };
        let z = a.z.map_or(String::new(), |z| z.to_string());
        let _ = writeln!(
            s,
            "average,{},,,{},{m},,,,,,{z},{note}",
            csv_field(&a.var.to_string()),
            a.observed
        );
    }
    s
}
