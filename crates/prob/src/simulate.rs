//! Simulated questions: deals drawn uniformly by the exact constrained dealer
//! (`fairdeal-constrain`), an [`Outcome`] checked on each, and a running Wilson 95 % interval
//! ([`ProportionEstimator`]).
//!
//! * [`Outcome`] — what is counted: another condition in the constraint language, a seat's
//!   longest suit, a losing-trick count, or a double-dummy result (tricks for a declarer in a
//!   strain), which needs a solver supplied by the caller ([`Solver`]) so this crate stays
//!   free of the solver.
//! * [`Simulation`] — the dealer, the outcome test and the estimator; [`Simulation::step`]
//!   samples a few more deals with the caller's random generator. Chunks run anywhere (a Web
//!   Worker in the app) and estimators merge.
//! * [`exact_condition`] — the exact value of a `Condition` outcome when both sets are
//!   counted exactly, `count(deal ∧ condition) / count(deal)`: what the tests compare
//!   intervals against.
//!
//! No randomness of its own: the generator comes from the caller. Panic policy: no panics;
//! bad text is an error message with line:column.

use fairdeal_constrain::{parse, ConstraintSet, Dealer, Options};
use fairdeal_model::{Deal, Hand, Rank, Seat, Strain, Suit};
use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::sim::ProportionEstimator;
use crate::Fraction;

/// What a simulation counts on each deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Another condition in the constraint language holds (e.g. `south: hcp 10+`).
    Condition(String),
    /// `suit` is (one of) `seat`'s longest suits (ties count).
    LongestSuit {
        /// The seat.
        seat: Seat,
        /// The suit.
        suit: Suit,
    },
    /// `seat` has at most `max` losers by the losing-trick count ([`losers`]).
    Losers {
        /// The seat.
        seat: Seat,
        /// Most losers allowed.
        max: u8,
    },
    /// Double dummy: `declarer` takes at least `at_least` tricks in `strain`.
    Tricks {
        /// The declarer.
        declarer: Seat,
        /// The strain.
        strain: Strain,
        /// Tricks needed (e.g. 9 for 3NT).
        at_least: u8,
    },
}

impl Outcome {
    /// Whether checking this outcome needs a double-dummy solver.
    pub fn needs_solver(&self) -> bool {
        matches!(self, Outcome::Tricks { .. })
    }
}

/// Double-dummy tricks for `declarer` in `strain` on a deal, or a message.
pub type Solver<'a> = dyn FnMut(&Deal, Strain, Seat) -> Result<u8, String> + 'a;

/// The losing-trick count of a hand: per suit, the missing A, K, Q among the first
/// `min(length, 3)` of them (void 0; singleton: 0 with the ace, else 1; doubleton: 2 minus
/// the ace and king held; three or more: 3 minus the A, K, Q held). 0..=12.
pub fn losers(hand: Hand) -> u32 {
    Suit::ALL
        .iter()
        .map(|&s| {
            let h = hand.holding(s);
            let tops = [Rank::ACE, Rank::KING, Rank::QUEEN];
            let considered = h.len().min(3) as usize;
            tops[..considered]
                .iter()
                .filter(|&&r| !h.contains(r))
                .count() as u32
        })
        .sum()
}

/// Whether `suit` is (one of) `hand`'s longest suits.
pub fn longest_is(hand: Hand, suit: Suit) -> bool {
    let l = hand.suit_len(suit);
    Suit::ALL.iter().all(|s| hand.suit_len(*s) <= l)
}

/// Parses a constraint text into a set, refusing categories; errors rendered with
/// line:column against `what` (the field's name).
fn constraint_set(text: &str, what: &str) -> Result<ConstraintSet, String> {
    let spec = parse(text).map_err(|e| format!("{what}: {}", e.render(text)))?;
    if !spec.categories.is_empty() {
        return Err(format!(
            "{what}: categories are for dealing batches; a simulation takes one set of conditions"
        ));
    }
    spec.constraints(None).map_err(|e| format!("{what}: {e}"))
}

#[derive(Debug)]
enum Test {
    Set(Box<ConstraintSet>),
    Longest(Seat, Suit),
    Losers(Seat, u8),
    Tricks(Seat, Strain, u8),
}

/// A simulation in progress: deals meeting `spec`, outcome checked on each.
#[derive(Debug)]
pub struct Simulation {
    dealer: Box<Dealer>,
    test: Test,
    est: ProportionEstimator,
}

