//! The processor's optional instructions, chosen at run time. [`bit_instructions!`] defines a
//! function whose body is compiled twice: for any processor of the target, and for an x86-64
//! with the bit instructions of x86-64-v3 (BMI1, BMI2, LZCNT, POPCNT: a population count, a
//! shift by a register, a lowest bit cleared in one instruction each; and AVX2, whose wide
//! stores clear a buffer without a call), the second called where the processor has them.
//! Cram's search takes 1 to 11% less time so (docs/performance.md).
//!
//! **Architecture Invariant:** the library's only `unsafe` lives here (the tidy test checks):
//! a function compiled for instructions that the processor lacks must not run, so the copy
//! for them is called only once they were detected.

#[cfg(target_arch = "x86_64")]
pub(crate) use detect::has_bit_instructions;
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) use detect::without_bit_instructions;

/// The detection, on x86-64 only (elsewhere every function keeps its portable copy).
#[cfg(target_arch = "x86_64")]
mod detect {
    use std::sync::atomic::{AtomicU8, Ordering};

    /// What [`has_bit_instructions`] knows: not yet detected, absent, present.
    static BIT_INSTRUCTIONS: AtomicU8 = AtomicU8::new(UNKNOWN);
    const UNKNOWN: u8 = 0;
    const ABSENT: u8 = 1;
    const PRESENT: u8 = 2;

    /// Whether the processor has AVX2, BMI1, BMI2, LZCNT and POPCNT: detected on the first
    /// call, then one load.
    #[inline]
    pub(crate) fn has_bit_instructions() -> bool {
        match BIT_INSTRUCTIONS.load(Ordering::Relaxed) {
            UNKNOWN => {
                let present = std::is_x86_feature_detected!("avx2")
                    && std::is_x86_feature_detected!("bmi1")
                    && std::is_x86_feature_detected!("bmi2")
                    && std::is_x86_feature_detected!("lzcnt")
                    && std::is_x86_feature_detected!("popcnt");
                let known = if present { PRESENT } else { ABSENT };
                BIT_INSTRUCTIONS.store(known, Ordering::Relaxed);
                present
            }
            known => known == PRESENT,
        }
    }

    /// Runs `run` with the portable copies of [`bit_instructions!`](super::bit_instructions)'s
    /// functions (for the tests that compare both copies; other threads may take the portable
    /// ones meanwhile, which is always sound), then detects again.
    #[cfg(test)]
    pub(crate) fn without_bit_instructions<R>(run: impl FnOnce() -> R) -> R {
        BIT_INSTRUCTIONS.store(ABSENT, Ordering::Relaxed);
        let result = run();
        BIT_INSTRUCTIONS.store(UNKNOWN, Ordering::Relaxed);
        result
    }
}

/// Defines a free function (generic parameters in square brackets) whose body is compiled
/// twice, the copy for the bit instructions called where [`has_bit_instructions`] says so.
/// What the body calls is compiled for them only where it is inlined: the routines it relies
/// on are `#[inline(always)]`, and closures are defined in the body.
///
/// ```text
/// bit_instructions! {
///     /// The squares of each row, summed.
///     fn squares[R: AsRef<[u64]>](rows: R) -> u32 {
///         rows.as_ref().iter().map(|row| row.count_ones()).sum()
///     }
/// }
/// ```
macro_rules! bit_instructions {
    (
        $(#[$attribute:meta])*
        $visibility:vis fn $name:ident $([$($generics:tt)*])?
            ($($argument:ident: $type:ty),* $(,)?) $(-> $output:ty)?
        $body:block
    ) => {
        $(#[$attribute])*
        $visibility fn $name $(<$($generics)*>)? ($($argument: $type),*) $(-> $output)? {
            #[cfg(target_arch = "x86_64")]
            if $crate::cpu::has_bit_instructions() {
                #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt")]
                fn fast $(<$($generics)*>)? ($($argument: $type),*) $(-> $output)? $body
                // SAFETY: the processor has the instructions `fast` is compiled for (just
                // checked), so it runs as its portable twin would.
                #[allow(unsafe_code)]
                return unsafe { fast($($argument),*) };
            }
            $body
        }
    };
}

pub(crate) use bit_instructions;

#[cfg(test)]
mod tests {
    use super::*;

    bit_instructions! {
        /// The squares of each row, summed.
        fn squares[R: AsRef<[u64]>](rows: R) -> u32 {
            rows.as_ref().iter().map(|row| row.count_ones()).sum()
        }
    }

    #[test]
    fn both_copies_answer_alike() {
        let rows = [u64::MAX, 0b1011, 1 << 63];
        assert_eq!(squares(rows), 68);
        #[cfg(target_arch = "x86_64")]
        assert_eq!(without_bit_instructions(|| squares(rows)), 68);
    }
}
