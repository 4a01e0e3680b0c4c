//! Periods of heap rules as every face asks for them: the search (the table doubling until a
//! theorem proves a period, within a cap, the memory available and a cancel flag), its report,
//! which is also the certificate file, and the re-check of a certificate from the rule alone.
//!
//! [`PeriodReport`] is the one certificate format: `grundy period --cert` writes its JSON,
//! `grundy verify` and Python's `verify` read it back and turn it into the library's
//! [`Certificate`] ([`PeriodReport::certificate`]). Checksums are 16 hexadecimal digits
//! ([`Checksum`]) in every report and file.
//!
//! # Example
//! ```
//! use grundy::analysis::period::{self, Memory, PeriodReport, PeriodSearch};
//! use grundy::spec;
//! let report = period::search(spec::parse_heap_rule("kayles")?, PeriodSearch::default())?;
//! assert_eq!((report.preperiod, report.period, report.checked_to), (Some(71), Some(12), 167));
//! let file = serde_json::to_string(&report)?;
//! let read: PeriodReport = serde_json::from_str(&file)?;
//! let verdict = period::verify(&read.certificate()?, None, Memory::Unknown)?;
//! assert!(verdict.valid);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::SCHEMA;
use crate::cancel::Cancel;
use crate::error::{Error, ErrorKind, Limit, Result};
use crate::game::Limits;
use crate::heap::{self, period as proofs, HeapGame, HeapSolver, Theorem};
use crate::rules::HeapRule;

pub use crate::heap::{Certificate, Recomputed};

mod fields;
mod pace;
mod verify;

pub use pace::Pace;
pub use verify::{verify, verify_printed, VerifyReport};

/// An FNV-1a checksum of heap values, 8 little-endian bytes a value (as in certificates),
/// written as 16 hexadecimal digits in every report and file.
///
/// # Example
/// ```
/// use grundy::analysis::period::Checksum;
/// let checksum = Checksum::of([0, 1, 2]);
/// assert_eq!(Checksum::EMPTY.extend([0]).extend([1, 2]), checksum);
/// assert_eq!(Checksum::from_hex(&checksum.to_string()), Some(checksum));
/// assert_eq!(Checksum(255).to_string(), "00000000000000ff");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Checksum(pub u64);

impl Checksum {
    /// The checksum of no values.
    pub const EMPTY: Checksum = Checksum(proofs::CHECKSUM_START);

    /// The checksum of `values`.
    pub fn of(values: impl IntoIterator<Item = u64>) -> Checksum {
        Checksum::EMPTY.extend(values)
    }

    /// The checksum of the values so far followed by `values`.
    #[must_use]
    pub fn extend(self, values: impl IntoIterator<Item = u64>) -> Checksum {
        Checksum(proofs::checksum_extend(self.0, values))
    }

    /// The checksum written as `text` (hexadecimal digits), if it is one.
    pub fn from_hex(text: &str) -> Option<Checksum> {
        u64::from_str_radix(text, 16).ok().map(Checksum)
    }
}

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl Serialize for Checksum {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Checksum {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> std::result::Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Checksum::from_hex(&text).ok_or_else(|| {
            serde::de::Error::custom(format!("'{text}' is not a hexadecimal checksum"))
        })
    }
}

/// What a face knows of the memory available now. The library reads no file, so the face asks
/// the system (`grundy_census::memory::now()`) and passes the answer in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Memory {
    /// Nobody says: every table passes.
    #[default]
    Unknown,
    /// Bytes available.
    Bytes(u64),
    /// At most this many heaps, whatever a heap takes (to test what a full memory does).
    Heaps(u64),
}

impl Memory {
    /// The most heaps of `bytes_a_heap` bytes each that fit, when known.
    pub fn heaps(self, bytes_a_heap: u64) -> Option<u64> {
        match self {
            Memory::Unknown => None,
            Memory::Bytes(bytes) => Some(bytes / bytes_a_heap.max(1)),
            Memory::Heaps(heaps) => Some(heaps),
        }
    }