impl Simulation {
    /// Builds the exact dealer for `spec` and the outcome test; the error is a message for
    /// the user (with line:column for text).
    pub fn new(spec: &str, outcome: &Outcome, options: Options) -> Result<Simulation, String> {
        let set = constraint_set(spec, "deal conditions")?;
        let dealer = Dealer::new(&set, options).map_err(|e| format!("deal conditions: {e}"))?;
        let test = match outcome {
            Outcome::Condition(text) => {
                if text.trim().is_empty() {
                    return Err("outcome: write a condition, e.g. `south: hcp 10+`".into());
                }
                Test::Set(Box::new(constraint_set(text, "outcome")?))
            }
            Outcome::LongestSuit { seat, suit } => Test::Longest(*seat, *suit),
            Outcome::Losers { seat, max } => {
                if *max > 12 {
                    return Err(format!("losers: expected 0 to 12, got {max}"));
                }
                Test::Losers(*seat, *max)
            }
            Outcome::Tricks {
                declarer,
                strain,
                at_least,
            } => {
                if !(1..=13).contains(at_least) {
                    return Err(format!("tricks: expected 1 to 13, got {at_least}"));
                }
                Test::Tricks(*declarer, *strain, *at_least)
            }
        };
        Ok(Simulation {
            dealer: Box::new(dealer),
            test,
            est: ProportionEstimator::new(),
        })
    }

    /// Samples `n` more deals; `solver` is asked only for double-dummy outcomes.
    pub fn step<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
        n: u32,
        solver: &mut Solver<'_>,
    ) -> Result<(), String> {
        // The same deals as one call per deal, drawn together (faster; a step's deals do not
        // depend on how the simulation is split into steps).
        let mut deals = Vec::with_capacity(n as usize);
        let drawn = self.dealer.sample_many(rng, n as usize, &mut deals);
        for deal in deals {
            let hit = match &self.test {
                Test::Set(set) => set.accepts(&deal),
                Test::Longest(seat, suit) => longest_is(deal.hand(*seat), *suit),
                Test::Losers(seat, max) => losers(deal.hand(*seat)) <= u32::from(*max),
                Test::Tricks(declarer, strain, at_least) => {
                    solver(&deal, *strain, *declarer)? >= *at_least
                }
            };
            self.est.push(hit);
        }
        drawn.map_err(|e| e.to_string())
    }

    /// The running estimate.
    pub fn estimator(&self) -> ProportionEstimator {
        self.est
    }
}

/// A solver for outcomes that need none: always an error (used where no double-dummy solver
/// is available).
pub fn no_solver(_: &Deal, _: Strain, _: Seat) -> Result<u8, String> {
    Err("double-dummy outcomes need the solver, which is not available here".into())
}

/// The exact probability of `condition` among deals meeting `spec`, when the constraint
/// engine counts both exactly within `options`; `None` otherwise (rejection needed, or bad
/// text, or no deal).
pub fn exact_condition(spec: &str, condition: &str, options: Options) -> Option<Fraction> {
    let both = format!("{spec}\n{condition}");
    let count = |text: &str| {
        let set = constraint_set(text, "").ok()?;
        let c = Dealer::new(&set, options).ok()?.count();
        c.is_exact().then_some(c.deals)
    };
    let all = count(spec)?;
    // An impossible conjunction is a build error: probability 0.
    let hits = match constraint_set(&both, "") {
        Ok(set) => match Dealer::new(&set, options) {
            Ok(d) => {
                let c = d.count();
                c.is_exact().then_some(c.deals)?
            }
            Err(fairdeal_constrain::BuildError::NoDeal { .. }) => 0,
            Err(_) => return None,
        },
        Err(_) => return None,
    };
    Fraction::new(hits, all)
}

