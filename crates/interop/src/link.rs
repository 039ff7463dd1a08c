//! Open links: one board — deal, dealer, vulnerability, auction, contract, play and a title —
//! as a short text for a URL (`/view?l=…`) and a QR code, and BBO handviewer links in and out.
//!
//! * [`Link`] — the board as the viewer needs it (a full deal, calls as [`Call`]s, the play
//!   as cards in the order played). [`Link::from_board`] / [`Link::to_board`] convert from
//!   and to the hand-record [`Board`].
//! * [`Link::encode`] / [`Link::decode`] — the compact form: a bit string (layout in
//!   `docs/LINKS.md`) in unpadded base64url; a typical board with its auction and full
//!   play is about 60 characters. A link never carries a dealing seed: only the deal.
//! * [`Link::bbo_url`] / [`Link::from_bbo_url`] — BBO's handviewer
//!   (`https://www.bridgebase.com/tools/handviewer.html?lin=…`, URL-encoded LIN).
//! * [`qr_svg`] — a QR code of a link as an SVG image (the `qrcode` crate).
//! * [`parse_link`] — any of these as pasted: a full URL with `l=` or `lin=`, or the bare
//!   payload.
//!
//! The play is coded card by card as the index of the card among the legal cards of the
//! player to move (so a singleton costs no bit), which needs the rules of play
//! ([`fairdeal_model::play::PlayState`]): every decoded play is legal.
//!
//! Panic policy: nothing here panics, whatever the input.

use crate::board::{final_contract, Auction, Board, Play};
use crate::lin::{to_pbn_play, to_play_order};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use fairdeal_model::play::{PlayError, PlayState};
use fairdeal_model::{Card, Deal, Seat, Strain, Vulnerability};
use thiserror::Error;

/// The version number the encoder writes (the first 4 bits).
pub const LINK_VERSION: u32 = 1;
/// The longest title a link holds, in bytes of UTF-8.
pub const MAX_TITLE_BYTES: usize = 255;
/// The highest board number a link holds (12 bits; 0 means none).
pub const MAX_BOARD_NUMBER: u32 = 4095;
/// The path and parameter of the viewer's links: `{base}/view?l={payload}`.
pub const VIEW_PATH: &str = "/view?l=";
/// BBO's handviewer, for [`Link::bbo_url`].
pub const BBO_HANDVIEWER: &str = "https://www.bridgebase.com/tools/handviewer.html?lin=";

/// One call of an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Call {
    /// Pass.
    Pass,
    /// Double.
    Double,
    /// Redouble.
    Redouble,
    /// A bid: level 1..=7 and strain.
    Bid {
        /// 1..=7.
        level: u8,
        /// The strain.
        strain: Strain,
    },
}

impl Call {
    /// The PBN token: `Pass`, `X`, `XX`, `1NT`, `4H`.
    pub fn token(self) -> String {
        match self {
            Call::Pass => "Pass".to_string(),
            Call::Double => "X".to_string(),
            Call::Redouble => "XX".to_string(),
            Call::Bid { level, strain } => format!("{level}{}", strain.text()),
        }
    }

    /// Reads a PBN or LIN call token (`Pass`/`p`, `X`/`d`, `XX`/`r`, `1NT`/`1n`, `4h`).
    pub fn from_token(t: &str) -> Option<Call> {
        let t = t.trim().trim_end_matches('!').to_ascii_uppercase();
        match t.as_str() {
            "PASS" | "P" => Some(Call::Pass),
            "X" | "D" | "DBL" => Some(Call::Double),
            "XX" | "R" | "RDBL" => Some(Call::Redouble),
            _ => {
                let mut chars = t.chars();
                let level = chars.next()?.to_digit(10)? as u8;
                if !(1..=7).contains(&level) {
                    return None;
                }
                let strain = match chars.as_str() {
                    "C" | "♣" => Strain::Clubs,
                    "D" | "♦" => Strain::Diamonds,
                    "H" | "♥" => Strain::Hearts,
                    "S" | "♠" => Strain::Spades,
                    "N" | "NT" => Strain::Notrump,
                    _ => return None,
                };
                Some(Call::Bid { level, strain })
            }
        }
    }

