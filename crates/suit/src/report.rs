//! [`Solution`]: the solved problem as a player reads it — the best line as steps, its chance
//! and expected tricks as exact fractions, the best line of every other first play, and the
//! table of lies — plus the text and CSV both front ends print.

use std::fmt::Write as _;

use fairdeal_prob::exact::binomial;
use fairdeal_prob::Fraction;
use serde::{Deserialize, Serialize};

use crate::problem::{cards_text, rank_name, Objective, Problem, Side};
use crate::search::{Defender, Move, Prov, Search, State};

/// One lie of the defenders' cards (equal cards merged: the row stands for `ways` lies).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lie {
    /// West's cards (of a run of equal cards, the highest shown).
    pub west: String,
    /// East's cards.
    pub east: String,
    /// How many lies of single cards the row stands for.
    pub ways: u128,
    /// Its weight: `ways · C(W+E−n, W−k)` (vacant places), over [`Solution::total`].
    pub count: u128,
    /// `count / total`, reduced.
    pub probability: Fraction,
}

/// One step of a line: something to do, then what to do on each thing the defenders may show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    /// What to do ("Trick 1: lead the 2 from South").
    pub text: String,
    /// What to do next, by what the defenders play (empty when nothing depends on it).
    pub branches: Vec<Branch>,
}

/// A branch of a step: the condition and the steps that follow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Branch {
    /// "West plays the K".
    pub when: String,
    /// The steps that follow.
    pub steps: Vec<Step>,
}

/// A line (the best of one first play) with its figures.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The first play ("lead the 2 from South").
    pub first: String,
    /// The line in a few sentences a player follows (read from the same strategy as
    /// `steps`): the main thread trick by trick, the branches that lead to another finesse.
    pub summary: Vec<String>,
    /// The line in full as steps.
    pub steps: Vec<Step>,
    /// The target's chance (the whole weight of lies on which the line makes it), when there
    /// is a target.
    pub probability: Option<Fraction>,
    /// Expected tricks, exact.
    pub expected: Fraction,
    /// Tricks on each lie (in [`Solution::lies`]' order).
    pub tricks: Vec<u8>,
    /// P(exactly k tricks) for k = 0..=longest hand.
    pub distribution: Vec<Fraction>,
}

/// A solved problem.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The problem as read.
    pub problem: Problem,
    /// The weight of all lies, C(W+E, W).
    pub total: u128,
    /// The lies, West's holding from the fewest to the most high cards.
    pub lies: Vec<Lie>,
    /// The best line first, then the best line of each other first play, best to worst.
    pub lines: Vec<Line>,
    /// Positions searched.
    pub positions: usize,
    /// When only the lines that can reach a floor were searched ([`crate::solve_floored`]):
    /// the floor and the first plays none of whose lines reaches it (not in [`Self::lines`]).
    #[serde(default)]
    pub below: Option<Below>,
}

/// First plays left out of a report because every line they begin ranks below a floor that
/// another line reaches (for a target: a lower chance, or the same chance and fewer tricks on
/// average).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Below {
    /// The floor's chance of the target (none for the most tricks on average).
    pub chance: Option<Fraction>,
    /// The floor's expected tricks.
    pub expected: Fraction,
    /// The first plays left out, in words.
    pub first_plays: Vec<String>,
}

fn card_name(problem: &Problem, rank: u8) -> String {
    if problem.x_spots >> rank & 1 == 1 {
        format!("low (the {})", rank_name(rank))
    } else {
        format!("the {}", rank_name(rank))
    }
}

pub(crate) struct Reader<'a> {
    pub problem: &'a Problem,
    pub search: &'a Search,
    /// The steps already read from a lead position (element, trick number): lines share
    /// most of their subtrees.
    pub cache: std::cell::RefCell<std::collections::HashMap<(State, u32, usize), Vec<Step>>>,
}

