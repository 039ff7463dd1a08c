use super::*;
use crate::read_pbn;
use fairdeal_model::dd::{DdTable, Par, ParContract, Side};
use fairdeal_model::{pavlicek, Vulnerability};

/// `n` boards numbered from 1 with the standard dealer and vulnerability.
fn boards(n: u32) -> Vec<Board> {
    (1..=n)
        .map(|i| {
            let deal = pavlicek::deal_from_number(u128::from(i) * 1_000_003).unwrap();
            let mut b = Board::with_deal(Some(i), &deal);
            b.dealer = Some(Seat::dealer_of_board(i));
            b.vulnerability = Some(Vulnerability::of_board(i));
            b
        })
        .collect()
}

fn count(html: &str, needle: &str) -> usize {
    html.matches(needle).count()
}

#[test]
fn pages_hold_at_most_per_page_boards() {
    for (per, n, pages) in [
        (PerPage::One, 5, 5),
        (PerPage::Two, 5, 3),
        (PerPage::Four, 13, 4),
        (PerPage::Six, 13, 3),
        (PerPage::Six, 12, 2),
    ] {
        let opts = PrintOptions {
            per_page: per,
            ..PrintOptions::default()
        };
        let html = hand_records_html(&boards(n), &opts);
        assert_eq!(
            count(&html, "<section class=\"fdp-page"),
            pages,
            "{per:?} {n}"
        );
        assert_eq!(page_count(n as usize, &opts), pages);
        assert_eq!(count(&html, "<article class=\"fdp-board\""), n as usize);
        // Every page but the last is full, in board order.
        let sections: Vec<&str> = html.split("<section class=\"fdp-page").skip(1).collect();
        for (i, s) in sections.iter().enumerate() {
            let expected = if i + 1 < pages {
                per.count()
            } else {
                n as usize - per.count() * (pages - 1)
            };
            assert_eq!(count(s, "<article"), expected);
            let first = i * per.count() + 1;
            assert!(s.contains(&format!("data-board=\"{first}\"")));
        }
        assert!(html.contains(&format!("Page {pages} of {pages}")));
    }
}

#[test]
fn a_known_board_prints_its_hands_hcp_dealer_and_vulnerability() {
    let text = b"[Board \"7\"]\n[Dealer \"S\"]\n[Vulnerable \"All\"]\n\
        [Deal \"N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32\"]\n";
    let b = read_pbn(text).boards;
    let html = hand_records_html(&b, &PrintOptions::default());
    assert!(html.contains("<b>Board 7</b><div>Dealer South</div><div>Vul All</div>"));
    // North: ♠AKQJ; East ♠1098 (ten printed as 10); West's clubs 32.
    assert!(html.contains("fdp-sym-S\">♠</span>AKQJ</div>"), "{html}");
    assert!(html.contains("fdp-sym-S\">♠</span>1098</div>"));
    assert!(html.contains("fdp-sym-C\">♣</span>32</div>"));
    // HCP 37 / 3 / 0 / 0 around the compass.
    assert!(html.contains("<span class=\"fdp-c-N\">37</span><span class=\"fdp-c-W\">0</span><span class=\"fdp-c-E\">3</span><span class=\"fdp-c-S\">0</span>"));
    assert!(
        !html.contains("<table class=\"fdp-dd\""),
        "no DD table unless known"
    );
    assert!(html.contains("<title>Hand records</title>"));
}

#[test]
fn dd_table_and_par_print_when_known() {
    let mut b = boards(1);
    let mut t = [[6u8; 4]; 5];
    t[Strain::Spades.index()][Seat::North.index()] = 11;
    b[0].dd = DdTable::new(t);
    b[0].par = Some(Par {
        ns_score: -500,
        contracts: vec![ParContract {
            level: 5,
            strain: Strain::Clubs,
            doubled: true,
            side: Side::EastWest,
            declarers: vec![Seat::East, Seat::West],
            overtricks: -2,
        }],
    });
    let html = hand_records_html(&b, &PrintOptions::default());
    assert!(
        html.contains("<tr><th>N</th><td>6</td><td>11</td><td>6</td>"),
        "{html}"
    );
    assert!(
        html.contains("Par EW +500<div>5<span class=\"fdp-sym fdp-sym-C\">♣</span>X-2 EW</div>")
    );
}

#[test]
fn practice_sheets_hold_one_seat_each_on_its_own_pages() {
    let opts = PrintOptions {
        per_page: PerPage::Four,
        sheets: Sheets::Seats(vec![Seat::North, Seat::South]),
        ..PrintOptions::default()
    };
    let bs = boards(6);
    let html = hand_records_html(&bs, &opts);
    assert_eq!(count(&html, "<section class=\"fdp-page fdp-sheet\""), 4);
    assert_eq!(page_count(6, &opts), 4);
    let (north, south) = html.split_at(html.find("South's hands").unwrap());
    assert_eq!(count(north, "data-seat=\"N\""), 6);
    assert_eq!(count(north, "data-seat="), 6);
    assert_eq!(count(south, "data-seat=\"S\""), 6);
    assert_eq!(count(south, "data-seat="), 6);
    // North's first hand is in full on the sheet, with its HCP.
    let h = bs[0].hands[Seat::North.index()].unwrap();
    let spades = holding_text(h, Suit::Spades);
    assert!(north.contains(&format!("♠</span>{spades}</div>")));
    assert!(north.contains(&format!("{} HCP", h.hcp())));
}

#[test]
fn header_is_escaped_and_large_print_caps_at_two() {
    let opts = PrintOptions {
        per_page: PerPage::Six,
        large: true,
        title: Some("<Club & \"Pairs\">".into()),
        date: Some("2026-11-22".into()),
        fingerprint: Some("3f9a 77c2".into()),
        ..PrintOptions::default()
    };
    assert_eq!(opts.effective_per_page(), PerPage::Two);
    let html = hand_records_html(&boards(8), &opts);
    assert!(html.contains("<b>&lt;Club &amp; &quot;Pairs&quot;&gt;</b>"));
    assert!(!html.contains("<Club"));
    assert!(html.contains("<span>2026-11-22</span>"));
    assert!(html.contains("<span class=\"fdp-fp\">3f9a 77c2</span>"));
    assert!(html.contains("<body class=\"fdp fdp-n2 fdp-large\">"));
    assert_eq!(count(&html, "<section class=\"fdp-page"), 4);
}

#[test]
fn unknown_hands_and_empty_sets_print_without_panicking() {
    let b = read_pbn(b"[Board \"2\"]\n[Deal \"N:AKQJ.AKQ.AKQ.AKQ - - -\"]\n").boards;
    let html = hand_records_html(&b, &PrintOptions::default());
    assert_eq!(count(&html, "<div>—</div>"), 3);
    let empty = hand_records_html(&[], &PrintOptions::default());
    assert_eq!(count(&empty, "<section class=\"fdp-page"), 1);
    assert_eq!(count(&empty, "<article"), 0);
}

#[test]
fn per_page_table_is_consistent() {
    for p in PerPage::ALL {
        assert_eq!(PerPage::from_count(p.count()), Some(p));
        assert!(PRINT_CSS.contains(&format!(".fdp-n{} ", p.count())));
    }
    assert_eq!(PerPage::from_count(3), None);
    assert!(PerPage::ALL.windows(2).all(|w| w[0].count() < w[1].count()));
}

#[test]
fn output_is_deterministic() {
    let opts = PrintOptions::default();
    assert_eq!(
        hand_records_html(&boards(5), &opts),
        hand_records_html(&boards(5), &opts)
    );
}
