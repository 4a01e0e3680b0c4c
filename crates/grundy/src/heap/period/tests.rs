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

/// The least arithmetic period is found at every table length (issue 26, item 5): a smaller
/// period with saltus 0 that fails only rules out its multiples with saltus 0.
#[test]
fn the_least_arithmetic_period_at_every_length() {
    // allbut{2,3,7}: take any number but 2, 3 or 7 (digit 3 repeated from 8).
    let code = Code::of_take_break(&TakeBreak::parse("0.3003330[3]", false).unwrap()).unwrap();
    let barred = [2, 3, 7];
    let mut values: Vec<u32> = Vec::new();
    for n in 0..1100usize {
        let options: Vec<u32> = (1..=n)
            .filter(|k| !barred.contains(k))
            .map(|k| values[n - k])
            .collect();
        values.push((0..).find(|g| !options.contains(g)).unwrap());
    }
    for len in (16..=300).chain([1024, 1100]) {
        let certificate = prove(&code, "allbut{2,3,7}", &values[..len]).unwrap();
        assert_eq!(
            (
                certificate.period,
                certificate.saltus,
                certificate.preperiod
            ),
            (4, 2, 0),
            "{len} heaps"
        );
    }
}
