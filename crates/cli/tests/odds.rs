//! `fairdeal odds` end to end on a real BBO record (endplay's example1.lin): before any card
//! the suit splits are the a-priori vacant-places table; after some cards every row is
//! `fairdeal_prob::at_table`'s for the same position (what the viewer's odds panel shows).

mod common;

use common::stdout_of;
use fairdeal_interop::link::Link;
use fairdeal_interop::read_lin;
use fairdeal_model::Suit;
use fairdeal_prob::at_table::{Position, Shown};
use fairdeal_prob::exact::binomial;
use fairdeal_prob::Fraction;

const FILE: &str = "../interop/tests/data/play/endplay-example1.lin";

fn rows(csv: &str) -> Vec<Vec<String>> {
    csv.lines()
        .skip(1)
        .map(|l| {
            // The chart title is quoted; the rest has no commas.
            let (title, rest) = l[1..].split_once("\",").unwrap();
            let mut v = vec![title.to_string()];
            v.extend(rest.split(',').map(str::to_string));
            v
        })
        .collect()
}

#[test]
fn before_the_lead_the_splits_are_the_a_priori_table() {
    let out = stdout_of(&["odds", FILE, "--after", "0", "--csv"]);
    let rows = rows(&out);
    let spades: Vec<&Vec<String>> = rows.iter().filter(|r| r[0].starts_with('♠')).collect();
    let n = spades.len() as u32 - 1;
    for r in spades {
        let (k, _) = r[1].split_once('-').unwrap();
        let k: u32 = k.parse().unwrap();
        let expected =
            Fraction::new(binomial(n, k) * binomial(26 - n, 13 - k), binomial(26, 13)).unwrap();
        assert_eq!(r[4], expected.to_string(), "{r:?}");
    }
    // Every unseen honour: one half.
    for r in rows.iter().filter(|r| r[0].starts_with("Where")) {
        assert_eq!(r[4], "1/2", "{r:?}");
    }
}

#[test]
fn after_cards_every_row_is_the_engines() {
    let bytes = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE)).unwrap();
    let outcome = read_lin(&bytes);
    let link = Link::from_board(&outcome.boards[0]).unwrap();
    let declarer = link.contract.unwrap().declarer;
    for k in [5usize, 13, 22] {
        let position = Position::from_play(&link.deal, declarer, &link.play[..k]).unwrap();
        let mut expected = Vec::new();
        for suit in Suit::ALL {
            expected.push(position.split_chart(suit).unwrap());
        }
        expected.push(position.honour_chart().unwrap());
        let out = stdout_of(&["odds", FILE, "--after", &k.to_string(), "--csv"]);
        let got = rows(&out);
        let want: Vec<Vec<String>> = expected
            .iter()
            .flat_map(|c| {
                c.rows.iter().map(|r| {
                    vec![
                        c.title.clone(),
                        r.label.clone(),
                        r.count.to_string(),
                        c.total.to_string(),
                        r.probability.to_string(),
                        r.percent.clone(),
                    ]
                })
            })
            .collect();
        assert_eq!(got, want, "after {k} cards");
    }
}

#[test]
fn what_the_auction_showed_narrows_the_count_and_bad_text_names_the_column() {
    let bytes = std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE)).unwrap();
    let link = Link::from_board(&read_lin(&bytes).boards[0]).unwrap();
    let declarer = link.contract.unwrap().declarer;
    let mut position = Position::from_play(&link.deal, declarer, &link.play[..4]).unwrap();
    let plain = position.charts().unwrap();
    position.show(true, &Shown::parse("spades 5+").unwrap());
    position.show(false, &Shown::parse("hcp 6-12").unwrap());
    let want: Vec<String> = position
        .charts()
        .unwrap()
        .iter()
        .flat_map(|c| c.rows.iter().map(|r| r.probability.to_string()))
        .collect();
    assert_ne!(position.charts().unwrap(), plain);
    let out = stdout_of(&[
        "odds",
        FILE,
        "--after",
        "4",
        "--lho",
        "spades 5+",
        "--rho",
        "hcp 6-12",
        "--csv",
    ]);
    let got: Vec<String> = rows(&out).into_iter().map(|r| r[4].clone()).collect();
    assert_eq!(got, want);
    let bad = std::process::Command::new(env!("CARGO_BIN_EXE_fairdeal"))
        .args(["odds", FILE, "--rho", "hcp 6-12, trumps 3"])
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("--rho") && err.contains("column 11") && err.contains("`trumps`"),
        "{err}"
    );
}
