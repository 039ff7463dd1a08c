//! Recursive-descent parser with a Pratt loop for operators, reporting every error.
//!
//! Each statement is parsed on its own; after an error the parser skips to the next token
//! that can start a statement and carries on, so one pass reports several problems.
//! Reserved words are recognised through [`crate::reference::lookup`].

use crate::ast::*;
use crate::lexer::{line_col, tokens, Tok, Token};
use crate::reference::lookup;
use crate::Diagnostic;
use fairdeal_model::{Card, Hand, Rank, Suit};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::Arc;

const SEATS: [&str; 4] = ["north", "east", "south", "west"];

/// Default alternate counts (pt0 … pt9) and hcp, A first; index 11 is controls.
pub fn default_counts() -> [[i32; 13]; 12] {
    let mut c = [[0i32; 13]; 12];
    c[COUNT_HCP][..4].copy_from_slice(&[4, 3, 2, 1]);
    c[COUNT_PT0][4] = 1; // tens
    c[COUNT_PT0 + 1][3] = 1; // jacks
    c[COUNT_PT0 + 2][2] = 1; // queens
    c[COUNT_PT0 + 3][1] = 1; // kings
    c[COUNT_PT0 + 4][0] = 1; // aces
    c[COUNT_PT0 + 5][..2].copy_from_slice(&[1, 1]);
    c[COUNT_PT0 + 6][..3].copy_from_slice(&[1, 1, 1]);
    c[COUNT_PT0 + 7][..4].copy_from_slice(&[1, 1, 1, 1]);
    c[COUNT_PT0 + 8][..5].copy_from_slice(&[1, 1, 1, 1, 1]);
    c[COUNT_PT0 + 9][..4].copy_from_slice(&[6, 4, 2, 1]);
    c[COUNT_CONTROL][..2].copy_from_slice(&[2, 1]);
    c
}

struct Parser<'a> {
    src: &'a str,
    toks: Vec<Token>,
    pos: usize,
    diags: Vec<Diagnostic>,
    /// Variables defined so far, with where each was defined.
    defs: HashMap<String, (Arc<VarDef>, Range<usize>)>,
    script: Script,
    predeal_owner: [Option<usize>; 52],
    /// Where each `predeal <suit>(seat) == n` is, for errors found once the file is read.
    length_spans: Vec<(usize, usize, Range<usize>)>,
    depth: u32,
}

type PResult<T> = Result<T, ()>;

fn seat_of(w: &str) -> Option<usize> {
    SEATS.iter().position(|s| *s == w)
}

/// Suit index (S H D C = 0..4) of a suit word, singular or plural.
fn suit_of(w: &str) -> Option<usize> {
    match w {
        "spade" | "spades" => Some(0),
        "heart" | "hearts" => Some(1),
        "diamond" | "diamonds" => Some(2),
        "club" | "clubs" => Some(3),
        _ => None,
    }
}

fn describe(src: &str, t: Option<&Token>) -> String {
    match t {
        None => "the end of the script".into(),
        Some(t) => {
            let text: String = src[t.span.clone()].chars().take(30).collect();
            format!("'{text}'")
        }
    }
}

