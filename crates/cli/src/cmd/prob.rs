//! `fairdeal prob [QUERY] [flags]`: an exact probability chart, the same question and the
//! same answer as the Probability page (`fairdeal_prob::question`).
//!
//! QUERY is the query string of the page's URL — `'q=splits&n=5'`, `'q=finesse&cards=Qxxx&honours=Q'`
//! or a lesson step `'lesson=hcp&step=2'` (0-based, as in the URL); flags set or override
//! single fields (`--kind splits --missing 5`), `--lesson hcp --step 2` names a lesson step,
//! `--list` prints the kinds, fields and lessons. The chart prints as a table (label, exact
//! fraction, percent as the page shows it), or `--format csv|json`. A bad field is an error
//! naming the field and its query key (exit 1).
//!
//! `--simulate FILE` answers what exact counting does not reach, as the page's simulation
//! panel does: deals meeting the conditions in FILE (constraint language, `-` for standard
//! input) are drawn exactly uniformly, the outcome (`--outcome longest|condition|losers|tricks`
//! with `--seat`, `--suit`, `--condition`, `--strain`, `--number`, read by
//! `fairdeal_prob::outcome_text` like the page's form) is counted on each, and the estimate
//! prints with its Wilson 95 % interval and, when countable, the exact value. The stream is
//! the page's simulation worker's (ChaCha20 keyed by the seed, the engine's set options);
//! `--seed HEX` replays a run, `--reveal-seed` prints a fresh one on stderr.

use anyhow::{anyhow, bail, Context};
use fairdeal_constrain::SET_OPTIONS;
use fairdeal_model::{Deal, Seat, Strain};
use fairdeal_prob::outcome_text::{parse_samples, OutcomeText};
use fairdeal_prob::sim::ProportionEstimator;
use fairdeal_prob::simulate::{exact_condition, Outcome, Simulation};
use fairdeal_prob::Fraction;
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

use super::constrain::seed_or_fresh;
use fairdeal_prob::question::{
    lesson_step, query_pairs, Field, Kind, Lesson, Question, KINDS, LESSONS,
};
use fairdeal_prob::Chart;

/// Output formats of `fairdeal prob`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Aligned text: title, formula, one row per label.
    Table,
    /// `label,count,total,fraction,percent`.
    Csv,
    /// The chart as JSON (title, formula, unit, total, decimals, rows).
    Json,
}

/// Arguments of `fairdeal prob`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The page's query string, e.g. 'q=splits&n=5' or 'lesson=hcp&step=2' (a leading `?` is fine).
    pub query: Option<String>,
    /// What is asked (the `q=` value): splits, honour, finesse, restricted, vacant, patterns,
    /// shape, hcp, aces, partner, partnerhand, fit, longestfit.
    #[arg(long)]
    pub kind: Option<String>,
    /// Cards missing in the suit (`n=`).
    #[arg(long)]
    pub missing: Option<String>,
    /// West's vacant places (`w=`).
    #[arg(long)]
    pub west: Option<String>,
    /// East's vacant places (`e=`).
    #[arg(long)]
    pub east: Option<String>,
    /// The missing cards, e.g. Qxxx (`cards=`).
    #[arg(long)]
    pub cards: Option<String>,
    /// Named honours, e.g. Q or QJ (`honours=`).
    #[arg(long)]
    pub honours: Option<String>,
    /// The defender, W or E (`player=`).
    #[arg(long)]
    pub player: Option<String>,
    /// The card the defender played (`played=`).
    #[arg(long)]
    pub played: Option<String>,
    /// The shape statistic: longest, shortest, voids, singletons, doubletons, four, S, H, D, C (`stat=`).
    #[arg(long)]
    pub stat: Option<String>,
    /// Your HCP (`hcp=`).
    #[arg(long)]
    pub hcp: Option<String>,
    /// Your hand, ♠.♥.♦.♣, e.g. AKJ4.QT3.K82.964 (`hand=`).
    #[arg(long)]
    pub hand: Option<String>,
    /// A ready-made lesson by key (see --list).
    #[arg(long)]
    pub lesson: Option<String>,
    /// The lesson's step, 0-based as in the page's URL (default 0).
    #[arg(long, requires = "lesson")]
    pub step: Option<usize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// List the question kinds, their fields and the lessons, and exit.
    #[arg(long)]
    pub list: bool,
    /// Simulate instead: deal conditions file (constraint language; `-` for standard input).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["query", "lesson", "list", "kind"])]
    pub simulate: Option<std::path::PathBuf>,
    /// With --simulate: what is counted (longest, condition, losers, tricks).
    #[arg(long, default_value = "longest", requires = "simulate")]
    pub outcome: String,
    /// With --simulate --outcome condition: the condition (constraint language).
    #[arg(long, default_value = "", requires = "simulate")]
    pub condition: String,
    /// With --simulate: the seat (longest, losers) or declarer (tricks): N, E, S or W.
    #[arg(long, default_value = "N", requires = "simulate")]
    pub seat: String,
    /// With --simulate --outcome longest: the suit, S, H, D or C.
    #[arg(long, default_value = "S", requires = "simulate")]
    pub suit: String,
    /// With --simulate --outcome tricks: the strain, C, D, H, S or NT.
    #[arg(long, default_value = "NT", requires = "simulate")]
    pub strain: String,
    /// With --simulate: most losers (losers) or tricks needed (tricks).
    #[arg(long, default_value = "7", requires = "simulate")]
    pub number: String,
    /// With --simulate: deals to draw.
    #[arg(long, default_value = "10000", requires = "simulate")]
    pub samples: String,
    /// With --simulate: the seed, up to 64 hex digits (default: fresh from the OS).
    #[arg(long, requires = "simulate")]
    pub seed: Option<String>,
    /// With --simulate: print a fresh seed on stderr (whoever holds it can replay the run).
    #[arg(long, requires = "simulate")]
    pub reveal_seed: bool,
}

