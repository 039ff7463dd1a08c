//! Writes a seeded club results file in PBN to stdout: `DEALS` boards played at many tables,
//! `GAMES` games in all (one game per table, the same deal repeated at every table), shaped
//! like what club scoring programs export — `Event`, `Board`, players, `Dealer`,
//! `Vulnerable`, `Deal`, `Scoring`, `Declarer`, `Contract`, `Result` — with about one game in
//! five writing its `Deal` tag from another first seat (`[Deal "E:…"]`), as some exporters
//! do (they start with the dealer). The test data and the benchmark of `fairdeal dd` over
//! results files (`scripts/bench-dd-file.sh`) come from here.
//!
//! `cargo run --release -p fairdeal-dd --example results_pbn -- GAMES DEALS SEED > out.pbn`
//!
//! Deterministic: deals from `FastDealer` (ChaCha8, stream 0) keyed by `SEED`, every other
//! choice from ChaCha8 stream 1 of the same key; nothing comes from the OS.
use fairdeal_dealing::fast::FastDealer;
use fairdeal_model::{Seat, Vulnerability};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};
use std::fmt::Write as _;
use std::process::ExitCode;

/// Most games or boards accepted (a results file of a very large event).
const MAX: usize = 1_000_000;

/// A number below `n` (multiply-shift; the bias, below n / 2³², does not matter for test data).
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    ((u64::from(rng.next_u32()) * u64::from(n)) >> 32) as u32
}

/// The contract, declarer and result of one game, as PBN tag values
/// (`None` declarer and result for a pass-out).
fn game(rng: &mut ChaCha8Rng) -> (String, Option<char>, Option<u32>) {
    if below(rng, 40) == 0 {
        return ("Pass".to_string(), None, None);
    }
    let level = 1 + below(rng, 7);
    let strain = ["C", "D", "H", "S", "NT"][below(rng, 5) as usize];
    let penalty = ["", "", "", "", "", "", "X", "XX"][below(rng, 8) as usize];
    let declarer = Seat::ALL[below(rng, 4) as usize].letter();
    // Usually near the contract: from three down to two over, within 0..=13.
    let tricks = (6 + level + below(rng, 6)).saturating_sub(3).min(13);
    (
        format!("{level}{strain}{penalty}"),
        Some(declarer),
        Some(tricks),
    )
}

fn parse(arg: Option<String>, what: &str) -> Result<usize, String> {
    let text = arg.ok_or_else(|| format!("missing {what}; usage: results_pbn GAMES DEALS SEED"))?;
    text.parse::<usize>()
        .map_err(|_| format!("{what} {text:?}: expected a whole number"))
}

fn run() -> Result<String, String> {
    let mut args = std::env::args().skip(1);
    let games = parse(args.next(), "GAMES")?;
    let deals = parse(args.next(), "DEALS")?;
    let seed = parse(args.next(), "SEED")? as u64; // usize fits in u64 on every target
    if deals == 0 || games < deals || games > MAX {
        return Err(format!(
            "{games} games of {deals} deals: expected 1 <= DEALS <= GAMES <= {MAX}"
        ));
    }
    let mut key = [0u8; 32];
    key[..8].copy_from_slice(&seed.to_le_bytes());
    let mut dealer = FastDealer::from_seed_and_stream(key, 0);
    let mut rng = ChaCha8Rng::from_seed(key);
    rng.set_stream(1);
    let mut out = String::new();
    for board in 1..=deals {
        let number = u32::try_from(board).map_err(|_| "too many boards".to_string())?;
        let deal = dealer.next_deal();
        let dealer_seat = Seat::dealer_of_board(number);
        let vul = Vulnerability::of_board(number);
        // Games spread as evenly as they go: the first `games % deals` boards get one more.
        let tables = games / deals + usize::from(board <= games % deals);
        for table in 1..=tables {
            let first = if below(&mut rng, 5) == 0 {
                Seat::ALL[1 + below(&mut rng, 3) as usize]
            } else {
                Seat::North
            };
            let (contract, declarer, result) = game(&mut rng);
            let player = |k: usize| 4 * (table - 1) + k;
            let _ = write!(
                out,
                "[Event \"Club Pairs\"]\n[Site \"Fair Deal BC\"]\n[Date \"2026.11.20\"]\n\
                 [Board \"{number}\"]\n[West \"Player {}\"]\n[North \"Player {}\"]\n\
                 [East \"Player {}\"]\n[South \"Player {}\"]\n[Dealer \"{}\"]\n\
                 [Vulnerable \"{}\"]\n[Deal \"{}\"]\n[Scoring \"MP\"]\n",
                player(4),
                player(1),
                player(3),
                player(2),
                dealer_seat.letter(),
                vul.pbn(),
                deal.to_pbn(first),
            );
            let _ = writeln!(
                out,
                "[Declarer \"{}\"]",
                declarer.map_or(String::new(), String::from)
            );
            let _ = writeln!(out, "[Contract \"{contract}\"]");
            let _ = writeln!(
                out,
                "[Result \"{}\"]\n",
                result.map_or(String::new(), |r| r.to_string())
            );
        }
    }
    Ok(out)
}

fn main() -> ExitCode {
    match run() {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("results_pbn: {e}");
            ExitCode::FAILURE
        }
    }
}
