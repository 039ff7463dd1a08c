//! François Dellacherie's shape notation (`dpp`, built into DealerV2): the text inside
//! `shape{seat, …}`, expanded to the set of S-H-D-C shapes it names.
//!
//! ```text
//! shape{north, 5+xx5+}            positional: one length per suit S H D C
//! shape{north, 4M(3+3+2+)}        named: a 4-card major, the other suits any order of 3+ 3+ 2+
//! shape{north, 5s(431)}           5 spades, the rest 4-3-1 in any order
//! shape{north, 5+M5+m(xx)}        a major and a minor both 5+
//! shape{north, (4432) + (4333)}   + adds, - removes, left to right
//! shape{north, x5+xx:h>s,h>=d,h>=c}   a condition on the lengths s h d c (',' = and)
//! ```
//!
//! A length is `5`, `5+` (at least), `5-` (at most), `x` (any) or a set `[3-5]` / `[013-68]`
//! / `[10-13]`. In the named form each length is followed by a suit letter (`s h d c`, upper
//! case too), `M` (one of the majors) or `m` (one of the minors) — DealerV2 also takes the
//! modifier after the letter (`4M+4m-`); the suits not named take the lengths in parentheses
//! in any order (the parentheses must cover the suits left), or the bare lengths written
//! after the named ones (`5+Mxxx`), or, as a Fair Deal shorthand, are free when nothing
//! follows (`5+s4-h`). A named length may have two digits (`10+s`); elsewhere digits are one
//! suit each.
//!
//! `+`/`-` straight after a digit (or a suit letter) is "at least/at most"; anywhere else it
//! joins shapes, left to right. A condition after `:` uses `s h d c` and `M`/`m` (it holds if
//! it holds for either major/minor: `m<2` is `d<2 or c<2`), `+ - * / %`, comparisons,
//! `! && || and or ?:`, `,` for and (binding tighter than `or`), parentheses; it ends at a
//! `+` or `-` with spaces on both sides (`…:h+s>=10 + x[5-9]x[23]`), as DealerV2 reads it.
//! Division by zero gives 0, as in Fair Deal's dealer expressions. The tests check DealerV2's
//! and dpp's published expansions (shapes with a 10+ card suit, which dealer's one-digit
//! lists cannot write, aside).

use crate::ast::ShapeBits;

/// A problem in a shape description: byte offset inside the text, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}")]
pub struct DppError {
    /// Byte offset of the offending character within the description.
    pub at: usize,
    /// What is wrong and what was expected.
    pub kind: DppErrorKind,
}

/// What is wrong in a shape description.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DppErrorKind {
    /// Something other than `+`/`-` after a shape.
    #[error("expected + or - joining another shape, or the closing '}}'")]
    JoinExpected,
    /// A suit letter used twice.
    #[error("{suit} named twice")]
    NamedTwice {
        /// The suit.
        suit: &'static str,
    },
    /// More majors than two.
    #[error("more majors asked for (M, s, h) than there are")]
    TooManyMajors,
    /// More minors than two.
    #[error("more minors asked for (m, d, c) than there are")]
    TooManyMinors,
    /// A ( ) group that does not cover the suits left.
    #[error("the ( ) group gives {given} length{} but {left} suit{} left", if *given == 1 { "" } else { "s" }, if *left == 1 { " is" } else { "s are" })]
    GroupSize {
        /// Lengths in the group.
        given: usize,
        /// Suits not named.
        left: usize,
    },
    /// Two ( ) groups.
    #[error("only one ( ) group per shape")]
    TwoGroups,
    /// `(` without `)`.
    #[error("expected ')' closing the group")]
    GroupNotClosed,
    /// A suit letter inside the group.
    #[error("suit letters go before the ( ) group: the group lists lengths only")]
    LetterInGroup,
    /// `()`.
    #[error("empty ( ) group: expected lengths such as (431)")]
    EmptyGroup,
    /// Lengths after the group.
    #[error("lengths after the ( ) group: the group comes last")]
    LengthsAfterGroup,
    /// `x` followed by a suit letter.
    #[error("x before a suit letter says nothing: leave the suit out")]
    AnyBeforeLetter,
    /// A letter after a length that is no suit letter.
    #[error("expected a suit letter (s, h, d, c), M (a major) or m (a minor) after the length")]
    LetterExpected,
    /// Nothing that starts a shape.
    #[error("expected a shape such as 5+xx5+, 5s(431), 4M(3+3+2+) or (4432)")]
    ShapeExpected,
    /// Named and positional lengths mixed.
    #[error("mixes lengths with and without suit letters: name every suit (5s4h) or give all four in order (54xx)")]
    Mixed,
    /// A positional shape without four lengths.
    #[error("expected four lengths in the order S H D C (such as 5+xx5+), found {found}")]
    FourLengths {
        /// Lengths given.
        found: usize,
    },
    /// `[` without `]`.
    #[error("expected ']' closing a set of lengths")]
    SetNotClosed,
    /// A `[…]` set that is not one.
    #[error("expected lengths such as [4-6], [67] or [013-68], found [{inner}]")]
    BadSet {
        /// The text inside the brackets.
        inner: String,
    },
    /// A two-digit length above 13.
    #[error("a suit has at most 13 cards")]
    SuitTooLong,
    /// No length where one is needed.
    #[error("expected a length: 5, 5+, 5-, x or [3-5]")]
    LengthExpected,
    /// A condition nested past 64 levels.
    #[error("the condition is nested too deeply")]
    TooDeep,
    /// `a ? b` without `: c`.
    #[error("expected ':' in a ? b : c")]
    ColonExpected,
    /// `(` without `)` in a condition.
    #[error("expected ')'")]
    CloseExpected,
    /// No operand in a condition.
    #[error("expected a suit length (s, h, d, c; M a major, m a minor), a number or '(' in the condition")]
    OperandExpected,
}

