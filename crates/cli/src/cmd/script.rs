//! `fairdeal script file.dl [-s seed] [-p N] [-g N] [-v]`: runs a dealer script like
//! Hans van Staveren's `dealer` — same actions, same text layout, output streamed as it is
//! produced, then dealer's end-of-run statistics (without the seed, which is never printed).
//!
//! `--check` compiles only, `--lint` reports which dealer programs accept the script,
//! `--format oneline|pbn` forces a machine-readable output, `--why` says per deal which
//! variables made it match.
//!
//! `-s N` seeds ChaCha8 with N (little-endian, zero-padded to 32 bytes), `--seed-hex` with
//! the 32 bytes the Script page reveals (the same deals as the page's run); without either
//! the seed comes from the OS CSPRNG. `-p`/`-g` override the script's `produce`/`generate` as in
//! dealer. Errors are printed as `file:line:column: message` with the line and a caret.

use anyhow::{anyhow, bail};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `fairdeal script`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The script (`-` for standard input).
    pub file: PathBuf,
    /// Seed (an unsigned number); default: fresh from the OS.
    #[arg(short = 's', long, conflicts_with = "seed_hex")]
    pub seed: Option<u64>,
    /// Seed as up to 64 hex digits (the 32-byte key the Script page reveals); zero-padded.
    #[arg(long, value_name = "HEX")]
    pub seed_hex: Option<String>,
    /// Deals to produce (overrides the script's `produce`).
    #[arg(short = 'p', long)]
    pub produce: Option<u64>,
    /// Deals to generate at most (overrides the script's `generate`).
    #[arg(short = 'g', long)]
    pub generate: Option<u64>,
    /// Toggle the end-of-run statistics (on by default, as in dealer).
    #[arg(short = 'v', long)]
    pub verbose: bool,
    /// Print how the condition is sampled (exactly vs by rejection) on stderr first.
    #[arg(long)]
    pub explain: bool,
    /// Compile only: print every problem as file:line:column and exit 1 if there is one
    /// (silent and 0 when the script is fine).
    #[arg(long, conflicts_with_all = ["lint", "format"])]
    pub check: bool,
    /// Print which dealer programs accept the script and why not (BBO's dealer, Debian's
    /// dealer, DealerV2, dealer3), notes on surprising behaviour, and the acceptance rate
    /// measured on a pilot of 100,000 shuffles; deals nothing.
    #[arg(long, conflicts_with = "format")]
    pub lint: bool,
    /// Print every produced deal in this format whatever the script's actions (`oneline`
    /// or `pbn`); statistics actions are dropped and dealer's end-of-run lines go to stderr,
    /// so standard output is machine-readable.
    #[arg(long, value_parser = ["oneline", "pbn"])]
    pub format: Option<String>,
    /// Deal by rejection only, as dealer does (no exact tables), for comparisons.
    #[arg(long)]
    pub no_exact: bool,
    /// After each produced deal, print on stderr the value of every variable the condition
    /// uses: which clauses made the deal match.
    #[arg(long)]
    pub why: bool,
}

/// Shuffles of the `--lint` pilot.
const PILOT: u64 = 100_000;

