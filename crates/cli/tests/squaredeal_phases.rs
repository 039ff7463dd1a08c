//! `fairdeal squaredeal create --phase …` reads phases with the Tournament page's grammar
//! (`fairdeal_dealing::squaredeal::Phases`): the same text makes the same `.sqd` (all but the
//! `KH` line, which hashes keys drawn from the OS), and errors say which `--phase` and column.

use assert_cmd::Command;
use fairdeal_dealing::squaredeal::{Phases, Tournament};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// The `.sqd` text without its `KH` line.
fn without_kh(sqd: &str) -> String {
    sqd.lines()
        .filter(|l| !l.starts_with("KH "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn create_matches_the_page_on_the_same_text() {
    let d = tempfile::tempdir().expect("tempdir");
    Command::cargo_bin("fairdeal")
        .expect("binary")
        .current_dir(d.path())
        .args([
            "squaredeal",
            "create",
            "cup",
            "--name",
            "Spring Cup",
            "--di",
            "DJIA close",
        ])
        .args([
            "--phase",
            "2:2x4:rr:Round robin",
            "--phase",
            "1:1-8,9-16:f:Final",
        ])
        .assert()
        .success();
    let cli = std::fs::read_to_string(d.path().join("cup.sqd")).expect("sqd");
    // The page's text box holds the same two lines.
    let phases: Phases = "2:2x4:rr:Round robin\n1:1-8,9-16:f:Final"
        .parse()
        .expect("phases");
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let (page, _) = Tournament::create_committed(
        "Spring Cup",
        "DJIA close",
        phases.into_vec(),
        vec![],
        &mut rng,
    )
    .expect("create");
    assert_eq!(without_kh(&cli), without_kh(&page.to_sqd()));
    assert!(
        cli.contains("\nSN 2:1-4,5-8:rr#:Round robin #/2\n"),
        "{cli}"
    );
}

#[test]
fn phase_errors_name_the_phase_and_column_before_any_file() {
    let d = tempfile::tempdir().expect("tempdir");
    let out = Command::cargo_bin("fairdeal")
        .expect("binary")
        .current_dir(d.path())
        .args(["squaredeal", "create", "cup", "--name", "N", "--di", "D"])
        .args(["--phase", "1:16:a:A", "--phase", "2:1-8,9-1200:b:B"])
        .assert()
        .failure()
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(err.contains("phase line 2, column 7"), "{err}");
    assert!(err.contains("up to 1000"), "{err}");
    assert!(!d.path().join("cup.sqd").exists());
    assert!(!d.path().join("cup.sqk").exists());
}
