//! The invariant "every computation the app offers has a CLI path giving the same result",
//! checked against ARCHITECTURE.md's feature table (between `<!-- features:begin -->` and
//! `<!-- features:end -->`). For every row:
//!
//! * each page route is a route of the app (`#[at("…")]` in crates/app/src/app.rs);
//! * each worker job is a variant of the worker protocols (`ToWorker`, `ToDdWorker`, the
//!   suit worker's `Request`);
//! * each crate entry point `fairdeal_x::…::name` is a public item of crates/x/src;
//! * each CLI command answers `--help` (so it exists, with its subcommand);
//! * each same-result test exists: the file, and the test's name in it.
//!
//! And the other way: every route but the home and 404 pages, every worker job but `Cancel`
//! and every `fairdeal` subcommand appears in some row, so a new page, job or command cannot
//! be added without saying where its twin is and which test compares them.

mod common;

use common::fairdeal;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// One row of the table.
struct Row {
    line: usize,
    feature: String,
    routes: Vec<String>,
    jobs: Vec<String>,
    entries: Vec<String>,
    commands: Vec<String>,
    tests: Vec<(String, String)>,
}

/// The `code` spans of a cell.
fn code_spans(cell: &str) -> Vec<String> {
    cell.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

fn rows() -> Vec<Row> {
    let text = read("ARCHITECTURE.md");
    let begin = text
        .find("<!-- features:begin -->")
        .expect("ARCHITECTURE.md has a features table");
    let end = text.find("<!-- features:end -->").expect("features:end");
    let first_line = text[..begin].lines().count();
    let mut rows = Vec::new();
    for (i, line) in text[begin..end].lines().enumerate() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | feature | routes | jobs | entries | commands | tests |
        if cells.len() != 8 || cells[1] == "Feature" || cells[1].starts_with("---") {
            continue;
        }
        let tests = cells[6]
            .split(';')
            .filter(|t| !t.trim().is_empty())
            .map(|t| {
                let spans = code_spans(t);
                assert_eq!(
                    spans.len(),
                    2,
                    "ARCHITECTURE.md:{}: a test is `file` › `name`: {t}",
                    first_line + i
                );
                (spans[0].clone(), spans[1].clone())
            })
            .collect();
        rows.push(Row {
            line: first_line + i,
            feature: cells[1].to_string(),
            routes: code_spans(cells[2]),
            jobs: code_spans(cells[3]),
            entries: code_spans(cells[4]),
            commands: code_spans(cells[5]),
            tests,
        });
    }
    assert!(rows.len() >= 10, "the table lists the app's features");
    rows
}

