//! `fairdeal script`: dealer's command line (-s, -p, -g), its output layout and footer,
//! positioned errors, and reproducibility.

mod common;
use common::{fairdeal, stdout_of, temp_file};

const NT: &str = "generate 1000000\nproduce 3\ncondition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17\naction printoneline(hcp(north))\n";

#[test]
fn prints_like_dealer_with_footer() {
    let f = temp_file(NT, ".dl");
    let out = stdout_of(&["script", f.path().to_str().unwrap(), "-s", "7"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for l in &lines[..3] {
        let fields: Vec<&str> = l.split(' ').collect();
        assert_eq!(
            (fields[0], fields[2], fields[4], fields[6]),
            ("n", "e", "s", "w"),
            "{l}"
        );
        let hcp: u32 = fields[8].parse().unwrap();
        assert!((15..=17).contains(&hcp), "{l}");
    }
    assert!(lines[3].starts_with("Generated "));
    assert_eq!(lines[4], "Produced 3 hands");
    assert!(lines[5].starts_with("Time needed "));
    assert!(!out.contains("seed"), "the seed is never printed");
}

#[test]
fn same_seed_same_deals_and_flags_override_the_script() {
    let f = temp_file(NT, ".dl");
    let p = f.path().to_str().unwrap();
    let a = stdout_of(&["script", p, "-s", "42", "-p", "5", "-v"]);
    let b = stdout_of(&["script", p, "-s", "42", "-p", "5", "-v"]);
    assert_eq!(a, b);
    assert_eq!(
        a.lines().count(),
        5,
        "-p overrides produce, -v drops the footer"
    );
    let c = stdout_of(&["script", p, "-s", "43", "-p", "5", "-v"]);
    assert_ne!(a, c);
    let g = stdout_of(&["script", p, "-s", "1", "-g", "1"]);
    assert!(g.contains("Generated 1 hands"), "{g}");
}

#[test]
fn statistics_are_printed_at_the_end() {
    let src = "generate 20000\naction average \"north hcp\" hcp(north), frequency \"spades\" (spades(north), 0, 6)\n";
    let f = temp_file(src, ".dl");
    let out = stdout_of(&["script", f.path().to_str().unwrap(), "-s", "3"]);
    let mean: f64 = out
        .lines()
        .next()
        .unwrap()
        .strip_prefix("north hcp: ")
        .unwrap()
        .parse()
        .unwrap();
    assert!((mean - 10.0).abs() < 0.15, "{out}");
    assert!(out.contains("Frequency spades:\n    0\t"), "{out}");
    assert!(
        out.contains("High\t"),
        "seven-card spade suits exist in 20,000 deals: {out}"
    );
    assert!(out.contains("Produced 20000 hands"));
}

#[test]
fn errors_name_file_line_and_column() {
    let f = temp_file(
        "generate 100\ncondition hcp(nort) > 10\naction printall, frequency (hcp(north), 9, 1)\n",
        ".dl",
    );
    let out = fairdeal()
        .args(["script", f.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            ":2:15: expected a seat (north, east, south, west) after 'hcp(', found 'nort'"
        ),
        "{err}"
    );
    assert!(err.contains("  condition hcp(nort) > 10\n"), "{err}");
    assert!(err.contains(":3:"), "both errors are reported: {err}");
    assert!(err.contains("2 problem(s)"), "{err}");
}

#[test]
fn pbn_output_and_explain() {
    let src =
        "produce 2\ndealer south\nvulnerable EW\ncondition hcp(south) >= 20\naction printpbn\n";
    let f = temp_file(src, ".dl");
    let out = fairdeal()
        .args(["script", f.path().to_str().unwrap(), "-s", "5", "--explain"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("[Dealer \"S\"]").count(), 2, "{text}");
    assert_eq!(text.matches("[Vulnerable \"EW\"]").count(), 2);
    assert!(text.contains("[Board \"2\"]"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Sampled exactly: South: HCP 20-37"));
}

#[test]
fn tricks_run_double_dummy_on_a_deep_stack() {
    let src = "produce 2\ncondition hcp(north) + hcp(south) >= 26\naction printoneline(tricks(south, notrump)), average \"3NT by south\" score(nv, x3N, tricks(south, notrump))\n";
    let f = temp_file(src, ".dl");
    let out = stdout_of(&["script", f.path().to_str().unwrap(), "-s", "9"]);
    for l in out.lines().take(2) {
        let t: u32 = l.rsplit(' ').next().unwrap().parse().unwrap();
        assert!(t <= 13, "{l}");
    }
    assert!(out.contains("3NT by south: "), "{out}");
}

/// A fully predealt deal: dealer and fairdeal must print exactly the same lines.
const FIXED: &str = "predeal north SAKQ2, HJT3, DK765, CA9\npredeal east SJ9876, HA2, DQJT, CKQ7\npredeal south ST5, HKQ987, DA98, CJ32\n";

/// What a program printed, without the lines that name the seed or the time.
fn comparable(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with("Initial random seed") && !l.starts_with("Time needed"))
        .map(str::to_string)
        .collect()
}

#[test]
fn real_scripts_grammar_prints_exactly_what_debian_dealer_prints() {
    // Trailing commas, two action statements (the last wins), every comment style at the
    // start of a line, statistics last: the shape of real BBO practice scripts.
    let src = format!(
        "{FIXED}# --- scenario ---\n/* block\n   comment */\nproduce 3\nn = hcp(north) // points\nn >= 15\naction printoneline,\naction printoneline,\n  average \"n\" n,\n  frequency \"len\" (spades(east), 0, 13),\n"
    );
    let f = temp_file(&src, ".dl");
    let ours = stdout_of(&["script", f.path().to_str().unwrap(), "-s", "1"]);
    let theirs = std::process::Command::new("/usr/games/dealer")
        .args(["-s", "1"])
        .arg(f.path())
        .output()
        .expect("Debian's dealer (scripts/setup installs it)");
    assert!(theirs.status.success());
    assert_eq!(
        comparable(&ours),
        comparable(&String::from_utf8_lossy(&theirs.stdout))
    );
    assert_eq!(ours.matches("n AKQ2.JT3.K765.A9").count(), 3, "{ours}");
}

#[test]
fn check_compiles_only_and_reports_every_problem_with_its_place() {
    let good = temp_file(NT, ".dl");
    fairdeal()
        .args(["script", good.path().to_str().unwrap(), "--check"])
        .assert()
        .success()
        .stdout("");
    let bad = temp_file(
        "a = hcp(north)\nb = 1\na = hcp(south)\naction printall, printx\n",
        ".dl",
    );
    let path = bad.path().to_str().unwrap();
    let out = fairdeal()
        .args(["script", path, "--check"])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!(
            "{path}:3:1: redefined variable 'a' (first defined at 1:1)"
        )),
        "{err}"
    );
    assert!(err.contains(&format!("{path}:4:18:")), "{err}");
    assert!(out.stdout.is_empty());
}

#[test]
fn lint_names_the_programs_that_refuse_and_measures_the_rate() {
    let f = temp_file(
        "nt = hcp(north) >= 15 # strong\nnt\naction printoneline,\n",
        ".dl",
    );
    let out = stdout_of(&["script", f.path().to_str().unwrap(), "--lint", "-s", "3"]);
    assert!(
        out.contains(
            "Debian's dealer 20211121: refuses this script (hash-comment-inside-line at 1:23)"
        ),
        "{out}"
    );
    assert!(out.contains("BBO's dealer: refuses"), "{out}");
    // P(hcp >= 15) = 14.18 % exactly; 100 000 shuffles put it within ±0.4 %.
    let rate: f64 = out
        .split("shuffles = ")
        .nth(1)
        .and_then(|s| s.split('%').next())
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("{out}"));
    assert!((rate - 14.18).abs() < 0.4, "{rate}");
    assert!(!out.contains("\nn "), "lint deals nothing");
}

#[test]
fn a_forced_format_keeps_standard_output_machine_readable() {
    let src = format!("{NT}action printall, average hcp(north)\n");
    let f = temp_file(&src, ".dl");
    let out = fairdeal()
        .args([
            "script",
            f.path().to_str().unwrap(),
            "-s",
            "4",
            "--format",
            "oneline",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(
        stdout
            .lines()
            .all(|l| l.starts_with("n ") && l.contains(" w ")),
        "{stdout}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("Produced 3 hands"));
    let pbn = stdout_of(&[
        "script",
        f.path().to_str().unwrap(),
        "-s",
        "4",
        "--format",
        "pbn",
    ]);
    assert_eq!(pbn.matches("[Deal \"N:").count(), 3, "{pbn}");
    assert!(!pbn.contains("Produced"), "{pbn}");
}

#[test]
fn why_says_which_variables_made_each_deal_match() {
    let src = format!("{FIXED}produce 2\nstrong = hcp(north) >= 15\nlong = spades(east) >= 5\nstrong and long\naction printoneline\n");
    let f = temp_file(&src, ".dl");
    let out = fairdeal()
        .args(["script", f.path().to_str().unwrap(), "-s", "1", "--why"])
        .assert()
        .success()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("deal 1: strong=1 long=1 condition=1"), "{err}");
    assert!(err.contains("deal 2: strong=1 long=1 condition=1"), "{err}");
}

/// 30 variables each doubling the previous: 2^30 nodes written out ("memory allocation
/// failed" before). Shared variables run it at once; with rnd() in it, every use draws again,
/// so it is refused at the variable that passes a million steps, with its place.
#[test]
fn doubling_variables_run_or_are_refused_never_abort() {
    let mut src = String::from("produce 2\na0 = hcp(north)\n");
    for i in 1..=30 {
        src.push_str(&format!("a{i} = a{} + a{}\n", i - 1, i - 1));
    }
    src.push_str("a30 >= 0\naction printoneline\n");
    let f = temp_file(&src, ".dl");
    let out = stdout_of(&["script", f.path().to_str().unwrap(), "-s", "1"]);
    assert!(out.contains("Produced 2 hands"), "{out}");

    let f = temp_file(&src.replace("a0 = hcp(north)", "a0 = rnd(2)"), ".dl");
    let path = f.path().to_str().unwrap();
    let out = fairdeal()
        .args(["script", path, "-s", "1"])
        .assert()
        .failure()
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{path}:20:1: 'a18' is too large")),
        "{err}"
    );
}
