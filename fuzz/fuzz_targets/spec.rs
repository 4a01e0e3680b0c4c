//! Any text as a spec: parsing never panics, what parses prints as spec text that parses back to
//! the same game, and with small limits every analysis a parsed spec reaches (value, winning
//! moves, moves, misère play, games with cycles) answers or stops at a limit, and every winning
//! move it lists leaves value 0.
#![no_main]

use grundy::{ask, spec, Nimber, Play};
use libfuzzer_sys::fuzz_target;

#[path = "../small_limits.rs"]
mod small_limits;

use small_limits::LIMITS;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let options = spec::Options::new(LIMITS);
    let Ok(sum) = spec::parse_with(text, options) else {
        return;
    };
    let printed = sum.format();
    let again = spec::parse_with(&printed, options).expect("printed specs parse back");
    assert_eq!(again.format(), printed, "printing is stable");
    if let Ok(winning) = sum.winning_moves() {
        for winning_move in winning {
            assert_eq!(winning_move.total_value, Nimber::ZERO, "{text}");
        }
    }
    let settings = ask::Settings::with_limits(LIMITS);
    for play in [Play::Normal, Play::Misere] {
        let _ = ask::value(&sum, play, &settings);
        let _ = ask::moves(&sum, play, &settings);
    }
});
