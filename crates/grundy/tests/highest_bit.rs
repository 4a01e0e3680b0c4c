//! The highest-bit rule of `analysis::highest_bit` against the definition: the chosen
//! component holds the top bit of the nim-sum, its target is smaller, and the move it names
//! really leaves a position of value 0 (checked by parsing the result again).

// Test helpers outside #[test] functions may unwrap too, as clippy.toml allows in tests.
#![allow(clippy::unwrap_used)]

use grundy::{analysis, spec};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_rule_picks_a_winning_move(
        heaps in proptest::collection::vec(0u64..40, 1..5),
        kayles in 0u64..30,
        dawson in 0u64..30,
    ) {
        let text = format!(
            "nim({}) + kayles({kayles}) + dawson({dawson})",
            heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let sum = spec::parse(&text).unwrap();
        let report = analysis::highest_bit(&sum).unwrap();
        let values: Vec<u64> = report.components.iter().map(|c| c.value).collect();
        let total = values.iter().fold(0, |a, b| a ^ b);
        prop_assert_eq!(report.head.value, total);
        prop_assert_eq!(report.head.outcome.letter(), if total == 0 { "P" } else { "N" });
        if total == 0 {
            prop_assert_eq!(report.highest_bit, None);
            prop_assert!(report.component.is_none() && report.winning_move.is_none());
            return Ok(());
        }
        let bit = report.highest_bit.unwrap();
        prop_assert!(total >> bit == 1, "bit {} is the top bit of {}", bit, total);
        let index = report.component.unwrap();
        // The first component with that bit.
        prop_assert_eq!(values.iter().position(|v| v >> bit & 1 == 1), Some(index));
        let target = report.target_value.unwrap();
        prop_assert_eq!(target, values[index] ^ total);
        prop_assert!(target < values[index]);
        let winning = report.winning_move.unwrap();
        prop_assert_eq!(winning.component, index);
        prop_assert_eq!(winning.target_value, target);
        let after = spec::parse(&winning.result).unwrap();
        prop_assert_eq!(after.value().unwrap().value(), 0, "{} leaves {}", text, winning.result);
    }
}
