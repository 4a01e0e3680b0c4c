//! [`ChompTable`]: the nimber of every Young diagram in a box, level by level of their squares
//! (a move takes at least one), the threads sharing each level. A Chomp board never splits,
//! so valuing it means valuing most of the diagrams inside it; here each costs its moves and
//! nothing else: no hashing, no search.
//!
//! The rank of a diagram of rows `r_0 >= ... >= r_{h-1}` (zeros below its last row) in a box
//! `h` rows by `w` columns is `sum_k C(r_k + h - 1 - k, h - k)`: the rows, shifted to
//! `s_k = r_k + h - 1 - k`, are an `h`-subset of `0..w + h` ranked by the combinatorial number
//! system, so ranks run over `0..C(w + h, h)` and a move, which shortens rows, lowers it.
//! Taking the square in row `i`, column `j` cuts rows `i..` to `j`: the rank falls by one term
//! a row cut, summed from the bottom row up, so every move's rank is one subtraction.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicUsize};
use std::sync::Barrier;

use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;

use super::ChompBoard;

/// Nimbers of Chomp on every Young diagram inside a box, by rank.
pub(super) struct ChompTable {
    height: usize,
    width: usize,
    /// `terms[k * (width + 1) + length]`: row `k`'s term of the rank when it has `length`
    /// squares, `C(length + height - 1 - k, height - k)`.
    terms: Vec<u64>,
    /// The nimber of each diagram by its rank (0 for the empty one, which is no position);
    /// atomic so that threads fill a level at once (relaxed: a barrier parts the levels).
    nimbers: Vec<AtomicU16>,
}

/// A thread's diagram being valued: its rows, each row's term of the rank (so that a cut
/// costs one subtraction), and the marks of the options' nimbers.
struct Diagram {
    rows: Vec<usize>,
    now: Vec<u64>,
    seen: Vec<u64>,
}

/// `C(n, k)`, or `None` past `u64`.
fn binomial(n: u64, k: u64) -> Option<u64> {
    if k > n {
        return Some(0);
    }
    let k = k.min(n - k);
    (0..k).try_fold(1u64, |c, i| {
        // C(n, i + 1) = C(n, i) (n - i) / (i + 1), exact at every step.
        let product = u128::from(c) * u128::from(n - i) / u128::from(i + 1);
        u64::try_from(product).ok()
    })
}

impl ChompTable {
    /// The number of Young diagrams in a box `height` by `width` (the empty one included),
    /// `C(height + width, height)`, or `None` past `u64`.
    pub(super) fn diagrams(height: usize, width: usize) -> Option<u64> {
        binomial((height + width) as u64, height as u64)
    }

    /// The memory the table of the box takes (two bytes a diagram), or `None` past `u64`.
    pub(super) fn bytes(height: usize, width: usize) -> Option<u64> {
        Self::diagrams(height, width)?.checked_mul(2)
    }

    /// The moves examined in valuing every diagram of the box: each nonempty diagram's
    /// squares but the poisoned one. The squares of all diagrams add up to `N h w / 2` for
    /// `N` diagrams, a diagram and the rest of the box turned about its centre being a pair.
    pub(super) fn work(height: usize, width: usize) -> Option<u64> {
        let diagrams = u128::from(Self::diagrams(height, width)?);
        let squares = diagrams * (height * width) as u128 / 2;
        u64::try_from(squares - (diagrams - 1)).ok()
    }

    /// Values every diagram in the box `height` by `width` on `threads` threads, within
    /// `limits`' work (checked as it goes; the caller checks the memory,
    /// [`ChompTable::bytes`]).
    ///
    /// # Errors
    /// A work limit past `limits.max_work`; cancelled.
    pub(super) fn build(
        height: usize,
        width: usize,
        limits: &Limits,
        threads: usize,
    ) -> Result<ChompTable> {
        let count = Self::diagrams(height, width)
            .and_then(|count| usize::try_from(count).ok())
            .ok_or_else(|| {
                Error::new(ErrorKind::Unsupported {
                    reason: format!(
                        "a table of the diagrams in a box of {height} x {width} is past this \
                         machine's addresses"
                    ),
                })
            })?;
        let mut terms = vec![0u64; height * (width + 1)];
        for k in 0..height {
            for length in 0..=width {
                let term = binomial((length + height - 1 - k) as u64, (height - k) as u64);
                terms[k * (width + 1) + length] = term.unwrap_or(u64::MAX);
            }
        }
        let table = ChompTable {
            height,
            width,
            terms,
            nimbers: (0..count).map(|_| AtomicU16::new(0)).collect(),
        };
        table.fill(limits, threads.max(1))?;
        Ok(table)
    }

