//! "Reveal seed": the seed of the last run, hidden until the user asks, then shown with the
//! `fairdeal` command line that reproduces the same deals (the CLI and the page share the
//! engine and the stream, so the same seed gives the same deals).
//!
//! The seed is rendered into the DOM only after the button is pressed, and hidden again
//! when a new run replaces it.

use yew::prelude::*;

/// Lower-case hex of a 32-byte worker seed, in byte order: what `fairdeal constrain`,
/// `fairdeal stats` and `fairdeal script` read with `--seed`.
pub fn seed_hex(seed: &[u8; 32]) -> String {
    seed.iter().map(|b| format!("{b:02x}")).collect()
}

/// Properties of [`RevealSeed`].
#[derive(Properties, PartialEq)]
pub struct RevealSeedProps {
    /// The seed of the run shown.
    pub seed: [u8; 32],
    /// The command line reproducing the run, with `{seed}` where the seed goes.
    pub command: AttrValue,
    /// Prefix of the element ids (`{id}-reveal`, `{id}-seed`, `{id}-command`).
    pub id: AttrValue,
}

/// A "Reveal seed" button, then the seed and the CLI command.
#[component]
pub fn RevealSeed(props: &RevealSeedProps) -> Html {
    let shown = use_state(|| false);
    {
        let shown = shown.clone();
        use_effect_with(props.seed, move |_| shown.set(false));
    }
    let id = |suffix: &str| format!("{}-{suffix}", props.id);
    if !*shown {
        let onclick = {
            let shown = shown.clone();
            Callback::from(move |_: MouseEvent| shown.set(true))
        };
        return html! {
            <p class="seed-reveal">
                <button type="button" id={id("reveal")} {onclick}>{"Reveal seed"}</button>
                <small>{" The seed replays these deals: keep it secret until they have been played."}</small>
            </p>
        };
    }
    let hex = seed_hex(&props.seed);
    let command = props.command.replace("{seed}", &hex);
    html! {
        <div class="seed-box" role="status">
            <p>{"Seed (secret until play): "}<code id={id("seed")}>{ hex }</code></p>
            <p>{"The same deals with the command line: "}<code id={id("command")}>{ command }</code></p>
        </div>
    }
}
