//! Any text as a nimber expression: parsing never panics, and a value prints as a number that
//! parses back to itself and obeys the field laws (x ⊗ x⁻¹ = 1, √x ⊗ √x = x).
#![no_main]

use grundy::{spec, Nimber};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(value) = spec::parse_nimber_expression(text) else {
        return;
    };
    let printed = value.to_string();
    assert_eq!(spec::parse_nimber_expression(&printed), Ok(value), "{text}");
    if let Some(inverse) = value.inverse() {
        assert_eq!(value * inverse, Nimber::ONE, "{text}");
    }
    let root = value.sqrt();
    assert_eq!(root * root, value, "{text}");
});
