//! Toads and Frogs on a strip: `t` Left's toads, moving right, `f` Right's frogs, moving left,
//! `.` empty. A toad slides into the empty square to its right or jumps a frog into the empty
//! square beyond; frogs the mirror. Frogs at the left end and toads at the right end can never
//! move, so they are dropped.

use super::PartizanRuleset;

/// Toads and Frogs.
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsAndFrogs;

impl PartizanRuleset for ToadsAndFrogs {
    type Position = Vec<u8>;

    fn moves(&self, position: &Vec<u8>, left: bool) -> Vec<Vec<u8>> {
        // Left's toads step right over frogs, Right's frogs step left over toads.
        let (mover, other, step) = if left {
            (b't', b'f', 1)
        } else {
            (b'f', b't', -1)
        };
        let at = |i: usize, steps: isize| {
            i.checked_add_signed(steps * step)
                .and_then(|j| position.get(j).map(|&square| (j, square)))
        };
        let mut found = Vec::new();
        for (i, _) in position
            .iter()
            .enumerate()
            .filter(|(_, &square)| square == mover)
        {
            let target = match (at(i, 1), at(i, 2)) {
                (Some((j, b'.')), _) => Some(j),
                (Some((_, square)), Some((j, b'.'))) if square == other => Some(j),
                _ => None,
            };
            if let Some(target) = target {
                let mut next = position.clone();
                next.swap(i, target);
                found.push(next);
            }
        }
        found
    }

    fn parts(&self, position: &Vec<u8>) -> Vec<Vec<u8>> {
        let start = position
            .iter()
            .position(|&s| s != b'f')
            .unwrap_or(position.len());
        let end = position
            .iter()
            .rposition(|&s| s != b't')
            .map_or(start, |i| i + 1);
        if start >= end {
            return Vec::new();
        }
        vec![position[start..end].to_vec()]
    }
}
