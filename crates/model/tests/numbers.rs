//! Deal numbers against known answers: Big Deal's reference vectors
//! (`data/mapping-vectors.csv`, from `bigdealx` and an independent decoder), the structural
//! examples in Pavlicek's article (7Z68), range errors, and proptest round trips.

use fairdeal_model::{kuipers, pavlicek, Deal, Mapping, NumberError, Seat, DEAL_COUNT};
use proptest::prelude::*;

const VECTORS: &str = include_str!("data/mapping-vectors.csv");

/// One CSV row: number, 96-bit hex, Big Deal deal, Pavlicek deal.
struct Vector {
    line: usize,
    number: u128,
    hex: u128,
    bigdeal: &'static str,
    pavlicek: &'static str,
}

fn vectors() -> Vec<Vector> {
    VECTORS
        .lines()
        .enumerate()
        .skip(1)
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 4, "line {}: {l}", i + 1);
            Vector {
                line: i + 1,
                number: f[0].parse().unwrap(),
                hex: u128::from_str_radix(f[1], 16).unwrap(),
                bigdeal: f[2],
                pavlicek: f[3],
            }
        })
        .collect()
}

#[test]
fn csv_has_the_documented_rows() {
    let v = vectors();
    assert_eq!(v.len(), 12);
    for row in &v {
        assert_eq!(row.number, row.hex, "line {}", row.line);
    }
    let numbers: Vec<u128> = v.iter().map(|r| r.number).collect();
    for n in [
        0,
        1,
        2,
        DEAL_COUNT / 4 - 1,
        DEAL_COUNT / 4,
        DEAL_COUNT / 2,
        DEAL_COUNT - 2,
        DEAL_COUNT - 1,
    ] {
        assert!(numbers.contains(&n), "{n} missing from the vectors");
    }
}

#[test]
fn bigdeal_matches_reference_vectors() {
    for row in vectors() {
        let deal = kuipers::deal_from_number(row.number).unwrap();
        assert_eq!(
            deal.to_pbn(Seat::North),
            row.bigdeal,
            "line {} ({})",
            row.line,
            row.number
        );
        let parsed: Deal = row.bigdeal.parse().unwrap();
        assert_eq!(
            kuipers::number_of_deal(&parsed),
            row.number,
            "line {}",
            row.line
        );
    }
}

#[test]
fn pavlicek_matches_reference_vectors() {
    for row in vectors() {
        let deal = pavlicek::deal_from_number(row.number).unwrap();
        assert_eq!(
            deal.to_pbn(Seat::North),
            row.pavlicek,
            "line {} ({})",
            row.line,
            row.number
        );
        let parsed: Deal = row.pavlicek.parse().unwrap();
        assert_eq!(
            pavlicek::number_of_deal(&parsed),
            row.number,
            "line {}",
            row.line
        );
    }
}

/// The deal that gives seat `order[j]` the j-th block of 13 cards in Pavlicek's order
/// (♠A ♥A ♦A ♣A ♠K …).
fn blocks_in_pavlicek_order(order: [Seat; 4]) -> Deal {
    let mut owners = [Seat::North; 52];
    for i in 0..52 {
        let card = (i % 4) * 13 + i / 4;
        owners[card] = order[i / 13];
    }
    Deal::from_owners(&owners).unwrap()
}

#[test]
fn pavlicek_article_examples() {
    // 7Z68: "the number I remains at zero if the first 13 cards were held by North, the next
    // 13 by East, and the next 13 by South. Conversely, it reaches the maximum (D-1) if they
    // were held by West, South, and then East."
    let zero = blocks_in_pavlicek_order([Seat::North, Seat::East, Seat::South, Seat::West]);
    let max = blocks_in_pavlicek_order([Seat::West, Seat::South, Seat::East, Seat::North]);
    assert_eq!(pavlicek::number_of_deal(&zero), 0);
    assert_eq!(pavlicek::deal_from_number(0).unwrap(), zero);
    assert_eq!(pavlicek::number_of_deal(&max), DEAL_COUNT - 1);
    assert_eq!(pavlicek::deal_from_number(DEAL_COUNT - 1).unwrap(), max);
    // "The first value of K is equal to D and N/C (13/52) is equal to 1/4": the spade ace
    // is North's in the first quarter of the numbers, East's in the second, and so on.
    let ace = fairdeal_model::Card::from_index(0).unwrap();
    for (q, seat) in Seat::ALL.into_iter().enumerate() {
        let lo = DEAL_COUNT / 4 * q as u128;
        let hi = lo + DEAL_COUNT / 4 - 1;
        assert_eq!(pavlicek::deal_from_number(lo).unwrap().owner(ace), seat);
        assert_eq!(pavlicek::deal_from_number(hi).unwrap().owner(ace), seat);
    }
    // "D in hexadecimal: AD55 E315 634D DA65 8BF4 9200".
    assert_eq!(DEAL_COUNT, 0xAD55_E315_634D_DA65_8BF4_9200);
}

