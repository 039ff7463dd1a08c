//! Identities and properties: charts that partition add up to their totals, complements,
//! symmetry, brute-force cross-checks of the generating functions, serde round trips.

mod common;

use common::{hand, holding};
use fairdeal_model::{Hand, Holding, Suit};
use fairdeal_prob::exact::binomial;
use fairdeal_prob::fit::{
    fit_chances, partner_length, partnership_longest_fit, partnership_suit_length,
};
use fairdeal_prob::hcp::{hcp_counts, partner_hcp_given_hand, pattern_hcp, pattern_hcp_counts};
use fairdeal_prob::location::{
    honour_location, honours_held, probability, probability_all, probability_any, restricted_choice,
};
use fairdeal_prob::shape::{ordered_pattern_chart, ordered_patterns, pattern_table, HANDS};
use fairdeal_prob::splits::{specific_layout, suit_splits_given};
use fairdeal_prob::{
    Chart, Condition, Defender, Fraction, HcpRange, HiddenHands, LengthRange, ProbError,
    SuitCondition, VacantPlaces,
};
use proptest::prelude::*;

#[test]
fn pattern_and_hcp_totals_are_c_52_13() {
    assert_eq!(HANDS, binomial(52, 13));
    assert_eq!(ordered_patterns().len(), 560);
    assert_eq!(ordered_pattern_chart().unwrap().sum_of_counts(), HANDS);
    assert_eq!(pattern_table().iter().map(|p| p.hands).sum::<u128>(), HANDS);
    assert_eq!(hcp_counts().iter().sum::<u128>(), HANDS);
    // Mean HCP is exactly 10: Σ h·count = 10·C(52,13).
    assert_eq!(common::hcp_points_over_all_hands(), 10 * HANDS);
    // HCP within each pattern adds up to the pattern; over all patterns to the HCP chart.
    let mut by_hcp = vec![0u128; 38];
    for p in pattern_table() {
        let counts = pattern_hcp_counts(p.pattern);
        assert_eq!(counts.iter().sum::<u128>(), p.hands, "{}", p.pattern);
        assert_eq!(pattern_hcp(p.pattern).unwrap().total, p.hands);
        for (h, c) in counts.iter().enumerate() {
            by_hcp[h] += c;
        }
    }
    assert_eq!(by_hcp, hcp_counts());
}

#[test]
fn partnership_charts_partition() {
    for c in [
        partnership_longest_fit().unwrap(),
        partnership_suit_length().unwrap(),
    ] {
        assert_eq!(c.sum_of_counts(), c.total, "{}", c.title);
        assert_eq!(c.total, binomial(52, 26));
    }
    // A partnership always has a 7-card suit at least.
    assert_eq!(partnership_longest_fit().unwrap().rows[0].label, "7");
}

#[test]
fn restricted_choice_with_west_and_errors() {
    // Mirror image: West drops the Q under the ace.
    let c = restricted_choice(
        holding("QJ98"),
        VacantPlaces::START,
        Defender::West,
        fairdeal_model::Rank::QUEEN,
        holding("QJ"),
    )
    .unwrap();
    assert_eq!(
        c.row("West Q").unwrap().probability,
        Fraction::new(11, 17).unwrap()
    );
    // Q not among the equals, equals not missing: errors, not panics.
    let bad = restricted_choice(
        holding("QJ98"),
        VacantPlaces::START,
        Defender::West,
        fairdeal_model::Rank::KING,
        holding("QJ"),
    );
    assert!(matches!(bad, Err(ProbError::NotMissing { .. })));
    let bad = restricted_choice(
        holding("Q98"),
        VacantPlaces::START,
        Defender::West,
        fairdeal_model::Rank::QUEEN,
        holding("QJ"),
    );
    assert!(matches!(bad, Err(ProbError::NotMissing { .. })));
    assert!(probability(
        holding("Q98"),
        VacantPlaces::START,
        &Condition::HoldsAll(Defender::West, holding("K"))
    )
    .is_err());
    assert!(honour_location(holding("AKQJT98"), holding("AKQJT98"), VacantPlaces::START).is_err());
}

