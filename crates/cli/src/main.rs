//! `fairdeal`: the command-line face of Fair Deal.
//!
//! This crate alone knows argv, files and exit codes; every subcommand is a thin module in
//! [`cmd`] over the domain crates. Errors print as one line `fairdeal: error: …` with exit
//! status 1 (usage errors: clap's message and status 2). Nothing here reads stdin unless a
//! subcommand is given `-` as a file name.

mod cmd;
mod output;

use clap::{Parser, Subcommand};

/// Fair Deal: tournament-grade bridge dealing, deal numbers, scoring and more.
#[derive(Debug, Parser)]
#[command(name = "fairdeal", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Convert between deals and deal numbers (Pavlicek's and Big Deal's mappings).
    Number(cmd::number::Args),
    /// Deal a set of boards (Big Deal-compatible) and write them in any Big Deal format.
    Deal(cmd::deal::Args),
    /// Drop-in for Big Deal's `bigdealx`: accepts its own command line and writes the same files.
    #[command(disable_help_flag = true)]
    Bigdeal(cmd::bigdeal::Args),
    /// SquareDeal: create a committed tournament, deal its sessions, verify a published set.
    Squaredeal(cmd::squaredeal::Args),
    /// Count the deals meeting a constraint file, exactly.
    Count(cmd::count::Args),
    /// Deal boards meeting a constraint file, exactly uniform (PBN deal lines).
    Constrain(cmd::constrain::Args),
    /// Generate deals under a constraint file and test them against exact theory (chi-square).
    Stats(cmd::stats::Args),
    /// Score a session: results CSV/PBN → matchpoints, Butler, cross-IMPs, VPs or team matches → ranking.
    Score(cmd::score::Args),
    /// Publish a session: results + hand records → one HTML page (rankings, travellers v DD and par, scorecards).
    Publish(cmd::publish::Args),
    /// Convert hand records between PBN, LIN and every Big Deal format.
    Convert(cmd::convert::Args),
    /// Print hand records or per-seat practice sheets as an HTML page made for print.
    Print(cmd::print::Args),
    /// Run a dealer script (Hans van Staveren's dealer language), with dealer's output.
    Script(cmd::script::Args),
    /// Double-dummy table and par of every board of a PBN or LIN file (multi-threaded).
    Dd(cmd::dd::Args),
    /// The play of one board with double dummy on every card (text or CSV).
    Play(cmd::play::Args),
    /// The viewer link of one board (deal, auction, play; never a seed), BBO's, or a QR code.
    Link(cmd::link::Args),
    /// Exact probability charts: the Probability page's questions and lessons as tables.
    Prob(Box<cmd::prob::Args>),
    /// Lead and contract simulator: DD results over deals meeting a constraint file, with intervals.
    Simulate(cmd::simulate::Args),
    /// Suit combinations: the best line for one suit, its exact chance, the lies it wins.
    Suit(cmd::suit::Args),
    /// Odds during the play of a board: each suit's split and the unseen honours, exact.
    Odds(cmd::odds::Args),
}

fn main() {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Number(args) => cmd::number::run(args),
        Command::Deal(args) => cmd::deal::run(args),
        Command::Bigdeal(args) => cmd::bigdeal::run(args),
        Command::Squaredeal(args) => cmd::squaredeal::run(args),
        Command::Count(args) => cmd::count::run(args),
        Command::Constrain(args) => cmd::constrain::run(args),
        Command::Stats(args) => cmd::stats::run(args),
        Command::Score(args) => cmd::score::run(args),
        Command::Publish(args) => cmd::publish::run(args),
        Command::Convert(args) => cmd::convert::run(args),
        Command::Print(args) => cmd::print::run(args),
        Command::Script(args) => cmd::script::run(args),
        Command::Dd(args) => cmd::dd::run(args),
        Command::Play(args) => cmd::play::run(args),
        Command::Link(args) => cmd::link::run(args),
        Command::Prob(args) => cmd::prob::run(*args),
        Command::Simulate(args) => cmd::simulate::run(args),
        Command::Suit(args) => cmd::suit::run(args),
        Command::Odds(args) => cmd::odds::run(args),
    };
    if let Err(e) = result {
        eprintln!("fairdeal: error: {e:#}");
        std::process::exit(1);
    }
}
