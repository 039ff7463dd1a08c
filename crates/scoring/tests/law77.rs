//! Known-answer test: 77 worked contract scores (Laws of Duplicate Bridge 2017, Law 77, every
//! case cross-checked with two open-source scorers: endplay and bridge-scorer), data-driven
//! from tests/data/law77.csv, through contract parsing, result parsing and scoring.

use fairdeal_scoring::{parse_result, FinalContract};

const DATA: &str = include_str!("data/law77.csv");

#[test]
fn all_77_worked_scores() {
    let mut checked = 0;
    for (n, line) in DATA.lines().enumerate() {
        if line.starts_with('#') || line.starts_with("case") || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 6, "line {}: {line}", n + 1);
        let FinalContract::Bid(c) = f[1].parse::<FinalContract>().expect(f[1]) else {
            panic!("line {}: {} is not a contract", n + 1, f[1]);
        };
        let vul = match f[2] {
            "V" => true,
            "NV" => false,
            other => panic!("line {}: vulnerability {other}", n + 1),
        };
        let tricks: u8 = f[3].parse().expect("tricks");
        let want: i32 = f[5].parse().expect("score");
        assert_eq!(
            parse_result(f[4], c),
            Ok(tricks),
            "case {}: result {}",
            f[0],
            f[4]
        );
        assert_eq!(
            parse_result(f[3], c),
            Ok(tricks),
            "case {}: tricks {}",
            f[0],
            f[3]
        );
        let got = c.declarer_score(vul, tricks).expect("tricks in range");
        assert_eq!(
            got, want,
            "case {}: {} {} {} tricks",
            f[0], f[1], f[2], tricks
        );
        checked += 1;
    }
    assert_eq!(checked, 77);
}
