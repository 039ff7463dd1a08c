//! `BoardRange::check_formats`: the one "does this set fit these formats" rule the Tournament
//! page's field and `fairdeal deal`/`bigdeal` both apply before dealing.

use fairdeal_dealing::formats::{select_formats, BoardRange, FormatError, FORMATS};

#[test]
fn a_range_past_a_formats_highest_board_is_refused_naming_it() {
    let limited: Vec<_> = FORMATS.iter().filter(|f| f.max_board.is_some()).collect();
    assert!(
        !limited.is_empty(),
        "some Big Deal format numbers boards in a byte"
    );
    for f in limited {
        let max = f.max_board.unwrap();
        assert!(BoardRange::new(1, max).unwrap().check_formats(&[f]).is_ok());
        match BoardRange::new(max, max + 1).unwrap().check_formats(&[f]) {
            Err(FormatError::BoardTooHigh {
                format,
                max: m,
                high,
            }) => {
                assert_eq!((format, m, high), (f.name, max, max + 1));
            }
            other => panic!("{}: {other:?}", f.name),
        }
    }
    // Formats without a limit take any range.
    let pbn = select_formats("pbn").unwrap();
    assert!(BoardRange::new(1, 4_000_000_000)
        .unwrap()
        .check_formats(&pbn)
        .is_ok());
}
