//! Ready-made lessons: named sequences of questions (so every step is also a shareable
//! question), for the Probability page's lesson list and projector mode and for
//! `fairdeal prob --lesson`. Table-driven: [`LESSONS`] feeds the list, the `?lesson=` key,
//! the CLI and the tests.
//!
//! Panic policy: none; lookups return `Option`.

use super::{query_pairs, Question};

/// A lesson: a key for the URL, a title, a one-line blurb and its steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lesson {
    /// `?lesson=` value.
    pub key: &'static str,
    /// Title.
    pub title: &'static str,
    /// What it teaches.
    pub blurb: &'static str,
    /// Steps as query strings (each one a [`Question`]).
    pub steps: &'static [&'static str],
}

/// Every lesson, in list order.
pub const LESSONS: [Lesson; 7] = [
    Lesson {
        key: "suit-breaks",
        title: "Suit breaks, 2 to 13 missing cards",
        blurb: "The a-priori split table: odd numbers tend to split as evenly as possible, even numbers do not.",
        steps: &[
            "q=splits&n=2", "q=splits&n=3", "q=splits&n=4", "q=splits&n=5", "q=splits&n=6",
            "q=splits&n=7", "q=splits&n=8", "q=splits&n=9", "q=splits&n=10", "q=splits&n=11",
            "q=splits&n=12", "q=splits&n=13",
        ],
    },
    Lesson {
        key: "eight-ever-nine-never",
        title: "Eight ever, nine never",
        blurb: "Missing the queen: with eight cards finesse, with nine play for the drop.",
        steps: &[
            "q=splits&n=5",
            "q=finesse&cards=Qxxxx&honours=Q",
            "q=splits&n=4",
            "q=finesse&cards=Qxxx&honours=Q",
        ],
    },
    Lesson {
        key: "restricted-choice",
        title: "Restricted choice",
        blurb: "AK10xx opposite xxxx: East drops the Q on the ace. Finesse: 11/17 against 6/17.",
        steps: &[
            "q=honour&cards=QJxx&honours=QJ",
            "q=restricted&cards=QJxx&honours=QJ&player=E&played=Q",
        ],
    },
    Lesson {
        key: "suit-combinations",
        title: "Suit combinations",
        blurb: "The figures behind the best lines (each solved on the Suit page, /suit): AQ opposite xx is the K onside, 50 % (/suit?n=AQ&s=xx&target=2); AQ10 opposite xxx, two finesses, wins unless both K and J are offside, 76 % (/suit?n=AQ10&s=xxx&target=2); AKJ10x opposite xxxx, drop or finesse the Q (/suit?n=AKJ10x&s=xxxx&target=5); restricted choice.",
        steps: &[
            "q=honour&cards=Kxxxxxxxxxx&honours=K",
            "q=honour&cards=KJxxxxx&honours=KJ",
            "q=finesse&cards=Qxxx&honours=Q",
            "q=restricted&cards=QJxx&honours=QJ&player=E&played=Q",
        ],
    },
    Lesson {
        key: "vacant-places",
        title: "Vacant places",
        blurb: "Once West has shown six cards of a suit and East two, a given card is 7 : 11 with East.",
        steps: &[
            "q=vacant&w=13&e=13",
            "q=vacant&w=7&e=11",
            "q=splits&n=4&w=7&e=11",
            "q=honour&cards=Qxxx&honours=Q&w=7&e=11",
        ],
    },
    Lesson {
        key: "hand-patterns",
        title: "Hand patterns",
        blurb: "The 39 patterns, the longest and the shortest suit.",
        steps: &["q=patterns", "q=shape&stat=longest", "q=shape&stat=shortest", "q=shape&stat=voids"],
    },
    Lesson {
        key: "hcp",
        title: "High-card points",
        blurb: "HCP and aces in one hand, and what partner holds opposite your points.",
        steps: &["q=hcp", "q=aces", "q=partner&hcp=12", "q=partner&hcp=20", "q=longestfit"],
    },
];

impl Lesson {
    /// The lesson with this key.
    pub fn by_key(key: &str) -> Option<&'static Lesson> {
        LESSONS.iter().find(|l| l.key == key)
    }

    /// The steps as questions (steps that do not parse are skipped; the tests check none do).
    pub fn questions(&self) -> Vec<Question> {
        self.steps
            .iter()
            .filter_map(|s| Question::from_query(s))
            .collect()
    }

    /// The question of step `step` (0-based, clamped to the last step).
    pub fn step(&self, step: usize) -> Option<(usize, Question)> {
        let qs = self.questions();
        let step = step.min(qs.len().checked_sub(1)?);
        qs.into_iter().nth(step).map(|q| (step, q))
    }
}

/// A lesson step named by a query string, as the Probability page's URL names it:
/// `lesson=hcp&step=2` (step 0-based, absent: 0, past the end: the last step). `None` when
/// there is no known `lesson=`.
pub fn lesson_step(query: &str) -> Option<(&'static Lesson, usize, Question)> {
    let pairs = query_pairs(query);
    let value = |key: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    let lesson = value("lesson").and_then(Lesson::by_key)?;
    let step = value("step")
        .and_then(|s| s.trim().parse::<usize>().ok())
        .unwrap_or(0);
    let (step, question) = lesson.step(step)?;
    Some((lesson, step, question))
}
