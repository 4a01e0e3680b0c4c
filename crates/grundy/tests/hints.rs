//! Hints that work (issue 26, item 2, the library's half): the value a limit error suggests
//! is the real need, so that trying it answers.

use grundy::{spec, Error, Limit, Limits};

fn moves_within(text: &str, max_output: u64) -> Result<usize, Error> {
    let limits = Limits::DEFAULT.with_max_output(max_output);
    let options = spec::Options::new(limits);
    Ok(spec::parse_with(text, options)?.moves()?.len())
}

#[test]
fn the_output_limit_names_the_real_need() {
    let text = "nim(1,2,3,4,5,6,7,8,9,10)";
    let error = moves_within(text, 100).unwrap_err();
    // 55 moves, each writing out the 10 heaps of the game it leads to.
    assert!(
        error.to_string().contains("needs 550 components"),
        "{error}"
    );
    let (limit, to_try) = error.limit_to_try().expect("a limit");
    assert_eq!(limit, Limit::Output);
    assert_eq!(moves_within(text, to_try).expect("the hint works"), 55);
}

#[test]
fn a_limit_of_zero_suggests_one_that_works() {
    let error = Error::limit(Limit::Work, 0);
    assert_eq!(error.limit_to_try(), Some((Limit::Work, 1000)));
}
