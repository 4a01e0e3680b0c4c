//! [`CramSolver`]: Cram boards valued by the positional search ([`NimberSearch`]), a part being
//! a connected region of empty squares, with the three theorems of the [module docs](super):
//! straight regions, and half turns about a corner or a side's midpoint. Here too `Cram`'s
//! parts in rows ([`Region`]): the plain search that `SmallCram` and `LargeCram` are tested
//! against, and the moves of `LargeCram`'s parts past a word.

use std::sync::{Arc, OnceLock};

use super::large::{CramPart, LargeCram};
use super::word::{weights, SmallCram};
use super::{Cram, CramBoard};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Evaluator, Limits, MoveClass, MoveList, Ruleset};
use crate::nimber::Nimber;
use crate::positional::{
    CheckpointStore, Checkpointed, Decomposable, Known, NimberSearch, Options, Region, WordRegion,
    MAX_COLUMNS, MAX_ROWS,
};
use crate::progress::Snapshot;

impl CramBoard {
    /// The empty squares in one word, rows as wide as the trimmed board, when its box holds
    /// at most 64 squares.
    fn word(&self) -> Option<WordRegion> {
        let trimmed = self.trimmed();
        let width = trimmed.width;
        if u64::from(trimmed.height) * u64::from(width) > 64 {
            return None;
        }
        let bits = trimmed
            .empty
            .iter()
            .fold(0u64, |bits, &(r, c)| bits | 1 << (r * width + c));
        Some(WordRegion::new(bits, width.max(1)))
    }

    /// The region of this board's empty squares, trimmed, when it spans at most
    /// [`MAX_ROWS`] rows and [`MAX_COLUMNS`] columns.
    fn region(&self) -> Result<Region> {
        let trimmed = self.trimmed();
        let (height, width) = (trimmed.height as usize, trimmed.width as usize);
        if height > MAX_ROWS || width > MAX_COLUMNS {
            return Err(Error::new(ErrorKind::Unsupported {
                reason: format!(
                    "the positional search takes regions of at most {MAX_ROWS} rows and \
                     {MAX_COLUMNS} columns, and this one spans {height} x {width}"
                ),
            }));
        }
        let mut rows = vec![0u64; height];
        for &(r, c) in &trimmed.empty {
            rows[r as usize] |= 1 << c;
        }
        Ok(Region::from_rows(&rows))
    }
}

/// Dawson's Kayles' nimbers repeat with period 34 from 53 squares on (R. K. Guy and C. A. B.
/// Smith, 1956): valuing every length up to the largest board by the mex took 10 ms at the
/// start of a search, serial time on short runs.
const PERIOD: usize = 34;
const PERIODIC_FROM: usize = 53;

/// The straight regions valued by the mex ([`straight`]): past them the period holds by the
/// periodicity theorem of octal games (a period `p` that holds from `n0` up to
/// `2 n0 + p + t`, a move taking `t` squares, holds for ever; here `t = 2`), which
/// `straight_regions_repeat_for_ever` checks on these values.
const BY_MEX: usize = 2 * PERIODIC_FROM + 2 * PERIOD + 2;

/// The nimber of Dawson's Kayles (octal 0.07) on `n`: Cram on a straight region of `n`
/// squares, where a domino leaves two straight regions of `a` and `b` squares, `a + b = n - 2`.
pub(super) fn straight(n: usize) -> u8 {
    static VALUES: OnceLock<[u8; BY_MEX + 1]> = OnceLock::new();
    let values = VALUES.get_or_init(|| {
        let mut values = [0u8; BY_MEX + 1];
        for length in 2..=BY_MEX {
            let mut seen = [false; 256];
            for a in 0..=(length - 2) / 2 {
                seen[usize::from(values[a] ^ values[length - 2 - a])] = true;
            }
            values[length] = seen.iter().position(|&seen| !seen).unwrap_or(255) as u8;
        }
        values
    });
    if n <= BY_MEX {
        values[n]
    } else {
        values[PERIODIC_FROM + (n - PERIODIC_FROM) % PERIOD]
    }
}

