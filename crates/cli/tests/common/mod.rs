//! Helpers shared by the CLI integration tests: the built `fairdeal` binary, running it for
//! its standard output, and temporary input files.
#![allow(dead_code)] // each test file uses a different subset

use assert_cmd::Command;
use std::io::Write;

/// The `fairdeal` binary of this build.
pub fn fairdeal() -> Command {
    Command::cargo_bin("fairdeal").expect("the fairdeal binary is built")
}

/// Runs `fairdeal args…`, asserts success (showing stderr otherwise) and returns stdout.
pub fn stdout_of(args: &[&str]) -> String {
    let out = fairdeal().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// A temporary file holding `text`, named with `suffix` (e.g. `.csv`).
pub fn temp_file(text: &str, suffix: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(suffix)
        .tempfile()
        .expect("temp file");
    f.write_all(text.as_bytes()).expect("write temp file");
    f
}
