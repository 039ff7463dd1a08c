//! Saving events in the browser's IndexedDB (database [`DB_NAME`], object store
//! [`STORE`], key = workbook id, value = the workbook's JSON text), safely across tabs.
//!
//! Every function is async and returns `Result<_, _>`; a browser that refuses (private
//! mode, quota, no IndexedDB) gives a message, never a panic. [`put`] resolves only when its
//! transaction has *completed* (`oncomplete`), so the page's "Saved" indicator reflects data
//! that survives a reload or a crash.
//!
//! Two tabs: every stored workbook carries a `revision` (completed writes). [`put`] reads the
//! stored revision and writes in the *same* read-write transaction (IndexedDB runs those one
//! at a time per store), and only when the stored revision is the one this tab's edit was
//! based on; otherwise it aborts with [`PutError::Stale`], so a stale tab never overwrites a
//! newer one — it is told and must reload. Each completed write or delete is announced on the
//! [`CHANNEL`] BroadcastChannel so other tabs learn at once ([`Listener`]).
//!
//! Damaged or foreign entries are never hidden: [`list`] returns them as [`Broken`] with the
//! raw text (the page lists them as "needs repair" with a raw export).
//!
//! The write-ahead journal (one `localStorage` key per event, [`journal_key`]) holds the
//! last edit with the revision it was based on and the tab that made it; it is applied on
//! load only when [`journal_applies`], and removed when its event is deleted.
//!
//! The id of the event open last is kept in `localStorage` ([`CURRENT_KEY`]).

use super::model::Workbook;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbRequest, IdbTransaction, IdbTransactionMode};

/// The database name.
pub const DB_NAME: &str = "fairdeal-score";
/// The object store of workbooks.
pub const STORE: &str = "events";
/// `localStorage` key of the event open last.
pub const CURRENT_KEY: &str = "fairdeal.score.current";

thread_local! {
    static DB: RefCell<Option<IdbDatabase>> = const { RefCell::new(None) };
}

/// A saved event as listed.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// The id.
    pub id: String,
    /// The event name.
    pub name: String,
    /// Rows in the grid.
    pub rows: usize,
    /// Last edit (ms since 1970).
    pub updated: f64,
}

/// A stored entry that cannot be opened: damaged JSON or a version this build cannot read.
#[derive(Debug, Clone, PartialEq)]
pub struct Broken {
    /// The storage key.
    pub id: String,
    /// The stored text exactly as found (for the raw export).
    pub raw: String,
    /// Why it cannot be opened.
    pub reason: String,
}

/// Everything stored: readable events (newest edit first) and entries that need repair.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Listing {
    /// Readable events.
    pub events: Vec<Summary>,
    /// Entries that need repair.
    pub broken: Vec<Broken>,
}

/// Why a write did not happen.
#[derive(Debug, Clone, PartialEq)]
pub enum PutError {
    /// Another tab wrote (or deleted) the event since this tab read it.
    Stale {
        /// The stored revision (`None`: the event was deleted).
        stored: Option<u64>,
    },
    /// The browser refused (message).
    Failed(String),
}

impl std::fmt::Display for PutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PutError::Stale { stored: None } => {
                write!(f, "this event was deleted in another tab")
            }
            PutError::Stale { stored: Some(_) } => write!(
                f,
                "this event was changed in another tab; reload to see its rows (edits here were not saved)"
            ),
            PutError::Failed(m) => f.write_str(m),
        }
    }
}

fn js_err(what: &str, e: JsValue) -> String {
    let detail = e
        .dyn_ref::<web_sys::DomException>()
        .map(|d| d.message())
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "the browser refused".into());
    format!("{what}: {detail}")
}