impl Reader<'_> {
    fn group_name(&self, g: u8) -> String {
        let group = self.search.groups[g as usize];
        if group.size == 1 {
            format!("the {}", rank_name(group.low))
        } else {
            let cards: Vec<&str> = (group.low..=group.top()).rev().map(rank_name).collect();
            if g == 0 {
                format!("a low card ({})", cards.join(" "))
            } else {
                format!("one of the {}", cards.join(" "))
            }
        }
    }

    pub(crate) fn move_text(&self, m: Move, trick: usize) -> String {
        match m {
            Move::Lead(side, c) => format!(
                "Trick {trick}: lead {} from {}",
                card_name(self.problem, c),
                side.name()
            ),
            Move::Card(side, c) => format!("{} plays {}", side.name(), card_name(self.problem, c)),
            Move::Void(side) => format!("{} has no card of the suit left", side.name()),
            Move::Group(d, g) => format!("{} plays {}", d.name(), self.group_name(g)),
            Move::ShowOut(d) => format!("{} shows out", d.name()),
            Move::Discard(d) => format!("{} discards", d.name()),
            Move::EndTrick => String::new(),
        }
    }

    /// Is the rest of the play without risk or without hope at `s` (stop describing)?
    pub(crate) fn settled(&self, s: &State, v: &[u8], live: &[bool]) -> Option<String> {
        let left_out = (0..self.search.groups.len()).any(|g| {
            ((s.played[0] >> (4 * g)) & 15) + ((s.played[1] >> (4 * g)) & 15)
                < self.search.groups[g].size as u32
        });
        if !left_out && s.hands != [0, 0] {
            return Some("The remaining cards are winners: cash them.".to_string());
        }
        // `v` holds the lies still possible, in order (the rest is padding).
        let n = live.iter().filter(|&&b| b).count();
        if v[..n].iter().all(|&x| x == 0) && s.hands != [0, 0] {
            return Some("No further trick can be made in the suit.".to_string());
        }
        None
    }

    /// The steps of the line from the lead position `s`, element `e`.
    pub(crate) fn steps(&self, s: &State, e: u32, trick: usize) -> Vec<Step> {
        if let Some(done) = self.cache.borrow().get(&(*s, e, trick)) {
            return done.clone();
        }
        let out = self.steps_uncached(s, e, trick);
        self.cache.borrow_mut().insert((*s, e, trick), out.clone());
        out
    }

    fn steps_uncached(&self, s: &State, e: u32, trick: usize) -> Vec<Step> {
        let id = self.search.memo[s];
        let elem = self.search.sets.elem(id, e);
        let live = self.search.live(s);
        if let Prov::Leaf = elem.prov {
            return Vec::new();
        }
        if trick > 1 {
            if let Some(text) = self.settled(s, elem.v, &live) {
                return vec![Step {
                    text,
                    branches: Vec::new(),
                }];
            }
        }
        let Prov::Choose { option, idx } = elem.prov else {
            return Vec::new();
        };
        let moves = self.search.moves(s, &live);
        let (m, child, _) = &moves[option as usize];
        let text = self.move_text(*m, trick);
        self.defender_then(text, child, idx, trick)
    }

    /// `text`, then the defender's play at `s` (element `e`) and what follows.
    pub(crate) fn defender_then(&self, text: String, s: &State, e: u32, trick: usize) -> Vec<Step> {
        let id = self.search.memo[s];
        let elem = self.search.sets.elem(id, e);
        let live = self.search.live(s);
        let Prov::Defend { idx } = &elem.prov else {
            return vec![Step {
                text,
                branches: Vec::new(),
            }];
        };
        let moves = self.search.moves(s, &live);
        // Group the defender's cards by what follows.
        let mut groups: Vec<(Vec<String>, Vec<Step>)> = Vec::new();
        for ((m, child, _), &j) in moves.iter().zip(idx.iter()) {
            let follow = if s.phase == 1 {
                self.third(child, j, trick)
            } else {
                self.after_trick(child, j, trick)
            };
            let label = self.move_text(*m, trick);
            match groups.iter_mut().find(|(_, f)| *f == follow) {
                Some((labels, _)) => labels.push(label),
                None => groups.push((vec![label], follow)),
            }
        }
        if groups.len() == 1 {
            let (_, follow) = groups.pop().expect("one group");
            let mut out = vec![Step {
                text,
                branches: Vec::new(),
            }];
            out.extend(follow);
            return out;
        }
        let branches = groups
            .into_iter()
            .map(|(labels, steps)| Branch {
                when: join_or(&labels),
                steps,
            })
            .collect();
        vec![Step { text, branches }]
    }

    fn third(&self, s: &State, e: u32, trick: usize) -> Vec<Step> {
        let id = self.search.memo[s];
        let elem = self.search.sets.elem(id, e);
        let live = self.search.live(s);
        let Prov::Choose { option, idx } = elem.prov else {
            return Vec::new();
        };
        let moves = self.search.moves(s, &live);
        let (m, child, _) = &moves[option as usize];
        let text = self.move_text(*m, trick);
        self.defender_then(text, child, idx, trick)
    }

    fn after_trick(&self, s: &State, e: u32, trick: usize) -> Vec<Step> {
        let id = self.search.memo[s];
        let elem = self.search.sets.elem(id, e);
        let Prov::Pass { idx } = elem.prov else {
            return Vec::new();
        };
        let live = self.search.live(s);
        let moves = self.search.moves(s, &live);
        let (_, next, _) = &moves[0];
        self.steps(next, idx, trick + 1)
    }
}

