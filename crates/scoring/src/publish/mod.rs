//! Published results: one self-contained HTML page of a session, for a club or federation
//! web site — the same bytes from the Score page and `fairdeal publish`.
//!
//! [`publish_html`] takes the event as typed, its hand records ([`BoardRecord`], DD and par
//! already solved by the caller) and [`PublishOptions`], and returns the page. Pairs events:
//! a ranking per method (with a bar chart), every traveller (each line against double
//! dummy and par, the fouled-board flag of [`crate::records`]), a personal scorecard per
//! pair for the first method (board by board: direction, opponents, contract, score,
//! points; its sum is the ranking's total, which the page says), and the hand records with
//! DD table and par. Team events ([`Kind::Teams`]): standings (VP), the matches, a
//! scorecard per match (board by board: both rooms and the IMPs; the sum is the match's
//! IMPs) and the same travellers and records. With a SquareDeal fingerprint the page says how
//! anyone can verify the deals.
//!
//! The page has inline CSS and no script; tables have captions and header cells; suit
//! symbols are hidden from screen readers, which read the suit's name instead. Figures the
//! e2e test checks carry `data-` attributes: a ranking row `data-key` and `data-total`, a
//! scorecard `data-key` and its sum `data-sum`, each scorecard points cell class `fdr-pts`.
//!
//! Panic policy: nothing here panics; rows with cell errors are left out, as by scoring.

pub mod html;

use crate::compute::{score_event, EventScore, RankBasis, ResultPoints, ScoringOptions};
use crate::event::{resolve_field, Event, Outcome, TableResult};
use crate::method::{Method, METHODS};
use crate::records::{check_results, records_by_board, BoardCheck, BoardRecord, LineCheck};
use crate::team_event::{is_home, score_team_event, TeamScore};
use html::{bar_chart, contract_html, dd_html, deal_html, esc, par_html, result_text, signed};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;

/// What kind of event is published.
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// A pairs event: one ranking per scoring option set; the first drives the travellers'
    /// points and the scorecards.
    Pairs(Vec<ScoringOptions>),
    /// A team event (see [`crate::team_event`]).
    Teams {
        /// Apply the VP concavity correction.
        vp_corrected: bool,
    },
}

/// How to publish.
#[derive(Debug, Clone, PartialEq)]
pub struct PublishOptions {
    /// The page's title (the event name when empty).
    pub title: String,
    /// Pairs or teams.
    pub kind: Kind,
    /// A committed SquareDeal set's fingerprint (its published key hash), if any.
    pub fingerprint: Option<String>,
}

const CSS: &str = include_str!("publish.css");

/// The `format` tag of the Score page's saved workbook (`Export JSON`).
pub const WORKBOOK_FORMAT: &str = "fairdeal-score-workbook";

/// An event as exported: the event, and its set-up when the Score page made it.
#[derive(Debug, Clone, PartialEq)]
pub struct Exported {
    /// The event.
    pub event: Event,
    /// How it was set up (pairs or teams, movement), if known.
    pub setup: Option<crate::setup::Setup>,
}

impl Exported {
    /// The ranking field the set-up decides ([`crate::compute::Field::Auto`] without one).
    pub fn field(&self) -> crate::compute::Field {
        self.setup
            .as_ref()
            .map_or(crate::compute::Field::Auto, crate::setup::Setup::field)
    }

    /// Whether the set-up says teams.
    pub fn is_teams(&self) -> bool {
        self.setup
            .as_ref()
            .is_some_and(crate::setup::Setup::is_teams)
    }
}

/// Reads event JSON ([`crate::EVENT_FORMAT`]) or the Score page's exported workbook
/// ([`WORKBOOK_FORMAT`]: its `event` and `setup`).
pub fn read_exported(text: &str) -> Result<Exported, crate::EventJsonError> {
    let value: serde_json::Value = serde_json::from_str(text)?;
    match value.get("format").and_then(|f| f.as_str()) {
        Some(WORKBOOK_FORMAT) => {
            let event = value.get("event").cloned().unwrap_or_default();
            let event = Event::from_json(&event.to_string())?;
            let setup = match value.get("setup") {
                None | Some(serde_json::Value::Null) => None,
                Some(s) => Some(serde_json::from_value(s.clone())?),
            };
            Ok(Exported { event, setup })
        }
        Some(f) if f != crate::EVENT_FORMAT => Err(crate::EventJsonError::Format {
            found: f.to_string(),
        }),
        _ => Ok(Exported {
            event: Event::from_json(text)?,
            setup: None,
        }),
    }
}

