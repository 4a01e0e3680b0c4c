//! Any bytes as an included edge file (`digraph(@edges; a)`): reading never panics, and a graph
//! that parses gets a value, a generalised value or a limit error, with small limits.
#![no_main]

use grundy::{ask, spec, Play};
use libfuzzer_sys::fuzz_target;

#[path = "../small_limits.rs"]
mod small_limits;

use small_limits::LIMITS;

fuzz_target!(|data: &[u8]| {
    let contents = String::from_utf8_lossy(data).into_owned();
    let include = move |_: &str| Ok(contents.clone());
    let options = spec::Options::new(LIMITS).with_include(&include);
    for start in ["a", "0", "v1"] {
        if let Ok(sum) = spec::parse_with(&format!("digraph(@edges; {start})"), options) {
            let _ = ask::value(&sum, Play::Normal, &ask::Settings::with_limits(LIMITS));
            let printed = sum.format();
            assert!(spec::parse(&printed).is_ok(), "{printed}");
        }
    }
});
