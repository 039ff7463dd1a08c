//! Unit tests of the analyser: the text form of tables, cells, and the pattern table.

use super::*;
use fairdeal_model::Deal;

#[test]
fn table_text_round_trips_and_errors_name_the_column() {
    for t in [
        "hcp:N",
        "pattern:S",
        "spades:E",
        "clubs:W",
        "hcp:NS",
        "hcp:N,hcp:S",
        "hcp:E,hearts:E",
    ] {
        let spec: TableSpec = t.parse().unwrap();
        assert_eq!(spec.to_string(), t);
    }
    let e = "hcp:N,length:S".parse::<TableSpec>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "column 7: unknown quantity `length`; expected pattern, hcp, spades, hearts, diamonds or clubs"
    );
    let e = "pattern:NS".parse::<TableSpec>().unwrap_err();
    assert!(
        e.to_string().starts_with("column 9: `NS` is not a seat"),
        "{e}"
    );
    assert!("hcp".parse::<TableSpec>().is_err());
    assert!("hcp:N,hcp:S,hcp:E".parse::<TableSpec>().is_err());
}

#[test]
fn patterns_are_the_39_in_frequency_order() {
    let p = patterns();
    assert_eq!(p.len(), 39);
    assert_eq!(p[0], [4, 4, 3, 2]);
    assert_eq!(p[38], [13, 0, 0, 0]);
    // The tie 7-5-1-0 / 8-3-2-0 (689,049,504 hands each) is broken by pattern.
    let i = p.iter().position(|x| *x == [7, 5, 1, 0]).unwrap();
    assert_eq!(p[i + 1], [8, 3, 2, 0]);
}

#[test]
fn cells_of_a_deal() {
    let d: Deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
        .parse()
        .unwrap();
    let t: TableSpec = "hcp:N,spades:N".parse().unwrap();
    assert_eq!(t.labels(t.cell(&d)), ["10", "4"]);
    let t: TableSpec = "pattern:E".parse().unwrap();
    assert_eq!(t.labels(t.cell(&d)), ["4-3-3-3"]);
    let t: TableSpec = "hcp:NS".parse().unwrap();
    assert_eq!(t.labels(t.cell(&d)), ["20"]);
}
