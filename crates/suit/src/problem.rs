//! [`Problem`]: one suit's two declaring holdings, entries, vacant places and the objective, read
//! from text (`AQ10x`, `xxx`, `-` for a void). Small cards written `x` are taken as the lowest
//! spots nobody holds, and the problem says which ([`Problem::x_spots`]).

use serde::{Deserialize, Serialize};

use crate::SuitError;

/// Rank characters from the 2 (index 0) to the ace (index 12).
pub const RANK_CHARS: [char; 13] = [
    '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
];

/// A rank index 0..13 (2..A) as players write it (`10` for the ten).
pub fn rank_name(rank: u8) -> &'static str {
    const NAMES: [&str; 13] = [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ];
    NAMES[rank as usize % 13]
}

/// The cards of a mask, high to low, as players write them (`AQ102`); `—` for none.
pub fn cards_text(mask: u16) -> String {
    let s: String = (0..13u8)
        .rev()
        .filter(|r| mask >> r & 1 == 1)
        .map(rank_name)
        .collect();
    if s.is_empty() {
        "—".to_string()
    } else {
        s
    }
}

/// One of declarer's two hands. North is written first (`fairdeal suit NORTH SOUTH`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The hand written first (dummy in the usual diagram).
    North,
    /// The hand written second (declarer).
    South,
}

impl Side {
    /// Both hands, North first.
    pub const ALL: [Side; 2] = [Side::North, Side::South];

    /// The name as printed.
    pub const fn name(self) -> &'static str {
        match self {
            Side::North => "North",
            Side::South => "South",
        }
    }

    /// The other hand.
    pub const fn partner(self) -> Side {
        match self {
            Side::North => Side::South,
            Side::South => Side::North,
        }
    }

    pub(crate) const fn index(self) -> usize {
        match self {
            Side::North => 0,
            Side::South => 1,
        }
    }
}

/// Entries to each hand from outside the suit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Entries {
    /// As many as declarer wants.
    Unlimited,
    /// So many entries to North and to South.
    Limited {
        /// Entries to North.
        north: u8,
        /// Entries to South.
        south: u8,
    },
}

impl Entries {
    /// Reads `unlimited` or `N:S` (e.g. `1:2`).
    pub fn parse(text: &str) -> Result<Entries, SuitError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("unlimited") || t.is_empty() {
            return Ok(Entries::Unlimited);
        }
        let bad = || SuitError::Entries {
            text: text.to_string(),
        };
        let (n, s) = t.split_once(':').ok_or_else(bad)?;
        let north: u8 = n.trim().parse().map_err(|_| bad())?;
        let south: u8 = s.trim().parse().map_err(|_| bad())?;
        if north > 13 || south > 13 {
            return Err(bad());
        }
        Ok(Entries::Limited { north, south })
    }

    /// `unlimited` or `N:S`, the form [`Entries::parse`] reads.
    pub fn text(self) -> String {
        match self {
            Entries::Unlimited => "unlimited".to_string(),
            Entries::Limited { north, south } => format!("{north}:{south}"),
        }
    }
}

/// Places West and East have for the suit's missing cards (13 each a priori; fewer when the
/// auction or the play has shown cards in other suits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Vacant {
    /// West's vacant places.
    pub west: u8,
    /// East's vacant places.
    pub east: u8,
}

impl Vacant {
    /// 13 and 13: nothing known.
    pub const START: Vacant = Vacant { west: 13, east: 13 };

    /// Reads `W:E` (e.g. `10:13`).
    pub fn parse(text: &str) -> Result<Vacant, SuitError> {
        let bad = || SuitError::Vacant {
            text: text.to_string(),
        };
        let (w, e) = text.trim().split_once(':').ok_or_else(bad)?;
        let west: u8 = w.trim().parse().map_err(|_| bad())?;
        let east: u8 = e.trim().parse().map_err(|_| bad())?;
        if west > 13 || east > 13 {
            return Err(bad());
        }
        Ok(Vacant { west, east })
    }
}

/// What the line is chosen for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Objective {
    /// The most tricks on average.
    MaxExpected,
    /// The best chance of at least this many tricks (ties broken by expected tricks).
    Target(u8),
}

/// A suit-combination problem, validated: the two holdings are disjoint, the objective and the
/// vacant places are possible.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Problem {
    /// North's cards as a rank mask (bit 0 = the 2).
    pub north: u16,
    /// South's cards.
    pub south: u16,
    /// The spots the `x`s were taken as (a mask), for saying so.
    pub x_spots: u16,
    /// Entries to each hand.
    pub entries: Entries,
    /// West's and East's vacant places.
    pub vacant: Vacant,
    /// Target or expected tricks.
    pub objective: Objective,
}

/// Reads one holding: ranks `AKQJT98765432` (also `10`, lower case), `x` for a small card,
/// `-`/`void`/empty for none. Returns the explicit ranks and the number of `x`s.
fn read_holding(text: &str, side: Side) -> Result<(u16, u8), SuitError> {
    let t = text.trim();
    if t.is_empty() || t == "-" || t == "—" || t.eq_ignore_ascii_case("void") {
        return Ok((0, 0));
    }
    let mut mask = 0u16;
    let mut xs = 0u8;
    let chars: Vec<(usize, char)> = t.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        let column = text[..text.len() - text.trim_start().len()].chars().count()
            + t[..at].chars().count()
            + 1;
        let rank = match c.to_ascii_uppercase() {
            'X' => {
                xs += 1;
                i += 1;
                continue;
            }
            '1' if chars.get(i + 1).map(|p| p.1) == Some('0') => {
                i += 1;
                8
            }
            u => match RANK_CHARS.iter().position(|&r| r == u) {
                Some(r) => r as u8,
                None => {
                    return Err(SuitError::Card {
                        side,
                        column,
                        found: c,
                    })
                }
            },
        };
        if mask >> rank & 1 == 1 {
            return Err(SuitError::Repeated {
                side,
                column,
                card: rank_name(rank).to_string(),
            });
        }
        mask |= 1 << rank;
        i += 1;
    }
    Ok((mask, xs))
}