#[test]
fn combined_chances_three_three_or_finesse() {
    // "3-3 break or finesse": 6 missing in one suit, a king (of 5 missing) in another.
    let v = VacantPlaces::START;
    let three_three = SuitCondition {
        missing: holding("T98765"),
        condition: Condition::Length(Defender::West, 3, 3),
    };
    let finesse = SuitCondition {
        missing: holding("K7654"),
        condition: Condition::HoldsAll(Defender::West, holding("K")),
    };
    let either = probability_any(v, &[three_three.clone(), finesse.clone()]).unwrap();
    let a = probability_all(v, std::slice::from_ref(&three_three)).unwrap();
    let b = probability_all(v, std::slice::from_ref(&finesse)).unwrap();
    let both = probability_all(v, &[three_three, finesse]).unwrap();
    // Inclusion–exclusion, exactly: P(A∪B) + P(A∩B) = P(A) + P(B).
    assert_eq!(either.checked_add(both).unwrap(), a.checked_add(b).unwrap());
    assert_eq!(a, Fraction::new(3_695_120, 10_400_600).unwrap());
    assert_eq!(b, Fraction::new(1, 2).unwrap());
    // 3-3 and a king's place are exactly independent (both symmetric), but length in two
    // suits is not: West's 4+ in one suit makes 4+ in the other less likely.
    assert_eq!(both, Fraction::new(a.numerator, a.denominator * 2).unwrap());
    let four_plus = |m: &str| SuitCondition {
        missing: holding(m),
        condition: Condition::Length(Defender::West, 4, 13),
    };
    let joint = probability_all(v, &[four_plus("T98765"), four_plus("765432")]).unwrap();
    let single = probability_all(v, &[four_plus("T98765")]).unwrap();
    assert!(
        joint.numerator * single.denominator * single.denominator
            < single.numerator * single.numerator * joint.denominator
    );
    assert_eq!(either.percent(2), "67.76");
}

/// Brute force over every West hand of 13 from the 26 unseen cards.
fn brute(hidden: &HiddenHands, suit: Suit) -> (Vec<u128>, Vec<u128>) {
    let cards: Vec<u64> = (0..52)
        .filter(|i| hidden.unseen.bits() >> i & 1 == 1)
        .map(|i| 1u64 << i)
        .collect();
    assert_eq!(cards.len(), 26);
    let total_hcp = hidden.unseen.hcp();
    let (mut by_hcp, mut by_len) = (vec![0u128; 41], vec![0u128; 14]);
    // Gosper's hack over 26-bit masks with 13 bits set.
    let mut m: u32 = (1 << 13) - 1;
    while m < (1 << 26) {
        let mut bits = 0u64;
        let mut x = m;
        while x != 0 {
            bits |= cards[x.trailing_zeros() as usize];
            x &= x - 1;
        }
        let west = Hand::from_bits(bits);
        let east = hidden.unseen.difference(west);
        let ok = Suit::ALL.iter().all(|&s| {
            hidden.west_lengths[s.index()].contains(west.suit_len(s) as u8)
                && hidden.east_lengths[s.index()].contains(east.suit_len(s) as u8)
        }) && (hidden.west_hcp.min as u32..=hidden.west_hcp.max as u32)
            .contains(&west.hcp())
            && (hidden.east_hcp.min as u32..=hidden.east_hcp.max as u32)
                .contains(&(total_hcp - west.hcp()));
        if ok {
            by_hcp[west.hcp() as usize] += 1;
            by_len[west.suit_len(suit) as usize] += 1;
        }
        let c = m & m.wrapping_neg();
        let r = m + c;
        m = (((r ^ m) >> 2) / c) | r;
    }
    (by_hcp, by_len)
}

