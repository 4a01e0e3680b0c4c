//! Cram nimbers by the positional search, against published values and the memoised solver.
//!
//! The published table: P. Beling, the README of github.com/beling/impartial-games ("The
//! results obtained so far", computed with `igsolve`; the smaller boards first by Lemoine and
//! Viennot's Glop, most boards up to 5 x 7 by M. Schneider, *Das Spiel Juvavum*, 2009).

use grundy::progress::{Counters, Progress};
use grundy::rules::{CramBoard, CramSolver};
use grundy::{Evaluator, Limits, Result, Solver};

/// `(rows, columns, nimber)` from Beling's table: every board of 4 x 4 to 5 x 7, 6 x 6 and
/// 4 x 9.
const PUBLISHED: [(u64, u64, u64); 10] = [
    (4, 4, 0),
    (4, 5, 2),
    (4, 6, 0),
    (4, 7, 3),
    (4, 8, 0),
    (4, 9, 1),
    (5, 5, 0),
    (5, 6, 2),
    (5, 7, 1),
    (6, 6, 0),
];

fn searched(height: u64, width: u64, threads: usize) -> Result<u64> {
    // Values, not limits, are tested here: the default work limit stops 5x7 in seconds.
    let limits = Limits::DEFAULT.with_max_work(u64::MAX);
    let mut solver = CramSolver::new(limits, threads);
    Ok(solver.value(&CramBoard::rectangle(height, width)?)?.value())
}

#[test]
fn the_published_table_up_to_35_squares() -> Result<()> {
    for (height, width, nimber) in PUBLISHED {
        assert_eq!(searched(height, width, 1)?, nimber, "{height}x{width}");
        // The board turned a quarter turn is the same game.
        if height * width <= 30 {
            assert_eq!(searched(width, height, 2)?, nimber, "{width}x{height}");
        }
    }
    Ok(())
}

#[test]
fn three_rows_agree_with_the_memoised_solver() -> Result<()> {
    // The memoised solver values every position reachable; the search only what it must.
    let mut memoised = Solver::new(grundy::rules::Cram);
    for width in 1..=9 {
        let board = CramBoard::rectangle(3, width)?;
        assert_eq!(
            searched(3, width, 1)?,
            memoised.value(&board)?.value(),
            "3x{width}"
        );
    }
    Ok(())
}

#[test]
fn three_by_thirteen_by_two_search_orders() -> Result<()> {
    // Not in Beling's table (it starts at four rows); igsolve gives 2 as well. The root's
    // questions taken on one thread, then shared out between two, reach the same nimber;
    // so do eight threads, most of them helping others in other orders at the end of each
    // question.
    assert_eq!(searched(3, 13, 1)?, 2);
    assert_eq!(searched(13, 3, 2)?, 2);
    assert_eq!(searched(3, 13, 8)?, 2);
    Ok(())
}

#[test]
fn the_root_shows_how_far_its_question_has_come() -> Result<()> {
    // The last question ("has an option this nimber?") is answered no after every option
    // left is settled: the counters end on the nimber with all its options settled.
    // With more threads than options, each option is still settled once, by whichever of
    // its searcher and helpers answered first.
    for threads in [1, 2, 8] {
        for (height, width, nimber) in [(4, 5, 2), (5, 5, 0), (3, 7, 1)] {
            let counters: &'static Counters = Box::leak(Box::new(Counters::new()));
            let limits = Limits::DEFAULT
                .with_max_work(u64::MAX)
                .with_progress(Progress::new(counters));
            let mut solver = CramSolver::new(limits, threads);
            let board = CramBoard::rectangle(height, width)?;
            assert_eq!(solver.value(&board)?.value(), nimber);
            let now = counters.snapshot();
            assert_eq!(now.root_asking, nimber + 1, "{height}x{width}");
            assert!(now.root_options > 0 && now.root_settled == now.root_options);
        }
    }
    Ok(())
}

#[test]
fn the_table_stays_within_its_memory() -> Result<()> {
    // A table of 64 KiB still finds the nimber: a full table forgets, it never grows.
    let limits = Limits::DEFAULT.with_max_memory(1 << 16);
    let mut solver = CramSolver::new(limits, 1);
    assert_eq!(solver.value(&CramBoard::rectangle(4, 7)?)?.value(), 3);
    assert!(solver.table_bytes() <= 1 << 16);
    Ok(())
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Drawn boards up to 5 x 5 with blocked squares: the search (one word a region, spare
    /// leaves dropped, equal parts cancelled) agrees with the memoised solver.
    #[test]
    fn drawn_boards_agree_with_the_memoised_solver(
        height in 1usize..=5,
        width in 1usize..=5,
        holes in proptest::collection::vec(proptest::bool::weighted(0.25), 25),
    ) {
        let rows: Vec<String> = (0..height)
            .map(|r| (0..width).map(|c| if holes[r * 5 + c] { 'x' } else { 'o' }).collect())
            .collect();
        let board = CramBoard::parse(&rows.join("/")).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        let expected = Solver::new(grundy::rules::Cram).value(&board).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        let limits = Limits::DEFAULT.with_max_memory(1 << 20);
        let mut solver = CramSolver::new(limits, 1);
        let found = solver.value(&board).map_err(|e| proptest::test_runner::TestCaseError::fail(e.to_string()))?;
        proptest::prop_assert_eq!(found, expected, "{}", board);
    }
}
