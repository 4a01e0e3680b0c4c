//! Long tables of one heap rule: a run that a face grows in steps and writes out as it goes
//! (`grundy seq --out`), its summary, and the benchmark of the fast engine against the naive
//! one (`grundy bench`).

use serde::Serialize;

use super::period::{table_limits, Checksum, Memory, PeriodReport, TABLE_BYTES_A_HEAP};
use super::SCHEMA;
use crate::error::Result;
use crate::game::Limits;
use crate::heap::{HeapSolver, NaiveTable, SPARSE_FIRST_LOOK};
use crate::nimber::Nimber;
use crate::rules::HeapRule;

/// The values of heaps `0..=to` of `rule`, plainly: no report around them (see
/// [`heap_sequence`](super::heap_sequence) for one).
///
/// # Example
/// ```
/// use grundy::{analysis::run, spec, Limits};
/// let values = run::values(spec::parse_heap_rule("dawson")?, 9, Limits::default())?;
/// assert_eq!(values, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// A limit reached while filling the table.
pub fn values(rule: HeapRule, to: u64, limits: Limits) -> Result<Vec<u64>> {
    let values = HeapSolver::with_limits(rule, limits).values(to)?;
    Ok(values.into_iter().map(Nimber::value).collect())
}

/// Summary statistics of a long sequence run, like those of the research tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RunSummary {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Heaps `0..heaps` were computed.
    pub heaps: u64,
    /// The largest value.
    pub max_value: u64,
    /// The first heap with the largest value.
    pub max_value_at: u64,
    /// For each parity `d` of split removals: `[d, mask]`, the mask over extended values
    /// `g << 1 | ((n + d) & 1)` that defines rare heaps (0: every pair scanned).
    pub rare_masks: Vec<[u64; 2]>,
    /// Heaps that are rare under those masks.
    pub rare_heaps: u64,
    /// The last rare heap.
    pub last_rare: Option<u64>,
    /// Whether the engine has looked for rare heaps at all: false for a table shorter than
    /// [`SPARSE_FIRST_LOOK`] (1,024 heaps), whose masks and counts then say nothing of the
    /// game (every pair was scanned, no heap was called rare).
    pub rare_looked: bool,
    /// The checksum of all values (as in certificates).
    pub checksum: Checksum,
    /// The period proved from the values, on the way (values were then copied by it) or from
    /// the finished table: the one [`heap_sequence`](super::heap_sequence) reports for the same
    /// values.
    pub period: Option<PeriodReport>,
}

/// A long table of one heap rule, grown in steps by a face that writes the values out as they
/// come, and resumed from values it wrote before.
///
/// # Example
/// ```
/// use grundy::analysis::period::{Checksum, Memory};
/// use grundy::analysis::run::Tabulation;
/// use grundy::spec;
/// let mut run = Tabulation::new(spec::parse_heap_rule("kayles")?, 5000, true, Memory::Unknown)?;
/// run.resume(vec![0, 1, 2])?;
/// run.extend_to(5000)?;
/// assert_eq!(run.values(3, 6), [3, 1, 4]);
/// assert_eq!(run.status().period, Some(12));
/// let summary = run.summary(Checksum::of(run.values(0, 5000)));
/// assert_eq!((summary.heaps, summary.max_value), (5000, 8));
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct Tabulation {
    solver: HeapSolver<HeapRule>,
}

/// Where a [`Tabulation`] stands, for a face's progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunStatus {
    /// The proved period, once there is one (the rest is copied by it).
    pub period: Option<u64>,
    /// Heaps that are rare under the masks in force.
    pub rare_heaps: u64,
    /// The largest value so far.
    pub max_value: u64,
}

impl Tabulation {
    /// A run of `rule` to `heaps` heaps, whose values are copied by a proved period (sought as
    /// the table doubles) when `by_period`.
    ///
    /// # Errors
    /// A table of `heaps` heaps that would not fit in `memory`.
    pub fn new(rule: HeapRule, heaps: u64, by_period: bool, memory: Memory) -> Result<Tabulation> {
        memory.check(heaps, TABLE_BYTES_A_HEAP)?;
        let solver = HeapSolver::with_limits(rule, table_limits(heaps)).extend_by_period(by_period);
        Ok(Tabulation { solver })
    }

    /// The rule as spec text.
    pub fn rule(&self) -> String {
        self.solver.rules().to_string()
    }

    /// Heaps tabulated so far.
    pub fn heaps(&self) -> u64 {
        self.solver.len()
    }

    /// Appends the values of the next heaps, computed before (a run being resumed); nothing is
    /// checked.
    ///
    /// # Errors
    /// A value too large for a table.
    pub fn resume(&mut self, values: Vec<u64>) -> Result<()> {
        self.solver.push_known(values)
    }

    /// Computes the heaps up to `heaps` (exclusive).
    ///
    /// # Errors
    /// More heaps than the run was made for.
    pub fn extend_to(&mut self, heaps: u64) -> Result<()> {
        match heaps.checked_sub(self.solver.len()) {
            Some(more) if more > 0 => self.solver.extend(more),
            _ => Ok(()),
        }
    }

    /// The values of heaps `from..to`.
    ///
    /// # Panics
    /// When `to` lies beyond the table.
    pub fn values(&self, from: u64, to: u64) -> Vec<u64> {
        self.solver.tabulated_range(from, to)
    }

