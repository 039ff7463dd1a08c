//! `fairdeal play`: the play of one board with double dummy on every card.
//!
//! `fairdeal play IN --board N [--csv]` reads board `N` of a PBN or LIN file (or a viewer or
//! BBO handviewer link in place of the file, as `fairdeal link` does), replays its play in
//! its contract and prints, at every position, the player to move and each legal card with
//! **declarer's tricks for the whole board** if that card is played and the rest is played
//! double dummy (the figures the viewer page shows), the cards that cost a trick, the card
//! played, and the tricks each side has lost against double dummy so far.
//!
//! `--csv` prints one line per legal card per position under the header
//! `board,position,trick,card_in_trick,to_move,card,declarer_tricks,cost,played,tricks_ns,tricks_ew,lost_ns,lost_ew`:
//! `position` counts the cards played before it (0 = the opening lead), `card` is `SA`-style,
//! `cost` the tricks the card loses for the side playing it against the best card there,
//! `played` 1 for the card the record played, `tricks_*` the tricks won so far and `lost_*`
//! the tricks lost against DD before this position's card. The engine is
//! `fairdeal_dd::play::analyse_play`; `scripts/play-verify.py` checks every figure against
//! DDS through endplay.

use crate::cmd::link::load;
use anyhow::{bail, Context};
use fairdeal_dd::play::{analyse_play, PlayAnalysis, Position};
use fairdeal_dd::{DdSolver, STACK_BYTES};
use fairdeal_interop::link::Link;
use fairdeal_model::play::Side;
use std::fmt::Write as _;

/// Arguments of `fairdeal play`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The hand record (.pbn or .lin), or a viewer or BBO handviewer link.
    input: String,
    /// The board number (needed when the file holds more than one board).
    #[arg(long, short = 'b')]
    board: Option<u32>,
    /// One CSV line per legal card per position instead of text.
    #[arg(long)]
    csv: bool,
}

/// The CSV header.
pub const CSV_HEADER: &str = "board,position,trick,card_in_trick,to_move,card,declarer_tricks,cost,played,tricks_ns,tricks_ew,lost_ns,lost_ew";

fn csv(link: &Link, a: &PlayAnalysis) -> String {
    let board = link.number.map_or(String::new(), |n| n.to_string());
    let mut out = format!("{CSV_HEADER}\n");
    for p in &a.positions {
        let Some(mover) = p.to_move else { continue };
        for f in &p.cards {
            let _ = writeln!(
                out,
                "{board},{},{},{},{},{},{},{},{},{},{},{},{}",
                p.index,
                p.index / 4 + 1,
                p.index % 4 + 1,
                mover.letter(),
                f.card,
                f.declarer_tricks,
                f.cost,
                u8::from(p.played == Some(f.card)),
                p.tricks_won[0],
                p.tricks_won[1],
                p.lost_before[0],
                p.lost_before[1],
            );
        }
    }
    out
}

fn figures(p: &Position) -> String {
    let cards: Vec<String> = p
        .cards
        .iter()
        .map(|f| {
            if f.cost > 0 {
                format!("{} {} (-{})", f.card, f.declarer_tricks, f.cost)
            } else {
                format!("{} {}", f.card, f.declarer_tricks)
            }
        })
        .collect();
    cards.join(", ")
}

fn text(link: &Link, a: &PlayAnalysis) -> String {
    let contract = link.contract.map(|c| c.text()).unwrap_or_default();
    let mut out = String::new();
    let board = link
        .number
        .map_or_else(|| "Board".to_string(), |n| format!("Board {n}"));
    let _ = writeln!(
        out,
        "{board}: {contract} by {}. Each legal card: declarer's tricks with double-dummy play after it; (-n) = costs its side n tricks.",
        a.declarer.name()
    );
    for p in &a.positions {
        let Some(mover) = p.to_move else { continue };
        let _ = writeln!(
            out,
            "Trick {}, card {}: {} to play, DD {} (won NS {}, EW {}; lost against DD NS {}, EW {})",
            p.index / 4 + 1,
            p.index % 4 + 1,
            mover.name(),
            p.dd_tricks,
            p.tricks_won[0],
            p.tricks_won[1],
            p.lost_before[0],
            p.lost_before[1]
        );
        let _ = writeln!(out, "  {}", figures(p));
        if let Some(c) = p.played {
            let cost = p.played_cost();
            let note = if cost > 0 {
                format!(" — costs {cost}")
            } else {
                String::new()
            };
            let _ = writeln!(out, "  played {c}{note}");
        }
    }
    if let Some(last) = a.positions.last() {
        let decl = Side::of(a.declarer);
        let taken = match decl {
            Side::NorthSouth => last.tricks_won[0],
            Side::EastWest => last.tricks_won[1],
        };
        let lost = last.lost_before;
        let start = a.positions.first().map_or(0, |p| p.dd_tricks);
        if last.to_move.is_none() {
            let _ = writeln!(
                out,
                "Declarer took {taken} tricks (DD at the opening lead: {start}); lost against DD: NS {}, EW {}",
                lost[0], lost[1]
            );
        } else {
            let _ = writeln!(
                out,
                "Play stops after {} cards (DD at the opening lead: {start}, now {}); lost against DD: NS {}, EW {}",
                last.index, last.dd_tricks, lost[0], lost[1]
            );
        }
    }
    out
}

/// Runs `fairdeal play`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let link = load(&args.input, args.board)?;
    let Some(contract) = link.contract else {
        bail!("the board has no contract (passed out, or no auction and no [Contract]/[Declarer]); nothing to play");
    };
    let deal = link.deal;
    let play = link.play.clone();
    // The search needs a deep stack: solve on a thread of our own.
    let analysis = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            analyse_play(
                &mut DdSolver::new(),
                deal,
                contract.strain,
                contract.declarer,
                &play,
            )
        })
        .context("cannot start the solver thread")?
        .join()
        .map_err(|_| anyhow::anyhow!("the solver thread failed"))??;
    if args.csv {
        print!("{}", csv(&link, &analysis));
    } else {
        print!("{}", text(&link, &analysis));
    }
    Ok(())
}
