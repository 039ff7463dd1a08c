//! Trust at the edges (issue 14): predictable seeds are refused, no file is written over or
//! left half-written, `.sqd` prefixes cannot leave the folder, every SquareDeal choice is
//! committed, and user sizes are refused before any work.

use assert_cmd::Command;
use std::path::Path;

const SEED: &str = "0123456789ABCDEF0123456789ABCDEF01234567";
const RC: &str = "[BigDeal]\nformats=pbn\naskformats=no\nowner=Edge test\n";

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

/// Runs and returns (success, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (bool, String, String) {
    let out = fairdeal(dir).args(args).output().expect("runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn fails_with(dir: &Path, args: &[&str], needle: &str) {
    let (ok, _, err) = run(dir, args);
    assert!(!ok, "{args:?} should fail");
    assert!(err.contains(needle), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

fn succeeds(dir: &Path, args: &[&str]) -> (String, String) {
    let (ok, out, err) = run(dir, args);
    assert!(ok, "{args:?}: {err}");
    (out, err)
}

/// Files in `dir` other than the init file.
fn files(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n != ".bigdealrc")
        .collect();
    v.sort();
    v
}

// ---- 1. Predictable seeds ------------------------------------------------------------------

#[test]
fn bigdeal_command_line_entropy_below_target_is_refused() {
    // Two runs in empty folders used to write the same boards, silently.
    for _ in 0..2 {
        let d = scratch();
        fails_with(
            d.path(),
            &["bigdeal", "-n", "2", "-p", "s", "-f", "pbn", "-o"],
            "0 bits credited, 213 needed",
        );
        assert!(files(d.path()).is_empty(), "{:?}", files(d.path()));
    }
    let d = scratch();
    fails_with(
        d.path(),
        &[
            "bigdeal", "-n", "2", "-p", "s", "-f", "pbn", "-o", "-e", "abc",
        ],
        "12 bits credited",
    );
    assert!(files(d.path()).is_empty());
    // Stated reproducible: dealt, with the credit reported; same boards each time.
    let (_, err) = succeeds(
        d.path(),
        &[
            "bigdeal",
            "-n",
            "2",
            "-p",
            "r1",
            "-f",
            "pbn",
            "-o",
            "-e",
            "abc",
            "--reproducible",
        ],
    );
    assert!(err.contains("12 bits"), "{err}");
    succeeds(
        d.path(),
        &[
            "bigdeal",
            "-n",
            "2",
            "-p",
            "r2",
            "-f",
            "pbn",
            "-o",
            "-e",
            "abc",
            "--reproducible",
        ],
    );
    let read = |n: &str| std::fs::read(d.path().join(n)).expect("file");
    assert_eq!(read("r1.pbn"), read("r2.pbn"));
    // Enough command-line material (54 chars = 216 bits) passes the target.
    succeeds(
        d.path(),
        &[
            "bigdeal",
            "-n",
            "2",
            "-p",
            "long",
            "-o",
            "-e",
            &"k".repeat(54),
        ],
    );
    // Without -o the OS generator is used: two runs differ.
    succeeds(d.path(), &["bigdeal", "-n", "2", "-p", "os1"]);
    succeeds(d.path(), &["bigdeal", "-n", "2", "-p", "os2"]);
    assert_ne!(read("os1.pbn"), read("os2.pbn"));
}

#[test]
fn constrain_and_stats_keep_the_seed_unless_asked() {
    let d = tempfile::tempdir().expect("tempdir");
    std::fs::write(d.path().join("c.txt"), "north: hcp 15-17\n").expect("spec");
    for cmd in [
        vec!["constrain", "c.txt", "-n", "2"],
        vec!["stats", "c.txt", "-n", "20", "--stat", "hcp:N"],
    ] {
        let (out, err) = succeeds(d.path(), &cmd);
        assert!(
            !err.contains("seed") && !out.contains("seed"),
            "{cmd:?}: {err}"
        );
        let mut asked = cmd.clone();
        asked.push("--reveal-seed");
        let (_, err) = succeeds(d.path(), &asked);
        let line = err
            .lines()
            .find_map(|l| l.strip_prefix("seed "))
            .unwrap_or_else(|| panic!("{asked:?}: {err}"));
        assert_eq!(line.len(), 64);
    }
}

// ---- 2. Files overwritten ------------------------------------------------------------------

#[test]
fn convert_never_writes_over_its_input() {
    let d = scratch();
    succeeds(d.path(), &["deal", "-n", "4", "-p", "club", "--seed", SEED]);
    let mut club = std::fs::read_to_string(d.path().join("club.pbn")).expect("pbn");
    club.push_str("% a comment the club keeps\n");
    std::fs::write(d.path().join("club.pbn"), &club).expect("write");
    fails_with(d.path(), &["convert", "club.pbn"], "also an input");
    fails_with(
        d.path(),
        &["convert", "club.pbn", "--force"],
        "also an input",
    );
    fails_with(
        d.path(),
        &["convert", "club.pbn", "-p", "./club", "-f", "lin,pbn"],
        "also an input",
    );
    assert_eq!(
        std::fs::read_to_string(d.path().join("club.pbn")).expect("pbn"),
        club
    );
    // Nothing else was written either (the targets are checked before any write).
    assert_eq!(files(d.path()), ["club.pbn"]);
    fails_with(
        d.path(),
        &["print", "club.pbn", "-o", "club.pbn", "--force"],
        "also an input",
    );
    fails_with(
        d.path(),
        &["dd", "club.pbn", "-j", "1", "--pbn", "club.pbn", "--force"],
        "also an input",
    );
}

#[test]
fn existing_files_need_force() {
    let d = scratch();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["deal", "-n", "4", "-p", "x", "--seed", SEED], "x.pbn"),
        (
            vec!["bigdeal", "-n", "4", "-p", "b", "-h", SEED, "-f", "pbn"],
            "b.pbn",
        ),
        (
            vec!["convert", "x.pbn", "-p", "conv", "-f", "lin"],
            "conv.lin",
        ),
        (vec!["print", "x.pbn", "-o", "page.html"], "page.html"),
        (
            vec!["dd", "x.pbn", "-j", "1", "--pbn", "solved.pbn"],
            "solved.pbn",
        ),
        (
            vec!["constrain", "c.txt", "-n", "3", "-f", "pbn", "-p", "con"],
            "con.pbn",
        ),
    ];
    std::fs::write(d.path().join("c.txt"), "north: hcp 15-17\n").expect("spec");
    for (args, file) in &cases {
        succeeds(d.path(), args);
        let path = d.path().join(file);
        std::fs::write(&path, "keep me").expect("write");
        fails_with(d.path(), args, "--force");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "keep me",
            "{args:?}"
        );
        let mut forced = args.clone();
        forced.push("--force");
        succeeds(d.path(), &forced);
        assert_ne!(std::fs::read(&path).expect("read"), b"keep me", "{args:?}");
    }
    // No temporary file is left behind by any of them.
    assert!(
        files(d.path()).iter().all(|f| !f.ends_with(".tmp")),
        "{:?}",
        files(d.path())
    );
}

