//! The text form: round trips (proptest), positioned errors, and what conditions mean.

use fairdeal_constrain::shape::{all_shapes, LenRange, ShapeExpr, ShapeItem, CLASSES};
use fairdeal_constrain::spec::{FitSuits, HoldingPattern, PointRange};
use fairdeal_constrain::{
    parse, Category, Cond, Pair, ParseErrorKind, Scale, Spec, Statement, Who,
};
use fairdeal_model::{Card, Hand, Holding, Seat, Suit};
use proptest::prelude::*;

fn len_range() -> impl Strategy<Value = LenRange> {
    (0u8..=13, 0u8..=13).prop_map(|(a, b)| LenRange {
        lo: a.min(b),
        hi: a.max(b),
    })
}

fn shape_item() -> impl Strategy<Value = ShapeItem> {
    prop_oneof![
        prop::array::uniform4(len_range()).prop_map(ShapeItem::Exact),
        prop::array::uniform4(len_range()).prop_map(ShapeItem::AnyOrder),
        (0usize..560)
            .prop_map(|i| ShapeItem::AnyOrder(all_shapes()[i].map(|l| LenRange { lo: l, hi: l }))),
        (0..CLASSES.len()).prop_map(|i| ShapeItem::Class(&CLASSES[i])),
    ]
}

fn suit() -> impl Strategy<Value = Suit> {
    (0usize..4).prop_map(|i| Suit::ALL[i])
}

fn point_range() -> impl Strategy<Value = PointRange> {
    (0u32..90, 0u32..90, any::<bool>()).prop_map(|(a, b, open)| PointRange {
        lo: a.min(b),
        hi: (!open).then_some(a.max(b)),
    })
}

fn hand13() -> impl Strategy<Value = Hand> {
    Just(()).prop_perturb(|_, mut rng| {
        let mut cards: Vec<Card> = Card::all().collect();
        for i in 0..13 {
            let j = i + (rng.next_u32() as usize) % (52 - i);
            cards.swap(i, j);
        }
        cards[..13].iter().copied().collect::<Hand>()
    })
}

fn seat_cond(scales: Vec<Scale>) -> impl Strategy<Value = Cond> {
    let scale = prop::sample::select(
        Scale::builtins()
            .into_iter()
            .chain(scales)
            .collect::<Vec<_>>(),
    );
    prop_oneof![
        prop::collection::vec((any::<bool>(), shape_item()), 1..4).prop_map(|mut items| {
            items[0].0 = items[0].0 || items.len() == 1;
            Cond::Shape(ShapeExpr { items })
        }),
        (suit(), len_range()).prop_map(|(s, r)| Cond::Length(s, r)),
        (suit(), 1u16..0x2000, 0u8..4).prop_filter_map("needs a letter", |(s, bits, x)| {
            let ranks = Holding::from_bits(bits & 0x1FFF);
            let ok = ranks.bits() & 0x1F != 0 || x > 0;
            (ok && ranks.len() as u8 + x <= 13)
                .then_some(Cond::Holding(s, HoldingPattern { ranks, spots: x }))
        }),
        prop::collection::vec(0usize..52, 1..4)
            .prop_map(|v| Cond::Has(v.into_iter().filter_map(Card::from_index).collect())),
        hand13().prop_map(Cond::Is),
        (scale, point_range()).prop_map(|(s, r)| Cond::Points(s, r)),
    ]
}

fn pair_cond() -> impl Strategy<Value = Cond> {
    prop_oneof![
        (
            prop::sample::select(Scale::builtins().to_vec()),
            point_range()
        )
            .prop_map(|(s, r)| Cond::Points(s, r)),
        (
            0u8..=13,
            proptest::option::of(0u8..13),
            prop_oneof![
                Just(FitSuits::Any),
                Just(FitSuits::Majors),
                Just(FitSuits::Minors),
                suit().prop_map(FitSuits::Suit)
            ]
        )
            .prop_map(|(min, max, suits)| Cond::Fit {
                min,
                max: max.map(|m| m.max(min)).filter(|&m| m < 13),
                suits
            }),
    ]
}

fn statement(scales: Vec<Scale>) -> impl Strategy<Value = Statement> {
    prop_oneof![
        ((0usize..4), prop::collection::vec(seat_cond(scales), 1..4)).prop_map(|(s, conds)| {
            Statement {
                who: Who::Seat(Seat::ALL[s]),
                conds,
            }
        }),
        (any::<bool>(), prop::collection::vec(pair_cond(), 1..3)).prop_map(|(ns, conds)| {
            Statement {
                who: Who::Pair(if ns { Pair::NorthSouth } else { Pair::EastWest }),
                conds,
            }
        }),
    ]
}

