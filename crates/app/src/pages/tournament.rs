//! The Tournament page: a director's replacement for Big Deal and SquareDeal.
//!
//! * **Deal a session** — boards L–H, owner, file prefix, formats (from the dealing crate's
//!   `FORMATS` table), LF/CRLF; a fresh seed from the browser CSPRNG (plus optional typed
//!   entropy, keys and timings mixed in as Big Deal 1.x did) or a known seed to reproduce a
//!   set. The files are byte-identical to Big Deal's for the same seed and owner. The deals are
//!   not shown (the director should not look at them); the seed stays hidden until the user
//!   presses "Reveal seed".
//! * **SquareDeal** — create a committed tournament (`.sqd` to publish, `.sqk` to keep secret);
//!   later, with the delayed value, deal any session exactly as SquareDeal drives Big Deal, after
//!   checking the key file against the published commitment.

use crate::browser;
use crate::components::files::{toggled, FileList, FormatPicker};
use crate::download::download_bytes;
use fairdeal_dealing::bigdeal::DEFAULT_OWNER;
use fairdeal_dealing::entropy::{Seed, SeedBuilder};
use fairdeal_dealing::formats::{select_formats, BoardRange, LineEnding, WriteOptions};
use fairdeal_dealing::squaredeal::{
    canonical_delayed_value, KeyFile, Phases, SessionRequest, Tournament,
};
use fairdeal_model::Deal;
use gloo_file::callbacks::FileReader;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

pub use crate::components::files::NamedFile;

/// The session files: the Export panel's writer (`formats::write_all` per format).
pub use crate::components::export_panel::session_files;

/// Deals boards `range` from `seed` and `owner` with Big Deal's generator.
pub use fairdeal_dealing::bigdeal::deal_range;

/// Most boards in one session: Big Deal's own limit ("no one plays sessions of more than 100
/// boards"), a count, not the highest number (91–110 is fine).
pub const MAX_SESSION_BOARDS: u32 = 100;

/// Checks the Boards fields against the chosen formats *before* anything is dealt: whole
/// numbers, first ≤ last, at most [`MAX_SESSION_BOARDS`] boards, and no board above a chosen
/// format's highest. The message is shown at the field (`#boards-error`).
pub fn session_range(low: &str, high: &str, formats: &[String]) -> Result<BoardRange, String> {
    let (Ok(l), Ok(h)) = (low.trim().parse::<u32>(), high.trim().parse::<u32>()) else {
        return Err("Boards: expected whole numbers, e.g. 1 to 32".into());
    };
    let range = BoardRange::new(l, h).map_err(|e| format!("Boards: {e}"))?;
    if let Ok(specs) = select_formats(&formats.join(",")) {
        range
            .check_formats(&specs)
            .map_err(|e| format!("Boards: {e}"))?;
    }
    if range.count() > MAX_SESSION_BOARDS {
        return Err(format!(
            "Boards: {} boards asked for; a session has at most {MAX_SESSION_BOARDS} (Big Deal's limit)",
            range.count()
        ));
    }
    Ok(range)
}

fn input_value(e: &InputEvent) -> String {
    let el: web_sys::HtmlInputElement = e.target_unchecked_into();
    el.value()
}

fn textarea_value(e: &InputEvent) -> String {
    let el: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
    el.value()
}

fn text_setter(state: &UseStateHandle<String>) -> Callback<InputEvent> {
    let state = state.clone();
    Callback::from(move |e: InputEvent| state.set(input_value(&e)))
}

/// The Tournament page.
#[component]
pub fn TournamentPage() -> Html {
    html! {
        <div class="tournament-page">
            <h1>{"Tournament"}</h1>
            <p class="lead">{"Files for dealing machines and scoring programs, byte-identical to Big Deal's; SquareDeal sessions that anyone can verify."}</p>
            <p class="notice" role="note">{"As Big Deal advises: the director should not look at the deals. This page never shows them — only the files."}</p>
            <SessionDealer />
            <SquareDealPanel />
        </div>
    }
}

