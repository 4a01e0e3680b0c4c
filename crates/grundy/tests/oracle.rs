//! The brute-force oracle: Grundy values computed from the definition, compared with the library.
//!
//! Every game here gets its own move generator, written from the rules' definitions and not
//! from the library's `Ruleset::moves`. Values come from a plain recursive mex over the
//! options, and an option that leaves several parts is worth the XOR of their values. The
//! library is reached only through its public faces: `spec::parse` with `Sum::value`,
//! `HeapSolver` and `Solver`. Rulesets and positions are random (proptest), so each run
//! compares thousands of values. Positions are kept small, because the oracle is slow on
//! purpose.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::Hash;

use grundy::heap::HeapSolver;
use grundy::rules::{HeapRule, Subtraction};
use grundy::{spec, Nimber, Solver};
use proptest::collection::{btree_set, vec};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// The oracle

/// Grundy values by the definition g(p) = mex{ g(q1) ⊕ g(q2) ⊕ ... : p → q1 + q2 + ... },
/// memoised, for any game given by a function from a position to its options (each a list of
/// parts).
struct Brute<P, F> {
    options: F,
    memo: HashMap<P, u64>,
}

impl<P, F> Brute<P, F>
where
    P: Clone + Eq + Hash,
    F: Fn(&P) -> Vec<Vec<P>>,
{
    fn new(options: F) -> Self {
        Brute {
            options,
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, position: &P) -> u64 {
        if let Some(&value) = self.memo.get(position) {
            return value;
        }
        let mut seen = HashSet::new();
        for option in (self.options)(position) {
            let value = option.iter().fold(0, |sum, part| sum ^ self.value(part));
            seen.insert(value);
        }
        let value = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        self.memo.insert(position.clone(), value);
        value
    }

    /// The value of a sum: the XOR of its parts (Sprague-Grundy).
    fn sum(&mut self, positions: &[P]) -> u64 {
        positions.iter().fold(0, |sum, p| sum ^ self.value(p))
    }
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let seen: HashSet<u64> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

fn join<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

/// The value the library gives to `text` through the spec language.
fn spec_value(text: &str) -> Result<u64, TestCaseError> {
    let sum = spec::parse(text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    let value = sum
        .value()
        .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    Ok(value.value())
}

// ---------------------------------------------------------------------------------------------
// Heap games from their definitions

/// The ordered ways of writing `total` as `count` positive parts.
fn compositions(total: u64, count: u32) -> Vec<Vec<u64>> {
    if count == 0 {
        return if total == 0 {
            vec![Vec::new()]
        } else {
            Vec::new()
        };
    }
    let mut all = Vec::new();
    for first in 1..=total {
        for mut rest in compositions(total - first, count - 1) {
            rest.insert(0, first);
            all.push(rest);
        }
    }
    all
}

/// The options of a heap in the take-and-break game with digits `digits[k]` (for removing `k`
/// tokens) and then `tail` repeated forever: digit bit `2^j` allows removing `k` tokens and
/// leaving exactly `j` non-empty heaps (Guy and Smith, 1956; Winning Ways ch. 4).
fn code_options(digits: &[u8], tail: Option<u8>, heap: u64) -> Vec<Vec<u64>> {
    let mut options = Vec::new();
    for take in 0..=heap {
        let digit = match digits.get(take as usize) {
            Some(&digit) => digit,
            None => tail.unwrap_or(0),
        };
        for heaps_left in 0..4 {
            if digit >> heaps_left & 1 == 1 {
                options.extend(compositions(heap - take, heaps_left));
            }
        }
    }
    options
}

/// Checks a heap rule against the oracle: the table of `HeapSolver`, the generic `Solver`, and
/// the value of a sum of heaps written in the spec language.
fn check_heap_rule<F>(
    rule_text: &str,
    brute: &mut Brute<u64, F>,
    last: u64,
    heaps: &[u64],
) -> Result<(), TestCaseError>
where
    F: Fn(&u64) -> Vec<Vec<u64>>,
{
    let rule = spec::parse_heap_rule(rule_text)
        .map_err(|e| TestCaseError::fail(format!("{rule_text}: {e}")))?;
    let expected: Vec<u64> = (0..=last).map(|heap| brute.value(&heap)).collect();
    let table = HeapSolver::new(rule.clone())
        .values(last)
        .map_err(|e| TestCaseError::fail(format!("{rule_text}: {e}")))?;
    let table: Vec<u64> = table.into_iter().map(Nimber::value).collect();
    prop_assert_eq!(&table, &expected, "HeapSolver on {}", rule_text);
    let mut search = Solver::new(rule);
    for heap in 0..=last {
        let value = search
            .value(&heap)
            .map_err(|e| TestCaseError::fail(format!("{rule_text}: {e}")))?;
        prop_assert_eq!(
            value.value(),
            expected[heap as usize],
            "Solver, heap {}",
            heap
        );
    }
    let text = format!("{rule_text}({})", join(heaps, ","));
    prop_assert_eq!(spec_value(&text)?, brute.sum(heaps), "{}", text);
    Ok(())
}

/// A subtraction set as a sorted list.
fn subtraction_set() -> impl Strategy<Value = Vec<u64>> {
    btree_set(1u64..=12, 1..=4).prop_map(|set| set.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Finite subtraction sets: a move removes exactly `s` tokens for some `s` in the set.
    /// The same game written as a take-and-break code (`Subtraction::to_code`) has the same
    /// values.
    #[test]
    fn subtraction_sets(set in subtraction_set(), heaps in vec(0u64..=60, 1..=3)) {
        let options = |&heap: &u64| -> Vec<Vec<u64>> {
            set.iter().filter(|&&take| take <= heap).map(|&take| vec![heap - take]).collect()
        };
        let mut brute = Brute::new(options);
        let rule = format!("sub{{{}}}", join(&set, ","));
        check_heap_rule(&rule, &mut brute, 60, &heaps)?;

        let code = Subtraction::finite(&set)
            .ok()
            .and_then(|rule| rule.to_code())
            .ok_or_else(|| TestCaseError::fail(format!("{rule} has no code")))?;
        let code_text = code.to_string();
        let mut table = HeapSolver::new(HeapRule::TakeBreak(code));
        for heap in 0..=60u64 {
            let value = table.value(heap).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(value.value(), brute.value(&heap), "{} as {}, heap {}", rule, code_text, heap);
        }
        let text = format!("{code_text}({})", join(&heaps, ","));
        prop_assert_eq!(spec_value(&text)?, brute.sum(&heaps), "{}", text);
    }

    /// All-but subtraction games: remove any positive number except those listed.
    #[test]
    fn all_but_subtraction(excluded in btree_set(1u64..=10, 0..=4), heaps in vec(0u64..=40, 1..=3)) {
        let excluded: Vec<u64> = excluded.into_iter().collect();
        let options = |&heap: &u64| -> Vec<Vec<u64>> {
            (1..=heap).filter(|take| !excluded.contains(take)).map(|take| vec![heap - take]).collect()
        };
        let mut brute = Brute::new(options);
        let rule = format!("allbut{{{}}}", join(&excluded, ","));
        check_heap_rule(&rule, &mut brute, 40, &heaps)?;
    }

    /// Range subtraction games: remove between `low` and `high` tokens.
    #[test]
    fn range_subtraction(low in 1u64..=6, width in 0u64..=6, heaps in vec(0u64..=60, 1..=3)) {
        let high = low + width;
        let options = |&heap: &u64| -> Vec<Vec<u64>> {
            (low..=high.min(heap)).map(|take| vec![heap - take]).collect()
        };
        let mut brute = Brute::new(options);
        check_heap_rule(&format!("take[{low}..{high}]"), &mut brute, 60, &heaps)?;
    }

    /// Octal codes `d0.d1d2d3` with `d0` in {0, 4}, up to three digits after the point and
    /// sometimes a repeating last digit, written in each of the spec's ways.
    #[test]
    fn octal_codes(
        split_first in any::<bool>(),
        digits in vec(0u8..=7, 1..=3),
        tail in prop::option::weighted(0.25, 0u8..=7),
        style in 0usize..3,
        heaps in vec(0u64..=24, 1..=3),
    ) {
        let first = if split_first { 4 } else { 0 };
        let mut all_digits = vec![first];
        all_digits.extend(&digits);
        // A code that allows no move is refused (issue 26, item 9), as `sub{}` is.
        if all_digits.iter().chain(&tail).all(|&digit| digit == 0) {
            let text = format!("{first}.{}(3)", join(&digits, ""));
            prop_assert!(spec::parse(&text).is_err(), "{}", text);
            return Ok(());
        }
        let mut code = format!("{first}.{}", join(&digits, ""));
        if let Some(tail) = tail {
            code.push_str(&format!("[{tail}]"));
        }
        let rule = match style {
            0 => code,
            1 => format!("octal({code})"),
            _ if first == 0 => code[1..].to_string(), // `.137`
            _ => code,
        };
        let mut brute = Brute::new(|&heap: &u64| code_options(&all_digits, tail, heap));
        check_heap_rule(&rule, &mut brute, 24, &heaps)?;
    }

    /// Hexadecimal codes: digit bit 8 allows leaving three heaps; `d0` in {0, 4, 8, 12}.
    #[test]
    fn hexadecimal_codes(
        first in prop::sample::select(vec![0u8, 4, 8, 12]),
        digits in vec(0u8..=15, 1..=3),
        heaps in vec(0u64..=16, 1..=3),
    ) {
        let mut all_digits = vec![first];
        all_digits.extend(&digits);
        prop_assume!(all_digits.iter().any(|&digit| digit != 0), "a code with no move is refused");
        let code: String = all_digits.iter().map(|d| format!("{d:X}")).collect();
        let code = format!("{}.{}", &code[..1], &code[1..]);
        let mut brute = Brute::new(|&heap: &u64| code_options(&all_digits, None, heap));
        check_heap_rule(&format!("hex({code})"), &mut brute, 16, &heaps)?;
        if code.starts_with(|c: char| c.is_ascii_digit())
            && code.chars().any(|c| c.is_ascii_alphabetic())
        {
            // Letters make a bare code hexadecimal (a bare code starts with a digit).
            let text = format!("{code}({})", join(&heaps, ","));
            prop_assert_eq!(spec_value(&text)?, brute.sum(&heaps), "{}", text);
        }
    }
}

/// Grundy's game: split a heap into two non-empty heaps of different sizes.
fn grundy_options(&heap: &u64) -> Vec<Vec<u64>> {
    (1..heap)
        .filter(|&small| 2 * small != heap)
        .map(|small| vec![small, heap - small])
        .collect()
}

#[test]
fn named_heap_games_follow_their_definitions() -> Result<(), TestCaseError> {
    // Kayles: knock down one pin or two adjacent pins from a row; the pins left either side
    // form two rows.
    let kayles = |&row: &u64| -> Vec<Vec<u64>> {
        let mut options = Vec::new();
        for knocked in 1..=2.min(row) {
            for left in 0..=row - knocked {
                options.push(vec![left, row - knocked - left]);
            }
        }
        options
    };
    // Dawson's Kayles: knock down two adjacent pins.
    let dawson = |&row: &u64| -> Vec<Vec<u64>> {
        (0..=row.saturating_sub(2))
            .filter(|_| row >= 2)
            .map(|left| vec![left, row - 2 - left])
            .collect()
    };
    // Lasker's Nim: take any positive number, or split a heap into two non-empty heaps.
    let lasker = |&heap: &u64| -> Vec<Vec<u64>> {
        let mut options: Vec<Vec<u64>> = (0..heap).map(|left| vec![left]).collect();
        options.extend((1..heap).map(|small| vec![small, heap - small]));
        options
    };
    // Nim: take any positive number.
    let nim = |&heap: &u64| -> Vec<Vec<u64>> { (0..heap).map(|left| vec![left]).collect() };
    check_heap_rule("kayles", &mut Brute::new(kayles), 80, &[13, 30, 71])?;
    check_heap_rule("dawson", &mut Brute::new(dawson), 80, &[9, 34, 51])?;
    check_heap_rule("lasker", &mut Brute::new(lasker), 60, &[5, 12, 60])?;
    check_heap_rule("nim", &mut Brute::new(nim), 60, &[3, 4, 5])?;
    check_heap_rule("grundy", &mut Brute::new(grundy_options), 300, &[7, 9, 300])?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn grundys_game_sums(heaps in vec(0u64..=200, 1..=4)) {
        let mut brute = Brute::new(grundy_options);
        let text = format!("grundy({})", join(&heaps, ","));
        prop_assert_eq!(spec_value(&text)?, brute.sum(&heaps), "{}", text);
    }
}

// ---------------------------------------------------------------------------------------------
// Board games from their definitions

/// Wythoff's game: take `k >= 1` from one heap, or `k` from both.
fn wythoff_options(&(a, b): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
    let mut options = Vec::new();
    for k in 1..=a {
        options.push(vec![(a - k, b)]);
    }
    for k in 1..=b {
        options.push(vec![(a, b - k)]);
    }
    for k in 1..=a.min(b) {
        options.push(vec![(a - k, b - k)]);
    }
    options
}

#[test]
fn wythoff_grid() -> Result<(), TestCaseError> {
    let mut brute = Brute::new(wythoff_options);
    let mut solver = Solver::new(grundy::rules::Wythoff);
    for a in 0..=30u64 {
        for b in 0..=30u64 {
            let expected = brute.value(&(a, b));
            let found = solver
                .value(&(a, b))
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(found.value(), expected, "Solver on ({}, {})", a, b);
            if (a + b) % 3 == 0 {
                let text = format!("wythoff({a},{b})");
                prop_assert_eq!(spec_value(&text)?, expected, "{}", text);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn wythoff_sums(positions in vec((0u64..=25, 0u64..=25), 1..=3)) {
        let mut brute = Brute::new(wythoff_options);
        let text = join(
            &positions.iter().map(|(a, b)| format!("wythoff({a},{b})")).collect::<Vec<_>>(),
            " + ",
        );
        prop_assert_eq!(spec_value(&text)?, brute.sum(&positions), "{}", text);
    }

    /// Staircase Nim: move one or more coins from a stair to the stair below; coins moved from
    /// stair 1 leave the game.
    #[test]
    fn staircase(stairs in vec(0u64..=4, 0..=4)) {
        let options = |stairs: &Vec<u64>| -> Vec<Vec<Vec<u64>>> {
            let mut options = Vec::new();
            for stair in 0..stairs.len() {
                for moved in 1..=stairs[stair] {
                    let mut next = stairs.clone();
                    next[stair] -= moved;
                    if stair > 0 {
                        next[stair - 1] += moved;
                    }
                    options.push(vec![next]);
                }
            }
            options
        };
        let mut brute = Brute::new(options);
        let text = format!("staircase({})", join(&stairs, ","));
        let expected = brute.value(&stairs);
        prop_assert_eq!(spec_value(&text)?, expected, "{}", text);
        let search = Solver::new(grundy::rules::Staircase)
            .use_closed_forms(false)
            .value(&stairs)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(search.value(), expected, "search on {}", text);
    }

    /// Coin turning: the rightmost coin turned goes from heads to tails. Turtles turn one or two
    /// coins, Mock Turtles one, two or three, Ruler any run of consecutive coins.
    #[test]
    fn coin_rows(rule in 0usize..3, rows in vec(vec(any::<bool>(), 0..=10), 1..=3)) {
        let name = ["turtles", "mock", "ruler"][rule];
        // A row is a bitmask: bit i is coin i + 1, set for heads.
        let options = |&row: &u32| -> Vec<Vec<u32>> {
            let mut options = Vec::new();
            for right in (0..32).filter(|&coin| row >> coin & 1 == 1) {
                let top = 1u32 << right;
                let mut masks = vec![top];
                match rule {
                    0 => masks.extend((0..right).map(|left| top | 1 << left)),
                    1 => {
                        for middle in 0..right {
                            masks.push(top | 1 << middle);
                            masks.extend((0..middle).map(|left| top | 1 << middle | 1 << left));
                        }
                    }
                    _ => masks.extend((0..right).map(|left| (top << 1) - (1 << left))),
                }
                options.extend(masks.into_iter().map(|mask| vec![row ^ mask]));
            }
            options
        };
        let mut brute = Brute::new(options);
        let (masks, texts) = coin_masks(&rows);
        let text = format!("{name}({})", join(&texts, ","));
        prop_assert_eq!(spec_value(&text)?, brute.sum(&masks), "{}", text);
    }

    /// A token on an acyclic digraph: a move slides it along an edge. The graph is acyclic by
    /// construction: edges go forward in a random order of the vertices.
    #[test]
    fn digraphs(
        order in Just((0..8usize).collect::<Vec<_>>()).prop_shuffle(),
        count in 1usize..=8,
        picks in vec(any::<bool>(), 28),
        tokens in vec(any::<prop::sample::Index>(), 1..=3),
    ) {
        let order: Vec<usize> = order.into_iter().filter(|&v| v < count).collect();
        let mut edges = Vec::new();
        let mut pick = picks.iter();
        for i in 0..count {
            for j in i + 1..count {
                if pick.next().copied().unwrap_or(false) {
                    edges.push((order[i], order[j]));
                }
            }
        }
        let successors = |&v: &usize| -> Vec<Vec<usize>> {
            edges.iter().filter(|&&(from, _)| from == v).map(|&(_, to)| vec![to]).collect()
        };
        let mut brute = Brute::new(successors);
        let tokens: Vec<usize> = tokens.iter().map(|index| index.index(count)).collect();
        let mut items: Vec<String> = edges.iter().map(|(a, b)| format!("v{a}>v{b}")).collect();
        items.extend((0..count).map(|v| format!("v{v}")));
        let token_names: Vec<String> = tokens.iter().map(|v| format!("v{v}")).collect();
        let text = format!("digraph({}; {})", items.join(", "), token_names.join(", "));
        prop_assert_eq!(spec_value(&text)?, brute.sum(&tokens), "{}", text);
    }

    /// Green Hackenbush: cut an edge; every edge no longer connected to the ground falls.
    /// Compared with the library's fusion and colon principles through the spec language.
    #[test]
    fn green_hackenbush(
        vertices in 1usize..=5,
        ends in vec((any::<prop::sample::Index>(), any::<prop::sample::Index>()), 0..=8),
    ) {
        let edges: Vec<(usize, usize)> =
            ends.iter().map(|(a, b)| (a.index(vertices), b.index(vertices))).collect();
        // The edges of `set` still connected to the ground, vertex 0.
        let prune = |set: u32| -> u32 {
            let mut reached: BTreeSet<usize> = BTreeSet::from([0]);
            loop {
                let before = reached.len();
                for (edge, &(a, b)) in edges.iter().enumerate() {
                    if set >> edge & 1 == 1 && (reached.contains(&a) || reached.contains(&b)) {
                        reached.insert(a);
                        reached.insert(b);
                    }
                }
                if reached.len() == before {
                    break;
                }
            }
            (0..edges.len())
                .filter(|&edge| set >> edge & 1 == 1 && reached.contains(&edges[edge].0))
                .fold(0, |kept, edge| kept | 1 << edge)
        };
        let options = |&set: &u32| -> Vec<Vec<u32>> {
            (0..edges.len())
                .filter(|&edge| set >> edge & 1 == 1)
                .map(|edge| vec![prune(set & !(1 << edge))])
                .collect()
        };
        let mut brute = Brute::new(options);
        let start = prune((1u32 << edges.len()) - 1);
        let mut items: Vec<String> = vec!["v0".to_string()];
        items.extend(edges.iter().map(|(a, b)| format!("v{a}-v{b}")));
        let text = format!("green({}; ground=v0)", items.join(", "));
        prop_assert_eq!(spec_value(&text)?, brute.value(&start), "{}", text);
    }
}

// ---------------------------------------------------------------------------------------------
// Nimber arithmetic from its definition

/// The nim-product by Conway's definition (On Numbers and Games, ch. 6):
/// a ⊗ b = mex{ a' ⊗ b ⊕ a ⊗ b' ⊕ a' ⊗ b' : a' < a, b' < b }, filled in as a table.
#[test]
fn nim_product_follows_its_definition() {
    const N: usize = 64;
    let mut table = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut options = Vec::with_capacity(a * b);
            for smaller_a in 0..a {
                for smaller_b in 0..b {
                    options.push(
                        table[smaller_a][b] ^ table[a][smaller_b] ^ table[smaller_a][smaller_b],
                    );
                }
            }
            table[a][b] = mex(options);
        }
    }
    for (a, row) in table.iter().enumerate() {
        for (b, &expected) in row.iter().enumerate() {
            let product = Nimber::new(a as u64) * Nimber::new(b as u64);
            assert_eq!(product.value(), expected, "{a} * {b}");
        }
    }
    // The nim-sum by its definition, a ⊕ b = mex{ a' ⊕ b, a ⊕ b' }, is XOR.
    let mut sums = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let options = (0..a).map(|x| sums[x][b]).chain((0..b).map(|y| sums[a][y]));
            sums[a][b] = mex(options.collect::<Vec<_>>());
            assert_eq!(
                (Nimber::new(a as u64) + Nimber::new(b as u64)).value(),
                sums[a][b]
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Classic games from their definitions (issue 14)

/// Moore's Nim_k: take one or more tokens from each of at least one and at most `k` heaps.
fn moore_options(k: usize) -> impl Fn(&Vec<u64>) -> Vec<Vec<Vec<u64>>> {
    move |heaps: &Vec<u64>| {
        let mut options = Vec::new();
        // Every position with each heap at most its size, fewer tokens in 1 to k heaps.
        let mut next = vec![0u64; heaps.len()];
        loop {
            let changed = next.iter().zip(heaps).filter(|(a, b)| a < b).count();
            if (1..=k).contains(&changed) {
                options.push(vec![next.clone()]);
            }
            let Some(digit) = (0..heaps.len()).find(|&i| next[i] < heaps[i]) else {
                break;
            };
            next[digit] += 1;
            next[..digit].fill(0);
        }
        options
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Moore's Nim_k against brute force, and its P-positions against Moore's theorem (every
    /// binary column adds up to a multiple of k + 1; Moore, Annals of Mathematics 11, 1910).
    #[test]
    fn moore_nim(k in 1usize..=4, heaps in vec(0u64..=5, 1..=4)) {
        let mut brute = Brute::new(moore_options(k));
        let expected = brute.value(&heaps);
        let text = format!("moore({k}; {})", join(&heaps, ","));
        prop_assert_eq!(spec_value(&text)?, expected, "{}", text);
        let rule = grundy::rules::Moore::new(k as u64).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let search = Solver::new(rule)
            .use_closed_forms(false)
            .value(&heaps)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(search.value(), expected, "search on {}", text);
        let columns_divisible = (0..3).all(|bit| {
            heaps.iter().filter(|&&heap| heap >> bit & 1 == 1).count() % (k + 1) == 0
        });
        prop_assert_eq!(expected == 0, columns_divisible, "Moore's theorem on {}", text);
    }
}

/// Fraenkel's a-Wythoff: take `k >= 1` from one heap, or `k >= 1` and `l >= 1` from both with
/// `|k - l| < a`.
fn a_wythoff_options(a: u64) -> impl Fn(&(u64, u64)) -> Vec<Vec<(u64, u64)>> {
    move |&(x, y): &(u64, u64)| {
        let mut options = Vec::new();
        for p in 0..=x {
            for q in 0..=y {
                let (k, l) = (x - p, y - q);
                let one_heap = (k == 0) != (l == 0);
                let both = k > 0 && l > 0 && k.abs_diff(l) < a;
                if one_heap || both {
                    options.push(vec![(p, q)]);
                }
            }
        }
        options
    }
}

/// Fibonacci Nim at `(heap, most)`: take from 1 to `most` tokens; the next move may take
/// at most twice as many.
fn fibonacci_nim_options(&(heap, most): &(u64, u64)) -> Vec<Vec<(u64, u64)>> {
    (1..=most.min(heap))
        .map(|take| vec![(heap - take, 2 * take)])
        .collect()
}

#[test]
fn a_wythoff_grid() -> Result<(), TestCaseError> {
    for a in 1..=4u64 {
        let mut brute = Brute::new(a_wythoff_options(a));
        for x in 0..=14u64 {
            for y in 0..=14u64 {
                let text = format!("wythoff({x},{y}; a={a})");
                prop_assert_eq!(spec_value(&text)?, brute.value(&(x, y)), "{}", text);
            }
        }
    }
    Ok(())
}

#[test]
fn fibonacci_nim_heaps() -> Result<(), TestCaseError> {
    let mut brute = Brute::new(fibonacci_nim_options);
    let mut losing = Vec::new();
    for heap in 1..=60u64 {
        let expected = brute.value(&(heap, heap - 1));
        let text = format!("fibnim({heap})");
        prop_assert_eq!(spec_value(&text)?, expected, "{}", text);
        if expected == 0 {
            losing.push(heap);
        }
        for most in 0..=heap {
            let text = format!("fibnim({heap}; max={most})");
            prop_assert_eq!(spec_value(&text)?, brute.value(&(heap, most)), "{}", text);
        }
    }
    // Whinihan, "Fibonacci Nim" (Fibonacci Quarterly, 1963): the first player loses exactly
    // on the Fibonacci numbers.
    prop_assert_eq!(losing, vec![1, 2, 3, 5, 8, 13, 21, 34, 55]);
    Ok(())
}

/// The sets of coins a move of a coin-turning game may turn with its rightmost coin at `right`
/// (from 0), as masks: Turtles one or two coins, Mock Turtles one, two or three, Ruler a run.
/// The moves of a Tartan board (rows of coins as bit masks) from the definition: a move picks
/// a set of coins `row_sets(a)` of the first game and `column_sets(b)` of the second, for a
/// head at row `a`, column `b`, and turns every coin of their product.
/// Rows of coins (`true` heads, the first coin the lowest bit) as masks, and as the spec's
/// texts (`T` for an empty row).
fn coin_masks(rows: &[Vec<bool>]) -> (Vec<u32>, Vec<String>) {
    let masks = rows
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .fold(0, |mask, (i, &h)| mask | u32::from(h) << i)
        })
        .collect();
    let texts = rows
        .iter()
        .map(|row| {
            if row.is_empty() {
                "T".to_string()
            } else {
                row.iter().map(|&h| if h { 'H' } else { 'T' }).collect()
            }
        })
        .collect();
    (masks, texts)
}

fn tartan_options(
    rows: &[u32],
    row_sets: impl Fn(u32) -> Vec<u32>,
    column_sets: impl Fn(u32) -> Vec<u32>,
) -> Vec<Vec<Vec<u32>>> {
    let mut options = Vec::new();
    for (a, &row) in (0u32..).zip(rows) {
        for b in (0..32).filter(|&b| row >> b & 1 == 1) {
            for row_set in row_sets(a) {
                for column_set in column_sets(b) {
                    let mut next = rows.to_vec();
                    for (i, cells) in (0u32..).zip(next.iter_mut()) {
                        if row_set >> i & 1 == 1 {
                            *cells ^= column_set;
                        }
                    }
                    options.push(vec![next]);
                }
            }
        }
    }
    options
}

fn coin_sets(rule: usize, right: u32) -> Vec<u32> {
    (1u32..1 << (right + 1))
        .filter(|&set| set >> right == 1)
        .filter(|&set| match rule {
            0 => set.count_ones() <= 2,
            1 => set.count_ones() <= 3,
            _ => (set >> set.trailing_zeros()).count_ones() == right + 1 - set.trailing_zeros(),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Products of coin-turning games (Winning Ways ch. 14): a move picks a move of each game,
    /// turning coin sets A and B, and turns the coins of A x B; the coin at (max A, max B) goes
    /// from heads to tails. The library values boards by nim-multiplication (the Tartan
    /// theorem); here every value comes from the definition.
    #[test]
    fn tartans(
        rules in (0usize..3, 0usize..3),
        board in vec(vec(any::<bool>(), 3), 1..=3),
    ) {
        let (first, second) = rules;
        let mut brute = Brute::new(|rows: &Vec<u32>| {
            tartan_options(rows, |a| coin_sets(first, a), |b| coin_sets(second, b))
        });
        let (rows, text) = coin_masks(&board);
        let names = ["turtles", "mock", "ruler"];
        let text = format!("tartan({},{}; {})", names[first], names[second], text.join("/"));
        prop_assert_eq!(spec_value(&text)?, brute.value(&rows), "{}", text);
    }
}

/// Whether the coins of `set` (bit i for coin i + 1) form a move of the rule with this shape
/// and these allowed counts, written from the definitions: any coins; a run of consecutive
/// coins; evenly spaced coins; Grunt's coins m, n - m and n with m < n - m.
fn turning_allows(shape: usize, sizes: &BTreeSet<u32>, set: u32) -> bool {
    let coins: Vec<u32> = (1..=32).filter(|&c| set >> (c - 1) & 1 == 1).collect();
    let count = coins.len() as u32;
    match shape {
        0 => sizes.contains(&count),
        1 => sizes.contains(&count) && coins[coins.len() - 1] - coins[0] + 1 == count,
        2 => sizes.contains(&count) && coins.windows(3).all(|w| w[2] - w[1] == w[1] - w[0]),
        _ => count == 3 && coins[0] + coins[1] == coins[2],
    }
}

/// Spec text of a turning rule: `turn{...}` with its sizes listed, or `grunt`.
fn turning_text(shape: usize, sizes: &BTreeSet<u32>) -> String {
    let sizes: Vec<u32> = sizes.iter().copied().collect();
    match shape {
        0 => format!("turn{{{}}}", join(&sizes, ",")),
        1 => format!("turn{{run {}}}", join(&sizes, ",")),
        2 => format!("turn{{spaced {}}}", join(&sizes, ",")),
        _ => "grunt".to_string(),
    }
}

/// Every set of coins among the first `right + 1` whose rightmost is coin `right + 1` and
/// which the rule allows.
fn turning_sets(shape: usize, sizes: &BTreeSet<u32>, right: u32) -> Vec<u32> {
    let top = 1u32 << right;
    (0..top)
        .map(|others| top | others)
        .filter(|&set| turning_allows(shape, sizes, set))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// General coin-turning games (`turn{...}`, Grunt): every value by search over whole rows
    /// from the definition, with no use of the theorem that a row is the sum of its heads.
    #[test]
    fn turning_rules(
        shape in 0usize..4,
        sizes in btree_set(1u32..=5, 1..=3),
        rows in vec(vec(any::<bool>(), 0..=9), 1..=2),
    ) {
        let options = |&row: &u32| -> Vec<Vec<u32>> {
            (0..32)
                .filter(|&right| row >> right & 1 == 1)
                .flat_map(|right| turning_sets(shape, &sizes, right))
                .map(|set| vec![row ^ set])
                .collect()
        };
        let mut brute = Brute::new(options);
        let (masks, texts) = coin_masks(&rows);
        let text = format!("{}({})", turning_text(shape, &sizes), join(&texts, ","));
        prop_assert_eq!(spec_value(&text)?, brute.sum(&masks), "{}", text);
    }

    /// Tartans of general coin-turning games, every value from the definition of the product.
    #[test]
    fn turning_tartans(
        first in (0usize..4, btree_set(1u32..=4, 1..=2)),
        second in (0usize..4, btree_set(1u32..=4, 1..=2)),
        board in vec(vec(any::<bool>(), 3), 1..=3),
    ) {
        let mut brute = Brute::new(|rows: &Vec<u32>| {
            tartan_options(
                rows,
                |a| turning_sets(first.0, &first.1, a),
                |b| turning_sets(second.0, &second.1, b),
            )
        });
        let (rows, text) = coin_masks(&board);
        let text = format!(
            "tartan({},{}; {})",
            turning_text(first.0, &first.1),
            turning_text(second.0, &second.1),
            text.join("/")
        );
        prop_assert_eq!(spec_value(&text)?, brute.value(&rows), "{}", text);
    }

    /// Cram on small boards with holes: a move covers two empty squares side by side. Every
    /// value by search over whole boards from the definition, with no splitting into regions
    /// and no symmetry.
    #[test]
    fn cram_boards(
        height in 1usize..=4,
        width in 1usize..=4,
        holes in (any::<u16>(), any::<u16>(), any::<bool>()),
    ) {
        // About one square in four filled, or none.
        let holes = if holes.2 { holes.0 & holes.1 } else { 0 };
        let cells = height * width;
        let empty = !holes & ((1u32 << cells) - 1) as u16;
        let options = |&board: &u16| -> Vec<Vec<u16>> {
            let mut options = Vec::new();
            for r in 0..height {
                for c in 0..width {
                    let here = 1u16 << (r * width + c);
                    let pairs = [
                        (c + 1 < width).then_some(r * width + c + 1),
                        (r + 1 < height).then_some((r + 1) * width + c),
                    ];
                    for other in pairs.into_iter().flatten().map(|square| 1u16 << square) {
                        if board & here != 0 && board & other != 0 {
                            options.push(vec![board & !here & !other]);
                        }
                    }
                }
            }
            options
        };
        let mut brute = Brute::new(options);
        let rows: Vec<String> = (0..height)
            .map(|r| {
                (0..width)
                    .map(|c| if empty >> (r * width + c) & 1 == 1 { 'o' } else { 'x' })
                    .collect()
            })
            .collect();
        let text = format!("cram({})", rows.join("/"));
        prop_assert_eq!(spec_value(&text)?, brute.value(&empty), "{}", text);
    }
}

/// Chomp from the definition: a move takes a square `(r, c)` other than the poisoned `(0, 0)`
/// with every square `(r', c')`, `r' >= r`, `c' >= c`; rows of 0 squares dropped, and no
/// transposes.
fn chomp_options(rows: &[u64]) -> Vec<Vec<Vec<u64>>> {
    let mut options = Vec::new();
    for (r, &length) in rows.iter().enumerate() {
        for c in 0..length {
            if (r, c) == (0, 0) {
                continue;
            }
            let left: Vec<u64> = rows
                .iter()
                .enumerate()
                .map(|(r2, &row)| if r2 >= r { row.min(c) } else { row })
                .filter(|&row| row > 0)
                .collect();
            options.push(vec![left]);
        }
    }
    options
}

fn chomp_text(rows: &[u64]) -> String {
    format!("chomp({})", join(rows, ","))
}

/// Every Young diagram within 4 x 4, as row lengths.
#[test]
fn chomp_boards_within_4x4() {
    let mut brute = Brute::new(|rows: &Vec<u64>| chomp_options(rows));
    let mut boards = 0;
    for code in 0u32..625 {
        let mut rows: Vec<u64> = (0..4).map(|i| u64::from(code / 5u32.pow(i) % 5)).collect();
        if rows[0] == 0 || rows.windows(2).any(|pair| pair[1] > pair[0]) {
            continue;
        }
        rows.retain(|&row| row > 0);
        boards += 1;
        let text = chomp_text(&rows);
        let value = spec_value(&text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(value, brute.value(&rows), "{text}");
    }
    assert_eq!(boards, 69);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Chomp on random Young diagrams within 6 x 6, written as row lengths or, when full, as a
    /// rectangle.
    #[test]
    fn chomp_boards(mut rows in vec(1u64..=6, 1..=6)) {
        rows.sort_unstable_by(|a, b| b.cmp(a));
        let mut brute = Brute::new(|rows: &Vec<u64>| chomp_options(rows));
        let text = if rows.iter().all(|&row| row == rows[0]) {
            format!("chomp({}x{})", rows.len(), rows[0])
        } else {
            chomp_text(&rows)
        };
        prop_assert_eq!(spec_value(&text)?, brute.value(&rows), "{}", text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Node Kayles and Arc Kayles on small random graphs: a move takes a vertex and its
    /// neighbours, or the two ends of an edge. Every value by search over whole vertex sets
    /// from the definition, with no splitting into components and no theorem.
    #[test]
    fn kayles_graphs(
        n in 1usize..=8,
        pairs in vec(any::<bool>(), 28),
        node in any::<bool>(),
    ) {
        let mut edges = Vec::new();
        let mut pair = pairs.iter();
        for a in 0..n {
            for b in a + 1..n {
                if pair.next().copied().unwrap_or(false) {
                    edges.push((a, b));
                }
            }
        }
        let near = |set: u8, v: usize| -> u8 {
            edges
                .iter()
                .filter_map(|&(a, b)| {
                    if a == v {
                        Some(b)
                    } else if b == v {
                        Some(a)
                    } else {
                        None
                    }
                })
                .fold(0u8, |near, u| near | 1 << u)
                & set
        };
        let options = |&set: &u8| -> Vec<Vec<u8>> {
            if node {
                (0..n)
                    .filter(|&v| set >> v & 1 == 1)
                    .map(|v| vec![set & !(near(set, v) | 1 << v)])
                    .collect()
            } else {
                edges
                    .iter()
                    .filter(|&&(a, b)| set >> a & 1 == 1 && set >> b & 1 == 1)
                    .map(|&(a, b)| vec![set & !(1 << a | 1 << b)])
                    .collect()
            }
        };
        let mut brute = Brute::new(options);
        let all = (0..n).fold(0u8, |all, v| all | 1 << v);
        let mut items: Vec<String> = edges.iter().map(|(a, b)| format!("v{a}-v{b}")).collect();
        items.extend(
            (0..n)
                .filter(|&v| near(all, v) == 0)
                .map(|v| format!("v{v}")),
        );
        let name = if node { "nodekayles" } else { "arckayles" };
        let text = format!("{name}({})", items.join(", "));
        prop_assert_eq!(spec_value(&text)?, brute.value(&all), "{}", text);
    }
}
