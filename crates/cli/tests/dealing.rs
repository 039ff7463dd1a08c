//! The dealing commands end to end: `fairdeal bigdeal` reproduces Big Deal's reference files
//! byte for byte (the fixture README's command lines), `fairdeal deal` and
//! `fairdeal squaredeal` round trips, and one-line errors.

use assert_cmd::Command;
use std::path::Path;

const SEED: &str = "0123456789ABCDEF0123456789ABCDEF01234567";
const RC: &str = "[BigDeal]\nformats=dup,pbn\naskformats=no\nowner=Big Deal reference test\n";

macro_rules! fixture {
    ($set:literal, $file:literal) => {
        (
            $file,
            &include_bytes!(concat!("../../dealing/tests/data/", $set, "/", $file))[..],
        )
    };
}

fn fairdeal(dir: &Path) -> Command {
    let mut c = Command::cargo_bin("fairdeal").expect("binary");
    c.current_dir(dir);
    c
}

fn scratch() -> tempfile::TempDir {
    let d = tempfile::tempdir().expect("tempdir");
    std::fs::write(d.path().join(".bigdealrc"), RC).expect("rc");
    d
}

fn compare(dir: &Path, files: &[(&str, &[u8])]) {
    for (name, expected) in files {
        let got = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            got == *expected,
            "{name} differs from the Big Deal reference ({} vs {} bytes)",
            got.len(),
            expected.len()
        );
    }
}

#[test]
fn bigdeal_set1_command_lines() {
    let d = scratch();
    for args in [
        "-h SEED -n 4 -p ref -f dup,dlm,bri,dge,pbn,lin,csv,ber,borel",
        "-h SEED -n 4 -p ref -f kops,cds,goedel,stats",
        "-h SEED -n 4 -p refblind -f dupblind,dlmblind",
    ] {
        let argv: Vec<String> = args.split(' ').map(|a| a.replace("SEED", SEED)).collect();
        fairdeal(d.path())
            .arg("bigdeal")
            .args(&argv)
            .write_stdin("")
            .assert()
            .success();
    }
    compare(
        d.path(),
        &[
            fixture!("set1", "ref.pbn"),
            fixture!("set1", "ref.dup"),
            fixture!("set1", "ref.dlm"),
            fixture!("set1", "ref.bri"),
            fixture!("set1", "ref.dge"),
            fixture!("set1", "ref.lin"),
            fixture!("set1", "ref.csv"),
            fixture!("set1", "ref.ber"),
            fixture!("set1", "ref.bhg"),
            fixture!("set1", "ref.rzd"),
            fixture!("set1", "ref.cds"),
            fixture!("set1", "ref.goe"),
            fixture!("set1", "ref.txt"),
            fixture!("set1", "refblind.dup"),
            fixture!("set1", "refblind.dlm"),
        ],
    );
    assert!(
        !d.path().join("deallog.txt").exists(),
        "the seed must not be logged"
    );
}

#[test]
fn bigdeal_set2_range_and_ini_file() {
    let d = tempfile::tempdir().expect("tempdir");
    // bigdeal.ini (Windows name, CRLF) is read when .bigdealrc is absent.
    std::fs::write(d.path().join("bigdeal.ini"), RC.replace('\n', "\r\n")).expect("ini");
    fairdeal(d.path())
        .args([
            "bigdeal",
            "-h",
            SEED,
            "-n11-14",
            "-p",
            "range",
            "-f",
            "pbn,dup,dlm,csv,cds,kops,borel,lin,ber,goedel",
        ])
        .assert()
        .success();
    compare(
        d.path(),
        &[
            fixture!("set2", "range.pbn"),
            fixture!("set2", "range.dup"),
            fixture!("set2", "range.dlm"),
            fixture!("set2", "range.csv"),
            fixture!("set2", "range.cds"),
            fixture!("set2", "range.rzd"),
            fixture!("set2", "range.bhg"),
            fixture!("set2", "range.lin"),
            fixture!("set2", "range.ber"),
            fixture!("set2", "range.goe"),
        ],
    );
}

