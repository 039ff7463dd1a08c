//! `fairdeal score` end to end: rankings and per-board lines for a hand-worked event, bad
//! lines reported on stderr with line numbers, PBN input, and usage errors.

mod common;

use common::{fairdeal, temp_file};

/// The hand-made 3-table Mitchell of fairdeal-scoring's tests (worked out there by hand).
const THREE: &str = "board,ns,ew,contract,declarer,result,lead,score,adj
1,1,1,4S,N,=,HA,420,
1,2,2,4s,n,+1,,,
1,3,3,3NT,W,-1,,,
2,1,2,3NT,S,=,,,
2,2,3,2H,E,+1,,-140,
2,3,1,4H,N,9,,,
3,1,3,1NT,N,7,,,
3,2,1,2S,E,-2,,,
3,3,2,,,,,,A+/A-
";

fn stdout_of(args: &[&str], text: &str) -> String {
    let f = temp_file(text, ".csv");
    let out = fairdeal()
        .arg("score")
        .arg(f.path())
        .args(args)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn matchpoints_ranking_and_boards() {
    let out = stdout_of(&["--field", "two", "--boards"], THREE);
    assert_eq!(
        out,
        "rank,pair,direction,score,boards
1,2,NS,62.50,3
2,1,NS,54.17,3
3,3,NS,36.67,3
1,3,EW,95.83,3
2,1,EW,37.50,3
3,2,EW,0.00,3

board,ns,ew,ns_score,ns_points,ew_points
1,1,1,420,2.00,2.00
1,2,2,450,4.00,0.00
1,3,3,50,0.00,4.00
2,1,2,600,4.00,0.00
2,2,3,-140,0.00,4.00
2,3,1,-100,2.00,2.00
3,1,3,90,0.50,3.50
3,2,1,200,3.50,0.50
3,3,2,,2.40,0.00
"
    );
}

#[test]
fn butler_cross_imps_and_acbl() {
    let butler = stdout_of(&["--field", "two", "--method", "butler"], THREE);
    assert!(butler.starts_with("rank,pair,direction,score,boards\n1,1,NS,10.00,3\n2,2,NS,2.00,3\n3,3,NS,-6.00,3\n1,3,EW,12.00,3\n"), "{butler}");
    // Mean of all results, rounded toward zero: board 1 datum (420+450+50)/3 = 306.7 → 300.
    let mean = stdout_of(
        &[
            "--field",
            "two",
            "-m",
            "butler",
            "--mean",
            "--round",
            "toward-zero",
            "--boards",
        ],
        THREE,
    );
    assert!(mean.contains("\n1,1,1,420,3.00,-3.00\n"), "{mean}");
    let cross = stdout_of(&["--field", "two", "-m", "cross-imps"], THREE);
    assert!(cross.contains("\n1,1,NS,13.00,3\n"), "{cross}");
    let acbl = stdout_of(&["--field", "two", "-m", "mp-acbl", "--boards"], THREE);
    assert!(
        acbl.contains("\n1,2,NS,62.50,3\n") && acbl.contains("\n1,2,2,450,2.00,0.00\n"),
        "{acbl}"
    );
}

#[test]
fn vp_round_robin() {
    let csv = "board,ns,ew,score\n1,A,B,620\n1,C,D,170\n2,A,B,-100\n2,C,D,140\n";
    let out = stdout_of(&["-m", "vp", "--field", "one"], csv);
    assert_eq!(out, "rank,pair,direction,score,boards\n1=,A,,12.42,2\n1=,D,,12.42,2\n3=,B,,7.58,2\n3=,C,,7.58,2\n");
}

#[test]
fn bad_lines_go_to_stderr_with_line_numbers() {
    let csv = "board,ns,ew,contract,declarer,result\n1,1,2,4S,N,=\n1,3,4,4Q,N,=\n1,5,6\n1,7,8,7NT,S,+1\n1,9,10,3NT,N,-1\n";
    let f = temp_file(csv, ".csv");
    let out = fairdeal()
        .arg("score")
        .arg(f.path())
        .output()
        .expect("runs");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 3: board 1, NS 3 v EW 4, contract: unknown strain `Q`"),
        "{err}"
    );
    assert!(err.contains("line 4: 3 fields; the header has 6"), "{err}");
    assert!(
        err.contains("line 5: board 1, NS 7 v EW 8, result: result `+1` is impossible for 7NT"),
        "{err}"
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 5, "{stdout}"); // header + 2 NS + 2 EW pairs
}

