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

/// The nimber of the game `text`.
fn value_of(text: &str) -> u64 {
    let game = spec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    game.value()
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .value()
}

/// The error that parsing `text` gives, as text.
fn refusal(text: &str) -> String {
    spec::parse(text)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn long_paths_and_cycles_point_to_their_octal_games() {
    // Past a graph's 120 vertices, Node Kayles and Arc Kayles on a path or a cycle are refused
    // with the octal game to ask; the hint's game answers, and at 120 vertices it agrees with
    // the graph search.
    for (game, code, taken) in [("nodekayles", "0.137", 3), ("arckayles", "0.07", 2)] {
        let error = refusal(&format!("{game}(path(500))"));
        let ask = format!("ask for {code}(500)");
        assert!(error.ends_with(&ask), "{error}");
        assert!(value_of(&format!("{code}(500)")) < 64);
        assert_eq!(
            value_of(&format!("{game}(path(120))")),
            value_of(&format!("{code}(120)"))
        );

        let error = refusal(&format!("{game}(cycle(500))"));
        let path = format!("{code}({})", 500 - taken);
        let rule = format!("the cycle's value is 1 when {path}'s is 0, else 0");
        assert!(error.ends_with(&rule), "{error}");
        let path_at_120 = value_of(&format!("{code}({})", 120 - taken));
        assert_eq!(
            value_of(&format!("{game}(cycle(120))")),
            u64::from(path_at_120 == 0)
        );
    }
    // Other graphs past the limit keep the plain message.
    let error = refusal("nodekayles(grid(12x12))");
    assert!(error.ends_with("this one has 144"), "{error}");
}

/// The value of `text` within `limits`.
fn value_within(text: &str, limits: Limits) -> Result<u64, Error> {
    let game = spec::parse_with(text, spec::Options::new(limits))?;
    Ok(game.value()?.value())
}

#[test]
fn a_chomp_board_past_the_search_asks_for_its_table() {
    // 10x10 by search alone takes millions of moves; its table (every diagram in the box, two
    // bytes each) few. With too little memory for the table, the search stops at the work
    // limit and the error asks for the table's memory; given it, the error asks for the
    // table's moves, and given those it answers.
    let text = "chomp(10x10)";
    let mut limits = Limits::DEFAULT
        .with_max_work(100_000)
        .with_max_memory(1 << 16);
    for expected in [Limit::TableMemory, Limit::Work] {
        let error = value_within(text, limits).unwrap_err();
        let (limit, to_try) = error.limit_to_try().expect("a limit");
        assert_eq!(limit, expected, "{error}");
        limits = match limit {
            Limit::TableMemory => limits.with_max_memory(to_try),
            _ => limits.with_max_work(to_try),
        };
    }
    assert_eq!(value_within(text, limits), Ok(19));
    // A table beyond any machine is not asked for: the work limit stands.
    let error = value_within("chomp(15x100)", Limits::DEFAULT.with_max_work(1000)).unwrap_err();
    assert_eq!(error.exceeded(), Some((Limit::Work, 1000)), "{error}");
}