#[test]
fn bigdeal_never_prompts_and_errors_in_one_line() {
    let d = scratch();
    for (args, needle) in [
        (vec!["bigdeal", "-h", SEED, "-p", "x"], "missing -n"),
        (vec!["bigdeal", "-h", SEED, "-n", "4"], "missing -p"),
        (
            vec!["bigdeal", "-h", "12AB", "-n", "4", "-p", "x"],
            "40 hex digits",
        ),
        (
            vec![
                "bigdeal", "-h", SEED, "-n", "91-110", "-p", "x", "-f", "dup",
            ],
            "up to 99",
        ),
        (
            vec![
                "bigdeal",
                "-h",
                SEED,
                "-n",
                "4",
                "-p",
                "x",
                "-f",
                "dup,dupblind",
            ],
            "both write .dup",
        ),
        (
            vec!["bigdeal", "-h", SEED, "-n", "4", "-p", "x", "-f", "nope"],
            "unknown format",
        ),
        (vec!["bigdeal", "-q"], "unknown option"),
    ] {
        let out = fairdeal(d.path())
            .args(&args)
            .write_stdin("")
            .output()
            .expect("runs");
        assert!(!out.status.success(), "{args:?} should fail");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn stdout_format_and_wizard_entropy() {
    let d = scratch();
    let out = fairdeal(d.path())
        .args(["bigdeal", "-h", SEED, "-n", "4", "-p", "x", "-f", "stdout"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    assert_eq!(
        out.stdout,
        include_bytes!("../../dealing/tests/data/set1/ref.pbn")
    );
    // -W/-e are deterministic, and -e pieces concatenate into one pool.
    let run = |extra: &[&str], prefix: &str| {
        fairdeal(d.path())
            .args([
                "bigdeal", "-W", "owner", "-n", "2", "-p", prefix, "-f", "pbn",
            ])
            .args(extra)
            .assert()
            .success();
        std::fs::read(d.path().join(format!("{prefix}.pbn"))).expect("pbn")
    };
    let a = run(&["-e", "abcdef"], "a");
    let b = run(&["-e", "abc", "-e", "def"], "b");
    let c = run(&["-e", "abcdeg"], "c");
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn deal_command_seed_handling() {
    let d = scratch();
    let out = fairdeal(d.path())
        .args([
            "deal",
            "-n",
            "4",
            "-p",
            "mine",
            "-f",
            "pbn,dup",
            "--seed",
            SEED,
            "--owner",
            "Big Deal reference test",
        ])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !String::from_utf8_lossy(&out.stdout).contains("0123456789"),
        "seed printed without --reveal-seed"
    );
    compare(
        d.path(),
        &[
            (
                "mine.pbn",
                include_bytes!("../../dealing/tests/data/set1/ref.pbn"),
            ),
            (
                "mine.dup",
                include_bytes!("../../dealing/tests/data/set1/ref.dup"),
            ),
        ],
    );
    // CRLF option.
    fairdeal(d.path())
        .args([
            "deal",
            "-n",
            "4",
            "-p",
            "win",
            "--seed",
            SEED,
            "--owner",
            "Big Deal reference test",
            "--crlf",
        ])
        .assert()
        .success();
    let crlf = std::fs::read(d.path().join("win.pbn")).expect("pbn");
    let lf = String::from_utf8(include_bytes!("../../dealing/tests/data/set1/ref.pbn").to_vec())
        .expect("utf8");
    assert_eq!(crlf, lf.replace('\n', "\r\n").into_bytes());
    // Fresh seeds: revealed on request, and replaying the revealed seed reproduces the files.
    let out = fairdeal(d.path())
        .args(["deal", "-n", "3", "-p", "fresh", "--reveal-seed"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).expect("utf8");
    let seed = stdout
        .trim()
        .strip_prefix("seed ")
        .expect("seed line")
        .to_string();
    assert_eq!(seed.len(), 40);
    fairdeal(d.path())
        .args(["deal", "-n", "3", "-p", "again", "--seed", &seed])
        .assert()
        .success();
    assert_eq!(
        std::fs::read(d.path().join("fresh.pbn")).expect("a"),
        std::fs::read(d.path().join("again.pbn")).expect("b")
    );
    fairdeal(d.path())
        .args(["deal", "-n", "3", "-p", "other"])
        .assert()
        .success();
    assert_ne!(
        std::fs::read(d.path().join("fresh.pbn")).expect("a"),
        std::fs::read(d.path().join("other.pbn")).expect("b")
    );
}

#[test]
fn squaredeal_create_deal_verify() {
    let d = scratch();
    fairdeal(d.path())
        .args([
            "squaredeal",
            "create",
            "cup",
            "--name",
            "Spring Cup",
            "--di",
            "DJIA close 13 April",
            "--phase",
            "2:1-4:rr:Round robin",
        ])
        .assert()
        .success();
    let sqd = std::fs::read_to_string(d.path().join("cup.sqd")).expect("sqd");
    assert!(sqd.contains("SN 2:1-4:rr#:Round robin #/2\n"), "{sqd}");
    let sqk = std::fs::read(d.path().join("cup.sqk")).expect("sqk");
    assert_eq!(sqk.split(|&b| b == b'\n').count(), 3);
    // Creating again refuses to overwrite.
    fairdeal(d.path())
        .args([
            "squaredeal",
            "create",
            "cup",
            "--name",
            "x",
            "--di",
            "y",
            "--phase",
            "1:4:p:q",
        ])
        .assert()
        .failure();

    fairdeal(d.path())
        .args([
            "squaredeal",
            "deal",
            "cup",
            "--dv",
            " 25,123.45 ",
            "--phase",
            "1",
            "-f",
            "pbn,dup",
        ])
        .assert()
        .success();
    assert!(std::fs::read_to_string(d.path().join("cup.sqd"))
        .expect("sqd")
        .contains("\nDV 2512345\n"));

    // The session equals bigdealx -W left -e right -e base64(DV) -e original.
    let text = String::from_utf8(sqk.clone()).expect("ascii");
    let key = text
        .lines()
        .next()
        .expect("line")
        .trim_end()
        .split_once(':')
        .expect("key")
        .1
        .to_string();
    fairdeal(d.path())
        .args([
            "bigdeal",
            "-W",
            &key[..30],
            "-e",
            &key[30..],
            "-e",
            "MjUxMjM0NQ==",
            "-e",
            "original",
            "-n",
            "4",
            "-p",
            "manual",
            "-f",
            "pbn",
        ])
        .assert()
        .success();
    assert_eq!(
        std::fs::read(d.path().join("rr1.pbn")).expect("rr1"),
        std::fs::read(d.path().join("manual.pbn")).expect("manual")
    );

    // Verify in a fresh directory with the published files: regenerates, then compares.
    let v = tempfile::tempdir().expect("tempdir");
    for f in ["cup.sqd", "cup.sqk", "rr1.pbn", "rr2.pbn"] {
        std::fs::copy(d.path().join(f), v.path().join(f)).expect("copy");
    }
    let out = fairdeal(v.path())
        .args(["squaredeal", "verify", "cup.sqd", "cup.sqk", "--phase", "1"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("rr2.pbn: identical"));
    // A doctored deal file is reported.
    let mut doctored = std::fs::read(v.path().join("rr2.pbn")).expect("rr2");
    let n = doctored.len();
    doctored[n - 10] ^= 1;
    std::fs::write(v.path().join("rr2.pbn"), doctored).expect("write");
    fairdeal(v.path())
        .args(["squaredeal", "verify", "cup.sqd", "cup.sqk", "--phase", "1"])
        .assert()
        .failure();
    // A tampered key file fails the commitment.
    let mut bad = sqk;
    bad[10] = if bad[10] == b'A' { b'B' } else { b'A' };
    std::fs::write(v.path().join("cup.sqk"), bad).expect("write");
    let out = fairdeal(v.path())
        .args(["squaredeal", "verify", "cup.sqd", "cup.sqk"])
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("does not match the published commitment")
    );
}
