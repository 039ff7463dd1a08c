//! LIN reader and writer: Big Deal's fixture, auction and play, round trips.

mod common;

use common::{goe_deals, REF_LIN};
use fairdeal_interop::{
    read_lin, write_lin, write_pbn, Board, LinOptions, PbnOptions, Play, ProblemKind,
};
use fairdeal_model::{pavlicek, Seat, Vulnerability, DEAL_COUNT};
use proptest::prelude::*;

#[test]
fn big_deal_fixture_reads_back_to_its_numbers_and_writes_the_same_bytes() {
    let out = read_lin(REF_LIN);
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let goe = goe_deals();
    assert_eq!(out.boards.len(), goe.len());
    for (i, (b, d)) in out.boards.iter().zip(&goe).enumerate() {
        let n = i as u32 + 1;
        assert_eq!(b.number, Some(n));
        assert_eq!(b.deal().as_ref(), Some(d), "board {n}: East completed");
        assert_eq!(b.dealer, Some(Seat::dealer_of_board(n)));
        assert_eq!(b.vulnerability, Some(Vulnerability::of_board(n)));
    }
    let opts = LinOptions { omit_east: true };
    assert_eq!(write_lin(&out.boards, &opts).as_bytes(), REF_LIN);
}

/// Board 1 of the fixture, bid and partly played: 2♥ by West, North leads.
const PLAYED: &str = "qx|o1|pn|Sam,Wendy,Nick,Erin|md|3SKQ52H754DQJ9CA54,S43HAJT962D62CKQ7,\
SA9HQ3DAK7CJT8632,SJT876HK8DT8543C9|rh||ah|Board 1|sv|0|mb|1C|mb|p|mb|1S|mb|2H|mb|p|mb|p|mb|p|\
pg||pc|SA|pc|S6|pc|S2|pc|S3|pg||pc|S9|pc|S7|pc|SK|pc|S4|pg||pc|SQ|pc|H2|pc|D7|pc|S8|pg||pc|HA|\n";

#[test]
fn auction_and_play_become_pbn_layout_and_back() {
    let out = read_lin(PLAYED.as_bytes());
    assert!(out.problems.is_empty(), "{:?}", out.problems);
    let b = &out.boards[0];
    assert_eq!(b.players[Seat::West.index()].as_deref(), Some("Wendy"));
    assert_eq!(b.contract.as_deref(), Some("2H"));
    assert_eq!(b.declarer, Some(Seat::West));
    let calls = &b.auction.as_ref().expect("auction").calls;
    assert_eq!(calls, &["1C", "Pass", "1S", "2H", "Pass", "Pass", "Pass"]);
    // Tricks in seat order N E S W; trick 3 is led by South, trick 4 by West (who ruffed).
    let expected = "SA S6 S2 S3 S9 S7 SK S4 D7 S8 SQ H2 - - - HA";
    assert_eq!(
        b.play,
        Some(Play {
            leader: Seat::North,
            cards: expected.split(' ').map(String::from).collect(),
        })
    );
    assert_eq!(write_lin(&out.boards, &LinOptions::default()), PLAYED);
    let pbn = write_pbn(&out.boards, &PbnOptions::default());
    assert!(pbn.contains("[Play \"N\"]\nSA S6 S2 S3\nS9 S7 SK S4\nD7 S8 SQ H2\n- - - HA\n"));
}