pub(crate) fn join_or(labels: &[String]) -> String {
    // "West plays the K", "West plays the J" → "West plays the K or the J".
    let mut out = String::new();
    let mut prefix = "";
    for (i, l) in labels.iter().enumerate() {
        let (who, what) = l.split_once(" plays ").unwrap_or(("", l.as_str()));
        if i == 0 {
            out.push_str(l);
            prefix = who;
        } else if !who.is_empty() && who == prefix {
            let _ = write!(out, " or {what}");
        } else {
            let _ = write!(out, " or {l}");
        }
    }
    out
}

/// The lie rows of a search.
pub(crate) fn lie_rows(problem: &Problem, search: &Search) -> (u128, Vec<Lie>, Vec<u128>) {
    let n: u32 = search.groups.iter().map(|g| g.size as u32).sum();
    let (a, b) = (problem.vacant.west as u32, problem.vacant.east as u32);
    let total = binomial(a + b, a);
    let mut rows = Vec::new();
    let mut weights = Vec::new();
    for lie in &search.lies {
        let mut west = 0u16;
        let mut east = 0u16;
        let mut ways = 1u128;
        let mut k = 0u32;
        for (g, group) in search.groups.iter().enumerate() {
            let w = lie[g];
            k += w as u32;
            ways *= binomial(group.size as u32, w as u32);
            for i in 0..group.size {
                let r = group.top() - i;
                if i < w {
                    west |= 1 << r;
                } else {
                    east |= 1 << r;
                }
            }
        }
        let count = ways * binomial(a + b - n, a - k);
        weights.push(count);
        rows.push(Lie {
            west: cards_text(west),
            east: cards_text(east),
            ways,
            count,
            probability: Fraction::new(count, total).unwrap_or(Fraction::ZERO),
        });
    }
    (total, rows, weights)
}

/// An outcome vector's weight of the lies on which it reaches the target (0 with no target)
/// and its weighted sum of tricks: the last two of its [`figures`], computed the same way but
/// without the fractions (the report ranks every vector of a first play's set by them).
/// A line's rank by the objective, compared in order: (wins, expected sum) for a target, the
/// sum alone otherwise.
pub(crate) fn rank(objective: Objective, v: &[u8], weights: &[u128]) -> (u128, u128) {
    let (wins, sum) = wins_and_sum(objective, &v[..weights.len()], weights);
    match objective {
        Objective::Target(_) => (wins, sum),
        Objective::MaxExpected => (sum, 0),
    }
}

