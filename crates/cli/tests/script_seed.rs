//! `fairdeal script --seed-hex`: the 32-byte key the Script page reveals after a run. `-s N`
//! is the same key with N's little-endian bytes first, so both spellings of one seed deal the
//! same; a bad key is one line naming the option.

mod common;

use common::{fairdeal, temp_file};

const SCRIPT: &str = "produce 4\ncondition hcp(north) >= 15\naction printoneline\n";

fn run(args: &[&str]) -> std::process::Output {
    let f = temp_file(SCRIPT, ".dl");
    fairdeal()
        .arg("script")
        .arg(f.path())
        .args(args)
        .output()
        .unwrap()
}

fn deals(out: &std::process::Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("n "))
        .map(str::to_string)
        .collect()
}

#[test]
fn seed_hex_is_the_same_key_as_the_numeric_seed() {
    let numeric = deals(&run(&["-s", "258"]));
    assert_eq!(numeric.len(), 4);
    // 258 = 0x0102: little-endian bytes 02 01, then zeros.
    let hex = deals(&run(&["--seed-hex", "0201"]));
    assert_eq!(numeric, hex);
    let full = format!("0201{}", "0".repeat(60));
    assert_eq!(deals(&run(&["--seed-hex", &full])), numeric);
    assert_ne!(deals(&run(&["--seed-hex", "0202"])), numeric);
}

#[test]
fn a_bad_key_names_the_option() {
    let out = run(&["--seed-hex", "12g4"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--seed-hex"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    let out = run(&["--seed-hex", &"1".repeat(65)]);
    assert!(!out.status.success());
}
