//! Toads and Frogs on a strip: `t` Left's toads, moving right, `f` Right's frogs, moving left,
//! `.` empty. A toad slides into the empty square to its right or jumps a frog into the empty
//! square beyond; frogs the mirror.
//!
//! **Frozen creatures split a strip.** Call a set `S` of creatures frozen when each toad of `S`
//! has, on its right, the strip's end or a creature of `S` that is a toad or is followed by the
//! end or a creature of `S`; and each frog of `S` the mirror. No creature of `S` can ever move:
//! its step and its jump land on a square of `S` (or off the strip), and the first member to
//! move would need one of those squares empty. The largest such set is found by dropping, until
//! none fails, every creature that fails the condition. A frozen block begins with a toad (or
//! the strip's start) and ends with a frog (or the strip's end), so no creature outside it can
//! step into it or jump over it: to the squares on either side it is the strip's end. The
//! strip is therefore the sum of the runs of squares between frozen creatures (`ttff` splits
//! `t.ttff.f` into `t.` and `.f`; frogs at the left end and toads at the right end are frozen
//! and dropped).
//!
//! **Mirror.** Reversing a strip and swapping toads with frogs swaps Left's and Right's moves,
//! so the value of the mirror image is the negative ([`PartizanRuleset::mirror`]).

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
        let frozen = frozen(position);
        let mut parts = Vec::new();
        let mut start = 0;
        for end in (0..=position.len()).filter(|&i| i == position.len() || frozen[i]) {
            let part = &position[start..end];
            if part.iter().any(|&square| square != b'.') {
                parts.push(part.to_vec());
            }
            start = end + 1;
        }
        parts
    }

    fn mirror(&self, position: &Vec<u8>) -> Option<Vec<u8>> {
        Some(
            position
                .iter()
                .rev()
                .map(|&square| match square {
                    b't' => b'f',
                    b'f' => b't',
                    other => other,
                })
                .collect(),
        )
    }
}

/// Which squares hold frozen creatures (module docs): the largest set of creatures that
/// passes the test, found by dropping failures until none is left.
fn frozen(strip: &[u8]) -> Vec<bool> {
    let mut frozen: Vec<bool> = strip.iter().map(|&square| square != b'.').collect();
    // A square beyond the strip is a wall; so is a frozen creature.
    let wall =
        |frozen: &[bool], j: Option<usize>| j.map_or(true, |j| j >= strip.len() || frozen[j]);
    loop {
        let mut changed = false;
        for i in 0..strip.len() {
            if !frozen[i] {
                continue;
            }
            let (mover, step): (u8, isize) = if strip[i] == b't' {
                (b't', 1)
            } else {
                (b'f', -1)
            };
            let near = i.checked_add_signed(step);
            let far = i.checked_add_signed(2 * step);
            let next_is_mine = near.is_some_and(|j| j < strip.len() && strip[j] == mover);
            let holds = wall(&frozen, near)
                && (near.map_or(true, |j| j >= strip.len()) || next_is_mine || wall(&frozen, far));
            if !holds {
                frozen[i] = false;
                changed = true;
            }
        }
        if !changed {
            return frozen;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(strip: &str) -> Vec<String> {
        ToadsAndFrogs
            .parts(&strip.as_bytes().to_vec())
            .into_iter()
            .map(|part| String::from_utf8(part).unwrap_or_default())
            .collect()
    }

    #[test]
    fn frozen_blocks_split_the_strip() {
        assert_eq!(parts("t.ttff.f"), ["t.", ".f"]);
        assert_eq!(parts("fft.f.tt"), ["t.f."]);
        // A toad before a lone frog with an empty square beyond may jump: nothing freezes.
        assert_eq!(parts("t.tf.f"), ["t.tf.f"]);
        // `tff` at the start: the toad cannot move, the frogs cannot pass it.
        assert_eq!(parts("tff.t."), [".t."]);
        assert!(parts("ttff").is_empty());
    }

    #[test]
    fn the_mirror_swaps_and_reverses() {
        assert_eq!(
            ToadsAndFrogs.mirror(&b"tt.f".to_vec()),
            Some(b"t.ff".to_vec())
        );
    }
}
