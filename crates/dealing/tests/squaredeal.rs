//! SquareDeal: create → commit → deal → verify, tamper detection, and the Big Deal drive.

use fairdeal_dealing::bigdeal::BigDealGenerator;
use fairdeal_dealing::entropy::SeedBuilder;
use fairdeal_dealing::formats::BoardRange;
use fairdeal_dealing::squaredeal::{
    canonical_delayed_value, key_hash, session_boards, session_seed, sharp_fill, Commitment,
    KeyFile, Phase, Phases, SessionKey, SessionRequest, SquareDealError, Tournament, KEY_ALPHABET,
    KEY_LEN,
};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;
use sha2::{Digest, Sha256};

fn phases() -> Vec<Phase> {
    vec![
        Phase {
            sessions: 3,
            boards: "1-7,8-14,15-21".into(),
            file_prefix: "rr##".into(),
            description: "Round robin #/3".into(),
        },
        Phase {
            sessions: 2,
            boards: "16".into(),
            file_prefix: "final#".into(),
            description: "Final segment #".into(),
        },
        Phase {
            sessions: 1,
            boards: "?".into(),
            file_prefix: "playoff".into(),
            description: "Play-off".into(),
        },
    ]
}

fn create() -> (Tournament, KeyFile) {
    let mut rng = ChaCha20Rng::seed_from_u64(2024);
    Tournament::create("Test Open", "DJIA close on 13 April", phases(), &mut rng).expect("create")
}

#[test]
fn keys_file_and_commitment() {
    let (t, keys) = create();
    assert_eq!(keys.len(), 6);
    let sqk = keys.to_bytes();
    let text = String::from_utf8(sqk.clone()).expect("ascii");
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert_eq!(lines.len(), 6);
    assert!(!text.replace("\r\n", "").contains('\n'));
    assert!(
        lines[0].starts_with("1,1:")
            && lines[3].starts_with("2,1:")
            && lines[5].starts_with("3,1:")
    );
    for l in &lines {
        let key = l.split_once(':').expect("colon").1;
        assert_eq!(key.len(), KEY_LEN);
        assert!(key.bytes().all(|b| KEY_ALPHABET.contains(&b)));
    }
    // KH = SHA-256 of the exact .sqk bytes.
    let kh: String = Sha256::digest(&sqk)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(t.key_hash.as_deref(), Some(kh.as_str()));
    assert_eq!(key_hash(&sqk), kh);
    // An LF copy of the key file still verifies (SquareDeal re-terminates lines with CRLF).
    assert_eq!(key_hash(text.replace("\r\n", "\n").as_bytes()), kh);
    assert_eq!(KeyFile::parse(&sqk).expect("parse"), keys);
}

#[test]
fn sqd_layout_and_round_trip() {
    let (mut t, _) = create();
    let sqd = t.to_sqd();
    let kh = t.key_hash.clone().expect("published");
    assert_eq!(
        sqd,
        format!(
            "# Description file of tournament for program SquareDeal 2.7\n#\n\
             TN Test Open\nDI DJIA close on 13 April\n\
             # Description of phases of tournament\n\
             # Per phase a line with SN nessions:nboards:filename:description\n\
             SN 3:1-7,8-14,15-21:rr##:Round robin #/3\nSN 2:16:final#:Final segment #\n\
             SN 1:?:playoff:Play-off\nKH {kh}\n"
        )
    );
    assert_eq!(Tournament::parse_sqd(&sqd).expect("parse"), t);
    t.delayed_value = Some("25123.45".into());
    let with_dv = t.to_sqd();
    assert!(with_dv.contains("\nDV 25123.45\n"));
    assert_eq!(
        Tournament::parse_sqd(&with_dv.replace('\n', "\r\n")).expect("crlf"),
        t
    );
    let e = Tournament::parse_sqd("TN x\nSN 3:16\n").unwrap_err();
    assert!(
        matches!(e, SquareDealError::SqdSyntax { line: 2, .. }),
        "{e}"
    );
    let e = Tournament::parse_sqd("TN x\nZZ what\n").unwrap_err();
    assert!(
        matches!(e, SquareDealError::SqdSyntax { line: 2, .. }),
        "{e}"
    );
}