/// The regions whose keys make the fingerprint of a checkpoint of regions in rows
/// ([`Checkpointed::samples`]): rectangles, an L, a ring and boards past a word.
pub(super) const SAMPLE_ROWS: [&[u64]; 6] = [
    &[0b111; 2],
    &[0b1111; 3],
    &[0b1, 0b1, 0b111],
    &[0b1111, 0b1001, 0b1111],
    &[0x7ff; 6],
    &[0xffff_ffff; 32],
];

impl Checkpointed for Cram {
    const NAME: &'static str = "cram-region";

    /// `SAMPLE_ROWS` as they stand (not canonical).
    fn samples(&self) -> Vec<Region> {
        SAMPLE_ROWS.map(Region::from_rows).to_vec()
    }
}

/// Lists the options of `region`, a domino at a time, nearest the centre of its frame first
/// by the distance that orders a word's ([`weights`]), down before across at one distance,
/// then by square: `leave` adds each part the domino leaves (given as rows, not canonical;
/// parts of one square, without a move, left out), then the option is closed.
pub(super) fn region_moves<P>(
    region: &Region,
    out: &mut Options<P>,
    mut leave: impl FnMut(&[u64], &mut Options<P>),
) {
    let rows = region.rows();
    let (height, width) = (rows.len() as u32, region.width() as u32);
    let (a, b) = if width <= height {
        weights(width, height)
    } else {
        let (a, b) = weights(height, width);
        (b, a)
    };
    // Each domino as one number that sorts them: its distance from the centre in half
    // squares, then down before across, then its row and column (6 bits each). A region
    // in rows is large (its box past a word), so the list's allocation is small beside the
    // option's.
    let mut dominoes = Vec::with_capacity(2 * region.cells() as usize);
    for (r, &row) in (0..).zip(rows) {
        let across = row & row >> 1;
        let down = rows.get(r as usize + 1).map_or(0, |&below| row & below);
        for (mut starts, is_down) in [(across, 0), (down, 1)] {
            while starts != 0 {
                let c = starts.trailing_zeros();
                starts &= starts - 1;
                let (y, x) = (2 * r + is_down, 2 * c + 1 - is_down);
                let distance = a * x.abs_diff(width - 1) + b * y.abs_diff(height - 1);
                dominoes.push(distance << 13 | (1 - is_down) << 12 | r << 6 | c);
            }
        }
    }
    dominoes.sort_unstable();
    let mut after = [0u64; MAX_ROWS];
    let after = &mut after[..rows.len()];
    for domino in dominoes {
        let (r, square) = ((domino >> 6 & 63) as usize, 1u64 << (domino & 63));
        after.copy_from_slice(rows);
        if domino >> 12 & 1 == 0 {
            after[r] &= !square;
            after[r + 1] &= !square;
        } else {
            after[r] &= !(square | square << 1);
        }
        Region::split(after, |_, part| {
            if part.len() > 1 || part[0].count_ones() > 1 {
                leave(part, out);
            }
        });
        out.end_option();
    }
}

impl Decomposable for Cram {
    type Part = Region;

    fn moves(&self, region: &Region, out: &mut Options<Region>) {
        region_moves(region, out, |part, out| {
            out.push_part(Region::canonical_of(part));
        });
    }

    fn key(&self, region: &Region) -> Option<u128> {
        region.key()
    }

    /// The squares; also the difficulty that orders the options (the sum of the squares of
    /// their parts' squares, igsolve's order: 12 to 55% fewer moves than by dominoes on
    /// boards of 36 to 44 squares, docs/performance.md).
    fn weight(&self, region: &Region) -> u32 {
        region.cells()
    }

