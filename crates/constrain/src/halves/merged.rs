//! A half of the deck that no condition looks into suit by suit — no seat's shape tells its
//! two suits apart (a seat's classes there depend only on how many cards of the half it
//! holds), no fit names them — dealt as one suit of 26 cards: what
//! `north: hcp 20-23 / east: hcp 8-11 / south: hcp 12-17, controls 4+ / ns: fit 9+ spades /
//! ew: fit 9+ majors` leaves in ♦♣.
//!
//! # Method
//!
//! The half's groups are then its tuples of lengths per seat (26 cards in all, at most 13 a
//! seat), not its pairs of columns (560 × 560 with no shape): the high cards of both suits
//! fall as the two suits' layouts side by side, which sorts them by the vector of totals they
//! add and the number of them each seat holds (*held*), and the half's count for lengths *L*
//! at a vector is
//!
//! > Σ over the (held *H*, vector) entries: layouts(*H*, vector) × (spots)! / Π (*L* − *H*)!,
//!
//! the spot cards of both suits taken as one pile. A few thousand entries stand for the
//! whole half, so no group's counts are stored: the join adds a group's entries into its
//! dense array when it needs them, and a deal's count at one vector reads that vector's few
//! entries. Drawing is the same in reverse: an entry by its weight, one of its layouts
//! uniformly (each has the same number of spot deals), then the spot cards of both suits
//! shuffled as one pile and handed out by the seats' remaining lengths.

use super::{Layout, Pt, Space};
use crate::combin::{below, choose_set_front, multinomial};
use rand_chacha::ChaCha8Rng;

/// The layouts of the half's high cards holding `held` (an id into [`Merged::helds`]) and
/// adding the vector at dense index `at`: `count` of them, from `codes[first]`. Where an
/// observer watches seats' lengths in the half's first suit, `held` also tells how many of
/// their high cards are of that suit ([`Merged::firsts`]).
#[derive(Debug, Clone, Copy)]
struct Entry {
    at: u32,
    held: u16,
    count: u32,
    first: u32,
}

/// The tables of a half dealt as one suit (see the module doc).
#[derive(Debug, Clone)]
pub(super) struct Merged {
    /// Per group of the half (parallel to its groups): each seat's cards in the half.
    pub(super) lengths: Vec<[u8; 4]>,
    /// Sorted by dense index, then held.
    entries: Vec<Entry>,
    /// Per dense index, where its entries start (`size + 1` items).
    starts: Vec<u32>,
    /// The dense indices with entries, in order, and their vectors.
    ats: Vec<u32>,
    points: Vec<Pt>,
    /// The distinct tuples of high cards held per seat.
    helds: Vec<[u8; 4]>,
    /// Parallel to `helds`: of those, the first suit's, for the watched seats (0 for the
    /// others): the entries of one tuple of `helds` are kept apart by these.
    firsts: Vec<[u8; 4]>,
    /// Spot cards in each of the half's suits.
    spots: usize,
    /// The seats whose lengths in the half's suits an observer reads (bit per seat).
    pub(super) watched: u8,
    /// Each entry's layouts: the first suit's layout above 16 bits, the second's below.
    codes: Vec<u32>,
    /// `ways[g * helds + h]`: the ways to deal the half's spot cards to group `g`'s lengths
    /// with held tuple `h` (0 where a seat holds more high cards than cards).
    ways: Vec<u64>,
}

/// Whether a seat's classes in a half (by `x * 14 + y`, its lengths in the half's two suits)
/// depend only on `x + y`, for every seat.
pub(super) fn by_sum(class: &[Vec<Option<u16>>; 4]) -> bool {
    class
        .iter()
        .all(|c| (0..14usize).all(|x| (0..14usize).all(|y| c[x * 14 + y] == c[split(x + y)])))
}

/// The place in a class table of the length pair (`min(s, 13)`, rest) of `s` cards.
fn split(s: usize) -> usize {
    let x = s.min(13);
    x * 14 + (s - x)
}

