use super::*;
use crate::compute::Field;
use crate::read::read_csv;
use fairdeal_model::dd::{DdTable, Par, ParContract, Side};
use fairdeal_model::{Deal, Seat, Strain, Vulnerability};

const CLUB: &str = include_str!("../../tests/data/club26.csv");
const CLUB_DD: &str = include_str!("../../tests/data/club26.dd.csv");

/// `4H+1 EW`, `7DX-4 EW`, `6D W` as a par contract.
fn par_contract(text: &str) -> ParContract {
    let (c, who) = text.trim().split_once(' ').unwrap();
    let level = c[..1].parse().unwrap();
    let (strain, rest) = match &c[1..2] {
        "N" => (Strain::Notrump, &c[3..]),
        "S" => (Strain::Spades, &c[2..]),
        "H" => (Strain::Hearts, &c[2..]),
        "D" => (Strain::Diamonds, &c[2..]),
        _ => (Strain::Clubs, &c[2..]),
    };
    let doubled = rest.starts_with('X');
    let over = rest.trim_start_matches('X');
    let declarers: Vec<Seat> = who.chars().filter_map(Seat::from_char).collect();
    ParContract {
        level,
        strain,
        doubled,
        side: Side::of(declarers[0]),
        declarers,
        overtricks: if over.is_empty() {
            0
        } else {
            over.parse().unwrap()
        },
    }
}

/// The club session's records from `fairdeal dd --csv` (deal, DD table, par).
pub(crate) fn club_records() -> Vec<BoardRecord> {
    let mut lines = CLUB_DD.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    lines
        .map(|l| {
            let f: Vec<&str> = l.splitn(header.len(), ',').collect();
            let mut t = [[0u8; 4]; 5];
            for seat in Seat::ALL {
                for (strain, name) in [
                    (Strain::Clubs, "C"),
                    (Strain::Diamonds, "D"),
                    (Strain::Hearts, "H"),
                    (Strain::Spades, "S"),
                    (Strain::Notrump, "NT"),
                ] {
                    t[strain.index()][seat.index()] = f[col(&format!("{}_{name}", seat.letter()))]
                        .parse()
                        .unwrap();
                }
            }
            BoardRecord {
                board: f[col("board")].parse().unwrap(),
                deal: Deal::from_pbn(f[col("deal")]).unwrap(),
                dealer: Seat::from_char(f[col("dealer")].chars().next().unwrap()).unwrap(),
                vulnerability: Vulnerability::from_pbn(f[col("vul")]).unwrap(),
                dd: DdTable::new(t),
                par: Some(Par {
                    ns_score: f[col("par_ns")].parse().unwrap(),
                    contracts: f[col("par_contracts")]
                        .split(';')
                        .map(par_contract)
                        .collect(),
                }),
            }
        })
        .collect()
}

fn club_event() -> Event {
    let read = read_csv(CLUB);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    read.event
}

fn mp() -> ScoringOptions {
    ScoringOptions::default()
}

/// Every `data-{attr}="…"` value in `html`, in order, with the `data-key` before it.
fn data_values(html: &str, attr: &str) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    let mut key = String::new();
    let mut rest = html;
    while let Some(i) = rest.find("data-") {
        rest = &rest[i + 5..];
        let (name, after) = rest.split_once("=\"").unwrap_or(("", ""));
        let value = after.split('"').next().unwrap_or("");
        if name == "key" {
            key = value.to_string();
        } else if name == attr {
            out.push((key.clone(), value.parse().unwrap()));
        }
    }
    out
}