/// Runs `fairdeal prob`.
pub fn run(args: Args) -> anyhow::Result<()> {
    if args.list {
        print!("{}", listing());
        return Ok(());
    }
    if let Some(path) = &args.simulate {
        if args.format != Format::Table {
            bail!("--simulate prints a text report: expected no --format");
        }
        return simulate(path, &args);
    }
    let question = question_of(&args)?;
    let answer = question.answer().map_err(|e| anyhow!("{question}: {e}"))?;
    let text = match args.format {
        Format::Table => table(&answer.chart),
        Format::Csv => csv(&answer.chart),
        Format::Json => serde_json::to_string_pretty(&answer.chart)? + "\n",
    };
    print!("{text}");
    Ok(())
}

/// The most deals one simulation may draw (the page's limit).
pub const MAX_SAMPLES: u32 = 10_000_000;

/// `--simulate`: read the conditions and the outcome, sample on a thread with the
/// double-dummy solver's stack, print the estimate.
fn simulate(path: &std::path::Path, args: &Args) -> anyhow::Result<()> {
    let spec = if path.as_os_str() == "-" {
        std::io::read_to_string(std::io::stdin()).context("reading standard input")?
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
    };
    let outcome = OutcomeText {
        kind: &args.outcome,
        condition: &args.condition,
        seat: &args.seat,
        suit: &args.suit,
        strain: &args.strain,
        number: &args.number,
    }
    .outcome()
    .map_err(|e| anyhow!(e))?;
    let samples = parse_samples(&args.samples, MAX_SAMPLES).map_err(|e| anyhow!(e))?;
    let seed = seed_or_fresh(args.seed.as_deref(), args.reveal_seed)?;
    let mut sim = Simulation::new(&spec, &outcome, SET_OPTIONS)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let exact = match &outcome {
        Outcome::Condition(c) => exact_condition(&spec, c, SET_OPTIONS),
        _ => None,
    };
    // Double dummy recurses deeply: sample on a thread with the solver's stack.
    let estimator = std::thread::Builder::new()
        .stack_size(fairdeal_dd::STACK_BYTES)
        .spawn(move || -> Result<ProportionEstimator, String> {
            let mut rng = ChaCha20Rng::from_seed(seed);
            let mut solver: Option<fairdeal_dd::DdSolver> = None;
            let mut solve = |deal: &Deal, strain: Strain, declarer: Seat| -> Result<u8, String> {
                let s = solver.get_or_insert_with(fairdeal_dd::DdSolver::new);
                Ok(s.strain_row(deal, strain)[declarer.index()])
            };
            sim.step(&mut rng, samples, &mut solve)?;
            Ok(sim.estimator())
        })
        .map_err(|e| anyhow!("cannot start the sampling thread: {e}"))?
        .join()
        .map_err(|_| anyhow!("the sampling thread failed"))?
        .map_err(|e| anyhow!("{e}"))?;
    print!("{}", simulation_report(&estimator, exact));
    Ok(())
}

/// The estimate, its Wilson 95 % interval and the exact value when known.
pub fn simulation_report(e: &ProportionEstimator, exact: Option<Fraction>) -> String {
    let mut out = format!(
        "deals: {}
successes: {}
",
        e.samples(),
        e.successes()
    );
    if let Some(i) = e.interval() {
        out.push_str(&format!(
            "estimate: {:.2} % (Wilson 95 %: {:.2} % to {:.2} %)\n",
            100.0 * i.estimate,
            100.0 * i.low,
            100.0 * i.high
        ));
    }
    if let Some(f) = exact {
        out.push_str(&format!("exact: {f} = {} %\n", f.percent(2)));
    }
    out
}

