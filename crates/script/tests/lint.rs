//! The dialect report: the Debian column of the feature table is checked against Debian's
//! dealer itself (each feature's sample is run by /usr/games/dealer, installed by
//! scripts/setup; the test fails, never skips, without it), findings carry positions, the
//! notes catch dealer's silent surprises, the pilot rate and `why` are exact on fixed deals.

use fairdeal_script::lint::{lint, rate_line, Support, DIALECTS, FEATURES};
use fairdeal_script::{compile, ForcedFormat};
use std::process::Command;

const DEALER: &str = "/usr/games/dealer";

/// (line, column, feature) of each finding.
fn positions(r: &fairdeal_script::lint::Lint) -> Vec<(u32, u32, &str)> {
    r.findings
        .iter()
        .map(|f| (f.line, f.column, f.feature.as_str()))
        .collect()
}

#[test]
fn the_debian_column_is_what_debian_dealer_does() {
    assert!(
        std::path::Path::new(DEALER).exists(),
        "{DEALER} is missing: scripts/setup installs Debian's dealer"
    );
    let debian = DIALECTS
        .iter()
        .position(|d| d.starts_with("Debian"))
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    for f in FEATURES {
        // Fair Deal accepts every feature, and the report finds the sample's one.
        let report = lint(f.sample).unwrap_or_else(|d| panic!("{}: {d:?}", f.id));
        assert!(
            report.findings.iter().any(|x| x.feature == f.id),
            "{}: not found in its own sample",
            f.id
        );
        let path = dir.path().join(format!("{}.dl", f.id));
        std::fs::write(&path, f.sample).unwrap();
        // In the scratch folder: some samples make Debian's dealer write a file (an action
        // taking a file name, misread), which must not land in the repository.
        let out = Command::new(DEALER)
            .args(["-p", "1", "-s", "1", "-g", "100000"])
            .arg(&path)
            .current_dir(dir.path())
            .output()
            .unwrap();
        let accepted =
            out.status.success() && String::from_utf8_lossy(&out.stdout).contains("Produced 1");
        let expected = f.support[debian];
        assert_ne!(
            expected,
            Support::Unknown,
            "{}: Debian's column is verifiable",
            f.id
        );
        assert_eq!(
            accepted,
            expected == Support::Yes,
            "{}: the table says {:?}, Debian's dealer {} ({})",
            f.id,
            expected,
            if accepted { "accepts" } else { "refuses" },
            String::from_utf8_lossy(&out.stderr).trim()
        );
    }
}

#[test]
fn findings_have_positions_and_decide_the_verdicts() {
    let src = "# a BBO-style script\nnt = hcp(south) >= 15 # strong\n  # indented comment\nnt\naction printoneline,\n";
    let r = lint(src).unwrap();
    assert_eq!(
        positions(&r),
        vec![
            (2, 23, "hash-comment-inside-line"),
            (3, 3, "hash-comment-inside-line")
        ]
    );
    assert_eq!(
        r.accepted,
        [Support::No, Support::No, Support::Unknown, Support::Unknown]
    );
    let text = r.render();
    assert!(
        text.contains(
            "Debian's dealer 20211121: refuses this script (hash-comment-inside-line at 2:23"
        ),
        "{text}"
    );
    assert!(
        text.contains("Practice-Bidding-Scenarios issue 339"),
        "{text}"
    );
    // The classic language everywhere: accepted by the programs whose support is known.
    let r = lint("# fine\nhcp(north) >= 15 // fine too\n/* and this */\naction printoneline,\n")
        .unwrap();
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.accepted, [Support::Yes; 4]);
    // Errors come back as diagnostics, not a report.
    assert!(lint("hcp(north >= 15\n").is_err());
}

#[test]
fn notes_catch_silent_surprises() {
    let src = "x = rnd(3)\nunused = 1\ncondition x == 1 or x == 2\nhcp(north) > 10\naction printoneline\naction average hcp(north)\n";
    let r = lint(src).unwrap();
    let lines: Vec<(u32, &str)> = r
        .notes
        .iter()
        .map(|n| (n.line, n.message.as_str()))
        .collect();
    assert!(
        lines
            .iter()
            .any(|(l, m)| *l == 1 && m.contains("each use draws again")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|(l, m)| *l == 2 && m.contains("never used (1): unused")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|(l, m)| *l == 3 && m.contains("only the last condition")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|(l, m)| *l == 5 && m.contains("only the last action list")),
        "{lines:?}"
    );
}

