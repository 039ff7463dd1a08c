//! The viewer page (`/view`): one board — from a link (`/view?l=…`, works offline once the
//! app is cached), a pasted Fair Deal or BBO handviewer link, LIN/PBN text or a file, or the
//! Deal and Board sets pages' "Open in viewer" — with its auction, its play step by step
//! (Back/Next, ←/→, a slider, or a click on a played card) and, at every position, the DD
//! figure of each legal card of the player to move: declarer's tricks for the board with
//! double-dummy play after it (`fairdeal_dd::play`, the figures `fairdeal play` prints),
//! costing cards marked in text as well as colour, and the tricks lost against DD per side.
//!
//! Without a recorded play the user plays the cards (click, or Tab to a card and
//! Enter/Space), for any seats; the others play the best DD card. "Best DD card" names the
//! cards that cost nothing. The DD figures of every position are solved ahead of the user in
//! the DD workers (`dd::play_pool`), nearest the position on screen first.
//!
//! Sharing: "Copy link" (the compact link of `docs/LINKS.md`, equal to `fairdeal link`),
//! "Show QR code" (large, for projection), "Export BBO link".

pub mod state;

use crate::browser;
use crate::dd::play_pool;
use fairdeal_dd::play::{CardFigure, Position};
use fairdeal_interop::link::{parse_link, qr_svg, Call, Link};
use fairdeal_interop::{read_any, Board};
use fairdeal_model::play::PlayState;
use fairdeal_model::{Card, Hand, Seat, Strain, Suit, Vulnerability};
use state::{link_from_query, Action, Viewer};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_router::prelude::*;

fn rank_text(card: Card) -> String {
    if card.rank().value() == 10 {
        "10".to_string()
    } else {
        card.rank().letter().to_string()
    }
}

/// A card in words: "spades K".
fn card_words(card: Card) -> String {
    format!("{} {}", card.suit().name(), rank_text(card))
}

/// A card with its suit symbol: "♠K".
fn card_symbol(card: Card) -> String {
    format!("{}{}", card.suit().symbol(), rank_text(card))
}

/// A hand in words, as a screen reader should read it: "North: spades A K 5, hearts …".
pub fn hand_words(seat: Seat, hand: Hand) -> String {
    let suits: Vec<String> = Suit::ALL
        .iter()
        .map(|&s| {
            let h = hand.holding(s);
            if h.is_empty() {
                format!("{} none", s.name())
            } else {
                let ranks: Vec<String> = h.ranks().map(|r| rank_text(Card::new(s, r))).collect();
                format!("{} {}", s.name(), ranks.join(" "))
            }
        })
        .collect();
    format!("{}: {}", seat.name(), suits.join(", "))
}

fn suit_class(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "suit suit-s",
        Suit::Hearts => "suit suit-h",
        Suit::Diamonds => "suit suit-d",
        Suit::Clubs => "suit suit-c",
    }
}

fn call_text(c: Call) -> String {
    match c {
        Call::Pass => "Pass".to_string(),
        Call::Double => "X".to_string(),
        Call::Redouble => "XX".to_string(),
        Call::Bid { level, strain } => match strain.suit() {
            Some(s) => format!("{level}{}", s.symbol()),
            None => format!("{level}NT"),
        },
    }
}

fn call_words(c: Call) -> String {
    match c {
        Call::Pass => "pass".to_string(),
        Call::Double => "double".to_string(),
        Call::Redouble => "redouble".to_string(),
        Call::Bid { level, strain } => match strain.suit() {
            Some(s) => format!("{level} {}", s.name()),
            None => format!("{level} notrump"),
        },
    }
}

fn vul_text(v: Vulnerability) -> &'static str {
    match v {
        Vulnerability::None => "none",
        Vulnerability::NorthSouth => "N–S",
        Vulnerability::EastWest => "E–W",
        Vulnerability::Both => "both",
    }
}

