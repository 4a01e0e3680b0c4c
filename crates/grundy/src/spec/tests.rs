//! The language's tests: round trips, aliases, errors at their token, numbers, nimber
//! arithmetic, and the table of games against the grammar in the docs.

use super::games::GAMES;
use super::nimber::MAX_NESTING;
use super::*;

/// The message of the error that `text` is as a heap rule.
fn rule_error(text: &str) -> String {
    parse_heap_rule(text).map(|_| ()).unwrap_err().to_string()
}

fn error_at(text: &str) -> (String, std::ops::Range<usize>) {
    match parse(text) {
        Ok(sum) => panic!("{text} parsed as {}", sum.format()),
        Err(error) => (error.to_string(), error.span().unwrap_or(0..0)),
    }
}

#[test]
fn round_trips() {
    for text in [
        "nim(3,4,5)",
        "sub{1,2,4}(8,9)",
        "allbut{1,2}(10)",
        "take[2..5](17)",
        "sub{squares}(10)",
        "sub{squares,primes,fib,factorials,powers(3),1 mod 4,2}(9)",
        "0.07(20)",
        "0.3F(9)",
        "hex(0.8)(5)",
        "kayles(13) + dawson(9) + grundy(17) + lasker(5)",
        "wythoff(3,5)",
        "staircase(0,3,1,4)",
        "moore(2; 3,4,5) + moore(1; 7)",
        "wythoff(3,5; a=2) + wythoff(0,4; a=1000)",
        "fibnim(10,12) + fibnim(7; max=2) + fibnim(1)",
        "corners(H,THT/TTH) + tartan(ruler,mock; TH/HT)",
        "turtles(HTTHT) + mock(THHTH) + ruler(HHTH)",
        "twins(HH) + moebius(TH) + mogul(H) + rulerette(HT) + ternups(TTH) + grunt(TTTTH)",
        "turn{1,3}(HTH) + turn{run 2,3}(HH) + turn{spaced 1..4,9}(TH) + turn{2..}(H)",
        "tartan(grunt,turn{1,4}; TH/HT) + tartan(twins,mogul; H)",
        "cram(3x4,oox/ooo) + cram(1x2)",
        "chomp(4x7) + chomp(5,3,3,1) + chomp(1x3)",
        "digraph(a>b, a>c, b>c; a)",
        "green(a-b, b-c, a-c; ground=a)",
        "nodekayles(a-b, b-c, c-d)",
        "arckayles(1-2, 2-3, 3-4, 5) + nodekayles(x)",
        "nodekayles(r1c1-r1c2, r1c2-r1c10)",
    ] {
        let sum = parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(sum.format(), text);
        assert_eq!(
            parse(&sum.format()).map(|s| s.format()),
            Ok(text.to_string())
        );
    }
}

#[test]
fn aliases_normalise() {
    for (text, printed) in [
        ("octal(0.137)(20)", "0.137(20)"),
        ("*3 + 0", "nim(3)"),
        ("nim(0, 2)", "nim(2)"),
        ("moore(3;5,0,4)", "moore(3; 5,4)"),
        ("moore(2; 0)", "0"),
        ("wythoff(3, 5; a = 1)", "wythoff(3,5)"),
        ("fibnim(5; max=4) + fibnim(0, 3)", "fibnim(5) + fibnim(3)"),
        ("fibnim(0; max=4)", "0"),
        ("tartan(turtles, turtles; HT/TH)", "corners(HT/TH)"),
        ("corners(TT/TH, T)", "corners(TT/TH)"),
        ("tartan(mock,ruler; HT/H)", "tartan(mock,ruler; HT/HT)"),
        ("nim(1_000, 1e3, 10^3)", "nim(1000,1000,1000)"),
        (
            "turn{1,2}(HT) + turn{ 3, 1..2 }(H)",
            "turtles(HT) + mock(H)",
        ),
        ("turn{run}(H) + turn{run 1..128}(H)", "ruler(H) + ruler(H)"),
        ("turn{run 2..}(H) + turn{2}(TH)", "rulerette(H) + twins(TH)"),
        ("tartan(turn{1,2}, turn{1,2}; H)", "corners(H)"),
        ("cram(2 x 3, OO/OO, 1x1, ox/xo)", "cram(2x2,2x3)"),
        (
            "chomp(7 x 4) + chomp(1x1) + chomp(3, 3)",
            "chomp(7x4) + chomp(2x3)",
        ),
        ("chomp(2, 2,1,1,1) + chomp(1)", "chomp(2,2,1,1,1)"),
        ("sub{4,2,1,2}(8)", "sub{1,2,4}(8)"),
        ("nodekayles(path(3))", "nodekayles(path(3))"),
        ("arckayles( cycle(3) )", "arckayles(cycle(3))"),
        ("nodekayles(complete(3))", "nodekayles(complete(3))"),
        ("nodekayles(grid(2 x 2))", "nodekayles(grid(2x2))"),
        ("nodekayles(c-b-a, d, a-b)", "nodekayles(a-b, b-c, d)"),
        ("arckayles(a, b) + nodekayles(path(0))", "0"),
        ("nodekayles( petersen )", "nodekayles(petersen)"),
        (
            "sub{2, primes, squares, primes}(8)",
            "sub{squares,primes,2}(8)",
        ),
    ] {
        assert_eq!(
            parse(text).map(|s| s.format()),
            Ok(printed.to_string()),
            "{text}"
        );
    }
}