/// The ways to deal `spots` spot cards to seats holding `lengths` cards and `held` high
/// cards of the half: spots! / Π (lengths − held)!, 0 where a seat holds more high cards
/// than cards.
fn spot_ways(spots: usize, lengths: &[u8; 4], held: &[u8; 4]) -> u64 {
    if (0..4).any(|s| held[s] > lengths[s]) {
        return 0;
    }
    let rest: [usize; 3] = std::array::from_fn(|s| usize::from(lengths[s] - held[s]));
    multinomial(spots, &rest) as u64
}

/// The ways to deal the spot cards (`spots` of each suit of the half) to seats holding
/// `lengths` cards and `held` high cards of the half, `held_first` of them in its first suit,
/// such that each `watched` seat (bit per seat; `held_first` is 0 for the others) holds
/// exactly `first[seat]` cards of the first suit. Of the spots dealt to the watched seats,
/// the first suit's are a multinomial choice from that suit's spots, the second's likewise,
/// and the rest of both suits go to the other seats as one pile:
///
/// > spots! / (Π *x*! · *r*₁!) × spots! / (Π *y*! · *r*₂!) × (*r*₁ + *r*₂)! / Π *n*!
///
/// with *x*, *y* each watched seat's spots of the first and second suit, *r* the spots left
/// in each suit, *n* each other seat's spots. Summed over every split it is [`spot_ways`]
/// (Vandermonde), which the tests check.
fn split_ways(
    spots: usize,
    lengths: &[u8; 4],
    held: &[u8; 4],
    held_first: &[u8; 4],
    (first, watched): (&[u8; 4], u8),
) -> u64 {
    let mut firsts = Vec::new();
    let mut seconds = Vec::new();
    let mut others = Vec::new();
    for seat in 0..4 {
        let Some(n) = lengths[seat].checked_sub(held[seat]) else {
            return 0;
        };
        let (n, held_first) = (usize::from(n), usize::from(held_first[seat]));
        if watched >> seat & 1 == 0 {
            others.push(n);
            continue;
        }
        let Some(x) = usize::from(first[seat]).checked_sub(held_first) else {
            return 0;
        };
        let Some(y) = n.checked_sub(x) else {
            return 0;
        };
        firsts.push(x);
        seconds.push(y);
    }
    let (Some(r1), Some(r2)) = (
        spots.checked_sub(firsts.iter().sum()),
        spots.checked_sub(seconds.iter().sum()),
    ) else {
        return 0;
    };
    (multinomial(spots, &firsts) * multinomial(spots, &seconds) * multinomial(r1 + r2, &others))
        as u64
}

/// The tuples of each seat's cards in the half (26 in all, at most 13 a seat) whose every
/// seat has a class, with those classes.
pub(super) fn groups(class: &[Vec<Option<u16>>; 4]) -> Vec<([u8; 4], [u16; 4])> {
    let mut out = Vec::new();
    for a in 0..14u8 {
        for b in 0..14u8 {
            for c in 0..14u8 {
                let Some(d) = 26u8.checked_sub(a + b + c).filter(|&d| d <= 13) else {
                    continue;
                };
                let lengths = [a, b, c, d];
                let mut key = [0u16; 4];
                let found = (0..4).all(|s| match class[s][split(usize::from(lengths[s]))] {
                    Some(id) => {
                        key[s] = id;
                        true
                    }
                    None => false,
                });
                if found {
                    out.push((lengths, key));
                }
            }
        }
    }
    out
}