fn check_against_brute(hidden: &HiddenHands, suit: Suit) {
    let (by_hcp, by_len) = brute(hidden, suit);
    let t = hidden.unseen.hcp() as usize;
    let chart = hidden.west_hcp_chart().unwrap();
    let expected: Vec<(String, u128)> = by_hcp
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(h, &c)| (format!("W {h} / E {}", t - h), c))
        .collect();
    let got: Vec<(String, u128)> = chart
        .rows
        .iter()
        .map(|r| (r.label.clone(), r.count))
        .collect();
    assert_eq!(got, expected);
    let n = hidden.unseen.suit_len(suit) as usize;
    let len_chart = hidden.west_length_chart(suit).unwrap();
    let expected: Vec<(String, u128)> = by_len
        .iter()
        .enumerate()
        .rev()
        .filter(|(_, &c)| c > 0)
        .map(|(l, &c)| (format!("{l}-{}", n - l), c))
        .collect();
    let got: Vec<(String, u128)> = len_chart
        .rows
        .iter()
        .map(|r| (r.label.clone(), r.count))
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn hidden_hands_match_brute_force() {
    let declarer = hand("AKJ52.Q73.A84.K6");
    let dummy = hand("Q943.AK5.KQ6.A82");
    let mut hidden = HiddenHands::from_seen(declarer, dummy).unwrap();
    assert_eq!(hidden.layouts().unwrap(), binomial(26, 13));
    assert_eq!(hidden.unconditioned_layouts(), binomial(26, 13));
    check_against_brute(&hidden, Suit::Hearts);
    // The auction: West bid hearts (5+ hearts, 1-3 of the 5 unseen HCP), East has at most 2 spades.
    hidden.west_lengths[Suit::Hearts.index()] = LengthRange::new(5, 13).unwrap();
    hidden.west_hcp = HcpRange::new(1, 3).unwrap();
    hidden.east_lengths[Suit::Spades.index()] = LengthRange::new(0, 2).unwrap();
    check_against_brute(&hidden, Suit::Diamonds);
}

#[test]
fn hidden_lengths_equal_vacant_place_splits() {
    // 7 hearts unseen; West known to hold exactly 4 of them (East 3): the other suits then
    // split as with 13 − 4 = 9 and 13 − 3 = 10 vacant places.
    let declarer = hand("AKJ52.Q73.A84.K6");
    let dummy = hand("Q943.AK5.KQ6.A82");
    let mut hidden = HiddenHands::from_seen(declarer, dummy).unwrap();
    assert_eq!(hidden.unseen.suit_len(Suit::Hearts), 7);
    hidden.west_lengths[Suit::Hearts.index()] = LengthRange::exactly(4).unwrap();
    for suit in [Suit::Spades, Suit::Diamonds, Suit::Clubs] {
        let chart = hidden.west_length_chart(suit).unwrap();
        let n = hidden.unseen.suit_len(suit);
        let splits = suit_splits_given(n, VacantPlaces::new(9, 10).unwrap()).unwrap();
        let a: Vec<_> = chart
            .rows
            .iter()
            .map(|r| (r.label.clone(), r.probability))
            .collect();
        let b: Vec<_> = splits
            .rows
            .iter()
            .map(|r| (r.label.clone(), r.probability))
            .collect();
        assert_eq!(a, b, "{suit:?}");
    }
}

#[test]
fn hidden_hands_reject_bad_input() {
    let h = hand("AKJ52.Q73.A84.K6");
    assert!(HiddenHands::from_seen(h, h).is_err());
    assert!(HiddenHands::from_seen(h, Hand::EMPTY).is_err());
    assert!(HiddenHands::new(Hand::FULL_DECK, 13).is_err());
    let mut hidden = HiddenHands::from_seen(h, hand("Q943.AK5.KQ6.A82")).unwrap();
    hidden.west_hcp = HcpRange::new(38, 40).unwrap();
    assert!(matches!(
        hidden.west_hcp_chart(),
        Err(ProbError::Impossible { .. })
    ));
    assert!(HcpRange::new(5, 4).is_err());
}

