//! PBN reader and writer: Big Deal's fixture, a messy hand-made file, round trips.

mod common;

use common::{goe_deals, REF_PBN};
use fairdeal_interop::{read_pbn, write_pbn, Auction, Board, PbnOptions, ProblemKind};
use fairdeal_model::{pavlicek, Seat, Vulnerability, DEAL_COUNT};
use proptest::prelude::*;

#[test]
fn big_deal_fixture_reads_back_to_its_numbers() {
    let out = read_pbn(REF_PBN);
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let goe = goe_deals();
    assert_eq!(out.boards.len(), goe.len());
    for (i, (b, d)) in out.boards.iter().zip(&goe).enumerate() {
        let n = i as u32 + 1;
        assert_eq!(b.number, Some(n));
        assert_eq!(b.deal().as_ref(), Some(d), "board {n}");
        assert_eq!(b.dealer, Some(Seat::dealer_of_board(n)));
        assert_eq!(b.vulnerability, Some(Vulnerability::of_board(n)));
        assert_eq!(b.event, None, "? reads as unknown");
        assert!(b.other_tags.iter().any(|t| t.name == "Scoring"), "kept");
    }
    assert_eq!(out.boards[0].other_tags[0].name, "Generator");
    // PBN → model → PBN → model is the identity.
    let again = read_pbn(write_pbn(&out.boards, &PbnOptions::default()).as_bytes());
    assert!(again.problems.is_empty());
    assert_eq!(again.boards, out.boards);
}

/// A hand-made file with what real files contain; lines are numbered in the comments.
fn messy() -> Vec<u8> {
    let lines = [
        "% PBN 2.1",                                                                         // 1
        "% EXPORT",                                                                          // 2
        "{A comment over",                                                                   // 3
        " three lines [Event \"not a tag\"]",                                                // 4
        "}",                                                                                 // 5
        "[Event \"Club night\"]",                                                            // 6
        "[Site \"Caf\u{e9} du Nord\"]",                                                      // 7
        "[date \"2024.05.01\"]",                                                             // 8
        "[Board \"1\"]",                                                                     // 9
        "[Dealer \"n\"]",                                                                    // 10
        "[Vulnerable \"None\"]",                                                             // 11
        "[Deal \"n:A9.Q3.AK7.JT8632 JT876.K8.T8543.9 KQ52.754.QJ9.A54 -\"] ; note",          // 12
        "[Contract \"3NT\"]",                                                                // 13
        "[Declarer \"S\"]",                                                                  // 14
        "[Result \"9\"]",                                                                    // 15
        "[Auction \"N\"]",                                                                   // 16
        "1C Pass 1S Pass {a { comment}",                                                     // 17
        "2NT Pass 3NT AP",                                                                   // 18
        "",                                                                                  // 19
        "[Event \"#\"]",                                                                     // 20
        "[Site \"#\"]",                                                                      // 21
        "[Date \"?\"]",                                                                      // 22
        "[Board \"2\"]",                                                                     // 23
        "[Dealer \"E\"]",                                                                    // 24
        "[Vulnerable \"NS\"]",                                                               // 25
        "[Deal \"N:AKT763.J64.2.JT2 98.A875.A87.Q865 J52.K9.KQJT3.973 Q4.QT32.9654.AK4X\"]", // 26
        "",                                                                                  // 27
        "[Event \"#\"]",                                                                     // 28
        "[Board \"3\"]",                                                                     // 29
        "[Dealer \"S\"]",                                                                    // 30
        "[Vulnerable \"sideways\"]",                                                         // 31
        "[Deal \"W:KJ843.53.A9.8542 952.T976.K53.JT9 AT7.QJ2.J87642.Q Q6.AK84.QT.AK763\"]",  // 32
        "",                                                                                  // 33
        "[Event \"#\"]",                                                                     // 34
        "[Board \"four\"]",                                                                  // 35
        "[Deal \"N:QJ86.K962.K5.KQ4 K7532.QJ5.J96.63 AT.T84.AT42.AJT7 94.A73.Q873.9852\"]",  // 36
    ];
    // CRLF line ends, and Latin-1 bytes (é is one byte, 0xE9).
    lines
        .join("\r\n")
        .chars()
        .map(|c| u8::try_from(u32::from(c)).expect("Latin-1"))
        .collect()
}