impl Merged {
    /// The entries of the half's high cards (`layouts` of one suit, side by side), for the
    /// groups of `lengths`; `watched` (bit per seat): the seats whose lengths in the half's
    /// suits an observer reads ([`Merged::add_split_ways`]).
    pub(super) fn new(
        space: &Space,
        layouts: &[Layout],
        tracked: usize,
        lengths: Vec<[u8; 4]>,
        watched: u8,
    ) -> Merged {
        type Held = ([u8; 4], [u8; 4]);
        let mut keyed: Vec<(u32, Held, u32)> = Vec::new();
        for (i0, l0) in layouts.iter().enumerate() {
            for (i1, l1) in layouts.iter().enumerate() {
                let Some(p) = space.add(&l0.adds, &l1.adds) else {
                    continue;
                };
                let held = std::array::from_fn(|s| l0.held[s] + l1.held[s]);
                let first = std::array::from_fn(|s| l0.held[s] * (watched >> s & 1));
                keyed.push((
                    space.index(&p),
                    (held, first),
                    (i0 as u32) << 16 | i1 as u32,
                ));
            }
        }
        keyed.sort_unstable();
        let mut distinct: Vec<Held> = keyed.iter().map(|k| k.1).collect();
        distinct.sort_unstable();
        distinct.dedup();
        let mut entries: Vec<Entry> = Vec::new();
        let mut starts = vec![0u32; space.size + 1];
        for (i, &(at, held, _)) in keyed.iter().enumerate() {
            match entries.last_mut() {
                Some(e) if e.at == at && distinct[usize::from(e.held)] == held => e.count += 1,
                _ => {
                    entries.push(Entry {
                        at,
                        held: distinct.binary_search(&held).expect("a held tuple") as u16,
                        count: 1,
                        first: i as u32,
                    });
                    starts[at as usize + 1] += 1;
                }
            }
        }
        let (helds, firsts): (Vec<[u8; 4]>, Vec<[u8; 4]>) = distinct.into_iter().unzip();
        for i in 0..space.size {
            starts[i + 1] += starts[i];
        }
        let mut ats: Vec<u32> = entries.iter().map(|e| e.at).collect();
        ats.dedup();
        let points = ats.iter().map(|&at| space.point(at)).collect();
        let spots = 13 - tracked;
        let ways = lengths
            .iter()
            .flat_map(|l| helds.iter().map(move |h| spot_ways(2 * spots, l, h)))
            .collect();
        Merged {
            lengths,
            entries,
            starts,
            ats,
            points,
            helds,
            firsts,
            spots,
            watched,
            codes: keyed.into_iter().map(|k| k.2).collect(),
            ways,
        }
    }

    /// Adds to `ways` (per held tuple, [`Merged::add_weighted`]) group `g`'s ways to deal
    /// the spot cards such that its watched seats hold `first[seat]` cards of the half's
    /// first suit ([`Merged::new`]); with no seat watched, all its ways.
    pub(super) fn add_split_ways(&self, g: usize, first: &[u8; 4], ways: &mut [u64]) {
        if self.watched == 0 {
            for (o, &w) in ways.iter_mut().zip(self.ways(g)) {
                *o += w;
            }
            return;
        }
        let lengths = &self.lengths[g];
        for ((o, held), held_first) in ways.iter_mut().zip(&self.helds).zip(&self.firsts) {
            *o += split_ways(self.spots, lengths, held, held_first, (first, self.watched));
        }
    }

    /// Adds into `dense` the deals of the half's entries with `ways` spot deals per held
    /// tuple.
    pub(super) fn add_weighted(&self, ways: &[u64], dense: &mut [u64]) {
        for e in &self.entries {
            dense[e.at as usize] += u64::from(e.count) * ways[usize::from(e.held)];
        }
    }

    /// The distinct held tuples ([`Merged::add_split_ways`]' length).
    pub(super) fn helds(&self) -> usize {
        self.helds.len()
    }

    /// The watched seats' possible cards of the first suit in group `g`: every tuple (0 for
    /// the seats not watched) within the seats' cards in the half and 13 a suit.
    pub(super) fn first_splits(&self, g: usize) -> Vec<[u8; 4]> {
        let (lengths, watched) = (self.lengths[g], self.watched);
        let mut out = vec![[0u8; 4]];
        for seat in (0..4).filter(|s| watched >> s & 1 == 1) {
            out = out
                .into_iter()
                .flat_map(|t| {
                    (0..=lengths[seat]).map(move |d| {
                        let mut t = t;
                        t[seat] = d;
                        t
                    })
                })
                .collect();
        }
        out.retain(|t| {
            let first: u8 = t.iter().sum();
            let second: u8 = (0..4)
                .filter(|s| watched >> s & 1 == 1)
                .map(|s| lengths[s] - t[s])
                .sum();
            first <= 13 && second <= 13
        });
        out
    }

    /// Group `g`'s ways to deal the spot cards, per held tuple.
    fn ways(&self, g: usize) -> &[u64] {
        let n = self.helds.len();
        &self.ways[g * n..(g + 1) * n]
    }

