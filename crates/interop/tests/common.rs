//! Helpers shared by the interop data tests (included with `mod common;`).
#![allow(dead_code)]

use fairdeal_model::{kuipers, Deal};

/// Big Deal's set 1 fixtures (written by the dealing crate's byte-exact writers).
pub const REF_PBN: &[u8] = include_bytes!("../../dealing/tests/data/set1/ref.pbn");
/// The same set as LIN.
pub const REF_LIN: &[u8] = include_bytes!("../../dealing/tests/data/set1/ref.lin");
/// The same set as Big Deal deal numbers (Kuipers' mapping), one per board.
pub const REF_GOE: &str = include_str!("../../dealing/tests/data/set1/ref.goe");

/// The deals of `ref.goe`, board 1 first.
pub fn goe_deals() -> Vec<Deal> {
    REF_GOE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let n: u128 = l.replace([',', ' '], "").parse().expect("number");
            kuipers::deal_from_number(n).expect("deal")
        })
        .collect()
}
