//! The one error type of the library: what went wrong, with the evidence, and where.
//!
//! Messages are lowercase, one line, without a trailing period, and name the limit that was hit.
//! Faces add hints and draw the caret under [`Error::span`].

use std::fmt;
use std::ops::Range;

/// Everything that can go wrong in the library.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    span: Option<Range<usize>>,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The spec text does not follow the grammar.
    Syntax {
        /// What the parser was looking for.
        expected: String,
        /// What it found instead.
        found: String,
    },
    /// A game name the spec language does not know.
    UnknownGame {
        /// The name as written.
        name: String,
        /// A known name it may be a typo of.
        suggestion: Option<String>,
    },
    /// A well-formed rule that defines no sensible game (an empty subtraction set, a digit that
    /// is not octal, a move that changes nothing).
    InvalidRule {
        /// Why the rule is refused.
        reason: String,
    },
    /// A well-formed position that is not legal in its ruleset.
    InvalidPosition {
        /// Why the position is refused.
        reason: String,
    },
    /// A number too large for its place.
    NumberTooLarge {
        /// The number as written.
        text: String,
        /// The largest number allowed there.
        max: u128,
    },
    /// A question beyond what the method asked for answers (said why, never guessed).
    Unsupported {
        /// What the method cannot do here.
        reason: String,
    },
    /// A computation stopped at one of its limits.
    LimitExceeded {
        /// Which limit.
        limit: Limit,
        /// The limit's value.
        max: u64,
        /// How much the computation needed, when known.
        needed: Option<u64>,
    },
    /// The move graph has a cycle, so ordinary Grundy values do not exist.
    Cycle {
        /// The positions along the cycle, as spec text, first repeated at the end.
        path: Vec<String>,
    },
    /// Misère analysis of a game whose move graph has a cycle: misère values and genera are
    /// defined here only for games that end.
    MisereCycle {
        /// The positions along the cycle, as spec text, first repeated at the end.
        path: Vec<String>,
    },
    /// A partizan game whose moves can return to a position: canonical forms exist only for
    /// games that end.
    PartizanCycle {
        /// The positions along the cycle, as the ruleset writes them, first repeated at the end.
        path: Vec<String>,
    },
    /// Division by the nimber zero.
    DivisionByZero,
    /// A ruleset whose moves come from outside the library (a function written in another
    /// language, see [`crate::Ruleset::try_moves`]) failed to list them.
    Callback {
        /// What the callback reported.
        message: String,
    },
    /// A face stopped the computation through its [`crate::Cancel`] flag (a time limit).
    Cancelled,
    /// A file named in a spec (`@file`) could not be read.
    Include {
        /// The file name as written.
        file: String,
        /// Why it could not be read.
        reason: String,
    },
    /// A search's checkpoint could not be read or saved, is damaged, or belongs to another
    /// search (see [`crate::positional::CheckpointStore`]).
    Checkpoint {
        /// The checkpoint's name (a file's path).
        file: String,
        /// What is wrong with it.
        reason: String,
    },
}

/// The limits that guard computations, so that no input can exhaust the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Limit {
    /// Distinct positions a solver may remember.
    Positions,
    /// Moves a solver may examine (a machine-independent time limit).
    Work,
    /// Moves one position may have when all of them must be listed.
    MovesPerPosition,
    /// Heaps a value table may hold.
    HeapTable,
    /// Size of a graph or coin row in a spec.
    GraphSize,
    /// Heaps whose table fits in the memory available (a face's check before a long run).
    Memory,
    /// Components written out in the games a list of moves leads to ([`crate::Limits::max_output`]).
    Output,
    /// Bytes of a file read for a spec or an include ([`crate::spec::MAX_FILE_BYTES`]).
    FileSize,
    /// Elements of a misère quotient ([`crate::quotient::Quotient::of`]'s `max_order`).
    QuotientOrder,
    /// Values a single coin of a coin-turning game may take (its table of sums grows with them).
    CoinValue,
    /// Bytes of a table of every position that a solver builds when it fits in
    /// [`crate::Limits::max_memory`] (Chomp's table of diagrams), asked for when the search
    /// it falls back to stops at a limit.
    TableMemory,
}