pub(crate) fn wins_and_sum(objective: Objective, v: &[u8], weights: &[u128]) -> (u128, u128) {
    let mut sum = 0u128;
    let mut wins = 0u128;
    for (l, &t) in v.iter().enumerate() {
        sum += weights[l] * t as u128;
        if let Objective::Target(target) = objective {
            if t >= target {
                wins += weights[l];
            }
        }
    }
    (wins, sum)
}

/// The figures of an outcome vector.
pub(crate) fn figures(
    objective: Objective,
    v: &[u8],
    weights: &[u128],
    total: u128,
    most: u8,
) -> (Option<Fraction>, Fraction, Vec<Fraction>, u128, u128) {
    let (wins, sum) = wins_and_sum(objective, v, weights);
    let mut dist = vec![0u128; most as usize + 1];
    for (l, &t) in v.iter().enumerate() {
        if (t as usize) < dist.len() {
            dist[t as usize] += weights[l];
        }
    }
    let probability = match objective {
        Objective::Target(_) => Fraction::new(wins, total),
        Objective::MaxExpected => None,
    };
    let expected = Fraction::new(sum, total).unwrap_or(Fraction::ZERO);
    let dist = dist
        .into_iter()
        .map(|c| Fraction::new(c, total).unwrap_or(Fraction::ZERO))
        .collect();
    (probability, expected, dist, wins, sum)
}

/// Expected tricks as a decimal with 4 places (exact value in the fraction beside it).
pub fn decimal(f: Fraction, places: u32) -> String {
    let scale = 10u128.pow(places);
    let q = f.numerator.saturating_mul(scale) / f.denominator;
    let r = f.numerator.saturating_mul(scale) % f.denominator;
    let q = if r * 2 >= f.denominator { q + 1 } else { q };
    format!(
        "{}.{:0width$}",
        q / scale,
        q % scale,
        width = places as usize
    )
}

fn write_steps(out: &mut String, steps: &[Step], depth: usize) {
    for s in steps {
        let _ = writeln!(out, "{}- {}", "  ".repeat(depth), s.text);
        for b in &s.branches {
            let _ = writeln!(out, "{}* If {}:", "  ".repeat(depth + 1), b.when);
            write_steps(out, &b.steps, depth + 2);
        }
    }
}

impl Line {
    /// The line's steps as indented text.
    pub fn steps_text(&self) -> String {
        let mut out = String::new();
        write_steps(&mut out, &self.steps, 0);
        out
    }

    /// "53.13% (611/1150)" for the target, or the expected tricks.
    pub fn headline(&self) -> String {
        let e = format!(
            "expected tricks {} ({}/{})",
            decimal(self.expected, 4),
            self.expected.numerator,
            self.expected.denominator
        );
        match self.probability {
            Some(p) => format!("{}% ({}/{}), {e}", p.percent(2), p.numerator, p.denominator),
            None => e,
        }
    }
}

impl Solution {
    /// The problem in one line: "North AQ102, South 543; target 2 tricks; entries unlimited".
    pub fn title(&self) -> String {
        let p = &self.problem;
        let goal = match p.objective {
            Objective::Target(t) => format!("target {t} trick{}", if t == 1 { "" } else { "s" }),
            Objective::MaxExpected => "most tricks on average".to_string(),
        };
        let mut s = format!(
            "North {}, South {}; {goal}; entries {}",
            cards_text(p.north),
            cards_text(p.south),
            p.entries.text()
        );
        if p.vacant.west != 13 || p.vacant.east != 13 {
            let _ = write!(
                s,
                "; vacant places West {} East {}",
                p.vacant.west, p.vacant.east
            );
        }
        s
    }