    fn known(&self, region: &Region) -> Known {
        let (height, width) = (region.height(), region.width());
        if width == 1 {
            return Known::Nimber(straight(height));
        }
        if region.is_centrally_symmetric() {
            let (rows, r, c) = (region.rows(), height / 2, width / 2);
            let open = |r: usize, c: usize| rows[r] >> c & 1 == 1;
            return match (height % 2, width % 2) {
                (0, 0) => Known::Nimber(0),
                (0, 1) => mirror_play(open(r - 1, c) && open(r, c)),
                (1, 0) => mirror_play(open(r, c - 1) && open(r, c)),
                _ if open(r, c) => Known::Nothing,
                _ => Known::Nimber(0),
            };
        }
        Known::Nothing
    }
}

/// What mirror play says of a centrally symmetric region with one side even and one odd,
/// given whether the domino across its centre (the one domino that is its own image) is open.
/// Every other move leaves its image open and apart from it: when that domino is open the
/// first player takes it and mirrors after (the nimber is not 0); when it is not, the second
/// player mirrors and wins (nimber 0), as in an odd frame whose centre square is missing.
pub(crate) fn mirror_play(centre_domino: bool) -> Known {
    if centre_domino {
        Known::NotZero
    } else {
        Known::Nimber(0)
    }
}

/// Where a [`CramSolver`]'s two searches keep their checkpoints
/// ([`CramSolver::with_checkpoints`]).
#[derive(Clone)]
pub struct CramCheckpoints {
    /// The search of regions whose box holds at most 64 squares (all of a board of at most
    /// 64 squares).
    pub words: Arc<dyn CheckpointStore>,
    /// The search of larger regions.
    pub regions: Arc<dyn CheckpointStore>,
}

/// Values Cram boards by the positional search ([`NimberSearch`]) on every core, its tables
/// kept across the boards of a sum: one for regions whose box holds at most 64 squares (one
/// word a region, `SmallCram`), one for larger regions (`LargeCram`: in rows while they are
/// that large, in words once they fit), each made when first needed and given half of
/// `limits.max_memory`.
pub struct CramSolver {
    limits: Limits,
    threads: usize,
    /// Where the searches keep their checkpoints.
    checkpoints: Option<CramCheckpoints>,
    small: Option<NimberSearch<SmallCram>>,
    large: Option<NimberSearch<LargeCram>>,
}

impl CramSolver {
    /// A solver within `limits` (its tables take `limits.max_memory` bytes together), on
    /// `threads` threads.
    pub fn new(limits: Limits, threads: usize) -> CramSolver {
        CramSolver {
            limits,
            threads,
            checkpoints: None,
            small: None,
            large: None,
        }
    }

    /// The memory the tables take.
    pub fn table_bytes(&self) -> usize {
        self.small.as_ref().map_or(0, NimberSearch::bytes)
            + self.large.as_ref().map_or(0, NimberSearch::bytes)
    }

    /// The work of the busiest thread in each phase of the two searches, summed
    /// ([`NimberSearch::span`]).
    pub fn span(&self) -> u64 {
        self.small.as_ref().map_or(0, NimberSearch::span)
            + self.large.as_ref().map_or(0, NimberSearch::span)
    }

    /// The figures of the two searches so far: positions, moves and table entries added up,
    /// the deeper of the two depths.
    pub fn stats(&self) -> Snapshot {
        let small = self.small.as_ref().map(|s| s.stats().snapshot());
        let large = self.large.as_ref().map(|s| s.stats().snapshot());
        let (small, large) = (small.unwrap_or_default(), large.unwrap_or_default());
        Snapshot {
            positions: small.positions + large.positions,
            work: small.work + large.work,
            depth: small.depth.max(large.depth),
            table_used: small.table_used + large.table_used,
            table_capacity: small.table_capacity + large.table_capacity,
            ..small
        }
    }