    /// Refuses, before any work, a table of `heaps` heaps of `bytes_a_heap` bytes each that
    /// would not fit.
    ///
    /// # Example
    /// ```
    /// use grundy::analysis::period::Memory;
    /// assert!(Memory::Bytes(1000).check(500, 2).is_ok());
    /// let error = Memory::Bytes(1000).check(501, 2).unwrap_err();
    /// assert!(error.to_string().contains("memory available now"));
    /// ```
    ///
    /// # Errors
    /// [`Limit::Memory`], with the heaps that fit as its limit.
    pub fn check(self, heaps: u64, bytes_a_heap: u64) -> Result<()> {
        match self.heaps(bytes_a_heap) {
            Some(fits) if heaps > fits => Err(Error::limit_needing(Limit::Memory, fits, heaps)),
            _ => Ok(()),
        }
    }
}

/// Bytes a heap of a finished table takes: the fast engine's narrow cells.
pub const TABLE_BYTES_A_HEAP: u64 = 2;

/// Bytes a heap that a period search needs: a growing table holds its cells twice while it
/// moves them (a look for a period reads them in place).
pub const SEARCH_BYTES_A_HEAP: u64 = 2 * TABLE_BYTES_A_HEAP;

/// The limits of a table of up to `heaps` heaps that may take as long as it needs.
pub fn table_limits(heaps: u64) -> Limits {
    Limits::DEFAULT
        .with_max_positions(heaps.max(1))
        .with_max_work(u64::MAX)
}

/// A period of a heap rule, proved or not: the answer of [`search`] and the certificate file
/// that [`verify`] reads back.
///
/// ```json
/// {"schema": 1, "rule": "kayles", "proved": true, "preperiod": 71, "period": 12, "saltus": 0,
///  "kind": "ordinary", "last_exception": 70, "theorem": "guy-smith", "statement": "...", "checked_to": 166,
///  "checksum": "…16 hex digits…", "heaps_computed": 1024, "reason": null,
///  "stopped_by": null}
/// ```
/// When no period is proved, `stopped_by` says why the search went no further than
/// `heaps_computed`: [`STOPPED_BY_MAX`] or [`STOPPED_BY_MEMORY`]. Reading one back needs only
/// `rule`, `proved`, `checked_to` and, for a certificate, the period's fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeriodReport {
    /// [`SCHEMA`].
    #[serde(default)]
    pub schema: u32,
    /// The rule as spec text.
    pub rule: String,
    /// Whether a theorem proves the period; when false the other period fields are null.
    pub proved: bool,
    /// The first heap from which the period holds.
    pub preperiod: Option<u64>,
    /// The period.
    pub period: Option<u64>,
    /// `g(n + period) - g(n)` from the preperiod on: 0 for an ordinary period.
    pub saltus: Option<u64>,
    /// [`PERIOD_ORDINARY`] (saltus 0) or [`PERIOD_ARITHMETIC`]; null when none is proved.
    pub kind: Option<String>,
    /// The last heap that breaks the period (`preperiod - 1`), if any.
    pub last_exception: Option<u64>,
    /// The theorem's short name (see [`Theorem`]).
    pub theorem: Option<String>,
    /// The theorem in one sentence.
    pub statement: Option<String>,
    /// The last heap whose value the proof compares (proved), or the last heap computed.
    pub checked_to: u64,
    /// The checksum of the values of heaps `0..=checked_to`.
    pub checksum: Option<Checksum>,
    /// Heaps computed in the search.
    #[serde(default)]
    pub heaps_computed: u64,
    /// Why no period is proved, when none is.
    pub reason: Option<String>,
    /// What stopped a search that proved no period: [`STOPPED_BY_MAX`] (the most heaps the
    /// caller allowed) or [`STOPPED_BY_MEMORY`] (a larger table would not fit in memory);
    /// null when a period is proved or the caller does not say.
    pub stopped_by: Option<String>,
}

