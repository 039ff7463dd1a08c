//! Every format byte for byte against Big Deal's reference files (set1: boards 1-4, set2:
//! boards 11-14), in LF and CRLF, plus the format table's own invariants.

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::entropy::Seed;
use fairdeal_dealing::formats::{
    find_format, select_formats, write_set, BoardRange, FormatError, FormatKind, LineEnding,
    WriteOptions, FORMATS,
};
use fairdeal_model::Deal;
use std::collections::HashSet;

const SEED_HEX: &str = "0123456789ABCDEF0123456789ABCDEF01234567";
const OWNER: &str = "Big Deal reference test";

fn boards(low: u32, high: u32) -> Vec<(u32, Deal)> {
    let seed = Seed::from_hex(SEED_HEX).expect("seed").to_bytes();
    (low..=high)
        .zip(BigDealGenerator::new(seed, OWNER))
        .collect()
}

const SET1: &[(&str, &[u8])] = &[
    ("pbn", include_bytes!("data/set1/ref.pbn")),
    ("dup", include_bytes!("data/set1/ref.dup")),
    ("dupblind", include_bytes!("data/set1/refblind.dup")),
    ("dlm", include_bytes!("data/set1/ref.dlm")),
    ("dlmblind", include_bytes!("data/set1/refblind.dlm")),
    ("bri", include_bytes!("data/set1/ref.bri")),
    ("dge", include_bytes!("data/set1/ref.dge")),
    ("lin", include_bytes!("data/set1/ref.lin")),
    ("csv", include_bytes!("data/set1/ref.csv")),
    ("ber", include_bytes!("data/set1/ref.ber")),
    ("borel", include_bytes!("data/set1/ref.bhg")),
    ("kops", include_bytes!("data/set1/ref.rzd")),
    ("cds", include_bytes!("data/set1/ref.cds")),
    ("goedel", include_bytes!("data/set1/ref.goe")),
    ("stats", include_bytes!("data/set1/ref.txt")),
];

const SET2: &[(&str, &[u8])] = &[
    ("pbn", include_bytes!("data/set2/range.pbn")),
    ("dup", include_bytes!("data/set2/range.dup")),
    ("dlm", include_bytes!("data/set2/range.dlm")),
    ("csv", include_bytes!("data/set2/range.csv")),
    ("cds", include_bytes!("data/set2/range.cds")),
    ("kops", include_bytes!("data/set2/range.rzd")),
    ("borel", include_bytes!("data/set2/range.bhg")),
    ("lin", include_bytes!("data/set2/range.lin")),
    ("ber", include_bytes!("data/set2/range.ber")),
    ("goedel", include_bytes!("data/set2/range.goe")),
];

fn first_difference(a: &[u8], b: &[u8]) -> String {
    let i = a
        .iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()));
    let lo = i.saturating_sub(20);
    format!(
        "lengths {} vs {}; first difference at byte {i}: ours {:?} / reference {:?}",
        a.len(),
        b.len(),
        String::from_utf8_lossy(&a[lo..(i + 20).min(a.len())]),
        String::from_utf8_lossy(&b[lo..(i + 20).min(b.len())]),
    )
}

fn to_crlf(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len() + 64);
    for &c in b {
        if c == b'\n' {
            out.push(b'\r');
        }
        out.push(c);
    }
    out
}

fn check_set(set: &[(&str, &[u8])], low: u32, high: u32) {
    let deals = boards(low, high);
    for (name, expected) in set {
        let f = find_format(name).expect("format in table");
        let lf = write_set(f, &deals, &WriteOptions::default()).expect("writes");
        assert!(
            lf == *expected,
            "{name} (LF), boards {low}-{high}: {}",
            first_difference(&lf, expected)
        );
        let crlf_opts = WriteOptions {
            line_ending: LineEnding::CrLf,
            ..WriteOptions::default()
        };
        let crlf = write_set(f, &deals, &crlf_opts).expect("writes");
        let want = match f.kind {
            FormatKind::Text => to_crlf(expected),
            FormatKind::Binary => expected.to_vec(),
        };
        assert!(
            crlf == want,
            "{name} (CRLF): {}",
            first_difference(&crlf, &want)
        );
    }
}

#[test]
fn set1_every_format_byte_exact() {
    check_set(SET1, 1, 4);
    // Every format of the table is covered by set1.
    let covered: HashSet<&str> = SET1.iter().map(|(n, _)| *n).collect();
    for f in FORMATS {
        assert!(covered.contains(f.name), "{} has no fixture", f.name);
    }
}

#[test]
fn set2_board_range_byte_exact() {
    check_set(SET2, 11, 14);
}

#[test]
fn text_formats_contain_no_cr_in_lf_mode_and_crlf_only_pairs() {
    let deals = boards(1, 4);
    let o = WriteOptions {
        line_ending: LineEnding::CrLf,
        ..WriteOptions::default()
    };
    for f in FORMATS.iter().filter(|f| f.kind == FormatKind::Text) {
        let bytes = write_set(f, &deals, &o).expect("writes");
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'\n' {
                assert_eq!(bytes[i - 1], b'\r', "{}: bare LF at {i}", f.name);
            }
        }
    }
}