/// Waits for a request's `success` (its result) or `error`.
async fn request(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let r2 = req.clone();
        let ok = Closure::once_into_js(move |_e: web_sys::Event| {
            let _ = resolve.call1(&JsValue::NULL, &r2.result().unwrap_or(JsValue::UNDEFINED));
        });
        let r3 = req.clone();
        let bad = Closure::once_into_js(move |_e: web_sys::Event| {
            let err = r3
                .error()
                .ok()
                .flatten()
                .map_or(JsValue::from_str("request failed"), JsValue::from);
            let _ = reject.call1(&JsValue::NULL, &err);
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(bad.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

/// Waits for a transaction to complete (or fail / abort).
async fn completed(tx: &IdbTransaction) -> Result<(), JsValue> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let ok = Closure::once_into_js(move |_e: web_sys::Event| {
            let _ = resolve.call0(&JsValue::NULL);
        });
        let t2 = tx.clone();
        let reject2 = reject.clone();
        let bad = Closure::once_into_js(move |_e: web_sys::Event| {
            let err = t2
                .error()
                .map_or(JsValue::from_str("transaction failed"), JsValue::from);
            let _ = reject2.call1(&JsValue::NULL, &err);
        });
        let abort = Closure::once_into_js(move |_e: web_sys::Event| {
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("transaction aborted"));
        });
        tx.set_oncomplete(Some(ok.unchecked_ref()));
        tx.set_onerror(Some(bad.unchecked_ref()));
        tx.set_onabort(Some(abort.unchecked_ref()));
    });
    JsFuture::from(promise).await.map(|_| ())
}

/// Opens (and on first use creates) the database.
pub async fn open() -> Result<IdbDatabase, String> {
    if let Some(db) = DB.with(|d| d.borrow().clone()) {
        return Ok(db);
    }
    let factory = web_sys::window()
        .and_then(|w| w.indexed_db().ok().flatten())
        .ok_or("this browser offers no IndexedDB storage, so events cannot be saved")?;
    let req = factory
        .open_with_u32(DB_NAME, 1)
        .map_err(|e| js_err("opening storage", e))?;
    let r2 = req.clone();
    let upgrade = Closure::once_into_js(move |_e: web_sys::Event| {
        if let Ok(db) = r2.result().and_then(|v| v.dyn_into::<IdbDatabase>()) {
            if !db.object_store_names().contains(STORE) {
                let _ = db.create_object_store(STORE);
            }
        }
    });
    req.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let db: IdbDatabase = request(&req)
        .await
        .map_err(|e| js_err("opening storage", e))?
        .dyn_into()
        .map_err(|_| "opening storage: not a database".to_string())?;
    DB.with(|d| *d.borrow_mut() = Some(db.clone()));
    Ok(db)
}

fn store(
    db: &IdbDatabase,
    mode: IdbTransactionMode,
) -> Result<(IdbTransaction, web_sys::IdbObjectStore), String> {
    let tx = db
        .transaction_with_str_and_mode(STORE, mode)
        .map_err(|e| js_err("storage", e))?;
    let st = tx.object_store(STORE).map_err(|e| js_err("storage", e))?;
    Ok((tx, st))
}

/// The revision stored in a workbook's JSON text (0 for version 1 or unreadable text).
pub fn stored_revision(text: &str) -> u64 {
    #[derive(serde::Deserialize)]
    struct Rev {
        #[serde(default)]
        revision: u64,
    }
    serde_json::from_str::<Rev>(text).map_or(0, |r| r.revision)
}