    /// Row `k`'s term of the rank at `length` squares.
    fn term(&self, k: usize, length: usize) -> u64 {
        self.terms[k * (self.width + 1) + length]
    }

    /// The nimbers of all diagrams, level by level (by their squares: a move takes at least
    /// one), the diagrams of a level shared out by their top row's length among `threads`
    /// threads that meet at the end of each level.
    fn fill(&self, limits: &Limits, threads: usize) -> Result<()> {
        let levels = self.height * self.width;
        // The next top row's length to take in each level, from the least it may be.
        let claims: Vec<AtomicUsize> = (0..=levels).map(|_| AtomicUsize::new(0)).collect();
        let work = AtomicU64::new(0);
        // The first level at whose end the work was past the limit (or cancelled): a thread
        // already in the next level may set it anew, so each level asks about itself.
        let stopped_at = AtomicUsize::new(usize::MAX);
        let barrier = Barrier::new(threads);
        let worker = || {
            let mut diagram = Diagram {
                rows: vec![0; self.height],
                now: vec![0; self.height],
                seen: vec![0; levels + 1],
            };
            for (squares, claim) in claims.iter().enumerate().skip(1) {
                let (least, most) = (squares.div_ceil(self.height), squares.min(self.width));
                let mut moves = 0;
                loop {
                    let top = least + claim.fetch_add(1, Relaxed);
                    if top > most {
                        break;
                    }
                    let rank = self.term(0, top);
                    (diagram.rows[0], diagram.now[0]) = (top, rank);
                    moves += self.level(&mut diagram, 1, squares - top, rank);
                }
                let done = work.fetch_add(moves, Relaxed) + moves;
                if limits.check_work(done).is_err() {
                    stopped_at.fetch_min(squares, Relaxed);
                }
                // The level's nimbers are written before any thread reads them.
                barrier.wait();
                if stopped_at.load(Relaxed) <= squares {
                    return;
                }
            }
        };
        if threads == 1 {
            // No scope: WebAssembly has no threads.
            worker();
        } else {
            std::thread::scope(|scope| {
                for _ in 1..threads {
                    scope.spawn(worker);
                }
                worker();
            });
        }
        limits.check_work(work.load(Relaxed))
    }

    /// Values every diagram whose rows above `k` are `diagram.rows[..k]` (rank so far `rank`)
    /// and whose rows from `k` on hold `left` squares; returns their moves.
    fn level(&self, diagram: &mut Diagram, k: usize, left: usize, rank: u64) -> u64 {
        if left == 0 {
            diagram.rows[k..].fill(0);
            diagram.now[k..].fill(0);
            return self.value(diagram, rank);
        }
        let most = diagram.rows[k - 1].min(left);
        if k == self.height || most * (self.height - k) < left {
            return 0;
        }
        let mut moves = 0;
        for length in left.div_ceil(self.height - k)..=most {
            diagram.rows[k] = length;
            diagram.now[k] = self.term(k, length);
            moves += self.level(diagram, k + 1, left - length, rank + diagram.now[k]);
        }
        moves
    }

    /// Values the diagram `diagram.rows` of rank `rank` from its options, all of fewer squares;
    /// returns its moves.
    fn value(&self, diagram: &mut Diagram, rank: u64) -> u64 {
        let Diagram { rows, now, seen } = diagram;
        // `seen[v] == stamp` when some move leads to nimber `v` (a mex over at most `h w - 1`
        // moves is at most that); ranks are distinct, so no clearing between diagrams.
        let stamp = rank;
        let mut cut_rows = self.height;
        for column in 0..rows[0] {
            // Rows longer than `column`: those the square's column crosses.
            while rows[cut_rows - 1] <= column {
                cut_rows -= 1;
            }
            let mut fall = 0;
            for row in (0..cut_rows).rev() {
                fall += now[row] - self.term(row, column);
                if row + column > 0 {
                    let option = self.nimbers[(rank - fall) as usize].load(Relaxed);
                    seen[usize::from(option)] = stamp;
                }
            }
        }
        let nimber = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        self.nimbers[rank as usize].store(nimber as u16, Relaxed);
        rows.iter().sum::<usize>() as u64 - 1
    }