    /// The ways summed over `groups`, per held tuple: a ♠♥ group's partners'
    /// ([`Merged::find`]).
    pub(super) fn summed_ways(&self, groups: &[u32]) -> Vec<u64> {
        let mut out = vec![0u64; self.helds.len()];
        for &k in groups {
            for (o, &w) in out.iter_mut().zip(self.ways(k as usize)) {
                *o += w;
            }
        }
        out
    }

    /// Stored entries (layouts by held tuple and vector).
    pub(super) fn entries(&self) -> usize {
        self.entries.len()
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
            + self.starts.len() * 4
            + self.ats.len() * (4 + std::mem::size_of::<Pt>())
            + self.codes.len() * 4
            + self.lengths.len() * 4
            + self.helds.len() * 8
            + self.ways.len() * 8
    }

    /// Adds group `g`'s counts into `dense` (by dense index).
    pub(super) fn add_into(&self, g: usize, dense: &mut [u64]) {
        let ways = self.ways(g);
        for e in &self.entries {
            dense[e.at as usize] += u64::from(e.count) * ways[usize::from(e.held)];
        }
    }

    /// Group `g`'s count at dense index `at`.
    pub(super) fn count_at(&self, g: usize, at: u32) -> u64 {
        Self::weigh(self.at(at), self.ways(g))
    }

    /// The deals of `entries` with `ways` per held tuple.
    fn weigh(entries: &[Entry], ways: &[u64]) -> u64 {
        entries
            .iter()
            .map(|e| u64::from(e.count) * ways[usize::from(e.held)])
            .sum()
    }

    /// The entries at dense index `at`.
    fn at(&self, at: u32) -> &[Entry] {
        let (s, t) = (self.starts[at as usize], self.starts[at as usize + 1]);
        &self.entries[s as usize..t as usize]
    }

    /// The completion at offset `r` among `partners`' vectors in the box `lo..=hi` (`summed`
    /// their [`Merged::summed_ways`]): the box's vectors in index order, each weighed by its
    /// few entries, then the partners in their order at the vector holding the offset. Each
    /// (group, vector) has a run of offsets as long as its count.
    pub(super) fn find(
        &self,
        space: &Space,
        (partners, summed): (&[u32], &[u64]),
        (lo, hi): (&Pt, &Pt),
        mut r: u64,
    ) -> (usize, u32) {
        let d = space.coords.len();
        let start = self.ats.partition_point(|&at| at < space.index(lo));
        let end = self.ats.partition_point(|&at| at <= space.index(hi));
        for (&at, b) in self.ats[start..end].iter().zip(&self.points[start..end]) {
            if !(0..d).all(|c| lo[c] <= b[c] && b[c] <= hi[c]) {
                continue;
            }
            let entries = self.at(at);
            let w = Self::weigh(entries, summed);
            if r >= w {
                r -= w;
                continue;
            }
            for &k in partners {
                let w = Self::weigh(entries, self.ways(k as usize));
                if r < w {
                    return (k as usize, at);
                }
                r -= w;
            }
            unreachable!("the partners' ways add up to the summed ways");
        }
        unreachable!("the completions add up")
    }

    /// Draws group `g`'s half at the vector of dense index `at` into `holdings[seat][suit]`
    /// (the half's suits `suits`): an entry by its count, one of its layouts uniformly, then
    /// the spot cards of both suits as one pile.
    pub(super) fn draw(
        &self,
        rng: &mut ChaCha8Rng,
        (g, at): (usize, u32),
        suits: [usize; 2],
        (tracked, layouts): (usize, &[Layout]),
        holdings: &mut [[u16; 4]; 4],
    ) {
        let lengths = &self.lengths[g];
        let total = self.count_at(g, at);
        let mut r = below(rng, u128::from(total)) as u64;
        for e in self.at(at) {
            let held = &self.helds[usize::from(e.held)];
            let ways = self.ways(g)[usize::from(e.held)];
            let w = u64::from(e.count) * ways;
            if r >= w {
                r -= w;
                continue;
            }
            // Every layout of the entry has `ways` spot deals: the quotient is uniform.
            let code = self.codes[(u64::from(e.first) + r / ways) as usize];
            for (half_suit, l) in [(0, code >> 16), (1, code & 0xffff)] {
                let layout = &layouts[l as usize];
                for (rank, &owner) in layout.owners.iter().enumerate().take(tracked) {
                    holdings[usize::from(owner)][suits[half_suit]] |= 1 << rank;
                }
            }
            // Spot cards: suit of the half in the high nibble, rank below.
            let mut pile = [0u8; 26];
            let spots = 13 - tracked;
            for (i, c) in pile.iter_mut().take(2 * spots).enumerate() {
                *c = ((i / spots) as u8) << 4 | (tracked + i % spots) as u8;
            }
            let mut rest = &mut pile[..2 * spots];
            for seat in 0..4 {
                let k = usize::from(lengths[seat] - held[seat]);
                choose_set_front(rng, rest, k);
                for &c in &rest[..k] {
                    holdings[seat][suits[usize::from(c >> 4)]] |= 1 << (c & 15);
                }
                rest = &mut rest[k..];
            }
            return;
        }
        unreachable!("the entries' weights add up to the count");
    }
}