fn method_label(m: Method) -> &'static str {
    METHODS
        .iter()
        .find(|x| x.method == m)
        .map_or("", |x| x.title)
}

fn pts(v: f64) -> String {
    format!("{v:.2}")
}

/// The published page (module doc).
pub fn publish_html(event: &Event, records: &[BoardRecord], opts: &PublishOptions) -> String {
    let title = if opts.title.trim().is_empty() {
        if event.name.trim().is_empty() {
            "Results".to_string()
        } else {
            event.name.trim().to_string()
        }
    } else {
        opts.title.trim().to_string()
    };
    let mut out = String::with_capacity(64 * 1024);
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{t}</title><style>{CSS}</style></head><body><header><h1>{t}</h1>",
        t = esc(&title)
    );
    let body = match &opts.kind {
        Kind::Pairs(methods) => pairs(event, records, methods),
        Kind::Teams { vp_corrected } => teams(event, records, *vp_corrected),
    };
    out.push_str(&body.summary);
    out.push_str("<nav aria-label=\"Contents\"><ul>");
    for (id, name) in &body.toc {
        let _ = write!(out, "<li><a href=\"#{id}\">{name}</a></li>");
    }
    if opts.fingerprint.is_some() {
        out.push_str("<li><a href=\"#verify\">Verify the deals</a></li>");
    }
    out.push_str("</ul></nav></header><main>");
    out.push_str(&body.main);
    if let Some(f) = &opts.fingerprint {
        let _ = write!(
            out,
            "<section id=\"verify\"><h2>Verify the deals</h2><p>These boards were dealt with SquareDeal. Before the session the organiser published the tournament file (<code>.sqd</code>) whose key hash is</p><p class=\"fdr-fp\"><code>{}</code></p><p>After the event the organiser publishes the keys file (<code>.sqk</code>) and the delayed value (DV) that chose the deals. Anyone can then check that the keys match the hash published in advance and deal the session again, compared byte for byte with the hand records: <code>fairdeal squaredeal verify T.sqd T.sqk --dv VALUE</code> (or SquareDeal's own verifier). Nobody, the organiser included, could choose the deals: they were fixed by keys committed before the DV was known.</p></section>",
            esc(f)
        );
    }
    out.push_str("</main></body></html>\n");
    out
}

/// The parts of a page.
struct Body {
    summary: String,
    toc: Vec<(String, String)>,
    main: String,
}

/// Board numbers of the results and the records, sorted.
fn board_numbers(results: &[TableResult], records: &[BoardRecord]) -> Vec<u32> {
    let mut set: BTreeSet<u32> = records.iter().map(|r| r.board).collect();
    set.extend(results.iter().map(|r| r.board));
    set.into_iter().collect()
}

