//! Chomp: a board is a Young diagram of squares, the poisoned one at the top left; a move takes
//! a square other than the poisoned one with every square below and right of it, and whoever
//! must take the poisoned square loses (Gale, 1974; Berlekamp, Conway and Guy, *Winning Ways*,
//! ch. 18). In normal play the poisoned square alone has no move: it is worth 0.
//!
//! A position never splits, so each move leaves one part. A diagram and its transpose are the
//! same game. [`ChompSolver`] values a board by a table of every diagram inside its box when
//! the table fits in memory (`table.rs`), else by the positional search
//! ([`crate::positional`]), with the theorems that are proved: a single row of `n` squares is
//! a Nim heap of `n - 1`; an L-shaped board, a row of `a` squares over a column of `b` more,
//! is Nim on heaps `a - 1` and `b` (the two arms are taken independently); with two rows, the
//! second-player wins are exactly the rows `(a, a - 1)` (*Winning Ways*, ch. 18); and every
//! other rectangle is a first-player win, by strategy stealing (Gale): were it a
//! second-player win, the top right corner's answer would win for the first player.

use std::fmt;

use crate::error::{Error, Limit, Result};
use crate::game::{Evaluator, Limits, MoveClass, MoveList, Parts, Ruleset};
use crate::nimber::Nimber;
use crate::positional::{Decomposable, Known, NimberSearch, NimberSet, Options};

mod table;

use table::ChompTable;

/// The most rows of a [`ChompBoard`].
pub const MAX_CHOMP_ROWS: usize = 15;

/// The most squares in a row of a [`ChompBoard`].
pub const MAX_CHOMP_COLUMNS: usize = 255;

/// Chomp; positions are [`ChompBoard`]s.
///
/// # Example
/// ```
/// use grundy::{rules::{Chomp, ChompBoard}, Nimber, Solver};
/// let mut solver = Solver::new(Chomp);
/// // Rows of 3 and 2 squares: the second player wins (Winning Ways, ch. 18).
/// assert_eq!(solver.value(&ChompBoard::from_rows(&[3, 2])?)?, Nimber::ZERO);
/// // A single row of 5 is a Nim heap of 4.
/// assert_eq!(solver.value(&ChompBoard::rectangle(1, 5)?)?, Nimber::new(4));
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chomp;

/// A Young diagram of at most 15 rows of at most 255 squares, top row first, rows of
/// non-increasing length; the poisoned square is row 0, column 0.
///
/// Boards order by their number of rows, then by their rows.
///
/// # Example
/// ```
/// use grundy::rules::ChompBoard;
/// let board = ChompBoard::from_rows(&[5, 3, 3, 1])?;
/// assert_eq!(board.squares(), 12);
/// assert_eq!(board.to_string(), "5,3,3,1");
/// assert_eq!(ChompBoard::rectangle(4, 7)?.to_string(), "4x7");
/// assert!(ChompBoard::from_rows(&[2, 3]).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChompBoard {
    height: u8,
    /// The row lengths, 0 beyond `height`.
    rows: [u8; MAX_CHOMP_ROWS],
}

impl ChompBoard {
    /// The full `height x width` board.
    ///
    /// # Errors
    /// A side of 0, more than 15 rows, or more than 255 columns.
    pub fn rectangle(height: u64, width: u64) -> Result<ChompBoard> {
        if height == 0 {
            return Err(Error::invalid_position(
                "a chomp board has at least one row",
            ));
        }
        let height = usize::try_from(height).unwrap_or(usize::MAX);
        if height > MAX_CHOMP_ROWS {
            return Err(too_many_rows(height));
        }
        ChompBoard::from_rows(&vec![width; height])
    }

