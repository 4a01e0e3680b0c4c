//! [`SmallCram`]: Cram on regions whose bounding box holds at most 64 squares, a part being
//! one word ([`WordRegion`]), with the theorems of the [module docs](super) and one
//! simplification: of the leaves that share a centre, all but one are dropped
//! ([`WordRegion::spare_leaves`]); and two equal parts of an option cancel.

use super::solver::straight;
use crate::positional::{Decomposable, Known, Options, WordRegion};

/// Cram on [`WordRegion`]s, for the positional search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmallCram;

impl SmallCram {
    /// The part of the connected squares of `region`: spare leaves dropped, canonical.
    pub fn part(region: WordRegion) -> WordRegion {
        region
            .with_bits(region.bits() & !region.spare_leaves())
            .canonical()
    }
}

impl Decomposable for SmallCram {
    type Part = WordRegion;

    fn moves(&self, region: &WordRegion, out: &mut Options<WordRegion>) {
        self.moves_until(region, out, &mut |_| true);
    }

    /// One a domino that fits.
    fn option_count(&self, region: &WordRegion) -> Option<usize> {
        Some(self.difficulty(region) as usize)
    }

    fn moves_until(
        &self,
        region: &WordRegion,
        out: &mut Options<WordRegion>,
        listed: &mut dyn FnMut(&[WordRegion]) -> bool,
    ) {
        let bits = region.bits();
        let (across, down) = region.dominoes();
        let width = region.width();
        for (mut dominoes, step) in [(across, 1), (down, width)] {
            while dominoes != 0 {
                let square = dominoes & dominoes.wrapping_neg();
                dominoes ^= square;
                let after = region.with_bits(bits & !(square | square << step));
                let after = after.with_bits(after.bits() & !after.spare_leaves());
                after.split(|part| {
                    // A region of one square has no move: worth 0, left out.
                    if part.bits() & (part.bits() - 1) != 0 {
                        out.push_or_cancel(part.canonical());
                    }
                });
                out.end_option();
                if !listed(out.last()) {
                    return;
                }
            }
        }
    }

    fn key(&self, region: &WordRegion) -> Option<u128> {
        Some(region.key())
    }

    fn weight(&self, region: &WordRegion) -> u32 {
        region.cells()
    }

    /// The number of dominoes that fit.
    fn difficulty(&self, region: &WordRegion) -> u32 {
        let (across, down) = region.dominoes();
        across.count_ones() + down.count_ones()
    }

    fn known(&self, region: &WordRegion) -> Known {
        let (height, width) = (region.height(), region.width());
        if width == 1 {
            return Known::Nimber(straight(height as usize));
        }
        if region.is_centrally_symmetric() {
            match (height % 2, width % 2) {
                (0, 0) => return Known::Nimber(0),
                (0, 1) => {
                    let c = width / 2;
                    if region.contains(height / 2 - 1, c) && region.contains(height / 2, c) {
                        return Known::NotZero;
                    }
                }
                (1, 0) => {
                    let r = height / 2;
                    if region.contains(r, width / 2 - 1) && region.contains(r, width / 2) {
                        return Known::NotZero;
                    }
                }
                _ => {}
            }
        }
        Known::Nothing
    }
}
