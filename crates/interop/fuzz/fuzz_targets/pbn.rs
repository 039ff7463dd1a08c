//! Fuzzes the PBN reader: any bytes read without a panic, every problem's line is inside
//! the input, and what the reader returns survives write → read unchanged (with no new
//! problems: only unreadable DD tables and pars, kept as written, are reported again).
#![no_main]

use fairdeal_interop::{read_pbn, write_pbn, PbnOptions, ProblemKind};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let out = read_pbn(data);
    let lines = data.split(|&b| b == b'\n').count();
    for p in &out.problems {
        assert!(p.line >= 1 && p.line <= lines, "line {} of {lines}", p.line);
    }
    let text = write_pbn(&out.boards, &PbnOptions::default());
    let again = read_pbn(text.as_bytes());
    // The writer completes a deal whose fourth hand is implied; nothing else may change.
    let mut expected = out.boards.clone();
    for b in &mut expected {
        b.hands = b.hands_for_output();
    }
    assert_eq!(
        again.boards, expected,
        "write → read changed the boards:\n{text}"
    );
    assert_eq!(write_pbn(&again.boards, &PbnOptions::default()), text);
    // Only tables and pars that did not read are kept (as written) and so reported again.
    for p in &again.problems {
        assert!(
            matches!(
                p.kind,
                ProblemKind::DdTable { .. } | ProblemKind::Par { .. }
            ),
            "{p}\n{text}"
        );
    }
});