#[component]
fn SessionDealer() -> Html {
    let owner = use_state(|| DEFAULT_OWNER.to_string());
    let event = use_state(String::new);
    let low = use_state(|| "1".to_string());
    let high = use_state(|| "32".to_string());
    let prefix = use_state(|| "session".to_string());
    let chosen = use_state(|| vec!["pbn".to_string(), "dup".to_string()]);
    let crlf = use_state(|| false);
    let use_known_seed = use_state(|| false);
    let known_seed = use_state(String::new);
    let keystrokes = use_mut_ref(Vec::<(u32, u64)>::new);
    let result = use_state(|| None::<Rc<Vec<NamedFile>>>);
    let dealt = use_state(|| None::<Rc<Vec<(u32, Deal)>>>);
    let seed_used = use_state(|| None::<Rc<Seed>>);
    let reveal = use_state(|| false);
    let error = use_state(|| None::<String>);

    let on_toggle_format = {
        let chosen = chosen.clone();
        Callback::from(move |name: String| {
            chosen.set(toggled(&chosen, name));
        })
    };
    let on_entropy_key = {
        let keystrokes = keystrokes.clone();
        Callback::from(move |e: KeyboardEvent| {
            keystrokes
                .borrow_mut()
                .push((e.key_code(), browser::now_micros()));
        })
    };
    let on_deal = {
        let (owner, event, low, high, prefix, chosen, crlf) = (
            owner.clone(),
            event.clone(),
            low.clone(),
            high.clone(),
            prefix.clone(),
            chosen.clone(),
            crlf.clone(),
        );
        let (use_known_seed, known_seed, keystrokes) = (
            use_known_seed.clone(),
            known_seed.clone(),
            keystrokes.clone(),
        );
        let (result, seed_used, reveal, error) = (
            result.clone(),
            seed_used.clone(),
            reveal.clone(),
            error.clone(),
        );
        let dealt = dealt.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let outcome = (|| -> Result<(Rc<Vec<NamedFile>>, Seed), String> {
                let range = session_range(&low, &high, &chosen)?;
                if prefix.is_empty() || prefix.contains(['/', '\\', ' ']) {
                    return Err("File prefix: expected a name without spaces or slashes".into());
                }
                if owner.trim().is_empty() {
                    return Err("Owner: expected the owner or tournament identification".into());
                }
                let formats =
                    select_formats(&chosen.join(",")).map_err(|e| format!("Formats: {e}"))?;
                if formats.is_empty() {
                    return Err("Formats: choose at least one".into());
                }
                let seed = if *use_known_seed {
                    Seed::from_hex(known_seed.trim()).map_err(|e| format!("Seed: {e}"))?
                } else {
                    let mut pool = SeedBuilder::new();
                    for (key, t) in keystrokes.borrow().iter() {
                        pool.add_keystroke(*key, *t);
                    }
                    let mut bytes = [0u8; 40];
                    if !browser::fill_random(&mut bytes) {
                        return Err("This browser offers no secure random generator; Fair Deal will not deal from a weaker one.".into());
                    }
                    pool.add_os_random(&bytes);
                    pool.finish()
                };
                let boards = deal_range(&seed, &owner, range);
                dealt.set(Some(Rc::new(boards.clone())));
                let options = WriteOptions {
                    line_ending: if *crlf {
                        LineEnding::CrLf
                    } else {
                        LineEnding::Lf
                    },
                    event: (!event.trim().is_empty()).then(|| event.trim().to_string()),
                };
                let files = session_files(&boards, &formats, &prefix, &options)?;
                Ok((Rc::new(files), seed))
            })();
            match outcome {
                Ok((files, seed)) => {
                    result.set(Some(files));
                    seed_used.set(Some(Rc::new(seed)));
                    reveal.set(false);
                    error.set(None);
                }
                Err(msg) => {
                    error.set(Some(msg));
                    result.set(None);
                }
            }
        })
    };

    let seed_view = seed_used.as_ref().map(|seed| {
        let seed = seed.clone();
        let reveal_cb = {
            let reveal = reveal.clone();
            Callback::from(move |_: MouseEvent| reveal.set(true))
        };
        let (owner_v, low_v, high_v) = ((*owner).clone(), (*low).clone(), (*high).clone());
        let export_cb = {
            let seed = seed.clone();
            Callback::from(move |_: MouseEvent| {
                let text = format!(
                    "# Fair Deal / Big Deal seed — keep secret until the boards have been played\nseed={}\nowner={}\nboards={}-{}\n# reproduce: fairdeal deal --seed {} --owner \"{}\" -n {}-{} -p <prefix> -f <formats>\n",
                    seed.reveal_hex(), owner_v, low_v, high_v, seed.reveal_hex(), owner_v, low_v, high_v
                );
                download_bytes("seed.txt", text.as_bytes(), "text/plain");
            })
        };
        html! {
            <div class="seed-box">
                if *reveal {
                    <p>{"Seed (secret until play): "}<code id="seed-hex">{ seed.reveal_hex() }</code></p>
                } else {
                    <button type="button" id="reveal-seed" onclick={reveal_cb}>{"Reveal seed"}</button>
                }
                <button type="button" id="export-seed" onclick={export_cb}>{"Save seed file"}</button>
            </div>
        }
    });

    html! {
        <section class="panel" aria-labelledby="session-heading">
            <h2 id="session-heading">{"Deal a session"}</h2>
            <form class="form-grid" onsubmit={on_deal}>
                <label for="owner">{"Owner / tournament"}</label>
                <input id="owner" value={(*owner).clone()} oninput={text_setter(&owner)} />
                <label for="event">{"PBN event name"}</label>
                <input id="event" value={(*event).clone()} placeholder="(optional)" oninput={text_setter(&event)} />
                <label for="board-low">{"Boards"}</label>
                <span class="inline">
                    <input id="board-low" class="num" inputmode="numeric" value={(*low).clone()} oninput={text_setter(&low)} aria-label="First board" />
                    {" to "}
                    <input id="board-high" class="num" inputmode="numeric" value={(*high).clone()} oninput={text_setter(&high)} aria-label="Last board" />
                </span>
                if let Err(m) = session_range(&low, &high, &chosen) {
                    <p class="error field-error" id="boards-error" role="alert">{ m }</p>
                }
                <label for="prefix">{"File prefix"}</label>
                <input id="prefix" value={(*prefix).clone()} oninput={text_setter(&prefix)} />
                <span class="label">{"Formats"}</span>
                <FormatPicker input_name="format" chosen={(*chosen).clone()} on_toggle={on_toggle_format} />
                <span class="label">{"Line endings"}</span>
                <span class="inline">
                    <label><input type="radio" name="eol" id="eol-lf" checked={!*crlf}
                        onchange={{ let c = crlf.clone(); Callback::from(move |_: Event| c.set(false)) }} />{" LF (Unix Big Deal)"}</label>
                    <label><input type="radio" name="eol" id="eol-crlf" checked={*crlf}
                        onchange={{ let c = crlf.clone(); Callback::from(move |_: Event| c.set(true)) }} />{" CRLF (Windows Big Deal)"}</label>
                </span>
                <span class="label">{"Seed"}</span>
                <span class="stack">
                    <label><input type="radio" name="seedmode" id="seed-fresh" checked={!*use_known_seed}
                        onchange={{ let c = use_known_seed.clone(); Callback::from(move |_: Event| c.set(false)) }} />
                        {" Fresh, from this browser's secure generator"}</label>
                    if !*use_known_seed {
                        <textarea id="entropy" rows="2" placeholder="Optional: type anything here to mix in your own randomness (keys and timing)"
                            onkeydown={on_entropy_key} />
                    }
                    <label><input type="radio" name="seedmode" id="seed-known" checked={*use_known_seed}
                        onchange={{ let c = use_known_seed.clone(); Callback::from(move |_: Event| c.set(true)) }} />
                        {" Reproduce a set from its seed"}</label>
                    if *use_known_seed {
                        <input id="known-seed" autocomplete="off" spellcheck="false" placeholder="40 hex digits"
                            value={(*known_seed).clone()} oninput={text_setter(&known_seed)} />
                    }
                </span>
                <span></span>
                <button type="submit" class="primary" id="deal-session">{"Deal session"}</button>
            </form>
            if let Some(msg) = error.as_ref() { <p class="error" role="alert" id="session-error">{ msg }</p> }
            if let Some(files) = result.as_ref() {
                <FileList files={files.clone()} zip_name={format!("{}.zip", *prefix)} />
                if let Some(d) = dealt.as_ref() {
                    <crate::pages::boards::send::SendToBoardSets name={format!("{} (Tournament)", *prefix)}
                        deals={d.clone()} event={(!event.trim().is_empty()).then(|| AttrValue::from(event.trim().to_string()))} />
                }
                { for seed_view }
            }
        </section>
    }
}

