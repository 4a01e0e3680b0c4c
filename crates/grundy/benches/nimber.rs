//! Nim-product speed: the table-driven Karatsuba product against a schoolbook baseline (four
//! half-size products per level down to single bits, no tables), measured in the same run.
//!
//! Run with `cargo bench -p grundy --bench nimber`.

use std::hint::black_box;
use std::time::Instant;

use grundy::{schoolbook_product, Nimber};

/// Nanoseconds per product of `product` over `count` pseudo-random pairs.
fn time(count: u64, product: impl Fn(u64, u64) -> u64) -> f64 {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut accumulator = 0;
    let start = Instant::now();
    for _ in 0..count {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        accumulator ^= product(black_box(x), black_box(x.rotate_left(17)));
    }
    black_box(accumulator);
    start.elapsed().as_nanos() as f64 / count as f64
}

fn main() {
    let fast = time(20_000_000, |a, b| (Nimber::new(a) * Nimber::new(b)).value());
    let baseline = time(200_000, schoolbook_product);
    println!("nim-product, GF(2^64), random operands");
    println!("  schoolbook baseline  {baseline:9.1} ns/product");
    println!(
        "  grundy (Karatsuba)   {fast:9.1} ns/product  ({:.0}x faster)",
        baseline / fast
    );
    let inverse = time(200_000, |a, _| {
        Nimber::new(a | 1).inverse().map_or(0, Nimber::value)
    });
    println!("  inverse              {inverse:9.1} ns/inverse");
}