#[test]
fn a_failed_write_leaves_no_partial_file() {
    use std::process::Stdio;
    let d = scratch();
    // PBN to a file and to a standard output nobody reads: the pipe breaks mid-set.
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("fairdeal"))
        .current_dir(d.path())
        .args([
            "bigdeal",
            "-h",
            SEED,
            "-n",
            "20000",
            "-p",
            "half",
            "-f",
            "pbn,csv,stdout",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("waits");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("error"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(files(d.path()).is_empty(), "{:?}", files(d.path()));
}

// ---- 5. Paths from files -------------------------------------------------------------------

/// A keys-only (SquareDeal) tournament with one phase line, published correctly.
fn keys_only_tournament(dir: &Path, sn: &str) {
    let sqk = format!("1,1:{}\r\n", "aB3".repeat(20));
    let kh = fairdeal_dealing::squaredeal::key_hash(sqk.as_bytes());
    std::fs::write(dir.join("t.sqk"), &sqk).expect("sqk");
    std::fs::write(
        dir.join("t.sqd"),
        format!("TN Escape\nDI DJIA close\nSN {sn}\nKH {kh}\n"),
    )
    .expect("sqd");
}

#[test]
fn sqd_prefixes_cannot_leave_the_folder() {
    let root = tempfile::tempdir().expect("tempdir");
    let work = root.path().join("work");
    std::fs::create_dir(&work).expect("mkdir");
    keys_only_tournament(&work, "1:4:../x:y");
    for args in [
        vec![
            "squaredeal",
            "verify",
            "t.sqd",
            "t.sqk",
            "--dv",
            "1",
            "--phase",
            "1",
        ],
        vec!["squaredeal", "deal", "t", "--dv", "1", "--phase", "1"],
    ] {
        fails_with(&work, &args, "file prefix");
    }
    assert!(!root.path().join("x.pbn").exists());
    assert_eq!(files(&work), ["t.sqd", "t.sqk"]);
}

// ---- 4. Caps before work -------------------------------------------------------------------

#[test]
fn sizes_are_refused_before_any_work() {
    let d = scratch();
    std::fs::write(d.path().join("c.txt"), "north: hcp 15-17\n").expect("spec");
    fails_with(
        d.path(),
        &["deal", "-n", "1-4000000000", "-p", "big", "--seed", SEED],
        "highest board number",
    );
    fails_with(
        d.path(),
        &["deal", "-n", "4294967295", "-p", "big", "--seed", SEED],
        "highest board number",
    );
    fails_with(
        d.path(),
        &["bigdeal", "-h", SEED, "-n", "1-4000000000", "-p", "big"],
        "highest board number",
    );
    fails_with(
        d.path(),
        &["constrain", "c.txt", "-n", "4000000000", "-f", "pbn"],
        "boards",
    );
    fails_with(
        d.path(),
        &["constrain", "c.txt", "-n", "100", "-f", "dup"],
        "up to 99",
    );
    fails_with(d.path(), &["dd", "c.txt", "-j", "100000"], "-j 100000");
    assert!(files(d.path()).iter().all(|f| f == "c.txt"));
    // SquareDeal sizes: entered and read.
    for phase in [
        "1:1-1000000000:p:d",
        "1:2x4000000000:p:d",
        "1000000000:16:p:d",
    ] {
        let (ok, _, err) = run(
            d.path(),
            &[
                "squaredeal",
                "create",
                "big",
                "--name",
                "n",
                "--di",
                "x",
                "--phase",
                phase,
            ],
        );
        assert!(!ok && !err.contains("panicked"), "{phase}: {err}");
        assert!(
            err.contains("at most") || err.contains("up to"),
            "{phase}: {err}"
        );
    }
    keys_only_tournament(d.path(), "1:1-1000000000:p:d");
    fails_with(
        d.path(),
        &[
            "squaredeal",
            "verify",
            "t.sqd",
            "t.sqk",
            "--dv",
            "1",
            "--phase",
            "1",
        ],
        "at most 1000",
    );
}

#[test]
fn huge_category_weights_deal_at_once() {
    // A 4e9-entry interleaving list used to be built for three boards.
    let d = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        d.path().join("l.txt"),
        "category heavy weight 4000000000\nnorth: hcp 10+\ncategory light\nnorth: hcp 0-9\n",
    )
    .expect("spec");
    let (out, _) = succeeds(d.path(), &["constrain", "l.txt", "-n", "3", "--seed", "1"]);
    assert_eq!(out.lines().count(), 3);
}

// ---- 8. SquareDeal commitment ----------------------------------------------------------------

/// A committed tournament: a fixed phase, a `?` phase with tagged sessions.
fn committed(dir: &Path) {
    succeeds(
        dir,
        &[
            "squaredeal",
            "create",
            "cup",
            "--name",
            "Spring Cup",
            "--di",
            "DJIA close 13 April",
            "--phase",
            "2:1-4:rr:Round robin",
            "--phase",
            "1:?:po:Play-off",
            "--tag-sessions",
            "2",
        ],
    );
}

#[test]
fn every_squaredeal_choice_is_committed() {
    let d = scratch();
    committed(d.path());
    let sqd = std::fs::read_to_string(d.path().join("cup.sqd")).expect("sqd");
    assert!(
        sqd.contains("\nCV 2\n") && sqd.contains("\nST 2\n"),
        "{sqd}"
    );
    let verify = |dir: &Path| run(dir, &["squaredeal", "verify", "cup.sqd", "cup.sqk"]);
    assert!(verify(d.path()).0, "{}", verify(d.path()).2);
    // Changing any committed choice in the published file fails verification.
    for (from, to) in [
        ("TN Spring Cup", "TN Autumn Cup"),
        ("DI DJIA close 13 April", "DI DJIA close 14 April"),
        ("ST 2\n", "ST -\n"),
        ("ST 2\n", "ST 1,2\n"),
        ("SN 2:1-4:", "SN 2:2-5:"),
        ("SN 2:1-4:rr#:", "SN 2:1-4:xx#:"),
        ("SN 1:?:po", "SN 1:8:po"),
        ("Play-off", "Final"),
        ("CV 2\n", ""),
    ] {
        let v = tempfile::tempdir().expect("tempdir");
        assert!(sqd.contains(from), "{from}");
        std::fs::write(v.path().join("cup.sqd"), sqd.replacen(from, to, 1)).expect("sqd");
        std::fs::copy(d.path().join("cup.sqk"), v.path().join("cup.sqk")).expect("sqk");
        let (ok, _, err) = verify(v.path());
        assert!(!ok, "changing {from:?} to {to:?} still verifies");
        assert!(
            err.contains("does not match the published commitment"),
            "{err}"
        );
    }
    // Choices the dealer could make after DV are fixed or refused.
    let deal = |extra: &[&str]| {
        let mut a = vec!["squaredeal", "deal", "cup", "--dv", " 25,123.45 "];
        a.extend_from_slice(extra);
        run(d.path(), &a)
    };
    for (extra, needle) in [
        (vec!["--phase", "1", "--raw-dv"], "--raw-dv"),
        (vec!["--phase", "2", "--tag-session"], "--tag-session"),
        (
            vec!["--phase", "1", "--boards", "2-5"],
            "cannot be asked for",
        ),
        (vec!["--phase", "2", "--boards", "3-8"], "give a count"),
    ] {
        let (ok, _, err) = deal(&extra);
        assert!(!ok, "{extra:?}");
        assert!(err.contains(needle), "{extra:?}: {err}");
    }
    // DV in any typed form gives the same boards.
    let (ok, out, err) = deal(&["--phase", "2", "--boards", "6"]);
    assert!(ok, "{err}");
    assert!(out.contains("updated cup.sqd"), "{out}");
    assert!(d.path().join("cup.sqd.published").exists());
    let first = std::fs::read(d.path().join("po.pbn")).expect("po");
    std::fs::remove_file(d.path().join("po.pbn")).expect("rm");
    let (ok, _, err) = run(
        d.path(),
        &[
            "squaredeal",
            "deal",
            "cup",
            "--dv",
            "2512345",
            "--phase",
            "2",
            "--boards",
            "6",
        ],
    );
    assert!(ok, "{err}");
    assert_eq!(std::fs::read(d.path().join("po.pbn")).expect("po"), first);
    // Dealing again does not replace the session files without --force.
    let (ok, _, err) = run(
        d.path(),
        &["squaredeal", "deal", "cup", "--phase", "2", "--boards", "6"],
    );
    assert!(!ok && err.contains("--force"), "{err}");
    // A recorded DV is not recorded again, whatever the file's layout (comments kept).
    let sqd_path = d.path().join("cup.sqd");
    let mut text = std::fs::read_to_string(&sqd_path).expect("sqd");
    text.push_str("# a comment of the organiser\n");
    std::fs::write(&sqd_path, &text).expect("sqd");
    let (ok, out, err) = run(
        d.path(),
        &[
            "squaredeal",
            "deal",
            "cup",
            "--phase",
            "1",
            "--session",
            "1",
        ],
    );
    assert!(ok, "{err}");
    assert!(!out.contains("updated"), "{out}");
    assert_eq!(std::fs::read_to_string(&sqd_path).expect("sqd"), text);
}