    /// Each table's share of the limits.
    fn half(&self) -> Limits {
        self.limits.with_max_memory(self.limits.max_memory / 2)
    }

    /// The same solver, its searches resumed from `checkpoints` and saved to them
    /// ([`NimberSearch::resume`]), each loaded when its search is made, before it searches.
    ///
    /// # Example
    /// ```
    /// use std::sync::Arc;
    /// use grundy::positional::MemoryCheckpoint;
    /// use grundy::rules::{CramBoard, CramCheckpoints, CramSolver};
    /// use grundy::{Evaluator, Limits};
    /// let words = Arc::new(MemoryCheckpoint::new(u64::MAX));
    /// let regions = Arc::new(MemoryCheckpoint::new(u64::MAX));
    /// let checkpoints = CramCheckpoints { words: words.clone(), regions };
    /// let tight = Limits::default().with_max_work(1 << 20);
    /// let board = CramBoard::rectangle(5, 6)?;
    /// let mut first = CramSolver::new(tight, 1).with_checkpoints(checkpoints.clone());
    /// assert!(first.value(&board).is_err()); // stopped by its work limit, its tables saved
    /// assert_eq!(words.saves(), 1);
    /// let mut second = CramSolver::new(Limits::default(), 1).with_checkpoints(checkpoints);
    /// let straight = CramSolver::new(Limits::default(), 1).value(&board)?;
    /// assert_eq!(second.value(&board)?, straight); // resumed
    /// # Ok::<(), grundy::Error>(())
    /// ```
    #[must_use]
    pub fn with_checkpoints(self, checkpoints: CramCheckpoints) -> CramSolver {
        CramSolver {
            checkpoints: Some(checkpoints),
            ..self
        }
    }

    /// A search of `game` with its share of the limits, resumed from `store` when the
    /// solver has checkpoints.
    fn made<G: Checkpointed>(
        &self,
        game: G,
        store: impl Fn(&CramCheckpoints) -> &Arc<dyn CheckpointStore>,
    ) -> Result<NimberSearch<G>> {
        let mut search = NimberSearch::new(game, &self.half());
        if let Some(checkpoints) = &self.checkpoints {
            search.resume(store(checkpoints).clone())?;
        }
        Ok(search)
    }

    fn small(&mut self) -> Result<&NimberSearch<SmallCram>> {
        let search = match self.small.take() {
            Some(search) => search,
            None => self.made(SmallCram, |c| &c.words)?,
        };
        Ok(self.small.insert(search))
    }

    fn large(&mut self) -> Result<&NimberSearch<LargeCram>> {
        let search = match self.large.take() {
            Some(search) => search,
            None => self.made(LargeCram, |c| &c.regions)?,
        };
        Ok(self.large.insert(search))
    }

    /// A connected region of a board: its nimber when a theorem or a table gives it at once
    /// (a straight region, however long), else its canonical part for the search.
    fn region_part(&mut self, region: &CramBoard) -> Result<std::result::Result<u8, CramPart>> {
        let trimmed = region.trimmed();
        if trimmed.height <= 1 || trimmed.width <= 1 {
            return Ok(Ok(straight(trimmed.empty.len())));
        }
        if let Some(word) = region.word() {
            let part = SmallCram::part(word);
            return Ok(self.small()?.lookup(&part).ok_or(CramPart::Word(part)));
        }
        let part = CramPart::Rows(Box::new(region.region()?.canonical()));
        Ok(self.large()?.lookup(&part).ok_or(part))
    }

    /// The nimber of a part, searched.
    fn nimber(&mut self, part: &CramPart) -> Result<u8> {
        let threads = self.threads;
        match part {
            CramPart::Word(word) => self.small()?.nimber(word, threads),
            rows => self.large()?.nimber(rows, threads),
        }
    }
}

impl Evaluator for CramSolver {
    type Rules = Cram;

    fn rules(&self) -> &Cram {
        &Cram
    }

    fn limits(&self) -> Limits {
        self.limits
    }

