//! Double-dummy results in PBN text: the `OptimumResultTable` section, `ParContract` and
//! `OptimumScore` — written from and read into [`DdTable`] and [`Par`].
//!
//! Written layout (PBN 2.1 §3.4.6 style, one row per declarer and denomination, declarers
//! N S E W, denominations NT S H D C, columns right-aligned to width 2):
//!
//! ```text
//! [OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
//! N NT  9
//! N  S 10
//! ```
//!
//! `ParContract` is the par contracts separated by `; ` (`4SX-2 EW; 5H NS`, or `Pass` for a
//! pass-out), each as [`ParContract`]'s `Display` writes it; `OptimumScore` is `NS 420`
//! (North–South's view, negative when East–West gain). The reader also takes the column
//! order from the header, `NS 4S` (side first), `:` separators, `N` for notrump and
//! `EW 420` scores.
//!
//! Panic policy: nothing here panics, whatever the input.

use fairdeal_model::dd::{DdTable, Par, ParContract, Side};
use fairdeal_model::{Seat, Strain};

/// The `OptimumResultTable` header value we write.
pub const DD_HEADER: &str = "Declarer;Denomination\\2R;Result\\2R";

/// Declarer order of the written rows.
const ROW_SEATS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];
/// Denomination order of the written rows.
const ROW_STRAINS: [Strain; 5] = [
    Strain::Notrump,
    Strain::Spades,
    Strain::Hearts,
    Strain::Diamonds,
    Strain::Clubs,
];

/// The 20 section lines of an `OptimumResultTable` for `table`.
pub fn dd_rows(table: &DdTable) -> Vec<String> {
    let mut rows = Vec::with_capacity(20);
    for seat in ROW_SEATS {
        for strain in ROW_STRAINS {
            rows.push(format!(
                "{} {:>2} {:>2}",
                seat.letter(),
                strain.text(),
                table.tricks(strain, seat)
            ));
        }
    }
    rows
}

/// A denomination as tables write it: `NT`/`N`, `S H D C` (either case) or a suit symbol.
fn strain_of(token: &str) -> Option<Strain> {
    let up = token.to_ascii_uppercase();
    match up.as_str() {
        "NT" | "N" => Some(Strain::Notrump),
        _ => {
            let mut chars = up.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            fairdeal_model::Suit::from_char(c).map(Strain::from)
        }
    }
}

/// One seat letter (either case).
fn seat_of(token: &str) -> Option<Seat> {
    let mut chars = token.chars();
    let s = Seat::from_char(chars.next()?)?;
    chars.next().is_none().then_some(s)
}

/// Reads an `OptimumResultTable` from its header value and section lines. Every one of the
/// 20 declarer × denomination cells must be given, once (or repeated with the same count).
pub fn parse_dd_table(header: &str, section: &[String]) -> Result<DdTable, String> {
    let columns: Vec<String> = header
        .split(';')
        .map(|c| {
            // The name, without a column format such as `\2R` (or `2R` where a reader
            // dropped the backslash).
            let name: String = c.trim().chars().take_while(|c| c.is_alphabetic()).collect();
            name.to_ascii_lowercase()
        })
        .collect();
    let find = |name: &str| columns.iter().position(|c| c == name);
    let (Some(decl), Some(den), Some(res)) =
        (find("declarer"), find("denomination"), find("result"))
    else {
        return Err(format!(
            "header {header:?} lacks a Declarer, Denomination or Result column"
        ));
    };
    let tokens: Vec<&str> = section.iter().flat_map(|l| l.split_whitespace()).collect();
    let width = columns.len();
    if !tokens.len().is_multiple_of(width) {
        return Err(format!(
            "{} values do not make whole rows of {width}",
            tokens.len()
        ));
    }
    let mut cells: [[Option<u8>; 4]; 5] = [[None; 4]; 5];
    for (i, row) in tokens.chunks(width).enumerate() {
        let seat = seat_of(row[decl])
            .ok_or_else(|| format!("row {}: {:?} is not a declarer", i + 1, row[decl]))?;
        let strain = strain_of(row[den])
            .ok_or_else(|| format!("row {}: {:?} is not a denomination", i + 1, row[den]))?;
        let tricks = row[res]
            .parse::<u8>()
            .ok()
            .filter(|&t| t <= 13)
            .ok_or_else(|| format!("row {}: {:?} is not 0 to 13 tricks", i + 1, row[res]))?;
        let cell = &mut cells[strain.index()][seat.index()];
        match *cell {
            Some(t) if t != tricks => {
                return Err(format!(
                    "row {}: {} {} given twice ({t} and {tricks})",
                    i + 1,
                    seat.letter(),
                    strain.text()
                ))
            }
            _ => *cell = Some(tricks),
        }
    }
    let mut tricks = [[0u8; 4]; 5];
    let mut missing = Vec::new();
    for strain in Strain::ASC {
        for seat in Seat::ALL {
            match cells[strain.index()][seat.index()] {
                Some(t) => tricks[strain.index()][seat.index()] = t,
                None => missing.push(format!("{} {}", seat.letter(), strain.text())),
            }
        }
    }
    if !missing.is_empty() {
        return Err(format!("missing {}", missing.join(", ")));
    }
    DdTable::new(tricks).ok_or_else(|| "a count above 13".to_string())
}

