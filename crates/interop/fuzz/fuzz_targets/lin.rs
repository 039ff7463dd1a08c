//! Fuzzes the LIN reader: any bytes read without a panic, every problem's line is inside
//! the input, writing what it read as LIN never panics, and as PBN reads back unchanged.
#![no_main]

use fairdeal_interop::{read_lin, read_pbn, write_lin, write_pbn, LinOptions, PbnOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let out = read_lin(data);
    let lines = data.split(|&b| b == b'\n').count();
    for p in &out.problems {
        assert!(p.line >= 1 && p.line <= lines, "line {} of {lines}", p.line);
    }
    let _ = write_lin(&out.boards, &LinOptions::default());
    let text = write_pbn(&out.boards, &PbnOptions::default());
    let again = read_pbn(text.as_bytes());
    let mut expected = out.boards.clone();
    for b in &mut expected {
        b.hands = b.hands_for_output();
    }
    assert_eq!(
        again.boards, expected,
        "LIN → PBN → model changed the boards:\n{text}"
    );
});