type Lengths = [bool; 14];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Target {
    Suit(usize),
    Major,
    Minor,
}

#[derive(Debug, Clone)]
enum Atomic {
    Positional([Lengths; 4]),
    Named {
        items: Vec<(Target, Lengths)>,
        group: Option<Vec<Lengths>>,
    },
}

#[derive(Debug, Clone)]
enum Cond {
    Num(i64),
    Len(usize),
    /// `M`: a major (the condition holds if it holds for either).
    Major,
    /// `m`: a minor.
    Minor,
    Neg(Box<Cond>),
    Not(Box<Cond>),
    Bin(u8, Box<Cond>, Box<Cond>),
    Cmp(&'static str, Box<Cond>, Box<Cond>),
    And(Box<Cond>, Box<Cond>),
    Or(Box<Cond>, Box<Cond>),
    If(Box<Cond>, Box<Cond>, Box<Cond>),
}

impl Cond {
    /// True if the condition holds for some choice of the major `M` and the minor `m`.
    fn holds(&self, sh: [u8; 4]) -> bool {
        [(0, 2), (0, 3), (1, 2), (1, 3)]
            .iter()
            .any(|&(major, minor)| self.eval(sh, major, minor) != 0)
    }

    fn eval(&self, sh: [u8; 4], major: usize, minor: usize) -> i64 {
        let ev = |c: &Cond| c.eval(sh, major, minor);
        match self {
            Cond::Num(n) => *n,
            Cond::Len(s) => i64::from(sh[*s]),
            Cond::Major => i64::from(sh[major]),
            Cond::Minor => i64::from(sh[minor]),
            Cond::Neg(a) => ev(a).wrapping_neg(),
            Cond::Not(a) => i64::from(ev(a) == 0),
            Cond::Bin(op, a, b) => {
                let (x, y) = (ev(a), ev(b));
                match op {
                    b'+' => x.wrapping_add(y),
                    b'-' => x.wrapping_sub(y),
                    b'*' => x.wrapping_mul(y),
                    b'/' => x.checked_div(y).unwrap_or(0),
                    _ => x.checked_rem(y).unwrap_or(0),
                }
            }
            Cond::Cmp(op, a, b) => {
                let (x, y) = (ev(a), ev(b));
                i64::from(match *op {
                    "==" => x == y,
                    "!=" => x != y,
                    "<" => x < y,
                    "<=" => x <= y,
                    ">" => x > y,
                    _ => x >= y,
                })
            }
            Cond::And(a, b) => i64::from(ev(a) != 0 && ev(b) != 0),
            Cond::Or(a, b) => i64::from(ev(a) != 0 || ev(b) != 0),
            Cond::If(c, a, b) => {
                if ev(c) != 0 {
                    ev(a)
                } else {
                    ev(b)
                }
            }
        }
    }
}

/// Every shape (S, H, D, C summing to 13).
fn all_shapes() -> impl Iterator<Item = [u8; 4]> {
    (0..=13u8).flat_map(|s| {
        (0..=13 - s).flat_map(move |h| (0..=13 - s - h).map(move |d| [s, h, d, 13 - s - h - d]))
    })
}

impl Atomic {
    fn matches(&self, sh: [u8; 4]) -> bool {
        match self {
            Atomic::Positional(p) => (0..4).all(|i| p[i][sh[i] as usize]),
            Atomic::Named { items, group } => assign(items, group.as_deref(), sh, [false; 4]),
        }
    }
}

/// Tries every way of giving the named items (majors and minors left open) distinct suits,
/// then the group's lengths to the suits left.
fn assign(
    items: &[(Target, Lengths)],
    group: Option<&[Lengths]>,
    sh: [u8; 4],
    used: [bool; 4],
) -> bool {
    let Some(((target, lens), rest)) = items.split_first() else {
        let left: Vec<usize> = (0..4).filter(|&s| !used[s]).collect();
        return match group {
            None => true,
            Some(g) => permutes(g, &left, sh),
        };
    };
    let choices: &[usize] = match target {
        Target::Suit(s) => &[*s][..],
        Target::Major => &[0, 1],
        Target::Minor => &[2, 3],
    };
    choices.iter().any(|&s| {
        if used[s] || !lens[sh[s] as usize] {
            return false;
        }
        let mut u = used;
        u[s] = true;
        assign(rest, group, sh, u)
    })
}

/// True if the lengths in `group` can be given to the suits `left` one to one.
fn permutes(group: &[Lengths], left: &[usize], sh: [u8; 4]) -> bool {
    let Some((first, rest)) = group.split_first() else {
        return left.is_empty();
    };
    (0..left.len()).any(|k| {
        if !first[sh[left[k]] as usize] {
            return false;
        }
        let mut others = left.to_vec();
        others.remove(k);
        permutes(rest, &others, sh)
    })
}

/// Expands a shape description into its set of shapes.
pub fn expand(text: &str) -> Result<ShapeBits, DppError> {
    let mut p = Reader {
        b: text.as_bytes(),
        i: 0,
        depth: 0,
    };
    let mut bits = ShapeBits::empty();
    let mut add = true;
    loop {
        p.skip_space();
        let start = p.i;
        let atomic = p.atomic()?;
        p.skip_space();
        let cond = if p.peek() == Some(b':') {
            p.i += 1;
            let c = p.cond()?;
            p.skip_space();
            Some(c)
        } else {
            None
        };
        if let Atomic::Named { items, group } = &atomic {
            check_named(items, group.as_deref(), start)?;
        }
        for sh in all_shapes() {
            if atomic.matches(sh) && cond.as_ref().is_none_or(|c| c.holds(sh)) {
                bits.set(sh, add);
            }
        }
        match p.peek() {
            None => return Ok(bits),
            Some(b'+') => add = true,
            Some(b'-') => add = false,
            Some(_) => return Err(p.error(DppErrorKind::JoinExpected)),
        }
        p.i += 1;
    }
}

/// Semantic checks of a named shape: each suit named once, the group covering what is left.
fn check_named(
    items: &[(Target, Lengths)],
    group: Option<&[Lengths]>,
    at: usize,
) -> Result<(), DppError> {
    let err = |kind: DppErrorKind| Err(DppError { at, kind });
    let mut named = [false; 4];
    let (mut majors, mut minors) = (0, 0);
    for (t, _) in items {
        match t {
            Target::Suit(s) => {
                if named[*s] {
                    return err(DppErrorKind::NamedTwice {
                        suit: ["spades", "hearts", "diamonds", "clubs"][*s],
                    });
                }
                named[*s] = true;
            }
            Target::Major => majors += 1,
            Target::Minor => minors += 1,
        }
    }
    if majors + usize::from(named[0]) + usize::from(named[1]) > 2 {
        return err(DppErrorKind::TooManyMajors);
    }
    if minors + usize::from(named[2]) + usize::from(named[3]) > 2 {
        return err(DppErrorKind::TooManyMinors);
    }
    if let Some(g) = group {
        let left = 4 - items.len();
        if g.len() != left {
            return err(DppErrorKind::GroupSize {
                given: g.len(),
                left,
            });
        }
    }
    Ok(())
}

struct Reader<'a> {
    b: &'a [u8],
    i: usize,
    /// Nesting of the condition being read (bounded: no stack overflow on `((((…`).
    depth: usize,
}