    /// Where the run stands.
    pub fn status(&self) -> RunStatus {
        let stats = self.solver.stats();
        RunStatus {
            period: self
                .solver
                .certificate()
                .map(|certificate| certificate.period),
            rare_heaps: stats.rare_heaps,
            max_value: stats.max_value,
        }
    }

    /// The summary of the table as it stands, `checksum` being that of all its values (the
    /// face computed it as it wrote them), with the period a theorem proves from them.
    pub fn summary(&mut self, checksum: Checksum) -> RunSummary {
        self.solver.seek_period();
        let stats = self.solver.stats();
        let heaps = self.solver.len();
        RunSummary {
            schema: SCHEMA,
            rule: self.rule(),
            heaps,
            max_value: stats.max_value,
            max_value_at: stats.max_value_at,
            rare_masks: stats.masks,
            rare_heaps: stats.rare_heaps,
            last_rare: stats.last_rare,
            rare_looked: heaps >= SPARSE_FIRST_LOOK,
            checksum,
            period: (self.solver.certificate())
                .map(|certificate| PeriodReport::proved(certificate, heaps)),
        }
    }
}

/// One row of `grundy bench`: the fast engine against the naive engine in the same process.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchRow {
    /// The rule as spec text.
    pub rule: String,
    /// Heaps computed by the fast engine (every heap computed, no period copying).
    pub heaps: u64,
    /// Seconds the fast engine took for all of them.
    pub fast_seconds: f64,
    /// Heaps per second of the fast engine over the whole run.
    pub fast_heaps_per_second: f64,
    /// Heaps per second of the fast engine over the last `window` heaps.
    pub fast_window_heaps_per_second: f64,
    /// Heaps per second of the naive engine over the same last `window` heaps (started from
    /// the fast engine's values below them).
    pub naive_window_heaps_per_second: f64,
    /// The window, in heaps.
    pub window: u64,
    /// Fast over naive, on the window.
    pub ratio: f64,
    /// Seconds to the same number of heaps when a proved period is copied (null: none proved).
    pub by_period_seconds: Option<f64>,
    /// Whether the two engines agreed on the window.
    pub agree: bool,
}

/// The rules of the heap-engine benchmark and their sizes: games without a sparse space (Kayles
/// 0.77, Dawson's Kayles 0.07, 0.137) cost O(n) a heap when every heap is computed, so they run
/// to 2^16 heaps; the sparse ones (0.6, 0.16, Grundy's game) to 2^20.
pub const BENCH_PLAN: [(&str, u64); 6] = [
    ("0.77", 1 << 16),
    ("0.07", 1 << 16),
    ("0.137", 1 << 16),
    ("0.6", 1 << 20),
    ("0.16", 1 << 20),
    ("grundy", 1 << 20),
];

/// Times the fast engine against the naive engine on `rule`, in this process: the fast engine
/// tabulates `heaps` heaps (every heap computed, no period copying), the naive engine then
/// computes the last `window` of them from the same values below, and a third run reaches
/// `heaps` by copying a proved period, if one is found on the way.
///
/// `clock` tells the seconds since any fixed moment: the library never reads the clock itself
/// (it runs on `wasm32-unknown-unknown`, where `Instant::now` panics), so the face passes one in.
///
/// ```
/// use grundy::analysis::bench;
/// use grundy::spec::parse_heap_rule;
///
/// let mut ticks = 0.0;
/// let mut clock = || {
///     ticks += 1.0;
///     ticks
/// };
/// let row = bench(parse_heap_rule("kayles")?, 2000, 50, &mut clock)?;
/// assert!(row.agree);
/// assert_eq!((row.heaps, row.window), (2000, 50));
/// # Ok::<(), grundy::Error>(())
/// ```
///
/// # Errors
/// A limit reached while filling a table.
pub fn bench(
    rule: HeapRule,
    heaps: u64,
    window: u64,
    clock: &mut dyn FnMut() -> f64,
) -> Result<BenchRow> {
    let heaps = heaps.max(1);
    let window = window.clamp(1, heaps);
    let limits = table_limits(heaps);
    let name = rule.to_string();
    let mut fast = HeapSolver::with_limits(rule.clone(), limits).extend_by_period(false);
    let start = clock();
    fast.extend(heaps - window)?;
    let window_start = clock();
    fast.extend(window)?;
    let window_end = clock();
    let fast_window = window_end - window_start;
    let fast_seconds = window_end - start;
    let mut naive = NaiveTable::from_values(fast.tabulated_range(0, heaps - window));
    let naive_start = clock();
    for _ in 0..window {
        naive.step(&rule)?;
    }
    let naive_window = clock() - naive_start;
    let agree = naive.values()[(heaps - window) as usize..]
        == fast.tabulated_range(heaps - window, heaps)[..];
    let mut by_period = HeapSolver::with_limits(rule, limits);
    let period_start = clock();
    by_period.extend(heaps)?;
    let period_end = clock();
    let by_period_seconds = by_period.certificate().map(|_| period_end - period_start);
    let rate = |count: u64, seconds: f64| count as f64 / seconds.max(1e-9);
    Ok(BenchRow {
        rule: name,
        heaps,
        fast_seconds,
        fast_heaps_per_second: rate(heaps, fast_seconds),
        fast_window_heaps_per_second: rate(window, fast_window),
        naive_window_heaps_per_second: rate(window, naive_window),
        window,
        ratio: naive_window / fast_window.max(1e-9),
        by_period_seconds,
        agree,
    })
}