impl Problem {
    /// A problem from the two holdings as written (North first).
    pub fn parse(
        north: &str,
        south: &str,
        entries: Entries,
        vacant: Vacant,
        objective: Objective,
    ) -> Result<Problem, SuitError> {
        let (mut n, nx) = read_holding(north, Side::North)?;
        let (mut s, sx) = read_holding(south, Side::South)?;
        if n & s != 0 {
            return Err(SuitError::Both {
                card: cards_text(n & s),
            });
        }
        let total = n.count_ones() + s.count_ones() + nx as u32 + sx as u32;
        if total > 13 {
            return Err(SuitError::TooMany { total });
        }
        if total == 0 || n.count_ones() + nx as u32 == 0 && s.count_ones() + sx as u32 == 0 {
            return Err(SuitError::NoCards);
        }
        // The xs take the lowest unused spots: North's first the lower ones? The spots are all
        // below every missing card, so which x is which does not change any line; South's xs
        // take the lowest (a player leads "low from hand").
        let mut x_spots = 0u16;
        let mut give = |count: u8, hand: &mut u16, used: u16| {
            let mut left = count;
            for r in 0..13u8 {
                if left == 0 {
                    break;
                }
                if (used | x_spots) >> r & 1 == 0 {
                    *hand |= 1 << r;
                    x_spots |= 1 << r;
                    left -= 1;
                }
            }
        };
        let used = n | s;
        give(sx, &mut s, used);
        give(nx, &mut n, used);
        let missing = 13 - total as u8;
        if (vacant.west as u32 + vacant.east as u32) < missing as u32 {
            return Err(SuitError::VacantTooFew {
                places: vacant.west + vacant.east,
                missing,
            });
        }
        if let Objective::Target(t) = objective {
            let most = n.count_ones().max(s.count_ones()) as u8;
            if t == 0 || t > most {
                return Err(SuitError::Target { target: t, most });
            }
        }
        Ok(Problem {
            north: n,
            south: s,
            x_spots,
            entries,
            vacant,
            objective,
        })
    }

    /// The defenders' cards (a mask).
    pub fn missing(&self) -> u16 {
        !(self.north | self.south) & 0x1fff
    }

    /// A hand's cards.
    pub fn hand(&self, side: Side) -> u16 {
        match side {
            Side::North => self.north,
            Side::South => self.south,
        }
    }

    /// "x = 2, 3, 4" when some cards were written `x`, else `None`.
    pub fn x_note(&self) -> Option<String> {
        if self.x_spots == 0 {
            return None;
        }
        let spots: Vec<&str> = (0..13u8)
            .filter(|r| self.x_spots >> r & 1 == 1)
            .map(rank_name)
            .collect();
        Some(format!("small cards (x) taken as the {}", spots.join(", ")))
    }
}

/// A problem as typed (holdings as written), the form the `/suit` page's URL and
/// `fairdeal suit` share: `n=AQ10x&s=xxx&target=3&entries=1:2&vacant=10:13`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ProblemText {
    /// North's holding as written.
    pub north: String,
    /// South's holding as written.
    pub south: String,
    /// Target tricks (empty: most tricks on average).
    pub target: String,
    /// `unlimited` or `N:S` (empty: unlimited).
    pub entries: String,
    /// `W:E` (empty: 13:13).
    pub vacant: String,
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b':' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len()
                && s.is_char_boundary(i + 1)
                && s.is_char_boundary(i + 3) =>
            {
                match u8::from_str_radix(&s[i + 1..i + 3], 16) {
                    Ok(b) => {
                        out.push(b);
                        i += 2;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl ProblemText {
    /// Reads a query string (a leading `?` is fine; unknown keys are ignored).
    pub fn from_query(query: &str) -> ProblemText {
        let mut t = ProblemText::default();
        for pair in query.trim_start_matches('?').split('&') {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let v = decode(v);
            match k {
                "n" => t.north = v,
                "s" => t.south = v,
                "target" => t.target = v,
                "entries" => t.entries = v,
                "vacant" => t.vacant = v,
                _ => {}
            }
        }
        t
    }

    /// The query string (empty fields left out).
    pub fn to_query(&self) -> String {
        let mut parts = vec![
            format!("n={}", encode(&self.north)),
            format!("s={}", encode(&self.south)),
        ];
        for (k, v) in [
            ("target", &self.target),
            ("entries", &self.entries),
            ("vacant", &self.vacant),
        ] {
            if !v.trim().is_empty() {
                parts.push(format!("{k}={}", encode(v.trim())));
            }
        }
        parts.join("&")
    }

    /// The validated problem.
    pub fn problem(&self) -> Result<Problem, SuitError> {
        let entries = Entries::parse(&self.entries)?;
        let vacant = if self.vacant.trim().is_empty() {
            Vacant::START
        } else {
            Vacant::parse(&self.vacant)?
        };
        let objective = match self.target.trim() {
            "" | "max" => Objective::MaxExpected,
            t => Objective::Target(t.parse().map_err(|_| SuitError::TargetText {
                text: t.to_string(),
            })?),
        };
        Problem::parse(&self.north, &self.south, entries, vacant, objective)
    }
}
