//! The memory available now, for the faces that refuse a long run too large for it before any
//! work. The library never looks (it reads no file): its limits ([`grundy::Limits`]) are the
//! faces' choice.

use grundy::{Error, Limit};

/// Bytes of memory available now, where the system says (`MemAvailable` in `/proc/meminfo`);
/// `None` where it does not (other systems, WebAssembly).
pub fn available_bytes() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    text.lines().find_map(|line| {
        let kib = line.strip_prefix("MemAvailable:")?.trim();
        let kib = kib.strip_suffix("kB")?.trim().parse::<u64>().ok()?;
        Some(kib.saturating_mul(1024))
    })
}

/// The most heaps of `bytes_a_heap` bytes each that fit in the memory available now.
pub fn heaps_that_fit(bytes_a_heap: u64) -> Option<u64> {
    Some(available_bytes()? / bytes_a_heap.max(1))
}

/// Refuses a run that holds `heaps` heaps of `bytes_a_heap` bytes each when they would not fit
/// in the memory available now; where the system does not say, every run passes.
///
/// # Example
/// ```
/// use grundy_census::memory;
/// assert!(memory::check_fits(1000, 2).is_ok());
/// # if memory::available_bytes().is_some() {
/// assert!(memory::check_fits(u64::MAX, 2).is_err());
/// # }
/// ```
///
/// # Errors
/// [`Limit::Memory`], with the heaps that fit as its limit.
pub fn check_fits(heaps: u64, bytes_a_heap: u64) -> Result<(), Error> {
    refuse_beyond(heaps, heaps_that_fit(bytes_a_heap))
}

/// Refuses a run of `heaps` heaps when at most `fits` fit in memory (`None`: nobody says).
///
/// # Errors
/// [`Limit::Memory`], with `fits` as its limit.
pub fn refuse_beyond(heaps: u64, fits: Option<u64>) -> Result<(), Error> {
    match fits {
        Some(fits) if heaps > fits => Err(Error::limit_needing(Limit::Memory, fits, heaps)),
        _ => Ok(()),
    }
}