    /// The moves of `board` to a position of value `target`, each found by asking the
    /// search whether the move's value is `target` rather than for its value: the question
    /// goes to the heaviest part, in the search of regions past a word when the move leaves
    /// one, the rest valued in full.
    fn moves_to_value(
        &mut self,
        board: &CramBoard,
        target: Nimber,
    ) -> Result<Option<MoveList<Cram>>> {
        let Ok(target) = u8::try_from(target.value()) else {
            return Ok(Some(Vec::new()));
        };
        let mut moves = Vec::new();
        Ruleset::moves(&Cram, board, &mut moves);
        let mut found = Vec::new();
        for parts in moves {
            let (mut words, mut large) = (Vec::new(), Vec::new());
            let mut known = 0u8;
            for part in &parts {
                match self.region_part(part)? {
                    Ok(nimber) => known ^= nimber,
                    Err(CramPart::Word(region)) => words.push(region),
                    Err(rows) => large.push(rows),
                }
            }
            let threads = self.threads;
            let hit = if large.is_empty() {
                self.small()?.sum_is(words, known, target, threads)?
            } else {
                for word in &words {
                    known ^= self.small()?.nimber(word, threads)?;
                }
                self.large()?.sum_is(large, known, target, threads)?
            };
            if hit {
                found.push(MoveClass { parts, count: 1 });
            }
        }
        Ok(Some(found))
    }

    /// The nim-sum of the board's regions' nimbers.
    ///
    /// # Errors
    /// A region spanning more than 64 rows or 64 columns (unless straight), or a
    /// limit of the search.
    fn value(&mut self, board: &CramBoard) -> Result<Nimber> {
        let mut value = 0u8;
        for region in board.regions(&board.empty) {
            value ^= match self.region_part(&region)? {
                Ok(nimber) => nimber,
                Err(part) => self.nimber(&part)?,
            };
        }
        Ok(Nimber::new(u64::from(value)))
    }
}

#[cfg(test)]
mod tests {
    use super::super::MAX_CELLS;
    use super::*;
    use crate::game::Solver;
    use crate::rules::published_values;
    use crate::xorshift::Random;

    fn searched(board: &CramBoard, threads: usize) -> Result<u64> {
        Ok(CramSolver::new(Limits::default(), threads)
            .value(board)?
            .value())
    }

    #[test]
    fn strips_are_dawsons_kayles() -> Result<()> {
        // OEIS A002187 (Dawson's Chess, 0.137); Dawson's Kayles (0.07) on n is a(n - 1).
        let published = published_values(include_str!("../../../tests/data/dawson_chess.txt"));
        let mut solver = Solver::new(Cram);
        let mut search = CramSolver::new(Limits::default(), 1);
        for n in 1..=64u64 {
            let expected = Nimber::new(published[n as usize - 1]);
            assert_eq!(
                solver.value(&CramBoard::rectangle(1, n)?)?,
                expected,
                "1x{n}"
            );
            assert_eq!(
                solver.value(&CramBoard::rectangle(n, 1)?)?,
                expected,
                "{n}x1"
            );
            assert_eq!(
                search.value(&CramBoard::rectangle(n, 1)?)?,
                expected,
                "{n}x1"
            );
            assert_eq!(u64::from(straight(n as usize)), expected.value(), "{n}");
        }
        for n in 65..published.len() as u64 {
            let expected = Nimber::new(published[n as usize - 1]);
            assert_eq!(
                search.value(&CramBoard::rectangle(1, n)?)?,
                expected,
                "1x{n}"
            );
        }
        Ok(())
    }

