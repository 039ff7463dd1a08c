//! The question builder's model, in plain Rust (no DOM): a [`Question`] is what is known
//! (missing cards, vacant places, your hand or HCP, …) plus what is asked ([`Kind`]); it
//! round-trips through a URL query string ([`Question::from_query`], [`Question::to_query`])
//! so every answer is shareable, and [`Question::answer`] turns it into an exact
//! [`Chart`] from `fairdeal-prob`, or a [`FieldError`] naming the field to fix.
//!
//! Field values are kept as the text the user typed, so a half-typed value stays on screen
//! with its message next to it instead of being lost.
//!
//! Panic policy: no panics on any input; every bad value is a [`FieldError`].

use fairdeal_model::{Hand, Holding, Rank, Suit};
use fairdeal_prob::exact::binomial;
use fairdeal_prob::location::{honour_location, probability, restricted_choice};
use fairdeal_prob::shape::ShapeStatistic;
use fairdeal_prob::splits::{card_location, suit_splits, suit_splits_given};
use fairdeal_prob::{fit, hcp, shape, Chart, Condition, Defender, ProbError, VacantPlaces};

use crate::components::chart::Orientation;

/// What is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// How the missing cards of a suit split.
    Splits,
    /// Where the named honours are.
    Honour,
    /// Finesse against drop for one missing honour.
    FinesseDrop,
    /// Restricted choice after a defender dropped one of equal honours.
    RestrictedChoice,
    /// Where one given card is, by vacant places.
    Vacant,
    /// The 39 hand patterns.
    Patterns,
    /// A shape statistic (longest suit, voids, …).
    Shape,
    /// HCP of one hand.
    Hcp,
    /// Aces in one hand.
    Aces,
    /// Partner's HCP given your HCP.
    PartnerHcp,
    /// Partner's HCP given your hand.
    PartnerHand,
    /// Eight-card fit chances given your hand.
    Fit,
    /// A partnership's longest combined suit.
    LongestFit,
}

/// An input of the builder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// Number of cards missing in the suit (`n`).
    Missing,
    /// West's vacant places (`w`).
    WestVacant,
    /// East's vacant places (`e`).
    EastVacant,
    /// The missing cards themselves, e.g. `Q432` or `QJxx` (`cards`).
    Cards,
    /// Named honours, e.g. `K`, `KJ` (`honours`).
    Honours,
    /// A defender, `W` or `E` (`player`).
    Player,
    /// The card a defender played (`played`).
    Played,
    /// Which shape statistic (`stat`).
    Stat,
    /// Your HCP (`hcp`).
    OwnHcp,
    /// Your hand in PBN notation (`hand`).
    Hand,
}

impl Field {
    /// The query-string key.
    pub fn key(self) -> &'static str {
        match self {
            Field::Missing => "n",
            Field::WestVacant => "w",
            Field::EastVacant => "e",
            Field::Cards => "cards",
            Field::Honours => "honours",
            Field::Player => "player",
            Field::Played => "played",
            Field::Stat => "stat",
            Field::OwnHcp => "hcp",
            Field::Hand => "hand",
        }
    }

    /// The visible label.
    pub fn label(self) -> &'static str {
        match self {
            Field::Missing => "Cards missing in the suit",
            Field::WestVacant => "West's vacant places",
            Field::EastVacant => "East's vacant places",
            Field::Cards => "Missing cards (x = any small card)",
            Field::Honours => "Named honours",
            Field::Player => "Defender",
            Field::Played => "Card played",
            Field::Stat => "Statistic",
            Field::OwnHcp => "Your HCP",
            Field::Hand => "Your hand (♠.♥.♦.♣)",
        }
    }

    /// A short hint shown under the input.
    pub fn hint(self) -> &'static str {
        match self {
            Field::Missing => "0 to 13",
            Field::WestVacant | Field::EastVacant => {
                "13 minus the cards known (seen in play or shown in the auction) in other suits"
            }
            Field::Cards => "e.g. Q432, QJxx, KJ1032",
            Field::Honours => "e.g. K, KQ; for restricted choice the equal cards, e.g. QJ",
            Field::Player => "W or E",
            Field::Played => "e.g. Q",
            Field::Stat => "",
            Field::OwnHcp => "0 to 37",
            Field::Hand => "13 cards, e.g. AKJ4.QT3.K82.964",
        }
    }
}