/// The workloads timed by the simulation-rate benchmarks (native example `sim_rate` and the
/// browser bench): name, deal conditions, outcome, deals per run.
pub fn bench_workloads() -> Vec<(&'static str, &'static str, Outcome, u32)> {
    vec![
        (
            "longest-suit",
            "south: is AKJ4.QT3.K82.964",
            Outcome::LongestSuit {
                seat: Seat::North,
                suit: Suit::Spades,
            },
            200_000,
        ),
        (
            "1nt-condition",
            "north: hcp 15-17, balanced",
            Outcome::Condition("south: hcp 8+".into()),
            200_000,
        ),
        (
            "losers",
            "",
            Outcome::Losers {
                seat: Seat::North,
                max: 7,
            },
            200_000,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::rand_core::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn hand(pbn: &str) -> Hand {
        let mut h = Hand::EMPTY;
        for (suit, text) in Suit::ALL.iter().zip(pbn.split('.')) {
            for c in text.chars() {
                let r = Rank::from_char(c).expect("rank");
                h.insert(fairdeal_model::Card::new(*suit, r));
            }
        }
        h
    }

    #[test]
    fn losing_trick_count_known_answers() {
        assert_eq!(losers(hand("AKQ.AKQ.AKQ.AKQJ")), 0);
        assert_eq!(losers(hand("432.432.432.5432")), 12);
        // Kx = 1, Qx = 2, A = 0, K = 1, void = 0; AQx = 1, KQJT = 1.
        assert_eq!(losers(hand("K2.Q2.AQ32.KQJT9")), 1 + 2 + 1 + 1);
        assert_eq!(losers(hand("A.K.AQ32.KQJT9876")), 1 + 1 + 1);
        assert_eq!(losers(hand(".AKQJT98765.432.2")), 3 + 1);
    }

    #[test]
    fn bad_text_is_a_message_with_a_place() {
        let e = Simulation::new(
            "north: hcp 15-17\nsouth: hcpp 3",
            &Outcome::LongestSuit {
                seat: Seat::North,
                suit: Suit::Spades,
            },
            Options::default(),
        )
        .expect_err("bad spec");
        assert!(
            e.starts_with("deal conditions: ") && e.contains("2:"),
            "{e}"
        );
        let e = Simulation::new(
            "",
            &Outcome::Condition("west: spadez 5".into()),
            Options::default(),
        )
        .expect_err("bad outcome");
        assert!(e.starts_with("outcome: ") && e.contains("1:"), "{e}");
        let e = Simulation::new(
            "",
            &Outcome::Losers {
                seat: Seat::North,
                max: 13,
            },
            Options::default(),
        )
        .expect_err("bad max");
        assert!(e.contains("0 to 12"), "{e}");
    }

    #[test]
    fn tricks_outcome_asks_the_solver_and_reports_its_error() {
        let outcome = Outcome::Tricks {
            declarer: Seat::South,
            strain: Strain::Notrump,
            at_least: 9,
        };
        assert!(outcome.needs_solver());
        let mut sim = Simulation::new("", &outcome, Options::default()).expect("builds");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut calls = 0;
        let mut fake = |d: &Deal, strain: Strain, decl: Seat| {
            calls += 1;
            assert_eq!((strain, decl), (Strain::Notrump, Seat::South));
            // A stand-in rule: South's side takes 9 when NS hold 26+ HCP.
            Ok(
                if d.hand(Seat::North).hcp() + d.hand(Seat::South).hcp() >= 26 {
                    9
                } else {
                    6
                },
            )
        };
        sim.step(&mut rng, 50, &mut fake).expect("steps");
        assert_eq!(calls, 50);
        assert_eq!(sim.estimator().samples(), 50);
        let mut sim2 = Simulation::new("", &outcome, Options::default()).expect("builds");
        let e = sim2
            .step(&mut rng, 1, &mut no_solver)
            .expect_err("no solver");
        assert!(e.contains("solver"), "{e}");
    }

    #[test]
    fn exact_condition_known_answers() {
        // Given North 15-17 balanced, South has at least 0 HCP: certainty.
        let one = exact_condition(
            "north: hcp 15-17, balanced",
            "south: hcp 0+",
            Options::default(),
        );
        assert_eq!(one, Some(Fraction::ONE));
        // A contradiction has probability 0.
        let zero = exact_condition("north: spades 7+", "north: spades 0-2", Options::default());
        assert_eq!(zero, Some(Fraction::ZERO));
        // West holding exactly 5 of 13 spades with no condition: C(13,5)C(39,8)/C(52,13).
        let f = exact_condition("", "west: spades 5", Options::default()).expect("exact");
        let want = Fraction::new(
            crate::exact::binomial(13, 5) * crate::exact::binomial(39, 8),
            crate::exact::binomial(52, 13),
        );
        assert_eq!(Some(f), want);
    }
}