/// Writes `book` as revision `base + 1`, by this tab, if and only if the stored copy is
/// still at revision `base` (a new event: nothing stored and `base` 0). Resolves with the new
/// revision when the write has completed; [`PutError::Stale`] when another tab got there
/// first (nothing is written).
pub async fn put(book: &Workbook, base: u64) -> Result<u64, PutError> {
    let db = open().await.map_err(PutError::Failed)?;
    let (tx, st) = store(&db, IdbTransactionMode::Readwrite).map_err(PutError::Failed)?;
    let mut out = book.clone();
    out.revision = base + 1;
    out.writer = session_id();
    let key = JsValue::from_str(&book.id);
    let req = st
        .get(&key)
        .map_err(|e| PutError::Failed(js_err("saving", e)))?;
    // Check and write inside the read's success handler: the transaction is still active
    // there, so no other tab's write can come in between.
    let conflict: Rc<Cell<Option<Option<u64>>>> = Rc::new(Cell::new(None));
    let (c2, r2, tx2, st2, json) = (
        conflict.clone(),
        req.clone(),
        tx.clone(),
        st.clone(),
        out.to_json(),
    );
    let on_read = Closure::once_into_js(move |_e: web_sys::Event| {
        let stored = r2
            .result()
            .ok()
            .and_then(|v| v.as_string())
            .map(|t| stored_revision(&t));
        let fits = match stored {
            None => base == 0,
            Some(r) => r == base,
        };
        if fits {
            if st2.put_with_key(&JsValue::from_str(&json), &key).is_err() {
                let _ = tx2.abort();
            }
        } else {
            c2.set(Some(stored));
            let _ = tx2.abort();
        }
    });
    req.set_onsuccess(Some(on_read.unchecked_ref()));
    let done = completed(&tx).await;
    if let Some(stored) = conflict.get() {
        return Err(PutError::Stale { stored });
    }
    done.map_err(|e| PutError::Failed(js_err("saving", e)))?;
    Announcer::announce(&book.id, Some(base + 1));
    Ok(base + 1)
}

/// Reads one workbook.
pub async fn get(id: &str) -> Result<Option<Workbook>, String> {
    let db = open().await?;
    let (_tx, st) = store(&db, IdbTransactionMode::Readonly)?;
    let req = st
        .get(&JsValue::from_str(id))
        .map_err(|e| js_err("reading", e))?;
    let v = request(&req).await.map_err(|e| js_err("reading", e))?;
    match v.as_string() {
        None => Ok(None),
        Some(text) => Workbook::from_json(&text, id.to_string()).map(Some),
    }
}

/// Every stored entry: readable workbooks (newest edit first) and, never skipped, the
/// entries that cannot be read (with their raw text and the reason).
pub async fn all() -> Result<(Vec<Workbook>, Vec<Broken>), String> {
    let db = open().await?;
    let (_tx, st) = store(&db, IdbTransactionMode::Readonly)?;
    // getAllKeys and getAll return the same records in the same (key) order.
    let keys_req = st.get_all_keys().map_err(|e| js_err("listing", e))?;
    let req = st.get_all().map_err(|e| js_err("listing", e))?;
    let keys: js_sys::Array = request(&keys_req)
        .await
        .map_err(|e| js_err("listing", e))?
        .dyn_into()
        .map_err(|_| "listing: not a list".to_string())?;
    let arr: js_sys::Array = request(&req)
        .await
        .map_err(|e| js_err("listing", e))?
        .dyn_into()
        .map_err(|_| "listing: not a list".to_string())?;
    let mut books = Vec::new();
    let mut broken = Vec::new();
    for (key, value) in keys.iter().zip(arr.iter()) {
        let id = key.as_string().unwrap_or_else(|| format!("{key:?}"));
        let raw = value
            .as_string()
            .or_else(|| js_sys::JSON::stringify(&value).ok().map(String::from))
            .unwrap_or_default();
        match value
            .as_string()
            .ok_or_else(|| "not text".to_string())
            .and_then(|t| Workbook::from_json(&t, id.clone()))
        {
            Ok(b) if b.id == id => books.push(b),
            Ok(b) => broken.push(Broken {
                id,
                raw,
                reason: format!("stored under another id ({})", b.id),
            }),
            Err(reason) => broken.push(Broken { id, raw, reason }),
        }
    }
    books.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    Ok((books, broken))
}

/// Summaries of every saved workbook (newest edit first) and the entries needing repair.
pub async fn list() -> Result<Listing, String> {
    let (books, broken) = all().await?;
    Ok(Listing {
        events: books
            .into_iter()
            .map(|b| Summary {
                id: b.id,
                name: b.event.name,
                rows: b.event.rows.len(),
                updated: b.updated,
            })
            .collect(),
        broken,
    })
}

