//! Choosing output formats and handing out the produced files — shared by every page that
//! writes deals (Tournament, Constrain): [`FormatPicker`] lists the dealing crate's `FORMATS`
//! table as checkboxes; [`FileList`] offers each file as a download plus all of them as a zip.

use crate::download::{download_bytes, zip_files};
use fairdeal_dealing::formats::{FormatKind, FORMATS};
use std::rc::Rc;
use yew::prelude::*;

/// A produced file: name and bytes.
pub type NamedFile = (String, Vec<u8>);

/// The chosen format names after toggling `name`: removed if present, appended if not.
pub fn toggled(chosen: &[String], name: String) -> Vec<String> {
    let mut v = chosen.to_vec();
    match v.iter().position(|n| *n == name) {
        Some(i) => {
            v.remove(i);
        }
        None => v.push(name),
    }
    v
}

/// Properties of [`FormatPicker`].
#[derive(Properties, PartialEq)]
pub struct FormatPickerProps {
    /// The `name` attribute of the checkboxes (one per page, so tests and labels stay apart).
    pub input_name: AttrValue,
    /// Names of the chosen formats.
    pub chosen: Vec<String>,
    /// Called with a format's name when its box is toggled.
    pub on_toggle: Callback<String>,
}

/// One checkbox per row of `FORMATS`, labelled with name, suffix and binary/text.
#[component]
pub fn FormatPicker(props: &FormatPickerProps) -> Html {
    let boxes = FORMATS.iter().map(|f| {
        let name = f.name.to_string();
        let checked = props.chosen.contains(&name);
        let on_toggle = props.on_toggle.clone();
        let toggled = name.clone();
        html! {
            <label class="format-box" title={f.help}>
                <input type="checkbox" name={props.input_name.clone()} value={name} {checked}
                    onchange={Callback::from(move |_: Event| on_toggle.emit(toggled.clone()))} />
                { format!("{} ({}{})", f.name, f.suffix, if f.kind == FormatKind::Binary { ", binary" } else { "" }) }
            </label>
        }
    });
    html! {
        <fieldset class="formats"><legend class="visually-hidden">{"Formats"}</legend>{ for boxes }</fieldset>
    }
}

/// Properties of [`FileList`].
#[derive(Properties, PartialEq)]
pub struct FileListProps {
    /// The files.
    pub files: Rc<Vec<NamedFile>>,
    /// Name of the zip holding all of them.
    pub zip_name: String,
    /// `id` of the list element, if the page needs one.
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// `id` of the "Download all" button.
    #[prop_or(AttrValue::from("download-zip"))]
    pub zip_button_id: AttrValue,
}

fn mime(name: &str) -> &'static str {
    if name.ends_with(".zip") {
        "application/zip"
    } else {
        "application/octet-stream"
    }
}

/// The produced files, each downloadable, plus all of them as one zip.
#[component]
pub fn FileList(props: &FileListProps) -> Html {
    let on_zip = {
        let files = props.files.clone();
        let name = props.zip_name.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(z) = zip_files(&files) {
                download_bytes(&name, &z, "application/zip");
            }
        })
    };
    html! {
        <div class="file-list" id={props.id.clone()}>
            <ul>
                { for props.files.iter().map(|(name, bytes)| {
                    let (n, b) = (name.clone(), bytes.clone());
                    let onclick = Callback::from(move |_: MouseEvent| { download_bytes(&n, &b, mime(&n)); });
                    html! {
                        <li>
                            <button type="button" class="file-download" data-file={name.clone()} {onclick}>{ name.clone() }</button>
                            <span class="file-size">{ format!("{} bytes", bytes.len()) }</span>
                        </li>
                    }
                }) }
            </ul>
            <button type="button" class="primary" id={props.zip_button_id.clone()} onclick={on_zip}>
                { format!("Download all ({})", props.zip_name) }
            </button>
        </div>
    }
}
