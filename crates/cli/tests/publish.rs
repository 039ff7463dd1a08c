//! `fairdeal publish`: the club session (13-table Mitchell, 26 boards, adjusted scores, a
//! fouled board) → the published page and PBN 2.1 results; the page is
//! `fairdeal_scoring::publish::publish_html`'s, the PBN reads back through `fairdeal score`
//! (same report) and through `fairdeal_interop::read_pbn` (same DD tables and par), and the
//! page published from the PBN alone is byte-identical.

mod common;

use common::{fairdeal, stdout_of};
use fairdeal_scoring::publish::{publish_html, Kind, PublishOptions};
use fairdeal_scoring::read::read_csv;
use fairdeal_scoring::{Method, ScoringOptions};
use std::path::PathBuf;

fn data(name: &str) -> String {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    root.join("../scoring/tests/data")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn publish_writes_the_page_and_pbn_results_that_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("club.html");
    let pbn = dir.path().join("club.results.pbn");
    let (csv, records) = (data("club26.csv"), data("club26.pbn"));
    let out = fairdeal()
        .args([
            "publish",
            &csv,
            "--records",
            &records,
            "-m",
            "mp",
            "-m",
            "butler",
        ])
        .args(["--title", "Thursday club pairs", "-j", "2", "-o"])
        .arg(&html)
        .arg("--pbn")
        .arg(&pbn)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("board 17 may be fouled: 9 of 13 contracts"),
        "{stderr}"
    );
    let page = std::fs::read_to_string(&html).unwrap();

    // The same page from the domain crate, with the records the CLI read and solved.
    let pbn_records = std::fs::read(&records).unwrap();
    let boards = fairdeal_interop::read_pbn(&pbn_records).boards;
    let mut recs = Vec::new();
    let mut solver = fairdeal_dd::DdSolver::new();
    for b in &boards {
        let (n, deal) = (b.number.unwrap(), b.deal().unwrap());
        let mut r = fairdeal_scoring::records::BoardRecord::standard(n, deal);
        let t = solver.table(&deal);
        r.par = Some(fairdeal_dd::par(&t, r.vulnerability, r.dealer));
        r.dd = Some(t);
        recs.push(r);
    }
    let event = read_csv(&std::fs::read_to_string(&csv).unwrap()).event;
    let opts = PublishOptions {
        title: "Thursday club pairs".into(),
        kind: Kind::Pairs(vec![
            ScoringOptions::default(),
            ScoringOptions {
                method: Method::Butler,
                ..ScoringOptions::default()
            },
        ]),
        fingerprint: None,
    };
    assert_eq!(page, publish_html(&event, &recs, &opts));
    assert!(page.contains("board(s) 17 may be fouled"));

    // PBN 2.1 results: `fairdeal score` reads them back to the same report…
    let pbn_path = pbn.display().to_string();
    assert_eq!(
        stdout_of(&["score", &pbn_path, "--boards"]),
        stdout_of(&["score", &csv, "--boards"])
    );
    // …the hand-record reader finds the same DD tables and par…
    let back = fairdeal_interop::read_pbn(&std::fs::read(&pbn).unwrap());
    assert_eq!(back.boards.len(), 26);
    for (b, r) in back.boards.iter().zip(&recs) {
        assert_eq!(b.number, Some(r.board));
        assert_eq!(b.deal(), Some(r.deal));
        assert_eq!(b.dd, r.dd, "board {}", r.board);
        assert_eq!(b.par, r.par, "board {}", r.board);
    }
    // …and the page published from the PBN alone is the same page.
    let again = dir.path().join("again.html");
    let out = fairdeal()
        .args([
            "publish",
            &pbn_path,
            "--records",
            &pbn_path,
            "-m",
            "mp",
            "-m",
            "butler",
        ])
        .args(["--title", "Thursday club pairs", "-o"])
        .arg(&again)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&again).unwrap(), page);

    // Never over an existing file without --force.
    let out = fairdeal()
        .args(["publish", &csv, "-o"])
        .arg(&html)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("already exists"));
}

#[test]
fn publish_refuses_bad_methods_and_reads_event_json() {
    let dir = tempfile::tempdir().unwrap();
    let csv = data("club26.csv");
    let out = fairdeal()
        .args(["publish", &csv, "-m", "nonsense", "-o"])
        .arg(dir.path().join("x.html"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown method `nonsense`"));
    // An event exported from the Score page (JSON) publishes like its CSV.
    let mut event = read_csv(&std::fs::read_to_string(&csv).unwrap()).event;
    event.name = "Thursday club pairs".into();
    let json = dir.path().join("event.json");
    std::fs::write(&json, event.to_json()).unwrap();
    let a = dir.path().join("a.html");
    let b = dir.path().join("b.html");
    for (input, out_path, title) in [
        (json.display().to_string(), &a, None),
        (csv.clone(), &b, Some("Thursday club pairs")),
    ] {
        let mut cmd = fairdeal();
        cmd.args(["publish", &input, "-o"]).arg(out_path);
        if let Some(t) = title {
            cmd.args(["--title", t]);
        }
        let out = cmd.output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn a_team_event_publishes_like_the_domain_page() {
    let dir = tempfile::tempdir().unwrap();
    let csv = data("teams.csv");
    let html = dir.path().join("teams.html");
    let out = fairdeal()
        .args(["publish", &csv, "-m", "teams", "--title", "Teams", "-o"])
        .arg(&html)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let event = read_csv(&std::fs::read_to_string(&csv).unwrap()).event;
    let want = publish_html(
        &event,
        &[],
        &PublishOptions {
            title: "Teams".into(),
            kind: Kind::Teams { vp_corrected: true },
            fingerprint: None,
        },
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page, want);
    assert!(page.contains("Standings by victory points"));
    // Teams have no PBN ScoreTable here, and say so.
    let out = fairdeal()
        .args(["publish", &csv, "-m", "teams", "--pbn"])
        .arg(dir.path().join("t.pbn"))
        .arg("-o")
        .arg(dir.path().join("t.html"))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--pbn writes pairs results"));
}