/// One row of the table of question kinds: the UI drop-down, the query key and the fields
/// all come from [`KINDS`].
#[derive(Debug, Clone, Copy)]
pub struct KindInfo {
    /// The kind.
    pub kind: Kind,
    /// Its `q=` value.
    pub key: &'static str,
    /// Its label in the drop-down.
    pub label: &'static str,
    /// The inputs it reads.
    pub fields: &'static [Field],
}

/// Every kind of question, in drop-down order.
pub const KINDS: [KindInfo; 13] = [
    KindInfo {
        kind: Kind::Splits,
        key: "splits",
        label: "How does the suit split?",
        fields: &[Field::Missing, Field::WestVacant, Field::EastVacant],
    },
    KindInfo {
        kind: Kind::Honour,
        key: "honour",
        label: "Where are the named honours?",
        fields: &[
            Field::Cards,
            Field::Honours,
            Field::WestVacant,
            Field::EastVacant,
        ],
    },
    KindInfo {
        kind: Kind::FinesseDrop,
        key: "finesse",
        label: "Finesse or drop?",
        fields: &[
            Field::Cards,
            Field::Honours,
            Field::WestVacant,
            Field::EastVacant,
        ],
    },
    KindInfo {
        kind: Kind::RestrictedChoice,
        key: "restricted",
        label: "Restricted choice",
        fields: &[
            Field::Cards,
            Field::Honours,
            Field::Player,
            Field::Played,
            Field::WestVacant,
            Field::EastVacant,
        ],
    },
    KindInfo {
        kind: Kind::Vacant,
        key: "vacant",
        label: "Where is one given card? (vacant places)",
        fields: &[Field::WestVacant, Field::EastVacant],
    },
    KindInfo {
        kind: Kind::Patterns,
        key: "patterns",
        label: "Hand patterns",
        fields: &[],
    },
    KindInfo {
        kind: Kind::Shape,
        key: "shape",
        label: "Shape statistic (longest suit, voids, …)",
        fields: &[Field::Stat],
    },
    KindInfo {
        kind: Kind::Hcp,
        key: "hcp",
        label: "HCP of a hand",
        fields: &[],
    },
    KindInfo {
        kind: Kind::Aces,
        key: "aces",
        label: "Aces in a hand",
        fields: &[],
    },
    KindInfo {
        kind: Kind::PartnerHcp,
        key: "partner",
        label: "Partner's HCP given yours",
        fields: &[Field::OwnHcp],
    },
    KindInfo {
        kind: Kind::PartnerHand,
        key: "partnerhand",
        label: "Partner's HCP given your hand",
        fields: &[Field::Hand],
    },
    KindInfo {
        kind: Kind::Fit,
        key: "fit",
        label: "Chance of an eight-card fit given your hand",
        fields: &[Field::Hand],
    },
    KindInfo {
        kind: Kind::LongestFit,
        key: "longestfit",
        label: "A partnership's longest combined suit",
        fields: &[],
    },
];

/// The shape statistics offered: (query value, label).
pub const STATS: [(&str, &str); 10] = [
    ("longest", "Longest suit"),
    ("shortest", "Shortest suit"),
    ("voids", "Number of voids"),
    ("singletons", "Number of singletons"),
    ("doubletons", "Number of doubletons"),
    ("four", "Suits of four or more"),
    ("S", "Length of the spades"),
    ("H", "Length of the hearts"),
    ("D", "Length of the diamonds"),
    ("C", "Length of the clubs"),
];

impl Kind {
    /// This kind's row of [`KINDS`].
    pub fn info(self) -> &'static KindInfo {
        KINDS.iter().find(|k| k.kind == self).unwrap_or(&KINDS[0])
    }

    /// The kind with this `q=` value.
    pub fn from_key(key: &str) -> Option<Kind> {
        KINDS.iter().find(|k| k.key == key).map(|k| k.kind)
    }
}