#[test]
fn the_club_session_publishes_every_pair_board_and_scorecard() {
    let event = club_event();
    let records = club_records();
    assert_eq!(records.len(), 26);
    let opts = PublishOptions {
        title: "Thursday club pairs".into(),
        kind: Kind::Pairs(vec![
            mp(),
            ScoringOptions {
                method: Method::Butler,
                ..mp()
            },
        ]),
        fingerprint: Some("KH 3f1c…".into()),
    };
    let html = publish_html(&event, &records, &opts);
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(!html.to_ascii_lowercase().contains("<script"), "no scripts");
    assert!(
        !html.contains("http://")
            || html.matches("http://").count()
                == html.matches("http://www.w3.org/2000/svg").count(),
        "no requests"
    );
    for b in 1..=26 {
        assert!(html.contains(&format!("id=\"board-{b}\"")), "board {b}");
        assert!(
            html.contains(&format!("<caption>Board {b}: traveller")),
            "board {b}"
        );
        assert!(html.contains(&format!(
            "<caption>Board {b}: double-dummy tricks</caption>"
        )));
    }
    // 26 pairs, each with a scorecard whose sum is its ranking total (first method).
    let totals = data_values(&html, "total");
    let sums = data_values(&html, "sum");
    assert_eq!(sums.len(), 26);
    assert_eq!(totals.len(), 52, "two rankings of 26 pairs");
    for (key, sum) in &sums {
        let (_, total) = totals.iter().find(|(k, _)| k == key).unwrap();
        assert!((sum - total).abs() < 0.005, "{key}: {sum} v {total}");
    }
    for n in 1..=13 {
        assert!(html.contains(&format!("data-key=\"NS {n}\"")));
        assert!(html.contains(&format!("data-key=\"EW {}\"", n + 13)));
    }
    // The fouled board is flagged, and only it.
    assert_eq!(html.matches("class=\"fdr-foul\"").count(), 1);
    let at = html.find("id=\"board-17\"").unwrap();
    let foul = html.find("class=\"fdr-foul\"").unwrap();
    assert!(foul > at && foul < html.find("id=\"board-18\"").unwrap());
    assert!(html.contains("board(s) 17 may be fouled"));
    // Hands read as words; the fingerprint and how to verify.
    assert!(html.contains("<span class=\"fdr-sr\">spades </span>"));
    assert!(html.contains("fairdeal squaredeal verify"));
    // Board 1 (par 4♠ by EW, −420): a line of 4♠= by E is 0 against par and DD.
    assert!(html.contains("Par EW +420: 4<span class=\"fdr-s\" aria-hidden=\"true\">♠</span><span class=\"fdr-sr\">spades </span> by EW"));
}

#[test]
fn scorecard_of_one_pair_known_answers() {
    // Two boards, three tables, one winner: pair 1 has 4 + 0 = 4 of 8 matchpoints = 50%.
    let rows = "board,ns,ew,contract,declarer,result\n\
1,1,2,4S,N,=\n1,3,4,4S,N,+1\n1,5,6,4S,N,-1\n\
2,2,1,3NT,S,=\n2,4,3,3NT,S,=\n2,6,5,3NT,S,=\n";
    let event = read_csv(rows).event;
    let opts = PublishOptions {
        title: String::new(),
        kind: Kind::Pairs(vec![ScoringOptions {
            field: Field::OneWinner,
            ..mp()
        }]),
        fingerprint: None,
    };
    let html = publish_html(&event, &[], &opts);
    // Board 1: 420 between 450 and −50 → 2 of 4; board 2: EW v 400, all tied → 2 of 4.
    let card = &html[html.find("id=\"card-1\"").unwrap()..];
    let card = &card[..card.find("</section>").unwrap()];
    assert!(
        card.contains("<td class=\"fdr-pts\">2.00</td><td>50.00</td>"),
        "{card}"
    );
    assert!(card.contains("data-sum=\"4.00\""), "{card}");
    assert!(
        card.contains("<td>EW</td><td>2</td>"),
        "sat EW against pair 2 on board 2"
    );
    assert!(html.contains("<title>Results</title>"));
    assert!(html.contains("No hand record for this board."));
}

#[test]
fn a_team_event_publishes_standings_and_match_scorecards() {
    let event = read_csv(include_str!("../../tests/data/teams.csv")).event;
    let (score, _) = score_team_event(&event, true);
    assert!(score.matches.len() >= 2 && !score.standings.is_empty());
    let html = publish_html(
        &event,
        &[],
        &PublishOptions {
            title: "Teams".into(),
            kind: Kind::Teams { vp_corrected: true },
            fingerprint: None,
        },
    );
    for m in &score.matches {
        let key = format!("{} v {}", m.m.home, m.m.away);
        let at = html.find(&format!("data-key=\"{key}\"")).unwrap();
        let sum = data_values(&html[at..], "sum")[0].1;
        assert_eq!(sum as i32, m.m.home_imps - m.m.away_imps, "{key}");
    }
    for s in &score.standings {
        assert!(html.contains(&format!(
            "data-key=\"{}\" data-total=\"{:.2}\"",
            s.pair, s.total
        )));
    }
}

#[test]
fn exported_workbooks_and_events_are_read() {
    let event = club_event();
    let e = read_exported(&event.to_json()).unwrap();
    assert_eq!((e.event, e.setup), (event.clone(), None));
    let book = format!(
        "{{\"format\":\"fairdeal-score-workbook\",\"version\":2,\"id\":\"x\",\"setup\":null,\"event\":{}}}",
        event.to_json()
    );
    let e = read_exported(&book).unwrap();
    assert_eq!(e.event, event);
    assert_eq!(e.field(), Field::Auto);
    assert!(!e.is_teams());
    let err = read_exported("{\"format\":\"other\"}").unwrap_err();
    assert!(
        err.to_string()
            .contains("expected `fairdeal-scoring-event`"),
        "{err}"
    );
}