impl<'a> Parser<'a> {
    fn new(src: &'a str) -> Parser<'a> {
        let toks = tokens(src);
        let mut diags = Vec::new();
        for t in &toks {
            if t.tok == Tok::Error {
                let text = &src[t.span.clone()];
                let msg = if text.starts_with("/*") {
                    "unterminated comment: '/*' without '*/'".to_string()
                } else if text.starts_with('"') {
                    "unterminated string: '\"' without a closing '\"' on the same line".to_string()
                } else {
                    format!("unexpected character '{text}'")
                };
                diags.push(make_diag(src, t.span.clone(), msg));
            }
        }
        let toks = toks
            .into_iter()
            .filter(|t| t.tok != Tok::Comment && t.tok != Tok::Error)
            .collect();
        Parser {
            src,
            toks,
            pos: 0,
            diags,
            defs: HashMap::new(),
            script: Script {
                generate: None,
                produce: None,
                vulnerable: None,
                dealer: None,
                predeal: [0; 4],
                predeal_lengths: [[None; 4]; 4],
                condition: None,
                actions: None,
                counts: default_counts(),
                vars: Vec::new(),
                var_spans: Vec::new(),
                var_uses: Vec::new(),
                action_spans: Vec::new(),
                condition_spans: Vec::new(),
            },
            predeal_owner: [None; 52],
            length_spans: Vec::new(),
            depth: 0,
        }
    }

    fn peek(&self) -> Option<&Token> {
        self.toks.get(self.pos)
    }
    fn peek_at(&self, k: usize) -> Option<&Token> {
        self.toks.get(self.pos + k)
    }
    fn text(&self, t: &Token) -> &'a str {
        &self.src[t.span.clone()]
    }
    fn peek_text(&self) -> Option<&'a str> {
        self.peek().map(|t| &self.src[t.span.clone()])
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Some(t) if t.tok == Tok::Sym && self.text(t) == s)
    }
    fn here(&self) -> Range<usize> {
        match self.peek() {
            Some(t) => t.span.clone(),
            None => self.src.len()..self.src.len(),
        }
    }
    fn prev_end(&self) -> usize {
        if self.pos == 0 {
            0
        } else {
            self.toks[self.pos - 1].span.end
        }
    }

    fn error_at(&mut self, span: Range<usize>, msg: String) {
        self.diags.push(make_diag(self.src, span, msg));
    }

    /// "expected X after 'prev', found Y" at the current token.
    fn expected<T>(&mut self, what: &str) -> PResult<T> {
        let found = describe(self.src, self.peek());
        let after = if self.pos > 0 {
            let t = &self.toks[self.pos - 1];
            let mut text = self.src[t.span.clone()].to_string();
            if text == "(" && self.pos > 1 {
                let w = &self.toks[self.pos - 2];
                if w.tok == Tok::Word {
                    text = format!("{}(", &self.src[w.span.clone()]);
                }
            }
            format!(" after '{text}'")
        } else {
            String::new()
        };
        // When the unexpected token starts a new line, point at the end of the previous one.
        let span = match (self.pos.checked_sub(1).map(|i| &self.toks[i]), self.peek()) {
            (Some(prev), Some(t)) if self.src[prev.span.end..t.span.start].contains('\n') => {
                prev.span.end..prev.span.end
            }
            (Some(prev), None) => prev.span.end..prev.span.end,
            _ => self.here(),
        };
        self.error_at(span, format!("expected {what}{after}, found {found}"));
        Err(())
    }

    fn expect_sym(&mut self, s: &str) -> PResult<()> {
        if self.is_sym(s) {
            self.pos += 1;
            Ok(())
        } else {
            self.expected(&format!("'{s}'"))
        }
    }

    fn number(&mut self) -> PResult<i64> {
        let neg = if self.is_sym("-") {
            self.pos += 1;
            true
        } else {
            false
        };
        match self.peek() {
            Some(t) if t.tok == Tok::Number => {
                let text = self.text(t);
                let span = t.span.clone();
                self.pos += 1;
                match text.parse::<i64>() {
                    Ok(v) if v <= i64::from(i32::MAX) => Ok(if neg { -v } else { v }),
                    _ => {
                        self.error_at(span, format!("number {text} is too large"));
                        Err(())
                    }
                }
            }
            _ => self.expected("a number"),
        }
    }

    fn seat(&mut self) -> PResult<usize> {
        if let Some(s) = self.peek_text().and_then(seat_of) {
            self.pos += 1;
            Ok(s)
        } else {
            self.expected("a seat (north, east, south, west)")
        }
    }

    fn suit(&mut self) -> PResult<usize> {
        if let Some(s) = self.peek_text().and_then(suit_of) {
            self.pos += 1;
            Ok(s)
        } else {
            self.expected("a suit (spades, hearts, diamonds, clubs)")
        }
    }

    fn at_statement_start(&self) -> bool {
        let Some(t) = self.peek() else { return true };
        if t.tok != Tok::Word {
            return false;
        }
        let w = self.text(t);
        if let Some(k) = lookup(w) {
            return k.kind == "statement";
        }
        matches!(self.peek_at(1), Some(n) if n.tok == Tok::Sym && self.text(n) == "=")
    }

    /// Skips to the next token that can start a statement.
    fn recover(&mut self) {
        while self.pos < self.toks.len() && !self.at_statement_start() {
            self.pos += 1;
        }
    }

    fn program(&mut self) {
        while self.peek().is_some() {
            let start = self.pos;
            if self.statement().is_err() {
                if self.pos == start {
                    self.pos += 1;
                }
                self.recover();
            }
        }
    }

    fn statement(&mut self) -> PResult<()> {
        let t = self.peek().cloned().ok_or(())?;
        let w = self.text(&t);
        if t.tok == Tok::Word {
            match w {
                "generate" | "produce" => {
                    self.pos += 1;
                    let n = self.number()?;
                    if n <= 0 {
                        let span = t.start_to(self.prev_end());
                        self.error_at(span, format!("{w} needs a positive number"));
                        return Err(());
                    }
                    if w == "generate" {
                        self.script.generate = Some(n as u64);
                    } else {
                        self.script.produce = Some(n as u64);
                    }
                    return Ok(());
                }
                "vulnerable" => {
                    self.pos += 1;
                    let v = match self.peek_text().map(str::to_ascii_lowercase).as_deref() {
                        Some("none") => 0,
                        Some("ns") => 1,
                        Some("ew") => 2,
                        Some("all") | Some("both") => 3,
                        _ => return self.expected("a vulnerability (none, NS, EW, all)"),
                    };
                    self.pos += 1;
                    self.script.vulnerable = Some(v);
                    return Ok(());
                }
                "dealer" => {
                    self.pos += 1;
                    let s = self.seat()?;
                    self.script.dealer = Some(s);
                    return Ok(());
                }
                "predeal" => {
                    self.pos += 1;
                    return self.predeal();
                }
                "pointcount" => {
                    self.pos += 1;
                    return self.count_list(COUNT_HCP, t.span.clone());
                }
                "altcount" => {
                    self.pos += 1;
                    let span = self.here();
                    let n = self.number()?;
                    if !(0..=9).contains(&n) {
                        self.error_at(span, format!("altcount number must be 0 to 9, found {n}"));
                        return Err(());
                    }
                    return self.count_list(COUNT_PT0 + n as usize, t.span.clone());
                }
                "condition" => {
                    self.pos += 1;
                    return self.condition();
                }
                "action" => {
                    self.pos += 1;
                    self.script.action_spans.push(t.span.clone());
                    return self.actions();
                }
                _ => {}
            }
            if lookup(w).is_none()
                && matches!(self.peek_at(1), Some(n) if n.tok == Tok::Sym && self.text(n) == "=")
            {
                self.pos += 2;
                let e = self.expr()?;
                return self.define(w, t.span.clone(), e);
            }
            if let Some(k) = lookup(w) {
                if k.kind == "action" {
                    self.error_at(
                        t.span.clone(),
                        format!("'{w}' is an action: write it after 'action' (action {w})"),
                    );
                    return Err(());
                }
            }
        }
        // A bare expression is a condition (the word `condition` may be omitted).
        self.condition()
    }

    /// `name = e`: a new variable. Redefining one is an error, as in dealer ("redefined
    /// variable"); so is a definition whose evaluation would be too large or too deep once
    /// the variables it uses are followed (a chain of doubling variables, say).
    fn define(&mut self, name: &str, span: Range<usize>, e: Expr) -> PResult<()> {
        if let Some((_, first)) = self.defs.get(name) {
            let (line, column) = line_col(self.src, first.start);
            self.error_at(
                span,
                format!("redefined variable '{name}' (first defined at {line}:{column}); dealer stops here too: give the new one another name"),
            );
            return Err(());
        }
        let (cost, depth, pure) = e.measure();
        if depth > MAX_EVAL_DEPTH || (!pure && cost > MAX_EVAL_COST) {
            self.error_at(
                span.clone(),
                format!("'{name}' is too large once the variables it uses are expanded ({} steps, {depth} levels deep; at most {MAX_EVAL_COST} steps and {MAX_EVAL_DEPTH} levels): share parts through variables without rnd(), or simplify", if cost == u64::MAX { "over 10^19".to_string() } else { cost.to_string() }),
            );
            // Defined all the same (as 0), so its uses do not add "unknown name" errors.
            return self.define(name, span, Expr::Num(0)).and(Err(()));
        }
        let e_expanded = e.expanded_size();
        let def = Arc::new(VarDef {
            index: self.script.vars.len(),
            name: name.to_string(),
            expr: e,
            pure,
            cost,
            depth,
            expanded: e_expanded,
        });
        self.script.vars.push(Arc::clone(&def));
        self.script.var_spans.push(span.clone());
        self.script.var_uses.push(0);
        self.defs.insert(name.to_string(), (def, span));
        Ok(())
    }

    fn condition(&mut self) -> PResult<()> {
        let start = self.here().start;
        let e = self.expr()?;
        let end = self.prev_end();
        self.script.condition_spans.push(start..end);
        self.script.condition = Some((e, start..end));
        Ok(())
    }

    fn count_list(&mut self, idx: usize, kw: Range<usize>) -> PResult<()> {
        let mut vals = Vec::new();
        loop {
            match self.peek() {
                Some(t) if t.tok == Tok::Number => vals.push(self.number()?),
                Some(t) if t.tok == Tok::Sym && self.text(t) == "," && !vals.is_empty() => {
                    self.pos += 1;
                }
                _ => break,
            }
        }
        if vals.is_empty() {
            return self.expected("a list of values (A K Q J T 9 … 2)");
        }
        if vals.len() > 13 {
            self.error_at(
                kw,
                format!(
                    "too many values: {} given, 13 at most (A K Q J T 9 8 7 6 5 4 3 2)",
                    vals.len()
                ),
            );
            return Err(());
        }
        let mut row = [0i32; 13];
        for (r, v) in vals.iter().enumerate() {
            row[r] = *v as i32;
        }
        self.script.counts[idx] = row;
        Ok(())
    }

    fn predeal(&mut self) -> PResult<()> {
        let mut any = false;
        while let Some(seat) = self.peek_text().and_then(seat_of) {
            any = true;
            self.pos += 1;
            if self.is_sym(",") {
                self.pos += 1;
            }
            loop {
                self.holding(seat)?;
                let next_is_holding = self.is_sym(",")
                    && matches!(self.peek_at(1), Some(t) if t.tok == Tok::Word && seat_of(self.text(t)).is_none() && lookup(self.text(t)).is_none());
                if next_is_holding {
                    self.pos += 1;
                } else {
                    break;
                }
            }
            if self.is_sym(",")
                && matches!(self.peek_at(1), Some(t) if seat_of(self.text(t)).is_some())
            {
                self.pos += 1;
            }
        }
        if !any {
            if self.peek_text().and_then(suit_of).is_some() {
                return self.predeal_length();
            }
            return self.expected(
                "a seat (north, east, south, west) or a suit length such as spades(north) == 5",
            );
        }
        Ok(())
    }

    /// suokko's `predeal spades(north) == 5`: that seat gets exactly that many cards of the
    /// suit, the deal otherwise uniform (checked against the predealt cards at the end).
    fn predeal_length(&mut self) -> PResult<()> {
        let start = self.here().start;
        let suit = self.peek_text().and_then(suit_of).unwrap_or(0);
        self.pos += 1;
        self.expect_sym("(")?;
        let seat = self.seat()?;
        self.expect_sym(")")?;
        if !self.is_sym("==") {
            return self.expected("'==' and a length: predeal by suit length fixes an exact length (predeal spades(north) == 5)");
        }
        self.pos += 1;
        let span = self.here();
        let n = self.number()?;
        let whole = start..self.prev_end();
        if !(0..=13).contains(&n) {
            self.error_at(span, format!("a suit length is 0 to 13, found {n}"));
            return Err(());
        }
        let slot = &mut self.script.predeal_lengths[seat][suit];
        if let Some(old) = *slot {
            if i64::from(old) != n {
                self.error_at(
                    whole,
                    format!(
                        "{}'s {} already predealt as {old} cards",
                        SEATS[seat],
                        ["spades", "hearts", "diamonds", "clubs"][suit]
                    ),
                );
                return Err(());
            }
        }
        *slot = Some(n as u8);
        self.length_spans.push((seat, suit, whole));
        Ok(())
    }

    /// Once every statement is read: the predealt lengths must fit the predealt cards and
    /// add up (13 cards a hand, 13 a suit).
    fn check_predeal_lengths(&mut self) {
        let spans = std::mem::take(&mut self.length_spans);
        let lens = self.script.predeal_lengths;
        let suits = ["spades", "hearts", "diamonds", "clubs"];
        for (seat, suit, span) in &spans {
            let n = lens[*seat][*suit].unwrap_or(0) as usize;
            let held = |who: usize| (self.script.predeal[who] >> (13 * suit)) & 0x1fff;
            let mine = held(*seat).count_ones() as usize;
            let others: usize = (0..4)
                .filter(|&w| w != *seat)
                .map(|w| held(w).count_ones() as usize)
                .sum();
            let msg = if mine > n {
                Some(format!(
                    "{} is predealt {mine} {} as cards, more than {n}",
                    SEATS[*seat], suits[*suit]
                ))
            } else if n + others > 13 {
                Some(format!(
                    "{n} {} for {} leaves too few for the {others} predealt to other seats",
                    suits[*suit], SEATS[*seat]
                ))
            } else {
                let in_suit: usize = (0..4).map(|w| lens[w][*suit].map_or(0, usize::from)).sum();
                let in_hand: usize = (0..4).map(|t| lens[*seat][t].map_or(0, usize::from)).sum();
                let suit_full = (0..4).all(|w| lens[w][*suit].is_some());
                let hand_full = (0..4).all(|t| lens[*seat][t].is_some());
                if in_suit > 13 || (suit_full && in_suit != 13) {
                    Some(format!(
                        "the predealt {} lengths add up to {in_suit}; a suit has 13 cards",
                        suits[*suit]
                    ))
                } else if in_hand > 13 || (hand_full && in_hand != 13) {
                    Some(format!(
                        "{}'s predealt suit lengths add up to {in_hand}; a hand has 13 cards",
                        SEATS[*seat]
                    ))
                } else {
                    None
                }
            };
            if let Some(m) = msg {
                self.error_at(span.clone(), m);
                return;
            }
        }
        // What the simple sums cannot see (cards of other suits filling the hand, …): ask
        // the exact engine whether any deal is left.
        if !spans.is_empty() && !crate::accel::lengths_possible(&self.script) {
            let span = spans[0].2.clone();
            self.error_at(
                span,
                "no deal has these predealt cards and suit lengths".into(),
            );
        }
    }

    fn holding(&mut self, seat: usize) -> PResult<()> {
        let t = match self.peek() {
            Some(t) if t.tok == Tok::Word => t.clone(),
            _ => {
                return self
                    .expected("a holding such as SAQ542 (suit letter S, H, D or C, then ranks)")
            }
        };
        let text = self.text(&t);
        let mut chars = text.chars();
        let suit = match chars.next().and_then(|c| "SHDC".find(c)) {
            Some(s) => s,
            None => {
                return self
                    .expected("a holding such as SAQ542 (suit letter S, H, D or C, then ranks)")
            }
        };
        self.pos += 1;
        for (k, c) in chars.enumerate() {
            let at = t.span.start + 1 + k;
            let Some(rank) = rank_of(c) else {
                self.error_at(at..at + c.len_utf8(), format!("'{c}' is not a rank: expected A K Q J T 9 8 7 6 5 4 3 2 in holding '{text}'"));
                return Err(());
            };
            let card = Card::new(Suit::ALL[suit], rank);
            if let Some(owner) = self.predeal_owner[card.index()] {
                self.error_at(
                    t.span.clone(),
                    format!(
                        "card {}{} is predealt twice (already given to {})",
                        "SHDC".as_bytes()[suit] as char,
                        c,
                        SEATS[owner]
                    ),
                );
                return Err(());
            }
            self.predeal_owner[card.index()] = Some(seat);
            let mut h = Hand::from_bits(self.script.predeal[seat]);
            h.insert(card);
            self.script.predeal[seat] = h.bits();
            if h.len() > 13 {
                self.error_at(
                    t.span.clone(),
                    format!("more than 13 cards predealt to {}", SEATS[seat]),
                );
                return Err(());
            }
        }
        Ok(())
    }

    fn is_action_word(&self, k: usize) -> bool {
        matches!(self.peek_at(k), Some(t) if t.tok == Tok::Word && lookup(self.text(t)).is_some_and(|d| d.kind == "action"))
    }

    /// `action a, b, …` as dealer's grammar has it: the list may be empty (`action` alone
    /// prints nothing) and may end with a comma (real BBO scripts nearly all do); a later
    /// `action` statement replaces the earlier list, as in dealer.
    fn actions(&mut self) -> PResult<()> {
        let mut list = Vec::new();
        let r = (|| {
            if !self.is_action_word(0) {
                return Ok(());
            }
            loop {
                let a = self.action()?;
                list.push(a);
                if !self.is_sym(",") {
                    return Ok(());
                }
                self.pos += 1;
                // A comma after the last action ends the list.
                if !self.is_action_word(0) {
                    return Ok(());
                }
            }
        })();
        self.script.actions = Some(list);
        r
    }

    fn opt_paren_expr(&mut self) -> PResult<Option<Expr>> {
        if self.is_sym("(") {
            self.pos += 1;
            let e = self.expr()?;
            self.expect_sym(")")?;
            Ok(Some(e))
        } else {
            Ok(None)
        }
    }

    fn opt_label(&mut self) -> Option<String> {
        match self.peek() {
            Some(t) if t.tok == Tok::Str => {
                let s = self.text(t);
                let s = s[1..s.len() - 1].to_string();
                self.pos += 1;
                Some(s)
            }
            _ => None,
        }
    }

    fn action(&mut self) -> PResult<Action> {
        let Some(t) = self.peek().cloned() else {
            return self.expected("an action (printall, printew, printpbn, printcompact, printoneline, print, printes, average, frequency)");
        };
        let w = self.text(&t);
        if !self.is_action_word(0) {
            return self.expected("an action (printall, printew, printpbn, printcompact, printoneline, print, printes, average, frequency)");
        }
        self.pos += 1;
        Ok(match w {
            "printall" => Action::PrintAll,
            "printew" => Action::PrintEw,
            "printpbn" => Action::PrintPbn,
            "printcompact" => Action::PrintCompact(self.opt_paren_expr()?),
            "printoneline" => Action::PrintOneLine(self.opt_paren_expr()?),
            "print" => {
                self.expect_sym("(")?;
                let mut mask = 0u8;
                loop {
                    mask |= 1 << self.seat()?;
                    if self.is_sym(",") {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                self.expect_sym(")")?;
                Action::Print(mask)
            }
            "printes" => {
                let paren = self.is_sym("(")
                    && matches!(self.peek_at(1), Some(n) if n.tok == Tok::Str || n.tok == Tok::Newline);
                if paren {
                    self.pos += 1;
                }
                let mut items = Vec::new();
                loop {
                    match self.peek() {
                        Some(n) if n.tok == Tok::Str => {
                            let s = self.text(n);
                            items.push(EsItem::Text(s[1..s.len() - 1].to_string()));
                            self.pos += 1;
                        }
                        Some(n) if n.tok == Tok::Newline => {
                            items.push(EsItem::Text("\n".into()));
                            self.pos += 1;
                        }
                        _ => items.push(EsItem::Value(self.expr()?)),
                    }
                    // Continue while a comma is followed by something that is not an action.
                    // (a trailing comma before the next statement ends the list, as after
                    // any action).
                    if self.is_sym(",") && !self.is_action_word(1) && self.peek_at(1).is_some() {
                        self.pos += 1;
                        if self.at_statement_start() {
                            break;
                        }
                    } else {
                        break;
                    }
                }
                if paren {
                    self.expect_sym(")")?;
                }
                Action::PrintEs(items)
            }
            "average" => {
                let label = self.opt_label();
                let start = self.here().start;
                let expr = self.expr()?;
                let text = self.src[start..self.prev_end()].to_string();
                Action::Average { label, text, expr }
            }
            "frequency" => {
                let label = self.opt_label();
                self.expect_sym("(")?;
                let start = self.here().start;
                let e1 = self.expr()?;
                let text = self.src[start..self.prev_end()].to_string();
                let first = self.bounds(e1)?;
                let second = if self.is_sym(",") {
                    self.pos += 1;
                    let e2_start = self.here().start;
                    let e2 = self.expr()?;
                    let b = self.bounds(e2)?;
                    let cells = (first.2 - first.1 + 3) * (b.2 - b.1 + 3);
                    if cells > 1_000_000 {
                        let span = e2_start..self.prev_end();
                        self.error_at(
                            span,
                            format!(
                                "a 2-D frequency of {cells} cells is too large (1,000,000 at most)"
                            ),
                        );
                        return Err(());
                    }
                    Some(b)
                } else {
                    None
                };
                self.expect_sym(")")?;
                Action::Frequency {
                    label,
                    text,
                    first,
                    second,
                }
            }
            _ => {
                self.error_at(t.span.clone(), format!("'{w}' needs double-dummy evaluation of every contract and is not available"));
                return Err(());
            }
        })
    }

    fn bounds(&mut self, e: Expr) -> PResult<(Expr, i64, i64)> {
        self.expect_sym(",")?;
        let lo_span = self.here();
        let lo = self.number()?;
        self.expect_sym(",")?;
        let hi = self.number()?;
        let span = lo_span.start..self.prev_end();
        if lo > hi {
            self.error_at(
                span,
                format!("frequency bounds are reversed: low {lo} is above high {hi}"),
            );
            return Err(());
        }
        if hi - lo > 100_000 {
            self.error_at(
                span,
                format!("frequency range {lo}…{hi} is too wide (100,000 values at most)"),
            );
            return Err(());
        }
        Ok((e, lo, hi))
    }

    // ---- expressions ----

    fn expr(&mut self) -> PResult<Expr> {
        self.expr_bp(0)
    }

    fn binop(&self) -> Option<(BinOp, u8)> {
        let t = self.peek()?;
        let s = self.text(t);
        if t.tok == Tok::Word {
            return match s {
                "or" => Some((BinOp::Or, 2)),
                "and" => Some((BinOp::And, 3)),
                _ => None,
            };
        }
        if t.tok != Tok::Sym {
            return None;
        }
        Some(match s {
            "||" => (BinOp::Or, 2),
            "&&" => (BinOp::And, 3),
            "==" => (BinOp::Eq, 4),
            "!=" => (BinOp::Ne, 4),
            "<" => (BinOp::Lt, 5),
            "<=" => (BinOp::Le, 5),
            ">" => (BinOp::Gt, 5),
            ">=" => (BinOp::Ge, 5),
            "+" => (BinOp::Add, 6),
            "-" => (BinOp::Sub, 6),
            "*" => (BinOp::Mul, 7),
            "/" => (BinOp::Div, 7),
            "%" => (BinOp::Rem, 7),
            _ => return None,
        })
    }

    fn expr_bp(&mut self, min: u8) -> PResult<Expr> {
        self.depth += 1;
        let r = if self.depth > 120 {
            let span = self.here();
            self.error_at(
                span,
                "expression nested too deeply (120 levels at most)".into(),
            );
            Err(())
        } else {
            self.expr_bp_inner(min)
        };
        self.depth -= 1;
        r
    }

    fn expr_bp_inner(&mut self, min: u8) -> PResult<Expr> {
        let mut lhs = self.unary()?;
        loop {
            if self.is_sym("?") && min <= 1 {
                self.pos += 1;
                let a = self.expr_bp(1)?;
                self.expect_sym(":")?;
                let b = self.expr_bp(1)?;
                lhs = Expr::Cond(Box::new(lhs), Box::new(a), Box::new(b));
                continue;
            }
            if self.is_sym("=") {
                let span = self.here();
                self.error_at(
                    span,
                    "'=' defines a name at the start of a statement; to compare use '=='".into(),
                );
                return Err(());
            }
            let Some((op, bp)) = self.binop() else { break };
            if bp < min.max(2) {
                break;
            }
            self.pos += 1;
            let rhs = self.expr_bp(bp + 1)?;
            lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs));
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<Expr> {
        let prefix = if self.is_sym("!") || self.peek_text() == Some("not") {
            Some(true)
        } else if self.is_sym("-") {
            Some(false)
        } else {
            None
        };
        if let Some(not) = prefix {
            self.pos += 1;
            self.depth += 1;
            let r = if self.depth > 120 {
                let span = self.here();
                self.error_at(
                    span,
                    "expression nested too deeply (120 levels at most)".into(),
                );
                Err(())
            } else {
                self.unary()
            };
            self.depth -= 1;
            let e = Box::new(r?);
            return Ok(if not { Expr::Not(e) } else { Expr::Neg(e) });
        }
        if self.is_sym("(") {
            self.pos += 1;
            let e = self.expr()?;
            self.expect_sym(")")?;
            return Ok(e);
        }
        self.primary()
    }

    fn primary(&mut self) -> PResult<Expr> {
        let Some(t) = self.peek().cloned() else {
            return self.expected("an expression");
        };
        let w = self.text(&t);
        match t.tok {
            Tok::Number => return Ok(Expr::Num(self.number()?)),
            Tok::Word => {}
            _ => return self.expected("an expression"),
        }
        let Some(doc) = lookup(w) else {
            if let Some((v, _)) = self.defs.get(w) {
                self.pos += 1;
                if let Some(n) = self.script.var_uses.get_mut(v.index) {
                    *n += 1;
                }
                return Ok(Expr::Var(Arc::clone(v)));
            }
            let span = t.span.clone();
            let names = {
                let mut v: Vec<&str> = self.defs.keys().map(String::as_str).collect();
                v.sort_unstable();
                v.join(", ")
            };
            let hint = if names.is_empty() {
                String::new()
            } else {
                format!(" (defined so far: {names})")
            };
            self.error_at(span, format!("unknown name '{w}': define it first with '{w} = …', or check the spelling of a function{hint}"));
            return Err(());
        };
        if doc.kind != "function" {
            let what = match doc.kind {
                "seat" => "a seat",
                "statement" => "a statement keyword",
                "action" => "an action",
                _ => "a reserved word",
            };
            return self.expected(&format!("an expression (not {what})"));
        }
        self.pos += 1;
        self.call(w, t.span.clone())
    }

    fn call(&mut self, f: &str, fspan: Range<usize>) -> PResult<Expr> {
        if f == "shape" && self.is_sym("{") {
            return self.dellacherie();
        }
        self.expect_sym("(")?;
        let e = match f {
            "hcp" | "hcps" => self.seat_opt_suit(COUNT_HCP)?,
            "control" | "controls" => self.seat_opt_suit(COUNT_CONTROL)?,
            "tens" | "ten" => self.seat_opt_suit(COUNT_PT0)?,
            "jacks" | "jack" => self.seat_opt_suit(COUNT_PT0 + 1)?,
            "queens" | "queen" => self.seat_opt_suit(COUNT_PT0 + 2)?,
            "kings" | "king" => self.seat_opt_suit(COUNT_PT0 + 3)?,
            "aces" | "ace" => self.seat_opt_suit(COUNT_PT0 + 4)?,
            "top2" => self.seat_opt_suit(COUNT_PT0 + 5)?,
            "top3" => self.seat_opt_suit(COUNT_PT0 + 6)?,
            "top4" => self.seat_opt_suit(COUNT_PT0 + 7)?,
            "top5" => self.seat_opt_suit(COUNT_PT0 + 8)?,
            "c13" => self.seat_opt_suit(COUNT_PT0 + 9)?,
            _ if f.len() == 3 && f.starts_with("pt") => {
                let n = (f.as_bytes()[2] - b'0') as usize;
                self.seat_opt_suit(COUNT_PT0 + n)?
            }
            _ if suit_of(f).is_some() => {
                let s = self.seat()?;
                Expr::Len(s, suit_of(f).unwrap_or(0))
            }
            "loser" | "losers" => {
                let s = self.seat()?;
                let suit = self.opt_suit()?;
                Expr::Loser(s, suit)
            }
            "cccc" => Expr::Cccc(self.seat()?),
            "quality" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                Expr::Quality(s, self.suit()?)
            }
            "hascard" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                Expr::HasCard(s, self.card()?)
            }
            "shape" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                Expr::Shape(s, Box::new(self.shape_list()?))
            }
            "abs" => Expr::Abs(Box::new(self.expr()?)),
            "rnd" => Expr::Rnd(Box::new(self.expr()?)),
            "imps" | "imp" => Expr::Imps(Box::new(self.expr()?)),
            "score" => {
                let vul = match self.peek_text() {
                    Some("vul") => true,
                    Some("nv" | "nonvul") => false,
                    _ => return self.expected("vul or nv (not vulnerable)"),
                };
                self.pos += 1;
                self.expect_sym(",")?;
                let (level, strain) = self.contract()?;
                self.expect_sym(",")?;
                let tricks = self.expr()?;
                Expr::Score(vul, level, strain, Box::new(tricks))
            }
            "tricks" | "trick" => {
                let s = self.seat()?;
                self.expect_sym(",")?;
                let strain = match self.peek_text() {
                    Some("notrump" | "notrumps") => 4,
                    Some(w) if suit_of(w).is_some() => 3 - suit_of(w).unwrap_or(0),
                    _ => {
                        return self.expected("a strain (spades, hearts, diamonds, clubs, notrump)")
                    }
                };
                self.pos += 1;
                if !crate::eval::DD_AVAILABLE {
                    self.error_at(
                        fspan,
                        "tricks() needs the double-dummy solver, which is not available yet".into(),
                    );
                    return Err(());
                }
                Expr::Tricks(s, strain)
            }
            _ => {
                self.error_at(fspan, format!("'{f}' is not available"));
                return Err(());
            }
        };
        self.expect_sym(")")?;
        Ok(e)
    }

    /// DealerV2's `shape{seat, …}` in Dellacherie's notation (see [`crate::dpp`]).
    fn dellacherie(&mut self) -> PResult<Expr> {
        self.expect_sym("{")?;
        let seat = self.seat()?;
        self.expect_sym(",")?;
        let Some(k) = (self.pos..self.toks.len())
            .find(|&i| self.toks[i].tok == Tok::Sym && self.text(&self.toks[i]) == "}")
        else {
            return self.expected("a shape description closed by '}'");
        };
        let start = self.toks[self.pos].span.start;
        let end = self.toks[k].span.start;
        match crate::dpp::expand(&self.src[start..end]) {
            Ok(bits) => {
                self.pos = k + 1;
                Ok(Expr::Shape(seat, Box::new(bits)))
            }
            Err(e) => {
                let mut at = (start + e.at).min(end);
                while !self.src.is_char_boundary(at) {
                    at -= 1;
                }
                let to = self.src[at..end]
                    .chars()
                    .next()
                    .map_or(at, |c| at + c.len_utf8());
                self.error_at(at..to.max(at), format!("{} in shape{{…}}", e.message));
                Err(())
            }
        }
    }

    fn opt_suit(&mut self) -> PResult<Option<usize>> {
        if self.is_sym(",") {
            self.pos += 1;
            Ok(Some(self.suit()?))
        } else {
            Ok(None)
        }
    }

    fn seat_opt_suit(&mut self, count: usize) -> PResult<Expr> {
        let s = self.seat()?;
        let suit = self.opt_suit()?;
        Ok(Expr::Count(count, s, suit))
    }

    fn card(&mut self) -> PResult<usize> {
        let ok = match self.peek() {
            Some(t) if t.tok == Tok::Word || t.tok == Tok::Number => {
                let w = self.text(t).as_bytes();
                if w.len() == 2 {
                    match (rank_of(w[0] as char), "SHDC".find(w[1] as char)) {
                        (Some(r), Some(s)) => Some(Card::new(Suit::ALL[s], r).index()),
                        _ => None,
                    }
                } else {
                    None
                }
            }
            _ => None,
        };
        match ok {
            Some(c) => {
                self.pos += 1;
                Ok(c)
            }
            None => self.expected("a card, rank then suit (AS, TC, 2D)"),
        }
    }

    fn contract(&mut self) -> PResult<(i64, usize)> {
        let ok = match self.peek() {
            Some(t) if t.tok == Tok::Word => {
                let w = self.text(t).as_bytes();
                if w.len() == 3 && w[0] == b'x' && (b'1'..=b'7').contains(&w[1]) {
                    "CDHSN"
                        .find(w[2] as char)
                        .map(|s| (i64::from(w[1] - b'0'), s))
                } else {
                    None
                }
            }
            _ => None,
        };
        match ok {
            Some(c) => {
                self.pos += 1;
                Ok(c)
            }
            None => self.expected("a contract such as x3N or x4S (x, level 1-7, strain C D H S N)"),
        }
    }

    fn shape_list(&mut self) -> PResult<ShapeBits> {
        let mut bits = ShapeBits::empty();
        let mut first = true;
        loop {
            let mut add = true;
            if self.is_sym("+") {
                self.pos += 1;
            } else if self.is_sym("-") {
                self.pos += 1;
                add = false;
            } else if !first {
                break;
            }
            first = false;
            let any = if self.peek_text() == Some("any") {
                self.pos += 1;
                true
            } else {
                false
            };
            let pat = match self.peek() {
                Some(t) if (t.tok == Tok::Word || t.tok == Tok::Number) => {
                    let w = self.text(t);
                    if w.len() == 4 && w.bytes().all(|c| c.is_ascii_digit() || c == b'x') {
                        let mut p = [None; 4];
                        for (i, c) in w.bytes().enumerate() {
                            if c != b'x' {
                                p[i] = Some(c - b'0');
                            }
                        }
                        Some(p)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            let Some(pat) = pat else {
                return self.expected(
                    "a shape: four lengths S-H-D-C, each a digit or x (5431, 54xx, any 4333)",
                );
            };
            self.pos += 1;
            apply_shape(&mut bits, pat, any, add);
        }
        Ok(bits)
    }
}

trait SpanExt {
    fn start_to(&self, end: usize) -> Range<usize>;
}
impl SpanExt for Token {
    fn start_to(&self, end: usize) -> Range<usize> {
        self.span.start..end.max(self.span.end)
    }
}

fn rank_of(c: char) -> Option<Rank> {
    Rank::from_char(c).filter(|_| "AKQJT98765432".contains(c))
}

/// Adds (or removes) every shape matching `pat` (each suit Some(len) or None for x), in
/// every order of the four suits when `any`.
pub fn apply_shape(bits: &mut ShapeBits, pat: [Option<u8>; 4], any: bool, add: bool) {
    for s in 0..=13u8 {
        for h in 0..=13 - s {
            for d in 0..=13 - s - h {
                let sh = [s, h, d, 13 - s - h - d];
                let m =
                    |p: &[Option<u8>; 4]| p.iter().zip(sh).all(|(x, l)| x.is_none_or(|v| v == l));
                let hit = if any {
                    PERMS
                        .iter()
                        .any(|perm| m(&[pat[perm[0]], pat[perm[1]], pat[perm[2]], pat[perm[3]]]))
                } else {
                    m(&pat)
                };
                if hit {
                    bits.set(sh, add);
                }
            }
        }
    }
}

const PERMS: [[usize; 4]; 24] = {
    let mut out = [[0usize; 4]; 24];
    let mut n = 0;
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                if a != b && a != c && b != c {
                    let d = 6 - a - b - c;
                    out[n] = [a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
};

/// Builds a diagnostic with line and column.
pub fn make_diag(src: &str, span: Range<usize>, message: String) -> Diagnostic {
    let (line, column) = line_col(src, span.start);
    Diagnostic {
        span,
        line,
        column,
        message,
    }
}

/// Parses a script; every problem found is returned.
pub fn parse(src: &str) -> Result<Script, Vec<Diagnostic>> {
    let mut p = Parser::new(src);
    p.program();
    if p.diags.is_empty() {
        p.check_predeal_lengths();
    }
    if p.diags.is_empty() {
        Ok(p.script)
    } else {
        p.diags.sort_by_key(|d| d.span.start);
        Err(p.diags)
    }
}
