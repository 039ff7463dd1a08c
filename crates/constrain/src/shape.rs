//! Hand shapes: the 560 suit-length patterns, sets of them, and the shape language.
//!
//! A *shape* is the four suit lengths ♠ ♥ ♦ ♣ of a 13-card hand (written `5=4=3=1`).
//! [`ShapeSet`] is a 560-bit set indexed by [`shape_index`]. The text form of shape
//! conditions is a [`ShapeExpr`]: items joined by ` + ` (union) and ` - ` (exclusion),
//! where an item ([`ShapeItem`]) is
//!
//! * an exact pattern in suit order, each place a length `5`, a range `4-5`, `5+`, or `x`
//!   (any): `5=4=x=x`, `5+=x=x=x`;
//! * a pattern in any suit order: four digits `4432`, or `any` followed by a pattern with
//!   `=` (`any 5=4=x=x`: some suit has 5 cards and another 4);
//! * a named class from [`CLASSES`] (`balanced`, `one-suited`, …).
//!
//! The expression denotes (union of the `+` items) minus (union of the `-` items); an
//! expression that starts with `-` means "all shapes except …".

use std::fmt;

/// All 560 shapes in a fixed order (♠ length descending first, lexicographic).
pub fn all_shapes() -> &'static [[u8; 4]; 560] {
    &ALL_SHAPES
}

static ALL_SHAPES: [[u8; 4]; 560] = {
    let mut t = [[0u8; 4]; 560];
    let mut i = 0;
    let mut s = 0u8;
    while s <= 13 {
        let mut h = 0u8;
        while s + h <= 13 {
            let mut d = 0u8;
            while s + h + d <= 13 {
                t[i] = [s, h, d, 13 - s - h - d];
                i += 1;
                d += 1;
            }
            h += 1;
        }
        s += 1;
    }
    t
};

/// The index of a shape in [`all_shapes`], or `None` if the lengths do not add to 13.
pub fn shape_index(shape: [u8; 4]) -> Option<usize> {
    if shape.iter().map(|&l| usize::from(l)).sum::<usize>() != 13 {
        return None;
    }
    ALL_SHAPES.iter().position(|s| *s == shape)
}

/// A set of shapes (560 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ShapeSet([u64; 9]);

impl ShapeSet {
    /// No shape.
    pub const EMPTY: ShapeSet = ShapeSet([0; 9]);

    /// Every shape.
    pub fn all() -> ShapeSet {
        ShapeSet::from_fn(|_| true)
    }

    /// The shapes for which `f` holds.
    pub fn from_fn(f: impl Fn([u8; 4]) -> bool) -> ShapeSet {
        let mut s = ShapeSet::EMPTY;
        for (i, sh) in ALL_SHAPES.iter().enumerate() {
            if f(*sh) {
                s.0[i / 64] |= 1 << (i % 64);
            }
        }
        s
    }

    /// True if the shape is in the set.
    pub fn contains(&self, shape: [u8; 4]) -> bool {
        shape_index(shape).is_some_and(|i| self.0[i / 64] >> (i % 64) & 1 == 1)
    }

    /// Intersection.
    pub fn intersect(self, o: ShapeSet) -> ShapeSet {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a &= b;
        }
        r
    }

    /// Union.
    pub fn union(self, o: ShapeSet) -> ShapeSet {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a |= b;
        }
        r
    }

    /// Shapes in `self` but not in `o`.
    pub fn minus(self, o: ShapeSet) -> ShapeSet {
        let mut r = self;
        for (a, b) in r.0.iter_mut().zip(o.0) {
            *a &= !b;
        }
        r
    }

    /// Number of shapes.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True if no shape is in the set.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True if every shape is in the set.
    pub fn is_all(&self) -> bool {
        self.len() == 560
    }

    /// The shapes in the set, in [`all_shapes`] order.
    pub fn iter(&self) -> impl Iterator<Item = [u8; 4]> + '_ {
        ALL_SHAPES
            .iter()
            .enumerate()
            .filter(|(i, _)| self.0[i / 64] >> (i % 64) & 1 == 1)
            .map(|(_, s)| *s)
    }
}

