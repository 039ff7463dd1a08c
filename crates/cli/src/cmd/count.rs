//! `fairdeal count <file>`: the exact number of deals meeting a constraint file.
//!
//! Prints, for the file (or for each `category` of a levelled file), which seats are counted
//! exactly, the count of their hands (with its unit), the count of deals, and the
//! probability as a reduced fraction and a percentage. Conditions the engine had to leave
//! to rejection are listed; the count then ignores them. Parse errors print as
//! `line:column: message` with the line and a caret (exit 1). `-` reads standard input.

use anyhow::{anyhow, Context};
use fairdeal_constrain::analysis::{analyse, Analysis, SetCount, PILOT_DRAWS};
use fairdeal_constrain::{parse, Spec, ALL_DEALS};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Arguments of `fairdeal count`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The constraint file (`-` for standard input).
    pub file: PathBuf,
}

/// Reads and parses a constraint file, rendering parse errors with line:column and a caret.
pub(crate) fn read_spec(path: &Path) -> anyhow::Result<Spec> {
    let text = if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("reading standard input")?;
        s
    } else {
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
    };
    parse(&text).map_err(|e| {
        anyhow!(
            "{} has errors:\n{}",
            path.display(),
            e.render(&text).trim_end()
        )
    })
}

fn unit(n: usize) -> &'static str {
    match n {
        0 => "empty tuples",
        1 => "hands",
        2 => "ordered pairs of hands",
        3 => "ordered triples of hands",
        _ => "ordered quadruples of hands (deals)",
    }
}

fn report(c: &SetCount) -> String {
    let seats: Vec<&str> = c.exact_seats.iter().map(|s| s.name()).collect();
    let (num, den) = c.fraction;
    let mut out = format!(
        "exact seats: {}\nhands: {} ({})\ndeals: {} of {ALL_DEALS}\nprobability: {num}/{den} = {:.6e} %\n",
        if seats.is_empty() { "none".to_string() } else { seats.join(", ") },
        c.hands,
        unit(c.exact_seats.len()),
        c.deals,
        c.percent
    );
    if let Some(d) = &c.dealing {
        out.push_str(&format!(
            "dealt by rejection (counted exactly, cell by cell): conditions on {}\nkept: {} of {} deals the tables draw ({:.3} %)\n",
            d.conditions.join(", "),
            d.kept.0,
            d.kept.1,
            d.percent()
        ));
        if let Some(why) = &d.why {
            out.push_str(&format!("why: {why}\n"));
        }
    }
    if !c.is_exact() {
        out.push_str(&format!(
            "not counted (applied by rejection when dealing): conditions on {}\n",
            c.rejected.join(", ")
        ));
        if let Some(why) = &c.why {
            out.push_str(&format!("why: {why}\n"));
        }
        if let Some((tried, kept)) = c.acceptance {
            out.push_str(&format!(
                "acceptance: {kept} of {tried} draws kept (pilot of {PILOT_DRAWS})\n"
            ));
        }
    }
    out
}

/// Runs `fairdeal count`: the one analysis the Constrain page shows too
/// ([`fairdeal_constrain::analysis`]).
pub fn run(args: Args) -> anyhow::Result<()> {
    let spec = read_spec(&args.file)?;
    match analyse(&spec)? {
        Analysis::Plain(c) => print!("{}", report(&c)),
        Analysis::Levelled(list) => {
            for c in list {
                print!(
                    "category {} (weight {})\n{}",
                    c.name,
                    c.weight,
                    report(&c.count)
                );
            }
        }
    }
    Ok(())
}
