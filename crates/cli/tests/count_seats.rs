//! `fairdeal count` with conditions on three and four seats: counted exactly (no seat left
//! to rejection), and the same figure whichever three of four forced seats are written.

mod common;

use common::{stdout_of, temp_file};

fn count(text: &str) -> String {
    let f = temp_file(text, ".txt");
    stdout_of(&["count", f.path().to_str().unwrap()])
}

fn deals_line(out: &str) -> &str {
    out.lines()
        .find(|l| l.starts_with("deals: "))
        .unwrap_or_else(|| panic!("no deals line in {out}"))
}

#[test]
fn every_seat_ten_hcp_is_counted_exactly() {
    let four = count("north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10\n");
    assert!(
        four.contains("exact seats: North, East, South, West\n"),
        "{four}"
    );
    assert!(!four.contains("not counted"), "{four}");
    assert!(
        four.contains("(ordered quadruples of hands (deals))"),
        "{four}"
    );
    // With three seats at 10 HCP the fourth holds the other 10: the same deals.
    let three = count("east: hcp 10\nsouth: hcp 10\nwest: hcp 10\n");
    assert!(
        three.contains("exact seats: East, South, West\n"),
        "{three}"
    );
    assert!(!three.contains("not counted"), "{three}");
    assert_eq!(deals_line(&four), deals_line(&three));
}

#[test]
fn three_seats_with_shapes_and_points_are_exact() {
    let out = count("north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\n");
    assert!(out.contains("exact seats: North, East, South\n"), "{out}");
    assert!(!out.contains("not counted"), "{out}");
}

#[test]
fn four_balanced_seats_with_points_are_exact() {
    // Counted by the two halves of the deck; the figure is checked against plain dealing in
    // `fairdeal-constrain` (halves' tests).
    let out = count(
        "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12\n",
    );
    assert!(
        out.contains("exact seats: North, East, South, West\n"),
        "{out}"
    );
    assert!(!out.contains("not counted"), "{out}");
    assert!(
        deals_line(&out).contains("179779171528516070967079680"),
        "{out}"
    );
}