/// A question: the kind and the text of every field (only the kind's fields are read).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// What is asked.
    pub kind: Kind,
    /// `n`
    pub missing: String,
    /// `w`
    pub west_vacant: String,
    /// `e`
    pub east_vacant: String,
    /// `cards`
    pub cards: String,
    /// `honours`
    pub honours: String,
    /// `player`
    pub player: String,
    /// `played`
    pub played: String,
    /// `stat`
    pub stat: String,
    /// `hcp`
    pub own_hcp: String,
    /// `hand`
    pub hand: String,
}

impl Default for Question {
    fn default() -> Self {
        Question {
            kind: Kind::Splits,
            missing: "5".into(),
            west_vacant: "13".into(),
            east_vacant: "13".into(),
            cards: "Qxxx".into(),
            honours: "Q".into(),
            player: "E".into(),
            played: "Q".into(),
            stat: "longest".into(),
            own_hcp: "12".into(),
            hand: "AKJ4.QT3.K82.964".into(),
        }
    }
}

/// A bad field and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field to fix (`None`: the question as a whole).
    pub field: Option<Field>,
    /// What was expected.
    pub message: String,
}

impl FieldError {
    fn at(field: Field, message: impl Into<String>) -> FieldError {
        FieldError {
            field: Some(field),
            message: message.into(),
        }
    }
}

/// An answer: the chart and how to draw it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The exact chart.
    pub chart: Chart,
    /// Bars or columns.
    pub orientation: Orientation,
}