#[test]
fn table_invariants() {
    let mut names = HashSet::new();
    let mut bd_names = HashSet::new();
    for f in FORMATS {
        assert!(names.insert(f.name), "duplicate name {}", f.name);
        assert!(
            bd_names.insert(f.bigdeal_name),
            "duplicate Big Deal name {}",
            f.bigdeal_name
        );
        assert!(
            f.suffix.starts_with('.') && f.suffix.len() == 4,
            "{}",
            f.suffix
        );
        assert!(f.name.chars().all(|c| c.is_ascii_lowercase()), "{}", f.name);
        assert!(!f.help.is_empty());
        assert_eq!(find_format(f.name).expect("found").name, f.name);
        assert_eq!(
            find_format(&f.bigdeal_name.to_uppercase())
                .expect("found")
                .name,
            f.name
        );
    }
    // Suffixes are unique except for the blind variants, which share with their parent.
    let mut suffixes = HashSet::new();
    for f in FORMATS.iter().filter(|f| !f.name.ends_with("blind")) {
        assert!(suffixes.insert(f.suffix), "duplicate suffix {}", f.suffix);
    }
    assert_eq!(FORMATS.len(), 15);
}

#[test]
fn selecting_formats() {
    let all: Vec<&str> = FORMATS
        .iter()
        .filter(|f| !f.name.ends_with("blind"))
        .map(|f| f.name)
        .collect();
    // No ten-format limit.
    assert_eq!(select_formats(&all.join(",")).expect("ok").len(), 13);
    assert!(matches!(
        select_formats("pbn,dup,dupblind"),
        Err(FormatError::SuffixClash {
            first: "dup",
            second: "dupblind",
            suffix: ".dup"
        })
    ));
    assert!(matches!(
        select_formats("pbn,pbn"),
        Err(FormatError::DuplicateFormat { .. })
    ));
    let e = select_formats("pbn,xyz").unwrap_err();
    assert!(matches!(&e, FormatError::UnknownFormat { name } if name == "xyz"));
    assert!(e.to_string().contains("pbn, "), "{e}");
}

#[test]
fn board_limits_are_errors_not_silent_skips() {
    let mut out = Vec::new();
    let dup = find_format("dup").expect("dup");
    let r = BoardRange::new(91, 110).expect("range");
    assert!(matches!(
        dup.writer(&mut out, &WriteOptions::default(), r),
        Err(FormatError::BoardTooHigh {
            format: "dup",
            max: 99,
            high: 110
        })
    ));
    let cds = find_format("cds").expect("cds");
    assert!(matches!(
        cds.writer(
            &mut out,
            &WriteOptions::default(),
            BoardRange::new(250, 256).expect("range")
        ),
        Err(FormatError::BoardTooHigh { max: 255, .. })
    ));
    let kops = find_format("kops").expect("kops");
    assert!(matches!(
        kops.writer(
            &mut out,
            &WriteOptions::default(),
            BoardRange::new(1, 70_000).expect("range")
        ),
        Err(FormatError::TooManyBoards {
            max: 65_535,
            count: 70_000,
            ..
        })
    ));
    assert!(matches!(
        BoardRange::new(0, 3),
        Err(FormatError::BadRange { .. })
    ));
    assert!(matches!(
        BoardRange::new(5, 4),
        Err(FormatError::BadRange { .. })
    ));
    // pbn has no limit.
    let pbn = find_format("pbn").expect("pbn");
    assert!(pbn.writer(&mut out, &WriteOptions::default(), r).is_ok());
}

#[test]
fn writers_enforce_board_sequence() {
    let deals = boards(1, 4);
    let f = find_format("pbn").expect("pbn");
    let mut out = Vec::new();
    let mut w = f
        .writer(
            &mut out,
            &WriteOptions::default(),
            BoardRange::new(1, 4).expect("r"),
        )
        .expect("w");
    assert!(matches!(
        w.write_board(2, &deals[1].1),
        Err(FormatError::OutOfSequence {
            expected: 1,
            got: 2
        })
    ));
    assert!(matches!(
        w.write_board(5, &deals[1].1),
        Err(FormatError::OutsideRange { board: 5, .. })
    ));
    w.write_board(1, &deals[0].1).expect("board 1");
    assert!(matches!(
        w.finish(),
        Err(FormatError::Incomplete {
            written: 1,
            expected: 4
        })
    ));
    for (b, d) in &deals[1..] {
        w.write_board(*b, d).expect("board");
    }
    w.finish().expect("finish");
    assert!(matches!(w.finish(), Err(FormatError::Finished)));
    assert!(matches!(
        write_set(f, &[], &WriteOptions::default()),
        Err(FormatError::NoBoards)
    ));
    let gap = [deals[0], (3, deals[1].1)];
    assert!(matches!(
        write_set(f, &gap, &WriteOptions::default()),
        Err(FormatError::OutOfSequence { .. })
    ));
}