/// The auction as a table, columns West North East South.
fn auction_table(link: &Link) -> Html {
    if link.auction.is_empty() {
        return html! { <p class="vw-note">{"No auction recorded."}</p> };
    }
    let order = [Seat::West, Seat::North, Seat::East, Seat::South];
    let skip = order.iter().position(|s| *s == link.dealer).unwrap_or(0);
    let mut cells: Vec<Option<Call>> = vec![None; skip];
    cells.extend(link.auction.iter().copied().map(Some));
    let rows: Vec<Vec<Option<Call>>> = cells.chunks(4).map(|r| r.to_vec()).collect();
    html! {
        <table class="vw-auction">
            <caption>{"Auction"}</caption>
            <thead><tr>{ for order.iter().map(|s| html! { <th scope="col">{ s.name() }</th> }) }</tr></thead>
            <tbody>
                { for rows.into_iter().map(|r| html! {
                    <tr>{ for (0..4).map(|i| match r.get(i).copied().flatten() {
                        Some(c) => html! { <td aria-label={call_words(c)}>{ call_text(c) }</td> },
                        None => html! { <td></td> },
                    }) }</tr>
                }) }
            </tbody>
        </table>
    }
}

/// The viewer's address of a board, relative to the site (`/view?l=…`), for "Open in
/// viewer" links on other pages.
pub fn view_href(link: &Link) -> Option<String> {
    link.url("").ok()
}

/// The viewer's address of a deal shown as board `board` (dealer and vulnerability by the
/// board number; no auction or play: the user picks a contract and plays it out).
pub fn deal_href(deal: fairdeal_model::Deal, board: u32) -> Option<String> {
    view_href(&Link {
        number: (board <= fairdeal_interop::link::MAX_BOARD_NUMBER).then_some(board),
        dealer: Seat::dealer_of_board(board),
        vulnerability: Vulnerability::of_board(board),
        deal,
        auction: Vec::new(),
        contract: None,
        play: Vec::new(),
        title: String::new(),
    })
}

/// The origin of the page (`https://host:port`), for links.
fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// The boards a pasted or opened text holds.
fn boards_of(name: &str, bytes: &[u8]) -> Vec<Board> {
    read_any(name, bytes).boards
}

/// One seat: its remaining cards, legal ones as buttons with their figures when it is to move.
#[allow(clippy::too_many_arguments)]
fn seat_view(
    seat: Seat,
    state: &PlayState,
    position: Option<&Position>,
    dealer: Seat,
    vulnerability: Vulnerability,
    declarer: Seat,
    on_play: &Callback<Card>,
) -> Html {
    let hand = state.remaining(seat);
    let to_move = state.to_move() == Some(seat);
    let legal = if to_move {
        state.legal_cards()
    } else {
        Hand::EMPTY
    };
    let figure = |c: Card| -> Option<CardFigure> { position.and_then(|p| p.figure(c)).copied() };
    let role = if seat == declarer {
        " (declarer)"
    } else if seat == declarer.partner() {
        " (dummy)"
    } else {
        ""
    };
    let label = format!(
        "{}{}",
        hand_words(seat, hand),
        if to_move { "; to play" } else { "" }
    );
    let vul = vulnerability.is_vulnerable(seat);
    html! {
        <section class={classes!("vw-seat", format!("vw-{}", seat.name().to_ascii_lowercase()), to_move.then_some("vw-to-move"))}
            aria-label={label} data-seat={seat.letter().to_string()}>
            <h3 class="vw-seat-name">
                <span class={classes!("vw-name", vul.then_some("vw-vul"))}>{ seat.name() }</span>{ role }
                if vul { <span class="vw-vul-text">{" · vulnerable"}</span> }
                if seat == dealer { <span class="vw-dealer">{" · dealer"}</span> }
                if to_move { <span class="vw-turn">{" · to play"}</span> }
            </h3>
            <ul class="vw-suits">
                { for Suit::ALL.into_iter().map(|suit| {
                    let cards: Vec<Card> = hand.cards().filter(|c| c.suit() == suit).collect();
                    html! {
                        <li>
                            <span class={suit_class(suit)} aria-hidden="true">{ suit.symbol() }</span>
                            <span class="visually-hidden">{ suit.name() }{" "}</span>
                            if cards.is_empty() { <span class="vw-void" aria-hidden="true">{"—"}</span><span class="visually-hidden">{"void"}</span> }
                            { for cards.into_iter().map(|c| {
                                if legal.contains(c) {
                                    let f = figure(c);
                                    let on_play = on_play.clone();
                                    let words = match f {
                                        Some(f) if f.cost > 0 => format!("{}: {} tricks for declarer, costs {} trick{}", card_words(c), f.declarer_tricks, f.cost, if f.cost == 1 { "" } else { "s" }),
                                        Some(f) => format!("{}: {} tricks for declarer, best", card_words(c), f.declarer_tricks),
                                        None => format!("{}: not solved yet", card_words(c)),
                                    };
                                    html! {
                                        <button type="button"
                                            class={classes!("vw-card", f.is_some_and(|f| f.cost > 0).then_some("vw-costly"))}
                                            data-card={c.to_string()}
                                            data-tricks={f.map(|f| f.declarer_tricks.to_string())}
                                            data-cost={f.map(|f| f.cost.to_string())}
                                            onclick={Callback::from(move |_: MouseEvent| on_play.emit(c))}>
                                            // The eye sees rank, figure and cost; a screen reader hears the words.
                                            <span aria-hidden="true">
                                                <span class="vw-rank">{ rank_text(c) }</span>
                                                if let Some(f) = f {
                                                    <span class="vw-fig">{ f.declarer_tricks }</span>
                                                    if f.cost > 0 { <span class="vw-cost">{ format!("−{}", f.cost) }</span> }
                                                }
                                            </span>
                                            <span class="visually-hidden">{ words }</span>
                                        </button>
                                    }
                                } else {
                                    html! { <span class="vw-rank vw-idle">{ rank_text(c) }</span> }
                                }
                            }) }
                        </li>
                    }
                }) }
            </ul>
        </section>
    }
}