    /// The board of the given row lengths, top first.
    ///
    /// # Errors
    /// No rows, a row of 0 squares, a row longer than the one above it, more than 15 rows, or
    /// a row of more than 255 squares.
    pub fn from_rows(rows: &[u64]) -> Result<ChompBoard> {
        if rows.is_empty() {
            return Err(Error::invalid_position(
                "a chomp board has at least one row",
            ));
        }
        if rows.len() > MAX_CHOMP_ROWS {
            return Err(too_many_rows(rows.len()));
        }
        let mut board = ChompBoard {
            height: rows.len() as u8,
            rows: [0; MAX_CHOMP_ROWS],
        };
        for (r, &length) in rows.iter().enumerate() {
            if length == 0 {
                return Err(Error::invalid_position(format!(
                    "the rows of a chomp board are not empty: row {} has no square",
                    r + 1
                )));
            }
            if r > 0 && length > rows[r - 1] {
                return Err(Error::invalid_position(format!(
                    "the rows of a chomp board do not grow downwards: row {} has {length} \
                     squares, more than the {} above it",
                    r + 1,
                    rows[r - 1]
                )));
            }
            board.rows[r] = u8::try_from(length).map_err(|_| {
                Error::invalid_position(format!(
                    "a chomp board has rows of at most {MAX_CHOMP_COLUMNS} squares, and row {} \
                     has {length}",
                    r + 1
                ))
            })?;
        }
        Ok(board)
    }

    /// The row lengths, top first.
    pub fn rows(&self) -> &[u8] {
        &self.rows[..usize::from(self.height)]
    }

    /// The number of squares, the poisoned one included.
    pub fn squares(&self) -> u32 {
        self.rows().iter().map(|&row| u32::from(row)).sum()
    }

    /// Whether every row has the same length.
    pub fn is_rectangle(&self) -> bool {
        self.rows().iter().all(|&row| row == self.rows[0])
    }

    /// The number of columns: the length of the top row.
    pub fn width(&self) -> usize {
        usize::from(self.rows[0])
    }

    /// The board with rows and columns exchanged, when it has at most 15 columns.
    pub fn transposed(&self) -> Option<ChompBoard> {
        let width = self.width();
        if width > MAX_CHOMP_ROWS {
            return None;
        }
        let mut rows = [0u8; MAX_CHOMP_ROWS];
        for (c, column) in rows.iter_mut().enumerate().take(width) {
            *column = self
                .rows()
                .iter()
                .filter(|&&row| usize::from(row) > c)
                .count() as u8;
        }
        Some(ChompBoard {
            height: width as u8,
            rows,
        })
    }

    /// The board left by taking the square in row `r`, column `c` (from 0) and every square
    /// below and right of it; the square must be on the board.
    fn after(&self, r: usize, c: usize) -> ChompBoard {
        let mut next = *self;
        for row in &mut next.rows[r..usize::from(self.height)] {
            *row = (*row).min(c as u8);
        }
        next.height = next.rows.iter().take_while(|&&row| row > 0).count() as u8;
        next
    }

    /// Every move: the square taken, row by row, then the board it leaves.
    fn moves(&self) -> impl Iterator<Item = ((usize, usize), ChompBoard)> + '_ {
        self.rows().iter().enumerate().flat_map(move |(r, &row)| {
            (usize::from(r == 0)..usize::from(row)).map(move |c| ((r, c), self.after(r, c)))
        })
    }

    /// The key of the board: 8 bits a row, and a marker bit above the rows, so never 0.
    pub fn key(&self) -> u128 {
        self.rows()
            .iter()
            .enumerate()
            .fold(1 << (8 * MAX_CHOMP_ROWS), |key, (r, &row)| {
                key | u128::from(row) << (8 * r)
            })
    }
}

fn too_many_rows(rows: usize) -> Error {
    Error::invalid_position(format!(
        "a chomp board has at most {MAX_CHOMP_ROWS} rows, and this one has {rows} (a board and \
         its transpose are the same game: give it by its columns)"
    ))
}