/// Today's date (UTC) as PBN wants it, `YYYY.MM.DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let name = args.file.display().to_string();
    let source = if name == "-" {
        std::io::read_to_string(std::io::stdin())?
    } else {
        std::fs::read_to_string(&args.file).map_err(|e| anyhow!("{name}: {e}"))?
    };
    if args.lint {
        return lint(&name, &source, args.seed);
    }
    let compiled = if args.no_exact {
        fairdeal_script::compile_unaccelerated(&source)
    } else {
        fairdeal_script::compile(&source)
    };
    let mut program = match compiled {
        Ok(p) => p,
        Err(diags) => {
            let rendered = fairdeal_script::render_diagnostics(&source, &diags);
            eprint!("{}", prefixed(&name, &rendered));
            bail!("{} problem(s) in {name}", diags.len());
        }
    };
    if args.check {
        return Ok(());
    }
    if let Some(p) = args.produce {
        program.set_produce(p);
    }
    if let Some(g) = args.generate {
        program.set_generate(g);
    }
    let base = args
        .file
        .file_name()
        .map_or(name.clone(), |f| f.to_string_lossy().into_owned());
    program.set_pbn_header(
        &format!("Hand simulated by fairdeal with file {base}"),
        &today(),
    );
    if let Some(f) = &args.format {
        program = program.with_format(if f == "pbn" {
            fairdeal_script::ForcedFormat::Pbn
        } else {
            fairdeal_script::ForcedFormat::OneLine
        });
    }
    if args.explain {
        eprintln!("{}", program.acceleration());
    }
    let footer_to_stderr = args.format.is_some();
    let why = args.why;
    let mut seed = [0u8; 32];
    match (args.seed, &args.seed_hex) {
        (Some(s), _) => seed[..8].copy_from_slice(&s.to_le_bytes()),
        (None, Some(hex)) => {
            seed = super::constrain::parse_seed(hex)
                .map_err(|e| anyhow!("{}", e.to_string().replacen("--seed", "--seed-hex", 1)))?
        }
        (None, None) => getrandom::fill(&mut seed).map_err(|e| anyhow!("no OS randomness: {e}"))?,
    }
    let verbose = !args.verbose;
    // Double dummy (tricks()) recurses deeply: deal on a thread with the solver's stack.
    std::thread::Builder::new()
        .stack_size(fairdeal_dd::STACK_BYTES)
        .spawn(move || deal(&program, seed, verbose, footer_to_stderr, why))
        .map_err(|e| anyhow!("cannot start the dealing thread: {e}"))?
        .join()
        .map_err(|_| anyhow!("the dealing thread failed"))?
}

fn deal(
    program: &fairdeal_script::Program,
    seed: [u8; 32],
    verbose: bool,
    footer_to_stderr: bool,
    why: bool,
) -> anyhow::Result<()> {
    let start = Instant::now();
    let mut runner = program.runner(seed);
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // With --why, one deal at a time, so each explanation follows its deal.
    let slice = if why { 1 } else { 100_000 };
    loop {
        let before = runner.produced();
        let done = runner.step(slice);
        out.write_all(runner.take_text().as_bytes())?;
        if why && runner.produced() > before {
            if let Some(d) = runner.last_deal() {
                out.flush()?;
                let parts: Vec<String> = program
                    .why(&d)
                    .into_iter()
                    .map(|(n, v)| format!("{n}={v}"))
                    .collect();
                eprintln!("deal {}: {}", runner.produced(), parts.join(" "));
            }
        }
        if done {
            break;
        }
    }
    out.write_all(runner.summary_text().as_bytes())?;
    if verbose {
        let footer = format!(
            "Generated {} hands\nProduced {} hands\nTime needed {:8.3} sec\n",
            runner.generated(),
            runner.produced(),
            start.elapsed().as_secs_f64()
        );
        if footer_to_stderr {
            out.flush()?;
            eprint!("{footer}");
        } else {
            out.write_all(footer.as_bytes())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// `--lint`: the dialect report and a pilot acceptance rate.
fn lint(name: &str, source: &str, seed: Option<u64>) -> anyhow::Result<()> {
    let report = match fairdeal_script::lint::lint(source) {
        Ok(r) => r,
        Err(diags) => {
            eprint!(
                "{}",
                prefixed(name, &fairdeal_script::render_diagnostics(source, &diags))
            );
            bail!("{} problem(s) in {name}", diags.len());
        }
    };
    let program = fairdeal_script::compile_unaccelerated(source)
        .map_err(|d| anyhow!("{} problem(s) in {name}", d.len()))?;
    let mut s = [0u8; 32];
    match seed {
        Some(x) => s[..8].copy_from_slice(&x.to_le_bytes()),
        None => getrandom::fill(&mut s).map_err(|e| anyhow!("no OS randomness: {e}"))?,
    }
    let (generated, kept) = program.pilot(PILOT, s);
    let mut out = report.render();
    out.push_str(&fairdeal_script::lint::rate_line(generated, kept));
    print!("{out}");
    Ok(())
}

/// Prefixes each diagnostic line (not the source excerpt lines) with the file name.
fn prefixed(name: &str, rendered: &str) -> String {
    rendered
        .lines()
        .map(|l| {
            if l.starts_with("  ") {
                format!("{l}\n")
            } else {
                format!("{name}:{l}\n")
            }
        })
        .collect()
}
