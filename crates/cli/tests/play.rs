//! `fairdeal play` and `fairdeal link` on a real BBO record with its whole play: the CSV is
//! the engine's analysis card for card, the text says the same, links read back (from a
//! viewer link, a bare code and a BBO handviewer link), `--qr` writes an SVG and never over
//! a file without `--force`, and bad input is a one-line error.

mod common;
use common::{fairdeal, stdout_of, temp_file};
use fairdeal_dd::play::analyse_play;
use fairdeal_dd::{DdSolver, STACK_BYTES};
use fairdeal_interop::link::{parse_link, Link};
use fairdeal_interop::read_lin;

const LIN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../interop/tests/data/play/endplay-example1.lin"
);

fn link_of_file() -> Link {
    let bytes = std::fs::read(LIN).unwrap();
    Link::from_board(&read_lin(&bytes).boards[0]).unwrap()
}

#[test]
fn csv_is_the_engines_analysis_card_for_card() {
    let csv = stdout_of(&["play", LIN, "--board", "1", "--csv"]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "board,position,trick,card_in_trick,to_move,card,declarer_tricks,cost,played,tricks_ns,tricks_ew,lost_ns,lost_ew"
    );
    let link = link_of_file();
    let c = link.contract.unwrap();
    let play = link.play.clone();
    let a = std::thread::Builder::new()
        .stack_size(STACK_BYTES)
        .spawn(move || {
            analyse_play(&mut DdSolver::new(), link.deal, c.strain, c.declarer, &play).unwrap()
        })
        .unwrap()
        .join()
        .unwrap();
    let mut want = Vec::new();
    for p in &a.positions {
        for f in &p.cards {
            want.push(format!(
                "1,{},{},{},{},{},{},{},{},{},{},{},{}",
                p.index,
                p.index / 4 + 1,
                p.index % 4 + 1,
                p.to_move.unwrap().letter(),
                f.card,
                f.declarer_tricks,
                f.cost,
                u8::from(p.played == Some(f.card)),
                p.tricks_won[0],
                p.tricks_won[1],
                p.lost_before[0],
                p.lost_before[1]
            ));
        }
    }
    let got: Vec<&str> = lines.collect();
    assert_eq!(got, want);
    // Known answers: 3NT by North makes 9 double dummy at the lead; the ♠2 lead costs
    // two tricks (the ♦A lead holds declarer to 9) and North takes 11.
    assert!(got.contains(&"1,0,1,1,E,S2,11,2,1,0,0,0,0"));
    assert!(got.contains(&"1,0,1,1,E,DA,9,0,0,0,0,0,0"));
    assert_eq!(
        got.iter()
            .filter(|l| l.split(',').nth(8) == Some("1"))
            .count(),
        52
    );
    let text = stdout_of(&["play", LIN]);
    assert!(text.starts_with("Board 1: 3NT by North."), "{text}");
    assert!(text.contains(
        "Trick 1, card 1: East to play, DD 9 (won NS 0, EW 0; lost against DD NS 0, EW 0)"
    ));
    assert!(text.contains("  played S2 — costs 2\n"));
    assert!(text.trim_end().ends_with(
        "Declarer took 11 tricks (DD at the opening lead: 9); lost against DD: NS 0, EW 2"
    ));
}

#[test]
fn links_read_back_in_every_form() {
    let url = stdout_of(&[
        "link",
        LIN,
        "--board",
        "1",
        "--base",
        "https://example.org/",
    ]);
    let url = url.trim();
    assert!(url.starts_with("https://example.org/view?l="), "{url}");
    assert_eq!(parse_link(url).unwrap(), link_of_file());
    // A link in place of the file: the same link back, and the same play.
    assert_eq!(
        stdout_of(&["link", url, "--base", "https://example.org"]).trim(),
        url
    );
    let code = url.rsplit('=').next().unwrap();
    assert_eq!(stdout_of(&["link", code]).trim(), format!("/view?l={code}"));
    assert_eq!(
        stdout_of(&["play", url, "--csv"]),
        stdout_of(&["play", LIN, "--csv"])
    );
    // BBO's handviewer link, and back.
    let bbo = stdout_of(&["link", LIN, "--bbo"]);
    let bbo = bbo.trim();
    assert!(bbo.starts_with("https://www.bridgebase.com/tools/handviewer.html?lin="));
    assert_eq!(
        stdout_of(&["link", bbo, "--base", "https://example.org"]).trim(),
        url
    );
}

#[test]
fn qr_writes_an_svg_and_never_over_a_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.svg");
    let out_s = out.to_str().unwrap();
    let args = ["link", LIN, "--base", "https://example.org", "--qr", out_s];
    stdout_of(&args);
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"));
    let again = fairdeal().args(args).output().unwrap();
    assert!(!again.status.success());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(err.contains("--force"), "{err}");
    let mut forced = args.to_vec();
    forced.push("--force");
    stdout_of(&forced);
    // A QR code of a relative link opens nothing.
    let rel = fairdeal()
        .args([
            "link",
            LIN,
            "--qr",
            dir.path().join("x.svg").to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&rel.stderr).contains("--qr needs --base"));
}

#[test]
fn bad_input_is_a_one_line_error() {
    let run = |args: &[&str]| {
        let out = fairdeal().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        err
    };
    let e = run(&["play", LIN, "--board", "7"]);
    assert!(e.contains("has no board 7; its boards are 1"), "{e}");
    let e = run(&["link", "https://example.org/view?l=EAEDyP*"]);
    assert!(e.contains("character 7 ('*')"), "{e}");
    // A revoke in the record: named by card number and reason.
    let bad = std::fs::read_to_string(LIN)
        .unwrap()
        .replace("pc|H9|pc|H7|pc|HA|", "pc|H9|pc|H7|pc|CK|");
    let f = temp_file(&bad, ".lin");
    let e = run(&["play", f.path().to_str().unwrap()]);
    assert!(
        e.contains("card 7 of the play: CK is a revoke: South must follow hearts"),
        "{e}"
    );
    // A passed-out board has nothing to play.
    let f = temp_file(
        "md|3S34TH48TQKADKCTJK,S5678QKH6JD9JQC59,S9JAH9D23456C36QA,|sv|o|mb|p|mb|p|mb|p|mb|p|",
        ".lin",
    );
    let e = run(&["play", f.path().to_str().unwrap()]);
    assert!(e.contains("no contract"), "{e}");
}

#[test]
fn the_same_board_as_pbn_gives_the_same_figures_and_link() {
    // `fairdeal convert` writes the record as PBN ([Auction], [Play] in PBN's layout).
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("game");
    stdout_of(&["convert", LIN, "-f", "pbn", "-p", prefix.to_str().unwrap()]);
    let pbn = dir.path().join("game.pbn");
    let pbn = pbn.to_str().unwrap();
    let text = std::fs::read_to_string(pbn).unwrap();
    assert!(text.contains("[Play \"E\"]"), "{text}");
    assert_eq!(
        stdout_of(&["play", pbn, "--csv"]),
        stdout_of(&["play", LIN, "--csv"])
    );
    assert_eq!(stdout_of(&["link", pbn]), stdout_of(&["link", LIN]));
}