    /// The report `fairdeal suit` prints and the page shows as text: the best line in a few
    /// sentences, the first plays compared, the lies.
    pub fn text(&self) -> String {
        self.report(false)
    }

    /// [`Solution::text`], with the best line in full as a tree when `tree`
    /// (`fairdeal suit --tree`).
    pub fn report(&self, tree: bool) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{}", self.title());
        if let Some(note) = self.problem.x_note() {
            let _ = writeln!(out, "({note})");
        }
        let best = &self.lines[0];
        let _ = writeln!(out, "\nBest line: {}", best.headline());
        for (i, s) in best.summary.iter().enumerate() {
            let _ = writeln!(out, "  {}. {s}", i + 1);
        }
        if tree {
            let _ = writeln!(out, "\nThe best line in full:");
            out.push_str(&best.steps_text());
        }
        let _ = writeln!(out, "\nFirst plays compared (the best line of each):");
        for l in &self.lines {
            let _ = writeln!(out, "  {:<34} {}", l.first, l.headline());
        }
        if let Some(text) = self.below_text() {
            let _ = writeln!(out, "  {text}");
        }
        let _ = writeln!(
            out,
            "\nLies (West / East, probability, tricks by line 1..{}):",
            self.lines.len()
        );
        for (i, lie) in self.lies.iter().enumerate() {
            let tricks: Vec<String> = self.lines.iter().map(|l| l.tricks[i].to_string()).collect();
            let _ = writeln!(
                out,
                "  {:<13} {:<13} {:>8}% {:>22}  {}",
                lie.west,
                lie.east,
                lie.probability.percent(4),
                format!(
                    "{}/{}",
                    lie.probability.numerator, lie.probability.denominator
                ),
                tricks.join(" ")
            );
        }
        out
    }

    /// The first plays left out of [`Solution::lines`] ([`Solution::below`]), in words.
    pub fn below_text(&self) -> Option<String> {
        let below = self.below.as_ref().filter(|b| !b.first_plays.is_empty())?;
        let exp = |f: Fraction| format!("{} ({}/{})", decimal(f, 4), f.numerator, f.denominator);
        let floor = match (self.problem.objective, below.chance) {
            (Objective::Target(t), Some(c)) => format!(
                "a {}% ({}/{}) chance of {t} tricks with {} tricks on average",
                c.percent(2),
                c.numerator,
                c.denominator,
                exp(below.expected)
            ),
            _ => format!("{} tricks on average", exp(below.expected)),
        };
        Some(format!(
            "Not searched in full (this holding's search is large), as none of their lines reaches {floor}, which a line above reaches: {}.",
            below.first_plays.join("; ")
        ))
    }

    /// The lie table as CSV: `west,east,ways,count,total,percent` then one column per line.
    pub fn csv(&self) -> String {
        let mut out = String::from("west,east,ways,count,total,percent");
        for i in 1..=self.lines.len() {
            let _ = write!(out, ",line{i}");
        }
        out.push('\n');
        for (i, lie) in self.lies.iter().enumerate() {
            let _ = write!(
                out,
                "{},{},{},{},{},{}",
                lie.west,
                lie.east,
                lie.ways,
                lie.count,
                self.total,
                lie.probability.percent(4)
            );
            for l in &self.lines {
                let _ = write!(out, ",{}", l.tricks[i]);
            }
            out.push('\n');
        }
        out
    }
}

/// The first play's words.
pub(crate) fn first_text(problem: &Problem, m: Move) -> String {
    match m {
        Move::Lead(side, c) => format!("lead {} from {}", card_name(problem, c), side.name()),
        _ => String::new(),
    }
}

#[allow(dead_code)]
pub(crate) fn side_name(s: Side) -> &'static str {
    s.name()
}

#[allow(dead_code)]
pub(crate) fn defender_name(d: Defender) -> &'static str {
    d.name()
}
