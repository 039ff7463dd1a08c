//! High-card points: the HCP of one hand (0–37), aces (or any honour rank) per hand, HCP
//! within a hand pattern, partner's HCP given your HCP or your exact hand.
//!
//! Method: only the 16 honours carry points, so a hand is counted by how many aces, kings,
//! queens and jacks it takes from those still available and how many spot cards:
//! `Π_r C(avail_r, x_r) · C(spots, m − Σx)`. Per-suit questions (HCP within a pattern) use the
//! suit generating function `g_l(h) = Σ_{honour sets S, hcp(S)=h} C(9, l − |S|)`.

use fairdeal_model::{Hand, Rank};

use crate::chart::{Chart, DEFAULT_DECIMALS};
use crate::exact::{add, binomial, binomial_i, mul};
use crate::shape::{ordered_patterns, Pattern, HANDS};
use crate::ProbError;

/// Highest HCP a 13-card hand can hold.
pub const MAX_HCP: usize = 37;

/// Points of an ace, king, queen, jack.
const POINTS: [usize; 4] = [4, 3, 2, 1];

/// Cards still available to a hand: honours of each rank (A, K, Q, J) and spot cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pool {
    honours: [u32; 4],
    spots: u32,
}

impl Pool {
    const FULL_DECK: Pool = Pool {
        honours: [4; 4],
        spots: 36,
    };

    /// The cards not in `seen`.
    fn without(seen: Hand) -> Pool {
        let mut honours = [4u32; 4];
        let mut spots = 36u32;
        for card in seen.cards() {
            let top = card.rank().from_top();
            if top < 4 {
                honours[top] -= 1;
            } else {
                spots -= 1;
            }
        }
        Pool { honours, spots }
    }

    /// For every honour composition (x_A, x_K, x_Q, x_J) within the pool: ways to pick those.
    fn compositions(self) -> impl Iterator<Item = ([u32; 4], u128)> {
        let h = self.honours;
        (0..=h[0]).flat_map(move |a| {
            (0..=h[1]).flat_map(move |k| {
                (0..=h[2]).flat_map(move |q| {
                    (0..=h[3]).map(move |j| {
                        let x = [a, k, q, j];
                        let ways = (0..4).map(|i| binomial(h[i], x[i])).product::<u128>();
                        (x, ways)
                    })
                })
            })
        })
    }

    /// Hands of `m` cards from the pool, by HCP.
    fn hcp_counts(self, m: u32) -> Result<Vec<u128>, ProbError> {
        let mut out = vec![0u128; 41];
        for (x, ways) in self.compositions() {
            let n: u32 = x.iter().sum();
            let spot_ways = binomial_i(self.spots.into(), i64::from(m) - i64::from(n));
            let h = hcp_of(x);
            out[h] = add(out[h], mul(ways, spot_ways, "hcp")?, "hcp")?;
        }
        Ok(out)
    }
}

fn hcp_of(x: [u32; 4]) -> usize {
    (0..4).map(|i| POINTS[i] * x[i] as usize).sum()
}

fn hcp_chart(
    title: String,
    formula: &str,
    unit: &str,
    total: u128,
    counts: &[u128],
) -> Result<Chart, ProbError> {
    Chart::new(
        title,
        formula,
        unit,
        total,
        DEFAULT_DECIMALS,
        counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(h, &c)| (h.to_string(), c)),
    )
}

/// Hands of 13 cards by HCP, index 0..=37.
pub fn hcp_counts() -> Vec<u128> {
    let mut v = Pool::FULL_DECK.hcp_counts(13).unwrap_or_default();
    v.truncate(MAX_HCP + 1);
    v
}

/// Chart of the HCP of one hand, 0–37.
pub fn hcp_distribution() -> Result<Chart, ProbError> {
    let counts = Pool::FULL_DECK.hcp_counts(13)?;
    hcp_chart(
        "HCP of one hand".into(),
        "hands(h) = Σ_{a,k,q,j: 4a+3k+2q+j=h} C(4,a)C(4,k)C(4,q)C(4,j)·C(36, 13−a−k−q−j)",
        "hands",
        HANDS,
        &counts,
    )
}

/// Chart of how many cards of one honour rank (e.g. aces) a hand holds, 0–4.
pub fn rank_count_per_hand(rank: Rank) -> Result<Chart, ProbError> {
    let rows = (0..=4u32)
        .map(|i| (i.to_string(), binomial(4, i) * binomial(48, 13 - i)))
        .collect::<Vec<_>>();
    Chart::new(
        format!("Number of rank {} per hand", rank.letter()),
        "hands(i) = C(4,i)·C(48,13−i), over C(52,13)",
        "hands",
        HANDS,
        DEFAULT_DECIMALS,
        rows,
    )
}

