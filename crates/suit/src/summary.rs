//! The line in a few sentences a player follows, read from the solved strategy (the same
//! elements the full tree of [`crate::Step`]s is read from).
//!
//! The main thread of the line is followed trick by trick, the defenders playing their lowest
//! card each time (the first branch of each of their choices). A trick becomes one sentence:
//! what is led, towards what, and what the third hand does when second hand plays low — a
//! finesse is named as one ("finesse the 10"), cashing a winner as cashing (consecutive ones
//! in one sentence, "playing for the J to drop" when a finesse against it was possible).
//! Where the defenders' other cards change what declarer does next and that next thing is a
//! finesse, one more sentence says so ("If East plays the Q or the J: …"). The thread stops
//! when the rest is only cashing winners or nothing more can be made.

use crate::problem::{cards_text, rank_name, Side};
use crate::report::{join_or, Reader};
use crate::search::{Move, Prov, State};

/// Sentences at most (past it the summary ends with "… (the rest in the full line)").
const MOST: usize = 6;

/// One trick of the main thread.
struct Trick {
    /// The sentence.
    text: String,
    /// Declarer took a finesse (led towards a tenace and played under its top card, or led
    /// an honour with a higher card out).
    finesse: bool,
    /// Declarer only cashed a winner.
    cash: Option<u8>,
    /// Cards a finesse was possible against, when cashing ("the J" of AKQ10x).
    drop: Option<u8>,
    /// Branches of the defenders' cards other than the lowest: (when, the lead position and
    /// element that follow, or the third-hand position for a second-hand branch).
    branches: Vec<(String, Next)>,
    /// The next lead position and element on the main thread.
    next: Option<(State, u32)>,
}

/// Where a branch leads.
#[derive(Clone, Copy)]
enum Next {
    /// Third hand to play (after a second-hand card), element.
    Third(State, u32),
    /// The next trick's lead (after a fourth-hand card), element.
    Lead(State, u32),
    /// Nothing follows.
    End,
}

fn side_text(side: Side) -> &'static str {
    side.name()
}