/// Reads a picked file into a state handle (bytes); keeps the reader alive while it runs.
fn file_picker(
    target: UseStateHandle<Option<(String, Vec<u8>)>>,
    reader: Rc<RefCell<Option<FileReader>>>,
) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        let Some(file) = input.files().and_then(|l| l.get(0)) else {
            return;
        };
        let file = gloo_file::File::from(file);
        let name = file.name();
        let target = target.clone();
        *reader.borrow_mut() = Some(gloo_file::callbacks::read_as_bytes(&file, move |res| {
            if let Ok(bytes) = res {
                target.set(Some((name, bytes)));
            }
        }));
    })
}

#[component]
fn SquareDealPanel() -> Html {
    // Create
    let name = use_state(String::new);
    let di = use_state(String::new);
    let phases_text = use_state(|| "2:1-16:rr#:Round robin session #".to_string());
    let created = use_state(|| None::<Rc<Vec<NamedFile>>>);
    let created_kh = use_state(|| None::<String>);
    let create_error = use_state(|| None::<String>);
    // Deal / verify
    let sqd = use_state(|| None::<(String, Vec<u8>)>);
    let sqk = use_state(|| None::<(String, Vec<u8>)>);
    let readers = use_mut_ref(|| None::<FileReader>);
    let readers2 = use_mut_ref(|| None::<FileReader>);
    let dv = use_state(String::new);
    let phase = use_state(|| "1".to_string());
    let session = use_state(|| "1".to_string());
    let reserve = use_state(|| false);
    let tag_session = use_state(|| false);
    let sq_formats = use_state(|| "pbn,dup".to_string());
    let dealt = use_state(|| None::<Rc<Vec<NamedFile>>>);
    let verified = use_state(|| None::<String>);
    let deal_error = use_state(|| None::<String>);

    let on_create = {
        let (name, di, phases_text) = (name.clone(), di.clone(), phases_text.clone());
        let (created, created_kh, create_error) =
            (created.clone(), created_kh.clone(), create_error.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let outcome = (|| -> Result<(Vec<NamedFile>, String), String> {
                // The one phase grammar, `fairdeal squaredeal create --phase`'s too.
                let phases = phases_text
                    .parse::<Phases>()
                    .map_err(|e| e.to_string())?
                    .into_vec();
                let mut rng =
                    browser::csprng().ok_or("This browser offers no secure random generator.")?;
                // Commitment 2, as `fairdeal squaredeal create`: the published KH also covers
                // the name, DI, the phases and which sessions are tagged (none here), so once
                // DV is known nothing is left to choose.
                let (t, keys) =
                    Tournament::create_committed(&name, &di, phases, Vec::new(), &mut rng)
                        .map_err(|e| e.to_string())?;
                let base: String = t
                    .name
                    .chars()
                    .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                    .collect();
                Ok((
                    vec![
                        (format!("{base}.sqd"), t.to_sqd().into_bytes()),
                        (format!("{base}.sqk"), keys.to_bytes()),
                    ],
                    t.key_hash.unwrap_or_default(),
                ))
            })();
            match outcome {
                Ok((files, kh)) => {
                    created.set(Some(Rc::new(files)));
                    created_kh.set(Some(kh));
                    create_error.set(None);
                }
                Err(msg) => create_error.set(Some(msg)),
            }
        })
    };

    let on_deal = {
        let (sqd, sqk, dv, phase, session) = (
            sqd.clone(),
            sqk.clone(),
            dv.clone(),
            phase.clone(),
            session.clone(),
        );
        let (reserve, tag_session, sq_formats) =
            (reserve.clone(), tag_session.clone(), sq_formats.clone());
        let (dealt, verified, deal_error) = (dealt.clone(), verified.clone(), deal_error.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let outcome = (|| -> Result<(Vec<NamedFile>, String), String> {
                let (_, sqd_bytes) = sqd.as_ref().ok_or("Choose the published .sqd file")?;
                let (_, sqk_bytes) = sqk.as_ref().ok_or("Choose the .sqk key file")?;
                let t = Tournament::parse_sqd(&String::from_utf8_lossy(sqd_bytes))
                    .map_err(|e| format!(".sqd: {e}"))?;
                let keys: KeyFile = t.verify_keys(sqk_bytes).map_err(|e| format!(".sqk: {e}"))?;
                let typed = canonical_delayed_value(&dv);
                let value = if typed.is_empty() {
                    t.delayed_value
                        .clone()
                        .ok_or("Delayed value: type the value (DV) once it is known")?
                } else {
                    typed
                };
                let num = |s: &str, what: &str| {
                    s.trim()
                        .parse::<u32>()
                        .map_err(|_| format!("{what}: expected a number"))
                };
                let req = SessionRequest {
                    phase: num(&phase, "Phase")?,
                    session: num(&session, "Session")?,
                    reserve: *reserve,
                    // A committed file says which phases are tagged; the box is for
                    // keys-only files (SquareDeal's own).
                    tag_session: if t.commitment == fairdeal_dealing::squaredeal::Commitment::Full {
                        t.tagged_phases.contains(&num(&phase, "Phase")?)
                    } else {
                        *tag_session
                    },
                    boards: None,
                };
                let sd = t
                    .deal_session(&keys, &value, &req)
                    .map_err(|e| e.to_string())?;
                let formats = select_formats(&sq_formats).map_err(|e| format!("Formats: {e}"))?;
                let files = session_files(
                    &sd.boards,
                    &formats,
                    &sd.file_prefix,
                    &WriteOptions::default(),
                )?;
                Ok((
                    files,
                    format!(
                        "Commitment verified: the published KH covers the key file{}. Dealt {} (boards {}–{}) with DV “{value}”.",
                        if t.commitment == fairdeal_dealing::squaredeal::Commitment::Full { " and every choice of the tournament (commitment 2)" } else { " (SquareDeal's keys-only scheme: the session tags and the DV form are not covered)" },
                        sd.description, sd.range.low(), sd.range.high()
                    ),
                ))
            })();
            match outcome {
                Ok((files, msg)) => {
                    dealt.set(Some(Rc::new(files)));
                    verified.set(Some(msg));
                    deal_error.set(None);
                }
                Err(msg) => {
                    dealt.set(None);
                    verified.set(None);
                    deal_error.set(Some(msg));
                }
            }
        })
    };

    let textarea_setter = |s: &UseStateHandle<String>| {
        let s = s.clone();
        Callback::from(move |e: InputEvent| s.set(textarea_value(&e)))
    };

    html! {
        <section class="panel" aria-labelledby="sq-heading">
            <h2 id="sq-heading">{"SquareDeal"}</h2>
            <p>{"Publish a commitment before the event; deal each session later from the delayed value (e.g. a future stock-market close); anyone holding the published files can check every board."}</p>
            <h3>{"1. Create and publish"}</h3>
            <form class="form-grid" onsubmit={on_create}>
                <label for="sq-name">{"Tournament name"}</label>
                <input id="sq-name" value={(*name).clone()} oninput={text_setter(&name)} />
                <label for="sq-di">{"Delayed information"}</label>
                <input id="sq-di" placeholder="e.g. Dow Jones close on 13 April" value={(*di).clone()} oninput={text_setter(&di)} />
                <label for="sq-phases">{"Phases"}</label>
                <span class="stack">
                    <textarea id="sq-phases" rows="3" value={(*phases_text).clone()} oninput={textarea_setter(&phases_text)} />
                    <small>{"One phase per line: sessions:boards:file-prefix:description — boards as 16, 1-16, 1-8,9-16 or 2x16; # becomes the session number (added when missing)."}</small>
                </span>
                <span></span>
                <button type="submit" class="primary" id="sq-create">{"Create keys and commitment"}</button>
            </form>
            if let Some(msg) = create_error.as_ref() { <p class="error" role="alert" id="sq-create-error">{ msg }</p> }
            if let (Some(files), Some(kh)) = (created.as_ref(), created_kh.as_ref()) {
                <p>{"Publish the .sqd file now (its KH line is the commitment: "}<code id="sq-kh">{ kh.clone() }</code>{"). Keep the .sqk key file secret until the delayed value is known."}</p>
                <FileList files={files.clone()} zip_name={"squaredeal.zip".to_string()} />
            }
            <h3>{"2. Deal a session, or verify a published one"}</h3>
            <form class="form-grid" onsubmit={on_deal}>
                <label for="sq-sqd">{"Published .sqd"}</label>
                <input type="file" id="sq-sqd" accept=".sqd,text/plain" onchange={file_picker(sqd.clone(), readers)} />
                <label for="sq-sqk">{"Key file .sqk"}</label>
                <input type="file" id="sq-sqk" accept=".sqk,text/plain" onchange={file_picker(sqk.clone(), readers2)} />
                <label for="sq-dv">{"Delayed value"}</label>
                <input id="sq-dv" placeholder="as published, e.g. 12345.67 (taken from the .sqd if empty)" value={(*dv).clone()} oninput={text_setter(&dv)} />
                <label for="sq-phase">{"Phase, session"}</label>
                <span class="inline">
                    <input id="sq-phase" class="num" inputmode="numeric" value={(*phase).clone()} oninput={text_setter(&phase)} aria-label="Phase" />
                    <input id="sq-session" class="num" inputmode="numeric" value={(*session).clone()} oninput={text_setter(&session)} aria-label="Session" />
                    <label><input type="checkbox" id="sq-reserve" checked={*reserve}
                        onchange={{ let r = reserve.clone(); Callback::from(move |_: Event| r.set(!*r)) }} />{" reserve set"}</label>
                    <label><input type="checkbox" id="sq-ses" checked={*tag_session}
                        onchange={{ let r = tag_session.clone(); Callback::from(move |_: Event| r.set(!*r)) }} />{" variable-session phase (ses<n>)"}</label>
                </span>
                <label for="sq-formats">{"Formats"}</label>
                <input id="sq-formats" value={(*sq_formats).clone()} oninput={text_setter(&sq_formats)} />
                <span></span>
                <button type="submit" class="primary" id="sq-deal">{"Verify and deal"}</button>
            </form>
            if let Some(msg) = deal_error.as_ref() { <p class="error" role="alert" id="sq-deal-error">{ msg }</p> }
            if let Some(msg) = verified.as_ref() { <p class="ok" role="status" id="sq-verified">{ msg }</p> }
            if let Some(files) = dealt.as_ref() {
                <FileList files={files.clone()} zip_name={"session.zip".to_string()} />
            }
        </section>
    }
}
