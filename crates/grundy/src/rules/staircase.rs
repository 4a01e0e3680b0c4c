//! Staircase Nim: coins on a staircase; a move takes coins from one stair down to the next.
//!
//! Coins on the even stairs never matter: whenever the opponent moves coins from an even stair
//! to an odd one, the reply moves them on to the next even stair. So the game is Nim played on
//! the odd stairs, and its value is the nim-sum of their coin counts (Sprague, 1937; Berlekamp,
//! Conway and Guy, *Winning Ways*, ch. 3).

use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

/// Staircase Nim. A position lists the coins on stairs 1, 2, 3, ... (index 0 is stair 1); a
/// move takes one or more coins from one stair and puts them on the stair below, and coins
/// taken from stair 1 leave the staircase.
///
/// A staircase with no coins left is finished and leaves no part. Moves that would put more than
/// `u64::MAX` coins on one stair are not listed.
///
/// # Example
/// ```
/// use grundy::{rules::Staircase, Nimber, Ruleset, Solver};
/// // Stairs 1 and 3 hold 0 and 1 coins: the value is 0 ^ 1 = 1.
/// let position = vec![0, 3, 1, 4];
/// assert_eq!(Staircase.closed_form(&position), Some(Nimber::new(1)));
/// let mut solver = Solver::new(Staircase).use_closed_forms(false);
/// assert_eq!(solver.value(&position)?, Nimber::new(1));
/// assert_eq!(Staircase.format(&[position]), "staircase(0,3,1,4)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Staircase;

/// The parts left by `stairs`: none when no coin is left.
fn stairs_parts(stairs: Vec<u64>) -> Parts<Vec<u64>> {
    if stairs.iter().all(|&coins| coins == 0) {
        Parts::new()
    } else {
        Parts::from_iter([stairs])
    }
}

/// The position after moving `m` coins down from stair `index + 1`, if it fits in `u64`.
fn move_down(stairs: &[u64], index: usize, m: u64) -> Option<Parts<Vec<u64>>> {
    let mut next = stairs.to_vec();
    next[index] = next[index].checked_sub(m)?;
    if let Some(below) = index.checked_sub(1) {
        next[below] = next[below].checked_add(m)?;
    }
    Some(stairs_parts(next))
}

/// The nim-sum of the coins on the odd stairs.
fn odd_stairs_sum(stairs: &[u64]) -> u64 {
    stairs.iter().step_by(2).fold(0, |sum, &coins| sum ^ coins)
}

impl Ruleset for Staircase {
    type Position = Vec<u64>;

    fn moves(&self, stairs: &Vec<u64>, out: &mut Vec<Parts<Vec<u64>>>) {
        for (index, &coins) in stairs.iter().enumerate() {
            out.extend((1..=coins).filter_map(|m| move_down(stairs, index, m)));
        }
    }

    fn canonical(&self, stairs: &Vec<u64>) -> Vec<u64> {
        let len = stairs
            .iter()
            .rposition(|&coins| coins != 0)
            .map_or(0, |last| last + 1);
        stairs[..len].to_vec()
    }

    fn closed_form(&self, stairs: &Vec<u64>) -> Option<Nimber> {
        Some(Nimber::new(odd_stairs_sum(stairs)))
    }

    fn moves_to_value(&self, stairs: &Vec<u64>, target: Nimber) -> Option<Vec<Parts<Vec<u64>>>> {
        let value = odd_stairs_sum(stairs);
        let change = target.value() ^ value;
        let mut found = Vec::new();
        for (index, &coins) in stairs.iter().enumerate() {
            if index % 2 == 0 {
                // An odd stair: leave `change ^ coins` coins on it.
                let left = change ^ coins;
                if left < coins {
                    found.extend(move_down(stairs, index, coins - left));
                }
            } else {
                // An even stair: the coins land on the odd stair below, which must end with
                // `change ^ below` coins.
                let below = stairs[index - 1];
                let wanted = change ^ below;
                if wanted > below && wanted - below <= coins {
                    found.extend(move_down(stairs, index, wanted - below));
                }
            }
        }
        Some(found)
    }

    fn move_count(&self, stairs: &Vec<u64>) -> Option<u64> {
        Some(
            stairs
                .iter()
                .fold(0u64, |sum, &coins| sum.saturating_add(coins)),
        )
    }

