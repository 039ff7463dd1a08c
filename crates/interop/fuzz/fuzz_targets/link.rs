//! Fuzzes the link reader: any text through `parse_link` (viewer links, bare codes, BBO
//! handviewer links) without a panic; a code that decodes is canonical (encoding the board
//! gives the same code back), and the board survives `to_board` → `from_board` unchanged.
#![no_main]

use fairdeal_interop::link::{parse_link, Link};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let _ = parse_link(&text);
    if let Ok(link) = Link::decode(&text) {
        assert_eq!(link.encode().unwrap(), text.trim(), "decode then encode changed the code");
        assert_eq!(Link::from_board(&link.to_board()).unwrap(), link);
        let _ = link.bbo_url();
    }
});
