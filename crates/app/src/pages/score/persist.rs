//! Saving events in the browser's IndexedDB (database [`DB_NAME`], object store
//! [`STORE`], key = workbook id, value = the workbook's JSON text).
//!
//! Every function is async and returns `Result<_, String>`; a browser that refuses (private
//! mode, quota, no IndexedDB) gives a message, never a panic. [`put`] resolves only when its
//! transaction has *completed* (`oncomplete`), so the page's "Saved" indicator reflects data
//! that survives a reload or a crash. Read-write transactions on one store run in the order
//! they were created, so the last edit's write is the one that stays.
//!
//! The id of the event open last is kept in `localStorage` ([`CURRENT_KEY`]).

use super::model::Workbook;
use std::cell::RefCell;
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

/// Writes a workbook; resolves when the write has completed.
pub async fn put(book: &Workbook) -> Result<(), String> {
    let db = open().await?;
    let (tx, st) = store(&db, IdbTransactionMode::Readwrite)?;
    st.put_with_key(
        &JsValue::from_str(&book.to_json()),
        &JsValue::from_str(&book.id),
    )
    .map_err(|e| js_err("saving", e))?;
    completed(&tx).await.map_err(|e| js_err("saving", e))
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

/// Every saved workbook, newest edit first (unreadable entries are skipped).
pub async fn all() -> Result<Vec<Workbook>, String> {
    let db = open().await?;
    let (_tx, st) = store(&db, IdbTransactionMode::Readonly)?;
    let req = st.get_all().map_err(|e| js_err("listing", e))?;
    let v = request(&req).await.map_err(|e| js_err("listing", e))?;
    let arr: js_sys::Array = v
        .dyn_into()
        .map_err(|_| "listing: not a list".to_string())?;
    let mut books: Vec<Workbook> = arr
        .iter()
        .filter_map(|v| v.as_string())
        .filter_map(|t| Workbook::from_json(&t, String::new()).ok())
        .filter(|b| !b.id.is_empty())
        .collect();
    books.sort_by(|a, b| b.updated.total_cmp(&a.updated));
    Ok(books)
}

/// Summaries of every saved workbook, newest edit first.
pub async fn list() -> Result<Vec<Summary>, String> {
    Ok(all()
        .await?
        .into_iter()
        .map(|b| Summary {
            id: b.id,
            name: b.event.name,
            rows: b.event.rows.len(),
            updated: b.updated,
        })
        .collect())
}

/// Deletes a workbook; resolves when the delete has completed.
pub async fn delete(id: &str) -> Result<(), String> {
    let db = open().await?;
    let (tx, st) = store(&db, IdbTransactionMode::Readwrite)?;
    st.delete(&JsValue::from_str(id))
        .map_err(|e| js_err("deleting", e))?;
    completed(&tx).await.map_err(|e| js_err("deleting", e))
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

/// `localStorage` key of the write-ahead journal: the last edited workbook, written
/// synchronously on every edit before the IndexedDB write starts, so closing the tab while
/// that write is in flight loses nothing.
pub const JOURNAL_KEY: &str = "fairdeal.score.journal";

/// Writes the journal (synchronous). A full or blocked storage only loses the journal, never
/// the IndexedDB copy.
pub fn journal_write(book: &Workbook) {
    crate::browser::storage_set(JOURNAL_KEY, &book.to_json());
}

/// The journal's workbook, if any and readable.
pub fn journal_read() -> Option<Workbook> {
    let text = crate::browser::storage_get(JOURNAL_KEY)?;
    Workbook::from_json(&text, String::new())
        .ok()
        .filter(|w| !w.id.is_empty())
}

/// The stored workbook, or the journal's copy of the same event if that one is newer; the
/// flag says the journal won (its state still has to reach IndexedDB).
pub fn newer_of(stored: Workbook, journal: Option<Workbook>) -> (Workbook, bool) {
    match journal {
        Some(j) if j.id == stored.id && j.updated > stored.updated => (j, true),
        _ => (stored, false),
    }
}