    #[test]
    fn straight_regions_repeat_for_ever() {
        // The periodicity theorem's condition on the values by the mex, and the values past
        // them against the mex itself up to the largest board.
        for n in PERIODIC_FROM..2 * PERIODIC_FROM + PERIOD + 2 {
            assert_eq!(straight(n + PERIOD), straight(n), "{n}");
        }
        assert_ne!(
            straight(PERIODIC_FROM - 1 + PERIOD),
            straight(PERIODIC_FROM - 1)
        );
        let most = MAX_CELLS as usize;
        let mut values = vec![0u8; most + 1];
        for length in 2..=most {
            let mut seen = [false; 256];
            for a in 0..=(length - 2) / 2 {
                seen[usize::from(values[a] ^ values[length - 2 - a])] = true;
            }
            values[length] = seen.iter().position(|&seen| !seen).unwrap_or(255) as u8;
            assert_eq!(straight(length), values[length], "{length}");
        }
    }

    #[test]
    fn the_search_agrees_with_the_memoised_solver() -> Result<()> {
        // Boards with holes of up to 4 x 5, from a fixed stream of hole patterns, and the
        // rectangles up to 4 x 5, on one thread and on two.
        let mut random = Random(0x2545_f491_4f6c_dd1d);
        let mut boards: Vec<CramBoard> = (1..=4)
            .flat_map(|h| (1..=5).map(move |w| (h, w)))
            .filter_map(|(h, w)| CramBoard::rectangle(h, w).ok())
            .collect();
        for _ in 0..150 {
            let x = random.draw();
            let (h, w) = (1 + x % 4, 1 + (x >> 8) % 5);
            let rows: Vec<String> = (0..h)
                .map(|r| {
                    (0..w)
                        .map(|c| {
                            if x >> (16 + r * 5 + c) & 7 == 0 {
                                'x'
                            } else {
                                'o'
                            }
                        })
                        .collect()
                })
                .collect();
            boards.push(CramBoard::parse(&rows.join("/"))?);
        }
        let mut memo = Solver::new(Cram);
        for board in &boards {
            let expected = memo.value(board)?.value();
            assert_eq!(searched(board, 1)?, expected, "{board}");
        }
        for board in boards.iter().step_by(7) {
            assert_eq!(searched(board, 2)?, memo.value(board)?.value(), "{board}");
        }
        Ok(())
    }

    /// Thin connected shapes whose box holds more than 64 squares, `per_box` in each of
    /// `boxes`: a staircase path corner to corner of the box, with squares added beside it
    /// from a fixed stream.
    fn thin_boards(boxes: &[(usize, usize)], per_box: usize) -> Result<Vec<CramBoard>> {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut boards = Vec::new();
        for &(height, width) in boxes {
            for _ in 0..per_box {
                let mut open = vec![vec![false; width]; height];
                let (mut r, mut c) = (0, 0);
                open[0][0] = true;
                while (r, c) != (height - 1, width - 1) {
                    if c + 1 == width || (r + 1 < height && random.draw() % 2 == 0) {
                        r += 1;
                    } else {
                        c += 1;
                    }
                    open[r][c] = true;
                }
                for _ in 0..6 {
                    let (r, c) = (
                        random.draw() as usize % height,
                        random.draw() as usize % width,
                    );
                    let beside =
                        |r: usize, c: usize| open.get(r).and_then(|row| row.get(c)) == Some(&true);
                    if beside(r + 1, c)
                        || beside(r, c + 1)
                        || (r > 0 && beside(r - 1, c))
                        || (c > 0 && beside(r, c - 1))
                    {
                        open[r][c] = true;
                    }
                }
                let rows: Vec<String> = open
                    .iter()
                    .map(|row| row.iter().map(|&o| if o { 'o' } else { 'x' }).collect())
                    .collect();
                let board = CramBoard::parse(&rows.join("/"))?;
                assert!(board.word().is_none(), "{board}");
                boards.push(board);
            }
        }
        Ok(boards)
    }