    /// The 6-bit code: Pass 0, X 1, XX 2, bids 3 + 5 × (level − 1) + strain (♣ 0 … NT 4).
    fn code(self) -> u32 {
        match self {
            Call::Pass => 0,
            Call::Double => 1,
            Call::Redouble => 2,
            Call::Bid { level, strain } => 3 + 5 * (u32::from(level) - 1) + strain.index() as u32,
        }
    }

    fn from_code(code: u32) -> Option<Call> {
        match code {
            0 => Some(Call::Pass),
            1 => Some(Call::Double),
            2 => Some(Call::Redouble),
            3..=37 => Some(Call::Bid {
                level: ((code - 3) / 5 + 1) as u8,
                strain: Strain::ASC[((code - 3) % 5) as usize],
            }),
            _ => None,
        }
    }
}

/// The final contract and its declarer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Contract {
    /// 1..=7.
    pub level: u8,
    /// The strain.
    pub strain: Strain,
    /// 0 undoubled, 1 doubled, 2 redoubled.
    pub doubled: u8,
    /// Declarer.
    pub declarer: Seat,
}

impl Contract {
    /// PBN text without the declarer: `4HX`, `3NT`.
    pub fn text(self) -> String {
        let x = ["", "X", "XX"][usize::from(self.doubled.min(2))];
        format!("{}{}{x}", self.level, self.strain.text())
    }

    /// Reads PBN contract text (`4HX`, `3NT`) with its declarer; `None` for `Pass` or text
    /// that is not a contract.
    pub fn parse(text: &str, declarer: Seat) -> Option<Contract> {
        let t = text.trim().to_ascii_uppercase();
        let doubled = if t.ends_with("XX") {
            2
        } else {
            u8::from(t.ends_with('X'))
        };
        let bid = t.trim_end_matches('X');
        match Call::from_token(bid)? {
            Call::Bid { level, strain } => Some(Contract {
                level,
                strain,
                doubled,
                declarer,
            }),
            _ => None,
        }
    }
}

/// A board as a link carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    /// Board number (1..=4095), if any.
    pub number: Option<u32>,
    /// The dealer.
    pub dealer: Seat,
    /// Vulnerability.
    pub vulnerability: Vulnerability,
    /// The deal.
    pub deal: Deal,
    /// The calls from the dealer on (empty: no auction recorded).
    pub auction: Vec<Call>,
    /// The contract (needed for a play); `None` when passed out or unknown.
    pub contract: Option<Contract>,
    /// The cards played, in order from the opening lead.
    pub play: Vec<Card>,
    /// A title (event, lesson, …), at most [`MAX_TITLE_BYTES`] bytes.
    pub title: String,
}

