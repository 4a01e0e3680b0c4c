//! [`Searcher`]: one thread's search, with its scratch lists: a full value by aspiration, a
//! narrower question by the cut set of candidates, and an option of several parts by valuing
//! the lighter parts and asking the heaviest.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::cache::Cache;
use super::{nimber_too_large, Found, NimberSearch, Stop, WORK_BATCH};
use crate::error::{Error, Limit};
use crate::positional::table::Fills;
use crate::positional::{Decomposable, Known, NimberSet, Options};

/// One thread's search: its scratch lists, one a level. Alone on its cache lines (two of 64
/// bytes): the threads' searchers sit side by side in one list, and each writes its counts at
/// every position while the other reads its own fields beside them.
#[repr(align(128))]
pub(super) struct Searcher<'a, G: Decomposable> {
    search: &'a NimberSearch<G>,
    scratch: Vec<Options<G::Part>>,
    /// The options still to search, one list a level.
    order: Vec<Vec<u32>>,
    /// Work done since the shared count was last brought up to date.
    unsettled: u64,
    /// Positions searched since the shared count was last brought up to date (counted here,
    /// not in the shared count a position: threads adding to one word at every position
    /// take turns at its cache line).
    unsettled_positions: u64,
    /// Work done in all (moves examined and positions), for the span of a search on
    /// several threads.
    pub(super) work: u64,
    /// The nimbers this thread read or wrote last.
    cache: Cache,
    /// Scratch for [`Searcher::sort`]: each option's order key, place and fingerprint.
    keys: Vec<(u32, u32, u64)>,
    /// Entries this thread filled in the table and in the store of nimbers ruled out, not
    /// yet added to their counts.
    pub(super) table_fills: Fills,
    ruled_fills: Fills,
    /// Raised when the question this thread works on is answered by another.
    pub(super) quit: Option<Arc<AtomicBool>>,
    /// `(depth, n)`: at that depth, the options taken in the `n`-th order other than the
    /// easiest first (a helper's: [`Searcher::reorder`]).
    pub(super) reorder_at: Option<(usize, usize)>,
}