#[test]
fn deal_session_is_bigdeal_wizard_mode() {
    let (t, keys) = create();
    let dv = "25123.45";
    let req = SessionRequest::new(1, 2);
    let s = t.deal_session(&keys, dv, &req).expect("deal");
    assert_eq!(s.file_prefix, "rr02");
    assert_eq!(s.description, "Round robin 2/3");
    assert_eq!(s.range, BoardRange::new(8, 14).expect("r"));
    assert_eq!(
        s.boards.iter().map(|b| b.0).collect::<Vec<_>>(),
        (8..=14).collect::<Vec<_>>()
    );
    // Independently: -W key[0..30], -e key[30..60] + base64(DV) + "original".
    let key = keys.key(1, 2).expect("key").reveal().to_string();
    let mut pool = SeedBuilder::new();
    pool.add_string(&key[30..])
        .add_string("MjUxMjMuNDU=")
        .add_string("original");
    let seed = pool.finish();
    assert_eq!(session_seed(keys.key(1, 2).expect("key"), dv, &req), seed);
    let expect: Vec<_> = BigDealGenerator::from_seed(&seed, &key[..30])
        .take(7)
        .collect();
    assert_eq!(s.boards.iter().map(|b| b.1).collect::<Vec<_>>(), expect);

    // Reserve sets, session tags and other DVs give other deals.
    let reserve = t
        .deal_session(
            &keys,
            dv,
            &SessionRequest {
                reserve: true,
                ..req
            },
        )
        .expect("reserve");
    assert_eq!(reserve.file_prefix, "rr02reserve");
    assert_ne!(reserve.boards, s.boards);
    let tagged = t
        .deal_session(
            &keys,
            dv,
            &SessionRequest {
                tag_session: true,
                ..req
            },
        )
        .expect("tag");
    assert_ne!(tagged.boards, s.boards);
    let mut pool = SeedBuilder::new();
    pool.add_string(&key[30..])
        .add_string("MjUxMjMuNDU=")
        .add_string("original")
        .add_string("ses2");
    assert_eq!(
        session_seed(
            keys.key(1, 2).expect("key"),
            dv,
            &SessionRequest {
                tag_session: true,
                ..req
            }
        ),
        pool.finish()
    );
    let other = t.deal_session(&keys, "25123.46", &req).expect("other dv");
    assert_ne!(other.boards, s.boards);

    // Board list cycles; `?` needs a range.
    assert_eq!(
        t.deal_session(&keys, dv, &SessionRequest::new(2, 2))
            .expect("final")
            .range,
        BoardRange::new(1, 16).expect("r")
    );
    assert!(matches!(
        t.deal_session(&keys, dv, &SessionRequest::new(3, 1)),
        Err(SquareDealError::BoardsNeeded { phase: 3 })
    ));
    let po = SessionRequest {
        boards: Some(BoardRange::new(1, 4).expect("r")),
        ..SessionRequest::new(3, 1)
    };
    assert_eq!(
        t.deal_session(&keys, dv, &po)
            .expect("playoff")
            .boards
            .len(),
        4
    );
    assert!(matches!(
        t.deal_session(&keys, dv, &SessionRequest::new(2, 3)),
        Err(SquareDealError::NoSuchSession { sessions: 2, .. })
    ));
    assert!(matches!(
        t.deal_session(&keys, dv, &SessionRequest::new(4, 1)),
        Err(SquareDealError::NoSuchSession { .. })
    ));
}

#[test]
fn verify_round_trip_and_tampering() {
    let (t, keys) = create();
    let sqd = t.to_sqd();
    let sqk = keys.to_bytes();
    let published = Tournament::parse_sqd(&sqd).expect("parse");
    let verified = published.verify_keys(&sqk).expect("verifies");
    let dv = "25123.45";
    assert_eq!(
        published
            .deal_session(&verified, dv, &SessionRequest::new(2, 1))
            .expect("deal"),
        t.deal_session(&keys, dv, &SessionRequest::new(2, 1))
            .expect("deal")
    );
    // One changed key character breaks the commitment.
    let mut bad = sqk.clone();
    let pos = bad.iter().position(|&b| b == b':').expect("colon") + 5;
    bad[pos] = if bad[pos] == b'a' { b'b' } else { b'a' };
    assert!(matches!(
        published.verify_keys(&bad),
        Err(SquareDealError::HashMismatch { .. })
    ));
    // A changed KH too.
    let forged = Tournament::parse_sqd(&sqd.replace("KH ", "KH 0")).expect("parse");
    assert!(matches!(
        forged.verify_keys(&sqk),
        Err(SquareDealError::HashMismatch { .. })
    ));
    // A key file missing a session, even with a matching hash.
    let text = String::from_utf8(sqk.clone()).expect("ascii");
    let short: String = text.split_inclusive("\r\n").take(5).collect();
    let mut t2 = published.clone();
    t2.key_hash = Some(key_hash(short.as_bytes()));
    assert!(matches!(
        t2.verify_keys(short.as_bytes()),
        Err(SquareDealError::MissingKey {
            phase: 3,
            session: 1
        })
    ));
    let mut unpublished = published;
    unpublished.key_hash = None;
    assert!(matches!(
        unpublished.verify_keys(&sqk),
        Err(SquareDealError::NotPublished)
    ));
    assert!(matches!(
        KeyFile::parse(b"1,1 nokey\r\n"),
        Err(SquareDealError::SqkSyntax { line: 1, .. })
    ));
}

