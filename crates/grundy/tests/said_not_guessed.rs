//! Bad input is said, not guessed (issue 26, item 9): one rule for heap rules that allow no
//! move, however they are written, and codes need digits after the point.

use grundy::spec;

fn refusal(text: &str) -> String {
    match spec::parse(text) {
        Ok(sum) => panic!("{text} was read as {}", sum.format()),
        Err(error) => error.to_string(),
    }
}

#[test]
fn a_code_needs_digits_after_the_point() {
    for text in ["0.(9)", "4.(3)", ".(2)"] {
        let error = refusal(text);
        assert!(
            error.contains("no digit after the point"),
            "{text}: {error}"
        );
    }
    assert!(
        spec::parse("4.[3](3)").is_ok(),
        "a repeated digit is a digit"
    );
}

#[test]
fn a_rule_without_moves_is_refused_however_written() {
    let empty = refusal("sub{}(5)");
    for text in ["0.0(5)", "0.00(5)", "0.0[0](5)", "hex(0.0)(5)"] {
        let error = refusal(text);
        assert!(error.contains("allows no move"), "{text}: {error}");
        assert!(empty.contains("allows no move"), "sub{{}}: {empty}");
    }
    assert!(spec::parse("4.0(5)").is_ok(), "4.0 splits heaps: a move");
}