/// The `ParContract` value for `par` (`Pass` when it has no contracts).
pub fn par_contract_text(par: &Par) -> String {
    if par.contracts.is_empty() {
        return "Pass".to_string();
    }
    par.contracts
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

/// The `OptimumScore` value for `par` (`NS 420`, `NS -100`).
pub fn optimum_score_text(par: &Par) -> String {
    format!("NS {}", par.ns_score)
}

/// Reads `4SX-2`, `3NT+1`, `5H`: level, strain, doubled, over/undertricks.
fn parse_contract(token: &str) -> Option<(u8, Strain, bool, i8)> {
    let up = token.to_ascii_uppercase();
    let level = up.chars().next()?.to_digit(10)?;
    if !(1..=7).contains(&level) {
        return None;
    }
    let rest = &up[1..];
    let (strain, rest) = if let Some(r) = rest.strip_prefix("NT") {
        (Strain::Notrump, r)
    } else {
        let c = rest.chars().next()?;
        (strain_of(&c.to_string())?, &rest[c.len_utf8()..])
    };
    let (doubled, rest) = match rest.strip_prefix('X') {
        Some(r) => (true, r),
        None => (false, rest),
    };
    let over = match rest {
        "" | "=" => 0,
        r if r.starts_with('+') || r.starts_with('-') => {
            let n: i8 = r.parse().ok()?;
            if !(-13..=6).contains(&n) {
                return None;
            }
            n
        }
        _ => return None,
    };
    Some((level as u8, strain, doubled, over))
}

/// Reads seat letters of one side (`NS`, `N`, `EW`, `E`).
fn parse_seats(token: &str) -> Option<Vec<Seat>> {
    let seats: Option<Vec<Seat>> = token.chars().map(Seat::from_char).collect();
    let seats = seats?;
    let first = *seats.first()?;
    let ok = seats.len() <= 2
        && seats.iter().all(|&s| Side::of(s) == Side::of(first))
        && !(seats.len() == 2 && seats[0] == seats[1]);
    ok.then_some(seats)
}

/// One par contract: a contract token and a seats token, in either order.
fn parse_par_contract(item: &str) -> Result<ParContract, String> {
    let tokens: Vec<&str> = item
        .split(|c: char| c.is_whitespace() || c == ':')
        .filter(|t| !t.is_empty())
        .collect();
    let (contract, seats) = match tokens.as_slice() {
        [a, b] => match (parse_contract(a), parse_seats(b)) {
            (Some(c), Some(s)) => (c, s),
            _ => match (parse_contract(b), parse_seats(a)) {
                (Some(c), Some(s)) => (c, s),
                _ => return Err(format!("{item:?} is not a contract and its declarers")),
            },
        },
        _ => {
            return Err(format!(
                "{item:?} is not a contract and its declarers such as \"4S NS\""
            ))
        }
    };
    let (level, strain, doubled, overtricks) = contract;
    Ok(ParContract {
        level,
        strain,
        doubled,
        side: Side::of(seats[0]),
        declarers: seats,
        overtricks,
    })
}

/// Reads a par from the `ParContract` and `OptimumScore` values.
pub fn parse_par(contract: &str, score: &str) -> Result<Par, String> {
    let score_tokens: Vec<&str> = score.split_whitespace().collect();
    let ns_score = match score_tokens.as_slice() {
        [side, n] => {
            let n: i32 = n
                .parse()
                .map_err(|_| format!("score {n:?} is not a whole number"))?;
            match side.to_ascii_uppercase().as_str() {
                "NS" => n,
                // Negated for NS: `EW -2147483648` has no NS value in `i32`.
                "EW" => n
                    .checked_neg()
                    .ok_or_else(|| format!("score EW {n} is out of range"))?,
                _ => return Err(format!("score side {side:?} is not NS or EW")),
            }
        }
        [n] => n
            .parse()
            .map_err(|_| format!("score {n:?} is not \"NS 420\""))?,
        _ => return Err(format!("score {score:?} is not \"NS 420\"")),
    };
    let text = contract.trim();
    let contracts = if text.eq_ignore_ascii_case("pass") {
        Vec::new()
    } else {
        text.split([';', ','])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(parse_par_contract)
            .collect::<Result<Vec<_>, _>>()?
    };
    if contracts.is_empty() && !text.eq_ignore_ascii_case("pass") {
        return Err("no contract; expected \"4S NS\" or \"Pass\"".to_string());
    }
    Ok(Par {
        ns_score,
        contracts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> DdTable {
        let mut t = [[0u8; 4]; 5];
        for (i, row) in t.iter_mut().enumerate() {
            for (j, c) in row.iter_mut().enumerate() {
                *c = ((i * 4 + j) % 14) as u8;
            }
        }
        DdTable::new(t).unwrap()
    }

    #[test]
    fn table_rows_read_back() {
        let rows = dd_rows(&table());
        assert_eq!(rows.len(), 20);
        assert_eq!(rows[0], "N NT  2");
        assert_eq!(rows[1], "N  S 12");
        assert_eq!(parse_dd_table(DD_HEADER, &rows), Ok(table()));
    }

    #[test]
    fn table_columns_follow_the_header() {
        let rows: Vec<String> = dd_rows(&table())
            .iter()
            .map(|r| {
                let t: Vec<&str> = r.split_whitespace().collect();
                format!("{} {} {}", t[2], t[1], t[0])
            })
            .collect();
        assert_eq!(
            parse_dd_table("Result;Denomination;Declarer", &rows),
            Ok(table())
        );
    }

    #[test]
    fn incomplete_or_bad_tables_say_why() {
        let mut rows = dd_rows(&table());
        rows.pop();
        let e = parse_dd_table(DD_HEADER, &rows).unwrap_err();
        assert!(e.contains("missing W C"), "{e}");
        rows.push("W C 14".into());
        let e = parse_dd_table(DD_HEADER, &rows).unwrap_err();
        assert!(e.contains("row 20") && e.contains("0 to 13"), "{e}");
        let e = parse_dd_table("Declarer;Result", &rows).unwrap_err();
        assert!(e.contains("Denomination"), "{e}");
    }

    #[test]
    fn par_texts_read_back() {
        let par = Par {
            ns_score: -300,
            contracts: vec![
                ParContract {
                    level: 5,
                    strain: Strain::Hearts,
                    doubled: true,
                    side: Side::NorthSouth,
                    declarers: vec![Seat::North, Seat::South],
                    overtricks: -2,
                },
                ParContract {
                    level: 4,
                    strain: Strain::Spades,
                    doubled: false,
                    side: Side::EastWest,
                    declarers: vec![Seat::East],
                    overtricks: 0,
                },
            ],
        };
        assert_eq!(par_contract_text(&par), "5HX-2 NS; 4S E");
        assert_eq!(optimum_score_text(&par), "NS -300");
        assert_eq!(
            parse_par(&par_contract_text(&par), &optimum_score_text(&par)),
            Ok(par)
        );
        let passed = Par {
            ns_score: 0,
            contracts: vec![],
        };
        assert_eq!(parse_par("Pass", "NS 0"), Ok(passed));
    }

    #[test]
    fn par_accepts_side_first_and_ew_scores() {
        let p = parse_par("EW 4H", "EW 420").unwrap();
        assert_eq!(p.ns_score, -420);
        assert_eq!(p.contracts[0].declarers, vec![Seat::East, Seat::West]);
        assert_eq!(p.contracts[0].strain, Strain::Hearts);
        assert!(parse_par("4H", "NS 420").is_err());
        assert!(parse_par("4H NE", "NS 420").is_err());
        assert!(parse_par("4H NS", "NS lots").is_err());
    }
}