/// Checks that the message `error` gives for each text holds its part.
fn assert_messages(error: impl Fn(&str) -> String, cases: &[(&str, &str)]) {
    for (text, part) in cases {
        let message = error(text);
        assert!(message.contains(part), "{text}: {message}");
    }
}

#[test]
fn errors_point_at_the_bad_token() {
    for (text, span) in [
        ("kayls(7)", 0..5),
        ("Kayles(7)", 0..6),
        ("dawsons(5)", 0..7),
        ("fibonim(5)", 0..7),
        ("nim(-1)", 4..5),
        ("kayles(13 + nim(3)", 10..11),
        ("foo(3)", 0..3),
        ("nim(10^30)", 4..9),
        ("sub{squares,cubes}(9)", 12..17),
        ("moore(0; 3,4)", 6..7),
        ("wythoff(3,5; a=0)", 15..16),
        ("wythoff(3,5; b=2)", 13..14),
        ("tartan(turtles,queens; H)", 15..16),
        ("corners(HT/TX)", 8..13),
        ("turn{0,2}(H)", 5..8),
        ("turn{diagonal 2}(H)", 5..6),
        ("cram(3x4, 99x99)", 10..15),
        ("cram(oo/o)", 5..9),
        ("chomp(3,4,1)", 6..11),
        ("chomp(16x2)", 6..10),
        ("nodekayles(path(121))", 11..20),
    ] {
        assert_eq!(error_at(text).1, span, "{text}");
    }
    assert_messages(
        |text| error_at(text).0,
        &[
            ("0.8(3)", "not octal"),
            ("sub{}(5)", "empty"),
            ("take[5..2](9)", "low <= high"),
            ("sub{3 mod 3}(9)", "0 <= 3 < 3"),
            ("sub{powers(1)}(9)", "at least 2"),
            ("digraph(a>b; c)", "not a vertex"),
            ("nim(3) +", "found the end"),
            ("0.77", "a game needs its heaps, such as 0.77(13)"),
            ("kayles + nim(3)", "such as kayles(13)"),
            ("moore(3,4)", "expected ';'"),
            ("fibnim(3,4; max=2)", "expected ')'"),
            ("turn{1..200}(H)", "1 to 128 coins, not 129"),
            ("turn{3..1}(H)", "the range 3..1 is empty"),
            ("turn{}(H)", "a number of coins"),
            ("turn(H)", "expected '{'"),
            ("tartan(mock,turn{spaced}; H)", "a number of coins"),
            ("grunt(HX)", "'X' is not a coin"),
            ("cram(99x99)", "at most 4096 squares"),
            ("cram(3y4)", "'x' between rows and columns"),
            ("cram()", "a cram board such as 3x4"),
            ("chomp(3,4,1)", "more than the 3 above it"),
            ("chomp(3,0)", "row 2 has no square"),
            ("chomp(16x2)", "at most 15 rows"),
            ("chomp(2x256)", "at most 255 squares"),
            ("chomp()", "5,3,3,1 or 4x7"),
            ("chomp(2y3)", "expected ')'"),
            ("chmop(3x4)", "chomp"),
            (
                "arckayles(grid(11x11))",
                "at most 120 vertices, and this one has 121",
            ),
            ("nodekayles(grid(3y4))", "'x' between rows and columns"),
            ("arckayles(a-b, b-b)", "loop"),
            ("nodekayles(cycle(2))", "at least 3"),
            ("nodekayles()", "a vertex name"),
            ("nodekayles(petersen-a)", "another name"),
            ("nodekayle(path(3))", "did you mean 'nodekayles'?"),
            ("kayls(7)", "did you mean 'kayles'?"),
            ("Kayles(7)", "did you mean 'kayles'?"),
            ("dawsons(5)", "did you mean 'dawson'?"),
            ("fibonim(5)", "did you mean 'fibnim'?"),
        ],
    );
    assert_messages(
        rule_error,
        &[
            ("kayles(5)", "not 'kayles(…)'"),
            ("kayles+nim", "not a sum"),
            ("mogul", "not played on single heaps"),
            ("turn", "not played on single heaps"),
            ("arckayles", "not played on single heaps"),
        ],
    );
    assert!(!error_at("zz(3)").0.contains("did you mean"));
    assert!(error_at("foo(3)").0.ends_with("unknown game 'foo'"));
    assert!(!rule_error("kayles+nim").contains("expected '+'"));
    assert!(parse("chomp(3)").is_ok());
}