/// Why a link or a board cannot be read or written as a link.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum LinkError {
    /// No payload found in the text.
    #[error("no link found: expected a Fair Deal link (…/view?l=…), a BBO handviewer link (…?lin=…) or the link's code")]
    Empty,
    /// A character that is not base64url.
    #[error("character {position} ({found:?}) cannot be in a link; expected letters, digits, '-' and '_' (was the link cut or changed when copied?)")]
    Character {
        /// 1-based position in the payload.
        position: usize,
        /// The character.
        found: char,
    },
    /// The payload ends before the board does.
    #[error("the link ends early (at bit {bit}, reading {what}); was it cut when copied?")]
    Truncated {
        /// Bit offset.
        bit: usize,
        /// What was being read.
        what: &'static str,
    },
    /// A version this reader does not know.
    #[error("link version {found} is not known; this viewer reads version {LINK_VERSION}")]
    Version {
        /// The version read.
        found: u32,
    },
    /// Extra data after the board.
    #[error("the link has {bits} bits after the board; expected none (was it changed?)")]
    Trailing {
        /// How many bits.
        bits: usize,
    },
    /// The deal is not four hands of 13 cards.
    #[error("the deal in the link is not a deal: {0}")]
    Deal(String),
    /// A call code that is not a call.
    #[error("call {index} has code {code}, which is not a call")]
    Call {
        /// 1-based call number.
        index: usize,
        /// The code.
        code: u32,
    },
    /// A contract that is not one.
    #[error("the contract in the link is not a contract (level {level}, strain code {strain}, doubled code {doubled})")]
    Contract {
        /// Level read.
        level: u32,
        /// Strain code read.
        strain: u32,
        /// Doubled code read.
        doubled: u32,
    },
    /// A play of more than 52 cards.
    #[error("the play has {count} cards; a board has 52")]
    PlayLength {
        /// The count read.
        count: u32,
    },
    /// Cards played but no contract to play them in.
    #[error(
        "the board has a play but no contract (strain and declarer are needed to follow the play)"
    )]
    PlayWithoutContract,
    /// A card of the play that cannot be played there.
    #[error("card {} of the play: {error}", .index + 1)]
    Play {
        /// 0-based card number.
        index: usize,
        /// Why.
        error: PlayError,
    },
    /// A card index past the legal cards.
    #[error("card {} of the play: choice {choice} of {legal} legal cards", .index + 1)]
    PlayChoice {
        /// 0-based card number.
        index: usize,
        /// The index read.
        choice: u32,
        /// How many cards were legal.
        legal: u32,
    },
    /// The title is not UTF-8.
    #[error("the title in the link is not UTF-8 text")]
    Title,
    /// The title is too long to encode.
    #[error("the title is {bytes} bytes long; a link holds at most {MAX_TITLE_BYTES}")]
    TitleTooLong {
        /// Its length.
        bytes: usize,
    },
    /// A board number too large for a link.
    #[error("board number {number} is too large for a link (at most {MAX_BOARD_NUMBER})")]
    BoardNumber {
        /// The number.
        number: u32,
    },
    /// A board without a full deal.
    #[error("the board does not have all four hands; a link needs the full deal")]
    NoDeal,
    /// A call token in the board's auction that is not a call.
    #[error("auction token {found:?} is not a call")]
    AuctionToken {
        /// The token.
        found: String,
    },
    /// The text does not fit a QR code.
    #[error("no QR code holds this text: {0}")]
    Qr(String),
    /// A BBO link without a `lin=` parameter.
    #[error("no lin= parameter in the BBO link")]
    NoLin,
    /// A BBO link whose LIN holds no board.
    #[error("the BBO link's LIN holds no board{}", .problem.as_deref().map(|p| format!(" ({p})")).unwrap_or_default())]
    LinBoard {
        /// The first problem the LIN reader met.
        problem: Option<String>,
    },
}

/// Writes bits most significant first.
struct BitWriter {
    bytes: Vec<u8>,
    len: usize,
}

impl BitWriter {
    fn put(&mut self, value: u32, bits: u32) {
        for k in (0..bits).rev() {
            if self.len.is_multiple_of(8) {
                self.bytes.push(0);
            }
            if (value >> k) & 1 == 1 {
                let last = self.bytes.len() - 1;
                self.bytes[last] |= 0x80 >> (self.len % 8);
            }
            self.len += 1;
        }
    }
}

/// Reads bits most significant first.
struct BitReader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl BitReader<'_> {
    fn get(&mut self, bits: u32, what: &'static str) -> Result<u32, LinkError> {
        let mut v = 0;
        for _ in 0..bits {
            let byte = self.bytes.get(self.pos / 8).ok_or(LinkError::Truncated {
                bit: self.pos,
                what,
            })?;
            v = (v << 1) | u32::from((byte >> (7 - self.pos % 8)) & 1);
            self.pos += 1;
        }
        Ok(v)
    }
}

