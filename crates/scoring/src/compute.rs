//! Scoring a whole event: per-result points and the ranking.
//!
//! Owns [`ScoringOptions`], [`score_results`] / [`score_event`], and the output types
//! [`EventScore`], [`ResultPoints`] and [`Standing`]. Everything is recomputed from scratch
//! from the validated results, so a spreadsheet can call it after every edit.
//!
//! Rules (see each method's module for the per-board arithmetic):
//! * Boards are compared among their real results (a contract, pass-out or raw score).
//!   Results marked not played count for nobody.
//! * Matchpoints: every board is Neuberg-factored to E expected results (the option, or the
//!   largest number of results on any board, artificial ones included). Artificial scores get
//!   [`crate::artificial_percent`] of the top, the A+/A− session rule using the pair's mean
//!   percentage on its real boards, worked out after all real boards. A pair's score is its
//!   mean board percentage.
//! * Butler and cross-IMPs: artificial scores are +3/0/−3 IMPs per side. A pair's score is its
//!   IMP total, or IMPs per board when pairs played different numbers of boards.
//! * VP: each pair-v-pair meeting (all boards one NS pair played against one EW pair) is a
//!   match; its margin is the sum over its boards of (NS Butler IMPs − EW Butler IMPs)/2,
//!   rounded to a whole IMP, converted on the WBF continuous scale for that many boards.
//!   A pair's score is its VP total.
//! * Field: with two winners (Mitchell) a pair is identified by its direction and number and
//!   ranked within its direction; with one winner (Howell, arrow switch) by number alone.
//!   [`Field::Auto`] picks two winners exactly when no pair number appears in both directions.
//! * Ranks are competition ranks (1, 2, 2, 4); equal scores (within 1e−9) share a rank.

use crate::event::{CellError, Direction, Event, Outcome, TableResult};
use crate::imp_pairs::{butler_board, cross_imps_board, DatumRule};
use crate::matchpoints::{artificial_percent, matchpoint_board, Artificial, MpScale};
use crate::method::Method;
use crate::vp::{round_margin, VpScale};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};

/// One winner or two.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Field {
    /// Two winners if no pair appears in both directions, else one.
    #[default]
    Auto,
    /// One ranking over all pairs (Howell, arrow-switched Mitchell).
    OneWinner,
    /// A ranking per direction (Mitchell); NS 1 and EW 1 are different pairs.
    TwoWinners,
}

/// How to score an event.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ScoringOptions {
    /// The method.
    pub method: Method,
    /// The Butler datum (Butler and VP).
    pub datum: DatumRule,
    /// Expected results per board for Neuberg (`None`: the most on any board).
    pub expected: Option<usize>,
    /// One winner or two.
    pub field: Field,
    /// Apply the VP concavity correction.
    pub vp_corrected: bool,
}

impl Default for ScoringOptions {
    fn default() -> ScoringOptions {
        ScoringOptions {
            method: Method::Matchpoints,
            datum: DatumRule::default(),
            expected: None,
            field: Field::Auto,
            vp_corrected: true,
        }
    }
}

/// The points of one table result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultPoints {
    /// 0-based row in the event.
    pub row: usize,
    /// Board.
    pub board: u32,
    /// NS pair.
    pub ns: String,
    /// EW pair.
    pub ew: String,
    /// NS score for real results.
    pub ns_score: Option<i32>,
    /// NS matchpoints or IMPs.
    pub ns_points: f64,
    /// EW matchpoints or IMPs.
    pub ew_points: f64,
    /// NS percentage (matchpoint methods only).
    pub ns_percent: Option<f64>,
}

/// What a standing's `score` means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RankBasis {
    /// Mean board percentage.
    Percent,
    /// Total IMPs.
    TotalImps,
    /// IMPs per board.
    ImpsPerBoard,
    /// Total VPs.
    TotalVp,
}

/// One line of the ranking.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Competition rank (1, 2, 2, 4).
    pub rank: u32,
    /// Shares its rank with another pair.
    pub tied: bool,
    /// Pair number or name.
    pub pair: String,
    /// The pair's direction with two winners, `None` with one.
    pub direction: Option<Direction>,
    /// The ranking score (see [`EventScore::basis`]).
    pub score: f64,
    /// Total matchpoints, IMPs or VPs.
    pub total: f64,
    /// Boards that counted for the pair.
    pub boards: u32,
}