#[test]
fn bigdeal_special_values() {
    // bigdeal.md §3.2: index D−1 = N clubs, E diamonds, S hearts, W spades.
    assert_eq!(
        kuipers::deal_from_number(DEAL_COUNT - 1)
            .unwrap()
            .to_string(),
        "N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432..."
    );
    // bigdeal.md §2.3: board 1 of set1 decomposes as rankN·M_N + rankE·M_E + rankS.
    let n = 119_230_720_234u128 * 84_478_098_072_866_400 + 4_568_739_504 * 10_400_600 + 951_809;
    assert_eq!(n, 10_072_384_477_273_865_916_944_991_809);
    assert_eq!(
        kuipers::deal_from_number(n).unwrap().to_string(),
        "N:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 43.AJT962.62.KQ7"
    );
}

#[test]
fn out_of_range_is_an_error() {
    for m in Mapping::ALL {
        for n in [DEAL_COUNT, DEAL_COUNT + 1, u128::MAX] {
            assert_eq!(
                m.deal(n),
                Err(NumberError::OutOfRange { number: n }),
                "{}",
                m.name()
            );
        }
    }
    assert_eq!(
        kuipers::deal_from_number(DEAL_COUNT),
        Err(NumberError::OutOfRange { number: DEAL_COUNT })
    );
    assert_eq!(
        pavlicek::deal_from_number(DEAL_COUNT),
        Err(NumberError::OutOfRange { number: DEAL_COUNT })
    );
}

#[test]
fn mappings_differ_on_the_set1_numbers() {
    // The last four rows are Big Deal's set1 boards.
    for row in vectors().iter().rev().take(4) {
        let a = kuipers::deal_from_number(row.number).unwrap();
        let b = pavlicek::deal_from_number(row.number).unwrap();
        assert_ne!(a, b, "line {}", row.line);
        assert_ne!(kuipers::number_of_deal(&b), row.number);
        assert_ne!(pavlicek::number_of_deal(&a), row.number);
    }
}

#[test]
fn consecutive_numbers_give_distinct_deals() {
    for m in Mapping::ALL {
        for base in [0, DEAL_COUNT / 3, DEAL_COUNT - 64] {
            let deals: Vec<Deal> = (base..base + 64).map(|n| m.deal(n).unwrap()).collect();
            for (i, a) in deals.iter().enumerate() {
                assert!(
                    deals[i + 1..].iter().all(|b| b != a),
                    "{} at {}",
                    m.name(),
                    base + i as u128
                );
            }
        }
    }
}

fn any_number() -> impl Strategy<Value = u128> {
    prop_oneof![
        0..DEAL_COUNT,
        0..1_000_000u128,
        (DEAL_COUNT - 1_000_000)..DEAL_COUNT,
    ]
}

/// A random deal: a random permutation of the owners N×13, E×13, S×13, W×13.
fn any_deal() -> impl Strategy<Value = Deal> {
    let owners: Vec<Seat> = (0..52).map(|i| Seat::ALL[i / 13]).collect();
    Just(owners).prop_shuffle().prop_map(|v| {
        let owners: [Seat; 52] = v.try_into().unwrap();
        Deal::from_owners(&owners).unwrap()
    })
}

/// Pavlicek's order: the holders of ♠A ♥A ♦A ♣A ♠K … ♣2, as seat indices.
fn pavlicek_key(deal: &Deal) -> Vec<usize> {
    let owners = deal.owners();
    (0..52)
        .map(|i| owners[(i % 4) * 13 + i / 4].index())
        .collect()
}

/// Big Deal's order: North's card indices, then East's, then South's (each ascending).
/// Comparing card indices (not positions among the remaining cards) is enough for North;
/// for East and South positions and indices order the same way once the earlier hands are
/// equal, so the key is still the mapping's order.
fn bigdeal_key(deal: &Deal) -> Vec<usize> {
    [Seat::North, Seat::East, Seat::South]
        .into_iter()
        .flat_map(|s| deal.hand(s).cards().map(|c| c.index()))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn numbers_follow_each_mappings_order(n in 0..DEAL_COUNT - 1) {
        let (a, b) = (pavlicek::deal_from_number(n).unwrap(), pavlicek::deal_from_number(n + 1).unwrap());
        prop_assert!(pavlicek_key(&a) < pavlicek_key(&b));
        let (a, b) = (kuipers::deal_from_number(n).unwrap(), kuipers::deal_from_number(n + 1).unwrap());
        prop_assert!(bigdeal_key(&a) < bigdeal_key(&b));
    }

    #[test]
    fn number_deal_number_round_trips(n in any_number()) {
        for m in Mapping::ALL {
            let deal = m.deal(n).unwrap();
            prop_assert_eq!(m.number(&deal), n, "{}", m.name());
        }
    }

    #[test]
    fn deal_number_deal_round_trips(deal in any_deal()) {
        for m in Mapping::ALL {
            let n = m.number(&deal);
            prop_assert!(n < DEAL_COUNT);
            prop_assert_eq!(m.deal(n).unwrap(), deal, "{}", m.name());
        }
    }
}
