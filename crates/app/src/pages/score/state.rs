//! The Score page's state and its reducer, in plain Rust (no DOM, no yew): the open
//! [`Workbook`], undo/redo, and the save bookkeeping behind the "Saved" indicator.
//!
//! Invariants:
//! * `rev` counts changes to the open workbook; `saved_rev` is the newest `rev` whose write
//!   to storage has *completed*. The page shows "Saved" only when they are equal.
//! * Typing into one cell is one undo step: consecutive edits of the same cell coalesce.
//!   Undo and redo restore whole row lists and count as changes (they are saved too).
//! * `base` is the stored revision this tab's edits are on top of (from `Open`, then each
//!   completed write). Once `stale` is set (another tab wrote or deleted the event), edits are
//!   refused: the tab must reload, it never overwrites.
//! * Row and column indexes from the page are checked: an edit out of range grows the grid
//!   (paste) or is ignored, never a panic.

use super::model::Workbook;
use fairdeal_scoring::{Column, ResultRow};
use std::rc::Rc;

/// Most undo steps kept.
pub const UNDO_LIMIT: usize = 200;

/// The page state.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ScoreState {
    /// The open event, if any.
    pub book: Option<Workbook>,
    /// Changes made to the open workbook.
    pub rev: u64,
    /// The newest change whose write completed.
    pub saved_rev: u64,
    /// The last save error, cleared by the next successful save.
    pub save_error: Option<String>,
    /// The stored revision the open workbook's edits are on top of.
    pub base: u64,
    /// Set when another tab changed or deleted the open event: edits here are refused.
    pub stale: Option<String>,
    /// The last failure to write the edit journal, cleared by the next journal write.
    pub journal_error: Option<String>,
    /// Which opening of a workbook this is (a new number on every `Open`/`Create`).
    pub opening: u64,
    undo: Vec<Rc<Vec<ResultRow>>>,
    redo: Vec<Rc<Vec<ResultRow>>>,
    /// The cell typed into last (for coalescing undo steps).
    last_cell: Option<(usize, Column)>,
}

/// Everything that changes the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Open a workbook read from storage (already saved).
    Open(Workbook),
    /// Open a new workbook that still has to be saved.
    Create(Workbook),
    /// Close the open workbook (it was deleted).
    Close,
    /// Set one cell.
    SetCell {
        /// 0-based row.
        row: usize,
        /// The column.
        column: Column,
        /// The new text.
        text: String,
    },
    /// Paste tab-separated lines starting at a cell; rows are added as needed.
    Paste {
        /// First row.
        row: usize,
        /// First column.
        column: Column,
        /// The pasted text.
        text: String,
    },
    /// Add an empty row (board and pairs copied from the row above, if any).
    AddRow,
    /// Delete a row.
    DeleteRow(usize),
    /// Undo the last change.
    Undo,
    /// Redo the last undone change.
    Redo,
    /// Rename the event.
    Rename(String),
    /// A write of `rev` for workbook `id` completed as stored revision `revision`.
    Saved {
        /// The workbook.
        id: String,
        /// The change written.
        rev: u64,
        /// The stored revision it became.
        revision: u64,
    },
    /// Another tab changed or deleted workbook `id` (the message says which).
    Stale {
        /// The workbook.
        id: String,
        /// What happened.
        message: String,
    },
    /// A write failed.
    SaveFailed {
        /// The workbook.
        id: String,
        /// Why.
        message: String,
    },
}

impl ScoreState {
    /// Whether every change has been written.
    pub fn is_saved(&self) -> bool {
        self.rev == self.saved_rev
    }

