//! Certificates re-checked from the rule alone.

mod sparse;

use super::table::with_values;
use super::{period, HeapGame, HeapSolver};
use crate::error::Result;
use crate::game::Limits;
use crate::heap::{Certificate, Refutation};

/// How [`verify`] recomputed the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recomputed {
    /// By the naive engine, from the ruleset's moves alone.
    Naive,
    /// By the plain scan: every split, no rare/common split (for tables too large for the
    /// naive engine).
    Plain,
    /// By verify's own short implementation of the sparse space (for tables of millions of
    /// heaps, where the plain scan would take hours): the rare/common split written again,
    /// sharing no code with the fast engine.
    Sparse,
}

impl Recomputed {
    const ALL: [Recomputed; 3] = [Recomputed::Naive, Recomputed::Plain, Recomputed::Sparse];

    /// The route's name as reports print it: `naive`, `plain` or `sparse`.
    pub fn name(self) -> &'static str {
        match self {
            Recomputed::Naive => "naive",
            Recomputed::Plain => "plain",
            Recomputed::Sparse => "sparse",
        }
    }

    /// The route of a [`name`](Recomputed::name).
    ///
    /// # Example
    /// ```
    /// use grundy::heap::Recomputed;
    /// assert_eq!(Recomputed::from_name("sparse"), Some(Recomputed::Sparse));
    /// assert_eq!(Recomputed::from_name("fast"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Recomputed> {
        Recomputed::ALL
            .into_iter()
            .find(|route| route.name() == name)
    }
}

/// Tables up to this many heaps are recomputed by the naive engine when verifying.
pub const NAIVE_VERIFY_LIMIT: u64 = 1 << 16;

/// Tables over [`NAIVE_VERIFY_LIMIT`] and up to this many heaps are recomputed by the plain
/// scan when verifying, larger ones by the sparse route where it applies.
pub const PLAIN_VERIFY_LIMIT: u64 = 1 << 20;

/// Bytes a heap that [`verify`] may hold at once: the table alone, read in place by the check
/// (the plain scan's `u32` cells while they grow, or the naive engine's `u64` values). Faces
/// refuse certificates whose tables would not fit (`analysis::period::verify`).
pub const VERIFY_BYTES_A_HEAP: u64 = 8;

/// The route [`verify`] takes when none is asked for: the naive engine for small tables, the
/// plain scan up to [`PLAIN_VERIFY_LIMIT`] heaps, the sparse route beyond.
pub fn default_route(heaps: u64) -> Recomputed {
    if heaps <= NAIVE_VERIFY_LIMIT {
        Recomputed::Naive
    } else if heaps <= PLAIN_VERIFY_LIMIT {
        Recomputed::Plain
    } else {
        Recomputed::Sparse
    }
}

/// Re-checks a certificate independently: recomputes the values of heaps
/// `0..=certificate.checked_to` by the route `by` (or by [`default_route`]), then checks the
/// theorem's range, every claimed equality, the side conditions and the checksum. The sparse
/// route covers codes without three-heap splits or repeating tails; others fall back to the
/// plain scan, and the route returned says which ran.
///
/// # Errors
/// A limit reached while recomputing (the outer error); the refutation (the inner one).
pub fn verify<R: HeapGame>(
    rules: R,
    certificate: &Certificate,
    limits: Limits,
    by: Option<Recomputed>,
) -> Result<(Recomputed, std::result::Result<(), Refutation>)> {
    let Some(code) = rules.code() else {
        return Ok((Recomputed::Naive, Err(Refutation::TheoremDoesNotApply)));
    };
    let heaps = certificate.checked_to.saturating_add(1);
    let how = by.unwrap_or_else(|| default_route(heaps));
    if how == Recomputed::Sparse {
        if let Some(values) = sparse::values(&code, heaps, &limits)? {
            return Ok((how, period::check(&code, certificate, &values)));
        }
    }
    let (how, solver) = match how {
        Recomputed::Naive => (how, HeapSolver::naive(rules, limits)),
        Recomputed::Plain | Recomputed::Sparse => {
            (Recomputed::Plain, HeapSolver::plain(rules, limits))
        }
    };
    let mut solver = solver.extend_by_period(false);
    solver.extend(heaps)?;
    let verdict = with_values!(solver.table.values(), values => {
        period::check(&code, certificate, values)
    });
    Ok((how, verdict))
}
