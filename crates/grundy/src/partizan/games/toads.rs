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
        let n = position.len();
        let mut found = Vec::new();
        for i in 0..n {
            if left && position[i] == b't' {
                let target = if i + 1 < n && position[i + 1] == b'.' {
                    Some(i + 1)
                } else if i + 2 < n && position[i + 1] == b'f' && position[i + 2] == b'.' {
                    Some(i + 2)
                } else {
                    None
                };
                if let Some(target) = target {
                    let mut next = position.clone();
                    next.swap(i, target);
                    found.push(next);
                }
            }
            if !left && position[i] == b'f' {
                let target = if i >= 1 && position[i - 1] == b'.' {
                    Some(i - 1)
                } else if i >= 2 && position[i - 1] == b't' && position[i - 2] == b'.' {
                    Some(i - 2)
                } else {
                    None
                };
                if let Some(target) = target {
                    let mut next = position.clone();
                    next.swap(i, target);
                    found.push(next);
                }
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
