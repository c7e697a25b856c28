#pragma once
// Deterministic number text for the result files: the same run gives byte-identical files.
// Simulated times are whole nanoseconds and are written exactly, as decimals without trailing zeros.
#include <cstdint>
#include <string>

namespace rmsim {

/// Exact seconds: 1500000000 -> "1.5", 3 -> "0.000000003", 0 -> "0".
std::string ns_as_seconds(std::uint64_t ns);
/// ns_as_seconds() written at `out` (room for 30 characters); returns the end. For writers that assemble a
/// row in a buffer (tasks.csv).
char* ns_as_seconds_chars(char* out, std::uint64_t ns);
/// Exact microseconds (Chrome trace timestamps): 1500 -> "1.5", 2000 -> "2".
std::string ns_as_micros(std::uint64_t ns);
/// 12 significant digits (printf %.12g, as in tasks.csv); zero (of either sign) is "0".
std::string number12(double v);
/// A draw, as number12, with magnitudes below 1 nW written as "0": the machine's draw is a running sum of
/// changes, so a category that returns to zero can keep a floating-point residue (e.g. 1.8e-12 W).
std::string watts12(double w);

}  // namespace rmsim
