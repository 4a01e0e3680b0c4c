//! [`NimberSearch`]: nimbers of positions that split into independent parts, by a search that
//! asks of each option only what decides the position's nimber.
//!
//! # The method
//! A position's nimber `N` is the mex of its options' nimbers, and an option that splits into
//! parts is worth the nim-sum of theirs. The search is asked whether `N` lies in a set `W` of
//! wanted nimbers, and answers `N` or "not in `W`" (Beling and Rogalski, "On pruning search
//! trees of impartial games", *Artificial Intelligence* 283, 2020, after Lemoine and Viennot's
//! "Nimbers are inevitable", 2012). It keeps the set `C` of nimbers `N` may still be:
//! `{0, …, m}` for a position of `m` options. With `r` options not yet valued, `N` is among
//! the `r + 1` least elements of `C` (fewer than that many options are left to rule out the
//! ones below it), so `C` is cut to them after each option. An option matters only if its
//! nimber is in the cut `C` and at most the largest wanted nimber, so the search asks it only
//! about those: an option of two parts values the smaller part in full and asks the larger
//! one about the wanted set shifted by the smaller one's nimber. Once `C` misses `W`, the
//! answer is "not in `W`" without looking at the other options; a position whose nimber came
//! out in full goes to the transposition table. Options whose parts are all in the table are
//! taken first (an enhanced transposition cutoff), then the others, smallest largest part
//! first.
//!
//! Several threads share the questions at the root ("has an option nimber `n`?"), an option
//! at a time, and one table: what one has valued, the others read; the first to find an option
//! of nimber `n` stops the others.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::nimbers::NimberSet;
use super::table::Table;
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::Limits;
use crate::progress::Counters;

/// What a theorem says of a part's nimber before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Known {
    /// Nothing.
    Nothing,
    /// The nimber.
    Nimber(u8),
    /// The nimber is not 0: the first player wins.
    NotZero,
}

/// A game whose positions split into independent parts, for [`NimberSearch`].
pub trait Decomposable: Sync {
    /// A part: an independent component of a position, in canonical form.
    type Part: Clone + Eq + Hash + Send + Sync;

    /// Appends each move of `part` to `out` ([`Options::push_part`] for each part it leaves,
    /// canonical, parts without moves left out; then [`Options::end_option`]).
    fn moves(&self, part: &Self::Part, out: &mut Options<Self::Part>);

    /// The part's key in the transposition table, never 0, one for each part; `None` for a
    /// part too large for a key (kept in a map of its own).
    fn key(&self, part: &Self::Part) -> Option<u128>;

    /// How costly the part is to value (its size): the search values the lighter parts of an
    /// option first, and the table keeps the heavier ones.
    fn weight(&self, part: &Self::Part) -> u32;

    /// How hard the part looks to search, for the order of the options (lightest first): its
    /// weight unless the game knows better.
    fn difficulty(&self, part: &Self::Part) -> u32 {
        self.weight(part)
    }

    /// What a theorem says of the part's nimber without search.
    fn known(&self, _part: &Self::Part) -> Known {
        Known::Nothing
    }
}

/// The options of one position, each a list of parts, in one flat buffer reused across calls.
pub struct Options<P> {
    parts: Vec<P>,
    /// Where each option's parts end in `parts`.
    ends: Vec<u32>,
}

impl<P> Default for Options<P> {
    fn default() -> Options<P> {
        Options {
            parts: Vec::new(),
            ends: Vec::new(),
        }
    }
}

impl<P> Options<P> {
    /// Adds a part to the option being listed.
    pub fn push_part(&mut self, part: P) {
        self.parts.push(part);
    }

    /// Closes the option being listed.
    pub fn end_option(&mut self) {
        self.ends.push(self.parts.len() as u32);
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The parts of option `i`.
    pub fn get(&self, i: usize) -> &[P] {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.parts[start..self.ends[i] as usize]
    }

    fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
    }
}

