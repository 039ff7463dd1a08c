//! Board sets kept in the browser: every set the user opens on the Board sets page or sends
//! there from another page (Deal, Tournament, Constrain) is stored in `localStorage`, so the
//! list survives a reload.
//!
//! Layout: [`INDEX_KEY`] holds the list of [`SetMeta`] as JSON (newest first); each set's
//! boards are under `SET_PREFIX + id` as PBN text written by `fairdeal_interop::write_pbn`
//! (which reads back exactly, DD tables and par included). [`PENDING_KEY`] names a set just
//! sent from another page, for the Board sets page to open.
//!
//! Panic policy: nothing here panics; storage that is unavailable or full is an `Err` with
//! a message the page shows.

use crate::browser::{storage_get, storage_set};
use fairdeal_interop::{read_pbn, write_pbn, Board, PbnOptions};
use serde::{Deserialize, Serialize};

/// `localStorage` key of the list of sets.
pub const INDEX_KEY: &str = "fairdeal.boardsets.index";
/// Prefix of each set's key (`+ id`).
pub const SET_PREFIX: &str = "fairdeal.boardsets.set.";
/// `localStorage` key of the set to open next on the Board sets page.
pub const PENDING_KEY: &str = "fairdeal.boardsets.pending";

/// One stored set, as listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SetMeta {
    /// Storage id (unique, stable).
    pub id: String,
    /// Name shown (file name, or the page it came from).
    pub name: String,
    /// Number of boards.
    pub boards: usize,
}

/// The index from its JSON text; unreadable text is an empty list.
pub fn parse_index(text: Option<&str>) -> Vec<SetMeta> {
    text.and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default()
}

/// A fresh id not in `index`, from a time stamp (ms) and a counter.
pub fn fresh_id(index: &[SetMeta], now_ms: u64) -> String {
    (0u32..)
        .map(|k| format!("{now_ms:x}-{k}"))
        .find(|id| index.iter().all(|m| &m.id != id))
        .unwrap_or_default()
}

/// The stored sets, newest first.
pub fn list() -> Vec<SetMeta> {
    parse_index(storage_get(INDEX_KEY).as_deref())
}

fn write_index(index: &[SetMeta]) -> Result<(), String> {
    let text = serde_json::to_string(index).map_err(|e| e.to_string())?;
    storage_set(INDEX_KEY, &text)
        .then_some(())
        .ok_or_else(|| "the browser's storage is unavailable or full".to_string())
}

/// The boards of set `id`.
pub fn load(id: &str) -> Option<Vec<Board>> {
    let text = storage_get(&format!("{SET_PREFIX}{id}"))?;
    Some(read_pbn(text.as_bytes()).boards)
}

fn now_ms() -> u64 {
    js_sys::Date::now() as u64
}

/// Stores `boards` as a new set named `name`; returns its entry.
pub fn save(name: &str, boards: &[Board]) -> Result<SetMeta, String> {
    let mut index = list();
    let meta = SetMeta {
        id: fresh_id(&index, now_ms()),
        name: name.to_string(),
        boards: boards.len(),
    };
    let text = write_pbn(boards, &PbnOptions::default());
    if !storage_set(&format!("{SET_PREFIX}{}", meta.id), &text) {
        return Err(format!(
            "cannot keep {name:?}: the browser's storage is unavailable or full"
        ));
    }
    index.insert(0, meta.clone());
    write_index(&index)?;
    Ok(meta)
}

/// Replaces the boards of set `id` (after solving double dummy, say).
pub fn update(id: &str, boards: &[Board]) -> Result<(), String> {
    let text = write_pbn(boards, &PbnOptions::default());
    if !storage_set(&format!("{SET_PREFIX}{id}"), &text) {
        return Err("the browser's storage is unavailable or full".to_string());
    }
    let mut index = list();
    if let Some(m) = index.iter_mut().find(|m| m.id == id) {
        m.boards = boards.len();
    }
    write_index(&index)
}

/// Deletes set `id`.
pub fn delete(id: &str) -> Result<(), String> {
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.remove_item(&format!("{SET_PREFIX}{id}"));
    }
    let index: Vec<SetMeta> = list().into_iter().filter(|m| m.id != id).collect();
    write_index(&index)
}

/// Sends boards dealt on another page to the Board sets page: stores them as a new set and
/// marks it to be opened there. Returns the set's id.
pub fn send_to_board_sets(name: &str, boards: Vec<Board>) -> Result<String, String> {
    let meta = save(name, &boards)?;
    storage_set(PENDING_KEY, &meta.id);
    Ok(meta.id)
}

/// The set marked by [`send_to_board_sets`], cleared as it is read.
pub fn take_pending() -> Option<String> {
    let id = storage_get(PENDING_KEY).filter(|s| !s.is_empty())?;
    storage_set(PENDING_KEY, "");
    Some(id)
}

/// Boards for a set of `(number, deal)` pairs with the standard dealer and vulnerability of
/// each board number, and `event` as the event name.
pub fn boards_from_deals(deals: &[(u32, fairdeal_model::Deal)], event: Option<&str>) -> Vec<Board> {
    deals
        .iter()
        .map(|(n, deal)| {
            let mut b = Board::with_deal(Some(*n), deal);
            b.dealer = Some(fairdeal_model::Seat::dealer_of_board(*n));
            b.vulnerability = Some(fairdeal_model::Vulnerability::of_board(*n));
            b.event = event.filter(|e| !e.trim().is_empty()).map(str::to_string);
            b
        })
        .collect()
}
