//! How much work a period search needs to reach a table length, extrapolated from the work
//! its table has cost so far: what a face's estimate of the time to the next look, and a
//! work limit's hint, rest on.

/// Total work modelled as `a · heaps^k`, with `k` measured between two points of the search
/// at least 1.5 times apart in heaps, kept within 1 (each heap costs the same) and 3 (each
/// heap costs the square of its size: three-way splits), and 2 until it is measured.
///
/// # Example
/// ```
/// use grundy::analysis::period::Pace;
/// let mut pace = Pace::default();
/// pace.saw(1000, 1_000_000);
/// pace.saw(2000, 4_000_000);
/// assert_eq!(pace.work_at(4000), 16_000_000); // quadratic
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// The point the exponent is measured from, once the table has some heaps.
    anchor: Option<(u64, u64)>,
    /// The latest point.
    now: (u64, u64),
    /// The exponent measured last (2 until then).
    exponent: f64,
}

impl Default for Pace {
    fn default() -> Pace {
        Pace {
            anchor: None,
            now: (0, 0),
            exponent: 2.0,
        }
    }
}

impl Pace {
    /// Notes that `heaps` heaps have cost `work` in all.
    pub fn saw(&mut self, heaps: u64, work: u64) {
        self.now = (heaps, work);
        if heaps == 0 || work == 0 {
            return;
        }
        match self.anchor {
            None => self.anchor = Some((heaps, work)),
            Some((from_heaps, from_work)) => {
                let ratio = heaps as f64 / from_heaps as f64;
                if ratio >= 1.5 && work > from_work {
                    let exponent = (work as f64 / from_work as f64).ln() / ratio.ln();
                    self.exponent = exponent.clamp(1.0, 3.0);
                }
                // The anchor follows at a third of the table, so the exponent is the recent one.
                if ratio >= 3.0 {
                    self.anchor =
                        Some((heaps / 3, (work as f64 / 3f64.powf(self.exponent)) as u64));
                }
            }
        }
    }

    /// The total work at which the table reaches `heaps` heaps (at least the work so far).
    pub fn work_at(&self, heaps: u64) -> u64 {
        let (now_heaps, now_work) = self.now;
        if now_heaps == 0 || now_work == 0 || heaps <= now_heaps {
            return now_work;
        }
        let scale = (heaps as f64 / now_heaps as f64).powf(self.exponent);
        let work = (now_work as f64 * scale).ceil();
        if work >= u64::MAX as f64 {
            u64::MAX
        } else {
            work as u64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exponent_follows_the_table_and_stays_within_one_and_three() {
        let mut linear = Pace::default();
        for heaps in [1000u64, 1600, 3000, 9000] {
            linear.saw(heaps, heaps * 7);
        }
        assert_eq!(linear.work_at(18_000), 126_000);
        let mut cubic = Pace::default();
        cubic.saw(100, 1_000_000);
        cubic.saw(200, 8_000_000);
        assert_eq!(cubic.work_at(400), 64_000_000);
        let mut steep = Pace::default();
        steep.saw(100, 1);
        steep.saw(200, 1_000_000);
        assert_eq!(steep.work_at(400), 8_000_000);
        let fresh = Pace::default();
        assert_eq!(fresh.work_at(1000), 0);
    }
}
