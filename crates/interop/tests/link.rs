//! Links round-trip over many random deals, legal auctions and legal plays: the compact
//! form, the hand-record board, and BBO's handviewer link.

use fairdeal_dealing::fast::FastDealer;
use fairdeal_interop::link::{parse_link, Call, Contract, Link};
use fairdeal_model::play::PlayState;
use fairdeal_model::{Card, Seat, Strain, Vulnerability};
use proptest::prelude::*;

/// A small deterministic stream for the random choices of one case.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n.max(1)
    }
}

/// A legal auction from `dealer`: bids go up, doubles only of the opponents' bid,
/// redoubles only of the opponents' double; ends with three passes (four if nobody bids).
fn legal_auction(rng: &mut Lcg, dealer: Seat) -> Vec<Call> {
    let mut calls = Vec::new();
    let mut last_bid: Option<(usize, Seat)> = None; // (code 0..35, bidder)
    let mut doubled = 0;
    let mut passes = 0;
    let mut seat = dealer;
    loop {
        let done = match last_bid {
            None => passes == 4,
            Some(_) => passes == 3,
        };
        if done {
            break;
        }
        let opp_bid = last_bid.is_some_and(|(_, b)| b != seat && b != seat.partner());
        let roll = rng.below(10);
        let call = if roll < 5 || last_bid.is_some_and(|(c, _)| c == 34) {
            Call::Pass
        } else if roll == 5 && opp_bid && doubled == 0 {
            Call::Double
        } else if roll == 6 && !opp_bid && doubled == 1 && last_bid.is_some() {
            Call::Redouble
        } else {
            let from = last_bid.map_or(0, |(c, _)| c + 1);
            let code = from + rng.below((35 - from).min(4));
            Call::Bid {
                level: (code / 5 + 1) as u8,
                strain: Strain::ASC[code % 5],
            }
        };
        match call {
            Call::Pass => passes += 1,
            Call::Double => {
                doubled = 1;
                passes = 0;
            }
            Call::Redouble => {
                doubled = 2;
                passes = 0;
            }
            Call::Bid { level, strain } => {
                last_bid = Some((usize::from(level - 1) * 5 + strain.index(), seat));
                doubled = 0;
                passes = 0;
            }
        }
        calls.push(call);
        seat = seat.lho();
    }
    calls
}

fn legal_play(rng: &mut Lcg, link: &Link, count: usize) -> Vec<Card> {
    let Some(c) = link.contract else {
        return Vec::new();
    };
    let mut s = PlayState::new(link.deal, c.strain, c.declarer);
    for _ in 0..count {
        let legal: Vec<Card> = s.legal_cards().cards().collect();
        if legal.is_empty() {
            break;
        }
        s.play(legal[rng.below(legal.len())]).unwrap();
    }
    s.played().to_vec()
}