impl fmt::Display for ChompBoard {
    /// `HxW` for a full rectangle, else the row lengths separated by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_rectangle() {
            return write!(f, "{}x{}", self.height, self.rows[0]);
        }
        for (r, row) in self.rows().iter().enumerate() {
            if r > 0 {
                f.write_str(",")?;
            }
            write!(f, "{row}")?;
        }
        Ok(())
    }
}

impl Ruleset for Chomp {
    type Position = ChompBoard;

    fn moves(&self, board: &ChompBoard, out: &mut Vec<Parts<ChompBoard>>) {
        out.extend(board.moves().map(|(_, next)| Parts::from_slice(&[next])));
    }

    /// The least of the board and its transpose (where the transpose fits).
    fn canonical(&self, board: &ChompBoard) -> ChompBoard {
        board
            .transposed()
            .map_or(*board, |transposed| transposed.min(*board))
    }

    fn move_count(&self, board: &ChompBoard) -> Option<u64> {
        Some(u64::from(board.squares()) - 1)
    }

    fn describe(&self, from: &ChompBoard, to: &[ChompBoard]) -> String {
        let Some(to) = to.first() else {
            return "take a square".to_string();
        };
        match (0..from.rows().len()).find(|&r| to.rows[r] < from.rows[r]) {
            Some(r) => format!(
                "take the square in row {}, column {} and all below and right of it",
                r + 1,
                to.rows[r] + 1
            ),
            None => "take a square".to_string(),
        }
    }

    fn format(&self, boards: &[ChompBoard]) -> String {
        if boards.is_empty() {
            return "0".to_string();
        }
        let terms: Vec<String> = boards.iter().map(|b| format!("chomp({b})")).collect();
        terms.join(" + ")
    }
}

impl Decomposable for Chomp {
    type Part = ChompBoard;

    fn moves(&self, board: &ChompBoard, out: &mut Options<ChompBoard>) {
        for (_, next) in board.moves() {
            // The poisoned square alone has no move: worth 0, left out.
            if next.squares() > 1 {
                out.push_part(Ruleset::canonical(self, &next));
            }
            out.end_option();
        }
    }

    fn key(&self, board: &ChompBoard) -> Option<u128> {
        Some(board.key())
    }

    fn weight(&self, board: &ChompBoard) -> u32 {
        board.squares()
    }

    /// A single row; an L (a row over a column of single squares); two rows; a rectangle.
    fn known(&self, board: &ChompBoard) -> Known {
        let rows = board.rows();
        let (first, height) = (rows[0], rows.len() as u8);
        if height == 1 {
            // A Nim heap of the squares beside the poisoned one.
            return Known::Nimber(first - 1);
        }
        if rows[1] == 1 {
            // Two Nim heaps: the squares right of the poisoned one, and those below it.
            return Known::Nimber((first - 1) ^ (height - 1));
        }
        if height == 2 {
            // Winning Ways, ch. 18: from rows (a, b) with b < a - 1 take to (b + 1, b); from
            // (a, a) take to (a, a - 1); every move from (a, a - 1) leaves another shape.
            return if rows[1] + 1 == first {
                Known::Nimber(0)
            } else {
                Known::NotZero
            };
        }
        if board.is_rectangle() {
            // Strategy stealing (Gale, 1974).
            return Known::NotZero;
        }
        Known::Nothing
    }
}

/// Values Chomp boards: by a table of every diagram inside the board's box (two bytes a
/// diagram, on `threads` threads from 2^26 moves) when it fits in `limits.max_memory`, else
/// by the positional search ([`NimberSearch`]) on `threads` threads; both kept across the
/// boards of a sum.
///
/// # Example
/// ```
/// use grundy::rules::{ChompBoard, ChompSolver};
/// use grundy::{Evaluator, Limits, Nimber};
/// let mut solver = ChompSolver::new(Limits::default(), 1);
/// assert_eq!(solver.value(&ChompBoard::from_rows(&[5, 3, 3, 1])?)?, Nimber::new(1));
/// assert_eq!(solver.value(&ChompBoard::rectangle(10, 10)?)?, Nimber::new(19));
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct ChompSolver {
    search: NimberSearch<Chomp>,
    threads: usize,
    /// The last table built.
    table: Option<ChompTable>,
    /// Whether tables are built (the tests turn them off to check the search alone).
    tables: bool,
}

