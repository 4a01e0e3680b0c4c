//! The memory available now, which the faces pass to the library ([`Memory`]) so that a long
//! run too large for it is refused before any work: the one figure the library cannot read
//! (it reads no file).

use grundy::analysis::period::Memory;

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

/// The memory available now, as the library's front door takes it.
///
/// # Example
/// ```
/// use grundy::analysis::period::Memory;
/// let memory = grundy_census::memory::now();
/// assert!(memory.check(1000, 2).is_ok());
/// if memory != Memory::Unknown {
///     assert!(memory.check(u64::MAX, 2).is_err());
/// }
/// ```
pub fn now() -> Memory {
    available_bytes().map_or(Memory::Unknown, Memory::Bytes)
}