#[test]
fn create_validates() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    assert!(matches!(
        Tournament::create("", "DI", phases(), &mut rng),
        Err(SquareDealError::BadField { .. })
    ));
    assert!(matches!(
        Tournament::create("T", "DI", vec![], &mut rng),
        Err(SquareDealError::NoPhases)
    ));
    let mut p = phases();
    p[0].description = "a:b".into();
    assert!(matches!(
        Tournament::create("T", "DI", p, &mut rng),
        Err(SquareDealError::BadField { .. })
    ));
    let mut p = phases();
    p[0].boards = "1-x".into();
    assert!(matches!(
        Tournament::create("T", "DI", p, &mut rng),
        Err(SquareDealError::BadBoards { .. })
    ));
}

#[test]
fn helpers() {
    assert_eq!(sharp_fill("rr##", 3), "rr03");
    assert_eq!(sharp_fill("s#x", 12), "s12x");
    assert_eq!(sharp_fill("final", 2), "final");
    assert_eq!(
        session_boards("16", 5).expect("ok"),
        Some(BoardRange::new(1, 16).expect("r"))
    );
    assert_eq!(
        session_boards("1-7,8-14", 3).expect("ok"),
        Some(BoardRange::new(1, 7).expect("r"))
    );
    assert_eq!(session_boards("?", 1).expect("ok"), None);
    assert!(session_boards("7-1", 1).is_err());
    assert_eq!(
        canonical_delayed_value("  25,123.45   points\t x "),
        "2512345 points x"
    );
    assert_eq!(canonical_delayed_value("a. b,c 1.x"), "a. b,c 1.x");
    let k = SessionKey::new("abcdef");
    assert_eq!(k.halves(), ("abc", "def"));
    assert_eq!(format!("{k:?}"), "SessionKey(<redacted>)");
}

/// Keys are uniform over the 62 characters: chi-square with 61 degrees of freedom over
/// 1000 seeded keys (60 000 characters), alpha = 0.001 (critical value 100.89).
#[test]
fn key_characters_are_uniform() {
    let mut rng = ChaCha20Rng::seed_from_u64(99);
    let mut counts = [0u32; 62];
    for _ in 0..1000 {
        for b in SessionKey::generate(&mut rng).reveal().bytes() {
            let i = KEY_ALPHABET.iter().position(|&c| c == b).expect("alphabet");
            counts[i] += 1;
        }
    }
    let expected = 60_000.0 / 62.0;
    let chi2: f64 = counts
        .iter()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(
        chi2 < 100.89,
        "chi-square {chi2:.2} >= 100.89 (df 61, alpha 0.001)"
    );
}