#[test]
fn the_pilot_rate_line_is_a_wilson_interval() {
    // 50 of 1000: p = 5 %, Wilson 95 % interval 3.8132 %–6.5316 % (computed by hand).
    let line = rate_line(1000, 50);
    assert!(line.contains("50 of 1000 shuffles = 5.0000%"), "{line}");
    assert!(line.contains("3.81") && line.contains("6.53"), "{line}");
    assert!(line.contains("1 deal in 20"), "{line}");
    // None kept still gives an upper bound.
    let line = rate_line(100_000, 0);
    assert!(line.contains("0.0000%-0.0038%"), "{line}");
}

#[test]
fn the_pilot_counts_like_dealer_and_deals_nothing() {
    // Fully predealt: every shuffle is the same deal, so the rate is 0 or 1 exactly.
    let deal = "predeal north SAKQ2, HJT3, DK765, CA9\npredeal east SJ9876, HA2, DQJT, CKQ7\npredeal south ST5, HKQ987, DA98, CJ32\n";
    let p = compile(&format!("{deal}hcp(north) == 17\naction printoneline\n")).unwrap();
    assert_eq!(p.pilot(5000, [1; 32]), (5000, 5000));
    let p = compile(&format!("{deal}hcp(north) == 16\naction printoneline\n")).unwrap();
    assert_eq!(p.pilot(5000, [1; 32]), (5000, 0));
}

#[test]
fn why_gives_each_variable_the_condition_uses() {
    let deal = "predeal north SAKQ2, HJT3, DK765, CA9\npredeal east SJ9876, HA2, DQJT, CKQ7\npredeal south ST5, HKQ987, DA98, CJ32\n";
    let src = format!("{deal}n = hcp(north)\nstrong = n >= 15\nlong = spades(east) >= 5\nother = 3\nstrong and long\nproduce 1\n");
    let p = compile(&src).unwrap();
    let mut r = p.runner([0; 32]);
    while !r.step(10) {}
    let d = r.last_deal().unwrap();
    // The report carries the same for its first deals.
    assert_eq!(r.report().why, vec![p.why(&d)]);
    assert_eq!(
        p.why(&d),
        vec![
            ("n".to_string(), 17),
            ("strong".to_string(), 1),
            ("long".to_string(), 1),
            ("condition".to_string(), 1)
        ]
    );
}

#[test]
fn a_forced_format_replaces_every_action() {
    let deal = "predeal north SAKQ2, HJT3, DK765, CA9\npredeal east SJ9876, HA2, DQJT, CKQ7\npredeal south ST5, HKQ987, DA98, CJ32\n";
    let src = format!("{deal}hcp(north) > 10\naction printall, average \"x\" hcp(north)\n");
    let p = compile(&src).unwrap().with_format(ForcedFormat::OneLine);
    assert_eq!(p.produce(), 40, "dealer's default for a printing script");
    let mut r = p.runner([0; 32]);
    while !r.step(100) {}
    let text = r.take_text();
    assert_eq!(text.lines().count(), 40);
    assert!(
        text.lines().all(|l| l.starts_with("n AKQ2.JT3.K765.A9 e ")),
        "{text}"
    );
    assert_eq!(r.summary_text(), "", "statistics actions are dropped");
    // A statistics-only script gets a printing default too; an explicit produce stays.
    let mut q = compile(&format!(
        "{deal}hcp(north) > 10\naction average hcp(north)\n"
    ))
    .unwrap();
    q.set_produce(3);
    let q = q.with_format(ForcedFormat::Pbn);
    assert_eq!(q.produce(), 3);
}

#[test]
fn only_a_minus_before_an_expression_is_a_finding() {
    let ok = "x = hcp(north) - 3\ny = 0 - hcp(south)\nx < -10 and y > -5 and shape(north, any 5xxx - any 55xx)\naction printoneline\n";
    let r = lint(ok).unwrap();
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    let bad = "x = -hcp(north)\ny = 3 * -(x)\nx < 0 and y < 0\nvulnerable Both\n";
    let r = lint(bad).unwrap();
    assert_eq!(
        positions(&r),
        vec![
            (1, 5, "minus-before-expression"),
            (2, 9, "minus-before-expression"),
            (4, 12, "vulnerable-both")
        ]
    );
}