/// Bits needed to write a choice among `n` (0 for one or none).
fn width(n: u32) -> u32 {
    if n <= 1 {
        0
    } else {
        32 - (n - 1).leading_zeros()
    }
}

const END_OF_AUCTION: u32 = 63;

impl Link {
    /// The compact form (unpadded base64url of the bit layout in `docs/LINKS.md`).
    pub fn encode(&self) -> Result<String, LinkError> {
        let number = self.number.unwrap_or(0);
        if number > MAX_BOARD_NUMBER {
            return Err(LinkError::BoardNumber { number });
        }
        if self.title.len() > MAX_TITLE_BYTES {
            return Err(LinkError::TitleTooLong {
                bytes: self.title.len(),
            });
        }
        let mut w = BitWriter {
            bytes: Vec::with_capacity(64),
            len: 0,
        };
        w.put(LINK_VERSION, 4);
        w.put(number, 12);
        w.put(self.dealer.index() as u32, 2);
        w.put(vul_code(self.vulnerability), 2);
        for owner in self.deal.owners() {
            w.put(owner.index() as u32, 2);
        }
        match self.contract {
            None => w.put(0, 1),
            Some(c) => {
                w.put(1, 1);
                w.put(u32::from(c.level) - 1, 3);
                w.put(c.strain.index() as u32, 3);
                w.put(u32::from(c.doubled), 2);
                w.put(c.declarer.index() as u32, 2);
            }
        }
        for call in &self.auction {
            w.put(call.code(), 6);
        }
        w.put(END_OF_AUCTION, 6);
        w.put(self.play.len() as u32, 6);
        if !self.play.is_empty() {
            let c = self.contract.ok_or(LinkError::PlayWithoutContract)?;
            let mut state = PlayState::new(self.deal, c.strain, c.declarer);
            for (index, card) in self.play.iter().enumerate() {
                let legal: Vec<Card> = state.legal_cards().cards().collect();
                state
                    .play(*card)
                    .map_err(|error| LinkError::Play { index, error })?;
                let choice = legal.iter().position(|l| l == card).unwrap_or(0);
                w.put(choice as u32, width(legal.len() as u32));
            }
        }
        w.put(self.title.len() as u32, 8);
        for b in self.title.bytes() {
            w.put(u32::from(b), 8);
        }
        Ok(URL_SAFE_NO_PAD.encode(&w.bytes))
    }

