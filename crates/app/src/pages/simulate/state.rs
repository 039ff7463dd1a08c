//! The Simulate page's state, plain Rust: the form as typed ([`LeadForm`]: reading it into a
//! [`LeadProblem`], its query string, the CLI command that gives the same figures) and a run
//! ([`LeadRun`]: dealing in the dealing worker, then the DD lead pool, partial reports as
//! results arrive, cancel).

use fairdeal_constrain::parse;
use fairdeal_dd::Lead;
use fairdeal_model::{parse_pbn_hands, Card, Deal, Hand, Rank, Seat, Suit, Vulnerability};
use fairdeal_scoring::FinalContract;
use fairdeal_sim::{DealLeads, LeadProblem, LeadReport};
use std::rc::Rc;
use yew::Reducible;

use crate::worker::protocol::FromWorker;

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

fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn decode(s: &str) -> String {
    let hex = |b: u8| (b as char).to_digit(16).map(|v| v as u8);
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => match (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            ) {
                (Some(h), Some(l)) => {
                    out.push(h << 4 | l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

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
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The form a query string describes (missing keys keep their defaults).
    pub fn from_query(query: &str) -> LeadForm {
        let mut f = LeadForm::default();
        for pair in query.trim_start_matches('?').split('&') {
            let Some((k, v)) = pair.split_once('=') else {
                continue;
            };
            let v = decode(v);
            match k {
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

/// Where a run is.
#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    /// Nothing run yet.
    Idle,
    /// The dealing worker deals.
    Dealing {
        /// Deals dealt.
        done: usize,
    },
    /// The DD workers solve the leads.
    Solving,
    /// Every deal solved.
    Done,
    /// Stopped by the user.
    Cancelled,
    /// A problem with the inputs or a worker.
    Failed(String),
}

/// A run.
#[derive(Debug, Clone)]
pub struct LeadRun {
    /// The dealing job (answers of other jobs are ignored).
    pub job: u32,
    /// The lead pool's batch, once solving.
    pub batch: Option<u64>,
    /// Where it is.
    pub phase: Phase,
    /// Deals asked for.
    pub total: usize,
    /// The problem.
    pub problem: Option<Rc<LeadProblem>>,
    /// The seed (shown only through "Reveal seed").
    pub seed: [u8; 32],
    /// The deals, once dealt.
    pub deals: Rc<Vec<Deal>>,
    /// Per deal, its result once solved.
    pub results: Vec<Option<DealLeads>>,
    /// Deals solved.
    pub solved: usize,
    /// The report over the deals solved so far (in deal order).
    pub report: Option<Rc<LeadReport>>,
    /// The CLI command of this run (`{seed}` where the seed goes).
    pub command: String,
}

impl Default for LeadRun {
    fn default() -> Self {
        LeadRun {
            job: 0,
            batch: None,
            phase: Phase::Idle,
            total: 0,
            problem: None,
            seed: [0; 32],
            deals: Rc::new(Vec::new()),
            results: Vec::new(),
            solved: 0,
            report: None,
            command: String::new(),
        }
    }
}

/// What changes a run.
pub enum LeadAction {
    /// A run was sent to the dealing worker.
    Start {
        /// The job.
        job: u32,
        /// Its seed.
        seed: [u8; 32],
        /// The problem.
        problem: Rc<LeadProblem>,
        /// Deals asked for.
        total: usize,
        /// The CLI command giving the same figures (`{seed}` where the seed goes).
        command: String,
    },
    /// A message of the dealing worker.
    Worker(FromWorker),
    /// The lead pool started on the deals of `job`.
    Solving {
        /// The job.
        job: u32,
        /// The pool's batch.
        batch: u64,
    },
    /// One deal's leads.
    Leads {
        /// The job whose deals they are.
        job: u32,
        /// Deal index.
        index: usize,
        /// Its leads.
        leads: Vec<Lead>,
    },
    /// The user stopped the run.
    Cancel,
    /// A check failed.
    Fail(String),
}

impl LeadRun {
    /// True while dealing or solving.
    pub fn is_running(&self) -> bool {
        matches!(self.phase, Phase::Dealing { .. } | Phase::Solving)
    }

    /// The deals whose leads are solved, in deal order (for the PBN export).
    pub fn solved_deals(&self) -> Vec<Deal> {
        self.deals
            .iter()
            .zip(&self.results)
            .filter(|(_, r)| r.is_some())
            .map(|(d, _)| *d)
            .collect()
    }

    fn refresh(&mut self) {
        let Some(p) = &self.problem else { return };
        let done: Vec<DealLeads> = self.results.iter().flatten().cloned().collect();
        self.report = (done.len() >= fairdeal_sim::MIN_DEALS).then(|| Rc::new(p.report(&done)));
    }

    /// The state after `action`.
    pub fn next(&self, action: LeadAction) -> LeadRun {
        let mut s = self.clone();
        match action {
            LeadAction::Start {
                job,
                seed,
                problem,
                total,
                command,
            } => {
                return LeadRun {
                    job,
                    command,
                    seed,
                    problem: Some(problem),
                    total,
                    phase: Phase::Dealing { done: 0 },
                    ..LeadRun::default()
                }
            }
            LeadAction::Fail(m) => s.phase = Phase::Failed(m),
            LeadAction::Cancel => {
                if s.is_running() {
                    s.phase = Phase::Cancelled;
                }
            }
            LeadAction::Worker(msg) => match msg {
                FromWorker::Progress { job, done, .. } if job == s.job => {
                    if let Phase::Dealing { .. } = s.phase {
                        s.phase = Phase::Dealing {
                            done: done as usize,
                        };
                    }
                }
                FromWorker::Done { job, boards } if job == s.job => {
                    if let Phase::Dealing { .. } = s.phase {
                        s.deals = Rc::new(boards.iter().map(|b| b.deal).collect());
                        s.results = vec![None; s.deals.len()];
                        s.phase = Phase::Solving;
                    }
                }
                FromWorker::Failed { job, message } if job == s.job => {
                    s.phase = Phase::Failed(message)
                }
                _ => {}
            },
            LeadAction::Solving { job, batch } if job == s.job => s.batch = Some(batch),
            LeadAction::Solving { .. } => {}
            LeadAction::Leads { job, index, leads } => {
                if job != s.job || s.phase != Phase::Solving {
                    return s;
                }
                let Some(p) = s.problem.clone() else { return s };
                let Some(deal) = s.deals.get(index).copied() else {
                    return s;
                };
                match p.deal_leads(index, &deal, &leads) {
                    Ok(r) => {
                        if s.results[index].is_none() {
                            s.solved += 1;
                        }
                        s.results[index] = Some(r);
                    }
                    Err(e) => {
                        s.phase = Phase::Failed(e.to_string());
                        return s;
                    }
                }
                let step = (s.total / 40).max(1);
                if s.solved == s.total {
                    s.phase = Phase::Done;
                    s.refresh();
                } else if s.solved.is_multiple_of(step) {
                    s.refresh();
                }
            }
        }
        if s.phase == Phase::Cancelled {
            s.refresh();
        }
        s
    }

    /// The phase's name (`Idle`, `Dealing`, `Solving`, `Done`, `Cancelled`, `Failed`).
    pub fn phase_name(&self) -> &'static str {
        match self.phase {
            Phase::Idle => "Idle",
            Phase::Dealing { .. } => "Dealing",
            Phase::Solving => "Solving",
            Phase::Done => "Done",
            Phase::Cancelled => "Cancelled",
            Phase::Failed(_) => "Failed",
        }
    }

    /// The status line.
    pub fn status(&self) -> String {
        match &self.phase {
            Phase::Idle => "No simulation run yet.".into(),
            Phase::Dealing { done } => format!("Dealing: {done} of {} deals…", self.total),
            Phase::Solving => format!(
                "Solving every lead double dummy: {} of {} deals…",
                self.solved, self.total
            ),
            Phase::Done => format!("Done: {} deals.", self.total),
            Phase::Cancelled => format!(
                "Stopped after {} of {} deals; the figures are over those.",
                self.solved, self.total
            ),
            Phase::Failed(m) => m.clone(),
        }
    }
}

impl Reducible for LeadRun {
    type Action = LeadAction;
    fn reduce(self: Rc<Self>, action: LeadAction) -> Rc<Self> {
        Rc::new(self.next(action))
    }
}
