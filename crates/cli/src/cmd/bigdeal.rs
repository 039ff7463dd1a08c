//! `fairdeal bigdeal`: a drop-in for Big Deal's `bigdealx` command line.
//!
//! Accepts `-n N|L-H`, `-p prefix`, `-f fmt,…`, `-h 40hex`, `-W owner`, `-e string`,
//! `-E file` and `-o`, with getopt spellings (`-n4` or `-n 4`), and writes the same files
//! byte for byte. Two additions of ours: `--force` (replace existing files; without it an
//! existing file is an error) and `--reproducible` (see below).
//! `-o` with less command-line entropy than Big Deal's 213-bit target is refused unless
//! `--reproducible` says a reproducible, non-secret set is wanted; `-W` (SquareDeal's
//! deterministic mode) and `-h` (a given seed) already say so. Below target the credited bits
//! are reported on stderr. The owner (and default formats) come from `.bigdealrc`, or else
//! `bigdeal.ini`, in the current directory (`[BigDeal]`, `formats=…`, `askformats=…`,
//! `owner=…`); without one, Big Deal's default owner is used. Differences by design: it never
//! prompts (missing `-n`/`-p` is an error), never writes `deallog.txt`/`dealentr.txt` (they
//! hold the seed in clear), has no ten-format limit, and refuses rather than skips formats
//! that cannot hold the board range. `-E` bytes are fed as 4-byte ints in this machine's byte
//! order, as `bigdealx` does.

use super::deal::{check_prefix, check_range, os_seed, parse_range, write_files};
use crate::output::Policy;
use anyhow::{bail, Context};
use fairdeal_dealing::bigdeal::{BigDealGenerator, DEFAULT_OWNER};
use fairdeal_dealing::entropy::{IntOrder, Seed, SeedBuilder, ENTROPY_TARGET_BITS};
use fairdeal_dealing::formats::{select_formats, WriteOptions};
use std::path::Path;

/// Arguments of `fairdeal bigdeal` (parsed by hand, getopt style, like `bigdealx`).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// bigdealx options: -n N|L-H -p prefix [-f fmt,…] [-h 40hex] [-W owner] [-e str] [-E file] [-o]
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Entropy material in command-line order.
enum Material {
    Text(String),
    File(String),
}

#[derive(Default)]
struct Options {
    boards: Option<String>,
    prefix: Option<String>,
    formats: Option<String>,
    hex: Option<String>,
    wizard: Option<String>,
    material: Vec<Material>,
    only_cmdline: bool,
    force: bool,
    reproducible: bool,
}

const USAGE: &str = "usage: fairdeal bigdeal -n N|L-H -p prefix [-f fmt,...] [-h 40hex] [-W owner] [-e string] [-E file] [-o] [--reproducible] [--force]";

fn parse(argv: &[String]) -> anyhow::Result<Options> {
    let mut o = Options::default();
    let mut i = 0;
    while i < argv.len() {
        let a = &argv[i];
        i += 1;
        match a.as_str() {
            "--help" => bail!("{USAGE}"),
            "--force" => {
                o.force = true;
                continue;
            }
            "--reproducible" => {
                o.reproducible = true;
                continue;
            }
            _ => {}
        }
        let Some(flag) = a.strip_prefix('-').and_then(|s| s.chars().next()) else {
            bail!("unexpected argument {a:?}; {USAGE}");
        };
        let attached = &a[1 + flag.len_utf8()..];
        match flag {
            'o' | 'R' if attached.is_empty() => {
                if flag == 'R' {
                    bail!("-R (re-ask the init questions) is interactive; edit .bigdealrc instead");
                }
                o.only_cmdline = true;
                continue;
            }
            'n' | 'p' | 'f' | 'h' | 'W' | 'e' | 'E' => {}
            _ => bail!("unknown option {a:?}; {USAGE}"),
        }
        let value = if attached.is_empty() {
            let Some(v) = argv.get(i) else {
                bail!("option -{flag} needs a value; {USAGE}");
            };
            i += 1;
            v.clone()
        } else {
            attached.to_string()
        };
        match flag {
            'n' => o.boards = Some(value),
            'p' => o.prefix = Some(value),
            'f' => o.formats = Some(value),
            'h' => o.hex = Some(value),
            'W' => o.wizard = Some(value),
            'e' => o.material.push(Material::Text(value)),
            _ => o.material.push(Material::File(value)),
        }
    }
    Ok(o)
}