fn id_of(key: &str) -> String {
    key.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

/// The side's score of a result: `score` with `ns` true, its negation for EW.
fn side_score(r: &TableResult, ns: bool) -> String {
    match r.ns_score {
        Some(s) if ns => signed(i64::from(s)),
        Some(s) => signed(-i64::from(s)),
        None => String::new(),
    }
}

fn pairs(event: &Event, records: &[BoardRecord], methods: &[ScoringOptions]) -> Body {
    let methods: Vec<ScoringOptions> = if methods.is_empty() {
        vec![ScoringOptions::default()]
    } else {
        methods.to_vec()
    };
    let primary = methods[0];
    let scored: Vec<(ScoringOptions, EventScore)> = methods
        .iter()
        .map(|o| (*o, score_event(event, o).0))
        .collect();
    let two = resolve_field(&event.rows, primary.field);
    let (results, errors) = event.validate_with(if two {
        crate::compute::Field::TwoWinners
    } else {
        crate::compute::Field::OneWinner
    });
    let (lines, checks) = check_results(&results, records);
    let line_of: HashMap<usize, &LineCheck> = lines.iter().map(|l| (l.row, l)).collect();
    let check_of: HashMap<u32, &BoardCheck> = checks.iter().map(|c| (c.board, c)).collect();
    let score = &scored[0].1;
    let points_of: HashMap<usize, &ResultPoints> =
        score.results.iter().map(|p| (p.row, p)).collect();
    let boards = board_numbers(&results, records);
    let entrants = score.standings.len();
    let mut summary = format!(
        "<p class=\"fdr-summary\">{} pairs · {} boards · {} results · {}{}</p>",
        entrants,
        boards.len(),
        results.len(),
        methods
            .iter()
            .map(|o| method_label(o.method))
            .collect::<Vec<_>>()
            .join(", "),
        if two {
            " · two winners (NS and EW)"
        } else {
            " · one winner"
        }
    );
    if !errors.is_empty() {
        let _ = write!(
            summary,
            "<p class=\"fdr-note\">{} row(s) with errors are left out.</p>",
            errors.len()
        );
    }
    let fouled: Vec<u32> = checks
        .iter()
        .filter(|c| c.fouled)
        .map(|c| c.board)
        .collect();
    if !fouled.is_empty() {
        let _ = write!(
            summary,
            "<p class=\"fdr-note\">For the director: board(s) {} may be fouled (most results far from double dummy in the same direction).</p>",
            fouled
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let mut toc = Vec::new();
    let mut main = String::new();

    // Rankings.
    toc.push(("rankings".into(), "Rankings".into()));
    main.push_str("<section id=\"rankings\"><h2>Rankings</h2>");
    for (o, s) in &scored {
        ranking_tables(&mut main, method_label(o.method), s);
    }
    main.push_str("</section>");

    // Scorecards.
    toc.push(("scorecards".into(), "Personal scorecards".into()));
    let _ = write!(
        main,
        "<section id=\"scorecards\"><h2>Personal scorecards ({})</h2>",
        method_label(primary.method)
    );
    let result_of: HashMap<usize, &TableResult> = results.iter().map(|r| (r.row, r)).collect();
    for st in &score.standings {
        let key = st.key();
        let mut rows: Vec<(&ResultPoints, bool)> = score
            .results
            .iter()
            .filter_map(|p| {
                let as_ns =
                    p.ns == st.pair && st.direction != Some(crate::event::Direction::EastWest);
                let as_ew =
                    p.ew == st.pair && st.direction != Some(crate::event::Direction::NorthSouth);
                if as_ns {
                    Some((p, true))
                } else if as_ew {
                    Some((p, false))
                } else {
                    None
                }
            })
            .collect();
        rows.sort_by_key(|(p, _)| (p.board, p.row));
        let sum: f64 = rows
            .iter()
            .map(|(p, ns)| if *ns { p.ns_points } else { p.ew_points })
            .sum();
        let pct = matches!(score.basis, RankBasis::Percent);
        let _ = write!(
            main,
            "<section class=\"fdr-card\" id=\"card-{id}\" data-key=\"{k}\"><table><caption>{k}: rank {rank}, {score}</caption><thead><tr><th scope=\"col\">Board</th><th scope=\"col\">Sat</th><th scope=\"col\">Opponents</th><th scope=\"col\">Contract</th><th scope=\"col\">By</th><th scope=\"col\">Result</th><th scope=\"col\">Score</th><th scope=\"col\">Points</th>{pcth}</tr></thead><tbody>",
            id = id_of(&key),
            k = esc(&key),
            rank = esc(&st.rank_text()),
            score = standing_score(score.basis, st.score),
            pcth = if pct { "<th scope=\"col\">%</th>" } else { "" }
        );
        for (p, ns) in &rows {
            let r = result_of.get(&p.row).copied();
            let (contract, by, res, sc) = match r {
                Some(r) => (
                    contract_html(&r.outcome, &event.rows[r.row].adj),
                    declarer_text(&r.outcome),
                    result_text(&r.outcome),
                    side_score(r, *ns),
                ),
                None => Default::default(),
            };
            let own = if *ns { p.ns_points } else { p.ew_points };
            let pc = match (pct, p.ns_percent) {
                (true, Some(v)) => {
                    let own_pct = if *ns {
                        v
                    } else if matches!(r.map(|r| r.outcome), Some(Outcome::Artificial { .. })) {
                        own * 100.0 / mp_top(score.expected, primary.method)
                    } else {
                        100.0 - v
                    };
                    format!("<td>{}</td>", pts(own_pct))
                }
                (true, None) => {
                    let v = own * 100.0 / mp_top(score.expected, primary.method);
                    format!("<td>{}</td>", pts(v))
                }
                (false, _) => String::new(),
            };
            let _ = write!(
                main,
                "<tr><td><a href=\"#board-{b}\">{b}</a></td><td>{dir}</td><td>{opp}</td><td>{contract}</td><td>{by}</td><td>{res}</td><td>{sc}</td><td class=\"fdr-pts\">{own}</td>{pc}</tr>",
                b = p.board,
                dir = if *ns { "NS" } else { "EW" },
                opp = esc(if *ns { &p.ew } else { &p.ns }),
                own = pts(own),
            );
        }
        let _ = write!(
            main,
            "</tbody><tfoot><tr><th scope=\"row\" colspan=\"7\">Total over {n} boards (the ranking's total: {total})</th><td data-sum=\"{sum}\">{sum}</td>{pc}</tr></tfoot></table></section>",
            n = rows.len(),
            total = pts(st.total),
            sum = pts(sum),
            pc = if pct {
                format!("<td>{}</td>", pts(st.score))
            } else {
                String::new()
            }
        );
    }
    main.push_str("</section>");

    // Boards: record, DD, par, traveller.
    toc.push((
        "boards".into(),
        "Boards: travellers and hand records".into(),
    ));
    main.push_str("<section id=\"boards\"><h2>Boards</h2>");
    let by_board = records_by_board(records);
    let mut rows_of: BTreeMap<u32, Vec<&TableResult>> = BTreeMap::new();
    for r in &results {
        rows_of.entry(r.board).or_default().push(r);
    }
    let datum_of: HashMap<u32, i64> = score.datums.iter().copied().collect();
    for b in boards {
        board_header(
            &mut main,
            b,
            by_board.get(&b).copied(),
            check_of.get(&b).copied(),
        );
        if let Some(d) = datum_of.get(&b) {
            let _ = write!(main, "<p>Datum {}</p>", signed(*d));
        }
        let _ = write!(
            main,
            "<table class=\"fdr-trav\"><caption>Board {b}: traveller ({})</caption><thead><tr><th scope=\"col\">NS</th><th scope=\"col\">EW</th><th scope=\"col\">Contract</th><th scope=\"col\">By</th><th scope=\"col\">Result</th><th scope=\"col\">Lead</th><th scope=\"col\">NS score</th><th scope=\"col\">Tricks v DD</th><th scope=\"col\">v par</th><th scope=\"col\">NS points</th><th scope=\"col\">EW points</th></tr></thead><tbody>",
            method_label(primary.method)
        );
        for r in rows_of.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
            let l = line_of.get(&r.row);
            let p = points_of.get(&r.row);
            let lead = r.lead.map_or(String::new(), |c| {
                format!(
                    "{}{}",
                    html::suit_html(c.suit()),
                    rank_text(c.rank().letter())
                )
            });
            let dd = l
                .and_then(|l| l.tricks_vs_dd.zip(l.dd_tricks))
                .map_or(String::new(), |(off, dd)| {
                    format!("{} (DD {dd})", signed(i64::from(off)))
                });
            let vp = l
                .and_then(|l| l.score_vs_par)
                .map_or(String::new(), |v| signed(i64::from(v)));
            let _ = write!(
                main,
                "<tr><td>{ns}</td><td>{ew}</td><td>{c}</td><td>{by}</td><td>{res}</td><td>{lead}</td><td>{sc}</td><td>{dd}</td><td>{vp}</td><td>{np}</td><td>{ep}</td></tr>",
                ns = esc(&r.ns),
                ew = esc(&r.ew),
                c = contract_html(&r.outcome, &event.rows[r.row].adj),
                by = declarer_text(&r.outcome),
                res = result_text(&r.outcome),
                sc = side_score(r, true),
                np = p.map_or(String::new(), |p| pts(p.ns_points)),
                ep = p.map_or(String::new(), |p| pts(p.ew_points)),
            );
        }
        main.push_str("</tbody></table></section>");
    }
    main.push_str("</section>");
    Body { summary, toc, main }
}

/// The matchpoint top of a board for `method` (Neuberg: `expected` results).
fn mp_top(expected: Option<usize>, method: Method) -> f64 {
    let e = expected.unwrap_or(0).saturating_sub(1) as f64;
    let top = match method {
        Method::MatchpointsAcbl => e,
        _ => 2.0 * e,
    };
    if top > 0.0 {
        top
    } else {
        1.0
    }
}

fn rank_text(c: char) -> String {
    if c == 'T' {
        "10".into()
    } else {
        c.to_string()
    }
}

fn declarer_text(o: &Outcome) -> String {
    match o {
        Outcome::Played {
            declarer: Some(d), ..
        } => d.letter().to_string(),
        _ => String::new(),
    }
}

fn standing_score(basis: RankBasis, v: f64) -> String {
    match basis {
        RankBasis::Percent => format!("{}%", pts(v)),
        RankBasis::TotalImps => format!("{} IMPs", pts(v)),
        RankBasis::ImpsPerBoard => format!("{} IMPs a board", pts(v)),
        RankBasis::TotalVp => format!("{} VP", pts(v)),
    }
}

/// One ranking table (per direction with two winners), each with its chart.
fn ranking_tables(out: &mut String, label: &str, s: &EventScore) {
    let groups: Vec<(Option<crate::event::Direction>, &str)> = if s.two_winners {
        vec![
            (Some(crate::event::Direction::NorthSouth), " — North–South"),
            (Some(crate::event::Direction::EastWest), " — East–West"),
        ]
    } else {
        vec![(None, "")]
    };
    let (score_h, total_h) = match s.basis {
        RankBasis::Percent => ("%", "Matchpoints"),
        RankBasis::TotalImps => ("IMPs", "IMPs"),
        RankBasis::ImpsPerBoard => ("IMPs a board", "IMPs"),
        RankBasis::TotalVp => ("VP", "VP"),
    };
    for (dir, suffix) in groups {
        let list: Vec<_> = s.standings.iter().filter(|x| x.direction == dir).collect();
        if list.is_empty() {
            continue;
        }
        let _ = write!(
            out,
            "<table class=\"fdr-rank\"><caption>{label}{suffix}</caption><thead><tr><th scope=\"col\">Rank</th><th scope=\"col\">Pair</th><th scope=\"col\">{score_h}</th><th scope=\"col\">{total_h}</th><th scope=\"col\">Boards</th></tr></thead><tbody>"
        );
        for x in &list {
            let key = x.key();
            let _ = write!(
                out,
                "<tr data-key=\"{k}\" data-total=\"{t}\"><td>{r}</td><th scope=\"row\"><a href=\"#card-{id}\">{p}</a></th><td>{sc}</td><td>{t}</td><td>{b}</td></tr>",
                k = esc(&key),
                t = pts(x.total),
                r = esc(&x.rank_text()),
                id = id_of(&key),
                p = esc(&x.pair),
                sc = pts(x.score),
                b = x.boards
            );
        }
        out.push_str("</tbody></table>");
        let bars: Vec<(String, f64, String)> = list
            .iter()
            .map(|x| (x.pair.clone(), x.score.max(0.0), pts(x.score)))
            .collect();
        bar_chart(out, &format!("{label}{suffix}: {score_h} by pair"), &bars);
    }
}

/// A board's heading, deal, DD table, par and fouled flag.
fn board_header(out: &mut String, b: u32, rec: Option<&BoardRecord>, check: Option<&BoardCheck>) {
    let _ = write!(
        out,
        "<section class=\"fdr-board\" id=\"board-{b}\" data-board=\"{b}\"><h3>Board {b}</h3>"
    );
    let Some(rec) = rec else {
        out.push_str("<p>No hand record for this board.</p>");
        return;
    };
    let _ = write!(
        out,
        "<p>Dealer {}, vulnerable: {}</p><div class=\"fdr-rec\">",
        rec.dealer.name(),
        match rec.vulnerability {
            fairdeal_model::Vulnerability::None => "none",
            fairdeal_model::Vulnerability::NorthSouth => "North–South",
            fairdeal_model::Vulnerability::EastWest => "East–West",
            fairdeal_model::Vulnerability::Both => "both",
        }
    );
    deal_html(out, &rec.deal);
    if let Some(t) = &rec.dd {
        dd_html(out, b, t);
    }
    out.push_str("</div>");
    if let Some(p) = &rec.par {
        let _ = write!(out, "<p class=\"fdr-par\">{}</p>", par_html(p));
    }
    if let Some(c) = check.filter(|c| c.fouled) {
        let _ = write!(
            out,
            "<p class=\"fdr-foul\" role=\"note\"><strong>Check this board:</strong> of {} contracts played, {} took two or more tricks more for North–South than double dummy and {} two or more fewer; the cards played may not be the hand record (a fouled board).</p>",
            c.compared, c.ns_over, c.ns_under
        );
    }
}

fn teams(event: &Event, records: &[BoardRecord], vp_corrected: bool) -> Body {
    let (score, errors): (TeamScore, _) = score_team_event(event, vp_corrected);
    let (lines, checks) = check_results(&score.results, records);
    let line_of: HashMap<usize, &LineCheck> = lines.iter().map(|l| (l.row, l)).collect();
    let check_of: HashMap<u32, &BoardCheck> = checks.iter().map(|c| (c.board, c)).collect();
    let boards = board_numbers(&score.results, records);
    let mut summary = format!(
        "<p class=\"fdr-summary\">{} teams · {} matches · {} boards · IMPs to WBF VPs</p>",
        score.standings.len(),
        score.matches.len(),
        boards.len()
    );
    if !errors.is_empty() || !score.notes.is_empty() {
        let _ = write!(
            summary,
            "<p class=\"fdr-note\">{} row(s) with errors and {} result(s) that did not count are left out.</p>",
            errors.len(),
            score.notes.len()
        );
    }
    let mut toc = vec![
        ("rankings".to_string(), "Standings".to_string()),
        ("matches".to_string(), "Matches and scorecards".to_string()),
        (
            "boards".to_string(),
            "Boards: travellers and hand records".to_string(),
        ),
    ];
    let mut main = String::new();
    main.push_str("<section id=\"rankings\"><h2>Standings</h2><table class=\"fdr-rank\"><caption>Standings by victory points</caption><thead><tr><th scope=\"col\">Rank</th><th scope=\"col\">Team</th><th scope=\"col\">VP</th><th scope=\"col\">Boards</th></tr></thead><tbody>");
    for x in &score.standings {
        let _ = write!(
            main,
            "<tr data-key=\"{k}\" data-total=\"{t}\"><td>{r}</td><th scope=\"row\">{k}</th><td>{t}</td><td>{b}</td></tr>",
            k = esc(&x.pair),
            t = pts(x.total),
            r = esc(&x.rank_text()),
            b = x.boards
        );
    }
    main.push_str("</tbody></table>");
    let bars: Vec<(String, f64, String)> = score
        .standings
        .iter()
        .map(|x| (x.pair.clone(), x.total, pts(x.total)))
        .collect();
    bar_chart(&mut main, "Victory points by team", &bars);
    main.push_str("</section>");

    // Matches, each with its scorecard.
    main.push_str("<section id=\"matches\"><h2>Matches</h2>");
    // (home, away, board) → (open row, closed row).
    type Rooms = (Option<usize>, Option<usize>);
    let mut rooms: BTreeMap<(String, String), BTreeMap<u32, Rooms>> = BTreeMap::new();
    let by_row: HashMap<usize, &TableResult> = score.results.iter().map(|r| (r.row, r)).collect();
    for r in &score.results {
        if r.ns_score.is_none() {
            continue;
        }
        let home_ns = is_home(&r.ns, &r.ew);
        let key = if home_ns {
            (r.ns.clone(), r.ew.clone())
        } else {
            (r.ew.clone(), r.ns.clone())
        };
        let e = rooms.entry(key).or_default().entry(r.board).or_default();
        if home_ns {
            e.0 = Some(r.row);
        } else {
            e.1 = Some(r.row);
        }
    }
    for m in &score.matches {
        let key = format!("{} v {}", m.m.home, m.m.away);
        let _ = write!(
            main,
            "<section class=\"fdr-card\" id=\"card-{id}\" data-key=\"{k}\"><table><caption>{k}: {hi}–{ai} IMPs, {hv}–{av} VP</caption><thead><tr><th scope=\"col\">Board</th><th scope=\"col\">Open room (home NS)</th><th scope=\"col\">NS score</th><th scope=\"col\">Closed room (away NS)</th><th scope=\"col\">NS score</th><th scope=\"col\">{h} IMPs</th><th scope=\"col\">{a} IMPs</th></tr></thead><tbody>",
            id = id_of(&key),
            k = esc(&key),
            h = esc(&m.m.home),
            a = esc(&m.m.away),
            hi = m.m.home_imps,
            ai = m.m.away_imps,
            hv = pts(m.vp.0),
            av = pts(m.vp.1),
        );
        let mut net = 0i64;
        if let Some(bs) = rooms.get(&(m.m.home.clone(), m.m.away.clone())) {
            for (b, (open, closed)) in bs {
                let imps = open.and_then(|o| score.board_imps.get(&o).copied());
                let Some(imps) = imps else { continue };
                net += i64::from(imps);
                let room = |row: Option<usize>| match row.and_then(|r| by_row.get(&r)) {
                    Some(r) => (
                        format!(
                            "{} {} {}",
                            contract_html(&r.outcome, &event.rows[r.row].adj),
                            declarer_text(&r.outcome),
                            result_text(&r.outcome)
                        ),
                        side_score(r, true),
                    ),
                    None => Default::default(),
                };
                let (oc, os) = room(*open);
                let (cc, cs) = room(*closed);
                let (hi, ai) = if imps >= 0 {
                    (imps.to_string(), String::new())
                } else {
                    (String::new(), (-imps).to_string())
                };
                let _ = write!(
                    main,
                    "<tr><td><a href=\"#board-{b}\">{b}</a></td><td>{oc}</td><td>{os}</td><td>{cc}</td><td>{cs}</td><td class=\"fdr-pts\">{hi}</td><td>{ai}</td></tr>"
                );
            }
        }
        let _ = write!(
            main,
            "</tbody><tfoot><tr><th scope=\"row\" colspan=\"5\">Net IMPs to {h} (the match: {hi}–{ai})</th><td data-sum=\"{net}\" colspan=\"2\">{ns}</td></tr></tfoot></table></section>",
            h = esc(&m.m.home),
            hi = m.m.home_imps,
            ai = m.m.away_imps,
            ns = signed(net)
        );
    }
    main.push_str("</section>");

    // Boards.
    main.push_str("<section id=\"boards\"><h2>Boards</h2>");
    let by_board = records_by_board(records);
    let mut rows_of: BTreeMap<u32, Vec<&TableResult>> = BTreeMap::new();
    for r in &score.results {
        rows_of.entry(r.board).or_default().push(r);
    }
    for b in boards {
        board_header(
            &mut main,
            b,
            by_board.get(&b).copied(),
            check_of.get(&b).copied(),
        );
        let _ = write!(
            main,
            "<table class=\"fdr-trav\"><caption>Board {b}: traveller</caption><thead><tr><th scope=\"col\">NS</th><th scope=\"col\">EW</th><th scope=\"col\">Contract</th><th scope=\"col\">By</th><th scope=\"col\">Result</th><th scope=\"col\">NS score</th><th scope=\"col\">Tricks v DD</th><th scope=\"col\">v par</th><th scope=\"col\">Butler IMPs to NS</th></tr></thead><tbody>"
        );
        for r in rows_of.get(&b).map(Vec::as_slice).unwrap_or(&[]) {
            let l = line_of.get(&r.row);
            let dd = l
                .and_then(|l| l.tricks_vs_dd.zip(l.dd_tricks))
                .map_or(String::new(), |(off, dd)| {
                    format!("{} (DD {dd})", signed(i64::from(off)))
                });
            let vp = l
                .and_then(|l| l.score_vs_par)
                .map_or(String::new(), |v| signed(i64::from(v)));
            let butler = score
                .field
                .get(&r.row)
                .map_or(String::new(), |f| signed(i64::from(f.butler)));
            let _ = write!(
                main,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{dd}</td><td>{vp}</td><td>{butler}</td></tr>",
                esc(&r.ns),
                esc(&r.ew),
                contract_html(&r.outcome, &event.rows[r.row].adj),
                declarer_text(&r.outcome),
                result_text(&r.outcome),
                side_score(r, true),
            );
        }
        main.push_str("</tbody></table></section>");
    }
    main.push_str("</section>");
    toc.dedup();
    Body { summary, toc, main }
}

#[cfg(test)]
mod tests;