#[test]
fn pbn_event_option() {
    let deals = boards(1, 1);
    let o = WriteOptions {
        event: Some("Club \"pairs\"".into()),
        ..WriteOptions::default()
    };
    let text =
        String::from_utf8(write_set(find_format("pbn").expect("pbn"), &deals, &o).expect("w"))
            .expect("utf8");
    assert!(text.contains("[Event \"Club \\\"pairs\\\"\"]\n"), "{text}");
}

#[test]
fn dupblind_blanks_board_one_only() {
    // Quirk: only the record numbered 1 is blanked; boards 11-14 show every hand.
    let deals = boards(1, 4);
    let blind = write_set(
        find_format("dupblind").expect("f"),
        &deals,
        &WriteOptions::default(),
    )
    .expect("w");
    let plain = write_set(
        find_format("dup").expect("f"),
        &deals,
        &WriteOptions::default(),
    )
    .expect("w");
    assert_eq!(&blind[78..146], &[b' '; 68][..]);
    assert_eq!(&blind[156..], &plain[156..]);
    let range = boards(11, 14);
    let blind = write_set(
        find_format("dupblind").expect("f"),
        &range,
        &WriteOptions::default(),
    )
    .expect("w");
    assert_eq!(blind, include_bytes!("data/set2/range.dup"));
}

/// Seeded round trips over 300 deals from 30 random seeds: BER, DLM, KOPS and GOE decode back
/// to the deal that was written, and seeds survive hex.
#[test]
fn seeded_decode_round_trips() {
    use rand_chacha::ChaCha20Rng;
    use rand_core::{RngCore, SeedableRng};
    let mut rng = ChaCha20Rng::seed_from_u64(31);
    for _ in 0..30 {
        let mut seed = [0u8; 20];
        rng.fill_bytes(&mut seed);
        let s = Seed::from_bytes(seed);
        assert_eq!(Seed::from_hex(&s.reveal_hex()).expect("hex"), s);
        let deals: Vec<(u32, Deal)> = (1..=10)
            .zip(BigDealGenerator::new(seed, "round trip"))
            .collect();
        let opts = WriteOptions::default();
        let ber = write_set(find_format("ber").expect("f"), &deals, &opts).expect("w");
        let kops = write_set(find_format("kops").expect("f"), &deals, &opts).expect("w");
        let goe = write_set(find_format("goedel").expect("f"), &deals, &opts).expect("w");
        let dlm =
            String::from_utf8(write_set(find_format("dlm").expect("f"), &deals, &opts).expect("w"))
                .expect("utf8");
        let goe = String::from_utf8(goe).expect("utf8");
        let dlm_boards: Vec<&str> = dlm.lines().filter(|l| l.starts_with("Board ")).collect();
        assert_eq!(dlm_boards.len(), 99);
        for (i, (board, deal)) in deals.iter().enumerate() {
            let owners: Vec<u8> = deal.owners().iter().map(|s| s.index() as u8).collect();
            let from_ber: Vec<u8> = ber[52 * i..52 * i + 52].iter().map(|b| b - b'1').collect();
            assert_eq!(from_ber, owners, "ber board {board}");
            let rec = &kops[13 + 13 * i..26 + 13 * i];
            for (r, byte) in rec.iter().enumerate() {
                for suit in 0..4 {
                    assert_eq!(
                        (byte >> (2 * (3 - suit))) & 3,
                        owners[13 * suit + r],
                        "kops board {board}"
                    );
                }
            }
            let line = dlm_boards[i].split_once('=').expect("=").1;
            for (k, c) in line.bytes().take(26).enumerate() {
                assert_eq!((c - b'a') >> 2, owners[2 * k], "dlm board {board}");
                assert_eq!((c - b'a') & 3, owners[2 * k + 1], "dlm board {board}");
            }
            let n: u128 = goe
                .lines()
                .nth(i)
                .expect("line")
                .replace([',', ' '], "")
                .parse()
                .expect("number");
            assert_eq!(
                fairdeal_model::kuipers::deal_from_number(n).expect("deal"),
                *deal,
                "goe board {board}"
            );
        }
    }
}

/// The last board number a u32 holds: LIN's dealer digit (1 South, 2 West, 3 North,
/// 4 East) is computed without overflow (`(board + 1) % 4` panicked in debug builds) and
/// follows the 4-board rotation: board 3 and board 4294967295 are both dealt by South.
#[test]
fn lin_dealer_digit_at_the_largest_board_number() {
    let deal = boards(1, 1)[0].1;
    let lin = find_format("lin").unwrap();
    let at = |board: u32| {
        let bytes = write_set(lin, &[(board, deal)], &WriteOptions::default()).unwrap();
        let text = String::from_utf8(bytes).unwrap();
        let i = text.find("|md|").unwrap();
        text[i + 4..i + 5].to_string()
    };
    assert_eq!(at(3), "1");
    assert_eq!(at(u32::MAX), at(3), "board 4294967295 rotates like board 3");
    assert_eq!(at(u32::MAX - 1), at(2));
}
