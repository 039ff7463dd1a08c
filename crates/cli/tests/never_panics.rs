//! The command lines users type: `fairdeal bigdeal` (bigdealx's own option syntax, parsed by
//! hand in `cmd/bigdeal.rs`) and `fairdeal script`'s flags, fed token soups built from their
//! own options, values and junk. Every run ends with success or a one-line
//! `fairdeal: error: …` — never a panic, a signal or a hang — and writes only into its own
//! empty folder.

mod common;
use common::fairdeal;
use proptest::prelude::*;

/// Tokens of bigdealx's command line: its flags (attached and apart), values that are
/// valid, out of range or malformed, and text that is none of these.
fn bigdeal_token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("-n".to_string()),
        Just("-p".to_string()),
        Just("-f".to_string()),
        Just("-h".to_string()),
        Just("-W".to_string()),
        Just("-e".to_string()),
        Just("-E".to_string()),
        Just("-o".to_string()),
        Just("-R".to_string()),
        Just("--force".to_string()),
        Just("--reproducible".to_string()),
        Just("-n4294967295".to_string()),
        Just("4294967296".to_string()),
        Just("0-4294967295".to_string()),
        Just("1-2".to_string()),
        Just("3".to_string()),
        Just("18446744073709551617".to_string()),
        Just("pbn,dup,lin".to_string()),
        Just("pbn,,".to_string()),
        Just("s".to_string()),
        Just("../x".to_string()),
        Just("0123456789ABCDEF0123456789ABCDEF01234567".to_string()),
        Just("0123456789abcdefg".to_string()),
        "[a-zA-Z0-9,.:/\\- ]{0,12}",
        "\\PC{0,6}",
    ]
}

fn soup(max: usize) -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(bigdeal_token(), 0..max)
}

/// Runs `fairdeal args` in an empty folder with a time limit; checks how it ended.
fn ends_cleanly(args: &[String]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = fairdeal()
        .current_dir(dir.path())
        .args(args)
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    prop_assert!(!err.contains("panicked"), "{args:?}: {err}");
    prop_assert!(
        out.status.code().is_some(),
        "{args:?}: ended by a signal ({:?})",
        out.status
    );
    if !out.status.success() {
        prop_assert!(
            err.contains("error"),
            "{args:?}: failed without a message: {err}"
        );
    }
    // Nothing is written outside the folder the run was given.
    for entry in std::fs::read_dir(dir.path()).expect("list") {
        let path = entry.expect("entry").path();
        prop_assert!(path.starts_with(dir.path()), "{args:?}: {path:?}");
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn bigdeal_command_lines_never_panic(args in soup(7)) {
        let mut argv = vec!["bigdeal".to_string()];
        argv.extend(args);
        ends_cleanly(&argv)?;
    }

    #[test]
    fn script_flags_never_panic(flags in prop::collection::vec(prop_oneof![
        Just("--check".to_string()), Just("--lint".to_string()), Just("--why".to_string()),
        Just("--format".to_string()), Just("oneline".to_string()), Just("pbn".to_string()),
        Just("xml".to_string()), Just("-p".to_string()), Just("-g".to_string()),
        Just("-s".to_string()), Just("3".to_string()), Just("0".to_string()),
        Just("18446744073709551616".to_string()), Just("--no-exact".to_string()),
        Just("--explain".to_string()), Just("-v".to_string()),
    ], 0..6)) {
        let dir = tempfile::tempdir().expect("temp dir");
        let script = dir.path().join("s.dl");
        std::fs::write(&script, "produce 2\nhcp(north) >= 12 # strong\naction printoneline,\n").expect("write");
        let mut argv = vec!["script".to_string(), script.display().to_string()];
        argv.extend(flags);
        ends_cleanly(&argv)?;
    }
}