    fn describe(&self, from: &Vec<u64>, to: &[Vec<u64>]) -> String {
        let after = super::piles_left(to);
        let Some(index) = (0..from.len()).find(|&index| after(index) < from[index]) else {
            return "move no coins".to_string();
        };
        let moved = from[index] - after(index);
        let coins = if moved == 1 { "coin" } else { "coins" };
        let destination = match index {
            0 => "the ground".to_string(),
            _ => format!("stair {index}"),
        };
        format!(
            "move {moved} {coins} from stair {} to {destination}",
            index + 1
        )
    }

    fn format(&self, positions: &[Vec<u64>]) -> String {
        super::format_sum(positions, |stairs| {
            if stairs.is_empty() {
                "staircase(0)".to_string()
            } else {
                format!("staircase({})", super::comma_list(stairs))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Result;
    use crate::game::Solver;
    use crate::rules::check_words;

    /// Every staircase with `1..=max_stairs` stairs of `0..=max_coins` coins each.
    fn all_positions(max_stairs: usize, max_coins: u64) -> Vec<Vec<u64>> {
        let mut all = Vec::new();
        let mut layer = vec![Vec::new()];
        for _ in 0..max_stairs {
            layer = layer
                .iter()
                .flat_map(|stairs: &Vec<u64>| {
                    (0..=max_coins).map(move |coins| {
                        let mut next = stairs.clone();
                        next.push(coins);
                        next
                    })
                })
                .collect();
            all.extend(layer.iter().cloned());
        }
        all
    }

    fn parts_value(parts: &Parts<Vec<u64>>) -> u64 {
        parts
            .iter()
            .fold(0, |sum, stairs| sum ^ odd_stairs_sum(stairs))
    }

    #[test]
    fn odd_stairs_theorem_matches_search() -> Result<()> {
        // Winning Ways ch. 3 (Staircase Nim): the value is the nim-sum of the odd stairs.
        let mut solver = Solver::new(Staircase).use_closed_forms(false);
        let positions = all_positions(4, 4);
        assert_eq!(positions.len(), 5 + 25 + 125 + 625);
        for stairs in positions {
            assert_eq!(
                solver.value(&stairs)?,
                Nimber::new(odd_stairs_sum(&stairs)),
                "{stairs:?}"
            );
        }
        Ok(())
    }

    #[test]
    fn moves_to_value_finds_exactly_the_moves_of_that_value() {
        for stairs in all_positions(4, 4) {
            let mut all = Vec::new();
            Staircase.moves(&stairs, &mut all);
            assert_eq!(Some(all.len() as u64), Staircase.move_count(&stairs));
            for target in 0..8 {
                let mut expected: Vec<_> = all
                    .iter()
                    .filter(|parts| parts_value(parts) == target)
                    .cloned()
                    .collect();
                let mut found = Staircase
                    .moves_to_value(&stairs, Nimber::new(target))
                    .unwrap_or_default();
                expected.sort();
                found.sort();
                assert_eq!(found, expected, "{stairs:?} to *{target}");
            }
        }
    }

    #[test]
    fn moves_to_value_on_huge_stairs() {
        // Stairs 1 and 2 hold 10^18 and 5 coins: to reach 0, empty stair 1.
        let stairs = vec![1_000_000_000_000_000_000, 5, 7];
        let found = Staircase
            .moves_to_value(&stairs, Nimber::ZERO)
            .unwrap_or_default();
        let expected: Parts<Vec<u64>> = Parts::from_iter([vec![7, 5, 7]]);
        assert!(found.contains(&expected), "{found:?}");
        assert!(found.iter().all(|parts| parts_value(parts) == 0));
    }

    #[test]
    fn canonical_trims_and_empty_finishes() {
        assert_eq!(Staircase.canonical(&vec![0, 3, 0, 0]), vec![0, 3]);
        assert_eq!(Staircase.canonical(&vec![0, 0]), Vec::<u64>::new());
        let mut out = Vec::new();
        Staircase.moves(&vec![1], &mut out);
        assert_eq!(out, [Parts::<Vec<u64>>::new()]);
    }

    #[test]
    fn describes_and_formats() {
        check_words(
            &Staircase,
            &[
                (
                    vec![0, 3, 4],
                    &[vec![0, 5, 2]],
                    "move 2 coins from stair 3 to stair 2",
                ),
                (
                    vec![1, 3],
                    &[vec![0, 3]],
                    "move 1 coin from stair 1 to the ground",
                ),
                (vec![2], &[], "move 2 coins from stair 1 to the ground"),
            ],
            &[
                (&[], "0"),
                (&[vec![0, 3, 1, 4]], "staircase(0,3,1,4)"),
                (&[vec![1], vec![2, 2]], "staircase(1) + staircase(2,2)"),
            ],
        );
    }
}
