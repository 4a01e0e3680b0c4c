//! The table's values: `u16` cells while every value fits, `u32` after.

/// A stored value.
pub(super) trait Cell: Copy + Default + Send + Sync + 'static {
    /// The largest value the cell holds.
    const MAX: u32;
    /// The value.
    fn get(self) -> u32;
    /// A cell holding `value <= MAX`.
    fn of(value: u32) -> Self;
}

impl Cell for u16 {
    const MAX: u32 = u16::MAX as u32;
    #[inline(always)]
    fn get(self) -> u32 {
        u32::from(self)
    }
    #[inline(always)]
    fn of(value: u32) -> u16 {
        value as u16
    }
}

impl Cell for u32 {
    const MAX: u32 = u32::MAX;
    #[inline(always)]
    fn get(self) -> u32 {
        self
    }
    #[inline(always)]
    fn of(value: u32) -> u32 {
        value
    }
}

/// The values of heaps `0..len`, in the narrowest cells they allow.
#[derive(Clone)]
pub(super) enum Values {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Values {
    pub(super) fn len(&self) -> usize {
        match self {
            Values::Narrow(values) => values.len(),
            Values::Wide(values) => values.len(),
        }
    }

    pub(super) fn get(&self, heap: usize) -> Option<u32> {
        match self {
            Values::Narrow(values) => values.get(heap).map(|v| v.get()),
            Values::Wide(values) => values.get(heap).map(|v| v.get()),
        }
    }

    pub(super) fn range(&self, range: std::ops::Range<usize>) -> Vec<u32> {
        match self {
            Values::Narrow(values) => values[range].iter().map(|v| v.get()).collect(),
            Values::Wide(values) => values[range].iter().map(|v| v.get()).collect(),
        }
    }

    /// Moves every value into `u32` cells.
    pub(super) fn widen(&mut self) {
        if let Values::Narrow(values) = self {
            *self = Values::Wide(values.iter().map(|&v| u32::from(v)).collect());
        }
    }
}