/// Chart of the number of aces per hand.
pub fn aces_per_hand() -> Result<Chart, ProbError> {
    rank_count_per_hand(Rank::ACE)
}

/// `g[l][h]`: holdings of `l` cards from one full suit with `h` HCP.
fn suit_gf() -> [[u128; 11]; 14] {
    let mut g = [[0u128; 11]; 14];
    for s in 0u32..16 {
        let n = s.count_ones();
        let h = (0..4)
            .filter(|i| s & (1 << i) != 0)
            .map(|i| POINTS[i])
            .sum::<usize>();
        for (l, row) in g.iter_mut().enumerate() {
            row[h] += binomial_i(9, l as i64 - i64::from(n));
        }
    }
    g
}

/// Hands of a pattern (all its suit orders) by HCP, index 0..=37.
pub fn pattern_hcp_counts(pattern: Pattern) -> Vec<u128> {
    let g = suit_gf();
    let mut total = vec![0u128; MAX_HCP + 1];
    for (l, _) in ordered_patterns() {
        if Pattern::of(l) != pattern {
            continue;
        }
        let mut acc = vec![0u128; 41];
        acc[0] = 1;
        for &len in &l {
            let mut next = vec![0u128; 41];
            for (h, &a) in acc.iter().enumerate().filter(|(_, &a)| a > 0) {
                for (dh, &b) in g[len as usize].iter().enumerate() {
                    if h + dh <= 40 {
                        next[h + dh] += a * b;
                    }
                }
            }
            acc = next;
        }
        for (h, t) in total.iter_mut().enumerate() {
            *t += acc[h];
        }
    }
    total
}

/// Chart of the HCP of hands of one pattern (e.g. 4-3-3-3), over the hands of that pattern.
pub fn pattern_hcp(pattern: Pattern) -> Result<Chart, ProbError> {
    let counts = pattern_hcp_counts(pattern);
    hcp_chart(
        format!("HCP of {pattern} hands"),
        "Σ over suit orders of Π_s g_{l_s}, g_l(h) = Σ_{honour sets S, hcp h} C(9, l−|S|)",
        "hands",
        counts.iter().sum(),
        &counts,
    )
}

/// Ordered (own hand, partner's hand) pairs by (own HCP, partner's HCP), `[own][partner]`.
pub fn pair_hcp_counts() -> Result<Vec<Vec<u128>>, ProbError> {
    let mut joint = vec![vec![0u128; MAX_HCP + 1]; MAX_HCP + 1];
    let full = Pool::FULL_DECK;
    for (x, ways_own) in full.compositions() {
        let n_own: u32 = x.iter().sum();
        if n_own > 13 {
            continue;
        }
        let own_spots = binomial(36, 13 - n_own);
        let rest = Pool {
            honours: std::array::from_fn(|i| 4 - x[i]),
            spots: 23 + n_own,
        };
        let partner = rest.hcp_counts(13)?;
        let h_own = hcp_of(x);
        let base = mul(ways_own, own_spots, "pair hcp")?;
        for (h_p, &c) in partner.iter().enumerate().take(MAX_HCP + 1) {
            joint[h_own][h_p] = add(joint[h_own][h_p], mul(base, c, "pair hcp")?, "pair hcp")?;
        }
    }
    Ok(joint)
}

/// Chart of partner's HCP given only your HCP total ("blind": your honours unknown),
/// over ordered pairs of hands.
pub fn partner_hcp_given_own_hcp(own_hcp: u32) -> Result<Chart, ProbError> {
    if own_hcp as usize > MAX_HCP {
        return Err(ProbError::TooMany {
            what: "own HCP",
            given: own_hcp,
            max: MAX_HCP as u32,
        });
    }
    let joint = pair_hcp_counts()?;
    let row = &joint[own_hcp as usize];
    hcp_chart(
        format!("Partner's HCP when you hold {own_hcp} HCP"),
        "pairs(h, p) = Σ over your honours x and partner's y: Π C(4,x)C(4−x,y)·C(36,13−|x|)·C(23+|x|,13−|y|)",
        "ordered pairs of hands",
        row.iter().sum(),
        row,
    )
}

/// Chart of partner's HCP given your exact 13-card hand (the other 39 cards unseen).
pub fn partner_hcp_given_hand(hand: Hand) -> Result<Chart, ProbError> {
    if hand.len() != 13 {
        return Err(ProbError::BadHand {
            what: format!("a hand of {} cards", hand.len()),
            expected: "13 cards",
        });
    }
    let counts = Pool::without(hand).hcp_counts(13)?;
    hcp_chart(
        format!("Partner's HCP opposite {hand}"),
        "hands(p) = Σ_{x: hcp(x)=p} Π_r C(left_r, x_r)·C(spots left, 13−|x|), over C(39,13)",
        "partner hands",
        binomial(39, 13),
        &counts,
    )
}