    /// Reads the compact form (the payload only; see [`parse_link`] for whole URLs).
    pub fn decode(payload: &str) -> Result<Link, LinkError> {
        let payload = payload.trim();
        if payload.is_empty() {
            return Err(LinkError::Empty);
        }
        if let Some((i, c)) = payload
            .chars()
            .enumerate()
            .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '-' || *c == '_'))
        {
            return Err(LinkError::Character {
                position: i + 1,
                found: c,
            });
        }
        let bytes = URL_SAFE_NO_PAD
            .decode(payload)
            .map_err(|_| LinkError::Truncated {
                bit: payload.len() * 6,
                what: "the last character",
            })?;
        let mut r = BitReader {
            bytes: &bytes,
            pos: 0,
        };
        let version = r.get(4, "the version")?;
        if version != LINK_VERSION {
            return Err(LinkError::Version { found: version });
        }
        let number = r.get(12, "the board number")?;
        let dealer = Seat::ALL[r.get(2, "the dealer")? as usize];
        let vulnerability = Vulnerability::ALL[r.get(2, "the vulnerability")? as usize];
        let mut owners = [Seat::North; 52];
        for o in owners.iter_mut() {
            *o = Seat::ALL[r.get(2, "the deal")? as usize];
        }
        let deal = Deal::from_owners(&owners).map_err(|e| LinkError::Deal(e.to_string()))?;
        let contract = if r.get(1, "the contract")? == 1 {
            let level = r.get(3, "the contract")?;
            let strain = r.get(3, "the contract")?;
            let doubled = r.get(2, "the contract")?;
            let declarer = Seat::ALL[r.get(2, "the contract")? as usize];
            if level > 6 || strain > 4 || doubled > 2 {
                return Err(LinkError::Contract {
                    level: level + 1,
                    strain,
                    doubled,
                });
            }
            Some(Contract {
                level: level as u8 + 1,
                strain: Strain::ASC[strain as usize],
                doubled: doubled as u8,
                declarer,
            })
        } else {
            None
        };
        let mut auction = Vec::new();
        loop {
            let code = r.get(6, "the auction")?;
            if code == END_OF_AUCTION {
                break;
            }
            let call = Call::from_code(code).ok_or(LinkError::Call {
                index: auction.len() + 1,
                code,
            })?;
            auction.push(call);
        }
        let count = r.get(6, "the play")?;
        if count > 52 {
            return Err(LinkError::PlayLength { count });
        }
        let mut play = Vec::with_capacity(count as usize);
        if count > 0 {
            let c = contract.ok_or(LinkError::PlayWithoutContract)?;
            let mut state = PlayState::new(deal, c.strain, c.declarer);
            for index in 0..count as usize {
                let legal: Vec<Card> = state.legal_cards().cards().collect();
                let choice = r.get(width(legal.len() as u32), "the play")?;
                let card = *legal.get(choice as usize).ok_or(LinkError::PlayChoice {
                    index,
                    choice,
                    legal: legal.len() as u32,
                })?;
                state
                    .play(card)
                    .map_err(|error| LinkError::Play { index, error })?;
                play.push(card);
            }
        }
        let title_len = r.get(8, "the title")?;
        let mut title = Vec::with_capacity(title_len as usize);
        for _ in 0..title_len {
            title.push(r.get(8, "the title")? as u8);
        }
        let title = String::from_utf8(title).map_err(|_| LinkError::Title)?;
        let left = bytes.len() * 8 - r.pos;
        // Up to 7 zero bits pad the last byte; anything else is not ours.
        if left >= 8 || r.get(left as u32, "the padding")? != 0 {
            return Err(LinkError::Trailing { bits: left });
        }
        Ok(Link {
            number: (number > 0).then_some(number),
            dealer,
            vulnerability,
            deal,
            auction,
            contract,
            play,
            title,
        })
    }

    /// The viewer's link: `{base}/view?l={payload}` (`base` without a trailing `/`, e.g.
    /// `https://example.org`; empty for a link relative to the site).
    pub fn url(&self, base: &str) -> Result<String, LinkError> {
        Ok(format!(
            "{}{VIEW_PATH}{}",
            base.trim_end_matches('/'),
            self.encode()?
        ))
    }

    /// The link of a hand-record board: the full deal; dealer and vulnerability as
    /// recorded or else by the board number; the auction's calls (notes dropped, `AP`
    /// written out as passes); the contract as recorded, or else from the auction; the
    /// play in the order played; the event as title (cut to [`MAX_TITLE_BYTES`]).
    pub fn from_board(board: &Board) -> Result<Link, LinkError> {
        let deal = board.deal().ok_or(LinkError::NoDeal)?;
        let number = board.number.filter(|&n| n <= MAX_BOARD_NUMBER);
        let dealer = board
            .dealer
            .or(board.number.map(Seat::dealer_of_board))
            .unwrap_or(Seat::North);
        let vulnerability = board
            .vulnerability
            .or(board.number.map(Vulnerability::of_board))
            .unwrap_or(Vulnerability::None);
        let mut auction = Vec::new();
        if let Some(a) = &board.auction {
            for t in &a.calls {
                if t.eq_ignore_ascii_case("AP") {
                    let passes = if auction.iter().any(|c| *c != Call::Pass) {
                        3
                    } else {
                        4usize.saturating_sub(auction.len())
                    };
                    auction.extend(std::iter::repeat_n(Call::Pass, passes));
                    break;
                }
                if !crate::board::is_call(t) {
                    continue;
                }
                auction.push(
                    Call::from_token(t)
                        .ok_or_else(|| LinkError::AuctionToken { found: t.clone() })?,
                );
            }
        }
        let contract = match (&board.contract, board.declarer) {
            (Some(text), Some(declarer)) => Contract::parse(text, declarer),
            _ => None,
        }
        .or_else(|| {
            let a = board.auction.as_ref()?;
            let (text, declarer) = final_contract(a)?;
            Contract::parse(&text, declarer?)
        });
        let play = match (&board.play, contract) {
            (Some(p), Some(c)) => to_play_order(p, c.strain.suit()),
            _ => Vec::new(),
        };
        if let Some(c) = contract {
            PlayState::after(deal, c.strain, c.declarer, &play)
                .map_err(|(index, error)| LinkError::Play { index, error })?;
        }
        let mut title = board.event.clone().unwrap_or_default();
        if title.len() > MAX_TITLE_BYTES {
            let mut cut = MAX_TITLE_BYTES;
            while !title.is_char_boundary(cut) {
                cut -= 1;
            }
            title.truncate(cut);
        }
        Ok(Link {
            number,
            dealer,
            vulnerability,
            deal,
            auction,
            contract,
            play,
            title,
        })
    }

    /// The hand-record board of this link (the event is the title).
    pub fn to_board(&self) -> Board {
        let mut b = Board::with_deal(self.number, &self.deal);
        b.dealer = Some(self.dealer);
        b.vulnerability = Some(self.vulnerability);
        b.event = (!self.title.is_empty()).then(|| self.title.clone());
        if !self.auction.is_empty() {
            b.auction = Some(Auction {
                first: self.dealer,
                calls: self.auction.iter().map(|c| c.token()).collect(),
            });
        }
        if let Some(c) = self.contract {
            b.contract = Some(c.text());
            b.declarer = Some(c.declarer);
            if !self.play.is_empty() {
                b.play = Some(to_pbn_play(c.declarer.lho(), &self.play, c.strain.suit()));
            }
        } else if !self.auction.is_empty() {
            b.contract = Some("Pass".to_string());
        }
        b
    }

    /// BBO's handviewer link for this board (LIN with the deal, dealer, vulnerability, board
    /// number, auction and play; BBO's LIN has no place for the title here).
    pub fn bbo_url(&self) -> String {
        let lin = crate::write_lin(&[self.to_board()], &crate::LinOptions::default());
        let lin = lin.trim_end();
        let encoded: String =
            percent_encoding::utf8_percent_encode(lin, percent_encoding::NON_ALPHANUMERIC)
                .to_string();
        format!("{BBO_HANDVIEWER}{encoded}")
    }

    /// Reads a BBO handviewer link (its `lin=` parameter, URL-decoded; the first board).
    pub fn from_bbo_url(url: &str) -> Result<Link, LinkError> {
        let value = query_param(url, "lin").ok_or(LinkError::NoLin)?;
        let plus_as_space = value.replace('+', " ");
        let lin = percent_encoding::percent_decode_str(&plus_as_space).decode_utf8_lossy();
        let outcome = crate::read_lin(lin.as_bytes());
        let board = outcome.boards.first().ok_or_else(|| LinkError::LinBoard {
            problem: outcome.problems.first().map(|p| p.to_string()),
        })?;
        Link::from_board(board)
    }
}

