//! [`Cancel`]: a flag that a face raises to stop a computation before its limits do.
//!
//! Solvers look at it where they count work ([`crate::Limits::max_work`]), so a raised flag
//! stops a search within a few thousand moves. The library never raises it: a face does, from
//! another thread, when its clock says the answer is no longer wanted.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::error::{Error, ErrorKind, Result};

/// A cancel flag, or none. `Copy`, so that [`crate::Limits`] stays `Copy`: the flag lives as
/// long as the program, and a face keeps a few and reuses them.
///
/// # Example
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use grundy::{Cancel, Limits, Solver, rules::Wythoff};
///
/// static STOP: AtomicBool = AtomicBool::new(false);
/// let limits = Limits::DEFAULT.with_cancel(Cancel::new(&STOP));
/// STOP.store(true, Ordering::Relaxed);
/// let error = Solver::with_limits(Wythoff, limits).value(&(30, 40)).unwrap_err();
/// assert_eq!(error.to_string(), "cancelled before the computation ended");
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Cancel(Shared<AtomicBool>);

impl Cancel {
    /// No flag: the computation runs until it ends or meets a limit.
    pub const NEVER: Cancel = Cancel(Shared(None));

    /// Stops computations when `flag` is true.
    pub fn new(flag: &'static AtomicBool) -> Cancel {
        Cancel(Shared(Some(flag)))
    }

    /// Whether the flag is raised.
    pub fn is_raised(self) -> bool {
        self.0 .0.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// Fails when the flag is raised.
    ///
    /// # Errors
    /// [`ErrorKind::Cancelled`].
    pub fn check(self) -> Result<()> {
        if self.is_raised() {
            return Err(Error::new(ErrorKind::Cancelled));
        }
        Ok(())
    }
}

/// A value that lives as long as the program, or none, as [`Cancel`] and
/// [`crate::progress::Progress`] hold theirs: `Copy`, and equal to another when both are the
/// same value (by address) or both none.
pub(crate) struct Shared<T: 'static>(pub(crate) Option<&'static T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Shared<T> {
        *self
    }
}

impl<T> Copy for Shared<T> {}

impl<T> Default for Shared<T> {
    fn default() -> Shared<T> {
        Shared(None)
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Shared<T>) -> bool {
        self.0.map(std::ptr::from_ref) == other.0.map(std::ptr::from_ref)
    }
}

impl<T> Eq for Shared<T> {}

impl fmt::Debug for Cancel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 .0 {
            None => f.write_str("Cancel::NEVER"),
            Some(flag) => write!(f, "Cancel({})", flag.load(Ordering::Relaxed)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_fails_the_check() {
        static FLAG: AtomicBool = AtomicBool::new(false);
        let cancel = Cancel::new(&FLAG);
        assert_eq!(cancel.check(), Ok(()));
        assert_eq!(Cancel::NEVER.check(), Ok(()));
        FLAG.store(true, Ordering::Relaxed);
        assert_eq!(cancel.check().unwrap_err().kind(), &ErrorKind::Cancelled);
        assert!(cancel.check().unwrap_err().is_limit());
        assert_eq!(Cancel::NEVER.check(), Ok(()));
        assert_eq!(cancel, Cancel::new(&FLAG));
        assert_ne!(cancel, Cancel::NEVER);
    }
}