/// The kind of a period whose saltus is 0: `g(n + p) = g(n)`.
pub const PERIOD_ORDINARY: &str = "ordinary";

/// The kind of a period with a saltus `s > 0`: `g(n + p) = g(n) + s`.
pub const PERIOD_ARITHMETIC: &str = "arithmetic";

/// [`PERIOD_ORDINARY`] or [`PERIOD_ARITHMETIC`], by the saltus.
pub(crate) fn kind(saltus: u64) -> &'static str {
    if saltus == 0 {
        PERIOD_ORDINARY
    } else {
        PERIOD_ARITHMETIC
    }
}

/// [`PeriodReport::stopped_by`] of a search stopped at the most heaps its caller allowed.
pub const STOPPED_BY_MAX: &str = "max";

/// [`PeriodReport::stopped_by`] of a search stopped where a larger table would not fit in
/// memory.
pub const STOPPED_BY_MEMORY: &str = "memory";

/// Why a [`PeriodReport`] is no certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotACertificate {
    /// The report claims no proved period.
    Unproved,
    /// A number the proof needs is null or missing.
    NoNumber(&'static str),
    /// A text the proof needs is null or missing.
    NoText(&'static str),
    /// The theorem's name is none of [`Theorem`]'s.
    UnknownTheorem(String),
    /// A field the certificate prints disagrees with the fields the proof checks (an edited
    /// file): every field of a certificate is either checked this way or by the proof.
    Disagrees {
        /// The field's name.
        field: &'static str,
        /// What the file says.
        says: String,
        /// What the proof's fields make it.
        should: String,
    },
}

impl fmt::Display for NotACertificate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotACertificate::Unproved => f.write_str(
                "the certificate claims no proved period, so there is nothing to verify",
            ),
            NotACertificate::NoNumber(field) => {
                write!(f, "the certificate has no number '{field}'")
            }
            NotACertificate::NoText(field) => write!(f, "the certificate has no text '{field}'"),
            NotACertificate::UnknownTheorem(name) => write!(f, "unknown theorem '{name}'"),
            NotACertificate::Disagrees {
                field,
                says,
                should,
            } => write!(
                f,
                "the certificate's {field} says {says}, but its other fields make it {should}"
            ),
        }
    }
}

impl std::error::Error for NotACertificate {}

impl PeriodReport {
    /// The report of a proved period, after `heaps_computed` heaps.
    pub fn proved(certificate: &Certificate, heaps_computed: u64) -> PeriodReport {
        PeriodReport {
            schema: SCHEMA,
            rule: certificate.rule.clone(),
            proved: true,
            preperiod: Some(certificate.preperiod),
            period: Some(certificate.period),
            saltus: Some(certificate.saltus),
            kind: Some(kind(certificate.saltus).to_string()),
            last_exception: certificate.preperiod.checked_sub(1),
            theorem: Some(certificate.theorem.name().to_string()),
            statement: Some(certificate.theorem.statement().to_string()),
            checked_to: certificate.checked_to,
            checksum: Some(Checksum(certificate.checksum)),
            heaps_computed,
            reason: None,
            stopped_by: None,
        }
    }

    /// The report that no period is proved on `heaps_computed` heaps, why, and what stopped
    /// the search there ([`STOPPED_BY_MAX`] or [`STOPPED_BY_MEMORY`]), if it says.
    pub fn unproved(
        rule: String,
        heaps_computed: u64,
        reason: String,
        stopped_by: Option<&str>,
    ) -> PeriodReport {
        PeriodReport {
            schema: SCHEMA,
            rule,
            proved: false,
            preperiod: None,
            period: None,
            saltus: None,
            kind: None,
            last_exception: None,
            theorem: None,
            statement: None,
            checked_to: heaps_computed.saturating_sub(1),
            checksum: None,
            heaps_computed,
            reason: Some(reason),
            stopped_by: stopped_by.map(str::to_string),
        }
    }