#[test]
fn fit_charts_agree_with_each_other() {
    let mine = hand("AKJ52.Q73.A84.K6");
    let chances = fit_chances(mine).unwrap();
    for s in Suit::ALL {
        let pl = partner_length(mine, s).unwrap();
        assert_eq!(pl.sum_of_counts(), pl.total);
        let eight_plus: u128 = pl
            .rows
            .iter()
            .filter(|r| {
                let fit: u32 = r
                    .label
                    .split("fit ")
                    .nth(1)
                    .unwrap()
                    .trim_end_matches(')')
                    .parse()
                    .unwrap();
                fit >= 8
            })
            .map(|r| r.count)
            .sum();
        assert_eq!(
            chances.row(&format!("{} 8+", s.symbol())).unwrap().count,
            eight_plus
        );
    }
    // With five spades, partner needs 3 of the remaining 8: known value.
    let spades = partner_length(mine, Suit::Spades).unwrap();
    let three_plus: u128 = (3..=8).map(|k| binomial(8, k) * binomial(31, 13 - k)).sum();
    assert_eq!(chances.row("♠ 8+").unwrap().count, three_plus);
    assert_eq!(spades.total, binomial(39, 13));
    assert!(partner_length(Hand::EMPTY, Suit::Spades).is_err());
}

#[test]
fn charts_serialise_round_trip() {
    let c = suit_splits_given(5, VacantPlaces::new(7, 11).unwrap()).unwrap();
    let json = serde_json::to_string(&c).unwrap();
    let back: Chart = serde_json::from_str(&json).unwrap();
    assert_eq!(back, c);
    assert!(json.contains("\"numerator\""), "{json}");
    assert!(!c.formula.is_empty() && !c.title.is_empty());
}

fn arb_vacant_and_missing() -> impl Strategy<Value = (u32, u32, u32)> {
    (0u32..=13, 0u32..=13).prop_flat_map(|(w, e)| (Just(w), Just(e), 0..=(w + e).min(13)))
}

fn arb_condition(missing: Holding) -> impl Strategy<Value = Condition> {
    let bits = missing.bits();
    let sub = move |x: u16| Holding::from_bits(x & bits);
    let defender = prop_oneof![Just(Defender::West), Just(Defender::East)];
    let ranks: Vec<_> = missing.ranks().collect();
    let leaf = prop_oneof![
        (defender.clone(), any::<u16>()).prop_map(move |(d, x)| Condition::HoldsAll(d, sub(x))),
        (defender.clone(), any::<u16>()).prop_map(move |(d, x)| Condition::HoldsAny(d, sub(x))),
        (defender, 0u8..=13, 0u8..=13).prop_map(|(d, a, b)| Condition::Length(
            d,
            a.min(b),
            a.max(b)
        )),
        (
            proptest::sample::select(if ranks.is_empty() {
                vec![fairdeal_model::Rank::ACE]
            } else {
                ranks
            }),
            0u8..=13
        )
            .prop_map(|(r, k)| Condition::Falls(r, k)),
        any::<u16>().prop_map(move |x| Condition::Layout(sub(x))),
    ];
    leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            inner.clone().prop_map(|c| Condition::Not(Box::new(c))),
            proptest::collection::vec(inner.clone(), 0..3).prop_map(Condition::All),
            proptest::collection::vec(inner, 0..3).prop_map(Condition::Any),
        ]
    })
}

