//! Property tests: the laws that values, sums, winning moves, the spec language and nimbers must
//! obey, on random inputs (proptest).
//!
//! - Nimbers below 2^64 form a field under nim-sum and nim-product.
//! - The value of a sum is the XOR of its components' values (Sprague-Grundy), and also the mex
//!   of the values of its moves, so it is 0 exactly when no move leads to 0.
//! - Every reported winning move leads to value 0, a position of value 0 reports none, a
//!   position of nonzero value reports some, and the winning moves are exactly the moves to 0.
//! - Every spec the library prints parses back to the same text and the same value.

use std::collections::HashSet;

use grundy::sum::{Sum, SumMove};
use grundy::{analysis, spec, Nimber};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;
use proptest::sample::{select, Index};

// ---------------------------------------------------------------------------------------------
// Nimbers

fn nimber() -> impl Strategy<Value = Nimber> {
    prop_oneof![
        any::<u64>(),
        0u64..=300,
        (0u32..64).prop_map(|bit| 1u64 << bit),
        Just(u64::MAX),
    ]
    .prop_map(Nimber::new)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn nimbers_form_a_field(a in nimber(), b in nimber(), c in nimber()) {
        let (zero, one) = (Nimber::ZERO, Nimber::ONE);
        // Addition: XOR, an abelian group in which every element is its own negative.
        prop_assert_eq!(a + b, Nimber::new(a.value() ^ b.value()));
        prop_assert_eq!((a + b) + c, a + (b + c));
        prop_assert_eq!(a + zero, a);
        prop_assert_eq!(a + a, zero);
        // Multiplication: associative, commutative, with identity 1 and absorbing 0.
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!(a * one, a);
        prop_assert_eq!(a * zero, zero);
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(grundy::nim_product(a, b), a * b);
        prop_assert_eq!(grundy::nim_sum([a, b, c]), a + b + c);
        // No zero divisors, and inverses.
        prop_assert_eq!(a * b == zero, a == zero || b == zero);
        match a.inverse() {
            None => prop_assert_eq!(a, zero),
            Some(inverse) => {
                prop_assert_eq!(a * inverse, one);
                // The multiplicative group has order 2^64 - 1.
                prop_assert_eq!(a.pow(u64::MAX), one);
                prop_assert_eq!((b * a).checked_div(a), Some(b));
            }
        }
        prop_assert_eq!(b.checked_div(zero), None);
        // Square roots: squaring is a bijection (the Frobenius map); sqrt is its inverse.
        let root = a.sqrt();
        prop_assert_eq!(root * root, a);
        prop_assert_eq!((a * a).sqrt(), a);
        prop_assert_eq!(a.pow(2), a * a);
        // (a + b)^2 = a^2 + b^2 in characteristic 2.
        prop_assert_eq!((a + b) * (a + b), a * a + b * b);
    }

    /// The numbers below a Fermat 2-power 2^(2^k) form a subfield.
    #[test]
    fn fermat_subfields_are_closed(a in any::<u64>(), b in any::<u64>(), k in 0u32..6) {
        let bits = 1u32 << k;
        let mask = (1u64 << bits) - 1;
        let (a, b) = (Nimber::new(a & mask), Nimber::new(b & mask));
        prop_assert!((a * b).value() <= mask);
        if let Some(inverse) = a.inverse() {
            prop_assert!(inverse.value() <= mask);
        }
    }

    /// `mex` and a reused `MexSet` agree with the definition: the least value not in the set.
    #[test]
    fn mex_is_the_least_missing_value(
        first in vec(prop_oneof![0u64..200, 0u64..2000, any::<u64>()], 0..400),
        second in vec(0u64..300, 0..300),
    ) {
        let mut set = grundy::MexSet::new();
        for values in [&first, &second] {
            let naive = (0..).find(|v| !values.contains(v)).unwrap_or(0);
            prop_assert_eq!(grundy::mex(values.iter().copied().map(Nimber::new)).value(), naive);
            set.clear();
            values.iter().for_each(|&v| set.insert(Nimber::new(v)));
            prop_assert_eq!(set.mex().value(), naive);
            for &v in values.iter().take(20) {
                prop_assert!(set.contains(Nimber::new(v)));
            }
            prop_assert!(!set.contains(Nimber::new(naive)));
        }
        // A full run 0..n, with and without a gap.
        let n = 130 + second.len() as u64 * 7;
        prop_assert_eq!(grundy::mex((0..n).map(Nimber::new)).value(), n);
        let gap = n / 2;
        prop_assert_eq!(grundy::mex((0..n).filter(|&v| v != gap).map(Nimber::new)).value(), gap);
    }

    /// The nimber expression language agrees with the operators.
    #[test]
    fn nimber_expressions(a in nimber(), b in nimber(), c in nimber()) {
        let (x, y, z) = (a.value(), b.value(), c.value());
        let eval = |text: &str| spec::parse_nimber_expression(text);
        prop_assert_eq!(eval(&format!("{x}*{y}+{z}")), Ok(a * b + c));
        prop_assert_eq!(eval(&format!("{x} * ({y} + {z})")), Ok(a * (b + c)));
        prop_assert_eq!(eval(&format!("{x} {y}")), Ok(a * b));
        prop_assert_eq!(eval(&format!("0x{x:x} - {y}")), Ok(a + b));
        prop_assert_eq!(eval(&format!("{x}^3")), Ok(a * a * a));
        prop_assert_eq!(eval(&format!("sqrt({x})")), Ok(a.sqrt()));
        match a.inverse() {
            Some(inverse) => {
                prop_assert_eq!(eval(&format!("inv({x})")), Ok(inverse));
                prop_assert_eq!(eval(&format!("{y}/{x}")), Ok(b * inverse));
            }
            None => {
                let (inverse, quotient) = (format!("inv({x})"), format!("{y}/{x}"));
                prop_assert!(eval(&inverse).is_err());
                prop_assert!(eval(&quotient).is_err());
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Random games in the spec language

fn list(numbers: &[u64]) -> String {
    numbers
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn heaps(max: u64) -> impl Strategy<Value = String> {
    vec(0..=max, 1..=3).prop_map(|heaps| list(&heaps))
}

fn digit_string(digits: &[u8]) -> String {
    digits.iter().map(|d| format!("{d:X}")).collect()
}

/// A random DAG: edges go forward in a random order of the vertices.
fn digraph() -> impl Strategy<Value = String> {
    (
        Just((0..6usize).collect::<Vec<_>>()).prop_shuffle(),
        vec(any::<bool>(), 15),
        vec(any::<Index>(), 1..=2),
    )
        .prop_map(|(order, picks, tokens)| {
            let mut items = Vec::new();
            let mut pick = picks.iter();
            for i in 0..order.len() {
                for j in i + 1..order.len() {
                    if pick.next().copied().unwrap_or(false) {
                        items.push(format!("v{}>v{}", order[i], order[j]));
                    }
                }
            }
            items.extend((0..6).map(|v| format!("v{v}")));
            let tokens: Vec<String> = tokens.iter().map(|t| format!("v{}", t.index(6))).collect();
            format!("digraph({}; {})", items.join(", "), tokens.join(", "))
        })
}

/// A random multigraph (loops and parallel edges too) for Green Hackenbush, ground `g`.
fn green() -> impl Strategy<Value = String> {
    vec((0usize..4, 0usize..4), 1..=6).prop_map(|edges| {
        let name = |v: usize| {
            if v == 0 {
                "g".to_string()
            } else {
                format!("x{v}")
            }
        };
        let mut items = vec!["g".to_string()];
        items.extend(
            edges
                .iter()
                .map(|&(a, b)| format!("{}-{}", name(a), name(b))),
        );
        format!("green({}; ground=g)", items.join(", "))
    })
}

/// One term of every kind of game, small enough to list every move.
fn term() -> BoxedStrategy<String> {
    let row = vec(any::<bool>(), 1..=7).prop_map(|row| {
        row.iter()
            .map(|&h| if h { 'H' } else { 'T' })
            .collect::<String>()
    });
    prop_oneof![
        heaps(12).prop_map(|h| format!("nim({h})")),
        (0u64..=12).prop_map(|h| format!("*{h}")),
        (btree_set(1u64..=6, 1..=3), heaps(15)).prop_map(|(set, h)| {
            let set: Vec<u64> = set.into_iter().collect();
            format!("sub{{{}}}({h})", list(&set))
        }),
        (btree_set(1u64..=4, 0..=2), heaps(10)).prop_map(|(set, h)| {
            let set: Vec<u64> = set.into_iter().collect();
            format!("allbut{{{}}}({h})", list(&set))
        }),
        (1u64..=3, 0u64..=3, heaps(15))
            .prop_map(|(low, width, h)| format!("take[{low}..{}]({h})", low + width)),
        (
            select(vec!["kayles", "dawson", "grundy", "lasker"]),
            heaps(12)
        )
            .prop_map(|(name, h)| format!("{name}({h})")),
        // The last digit is not 0, so every code allows a move (a code with none is refused).
        (
            select(vec![0u8, 4]),
            vec(0u8..=7, 0..=2),
            1u8..=7,
            heaps(12)
        )
            .prop_map(|(first, digits, last, h)| format!(
                "{first}.{}{last}({h})",
                digit_string(&digits)
            )),
        (
            select(vec![0u8, 4, 8, 12]),
            vec(0u8..=15, 0..=1),
            1u8..=15,
            heaps(8)
        )
            .prop_map(|(first, digits, last, h)| format!(
                "hex({:X}.{}{last:X})({h})",
                first,
                digit_string(&digits)
            )),
        (0u64..=8, 0u64..=8).prop_map(|(a, b)| format!("wythoff({a},{b})")),
        vec(0u64..=3, 1..=4).prop_map(|stairs| format!("staircase({})", list(&stairs))),
        (select(vec!["turtles", "mock", "ruler"]), vec(row, 1..=2))
            .prop_map(|(name, rows)| format!("{name}({})", rows.join(","))),
        digraph(),
        green(),
        Just("0".to_string()),
    ]
    .boxed()
}

fn sum_text() -> impl Strategy<Value = String> {
    vec(term(), 1..=3).prop_map(|terms| terms.join(" + "))
}

fn parse(text: &str) -> Result<Sum, TestCaseError> {
    spec::parse(text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))
}

fn value(sum: &Sum) -> Result<Nimber, TestCaseError> {
    sum.value()
        .map_err(|e| TestCaseError::fail(format!("{}: {e}", sum.format())))
}

fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let seen: HashSet<u64> = values.into_iter().map(Nimber::value).collect();
    Nimber::new((0..).find(|v| !seen.contains(v)).unwrap_or(0))
}

/// What identifies a move in a comparison of move lists.
fn move_key(sum_move: &SumMove) -> (usize, String, String, String, Nimber) {
    (
        sum_move.component,
        sum_move.from.clone(),
        sum_move.to.clone(),
        sum_move.result.format(),
        sum_move.total_value,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Sprague-Grundy for sums: the value is the XOR of the components' values, each component
    /// valued on its own.
    #[test]
    fn value_of_a_sum_is_the_xor_of_its_parts(terms in vec(term(), 1..=4)) {
        let text = terms.join(" + ");
        let sum = parse(&text)?;
        let mut separately = Nimber::ZERO;
        for term in &terms {
            separately += value(&parse(term)?)?;
        }
        prop_assert_eq!(value(&sum)?, separately, "{}", text);
        let components = sum.component_values().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(grundy::nim_sum(components.iter().copied()), separately);
        for (k, (term, index)) in sum.components().into_iter().enumerate() {
            let alone = sum.terms()[term].format_component(index);
            prop_assert_eq!(value(&parse(&alone)?)?, components[k], "{} in {}", alone, text);
        }
    }

    /// The value is the mex of the moves' values; every winning move reaches 0; value 0 has
    /// none; the winning moves are exactly the moves to 0.
    #[test]
    fn moves_and_winning_moves(text in sum_text()) {
        let sum = parse(&text)?;
        let total = value(&sum)?;
        let components = sum.component_values().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let moves = sum.moves().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(total, mex(moves.iter().map(|m| m.total_value)), "{}", text);
        prop_assert_eq!(
            total == Nimber::ZERO,
            moves.iter().all(|m| m.total_value != Nimber::ZERO),
            "{}", text
        );
        for sum_move in &moves {
            let result = sum_move.result.format();
            let before = components[sum_move.component];
            prop_assert_eq!(sum_move.total_value, total + before + sum_move.component_value);
            prop_assert_eq!(value(&sum_move.result)?, sum_move.total_value, "{} -> {}", text, result);
            prop_assert_eq!(value(&parse(&result)?)?, sum_move.total_value, "{} -> {}", text, result);
            prop_assert!(!sum_move.description.is_empty());
        }

        let winning = sum.winning_moves().map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(winning.is_empty(), total == Nimber::ZERO, "{}", text);
        for winning_move in &winning {
            let result = winning_move.result.format();
            prop_assert_eq!(value(&parse(&result)?)?, Nimber::ZERO, "{} -> {}", text, result);
        }
        let mut expected: Vec<_> = moves
            .iter()
            .filter(|m| m.total_value == Nimber::ZERO)
            .map(move_key)
            .collect();
        let mut found: Vec<_> = winning.iter().map(move_key).collect();
        expected.sort();
        found.sort();
        prop_assert_eq!(found, expected, "{}", text);

        // The reports that faces show say the same.
        let report = analysis::value(&sum).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(report.head.value, total.value());
        prop_assert_eq!(report.head.outcome.letter(), if total == Nimber::ZERO { "P" } else { "N" });
        prop_assert_eq!(report.winning_moves.len(), winning.len());
        for winning_move in &report.winning_moves {
            prop_assert_eq!(value(&parse(&winning_move.result)?)?, Nimber::ZERO);
            let component = &report.components[winning_move.component];
            prop_assert_eq!(&winning_move.from, &component.spec);
            prop_assert_eq!(winning_move.target_value, component.value ^ total.value());
        }
        let listed = analysis::moves(&sum).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(listed.moves.len(), moves.len());
        prop_assert_eq!(
            listed.moves.iter().filter(|m| m.winning).count(),
            winning.len()
        );
    }

    /// Everything printed parses back to the same text and the same value.
    #[test]
    fn specs_round_trip(text in sum_text()) {
        let sum = parse(&text)?;
        let printed = sum.format();
        let again = parse(&printed)?;
        prop_assert_eq!(again.format(), printed.clone(), "{}", text);
        prop_assert_eq!(value(&again)?, value(&sum)?, "{} printed as {}", text, printed);
        for (term, index) in sum.components() {
            let alone = sum.terms()[term].format_component(index);
            prop_assert_eq!(parse(&alone)?.format(), alone);
        }
    }

    /// Heap rules print as text that parses back to the same rule.
    #[test]
    fn heap_rules_round_trip(text in term()) {
        let Some((rule, _)) = text.rsplit_once('(') else { return Ok(()) };
        let Ok(parsed) = spec::parse_heap_rule(rule) else { return Ok(()) };
        let printed = parsed.to_string();
        let again = spec::parse_heap_rule(&printed)
            .map_err(|e| TestCaseError::fail(format!("{printed}: {e}")))?;
        prop_assert_eq!(again, parsed, "{} printed as {}", rule, printed);
    }
}

/// Regression: a hexadecimal code whose first digit is a letter (`C.1`) used to print as the
/// bare `C.1(3)`, which does not parse (a bare code starts with a digit).
#[test]
fn codes_starting_with_a_letter_round_trip() -> Result<(), TestCaseError> {
    for (text, printed, rule) in [
        ("hex(C.1)(3)", "hex(C.1)(3)", "hex(C.1)"),
        ("hex(C.0)(2) + nim(2)", "hex(C.0)(2) + nim(2)", "hex(C.0)"),
        ("hex(8.F)(4)", "8.F(4)", "8.F"),
        ("hex(8.1)(4)", "hex(8.1)(4)", "hex(8.1)"),
    ] {
        let sum = parse(text)?;
        prop_assert_eq!(sum.format(), printed);
        prop_assert_eq!(parse(printed)?.format(), printed);
        let heap_rule =
            spec::parse_heap_rule(rule).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(heap_rule.to_string(), rule);
    }
    Ok(())
}

/// A syntax error whose `found` token is also what it says it expected, such as "expected '+'
/// … found '+'" (issue 15).
fn contradicts_itself(error: &grundy::Error) -> bool {
    match error.kind() {
        grundy::ErrorKind::Syntax { expected, found } => {
            found.starts_with('\'') && expected.contains(found.as_str())
        }
        _ => false,
    }
}

#[test]
fn a_self_contradicting_error_is_recognised() {
    let syntax = |expected: &str, found: &str| {
        let kind = grundy::ErrorKind::Syntax {
            expected: expected.to_string(),
            found: found.to_string(),
        };
        grundy::Error::at(kind, 0..1)
    };
    assert!(contradicts_itself(&syntax(
        "'+' or the end of the text",
        "'+'"
    )));
    assert!(!contradicts_itself(&syntax("the end of the rule", "'+'")));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// Issue 15: no parse error contradicts itself, on specs and rules of spec-like characters.
    #[test]
    fn parse_errors_never_expect_what_they_found(
        text in "[a-z0-9+(),;{}\\[\\]. >=-]{0,16}",
        prefix in select(vec!["", "kayles", "nim(", "sub{1,2}", "digraph(a>b; ", "0.7", "wythoff("]),
    ) {
        let text = format!("{prefix}{text}");
        if let Err(error) = spec::parse(&text) {
            prop_assert!(!contradicts_itself(&error), "{}: {}", text, error);
        }
        if let Err(error) = spec::parse_heap_rule(&text) {
            prop_assert!(!contradicts_itself(&error), "{}: {}", text, error);
        }
    }
}
