//! The root of a search on several threads ([`NimberSearch::split_root`]): each aspiration
//! question ("has an option nimber `n`?") shared out among the threads an option at a time,
//! and one table: what one has valued, the others read; the first to find an option of
//! nimber `n` stops the others. A thread with no option left helps one still searching: it
//! asks the same question of the same option, its part's options taken in another order
//! ([`Searcher::reorder`]); whichever answers first answers for both, and the other stops.
//! So the end of a question, where one large option is left, is shared too (4x11 on two
//! threads: the busiest thread's work 19% less; on eight, 8.3 times less than one thread's,
//! against 3.0 without help: docs/performance.md).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use super::searcher::Searcher;
use super::{nimber_too_large, Found, NimberSearch, Stop};
use crate::error::Error;
use crate::positional::{Decomposable, Known, NimberSet, Options};

impl<G: Decomposable> NimberSearch<G> {
    /// The aspiration search of [`Searcher::aspire`] at the root, each question ("has an
    /// option nimber `n`?") shared out among the threads an option at a time; the first thread
    /// to find such an option stops the others.
    pub(super) fn split_root(&self, part: &G::Part, searchers: &mut [Searcher<'_, G>]) -> Found {
        let mut options = Options::default();
        self.game.moves(part, &mut options);
        let count = options.len();
        let mut taken = NimberSet::EMPTY;
        let mut order = Vec::new();
        searchers[0].known_first(&options, &mut order, |nimber| {
            taken = taken.with(nimber);
            true
        });
        let first = u8::from(self.game.known(part) == Known::NotZero);
        for nimber in first..=count.min(255) as u8 {
            if taken.contains(nimber) {
                continue;
            }
            self.stats.show_root(nimber, order.len());
            let found: Mutex<Vec<(usize, u8)>> = Mutex::new(Vec::new());
            let failure: Mutex<Option<Error>> = Mutex::new(None);
            let before: Vec<u64> = searchers.iter().map(|s| s.work).collect();
            let tasks = Tasks::new(searchers.len(), order.len());
            std::thread::scope(|scope| {
                let (options, order, tasks) = (&options, &order, &tasks);
                for (t, searcher) in searchers.iter_mut().enumerate() {
                    let (found, failure) = (&found, &failure);
                    scope.spawn(move || loop {
                        if self.done.load(Ordering::Relaxed) {
                            return;
                        }
                        let Some((task, helper)) = tasks.take(t) else {
                            return;
                        };
                        searcher.quit = Some(Arc::clone(&task.quit));
                        searcher.reorder_at = helper.map(|n| (1, n));
                        let ask = NimberSet::single(nimber);
                        let answer =
                            searcher.option_in(options.get(order[task.k] as usize), ask, 0);
                        searcher.quit = None;
                        searcher.reorder_at = None;
                        tasks.finish(t, &task, helper);
                        match answer {
                            Ok(value) => {
                                if task.quit.swap(true, Ordering::Relaxed) {
                                    continue; // answered by another thread meanwhile
                                }
                                self.stats.show_root_settled();
                                let Some(value) = value else { continue };
                                if value == nimber {
                                    self.done.store(true, Ordering::Relaxed);
                                }
                                if let Ok(mut found) = found.lock() {
                                    found.push((task.k, value));
                                }
                            }
                            // Another thread answered this question, or the root's.
                            Err(Stop::Done) => {}
                            Err(Stop::Error(error)) => {
                                self.done.store(true, Ordering::Relaxed);
                                if let Ok(mut failure) = failure.lock() {
                                    failure.get_or_insert(error);
                                }
                                return;
                            }
                        }
                    });
                }
            });
            self.done.store(false, Ordering::Relaxed);
            let busiest = searchers.iter().zip(&before).map(|(s, b)| s.work - b);
            self.span
                .fetch_add(busiest.max().unwrap_or(0), Ordering::Relaxed);
            if let Some(error) = failure.into_inner().ok().flatten() {
                return Err(error.into());
            }
            let mut found = found.into_inner().unwrap_or_default();
            found.sort_unstable();
            for &(k, value) in found.iter().rev() {
                order.remove(k);
                taken = taken.with(value);
            }
            if !taken.contains(nimber) {
                self.store(part, nimber, &mut searchers[0].table_fills);
                return Ok(Some(nimber));
            }
        }
        Err(nimber_too_large().into())
    }
}

/// A root option a thread is searching, which threads with no option left help with by
/// asking the same question in other orders.
struct Task {
    /// The option's place in the root's order.
    k: usize,
    /// Raised by the first thread to answer the question: the others stop.
    quit: Arc<AtomicBool>,
    /// The threads helping now.
    helpers: AtomicUsize,
    /// The helpers it had in all (each takes its own order).
    helped: AtomicUsize,
}

/// The root options of one question: those not yet taken, and each thread's while it
/// searches it.
struct Tasks {
    /// The root options taken so far (counting on past their number).
    next: AtomicUsize,
    options: usize,
    slots: Vec<Mutex<Option<Arc<Task>>>>,
}

impl Tasks {
    fn new(threads: usize, options: usize) -> Tasks {
        Tasks {
            next: AtomicUsize::new(0),
            options,
            slots: (0..threads).map(|_| Mutex::new(None)).collect(),
        }
    }

    /// What thread `t` searches next: the next root option, else another thread's to help
    /// with in the helper's order `Some(n)` ([`Tasks::pick`]); `None` when there is neither.
    fn take(&self, t: usize) -> Option<(Arc<Task>, Option<usize>)> {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        if k < self.options {
            return Some((self.start(t, k), None));
        }
        let (task, n) = self.pick(t)?;
        Some((task, Some(n)))
    }

    /// Thread `t` is done with `task`, its own or, as helper `Some(n)`, another's.
    fn finish(&self, t: usize, task: &Task, helper: Option<usize>) {
        match helper {
            None => {
                if let Ok(mut slot) = self.slots[t].lock() {
                    *slot = None;
                }
            }
            Some(_) => {
                task.helpers.fetch_sub(1, Ordering::Relaxed);
            }
        }
    }

    /// Thread `t` starts on the root option `k`.
    fn start(&self, t: usize, k: usize) -> Arc<Task> {
        let task = Arc::new(Task {
            k,
            quit: Arc::new(AtomicBool::new(false)),
            helpers: AtomicUsize::new(0),
            helped: AtomicUsize::new(0),
        });
        if let Ok(mut slot) = self.slots[t].lock() {
            *slot = Some(Arc::clone(&task));
        }
        task
    }

    /// A task for thread `t` to help with, and the helper's number (from 1): another
    /// thread's root option not yet answered, with the fewest helpers.
    fn pick(&self, t: usize) -> Option<(Arc<Task>, usize)> {
        let task = (0..self.slots.len())
            .filter(|&other| other != t)
            .filter_map(|other| self.slots[other].lock().ok()?.clone())
            .filter(|task| !task.quit.load(Ordering::Relaxed))
            .min_by_key(|task| task.helpers.load(Ordering::Relaxed))?;
        task.helpers.fetch_add(1, Ordering::Relaxed);
        let n = task.helped.fetch_add(1, Ordering::Relaxed) + 1;
        Some((task, n))
    }
}
