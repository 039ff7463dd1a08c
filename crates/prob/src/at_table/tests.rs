//! Known answers: nothing seen = the a-priori tables; cards played = vacant places by hand;
//! an HCP range = brute-force enumeration of every layout of a small position.

use super::*;
use crate::exact::binomial;
use crate::Fraction;

/// A fixed deal: card i goes to seat ((7·i) mod 52) / 13 (0 declarer, 1 dummy, 2 West, 3 East).
fn hands() -> [Hand; 4] {
    let mut h = [Hand::EMPTY; 4];
    for (i, c) in Card::all().enumerate() {
        h[(7 * i) % 52 / 13].insert(c);
    }
    h
}

fn row(chart: &Chart, label: &str) -> Fraction {
    chart
        .rows
        .iter()
        .find(|r| r.label == label)
        .unwrap_or_else(|| panic!("no row {label} in {chart:?}"))
        .probability
}

#[test]
fn nothing_seen_gives_the_a_priori_splits_and_one_half_for_every_honour() {
    let [decl, dummy, _, _] = hands();
    let p = Position::new(decl, dummy);
    for suit in Suit::ALL {
        let n = 13 - decl.suit_len(suit) - dummy.suit_len(suit);
        let chart = p.split_chart(suit).unwrap();
        for k in 0..=n {
            let expected =
                Fraction::new(binomial(n, k) * binomial(26 - n, 13 - k), binomial(26, 13)).unwrap();
            assert_eq!(
                row(&chart, &format!("{k}-{}", n - k)),
                expected,
                "{suit:?} {k}"
            );
        }
    }
    let honours = p.honour_chart().unwrap();
    assert!(!honours.rows.is_empty());
    for r in &honours.rows {
        assert_eq!(r.probability, Fraction::new(1, 2).unwrap(), "{}", r.label);
    }
}

#[test]
fn cards_played_give_vacant_places() {
    let [decl, dummy, west, east] = hands();
    let mut p = Position::new(decl, dummy);
    // Three cards each played: West's and East's first three.
    let w: Vec<Card> = west.cards().take(3).collect();
    let e: Vec<Card> = east.cards().take(3).collect();
    for c in &w {
        p.west_played.insert(*c);
    }
    for c in &e {
        p.east_played.insert(*c);
    }
    // A suit neither has played from: 10 places each; P(West k of n) = C(n,k)C(20−n,10−k)/C(20,10).
    let played = p.west_played.union(p.east_played);
    let suit = Suit::ALL
        .into_iter()
        .find(|&s| played.suit_len(s) == 0)
        .expect("a suit nobody has played");
    let n = 13 - decl.suit_len(suit) - dummy.suit_len(suit);
    let chart = p.split_chart(suit).unwrap();
    for k in 0..=n.min(10) {
        if n - k > 10 {
            continue;
        }
        let expected =
            Fraction::new(binomial(n, k) * binomial(20 - n, 10 - k), binomial(20, 10)).unwrap();
        assert_eq!(row(&chart, &format!("{k}-{}", n - k)), expected);
    }
    // An honour of that suit: with West 10 of 20 places: 1/2; a card after West showed out
    // of its suit: with East surely.
    let mut q = p.clone();
    q.west_void[suit.index()] = true;
    let honours = q.honour_chart().unwrap();
    for r in honours
        .rows
        .iter()
        .filter(|r| r.label.starts_with(suit.symbol()))
    {
        assert_eq!(r.probability, Fraction::ZERO, "{}", r.label);
    }
    let split = q.split_chart(suit).unwrap();
    assert_eq!(row(&split, &format!("0-{n}")), Fraction::ONE);
}

#[test]
fn an_hcp_range_matches_brute_force_enumeration() {
    let [decl, dummy, west, east] = hands();
    let mut p = Position::new(decl, dummy);
    p.west_played = west.cards().take(8).fold(Hand::EMPTY, |mut h, c| {
        h.insert(c);
        h
    });
    p.east_played = east.cards().take(8).fold(Hand::EMPTY, |mut h, c| {
        h.insert(c);
        h
    });
    // West's dealt HCP or one more: a range the real layout meets and others do not.
    let (lo, hi) = (west.hcp(), west.hcp() + 1);
    p.west_hcp = HcpRange::new(lo, hi).unwrap();
    let unseen: Vec<Card> = west
        .union(east)
        .difference(p.west_played.union(p.east_played))
        .cards()
        .collect();
    assert_eq!(unseen.len(), 10);
    // Every way to give West 5 of the 10 unseen cards, kept when West's dealt HCP is in range.
    let mut total = 0u128;
    let mut spades = [0u128; 6];
    let mut honour = std::collections::BTreeMap::<String, u128>::new();
    for mask in 0u32..1 << 10 {
        if mask.count_ones() != 5 {
            continue;
        }
        let w: Hand = (0..10)
            .filter(|i| mask >> i & 1 == 1)
            .fold(Hand::EMPTY, |mut h, i| {
                h.insert(unseen[i]);
                h
            });
        let hcp = w.hcp() + p.west_played.hcp();
        if !(lo..=hi).contains(&hcp) {
            continue;
        }
        total += 1;
        spades[w.suit_len(Suit::Spades) as usize] += 1;
        for c in w.cards().filter(|c| c.rank().value() >= 10) {
            *honour.entry(card_label(c)).or_default() += 1;
        }
    }
    assert!(total > 0 && total < 252, "the range must bite: {total}");
    let chart = p.split_chart(Suit::Spades).unwrap();
    let n = unseen.iter().filter(|c| c.suit() == Suit::Spades).count();
    for (k, &count) in spades.iter().enumerate().take(n + 1) {
        if count > 0 {
            assert_eq!(
                row(&chart, &format!("{k}-{}", n - k)),
                Fraction::new(count, total).unwrap()
            );
        }
    }
    let chart = p.honour_chart().unwrap();
    assert_eq!(chart.total, total);
    for r in &chart.rows {
        let card = r.label.trim_end_matches(" with West");
        assert_eq!(
            r.count,
            honour.get(card).copied().unwrap_or(0),
            "{}",
            r.label
        );
    }
}