    /// Whether there is something to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is something to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Applies an action.
    pub fn apply(&mut self, action: Action) {
        let edit = matches!(
            action,
            Action::SetCell { .. }
                | Action::Paste { .. }
                | Action::AddRow
                | Action::DeleteRow(_)
                | Action::Undo
                | Action::Redo
                | Action::Rename(_)
        );
        if edit && self.stale.is_some() {
            return;
        }
        match action {
            Action::Open(book) => {
                *self = ScoreState {
                    base: book.revision,
                    book: Some(book),
                    opening: self.opening + 1,
                    ..ScoreState::default()
                };
            }
            Action::Create(book) => {
                *self = ScoreState {
                    book: Some(book),
                    rev: 1,
                    opening: self.opening + 1,
                    ..ScoreState::default()
                };
            }
            Action::Close => {
                *self = ScoreState {
                    opening: self.opening + 1,
                    ..ScoreState::default()
                }
            }
            Action::SetCell { row, column, text } => {
                let Some(rows) = self.book.as_ref().map(|b| &b.event.rows) else {
                    return;
                };
                if rows.get(row).is_none_or(|r| column.cell(r) == text) {
                    return;
                }
                if self.last_cell != Some((row, column)) {
                    self.checkpoint();
                }
                self.last_cell = Some((row, column));
                if let Some(r) = self.rows_mut().and_then(|rows| rows.get_mut(row)) {
                    *column.cell_mut(r) = text;
                }
                self.changed();
            }
            Action::Paste { row, column, text } => {
                let lines = paste_lines(&text);
                if lines.is_empty() || self.book.is_none() {
                    return;
                }
                self.checkpoint();
                self.last_cell = None;
                let start = Column::ALL.iter().position(|c| *c == column).unwrap_or(0);
                if let Some(rows) = self.rows_mut() {
                    for (i, fields) in lines.iter().enumerate() {
                        let r = row.saturating_add(i);
                        while rows.len() <= r {
                            rows.push(ResultRow::default());
                        }
                        for (j, f) in fields.iter().enumerate() {
                            if let Some(c) = Column::ALL.get(start + j) {
                                *c.cell_mut(&mut rows[r]) = f.trim().to_string();
                            }
                        }
                    }
                }
                self.changed();
            }
            Action::AddRow => {
                if self.book.is_none() {
                    return;
                }
                self.checkpoint();
                self.last_cell = None;
                if let Some(rows) = self.rows_mut() {
                    let new = rows
                        .last()
                        .map(|r| ResultRow {
                            board: r.board.clone(),
                            ..ResultRow::default()
                        })
                        .unwrap_or_default();
                    rows.push(new);
                }
                self.changed();
            }
            Action::DeleteRow(row) => {
                if self.book.as_ref().is_none_or(|b| row >= b.event.rows.len()) {
                    return;
                }
                self.checkpoint();
                self.last_cell = None;
                if let Some(rows) = self.rows_mut() {
                    rows.remove(row);
                }
                self.changed();
            }
            Action::Undo => {
                let Some(prev) = self.undo.pop() else { return };
                if let Some(rows) = self.rows_mut() {
                    let now = std::mem::replace(rows, Rc::unwrap_or_clone(prev));
                    self.redo.push(Rc::new(now));
                }
                self.last_cell = None;
                self.changed();
            }
            Action::Redo => {
                let Some(next) = self.redo.pop() else { return };
                if let Some(rows) = self.rows_mut() {
                    let now = std::mem::replace(rows, Rc::unwrap_or_clone(next));
                    self.undo.push(Rc::new(now));
                }
                self.last_cell = None;
                self.changed();
            }
            Action::Rename(name) => {
                let Some(book) = self.book.as_mut() else {
                    return;
                };
                if book.event.name == name {
                    return;
                }
                book.event.name = name;
                self.last_cell = None;
                self.changed();
            }
            Action::Saved { id, rev, revision } => {
                if self.book.as_ref().is_some_and(|b| b.id == id) {
                    self.base = self.base.max(revision);
                    self.saved_rev = self.saved_rev.max(rev.min(self.rev));
                    if self.saved_rev == self.rev {
                        self.save_error = None;
                    }
                }
            }
            Action::SaveFailed { id, message } => {
                if self.book.as_ref().is_some_and(|b| b.id == id) {
                    self.save_error = Some(message);
                }
            }
            Action::Stale { id, message } => {
                if self.book.as_ref().is_some_and(|b| b.id == id) {
                    self.stale = Some(message);
                }
            }
        }
    }

    fn rows_mut(&mut self) -> Option<&mut Vec<ResultRow>> {
        self.book.as_mut().map(|b| &mut b.event.rows)
    }

    /// Pushes the current rows as an undo step and forgets the redo steps.
    fn checkpoint(&mut self) {
        if let Some(b) = self.book.as_ref() {
            self.undo.push(Rc::new(b.event.rows.clone()));
            if self.undo.len() > UNDO_LIMIT {
                self.undo.remove(0);
            }
            self.redo.clear();
        }
    }

    fn changed(&mut self) {
        self.rev += 1;
    }
}

/// Splits pasted spreadsheet text into lines of tab-separated fields (a trailing empty line
/// is dropped; a line without tabs is one field).
pub fn paste_lines(text: &str) -> Vec<Vec<String>> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines: Vec<Vec<String>> = text
        .split('\n')
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect();
    while lines
        .last()
        .is_some_and(|l: &Vec<String>| l.iter().all(|f| f.trim().is_empty()))
    {
        lines.pop();
    }
    lines
}