/// Deepest nesting of parentheses and `!` in a condition.
const MAX_DEPTH: usize = 64;

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn error(&self, kind: DppErrorKind) -> DppError {
        DppError {
            at: self.i.min(self.b.len()),
            kind,
        }
    }

    fn skip_space(&mut self) {
        while matches!(self.peek(), Some(c) if c.is_ascii_whitespace() || c == b',') {
            self.i += 1;
        }
    }

    /// One shape: positional lengths, or named lengths and/or a ( ) group.
    fn atomic(&mut self) -> Result<Atomic, DppError> {
        let start = self.i;
        let mut bare: Vec<Lengths> = Vec::new();
        let mut items: Vec<(Target, Lengths)> = Vec::new();
        let mut group = None;
        // True when the first length had a suit letter (then bare lengths may follow).
        let mut named_first = false;
        loop {
            match self.peek() {
                Some(b'(') => {
                    if group.is_some() {
                        return Err(self.error(DppErrorKind::TwoGroups));
                    }
                    self.i += 1;
                    let mut g = Vec::new();
                    loop {
                        self.skip_space();
                        if self.peek() == Some(b')') {
                            self.i += 1;
                            break;
                        }
                        if self.peek().is_none() {
                            return Err(self.error(DppErrorKind::GroupNotClosed));
                        }
                        let lens = self.lengths(false)?;
                        if self.peek().is_some_and(|c| target_of(c).is_some()) {
                            return Err(self.error(DppErrorKind::LetterInGroup));
                        }
                        g.push(lens);
                    }
                    if g.is_empty() {
                        return Err(DppError {
                            at: self.i - 1,
                            kind: DppErrorKind::EmptyGroup,
                        });
                    }
                    group = Some(g);
                }
                Some(c) if c == b'x' || c == b'[' || c.is_ascii_digit() => {
                    if group.is_some() {
                        return Err(self.error(DppErrorKind::LengthsAfterGroup));
                    }
                    let at = self.i;
                    let lens = self.lengths(true)?;
                    if items.is_empty() && bare.is_empty() {
                        named_first = self.peek().and_then(target_of).is_some();
                    }
                    match self.peek().and_then(target_of) {
                        Some(t) => {
                            if self.b[at] == b'x' {
                                return Err(DppError {
                                    at,
                                    kind: DppErrorKind::AnyBeforeLetter,
                                });
                            }
                            self.i += 1;
                            // DealerV2 also takes the modifier after the letter: 4M+ = 4+M.
                            let plain = self.b[at].is_ascii_digit()
                                && !matches!(self.b.get(self.i - 2), Some(b'+' | b'-'));
                            let mut lens = lens;
                            if plain {
                                let n = lens.iter().position(|&x| x).unwrap_or(0);
                                match (self.peek(), self.b.get(self.i + 1)) {
                                    (Some(b'+'), Some(c)) if !c.is_ascii_whitespace() => {
                                        self.i += 1;
                                        lens[n..].iter_mut().for_each(|x| *x = true);
                                    }
                                    (Some(b'-'), Some(c)) if !c.is_ascii_whitespace() => {
                                        self.i += 1;
                                        lens[..=n].iter_mut().for_each(|x| *x = true);
                                    }
                                    _ => {}
                                }
                            }
                            items.push((t, lens));
                        }
                        None if self
                            .peek()
                            .is_some_and(|c| c.is_ascii_alphabetic() && c != b'x') =>
                        {
                            return Err(self.error(DppErrorKind::LetterExpected));
                        }
                        None => bare.push(lens),
                    }
                }
                Some(c) if c == b' ' || c == b'\t' || c == b'\n' || c == b'\r' || c == b',' => {
                    // Spaces inside a shape are allowed; a + or - after them joins shapes.
                    let save = self.i;
                    self.skip_space();
                    if !matches!(self.peek(), Some(c) if c == b'x' || c == b'[' || c == b'(' || c.is_ascii_digit())
                    {
                        self.i = save;
                        break;
                    }
                }
                _ => break,
            }
        }
        if bare.is_empty() && items.is_empty() && group.is_none() {
            return Err(DppError {
                at: start.min(self.b.len()),
                kind: DppErrorKind::ShapeExpected,
            });
        }
        if !items.is_empty() && group.is_none() && !bare.is_empty() && named_first {
            // DealerV2's 5+Mxxx: lengths after the named suits act as the ( ) group.
            group = Some(std::mem::take(&mut bare));
        }
        if !items.is_empty() || group.is_some() {
            if !bare.is_empty() {
                return Err(DppError {
                    at: start,
                    kind: DppErrorKind::Mixed,
                });
            }
            return Ok(Atomic::Named { items, group });
        }
        if bare.len() != 4 {
            return Err(DppError {
                at: start,
                kind: DppErrorKind::FourLengths { found: bare.len() },
            });
        }
        Ok(Atomic::Positional([bare[0], bare[1], bare[2], bare[3]]))
    }

    /// One length: `x`, `N`, `N+`, `N-` or `[…]`. `named` allows a two-digit length when a
    /// suit letter follows (`10+s`).
    fn lengths(&mut self, named: bool) -> Result<Lengths, DppError> {
        let mut lens = [false; 14];
        match self.peek() {
            Some(b'x') => {
                self.i += 1;
                lens = [true; 14];
            }
            Some(b'[') => {
                let open = self.i;
                let Some(close) = self.b[open..]
                    .iter()
                    .position(|&c| c == b']')
                    .map(|k| open + k)
                else {
                    return Err(self.error(DppErrorKind::SetNotClosed));
                };
                let inner = std::str::from_utf8(&self.b[open + 1..close]).unwrap_or("");
                fill_set(inner, &mut lens).map_err(|kind| DppError { at: open + 1, kind })?;
                self.i = close + 1;
            }
            Some(c) if c.is_ascii_digit() => {
                let run = self.b[self.i..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit())
                    .count();
                let mut take = 1;
                if named && run == 2 {
                    let after = self.i + 2;
                    let after = after + usize::from(matches!(self.b.get(after), Some(b'+' | b'-')));
                    let n = (self.b[self.i] - b'0') * 10 + (self.b[self.i + 1] - b'0');
                    if n <= 13 && self.b.get(after).copied().and_then(target_of).is_some() {
                        take = 2;
                    } else if n > 13 && self.b.get(after).copied().and_then(target_of).is_some() {
                        return Err(self.error(DppErrorKind::SuitTooLong));
                    }
                }
                let n = self.b[self.i..self.i + take]
                    .iter()
                    .fold(0usize, |a, c| a * 10 + usize::from(c - b'0'));
                self.i += take;
                match self.peek() {
                    Some(b'+') => {
                        self.i += 1;
                        lens[n..].iter_mut().for_each(|x| *x = true);
                    }
                    Some(b'-') => {
                        self.i += 1;
                        lens[..=n].iter_mut().for_each(|x| *x = true);
                    }
                    _ => lens[n] = true,
                }
            }
            _ => return Err(self.error(DppErrorKind::LengthExpected)),
        }
        Ok(lens)
    }

    // ---- conditions ----

    fn space(&mut self) {
        while matches!(self.peek(), Some(c) if c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }

    fn eat(&mut self, s: &str) -> bool {
        self.space();
        if self.b[self.i..].starts_with(s.as_bytes()) {
            let end = self.i + s.len();
            // Words must end at a word boundary.
            if s.as_bytes()[0].is_ascii_alphabetic()
                && self.b.get(end).is_some_and(|c| c.is_ascii_alphanumeric())
            {
                return false;
            }
            self.i = end;
            true
        } else {
            false
        }
    }

    /// A `+` or `-` with spaces on both sides ends the condition and joins the next shape
    /// (`…:h+s>=10 + x[5-9]x[23]`, as DealerV2 reads it).
    fn at_separator(&mut self) -> bool {
        self.space();
        let i = self.i;
        matches!(self.b.get(i), Some(b'+' | b'-'))
            && i > 0
            && self.b[i - 1].is_ascii_whitespace()
            && self.b.get(i + 1).is_some_and(u8::is_ascii_whitespace)
    }

    /// Runs `read` one nesting level deeper, refusing past [`MAX_DEPTH`].
    fn nested(&mut self, read: fn(&mut Self) -> Result<Cond, DppError>) -> Result<Cond, DppError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(DppErrorKind::TooDeep));
        }
        let c = read(self);
        self.depth -= 1;
        c
    }

    fn cond(&mut self) -> Result<Cond, DppError> {
        self.nested(Self::nested_cond)
    }

    fn nested_cond(&mut self) -> Result<Cond, DppError> {
        let c = self.or()?;
        if self.eat("?") {
            let a = self.cond()?;
            if !self.eat(":") {
                return Err(self.error(DppErrorKind::ColonExpected));
            }
            let b = self.cond()?;
            return Ok(Cond::If(Box::new(c), Box::new(a), Box::new(b)));
        }
        Ok(c)
    }

    fn or(&mut self) -> Result<Cond, DppError> {
        let mut a = self.and()?;
        while self.eat("||") || self.eat("or") {
            a = Cond::Or(Box::new(a), Box::new(self.and()?));
        }
        Ok(a)
    }

    fn and(&mut self) -> Result<Cond, DppError> {
        let mut a = self.cmp()?;
        while self.eat("&&") || self.eat(",") || self.eat("and") {
            a = Cond::And(Box::new(a), Box::new(self.cmp()?));
        }
        Ok(a)
    }

    fn cmp(&mut self) -> Result<Cond, DppError> {
        let a = self.sum()?;
        for op in ["==", "!=", "<=", ">=", "<", ">"] {
            if self.eat(op) {
                return Ok(Cond::Cmp(op, Box::new(a), Box::new(self.sum()?)));
            }
        }
        Ok(a)
    }

    /// A left-associative level: `operand (op operand)*` with the operators in `ops`;
    /// `+`/`-` levels also stop at a shape separator.
    fn left_assoc(
        &mut self,
        ops: &[(&str, u8)],
        operand: fn(&mut Self) -> Result<Cond, DppError>,
        stop_at_separator: bool,
    ) -> Result<Cond, DppError> {
        let mut a = operand(self)?;
        loop {
            if stop_at_separator && self.at_separator() {
                return Ok(a);
            }
            let Some(&(_, op)) = ops.iter().find(|(text, _)| self.eat(text)) else {
                return Ok(a);
            };
            a = Cond::Bin(op, Box::new(a), Box::new(operand(self)?));
        }
    }

    fn sum(&mut self) -> Result<Cond, DppError> {
        self.left_assoc(&[("+", b'+'), ("-", b'-')], Self::product, true)
    }

    fn product(&mut self) -> Result<Cond, DppError> {
        self.left_assoc(&[("*", b'*'), ("/", b'/'), ("%", b'%')], Self::unary, false)
    }

    fn nested_unary(&mut self) -> Result<Cond, DppError> {
        self.nested(Self::unary)
    }

    fn unary(&mut self) -> Result<Cond, DppError> {
        if self.eat("!") || self.eat("not") {
            return Ok(Cond::Not(Box::new(self.nested_unary()?)));
        }
        if self.eat("-") {
            return Ok(Cond::Neg(Box::new(self.nested_unary()?)));
        }
        self.space();
        match self.peek() {
            Some(b'(') => {
                self.i += 1;
                let c = self.cond()?;
                if !self.eat(")") {
                    return Err(self.error(DppErrorKind::CloseExpected));
                }
                Ok(c)
            }
            Some(c) if c.is_ascii_digit() => {
                let mut n = 0i64;
                while let Some(c) = self.peek().filter(u8::is_ascii_digit) {
                    n = (n * 10 + i64::from(c - b'0')).min(1 << 40);
                    self.i += 1;
                }
                Ok(Cond::Num(n))
            }
            Some(c)
                if matches!(c.to_ascii_lowercase(), b's' | b'h' | b'd' | b'c')
                    && !self
                        .b
                        .get(self.i + 1)
                        .is_some_and(|c| c.is_ascii_alphanumeric()) =>
            {
                self.i += 1;
                Ok(Cond::Len(suit_index(c.to_ascii_lowercase())))
            }
            Some(c @ (b'M' | b'm'))
                if !self
                    .b
                    .get(self.i + 1)
                    .is_some_and(|c| c.is_ascii_alphanumeric()) =>
            {
                self.i += 1;
                Ok(if c == b'M' { Cond::Major } else { Cond::Minor })
            }
            _ => Err(self.error(DppErrorKind::OperandExpected)),
        }
    }
}

