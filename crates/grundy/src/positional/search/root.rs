//! The root of a search on several threads ([`NimberSearch::split_root`]): each aspiration
//! question ("has an option nimber `n`?") shared out among the threads an option at a time,
//! and one table: what one has valued, the others read; the first to find an option of
//! nimber `n` stops the others.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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
            let next = AtomicUsize::new(0);
            let found: Mutex<Vec<(usize, u8)>> = Mutex::new(Vec::new());
            let failure: Mutex<Option<Error>> = Mutex::new(None);
            let before: Vec<u64> = searchers.iter().map(|s| s.work).collect();
            std::thread::scope(|scope| {
                let (options, order) = (&options, &order);
                for searcher in searchers.iter_mut() {
                    let (next, found, failure) = (&next, &found, &failure);
                    scope.spawn(move || loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= order.len() || self.done.load(Ordering::Relaxed) {
                            return;
                        }
                        let ask = NimberSet::single(nimber);
                        let answer = searcher.option_in(options.get(order[k] as usize), ask, 0);
                        if answer.is_ok() {
                            self.stats.show_root_settled();
                        }
                        match answer {
                            Ok(Some(value)) => {
                                if value == nimber {
                                    self.done.store(true, Ordering::Relaxed);
                                }
                                if let Ok(mut found) = found.lock() {
                                    found.push((k, value));
                                }
                            }
                            Ok(None) => {}
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
