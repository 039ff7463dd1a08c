//! `fairdeal dd`: tables and par from PBN and LIN, text and CSV, thread counts, bad input;
//! results files (the same deal at every table): each distinct deal solved once, every game
//! printed as before, progress and solve counts on stderr.

mod common;
use common::{fairdeal, stdout_of, temp_file};

/// Checked with DDS 2.9 through endplay (dealers.md §7): par +80, 1♠ by N or S.
const PBN: &str = r#"[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]
"#;

#[test]
fn text_table_and_par() {
    let f = temp_file(PBN, ".pbn");
    let out = stdout_of(&["dd", f.path().to_str().unwrap(), "-j", "2"]);
    let expected_1 = "Board 1  Dealer N  Vul None
N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765
     NT  S  H  D  C
  N  5  7  5  7  5
  S  5  7  5  7  5
  E  5  5  7  5  7
  W  5  5  7  5  7
Par +80 NS: 1S NS
";
    assert!(out.starts_with(expected_1), "{out}");
    // Board 2: every hand holds one whole suit; East deals, both sides can make a grand in
    // their own suit, notrump makes nothing.
    assert!(out.contains("Board 2  Dealer E  Vul NS"), "{out}");
    assert!(out.contains("  N  0 13  0 13  0\n"), "{out}");
}

#[test]
fn csv_has_one_line_per_board_and_the_same_numbers_on_one_thread() {
    let f = temp_file(PBN, ".pbn");
    let path = f.path().to_str().unwrap();
    let out = stdout_of(&["dd", path, "--csv", "-j", "1"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(&header[..5], &["board", "dealer", "vul", "deal", "N_C"]);
    assert_eq!(header[header.len() - 2..], ["par_ns", "par_contracts"]);
    let row: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(row.len(), header.len());
    let col = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(col("N_S"), "7");
    assert_eq!(col("E_C"), "7");
    assert_eq!(col("W_NT"), "5");
    assert_eq!(col("par_ns"), "80");
    assert_eq!(col("par_contracts"), "1S NS");
    // Same answers on three threads.
    assert_eq!(stdout_of(&["dd", path, "--csv", "-j", "3"]), out);
}

#[test]
fn reads_lin() {
    // LIN hands: S, W, N, E after the dealer digit (3 = North).
    let lin = "md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,ST98H765D432CAKQJ|sv|0|ah|Board 1|\n";
    let f = temp_file(lin, ".lin");
    let out = stdout_of(&["dd", f.path().to_str().unwrap()]);
    assert!(out.contains("Par +80 NS: 1S NS"), "{out}");
    assert!(out.contains("  N  5  7  5  7  5\n"), "{out}");
}

#[test]
fn writes_pbn_with_results() {
    let f = temp_file(PBN, ".pbn");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("solved.pbn");
    stdout_of(&[
        "dd",
        f.path().to_str().unwrap(),
        "--pbn",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("[OptimumResultTable"), "{text}");
    assert!(text.contains("[OptimumScore"), "{text}");
}

#[test]
fn incomplete_boards_are_skipped_and_reported() {
    let pbn = "[Board \"7\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n\n".to_string() + PBN;
    let f = temp_file(&pbn, ".pbn");
    let out = fairdeal()
        .args(["dd", f.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("board 7 has no complete deal; skipped"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Board 1 "));
}

#[test]
fn no_solvable_board_is_an_error() {
    let f = temp_file(
        "[Board \"7\"]\n[Deal \"N:AKQJ.T98.765.432 - - -\"]\n",
        ".pbn",
    );
    let out = fairdeal()
        .args(["dd", f.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("holds no board with four full hands"), "{err}");
    let out = fairdeal()
        .args(["dd", f.path().to_str().unwrap(), "-j", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

/// Runs `fairdeal args…`, asserts success and returns (stdout, stderr).
fn run_dd(args: &[&str]) -> (String, String) {
    let out = fairdeal().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{args:?}: {err}");
    (String::from_utf8(out.stdout).unwrap(), err)
}

/// A club results file: 120 games of 8 deals, 17 of them with the deal written from another
/// first seat (`cargo run -p fairdeal-dd --example results_pbn -- 120 8 2026`).
const CLUB_RESULTS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/club-results.pbn");

#[test]
fn a_results_file_solves_each_deal_once_and_prints_every_game_as_before() {
    let (out, err) = run_dd(&["dd", CLUB_RESULTS, "--stats", "-j", "2"]);
    // Byte for byte what `fairdeal dd` printed before the cache, which solved all 120 games
    // (club-results.dd.txt was written by the binary of commit 80078f0).
    let before = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/club-results.dd.txt"
    ))
    .unwrap();
    assert!(out == before, "output differs from before:\n{out}");
    assert!(
        err.contains("120 boards, 8 distinct deals, 8 tables solved"),
        "{err}"
    );
    // Per-deal progress, one line per solved deal.
    let progress: Vec<&str> = err.lines().filter(|l| l.starts_with("dd: ")).collect();
    assert_eq!(progress.len(), 8, "{err}");
    for k in 1..=8 {
        let line = format!("dd: {k} of 8 deals solved (board ");
        assert!(progress.iter().any(|l| l.starts_with(&line)), "{err}");
    }
    // --quiet drops the progress, not the stats.
    let (quiet_out, quiet_err) = run_dd(&["dd", CLUB_RESULTS, "--stats", "-q"]);
    assert_eq!(quiet_out, out);
    assert!(!quiet_err.contains("dd: "), "{quiet_err}");
    assert!(quiet_err.contains("8 tables solved"), "{quiet_err}");
}

/// Board 1 at three tables (once written from East), and two sections' board 2: the same
/// number, different deals.
const REPEATS: &str = r#"[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "S"]
[Contract "1S"]
[Result "7"]

[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "E:T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765 AKQJ.T98.765.432"]
[Declarer "E"]
[Contract "2H"]
[Result "7"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432."]

[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "N"]
[Contract "Pass"]
[Result ""]
"#;

#[test]
fn the_cache_is_keyed_by_the_deal_not_the_board_number_nor_the_first_seat() {
    let f = temp_file(REPEATS, ".pbn");
    let path = f.path().to_str().unwrap();
    let (out, err) = run_dd(&["dd", path, "--stats", "--csv"]);
    assert!(
        err.contains("5 boards, 3 distinct deals, 3 tables solved"),
        "{err}"
    );
    let (every, every_err) = run_dd(&["dd", path, "--stats", "--csv", "--no-cache", "-j", "1"]);
    assert!(
        every_err.contains("5 boards, 3 distinct deals, 5 tables solved"),
        "{every_err}"
    );
    assert_eq!(out, every);
    // Every game is listed, in input order; the two board 2s keep their own tables.
    let rows: Vec<&str> = out.lines().skip(1).collect();
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0], rows[4]);
    assert_eq!(rows[0], rows[1]);
    assert_ne!(rows[2], rows[3]);
}
