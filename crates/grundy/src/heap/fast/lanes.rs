//! The lane count of searches, chosen by trial: games differ (Grundy's game needs fewest
//! pairs with many lanes, 0.6 with few), so each choice is tried for one stretch of heaps
//! between looks at the masks, the one that searched the fewest pairs a heap is kept, and the
//! trial is repeated every [`LANE_TRIALS_EVERY`] stretches.

/// The lane counts tried.
pub(super) const LANE_CHOICES: [usize; 2] = [32, 8];
const LANE_TRIALS_EVERY: u32 = 64;

/// The lane count of searches, chosen by trial (see [`LANE_CHOICES`]). The choice depends only
/// on the pairs searched, so a table's work is the same on every run.
#[derive(Clone, Copy, Debug)]
pub(super) struct LaneChoice {
    /// Index into [`LANE_CHOICES`] of the lanes in use.
    current: usize,
    /// Pairs searched a heap in the last trial of each choice.
    cost: [u64; LANE_CHOICES.len()],
    /// The choice on trial, if any, and the looks at the masks until the next trials.
    trying: Option<usize>,
    until_trials: u32,
    /// Pairs searched since the last look.
    pairs: u64,
}

impl Default for LaneChoice {
    fn default() -> LaneChoice {
        LaneChoice {
            current: 0,
            cost: [0; LANE_CHOICES.len()],
            trying: None,
            // The first trials start once searches are long (about 2^16 heaps).
            until_trials: 64,
            pairs: 0,
        }
    }
}

impl LaneChoice {
    pub(super) fn current(&self) -> usize {
        LANE_CHOICES[self.current]
    }

    pub(super) fn searched(&mut self, pairs: u64) {
        self.pairs += pairs;
    }

    /// At a look at the masks, after `heaps` heaps: ends one trial and starts the next, or
    /// keeps the cheapest choice.
    pub(super) fn look(&mut self, heaps: u64) {
        let per_heap = self.pairs / heaps.max(1);
        self.pairs = 0;
        if let Some(trial) = self.trying {
            self.cost[trial] = per_heap;
            if trial + 1 < LANE_CHOICES.len() {
                self.trying = Some(trial + 1);
                self.current = trial + 1;
                return;
            }
            self.trying = None;
            self.until_trials = LANE_TRIALS_EVERY;
            self.current = (0..LANE_CHOICES.len())
                .min_by_key(|&choice| (self.cost[choice], choice))
                .unwrap_or(0);
        } else if self.until_trials == 0 {
            self.trying = Some(0);
            self.current = 0;
        } else {
            self.until_trials -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LaneChoice, LANE_CHOICES, LANE_TRIALS_EVERY};

    /// Looks at the masks `looks` times, `pairs_for(lanes)` pairs searched a heap in between.
    fn run(choice: &mut LaneChoice, looks: u32, pairs_for: impl Fn(usize) -> u64) {
        for _ in 0..looks {
            choice.searched(pairs_for(choice.current()) * 100);
            choice.look(100);
        }
    }

    #[test]
    fn lanes_follow_the_cheaper_choice() {
        let mut choice = LaneChoice::default();
        assert_eq!(choice.current(), LANE_CHOICES[0]);
        // Few lanes search fewer pairs: 64 looks before the first trials, one to start them,
        // one to end each; then few lanes are kept.
        run(&mut choice, 64 + 1 + 2, |lanes| {
            if lanes == 8 {
                1500
            } else {
                2000
            }
        });
        assert_eq!((choice.trying, choice.current()), (None, 8));
        run(&mut choice, LANE_TRIALS_EVERY, |lanes| lanes as u64);
        assert_eq!(choice.current(), 8);
        // The next trials notice that many lanes have become cheaper.
        run(
            &mut choice,
            3,
            |lanes| if lanes == 32 { 1000 } else { 3000 },
        );
        assert_eq!(choice.current(), 32);
    }
}