fn vul_code(v: Vulnerability) -> u32 {
    match v {
        Vulnerability::None => 0,
        Vulnerability::NorthSouth => 1,
        Vulnerability::EastWest => 2,
        Vulnerability::Both => 3,
    }
}

/// The raw value of a query (or fragment) parameter `key` of a URL, if present.
fn query_param<'a>(url: &'a str, key: &str) -> Option<&'a str> {
    let start = url.find(['?', '#']).map_or(0, |i| i + 1);
    url[start..].split(['&', '?', '#']).find_map(|kv| {
        let (k, v) = kv.split_once('=')?;
        k.eq_ignore_ascii_case(key).then_some(v)
    })
}

/// A QR code of `text` (a link) as a standalone SVG image: black modules on white with the
/// standard four-module quiet zone, error correction level M, at least `min_size` pixels
/// square (scalable: the page shows it large for projection).
pub fn qr_svg(text: &str, min_size: u32) -> Result<String, LinkError> {
    let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M)
        .map_err(|e| LinkError::Qr(e.to_string()))?;
    Ok(code
        .render::<qrcode::render::svg::Color<'_>>()
        .min_dimensions(min_size, min_size)
        .dark_color(qrcode::render::svg::Color("#000000"))
        .light_color(qrcode::render::svg::Color("#ffffff"))
        .quiet_zone(true)
        .build())
}