fn spec() -> impl Strategy<Value = Spec> {
    prop::collection::vec(prop::array::uniform5(0u8..13), 0..2)
        .prop_map(|ws| {
            ws.into_iter()
                .enumerate()
                .map(|(i, mut w)| {
                    w[0] = w[0].max(1);
                    Scale {
                        name: format!("scale{i}x"),
                        weights: w,
                    }
                })
                .collect::<Vec<_>>()
        })
        .prop_flat_map(|scales| {
            let st = prop::collection::vec(statement(scales.clone()), 0..4);
            let cats = prop::collection::vec(
                (
                    "[a-z][a-z0-9 ]{0,8}",
                    1u32..5,
                    prop::collection::vec(statement(scales.clone()), 0..3),
                ),
                0..3,
            );
            (Just(scales), st, cats).prop_map(|(scales, statements, cats)| Spec {
                scales,
                statements,
                categories: cats
                    .into_iter()
                    .map(|(name, weight, statements)| Category {
                        name,
                        weight,
                        statements,
                    })
                    .collect(),
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn display_parses_back(s in spec()) {
        let text = s.to_string();
        let back = parse(&text).map_err(|e| TestCaseError::fail(e.render(&text)))?;
        prop_assert_eq!(back, s, "text:\n{}", text);
    }
}

#[test]
fn example_file_parses_and_prints() {
    let text = "# 1NT\nnorth: balanced, hcp 15-17\nsouth: hcp 10+, shape 5=4=x=x\nns: hcp 25+, fit 8+ majors\n\
                east: spades AKxx, has HA D2\nscale zar A4 K3 Q2 J1 T0.5\nwest: zar 12.5+\n\
                category \"strong hands\" weight 2\nnorth: hcp 20+\ncategory weak\nnorth: hcp 0-9\n";
    let s = parse(text).unwrap_or_else(|e| panic!("{}", e.render(text)));
    assert_eq!(s.categories.len(), 2);
    assert_eq!(s.categories[0].name, "strong hands");
    assert_eq!(s.categories[0].weight, 2);
    assert_eq!(s.scales[0].weights, [8, 6, 4, 2, 1]);
    let printed = s.to_string();
    assert!(
        printed.contains("north: shape balanced, hcp 15-17\n"),
        "{printed}"
    );
    assert!(
        printed.contains("east: spades AKxx, has HA D2\n"),
        "{printed}"
    );
    assert!(printed.contains("west: zar 12.5+\n"), "{printed}");
    assert_eq!(parse(&printed), Ok(s));
}

#[test]
fn errors_have_line_and_column_and_all_are_reported() {
    let text =
        "north: hcp 15-17\nsouth: hcpp 3\neast: spades 5+, shape 4=4=4\nwest hcp 3\nns: spades 5";
    let errs = parse(text).expect_err("four bad lines");
    let pos: Vec<(usize, usize)> = errs.0.iter().map(|e| e.line_col(text)).collect();
    assert_eq!(pos, vec![(2, 8), (3, 24), (4, 6), (5, 5)]);
    assert!(matches!(&errs.0[0].kind, ParseErrorKind::UnknownWord { name } if name == "hcpp"));
    assert!(matches!(
        &errs.0[3].kind,
        ParseErrorKind::WrongSubject {
            expected: "a seat",
            ..
        }
    ));
    let rendered = errs.render(text);
    assert!(
        rendered.starts_with("2:8: unknown scale or condition `hcpp`"),
        "{rendered}"
    );
    assert!(
        rendered.contains("\n  south: hcpp 3\n         ^^^^\n"),
        "{rendered}"
    );
    let e = parse("north: hcp 17-15").expect_err("reversed range");
    assert!(
        e.to_string()
            .contains("expected a point range such as 15, 15-17 or 25+, found `17-15`"),
        "{e}"
    );
    let e = parse("north: shape 4431").expect_err("not 13");
    assert!(e.to_string().contains("four digits adding up to 13"), "{e}");
    let e = parse("ns: fit 8").expect_err("fit needs +");
    assert_eq!(e.0[0].line_col("ns: fit 8"), (1, 9));
    let e = parse("north: has SA SX").expect_err("bad card");
    assert_eq!(e.0[0].span, 14..16);
}

#[test]
fn conditions_mean_what_they_say() {
    let set = |t: &str| parse(t).unwrap().constraints(None).unwrap();
    let s = set("north: spades AKxx, hcp 10-12");
    let n = s.seat(Seat::North);
    assert!(n.exact_suits[0]);
    assert_eq!(n.fixed.len(), 2);
    let hand = |pbn: &str| {
        let mut h = Hand::EMPTY;
        for (suit, part) in Suit::ALL.into_iter().zip(pbn.split('.')) {
            for c in part.chars() {
                h.insert(Card::new(suit, fairdeal_model::Rank::from_char(c).unwrap()));
            }
        }
        h
    };
    assert!(n.accepts(hand("AK32.KJ2.5432.32")));
    assert!(!n.accepts(hand("AKT2.KJ2.5432.32")), "the ten is not an x");
    assert!(!n.accepts(hand("AK432.KJ2.543.32")), "exactly four spades");
    let e = parse("north: has SA\nsouth: has SA")
        .unwrap()
        .constraints(None)
        .expect_err("twice");
    assert!(
        e.to_string()
            .contains("SA is given to both North and South"),
        "{e}"
    );
    let c = set("north: shape 4432 + 4333 - 4=4=3=2\nnorth: hearts 4-5");
    // hearts 4: any 4432 gives 6 shapes, less 4=4=3=2; any 4333 gives 3=4=3=3.
    assert_eq!(c.seat(Seat::North).shapes.iter().count(), 6);
}
