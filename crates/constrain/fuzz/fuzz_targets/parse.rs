//! Fuzzes the constraint-text parser: any UTF-8 text parses to a spec (which prints and parses
//! back equal, and compiles or says why) or to errors whose spans lie on character boundaries
//! of the input and render with line and column.
#![no_main]
use fairdeal_constrain::parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    match parse(src) {
        Ok(spec) => {
            for i in 0..=spec.categories.len() {
                let _ = spec.constraints(Some(i));
            }
            let _ = spec.constraints(None);
            let printed = spec.to_string();
            let back = parse(&printed).unwrap_or_else(|e| panic!("{printed}\n{e}"));
            assert_eq!(back, spec, "printed:\n{printed}");
        }
        Err(errors) => {
            assert!(!errors.0.is_empty());
            for e in &errors.0 {
                assert!(e.span.start <= e.span.end && e.span.end <= src.len());
                assert!(src.is_char_boundary(e.span.start) && src.is_char_boundary(e.span.end));
                let (line, col) = e.line_col(src);
                assert!(line >= 1 && col >= 1);
            }
            let _ = errors.render(src);
        }
    }
});
