//! `fairdeal odds IN [--board N] [--after K] [--csv]`: the odds during the play of one board —
//! for each suit, how its unseen cards lie between declarer's opponents, and where every
//! unseen honour is, as exact fractions (`fairdeal_prob::at_table`).
//!
//! IN is a PBN or LIN hand record with a contract and play (or a viewer / BBO link, as
//! `fairdeal play` reads). The position is declarer's view after the first K cards of the
//! play (default: all of them): declarer's and dummy's hands, the cards each opponent has
//! played, the suits each has shown out of. "West" is declarer's left-hand opponent and
//! "East" the right-hand one, whatever the seats. `--csv` prints every chart's rows as
//! `chart,label,count,total,fraction,percent`.

use anyhow::{bail, Context};
use fairdeal_model::Suit;
use fairdeal_prob::at_table::Position;
use fairdeal_prob::Chart;

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
    /// CSV instead of tables.
    #[arg(long)]
    csv: bool,
}

/// The charts of a position: one split per suit, then the honours.
pub fn charts(position: &Position) -> anyhow::Result<Vec<Chart>> {
    let mut out = Vec::new();
    for suit in Suit::ALL {
        out.push(position.split_chart(suit)?);
    }
    out.push(position.honour_chart()?);
    Ok(out)
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
    let position = Position::from_play(&link.deal, contract.declarer, &link.play[..k])
        .context("reading the play")?;
    let charts = charts(&position)?;
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
            "Declarer {}; after {k} card{} of play. West = {} (declarer's left), East = {}.\n",
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
