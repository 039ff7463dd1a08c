//! Light and dark theme, and the standard or projector display. Each choice is stored in
//! `localStorage` ([`THEME_KEY`], [`DISPLAY_KEY`]) and applied as `data-theme` /
//! `data-display` on `<html>`; `web/boot.js` applies the stored choices before the wasm loads,
//! so the page never flashes the wrong look.

use crate::browser;

/// `localStorage` key of the chosen theme.
pub const THEME_KEY: &str = "fairdeal.theme";

/// A colour theme.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    /// Dark text on light paper (also the print theme).
    Light,
    /// Light text on a dark background.
    Dark,
}

impl Theme {
    /// The attribute value.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    /// The other theme.
    pub const fn toggled(self) -> Theme {
        match self {
            Theme::Light => Theme::Dark,
            Theme::Dark => Theme::Light,
        }
    }

    /// The stored choice, else the system preference, else light.
    pub fn initial() -> Theme {
        match browser::storage_get(THEME_KEY).as_deref() {
            Some("dark") => Theme::Dark,
            Some("light") => Theme::Light,
            _ => {
                let prefers_dark = web_sys::window()
                    .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
                    .map(|m| m.matches())
                    .unwrap_or(false);
                if prefers_dark {
                    Theme::Dark
                } else {
                    Theme::Light
                }
            }
        }
    }

    /// Sets `data-theme` on `<html>` and remembers the choice.
    pub fn apply(self, remember: bool) {
        if let Some(html) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = html.set_attribute("data-theme", self.name());
        }
        if remember {
            browser::storage_set(THEME_KEY, self.name());
        }
    }
}

/// `localStorage` key of the chosen display.
pub const DISPLAY_KEY: &str = "fairdeal.display";

/// How large and how contrasted the app is drawn: the standard display, or the projector
/// display (pure black on white — or white on black in the dark theme —, heavier borders and
/// cards about 1.75 times as large, for a class or a tournament room). Applied as
/// `data-display` on `<html>`, independent of the theme; `web/boot.js` applies the stored
/// choice before the wasm loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Display {
    /// The everyday layout.
    Standard,
    /// High contrast and large cards.
    Projector,
}

impl Display {
    /// The attribute value.
    pub const fn name(self) -> &'static str {
        match self {
            Display::Standard => "standard",
            Display::Projector => "projector",
        }
    }

    /// The other display.
    pub const fn toggled(self) -> Display {
        match self {
            Display::Standard => Display::Projector,
            Display::Projector => Display::Standard,
        }
    }

    /// The stored choice, else the standard display.
    pub fn initial() -> Display {
        match browser::storage_get(DISPLAY_KEY).as_deref() {
            Some("projector") => Display::Projector,
            _ => Display::Standard,
        }
    }

    /// Sets `data-display` on `<html>` and remembers the choice.
    pub fn apply(self, remember: bool) {
        if let Some(html) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = html.set_attribute("data-display", self.name());
        }
        if remember {
            browser::storage_set(DISPLAY_KEY, self.name());
        }
    }
}
