//! `formats::write_all`, the one entry point for writing a set: several formats from one pass
//! over the deals give each format's reference bytes (Big Deal's set1 files), a deal that
//! fails stops the run with its error, and a stream that ends early is refused.

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::entropy::Seed;
use fairdeal_dealing::formats::{
    select_formats, write_all, write_set, BoardRange, FormatError, WriteOptions,
};
use fairdeal_model::Deal;
use std::io::Write;

const SEED_HEX: &str = "0123456789ABCDEF0123456789ABCDEF01234567";
const OWNER: &str = "Big Deal reference test";

fn generator() -> BigDealGenerator {
    BigDealGenerator::new(Seed::from_hex(SEED_HEX).expect("seed").to_bytes(), OWNER)
}

#[test]
fn several_formats_in_one_pass_match_the_reference_files() {
    let formats = select_formats("pbn,dup,dlm,stats").expect("formats");
    let mut bufs: Vec<Vec<u8>> = vec![Vec::new(); formats.len()];
    let mut drawn = 0;
    {
        let mut outputs: Vec<_> = formats
            .iter()
            .zip(bufs.iter_mut())
            .map(|(f, b)| (*f, b as &mut dyn Write))
            .collect();
        let deals = generator()
            .inspect(|_| drawn += 1)
            .map(Ok::<Deal, FormatError>);
        let range = BoardRange::new(1, 4).expect("range");
        write_all(&mut outputs, range, deals, &WriteOptions::default()).expect("write");
    }
    assert_eq!(drawn, 4, "exactly the range's deals are drawn");
    let expected: [&[u8]; 4] = [
        include_bytes!("data/set1/ref.pbn"),
        include_bytes!("data/set1/ref.dup"),
        include_bytes!("data/set1/ref.dlm"),
        include_bytes!("data/set1/ref.txt"),
    ];
    for ((f, got), want) in formats.iter().zip(&bufs).zip(expected) {
        assert!(
            got.as_slice() == want,
            "{} differs from Big Deal's file",
            f.name
        );
    }
    // write_set (numbered boards, one format) is the same bytes.
    let boards: Vec<(u32, Deal)> = (1..=4).zip(generator()).collect();
    assert_eq!(
        write_set(formats[0], &boards, &WriteOptions::default()).expect("set"),
        bufs[0]
    );
}

#[test]
fn a_failing_deal_or_a_short_stream_stops_the_run() {
    let pbn = select_formats("pbn").expect("pbn")[0];
    let range = BoardRange::new(1, 3).expect("range");
    let mut buf = Vec::new();
    let deals = generator().take(3).enumerate().map(|(i, d)| {
        if i == 1 {
            Err("the dealer failed on board 2".to_string())
        } else {
            Ok(d)
        }
    });
    #[derive(Debug)]
    struct Failure(String);
    impl From<FormatError> for Failure {
        fn from(e: FormatError) -> Failure {
            Failure(e.to_string())
        }
    }
    let e = write_all(
        &mut [(pbn, &mut buf as &mut dyn Write)],
        range,
        deals.map(|r| r.map_err(Failure)),
        &WriteOptions::default(),
    )
    .expect_err("deal 2 fails");
    assert_eq!(e.0, "the dealer failed on board 2");

    let mut buf = Vec::new();
    let e = write_all(
        &mut [(pbn, &mut buf as &mut dyn Write)],
        range,
        generator().take(2).map(Ok::<Deal, FormatError>),
        &WriteOptions::default(),
    )
    .expect_err("two deals for three boards");
    assert!(
        matches!(
            e,
            FormatError::Incomplete {
                written: 2,
                expected: 3
            }
        ),
        "{e}"
    );
    // A gap in write_set's numbers is refused too.
    let mut boards: Vec<(u32, Deal)> = (1..=3).zip(generator()).collect();
    boards[2].0 = 4;
    assert!(matches!(
        write_set(pbn, &boards, &WriteOptions::default()),
        Err(FormatError::OutOfSequence {
            expected: 3,
            got: 4
        })
    ));
}