/// Decodes `%XX` escapes and `+` (as a space) of a query-string component.
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok();
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(b) => {
                        out.push(b);
                        i += 2;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Encodes a query-string component (unreserved characters kept, everything else `%XX`).
pub fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `key=value` pairs of a query string (leading `?` allowed), decoded.
pub fn query_pairs(query: &str) -> Vec<(String, String)> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

impl Question {
    /// The text of one field.
    pub fn get(&self, field: Field) -> &str {
        match field {
            Field::Missing => &self.missing,
            Field::WestVacant => &self.west_vacant,
            Field::EastVacant => &self.east_vacant,
            Field::Cards => &self.cards,
            Field::Honours => &self.honours,
            Field::Player => &self.player,
            Field::Played => &self.played,
            Field::Stat => &self.stat,
            Field::OwnHcp => &self.own_hcp,
            Field::Hand => &self.hand,
        }
    }

    /// Sets the text of one field.
    pub fn set(&mut self, field: Field, value: String) {
        let slot = match field {
            Field::Missing => &mut self.missing,
            Field::WestVacant => &mut self.west_vacant,
            Field::EastVacant => &mut self.east_vacant,
            Field::Cards => &mut self.cards,
            Field::Honours => &mut self.honours,
            Field::Player => &mut self.player,
            Field::Played => &mut self.played,
            Field::Stat => &mut self.stat,
            Field::OwnHcp => &mut self.own_hcp,
            Field::Hand => &mut self.hand,
        };
        *slot = value;
    }

    /// A question from a query string such as `?q=splits&n=4&w=13&e=13`; unknown keys are
    /// ignored, missing ones keep their defaults. `None` if there is no (known) `q=`.
    pub fn from_query(query: &str) -> Option<Question> {
        let pairs = query_pairs(query);
        let kind = pairs
            .iter()
            .find(|(k, _)| k == "q")
            .and_then(|(_, v)| Kind::from_key(v))?;
        let mut q = Question {
            kind,
            ..Question::default()
        };
        let all = [
            Field::Missing,
            Field::WestVacant,
            Field::EastVacant,
            Field::Cards,
            Field::Honours,
            Field::Player,
            Field::Played,
            Field::Stat,
            Field::OwnHcp,
            Field::Hand,
        ];
        for (k, v) in pairs {
            if let Some(f) = all.iter().find(|f| f.key() == k) {
                q.set(*f, v);
            }
        }
        Some(q)
    }

    /// The query pairs that reproduce this question (`q` and the kind's fields).
    pub fn to_pairs(&self) -> Vec<(String, String)> {
        let info = self.kind.info();
        let mut out = vec![("q".to_string(), info.key.to_string())];
        for f in info.fields {
            out.push((f.key().to_string(), self.get(*f).to_string()));
        }
        out
    }

    /// The query string that reproduces this question, without the leading `?`.
    pub fn to_query(&self) -> String {
        self.to_pairs()
            .iter()
            .map(|(k, v)| format!("{}={}", percent_encode(k), percent_encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    fn number(&self, field: Field, min: u32, max: u32) -> Result<u32, FieldError> {
        let text = self.get(field).trim();
        match text.parse::<u32>() {
            Ok(v) if (min..=max).contains(&v) => Ok(v),
            _ => Err(FieldError::at(
                field,
                format!("“{text}”: expected a whole number from {min} to {max}"),
            )),
        }
    }

    fn vacant(&self) -> Result<VacantPlaces, FieldError> {
        let w = self.number(Field::WestVacant, 0, 13)?;
        let e = self.number(Field::EastVacant, 0, 13)?;
        VacantPlaces::new(w, e).map_err(|err| FieldError::at(Field::WestVacant, err.to_string()))
    }

    fn defender(&self) -> Result<Defender, FieldError> {
        match self.player.trim().to_ascii_uppercase().as_str() {
            "W" | "WEST" => Ok(Defender::West),
            "E" | "EAST" => Ok(Defender::East),
            other => Err(FieldError::at(
                Field::Player,
                format!("“{other}”: expected W (West) or E (East)"),
            )),
        }
    }

    /// Answers the question exactly.
    pub fn answer(&self) -> Result<Answer, FieldError> {
        let bars = |chart: Chart| Answer {
            chart,
            orientation: Orientation::Bars,
        };
        let columns = |chart: Chart| Answer {
            chart,
            orientation: Orientation::Columns,
        };
        let whole = |e: ProbError| FieldError {
            field: None,
            message: e.to_string(),
        };
        match self.kind {
            Kind::Splits => {
                let n = self.number(Field::Missing, 1, 13)?;
                let v = self.vacant()?;
                if v == VacantPlaces::START {
                    suit_splits(n).map(bars).map_err(whole)
                } else {
                    suit_splits_given(n, v)
                        .map(bars)
                        .map_err(|e| FieldError::at(Field::Missing, e.to_string()))
                }
            }
            Kind::Honour => {
                let missing =
                    parse_holding(&self.cards).map_err(|m| FieldError::at(Field::Cards, m))?;
                let honours = named_cards(&self.honours, missing)?;
                let v = self.vacant()?;
                honour_location(missing, honours, v)
                    .map(bars)
                    .map_err(|e| field_of(e, Field::Honours))
            }
            Kind::FinesseDrop => {
                let missing =
                    parse_holding(&self.cards).map_err(|m| FieldError::at(Field::Cards, m))?;
                let honours = named_cards(&self.honours, missing)?;
                if honours.len() != 1 {
                    return Err(FieldError::at(
                        Field::Honours,
                        "expected exactly one honour to catch, e.g. Q",
                    ));
                }
                let v = self.vacant()?;
                finesse_or_drop(missing, honours, v)
                    .map(bars)
                    .map_err(|e| field_of(e, Field::Cards))
            }
            Kind::RestrictedChoice => {
                let missing =
                    parse_holding(&self.cards).map_err(|m| FieldError::at(Field::Cards, m))?;
                let equals = named_cards(&self.honours, missing)?;
                let player = self.defender()?;
                let played =
                    parse_rank(&self.played).map_err(|m| FieldError::at(Field::Played, m))?;
                if !equals.contains(played) {
                    return Err(FieldError::at(
                        Field::Played,
                        format!(
                            "{}: expected one of the equal cards {equals}",
                            played.letter()
                        ),
                    ));
                }
                let v = self.vacant()?;
                restricted_choice(missing, v, player, played, equals)
                    .map(bars)
                    .map_err(|e| field_of(e, Field::Cards))
            }
            Kind::Vacant => {
                let v = self.vacant()?;
                card_location(v).map_err(|e| FieldError::at(Field::WestVacant, e.to_string()))?;
                Chart::new(
                    format!("Where is one given missing card? {} vacant places West, {} East", v.west, v.east),
                    "P(a given card is with West) = W / (W + E): each vacant place is equally likely to hold it",
                    "vacant places",
                    u128::from(v.west) + u128::from(v.east),
                    2,
                    [
                        ("West".to_string(), u128::from(v.west)),
                        ("East".to_string(), u128::from(v.east)),
                    ],
                )
                .map(bars)
                .map_err(whole)
            }
            Kind::Patterns => shape::hand_patterns().map(bars).map_err(whole),
            Kind::Shape => {
                let stat = match self.stat.trim() {
                    "longest" => ShapeStatistic::Longest,
                    "shortest" => ShapeStatistic::Shortest,
                    "voids" => ShapeStatistic::Voids,
                    "singletons" => ShapeStatistic::Singletons,
                    "doubletons" => ShapeStatistic::Doubletons,
                    "four" => ShapeStatistic::SuitsOfFourPlus,
                    s => match s.chars().next().and_then(Suit::from_char) {
                        Some(suit) if s.chars().count() == 1 => ShapeStatistic::SuitLength(suit),
                        _ => {
                            return Err(FieldError::at(
                                Field::Stat,
                                format!("“{s}”: expected one of the listed statistics"),
                            ))
                        }
                    },
                };
                shape::shape_statistic(stat).map(columns).map_err(whole)
            }
            Kind::Hcp => hcp::hcp_distribution().map(columns).map_err(whole),
            Kind::Aces => hcp::aces_per_hand().map(columns).map_err(whole),
            Kind::PartnerHcp => {
                let own = self.number(Field::OwnHcp, 0, 37)?;
                hcp::partner_hcp_given_own_hcp(own)
                    .map(columns)
                    .map_err(|e| FieldError::at(Field::OwnHcp, e.to_string()))
            }
            Kind::PartnerHand => {
                let hand = parse_hand(&self.hand).map_err(|m| FieldError::at(Field::Hand, m))?;
                hcp::partner_hcp_given_hand(hand)
                    .map(columns)
                    .map_err(|e| FieldError::at(Field::Hand, e.to_string()))
            }
            Kind::Fit => {
                let hand = parse_hand(&self.hand).map_err(|m| FieldError::at(Field::Hand, m))?;
                fit::fit_chances(hand)
                    .map(bars)
                    .map_err(|e| FieldError::at(Field::Hand, e.to_string()))
            }
            Kind::LongestFit => fit::partnership_longest_fit().map(columns).map_err(whole),
        }
    }
}

fn field_of(e: ProbError, field: Field) -> FieldError {
    FieldError::at(field, e.to_string())
}

/// The named cards, which must be among the missing ones.
fn named_cards(text: &str, missing: Holding) -> Result<Holding, FieldError> {
    let h = parse_holding(text).map_err(|m| FieldError::at(Field::Honours, m))?;
    if h.is_empty() {
        return Err(FieldError::at(
            Field::Honours,
            "expected at least one card, e.g. Q",
        ));
    }
    if h.bits() & !missing.bits() != 0 {
        return Err(FieldError::at(
            Field::Honours,
            format!("{h}: expected cards among the missing ones ({missing})"),
        ));
    }
    Ok(h)
}

/// One rank, e.g. `Q` or `10`.
pub fn parse_rank(text: &str) -> Result<Rank, String> {
    let t = text.trim();
    if t == "10" {
        return Ok(Rank::TEN);
    }
    let mut chars = t.chars();
    match (chars.next().and_then(Rank::from_char), chars.next()) {
        (Some(r), None) => Ok(r),
        _ => Err(format!("“{t}”: expected one rank, e.g. Q")),
    }
}

/// A holding such as `KJ1032`, `QJxx` or `—`: `x` stands for the lowest card not named.
pub fn parse_holding(text: &str) -> Result<Holding, String> {
    let t = text.trim().replace("10", "T");
    let mut h = Holding::EMPTY;
    let mut smalls = 0u32;
    for c in t.chars() {
        if c.is_whitespace() || matches!(c, '-' | '—' | '–') {
            continue;
        }
        if c == 'x' || c == 'X' {
            smalls += 1;
            continue;
        }
        let Some(r) = Rank::from_char(c) else {
            return Err(format!(
                "“{c}” in “{}”: expected ranks AKQJT98765432 or x",
                text.trim()
            ));
        };
        if h.contains(r) {
            return Err(format!(
                "{} twice in “{}”: expected each rank once",
                r.letter(),
                text.trim()
            ));
        }
        h = h.with(r);
    }
    for r in Rank::DESCENDING.iter().rev() {
        if smalls == 0 {
            break;
        }
        if !h.contains(*r) {
            h = h.with(*r);
            smalls -= 1;
        }
    }
    if smalls > 0 {
        return Err(format!("“{}”: expected at most 13 cards", text.trim()));
    }
    Ok(h)
}

/// A 13-card hand in PBN notation `♠.♥.♦.♣`, e.g. `AKJ4.QT3.K82.964`.
pub fn parse_hand(text: &str) -> Result<Hand, String> {
    let t = text.trim();
    let parts: Vec<&str> = t.split('.').collect();
    if parts.len() != 4 {
        return Err(format!(
            "“{t}”: expected four suits ♠.♥.♦.♣ separated by dots"
        ));
    }
    let mut hs = [Holding::EMPTY; 4];
    for (i, p) in parts.iter().enumerate() {
        if p.contains(['x', 'X']) {
            return Err(format!("“{p}”: expected exact cards (no x) in your hand"));
        }
        hs[i] = parse_holding(p)?;
    }
    let hand = Hand::from_holdings(hs);
    if hand.len() != 13 {
        return Err(format!("{} cards: expected 13", hand.len()));
    }
    Ok(hand)
}

/// Finesse against drop for the one missing `honour`: the two classic lines, with the
/// finesse taken through West (declarer holds the tenace over West).
pub fn finesse_or_drop(
    missing: Holding,
    honour: Holding,
    vacant: VacantPlaces,
) -> Result<Chart, ProbError> {
    let Some(rank) = honour.ranks().next() else {
        return Err(ProbError::Impossible {
            what: "no honour named".into(),
        });
    };
    let n = missing.len();
    // The top cards above the honour: all held by declarer's side.
    let above = (14 - u32::from(rank.value())) as u8;
    let total = binomial(vacant.total(), vacant.west.into());
    let lines: [(String, Condition); 4] = [
        (
            format!("Drop (cash {above} top)"),
            Condition::Any(vec![
                Condition::Falls(rank, above),
                Condition::Length(Defender::West, n as u8, n as u8),
            ]),
        ),
        (
            format!("Finesse West (cash {})", above.saturating_sub(1)),
            Condition::Any(vec![
                Condition::Falls(rank, above.saturating_sub(1)),
                Condition::HoldsAll(Defender::West, honour),
            ]),
        ),
        (
            format!("{} with West", rank.letter()),
            Condition::HoldsAll(Defender::West, honour),
        ),
        (
            format!("{} falls in {above} rounds", rank.letter()),
            Condition::Falls(rank, above),
        ),
    ];
    let mut rows = Vec::new();
    for (label, cond) in lines {
        let p = probability(missing, vacant, &cond)?;
        let count = total
            .checked_div(p.denominator)
            .map_or(0, |per| p.numerator * per);
        rows.push((label, count));
    }
    Chart::new(
        format!(
            "Finesse or drop: {} missing {missing}, {} and {} vacant places",
            rank.letter(),
            vacant.west,
            vacant.east
        ),
        "Drop: cash the top cards, finessing West if East shows out at once; finesse: cash one fewer, then finesse West. P(line) = Σ over layouts S it wins of C(W+E−n, W−|S|) / C(W+E, W)",
        "ways to fill the vacant places",
        total,
        2,
        rows,
    )
}