impl Reader<'_> {
    /// The player's summary of the line from the lead position `s`: element `e`, or (a first
    /// play solved on its own) the lead `first` with its child and the child's element.
    pub(crate) fn summary(
        &self,
        s: &State,
        e: u32,
        mut forced: Option<(Move, State, u32)>,
    ) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut at = Some((*s, e));
        let mut first = true;
        while let Some((s, e)) = at {
            let lead = match forced.take() {
                Some(f) => Some(f),
                None => {
                    if let Some(end) = self.end_text(&s, e, first) {
                        out.push(end);
                        break;
                    }
                    if !first && self.uniform(&s, e) {
                        out.push("The rest plays itself.".to_string());
                        break;
                    }
                    self.chosen(&s, e)
                }
            };
            let Some(t) = lead.and_then(|l| self.trick_at(&s, l)) else {
                break;
            };
            if out.len() >= MOST {
                out.push("…".to_string());
                break;
            }

            // Cashing winners: one sentence for the run of them, or "then cash" at the end.
            if let Some(card) = t.cash {
                let mut cards = vec![card];
                let mut drop = t.drop;
                let mut next = t.next;
                while let Some((ns, ne)) = next {
                    if self.end_text(&ns, ne, false).is_some() || self.uniform(&ns, ne) {
                        break;
                    }
                    match self.trick(&ns, ne) {
                        Some(u)
                            if u.cash.is_some()
                                && u.branches.iter().all(|b| !self.decides(b.1)) =>
                        {
                            cards.push(u.cash.expect("a cash"));
                            drop = drop.or(u.drop);
                            next = u.next;
                        }
                        _ => break,
                    }
                }
                let names: Vec<String> = cards
                    .iter()
                    .map(|&c| format!("the {}", rank_name(c)))
                    .collect();
                let mut text = format!("Cash {}", and_list(&names));
                let rest_decides = next.is_some_and(|(ns, ne)| {
                    self.end_text(&ns, ne, false).is_none() && !self.uniform(&ns, ne)
                });
                // Cashing to the end while a finesse was possible: the drop.
                if let (Some(d), false) = (drop, rest_decides) {
                    text.push_str(&format!(", playing for the {} to drop", rank_name(d)));
                }
                text.push('.');
                out.push(if first {
                    text
                } else {
                    format!("Then {}", lower_first(&text))
                });
                for (when, nx) in &t.branches {
                    if let Some(line) = self.decision(*nx) {
                        out.push(format!("If {when}: {line}"));
                    }
                }
                if !rest_decides {
                    // Cards left to play, all of them without a decision.
                    if let Some((ns, ne)) = next {
                        if self.end_text(&ns, ne, false).is_none() {
                            out.push("The rest plays itself.".to_string());
                        }
                    }
                    break;
                }
                at = next;
                first = false;
                continue;
            }
            out.push(if first {
                t.text.clone()
            } else {
                format!("Then {}", lower_first(&t.text))
            });
            let main_next = t.next.and_then(|(ns, ne)| self.next_decision(&ns, ne));
            let mut said: Vec<(String, String)> = Vec::new();
            for (when, nx) in &t.branches {
                if let Some(line) = self.decision(*nx) {
                    if Some(&line) == main_next.as_ref() && t.finesse {
                        continue;
                    }
                    match said.iter_mut().find(|(_, l)| *l == line) {
                        Some((w, _)) => {
                            *w = join_or(&[w.clone(), when.clone()]);
                        }
                        None => said.push((when.clone(), line)),
                    }
                }
            }
            for (when, line) in said {
                out.push(format!("If {when}: {line}"));
            }
            at = t.next;
            first = false;
        }
        if out.is_empty() {
            out.push("Nothing to decide: every play gives the same.".to_string());
        }
        if out.len() > MOST {
            out.truncate(MOST - 1);
            out.push("… (the rest in the full line)".to_string());
        }
        out
    }

    /// "Then cash your winners." / "Nothing more can be made." when the play from the lead
    /// position `s` is settled.
    fn end_text(&self, s: &State, e: u32, first: bool) -> Option<String> {
        let id = *self.search.memo.get(s)?;
        let elem = self.search.sets.elem(id, e);
        if let Prov::Leaf = elem.prov {
            return Some(if first {
                "Nothing to decide.".to_string()
            } else {
                "That is all.".to_string()
            });
        }
        if first {
            return None;
        }
        let live = self.search.live(s);
        self.settled(s, elem.v, &live).map(|t| {
            if t.starts_with("The remaining cards are winners") {
                "Then cash your winners.".to_string()
            } else {
                "Then nothing more can be made.".to_string()
            }
        })
    }

    /// Does every lie still possible at `s` (element `e`) take the same tricks from here —
    /// the rest plays itself?
    fn uniform(&self, s: &State, e: u32) -> bool {
        let Some(&id) = self.search.memo.get(s) else {
            return true;
        };
        let v = self.search.sets.vector(id, e);
        let n = self.search.live(s).iter().filter(|&&b| b).count();
        v[..n].windows(2).all(|w| w[0] == w[1])
    }

    /// Does the branch lead to a decision worth a sentence (a finesse next)?
    fn decides(&self, nx: Next) -> bool {
        self.decision(nx).is_some()
    }

    /// The sentence for what declarer does next on a branch, when it is a finesse.
    fn decision(&self, nx: Next) -> Option<String> {
        match nx {
            Next::End => None,
            Next::Lead(s, e) | Next::Third(s, e) if self.uniform(&s, e) => None,
            Next::Lead(s, e) => self.next_decision(&s, e),
            Next::Third(s, e) => {
                let (text, finesse) = self.third_text(&s, e)?;
                finesse.then(|| format!("{text}."))
            }
        }
    }

    /// The first finesse on the main thread from the lead position `s` (within two tricks),
    /// as a sentence: "lead low from South towards the AQ and finesse the Q".
    fn next_decision(&self, s: &State, e: u32) -> Option<String> {
        let mut at = Some((*s, e));
        for _ in 0..2 {
            let (s, e) = at?;
            if self.end_text(&s, e, false).is_some() || self.uniform(&s, e) {
                return None;
            }
            let t = self.trick(&s, e)?;
            if t.finesse {
                return Some(lower_first(&t.text));
            }
            at = t.next;
        }
        None
    }

    /// The trick led at `s` (element `e`) on the main thread.
    fn trick(&self, s: &State, e: u32) -> Option<Trick> {
        self.trick_at(s, self.chosen(s, e)?)
    }

    /// The trick led at `s` with the lead `(move, child, child's element)`.
    fn trick_at(&self, s: &State, (m, s1, e1): (Move, State, u32)) -> Option<Trick> {
        let Move::Lead(side, c) = m else { return None };
        let out_ranks = self.search.defender_ranks(s);
        let winner = out_ranks >> c == 0;
        let partner = side.partner();
        let phand = s.hands[partner.index()];
        // Second hand.
        let (second, mut branches) = self.defend(&s1, e1, true)?;
        let (d2, t2, j2) = second;
        let (third, third_finesse) = self.third_text(&t2, j2).unwrap_or_default();
        // A second-hand card after which third hand plays as on the main thread says nothing.
        branches.retain(|(_, nx)| match nx {
            Next::Third(t, j) => self.third_text(t, *j).map(|x| x.0) != Some(third.clone()),
            _ => true,
        });
        // An honour led with a higher card out, to be run: a finesse too.
        let led_finesse = !winner && c >= 8 && {
            let hand = s.hands[side.index()];
            (hand | phand) >> (c + 1) != 0
        };
        let lead_text = if winner {
            format!("cash the {}", rank_name(c))
        } else if self.is_low(s, side, c) {
            if phand != 0 {
                format!(
                    "Lead low from {} towards {}",
                    side_text(side),
                    self.holding_text(phand)
                )
            } else {
                format!("Lead low from {}", side_text(side))
            }
        } else {
            format!("Lead the {} from {}", rank_name(c), side_text(side))
        };
        // The fourth hand and the next trick, on the main thread.
        let (t3, j3) = self.chosen_state(&t2, j2)?;
        let (fourth, fb) = self.defend(&t3, j3, false)?;
        branches.extend(fb);
        let (_, t4, j4) = fourth;
        let next = self.pass(&t4, j4);
        let finesse = third_finesse || led_finesse;
        let text = if winner {
            let mut t = lead_text.clone();
            t.replace_range(0..1, "C");
            format!("{t}.")
        } else if third.is_empty() {
            format!("{lead_text}.")
        } else if led_finesse && !third_finesse && third.starts_with("play low") {
            format!("{lead_text}; if {d2} plays low, let it run.")
        } else {
            format!("{lead_text}; if {} plays low, {third}.", d2)
        };
        let drop = if winner { self.drop_card(s) } else { None };
        Some(Trick {
            text,
            finesse,
            cash: winner.then_some(c),
            drop,
            branches,
            next,
        })
    }

    /// The outstanding card a finesse could have been taken against while declarer cashes
    /// (declarer holds the card just below it, with a defender's card below that).
    fn drop_card(&self, s: &State) -> Option<u8> {
        let out = self.search.defender_ranks(s);
        let ours = s.hands[0] | s.hands[1];
        (0..13u8).rev().find(|&r| {
            out >> r & 1 == 1
                && r > 0
                && ours >> (r - 1) & 1 == 1
                && (out & ((1u16 << (r - 1)) - 1)) != 0
                && ours >> (r + 1) != 0
        })
    }

    /// Declarer's chosen move at `s` (element `e`): the move, the child and its element.
    fn chosen(&self, s: &State, e: u32) -> Option<(Move, State, u32)> {
        let id = *self.search.memo.get(s)?;
        let elem = self.search.sets.elem(id, e);
        let Prov::Choose { option, idx } = elem.prov else {
            return None;
        };
        let live = self.search.live(s);
        let moves = self.search.moves(s, &live);
        let (m, child, _) = moves.get(option as usize)?;
        Some((*m, *child, idx))
    }

    fn chosen_state(&self, s: &State, e: u32) -> Option<(State, u32)> {
        self.chosen(s, e).map(|(_, c, j)| (c, j))
    }

    /// The defender's choice at `s`: the main branch (defender name, child, element) and the
    /// other branches grouped by what follows.
    #[allow(clippy::type_complexity)]
    fn defend(
        &self,
        s: &State,
        e: u32,
        second: bool,
    ) -> Option<((&'static str, State, u32), Vec<(String, Next)>)> {
        let id = *self.search.memo.get(s)?;
        let elem = self.search.sets.elem(id, e);
        let live = self.search.live(s);
        let moves = self.search.moves(s, &live);
        let Prov::Defend { idx } = &elem.prov else {
            return None;
        };
        let who = match moves.first()?.0 {
            Move::Group(d, _) | Move::ShowOut(d) | Move::Discard(d) => d.name(),
            _ => return None,
        };
        let main = (who, moves[0].1, idx[0]);
        let mut branches: Vec<(String, Next)> = Vec::new();
        for ((m, child, _), &j) in moves.iter().zip(idx.iter()).skip(1) {
            let label = self.move_text(*m, 0);
            let nx = if second {
                Next::Third(*child, j)
            } else {
                self.pass(child, j)
                    .map_or(Next::End, |(a, b)| Next::Lead(a, b))
            };
            branches.push((label, nx));
        }
        Some((main, branches))
    }

    /// The end of a trick at `s` (element `e`): the next lead position and element.
    fn pass(&self, s: &State, e: u32) -> Option<(State, u32)> {
        let id = *self.search.memo.get(s)?;
        let elem = self.search.sets.elem(id, e);
        let Prov::Pass { idx } = elem.prov else {
            return None;
        };
        let live = self.search.live(s);
        let moves = self.search.moves(s, &live);
        Some((moves.first()?.1, idx))
    }

    /// Third hand's play at `s` (element `e`) in words, and whether it is a finesse.
    fn third_text(&self, s: &State, e: u32) -> Option<(String, bool)> {
        let (m, _, _) = self.chosen(s, e)?;
        let Move::Card(p, c) = m else {
            return Some((String::new(), false));
        };
        let hand = s.hands[p.index()];
        let top = 15 - hand.leading_zeros() as u8;
        let out = self.search.defender_ranks(s);
        let beats = c + 1 > s.best;
        let between = if top > c + 1 {
            out & (((1u32 << top) - (1u32 << (c + 1))) as u16)
        } else {
            0
        };
        if beats && c < top && between != 0 {
            return Some((format!("finesse the {}", rank_name(c)), true));
        }
        if !beats {
            return Some((format!("play low from {}", p.name()), false));
        }
        if out >> c == 0 {
            Some((format!("win with the {}", rank_name(c)), false))
        } else {
            Some((format!("play the {}", rank_name(c)), false))
        }
    }

    /// Is `c` the lowest card of `side`'s hand (or one of its x spots)?
    fn is_low(&self, s: &State, side: Side, c: u8) -> bool {
        let hand = s.hands[side.index()];
        self.problem.x_spots >> c & 1 == 1 || c < 8 && hand & ((1u16 << c) - 1) == 0
    }

    /// "the AQ10" / "the K10x": the hand's cards, its x spots written x.
    fn holding_text(&self, hand: u16) -> String {
        let honours = hand & !self.problem.x_spots;
        let xs = (hand & self.problem.x_spots).count_ones() as usize;
        let h = if honours == 0 {
            String::new()
        } else {
            cards_text(honours)
        };
        format!("the {h}{}", "x".repeat(xs))
    }
}

fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [a] => a.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
