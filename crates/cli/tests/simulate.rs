//! `fairdeal simulate`: the CSV on a seed is the engine's report (the page calls the same
//! engine), `--pbn` writes the deals used and never overwrites without `--force`, and bad
//! input is a one-line error.

mod common;
use common::{fairdeal, stdout_of, temp_file};
use fairdeal_constrain::parse;
use fairdeal_model::{Deal, Seat, Vulnerability};
use fairdeal_scoring::FinalContract;
use fairdeal_sim::contract::parse_choices;
use fairdeal_sim::{ContractProblem, LeadProblem};

const SPEC: &str = "south: balanced, hcp 15-17\nnorth: hcp 8-9\n";
const HAND: &str = "KQJ4.T98.AK2.654";

fn seed() -> [u8; 32] {
    let mut s = [0u8; 32];
    s[0] = 0xab;
    s[1] = 0xcd;
    s
}

#[test]
fn lead_csv_is_the_engines_report_on_the_seed() {
    let spec = temp_file(SPEC, ".txt");
    let path = spec.path().to_str().unwrap();
    let csv = stdout_of(&[
        "simulate",
        "lead",
        path,
        "--leader",
        "W",
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--hand",
        HAND,
        "-n",
        "30",
        "--seed",
        "abcd",
        "--csv",
        "-q",
    ]);
    let west_is = format!("{SPEC}west: is {HAND}\n");
    let FinalContract::Bid(c) = "3NT".parse().unwrap() else {
        unreachable!()
    };
    let problem = LeadProblem::new(
        parse(&west_is).unwrap(),
        None,
        c,
        Seat::South,
        Vulnerability::None,
    )
    .unwrap();
    let (_, report) = problem.run(30, seed(), 1, |_| {}).unwrap();
    assert_eq!(csv, report.csv());
    assert!(csv.starts_with("card,mean_tricks,set_pct,ci_low,ci_high\n"));
    assert_eq!(csv.lines().count(), 1 + 6, "six lead groups:\n{csv}");
    // The leader's hand given in SPEC instead of --hand, and -j 1: the same bytes.
    let spec2 = temp_file(&west_is, ".txt");
    let again = stdout_of(&[
        "simulate",
        "lead",
        spec2.path().to_str().unwrap(),
        "--contract",
        "3NT",
        "--leader",
        "W",
        "-n",
        "30",
        "--seed",
        "abcd",
        "--csv",
        "-q",
        "-j",
        "1",
    ]);
    assert_eq!(again, csv);
}

#[test]
fn lead_pbn_holds_the_deals_and_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let spec = temp_file(SPEC, ".txt");
    let out = dir.path().join("deals.pbn");
    let args = |force: bool| {
        let mut a = vec![
            "simulate".to_string(),
            "lead".into(),
            spec.path().to_str().unwrap().into(),
            "--declarer".into(),
            "S".into(),
            "--contract".into(),
            "3NT".into(),
            "--hand".into(),
            HAND.into(),
            "-n".into(),
            "5".into(),
            "--seed".into(),
            "1".into(),
            "-q".into(),
            "--pbn".into(),
            out.to_str().unwrap().into(),
        ];
        if force {
            a.push("--force".into());
        }
        a
    };
    fairdeal().args(args(false)).assert().success();
    let text = std::fs::read_to_string(&out).unwrap();
    let deals: Vec<Deal> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Deal \"")?.strip_suffix("\"]"))
        .map(|d| d.parse().unwrap())
        .collect();
    assert_eq!(deals.len(), 5);
    let w = parse(&format!("{SPEC}west: is {HAND}")).unwrap();
    let mut one = [0u8; 32];
    one[0] = 0x10; // `--seed 1`: digits fill from the left
    assert_eq!(deals, fairdeal_sim::deal_set(&w, 5, one).unwrap());
    assert!(text.contains("[Contract \"3NT\"]") && text.contains("[Declarer \"S\"]"));
    let again = fairdeal().args(args(false)).output().unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists (use --force"));
    fairdeal().args(args(true)).assert().success();
}

#[test]
fn contract_csv_is_the_engines_report() {
    let spec = temp_file(
        "north: is AK32.KQ2.A32.K32\nsouth: hcp 8-10, balanced\n",
        ".txt",
    );
    let csv = stdout_of(&[
        "simulate",
        "contract",
        spec.path().to_str().unwrap(),
        "--contracts",
        "3NT:N,4S:N",
        "-n",
        "12",
        "--seed",
        "abcd",
        "--csv",
        "-q",
    ]);
    let problem = ContractProblem::new(
        parse("north: is AK32.KQ2.A32.K32\nsouth: hcp 8-10, balanced\n").unwrap(),
        parse_choices("3NT:N,4S:N").unwrap(),
        Vulnerability::None,
    )
    .unwrap();
    let (_, report) = problem.run(12, seed(), 2, |_| {}).unwrap();
    assert_eq!(csv, report.csv());
    assert!(csv.contains("\n3NT:N,4S:N,"), "{csv}");
}

fn error_of(args: &[&str]) -> String {
    let out = fairdeal().args(args).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn bad_input_is_a_clear_error() {
    let spec = temp_file(SPEC, ".txt");
    let p = spec.path().to_str().unwrap();
    let base = ["simulate", "lead", p, "--contract", "3NT", "-q"];
    let with = |extra: &[&str]| {
        let mut a = base.to_vec();
        a.extend_from_slice(extra);
        error_of(&a)
    };
    assert!(with(&["--leader", "N", "--declarer", "S", "--hand", HAND])
        .contains("the leader is declarer's left-hand opponent (W)"));
    assert!(with(&["--declarer", "S"]).contains("the leader's hand (West) is not fixed"));
    assert!(with(&["--declarer", "S", "--hand", "AKQ.xx"]).contains("--hand \"AKQ.xx\""));
    assert!(
        with(&["--declarer", "S", "--hand", HAND, "-n", "1"]).contains("-n: 1 deals; expected 2")
    );
    assert!(with(&["--declarer", "S", "--hand", HAND, "-j", "0"]).contains("-j 0"));
    let bad = temp_file("south: hcp 15-17,\nnorth: hcpp 8\n", ".txt");
    let e = error_of(&[
        "simulate",
        "lead",
        bad.path().to_str().unwrap(),
        "--contract",
        "3NT",
        "--declarer",
        "S",
        "--hand",
        HAND,
    ]);
    assert!(
        e.contains("\n2:8: unknown scale"),
        "line:column of the bad condition: {e}"
    );
    let e = error_of(&[
        "simulate",
        "contract",
        p,
        "--contracts",
        "3NT:S,4S:E",
        "-n",
        "5",
    ]);
    assert!(e.contains("different sides"), "{e}");
    let e = error_of(&[
        "simulate",
        "contract",
        p,
        "--contracts",
        "3NT:S,4S",
        "-n",
        "5",
    ]);
    assert!(e.contains("--contracts: contract 2 `4S`"), "{e}");
}
