//! The Simulate page's state, plain Rust: the form as typed ([`LeadForm`]: reading it into a
//! [`LeadProblem`], its query string, the CLI command that gives the same figures) and a run
//! ([`LeadRun`]: dealing in the dealing worker, then the DD lead pool, partial reports as
//! results arrive, cancel).

use fairdeal_constrain::parse;
use fairdeal_dd::Lead;
use fairdeal_model::{parse_pbn_hands, Card, Deal, Hand, Rank, Seat, Suit, Vulnerability};
use fairdeal_prob::question::{percent_encode, query_pairs};
use fairdeal_scoring::FinalContract;
use fairdeal_sim::{DealLeads, LeadProblem, LeadReport};

use super::run::{Run, RunAction, RunKind};

/// Most deals a page run accepts (each is a DD solve of the leads, ~0.1–1 s per worker).
pub const MAX_PAGE_DEALS: usize = 10_000;

/// The form, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct LeadForm {
    /// The leader's hand, PBN (`KQJ4.T98.AK2.654`).
    pub hand: String,
    /// The contract (`3NT`).
    pub contract: String,
    /// Declarer's letter.
    pub declarer: String,
    /// Vulnerability, PBN spelling.
    pub vul: String,
    /// Conditions on the other hands (constraint language).
    pub conditions: String,
    /// Deals to simulate.
    pub deals: String,
}

impl Default for LeadForm {
    fn default() -> Self {
        LeadForm {
            hand: "KQJ4.T98.AK2.654".into(),
            contract: "3NT".into(),
            declarer: "S".into(),
            vul: "None".into(),
            conditions: "south: balanced, hcp 15-17\nnorth: hcp 8-9".into(),
            deals: "100".into(),
        }
    }
}

/// The query keys, in the order links write them.
const KEYS: [&str; 6] = ["hand", "contract", "declarer", "vul", "conditions", "n"];

impl LeadForm {
    /// The inputs as a query string (never a seed).
    pub fn query(&self) -> String {
        let values = [
            &self.hand,
            &self.contract,
            &self.declarer,
            &self.vul,
            &self.conditions,
            &self.deals,
        ];
        KEYS.iter()
            .zip(values)
            .map(|(k, v)| format!("{k}={}", percent_encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The form a query string describes (missing keys keep their defaults).
    pub fn from_query(query: &str) -> LeadForm {
        let mut f = LeadForm::default();
        for (k, v) in query_pairs(query) {
            match k.as_str() {
                "hand" => f.hand = v,
                "contract" => f.contract = v,
                "declarer" => f.declarer = v,
                "vul" => f.vul = v,
                "conditions" => f.conditions = v,
                "n" => f.deals = v,
                _ => {}
            }
        }
        f
    }

    fn declarer_seat(&self) -> Result<Seat, String> {
        let mut c = self.declarer.trim().chars();
        match (c.next().and_then(Seat::from_char), c.next()) {
            (Some(s), None) => Ok(s),
            _ => Err(format!(
                "Declarer: `{}`; expected N, E, S or W",
                self.declarer
            )),
        }
    }

    /// The number of deals, or a message.
    pub fn deal_count(&self) -> Result<usize, String> {
        match self.deals.trim().parse::<usize>() {
            Ok(n) if (fairdeal_sim::MIN_DEALS..=MAX_PAGE_DEALS).contains(&n) => Ok(n),
            _ => Err(format!(
                "Deals: `{}`; expected a number from {} to {MAX_PAGE_DEALS}",
                self.deals.trim(),
                fairdeal_sim::MIN_DEALS
            )),
        }
    }

    /// The problem the form describes, or a message naming the field (and line:column in
    /// the conditions).
    pub fn problem(&self) -> Result<LeadProblem, String> {
        let declarer = self.declarer_seat()?;
        let leader = declarer.lho();
        let contract = match self.contract.parse::<FinalContract>() {
            Ok(FinalContract::Bid(c)) => c,
            Ok(FinalContract::PassedOut) => {
                return Err("Contract: a passed-out board has no lead".into())
            }
            Err(e) => return Err(format!("Contract: {e}")),
        };
        let vul = Vulnerability::from_pbn(&self.vul).ok_or_else(|| {
            format!(
                "Vulnerability: `{}`; expected None, NS, EW or All",
                self.vul
            )
        })?;
        let spec = parse(&self.conditions)
            .map_err(|e| format!("Conditions:\n{}", e.render(&self.conditions).trim_end()))?;
        let hand = if self.hand.trim().is_empty() {
            None
        } else {
            let mut pbn = format!("{}:", leader.letter());
            for s in [leader, leader.lho(), leader.partner(), leader.rho()] {
                pbn.push_str(if s == leader { self.hand.trim() } else { "-" });
                pbn.push(' ');
            }
            let hands =
                parse_pbn_hands(pbn.trim_end()).map_err(|e| format!("Leader's hand: {e}"))?;
            hands[leader.index()]
        };
        LeadProblem::new(spec, hand, contract, declarer, vul).map_err(|e| e.to_string())
    }

    /// The cards of the typed hand that read (suit by suit, dots between suits; ranks
    /// `AKQJT98765432` or `10`; anything else ignored) — the card picker's state.
    pub fn picked(&self) -> Hand {
        let mut h = Hand::EMPTY;
        for (suit, holding) in Suit::ALL.iter().zip(self.hand.trim().split('.')) {
            let holding = holding.replace("10", "T");
            for c in holding.chars() {
                if let Some(rank) = Rank::from_char(c) {
                    h.insert(Card::new(*suit, rank));
                }
            }
        }
        h
    }

    /// Adds or removes one card (the card picker); the hand is rewritten in PBN notation.
    pub fn toggle_card(&mut self, card: Card) {
        let mut h = self.picked();
        if !h.remove(card) {
            h.insert(card);
        }
        self.hand = h.to_string();
    }

    /// The `fairdeal` command giving the same figures, `{seed}` where the seed goes.
    pub fn command(&self) -> String {
        let mut c = format!(
            "fairdeal simulate lead conditions.txt --contract {} --declarer {}",
            self.contract.trim(),
            self.declarer.trim()
        );
        if !self.hand.trim().is_empty() {
            c.push_str(&format!(" --hand {}", self.hand.trim()));
        }
        if Vulnerability::from_pbn(&self.vul) != Some(Vulnerability::None) {
            c.push_str(&format!(" --vul {}", self.vul.trim()));
        }
        c.push_str(&format!(" -n {} --seed {{seed}} --csv", self.deals.trim()));
        c
    }
}

/// The lead simulation as a [`RunKind`]: the lead pool answers every lead of a deal, kept as
/// `fairdeal_sim`'s [`DealLeads`].
pub struct LeadKind;

impl RunKind for LeadKind {
    type Problem = LeadProblem;
    type Raw = Vec<Lead>;
    type Answer = DealLeads;
    type Report = LeadReport;
    type Batch = u64;
    const IDLE: &'static str = "No simulation run yet.";
    const SOLVING: &'static str = "Solving every lead double dummy";

    fn answer(
        problem: &LeadProblem,
        index: usize,
        deal: &Deal,
        raw: Vec<Lead>,
    ) -> Result<DealLeads, String> {
        problem
            .deal_leads(index, deal, &raw)
            .map_err(|e| e.to_string())
    }

    fn report(problem: &LeadProblem, done: &[DealLeads]) -> LeadReport {
        problem.report(done)
    }
}

/// A lead simulation run.
pub type LeadRun = Run<LeadKind>;

/// What changes a lead simulation run.
pub type LeadAction = RunAction<LeadKind>;