impl Standing {
    /// The rank as printed: `3` or `3=` when tied.
    pub fn rank_text(&self) -> String {
        if self.tied {
            format!("{}=", self.rank)
        } else {
            self.rank.to_string()
        }
    }

    /// The entrant's key across rankings of one event: `NS 3`/`EW 3` with two winners,
    /// else the pair (or team) alone.
    pub fn key(&self) -> String {
        match self.direction {
            Some(d) => format!("{d} {}", self.pair),
            None => self.pair.clone(),
        }
    }
}

/// A scored event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EventScore {
    /// Per result, in input order (not-played rows are left out).
    pub results: Vec<ResultPoints>,
    /// The ranking: with two winners NS first, then EW; each by rank.
    pub standings: Vec<Standing>,
    /// What the standings' `score` is.
    pub basis: RankBasis,
    /// Whether the field was ranked per direction.
    pub two_winners: bool,
    /// The datum of each board (Butler and VP).
    pub datums: Vec<(u32, i64)>,
    /// Expected results per board used for Neuberg (matchpoint methods).
    pub expected: Option<usize>,
}

#[derive(Debug, Default)]
struct Acc {
    pair: String,
    direction: Option<Direction>,
    total: f64,
    boards: u32,
    pct_sum: f64,
    real_pct_sum: f64,
    real_boards: u32,
    vp_centi: u64,
}

/// The report `fairdeal score` prints for a pairs event, as CSV: the ranking
/// `rank,pair,direction,score,boards`, and with `boards` a blank line and one line per result
/// `board,ns,ew,ns_score,ns_points,ew_points` in board then row order. Names go through
/// [`crate::csv_cell::csv_field`]. The Score page's results give the same text (tested).
pub fn write_pairs_csv(s: &EventScore, boards: bool) -> String {
    use crate::csv_cell::csv_field;
    let mut out = String::from("rank,pair,direction,score,boards\n");
    for x in &s.standings {
        let dir = x.direction.map_or("", |d| d.text());
        out += &format!(
            "{},{},{dir},{:.2},{}\n",
            x.rank_text(),
            csv_field(&x.pair),
            x.score,
            x.boards
        );
    }
    if boards {
        out += "\nboard,ns,ew,ns_score,ns_points,ew_points\n";
        let mut rows: Vec<_> = s.results.iter().collect();
        rows.sort_by_key(|r| (r.board, r.row));
        for r in rows {
            let score = r.ns_score.map_or(String::new(), |v| v.to_string());
            out += &format!(
                "{},{},{},{score},{:.2},{:.2}\n",
                r.board,
                csv_field(&r.ns),
                csv_field(&r.ew),
                r.ns_points,
                r.ew_points
            );
        }
    }
    out
}

/// Validates an event and scores its good rows; the cell errors come back alongside.
pub fn score_event(event: &Event, opts: &ScoringOptions) -> (EventScore, Vec<CellError>) {
    let (results, errors) = event.validate_with(opts.field);
    let field = match crate::event::resolve_field(&event.rows, opts.field) {
        true => Field::TwoWinners,
        false => Field::OneWinner,
    };
    let opts = ScoringOptions { field, ..*opts };
    (score_results(&results, &opts), errors)
}