#[test]
fn messy_file_reports_problems_at_their_lines_and_loses_no_good_board() {
    let bytes = messy();
    assert!(
        std::str::from_utf8(&bytes).is_err(),
        "the file must be Latin-1"
    );
    let out = read_pbn(&bytes);
    let at: Vec<(usize, Option<&str>)> = out
        .problems
        .iter()
        .map(|p| (p.line, p.tag.as_deref()))
        .collect();
    assert_eq!(
        at,
        [
            (26, Some("Deal")),
            (31, Some("Vulnerable")),
            (35, Some("Board"))
        ],
        "{:#?}",
        out.problems
    );
    assert!(matches!(out.problems[0].kind, ProblemKind::Deal(_)));
    assert!(out.problems[2].message.contains("four"));
    let b = &out.boards;
    assert_eq!(b.len(), 4);
    let goe = goe_deals();
    assert_eq!(b[0].deal(), Some(goe[0]), "one '-' hand is completed");
    assert_eq!(b[1].deal(), None, "bad deal: hands unknown, board kept");
    assert_eq!(b[2].deal(), Some(goe[2]), "first seat W");
    assert_eq!(b[3].deal(), Some(goe[3]));
    assert_eq!(
        b.iter().map(|b| b.number).collect::<Vec<_>>(),
        [Some(1), Some(2), Some(3), None]
    );
    for board in b {
        assert_eq!(board.event.as_deref(), Some("Club night"), "# inherits");
    }
    assert_eq!(b[0].site.as_deref(), Some("Caf\u{e9} du Nord"));
    assert_eq!(b[1].site, b[0].site);
    assert_eq!(
        b[0].date.as_deref(),
        Some("2024.05.01"),
        "tag names in any case"
    );
    assert_eq!(b[1].date, None);
    assert_eq!(b[0].dealer, Some(Seat::North));
    assert_eq!(b[2].vulnerability, None);
    assert_eq!(b[0].contract.as_deref(), Some("3NT"));
    assert_eq!(b[0].declarer, Some(Seat::South));
    assert_eq!(
        b[0].auction,
        Some(Auction {
            first: Seat::North,
            calls: ["1C", "Pass", "1S", "Pass", "2NT", "Pass", "3NT", "AP"]
                .map(String::from)
                .to_vec(),
        })
    );
}

#[test]
fn unclosed_comment_and_stray_text_are_problems() {
    let out = read_pbn(b"stray\n[Board \"1\"]\n{never closed\n[Board \"2\"]\n");
    let lines: Vec<usize> = out.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, [1, 3]);
    assert_eq!(out.boards.len(), 1);
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (
        0..DEAL_COUNT,
        1u32..2000,
        any::<bool>(),
        "[A-Za-z \"\\\\]{0,12}",
    )
        .prop_map(|(n, board, auction, event)| {
            let deal = pavlicek::deal_from_number(n).expect("n < D");
            let mut b = Board::with_deal(Some(board), &deal);
            b.dealer = Some(Seat::dealer_of_board(board));
            b.vulnerability = Some(Vulnerability::of_board(board));
            b.event = Some(event).filter(|e| !e.trim().is_empty() && e.trim() == e);
            if auction {
                b.auction = Some(Auction {
                    first: Seat::dealer_of_board(board),
                    calls: ["1NT", "Pass", "3NT", "=1=", "AP"]
                        .map(String::from)
                        .to_vec(),
                });
                b.contract = Some("3NT".into());
                b.declarer = Some(Seat::dealer_of_board(board));
                b.result = Some("10".into());
            }
            b
        })
}

proptest! {
    #[test]
    fn pbn_round_trip(boards in proptest::collection::vec(board_strategy(), 1..5), crlf: bool) {
        let text = write_pbn(&boards, &PbnOptions { crlf, ..PbnOptions::default() });
        let out = read_pbn(text.as_bytes());
        prop_assert!(out.problems.is_empty(), "{:?}", out.problems);
        prop_assert_eq!(&out.boards, &boards);
        // And model → PBN is stable.
        prop_assert_eq!(write_pbn(&out.boards, &PbnOptions { crlf, ..PbnOptions::default() }), text);
    }
}

/// Found by the fuzzer: a section token starting with `%` must not be written at the start
/// of a line, where it would read back as a comment.
#[test]
fn section_token_starting_with_percent_survives_a_round_trip() {
    let out = read_pbn(b"[Board \"1\"]\n[Auction \"N\"]\n1C Pass % 2.1\n");
    let calls = &out.boards[0].auction.as_ref().unwrap().calls;
    assert_eq!(calls, &["1C", "Pass", "%", "2.1"]);
    let text = write_pbn(&out.boards, &PbnOptions::default());
    assert_eq!(read_pbn(text.as_bytes()).boards, out.boards, "{text}");
    let mut b = out.boards[0].clone();
    b.auction.as_mut().unwrap().calls = vec!["%".into(), "PBN".into()];
    let text = write_pbn(&[b.clone()], &PbnOptions::default());
    assert!(text.contains("\n % PBN\n"), "{text}");
    assert_eq!(read_pbn(text.as_bytes()).boards, vec![b]);
}
