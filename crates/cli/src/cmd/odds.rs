//! `fairdeal odds IN [--board N] [--after K] [--lho SHOWN] [--rho SHOWN] [--csv]`: the odds during the play of one board —
//! for each suit, how its unseen cards lie between declarer's opponents, and where every
//! unseen honour is, as exact fractions (`fairdeal_prob::at_table`).
//!
//! IN is a PBN or LIN hand record with a contract and play (or a viewer / BBO link, as
//! `fairdeal play` reads). The position is declarer's view after the first K cards of the
//! play (default: all of them): declarer's and dummy's hands, the cards each opponent has
//! played, the suits each has shown out of. The charts name the opponents by their seats
//! (declarer's left-hand one first). `--lho`/`--rho` add what each showed in
//! the auction (`hcp 11-15, spades 5+`), which makes the count a constrained one. `--csv` prints every chart's rows as
//! `chart,label,count,total,fraction,percent`.

use anyhow::{bail, Context};
use fairdeal_prob::at_table::{Position, Shown};

use crate::cmd::link::load;
use crate::cmd::prob::table;

/// Arguments of `fairdeal odds`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The hand record (.pbn or .lin) with play, or a viewer or BBO handviewer link.
    input: String,
    /// The board number (needed when the file holds more than one board).
    #[arg(long, short = 'b')]
    board: Option<u32>,
    /// Cards of the play seen so far (default: every card of the record).
    #[arg(long)]
    after: Option<usize>,
    /// What declarer's left-hand opponent showed in the auction, e.g. `hcp 11-15, spades 5+`
    /// (items `hcp RANGE` or a suit and RANGE; RANGE `n`, `a-b`, `a+`, `a-`).
    #[arg(long, value_name = "SHOWN")]
    lho: Option<String>,
    /// What declarer's right-hand opponent showed, in the same form.
    #[arg(long, value_name = "SHOWN")]
    rho: Option<String>,
    /// CSV instead of tables.
    #[arg(long)]
    csv: bool,
}

/// Runs `fairdeal odds`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let link = load(&args.input, args.board)?;
    let Some(contract) = link.contract else {
        bail!("the board has no contract, so no declarer to see the play from");
    };
    let k = args.after.unwrap_or(link.play.len());
    if k > link.play.len() {
        bail!(
            "--after {k}: the record has only {} cards of play",
            link.play.len()
        );
    }
    let mut position = Position::from_play(&link.deal, contract.declarer, &link.play[..k])
        .context("reading the play")?;
    for (west, flag, text) in [(true, "--lho", &args.lho), (false, "--rho", &args.rho)] {
        if let Some(text) = text {
            let shown = Shown::parse(text).with_context(|| format!("{flag} `{text}`"))?;
            position.show(west, &shown);
        }
    }
    let charts = position.charts()?;
    let d = contract.declarer;
    if args.csv {
        println!("chart,label,count,total,fraction,percent");
        for c in &charts {
            for r in &c.rows {
                println!(
                    "\"{}\",{},{},{},{},{}",
                    c.title.replace('"', "\"\""),
                    r.label,
                    r.count,
                    c.total,
                    r.probability,
                    r.percent
                );
            }
        }
    } else {
        println!(
            "Declarer {}; after {k} card{} of play. Left-hand opponent {}, right-hand opponent {}.\n",
            d.name(),
            if k == 1 { "" } else { "s" },
            d.lho().name(),
            d.rho().name()
        );
        for c in &charts {
            println!("{}", table(c));
        }
    }
    Ok(())
}
