//! The query-string form the `/suit` page's URL and `fairdeal suit --query` share.

use fairdeal_suit::{Entries, Objective, ProblemText, SuitError, Vacant};

#[test]
fn problems_round_trip_through_the_query_string() {
    let t = ProblemText {
        north: "AQ10x".into(),
        south: "xxx".into(),
        target: "3".into(),
        entries: "1:2".into(),
        vacant: "10:13".into(),
    };
    let q = t.to_query();
    assert_eq!(q, "n=AQ10x&s=xxx&target=3&entries=1:2&vacant=10:13");
    assert_eq!(ProblemText::from_query(&q), t);
    assert_eq!(ProblemText::from_query(&format!("?{q}")), t);
    let p = t.problem().unwrap();
    assert_eq!(p.objective, Objective::Target(3));
    assert_eq!(p.entries, Entries::Limited { north: 1, south: 2 });
    assert_eq!(p.vacant, Vacant { west: 10, east: 13 });
    // Empty fields are left out and mean "most tricks", "unlimited", 13:13.
    let t = ProblemText {
        north: "AK 10".into(),
        south: "-".into(),
        ..Default::default()
    };
    assert_eq!(t.to_query(), "n=AK%2010&s=-");
    assert_eq!(ProblemText::from_query(&t.to_query()), t);
    let p = ProblemText::from_query("n=AQ&s=xx").problem().unwrap();
    assert_eq!(p.objective, Objective::MaxExpected);
    assert_eq!(p.entries, Entries::Unlimited);
    assert_eq!(p.vacant, Vacant::START);
}

#[test]
fn bad_fields_are_named_and_junk_never_panics() {
    let e = ProblemText::from_query("n=AQ&s=xx&target=two")
        .problem()
        .unwrap_err();
    assert_eq!(e, SuitError::TargetText { text: "two".into() });
    let e = ProblemText::from_query("n=AQ&s=xx&vacant=30:1")
        .problem()
        .unwrap_err();
    assert!(matches!(e, SuitError::Vacant { .. }), "{e:?}");
    for junk in [
        "",
        "%",
        "n=%zz&s=%",
        "n=AQ%&s=x%4",
        "&&&=",
        "n=♠A&s=x",
        "n=AKQJ1098765432&s=",
    ] {
        let _ = ProblemText::from_query(junk).problem();
    }
}
