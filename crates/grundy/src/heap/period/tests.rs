//! Tests of the period search.

use super::*;
use crate::rules::TakeBreak;

/// Values with exceptions up to heap 999, then period 4 (not a real game's values: the
/// search reads only the values and the code's range).
fn shaped(len: usize) -> Vec<u32> {
    (0..len)
        .map(|n| {
            if n < 1000 {
                (n % 7) as u32 + 10
            } else {
                (n % 4) as u32
            }
        })
        .collect()
}

#[test]
fn a_period_shown_too_early_is_promised_then_proved() {
    let code = Code::of_take_break(&TakeBreak::parse("0.376", false).unwrap()).unwrap();
    // Guy-Smith with t = 3: 2 * 1000 + 4 + 3 heaps, and 4 more compared above them.
    let needed = heaps_needed(Theorem::GuySmith, &code, 1000, 4).unwrap();
    assert_eq!(needed, 2011);
    let short = shaped(1800);
    assert_eq!(prove(&code, "0.376", &short), None);
    assert_eq!(promising(&code, &short), Some(needed));
    let certificate = prove(&code, "0.376", &shaped(needed as usize)).unwrap();
    assert_eq!((certificate.preperiod, certificate.period), (1000, 4));
    // Too little of the period shows: nothing is promised.
    assert_eq!(promising(&code, &shaped(1100)), None);
}