/// One place of a pattern: a length range (`x` is 0–13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LenRange {
    /// Least length.
    pub lo: u8,
    /// Greatest length.
    pub hi: u8,
}

impl LenRange {
    /// Any length (`x`).
    pub const ANY: LenRange = LenRange { lo: 0, hi: 13 };

    /// True if `len` is in range.
    pub fn contains(self, len: u8) -> bool {
        self.lo <= len && len <= self.hi
    }
}

impl fmt::Display for LenRange {
    /// `x`, `5`, `5+`, `4-5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.lo, self.hi) {
            (0, 13) => f.write_str("x"),
            (lo, hi) if lo == hi => write!(f, "{lo}"),
            (lo, 13) => write!(f, "{lo}+"),
            (lo, hi) => write!(f, "{lo}-{hi}"),
        }
    }
}

/// A named shape class: one row of [`CLASSES`].
#[derive(Debug)]
pub struct ShapeClass {
    /// The name used in the text form.
    pub name: &'static str,
    /// The definition, for help texts.
    pub definition: &'static str,
    /// The membership test on ♠ ♥ ♦ ♣ lengths.
    pub test: fn([u8; 4]) -> bool,
}

impl PartialEq for ShapeClass {
    fn eq(&self, o: &ShapeClass) -> bool {
        self.name == o.name
    }
}
impl Eq for ShapeClass {}

fn sorted_desc(s: [u8; 4]) -> [u8; 4] {
    let mut t = s;
    t.sort_unstable_by(|a, b| b.cmp(a));
    t
}

fn is_balanced(s: [u8; 4]) -> bool {
    matches!(sorted_desc(s), [4, 3, 3, 3] | [4, 4, 3, 2] | [5, 3, 3, 2])
}

/// The named shape classes, sorted by name. Definitions follow the sorted lengths a ≥ b ≥ c ≥ d.
pub static CLASSES: &[ShapeClass] = &[
    ShapeClass {
        name: "balanced",
        definition: "4-3-3-3, 4-4-3-2 or 5-3-3-2 in any suit order (5-card majors included)",
        test: is_balanced,
    },
    ShapeClass {
        name: "five-card-major",
        definition: "at least 5 spades or at least 5 hearts",
        test: |s| s[0] >= 5 || s[1] >= 5,
    },
    ShapeClass {
        name: "one-suited",
        definition: "a suit of 6+ cards and no other suit of 4+ (a ≥ 6, b ≤ 3)",
        test: |s| {
            let t = sorted_desc(s);
            t[0] >= 6 && t[1] <= 3
        },
    },
    ShapeClass {
        name: "semibalanced",
        definition: "balanced, or 5-4-2-2 or 6-3-2-2 in any suit order",
        test: |s| is_balanced(s) || matches!(sorted_desc(s), [5, 4, 2, 2] | [6, 3, 2, 2]),
    },
    ShapeClass {
        name: "three-suited",
        definition: "4-4-4-1 or 5-4-4-0 in any suit order",
        test: |s| matches!(sorted_desc(s), [4, 4, 4, 1] | [5, 4, 4, 0]),
    },
    ShapeClass {
        name: "two-suited",
        definition:
            "two suits of at least 5 and 4 cards, the other two of at most 3 (a ≥ 5, b ≥ 4, c ≤ 3)",
        test: |s| {
            let t = sorted_desc(s);
            t[0] >= 5 && t[1] >= 4 && t[2] <= 3
        },
    },
];

/// Looks up a named class (case-insensitive).
pub fn class_by_name(name: &str) -> Option<&'static ShapeClass> {
    CLASSES.iter().find(|c| c.name.eq_ignore_ascii_case(name))
}

/// One item of a shape expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeItem {
    /// Lengths in ♠ ♥ ♦ ♣ order: `5=4=x=x`.
    Exact([LenRange; 4]),
    /// Lengths in any order: `4432` or `any 5=4=x=x`.
    AnyOrder([LenRange; 4]),
    /// A named class.
    Class(&'static ShapeClass),
}

