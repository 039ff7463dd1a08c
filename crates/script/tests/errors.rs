//! Script errors as values (byte span + kind) and as a person reads them (the one caret
//! renderer of `fairdeal_model::source`: tabs copied, characters counted, CRLF, end of input).

use fairdeal_script::{check, errors, render_diagnostics, ErrorKind};
use std::error::Error;

#[test]
fn errors_are_kinds_with_byte_spans() {
    let src = "condition hcp(nord) > 10\n";
    let e = errors(src);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(&src[e[0].span.clone()], "nord");
    assert!(matches!(&e[0].kind, ErrorKind::Expected { after: Some(a), .. } if a == "hcp("));
    assert!(errors("condition hcp(north) > 10\n").is_empty());
    // A shape{…} error keeps the shape notation's own error as its source.
    let e = errors("condition shape{north, 5s5s}\n");
    assert!(matches!(e[0].kind, ErrorKind::Shape(_)), "{e:?}");
    let source = e[0].kind.source().map(ToString::to_string);
    assert_eq!(source.as_deref(), Some("spades named twice"));
    assert_eq!(e[0].to_string(), "spades named twice in shape{…}");
}

#[test]
fn the_caret_stands_under_the_error_after_tabs_and_multibyte_text() {
    let src = "# ♠ hands\n\tcondition\thcp(nord) > 10\n";
    let rendered = render_diagnostics(src, &check(src));
    assert_eq!(
        rendered,
        "2:16: expected a seat (north, east, south, west) after 'hcp(', found 'nord'\n  \
         \tcondition\thcp(nord) > 10\n  \
         \t         \t    ^^^^\n"
    );
    let src = "# ♠♥ é\ncondition hcp(é) > 1\n";
    let rendered = render_diagnostics(src, &check(src));
    assert!(
        rendered.starts_with("2:15: unexpected character 'é'\n"),
        "{rendered}"
    );
    assert!(
        rendered.contains("\n  condition hcp(é) > 1\n                ^\n"),
        "{rendered:?}"
    );
}

#[test]
fn crlf_scripts_and_errors_at_the_end_of_input() {
    let src = "generate 10\r\ncondition hcp(north) >\r\n";
    let rendered = render_diagnostics(src, &check(src));
    assert_eq!(
        rendered,
        "2:23: expected an expression after '>', found the end of the script\n  \
         condition hcp(north) >\n  \
         \x20                     ^\n"
    );
}