proptest! {
    #[test]
    fn given_vacant_splits_partition((w, e, n) in arb_vacant_and_missing()) {
        let c = suit_splits_given(n, VacantPlaces::new(w, e).unwrap()).unwrap();
        prop_assert_eq!(c.sum_of_counts(), c.total);
        prop_assert_eq!(c.total, binomial(w + e, w));
        // Mirror: swapping the places mirrors the rows.
        let m = suit_splits_given(n, VacantPlaces::new(e, w).unwrap()).unwrap();
        let mirrored: Vec<_> = c.rows.iter().rev().map(|r| {
            let (a, b) = r.label.split_once('-').unwrap();
            (format!("{b}-{a}"), r.probability)
        }).collect();
        let m_rows: Vec<_> = m.rows.iter().map(|r| (r.label.clone(), r.probability)).collect();
        prop_assert_eq!(mirrored, m_rows);
        // A split's probability is its layouts times one specific layout.
        for row in &c.rows {
            let k: u32 = row.label.split_once('-').unwrap().0.parse().unwrap();
            let each = specific_layout(n, VacantPlaces::new(w, e).unwrap(), k).unwrap();
            prop_assert_eq!(row.count, binomial(n, k) * each.numerator * (c.total / each.denominator));
        }
    }

    #[test]
    fn condition_and_its_negation_sum_to_one(
        // At least one missing card: a `Falls` condition names a missing rank (with none
        // missing, the strategy's stand-in ace is rightly refused as not missing).
        (missing, w, e, cond) in (1u16..0x2000, 0u32..=13, 0u32..=13).prop_flat_map(|(bits, w, e)| {
            let missing = Holding::from_bits(bits);
            (Just(missing), Just(w), Just(e), arb_condition(missing))
        }),
    ) {
        prop_assume!(missing.len() <= w + e);
        let v = VacantPlaces::new(w, e).unwrap();
        let p = probability(missing, v, &cond).unwrap();
        let q = probability(missing, v, &Condition::Not(Box::new(cond.clone()))).unwrap();
        prop_assert_eq!(p.checked_add(q).unwrap(), Fraction::ONE);
        let single = SuitCondition { missing, condition: cond };
        prop_assert_eq!(probability_any(v, std::slice::from_ref(&single)).unwrap(), p);
    }

    #[test]
    fn honour_charts_partition(bits in 1u16..0x2000, hbits in 0u16..0x40, (w, e) in (0u32..=13, 0u32..=13)) {
        let missing = Holding::from_bits(bits);
        let honours = Holding::from_bits(hbits & bits);
        prop_assume!(missing.len() <= w + e);
        let v = VacantPlaces::new(w, e).unwrap();
        let loc = honour_location(missing, honours, v).unwrap();
        prop_assert_eq!(loc.sum_of_counts(), loc.total);
        prop_assert_eq!(loc.rows.len(), 1 << honours.len());
        for d in [Defender::West, Defender::East] {
            let held = honours_held(missing, honours, v, d).unwrap();
            prop_assert_eq!(held.sum_of_counts(), held.total);
        }
    }

    #[test]
    fn partner_hcp_given_any_hand(bits in any::<u64>()) {
        // Pick 13 cards: take set bits of a random word, topping up from the lowest cards.
        let mut h = Hand::EMPTY;
        for c in fairdeal_model::Card::all() {
            if bits >> c.index() & 1 == 1 && h.len() < 13 { h.insert(c); }
        }
        for c in fairdeal_model::Card::all() {
            if h.len() < 13 { h.insert(c); }
        }
        let c = partner_hcp_given_hand(h).unwrap();
        prop_assert_eq!(c.sum_of_counts(), binomial(39, 13));
        // Partner's expected HCP is exactly a third of the points you lack.
        let weighted: u128 = c.rows.iter().map(|r| r.label.parse::<u128>().unwrap() * r.count).sum();
        prop_assert_eq!(3 * weighted, u128::from(40 - h.hcp()) * binomial(39, 13));
    }
}

#[test]
fn pattern_hcp_of_one_pattern() {
    let p = fairdeal_prob::Pattern::new([4, 3, 3, 3]).unwrap();
    assert!(p.is_balanced());
    assert_eq!(p.suit_orders(), 4);
    assert!(fairdeal_prob::Pattern::new([5, 5, 5, 0]).is_err());
}