fn suit_index(c: u8) -> usize {
    match c {
        b's' => 0,
        b'h' => 1,
        b'd' => 2,
        _ => 3,
    }
}

fn target_of(c: u8) -> Option<Target> {
    match c {
        b'M' => Some(Target::Major),
        b'm' => Some(Target::Minor),
        b's' | b'h' | b'd' | b'c' | b'S' | b'H' | b'D' | b'C' => {
            Some(Target::Suit(suit_index(c.to_ascii_lowercase())))
        }
        _ => None,
    }
}

/// The lengths of a `[…]` set: one range `4-6`, `9-11`, `10-13` (numbers up to 13), or
/// single digits and digit ranges (`013-68` = 0 1 3 4 5 6 8).
fn fill_set(inner: &str, lens: &mut Lengths) -> Result<(), DppErrorKind> {
    let bad = || DppErrorKind::BadSet {
        inner: inner.to_string(),
    };
    let t = inner.trim();
    if let Some((a, z)) = t.split_once('-') {
        let short = |x: &str| (1..=2).contains(&x.len()) && x.bytes().all(|c| c.is_ascii_digit());
        if short(a) && short(z) {
            let (a, z) = (
                a.parse::<usize>().unwrap_or(99),
                z.parse::<usize>().unwrap_or(99),
            );
            if a <= z && z <= 13 {
                lens[a..=z].iter_mut().for_each(|x| *x = true);
                return Ok(());
            }
        }
    }
    let b = t.as_bytes();
    if b.is_empty() {
        return Err(bad());
    }
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() {
            return Err(bad());
        }
        let a = usize::from(b[i] - b'0');
        if b.get(i + 1) == Some(&b'-') {
            match b.get(i + 2) {
                Some(z) if z.is_ascii_digit() && usize::from(z - b'0') >= a => {
                    lens[a..=usize::from(z - b'0')]
                        .iter_mut()
                        .for_each(|x| *x = true);
                    i += 3;
                }
                _ => return Err(bad()),
            }
        } else {
            lens[a] = true;
            i += 1;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shapes of a set as "SHDC" digit strings (lengths ≥ 10 as letters a-d), sorted.
    fn names(bits: &ShapeBits) -> Vec<String> {
        let mut v: Vec<String> = all_shapes()
            .filter(|&sh| bits.contains(sh))
            .map(|sh| {
                sh.iter()
                    .map(|&l| char::from_digit(u32::from(l), 14).unwrap_or('?'))
                    .collect()
            })
            .collect();
        v.sort();
        v
    }

    /// The shapes of `text`, as [`names`].
    fn list(text: &str) -> Vec<String> {
        let bits = expand(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        names(&bits)
    }

    fn sorted(s: &str) -> Vec<String> {
        let mut v: Vec<String> = s.split('+').map(|x| x.trim().to_string()).collect();
        v.sort();
        v
    }

    // The expansions below are the worked examples of dpp's README (facts about the notation).

    #[test]
    fn at_least_with_free_suits() {
        let v = list("5+xx5+");
        assert!(v.iter().all(|s| {
            let d: Vec<u32> = s.chars().map(|c| c.to_digit(14).unwrap_or(99)).collect();
            d[0] >= 5 && d[3] >= 5
        }));
        // 5xx5 with hearts 0..3 (4 shapes) up to 8xx5 / 5xx8 (1 each): count by hand.
        let expect: usize = (5..=13)
            .flat_map(|s| (5..=13).map(move |c| (s, c)))
            .filter(|(s, c)| s + c <= 13)
            .map(|(s, c)| 13 - s - c + 1)
            .sum();
        assert_eq!(v.len(), expect);
    }

    #[test]
    fn at_most_and_ranges() {
        assert_eq!(list("2-xxx").len(), list("[0-2]xxx").len());
        assert_eq!(
            list("x[3-5]x[13]"),
            list("x3x1 + x4x1 + x3x3 + x5x1 + x4x3 + x5x3")
        );
        let v = list("[013-68]xxx");
        let spades: std::collections::BTreeSet<char> =
            v.iter().filter_map(|s| s.chars().next()).collect();
        assert_eq!(spades.into_iter().collect::<String>(), "0134568");
    }

    #[test]
    fn permutations() {
        assert_eq!(
            list("5s(431)"),
            sorted("5134 + 5314 + 5143 + 5341 + 5413 + 5431")
        );
        assert_eq!(
            list("4+c3+d(2+2+)"),
            sorted("3334 + 4234 + 2434 + 3244 + 2344 + 2254 + 3235 + 2335 + 2245 + 2236")
        );
        assert_eq!(list("(4432)").len(), 12);
        assert_eq!(list("(4333)").len(), 4);
    }

    #[test]
    fn majors_and_minors() {
        assert_eq!(
            list("5+M3+c(31)"),
            sorted("1534 + 3514 + 1633 + 3613 + 5134 + 5314 + 6133 + 6313")
        );
        assert_eq!(list("5M5m(xx)"), list("x5x5 + 5xx5 + x55x + 5x5x"));
        // dpp's own summary of 5M(xxx): x5xx + 5xxx.
        assert_eq!(list("5M(xxx)"), list("x5xx + 5xxx"));
        // "a balanced shape with 4 in a major", the README's motivating example.
        assert_eq!(
            list("4M(3+3+2+)"),
            sorted(
                "2443 + 2434 + 3424 + 3442 + 3433 + 4243 + 4423 + 4234 + 4432 + 4324 + 4342 + 4333"
            )
        );
    }

    #[test]
    fn conditions() {
        assert_eq!(
            list("4+s4+h(xx):d>c,h+s==10"),
            sorted("6421 + 6430 + 5521 + 5530 + 4621 + 4630")
        );
        // A French 1H opening: hearts 5+, longer than spades, at least as long as each minor.
        let v = list("x5+xx:h>s,h>=d,h>=c");
        assert!(v.contains(&"4531".to_string()) && v.contains(&"0553".to_string()));
        assert!(!v.contains(&"5521".to_string()) && !v.contains(&"2362".to_string()));
        assert!(!v.contains(&"1354".to_string()) && !v.contains(&"3460".to_string()));
        assert_eq!(
            list("xxxx: s == 4 or h == 4 ? 1 : 0").len(),
            list("4xxx + x4xx").len()
        );
    }

    #[test]
    fn unions_exclusions_and_shorthand() {
        assert_eq!(list("(3+3+3+2+)"), list("(4333) + (4432) + (5332)"));
        assert_eq!(
            list("(4432) - 4xxx"),
            list("(4432)")
                .into_iter()
                .filter(|s| !s.starts_with('4'))
                .collect::<Vec<_>>()
        );
        assert_eq!(list("5+s4-h"), list("5+s4-h(xx)"));
        assert_eq!(list("10+s").len(), 1 + 3 + 6 + 10);
        assert_eq!(list("[10-13]s"), list("10+s"));
        assert_eq!(list("5+s, 3-h, [34]d"), list("5+s 3-h [34]d"));
    }

    /// A plain dealer shape list ("1921 + x5x2 - xx0x"), as dealer's `shape()` reads it.
    fn dealer_list(text: &str) -> Vec<String> {
        let mut bits = ShapeBits::empty();
        let mut add = true;
        for tok in text.split_whitespace() {
            match tok {
                "+" => add = true,
                "-" => add = false,
                _ => {
                    let pat: Vec<Option<u8>> =
                        tok.bytes().map(|c| (c != b'x').then(|| c - b'0')).collect();
                    crate::parser::apply_shape(
                        &mut bits,
                        [pat[0], pat[1], pat[2], pat[3]],
                        false,
                        add,
                    );
                }
            }
        }
        names(&bits)
    }

    /// Shapes without a 10+ card suit: dealer's shape lists (DealerV2's expansions) have one
    /// digit per suit and leave those out.
    fn short(v: Vec<String>) -> Vec<String> {
        v.into_iter()
            .filter(|s| s.chars().all(|c| c.is_ascii_digit()))
            .collect()
    }

    // DealerV2's own expansions (its docs/FD_Shapes_examples.txt and README_FDshapes.txt):
    // the modifier after a letter (4M+), bare lengths after named suits (5+Mxxx), M and m in
    // conditions, a condition followed by another shape, subtractions.
    #[test]
    fn dealerv2_expansions() {
        let plus_x = "x5x2 + x5x3 + x6x2 + x6x3 + x7x2 + x7x3 + x8x2 + x8x3 + x9x2 + x9x3";
        assert_eq!(
            short(list("4+M6-m(xx):c<d,h+s>=10 + x[5-9]x[23]")),
            short(dealer_list(&format!("1921 + 1930 + 2821 + 2830 + 2920 + 3721 + 3730 + 3820 + 3910 + 4621 + 4630 + 4720 + 4810 + 5521 + 5530 + 5620 + 5710 + 6421 + 6430 + 6520 + 6610 + 7321 + 7330 + 7420 + 7510 + 8221 + 8230 + 8320 + 8410 + 9121 + 9130 + 9220 + 9310 + {plus_x}")))
        );
        assert_eq!(
            short(list("4M+4m-(xx):c<d,h+s>=8 + x[5-9]x[23]")),
            short(dealer_list(&format!("0832 + 0841 + 0850 + 0931 + 0940 + 1732 + 1741 + 1750 + 1831 + 1840 + 1921 + 1930 + 2632 + 2641 + 2650 + 2731 + 2740 + 2821 + 2830 + 2920 + 3532 + 3541 + 3550 + 3631 + 3640 + 3721 + 3730 + 3820 + 3910 + 4432 + 4441 + 4450 + 4531 + 4540 + 4621 + 4630 + 4720 + 4810 + 5332 + 5341 + 5350 + 5431 + 5440 + 5521 + 5530 + 5620 + 5710 + 6232 + 6241 + 6250 + 6331 + 6340 + 6421 + 6430 + 6520 + 6610 + 7132 + 7141 + 7150 + 7231 + 7240 + 7321 + 7330 + 7420 + 7510 + 8032 + 8041 + 8050 + 8131 + 8140 + 8221 + 8230 + 8320 + 8410 + 9031 + 9040 + 9121 + 9130 + 9220 + 9310 + {plus_x}")))
        );
        let seven = dealer_list("7006 + 7015 + 7024 + 7033 + 7042 + 7051 + 7060 + 7105 + 7114 + 7123 + 7132 + 7141 + 7150 + 7204 + 7213 + 7231 + 7240 + 7303 + 7312 + 7321 + 7330 + 7402 + 7411 + 7420 + 7501 + 7510 + 7600 + 8005 + 8014 + 8023 + 8032 + 8041 + 8050 + 8104 + 8113 + 8122 + 8131 + 8140 + 8203 + 8212 + 8221 + 8230 + 8302 + 8311 + 8320 + 8401 + 8410 + 8500 + 9004 + 9013 + 9022 + 9031 + 9040 + 9103 + 9112 + 9121 + 9130 + 9202 + 9211 + 9220 + 9301 + 9310 + 9400");
        assert_eq!(seven.len(), 63);
        assert_eq!(short(list("7+xxx:h<2 or d<2 or c<2")), seven);
        assert_eq!(short(list("7+xxx:h<2 or m<2")), seven);
        let v = short(list("5+Mxxx:s>=d,s>=c or h>=d,h>=c"));
        assert_eq!(v.len(), 242);
        for sh in [
            "0535", "0940", "1525", "4900", "5035", "5800", "9400", "7213", "6160",
        ] {
            assert!(v.contains(&sh.to_string()), "{sh}");
        }
        for sh in ["0526", "4450", "4432", "1516"] {
            assert!(!v.contains(&sh.to_string()), "{sh}");
        }
        assert_eq!(
            short(list("4+M(431) - 2-m(xxx) - 5+mxxx:h>s")),
            dealer_list("1534 + 1543 + 3514 + 3541 + 4513 + 4531 + 5134 + 5143 + 5314 + 5341 + 5413 + 5431 - xx0x - xx1x - xx2x - xxx0 - xxx1 - xxx2 - 0139 - 0148 - 0157 - 0166 - 0175 - 0184 - 0193 - 0229 - 0238 - 0247 - 0256 - 0265 - 0274 - 0283 - 0292 - 0319 - 0328 - 0337 - 0346 - 0355 - 0364 - 0373 - 0382 - 0391 - 0409 - 0418 - 0427 - 0436 - 0445 - 0454 - 0463 - 0472 - 0481 - 0490 - 0508 - 0517 - 0526 - 0535 - 0553 - 0562 - 0571 - 0580 - 0607 - 0616 - 0625 - 0652 - 0661 - 0670 - 0706 - 0715 - 0751 - 0760 - 0805 - 0850 - 1219 - 1228 - 1237 - 1246 - 1255 - 1264 - 1273 - 1282 - 1291 - 1309 - 1318 - 1327 - 1336 - 1345 - 1354 - 1363 - 1372 - 1381 - 1390 - 1408 - 1417 - 1426 - 1435 - 1453 - 1462 - 1471 - 1480 - 1507 - 1516 - 1525 - 1552 - 1561 - 1570 - 1606 - 1615 - 1651 - 1660 - 1705 - 1750 - 2308 - 2317 - 2326 - 2335 - 2353 - 2362 - 2371 - 2380 - 2407 - 2416 - 2425 - 2452 - 2461 - 2470 - 2506 - 2515 - 2551 - 2560 - 2605 - 2650 - 3406 - 3415 - 3451 - 3460 - 3505 - 3550")
        );
    }

    #[test]
    fn errors_say_where() {
        let e = |t: &str| expand(t).err().unwrap_or_else(|| panic!("{t} accepted"));
        assert_eq!(e("5+s4q").at, 4);
        assert!(e("5+s4q").to_string().contains("suit letter"));
        assert!(e("5s(43)")
            .to_string()
            .contains("group gives 2 lengths but 3 suits are left"));
        assert!(e("5s5s").to_string().contains("spades named twice"));
        assert!(e("5M5M5M").to_string().contains("more majors"));
        assert!(e("44x").to_string().contains("four lengths"));
        assert!(e("x5s").to_string().contains("mixes"));
        assert!(e("5s4")
            .to_string()
            .contains("group gives 1 length but 3 suits are left"));
        assert!(e("(4s33)").to_string().contains("suit letters go before"));
        assert!(e("x5xx:h>").to_string().contains("condition"));
        assert!(e("[9-]xxx").to_string().contains("expected lengths"));
        assert_eq!(e("").at, 0);
        assert!(e(&format!("xxxx:{}s", "(".repeat(10_000)))
            .to_string()
            .contains("too deeply"));
        assert!(e(&format!("xxxx:{}s", "!".repeat(10_000)))
            .to_string()
            .contains("too deeply"));
        // Arithmetic never overflows into a panic.
        assert!(expand("xxxx: 1099511627776 * 1099511627776 * -1099511627776 > s").is_ok());
        assert!(e("4432 * 4333")
            .to_string()
            .contains("joining another shape"));
        // The messages read word for word as when they were strings.
        assert_eq!(
            e("4432 * 4333").to_string(),
            "expected + or - joining another shape, or the closing '}'"
        );
        assert_eq!(
            e("5s4").to_string(),
            "the ( ) group gives 1 length but 3 suits are left"
        );
        assert_eq!(
            e("5s4h3d(21)").to_string(),
            "the ( ) group gives 2 lengths but 1 suit is left"
        );
        assert_eq!(
            e("44x").to_string(),
            "expected four lengths in the order S H D C (such as 5+xx5+), found 3"
        );
        assert_eq!(
            e("[9-]xxx").to_string(),
            "expected lengths such as [4-6], [67] or [013-68], found [9-]"
        );
        assert_eq!(e("5s5s").kind, DppErrorKind::NamedTwice { suit: "spades" });
    }
}
