//! [`LargeCram`]: Cram on regions whose box holds more than 64 squares. Only the parts that
//! large stay in rows ([`Region`]); a part whose box fits in a word is kept as a
//! [`WordRegion`] and moves as [`SmallCram`](super::word::SmallCram)'s do, with its
//! reductions (spare leaves, bridges, diagonal joints). A few dominoes into a large board,
//! most parts fit in a word, so the search spends its time where it is fastest.

use super::solver::{region_moves, SAMPLE_ROWS};
use super::word::{push_connected, word_moves_until, SmallCram};
use super::Cram;
use crate::positional::{Checkpointed, Decomposable, Known, Options, Region, WordRegion};

/// Cram on boards past one word, for the positional search: parts in a word when they fit,
/// in rows when they do not ([`CramPart`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LargeCram;

/// A connected region of a Cram board, canonical: in one word when its box holds at most 64
/// squares, else in rows (the two never hold the same region, nor share a key).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CramPart {
    /// A region whose box holds at most 64 squares.
    Word(WordRegion),
    /// A larger region (boxed: a part in a word, the most frequent by far, stays small).
    Rows(Box<Region>),
}

impl From<WordRegion> for CramPart {
    fn from(word: WordRegion) -> CramPart {
        CramPart::Word(word)
    }
}

/// The connected squares `rows` (not empty) in one word, rows as wide as their box, when the
/// box holds at most 64 squares.
fn word_of(rows: &[u64]) -> Option<WordRegion> {
    let top = rows.iter().position(|&row| row != 0)?;
    let bottom = rows.iter().rposition(|&row| row != 0)? + 1;
    let rows = &rows[top..bottom];
    let all = rows.iter().fold(0, |all, row| all | row);
    let shift = all.trailing_zeros();
    let width = 64 - (all >> shift).leading_zeros();
    if rows.len() as u32 * width > 64 {
        return None;
    }
    let bits = rows.iter().enumerate().fold(0u64, |bits, (r, &row)| {
        bits | (row >> shift) << (r as u32 * width)
    });
    Some(WordRegion::new(bits, width))
}

/// Adds the connected squares `rows` to the option being listed: reduced and split as
/// [`SmallCram`](super::word::SmallCram) does when they fit in a word, else canonical rows.
fn push_rows(rows: &[u64], out: &mut Options<CramPart>) {
    match word_of(rows) {
        Some(word) => push_connected(word, out),
        None => out.push_or_cancel(CramPart::Rows(Box::new(Region::canonical_of(rows)))),
    }
}

impl CramPart {
    /// The canonical part of the connected squares `rows` (not empty), unreduced.
    pub fn of_rows(rows: &[u64]) -> CramPart {
        match word_of(rows) {
            Some(word) => CramPart::Word(word.canonical()),
            None => CramPart::Rows(Box::new(Region::canonical_of(rows))),
        }
    }
}

impl Checkpointed for LargeCram {
    const NAME: &'static str = "cram-large";

    /// `Cram`'s samples as parts of both kinds: in a word and past it.
    fn samples(&self) -> Vec<CramPart> {
        SAMPLE_ROWS.map(CramPart::of_rows).to_vec()
    }
}

impl Decomposable for LargeCram {
    type Part = CramPart;

    fn moves(&self, part: &CramPart, out: &mut Options<CramPart>) {
        match part {
            CramPart::Word(word) => word_moves_until(word, out, &mut |_| true),
            CramPart::Rows(region) => region_moves(region, out, push_rows),
        }
    }

    fn option_count(&self, part: &CramPart) -> Option<usize> {
        match part {
            CramPart::Word(word) => SmallCram.option_count(word),
            CramPart::Rows(_) => None,
        }
    }

    fn moves_until(
        &self,
        part: &CramPart,
        out: &mut Options<CramPart>,
        listed: &mut dyn FnMut(&[CramPart]) -> bool,
    ) {
        match part {
            CramPart::Word(word) => word_moves_until(word, out, listed),
            CramPart::Rows(region) => {
                // Listed whole (a rare part, near the root), then shown until told to stop.
                region_moves(region, out, push_rows);
                let _ = (0..out.len()).all(|i| listed(out.get(i)));
            }
        }
    }

    /// A word's key has nothing above bit 70, a region's has its width from bit 120.
    fn key(&self, part: &CramPart) -> Option<u128> {
        match part {
            CramPart::Word(word) => SmallCram.key(word),
            CramPart::Rows(region) => Cram.key(region),
        }
    }

    fn weight(&self, part: &CramPart) -> u32 {
        match part {
            CramPart::Word(word) => word.cells(),
            CramPart::Rows(region) => region.cells(),
        }
    }

    fn known(&self, part: &CramPart) -> Known {
        match part {
            CramPart::Word(word) => SmallCram.known(word),
            CramPart::Rows(region) => Cram.known(region),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::positional::NimberSearch;
    use crate::Limits;

    #[test]
    fn words_are_taken_from_rows_when_they_fit() {
        let l = word_of(&[0, 0b100, 0b100, 0b111, 0]).expect("fits");
        assert_eq!((l.bits(), l.width()), (0b111_100_100, 3));
        assert!(word_of(&[0xff; 8]).is_some());
        assert!(word_of(&[0x1ff; 8]).is_none());
        assert!(word_of(&[0; 3]).is_none());
        // A part past a word stays in rows; one in a word is canonical.
        assert!(matches!(CramPart::of_rows(&[0x1ff; 8]), CramPart::Rows(_)));
        let CramPart::Word(word) = CramPart::of_rows(&[0b111, 0b111, 0b111, 0b111]) else {
            panic!("a word");
        };
        assert_eq!(word, word.canonical());
    }

    #[test]
    fn both_kinds_of_part_agree_with_the_rows() -> crate::Result<()> {
        // The same boards searched in rows throughout (Cram) and with parts in words once they
        // fit (LargeCram): boards of more than 64 squares would take too long in rows alone,
        // so these are smaller, started in rows by hand.
        let unlimited = Limits::default().with_max_work(u64::MAX);
        for (height, width) in [(3, 7), (4, 6), (5, 5), (2, 11), (4, 7)] {
            let rows = vec![(1u64 << width) - 1; height];
            let rows_only = NimberSearch::new(Cram, &unlimited);
            let expected = rows_only.nimber(&Region::canonical_of(&rows), 1)?;
            for threads in [1, 2] {
                let mixed = NimberSearch::new(LargeCram, &unlimited);
                let start = CramPart::Rows(Box::new(Region::canonical_of(&rows)));
                assert_eq!(mixed.nimber(&start, threads)?, expected, "{height}x{width}");
            }
        }
        Ok(())
    }
}
