//! [`FORMATS`], the one table of formats in Big Deal's order.

use super::binary::{Ber, Bri, Cds, Dge, Dup, DupBlind, Kops};
use super::dlm::{Dlm, DlmBlind};
use super::stats::Stats;
use super::text::{Borel, Csv, Goedel, Lin, Pbn};
use super::writer::make;
use super::{FormatKind, FormatSpec, WriterConstructor};
use FormatKind::{Binary, Text};

pub(super) const fn spec(
    name: &'static str,
    bigdeal_name: &'static str,
    suffix: &'static str,
    kind: FormatKind,
    max_board: Option<u32>,
    help: &'static str,
    constructor: WriterConstructor,
) -> FormatSpec {
    FormatSpec {
        name,
        bigdeal_name,
        suffix,
        kind,
        max_board,
        help,
        constructor,
    }
}

/// Every format, in Big Deal's table order.
pub static FORMATS: &[FormatSpec] = &[
    spec(
        "dup",
        "dup",
        ".dup",
        Binary,
        Some(99),
        "Duplimate format",
        make::<Dup>,
    ),
    spec(
        "dupblind",
        "dupblind",
        ".dup",
        Binary,
        Some(99),
        "Duplimate format, no cards on screen",
        make::<DupBlind>,
    ),
    spec(
        "dlm",
        "dlm",
        ".dlm",
        Text,
        Some(99),
        "New Duplimate format",
        make::<Dlm>,
    ),
    spec(
        "dlmblind",
        "dlmblind",
        ".dlm",
        Text,
        Some(99),
        "New Duplimate format, no cards on screen",
        make::<DlmBlind>,
    ),
    spec(
        "bri",
        "bri",
        ".bri",
        Binary,
        None,
        "BRI format",
        make::<Bri>,
    ),
    spec(
        "dge",
        "dge",
        ".dge",
        Binary,
        None,
        "DGE format",
        make::<Dge>,
    ),
    spec(
        "pbn",
        "pbn",
        ".pbn",
        Text,
        None,
        "Portable Bridge Notation",
        make::<Pbn>,
    ),
    spec("lin", "lin", ".lin", Text, None, "BBO format", make::<Lin>),
    spec(
        "csv",
        "csv",
        ".csv",
        Text,
        None,
        "Comma Separated Values",
        make::<Csv>,
    ),
    spec(
        "ber",
        "ber",
        ".ber",
        Binary,
        None,
        "Bernasconi format",
        make::<Ber>,
    ),
    spec(
        "borel",
        "borel",
        ".bhg",
        Text,
        None,
        "Borel Hand Generator format",
        make::<Borel>,
    ),
    spec(
        "kops",
        "kops",
        ".rzd",
        Binary,
        None,
        "Kops format",
        make::<Kops>,
    ),
    spec(
        "cds",
        "cds",
        ".cds",
        Binary,
        Some(255),
        "Cds format",
        make::<Cds>,
    ),
    spec(
        "goedel",
        "goedel",
        ".goe",
        Text,
        None,
        "Big Deal deal numbers in decimal",
        make::<Goedel>,
    ),
    spec(
        "stats",
        "stats",
        ".txt",
        Text,
        None,
        "Statistics on set",
        make::<Stats>,
    ),
];
