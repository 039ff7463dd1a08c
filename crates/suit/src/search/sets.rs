//! Where the solved positions' sets live: every set's vectors and provenance in one arena
//! (three flat arrays and a span per set), not a boxed vector per element. A search stores
//! hundreds of thousands of sets and millions of elements; one allocation each was a third of
//! the slowest holdings' time (the allocator, and the large allocations' consolidation).
//!
//! A set is built in a [`Built`] (reused from position to position: its children's sets are
//! read while it is filled, so it cannot be the arena's own tail) and appended with
//! [`Sets::push`]. Readers get an [`Elem`]: the vector and its [`Prov`], borrowed.

/// One member of a position's set, borrowed from [`Sets`]: the vector and how it was reached.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Elem<'a> {
    /// Tricks from here, per lie still possible (padded with zeros to whole words).
    pub v: &'a [u8],
    /// Where it came from.
    pub prov: Prov<'a>,
}

/// How an element was built, to read the line back.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Prov<'a> {
    /// No more play.
    Leaf,
    /// Declarer chose option `option` and that child's element `idx`.
    Choose { option: u16, idx: u32 },
    /// The defender's options, each with its child's element.
    Defend { idx: &'a [u32] },
    /// The trick ended; the next position's element.
    Pass { idx: u32 },
}

/// An element's provenance as stored: a defender's picks live in [`Sets::picks`], `stride`
/// of them an element, so the variant needs no data.
#[derive(Debug, Clone, Copy)]
enum Stored {
    Leaf,
    Choose { option: u16, idx: u32 },
    Defend,
    Pass { idx: u32 },
}

/// Where one set lies in the arena.
#[derive(Debug, Clone, Copy)]
struct Span {
    /// Its first element (in `provs`), and how many.
    first: usize,
    len: usize,
    /// Bytes a vector, and where its vectors start.
    width: usize,
    bytes: usize,
    /// Picks an element (a defender's choice: its moves), and where they start.
    stride: usize,
    picks: usize,
}

/// Every stored set, by set number.
#[derive(Debug, Default)]
pub(crate) struct Sets {
    spans: Vec<Span>,
    bytes: Vec<u8>,
    provs: Vec<Stored>,
    picks: Vec<u32>,
}

impl Sets {
    /// Appends a built set; its number.
    pub fn push(&mut self, built: &Built) -> u32 {
        let id = self.spans.len() as u32;
        self.spans.push(Span {
            first: self.provs.len(),
            len: built.provs.len(),
            width: built.width,
            bytes: self.bytes.len(),
            stride: built.stride,
            picks: self.picks.len(),
        });
        self.bytes.extend_from_slice(&built.bytes);
        self.provs.extend_from_slice(&built.provs);
        self.picks.extend_from_slice(&built.picks);
        id
    }

    /// Element `j` of set `id`.
    pub fn elem(&self, id: u32, j: u32) -> Elem<'_> {
        let span = &self.spans[id as usize];
        let j = j as usize;
        assert!(j < span.len, "element {j} of a set of {}", span.len);
        let prov = match self.provs[span.first + j] {
            Stored::Leaf => Prov::Leaf,
            Stored::Choose { option, idx } => Prov::Choose { option, idx },
            Stored::Defend => Prov::Defend {
                idx: &self.picks[span.picks + j * span.stride..][..span.stride],
            },
            Stored::Pass { idx } => Prov::Pass { idx },
        };
        Elem {
            v: self.vector(id, j as u32),
            prov,
        }
    }

    /// The vector of element `j` of set `id`.
    pub fn vector(&self, id: u32, j: u32) -> &[u8] {
        let span = &self.spans[id as usize];
        &self.bytes[span.bytes + j as usize * span.width..][..span.width]
    }

    /// Set `id`'s vectors, in order.
    pub fn vectors(&self, id: u32) -> std::slice::ChunksExact<'_, u8> {
        let span = &self.spans[id as usize];
        self.bytes[span.bytes..][..span.len * span.width].chunks_exact(span.width.max(1))
    }
}

/// A set being built: vectors of `width` bytes with their provenance (cleared by
/// [`Built::reset`], kept between positions).
#[derive(Debug, Default)]
pub(crate) struct Built {
    width: usize,
    stride: usize,
    bytes: Vec<u8>,
    provs: Vec<Stored>,
    picks: Vec<u32>,
}