    /// The certificate this report claims, as [`verify`] checks it.
    ///
    /// # Errors
    /// The report claims no proved period, or lacks a field the proof needs.
    pub fn certificate(&self) -> std::result::Result<Certificate, NotACertificate> {
        if !self.proved {
            return Err(NotACertificate::Unproved);
        }
        let number = |field: Option<u64>, name| field.ok_or(NotACertificate::NoNumber(name));
        let name = self
            .theorem
            .as_deref()
            .ok_or(NotACertificate::NoText("theorem"))?;
        let theorem = Theorem::from_name(name)
            .ok_or_else(|| NotACertificate::UnknownTheorem(name.to_string()))?;
        let checksum = self.checksum.ok_or(NotACertificate::NoText("checksum"))?;
        Ok(Certificate {
            rule: self.rule.clone(),
            theorem,
            preperiod: number(self.preperiod, "preperiod")?,
            period: number(self.period, "period")?,
            saltus: number(self.saltus, "saltus")?,
            checked_to: self.checked_to,
            checksum: checksum.0,
        })
    }
}

impl PeriodReport {
    /// The period in words: `period 12`, `arithmetic period 4, saltus 2`, or `no period`.
    pub fn describe(&self) -> String {
        match self.period {
            Some(period) => super::period_words(period, self.saltus.unwrap_or(0)),
            None => "no period".to_string(),
        }
    }
}

/// Heaps [`search`] computes, without a maximum, for a rule no periodicity theorem covers: no
/// table proves a period there, so it stops at a prefix this long.
pub const NO_THEOREM_HEAPS: u64 = 1 << 21;

/// Heaps [`search`] computes at most, without a maximum, where the memory available is not
/// known (512 MiB of table).
pub const UNKNOWN_MEMORY_HEAPS: u64 = 1 << 28;

/// How far [`search`] may go, and what it tells on the way. `PeriodSearch::default()` goes as
/// far as [`UNKNOWN_MEMORY_HEAPS`] (or [`NO_THEOREM_HEAPS`]), silently, with no work limit
/// and no cancel flag.
#[derive(Default)]
pub struct PeriodSearch<'a> {
    /// The most heaps to compute; without one, as many as fit in `memory`.
    pub max: Option<u64>,
    /// The most work the whole search may spend ([`Limits::max_work`]'s units); without
    /// one, no limit. Past it, [`Limit::Work`] with the work the next look would need.
    pub max_work: Option<u64>,
    /// The memory available now: the table stops where a larger one would not fit.
    pub memory: Memory,
    /// Stops the search, from another thread.
    pub cancel: Cancel,
    /// Hears where the search stands, as each look for a period begins and after each step
    /// of the table towards it.
    pub progress: Option<&'a mut dyn FnMut(&PeriodProgress)>,
}

/// Where a [`search`] stands, for a face's progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodProgress {
    /// Heaps computed so far.
    pub heaps: u64,
    /// The table length at which the next look for a period happens.
    pub next_look: u64,
    /// The most heaps the search computes.
    pub cap: u64,
    /// What sets the cap: [`STOPPED_BY_MAX`] or [`STOPPED_BY_MEMORY`].
    pub cap_by: &'static str,
    /// Why no theorem covers the rule, when none does: then the search computes a prefix of
    /// `cap` heaps for the record, and proves nothing.
    pub no_theorem: Option<&'static str>,
    /// Work spent so far ([`Limits::max_work`]'s units).
    pub work: u64,
    /// The work at which the table reaches `next_look`, extrapolated ([`Pace`]).
    pub work_at_look: u64,
    /// The work limit, if any.
    pub max_work: Option<u64>,
}

