//! Certificates re-checked from the rule alone.

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
}

/// Tables up to this many heaps are recomputed by the naive engine when verifying.
pub const NAIVE_VERIFY_LIMIT: u64 = 1 << 16;

/// Re-checks a certificate independently: recomputes the values of heaps
/// `0..=certificate.checked_to` (by the naive engine from the ruleset's moves when the table
/// is small or `naive` is set, otherwise by the plain scan), then checks the theorem's range,
/// every claimed equality, the side conditions and the checksum.
///
/// # Errors
/// A limit reached while recomputing (the outer error); the refutation (the inner one).
pub fn verify<R: HeapGame>(
    rules: R,
    certificate: &Certificate,
    limits: Limits,
    naive: bool,
) -> Result<(Recomputed, std::result::Result<(), Refutation>)> {
    let Some(code) = rules.code() else {
        return Ok((Recomputed::Naive, Err(Refutation::TheoremDoesNotApply)));
    };
    let heaps = certificate.checked_to.saturating_add(1);
    let how = if naive || heaps <= NAIVE_VERIFY_LIMIT {
        Recomputed::Naive
    } else {
        Recomputed::Plain
    };
    let mut solver = match how {
        Recomputed::Naive => HeapSolver::naive(rules, limits),
        Recomputed::Plain => HeapSolver::plain(rules, limits),
    }
    .extend_by_period(false);
    solver.extend(heaps)?;
    let values: Vec<u32> = solver
        .tabulated_range(0, heaps)
        .into_iter()
        .map(|v| u32::try_from(v).unwrap_or(u32::MAX))
        .collect();
    Ok((how, period::check(&code, certificate, &values)))
}