/// Scores validated results.
pub fn score_results(results: &[TableResult], opts: &ScoringOptions) -> EventScore {
    let two_winners = match opts.field {
        Field::OneWinner => false,
        Field::TwoWinners => true,
        Field::Auto => {
            let ns: HashSet<&str> = results.iter().map(|r| r.ns.as_str()).collect();
            !results.iter().any(|r| ns.contains(r.ew.as_str()))
        }
    };
    let mut accs: Vec<Acc> = Vec::new();
    let mut index: HashMap<(Option<Direction>, &str), usize> = HashMap::new();
    // Per played result: (index in `results`, NS acc, EW acc).
    let mut played: Vec<(usize, usize, usize)> = Vec::with_capacity(results.len());
    let mut boards: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, r) in results.iter().enumerate() {
        if matches!(r.outcome, Outcome::NotPlayed) {
            continue;
        }
        let ns_dir = two_winners.then_some(Direction::NorthSouth);
        let ew_dir = two_winners.then_some(Direction::EastWest);
        let a = acc_index(&mut index, &mut accs, r.ns.as_str(), ns_dir);
        let b = acc_index(&mut index, &mut accs, r.ew.as_str(), ew_dir);
        boards.entry(r.board).or_default().push(played.len());
        played.push((i, a, b));
    }
    let mut points: Vec<ResultPoints> = played
        .iter()
        .map(|&(i, _, _)| {
            let r = &results[i];
            ResultPoints {
                row: r.row,
                board: r.board,
                ns: r.ns.clone(),
                ew: r.ew.clone(),
                ns_score: r.ns_score,
                ns_points: 0.0,
                ew_points: 0.0,
                ns_percent: None,
            }
        })
        .collect();
    let mp_scale = match opts.method {
        Method::Matchpoints => Some(MpScale::TwoPerWin),
        Method::MatchpointsAcbl => Some(MpScale::OnePerWin),
        Method::Butler | Method::CrossImps | Method::Vp => None,
    };
    let expected = opts
        .expected
        .unwrap_or_else(|| boards.values().map(Vec::len).max().unwrap_or(0));
    let mut datums = Vec::new();
    // Artificial awards to settle after the real boards: (played index, side is NS, award).
    let mut pending: Vec<(usize, bool, Artificial)> = Vec::new();
    let mut scores: Vec<i32> = Vec::new();
    let mut real: Vec<usize> = Vec::new();
    for (&board, list) in &boards {
        scores.clear();
        real.clear();
        for &p in list {
            let r = &results[played[p].0];
            match (r.outcome, r.ns_score) {
                (Outcome::Artificial { ns, ew }, _) => {
                    pending.push((p, true, ns));
                    pending.push((p, false, ew));
                }
                (_, Some(s)) => {
                    scores.push(s);
                    real.push(p);
                }
                (_, None) => {}
            }
        }
        match opts.method {
            Method::Matchpoints | Method::MatchpointsAcbl => {
                let scale = mp_scale.unwrap_or(MpScale::TwoPerWin);
                let bm = matchpoint_board(&scores, expected, scale);
                for (j, &p) in real.iter().enumerate() {
                    let pct = bm.ns_percent(j);
                    points[p].ns_points = bm.ns[j];
                    points[p].ew_points = bm.top - bm.ns[j];
                    points[p].ns_percent = Some(pct);
                    let (_, a, b) = played[p];
                    accs[a].real_pct_sum += pct;
                    accs[a].real_boards += 1;
                    accs[b].real_pct_sum += 100.0 - pct;
                    accs[b].real_boards += 1;
                }
            }
            Method::Butler | Method::Vp => {
                let (d, imps) = butler_board(&scores, &opts.datum);
                if let Some(d) = d {
                    datums.push((board, d));
                }
                for (j, &p) in real.iter().enumerate() {
                    points[p].ns_points = f64::from(imps[j]);
                    points[p].ew_points = -f64::from(imps[j]);
                }
            }
            Method::CrossImps => {
                let x = cross_imps_board(&scores);
                for (j, &p) in real.iter().enumerate() {
                    points[p].ns_points = x[j];
                    points[p].ew_points = -x[j];
                }
            }
        }
    }
    // Artificial scores.
    let top = match mp_scale {
        Some(MpScale::TwoPerWin) => 2.0 * expected.saturating_sub(1) as f64,
        Some(MpScale::OnePerWin) => expected.saturating_sub(1) as f64,
        None => 0.0,
    };
    for &(p, is_ns, award) in &pending {
        let (_, a, b) = played[p];
        let acc = if is_ns { a } else { b };
        let value = match mp_scale {
            Some(_) => {
                let s = &accs[acc];
                let session =
                    (s.real_boards > 0).then(|| s.real_pct_sum / f64::from(s.real_boards));
                let pct = artificial_percent(award, session);
                accs[acc].pct_sum += pct;
                if is_ns {
                    points[p].ns_percent = Some(pct);
                }
                pct * top / 100.0
            }
            None => f64::from(award.imps()),
        };
        if is_ns {
            points[p].ns_points = value;
        } else {
            points[p].ew_points = value;
        }
    }
    for (p, &(_, a, b)) in played.iter().enumerate() {
        accs[a].total += points[p].ns_points;
        accs[a].boards += 1;
        accs[b].total += points[p].ew_points;
        accs[b].boards += 1;
    }
    let basis = match opts.method {
        Method::Matchpoints | Method::MatchpointsAcbl => RankBasis::Percent,
        Method::Butler | Method::CrossImps => {
            let mut counts = accs.iter().map(|a| a.boards);
            let first = counts.next();
            if counts.all(|c| Some(c) == first) {
                RankBasis::TotalImps
            } else {
                RankBasis::ImpsPerBoard
            }
        }
        Method::Vp => RankBasis::TotalVp,
    };
    if opts.method == Method::Vp {
        add_vps(&played, &points, &mut accs, opts.vp_corrected);
    }
    let mut standings: Vec<Standing> = accs
        .iter()
        .map(|a| {
            let score = match basis {
                RankBasis::Percent => (a.real_pct_sum + a.pct_sum) / f64::from(a.boards.max(1)),
                RankBasis::TotalImps => a.total,
                RankBasis::ImpsPerBoard => a.total / f64::from(a.boards.max(1)),
                RankBasis::TotalVp => a.vp_centi as f64 / 100.0,
            };
            let total = match basis {
                RankBasis::TotalVp => score,
                RankBasis::Percent | RankBasis::TotalImps | RankBasis::ImpsPerBoard => a.total,
            };
            Standing {
                rank: 0,
                tied: false,
                pair: a.pair.clone(),
                direction: a.direction,
                score,
                total,
                boards: a.boards,
            }
        })
        .collect();
    rank(&mut standings);
    EventScore {
        results: points,
        standings,
        basis,
        two_winners,
        datums,
        expected: mp_scale.map(|_| expected),
    }
}

