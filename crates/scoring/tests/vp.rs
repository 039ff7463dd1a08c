//! The WBF continuous VP scale (WBF, "The New WBF IMP to VP Scales", 2013) against vectors
//! (tests/data/vp_wbf.txt): sampled margins, the first 20.00, and every cell the concavity
//! correction changes (checked both with and without the correction).

use fairdeal_scoring::VpScale;

const DATA: &str = include_str!("data/vp_wbf.txt");

fn centi(text: &str) -> u32 {
    let (a, b) = text.split_once('.').expect("two decimals");
    a.parse::<u32>().expect("VP") * 100 + b.parse::<u32>().expect("VP")
}

#[test]
fn wbf_continuous_vectors() {
    let mut cells = 0;
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('|').collect();
        let boards: u32 = f[0].parse().expect("boards");
        let first: u32 = f[1].parse().expect("first");
        let scale = VpScale::wbf_continuous(boards, true);
        let raw = VpScale::wbf_continuous(boards, false);
        assert_eq!(scale.first_full_margin(), first, "{boards} boards");
        assert!(scale.winner_centi(first - 1) < 2000, "{boards} boards");
        for pair in f[2].split_whitespace() {
            let (m, v) = pair.split_once(':').expect("margin:vp");
            let m: u32 = m.parse().expect("margin");
            assert_eq!(scale.winner_centi(m), centi(v), "{boards} boards, {m} IMPs");
            cells += 1;
        }
        for change in f[3].split_whitespace() {
            let (m, vals) = change.split_once(':').expect("margin:raw->corrected");
            let (r, c) = vals.split_once("->").expect("raw->corrected");
            let m: u32 = m.parse().expect("margin");
            assert_eq!(
                raw.winner_centi(m),
                centi(r),
                "{boards} boards, {m} IMPs raw"
            );
            assert_eq!(
                scale.winner_centi(m),
                centi(c),
                "{boards} boards, {m} IMPs corrected"
            );
            cells += 1;
        }
        // Outside the listed corrections the two scales agree.
        let changed: Vec<u32> = f[3]
            .split_whitespace()
            .map(|c| {
                c.split(':')
                    .next()
                    .and_then(|m| m.parse().ok())
                    .expect("margin")
            })
            .collect();
        for m in 0..=first + 2 {
            if !changed.contains(&m) {
                assert_eq!(
                    raw.winner_centi(m),
                    scale.winner_centi(m),
                    "{boards} boards, {m}"
                );
            }
        }
    }
    assert!(cells > 200, "only {cells} cells checked");
}

#[test]
fn published_dutch_example_and_symmetry() {
    // 20 boards: 0 IMP 10.00, 1 IMP 10.28, 2 IMP 10.55 (bcstar.nl).
    let s = VpScale::wbf_continuous(20, true);
    assert_eq!(s.vp_for_margin(0), 10.0);
    assert_eq!(s.vp_for_margin(1), 10.28);
    assert_eq!(s.vp_for_margin(-2), 20.0 - 10.55);
    assert_eq!(s.vp_for_margin(500), 20.0);
    assert_eq!(s.vp_for_margin(-500), 0.0);
    assert!((s.blitz() - 67.08).abs() < 0.005);
}

#[test]
fn corrected_scales_are_concave_and_monotone() {
    for boards in 1..=64 {
        let s = VpScale::wbf_continuous(boards, true);
        let v: Vec<i64> = (0..=s.first_full_margin() + 1)
            .map(|m| i64::from(s.winner_centi(m)))
            .collect();
        for k in 2..v.len() {
            assert!(v[k] >= v[k - 1], "{boards} boards: not monotone at {k}");
            assert!(
                v[k] - v[k - 1] <= v[k - 1] - v[k - 2],
                "{boards} boards: not concave at {k}"
            );
        }
        for m in -100..=100 {
            assert_eq!(s.centi_for_margin(m) + s.centi_for_margin(-m), 2000);
        }
    }
}