impl Built {
    /// Empties it for a set of vectors of `width` bytes; `stride` picks an element at a
    /// defender's choice (0 elsewhere).
    pub fn reset(&mut self, width: usize, stride: usize) {
        self.width = width;
        self.stride = stride;
        self.bytes.clear();
        self.provs.clear();
        self.picks.clear();
    }

    /// Appends a vector reached by no play (all zeros).
    pub fn push_leaf(&mut self) {
        self.bytes.resize(self.bytes.len() + self.width, 0);
        self.provs.push(Stored::Leaf);
    }

    /// Appends a vector taken as it is from another search (its provenance is not read).
    pub fn push_taken(&mut self, v: &[u8]) {
        self.bytes.extend_from_slice(v);
        self.provs.push(Stored::Leaf);
    }

    /// Appends declarer's choice of option `option`, that child's element `idx`.
    pub fn push_choose(&mut self, v: &[u8], option: u16, idx: u32) {
        self.bytes.extend_from_slice(v);
        self.provs.push(Stored::Choose { option, idx });
    }

    /// Appends a defender's combination, with each card's element in its child.
    pub fn push_defend(&mut self, v: &[u8], picks: &[u32]) {
        debug_assert_eq!(picks.len(), self.stride);
        self.bytes.extend_from_slice(v);
        self.provs.push(Stored::Defend);
        self.picks.extend_from_slice(picks);
    }

    /// Appends the end of a trick: the next position's element `idx`, plus one trick on the
    /// first `n` places when declarer won it.
    pub fn push_pass(&mut self, v: &[u8], idx: u32, won: bool, n: usize) {
        let at = self.bytes.len();
        self.bytes.extend_from_slice(v);
        if won {
            for x in &mut self.bytes[at..][..n] {
                *x += 1;
            }
        }
        self.provs.push(Stored::Pass { idx });
    }

    /// The vectors so far, in order.
    pub fn vectors(&self) -> std::slice::ChunksExact<'_, u8> {
        self.bytes.chunks_exact(self.width.max(1))
    }

    /// Keeps the elements marked in `keep` (one flag an element), in order.
    pub fn retain(&mut self, keep: &[bool]) {
        let (w, st) = (self.width, self.stride);
        let mut to = 0;
        for (j, _) in keep.iter().enumerate().filter(|(_, &k)| k) {
            if j != to {
                self.bytes.copy_within(j * w..(j + 1) * w, to * w);
                self.picks.copy_within(j * st..(j + 1) * st, to * st);
                self.provs[to] = self.provs[j];
            }
            to += 1;
        }
        self.bytes.truncate(to * w);
        self.picks.truncate(to * st);
        self.provs.truncate(to);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_give_back_what_was_built_and_retain_keeps_the_marked() {
        let mut sets = Sets::default();
        let mut b = Built::default();
        b.reset(8, 2);
        b.push_defend(&[1, 2, 0, 0, 0, 0, 0, 0], &[4, 5]);
        b.push_defend(&[3, 1, 0, 0, 0, 0, 0, 0], &[6, 7]);
        b.push_defend(&[2, 2, 0, 0, 0, 0, 0, 0], &[8, 9]);
        b.retain(&[true, false, true]);
        assert_eq!(sets.push(&b), 0);
        b.reset(8, 0);
        b.push_pass(&[1, 1, 0, 0, 0, 0, 0, 0], 3, true, 2);
        b.push_choose(&[0, 4, 0, 0, 0, 0, 0, 0], 1, 2);
        b.push_leaf();
        assert_eq!(sets.push(&b), 1);
        assert_eq!(sets.vectors(0).len(), 2);
        let e = sets.elem(0, 1);
        assert_eq!(e.v, &[2, 2, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(e.prov, Prov::Defend { idx: [8, 9] }));
        assert!(matches!(sets.elem(0, 0).prov, Prov::Defend { idx: [4, 5] }));
        let e = sets.elem(1, 0);
        assert_eq!(e.v, &[2, 2, 0, 0, 0, 0, 0, 0]);
        assert!(matches!(e.prov, Prov::Pass { idx: 3 }));
        assert!(matches!(
            sets.elem(1, 1).prov,
            Prov::Choose { option: 1, idx: 2 }
        ));
        assert_eq!(sets.vector(1, 2), &[0; 8]);
        assert!(matches!(sets.elem(1, 2).prov, Prov::Leaf));
        let all: Vec<&[u8]> = sets.vectors(1).collect();
        assert_eq!(all.len(), 3);
    }
}
