//! Cutcake (*Winning Ways*, ch. 2): Left cuts a rectangle of cake along a vertical line into two
//! narrower ones, Right along a horizontal line into two lower ones. A position is a multiset of
//! rectangles `(width, height)`, each a part.

use super::PartizanRuleset;

/// Cutcake, Left cutting vertically.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cutcake;

impl PartizanRuleset for Cutcake {
    type Position = Vec<(u32, u32)>;

    fn moves(&self, position: &Vec<(u32, u32)>, left: bool) -> Vec<Vec<(u32, u32)>> {
        let mut found = Vec::new();
        for (index, &(width, height)) in position.iter().enumerate() {
            let size = if left { width } else { height };
            for cut in 1..=size / 2 {
                let mut next = position.clone();
                let (first, second) = if left {
                    ((cut, height), (width - cut, height))
                } else {
                    ((width, cut), (width, height - cut))
                };
                next[index] = first;
                next.push(second);
                found.push(next);
            }
        }
        found
    }

    fn parts(&self, position: &Vec<(u32, u32)>) -> Vec<Vec<(u32, u32)>> {
        let mut parts: Vec<Vec<(u32, u32)>> = position
            .iter()
            .filter(|&&(width, height)| width > 1 || height > 1)
            .map(|&rectangle| vec![rectangle])
            .collect();
        parts.sort_unstable();
        parts
    }
}