/// Deletes a workbook; resolves when the delete has completed.
pub async fn delete(id: &str) -> Result<(), String> {
    let db = open().await?;
    let (tx, st) = store(&db, IdbTransactionMode::Readwrite)?;
    st.delete(&JsValue::from_str(id))
        .map_err(|e| js_err("deleting", e))?;
    completed(&tx).await.map_err(|e| js_err("deleting", e))?;
    // A deleted event stays deleted: its journal must not bring it back on the next load.
    journal_clear(id);
    Announcer::announce(id, None);
    Ok(())
}

/// A fresh random id (16 hex digits from the browser's CSPRNG; the clock if it has none).
pub fn new_id() -> String {
    let mut b = [0u8; 8];
    if !crate::browser::fill_random(&mut b) {
        b = (js_sys::Date::now() as u64).to_le_bytes();
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Milliseconds since 1970.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// `localStorage` key of the journal of builds before per-event journals (read and cleared
/// like the per-event key when its event matches).
pub const JOURNAL_KEY: &str = "fairdeal.score.journal";

/// `localStorage` key of one event's write-ahead journal: its last edit, written
/// synchronously on every edit before the IndexedDB write starts, so closing the tab while
/// that write is in flight loses nothing.
pub fn journal_key(id: &str) -> String {
    format!("{JOURNAL_KEY}.{id}")
}

/// Writes the journal (synchronous): `book` as edited by this tab on top of stored revision
/// `base`. Fails (the page shows it) when storage is full or blocked.
pub fn journal_write(book: &Workbook, base: u64) -> Result<(), String> {
    let mut j = book.clone();
    j.revision = base;
    j.writer = session_id();
    if crate::browser::storage_set(&journal_key(&book.id), &j.to_json()) {
        Ok(())
    } else {
        Err("the browser refused to keep the edit journal (storage full or blocked); edits are saved only when “Saved” shows".into())
    }
}

/// The journal of event `id`, if any and readable.
pub fn journal_read(id: &str) -> Option<Workbook> {
    let read = |key: &str| {
        let text = crate::browser::storage_get(key)?;
        Workbook::from_json(&text, String::new())
            .ok()
            .filter(|w| w.id == id)
    };
    read(&journal_key(id)).or_else(|| read(JOURNAL_KEY))
}

/// Removes the journal of event `id`.
pub fn journal_clear(id: &str) {
    let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) else {
        return;
    };
    let _ = storage.remove_item(&journal_key(id));
    if crate::browser::storage_get(JOURNAL_KEY)
        .and_then(|t| Workbook::from_json(&t, String::new()).ok())
        .is_some_and(|w| w.id == id)
    {
        let _ = storage.remove_item(JOURNAL_KEY);
    }
}

/// Whether a journal holds an edit of `stored` that has not reached storage: same event,
/// newer, and made on top of the stored revision — or by the tab that made the stored write
/// (its later edit). A stale tab's journal (based on an older revision another tab has since
/// replaced) never applies.
pub fn journal_applies(stored: &Workbook, journal: &Workbook) -> bool {
    journal.id == stored.id
        && journal.updated > stored.updated
        && (journal.revision == stored.revision
            || (!journal.writer.is_empty()
                && journal.writer == stored.writer
                && journal.revision <= stored.revision))
}

/// The stored workbook, or the journal's copy of the same event if [`journal_applies`]; the
/// flag says the journal won (its state still has to reach IndexedDB, on top of the stored
/// revision).
pub fn newer_of(stored: Workbook, journal: Option<Workbook>) -> (Workbook, bool) {
    match journal {
        Some(mut j) if journal_applies(&stored, &j) => {
            j.revision = stored.revision;
            (j, true)
        }
        _ => (stored, false),
    }
}

thread_local! {
    static SESSION: String = new_id();
}

/// This page session's id (random, per page load): the `writer` of its stored writes and
/// journal entries.
pub fn session_id() -> String {
    SESSION.with(Clone::clone)
}

/// The BroadcastChannel name on which tabs announce writes and deletes.
pub const CHANNEL: &str = "fairdeal-score";

#[wasm_bindgen]
extern "C" {
    /// The browser's `BroadcastChannel` (declared here: web-sys's binding is not enabled).
    #[wasm_bindgen(js_name = BroadcastChannel)]
    type JsChannel;
    #[wasm_bindgen(constructor, js_class = "BroadcastChannel", catch)]
    fn new(name: &str) -> Result<JsChannel, JsValue>;
    #[wasm_bindgen(method, js_name = postMessage, catch)]
    fn post_message(this: &JsChannel, msg: &JsValue) -> Result<(), JsValue>;
    #[wasm_bindgen(method, setter)]
    fn set_onmessage(this: &JsChannel, f: Option<&js_sys::Function>);
    #[wasm_bindgen(method)]
    fn close(this: &JsChannel);
}

/// A write or delete announced by another tab.
#[derive(Debug, Clone, PartialEq)]
pub struct Announcement {
    /// The event.
    pub id: String,
    /// Its new revision (`None`: deleted).
    pub revision: Option<u64>,
    /// The announcing tab's session.
    pub writer: String,
}

/// Announces this tab's writes and deletes to the other tabs.
struct Announcer;

impl Announcer {
    fn announce(id: &str, revision: Option<u64>) {
        let Ok(channel) = JsChannel::new(CHANNEL) else {
            return;
        };
        let msg = serde_json::json!({ "id": id, "revision": revision, "writer": session_id() });
        let _ = channel.post_message(&JsValue::from_str(&msg.to_string()));
        channel.close();
    }
}

/// Reads an announcement's text (`None` for anything else).
pub fn parse_announcement(text: &str) -> Option<Announcement> {
    #[derive(serde::Deserialize)]
    struct Msg {
        id: String,
        revision: Option<u64>,
        writer: String,
    }
    let m: Msg = serde_json::from_str(text).ok()?;
    Some(Announcement {
        id: m.id,
        revision: m.revision,
        writer: m.writer,
    })
}

/// Listens for other tabs' announcements while it lives (dropping it stops listening).
pub struct Listener {
    channel: JsChannel,
    _on_message: Closure<dyn FnMut(JsValue)>,
}

impl Listener {
    /// Calls `on` with every announcement from another tab; `None` when the browser has no
    /// BroadcastChannel (the revision check in [`put`] still refuses stale writes).
    pub fn start(on: impl Fn(Announcement) + 'static) -> Option<Listener> {
        let channel = JsChannel::new(CHANNEL).ok()?;
        let me = session_id();
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |ev: JsValue| {
            let text = js_sys::Reflect::get(&ev, &JsValue::from_str("data"))
                .ok()
                .and_then(|d| d.as_string());
            if let Some(a) = text.as_deref().and_then(parse_announcement) {
                if a.writer != me {
                    on(a);
                }
            }
        });
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(Listener {
            channel,
            _on_message: on_message,
        })
    }
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.channel.set_onmessage(None);
        self.channel.close();
    }
}

/// Asks the browser to keep this site's storage under pressure (`navigator.storage.persist()`)
/// and says whether it was granted (`None`: the browser has no such API).
pub async fn request_persistence() -> Option<bool> {
    let navigator = web_sys::window()?.navigator();
    let storage = js_sys::Reflect::get(&navigator, &JsValue::from_str("storage")).ok()?;
    if storage.is_undefined() {
        return None;
    }
    let persist: js_sys::Function = js_sys::Reflect::get(&storage, &JsValue::from_str("persist"))
        .ok()?
        .dyn_into()
        .ok()?;
    let promise: js_sys::Promise = persist.call0(&storage).ok()?.dyn_into().ok()?;
    JsFuture::from(promise).await.ok()?.as_bool()
}
