//! The hand diagram: a deal in compass layout (North top, West left, East right, South
//! bottom) with suits ♠ ♥ ♦ ♣ in order, HCP per hand, the dealer and vulnerability marked,
//! and any seat hideable. Suit colours come from the stylesheet (`.suit-s` … `.suit-c`):
//! four colours from the Okabe–Ito palette, always next to the suit symbol, so they stay
//! distinguishable for colour-blind readers and in black-and-white print. A screen reader
//! hears words, never glyphs: each seat is a region named by the seat, each suit a list item
//! "spades A K 5" (the symbol is hidden from it, the suit's name hidden from the eye), a void
//! "void".

use fairdeal_model::{Deal, Holding, Seat, Suit, Vulnerability};
use yew::prelude::*;

/// Properties of [`HandDiagram`].
#[derive(Properties, PartialEq, Clone)]
pub struct HandDiagramProps {
    /// The deal to show.
    pub deal: Deal,
    /// Board number shown in the middle, if any.
    #[prop_or_default]
    pub board: Option<u32>,
    /// The dealer, marked on the seat and in the compass.
    #[prop_or_default]
    pub dealer: Option<Seat>,
    /// Vulnerability, marked in the compass.
    #[prop_or_default]
    pub vulnerability: Option<Vulnerability>,
    /// Seats whose cards are hidden (indexed N E S W).
    #[prop_or_default]
    pub hidden: [bool; 4],
    /// Called with a seat when its show/hide button is pressed; without it there are no buttons.
    #[prop_or_default]
    pub on_toggle_seat: Option<Callback<Seat>>,
}

fn suit_class(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "suit suit-s",
        Suit::Hearts => "suit suit-h",
        Suit::Diamonds => "suit suit-d",
        Suit::Clubs => "suit suit-c",
    }
}

fn holding_text(h: Holding) -> String {
    if h.is_empty() {
        "—".to_string()
    } else {
        let mut s = String::with_capacity(26);
        for (i, r) in h.ranks().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            if r.value() == 10 {
                s.push_str("10");
            } else {
                s.push(r.letter());
            }
        }
        s
    }
}

fn seat_class(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "hd-seat hd-north",
        Seat::East => "hd-seat hd-east",
        Seat::South => "hd-seat hd-south",
        Seat::West => "hd-seat hd-west",
    }
}

/// A deal in compass layout.
#[component]
pub fn HandDiagram(props: &HandDiagramProps) -> Html {
    let seat_view = |seat: Seat| {
        let hand = props.deal.hand(seat);
        let hidden = props.hidden[seat.index()];
        let is_dealer = props.dealer == Some(seat);
        let vul = props.vulnerability.is_some_and(|v| v.is_vulnerable(seat));
        let toggle = props.on_toggle_seat.as_ref().map(|cb| {
            let cb = cb.clone();
            let label = if hidden { "Show" } else { "Hide" };
            html! {
                <button type="button" class="hd-toggle"
                    aria-label={format!("{label} {}", seat.name())}
                    onclick={Callback::from(move |_: MouseEvent| cb.emit(seat))}>
                    { label }
                </button>
            }
        });
        html! {
            <section class={classes!(seat_class(seat), hidden.then_some("hd-hidden"))}
                aria-label={format!("{}{}", seat.name(), if hidden { ", hidden" } else { "" })}
                data-seat={seat.letter().to_string()}>
                <header class="hd-head">
                    <span class={classes!("hd-name", vul.then_some("hd-vul"))}>{ seat.name() }</span>
                    if is_dealer { <span class="hd-dealer" title="Dealer">{"Dealer"}</span> }
                    if !hidden { <span class="hd-hcp">{ format!("{} HCP", hand.hcp()) }</span> }
                    { for toggle }
                </header>
                if hidden {
                    <div class="hd-cards hd-cards-hidden" aria-hidden="true">{"· · ·"}</div>
                } else {
                    <ul class="hd-cards">
                        { for Suit::ALL.into_iter().map(|suit| html! {
                            <li>
                                <span class={suit_class(suit)} aria-hidden="true">{ suit.symbol() }</span>
                                <span class="visually-hidden">{ suit.name() }{" "}</span>
                                if hand.holding(suit).is_empty() {
                                    <span class="hd-holding" aria-hidden="true">{"—"}</span>
                                    <span class="visually-hidden">{"void"}</span>
                                } else {
                                    <span class="hd-holding">{ holding_text(hand.holding(suit)) }</span>
                                }
                            </li>
                        }) }
                    </ul>
                }
            </section>
        }
    };
    let compass_seat = |seat: Seat| {
        let vul = props.vulnerability.is_some_and(|v| v.is_vulnerable(seat));
        let dealer = props.dealer == Some(seat);
        html! {
            <span class={classes!("hd-compass-seat", format!("hd-c-{}", seat.letter().to_ascii_lowercase()),
                vul.then_some("hd-vul"), dealer.then_some("hd-is-dealer"))}>
                { seat.letter() }
            </span>
        }
    };
    let vul_text = props.vulnerability.map(|v| match v {
        Vulnerability::None => "Vul: none",
        Vulnerability::NorthSouth => "Vul: N–S",
        Vulnerability::EastWest => "Vul: E–W",
        Vulnerability::Both => "Vul: both",
    });
    // What the compass shows, as one sentence for a screen reader.
    let summary = [
        props.board.map(|b| format!("Board {b}.")),
        props.dealer.map(|d| format!("Dealer {}.", d.name())),
        props.vulnerability.map(|v| match v {
            Vulnerability::None => "Nobody vulnerable.".to_string(),
            Vulnerability::NorthSouth => "North–South vulnerable.".to_string(),
            Vulnerability::EastWest => "East–West vulnerable.".to_string(),
            Vulnerability::Both => "Both sides vulnerable.".to_string(),
        }),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    html! {
        <div class="hand-diagram" role="group"
            aria-label={props.board.map(|b| format!("Board {b}")).unwrap_or_else(|| "Deal".into())}>
            { seat_view(Seat::North) }
            { seat_view(Seat::West) }
            <div class="hd-center">
                <p class="visually-hidden">{ summary }</p>
                <div class="hd-compass" aria-hidden="true">
                    { compass_seat(Seat::North) }
                    { compass_seat(Seat::West) }
                    <span class="hd-board">{ props.board.map(|b| b.to_string()).unwrap_or_default() }</span>
                    { compass_seat(Seat::East) }
                    { compass_seat(Seat::South) }
                </div>
                if let Some(t) = vul_text { <div class="hd-vultext" aria-hidden="true">{ t }</div> }
            </div>
            { seat_view(Seat::East) }
            { seat_view(Seat::South) }
        </div>
    }
}
