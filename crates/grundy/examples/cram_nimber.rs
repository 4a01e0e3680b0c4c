//! The nimber alone of Cram boards (no winning moves), with the search's figures: what
//! `igsolve` reports, for `scripts/bench-cram`. The span is the work of the busiest thread in
//! each phase, summed (all the work on one thread). Usage: `cram_nimber THREADS RxC...`; the
//! tables' memory in MiB from `CRAM_MEMORY_MIB` (default: `Limits::default()`'s).

use std::time::Instant;

use grundy::rules::{CramBoard, CramSolver};
use grundy::{Evaluator, Limits};

fn main() -> grundy::Result<()> {
    let mut args = std::env::args().skip(1);
    let threads: usize = args.next().and_then(|t| t.parse().ok()).unwrap_or(1);
    for board in args {
        let (rows, columns) = board.split_once('x').unwrap_or((&board, "1"));
        let (rows, columns) = (rows.parse().unwrap_or(1), columns.parse().unwrap_or(1));
        let memory = std::env::var("CRAM_MEMORY_MIB")
            .ok()
            .and_then(|mib| mib.parse::<u64>().ok())
            .map_or(Limits::DEFAULT.max_memory, |mib| mib << 20);
        let limits = Limits::DEFAULT
            .with_max_work(u64::MAX)
            .with_max_memory(memory);
        let mut solver = CramSolver::new(limits, threads);
        let start = Instant::now();
        let nimber = solver.value(&CramBoard::rectangle(rows, columns)?)?;
        let seconds = start.elapsed().as_secs_f64();
        let stats = solver.stats();
        println!(
            "{board} *{} {seconds:.2} s, {} positions, {} moves, span {}, {} in the table",
            nimber.value(),
            stats.positions,
            stats.work,
            solver.span(),
            stats.table_used
        );
    }
    Ok(())
}
