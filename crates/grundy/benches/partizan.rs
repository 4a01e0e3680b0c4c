//! Partizan canonical forms: Domineering rectangles valued with regions split and put in
//! their least image (the solver's way) against the same solver on whole boards (no splitting,
//! no symmetry), measured in the same run, each in a fresh table; and a sum of Toads and Frogs
//! strips.
//!
//! Run with `cargo bench -p grundy --bench partizan`.

use std::time::Instant;

use grundy::partizan::games::{
    Domineering, Grid, PartizanRuleset, PartizanSolver, Strip, ToadsAndFrogs,
};
use grundy::partizan::Games;

/// Domineering without splitting: the baseline.
struct WholeBoards;

impl PartizanRuleset for WholeBoards {
    type Position = Grid;

    fn moves(&self, position: &Grid, left: bool) -> Vec<Grid> {
        Domineering.moves(position, left)
    }
}

/// Seconds to value `rows x cols` with `rules` in a fresh table, and the canonical form's text
/// length and the table's size.
fn time<R: PartizanRuleset<Position = Grid>>(
    rules: R,
    rows: usize,
    cols: usize,
) -> (f64, usize, usize) {
    let start = Instant::now();
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(rules);
    let grid = Grid::rectangle(rows, cols).unwrap_or_else(|e| panic!("{e}"));
    let value = solver
        .value(&mut games, &grid)
        .unwrap_or_else(|e| panic!("{e}"));
    let seconds = start.elapsed().as_secs_f64();
    let text = games.format(value).unwrap_or_else(|e| panic!("{e}"));
    (seconds, text.len(), games.len())
}

fn main() {
    println!("board  split (s)  whole (s)  ratio  forms  text");
    for (rows, cols) in [(3, 3), (3, 4), (4, 4), (3, 5), (4, 5), (3, 6), (5, 5)] {
        let (split, length, forms) = time(Domineering, rows, cols);
        let whole = if rows * cols <= 20 {
            time(WholeBoards, rows, cols).0
        } else {
            f64::NAN
        };
        println!(
            "{rows}x{cols}  {split:9.4}  {whole:9.4}  {:5.1}  {forms:5}  {length}",
            whole / split
        );
    }
    let start = Instant::now();
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(ToadsAndFrogs);
    let mut total = games.zero();
    for strip in ["ttt..fff", "tt.t.ff.f", "t.t.t.f.f.f", "ttt...fff"] {
        let value = solver
            .value(
                &mut games,
                &Strip::new(strip.as_bytes()).unwrap_or_else(|e| panic!("{e}")),
            )
            .unwrap_or_else(|e| panic!("{e}"));
        total = games.add(total, value).unwrap_or_else(|e| panic!("{e}"));
    }
    let text = games.format(total).unwrap_or_else(|e| panic!("{e}"));
    println!(
        "toads and frogs sum: {:.4} s, {} forms, {} characters",
        start.elapsed().as_secs_f64(),
        games.len(),
        text.len()
    );
}