/// Reads a pasted link: a BBO handviewer URL (`lin=`), a Fair Deal viewer URL (`l=`) or a
/// bare payload.
pub fn parse_link(text: &str) -> Result<Link, LinkError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(LinkError::Empty);
    }
    if query_param(t, "lin").is_some() {
        return Link::from_bbo_url(t);
    }
    if let Some(v) = query_param(t, "l") {
        return Link::decode(v);
    }
    if t.contains("bridgebase.com") {
        return Err(LinkError::NoLin);
    }
    Link::decode(t)
}

/// The play in PBN layout for a board (kept so the module's users need not reach into the
/// LIN code): `cards` in the order played, led by `leader`.
pub fn pbn_play(leader: Seat, cards: &[Card], strain: Strain) -> Play {
    to_pbn_play(leader, cards, strain.suit())
}

/// A board's play in the order played (following the tricks' winners with the contract's
/// trumps); empty without a play or a readable contract.
pub fn play_order(board: &Board) -> Vec<Card> {
    let Some(play) = &board.play else {
        return Vec::new();
    };
    let trumps = board
        .contract
        .as_deref()
        .and_then(|c| Contract::parse(c, Seat::North))
        .and_then(|c| c.strain.suit());
    to_play_order(play, trumps)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal() -> Deal {
        Deal::from_pbn("N:AK2.QJ3.T987.654 QJ3.AK2.654.T987 T98.7654.AKQJ.32 7654.T98.32.AKQJ")
            .unwrap()
    }

    fn sample() -> Link {
        Link {
            number: Some(7),
            dealer: Seat::South,
            vulnerability: Vulnerability::Both,
            deal: deal(),
            auction: [
                "1D", "Pass", "1H", "Pass", "1NT", "Pass", "3NT", "Pass", "Pass", "Pass",
            ]
            .iter()
            .map(|t| Call::from_token(t).unwrap())
            .collect(),
            contract: Some(Contract {
                level: 3,
                strain: Strain::Notrump,
                doubled: 0,
                declarer: Seat::South,
            }),
            play: ["CA", "C4", "C7", "C2"]
                .iter()
                .map(|c| c.parse().unwrap())
                .collect(),
            title: "Lesson 3 ♠".to_string(),
        }
    }

    #[test]
    fn a_board_round_trips_and_is_short() {
        let l = sample();
        let code = l.encode().unwrap();
        assert_eq!(Link::decode(&code).unwrap(), l);
        // 4+12+2+2+104+11 bits, 11 calls × 6, 6 + 4 cards, 8 + 11 title bytes × 8.
        assert!(code.len() < 60, "{} chars: {code}", code.len());
        let url = l.url("https://example.org/").unwrap();
        assert_eq!(url, format!("https://example.org/view?l={code}"));
        assert_eq!(parse_link(&url).unwrap(), l);
        assert_eq!(parse_link(&code).unwrap(), l);
    }

    #[test]
    fn a_bare_deal_is_twenty_odd_characters() {
        let l = Link {
            number: None,
            dealer: Seat::North,
            vulnerability: Vulnerability::None,
            deal: deal(),
            auction: vec![],
            contract: None,
            play: vec![],
            title: String::new(),
        };
        let code = l.encode().unwrap();
        // 4 + 12 + 2 + 2 + 104 + 1 + 6 + 6 + 8 = 145 bits = 19 bytes.
        assert_eq!(code.len(), 26, "{code}");
        assert_eq!(Link::decode(&code).unwrap(), l);
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        let code = sample().encode().unwrap();
        assert_eq!(
            Link::decode(&code[..20]).unwrap_err(),
            LinkError::Truncated {
                bit: 120,
                what: "the deal"
            }
        );
        let e = Link::decode(&format!("{}*", &code[..10])).unwrap_err();
        assert_eq!(
            e,
            LinkError::Character {
                position: 11,
                found: '*'
            }
        );
        assert!(e.to_string().contains("character 11 ('*')"), "{e}");
        assert_eq!(
            Link::decode(&format!("A{}", &code[1..])).unwrap_err(),
            LinkError::Version { found: 0 }
        );
        assert!(matches!(
            Link::decode(&format!("{code}AAAA")).unwrap_err(),
            LinkError::Trailing { .. }
        ));
        assert_eq!(parse_link("  ").unwrap_err(), LinkError::Empty);
        assert_eq!(
            parse_link("https://www.bridgebase.com/tools/handviewer.html?bbo=y").unwrap_err(),
            LinkError::NoLin
        );
        // Four aces to North and nothing to East is not a deal.
        let mut w = BitWriter {
            bytes: vec![],
            len: 0,
        };
        w.put(1, 4);
        w.put(0, 16);
        for _ in 0..52 {
            w.put(0, 2);
        }
        let e = Link::decode(&URL_SAFE_NO_PAD.encode(&w.bytes)).unwrap_err();
        assert!(matches!(e, LinkError::Deal(_)), "{e}");
    }

    #[test]
    fn a_qr_code_is_an_svg_of_the_link() {
        let url = sample().url("https://example.org").unwrap();
        let svg = qr_svg(&url, 400).unwrap();
        assert!(svg.starts_with("<?xml"), "{}", &svg[..60]);
        assert!(svg.contains("<svg") && svg.contains("width=\"") && svg.ends_with("</svg>"));
        assert!(matches!(
            qr_svg(&"x".repeat(5000), 100),
            Err(LinkError::Qr(_))
        ));
    }

    #[test]
    fn bbo_handviewer_links_in_and_out() {
        let l = sample();
        let url = l.bbo_url();
        assert!(url.starts_with(BBO_HANDVIEWER));
        let back = Link::from_bbo_url(&url).unwrap();
        assert_eq!(
            back,
            Link {
                title: String::new(),
                ..l
            }
        );
        // A link as BBO writes it (plain `|`, `+` for spaces).
        let bbo = "https://www.bridgebase.com/tools/handviewer.html?lin=pn|a,b,c,d|st||md|3ST98H7654DAKQJC32,S7654HT98D32CAKQJ,SAK2HQJ3DT987C654,|sv|b|ah|Board+7|mb|1N|mb|p|mb|3N|mb|p|mb|p|mb|p|pc|SQ|pc|S8|";
        let l = parse_link(bbo).unwrap();
        assert_eq!(l.number, Some(7));
        assert_eq!(l.dealer, Seat::North);
        assert_eq!(l.vulnerability, Vulnerability::Both);
        assert_eq!(l.contract.unwrap().text(), "3NT");
        assert_eq!(l.contract.unwrap().declarer, Seat::North);
        assert_eq!(l.auction.len(), 6);
        assert_eq!(l.play.len(), 2);
    }
}