    /// The nimber of `board`, when it fits in the box.
    pub(super) fn nimber(&self, board: &ChompBoard) -> Option<u16> {
        let rows = board.rows();
        if rows.len() > self.height || board.width() > self.width {
            return None;
        }
        let rank: u64 = (0..).zip(rows).map(|(k, &r)| self.term(k, r.into())).sum();
        Some(self.nimbers[rank as usize].load(Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Limit;
    use crate::game::Solver;
    use crate::rules::Chomp;

    #[test]
    fn ranks_count_the_diagrams_and_the_work_adds_up() {
        assert_eq!(ChompTable::diagrams(3, 4), Some(35));
        assert_eq!(ChompTable::diagrams(15, 255), binomial(270, 15));
        assert_eq!(ChompTable::diagrams(60, 60), None);
        // 1 x 3: diagrams of 1, 2 and 3 squares, with 0, 1 and 2 moves.
        assert_eq!(ChompTable::work(1, 3), Some(3));
        let limits = Limits::default();
        let table = ChompTable::build(4, 5, &limits, 1).expect("small");
        // Every rank is reached once, the last being the whole box.
        let whole = ChompBoard::rectangle(4, 5).expect("a board");
        let rank: u64 = (0..4).map(|k| table.term(k, 5)).sum();
        assert_eq!(rank + 1, ChompTable::diagrams(4, 5).expect("small"));
        assert!(table.nimber(&whole).is_some());
        assert!(table
            .nimber(&ChompBoard::rectangle(5, 1).expect("a board"))
            .is_none());
        assert!(table
            .nimber(&ChompBoard::rectangle(1, 6).expect("a board"))
            .is_none());
    }

    #[test]
    fn every_diagram_agrees_with_the_memoised_solver() -> Result<()> {
        let mut solver = Solver::new(Chomp);
        for (height, width) in [(1, 7), (2, 6), (3, 5), (5, 4), (7, 7), (3, 15)] {
            let table = ChompTable::build(height, width, &Limits::default(), 1)?;
            let two = ChompTable::build(height, width, &Limits::default(), 2)?;
            let nimbers = |table: &ChompTable| -> Vec<u16> {
                table.nimbers.iter().map(|n| n.load(Relaxed)).collect()
            };
            assert_eq!(nimbers(&two), nimbers(&table), "{height}x{width}");
            let mut rows = vec![width as u64; height];
            let mut checked = 0;
            // Every diagram in the box, by decreasing its rows as an odometer.
            loop {
                checked += 1;
                let board =
                    ChompBoard::from_rows(&rows[..rows.iter().filter(|&&r| r > 0).count()])?;
                let expected = solver.value(&board)?.value();
                assert_eq!(
                    table.nimber(&board).map(u64::from),
                    Some(expected),
                    "{board}"
                );
                let Some(k) = (0..height).rev().find(|&k| rows[k] > u64::from(k == 0)) else {
                    break;
                };
                rows[k] -= 1;
                for below in k + 1..height {
                    rows[below] = rows[k];
                }
            }
            // All but the empty diagram.
            assert_eq!(Some(checked + 1), ChompTable::diagrams(height, width));
        }
        Ok(())
    }

    #[test]
    fn the_work_is_counted_and_bounded() {
        let exact = ChompTable::work(4, 6).expect("small");
        let limits = Limits::default().with_max_work(exact);
        assert!(ChompTable::build(4, 6, &limits, 2).is_ok());
        // Often, as the threads once waited for each other for ever when one stopped early.
        for threads in (1..=3).cycle().take(60) {
            let error = ChompTable::build(4, 6, &limits.with_max_work(exact - 1), threads).err();
            assert_eq!(
                error.and_then(|e| e.exceeded()),
                Some((Limit::Work, exact - 1))
            );
        }
    }
}