impl ChompSolver {
    /// A solver within `limits` (its table takes `limits.max_memory` bytes), on `threads`
    /// threads.
    pub fn new(limits: Limits, threads: usize) -> ChompSolver {
        ChompSolver {
            search: NimberSearch::new(Chomp, &limits),
            threads,
            table: None,
            tables: true,
        }
    }

    /// The search, for its figures.
    pub fn search(&self) -> &NimberSearch<Chomp> {
        &self.search
    }

    /// The nimber of `board` from a table of its box (or of a box that holds it or its
    /// transpose), built when its diagrams fit in the memory limit; `None` when they do not.
    ///
    /// # Errors
    /// [`Limit::Work`](crate::Limit::Work) when the table's moves are past the limit (the
    /// error says how many it needs); cancelled.
    fn tabled(&mut self, board: &ChompBoard) -> Result<Option<u16>> {
        let in_table = |table: &ChompTable| {
            table
                .nimber(board)
                .or_else(|| board.transposed().and_then(|t| table.nimber(&t)))
        };
        if let Some(nimber) = self.table.as_ref().and_then(in_table) {
            return Ok(Some(nimber));
        }
        let limits = self.search.limits();
        let (height, width) = (board.rows().len(), board.width());
        let fits = self.tables
            && ChompTable::bytes(height, width).is_some_and(|bytes| bytes <= limits.max_memory);
        if !fits {
            return Ok(None);
        }
        let work = ChompTable::work(height, width).unwrap_or(u64::MAX);
        if work > limits.max_work {
            return Err(Error::limit_needing(Limit::Work, limits.max_work, work));
        }
        // Threads pay for their start and their meeting at each level from about a
        // million diagrams.
        let threads = if work < 1 << 26 { 1 } else { self.threads };
        let table = self
            .table
            .insert(ChompTable::build(height, width, &limits, threads)?);
        Ok(in_table(table))
    }

    /// For a board that the search stopped on at the work limit: the memory its box's table
    /// needs ([`Limit::TableMemory`]), when the table is off only for want of memory and
    /// within reach (on a square board the table is 70 times as fast as the search at 10x10,
    /// and more beyond).
    fn table_instead(&self, board: &ChompBoard) -> Option<Error> {
        let limits = self.search.limits();
        let bytes = ChompTable::bytes(board.rows().len(), board.width())?;
        let error = Error::limit_needing(Limit::TableMemory, limits.max_memory, bytes);
        (self.tables && bytes > limits.max_memory && !error.beyond_reach()).then_some(error)
    }
}

impl Evaluator for ChompSolver {
    type Rules = Chomp;

    fn rules(&self) -> &Chomp {
        &Chomp
    }

    fn limits(&self) -> Limits {
        self.search.limits()
    }

    /// The moves of `board` to a position of value `target`: each move's value from the
    /// table of the board's box, or, past the memory for one, found by asking the search
    /// whether the move's value is `target` rather than for its value.
    fn moves_to_value(
        &mut self,
        board: &ChompBoard,
        target: Nimber,
    ) -> Result<Option<MoveList<Chomp>>> {
        let Ok(target) = u16::try_from(target.value()) else {
            return Ok(Some(Vec::new()));
        };
        let tabled = self.tabled(board)?.is_some();
        let mut found = Vec::new();
        for (_, next) in board.moves() {
            let hit = if next.squares() == 1 {
                target == 0
            } else if tabled {
                self.tabled(&next)? == Some(target)
            } else {
                let part = Ruleset::canonical(&Chomp, &next);
                let Ok(target) = u8::try_from(target) else {
                    continue;
                };
                self.search.nimber_in(&part, NimberSet::single(target))? == Some(target)
            };
            if hit {
                found.push(MoveClass {
                    parts: Parts::from_slice(&[next]),
                    count: 1,
                });
            }
        }
        Ok(Some(found))
    }

