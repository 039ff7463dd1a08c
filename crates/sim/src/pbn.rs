//! The deals a simulation used, as PBN 2.1 boards (`fairdeal simulate --pbn` and the page's
//! export write these bytes), so anyone can recompute the figures with another DD solver.

use fairdeal_model::{Deal, Seat, Vulnerability};
use fairdeal_scoring::Contract;
use std::io::{self, Write};

/// Writes boards 1..=N: `Event`, `Board`, `Dealer` (North), `Vulnerable`, `Deal` (from
/// North) and, when given, `Declarer` and `Contract`.
pub fn write_pbn(
    w: &mut impl Write,
    deals: &[Deal],
    event: &str,
    vul: Vulnerability,
    contract: Option<(Contract, Seat)>,
) -> io::Result<()> {
    writeln!(w, "% PBN 2.1")?;
    writeln!(w, "% Fair Deal simulation deals")?;
    let event: String = event.chars().filter(|&c| c != '"' && c != '\\').collect();
    for (i, d) in deals.iter().enumerate() {
        writeln!(w)?;
        writeln!(w, "[Event \"{event}\"]")?;
        writeln!(w, "[Board \"{}\"]", i + 1)?;
        writeln!(w, "[Dealer \"N\"]")?;
        writeln!(w, "[Vulnerable \"{vul}\"]")?;
        writeln!(w, "[Deal \"{}\"]", d.to_pbn(Seat::North))?;
        if let Some((c, decl)) = contract {
            writeln!(w, "[Declarer \"{}\"]", decl.letter())?;
            writeln!(w, "[Contract \"{c}\"]")?;
        }
    }
    Ok(())
}

/// The PBN as a string.
pub fn pbn_string(
    deals: &[Deal],
    event: &str,
    vul: Vulnerability,
    contract: Option<(Contract, Seat)>,
) -> String {
    let mut v = Vec::new();
    write_pbn(&mut v, deals, event, vul, contract)
        .unwrap_or_else(|_| unreachable!("writing to a Vec cannot fail"));
    String::from_utf8(v).unwrap_or_else(|_| unreachable!("PBN text is UTF-8"))
}