/// `owner=` and `formats=` from `.bigdealrc` or `bigdeal.ini` in `dir`.
fn read_init(dir: &Path) -> anyhow::Result<(Option<String>, Option<String>)> {
    for name in [".bigdealrc", "bigdeal.ini"] {
        let path = dir.join(name);
        if !path.exists() {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let (mut owner, mut formats) = (None, None);
        for line in text.lines() {
            let line = line.trim_end_matches('\r');
            if let Some(v) = line.strip_prefix("owner=") {
                owner = Some(v.to_string());
            } else if let Some(v) = line.strip_prefix("formats=") {
                formats = Some(v.to_string());
            }
        }
        return Ok((owner, formats));
    }
    Ok((None, None))
}

/// Command-line entropy only (`-o`, or `-W`): below Big Deal's target the set can be
/// reproduced by anyone who sees or guesses the command line, so it is refused unless the user
/// said a reproducible set is wanted (`-W`, which is SquareDeal's documented deterministic
/// mode, or `--reproducible`); either way the credited bits are reported.
fn check_cmdline_entropy(pool: &SeedBuilder, o: &Options) -> anyhow::Result<()> {
    if pool.is_sufficient() {
        return Ok(());
    }
    let bits = pool.credit_bits();
    if o.wizard.is_none() && !o.reproducible {
        bail!(
            "-o (command-line entropy only): {bits} bits credited, {ENTROPY_TARGET_BITS} needed; anyone who knows the command line can reproduce these boards. Add -e/-E material, drop -o to use the OS generator, or give --reproducible if a reproducible, non-secret set is wanted"
        );
    }
    eprintln!(
        "fairdeal: note: reproducible set: {bits} bits of command-line entropy credited (Big Deal's target is {ENTROPY_TARGET_BITS}); the boards follow from the command line"
    );
    Ok(())
}

/// Runs the subcommand.
pub fn run(args: Args) -> anyhow::Result<()> {
    let o = parse(&args.rest)?;
    let Some(boards) = &o.boards else {
        bail!("missing -n (number of boards N or range L-H); this command never prompts");
    };
    let Some(prefix) = &o.prefix else {
        bail!("missing -p (file name prefix); this command never prompts");
    };
    let range = parse_range(boards)?;
    check_range(range, &[])?;
    check_prefix(prefix)?;
    let (init_owner, init_formats) = read_init(Path::new("."))?;

    let format_list = o
        .formats
        .clone()
        .or(init_formats)
        .unwrap_or_else(|| "pbn".into());
    let mut stdout_pbn = false;
    let names: Vec<&str> = format_list
        .split(',')
        .map(str::trim)
        .filter(|n| {
            let is_stdout = *n == "stdout";
            stdout_pbn |= is_stdout;
            !is_stdout && !n.is_empty()
        })
        .collect();
    let formats = select_formats(&names.join(","))?;
    if formats.is_empty() && !stdout_pbn {
        bail!("no output formats: give -f or a formats= line in .bigdealrc");
    }
    check_range(range, &formats)?;

    let owner = match (&o.wizard, init_owner) {
        (Some(w), _) => w.clone(),
        (None, Some(owner)) => owner,
        (None, None) => {
            eprintln!(
                "fairdeal: note: no .bigdealrc or bigdeal.ini here; owner is {DEFAULT_OWNER:?}"
            );
            DEFAULT_OWNER.to_string()
        }
    };
    let mut pool = SeedBuilder::new();
    for m in &o.material {
        match m {
            Material::Text(s) => {
                pool.add_string(s);
            }
            Material::File(path) => {
                let bytes =
                    std::fs::read(path).with_context(|| format!("cannot read -E file {path}"))?;
                pool.add_file_bytes(&bytes, IntOrder::Native);
            }
        }
    }
    let seed = if let Some(hex) = &o.hex {
        Seed::from_hex(hex)?
    } else if o.only_cmdline || o.wizard.is_some() {
        check_cmdline_entropy(&pool, &o)?;
        pool.finish()
    } else {
        os_seed(pool)?
    };

    let mut deals = BigDealGenerator::from_seed(&seed, &owner);
    let written = write_files(
        Path::new("."),
        prefix,
        &formats,
        stdout_pbn,
        range,
        &mut deals.by_ref().map(Ok),
        &WriteOptions::default(),
        &Policy::new(o.force),
    )?;
    eprintln!(
        "dealt boards {}-{}: {}",
        range.low(),
        range.high(),
        if written.is_empty() {
            "standard output".to_string()
        } else {
            written.join(", ")
        }
    );
    Ok(())
}