/// The viewer page.
#[component]
pub fn ViewerPage() -> Html {
    let location = use_location();
    let query = location
        .as_ref()
        .map(|l| l.query_str().to_string())
        .unwrap_or_default();
    let viewer = use_reducer(Viewer::default);
    let error = use_state(|| None::<String>);
    let paste = use_state(String::new);
    let file_boards = use_state(Vec::<Board>::new);
    let shared = use_state(|| None::<(String, String)>); // (kind, text)
    let show_qr = use_state(|| false);
    let hint = use_state(|| None::<String>);
    let job = use_mut_ref(|| None::<u64>);
    let readers = use_mut_ref(Vec::<gloo_file::callbacks::FileReader>::new);

    // Open the board of the URL.
    {
        let viewer = viewer.clone();
        let error = error.clone();
        use_effect_with(query.clone(), move |q| match link_from_query(q) {
            // A board opened here has already put its link in the URL: keep its state.
            Some(Ok(link)) if viewer.link.as_ref() == Some(&link) => {}
            Some(Ok(link)) => viewer.dispatch(Action::Open(link)),
            Some(Err(e)) => error.set(Some(format!("This link does not open: {e}"))),
            None => {}
        });
    }

    // Solve every position not solved yet, nearest the one on screen first.
    {
        let viewer_c = viewer.clone();
        let job = job.clone();
        let key = (
            viewer.generation,
            viewer
                .link
                .as_ref()
                .map(|l| (l.deal, l.contract, l.play.clone())),
        );
        use_effect_with(key, move |_| {
            let v = (*viewer_c).clone();
            let mut started = None;
            if let Some(link) = v.link.as_ref() {
                if let Some(c) = link.contract {
                    let positions = v.unsolved();
                    if !positions.is_empty() {
                        let generation = v.generation;
                        let dispatcher = viewer_c.dispatcher();
                        let id = play_pool::solve(
                            link.deal,
                            c.strain,
                            c.declarer,
                            link.play.clone(),
                            positions,
                            v.step,
                            Rc::new(move |position, figures| {
                                dispatcher.dispatch(Action::Figures {
                                    generation,
                                    position,
                                    figures,
                                })
                            }),
                        );
                        started = Some(id);
                    }
                }
            }
            *job.borrow_mut() = started;
            move || {
                if let Some(id) = started {
                    play_pool::cancel(id);
                }
            }
        });
    }
    {
        let job = job.clone();
        use_effect_with(viewer.step, move |step| {
            if let Some(id) = *job.borrow() {
                play_pool::focus(id, *step);
            }
        });
    }

    // Seats the user does not play take the best DD card at the end of the play.
    {
        let viewer_c = viewer.clone();
        let key = (
            viewer.generation,
            viewer.step,
            viewer.play_len(),
            viewer.figures.get(viewer.step).cloned().flatten(),
            viewer.user_seats,
        );
        use_effect_with(key, move |_| {
            let v = &*viewer_c;
            if v.step == v.play_len() && !v.recorded {
                if let Some(seat) = v.state().and_then(|s| s.to_move()) {
                    if !v.user_seats[seat.index()] {
                        if let Some(best) = v.best_cards().first().copied() {
                            viewer_c.dispatch(Action::Play(best));
                        }
                    }
                }
            }
        });
    }

    // ← and → step through the play (unless typing in a field).
    {
        let dispatcher = viewer.dispatcher();
        use_effect_with((), move |_| {
            let keydown =
                Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                    let in_field = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
                        .unwrap_or(false);
                    if in_field || e.alt_key() || e.ctrl_key() || e.meta_key() {
                        return;
                    }
                    match e.key().as_str() {
                        "ArrowRight" => {
                            e.prevent_default();
                            dispatcher.dispatch(Action::Next);
                        }
                        "ArrowLeft" => {
                            e.prevent_default();
                            dispatcher.dispatch(Action::Back);
                        }
                        _ => {}
                    }
                });
            let doc = web_sys::window().and_then(|w| w.document());
            if let Some(d) = &doc {
                let _ =
                    d.add_event_listener_with_callback("keydown", keydown.as_ref().unchecked_ref());
            }
            move || {
                if let Some(d) = doc {
                    let _ = d.remove_event_listener_with_callback(
                        "keydown",
                        keydown.as_ref().unchecked_ref(),
                    );
                }
                drop(keydown);
            }
        });
    }

    let navigator = use_navigator();
    let open_link = {
        let viewer = viewer.clone();
        let error = error.clone();
        let shared = shared.clone();
        let show_qr = show_qr.clone();
        Callback::from(move |link: Link| {
            error.set(None);
            shared.set(None);
            show_qr.set(false);
            // The address bar carries the board, so a reload or a bookmark opens it again.
            let code = link.encode().ok();
            viewer.dispatch(Action::Open(link));
            if let (Some(nav), Some(code)) = (&navigator, code) {
                let _ = nav.replace_with_query(&crate::app::Route::View, [("l", code)]);
            }
        })
    };
    let open_board = {
        let open_link = open_link.clone();
        let error = error.clone();
        Callback::from(move |board: Board| match Link::from_board(&board) {
            Ok(link) => open_link.emit(link),
            Err(e) => error.set(Some(format!("This board does not open: {e}"))),
        })
    };
    let on_paste_input = {
        let paste = paste.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                paste.set(t.value());
            }
        })
    };
    let on_open_paste = {
        let paste = paste.clone();
        let open_link = open_link.clone();
        let open_board = open_board.clone();
        let file_boards = file_boards.clone();
        let error = error.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let text = (*paste).trim().to_string();
            if text.is_empty() {
                error.set(Some(
                    "Paste a link, a BBO handviewer link, or LIN/PBN text first.".into(),
                ));
                return;
            }
            match parse_link(&text) {
                Ok(link) => open_link.emit(link),
                Err(link_error) => {
                    let boards = boards_of("", text.as_bytes());
                    match boards.len() {
                        0 => error.set(Some(format!(
                            "Not a link ({link_error}), and no board in it as LIN or PBN."
                        ))),
                        1 => open_board.emit(boards[0].clone()),
                        _ => {
                            file_boards.set(boards);
                            error.set(None);
                        }
                    }
                }
            }
        })
    };
    let on_file = {
        let file_boards = file_boards.clone();
        let open_board = open_board.clone();
        let error = error.clone();
        let readers = readers.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() else {
                return;
            };
            let Some(file) = input.files().and_then(|f| f.get(0)) else {
                return;
            };
            let file = gloo_file::File::from(file);
            let name = file.name();
            let file_boards = file_boards.clone();
            let open_board = open_board.clone();
            let error = error.clone();
            let reader = gloo_file::callbacks::read_as_bytes(&file, move |res| match res {
                Ok(bytes) => {
                    let boards = boards_of(&name, &bytes);
                    match boards.len() {
                        0 => error.set(Some(format!("{name} holds no board."))),
                        1 => open_board.emit(boards[0].clone()),
                        _ => {
                            error.set(None);
                            file_boards.set(boards);
                        }
                    }
                }
                Err(_) => error.set(Some(format!("{name} could not be read."))),
            });
            readers.borrow_mut().push(reader);
        })
    };
    let on_pick_board = {
        let file_boards = file_boards.clone();
        let open_board = open_board.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Ok(i) = sel.value().parse::<usize>() {
                    if let Some(b) = file_boards.get(i) {
                        open_board.emit(b.clone());
                    }
                }
            }
        })
    };

    let source = html! {
        <section class="vw-open" aria-labelledby="vw-open-h">
            <h2 id="vw-open-h">{"Open a board"}</h2>
            <form onsubmit={on_open_paste}>
                <label for="vw-paste">{"Paste a link, a BBO handviewer link, or LIN/PBN text"}</label>
                <textarea id="vw-paste" rows="2" value={(*paste).clone()} oninput={on_paste_input} />
                <button type="submit">{"Open"}</button>
            </form>
            <p>
                <label for="vw-file">{"Or open a LIN or PBN file: "}</label>
                <input id="vw-file" type="file" accept=".lin,.pbn,.txt" onchange={on_file} />
            </p>
            if file_boards.len() > 1 {
                <p>
                    <label for="vw-board">{"Board: "}</label>
                    <select id="vw-board" onchange={on_pick_board}>
                        <option value="" selected=true>{"Pick a board…"}</option>
                        { for file_boards.iter().enumerate().map(|(i, b)| html! {
                            <option value={i.to_string()}>{ format!("Board {}{}", b.number.map(|n| n.to_string()).unwrap_or_else(|| (i + 1).to_string()), if b.play.is_some() { " (with play)" } else { "" }) }</option>
                        }) }
                    </select>
                </p>
            }
            if let Some(e) = &*error { <p class="vw-error" role="alert">{ e }</p> }
        </section>
    };

    let Some(link) = viewer.link.clone() else {
        return html! {
            <div class="viewer">
                <h1>{"Viewer"}</h1>
                <p>{"Replay a board card by card with the double-dummy result of every card, or play it out yourself."}</p>
                { source }
            </div>
        };
    };

    let dispatch = |a: fn() -> Action| {
        let viewer = viewer.clone();
        Callback::from(move |_: MouseEvent| viewer.dispatch(a()))
    };
    let on_play = {
        let viewer = viewer.clone();
        let hint = hint.clone();
        Callback::from(move |c: Card| {
            hint.set(None);
            viewer.dispatch(Action::Play(c));
        })
    };
    let on_slider = {
        let viewer = viewer.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(t) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                if let Ok(n) = t.value().parse::<usize>() {
                    viewer.dispatch(Action::Step(n));
                }
            }
        })
    };
    let title = {
        let mut parts = Vec::new();
        if !link.title.is_empty() {
            parts.push(link.title.clone());
        }
        if let Some(n) = link.number {
            parts.push(format!("Board {n}"));
        }
        if parts.is_empty() {
            "Viewer".to_string()
        } else {
            parts.join(" · ")
        }
    };
    let contract_text = link.contract.map(|c| {
        let strain = match c.strain.suit() {
            Some(s) => s.symbol().to_string(),
            None => "NT".to_string(),
        };
        let x = ["", "X", "XX"][usize::from(c.doubled.min(2))];
        format!("{}{strain}{x} by {}", c.level, c.declarer.name())
    });
    let play_len = viewer.play_len();
    let step = viewer.step;
    let state = viewer.state();
    let analysis = viewer.analysis();
    let position = analysis
        .as_ref()
        .and_then(|a| a.positions.get(step).cloned());
    let total = play_len + 1;
    let solved = viewer.solved();

    let board_view = match (&state, link.contract) {
        (Some(state), Some(c)) => {
            let seat = |s: Seat| {
                seat_view(
                    s,
                    state,
                    position.as_ref(),
                    link.dealer,
                    link.vulnerability,
                    c.declarer,
                    &on_play,
                )
            };
            // The trick in progress; between tricks, the one just completed and its winner.
            let trick = state.current_trick();
            let completed = state.completed_tricks();
            let just_done = trick.is_empty() && completed > 0 && step >= 4;
            let (leader, cards) = if just_done {
                let before =
                    PlayState::after(link.deal, c.strain, c.declarer, &link.play[..step - 4]);
                let leader = before.map_or(state.leader(), |b| b.leader());
                (leader, link.play[step - 4..step].to_vec())
            } else {
                (state.leader(), trick.to_vec())
            };
            let trick_cards: Vec<(Seat, Card)> = cards
                .iter()
                .enumerate()
                .map(|(i, c)| (Seat::ALL[(leader.index() + i) % 4], *c))
                .collect();
            let trick_title = if just_done {
                format!("Trick {completed}, won by {}", state.leader().name())
            } else {
                format!("Trick {}", (completed + 1).min(13))
            };
            let trick_label = if trick_cards.is_empty() {
                format!("{trick_title}: nothing played yet")
            } else {
                let words: Vec<String> = trick_cards
                    .iter()
                    .map(|(s, c)| format!("{} {}", s.name(), card_words(*c)))
                    .collect();
                format!("{trick_title}: {}", words.join(", "))
            };
            html! {
                <div class="vw-table">
                    { seat(Seat::North) }
                    { seat(Seat::West) }
                    <div class="vw-trick" role="group" aria-label={trick_label.clone()}>
                        <p class="vw-trick-title">{ trick_title }</p>
                        <ul>
                            { for trick_cards.iter().map(|(s, c)| html! {
                                <li class={format!("vw-t-{}", s.letter().to_ascii_lowercase())}>
                                    <span class="vw-t-seat">{ s.letter() }</span>
                                    <span class={suit_class(c.suit())} aria-hidden="true">{ c.suit().symbol() }</span>
                                    <span>{ rank_text(*c) }</span>
                                </li>
                            }) }
                        </ul>
                    </div>
                    { seat(Seat::East) }
                    { seat(Seat::South) }
                </div>
            }
        }
        _ => html! { <p class="vw-note">{"Choose a contract to play this deal."}</p> },
    };

    // The played cards, trick by trick, each a button to its position.
    let played_list = match link.contract {
        Some(c) => {
            let mut s = PlayState::new(link.deal, c.strain, c.declarer);
            let mut tricks: Vec<Vec<(usize, Seat, Card)>> = Vec::new();
            for (i, card) in link.play.iter().enumerate() {
                let Some(mover) = s.to_move() else { break };
                if i % 4 == 0 {
                    tricks.push(Vec::new());
                }
                if let Some(t) = tricks.last_mut() {
                    t.push((i, mover, *card));
                }
                if s.play(*card).is_err() {
                    break;
                }
            }
            let costs: Vec<u8> = analysis
                .as_ref()
                .map(|a| a.positions.iter().map(|p| p.played_cost()).collect())
                .unwrap_or_default();
            html! {
                <ol class="vw-played" aria-label="Cards played">
                    { for tricks.into_iter().enumerate().map(|(t, cards)| html! {
                        <li>
                            <span class="vw-pt">{ format!("Trick {}:", t + 1) }</span>
                            { for cards.into_iter().map(|(i, seat, card)| {
                                let viewer = viewer.clone();
                                let cost = costs.get(i).copied().unwrap_or(0);
                                let here = i + 1 == step;
                                let label = format!("{} {}{}", seat.name(), card_words(card), if cost > 0 { format!(", cost {cost}") } else { String::new() });
                                html! {
                                    <button type="button" class={classes!("vw-pc", here.then_some("vw-here"), (cost > 0).then_some("vw-costly"))}
                                        aria-current={here.then_some("step")}
                                        onclick={Callback::from(move |_: MouseEvent| viewer.dispatch(Action::Step(i + 1)))}>
                                        <span aria-hidden="true">
                                            { format!("{} {}", seat.letter(), card_symbol(card)) }
                                            if cost > 0 { <span class="vw-cost">{ format!(" −{cost}") }</span> }
                                        </span>
                                        <span class="visually-hidden">{ label }</span>
                                    </button>
                                }
                            }) }
                        </li>
                    }) }
                </ol>
            }
        }
        None => html! {},
    };

    let dd_line = match (&position, link.contract) {
        (Some(p), Some(c)) => {
            let lost = p.lost_before;
            let solved_here = viewer.figures.get(step).is_some_and(|f| f.is_some());
            let now = if p.to_move.is_none() {
                format!("Declarer took {} tricks.", p.dd_tricks)
            } else if solved_here {
                format!(
                    "Double dummy from here: {} tricks for declarer ({}).",
                    p.dd_tricks,
                    c.declarer.name()
                )
            } else {
                "Solving this position…".to_string()
            };
            format!(
                "{now} Tricks lost against double dummy so far: North–South {}, East–West {}.",
                lost[0], lost[1]
            )
        }
        _ => String::new(),
    };

    let to_move_text = state
        .as_ref()
        .and_then(|s| s.to_move())
        .map(|s| format!("{} to play.", s.name()));

    let contract_form = if !viewer.recorded {
        let viewer_s = viewer.clone();
        let current = link.contract;
        let on_strain = {
            let viewer = viewer_s.clone();
            Callback::from(move |e: Event| {
                if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                    let strain = Strain::ASC
                        .get(sel.value().parse::<usize>().unwrap_or(4))
                        .copied()
                        .unwrap_or(Strain::Notrump);
                    let declarer = viewer
                        .link
                        .as_ref()
                        .and_then(|l| l.contract)
                        .map_or(Seat::South, |c| c.declarer);
                    viewer.dispatch(Action::Contract(strain, declarer));
                }
            })
        };
        let on_declarer = {
            let viewer = viewer_s.clone();
            Callback::from(move |e: Event| {
                if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                    let declarer = Seat::from_char(sel.value().chars().next().unwrap_or('S'))
                        .unwrap_or(Seat::South);
                    let strain = viewer
                        .link
                        .as_ref()
                        .and_then(|l| l.contract)
                        .map_or(Strain::Notrump, |c| c.strain);
                    viewer.dispatch(Action::Contract(strain, declarer));
                }
            })
        };
        html! {
            <fieldset class="vw-contract">
                <legend>{"Play it out"}</legend>
                <label for="vw-strain">{"Strain "}</label>
                <select id="vw-strain" onchange={on_strain}>
                    <option value="" selected={current.is_none()} disabled=true>{"—"}</option>
                    { for Strain::ASC.iter().rev().map(|s| html! {
                        <option value={s.index().to_string()} selected={current.is_some_and(|c| c.strain == *s)}>
                            { match s.suit() { Some(x) => x.name().to_string(), None => "notrump".to_string() } }
                        </option>
                    }) }
                </select>
                <label for="vw-declarer">{" Declarer "}</label>
                <select id="vw-declarer" onchange={on_declarer}>
                    <option value="" selected={current.is_none()} disabled=true>{"—"}</option>
                    { for Seat::ALL.iter().map(|s| html! {
                        <option value={s.letter().to_string()} selected={current.is_some_and(|c| c.declarer == *s)}>{ s.name() }</option>
                    }) }
                </select>
                <span class="vw-seats" role="group" aria-label="Seats you play (the others play the best DD card)">
                    {" You play: "}
                    { for Seat::ALL.iter().map(|&s| {
                        let viewer = viewer_s.clone();
                        let id = format!("vw-me-{}", s.letter().to_ascii_lowercase());
                        html! {
                            <>
                                <input type="checkbox" id={id.clone()} checked={viewer_s.user_seats[s.index()]}
                                    onchange={Callback::from(move |_: Event| viewer.dispatch(Action::ToggleSeat(s)))} />
                                <label for={id}>{ s.name() }</label>
                            </>
                        }
                    }) }
                </span>
            </fieldset>
        }
    } else {
        html! {}
    };

    let on_hint = {
        let viewer = viewer.clone();
        let hint = hint.clone();
        Callback::from(move |_: MouseEvent| {
            let best = viewer.best_cards();
            let text = if best.is_empty() {
                "Not solved yet, or nothing to play.".to_string()
            } else {
                let tricks = viewer
                    .figures
                    .get(viewer.step)
                    .and_then(|f| f.as_ref())
                    .and_then(|f| f.iter().find(|c| c.cost == 0))
                    .map_or(0, |c| c.declarer_tricks);
                let cards: Vec<String> = best.iter().map(|c| card_words(*c)).collect();
                format!(
                    "Best DD card: {} ({} tricks for declarer).",
                    cards.join(", "),
                    tricks
                )
            };
            hint.set(Some(text));
        })
    };

    let url = link.url(&origin()).ok();
    let on_copy = {
        let shared = shared.clone();
        let url = url.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(u) = &url {
                browser::copy_text(u);
                shared.set(Some(("Link".to_string(), u.clone())));
            }
        })
    };
    let on_bbo = {
        let shared = shared.clone();
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            let u = link.bbo_url();
            browser::copy_text(&u);
            shared.set(Some(("BBO handviewer link".to_string(), u)));
        })
    };
    let on_qr = {
        let show_qr = show_qr.clone();
        Callback::from(move |_: MouseEvent| show_qr.set(!*show_qr))
    };
    let qr = if *show_qr {
        url.as_deref()
            .and_then(|u| qr_svg(u, 640).ok())
            .map(|svg| {
                let show_qr = show_qr.clone();
                html! {
                    <div class="vw-qr" role="dialog" aria-label="QR code of the link">
                        <div class="vw-qr-img" role="img" aria-label="QR code of this board's link">
                            { Html::from_html_unchecked(AttrValue::from(svg)) }
                        </div>
                        <button type="button" onclick={Callback::from(move |_: MouseEvent| show_qr.set(false))}>{"Close QR code"}</button>
                    </div>
                }
            })
            .unwrap_or_default()
    } else {
        html! {}
    };

    html! {
        <div class="viewer">
            <h1>{ title }</h1>
            <p class="vw-info">
                { contract_text.clone().unwrap_or_else(|| "No contract".to_string()) }
                { format!(" · Dealer {} · Vulnerable: {}", link.dealer.name(), vul_text(link.vulnerability)) }
                if viewer.recorded { {" · recorded play"} }
            </p>
            { auction_table(&link) }
            { contract_form }
            <div class="vw-controls" role="group" aria-label="Step through the play">
                <button type="button" onclick={dispatch(|| Action::Back)} disabled={step == 0}>{"◀ Back"}</button>
                <label for="vw-step">{ format!("Card {step} of {play_len}") }</label>
                <input id="vw-step" type="range" min="0" max={play_len.to_string()} value={step.to_string()}
                    oninput={on_slider} disabled={play_len == 0}
                    aria-valuetext={format!("{step} cards played of {play_len}")} />
                <button type="button" onclick={dispatch(|| Action::Next)} disabled={step >= play_len}>{"Next ▶"}</button>
                <button type="button" onclick={on_hint}>{"Best DD card"}</button>
            </div>
            <p class="vw-status" role="status" aria-live="polite">
                { to_move_text.unwrap_or_default() }{" "}
                if let Some(h) = &*hint { { h.clone() } }
            </p>
            { board_view }
            <p class="vw-dd" aria-live="polite">{ dd_line }</p>
            <p class="vw-progress">
                if link.contract.is_some() {
                    { format!("DD figures: {solved} of {total} positions solved") }
                    <progress max={total.to_string()} value={solved.to_string()} aria-label="Positions solved"></progress>
                }
            </p>
            <p class="vw-legend">{"Each legal card shows declarer's tricks for the board if it is played and the rest is played double dummy; a card marked −n costs its side n tricks."}</p>
            { played_list }
            if let (Some(state), Some(c)) = (&state, link.contract) {
                <crate::components::odds_panel::OddsPanel deal={link.deal} declarer={c.declarer} played={state.played().to_vec()} />
            }
            <div class="vw-share" role="group" aria-label="Share">
                <button type="button" onclick={on_copy}>{"Copy link"}</button>
                <button type="button" onclick={on_qr} aria-pressed={(*show_qr).to_string()}>{"Show QR code"}</button>
                <button type="button" onclick={on_bbo}>{"Export BBO link"}</button>
            </div>
            if let Some((kind, text)) = &*shared {
                <p class="vw-shared">
                    <label for="vw-shared">{ format!("{kind} (copied): ") }</label>
                    <input id="vw-shared" type="text" readonly=true value={text.clone()} data-kind={kind.clone()} />
                </p>
            }
            { qr }
            { source }
        </div>
    }
}
