//! The nimber alone of Cram boards (no winning moves), with the search's figures: what
//! `igsolve` reports, for `scripts/bench-cram`. The span is the work of the busiest thread in
//! each phase, summed (all the work on one thread). Usage: `cram_nimber THREADS RxC...`; the
//! tables' memory in MiB from `CRAM_MEMORY_MIB` (default: `Limits::default()`'s). A long run
//! keeps a checkpoint in `CRAM_CHECKPOINT` (`grundy_census::checkpoint::FileCheckpoint`, as
//! `grundy value --checkpoint` does: resumed when the file exists, saved every
//! `CRAM_CHECKPOINT_SECS` seconds, 600 by default, and when it stops; boards of one run share
//! it, its entries being nimbers of regions whatever board they came from), and stops
//! after `CRAM_MAX_WORK` units of work ([`Limits::max_work`], unlimited by default). With
//! `CRAM_PROGRESS_SECS`, a line on standard error every that many seconds: the positions,
//! the table's fill and how far the root's question has come.

use std::time::{Duration, Instant};

use grundy::progress::{Counters, Progress};
use grundy::rules::{CramBoard, CramSolver};
use grundy::{Evaluator, Limits};
use grundy_census::checkpoint::FileCheckpoint;

/// The variable `name` as a number.
fn number(name: &str) -> Option<u64> {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
}

/// Writes the counters' line to standard error every `every`, for the program's life.
fn show_progress(counters: &'static Counters, every: Duration) {
    let start = Instant::now();
    std::thread::spawn(move || loop {
        std::thread::sleep(every);
        let now = counters.snapshot();
        let root = match now.asking() {
            Some(nimber) => format!(
                ", nimber >= {nimber}, asking whether an option is *{nimber}: {} of {} settled",
                now.root_settled, now.root_options
            ),
            None => String::new(),
        };
        eprintln!(
            "{:.0} s: {} positions, {} work, table {} of {}{root}",
            start.elapsed().as_secs_f64(),
            now.positions,
            now.work,
            now.table_used,
            now.table_capacity
        );
    });
}

fn main() -> grundy::Result<()> {
    let progress = number("CRAM_PROGRESS_SECS").map(|seconds| {
        let counters: &'static Counters = Box::leak(Box::new(Counters::new()));
        show_progress(counters, Duration::from_secs(seconds.max(1)));
        Progress::new(counters)
    });
    let mut args = std::env::args().skip(1);
    let threads: usize = args.next().and_then(|t| t.parse().ok()).unwrap_or(1);
    for board in args {
        let (rows, columns) = board.split_once('x').unwrap_or((&board, "1"));
        let (rows, columns) = (rows.parse().unwrap_or(1), columns.parse().unwrap_or(1));
        let memory = number("CRAM_MEMORY_MIB").map_or(Limits::DEFAULT.max_memory, |mib| mib << 20);
        let limits = Limits::DEFAULT
            .with_max_work(number("CRAM_MAX_WORK").unwrap_or(u64::MAX))
            .with_max_memory(memory)
            .with_progress(progress.unwrap_or(Progress::NONE));
        let mut solver = CramSolver::new(limits, threads);
        if let Ok(path) = std::env::var("CRAM_CHECKPOINT") {
            let every = Duration::from_secs(number("CRAM_CHECKPOINT_SECS").unwrap_or(600));
            solver = solver.with_checkpoints(FileCheckpoint::cram(path.as_ref(), every));
        }
        let start = Instant::now();
        let nimber = solver.value(&CramBoard::rectangle(rows, columns)?);
        let seconds = start.elapsed().as_secs_f64();
        let stats = solver.stats();
        let nimber = nimber.inspect_err(|error| {
            eprintln!(
                "{board}: {error} after {seconds:.2} s, {} positions, {} moves",
                stats.positions, stats.work
            );
        })?;
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