/// The accumulator of a pair, created on first sight.
fn acc_index<'a>(
    index: &mut HashMap<(Option<Direction>, &'a str), usize>,
    accs: &mut Vec<Acc>,
    pair: &'a str,
    direction: Option<Direction>,
) -> usize {
    *index.entry((direction, pair)).or_insert_with(|| {
        accs.push(Acc {
            pair: pair.to_string(),
            direction,
            ..Acc::default()
        });
        accs.len() - 1
    })
}

/// Groups the played results into pair-v-pair matches and adds each side's VPs.
fn add_vps(
    played: &[(usize, usize, usize)],
    points: &[ResultPoints],
    accs: &mut [Acc],
    corrected: bool,
) {
    let mut matches: Vec<(usize, usize, f64, u32)> = Vec::new();
    let mut at: HashMap<(usize, usize), usize> = HashMap::new();
    for (p, &(_, a, b)) in played.iter().enumerate() {
        let m = *at.entry((a, b)).or_insert_with(|| {
            matches.push((a, b, 0.0, 0));
            matches.len() - 1
        });
        matches[m].2 += (points[p].ns_points - points[p].ew_points) / 2.0;
        matches[m].3 += 1;
    }
    let mut scales: HashMap<u32, VpScale> = HashMap::new();
    for (a, b, margin, n) in matches {
        let scale = scales
            .entry(n)
            .or_insert_with(|| VpScale::wbf_continuous(n, corrected));
        let c = scale.centi_for_margin(round_margin(margin));
        accs[a].vp_centi += u64::from(c);
        accs[b].vp_centi += u64::from(2000 - c);
    }
}

/// Compares pair names: numerically when both are numbers, else as text.
pub fn pair_order(a: &str, b: &str) -> Ordering {
    match (a.parse::<u64>(), b.parse::<u64>()) {
        (Ok(x), Ok(y)) => x.cmp(&y),
        (Ok(_), Err(_)) => Ordering::Less,
        (Err(_), Ok(_)) => Ordering::Greater,
        (Err(_), Err(_)) => a.cmp(b),
    }
}

/// Sorts standings (by direction, then score descending, then pair) and assigns
/// competition ranks within each direction.
pub fn rank(standings: &mut [Standing]) {
    const EPS: f64 = 1e-9;
    standings.sort_by(|x, y| {
        x.direction
            .cmp(&y.direction)
            .then(y.score.total_cmp(&x.score))
            .then(pair_order(&x.pair, &y.pair))
    });
    let mut i = 0;
    while i < standings.len() {
        let mut j = i;
        while j + 1 < standings.len()
            && standings[j + 1].direction == standings[i].direction
            && (standings[j + 1].score - standings[i].score).abs() < EPS
        {
            j += 1;
        }
        let first_of_dir = standings
            .iter()
            .position(|s| s.direction == standings[i].direction)
            .unwrap_or(0);
        for s in &mut standings[i..=j] {
            s.rank = (i - first_of_dir + 1) as u32;
            s.tied = j > i;
        }
        i = j + 1;
    }
}
