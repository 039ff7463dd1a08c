//! The Export panel, the one way a page turns its boards into files: format checkboxes
//! ([`FormatPicker`]), a "make files" button, the error if any, then the files singly or as a
//! zip ([`FileList`]). The Constrain page, the Script results and the Board sets page show it;
//! the Tournament page writes its session files through the same [`session_files`].
//!
//! The page wraps the panel (a `<details>` or a section with its heading) and names its DOM
//! ids (the e2e tests click them); the panel owns the chosen formats and the files, which it
//! drops whenever the boards change. Files are written by the dealing crate's
//! `formats::write_all` (deals) or interop's `export_files` (boards with their tags: PBN and
//! LIN keep auctions, play and DD tables).

use crate::components::files::{toggled, FileList, FormatPicker, NamedFile};
use fairdeal_dealing::formats::{select_formats, write_all, BoardRange, FormatSpec, WriteOptions};
use fairdeal_interop::export::export_files;
use fairdeal_interop::Board;
use fairdeal_model::Deal;
use std::io::Write;
use std::rc::Rc;
use yew::prelude::*;

/// Writes `boards` (consecutive numbers, in order) in every format, named `<prefix><suffix>`,
/// each through `formats::write_all`.
pub fn session_files(
    boards: &[(u32, Deal)],
    formats: &[&FormatSpec],
    prefix: &str,
    options: &WriteOptions,
) -> Result<Vec<NamedFile>, String> {
    let (Some(first), Some(last)) = (boards.first(), boards.last()) else {
        return Err("no boards to write".into());
    };
    let range = BoardRange::new(first.0, last.0).map_err(|e| e.to_string())?;
    if range.count() as usize != boards.len() {
        return Err(format!(
            "boards {}-{} are not numbered consecutively",
            first.0, last.0
        ));
    }
    formats
        .iter()
        .map(|f| {
            let mut bytes = Vec::new();
            write_all(
                &mut [(*f, &mut bytes as &mut dyn Write)],
                range,
                boards.iter().map(|(_, d)| Ok(*d)),
                options,
            )
            .map(|()| (f.file_name(prefix), bytes))
            .map_err(|e: fairdeal_dealing::formats::FormatError| format!("{}: {e}", f.name))
        })
        .collect()
}

/// What the panel exports.
#[derive(Clone, PartialEq)]
pub enum ExportSource {
    /// Numbered deals (Constrain, Script): Big Deal's writers.
    Deals(Rc<Vec<(u32, Deal)>>),
    /// Boards read or kept with their tags (Board sets): interop's exporter.
    Boards(Rc<Vec<Board>>),
}

impl ExportSource {
    /// True when there is nothing to export.
    pub fn is_empty(&self) -> bool {
        match self {
            ExportSource::Deals(d) => d.is_empty(),
            ExportSource::Boards(b) => b.is_empty(),
        }
    }

    /// The files in `formats` (a comma list of names), or the message to show.
    pub fn files(&self, formats: &[String], prefix: &str) -> Result<Vec<NamedFile>, String> {
        let formats = select_formats(&formats.join(",")).map_err(|e| format!("Formats: {e}"))?;
        if formats.is_empty() {
            return Err("Formats: choose at least one".into());
        }
        match self {
            ExportSource::Deals(d) => session_files(d, &formats, prefix, &WriteOptions::default()),
            ExportSource::Boards(b) => export_files(b, &formats, prefix).map_err(|e| e.to_string()),
        }
    }
}

/// Properties of [`ExportPanel`].
#[derive(Properties, PartialEq)]
pub struct ExportPanelProps {
    /// The boards to export.
    pub source: ExportSource,
    /// File names are `<prefix><suffix>`; the zip is `<prefix>.zip`.
    pub prefix: AttrValue,
    /// Formats checked at first.
    #[prop_or_else(|| vec!["pbn".to_string()])]
    pub default_formats: Vec<String>,
    /// `name` of the format checkboxes.
    pub input_name: AttrValue,
    /// `id` of the make-files button.
    pub make_id: AttrValue,
    /// Label of the make-files button.
    #[prop_or(AttrValue::from("Make files"))]
    pub make_label: AttrValue,
    /// `id` of the error message, if the page needs one.
    #[prop_or_default]
    pub error_id: Option<AttrValue>,
    /// `id` of the file list.
    pub files_id: AttrValue,
    /// `id` of the "Download all" button.
    pub zip_id: AttrValue,
    /// Extra controls shown after the make button (e.g. a text download).
    #[prop_or_default]
    pub children: Html,
}

/// Format checkboxes, "make files", then the files, singly or as a zip.
#[component]
pub fn ExportPanel(props: &ExportPanelProps) -> Html {
    let chosen = use_state(|| props.default_formats.clone());
    let files = use_state(|| None::<Rc<Vec<NamedFile>>>);
    let error = use_state(|| None::<String>);
    {
        let (files, error) = (files.clone(), error.clone());
        use_effect_with(props.source.clone(), move |_| {
            files.set(None);
            error.set(None);
        });
    }
    let on_toggle = {
        let (chosen, files) = (chosen.clone(), files.clone());
        Callback::from(move |name: String| {
            chosen.set(toggled(&chosen, name));
            files.set(None);
        })
    };
    let on_make = {
        let (chosen, files, error) = (chosen.clone(), files.clone(), error.clone());
        let (source, prefix) = (props.source.clone(), props.prefix.clone());
        Callback::from(move |_: MouseEvent| match source.files(&chosen, &prefix) {
            Ok(f) => {
                files.set(Some(Rc::new(f)));
                error.set(None);
            }
            Err(m) => {
                files.set(None);
                error.set(Some(m));
            }
        })
    };
    html! {
        <>
            if !props.source.is_empty() {
                <FormatPicker input_name={props.input_name.clone()} chosen={(*chosen).clone()} {on_toggle} />
                <button type="button" class="primary" id={props.make_id.clone()} onclick={on_make}>{ props.make_label.clone() }</button>
            }
            { props.children.clone() }
            if let Some(m) = error.as_ref() { <p class="error" role="alert" id={props.error_id.clone()}>{ m.clone() }</p> }
            if let Some(files) = files.as_ref() {
                <FileList files={files.clone()} zip_name={format!("{}.zip", props.prefix)}
                    id={Some(props.files_id.clone())} zip_button_id={props.zip_id.clone()} />
            }
        </>
    }
}