#[cfg(test)]
mod tests {
    use super::{split_ways, spot_ways};

    /// Every way to deal the pile (`spots` of each suit, suit in the high bit) to seats
    /// taking `takes` cards each, tallied by the first suit's cards each seat gets: a plain
    /// enumeration of the deals, card by card.
    fn dealt(spots: usize, takes: &[u8; 4]) -> std::collections::BTreeMap<[u8; 4], u64> {
        fn go(
            card: usize,
            spots: usize,
            left: &mut [u8; 4],
            firsts: &mut [u8; 4],
            out: &mut std::collections::BTreeMap<[u8; 4], u64>,
        ) {
            if card == 2 * spots {
                *out.entry(*firsts).or_default() += 1;
                return;
            }
            for seat in 0..4 {
                if left[seat] == 0 {
                    continue;
                }
                left[seat] -= 1;
                let first = usize::from(card < spots);
                firsts[seat] += first as u8;
                go(card + 1, spots, left, firsts, out);
                firsts[seat] -= first as u8;
                left[seat] += 1;
            }
        }
        let mut out = std::collections::BTreeMap::new();
        go(0, spots, &mut takes.clone(), &mut [0; 4], &mut out);
        out
    }

    /// The ways for each split of the watched seats' first-suit cards equal a card-by-card
    /// enumeration of a small pile (3 spots a suit, high cards held in both suits), and add
    /// up over the splits to the unsplit [`spot_ways`].
    #[test]
    fn split_ways_count_the_deals_of_each_split() {
        let spots = 3;
        let lengths = [3u8, 2, 2, 1];
        let held = [1u8, 1, 0, 0];
        let held_first = [1u8, 0, 0, 0];
        let takes: [u8; 4] = std::array::from_fn(|s| lengths[s] - held[s]);
        let by_deal = dealt(spots, &takes);
        for watched in [0b0001u8, 0b0011, 0b0101, 0b1111] {
            let mut total = 0;
            let mut splits = 0;
            // Each watched seat's first-suit cards 0 to 3, the others' 0.
            let splits_tried = (0..4u32.pow(4))
                .map(|c| std::array::from_fn::<u8, 4, _>(|s| (c / 4u32.pow(s as u32) % 4) as u8))
                .filter(|f| (0..4).all(|s| watched >> s & 1 == 1 || f[s] == 0));
            for first in splits_tried {
                let held_first: [u8; 4] =
                    std::array::from_fn(|s| held_first[s] * (watched >> s & 1));
                let ways = split_ways(spots, &lengths, &held, &held_first, (&first, watched));
                // The plain count: deals whose watched seats get first[s] - held_first[s]
                // spots of the first suit.
                let plain: u64 = by_deal
                    .iter()
                    .filter(|(f, _)| {
                        (0..4).all(|s| {
                            watched >> s & 1 == 0
                                || u16::from(f[s]) + u16::from(held_first[s]) == u16::from(first[s])
                        })
                    })
                    .map(|(_, &n)| n)
                    .sum();
                assert_eq!(ways, plain, "watched {watched:04b}, first {first:?}");
                total += ways;
                splits += u64::from(ways > 0);
            }
            assert_eq!(
                total,
                spot_ways(2 * spots, &lengths, &held),
                "{watched:04b}"
            );
            assert!(splits > 1, "{watched:04b}: more than one split");
        }
    }
}