fn app_routes() -> Vec<String> {
    read("crates/app/src/app.rs")
        .split("#[at(\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap().to_string())
        .collect()
}

/// The variants of `enum name` in a protocol file.
fn variants(rel: &str, name: &str) -> Vec<String> {
    let text = read(rel);
    let start = text
        .find(&format!("pub enum {name} {{"))
        .unwrap_or_else(|| panic!("{rel} has enum {name}"));
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..];
    let mut depth = 0;
    let mut out = Vec::new();
    for line in body.lines() {
        let t = line.trim();
        if depth == 0 && !t.starts_with("///") && !t.starts_with('#') {
            let name: String = t
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            if name.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
                out.push(name);
            }
        }
        depth += t.matches(['{', '(']).count() as i32 - t.matches(['}', ')']).count() as i32;
        if depth < 0 {
            break;
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// True if `fairdeal_x::…::name` is a public item (fn, type, const, module or re-export) of
/// crates/x/src.
fn entry_exists(path: &str) -> bool {
    let mut parts = path.split("::");
    let krate = parts.next().unwrap().trim_start_matches("fairdeal_");
    let name = path.rsplit("::").next().unwrap();
    let mut files = Vec::new();
    rust_files(&root().join("crates").join(krate).join("src"), &mut files);
    let item = |kw: &str| format!("pub {kw} {name}");
    files.iter().any(|f| {
        let text = std::fs::read_to_string(f).unwrap();
        ["fn", "struct", "enum", "const", "mod", "trait", "type"]
            .iter()
            .any(|kw| {
                let pat = item(kw);
                text.match_indices(&pat).any(|(i, _)| {
                    !text[i + pat.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
            })
            || text.lines().any(|l| {
                l.trim_start().starts_with("pub use")
                    && l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .any(|w| w == name)
            })
    })
}

fn cli_subcommands() -> Vec<String> {
    let out = fairdeal().arg("--help").output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let commands = help
        .split("Commands:")
        .nth(1)
        .unwrap()
        .split("Options:")
        .next()
        .unwrap();
    commands
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_row_names_real_parts_and_a_real_test() {
    let routes = app_routes();
    let mut jobs = variants("crates/app/src/worker/protocol.rs", "ToWorker");
    jobs.extend(variants("crates/app/src/dd/protocol.rs", "ToDdWorker"));
    jobs.extend(variants("crates/app/src/pages/suit/solver.rs", "Request"));
    for row in rows() {
        let at = format!("ARCHITECTURE.md:{} ({})", row.line, row.feature);
        assert!(!row.routes.is_empty(), "{at}: no page");
        assert!(!row.entries.is_empty(), "{at}: no crate entry point");
        assert!(!row.commands.is_empty(), "{at}: no CLI command");
        assert!(!row.tests.is_empty(), "{at}: no same-result test");
        for r in &row.routes {
            assert!(routes.contains(r), "{at}: {r} is not a route of the app");
        }
        for j in &row.jobs {
            let variant = j.rsplit("::").next().unwrap();
            assert!(
                jobs.iter().any(|v| v == variant),
                "{at}: {j} is not a worker job"
            );
        }
        for e in &row.entries {
            assert!(e.starts_with("fairdeal_"), "{at}: {e} is not a crate path");
            assert!(entry_exists(e), "{at}: {e} is not a public item");
        }
        for c in &row.commands {
            let words: Vec<&str> = c.split_whitespace().collect();
            assert_eq!(words[0], "fairdeal", "{at}: {c}");
            let subcommand: Vec<&str> = words[1..]
                .iter()
                .copied()
                .take_while(|w| !w.starts_with('-'))
                .collect();
            let out = fairdeal().args(&subcommand).arg("--help").output().unwrap();
            // `fairdeal bigdeal` reads bigdealx's own command line, where `-h` is a hash: it
            // answers `--help` with its usage line.
            let usage = format!("usage: fairdeal {}", subcommand.join(" "));
            assert!(
                out.status.success() || String::from_utf8_lossy(&out.stderr).contains(&usage),
                "{at}: `{c}` has no --help"
            );
            for flag in words.iter().filter(|w| w.starts_with("--")) {
                let help = String::from_utf8_lossy(&out.stdout);
                assert!(help.contains(*flag), "{at}: `{c}`: no {flag} in its help");
            }
        }
        for (file, name) in &row.tests {
            let text = read(file);
            assert!(
                text.contains(name.as_str()),
                "{at}: no test {name:?} in {file}"
            );
        }
    }
}

#[test]
fn every_page_job_and_command_is_in_the_table() {
    let rows = rows();
    for route in app_routes() {
        if route == "/" || route == "/404" {
            continue;
        }
        assert!(
            rows.iter().any(|r| r.routes.contains(&route)),
            "route {route} has no row in ARCHITECTURE.md's feature table"
        );
    }
    let mut jobs = variants("crates/app/src/worker/protocol.rs", "ToWorker");
    jobs.extend(variants("crates/app/src/dd/protocol.rs", "ToDdWorker"));
    jobs.extend(variants("crates/app/src/pages/suit/solver.rs", "Request"));
    assert!(jobs.len() >= 7, "{jobs:?}");
    for job in jobs.iter().filter(|j| *j != "Cancel") {
        assert!(
            rows.iter()
                .any(|r| r.jobs.iter().any(|j| j.rsplit("::").next() == Some(job))),
            "worker job {job} has no row in ARCHITECTURE.md's feature table"
        );
    }
    let commands = cli_subcommands();
    assert!(commands.len() >= 12, "{commands:?}");
    for c in commands {
        assert!(
            rows.iter().any(|r| r
                .commands
                .iter()
                .any(|rc| rc.split_whitespace().nth(1) == Some(c.as_str()))),
            "fairdeal {c} has no row in ARCHITECTURE.md's feature table"
        );
    }
}
