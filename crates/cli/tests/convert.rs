//! `fairdeal convert` end to end: LIN → PBN/LIN/Big Deal formats, problems with line numbers,
//! and the error for boards Big Deal formats cannot hold.

use assert_cmd::Command;

const REF_LIN: &[u8] = include_bytes!("../../dealing/tests/data/set1/ref.lin");
const REF_DUP: &[u8] = include_bytes!("../../dealing/tests/data/set1/ref.dup");

fn fairdeal() -> Command {
    Command::cargo_bin("fairdeal").unwrap()
}

#[test]
fn lin_to_pbn_lin_and_dup() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("set.lin");
    std::fs::write(&input, REF_LIN).unwrap();
    let prefix = dir.path().join("out");
    let out = fairdeal()
        .args([
            "convert",
            input.to_str().unwrap(),
            "-f",
            "pbn,lin,dup",
            "-p",
        ])
        .arg(&prefix)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    let pbn = std::fs::read_to_string(dir.path().join("out.pbn")).unwrap();
    assert!(pbn.contains(
        "[Deal \"N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7\"]"
    ));
    assert_eq!(pbn.matches("[Board ").count(), 4);
    let lin = std::fs::read_to_string(dir.path().join("out.lin")).unwrap();
    assert_eq!(lin.lines().count(), 4);
    // Big Deal's own writer, fed the boards read back: the fixture's bytes.
    assert_eq!(std::fs::read(dir.path().join("out.dup")).unwrap(), REF_DUP);
}

#[test]
fn problems_go_to_stderr_with_lines_and_big_deal_formats_refuse_bad_boards() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("club.pbn");
    std::fs::write(
        &input,
        "[Board \"1\"]\n[Deal \"N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 -\"]\n\n\
         [Board \"3\"]\n[Vulnerable \"maybe\"]\n[Deal \"N:AKT763.J64.2.JT2 - - -\"]\n",
    )
    .unwrap();
    let out = fairdeal()
        .current_dir(dir.path())
        .args(["convert", "club.pbn", "-f", "lin"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("club.pbn:5: [Vulnerable]"), "{err}");
    assert!(dir.path().join("club.lin").exists());
    let out = fairdeal()
        .current_dir(dir.path())
        .args(["convert", "club.pbn", "-f", "dup"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("fairdeal: error: board 3 has no complete deal"),
        "{err}"
    );
}
