//! `fairdeal suit NORTH SOUTH [--target N] [--entries N:S|unlimited] [--vacant W:E]
//! [--tree] [--full] [--format text|csv|json] [--output FILE [--force]]`: the best line for one
//! suit combination (`fairdeal_suit::solve`), the same report as the `/suit` page.
//!
//! NORTH and SOUTH are holdings as players write them (`AQ10x`, `xxx`, `-` for a void; `x` is
//! a small card, taken as the lowest spots nobody holds, and the report says which). Without
//! `--target` the line maximises expected tricks. Text prints the best line in a few sentences
//! (`--tree`: and in full, every branch), the best line of each first play, and the lie
//! table; CSV is the lie table; JSON the whole solution. A holding whose full search is over
//! its budget is solved above a floor (the best line exactly; the first plays that cannot
//! reach it are named, not shown); `--full` runs the full search however long it takes.
//! `--query 'n=AQ10x&s=xxx&target=3'` reads the page's URL instead of the arguments.

use anyhow::{anyhow, Context};
use fairdeal_suit::{solve, solve_exhaustive, ProblemText};

use crate::output::Policy;

/// Output formats of `fairdeal suit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// The best line in words, the first plays compared, the lie table.
    Text,
    /// The lie table: `west,east,ways,count,total,percent,line1,…`.
    Csv,
    /// The whole solution as JSON.
    Json,
}

/// Arguments of `fairdeal suit`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// North's holding (e.g. AQ10x; `-` for a void).
    pub north: Option<String>,
    /// South's holding (e.g. xxx).
    pub south: Option<String>,
    /// Tricks wanted (default: the most tricks on average).
    #[arg(long)]
    pub target: Option<String>,
    /// Entries to North and South from outside the suit: `unlimited` or N:S (e.g. 1:2).
    #[arg(long, default_value = "unlimited")]
    pub entries: String,
    /// Vacant places West:East for the suit's missing cards (default 13:13).
    #[arg(long)]
    pub vacant: Option<String>,
    /// The `/suit` page's query string instead of the arguments (`n=AQ10x&s=xxx&target=3`).
    #[arg(long, conflicts_with_all = ["north", "south"])]
    pub query: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Text: the best line in full (every branch of the defenders' cards) after its summary.
    #[arg(long)]
    pub tree: bool,
    /// Every first play's best line even when the full search is long (seconds to minutes for
    /// the largest holdings), instead of only those that can match the best line.
    #[arg(long)]
    pub full: bool,
    /// Shorthand for `--format csv`.
    #[arg(long)]
    pub csv: bool,
    /// Write to this file instead of standard output.
    #[arg(long, short)]
    pub output: Option<std::path::PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    pub force: bool,
}

/// Runs `fairdeal suit`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let text = match &args.query {
        Some(q) => ProblemText::from_query(q),
        None => ProblemText {
            north: args
                .north
                .clone()
                .ok_or_else(|| anyhow!("give North's and South's holdings (e.g. AQ10x xxx)"))?,
            south: args
                .south
                .clone()
                .ok_or_else(|| anyhow!("give South's holding too (e.g. xxx; - for a void)"))?,
            target: args.target.clone().unwrap_or_default(),
            entries: args.entries.clone(),
            vacant: args.vacant.clone().unwrap_or_default(),
        },
    };
    let problem = text.problem()?;
    let solution = if args.full {
        solve_exhaustive(&problem, None)?
    } else {
        solve(&problem)?
    };
    let format = if args.csv { Format::Csv } else { args.format };
    let out = match format {
        Format::Text => solution.report(args.tree),
        Format::Csv => solution.csv(),
        Format::Json => serde_json::to_string_pretty(&solution)? + "\n",
    };
    match &args.output {
        Some(path) => Policy::new(args.force)
            .write(path, out.as_bytes())
            .with_context(|| format!("writing {}", path.display())),
        None => {
            print!("{out}");
            Ok(())
        }
    }
}
