//! The root of a search on several threads ([`NimberSearch::split_root`]): each aspiration
//! question ("has an option nimber `n`?") shared out among the threads an option at a time,
//! and one table: what one has valued, the others read; the first to find an option of
//! nimber `n` stops the others. A thread that finds no option left to take joins one that
//! another thread is still searching, its options in the opposite order; the first answer
//! counts (both are the option's true answer to the same question) and stops the other.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use super::searcher::Searcher;
use super::{nimber_too_large, Found, NimberSearch, Stop};
use crate::error::Error;
use crate::positional::{Decomposable, Known, NimberSet, Options};

/// What the threads of one root question share: each option's status and the nimbers found.
struct Phase {
    /// [`QUEUED`], [`SEARCHED`] or [`FINISHED`], an option of the order.
    status: Vec<u8>,
    /// The options valued, by place in the order, and their nimbers.
    found: Vec<(usize, u8)>,
}

/// An option no thread has taken yet.
const QUEUED: u8 = 0;
/// An option a thread is searching.
const SEARCHED: u8 = 1;
/// An option answered.
const FINISHED: u8 = 2;

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
            let next = AtomicUsize::new(0);
            let phase = Mutex::new(Phase {
                status: vec![QUEUED; order.len()],
                found: Vec::new(),
            });
            let failure: Mutex<Option<Error>> = Mutex::new(None);
            let before: Vec<u64> = searchers.iter().map(|s| s.work).collect();
            std::thread::scope(|scope| {
                let (options, order) = (&options, &order);
                for searcher in searchers.iter_mut() {
                    let (next, phase, failure) = (&next, &phase, &failure);
                    scope.spawn(move || loop {
                        if self.done.load(Ordering::Relaxed) {
                            return;
                        }
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        let Ok(mut state) = phase.lock() else { return };
                        let (k, helping) = if k < order.len() {
                            state.status[k] = SEARCHED;
                            (k, false)
                        } else {
                            // Nothing left to take: join an option another thread searches.
                            match state.status.iter().position(|&s| s == SEARCHED) {
                                Some(k) => (k, true),
                                None => return,
                            }
                        };
                        drop(state);
                        // A helper takes the option's options in the opposite order, so that
                        // the two threads meet in the middle, each reading in the table what
                        // the other valued, rather than valuing the same positions side by side.
                        searcher.reversed_at = if helping { 1 } else { usize::MAX };
                        let ask = NimberSet::single(nimber);
                        let answer = searcher.option_in(options.get(order[k] as usize), ask, 0);
                        searcher.reversed_at = usize::MAX;
                        match answer {
                            Ok(value) => {
                                let Ok(mut state) = phase.lock() else { return };
                                if state.status[k] == FINISHED {
                                    // The other thread on this option answered first.
                                    continue;
                                }
                                state.status[k] = FINISHED;
                                if let Some(value) = value {
                                    state.found.push((k, value));
                                }
                                // Stops the threads still on an option once it has an option
                                // of nimber `n`, or once every option has its answer (any
                                // thread still searching one is a helper, its work done).
                                if value == Some(nimber)
                                    || state.status.iter().all(|&s| s == FINISHED)
                                {
                                    self.done.store(true, Ordering::Relaxed);
                                }
                            }
                            Err(Stop::Done) => return,
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
            let mut found = phase.into_inner().map(|p| p.found).unwrap_or_default();
            found.sort_unstable();
            for &(k, value) in found.iter().rev() {
                order.remove(k);
                taken = taken.with(value);
            }
            if !taken.contains(nimber) {
                self.store(part, nimber);
                return Ok(Some(nimber));
            }
        }
        Err(nimber_too_large().into())
    }
}