impl Limit {
    fn describe(self) -> &'static str {
        match self {
            Limit::Positions => "positions",
            Limit::Work => "moves examined",
            Limit::MovesPerPosition => "moves from one position",
            Limit::HeapTable => "heaps in a value table",
            Limit::GraphSize => "edges, vertices, coins or cells",
            Limit::Memory => "heaps in a table that fits in the memory available now",
            Limit::Output => "components written out in the games the moves listed lead to",
            Limit::FileSize => "bytes in a file read for a spec",
            Limit::QuotientOrder => "elements in a misère quotient",
            Limit::CoinValue => "possible values of one coin",
            Limit::TableMemory => "bytes of memory for a table of every position",
        }
    }
}

/// Positions, heaps or bytes past which a table is beyond any machine (2^40: terabytes), so
/// that a limit needing more is not worth raising ([`Error::beyond_reach`]).
pub const BEYOND_REACH: u64 = 1 << 40;

impl Error {
    /// An error of `kind` with no place in the input.
    pub fn new(kind: ErrorKind) -> Error {
        Error { kind, span: None }
    }

    /// An error of `kind` at byte range `span` of the spec text.
    pub fn at(kind: ErrorKind, span: Range<usize>) -> Error {
        Error {
            kind,
            span: Some(span),
        }
    }

    /// Shorthand for [`ErrorKind::InvalidRule`].
    pub fn invalid_rule(reason: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidRule {
            reason: reason.into(),
        })
    }

    /// Shorthand for [`ErrorKind::InvalidPosition`].
    pub fn invalid_position(reason: impl Into<String>) -> Error {
        Error::new(ErrorKind::InvalidPosition {
            reason: reason.into(),
        })
    }

    /// Shorthand for [`ErrorKind::LimitExceeded`].
    pub fn limit(limit: Limit, max: u64) -> Error {
        Error::new(ErrorKind::LimitExceeded {
            limit,
            max,
            needed: None,
        })
    }

    /// Shorthand for [`ErrorKind::LimitExceeded`] when the amount needed is known.
    pub fn limit_needing(limit: Limit, max: u64, needed: u64) -> Error {
        Error::new(ErrorKind::LimitExceeded {
            limit,
            max,
            needed: Some(needed),
        })
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// The byte range of the spec text at fault, when the error comes from parsing.
    pub fn span(&self) -> Option<Range<usize>> {
        self.span.clone()
    }

    /// The same error placed at `span`, unless it already has a place.
    pub fn or_at(mut self, span: Range<usize>) -> Error {
        self.span.get_or_insert(span);
        self
    }

    /// For a limit error, the limit that was hit and the value it had.
    ///
    /// # Example
    /// ```
    /// use grundy::{Error, Limit};
    /// assert_eq!(Error::limit(Limit::Work, 500).exceeded(), Some((Limit::Work, 500)));
    /// assert_eq!(Error::invalid_rule("no digits").exceeded(), None);
    /// ```
    pub fn exceeded(&self) -> Option<(Limit, u64)> {
        match self.kind {
            ErrorKind::LimitExceeded { limit, max, .. } => Some((limit, max)),
            _ => None,
        }
    }

    /// For a limit error, that limit and a larger value of it worth trying: what the
    /// computation needed, when known, else sixteen times the limit; rounded up to one
    /// significant digit, so that a face can suggest it as `2e9`.
    ///
    /// # Example
    /// ```
    /// use grundy::{Error, Limit};
    /// let error = Error::limit(Limit::Work, 1 << 26);
    /// assert_eq!(error.limit_to_try(), Some((Limit::Work, 2_000_000_000)));
    /// let error = Error::limit_needing(Limit::HeapTable, 1000, 1234);
    /// assert_eq!(error.limit_to_try(), Some((Limit::HeapTable, 2000)));
    /// assert_eq!(Error::limit(Limit::Work, 0).limit_to_try(), Some((Limit::Work, 1000)));
    /// // A table of 10^18 heaps is beyond any machine: nothing worth trying.
    /// let error = Error::limit_needing(Limit::HeapTable, 1 << 21, 10u64.pow(18));
    /// assert_eq!(error.limit_to_try(), None);
    /// ```
    pub fn limit_to_try(&self) -> Option<(Limit, u64)> {
        if self.beyond_reach() {
            return None;
        }
        match self.kind {
            ErrorKind::LimitExceeded { limit, max, needed } => {
                // Without a known need, 16 times the limit, and at least 1,000: a limit of 0
                // or 1 is raised to one that does some work.
                let wanted = needed
                    .unwrap_or(max.saturating_mul(16).max(1000))
                    .max(max.saturating_add(1));
                Some((limit, round_up(wanted)))
            }
            _ => None,
        }
    }

    /// Whether the error is a table limit whose need no machine can meet (more than
    /// 2^40 positions, heaps or bytes, `BEYOND_REACH`): a face then says what can be done
    /// instead.
    ///
    /// # Example
    /// ```
    /// use grundy::{Error, Limit};
    /// assert!(Error::limit_needing(Limit::HeapTable, 1 << 21, 10u64.pow(18)).beyond_reach());
    /// assert!(!Error::limit_needing(Limit::HeapTable, 1 << 21, 1 << 22).beyond_reach());
    /// ```
    pub fn beyond_reach(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::LimitExceeded {
                limit: Limit::Positions | Limit::HeapTable | Limit::TableMemory,
                needed: Some(needed),
                ..
            } if needed > BEYOND_REACH
        )
    }

    /// Whether the error is a limit being hit (or a face's time limit) rather than bad input.
    pub fn is_limit(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::LimitExceeded { .. } | ErrorKind::Cancelled
        )
    }
}

