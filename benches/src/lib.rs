//! Criterion benchmarks live in benches/; this library only anchors the package.