#[test]
fn pbn_input() {
    let pbn = "[Board \"1\"]\n[PairId_NS \"1\"]\n[PairId_EW \"2\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"10\"]\n\n[Board \"1\"]\n[PairId_NS \"3\"]\n[PairId_EW \"4\"]\n[Declarer \"N\"]\n[Contract \"4S\"]\n[Result \"9\"]\n";
    let f = temp_file(pbn, ".pbn");
    let out = fairdeal()
        .arg("score")
        .arg(f.path())
        .args(["--boards"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(
        s.starts_with("rank,pair,direction,score,boards\n1,1,NS,100.00,1\n2,3,NS,0.00,1\n"),
        "{s}"
    );
    assert!(s.contains("1,3,4,-50,0.00,2.00"), "{s}");
}

#[test]
fn usage_and_file_errors() {
    let f = temp_file(THREE, ".csv");
    fairdeal()
        .arg("score")
        .arg(f.path())
        .args(["-m", "rubber"])
        .assert()
        .code(2);
    let out = fairdeal()
        .args(["score", "/nonexistent/results.csv"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("fairdeal: error: reading /nonexistent/results.csv"));
    let empty = temp_file("board,ns,ew,score\n", ".csv");
    let out = fairdeal()
        .arg("score")
        .arg(empty.path())
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no results to score"));
}

/// Pair names that a spreadsheet would run as formulas are written neutralised (a leading
/// `'`), in the ranking and the per-board rows, as the Score page's CSV export does.
#[test]
fn formula_like_pair_names_are_neutralised_in_csv() {
    let text = THREE
        .replace("\n1,1,1,", "\n1,=HYPERLINK(1),1,")
        .replace("\n2,1,2,", "\n2,=HYPERLINK(1),2,")
        .replace("\n3,1,3,", "\n3,=HYPERLINK(1),3,");
    let out = stdout_of(&["--boards"], &text);
    assert!(out.contains("'=HYPERLINK(1)"), "{out}");
    assert!(
        !out.lines()
            .any(|l| l.split(',').any(|f| f.starts_with("=HYPERLINK"))),
        "{out}"
    );
}

/// The shared team event of fairdeal-scoring's tests (worked out by hand in its comments),
/// which the Score page reproduces in a wasm test.
const TEAMS: &str = include_str!("../../scoring/tests/data/teams.csv");
const TEAMS_EXPECTED: &str = include_str!("../../scoring/tests/data/teams.expected.csv");

#[test]
fn teams_reproduce_the_shared_team_event() {
    assert_eq!(
        stdout_of(&["--method", "teams", "--boards"], TEAMS),
        TEAMS_EXPECTED
    );
    let ranking = TEAMS_EXPECTED.split("\n\n").next().unwrap();
    assert_eq!(stdout_of(&["-m", "teams"], TEAMS), format!("{ranking}\n"));
}

#[test]
fn teams_from_pbn_with_what_did_not_count_on_stderr() {
    // Board 1 in both rooms (4S= in the open room, 4S-1 in the closed: 470, 10 IMPs to 1);
    // board 2 only in the open room.
    let game = |board: u32, ns: &str, ew: &str, tags: &str| {
        format!("[Board \"{board}\"]\n[PairId_NS \"{ns}\"]\n[PairId_EW \"{ew}\"]\n{tags}\n\n")
    };
    let pbn = [
        game(
            1,
            "1",
            "2",
            "[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"10\"]",
        ),
        game(
            1,
            "2",
            "1",
            "[Contract \"4S\"]\n[Declarer \"N\"]\n[Result \"9\"]",
        ),
        game(2, "1", "2", "[Contract \"Pass\"]"),
    ]
    .concat();
    let f = temp_file(&pbn, ".pbn");
    let out = fairdeal()
        .arg("score")
        .arg(f.path())
        .args(["--method", "teams", "--boards"])
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(
            "line 15: board 2, 1 v 2: only one room has a score; the board does not count"
        ),
        "{err}"
    );
    let s = String::from_utf8_lossy(&out.stdout);
    assert!(s.starts_with("rank,team,vp,boards\n1,1,"), "{s}");
    assert!(s.contains("\n1,2,1,10,0,"), "{s}");
    assert!(s.contains("\n1,1,2,420,10,100.00,"), "{s}");
}

#[test]
fn teams_usage_errors() {
    let f = temp_file(TEAMS, ".csv");
    let out = fairdeal()
        .arg("score")
        .arg(f.path())
        .args(["-m", "teams", "--trim", "2"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--trim is for pairs methods"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // One room only: nothing to score, said so.
    let one = temp_file("board,ns,ew,score\n1,1,2,420\n", ".csv");
    let out = fairdeal()
        .arg("score")
        .arg(one.path())
        .args(["-m", "teams"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: board 1, 1 v 2: only one room"),
        "{err}"
    );
    assert!(
        err.contains("no team match has a board with results in both rooms"),
        "{err}"
    );
}

/// The shared pairs event of fairdeal-scoring's tests (a five-table Mitchell with an adjusted
/// score and a board played four times, worked out by hand in its comments), which the Score
/// page reproduces in a wasm test: each method's report, byte for byte.
const PAIRS: &str = include_str!("../../scoring/tests/data/pairs.csv");
const PAIRS_EXPECTED: [(&str, &str); 3] = [
    (
        "mp",
        include_str!("../../scoring/tests/data/pairs.mp.expected.csv"),
    ),
    (
        "butler",
        include_str!("../../scoring/tests/data/pairs.butler.expected.csv"),
    ),
    (
        "cross-imps",
        include_str!("../../scoring/tests/data/pairs.cross-imps.expected.csv"),
    ),
];

#[test]
fn pairs_reproduce_the_shared_pairs_event() {
    for (method, expected) in PAIRS_EXPECTED {
        assert_eq!(
            stdout_of(&["--field", "two", "--method", method, "--boards"], PAIRS),
            expected,
            "--method {method}"
        );
        let ranking = expected.split("\n\n").next().unwrap();
        assert_eq!(
            stdout_of(&["--field", "two", "-m", method], PAIRS),
            format!("{ranking}\n"),
            "--method {method}"
        );
    }
}
