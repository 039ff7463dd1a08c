//! `fairdeal count` and `fairdeal constrain` end to end: known counts, seeded replay,
//! conditions honoured, levelled sets, and errors with line:column.

mod common;

use common::{fairdeal, stdout_of, temp_file};

#[test]
fn count_reports_pavlicek_numbers_with_units() {
    let f = temp_file("west: spades 9\neast: shape x=x=6=6\n", ".txt");
    let out = stdout_of(&["count", f.path().to_str().unwrap()]);
    assert!(out.contains("exact seats: East, West\n"), "{out}");
    assert!(
        out.contains("hands: 556991252532000 (ordered pairs of hands)\n"),
        "{out}"
    );
    let f = temp_file("north: hcp 3", ".txt");
    let out = stdout_of(&["count", f.path().to_str().unwrap()]);
    assert!(out.contains("hands: 15636342960 (hands)\n"), "{out}");
    assert!(out.contains("probability: "), "{out}");
}

#[test]
fn constrain_prints_seeded_deals_meeting_the_conditions() {
    let f = temp_file(
        "north: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x\n",
        ".txt",
    );
    let p = f.path().to_str().unwrap();
    let a = stdout_of(&["constrain", p, "-n", "20", "--seed", "00ff"]);
    let b = stdout_of(&["constrain", p, "-n", "20", "--seed", "00ff"]);
    assert_eq!(a, b, "same seed, same deals");
    let lines: Vec<&str> = a.lines().collect();
    assert_eq!(lines.len(), 20);
    for l in lines {
        let hands: Vec<&str> = l
            .strip_prefix("N:")
            .expect("PBN from North")
            .split(' ')
            .collect();
        let hcp = |h: &str| {
            h.chars()
                .map(|c| match c {
                    'A' => 4,
                    'K' => 3,
                    'Q' => 2,
                    'J' => 1,
                    _ => 0,
                })
                .sum::<u32>()
        };
        let lens = |h: &str| h.split('.').map(str::len).collect::<Vec<_>>();
        assert!((15..=17).contains(&hcp(hands[0])), "{l}");
        assert!(hcp(hands[2]) >= 10, "{l}");
        assert_eq!(&lens(hands[2])[..2], &[5, 4], "{l}");
    }
    let c = stdout_of(&["constrain", p, "-n", "20", "--seed", "00fe"]);
    assert_ne!(a, c);
}

#[test]
fn levelled_files_interleave_categories() {
    let f = temp_file(
        "category weak\nnorth: hcp 0-5\ncategory strong\nnorth: hcp 22+\n",
        ".txt",
    );
    let out = stdout_of(&[
        "constrain",
        f.path().to_str().unwrap(),
        "-n",
        "6",
        "--seed",
        "1",
        "--show-category",
    ]);
    let cats: Vec<&str> = out.lines().map(|l| l.split('\t').next().unwrap()).collect();
    for pair in cats.chunks(2) {
        let mut p = pair.to_vec();
        p.sort_unstable();
        assert_eq!(p, ["strong", "weak"]);
    }
    let counted = stdout_of(&["count", f.path().to_str().unwrap()]);
    assert!(counted.contains("category weak (weight 1)\n"), "{counted}");
}

#[test]
fn errors_name_line_and_column() {
    let f = temp_file("north: hcp 15-17\nsouth: spades 5+, shap 4432\n", ".txt");
    let out = fairdeal()
        .args(["count", f.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("2:19: unknown scale or condition `shap`"),
        "{err}"
    );
    let f = temp_file("north: hcp 38", ".txt");
    let out = fairdeal()
        .args(["constrain", f.path().to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("no deal satisfies the conditions on North")
    );
    let out = fairdeal()
        .args(["constrain", f.path().to_str().unwrap(), "--seed", "xyz"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn formats_write_the_same_deals_as_files() {
    let spec = temp_file("north: balanced, hcp 15-17\n", ".txt");
    let path = spec.path().to_str().unwrap();
    let lines = stdout_of(&["constrain", path, "-n", "5", "--seed", "5eed"]);
    let dir = tempfile::tempdir().unwrap();
    let out = fairdeal()
        .current_dir(dir.path())
        .args([
            "constrain",
            path,
            "-n",
            "5",
            "--seed",
            "5eed",
            "-f",
            "pbn,dup",
            "-p",
            "nt",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pbn = std::fs::read_to_string(dir.path().join("nt.pbn")).unwrap();
    for (board, line) in lines.lines().enumerate() {
        assert!(
            pbn.contains(&format!("[Deal \"{line}\"]")),
            "board {}: {line}",
            board + 1
        );
    }
    assert!(pbn.contains("[Board \"5\"]") && !pbn.contains("[Board \"6\"]"));
    // Duplimate: 156 bytes per board plus Big Deal's trailer.
    assert!(std::fs::metadata(dir.path().join("nt.dup")).unwrap().len() >= 5 * 156);
    let bad = fairdeal()
        .current_dir(dir.path())
        .args(["constrain", path, "-n", "2", "-f", "nosuch"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("nosuch"));
}

/// `fairdeal constrain --seed` prints the shared known-answer vectors of the set dealer —
/// the same boards the Constrain page's worker deals from that seed (checked in Chromium).
#[test]
fn seeded_sets_follow_the_shared_vectors() {
    let (seed, sets) = fairdeal_constrain::set::read_vectors(include_str!(
        "../../constrain/tests/data/set-vectors.txt"
    ))
    .expect("the vector file reads");
    let hex: String = seed.iter().map(|b| format!("{b:02x}")).collect();
    for v in sets {
        let f = common::temp_file(&v.spec, ".txt");
        let out = common::stdout_of(&[
            "constrain",
            f.path().to_str().unwrap(),
            "-n",
            &v.boards.len().to_string(),
            "--seed",
            &hex,
        ]);
        let want: Vec<&str> = v.boards.iter().map(|(_, d)| d.as_str()).collect();
        assert_eq!(out.lines().collect::<Vec<_>>(), want, "{}", v.name);
    }
}
