//! The limits of the fuzz targets: small enough that each input takes milliseconds.

use grundy::Limits;

/// The limits every fuzz target runs under.
pub const LIMITS: Limits = Limits {
    max_positions: 1 << 12,
    max_work: 1 << 14,
    max_moves: 1 << 10,
    max_output: 1 << 14,
    max_memory: 1 << 16,
    ..Limits::DEFAULT
};