    #[test]
    fn regions_past_a_word_agree_with_the_memoised_solver() -> Result<()> {
        // Searched with parts in rows until they fit in a word; boxes more than 32 squares
        // long among them, either way.
        let boxes = [(9, 9), (7, 10), (5, 14), (3, 40), (40, 3), (2, 63)];
        let boards = thin_boards(&[boxes, boxes].concat(), 4)?;
        assert_eq!(boards.len(), 48);
        let mut memo = Solver::new(Cram);
        for board in &boards {
            let expected = memo.value(board)?.value();
            assert_eq!(searched(board, 1)?, expected, "{board}");
            assert_eq!(searched(board, 2)?, expected, "{board}");
        }
        Ok(())
    }

    #[test]
    fn moves_past_a_word_agree_with_the_memoised_solver() -> Result<()> {
        // Each move's value asked of the search (`moves_to_value`), against the memoised
        // value of the regions it leaves, some of them still past a word: on a comb (a row
        // of 30 with teeth above and below) a move near an end leaves a part in a word
        // beside one past it.
        let teeth = |columns: &[usize]| -> String {
            (0..30)
                .map(|c| if columns.contains(&c) { 'o' } else { 'x' })
                .collect()
        };
        let comb = format!(
            "{}/{}/{}",
            teeth(&[1, 2, 15, 27, 28]),
            "o".repeat(30),
            teeth(&[0, 3, 14, 26, 28])
        );
        let mut boards = thin_boards(&[(9, 9), (5, 14), (2, 40)], 2)?;
        boards.push(CramBoard::parse(&comb)?);
        let mut memo = Solver::new(Cram);
        for board in boards {
            let mut moves = Vec::new();
            Ruleset::moves(&Cram, &board, &mut moves);
            let mut values = Vec::new();
            for parts in &moves {
                let mut value = 0;
                for part in parts {
                    value ^= memo.value(part)?.value();
                }
                values.push(value);
            }
            for target in 0..4 {
                // A new solver a question: with a table filled, parts would come from it.
                let mut solver = CramSolver::new(Limits::default(), 2);
                let expected: Vec<&[CramBoard]> = moves
                    .iter()
                    .zip(&values)
                    .filter(|&(_, &value)| value == target)
                    .map(|(parts, _)| &parts[..])
                    .collect();
                let found = solver
                    .moves_to_value(&board, Nimber::new(target))?
                    .expect("listed");
                let found: Vec<&[CramBoard]> = found.iter().map(|class| &class.parts[..]).collect();
                assert_eq!(found, expected, "{board} to *{target}");
            }
        }
        Ok(())
    }

    #[test]
    fn regions_too_wide_either_way_are_refused() -> Result<()> {
        for (height, width) in [(2, 65), (65, 2)] {
            let refused = searched(&CramBoard::rectangle(height, width)?, 1)
                .err()
                .map(|e| e.to_string());
            let reason = format!(
                "not supported: the positional search takes regions of at most 64 rows and 64 \
                 columns, and this one spans {height} x {width}"
            );
            assert_eq!(refused, Some(reason));
        }
        Ok(())
    }

    #[test]
    fn another_searchs_checkpoint_is_refused() -> Result<()> {
        use crate::positional::MemoryCheckpoint;
        let store = Arc::new(MemoryCheckpoint::new(u64::MAX));
        let mut regions = NimberSearch::new(Cram, &Limits::default());
        regions.resume(store.clone())?;
        regions.nimber(&Region::from_rows(&[0b1111; 3]).canonical(), 1)?;
        regions.save_checkpoint()?;
        let checkpoints = CramCheckpoints {
            words: store.clone(),
            regions: store,
        };
        let mut solver = CramSolver::new(Limits::default(), 1).with_checkpoints(checkpoints);
        let error = solver
            .value(&CramBoard::rectangle(3, 4)?)
            .expect_err("refused");
        let reason = "holds a search of cram-region, not of cram-word";
        assert_eq!(error.to_string(), format!("checkpoint 'memory': {reason}"));
        Ok(())
    }
}