/// The cap of a search for `max` (the caller's), whether a theorem applies, and the heaps
/// that fit in memory (when known), with what sets it.
fn cap(max: Option<u64>, has_theorem: bool, fits: Option<u64>) -> (u64, &'static str) {
    if !has_theorem {
        return (max.unwrap_or(NO_THEOREM_HEAPS), STOPPED_BY_MAX);
    }
    match (max, fits) {
        (Some(max), Some(fits)) if max <= fits => (max, STOPPED_BY_MAX),
        (Some(max), None) => (max, STOPPED_BY_MAX),
        (None, None) => (UNKNOWN_MEMORY_HEAPS, STOPPED_BY_MAX),
        (_, Some(fits)) => (fits, STOPPED_BY_MEMORY),
    }
}

/// Whether a periodicity theorem covers `rule`, so that [`search`] may prove a period.
///
/// # Example
/// ```
/// use grundy::{analysis::period, spec};
/// assert!(period::covered(&spec::parse_heap_rule("kayles")?));
/// assert!(!period::covered(&spec::parse_heap_rule("grundy")?));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn covered(rule: &HeapRule) -> bool {
    rule.code().as_ref().and_then(Theorem::for_code).is_some()
}

/// Seeks a period of `rule`: the table grows (doubling, or straight to the length that would
/// prove the period it shows) until a theorem proves one, or it reaches the cap (the caller's
/// maximum, or what fits in memory). A rule no theorem covers is tabulated to the cap for the
/// prefix only, refused at once when that would not fit.
///
/// # Errors
/// A prefix that would not fit in memory; the cancel flag raised.
pub fn search(rule: HeapRule, mut search: PeriodSearch<'_>) -> Result<PeriodReport> {
    let name = rule.to_string();
    let code = rule.code();
    let theorem = code.as_ref().and_then(Theorem::for_code);
    let no_theorem = theorem
        .is_none()
        .then(|| proofs::no_theorem_reason(code.as_ref()));
    let (cap, cap_by) = cap(
        search.max,
        theorem.is_some(),
        search.memory.heaps(SEARCH_BYTES_A_HEAP),
    );
    if no_theorem.is_some() {
        search.memory.check(cap, SEARCH_BYTES_A_HEAP)?;
    }
    let limits = Limits {
        cancel: search.cancel,
        max_work: search.max_work.unwrap_or(u64::MAX),
        ..table_limits(cap)
    };
    let mut solver = HeapSolver::with_limits(rule, limits);
    let mut pace = Pace::default();
    let mut look = 0;
    let mut tell = |at: heap::Watched| {
        pace.saw(at.heaps, at.work);
        look = at.look;
        if let Some(progress) = search.progress.as_mut() {
            progress(&PeriodProgress {
                heaps: at.heaps,
                next_look: at.look,
                cap,
                cap_by,
                no_theorem,
                work: at.work,
                work_at_look: pace.work_at(at.look),
                max_work: search.max_work,
            });
        }
    };
    solver
        .prove_period_watched(cap, &mut tell)
        .map_err(|error| match (error.kind(), search.max_work) {
            // Say what the next look would need, which is worth trying: twice the
            // extrapolation, since a heap's cost may grow faster than it has so far.
            (
                ErrorKind::LimitExceeded {
                    limit: Limit::Work, ..
                },
                Some(max_work),
            ) => {
                let needed = pace.work_at(look).saturating_mul(2);
                Error::limit_needing(Limit::Work, max_work, needed.max(max_work + 1))
            }
            _ => error,
        })?;
    let heaps = solver.len();
    Ok(match (solver.certificate(), theorem, no_theorem) {
        (Some(certificate), _, _) => PeriodReport::proved(certificate, heaps),
        (None, Some(theorem), _) => PeriodReport::unproved(
            name,
            heaps,
            format!(
                "no period that the {} theorem proves fits in {heaps} heaps",
                theorem.name()
            ),
            Some(cap_by),
        ),
        (None, None, reason) => PeriodReport::unproved(
            name,
            heaps,
            reason.unwrap_or_default().to_string(),
            Some(cap_by),
        ),
    })
}
