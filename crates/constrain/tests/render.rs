//! Errors of the constraint language are shown by the one caret renderer
//! (`fairdeal_model::source`): the caret stands under the word, tabs included.

use fairdeal_constrain::parse;

#[test]
fn caret_stands_under_the_word_after_a_tab() {
    let text = "north: hcp 12-14\nsouth:\thcpp 3\n";
    let errs = parse(text).expect_err("hcpp is not a word");
    let rendered = errs.render(text);
    assert!(
        rendered.starts_with("2:8: unknown scale or condition `hcpp`"),
        "{rendered}"
    );
    // The tab is copied into the caret line, so the caret lines up in any editor.
    assert!(
        rendered.contains("\n  south:\thcpp 3\n        \t^^^^\n"),
        "{rendered:?}"
    );
}
