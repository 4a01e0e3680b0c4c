//! The fast engine (heap by heap, in blocks, without masks) against the naive one.

use super::*;

/// Every code with up to three digits after the point, with first digit 0 or 4.
fn short_codes() -> Vec<TakeBreak> {
    (0..2)
        .flat_map(|first| (1..512).map(move |digits| format!("{}.{digits:03o}", first * 4)))
        .map(|code| TakeBreak::parse(&code, false).unwrap())
        .collect()
}

/// `check` on every short code, the codes split between two threads; the sum of its counts.
fn on_short_codes(check: impl Fn(&TakeBreak) -> u64 + Sync) -> u64 {
    let codes = short_codes();
    let check = &check;
    std::thread::scope(|scope| {
        let workers: Vec<_> = codes
            .chunks(codes.len() / 2 + 1)
            .map(|chunk| scope.spawn(move || chunk.iter().map(check).sum::<u64>()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).sum()
    })
}

/// Acceptance: every short code to 2,000 heaps.
#[test]
fn fast_engine_equals_naive_engine_on_all_short_codes() {
    let heaps = 2000;
    on_short_codes(|code| {
        let rule = HeapRule::TakeBreak(code.clone());
        assert_fast_is_naive(&rule, heaps, &code);
        0
    });
}

/// Heaps whose values are below 64 take a route of their own (marks in one word, each split
/// searched upwards); it equals the general route (marks in memory, searches in lanes) on
/// every short code, values and rare heaps alike.
#[test]
fn small_value_route_equals_general_route() {
    let heaps = 3000;
    on_short_codes(|code| {
        let rule = HeapRule::TakeBreak(code.clone());
        let mut small = HeapSolver::with_limits(rule.clone(), big_limits()).extend_by_period(false);
        let mut general = HeapSolver::with_limits(rule, big_limits())
            .extend_by_period(false)
            .without_small_route();
        small.extend(heaps).unwrap();
        general.extend(heaps).unwrap();
        assert_eq!(
            small.tabulated_range(0, heaps),
            general.tabulated_range(0, heaps),
            "{code}"
        );
        assert_eq!(
            small.stats().rare_heaps,
            general.stats().rare_heaps,
            "{code}"
        );
        0
    });
}

/// Heaps computed in blocks (most work ahead, on every core) equal heaps computed one at a
/// time, on every short code whose table gets a mask, far enough to pass many blocks and mask
/// changes.
#[test]
fn blocks_equal_heap_by_heap() {
    let heaps = 6000;
    let blocked = on_short_codes(|code| {
        let rule = HeapRule::TakeBreak(code.clone());
        let blocks = blocks_table(&rule, heaps, 512);
        let stats = blocks.stats();
        if stats.block_heaps == 0 {
            return 0;
        }
        let single = blocks_table(&rule, heaps, usize::MAX);
        assert_eq!(
            blocks.tabulated_range(0, heaps),
            single.tabulated_range(0, heaps),
            "{code}"
        );
        assert_eq!(stats.rare_heaps, single.stats().rare_heaps, "{code}");
        1
    });
    // Codes with a sparse space: most of those that split heaps.
    assert!(blocked > 100, "only {blocked} codes used blocks");
}

/// Grundy's game keeps finding rare heaps (the last below 10^6 at 82860), so blocks meet rare
/// heaps of their own; and 0.6 removes a token without splitting, an option inside the block.
#[test]
fn blocks_equal_heap_by_heap_on_long_tables() {
    for (text, heaps) in [("grundy", 120_000), ("0.6", 60_000)] {
        let blocks = blocks_table(&rule(text), heaps, 1024);
        let single = blocks_table(&rule(text), heaps, usize::MAX);
        assert_eq!(
            blocks.tabulated_range(0, heaps),
            single.tabulated_range(0, heaps),
            "{text}"
        );
        let (stats, single) = (blocks.stats(), single.stats());
        assert!(stats.block_heaps > heaps * 9 / 10, "{text}: {stats:?}");
        assert_eq!(single.block_heaps, 0);
        assert_eq!(stats.rare_heaps, single.rare_heaps, "{text}");
        assert!(stats.last_rare > Some(20_000), "{text}: {stats:?}");
    }
}

#[test]
fn fast_engine_equals_naive_engine_on_other_rules() {
    for (text, heaps) in [
        ("grundy", 3000),
        ("lasker", 600),
        ("sub{2,3,7}", 500),
        ("allbut{2,3,7}", 500),
        ("allbut{}", 200),
        ("take[3..6]", 300),
        ("hex(0.8)", 120),
        ("0.F", 120),
        ("4.8F", 100),
        ("0.[7]", 150),
        ("0.4[2]", 150),
        ("0.[1]", 50),
        ("0.1[4]", 150),
        ("hex(0.[8])", 60),
        ("0.12345", 400),
    ] {
        let rule = rule(text);
        assert_fast_is_naive(&rule, heaps, &text);
    }
}

/// The rare/common split engages only on longer tables; compare it with a plain dense
/// computation (every pair) on games with a sparse space.
#[test]
fn sparse_space_engine_equals_plain_scan() {
    for (text, heaps) in [
        ("0.6", 16_000),
        ("0.16", 16_000),
        ("grundy", 16_000),
        ("0.104", 12_000),
        ("0.77", 8_000),
        ("0.26", 8_000),
    ] {
        let rule = rule(text);
        let code = rule.code().unwrap();
        let mut plain = vec![0u64; heaps];
        let mut seen = vec![false; 1 << 12];
        for n in 0..heaps {
            seen.iter_mut().for_each(|s| *s = false);
            for &(take, digit) in code.digits() {
                let Some(rest) = n.checked_sub(take as usize) else {
                    break;
                };
                if digit.takes_all() && rest == 0 {
                    seen[0] = true;
                }
                if digit.leaves_one() && rest > 0 {
                    seen[plain[rest] as usize] = true;
                }
                if digit.splits_two() {
                    for small in 1..=code.largest_small_part(rest as u64) as usize {
                        seen[(plain[small] ^ plain[rest - small]) as usize] = true;
                    }
                }
            }
            plain[n] = seen.iter().position(|s| !s).unwrap() as u64;
        }
        let mut solver = HeapSolver::with_limits(rule.clone(), big_limits());
        solver.extend(heaps as u64).unwrap();
        assert_eq!(solver.tabulated_range(0, heaps as u64), plain, "{text}");
        let blocks = blocks_table(&rule, heaps as u64, 1024);
        assert_eq!(blocks.tabulated_range(0, heaps as u64), plain, "{text}");
        let stats = solver.stats();
        if text != "0.77" {
            assert!(
                stats.masks.iter().any(|&[_, mask]| mask != 0),
                "{text}: {stats:?}"
            );
        }
    }
}

/// Acceptance (issue 14): every splitting code with a repeated digit and at most two digits, to
/// 2,000 heaps: the fast engine against the naive one where the tail does not split, and
/// against the oracle from the definition where it does (the naive engine lists about n^2/4
/// moves a heap there, 20 s a code: with `GRUNDY_SLOW` set it runs too).
#[test]
fn fast_engine_equals_naive_on_splitting_codes_with_a_tail() {
    let heaps = 2000;
    let slow = std::env::var_os("GRUNDY_SLOW").is_some();
    let codes = splitting_tail_codes();
    assert_eq!(codes.len(), 111);
    std::thread::scope(|scope| {
        for chunk in codes.chunks(codes.len() / 2 + 1) {
            scope.spawn(move || {
                for code in chunk {
                    let rule = HeapRule::TakeBreak(code.clone());
                    let fast = fast_values(&rule, heaps);
                    let tail_splits = code.tail().unwrap().1.splits_two();
                    if !tail_splits || slow {
                        assert_eq!(fast, naive_values(&rule, heaps), "{code}");
                    }
                    assert_eq!(fast, definition_values(code, heaps as usize), "{code}");
                }
            });
        }
    });
}
