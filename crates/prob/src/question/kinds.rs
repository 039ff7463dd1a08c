//! The table of question kinds and their inputs: [`Kind`] (what is asked), [`Field`] (an
//! input, with its query-string key, label and hint) and [`KINDS`], one row per kind giving
//! its `q=` value, its label and the fields it reads. Front ends build their drop-downs and
//! flags from these tables, so a kind or field is declared once.

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
    /// Every field, in form order.
    pub const ALL: [Field; 10] = [
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

    /// The field with this query-string key.
    pub fn from_key(key: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| f.key() == key)
    }

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

/// The inputs of the questions about named cards among the missing ones.
const HONOUR_FIELDS: &[Field] = &[
    Field::Cards,
    Field::Honours,
    Field::WestVacant,
    Field::EastVacant,
];

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
        fields: HONOUR_FIELDS,
    },
    KindInfo {
        kind: Kind::FinesseDrop,
        key: "finesse",
        label: "Finesse or drop?",
        fields: HONOUR_FIELDS,
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