    /// The nimber of the board: by a theorem when one applies, else from the table or the
    /// search.
    ///
    /// # Errors
    /// A limit of the table or of the search.
    fn value(&mut self, board: &ChompBoard) -> Result<Nimber> {
        let part = Ruleset::canonical(&Chomp, board);
        if let Known::Nimber(nimber) = Chomp.known(&part) {
            return Ok(Nimber::new(u64::from(nimber)));
        }
        if let Some(nimber) = self.tabled(&part)? {
            return Ok(Nimber::new(u64::from(nimber)));
        }
        match self.search.nimber(&part, self.threads) {
            Ok(value) => Ok(Nimber::new(u64::from(value))),
            Err(error) if matches!(error.exceeded(), Some((Limit::Work, _))) => {
                Err(self.table_instead(&part).unwrap_or(error))
            }
            Err(error) => Err(error),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;

    /// Every Young diagram of at most `height` rows of at most `width` squares.
    fn diagrams(height: usize, width: u64) -> Vec<ChompBoard> {
        let mut all = Vec::new();
        let mut stack: Vec<Vec<u64>> = (1..=width).map(|w| vec![w]).collect();
        while let Some(rows) = stack.pop() {
            if rows.len() < height {
                let last = rows[rows.len() - 1];
                stack.extend((1..=last).map(|w| [rows.as_slice(), &[w]].concat()));
            }
            if let Ok(board) = ChompBoard::from_rows(&rows) {
                all.push(board);
            }
        }
        all
    }

    /// A solver on `threads` threads that never builds a table: the search alone.
    fn searching(threads: usize) -> ChompSolver {
        ChompSolver {
            tables: false,
            ..ChompSolver::new(Limits::default(), threads)
        }
    }

    #[test]
    fn the_search_and_the_tables_agree_with_the_memoised_solver() -> Result<()> {
        let boards = diagrams(6, 6);
        assert_eq!(boards.len(), 923);
        let mut solver = Solver::new(Chomp);
        let mut search = searching(1);
        let mut tabled = ChompSolver::new(Limits::default(), 1);
        for board in &boards {
            let expected = solver.value(board)?;
            assert_eq!(search.value(board)?, expected, "{board}");
            assert_eq!(tabled.value(board)?, expected, "{board}");
        }
        let mut two = searching(2);
        for board in boards.iter().step_by(11) {
            assert_eq!(two.value(board)?, solver.value(board)?, "{board}");
        }
        // Every theorem the search uses, against the memoised solver, which uses none.
        for board in diagrams(7, 8) {
            let part = Chomp.canonical(&board);
            let value = solver.value(&board)?.value();
            match Chomp.known(&part) {
                Known::Nimber(n) => assert_eq!(value, u64::from(n), "{board}"),
                Known::NotZero => assert_ne!(value, 0, "{board}"),
                Known::Nothing => {}
            }
        }
        Ok(())
    }

    #[test]
    fn two_rows_lose_exactly_at_a_and_a_minus_one() -> Result<()> {
        // Winning Ways, ch. 18.
        let mut solver = Solver::new(Chomp);
        let mut search = searching(1);
        for a in 1..=20u64 {
            for b in 1..=a {
                let board = ChompBoard::from_rows(&[a, b])?;
                let zero = b + 1 == a;
                assert_eq!(solver.value(&board)?.value() == 0, zero, "{board}");
                assert_eq!(search.value(&board)?.value() == 0, zero, "{board}");
            }
        }
        Ok(())
    }

    #[test]
    fn rectangles_are_first_player_wins() -> Result<()> {
        // Searched without theorems: the memoised solver.
        let mut solver = Solver::new(Chomp);
        for height in 1..=6 {
            for width in 1..=6 {
                let value = solver.value(&ChompBoard::rectangle(height, width)?)?;
                assert_eq!(value.value() == 0, height * width == 1, "{height}x{width}");
            }
        }
        Ok(())
    }

    #[test]
    fn moves_to_a_value_by_narrow_questions_and_by_tables() -> Result<()> {
        let mut solver = Solver::new(Chomp);
        for mut evaluator in [searching(1), ChompSolver::new(Limits::default(), 1)] {
            for board in diagrams(4, 5) {
                for target in (0..3).map(Nimber::new) {
                    let found = evaluator
                        .moves_to_value(&board, target)?
                        .unwrap_or_default();
                    let mut expected = Vec::new();
                    for (_, next) in board.moves() {
                        if solver.value(&next)? == target {
                            expected.push(next);
                        }
                    }
                    let found: Vec<ChompBoard> = found.iter().map(|class| class.parts[0]).collect();
                    assert_eq!(found, expected, "{board} to {target}");
                }
            }
        }
        Ok(())
    }

    #[test]
    fn moves_canonical_forms_and_text() -> Result<()> {
        let board = ChompBoard::from_rows(&[3, 2])?;
        let mut out = Vec::new();
        Ruleset::moves(&Chomp, &board, &mut out);
        let texts: Vec<String> = out.iter().map(|parts| Chomp.format(parts)).collect();
        assert_eq!(
            texts,
            ["chomp(2x1)", "chomp(2x2)", "chomp(1x3)", "chomp(3,1)"]
        );
        assert_eq!(
            Chomp.describe(&board, &out[3]),
            "take the square in row 2, column 2 and all below and right of it"
        );
        assert_eq!(
            Chomp.describe(&board, &out[0]),
            "take the square in row 1, column 2 and all below and right of it"
        );
        let tall = ChompBoard::from_rows(&[2, 2, 1, 1, 1])?;
        assert_eq!(Chomp.canonical(&tall), ChompBoard::from_rows(&[5, 2])?);
        assert_eq!(
            Chomp.canonical(&ChompBoard::rectangle(7, 4)?),
            ChompBoard::rectangle(4, 7)?
        );
        assert_eq!(
            Chomp.canonical(&ChompBoard::rectangle(2, 40)?),
            ChompBoard::rectangle(2, 40)?
        );
        assert_eq!(ChompBoard::rectangle(1, 1)?.key(), 1 << 120 | 1);
        assert_eq!(ChompBoard::from_rows(&[2, 1])?.key(), 1 << 120 | 1 << 8 | 2);
        assert_eq!(Chomp.format(&[]), "0");
        Ok(())
    }

    #[test]
    fn sizes() -> Result<()> {
        assert_eq!(ChompBoard::rectangle(15, 255)?.squares(), 15 * 255);
        let error = |board: Result<ChompBoard>| board.err().map(|e| e.to_string());
        assert!(error(ChompBoard::rectangle(16, 3))
            .is_some_and(|e| e.contains("at most 15 rows, and this one has 16")));
        assert!(error(ChompBoard::rectangle(u64::MAX, 3)).is_some());
        assert!(error(ChompBoard::rectangle(3, 256))
            .is_some_and(|e| e.contains("at most 255 squares, and row 1 has 256")));
        assert!(error(ChompBoard::rectangle(0, 3)).is_some());
        assert!(error(ChompBoard::rectangle(3, 0)).is_some());
        assert!(error(ChompBoard::from_rows(&[])).is_some_and(|e| e.contains("at least one row")));
        assert!(error(ChompBoard::from_rows(&[3, 4]))
            .is_some_and(|e| e.contains("row 2 has 4 squares, more than the 3 above it")));
        // A row of 255 is valued by its theorem, without search.
        let mut search = ChompSolver::new(Limits::default(), 1);
        assert_eq!(
            search.value(&ChompBoard::rectangle(1, 255)?)?,
            Nimber::new(254)
        );
        Ok(())
    }
}