impl<'a, G: Decomposable> Searcher<'a, G> {
    pub(super) fn new(search: &'a NimberSearch<G>) -> Searcher<'a, G> {
        Searcher {
            search,
            scratch: Vec::new(),
            order: Vec::new(),
            unsettled: 0,
            unsettled_positions: 0,
            work: 0,
            cache: Cache::new(),
            keys: Vec::new(),
            table_fills: Fills::default(),
            ruled_fills: Fills::default(),
            quit: None,
            reorder_at: None,
        }
    }

    /// `Some(N)`, `part`'s nimber, or `None` when `N` is not in `wanted` (not empty).
    pub(super) fn value_in(&mut self, part: &G::Part, wanted: NimberSet, depth: usize) -> Found {
        let search = self.search;
        let game = &search.game;
        let known = game.known(part);
        if let Known::Nimber(nimber) = known {
            return Ok(Some(nimber));
        }
        if let Some(nimber) = lookup(search, &mut self.cache, part, known) {
            return Ok(Some(nimber));
        }
        let key = game.key(part);
        let low = wanted.low_word();
        if let (Some(key), Some(low)) = (key, low) {
            if search.ruled.rules_out(key, low) {
                return Ok(None);
            }
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
        let answer = if wanted == NimberSet::ALL {
            game.moves(part, &mut options);
            self.aspire(&options, &mut order, known, depth)
        } else {
            self.settle(part, &mut options, &mut order, known, wanted, depth)
        };
        self.scratch[depth] = options;
        self.order[depth] = order;
        let answer = answer?;
        match (answer, key) {
            (Some(nimber), _) => {
                search.store(part, nimber, &mut self.table_fills);
                if let Some(key) = key {
                    self.cache.put(key, Some(nimber));
                }
            }
            (None, Some(key)) => {
                if let Some(low) = low {
                    search.ruled.rule_out(key, low, &mut self.ruled_fills);
                }
            }
            (None, None) => {}
        }
        Ok(answer)
    }

    /// Counts a position with `moves` options examined, and looks at the limits now and then.
    fn charge(&mut self, moves: usize) -> std::result::Result<(), Stop> {
        self.unsettled += moves as u64 + 1;
        self.unsettled_positions += 1;
        self.work += moves as u64 + 1;
        if self.unsettled >= WORK_BATCH {
            let search = self.search;
            let work = self.settle_counts();
            search.save_if_due();
            let quit = self
                .quit
                .as_ref()
                .is_some_and(|q| q.load(Ordering::Relaxed));
            if quit || search.done.load(Ordering::Relaxed) {
                return Err(Stop::Done);
            }
            if work.saturating_mul(super::WORK_PER_MOVE) > search.limits.max_work {
                return Err(Error::limit(Limit::Work, search.limits.max_work).into());
            }
            search.limits.cancel.check()?;
        }
        Ok(())
    }

    /// Adds the work, positions and entries filled not yet counted to the search's figures
    /// and tables: the moves examined so far by all threads.
    pub(super) fn settle_counts(&mut self) -> u64 {
        let search = self.search;
        search.table.settle(&mut self.table_fills);
        search.ruled.settle(&mut self.ruled_fills);
        let positions = std::mem::take(&mut self.unsettled_positions);
        search
            .stats
            .positions
            .fetch_add(positions, Ordering::Relaxed);
        search.report(std::mem::take(&mut self.unsettled))
    }

    /// The nimber of `part`, or `None` when it is not in `wanted`; its options listed into
    /// `options`, and when the game counts them beforehand, only until the options already
    /// known rule `wanted` out.
    fn settle(
        &mut self,
        part: &G::Part,
        options: &mut Options<G::Part>,
        order: &mut Vec<u32>,
        known: Known,
        wanted: NimberSet,
        depth: usize,
    ) -> Found {
        let search = self.search;
        let game = &search.game;
        let counted = game.option_count(part);
        let count = match counted {
            Some(count) => count,
            None => {
                game.moves(part, options);
                options.len()
            }
        };
        self.charge(count)?;
        let cap = wanted.max().unwrap_or(0);
        let up_to_cap = NimberSet::below(usize::from(cap) + 1);
        let mut candidates = NimberSet::below(count + 1);
        if known == Known::NotZero {
            candidates = candidates.without(0);
        }
        let mut left = count;
        let mut rule_out = |nimber: u8| {
            left -= 1;
            candidates = candidates.without(nimber).smallest(left + 1);
            candidates.meets(wanted)
        };
        let met = if counted.is_some() {
            let (mut index, mut met) = (0, true);
            let cache = &mut self.cache;
            game.moves_until(part, options, &mut |parts| {
                match known_value(search, cache, parts) {
                    Some(nimber) => met = rule_out(nimber),
                    None => order.push(index),
                }
                index += 1;
                met
            });
            met
        } else {
            self.known_first_unsorted(options, order, rule_out)
        };
        if !met {
            return Ok(None);
        }
        // An option equal to another is worth the same: it rules out nothing new, so the
        // nimber is among the `left + 1` least candidates with the copies not counted.
        left -= self.sort(options, order);
        self.reorder(order, depth);
        candidates = candidates.smallest(left + 1);
        if !candidates.meets(wanted) {
            return Ok(None);
        }
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
    ) -> Found {
        let count = options.len();
        self.charge(count)?;
        // Nimbers that an option is known to have.
        let mut taken = NimberSet::EMPTY;
        self.known_first(options, order, |nimber| {
            taken = taken.with(nimber);
            true
        });
        let first = u8::from(known == Known::NotZero);
        let root = depth == 0;
        'nimbers: for nimber in first..=count.min(255) as u8 {
            if taken.contains(nimber) {
                continue;
            }
            if root {
                self.search.stats.show_root(nimber, order.len());
            }
            let mut k = 0;
            while k < order.len() {
                let answer = self.option_in(
                    options.get(order[k] as usize),
                    NimberSet::single(nimber),
                    depth,
                )?;
                if root {
                    self.search.stats.show_root_settled();
                }
                match answer {
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

    /// Takes the options whose parts are all known first: gives each one's nimber to `known`,
    /// until it returns false (then false), and lists the others in `order`, easiest first.
    pub(super) fn known_first(
        &mut self,
        options: &Options<G::Part>,
        order: &mut Vec<u32>,
        known: impl FnMut(u8) -> bool,
    ) -> bool {
        let met = self.known_first_unsorted(options, order, known);
        if met {
            self.sort(options, order);
        }
        met
    }

    /// [`Searcher::known_first`] without the sort.
    fn known_first_unsorted(
        &mut self,
        options: &Options<G::Part>,
        order: &mut Vec<u32>,
        mut known: impl FnMut(u8) -> bool,
    ) -> bool {
        for i in 0..options.len() {
            match known_value(self.search, &mut self.cache, options.get(i)) {
                Some(nimber) => {
                    if !known(nimber) {
                        return false;
                    }
                }
                None => order.push(i as u32),
            }
        }
        true
    }

    /// A helper's order of the options at its depth ([`Searcher::reorder_at`]): the `n`-th
    /// helper of a question starts `n` golden sections along the easiest-first order and
    /// goes round, so that the threads asking one question search different options first
    /// and meet the others' answers in the table. (Hardest first, tried for the first
    /// helper, did not shorten 4x11's search.)
    fn reorder(&self, order: &mut [u32], depth: usize) {
        match self.reorder_at {
            Some((at, n)) if at == depth && !order.is_empty() => {
                let start = (order.len() as f64 * (n as f64 * 0.618_033_988_7).fract()) as usize;
                order.rotate_left(start.min(order.len() - 1));
            }
            _ => {}
        }
    }

    /// The options still to search, easiest first: by the sum of the squares of their parts'
    /// difficulties, ties in the order listed; an option equal to one before it (the same
    /// parts, as a mirror image of the position leaves) is dropped. The number dropped.
    fn sort(&mut self, options: &Options<G::Part>, order: &mut Vec<u32>) -> usize {
        let game = &self.search.game;
        let keys = &mut self.keys;
        keys.clear();
        keys.extend(order.iter().map(|&i| {
            let parts = options.get(i as usize);
            let difficulty = parts.iter().map(|part| game.difficulty(part).pow(2)).sum();
            (difficulty, i, fingerprint(game, parts))
        }));
        keys.sort_unstable();
        order.clear();
        let mut run = 0;
        for k in 0..keys.len() {
            let (difficulty, i, print) = keys[k];
            if keys[run].0 != difficulty {
                run = k;
            }
            let copy = print != 0
                && keys[run..k].iter().any(|&(_, j, other)| {
                    other == print && same_parts(options.get(i as usize), options.get(j as usize))
                });
            if !copy {
                order.push(i);
            }
        }
        keys.len() - order.len()
    }

    /// The nimber of the option of `parts`, or `None` when it is not in `ask`: every part but
    /// the heaviest valued in full, the heaviest asked about `ask` shifted by their nim-sum.
    pub(super) fn option_in(&mut self, parts: &[G::Part], ask: NimberSet, depth: usize) -> Found {
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

/// A fingerprint of an option's parts, the same for the same parts in any order; 0 when a
/// part has no key (such options are never taken for copies).
fn fingerprint<G: Decomposable>(game: &G, parts: &[G::Part]) -> u64 {
    let mut print = 1u64;
    for part in parts {
        let Some(key) = game.key(part) else {
            return 0;
        };
        let folded = (key as u64) ^ ((key >> 64) as u64).rotate_left(29);
        print = print.wrapping_add(folded.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31));
    }
    print | 1
}

/// Whether two options hold the same parts, each as many times, in any order.
fn same_parts<P: Eq>(a: &[P], b: &[P]) -> bool {
    let count = |list: &[P], part: &P| list.iter().filter(|other| *other == part).count();
    a.len() == b.len() && a.iter().all(|part| count(a, part) == count(b, part))
}

/// The nimber of an option whose parts are all known, else `None`.
fn known_value<G: Decomposable>(
    search: &NimberSearch<G>,
    cache: &mut Cache,
    parts: &[G::Part],
) -> Option<u8> {
    parts.iter().try_fold(0u8, |sum, part| {
        Some(sum ^ lookup(search, cache, part, search.game.known(part))?)
    })
}

/// The nimber of `part` from a theorem (`known`, what the game knows of it), this thread's
/// cache or the search's table.
fn lookup<G: Decomposable>(
    search: &NimberSearch<G>,
    cache: &mut Cache,
    part: &G::Part,
    known: Known,
) -> Option<u8> {
    let game = &search.game;
    if let Known::Nimber(nimber) = known {
        return Some(nimber);
    }
    let Some(key) = game.key(part) else {
        return search.lookup(part);
    };
    if let Some(held) = cache.get(key) {
        return held;
    }
    let nimber = search.table.get(key);
    cache.put(key, nimber);
    nimber
}
