//! Fuzzes the whole front end: check, highlight (must cover only valid spans) and compile;
//! a compiled program also runs a few deals so the evaluator and printers are exercised
//! (unaccelerated: building exact tables takes up to a second, which would starve the fuzzer;
//! the acceleration's soundness has its own tests).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let diags = fairdeal_script::check(src);
    for d in &diags {
        assert!(d.span.start <= d.span.end && d.span.end <= src.len());
        assert!(d.line >= 1 && d.column >= 1);
        assert!(!d.message.is_empty());
    }
    let _ = fairdeal_script::render_diagnostics(src, &diags);
    let mut last = 0;
    for (span, _) in fairdeal_script::highlight(src) {
        assert!(
            span.start >= last
                && span.end <= src.len()
                && src.is_char_boundary(span.start)
                && src.is_char_boundary(span.end)
        );
        last = span.end;
    }
    // Running double dummy needs a 16 MiB stack (the CLI gives it a thread); the fuzzer
    // checks that tricks() parses and compiles, and runs everything else.
    if let Ok(mut p) = fairdeal_script::compile_unaccelerated(src)
        .map_err(|_| ())
        .and_then(|p| {
            if src.contains("trick") {
                Err(())
            } else {
                Ok(p)
            }
        })
    {
        p.set_generate(50);
        p.set_produce(5);
        let _ = p.acceleration();
        let mut r = p.runner([7; 32]);
        r.step(50);
        let _ = r.report();
    }
});