#[test]
fn numbers() {
    assert_eq!(parse_number("18446744073709551615"), Ok(u64::MAX));
    assert!(parse_number("18446744073709551616").is_err());
    assert!(parse_number("2^64").is_err());
    assert_eq!(parse_number("2^63"), Ok(1 << 63));
    assert_eq!(parse_number("3e2"), Ok(300));
    assert!(parse_number("1e").is_err());
    assert!(parse_number("_1").is_err());
}

#[test]
fn nimber_expressions() {
    let eval = |text: &str| parse_nimber_expression(text).map(Nimber::value);
    assert_eq!(eval("3*5+7"), Ok(15 ^ 7));
    assert_eq!(eval("(2+1)*(2+1)"), Ok(2));
    assert_eq!(eval("2^2"), Ok(3));
    assert_eq!(eval("sqrt(3)"), Ok(2));
    assert_eq!(eval("0x10 * 0x10"), Ok(24));
    assert_eq!(eval("6/3"), eval("6*inv(3)"));
    assert!(matches!(
        parse_nimber_expression("1/0").map_err(|e| e.kind().clone()),
        Err(ErrorKind::DivisionByZero)
    ));
    assert!(parse_nimber_expression("inv(0)").is_err());
    assert!(parse_nimber_expression("3 +").is_err());
}

/// Issue 15: `xor` and `⊕` are the nim-sum, `⊗` the nim-product; `^` stays the power.
#[test]
fn xor_is_spelled_out() {
    let eval = |text: &str| parse_nimber_expression(text).map(Nimber::value);
    assert_eq!(eval("3 xor 5"), Ok(6));
    assert_eq!(eval("3 ⊕ 5"), Ok(6));
    assert_eq!(eval("2 ⊗ 2"), Ok(3));
    assert_eq!(eval("3^5"), Ok(2));
    assert_eq!(eval("2 xor 2 3"), Ok(2 ^ 1));
    assert!(parse_nimber_expression("3 xo 5").is_err());
    assert!(parse_nimber_expression("xor 5").is_err());
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let nested = |depth: usize| format!("{}1{}", "(".repeat(depth), ")".repeat(depth));
    assert_eq!(
        parse_nimber_expression(&nested(MAX_NESTING)),
        Ok(Nimber::ONE)
    );
    assert!(parse_nimber_expression(&nested(MAX_NESTING + 1)).is_err());
    let error = parse_nimber_expression(&nested(100_000)).unwrap_err();
    assert!(error.to_string().contains("nested parentheses"), "{error}");
    assert_eq!(error.span(), Some(MAX_NESTING + 1..MAX_NESTING + 2));
    let functions = "inv(sqrt(".repeat(200) + "1" + &")".repeat(400);
    assert!(parse_nimber_expression(&functions).is_err());
}

/// The table is the one list of games: each row's example parses and prints back, each name
/// is in the grammar of the module's docs, and none is listed twice.
#[test]
fn the_table_matches_the_grammar() {
    let docs = include_str!("mod.rs");
    for (index, game) in GAMES.iter().enumerate() {
        let sum = parse(game.example).unwrap_or_else(|e| panic!("{}: {e}", game.example));
        let printed = sum.format();
        assert_eq!(parse(&printed).map(|s| s.format()), Ok(printed.clone()));
        assert!(
            docs.contains(&format!("'{}", game.name)),
            "{} is not in the grammar",
            game.name
        );
        assert!(
            GAMES[..index].iter().all(|other| other.name != game.name),
            "{} twice",
            game.name
        );
    }
    for name in games::names() {
        assert!(docs.contains(name), "{name} is not in the grammar");
    }
}

#[test]
fn options_read_includes_within_the_cap() {
    let small = |_: &str| Ok("a>b # an arc\nb>c, c>a".to_string());
    let options = Options::new(Limits::default()).with_include(&small);
    let sum = parse_with("digraph(@edges; a)", options).map(|sum| sum.format());
    assert_eq!(sum, Ok("digraph(a>b, b>c, c>a; a)".to_string()));
    let Err(error) = parse_with("digraph(@edges; a)", Options::default()) else {
        panic!("no include given, yet the file was read");
    };
    assert_eq!(
        error.to_string(),
        "cannot read 'edges': files cannot be read here"
    );
    assert_eq!(error.span(), Some(8..14));
    let huge = |_: &str| Ok("a>b,".repeat(1 << 23) + "a");
    let options = Options::new(Limits::default()).with_include(&huge);
    let Err(error) = parse_with("digraph(@edges; a)", options) else {
        panic!("an include past the cap was read");
    };
    assert!(
        matches!(error.kind(), ErrorKind::LimitExceeded { .. }),
        "{error}"
    );
    let endless = read_include(Ok(std::io::repeat(b'a')), "endless").unwrap_err();
    assert!(endless.contains("33554432"), "{endless}");
    let missing = read_include(Err::<&[u8], _>(std::io::ErrorKind::NotFound.into()), "x");
    assert_eq!(missing, Err("entity not found".to_string()));
}