#[test]
fn multi_line_qx_file_and_problems() {
    let text = "vg|Club Teams,1,I,1,2,A,0,B,0|\nqx|o7|\nmd|1SAKQJHAKQJDAKQJCA,SKQJ2,,|sv|b|\n\
                ah|Board 7|\nqx|o8|md|9,,,|sv|q|\nqx|o9|md|2S2,S3|pc|ZZ|\n";
    let out = read_lin(text.as_bytes());
    assert_eq!(out.boards.len(), 3);
    assert_eq!(out.boards[0].number, Some(7));
    assert_eq!(out.boards[0].event.as_deref(), Some("Club Teams"));
    assert_eq!(out.boards[0].vulnerability, Some(Vulnerability::Both));
    let lines: Vec<(usize, Option<&str>)> = out
        .problems
        .iter()
        .map(|p| (p.line, p.tag.as_deref()))
        .collect();
    // Line 3: South and West both hold ♠KQJ. Line 5: dealer 9, vulnerability q.
    // Line 6: West's one-card hand, and a card ZZ.
    assert_eq!(
        lines,
        [
            (3, Some("md")),
            (5, Some("md")),
            (5, Some("sv")),
            (6, Some("md")),
            (6, Some("pc"))
        ],
        "{:#?}",
        out.problems
    );
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (0..DEAL_COUNT, 1u32..2000).prop_map(|(n, board)| {
        let deal = pavlicek::deal_from_number(n).expect("n < D");
        let mut b = Board::with_deal(Some(board), &deal);
        b.dealer = Some(Seat::dealer_of_board(board));
        b.vulnerability = Some(Vulnerability::of_board(board));
        b
    })
}

proptest! {
    #[test]
    fn lin_round_trip(boards in proptest::collection::vec(board_strategy(), 1..5), omit_east: bool) {
        let text = write_lin(&boards, &LinOptions { omit_east });
        let out = read_lin(text.as_bytes());
        prop_assert!(out.problems.is_empty(), "{:?}", out.problems);
        prop_assert_eq!(&out.boards, &boards);
        prop_assert_eq!(write_lin(&out.boards, &LinOptions { omit_east }), text);
    }
}

/// Found by the fuzzer: an empty or non-call `mb` is a problem, not an empty PBN token.
#[test]
fn empty_or_bad_calls_are_problems() {
    let out = read_lin(b"qx|o1|md|3S9HAKQDAKQCAKQJT9,,,|mb|1N|mb||mb|1 N|mb|p|\n");
    let auction = out.boards[0].auction.as_ref().unwrap();
    assert_eq!(auction.calls, ["1NT", "Pass"]);
    let found: Vec<(usize, Option<&str>)> = out
        .problems
        .iter()
        .map(|p| (p.line, p.tag.as_deref()))
        .collect();
    assert_eq!(found, [(1, Some("mb")), (1, Some("mb"))]);
    assert!(matches!(out.problems[0].kind, ProblemKind::Call { .. }));
}

/// Found by the fuzzer: a player name running over a line break (or `?`) must become a
/// one-line PBN value (or unknown), so LIN → PBN → model keeps it.
#[test]
fn names_are_one_line_and_question_marks_are_unknown() {
    let out = read_lin(b"qx|o1|md|1SA54,,,|pn|Ann\r\nSmith,?,  Bo   B ,|vg|Club\nnight,x|\n");
    let b = &out.boards[0];
    assert_eq!(b.players[Seat::South.index()].as_deref(), Some("Ann Smith"));
    assert_eq!(b.players[Seat::West.index()], None);
    assert_eq!(b.players[Seat::North.index()].as_deref(), Some("Bo B"));
    assert_eq!(b.event.as_deref(), Some("Club night"));
    let text = write_pbn(&out.boards, &PbnOptions::default());
    assert_eq!(
        fairdeal_interop::read_pbn(text.as_bytes()).boards,
        out.boards
    );
}

#[test]
fn read_any_picks_lin_by_name_or_first_bytes() {
    use fairdeal_interop::{looks_like_lin, read_any};
    assert!(looks_like_lin("set.LIN", b"[Event \"x\"]"));
    assert!(!looks_like_lin("set.pbn", b"qx|o1|"));
    assert!(looks_like_lin("pasted", b"  \nqx|o1|md|1SA,,,|"));
    assert!(!looks_like_lin("pasted", b"[Board \"1\"]"));
    assert_eq!(read_any("x.lin", REF_LIN).boards.len(), 4);
}
