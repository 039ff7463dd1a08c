//! The round-trip corpus (`tests/data/corpus`, see its README): files written by Fair Deal's
//! dealing core, Debian's `dealer` and `deal`, and endplay. Every file reads with no problem
//! and no lost board; model → PBN → model and model → LIN → model are exact; our PBN text is
//! stable; the files our writers' layouts match are reproduced byte for byte; and the same
//! set written as PBN and as LIN reads to the same boards.

use fairdeal_interop::{read_lin, read_pbn, write_lin, write_pbn, Board, LinOptions, PbnOptions};

struct Case {
    name: &'static str,
    bytes: &'static [u8],
    lin: bool,
    boards: usize,
}

macro_rules! case {
    ($file:literal, $lin:expr, $n:expr) => {
        Case {
            name: $file,
            bytes: include_bytes!(concat!("data/corpus/", $file)),
            lin: $lin,
            boards: $n,
        }
    };
}

fn corpus() -> Vec<Case> {
    vec![
        case!("fairdeal-deal.pbn", false, 16),
        case!("fairdeal-deal.lin", true, 16),
        case!("dealer-printpbn.pbn", false, 8),
        case!("deal-pbn.pbn", false, 8),
        case!("endplay.pbn", false, 8),
        case!("endplay.lin", true, 8),
    ]
}

fn read(c: &Case) -> Vec<Board> {
    let out = if c.lin {
        read_lin(c.bytes)
    } else {
        read_pbn(c.bytes)
    };
    assert!(out.problems.is_empty(), "{}: {:?}", c.name, out.problems);
    out.boards
}

#[test]
fn every_file_reads_with_no_problem_and_no_lost_board() {
    for c in corpus() {
        let boards = read(&c);
        assert_eq!(boards.len(), c.boards, "{}", c.name);
        for (i, b) in boards.iter().enumerate() {
            assert!(
                b.deal().is_some(),
                "{} game {}: no full deal",
                c.name,
                i + 1
            );
        }
    }
}

#[test]
fn pbn_round_trip_is_exact_for_every_file() {
    for c in corpus() {
        let boards = read(&c);
        let text = write_pbn(&boards, &PbnOptions::default());
        let again = read_pbn(text.as_bytes());
        assert!(
            again.problems.is_empty(),
            "{}: {:?}",
            c.name,
            again.problems
        );
        assert_eq!(
            again.boards, boards,
            "{}: PBN → model → PBN → model",
            c.name
        );
        assert_eq!(
            write_pbn(&again.boards, &PbnOptions::default()),
            text,
            "{}: PBN text not stable",
            c.name
        );
    }
}

/// LIN holds deals, dealer, vulnerability, board numbers, auction and play; the round trip
/// is exact on those fields for every file, and LIN text is stable.
#[test]
fn lin_round_trip_is_exact_for_every_file() {
    for c in corpus() {
        let boards = read(&c);
        let text = write_lin(&boards, &LinOptions::default());
        let again = read_lin(text.as_bytes());
        assert!(
            again.problems.is_empty(),
            "{}: {:?}",
            c.name,
            again.problems
        );
        assert_eq!(again.boards.len(), boards.len(), "{}", c.name);
        for (a, b) in again.boards.iter().zip(&boards) {
            assert_eq!(a.deal(), b.deal(), "{}", c.name);
            assert_eq!(a.number, b.number, "{}", c.name);
            // LIN's `md` always names a dealer: a known one is kept, an unknown one (Debian
            // deal writes none) comes back as some seat.
            match b.dealer {
                Some(_) => assert_eq!(a.dealer, b.dealer, "{}", c.name),
                None => assert!(a.dealer.is_some(), "{}", c.name),
            }
            assert_eq!(a.vulnerability, b.vulnerability, "{}", c.name);
            assert_eq!(a.auction, b.auction, "{}", c.name);
            assert_eq!(a.play, b.play, "{}", c.name);
        }
        assert_eq!(
            write_lin(&again.boards, &LinOptions::default()),
            text,
            "{}: LIN text not stable",
            c.name
        );
    }
}

#[test]
fn the_same_set_as_pbn_and_lin_reads_the_same() {
    for (pbn, lin) in [
        ("fairdeal-deal.pbn", "fairdeal-deal.lin"),
        ("endplay.pbn", "endplay.lin"),
    ] {
        let all = corpus();
        let find = |n: &str| read(all.iter().find(|c| c.name == n).expect("in corpus"));
        let (p, l) = (find(pbn), find(lin));
        for (a, b) in p.iter().zip(&l) {
            assert_eq!(a.deal(), b.deal(), "{pbn} vs {lin}");
            assert_eq!(a.number, b.number, "{pbn} vs {lin}");
            assert_eq!(a.vulnerability, b.vulnerability, "{pbn} vs {lin}");
            assert_eq!(a.dealer, b.dealer, "{pbn} vs {lin}");
            assert_eq!(a.auction, b.auction, "{pbn} vs {lin}");
        }
    }
}

/// Our LIN writer's layout is Big Deal's: its file comes back byte for byte. (The other
/// writers' layouts differ — tag order, `?` tags, line breaks — so for them the round trips
/// above are exact on the model and stable on our text, not byte for byte.)
#[test]
fn big_deal_layout_lin_is_reproduced_byte_for_byte() {
    let all = corpus();
    let c = all
        .iter()
        .find(|c| c.name == "fairdeal-deal.lin")
        .expect("in corpus");
    let text = write_lin(&read(c), &LinOptions { omit_east: true });
    assert_eq!(text.as_bytes(), c.bytes);
}

/// Debian dealer's statistics block after its PBN is skipped, not reported; other stray
/// text is one problem per line.
#[test]
fn dealer_statistics_are_skipped_and_stray_text_is_one_problem_per_line() {
    let all = corpus();
    let c = all
        .iter()
        .find(|c| c.name == "dealer-printpbn.pbn")
        .expect("in corpus");
    assert!(std::str::from_utf8(c.bytes)
        .unwrap()
        .contains("\nGenerated 8 hands\n"));
    let out = read_pbn(b"[Board \"1\"]\n\nsome stray words here\nGenerated 8 hands\n");
    assert_eq!(out.problems.len(), 1);
    assert_eq!(out.problems[0].line, 3);
    assert!(out.problems[0]
        .message
        .contains("\"some stray words here\""));
}