/// The threads a search runs on: rayon's count (every core, or `RAYON_NUM_THREADS`) with the
/// `parallel` feature, else one.
pub fn default_threads() -> usize {
    #[cfg(feature = "parallel")]
    return rayon::current_num_threads();
    #[cfg(not(feature = "parallel"))]
    return 1;
}

/// Moves examined between two looks at the shared work count and the cancel flag.
const WORK_BATCH: u64 = 1 << 14;

/// Nimbers of the parts of a [`Decomposable`] game, with a transposition table that stays
/// within the memory it was given.
///
/// # Example
/// ```
/// use grundy::positional::{NimberSearch, Region};
/// use grundy::rules::Cram;
/// use grundy::Limits;
/// let search = NimberSearch::new(Cram, &Limits::default());
/// let board = Region::from_rows(&[0b1111, 0b1111, 0b1111]).canonical();   // 3 x 4
/// assert_eq!(search.nimber(&board, 1)?, 1);
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct NimberSearch<G: Decomposable> {
    game: G,
    table: Table,
    /// Parts without a key, and their nimbers (few: the largest parts of huge boards).
    large: Mutex<HashMap<G::Part, u8>>,
    limits: Limits,
    stats: Counters,
    /// Raised when one thread has the answer, so that the others stop.
    done: AtomicBool,
}

/// Why a thread stopped before its answer.
enum Stop {
    /// Another thread answered first.
    Done,
    /// A limit, the cancel flag, or a nimber too large.
    Error(Error),
}

impl From<Error> for Stop {
    fn from(error: Error) -> Stop {
        Stop::Error(error)
    }
}