#[test]
fn impossible_knowledge_is_an_error_not_a_panic() {
    let [decl, dummy, west, _] = hands();
    let mut p = Position::new(decl, dummy);
    p.west_played.insert(west.cards().next().unwrap());
    p.east_played.insert(west.cards().next().unwrap());
    assert!(p.hidden().is_err());
    let mut p = Position::new(decl, dummy);
    p.west_hcp = HcpRange::new(0, 0).unwrap();
    p.west_played =
        west.cards()
            .filter(|c| c.rank().hcp() > 0)
            .take(1)
            .fold(Hand::EMPTY, |mut h, c| {
                h.insert(c);
                h
            });
    assert!(matches!(p.hidden(), Err(ProbError::Impossible { .. })));
}

#[test]
fn from_play_reads_who_played_what_and_who_showed_out() {
    use fairdeal_model::Seat;
    let [decl, dummy, west, east] = hands();
    // Seats: declarer South, dummy North, West and East as in `hands`.
    let deal = Deal::new([dummy, east, decl, west]).unwrap();
    assert_eq!(deal.hand(Seat::South), decl);
    // West leads a card; East follows with a card of another suit if it can (shows out).
    let lead = west.cards().next().unwrap();
    let other = east.cards().find(|c| c.suit() != lead.suit()).unwrap();
    let north = dummy.cards().next().unwrap();
    let south = decl.cards().next().unwrap();
    let p = Position::from_play(&deal, Seat::South, &[lead, north, other, south]).unwrap();
    assert!(p.west_played.contains(lead) && p.west_played.len() == 1);
    assert!(p.east_played.contains(other) && p.east_played.len() == 1);
    assert!(p.east_void[lead.suit().index()]);
    assert!(!p.west_void.iter().any(|&v| v));
    assert!(Position::from_play(&deal, Seat::South, &[lead, lead]).is_err());
}

#[test]
fn shown_reads_what_players_type_and_names_the_column_of_a_mistake() {
    let s = Shown::parse("hcp 11-15, spades 5+, h 0-1, diamonds 3, clubs 4-").unwrap();
    assert_eq!(s.hcp, HcpRange::new(11, 15).unwrap());
    assert_eq!(
        s.lengths,
        [
            LengthRange::new(5, 13).unwrap(),
            LengthRange::new(0, 1).unwrap(),
            LengthRange::new(3, 3).unwrap(),
            LengthRange::new(0, 4).unwrap(),
        ]
    );
    assert_eq!(Shown::parse("  ").unwrap(), Shown::default());
    let e = Shown::parse("hcp 12, tricks 3").unwrap_err();
    assert_eq!(e.column, 9);
    assert!(e.to_string().contains("`tricks`"), "{e}");
    let e = Shown::parse("spades 9-5").unwrap_err();
    assert_eq!((e.column, e.message.contains("`9-5`")), (1, true));
    assert!(Shown::parse("hcp 38").is_err());
    assert!(Shown::parse("spades").is_err());
}

#[test]
fn showing_is_setting_the_dealt_ranges() {
    let [decl, dummy, _, _] = hands();
    let shown = Shown::parse("hcp 11-15, spades 5+").unwrap();
    let mut by_text = Position::new(decl, dummy);
    by_text.show(false, &shown);
    let mut by_hand = Position::new(decl, dummy);
    by_hand.east_hcp = HcpRange::new(11, 15).unwrap();
    by_hand.east_lengths[0] = LengthRange::new(5, 13).unwrap();
    assert_eq!(by_text.charts().unwrap(), by_hand.charts().unwrap());
    // And it changes the odds: East's five spades make a spade split with East long certain.
    assert_ne!(
        by_text.charts().unwrap(),
        Position::new(decl, dummy).charts().unwrap()
    );
}