/// The question the arguments describe: the query (or lesson step), then each flag.
fn question_of(args: &Args) -> anyhow::Result<Question> {
    let mut question = match (&args.query, &args.lesson) {
        (Some(_), Some(_)) => bail!("give either a query string or --lesson, not both"),
        (None, Some(key)) => {
            let lesson = Lesson::by_key(key).ok_or_else(|| {
                let keys: Vec<&str> = LESSONS.iter().map(|l| l.key).collect();
                anyhow!("--lesson {key}: expected one of {}", keys.join(", "))
            })?;
            let step = args.step.unwrap_or(0);
            match lesson.step(step) {
                Some((s, q)) if s == step => q,
                _ => bail!(
                    "--step {step}: expected 0 to {} for lesson {key}",
                    lesson.steps.len().saturating_sub(1)
                ),
            }
        }
        (Some(query), None) => match lesson_step(query) {
            Some((_, _, q)) => q,
            // No `q=` in the query: --kind says what is asked, the query gives the fields.
            None if args.kind.is_some() && !query_pairs(query).iter().any(|(k, _)| k == "q") => {
                let mut q = Question::default();
                for (k, v) in query_pairs(query) {
                    if let Some(f) = Field::from_key(&k) {
                        q.set(f, v);
                    }
                }
                q
            }
            None => query.parse::<Question>()?,
        },
        (None, None) if args.kind.is_some() => Question::default(),
        (None, None) => bail!(
            "expected a question: a query string such as 'q=splits&n=5', --kind, or --lesson (see --list)"
        ),
    };
    if let Some(key) = &args.kind {
        question.kind = Kind::from_key(key).ok_or_else(|| {
            let keys: Vec<&str> = KINDS.iter().map(|k| k.key).collect();
            anyhow!("--kind {key}: expected one of {}", keys.join(", "))
        })?;
    }
    let flags = [
        (Field::Missing, &args.missing),
        (Field::WestVacant, &args.west),
        (Field::EastVacant, &args.east),
        (Field::Cards, &args.cards),
        (Field::Honours, &args.honours),
        (Field::Player, &args.player),
        (Field::Played, &args.played),
        (Field::Stat, &args.stat),
        (Field::OwnHcp, &args.hcp),
        (Field::Hand, &args.hand),
    ];
    for (field, value) in flags {
        if let Some(v) = value {
            question.set(field, v.clone());
        }
    }
    Ok(question)
}

/// Title, formula, then `label  fraction  percent %` rows aligned, then the total.
pub fn table(chart: &Chart) -> String {
    let rows: Vec<[String; 3]> = chart
        .rows
        .iter()
        .map(|r| {
            [
                r.label.clone(),
                r.probability.to_string(),
                format!("{} %", r.percent),
            ]
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    let mut out = format!("{}\n{}\n", chart.title, chart.formula);
    for [label, fraction, percent] in &rows {
        let pad = w0 - label.chars().count();
        out.push_str(&format!(
            "{label}{}  {fraction:>w1$}  {percent:>w2$}\n",
            " ".repeat(pad)
        ));
    }
    out.push_str(&format!("total: {} {}\n", chart.total, chart.unit));
    out
}

/// One CSV line per row: `label,count,total,fraction,percent` (percent without the sign).
pub fn csv(chart: &Chart) -> String {
    let mut out = String::from("label,count,total,fraction,percent\n");
    for r in &chart.rows {
        out.push_str(&format!(
            "{},{},{},{},{}\n",
            csv_field(&r.label),
            r.count,
            chart.total,
            r.probability,
            r.percent
        ));
    }
    out
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// The kinds with their fields (flag and query key) and the lessons.
fn listing() -> String {
    let mut out = String::from("kinds (q=KIND or --kind KIND):\n");
    for k in KINDS {
        let fields: Vec<String> = k.fields.iter().map(|f| format!("{}=", f.key())).collect();
        out.push_str(&format!(
            "  {:<12} {}{}\n",
            k.key,
            k.label,
            if fields.is_empty() {
                String::new()
            } else {
                format!("  [{}]", fields.join(" "))
            }
        ));
    }
    out.push_str("lessons (lesson=KEY&step=N or --lesson KEY --step N):\n");
    for l in LESSONS {
        out.push_str(&format!(
            "  {:<22} {} ({} steps)\n",
            l.key,
            l.title,
            l.steps.len()
        ));
    }
    out
}
