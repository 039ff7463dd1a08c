//! `fairdeal print` end to end: pages per --per-page, practice sheets per --seats, large
//! print, header, DD tables from the file, stdout, clear errors for bad options, and the two
//! documents (crates/cli/tests/data/ref*.print.html) the Board sets page's print must equal.

mod common;

use common::{fairdeal, stdout_of, temp_file};

const REF_PBN: &[u8] = include_bytes!("../../dealing/tests/data/set1/ref.pbn");

/// Set 1's four boards, as a file.
fn ref_file() -> tempfile::NamedTempFile {
    temp_file(std::str::from_utf8(REF_PBN).unwrap(), ".pbn")
}

fn pages(html: &str) -> usize {
    html.matches("<section class=\"fdp-page").count()
}

#[test]
fn per_page_sets_the_page_count() {
    let f = ref_file();
    let path = f.path().to_str().unwrap();
    for (per, expected) in [("1", 4), ("2", 2), ("4", 1), ("6", 1)] {
        let html = stdout_of(&["print", path, "--per-page", per, "-o", "-"]);
        assert_eq!(pages(&html), expected, "--per-page {per}");
        assert_eq!(html.matches("<article class=\"fdp-board\"").count(), 4);
    }
}

#[test]
fn writes_next_to_the_input_by_default_and_to_o() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("club.pbn");
    std::fs::write(&input, REF_PBN).unwrap();
    let out = fairdeal().arg("print").arg(&input).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(dir.path().join("club.html")).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    let target = dir.path().join("x.html");
    let out = fairdeal()
        .arg("print")
        .arg(&input)
        .arg("-o")
        .arg(&target)
        .args([
            "--title",
            "Tuesday <pairs>",
            "--date",
            "2026-11-22",
            "--fingerprint",
            "ab12",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let html = std::fs::read_to_string(target).unwrap();
    assert!(html.contains("<b>Tuesday &lt;pairs&gt;</b>"));
    assert!(html.contains("2026-11-22") && html.contains("ab12"));
}

#[test]
fn seats_make_one_sheet_per_seat() {
    let f = ref_file();
    let path = f.path().to_str().unwrap();
    let html = stdout_of(&[
        "print",
        path,
        "--seats",
        "N,S",
        "--per-page",
        "2",
        "-o",
        "-",
    ]);
    assert_eq!(pages(&html), 4, "2 seats × 2 pages");
    assert_eq!(html.matches("data-seat=\"N\"").count(), 4);
    assert_eq!(html.matches("data-seat=\"S\"").count(), 4);
    assert_eq!(html.matches("data-seat=").count(), 8);
    assert!(html.find("North's hands") < html.find("South's hands"));
    let html = stdout_of(&["print", path, "--seats", "west", "-o", "-"]);
    assert_eq!(html.matches("data-seat=\"W\"").count(), 4);
}

#[test]
fn large_print_uses_at_most_two_a_page() {
    let f = ref_file();
    let path = f.path().to_str().unwrap();
    let html = stdout_of(&["print", path, "--large", "--per-page", "6", "-o", "-"]);
    assert!(html.contains("<body class=\"fdp fdp-n2 fdp-large\">"));
    assert_eq!(pages(&html), 2);
}

#[test]
fn dd_tables_in_the_file_are_printed() {
    let mut text = String::from(
        "[Board \"1\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n\
         [OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n",
    );
    for seat in ["N", "S", "E", "W"] {
        for den in ["NT", "S", "H", "D", "C"] {
            let t = if seat == "N" || seat == "S" { 13 } else { 0 };
            text.push_str(&format!("{seat} {den} {t}\n"));
        }
    }
    text.push_str("[ParContract \"7NT NS\"]\n[OptimumScore \"NS 1520\"]\n");
    let f = temp_file(&text, ".pbn");
    let html = stdout_of(&["print", f.path().to_str().unwrap(), "-o", "-"]);
    assert!(
        html.contains("<tr><th>N</th><td>13</td><td>13</td><td>13</td><td>13</td><td>13</td></tr>")
    );
    assert!(html.contains("Par NS +1520<div>7NT NS</div>"));
}

#[test]
fn problems_go_to_stderr_and_bad_options_fail_clearly() {
    let f = temp_file(
        "[Board \"1\"]\n[Dealer \"Q\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n",
        ".pbn",
    );
    let path = f.path().to_str().unwrap();
    let out = fairdeal()
        .args(["print", path, "-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(":2: [Dealer]"), "{err}");
    let out = fairdeal()
        .args(["print", path, "--per-page", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not 1, 2, 4 or 6"));
    let out = fairdeal()
        .args(["print", path, "--seats", "N,Q"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("\"Q\" is not a seat"));
    let out = fairdeal()
        .args(["print", path, "--seats", "N,n"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("North is given twice"));
    let empty = temp_file("% nothing\n", ".pbn");
    let out = fairdeal()
        .args(["print", empty.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no boards"));
}

/// The documents the Board sets page's wasm test (`print_html_matches_the_cli`) checks the
/// page's print against, for the same file and the same options.
#[test]
fn print_documents_are_the_shared_files() {
    let f = ref_file();
    let path = f.path().to_str().unwrap();
    let records = stdout_of(&[
        "print",
        path,
        "--per-page",
        "2",
        "--title",
        "Club night",
        "--date",
        "25 November 2026",
        "-o",
        "-",
    ]);
    assert_eq!(records, include_str!("data/ref.print.html"), "hand records");
    let sheets = stdout_of(&[
        "print",
        path,
        "--per-page",
        "1",
        "--large",
        "--seats",
        "N,S",
        "--title",
        "Practice",
        "--date",
        "Wednesday",
        "-o",
        "-",
    ]);
    assert_eq!(
        sheets,
        include_str!("data/ref.seats.print.html"),
        "practice sheets"
    );
}