impl<G: Decomposable> NimberSearch<G> {
    /// A search of `game` within `limits`: its table takes `limits.max_memory` bytes, its
    /// work counts against `limits.max_work`.
    pub fn new(game: G, limits: &Limits) -> NimberSearch<G> {
        NimberSearch {
            game,
            table: Table::with_memory(limits.max_memory),
            large: Mutex::new(HashMap::new()),
            limits: *limits,
            stats: Counters::new(),
            done: AtomicBool::new(false),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The limits in force.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The transposition table.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The figures of the search so far (the table's fill as of the last report).
    pub fn stats(&self) -> &Counters {
        &self.stats
    }

    /// The nimber of `part` (canonical), searched by `threads` threads (at least one).
    ///
    /// # Errors
    /// [`Limit::Work`] when the search examines more moves than `limits.max_work`,
    /// [`ErrorKind::Cancelled`] when the cancel flag is raised, [`ErrorKind::Unsupported`] for
    /// a nimber of 256 or more.
    pub fn nimber(&self, part: &G::Part, threads: usize) -> Result<u8> {
        if let Some(nimber) = self.lookup(part) {
            return Ok(nimber);
        }
        self.done.store(false, Ordering::Relaxed);
        let mut searchers: Vec<Searcher<G>> =
            (0..threads.max(1)).map(|_| Searcher::new(self)).collect();
        let answer = if searchers.len() == 1 {
            searchers[0].value_in(part, NimberSet::ALL, 0)
        } else {
            self.split_root(part, &mut searchers)
        };
        for searcher in &searchers {
            self.report(searcher.unsettled);
        }
        match answer {
            Ok(Some(nimber)) => Ok(nimber),
            Ok(None) => Err(nimber_too_large()),
            Err(Stop::Done) => Err(Error::new(ErrorKind::Cancelled)),
            Err(Stop::Error(error)) => Err(error),
        }
    }

    /// `Some(N)`, the nimber of `part` (canonical), or `None` when it is not in `wanted`
    /// (a narrower question than [`NimberSearch::nimber`], often much cheaper), on one thread.
    ///
    /// # Errors
    /// As [`NimberSearch::nimber`].
    pub fn nimber_in(&self, part: &G::Part, wanted: NimberSet) -> Result<Option<u8>> {
        if wanted == NimberSet::ALL {
            return self.nimber(part, 1).map(Some);
        }
        let mut searcher = Searcher::new(self);
        let answer = searcher.value_in(part, wanted, 0);
        self.report(searcher.unsettled);
        answer.map_err(|stop| match stop {
            Stop::Done => Error::new(ErrorKind::Cancelled),
            Stop::Error(error) => error,
        })
    }

    /// Whether the sum of `parts` (canonical) and a nimber `known` is worth `target`: every
    /// part but the heaviest valued in full (on `threads` threads), the heaviest only asked
    /// whether it makes up the rest. How a face finds winning moves without valuing them.
    ///
    /// # Errors
    /// As [`NimberSearch::nimber`].
    pub fn sum_is(
        &self,
        mut parts: Vec<G::Part>,
        known: u8,
        target: u8,
        threads: usize,
    ) -> Result<bool> {
        parts.sort_by_key(|part| self.game.weight(part));
        let Some(heaviest) = parts.pop() else {
            return Ok(known == target);
        };
        let mut rest = known;
        for part in &parts {
            rest ^= self.nimber(part, threads)?;
        }
        let wanted = target ^ rest;
        Ok(self.nimber_in(&heaviest, NimberSet::single(wanted))? == Some(wanted))
    }

    /// The aspiration search of [`Searcher::aspire`] at the root, each question ("has an
    /// option nimber `n`?") shared out among the threads an option at a time; the first thread
    /// to find such an option stops the others.
    fn split_root(
        &self,
        part: &G::Part,
        searchers: &mut [Searcher<'_, G>],
    ) -> std::result::Result<Option<u8>, Stop> {
        let mut options = Options::default();
        self.game.moves(part, &mut options);
        let count = options.len();
        let mut taken = NimberSet::EMPTY;
        let mut order = Vec::new();
        for i in 0..count {
            match searchers[0].known_value(options.get(i)) {
                Some(nimber) => taken = taken.with(nimber),
                None => order.push(i as u32),
            }
        }
        searchers[0].sort(&options, &mut order);
        let first = u8::from(self.game.known(part) == Known::NotZero);
        for nimber in first..=count.min(255) as u8 {
            if taken.contains(nimber) {
                continue;
            }
            let next = AtomicUsize::new(0);
            let found: Mutex<Vec<(usize, u8)>> = Mutex::new(Vec::new());
            let failure: Mutex<Option<Error>> = Mutex::new(None);
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
                        match searcher.option_in(options.get(order[k] as usize), ask, 0) {
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
                self.store(part, nimber);
                return Ok(Some(nimber));
            }
        }
        Err(nimber_too_large().into())
    }

    /// Adds `work` to the figures and shows them in the face's progress counters; the work
    /// so far.
    fn report(&self, work: u64) -> u64 {
        let stats = &self.stats;
        let total = stats.work.fetch_add(work, Ordering::Relaxed) + work;
        let used = self.table.len() as u64;
        stats.table_used.store(used, Ordering::Relaxed);
        let capacity = self.table.capacity() as u64;
        stats.table_capacity.store(capacity, Ordering::Relaxed);
        if let Some(counters) = self.limits.progress.counters() {
            counters.show(stats.snapshot());
        }
        total
    }

    /// The nimber of `part` from a theorem or a table, without search.
    pub fn lookup(&self, part: &G::Part) -> Option<u8> {
        if let Known::Nimber(nimber) = self.game.known(part) {
            return Some(nimber);
        }
        match self.game.key(part) {
            Some(key) => self.table.get(key),
            None => self
                .large
                .lock()
                .ok()
                .and_then(|map| map.get(part).copied()),
        }
    }

    fn store(&self, part: &G::Part, nimber: u8) {
        match self.game.key(part) {
            Some(key) => {
                let weight = self.game.weight(part).min(255) as u8;
                self.table.store(key, nimber, weight);
            }
            None => {
                if let Ok(mut map) = self.large.lock() {
                    // Large parts are few; a bound keeps a runaway in check all the same.
                    if map.len() < 1 << 20 {
                        map.insert(part.clone(), nimber);
                    }
                }
            }
        }
    }
}

/// The error for a nimber past the 256 that a [`NimberSet`] holds.
fn nimber_too_large() -> Error {
    Error::new(ErrorKind::Unsupported {
        reason:
            "the positional search handles nimbers below 256, and this position has more options"
                .to_string(),
    })
}

/// One thread's search: its scratch lists, one a level.
struct Searcher<'a, G: Decomposable> {
    search: &'a NimberSearch<G>,
    scratch: Vec<Options<G::Part>>,
    /// The options still to search, one list a level.
    order: Vec<Vec<u32>>,
    /// Work done since the shared count was last brought up to date.
    unsettled: u64,
}

impl<'a, G: Decomposable> Searcher<'a, G> {
    fn new(search: &'a NimberSearch<G>) -> Searcher<'a, G> {
        Searcher {
            search,
            scratch: Vec::new(),
            order: Vec::new(),
            unsettled: 0,
        }
    }

    /// `Some(N)`, `part`'s nimber, or `None` when `N` is not in `wanted` (not empty).
    fn value_in(
        &mut self,
        part: &G::Part,
        wanted: NimberSet,
        depth: usize,
    ) -> std::result::Result<Option<u8>, Stop> {
        let search = self.search;
        let game = &search.game;
        let known = game.known(part);
        if let Known::Nimber(nimber) = known {
            return Ok(Some(nimber));
        }
        if let Some(nimber) = search.lookup(part) {
            return Ok(Some(nimber));
        }
        if self.scratch.len() <= depth {
            self.scratch.resize_with(depth + 1, Options::default);
            self.order.resize_with(depth + 1, Vec::new);
            search
                .stats
                .depth
                .fetch_max(depth as u64, Ordering::Relaxed);
        }
        let mut options = std::mem::take(&mut self.scratch[depth]);
        let mut order = std::mem::take(&mut self.order[depth]);
        options.clear();
        order.clear();
        game.moves(part, &mut options);
        let answer = if wanted == NimberSet::ALL {
            self.aspire(&options, &mut order, known, depth)
        } else {
            self.settle(&options, &mut order, known, wanted, depth)
        };
        self.scratch[depth] = options;
        self.order[depth] = order;
        let answer = answer?;
        if let Some(nimber) = answer {
            search.store(part, nimber);
        }
        Ok(answer)
    }

    /// Counts `moves` examined, and looks at the limits now and then.
    fn charge(&mut self, moves: u64) -> std::result::Result<(), Stop> {
        self.unsettled += moves + 1;
        if self.unsettled >= WORK_BATCH {
            let search = self.search;
            let work = search.report(self.unsettled);
            self.unsettled = 0;
            if search.done.load(Ordering::Relaxed) {
                return Err(Stop::Done);
            }
            if work > search.limits.max_work {
                return Err(Error::limit(Limit::Work, search.limits.max_work).into());
            }
            search.limits.cancel.check()?;
        }
        Ok(())
    }

    /// The nimber of a position with `options`, or `None` when it is not in `wanted`.
    fn settle(
        &mut self,
        options: &Options<G::Part>,
        order: &mut Vec<u32>,
        known: Known,
        wanted: NimberSet,
        depth: usize,
    ) -> std::result::Result<Option<u8>, Stop> {
        let count = options.len();
        self.charge(count as u64)?;
        self.search.stats.positions.fetch_add(1, Ordering::Relaxed);
        let cap = wanted.max().unwrap_or(0);
        let up_to_cap = NimberSet::below(usize::from(cap) + 1);
        let mut candidates = NimberSet::below(count + 1);
        if known == Known::NotZero {
            candidates = candidates.without(0);
        }
        let mut left = count;
        // Options whose parts are all known first.
        for i in 0..count {
            match self.known_value(options.get(i)) {
                Some(nimber) => {
                    left -= 1;
                    candidates = candidates.without(nimber).smallest(left + 1);
                    if !candidates.meets(wanted) {
                        return Ok(None);
                    }
                }
                None => order.push(i as u32),
            }
        }
        self.sort(options, order);
        let mut exact = true;
        for &i in order.iter() {
            // Only the `left` least candidates can be the nimber (counting this option), and
            // the option matters only if it rules out one of them.
            let cut = candidates.smallest(left);
            let ask = cut.and(up_to_cap);
            let nimber = if ask.is_empty() {
                None
            } else {
                self.option_in(options.get(i as usize), ask, depth)?
            };
            left -= 1;
            candidates = match nimber {
                Some(nimber) => candidates.without(nimber).smallest(left + 1),
                None => {
                    exact = false;
                    cut
                }
            };
            if !candidates.meets(wanted) {
                return Ok(None);
            }
        }
        match candidates.min() {
            Some(nimber) if exact || nimber <= cap => Ok(Some(nimber)),
            Some(_) => Ok(None),
            None => Err(nimber_too_large().into()),
        }
    }

    /// The nimber of a position with `options`, found by asking, for `n = 0, 1, …` in turn,
    /// whether an option has nimber `n` (an aspiration search: a position with a small nimber
    /// is settled by questions with one answer each).
    fn aspire(
        &mut self,
        options: &Options<G::Part>,
        order: &mut Vec<u32>,
        known: Known,
        depth: usize,
    ) -> std::result::Result<Option<u8>, Stop> {
        let count = options.len();
        self.charge(count as u64)?;
        self.search.stats.positions.fetch_add(1, Ordering::Relaxed);
        // Nimbers that an option is known to have.
        let mut taken = NimberSet::EMPTY;
        for i in 0..count {
            match self.known_value(options.get(i)) {
                Some(nimber) => taken = taken.with(nimber),
                None => order.push(i as u32),
            }
        }
        self.sort(options, order);
        let first = u8::from(known == Known::NotZero);
        'nimbers: for nimber in first..=count.min(255) as u8 {
            if taken.contains(nimber) {
                continue;
            }
            let mut k = 0;
            while k < order.len() {
                match self.option_in(
                    options.get(order[k] as usize),
                    NimberSet::single(nimber),
                    depth,
                )? {
                    Some(found) => {
                        order.remove(k);
                        taken = taken.with(found);
                        if found == nimber {
                            continue 'nimbers;
                        }
                    }
                    None => k += 1,
                }
            }
            return Ok(Some(nimber));
        }
        Err(nimber_too_large().into())
    }

    /// The options still to search, easiest first: by the sum of the squares of their parts'
    /// difficulties.
    fn sort(&self, options: &Options<G::Part>, order: &mut [u32]) {
        let game = &self.search.game;
        order.sort_by_cached_key(|&i| {
            options
                .get(i as usize)
                .iter()
                .map(|part| game.difficulty(part).pow(2))
                .sum::<u32>()
        });
    }

    /// The nimber of an option whose parts are all known, else `None`.
    fn known_value(&self, parts: &[G::Part]) -> Option<u8> {
        parts
            .iter()
            .try_fold(0u8, |sum, part| Some(sum ^ self.search.lookup(part)?))
    }

    /// The nimber of the option of `parts`, or `None` when it is not in `ask`: every part but
    /// the heaviest valued in full, the heaviest asked about `ask` shifted by their nim-sum.
    fn option_in(
        &mut self,
        parts: &[G::Part],
        ask: NimberSet,
        depth: usize,
    ) -> std::result::Result<Option<u8>, Stop> {
        let game = &self.search.game;
        let Some(heaviest) = (0..parts.len()).max_by_key(|&i| game.weight(&parts[i])) else {
            return Ok(Some(0));
        };
        let mut others = 0u8;
        for (i, part) in parts.iter().enumerate() {
            if i != heaviest {
                match self.value_in(part, NimberSet::ALL, depth + 1)? {
                    Some(nimber) => others ^= nimber,
                    None => return Err(nimber_too_large().into()),
                }
            }
        }
        Ok(self
            .value_in(&parts[heaviest], ask.xor(others), depth + 1)?
            .map(|nimber| nimber ^ others))
    }
}