const PERMS: [[usize; 4]; 24] = {
    let mut t = [[0usize; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c && a + b + c >= 3 && a + b + c <= 6 {
                    let d = 6 - a - b - c;
                    t[n] = [a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    t
};

impl ShapeItem {
    /// True if the shape matches this item.
    pub fn matches(&self, s: [u8; 4]) -> bool {
        match self {
            ShapeItem::Exact(r) => (0..4).all(|i| r[i].contains(s[i])),
            ShapeItem::AnyOrder(r) => PERMS.iter().any(|p| (0..4).all(|i| r[i].contains(s[p[i]]))),
            ShapeItem::Class(c) => (c.test)(s),
        }
    }
}

impl fmt::Display for ShapeItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let eqs = |f: &mut fmt::Formatter<'_>, r: &[LenRange; 4]| {
            write!(f, "{}={}={}={}", r[0], r[1], r[2], r[3])
        };
        match self {
            ShapeItem::Exact(r) => eqs(f, r),
            ShapeItem::AnyOrder(r) => {
                let sum: u8 = r.iter().map(|x| x.lo).sum();
                if r.iter().all(|x| x.lo == x.hi && x.lo <= 9) && sum == 13 {
                    write!(f, "{}{}{}{}", r[0].lo, r[1].lo, r[2].lo, r[3].lo)
                } else {
                    f.write_str("any ")?;
                    eqs(f, r)
                }
            }
            ShapeItem::Class(c) => f.write_str(c.name),
        }
    }
}

/// A union of items minus a union of items; the text form of a shape condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeExpr {
    /// Items with their sign: `true` = include (`+`), `false` = exclude (`-`).
    pub items: Vec<(bool, ShapeItem)>,
}

impl ShapeExpr {
    /// The set of shapes the expression denotes.
    pub fn to_set(&self) -> ShapeSet {
        let any_plus = self.items.iter().any(|(p, _)| *p);
        ShapeSet::from_fn(|s| {
            let inc = !any_plus || self.items.iter().any(|(p, it)| *p && it.matches(s));
            inc && !self.items.iter().any(|(p, it)| !*p && it.matches(s))
        })
    }
}

impl fmt::Display for ShapeExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (plus, item)) in self.items.iter().enumerate() {
            match (i, plus) {
                (0, true) => {}
                (0, false) => f.write_str("- ")?,
                (_, true) => f.write_str(" + ")?,
                (_, false) => f.write_str(" - ")?,
            }
            write!(f, "{item}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shape_table_invariants() {
        assert!(all_shapes().iter().all(|s| s.iter().sum::<u8>() == 13));
        for (i, s) in all_shapes().iter().enumerate() {
            assert_eq!(shape_index(*s), Some(i));
        }
        assert_eq!(PERMS.len(), 24);
        assert_eq!(shape_index([5, 4, 3, 2]), None);
        let names: Vec<_> = CLASSES.iter().map(|c| c.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(names, sorted, "CLASSES must be sorted by name and unique");
    }

    #[test]
    fn class_sizes() {
        let n = |name: &str| ShapeSet::from_fn(class_by_name(name).unwrap().test).len();
        assert_eq!(n("balanced"), 4 + 12 + 12);
        assert_eq!(n("three-suited"), 4 + 12);
        assert_eq!(n("semibalanced"), 28 + 12 + 12);
        let any4432 = ShapeExpr {
            items: vec![(
                true,
                ShapeItem::AnyOrder([4, 4, 3, 2].map(|l| LenRange { lo: l, hi: l })),
            )],
        };
        assert_eq!(any4432.to_set().len(), 12);
        let not = ShapeExpr {
            items: vec![(false, ShapeItem::Class(class_by_name("balanced").unwrap()))],
        };
        assert_eq!(not.to_set().len(), 560 - 28);
    }
}