#[test]
fn commitment_two_covers_every_choice() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let (t, keys) = Tournament::create_committed(
        "Test Open",
        "DJIA close on 13 April",
        phases(),
        vec![3],
        &mut rng,
    )
    .expect("create");
    let sqk = keys.to_bytes();
    let sqd = t.to_sqd();
    assert!(sqd.contains("\nCV 2\nST 3\n"), "{sqd}");
    let published = Tournament::parse_sqd(&sqd).expect("parse");
    assert_eq!(published, t);
    published.verify_keys(&sqk).expect("verifies");
    // The keys alone no longer match KH: a downgrade to keys-only fails.
    assert_ne!(t.key_hash.as_deref(), Some(key_hash(&sqk).as_str()));
    let edits: [fn(&mut Tournament); 9] = [
        |t| t.name.push('!'),
        |t| t.delayed_info.push('!'),
        |t| t.tagged_phases = vec![],
        |t| t.tagged_phases = vec![1, 3],
        |t| t.phases[0].boards = "2-8,9-15,16-22".into(),
        |t| t.phases[1].sessions = 3,
        |t| t.phases[2].file_prefix = "other".into(),
        |t| t.phases[2].description = "Final".into(),
        |t| t.commitment = Commitment::KeysOnly,
    ];
    for (i, edit) in edits.iter().enumerate() {
        let mut changed = published.clone();
        edit(&mut changed);
        assert!(
            matches!(
                changed.verify_keys(&sqk),
                Err(SquareDealError::HashMismatch { .. })
            ),
            "edit {i} still verifies"
        );
    }
    // Post-DV choices: the tag is fixed, DV is canonical, boards of `?` are a count.
    let dv = " 25,123.45 ";
    let tagged = SessionRequest {
        tag_session: true,
        boards: Some(BoardRange::new(1, 5).expect("r")),
        ..SessionRequest::new(3, 1)
    };
    let a = t.deal_session(&keys, dv, &tagged).expect("deal");
    let b = t.deal_session(&keys, "2512345", &tagged).expect("deal");
    assert_eq!(a, b);
    assert!(matches!(
        t.deal_session(
            &keys,
            dv,
            &SessionRequest {
                tag_session: false,
                ..tagged
            }
        ),
        Err(SquareDealError::Committed { .. })
    ));
    let shifted = SessionRequest {
        boards: Some(BoardRange::new(2, 6).expect("r")),
        ..tagged
    };
    assert!(matches!(
        t.deal_session(&keys, dv, &shifted),
        Err(SquareDealError::Committed { .. })
    ));
    let longer = SessionRequest {
        boards: Some(BoardRange::new(1, 9).expect("r")),
        ..tagged
    };
    let c = t.deal_session(&keys, dv, &longer).expect("deal");
    assert_eq!(c.boards[..5], a.boards[..]);
    let overridden = SessionRequest {
        boards: Some(BoardRange::new(1, 7).expect("r")),
        ..SessionRequest::new(1, 1)
    };
    assert!(matches!(
        t.deal_session(&keys, dv, &overridden),
        Err(SquareDealError::Committed { .. })
    ));
}

#[test]
fn sqd_reading_checks_prefixes_and_sizes() {
    for (sn, needle) in [
        ("1:16:../../tmp/x:y", "file prefix"),
        ("1:16:a/b:y", "file prefix"),
        ("1:16:..:y", "file prefix"),
        ("1:1-1000000000:p:y", "at most"),
        ("1000000000:16:p:y", "at most"),
        ("0:16:p:y", "at least one session"),
    ] {
        let e = Tournament::parse_sqd(&format!("TN t\nDI d\nSN {sn}\nKH 00\n")).unwrap_err();
        assert!(
            matches!(e, SquareDealError::SqdSyntax { line: 3, .. }),
            "{sn}: {e}"
        );
        assert!(e.to_string().contains(needle), "{sn}: {e}");
    }
    let mut p = phases();
    p[0].file_prefix = "../up".into();
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    assert!(matches!(
        Tournament::create("T", "DI", p, &mut rng),
        Err(SquareDealError::BadField { .. })
    ));
}

/// The Tournament page (one text box, a line a phase) and `fairdeal squaredeal create` (one
/// `--phase` a line) read phases with the one grammar: both forms of the same phases, SquareDeal's
/// short entry (`2x16`, no `#`) and the written-out one, make the same `.sqd` bytes.
#[test]
fn page_and_cli_phase_text_make_the_same_tournament() {
    let short = "3:3x7:rr:Round robin\n2:16:final#:Final segment #\n1:?:playoff:Play-off";
    let cli_args = [
        "3:3x7:rr:Round robin",
        "2:16:final#:Final segment #",
        "1:?:playoff:Play-off",
    ];
    let page: Phases = short.parse().expect("page text");
    let cli: Phases = cli_args.join("\n").parse().expect("cli args");
    // Written out: lengths expanded, `#` added to the first phase's names.
    assert_eq!(
        page.to_string(),
        "3:1-7,8-14,15-21:rr#:Round robin #/3\n2:16:final#:Final segment #\n1:?:playoff:Play-off"
    );
    let long: Phases = page.to_string().parse().expect("written-out text");
    let sqd = |p: Phases| {
        let mut rng = ChaCha20Rng::seed_from_u64(11);
        let (t, _) =
            Tournament::create_committed("Test Open", "DJIA", p.into_vec(), vec![2], &mut rng)
                .expect("create");
        t.to_sqd()
    };
    let reference = sqd(page);
    assert!(
        reference.contains("\nSN 3:1-7,8-14,15-21:rr#:Round robin #/3\n"),
        "{reference}"
    );
    assert_eq!(sqd(cli), reference);
    assert_eq!(sqd(long), reference);
}