/// `number` rounded up to one significant digit (`1234` to `2000`), or `u64::MAX`.
fn round_up(number: u64) -> u64 {
    let mut unit = 1u64;
    while number / unit >= 10 {
        unit *= 10;
    }
    number.div_ceil(unit).saturating_mul(unit)
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Syntax { expected, found } => {
                write!(f, "expected {expected}, found {found}")
            }
            ErrorKind::UnknownGame { name, suggestion } => {
                write!(f, "unknown game '{name}'")?;
                match suggestion {
                    Some(known) => write!(f, "; did you mean '{known}'?"),
                    None => Ok(()),
                }
            }
            ErrorKind::InvalidRule { reason } => write!(f, "invalid rule: {reason}"),
            ErrorKind::InvalidPosition { reason } => write!(f, "invalid position: {reason}"),
            ErrorKind::NumberTooLarge { text, max } => {
                write!(f, "number {text} is too large here (the limit is {max})")
            }
            ErrorKind::LimitExceeded {
                limit,
                max,
                needed: None,
            } => write!(f, "limit reached: more than {max} {}", limit.describe()),
            ErrorKind::LimitExceeded {
                limit,
                max,
                needed: Some(needed),
            } => write!(
                f,
                "limit reached: this needs {needed} {}, more than the limit of {max}",
                limit.describe()
            ),
            ErrorKind::Cycle { path } => {
                write!(
                    f,
                    "the game has a cycle, so it has no Grundy value: {}",
                    path.join(" -> ")
                )
            }
            ErrorKind::MisereCycle { path } => {
                write!(
                    f,
                    "misère analysis needs a game without cycles, and this one has a cycle: {}",
                    path.join(" -> ")
                )
            }
            ErrorKind::PartizanCycle { path } => {
                write!(
                    f,
                    "partizan values need games that end, and this one has a cycle: {}",
                    path.join(" -> ")
                )
            }
            ErrorKind::DivisionByZero => write!(f, "division by the nimber 0"),
            ErrorKind::Callback { message } => write!(f, "listing moves failed: {message}"),
            ErrorKind::Cancelled => write!(f, "cancelled before the computation ended"),
            ErrorKind::Unsupported { reason } => write!(f, "not supported: {reason}"),
            ErrorKind::Include { file, reason } => write!(f, "cannot read '{file}': {reason}"),
            ErrorKind::Checkpoint { file, reason } => write!(f, "checkpoint '{file}': {reason}"),
        }
    }
}

impl std::error::Error for Error {}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