fn random_link(seed: [u8; 32], choice: u64, title: String, number: Option<u32>) -> Link {
    let mut rng = Lcg(choice);
    let deal = FastDealer::from_seed(seed).next_deal();
    let dealer = Seat::ALL[rng.below(4)];
    let vulnerability = Vulnerability::ALL[rng.below(4)];
    let auction = if rng.below(5) == 0 {
        Vec::new()
    } else {
        legal_auction(&mut rng, dealer)
    };
    let mut link = Link {
        number,
        dealer,
        vulnerability,
        deal,
        auction,
        contract: None,
        play: Vec::new(),
        title,
    };
    // The contract the auction ends in (as a reader would find it).
    link.contract = Link::from_board(&link.to_board()).unwrap().contract;
    let count = if rng.below(3) == 0 { 52 } else { rng.below(53) };
    link.play = legal_play(&mut rng, &link, count);
    link
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_compact_form_round_trips(
        seed in any::<[u8; 32]>(),
        choice in any::<u64>(),
        title in "\\PC{0,30}",
        number in proptest::option::of(1u32..=4095),
    ) {
        let link = random_link(seed, choice, title, number);
        let code = link.encode().unwrap();
        prop_assert!(code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        prop_assert_eq!(&Link::decode(&code).unwrap(), &link);
        let url = link.url("https://example.org").unwrap();
        prop_assert_eq!(&parse_link(&url).unwrap(), &link);
        // The board a page or the CLI builds from the link gives the same link back.
        prop_assert_eq!(&Link::from_board(&link.to_board()).unwrap(), &link);
    }

    #[test]
    fn bbo_handviewer_links_round_trip(
        seed in any::<[u8; 32]>(),
        choice in any::<u64>(),
        number in proptest::option::of(1u32..=4095),
    ) {
        let link = random_link(seed, choice, String::new(), number);
        let back = Link::from_bbo_url(&link.bbo_url()).unwrap();
        prop_assert_eq!(&back, &link);
    }

    #[test]
    fn changed_codes_fail_cleanly_or_read_canonically(
        seed in any::<[u8; 32]>(),
        choice in any::<u64>(),
        flips in proptest::collection::vec(any::<u16>(), 1..4),
    ) {
        use base64::Engine as _;
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let link = random_link(seed, choice, "t".into(), Some(5));
        let mut bytes = engine.decode(link.encode().unwrap()).unwrap();
        // Flip bits after the deal (bit 124 on): contract, auction, play and title.
        let tail = bytes.len() * 8 - 124;
        for f in flips {
            let bit = 124 + usize::from(f) % tail;
            bytes[bit / 8] ^= 0x80 >> (bit % 8);
        }
        let code = engine.encode(&bytes);
        if let Ok(back) = Link::decode(&code) {
            prop_assert_eq!(back.encode().unwrap(), code);
        }
    }

    #[test]
    fn no_text_makes_the_decoder_panic(text in "\\PC{0,120}") {
        let _ = parse_link(&text);
        let _ = Link::decode(&text);
    }

    #[test]
    fn no_payload_makes_the_decoder_panic_and_codes_are_canonical(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        use base64::Engine as _;
        let mut b = bytes;
        if let Some(first) = b.first_mut() {
            *first = (*first & 0x0F) | 0x10; // version 1, so the decoder reads on
        }
        let code = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&b);
        // A code that decodes is canonical: the board encodes to the same code.
        if let Ok(link) = Link::decode(&code) {
            prop_assert_eq!(link.encode().unwrap(), code);
        }
    }
}

#[test]
fn a_typical_board_with_its_whole_play_fits_a_small_qr_code() {
    // 3NT with a four-call auction and all 52 cards: the link stays short.
    let mut longest = 0;
    for k in 0..50u8 {
        let mut link = random_link([k; 32], u64::from(k), "Club night 12".into(), Some(12));
        if link.contract.is_none() {
            link.contract = Some(Contract {
                level: 3,
                strain: Strain::Notrump,
                doubled: 0,
                declarer: Seat::South,
            });
        }
        let mut rng = Lcg(u64::from(k));
        link.play = legal_play(&mut rng, &link, 52);
        longest = longest.max(link.encode().unwrap().len());
    }
    // About 100 characters at most: a version 5–6 QR code at error level M.
    assert!(longest <= 110, "longest link payload {longest} characters");
}

#[test]
fn a_real_bbo_record_with_play_makes_a_link() {
    let bytes = include_bytes!("data/play/endplay-example1.lin");
    let outcome = fairdeal_interop::read_lin(bytes);
    let link = Link::from_board(&outcome.boards[0]).unwrap();
    assert_eq!(link.number, Some(1));
    assert_eq!(link.dealer, Seat::North);
    assert_eq!(link.vulnerability, Vulnerability::None);
    let c = link.contract.unwrap();
    assert_eq!((c.text().as_str(), c.declarer), ("3NT", Seat::North));
    assert_eq!(link.auction.len(), 12);
    assert_eq!(link.play.len(), 52);
    assert_eq!(link.play[0].to_string(), "S2");
    assert_eq!(link.play[51].to_string(), "ST");
    let code = link.encode().unwrap();
    assert_eq!(Link::decode(&code).unwrap(), link);
    assert!(code.len() < 70, "{code}");
}
