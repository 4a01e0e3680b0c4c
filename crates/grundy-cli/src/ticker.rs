//! A spinner on standard error while a positional search runs (Cram): positions expanded and
//! their rate, the table's fill, the depth, and the moves examined, with the time left to
//! `--max-work` at this rate, and how far the root's question has come. Shown only on a
//! terminal, and only once the search has run for a second; the library keeps the counters
//! ([`grundy::progress`]), this module reads them with its own clock.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use grundy::progress::{Counters, Progress, Snapshot};
use grundy::Limits;

/// How long a search runs before the spinner shows.
const FIRST_SHOW: Duration = Duration::from_secs(1);
/// How often the spinner is redrawn.
const TICK: Duration = Duration::from_millis(250);

/// The running spinner; dropping it stops and clears it.
pub struct Ticker {
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Ticker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts the spinner for a computation within `limits` (which gain the counters), when
/// standard error is a terminal.
pub fn start(limits: &mut Limits) -> Option<Ticker> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    // One set of counters for the program's life: a command runs one computation.
    let counters: &'static Counters = Box::leak(Box::new(Counters::new()));
    limits.progress = Progress::new(counters);
    let max_work = limits.max_work;
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let thread = std::thread::spawn(move || {
        let start = Instant::now();
        let mut spinner: Option<indicatif::ProgressBar> = None;
        while !stopped.load(Ordering::Relaxed) {
            std::thread::sleep(TICK);
            let now = counters.snapshot();
            if (now.positions == 0 && now.work == 0) || start.elapsed() < FIRST_SHOW {
                continue;
            }
            let bar = spinner.get_or_insert_with(|| {
                let bar = indicatif::ProgressBar::new_spinner();
                bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
                bar
            });
            bar.set_message(message(now, start.elapsed(), max_work));
            bar.tick();
        }
        if let Some(bar) = spinner {
            bar.finish_and_clear();
        }
    });
    Some(Ticker {
        stop,
        thread: Some(thread),
    })
}

/// The spinner's line for the counters `now`, `elapsed` into the search.
pub fn message(now: Snapshot, elapsed: Duration, max_work: u64) -> String {
    let seconds = elapsed.as_secs_f64().max(1e-3);
    let rate = now.positions as f64 / seconds;
    let fill = if now.table_capacity == 0 {
        0.0
    } else {
        100.0 * now.table_used as f64 / now.table_capacity as f64
    };
    let work_rate = now.work as f64 / seconds;
    let left = if work_rate > 0.0 {
        let seconds = (max_work.saturating_sub(now.work)) as f64 / work_rate;
        format!(", work limit in {}", duration(seconds))
    } else {
        String::new()
    };
    if now.heap > 0 {
        // A misère quotient growing heap by heap.
        return format!(
            "misère quotient: heap {}, order {}, {} candidates tried, {} moves examined \
             ({}/s){left} (--max-work {})",
            group(now.heap),
            group(now.order),
            group(now.candidates),
            group(now.work),
            group(work_rate as u64),
            group(max_work)
        );
    }
    if now.positions == 0 {
        // A search that counts only its work: the moves examined, against the work limit.
        return format!(
            "searching: {} moves examined ({}/s){left} (--max-work {})",
            group(now.work),
            group(work_rate as u64),
            group(max_work)
        );
    }
    format!(
        "searching: {} positions ({}/s), table {:.0}% full, depth {}, work {}{}{}",
        group(now.positions),
        group(rate as u64),
        fill,
        now.depth,
        group(now.work),
        left,
        root(now)
    )
}

/// How far the root's question has come: every nimber below the one asked about is
/// settled (an option has it), so the root's nimber is at least that one.
fn root(now: Snapshot) -> String {
    match now.asking() {
        Some(nimber) => format!(
            "; nimber ≥ {nimber}, asking whether an option is *{nimber}: {} of {} settled",
            now.root_settled, now.root_options
        ),
        None => String::new(),
    }
}

/// `seconds` in the largest unit that keeps a whole number: `40 s`, `3 min`, `2 h`, `9 d`.
pub fn duration(seconds: f64) -> String {
    let seconds = seconds.ceil() as u64;
    match seconds {
        0..=99 => format!("{seconds} s"),
        100..=5999 => format!("{} min", seconds.div_ceil(60)),
        6000..=172_799 => format!("{} h", seconds.div_ceil(3600)),
        _ => format!("{} d", seconds.div_ceil(86_400)),
    }
}

/// `1234567` as `1,234,567`.
pub fn group(number: u64) -> String {
    let digits = number.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_says_rate_fill_depth_and_time_to_the_limit() {
        let now = Snapshot {
            positions: 1_234_567,
            work: 20_000_000,
            depth: 12,
            table_used: 250_000,
            table_capacity: 1_000_000,
            ..Snapshot::default()
        };
        expect_test::expect![[r#"searching: 1,234,567 positions (617,283/s), table 25% full, depth 12, work 20,000,000, work limit in 5 s"#]]
            .assert_eq(&message(now, Duration::from_secs(2), 1 << 26));
        let asking = Snapshot {
            root_asking: 3,
            root_settled: 17,
            root_options: 49,
            ..now
        };
        expect_test::expect![[r#"searching: 1,234,567 positions (617,283/s), table 25% full, depth 12, work 20,000,000, work limit in 5 s; nimber ≥ 2, asking whether an option is *2: 17 of 49 settled"#]]
            .assert_eq(&message(asking, Duration::from_secs(2), 1 << 26));
        let work_only = Snapshot {
            work: 30_000_000,
            ..Snapshot::default()
        };
        expect_test::expect![[r#"searching: 30,000,000 moves examined (10,000,000/s), work limit in 4 s (--max-work 67,108,864)"#]]
            .assert_eq(&message(work_only, Duration::from_secs(3), 1 << 26));
        let quotient = Snapshot {
            work: 40_000_000,
            heap: 27,
            order: 40,
            candidates: 9,
            ..Snapshot::default()
        };
        expect_test::expect![[r#"misère quotient: heap 27, order 40, 9 candidates tried, 40,000,000 moves examined (20,000,000/s), work limit in 52 s (--max-work 1,073,741,824)"#]]
            .assert_eq(&message(quotient, Duration::from_secs(2), 1 << 30));
        assert_eq!(duration(6000.0), "2 h");
        assert_eq!(duration(523_192.0), "7 d");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
    }
}
